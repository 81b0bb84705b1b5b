"""The conformance kit's match checks per game, in CPU seconds (issue 35 item 2, the kit's slow part).

Three ways of checking a game's matches, timed in alternating rounds in one process so that the figures of a
ratio are seconds apart (the machine's load changes them alike):

* ``separate``: the kit before the invariants and the words shared a match: a match with the kernel's invariants
  (deep checks at every decision), a second one told in words, and the adapters (PettingZoo ``api_test``,
  OpenSpiel ``random_sim_test``), all with the game's default options.
* ``shared``: :func:`kartentisch.conformance.check_game` with the default options: one match for the invariants
  and the words, then the adapters, the packaged scenarios and the compiled = pure check (not run in a pure
  install).
* ``short``: ``check_game`` with the game's ``short_match`` options, as ``tests/test_conformance.py`` runs it.

Prints per game and way the median CPU seconds (``time.process_time``; child interpreters are not counted)
and the ratio of each median to ``separate``'s; ``--json FILE`` writes them with the load average at start.

    .venv/bin/python bench/kit_speed.py --games mayhem,colors --repeats 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import warnings
from collections.abc import Callable

from kartentisch import conformance
from kartentisch.games import all_games, get_game
from kartentisch.kernel import Game
from kartentisch.sim.invariants import run_checked_match


def separate(game: Game, players: int, seed: int) -> None:
    """The kit's match checks as they were: a match each for the invariants and the words, then the adapters."""
    run_checked_match(game, players, seed, deep_every=1)
    conformance.check_words(game, players, seed)
    conformance.check_adapters(game, players, seed)


def shared(game: Game, players: int, seed: int) -> None:
    """``check_game`` with the defaults."""
    conformance.check_game(game, players, matches=1, seed=seed)


def short(game: Game, players: int, seed: int) -> None:
    """``check_game`` with the game's ``short_match`` options (the test's call)."""
    conformance.check_game(game, players, matches=1, seed=seed, options=game.parts.short_match)


WAYS: dict[str, Callable[[Game, int, int], None]] = {"separate": separate, "shared": shared, "short": short}


def main() -> None:
    """Parse the arguments, time every way per game in alternating rounds, print and write the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(g.id for g in all_games()), help="comma-separated game ids")
    parser.add_argument("--repeats", type=int, default=3, help="alternating rounds per game")
    parser.add_argument("--seed", type=int, default=7, help="the match seed (the test's: 7)")
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    out: dict[str, object] = {"load_average_1min": os.getloadavg()[0], "cpus": os.cpu_count(), "games": {}}
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; CPU seconds, median of {args.repeats}")
    for game_id in args.games.split(","):
        game = get_game(game_id)
        times: dict[str, list[float]] = {way: [] for way in WAYS}
        for _ in range(args.repeats):
            for way, run in WAYS.items():
                start = time.process_time()
                run(game, game.min_players, args.seed)
                times[way].append(time.process_time() - start)
        medians = {way: statistics.median(t) for way, t in times.items()}
        ratios = {way: medians[way] / medians["separate"] for way in WAYS}
        out["games"][game_id] = {"players": game.min_players, "seconds": times, "median": medians,  # type: ignore[index]
                                 "ratio_to_separate": ratios}
        print(f"{game_id:9} " + "  ".join(f"{way} {medians[way]:6.2f} s ({ratios[way]:.2f}×)" for way in WAYS))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
