"""``kartentisch check-game ID``: the conformance kit of :mod:`kartentisch.conformance` on an installed game,
for its author: the fairness properties (issue 31), the kernel's invariants, the words, the game's packaged
scenarios, compiled = pure, and the RL adapters' own tests (issue 35)."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console

from kartentisch.conformance import CHECKS, PROPERTIES, ConformanceError, check_fairness, check_game
from kartentisch.kernel import KartentischError, lookup

from .common import options_json

console = Console(highlight=False)


def check_game_cmd(
    game_id: Annotated[str, typer.Argument(metavar="ID", help="An installed game's id.")],
    players: Annotated[int | None, typer.Option(help="One player count (default: every one allowed).")] = None,
    positions: Annotated[int, typer.Option(min=1, help="Random positions per player count.")] = 8,
    seed: Annotated[int, typer.Option(help="Seed of the first position (the next ones count up).")] = 0,
    samples: Annotated[int, typer.Option(min=2, help="Determinizations per seat and position.")] = 64,
    iterations: Annotated[int, typer.Option(min=1, help="Search iterations of the coach and the ISMCTS bot.")] = 12,
    options: Annotated[str | None, typer.Option(help="Game options as a JSON object (default: the game's).")] = None,
    matches: Annotated[int, typer.Option(min=0, help="Random matches per player count for the invariants and the "
                                                     "words (0: fairness only).")] = 2,
) -> None:
    """Check GAME against the conformance kit. Fairness, on random positions of every player count: a
    determinization keeps the seat's view (view), re-deals every hidden card (resample), and seeded
    evaluations and bot choices are equal for states the seat cannot tell apart (seeded). Then, on
    random matches: the kernel's invariants (replays, JSON round trips, conservation, illegal tokens),
    every move in words built only from the reader's views, the game's packaged scenarios, the same
    matches on the compiled and the pure modules (where a compiled build is installed), and PettingZoo's
    api_test and OpenSpiel's random_sim_test (with the rl extra). Exits 1 naming the failed check and the
    seed (or scenario file) that shows it."""
    chosen = options_json(options)
    try:
        game = lookup(game_id)
        for n in [players] if players is not None else range(game.min_players, game.max_players + 1):
            game.resolve_options(n, chosen)  # checks the player count too
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None
    started = time.perf_counter()

    def progress(n: int, done: int) -> None:
        if done == positions:
            console.print(f"{game.id} players={n}: {positions} positions, {time.perf_counter() - started:.1f} s")

    try:
        slots = check_fairness(game, players, positions, seed, samples, iterations, progress, chosen)
        console.print(f"check-game {game.id}: {', '.join(PROPERTIES)} hold ({slots} hidden slots checked)",
                      markup=False, soft_wrap=True)
        if matches:
            skipped = check_game(game, players, matches, seed, chosen)
            ran = [c for c in CHECKS if not any(s.startswith(c) or s.startswith(f"pettingzoo and {c}")
                                                for s in skipped)]
            console.print(f"check-game {game.id}: {', '.join(ran)} hold ({matches} matches per player count, "
                          f"{time.perf_counter() - started:.1f} s)", markup=False, soft_wrap=True)
            for why in skipped:
                console.print(f"not run: {why}", markup=False, soft_wrap=True)
    except ConformanceError as exc:
        console.print(f"FAIL {exc}", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
