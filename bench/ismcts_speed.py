"""Benchmark: median seconds per ISMCTS decision at 1,000 iterations, per game (not a test).

For every game (2 players unless ``--players``), a match is played with ``heuristic`` at every
seat; at the first ``--decisions`` unforced decisions (more than one legal token) the ISMCTS bot
is timed on the same position, its choice discarded. Reported: median, 10th and 90th percentile
seconds per decision, median CPU seconds and iterations per CPU second. CPU time of this process is used as well as
wall-clock time, so a loaded machine shows up as a gap between the two.

Each row names the build measured (``"build": "compiled"`` or ``"pure"``, :func:`kartentisch.build_info`);
``KARTENTISCH_PURE=1 python bench/ismcts_speed.py …`` measures the pure one beside a compiled install.

Usage: ``python bench/ismcts_speed.py [--games colors,grid] [--iterations 1000] [--decisions 30]
[--spec-extra rollout=heuristic] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from kartentisch import build_info
from kartentisch.bots import make_bot
from kartentisch.games import all_games, get_game


def measure(game_id: str, players: int, iterations: int, decisions: int, extra: str, seed: int) -> dict[str, Any]:
    """Time ``decisions`` ISMCTS decisions of one heuristic-driven match of ``game_id``."""
    game = get_game(game_id)
    spec = f"ismcts:iterations={iterations}" + (f",{extra}" if extra else "")
    bot = make_bot(spec, game, seed)
    driver = game.heuristic_bot(seed)
    state = game.new_state(players, seed=seed)
    wall: list[float] = []
    cpu: list[float] = []
    while len(wall) < decisions:
        if state.game_over:
            state = game.new_state(players, seed=seed + len(wall) + 1)
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            w0, c0 = time.perf_counter(), time.process_time()
            bot.choose(state, seat)
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        state.apply(seat, driver.choose(state, seat))
    q = statistics.quantiles(wall, n=10)
    return {"build": build_info()["build"], "game": game_id, "players": players, "spec": spec, "decisions": len(wall),
            "median_s": statistics.median(wall), "p10_s": q[0], "p90_s": q[-1],
            "median_cpu_s": statistics.median(cpu), "iterations_per_cpu_s": iterations / statistics.median(cpu)}


def main() -> None:
    """Parse arguments, measure each game, print a table (and write JSON if asked)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(g.id for g in all_games()))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--spec-extra", default="", help="extra ismcts parameters, e.g. rollout=heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    rows = []
    print(f"build: {build_info()}")
    print(f"{'game':10} {'median s':>9} {'p10 s':>8} {'p90 s':>8} {'cpu s':>8} {'it/cpu-s':>8}  spec")
    for game_id in filter(None, args.games.split(",")):
        row = measure(game_id, args.players, args.iterations, args.decisions, args.spec_extra, args.seed)
        rows.append(row)
        print(f"{game_id:10} {row['median_s']:9.3f} {row['p10_s']:8.3f} {row['p90_s']:8.3f} "
              f"{row['median_cpu_s']:8.3f} {row['iterations_per_cpu_s']:8.0f}  {row['spec']}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=2)


if __name__ == "__main__":
    main()
