"""A round robin of bots in one game: every pair plays, seats alternated; ratings with 95% intervals (issue 36).

Usage::

    nice -n 10 .venv/bin/python bench/strength/round_robin.py colors --matches 200 \\
        --limit ismcts:iterations=1000=40 --minutes 20 --jobs 2 --json bench/strength/round-robin-colors-2p.json
    .venv/bin/python bench/strength/round_robin.py colors --load bench/strength/round-robin-colors-2p.json

Each pair ``(a, b)`` plays the tournament's rotated seating (:func:`kartentisch.sim.tournament.tournament_jobs`,
``bots=[a, b]`` cycled to the seats and rotated one place a match, so each sits at each seat equally often) with a
seed derived from ``--seed`` and the pair; every match of every pair goes through the tournament's engine
(:func:`~kartentisch.sim.engine.iter_results`, ``--jobs`` processes, local). The bots default to the lobby's levels and
the ISMCTS steps of the bot labels: ``random``, ``heuristic``, ``ismcts:iterations=100``,
``ismcts:iterations=1000``, and ``policy:<the game's shipped policy.npz>`` where the game ships one for the
player count.

Matches per pair: ``--matches`` each, ``--limit SPEC=N`` caps every pair with ``SPEC`` at ``N`` (the slow ISMCTS
pairs), and ``--minutes`` stops handing out matches after that much wall time. Matches are handed out so that
every pair advances through its count at the same pace (by the fraction of it played), so a run stopped by
``--minutes`` has about the same share of each pair's count; each pair is then cut to whole seat rotations,
and the JSON says how many matches each pair played.

Ratings: Bradley–Terry on the Elo scale (:mod:`kartentisch.sim.ratings`, Hunter's MM; the tournament's ``elo``)
fitted on the comparisons of every pair; 95% intervals by bootstrap (Efron & Tibshirani 1993, percentile
interval): ``--bootstrap`` resamples of each pair's matches with replacement (the design's pair counts kept),
refitted each time. Pairwise win rates count a shared win half (a comparison of two seats with equal match
returns, :func:`~kartentisch.sim.ratings.pairwise_wins`) with Wilson 95% intervals; with more than two seats a
match holds several comparisons, which are not independent, so those intervals are narrower than they should be.

The JSON (``--json``): ``{"game", "players", "seed", "bots", "command", "build", "commit", "seconds",
"pairs": [{"bots": [a, b], "matches", "wins": [a's, b's], "win_rate" (a's), "ci95"}],
"ratings": {spec: {"elo", "ci95"}}, "order": [specs, strongest first], "policy_sha256": {spec: hex},
"matches": [{"pair", "seed", "seats", "returns", "totals", "ended", "decisions"}]}``. ``--load FILE`` reads such
a file and prints its tables again (refitting the ratings with this ``--bootstrap`` and ``--seed``; ``--markdown``
as in the README).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import kartentisch
from kartentisch.bots import parse_spec
from kartentisch.bots.levels import shipped_policy
from kartentisch.cli.tournament import print_tables
from kartentisch.games import get_game
from kartentisch.sim.engine import MatchJob, MatchResult, derive_seed, iter_results
from kartentisch.sim.ratings import elo_from_wins, pairwise_wins
from kartentisch.sim.report import TextTable, ci
from kartentisch.sim.stats import wilson
from kartentisch.sim.tournament import tournament_jobs

LEVELS = ("random", "heuristic", "ismcts:iterations=100", "ismcts:iterations=1000")


def default_bots(game: str, players: int) -> list[str]:
    """:data:`LEVELS`, and the game's shipped policy if it was made for ``players`` seats."""
    bots = list(LEVELS)
    path = shipped_policy(game)
    if path.exists():
        from kartentisch.bots.policy import load_policy

        if load_policy(path).players == players:
            bots.append(f"policy:{path}")
    return bots


def short(spec: str) -> str:
    """A spec as the tables and JSON name it: a policy by its file name relative to the package."""
    name, params = parse_spec(spec)
    if name != "policy":
        return spec
    path = Path(params["path"]).resolve()
    root = Path(kartentisch.__file__).parent.parent.parent
    return f"policy:{path.relative_to(root) if path.is_relative_to(root) else path}"


def schedule(pairs: Sequence[tuple[str, str]], counts: Sequence[int], cycle: int,
             jobs: dict[tuple[str, str], list[MatchJob]], deadline: float | None) -> Iterator[tuple[int, MatchJob]]:
    """``(pair index, job)`` of every pair, whole seat rotations at a time, ordered by the share of its count
    each rotation completes (so the pairs advance together); none after ``deadline`` (``time.monotonic``)."""
    order = sorted(((k + 1) * cycle / counts[p], p, k) for p in range(len(pairs)) for k in range(counts[p] // cycle))
    for _, p, k in order:
        for job in jobs[pairs[p]][k * cycle:(k + 1) * cycle]:
            if deadline is not None and time.monotonic() > deadline:
                return
            yield p, job


def run(game: str, players: int, bots: Sequence[str], matches: int, limits: dict[str, int], seed: int,
        workers: int, minutes: float | None) -> tuple[list[tuple[str, str]], list[list[MatchResult]], float]:
    """Play the round robin: the pairs, each pair's results (whole seat rotations), and the wall seconds."""
    cycle = max(players, 2)
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    counts = [min([matches, *(limits[s] for s in pair if s in limits)]) // cycle * cycle for pair in pairs]
    if min(counts) < cycle:
        raise SystemExit(f"every pair needs at least {cycle} matches (one seat rotation); raise --matches/--limit")
    jobs = {pair: tournament_jobs(game, players, list(pair), n, derive_seed(seed, *pair))
            for pair, n in zip(pairs, counts, strict=True)}
    started = time.monotonic()
    deadline = None if minutes is None else started + 60 * minutes
    handed: list[int] = []

    def stream() -> Iterator[MatchJob]:
        for p, job in schedule(pairs, counts, cycle, jobs, deadline):
            handed.append(p)
            yield job

    done = 0

    def progress(k: int) -> None:
        nonlocal done
        done += k
        if done % 10 == 0:
            print(f"{game}: {done} matches, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    played = list(iter_results(stream(), workers, chunk=1, progress=progress))  # lazy: the deadline holds
    results: list[list[MatchResult]] = [[] for _ in pairs]
    for p, result in zip(handed, played, strict=True):
        results[p].append(result)
    return pairs, [r[:len(r) // cycle * cycle] for r in results], time.monotonic() - started


def outcomes(pair: tuple[str, str], results: Sequence[MatchResult]) -> list[tuple[float, float]]:
    """Per match: the comparisons ``pair[0]`` and ``pair[1]`` won (shared wins half each)."""
    out = []
    for r in results:
        wins = pairwise_wins([r])
        out.append((wins.get(pair, 0.0), wins.get(pair[::-1], 0.0)))
    return out


def fit(bots: Sequence[str], pairs: Sequence[tuple[str, str]], per_pair: Sequence[Sequence[tuple[float, float]]],
        resamples: int, seed: int) -> dict[str, dict[str, Any]]:
    """Bradley–Terry Elo of ``bots`` with bootstrap percentile 95% intervals (module docstring)."""

    def elo(samples: Sequence[Sequence[tuple[float, float]]]) -> dict[str, float]:
        wins: dict[tuple[str, str], float] = {}
        for (a, b), sample in zip(pairs, samples, strict=True):
            wins[(a, b)] = sum(x for x, _ in sample)
            wins[(b, a)] = sum(y for _, y in sample)
        return elo_from_wins(bots, wins, iterations=2000, tol=1e-9)

    point = elo(per_pair)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(resamples):
        for b, v in elo([rng.choices(s, k=len(s)) for s in per_pair]).items():
            draws[b].append(v)
    ratings = {}
    for b in bots:
        d = sorted(draws[b])
        ratings[b] = {"elo": point[b], "ci95": [d[int(0.025 * len(d))], d[min(len(d) - 1, int(0.975 * len(d)))]]
                      if d else [point[b], point[b]]}
    return ratings


def analyse(doc: dict[str, Any], resamples: int, seed: int) -> None:
    """Fill ``doc``'s ``pairs``, ``ratings`` and ``order`` from its ``matches``."""
    bots = doc["bots"]
    pairs = [tuple(p["bots"]) for p in doc["pairs"]]
    per_pair: list[list[tuple[float, float]]] = [[] for _ in pairs]
    for m in doc["matches"]:
        per_pair[m["pair"]].append(tuple(m["wins"]))
    for block, sample in zip(doc["pairs"], per_pair, strict=True):
        a, b = sum(x for x, _ in sample), sum(y for _, y in sample)
        n = round(a + b)
        block.update(matches=len(sample), wins=[a, b], win_rate=a / n if n else None, ci95=list(wilson(a, n)))
    doc["ratings"] = fit(bots, pairs, per_pair, resamples, seed)
    doc["order"] = sorted(bots, key=lambda s: -doc["ratings"][s]["elo"])


def tables(doc: dict[str, Any]) -> list[TextTable]:
    """The ratings table (strongest first) and the pairwise win rates (row's share against the column)."""
    order = doc["order"]
    rates: dict[tuple[str, str], str] = {}
    for p in doc["pairs"]:
        a, b = p["bots"]
        n = p["wins"][0] + p["wins"][1]
        if n:
            lo, hi = p["ci95"]
            rates[(a, b)] = f"{p['win_rate']:.2f} ({lo:.2f}–{hi:.2f}) n={p['matches']}"
            rates[(b, a)] = f"{1 - p['win_rate']:.2f} ({1 - hi:.2f}–{1 - lo:.2f}) n={p['matches']}"
    ratings = TextTable(f"{doc['game']}, {doc['players']} players: Bradley–Terry Elo, bootstrap 95% CI",
                        ["rank", "bot", "Elo", "95% CI"],
                        [[str(i + 1), s, f"{doc['ratings'][s]['elo']:.0f}", ci(doc['ratings'][s]['ci95'], 0)]
                         for i, s in enumerate(order)], [])
    matrix = TextTable("win rate of the row against the column (Wilson 95% CI), matches",
                       ["bot", *order], [[a, *(rates.get((a, b), "—") for b in order)] for a in order], [])
    return [ratings, matrix]


def markdown(doc: dict[str, Any]) -> str:
    """:func:`tables` as Markdown (the README's tables)."""
    lines = []
    for t in tables(doc):
        lines += [f"{t.title}:", "", "| " + " | ".join(t.headers) + " |", "|" + "---|" * len(t.headers)]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in t.rows]
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """The command line (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", help="comma-separated bot specs (key=value items belong to the spec before them); "
                                   "default: the levels and the shipped policy")
    ap.add_argument("--matches", type=int, default=100, help="matches per pair")
    ap.add_argument("--limit", action="append", default=[], metavar="SPEC=N",
                    help="at most N matches for each pair with SPEC (repeatable)")
    ap.add_argument("--minutes", type=float, help="hand out no match after this much wall time")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples of the ratings")
    ap.add_argument("--json", type=Path, help="write every match and the figures here")
    ap.add_argument("--load", type=Path, help="print the tables of an earlier --json file instead of playing")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    args = ap.parse_args(argv)
    if args.load:
        doc = json.loads(args.load.read_text(encoding="utf-8"))
    else:
        doc = play(args)
    analyse(doc, args.bootstrap, args.seed)
    if args.markdown:
        print(markdown(doc))
    else:
        print_tables(tables(doc))
    if args.json and not args.load:
        args.json.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def play(args: argparse.Namespace) -> dict[str, Any]:
    """Play the round robin ``args`` ask for; the JSON document without its figures (:func:`analyse`)."""
    from kartentisch.cli.common import bot_specs

    get_game(args.game)
    bots = bot_specs(args.bots) if args.bots else default_bots(args.game, args.players)
    limits = {}
    for item in args.limit:
        spec, eq, n = item.rpartition("=")
        if not eq or not n.isdigit() or spec not in bots:
            raise SystemExit(f"--limit {item!r}: give SPEC=N with SPEC one of {', '.join(bots)}")
        limits[spec] = int(n)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent, check=False).stdout.strip()  # the code that plays
    pairs, results, seconds = run(args.game, args.players, bots, args.matches, limits, args.seed, args.jobs,
                                  args.minutes)
    names = {s: short(s) for s in bots}
    return {
        "game": args.game, "players": args.players, "seed": args.seed, "bots": [names[s] for s in bots],
        "command": " ".join(["bench/strength/round_robin.py", *sys.argv[1:]]), "build": kartentisch.build_info(),
        "commit": commit, "seconds": round(seconds, 1),
        "policy_sha256": {names[s]: hashlib.sha256(Path(parse_spec(s)[1]["path"]).read_bytes()).hexdigest()
                          for s in bots if s.startswith("policy:")},
        "pairs": [{"bots": [names[a], names[b]]} for a, b in pairs],
        "matches": [{"pair": p, "seed": r.job.seed, "seats": [names[s] for s in r.job.bots], "returns": r.returns,
                     "totals": r.totals, "ended": r.ended, "decisions": r.decisions,
                     "wins": list(outcomes(pair, [r])[0])}
                    for p, (pair, rs) in enumerate(zip(pairs, results, strict=True)) for r in rs],
    }


if __name__ == "__main__":
    main()
