"""Is there a one-step improvement over the heuristic to learn? (bench, not a test; issue 36 item 3)

Plays an online rollout bot against the heuristic, two seats, the bot's seat alternating: at each of its decisions
with 2 to 64 legal tokens it plays every token in ``--rollouts`` determinizations of its information (the same
ones and the same bots' seeds for every token), the round played out by the heuristic, and takes the best mean
round margin. That is the greedy policy over the heuristic's rollout values (Bertsekas & Tsitsiklis 1996, §6.1),
which ``python -m kartentisch.rl.value GAME --rollouts N`` teaches a network; if this bot does not beat the
heuristic, neither can the network (``bench/learned/README.md``: lastcard 0.645 of 200 with 8 rollouts, colors
0.65 of 40 with 16, mayhem 0.425 of 40 with 8).

    .venv/bin/python bench/learned/rollout_bot.py lastcard --rollouts 8 --matches 200
"""

from __future__ import annotations

import argparse
import random

from kartentisch.bots import make_bot
from kartentisch.games import get_game
from kartentisch.kernel import Game, GameState
from kartentisch.rl.value import margin_scale, margins


def rollout_values(game: Game, state: GameState, seat: int, legal: list[str], rollouts: int,
                   rng: random.Random) -> list[float]:
    """Each token's summed round margin for ``seat`` over ``rollouts`` determinizations played out by the
    heuristic (common random numbers across the tokens)."""
    scale = margin_scale(game)
    totals = [0.0] * len(legal)
    for _ in range(rollouts):
        base = state.determinize(seat, random.Random(rng.getrandbits(32)))
        seeds = rng.getrandbits(32)
        for i, token in enumerate(legal):
            after = base.clone()
            scored = len(after.scores)
            after.apply_unchecked(seat, token)
            bots = [make_bot("heuristic", game, seeds + s) for s in range(state.players)]
            while len(after.scores) == scored:
                actor = after.to_act()[0]
                after.apply_unchecked(actor, bots[actor].choose(after, actor))
            totals[i] += margins(game, after.scores[scored], scale)[seat]
    return totals


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--rollouts", type=int, default=8)
    ap.add_argument("--matches", type=int, default=40)
    args = ap.parse_args()
    game = get_game(args.game)
    wins = 0.0
    for m in range(args.matches):
        state = game.new_state(2, game.resolve_options(2, None), seed=9000 + m)
        me, rng = m % 2, random.Random(m)
        heuristic = [game.heuristic_bot(77 + m), game.heuristic_bot(78 + m)]
        while not state.game_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.round_over:
                token = legal[0]
            elif seat == me and 1 < len(legal) <= 64:
                values = rollout_values(game, state, seat, legal, args.rollouts, rng)
                token = legal[max(range(len(legal)), key=values.__getitem__)]
            else:
                token = heuristic[seat].choose(state, seat)
            state.apply(seat, token)
        wins += 1.0 / len(state.winners) if me in state.winners else 0.0
    print(f"{args.game}: rollout bot ({args.rollouts} rollouts a move) against the heuristic: "
          f"{wins / args.matches:.3f} of {args.matches} matches")


if __name__ == "__main__":
    main()
