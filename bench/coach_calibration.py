"""Benchmark: how well the coach's win chances are calibrated (issue 23; not a test).

For every game, two-seat matches of ``heuristic`` against ``ismcts`` are played, the bots taking
turns at the two seats; the *recorded* seat alternates every two matches, so it is played by each
bot at each seat equally often. After a match, ``--per-match`` of the recorded seat's decisions
(those with more than one legal move) are drawn at random (seeded) and the coach evaluates each at
its default budget as the review does (:func:`kartentisch.bots.coach.judge`, seed derived from the
match). The forecast is the coach's win chance of the move actually made (the review's curve; the
win chance of its best move is recorded too), the outcome the seat's match result (``returns()``: 1, 0, or
0.5 for a shared win).

Reported per game: the Brier score (mean squared difference of forecast and outcome) beside that of
the constant forecast 0.5, the difference with a 95% bootstrap interval over matches (the
decisions of one match share its outcome, so matches are resampled), a reliability table (ten
forecast bins: decisions, mean forecast, observed mean result), and seconds per evaluation (wall
and CPU, median). Every match's record is appended to ``--records`` as one JSON line as soon as it
is done, and matches already there are skipped, so a long run can be stopped and resumed.

Usage::

    python bench/coach_calibration.py --games colors,chips --matches 200 --records bench/coach/records.jsonl
    python bench/coach_calibration.py --summary-only --records bench/coach/records.jsonl --json bench/coach/summary.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from kartentisch.bots import make_bot
from kartentisch.bots.coach import default_iterations, judge
from kartentisch.games import all_games, get_game
from kartentisch.kernel import Match
from kartentisch.sim.engine import derive_seed

GAMES = ("colors", "chips", "lastcard", "grid", "mayhem")
BINS = 10


def play_and_record(game_id: str, index: int, seed: int, ismcts: str, per_match: int,
                    iterations: int | None) -> dict[str, Any]:
    """Play match ``index`` of ``game_id`` and evaluate ``per_match`` decisions of its recorded seat."""
    game = get_game(game_id)
    match_seed = derive_seed(seed, game_id, index, "match")
    specs = [ismcts, "heuristic"] if index % 2 == 0 else ["heuristic", ismcts]
    recorded = (index // 2) % 2
    bots = [make_bot(spec, game, derive_seed(seed, game_id, index, "bot", s)) for s, spec in enumerate(specs)]
    match = Match(game, 2, {}, match_seed)
    started = time.perf_counter()
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, bots[seat].choose(match.state, seat))
    play_s = time.perf_counter() - started
    states = list(match.states())
    mine = [n for n, (seat, _tok) in enumerate(match.history, start=1)
            if seat == recorded and len(states[n - 1].legal_actions(seat)) > 1]
    picked = sorted(random.Random(derive_seed(seed, game_id, index, "pick")).sample(mine, min(per_match, len(mine))))
    forecasts = []
    for n in picked:
        seat, token = match.history[n - 1]
        cpu, wall = time.process_time(), time.perf_counter()
        ev, made, best = judge(states[n - 1], seat, token, iterations=iterations,
                               seed=derive_seed(seed, game_id, index, "coach", n))
        forecasts.append({"n": n, "of": len(match.history), "win_chosen": made.win, "win_best": best.win,
                          "chosen_is_best": ev.best.token == token, "searches_chosen": made.searches,
                          "legal": ev.legal, "seconds": ev.seconds, "cpu_seconds": time.process_time() - cpu,
                          "judge_seconds": time.perf_counter() - wall})
    return {"game": game_id, "index": index, "seed": seed, "bots": specs, "recorded": recorded,
            "recorded_bot": specs[recorded], "outcome": match.state.returns()[recorded],
            "decisions_of_seat": len(mine), "play_seconds": play_s, "forecasts": forecasts}


def brier(pairs: list[tuple[float, float]]) -> float:
    """Mean squared difference of forecast and outcome."""
    return sum((f - o) ** 2 for f, o in pairs) / len(pairs)


def summarise(records: list[dict[str, Any]], key: str = "win_chosen", boot: int = 2000) -> dict[str, Any]:
    """Brier scores, bootstrap interval of the difference to 0.5 and the reliability table of one game."""
    per_match = [[(f[key], r["outcome"]) for f in r["forecasts"]] for r in records if r["forecasts"]]
    pairs = [p for m in per_match for p in m]
    coach, const = brier(pairs), brier([(0.5, o) for _f, o in pairs])
    rng = random.Random(1)
    diffs = []
    for _ in range(boot):
        sample = [p for m in rng.choices(per_match, k=len(per_match)) for p in m]
        diffs.append(brier(sample) - brier([(0.5, o) for _f, o in sample]))
    diffs.sort()
    table = []
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        inside = [(f, o) for f, o in pairs if lo <= f < hi or (b == BINS - 1 and f == 1.0)]
        if inside:
            table.append({"bin": f"{lo:.1f}–{hi:.1f}", "n": len(inside),
                          "forecast": statistics.fmean(f for f, _o in inside),
                          "observed": statistics.fmean(o for _f, o in inside)})
    return {"forecast": key, "matches": len(per_match), "decisions": len(pairs), "brier": coach,
            "brier_constant_half": const, "difference": coach - const,
            "difference_ci95": [diffs[int(0.025 * boot)], diffs[int(0.975 * boot) - 1]],
            "skill": 1 - coach / const if const else None, "reliability": table}


def game_summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything reported for one game's records."""
    forecasts = [f for r in records for f in r["forecasts"]]
    by_bot = {}
    for bot in sorted({r["recorded_bot"] for r in records}):
        mine = [r for r in records if r["recorded_bot"] == bot]
        fs = [f["win_chosen"] for r in mine for f in r["forecasts"]]
        by_bot[bot] = {"matches": len(mine), "mean_result": statistics.fmean(r["outcome"] for r in mine),
                       "mean_forecast": statistics.fmean(fs) if fs else None}
    return {"game": records[0]["game"], "iterations": default_iterations(records[0]["game"]),
            "chosen": summarise(records), "best": summarise(records, "win_best"), "recorded_bot": by_bot,
            "seconds_per_evaluation": statistics.median(f["seconds"] for f in forecasts),
            "seconds_per_evaluation_p90": statistics.quantiles([f["seconds"] for f in forecasts], n=10)[-1],
            "cpu_seconds_per_evaluation": statistics.median(f["cpu_seconds"] for f in forecasts),
            "play_seconds_per_match": statistics.fmean(r["play_seconds"] for r in records)}


def load_records(path: Path) -> list[dict[str, Any]]:
    """The records file's lines (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def print_summary(s: dict[str, Any]) -> None:
    """One game's figures as text."""
    c = s["chosen"]
    print(f"\n{s['game']}: {c['matches']} matches, {c['decisions']} decisions, coach {s['iterations']} iterations, "
          f"{s['seconds_per_evaluation']:.2f} s per evaluation (p90 {s['seconds_per_evaluation_p90']:.2f} s; "
          f"CPU with a re-judged move {s['cpu_seconds_per_evaluation']:.2f} s)")
    for name in ("chosen", "best"):
        b = s[name]
        print(f"  Brier ({name} move) {b['brier']:.4f} vs constant 0.5 {b['brier_constant_half']:.4f}: "
              f"{b['difference']:+.4f} (95% {b['difference_ci95'][0]:+.4f} … {b['difference_ci95'][1]:+.4f})")
    print("  bin        n   forecast  observed")
    for row in c["reliability"]:
        print(f"  {row['bin']}  {row['n']:4d}   {row['forecast']:.3f}     {row['observed']:.3f}")
    for bot, b in s["recorded_bot"].items():
        print(f"  recorded seat played by {bot}: {b['matches']} matches, mean result {b['mean_result']:.3f}, "
              f"mean forecast {b['mean_forecast']:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--matches", type=int, default=200, help="matches per game")
    parser.add_argument("--first", type=int, default=0,
                        help="first match index to play (to share a run between processes)")
    parser.add_argument("--per-match", type=int, default=6, help="decisions of the recorded seat evaluated per match")
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--ismcts", default="ismcts", help="spec of the ISMCTS player")
    parser.add_argument("--iterations", type=int, default=None, help="coach iterations (default: the coach's)")
    parser.add_argument("--records", type=Path, required=True, help="JSON lines file, appended to and resumed from")
    parser.add_argument("--json", type=Path, default=None, help="write the summaries here")
    parser.add_argument("--summary-only", action="store_true", help="only summarise the records file")
    args = parser.parse_args()
    chosen = args.games.split(",")
    known = {g.id for g in all_games()}
    for gid in chosen:
        if gid not in known:
            parser.error(f"unknown game {gid!r}")
    if not args.summary_only:
        args.records.parent.mkdir(parents=True, exist_ok=True)
        done = {(r["game"], r["index"], r["seed"]) for r in load_records(args.records)}
        for gid in chosen:
            for index in range(args.first, args.matches):
                if (gid, index, args.seed) in done:
                    continue
                record = play_and_record(gid, index, args.seed, args.ismcts, args.per_match, args.iterations)
                with args.records.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
                print(f"{gid} {index + 1}/{args.matches}: outcome {record['outcome']}, "
                      f"{len(record['forecasts'])} forecasts", flush=True)
    records = load_records(args.records)
    summaries = []
    for gid in chosen:
        mine = [r for r in records if r["game"] == gid and r["seed"] == args.seed]
        if mine:
            summaries.append(game_summary(mine))
            print_summary(summaries[-1])
    if args.json:
        args.json.write_text(json.dumps(summaries, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
