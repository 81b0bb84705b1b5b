"""Benchmark: seconds per coach hint at the default budget, per game (not a test).

For every game (2 players), matches are played with ``heuristic`` at every seat; at every
``--every``-th decision with more than one legal move, :func:`kartentisch.bots.coach.hint` is
timed for the seat to act (English texts included), until ``--hints`` positions per game are
timed. Reported: median and 90th percentile wall-clock seconds, median CPU seconds of this
process, the iterations and the legal moves. On a shared machine the gap between wall and CPU
time shows the load.

Usage: ``python bench/coach_speed.py [--games colors,grid] [--hints 30] [--every 5] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from kartentisch.bots.coach import default_iterations, hint
from kartentisch.games import get_game

GAMES = ("colors", "chips", "lastcard", "grid", "mayhem")


def measure(game_id: str, hints: int, every: int, seed: int) -> dict[str, Any]:
    """Time ``hints`` hints over heuristic matches of ``game_id``."""
    game = get_game(game_id)
    wall: list[float] = []
    cpu: list[float] = []
    legal: list[int] = []
    match_seed, k = seed, 0
    state = game.new_state(2, seed=match_seed)
    drivers = [game.heuristic_bot(seed + s) for s in range(2)]
    while len(wall) < hints:
        if state.game_over:
            match_seed += 1
            state = game.new_state(2, seed=match_seed)
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            if k % every == 0:
                w0, c0 = time.perf_counter(), time.process_time()
                out = hint(state, seat, seed=k)
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
                legal.append(out["legal"])
            k += 1
        state.apply(seat, drivers[seat].choose(state, seat))
    return {"game": game_id, "iterations": default_iterations(game_id), "hints": len(wall),
            "median_s": statistics.median(wall), "p90_s": statistics.quantiles(wall, n=10)[-1],
            "median_cpu_s": statistics.median(cpu), "median_legal": statistics.median(legal)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--hints", type=int, default=30)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = [measure(g, args.hints, args.every, args.seed) for g in args.games.split(",")]
    print(f"1-minute load at start {load:.2f}")
    print("game      iterations  median s  p90 s  median CPU s  legal moves (median)")
    for r in rows:
        print(f"{r['game']:<9} {r['iterations']:>10}  {r['median_s']:8.2f}  {r['p90_s']:5.2f}  "
              f"{r['median_cpu_s']:12.2f}  {r['median_legal']:>6}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"load_1min": load, "rows": rows}, out, indent=2)


if __name__ == "__main__":
    main()
