"""Profile random play per game: a cProfile top table (by own time) for each game.

For every game (2 players), ``--matches`` random matches are played through the public API
(``random_action`` + ``apply``, as :func:`bench.run.random_match` does) under :mod:`cProfile`; the
``--top`` functions by own time are printed, or with ``--out DIR`` written to ``DIR/<game>.txt``.
cProfile's per-call overhead inflates small functions: use the table to rank hot spots, and
``bench/run.py`` for speeds.

Usage: ``python bench/profile.py [--games lastcard,colors] [--matches 300] [--top 25] [--out DIR]``.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from pathlib import Path

# This file shares its name with the standard library's ``profile``, which ``cProfile`` imports:
# take the script's own directory off the path while importing it, then add it back for ``run``.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
import cProfile  # noqa: E402
import pstats  # noqa: E402

sys.path.append(str(_HERE))
from run import random_match  # noqa: E402

from kartentisch.games import all_games, get_game  # noqa: E402


def profile_game(game_id: str, matches: int, top: int, seed: int = 1) -> str:
    """The cProfile top table (``top`` rows by own time) of ``matches`` random matches of ``game_id``."""
    game = get_game(game_id)
    rng = random.Random(seed)
    profiler = cProfile.Profile()
    profiler.enable()
    decisions = sum(random_match(game, 2, rng)[0] for _ in range(matches))
    profiler.disable()
    out = io.StringIO()
    out.write(f"{game_id}: {matches} random matches, 2 players, {decisions} decisions\n")
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    """Profile the chosen games; print or write one table per game."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", help="comma-separated game ids (default: all)")
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--out", help="write <game>.txt into this directory instead of printing")
    args = ap.parse_args(argv)
    ids = args.games.split(",") if args.games else [g.id for g in all_games()]
    for game_id in ids:
        table = profile_game(game_id, args.matches, args.top)
        if args.out is None:
            print(table)
            continue
        out_dir = Path(args.out)
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / f"{game_id}.txt").write_text(table, encoding="utf-8")
        print(table.splitlines()[0], f"→ {out_dir / (game_id + '.txt')}")


if __name__ == "__main__":
    main()
