"""How far a review's "best move" chance sits above a fresh estimate of the same move (the winner's curse).

A review (:func:`kartentisch.bots.coach.judge_decision`) picks the best move of a search and reports its chance; a
chance picked as the best of several noisy means is biased upwards, most at wide decisions searched on a candidate
set (lastcard's pass). This plays ``--positions`` deals to the seat's first decision with more than one move, lets
the heuristic bot make the move, reviews it, and searches the reported best move again on its own with
``--reference`` iterations and another seed. It prints the mean difference (review minus fresh) of the best move's
chance and of the loss, with their standard errors.

    .venv/bin/python bench/coach_curse.py lastcard --players 2 --positions 30
"""

from __future__ import annotations

import argparse
import json
import statistics

from kartentisch.bots.coach import evaluate, judge_decision
from kartentisch.games import get_game


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--reference", type=int, default=3000, help="iterations of the fresh estimate")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = get_game(args.game)
    best_gap, loss_gap = [], []
    for k in range(args.positions):
        state = game.new_state(args.players, seed=args.seed * 1000 + k)
        seat = state.to_act()[0]
        while len(state.legal_actions(seat)) < 2:
            state.apply(seat, state.legal_actions(seat)[0])
            seat = state.to_act()[0]
        token = game.heuristic_bot(k).choose(state, seat)
        judged = judge_decision(state, 1, seat, token, seed=args.seed * 1000 + k)
        fresh = {t: evaluate(state, seat, iterations=args.reference, seed=777 + k, only=(t,)).best.win
                 for t in {judged["best"], token}}
        best_gap.append(judged["win_best"] - fresh[judged["best"]])
        loss_gap.append(judged["loss"] - max(0.0, fresh[judged["best"]] - fresh[token]))
    out = {"game": args.game, "players": args.players, "positions": args.positions, "reference": args.reference}
    for name, gaps in (("best_chance", best_gap), ("loss", loss_gap)):
        out[name] = {"mean_gap": round(statistics.fmean(gaps), 4),
                     "stderr": round(statistics.stdev(gaps) / len(gaps) ** 0.5, 4)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
