"""Benchmark (not a test): CPU time per move of bot specs, each seated against ``heuristic``, measured in one run.

Plays ``--matches`` two-seat matches per spec (seats alternated, deals from ``--seed``) and times every ``choose``
of the measured bot with :func:`time.process_time` (CPU time of this process: on a shared machine wall time counts
the other sessions' work too). Forced decisions (one legal token) are included in ``all`` and left out of
``searched``. Prints median and 95th percentile per spec and the ratio of each median to the first spec's (the
reference, measured in the same run); ``--json`` keeps the figures.

Usage: ``python bench/learned/move_time.py GAME SPEC… [--matches 6] [--seed 1] [--json OUT]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from kartentisch.bots import make_bot
from kartentisch.games import get_game


def measure(game_id: str, spec: str, matches: int, seed: int) -> dict[str, float]:
    """CPU milliseconds per move of ``spec`` against ``heuristic`` (module docstring)."""
    game = get_game(game_id)
    every: list[float] = []
    searched: list[float] = []
    for m in range(matches):
        mine = m % 2
        bots = [make_bot(spec if s == mine else "heuristic", game, seed + 10 * m + s) for s in range(2)]
        state = game.new_state(2, None, seed=seed + m)
        while not state.game_over:
            seat = state.to_act()[0]
            wide = len(state.legal_actions(seat)) > 1
            began = time.process_time()
            token = bots[seat].choose(state, seat)
            spent = (time.process_time() - began) * 1e3
            if seat == mine:
                every.append(spent)
                if wide:
                    searched.append(spent)
            state.apply(seat, token)

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    return {"moves": len(every), "median_ms": statistics.median(every), "p95_ms": p95(every),
            "searched": len(searched), "searched_median_ms": statistics.median(searched),
            "searched_p95_ms": p95(searched)}


def main() -> None:
    """Command line (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("specs", nargs="+")
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path)
    ns = ap.parse_args()
    rows = {spec: measure(ns.game, spec, ns.matches, ns.seed) for spec in ns.specs}
    ref = rows[ns.specs[0]]
    for spec, r in rows.items():
        print(f"{spec}: {r['moves']} moves, median {r['median_ms']:.3f} ms, p95 {r['p95_ms']:.3f} ms "
              f"(×{r['median_ms'] / ref['median_ms']:.1f} the reference's median); {r['searched']} searched moves, "
              f"median {r['searched_median_ms']:.3f} ms, p95 {r['searched_p95_ms']:.3f} ms")
    if ns.json:
        doc = {"game": ns.game, "matches": ns.matches, "seed": ns.seed, "reference": ns.specs[0],
               "clock": "process_time", "rows": rows}
        ns.json.write_text(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
