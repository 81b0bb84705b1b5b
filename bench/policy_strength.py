"""Benchmark: a learned policy (``policy:FILE``) against another bot, win rate and time per move (not a test).

Plays ``--matches`` two-player matches (or at the policy's player count), the policy's seat alternating, the
other seats ``--against`` (default ``heuristic``). Every decision of either bot with more than one legal token
is timed (``--clock wall``: ``time.perf_counter``; ``--clock cpu``: ``time.process_time``, this process's CPU
time, which other sessions' load on a shared machine does not inflate), so the policy's milliseconds per move
come with the reference bot's measured in the same run, on the same machine load. Reported: the policy's win
share with a 95 % Wilson interval, the median, 90th and 95th percentile ms per move of both bots and their
ratio, the load average. A value file (``kind="value"``) plays as its search bot, as ``policy:FILE`` does
everywhere.

Usage: ``python bench/policy_strength.py FILE [--against heuristic] [--matches 400] [--seed 0] [--clock wall]
[--json OUT]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from kartentisch.bots import make_bot
from kartentisch.bots.policy import load_policy
from kartentisch.games import get_game
from kartentisch.sim.stats import wilson

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def run(path: str, against: str, matches: int, seed: int, clock: str = "wall") -> dict[str, Any]:
    """Play the matches; returns the figures (module docstring)."""
    tick = CLOCKS[clock]
    policy = load_policy(path)
    game, players, options = get_game(policy.game), policy.players, policy.header["options"]
    times: dict[str, list[float]] = {"policy": [], "other": []}
    wins = 0.0
    load = os.getloadavg()[0]
    started = time.perf_counter()
    for k in range(matches):
        seat = k % players
        bots = {s: make_bot(f"policy:{path}" if s == seat else against, game, seed + 31 * k + s)
                for s in range(players)}
        state = game.new_state(players, options, seed + k)
        while not state.game_over:
            s = state.to_act()[0]
            timed = len(state.legal_actions(s)) > 1
            t0 = tick()
            token = bots[s].choose(state, s)
            if timed:
                times["policy" if s == seat else "other"].append(tick() - t0)
            state.apply(s, token)
        wins += state.returns()[seat]
    low, high = wilson(wins, matches)

    def ms(values: list[float], q: float) -> float:
        return 1000 * statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else float("nan")

    doc = {"policy": path, "game": game.id, "players": players, "options": options, "against": against,
           "matches": matches, "seed": seed, "win_rate": wins / matches, "ci95": [low, high],
           "clock": clock, "policy_ms_p50": ms(times["policy"], 50), "policy_ms_p90": ms(times["policy"], 90),
           "policy_ms_p95": ms(times["policy"], 95), "other_ms_p50": ms(times["other"], 50),
           "other_ms_p90": ms(times["other"], 90), "other_ms_p95": ms(times["other"], 95),
           "decisions_timed": {k: len(v) for k, v in times.items()}, "seconds": time.perf_counter() - started,
           "load_average": [load, os.getloadavg()[0]], "command": policy.header.get("command"),
           "trained_seed": policy.header.get("seed")}
    doc["ratio_p50"] = doc["policy_ms_p50"] / doc["other_ms_p50"]
    return doc


def main() -> None:
    """Command line (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    doc = run(args.file, args.against, args.matches, args.seed, args.clock)
    print(f"{doc['game']}: policy vs {doc['against']} over {doc['matches']} matches: {doc['win_rate']:.3f} "
          f"(95% CI {doc['ci95'][0]:.3f}-{doc['ci95'][1]:.3f}); ms per move p50 {doc['policy_ms_p50']:.3f} "
          f"(p90 {doc['policy_ms_p90']:.3f}, p95 {doc['policy_ms_p95']:.3f}, {args.clock} clock), "
          f"{doc['against']} p50 {doc['other_ms_p50']:.3f}: ratio "
          f"{doc['ratio_p50']:.2f}; load {doc['load_average'][0]:.1f}-{doc['load_average'][1]:.1f}; "
          f"{doc['seconds']:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(doc, out, indent=2)


if __name__ == "__main__":
    main()
