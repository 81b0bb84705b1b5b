"""Speed benchmark: our five games against RLCard's UNO and OpenSpiel's crazy_eights, in one run.

Figures per game (2 players, one core, random legal play through the public API
``random_action`` + ``apply``, as the random bot plays): matches/s, decisions/s, rounds/s,
clone+apply operations/s, and ISMCTS seconds per decision at 1,000 iterations (when the bot
exists); and ``listed_decisions_per_s``, random play that lists every token first
(``rng.choice(legal_actions)``, as RLCard's harness does). References measured in
the same process: RLCard 1.2.0 UNO through its raw rules core (``env.game.step``) and through
``env.run``, and OpenSpiel's ``crazy_eights`` driven from Python. Each repeat measures the
references and then every game, so a ratio compares figures taken seconds apart; a figure is the
median over ``--repeats``, a ratio the median of the per-repeat ratios
``games.<id>.decisions_per_s / reference.rlcard_uno_raw_decisions_per_s``.

The simulation engine: ``simulate`` throughput with ``--jobs 1`` and ``--jobs 2``
(:func:`kartentisch.sim.engine.run_jobs`, random bots, wall clock including the process pool's
start) and the peak RSS of a whole simulation (jobs listed, played, summarised as ``simulate``
does) for 1,000 and 10,000 matches, each in a fresh process.

The document names the build it measured first (``"build": "compiled"`` or ``"pure"``,
:func:`kartentisch.build_info`). ``--builds both`` measures each build in its own interpreter, one
after the other in the same run (the pure one with ``KARTENTISCH_PURE=1``), and writes
``{"build": "both", "compiled": <document>, "pure": <document>, "speedup": …}``, each document with
the keys of a single run; ``speedup`` holds per game the compiled build's decisions/s over the
pure one's, and the pure ISMCTS seconds per decision over the compiled ones.

Usage: ``python bench/run.py [--quick] [--json FILE] [--games colors,grid] [--repeats 3] [--builds both]``.
The references are the optional extra ``.[bench]``; without them the script says so and still
measures ours. See ``bench/README.md`` for the latest figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from kartentisch import build_info
from kartentisch.games import all_games, get_game
from kartentisch.kernel import Game, GameState
from kartentisch.sim.engine import rotated_jobs, run_jobs


def _timed(budget_s: float, step: Callable[[], tuple[int, int, int]]) -> dict[str, float]:
    """Call ``step`` (one match → decisions, rounds, matches) until ``budget_s`` seconds passed."""
    decisions = rounds = matches = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < budget_s:
        d, r, m = step()
        decisions, rounds, matches = decisions + d, rounds + r, matches + m
    return {"matches_per_s": matches / elapsed, "decisions_per_s": decisions / elapsed,
            "rounds_per_s": rounds / elapsed}


def random_match(game: Game, players: int, rng: random.Random, listed: bool = False) -> tuple[int, int, int]:
    """One random match through the public API; returns (decisions, rounds, 1).

    Each decision is ``apply(seat, random_action(seat, rng))``, as the random bot and ``simulate``
    play; with ``listed``, ``apply(seat, rng.choice(legal_actions(seat)))``, as a bot pays that
    lists every token first (the ``listed_*`` figures).
    """
    state = game.new_state(players, None, rng.getrandbits(32))
    decisions = 0
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)) if listed else state.random_action(seat, rng))
        decisions += 1
    return decisions, len(state.scores), 1


def sample_positions(game: Game, players: int, rng: random.Random, k: int = 200) -> list[GameState]:
    """Up to ``k`` positions of random matches (every few decisions), for clone+apply timing."""
    out: list[GameState] = []
    while len(out) < k:
        state = game.new_state(players, None, rng.getrandbits(32))
        while not state.game_over and len(out) < k:
            if rng.random() < 0.2:
                out.append(state.clone())
            seat = state.to_act()[0]
            state.apply(seat, state.random_action(seat, rng))
    return out


def clone_apply_per_s(positions: list[GameState], rng: random.Random, budget_s: float) -> float:
    """clone() followed by one legal apply(), operations per second."""
    moves = []
    for p in positions:
        seat = p.to_act()[0]
        moves.append((p, seat, p.random_action(seat, rng)))
    ops = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < budget_s:
        for state, seat, token in moves:
            state.clone().apply(seat, token)
        ops += len(moves)
    return ops / elapsed


def ismcts_seconds(game: Game, decisions: int, rng: random.Random) -> float | None:
    """Median seconds per ISMCTS decision at 1,000 iterations, or None without the bot."""
    try:
        from kartentisch.bots.ismcts import ISMCTSBot
    except ImportError:
        return None
    times: list[float] = []
    while len(times) < decisions:
        state = game.new_state(2, None, rng.getrandbits(32))
        bot = ISMCTSBot(game, seed=rng.getrandbits(32), iterations=1000)
        while not state.game_over and len(times) < decisions:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                start = time.perf_counter()
                token = bot.choose(state, seat)
                times.append(time.perf_counter() - start)
            else:
                token = legal[0]
            state.apply(seat, token)
            for _ in range(rng.randint(0, 6)):  # spread the sample over the match
                if state.game_over:
                    break
                s = state.to_act()[0]
                state.apply(s, state.random_action(s, rng))
    return statistics.median(times)


def rlcard_uno(budget_s: float, rng: random.Random) -> dict[str, float] | str:
    """RLCard 1.2.0 UNO: raw rules core (``env.game``) and ``env.run`` with random agents."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as exc:
        return f"not installed ({exc.name}); pip install '.[bench]'"
    env = rlcard.make("uno", config={"seed": rng.getrandbits(31)})
    game = env.game

    def raw() -> tuple[int, int, int]:
        game.init_game()
        d = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            d += 1
        return d, 1, 1

    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def run() -> tuple[int, int, int]:
        trajectories, _ = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories), 1, 1

    r, e = _timed(budget_s, raw), _timed(budget_s, run)
    return {"rlcard_uno_raw_decisions_per_s": r["decisions_per_s"], "rlcard_uno_raw_matches_per_s": r["matches_per_s"],
            "rlcard_uno_env_run_decisions_per_s": e["decisions_per_s"],
            "rlcard_uno_env_run_matches_per_s": e["matches_per_s"]}


def openspiel_crazy_eights(budget_s: float, rng: random.Random) -> dict[str, float] | str:
    """OpenSpiel's ``crazy_eights`` (C++ core) driven from Python with random actions."""
    try:
        import pyspiel
    except ImportError as exc:
        return f"not installed ({exc.name}); pip install '.[bench]'"
    game = pyspiel.load_game("crazy_eights")

    def one() -> tuple[int, int, int]:
        state = game.new_initial_state()
        d = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                d += 1
        return d, 1, 1

    r = _timed(budget_s, one)
    return {"openspiel_crazy_eights_decisions_per_s": r["decisions_per_s"],
            "openspiel_crazy_eights_matches_per_s": r["matches_per_s"]}


def jobs_scaling(game_id: str, matches: int, seed: int) -> dict[str, float]:
    """Wall-clock matches/s of ``run_jobs`` (what ``simulate`` runs) with 1 and 2 worker processes.

    The same ``matches`` random-bot jobs (2 players) both times; the 2-process figure includes
    starting the pool, as a ``simulate --jobs 2`` run pays it.
    """
    jobs = list(rotated_jobs(game_id, 2, ["random"], matches, seed))
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        results = run_jobs(jobs, workers)
        rates[workers] = len(results) / (time.perf_counter() - start)
    return {"jobs_1_matches_per_s": rates[1], "jobs_2_matches_per_s": rates[2],
            "jobs_2_speedup": rates[2] / rates[1]}


#: Run in a fresh interpreter: a whole ``simulate`` (the same streaming path: jobs generated lazily,
#: played, folded into a running summary), then the process's peak resident set size in KiB.
#: Linux ``VmHWM``, not ``ru_maxrss``: the latter can still hold the forking parent's size after ``exec``.
_RSS_SCRIPT = """
import sys
from kartentisch.sim.engine import iter_results, rotated_jobs
from kartentisch.sim.stats import summarise
summarise(iter_results(rotated_jobs(sys.argv[1], 2, ["random"], int(sys.argv[2]), 0), 1))
with open("/proc/self/status", encoding="ascii") as fh:
    print(next(line.split()[1] for line in fh if line.startswith("VmHWM:")))
"""


def peak_rss(game_id: str, counts: tuple[int, ...]) -> dict[str, float]:
    """Peak RSS (MiB) of a ``simulate`` of ``count`` random matches, each count in a fresh process.

    Also ``rss_growth_kib_per_match`` between the smallest and the largest count (0 = flat).
    """
    peaks = {}
    for count in counts:
        out = subprocess.run([sys.executable, "-c", _RSS_SCRIPT, game_id, str(count)], check=True,
                             capture_output=True, text=True).stdout
        peaks[count] = int(out.split()[-1])
    lo, hi = min(counts), max(counts)
    figures = {f"peak_rss_mib_{c}_matches": peaks[c] / 1024 for c in counts}
    figures["rss_growth_kib_per_match"] = (peaks[hi] - peaks[lo]) / (hi - lo)
    return figures


def _median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = [k for k in runs[0] if isinstance(runs[0][k], (int, float))]
    return {k: statistics.median(r[k] for r in runs) for k in keys}


def both_builds(argv: list[str]) -> dict[str, Any]:
    """The benchmark with ``argv`` (without ``--json`` and ``--builds``) run once per build, each in a fresh
    interpreter: the compiled build first, then the pure one (``KARTENTISCH_PURE=1``).

    Raises:
        SystemExit: the compiled build is not what a fresh interpreter loads (``build_info`` says why).
    """
    docs: dict[str, Any] = {}
    for build in ("compiled", "pure"):
        env = {k: v for k, v in os.environ.items() if k != "KARTENTISCH_PURE"}
        if build == "pure":
            env["KARTENTISCH_PURE"] = "1"
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "run.json")
            print(f"--- build {build}", flush=True)
            subprocess.run([sys.executable, __file__, *argv, "--json", out], env=env, check=True)
            with open(out, encoding="utf-8") as fh:
                docs[build] = json.load(fh)
        if docs[build]["build"] != build:
            raise SystemExit(f"bench: asked for the {build} build, but {docs[build]['build_reason']}")
    fast, slow = docs["compiled"]["games"], docs["pure"]["games"]
    speedup = {gid: {"decisions_per_s": fast[gid]["decisions_per_s"] / slow[gid]["decisions_per_s"],
                     "ismcts_s_per_decision": slow[gid]["ismcts_s_per_decision"] / fast[gid]["ismcts_s_per_decision"]
                     if fast[gid]["ismcts_s_per_decision"] else None} for gid in fast}
    for gid, f in speedup.items():
        ism = f"{f['ismcts_s_per_decision']:.2f}" if f["ismcts_s_per_decision"] else "n/a"
        print(f"speedup {gid:10} random play ×{f['decisions_per_s']:.2f}, ISMCTS ×{ism}")
    return {"build": "both", **docs, "speedup": speedup}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark; print a table; write JSON if asked. Returns the result document."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="short budgets (finishes in under 60 s)")
    ap.add_argument("--json", help="write all figures to this file")
    ap.add_argument("--games", help="comma-separated game ids (default: all)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sim-game", default="colors", help="game of the jobs-scaling measurement")
    ap.add_argument("--rss-game", default="chips", help="game of the peak-RSS measurement")
    ap.add_argument("--no-sim", action="store_true", help="skip the jobs-scaling and peak-RSS measurements")
    ap.add_argument("--builds", choices=("loaded", "both"), default="loaded",
                    help="measure the build this interpreter loads, or both builds one after the other")
    args = ap.parse_args(argv)
    if args.builds == "both":
        both = both_builds([*(["--quick"] if args.quick else []), *(["--games", args.games] if args.games else []),
                            "--repeats", str(args.repeats), "--seed", str(args.seed), "--sim-game", args.sim_game,
                            "--rss-game", args.rss_game, *(["--no-sim"] if args.no_sim else [])])
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(both, fh, indent=2)
        return both
    budget = 0.6 if args.quick else 3.0
    ismcts_n = 3 if args.quick else 20
    rng = random.Random(args.seed)
    chosen = [get_game(g) for g in args.games.split(",")] if args.games else all_games()
    info = build_info()
    result: dict[str, Any] = {"build": info["build"], "build_reason": info.get("reason"),
                              "python": sys.version.split()[0], "machine": platform.machine(),
                              "cpus": os.cpu_count(), "load_average_1min_at_start": os.getloadavg()[0],
                              "quick": args.quick, "repeats": args.repeats, "players": 2, "games": {},
                              "reference": {}, "simulate": {}, "notes": []}
    # Each repeat: the references, then every game, so a ratio's two figures are seconds apart.
    ref_runs: list[dict[str, float]] = []
    game_runs: dict[str, list[dict[str, float]]] = {g.id: [] for g in chosen}
    for _ in range(args.repeats):
        ref: dict[str, float] = {}
        for label, fn in (("rlcard", rlcard_uno), ("openspiel", openspiel_crazy_eights)):
            got = fn(budget, rng)
            if isinstance(got, str):
                if not ref_runs:
                    result["notes"].append(f"{label}: {got}")
                    print(f"reference {label}: {got}")
            else:
                ref.update(got)
        ref_runs.append(ref)
        for game in chosen:
            run = _timed(budget, partial(random_match, game, 2, rng))
            run["listed_decisions_per_s"] = _timed(budget, partial(random_match, game, 2, rng, True))[
                "decisions_per_s"]
            game_runs[game.id].append(run)
    if ref_runs[0]:
        result["reference"] = _median_of(ref_runs)
    for game in chosen:
        runs = game_runs[game.id]
        figures = _median_of(runs)
        if "rlcard_uno_raw_decisions_per_s" in ref_runs[0]:
            per_repeat = [r["decisions_per_s"] / f["rlcard_uno_raw_decisions_per_s"]
                          for r, f in zip(runs, ref_runs, strict=True)]
            figures["ratio_vs_rlcard_uno_raw"] = statistics.median(per_repeat)
            figures["ratio_vs_rlcard_uno_raw_per_repeat"] = per_repeat
            figures["listed_ratio_vs_rlcard_uno_raw"] = statistics.median(
                r["listed_decisions_per_s"] / f["rlcard_uno_raw_decisions_per_s"]
                for r, f in zip(runs, ref_runs, strict=True))
        positions = sample_positions(game, 2, rng)
        figures["clone_apply_per_s"] = statistics.median(
            clone_apply_per_s(positions, rng, budget / 2) for _ in range(args.repeats))
        figures["ismcts_s_per_decision"] = ismcts_seconds(game, ismcts_n, rng)
        figures["ismcts_decisions_measured"] = ismcts_n
        result["games"][game.id] = figures
    if not args.no_sim:
        result["simulate"] = {"game": args.sim_game, "scaling_matches": 600 if args.quick else 3000,
                              "rss_game": args.rss_game, "rss_counts": [1000, 10000]}
        result["simulate"].update(jobs_scaling(args.sim_game, result["simulate"]["scaling_matches"], args.seed))
        result["simulate"].update(peak_rss(args.rss_game, (1000, 10000)))
    _print(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2)
    return result


def _print(result: dict[str, Any]) -> None:
    """The human-readable table of :func:`main`'s result document."""
    print(f"build: {result['build']}" + (f" ({result['build_reason']})" if result["build_reason"] else ""))
    print(f"{'game':10} {'matches/s':>10} {'decisions/s':>12} {'rounds/s':>9} {'clone+apply/s':>14} "
          f"{'ismcts s/dec':>12} {'× UNO raw':>9} {'listed ×':>9}")
    for gid, f in result["games"].items():
        ism = f"{f['ismcts_s_per_decision']:.3f}" if f["ismcts_s_per_decision"] is not None else "n/a"
        ratio, listed = (f"{f[k]:.2f}" if k in f else "n/a"
                         for k in ("ratio_vs_rlcard_uno_raw", "listed_ratio_vs_rlcard_uno_raw"))
        print(f"{gid:10} {f['matches_per_s']:10.1f} {f['decisions_per_s']:12.0f} {f['rounds_per_s']:9.1f} "
              f"{f['clone_apply_per_s']:14.0f} {ism:>12} {ratio:>9} {listed:>9}")
    for k, v in result["reference"].items():
        print(f"reference {k}: {v:.0f}")
    sim = result["simulate"]
    if sim:
        print(f"simulate {sim['game']} ×{sim['scaling_matches']}: --jobs 1 {sim['jobs_1_matches_per_s']:.0f} "
              f"matches/s, --jobs 2 {sim['jobs_2_matches_per_s']:.0f} matches/s "
              f"(×{sim['jobs_2_speedup']:.2f} on {result['cpus']} CPUs, "
              f"load {result['load_average_1min_at_start']:.1f})")
        peaks = ", ".join(f"{c} matches {sim[f'peak_rss_mib_{c}_matches']:.1f} MiB" for c in sim["rss_counts"])
        print(f"peak RSS simulate {sim['rss_game']}: {peaks}; growth {sim['rss_growth_kib_per_match']:.2f} KiB/match")


if __name__ == "__main__":
    main()
