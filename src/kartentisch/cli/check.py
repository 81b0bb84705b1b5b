"""``kartentisch check-game ID``: the conformance checks of :mod:`kartentisch.conformance` on an installed
game, for its author (issue 31: the fairness properties; issue 35 adds the rest of the kit)."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console

from kartentisch.conformance import PROPERTIES, ConformanceError, check_fairness
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
) -> None:
    """Check that GAME's bots and coach know only what a seat knows: on random positions of every
    player count, a determinization keeps the seat's view (view), re-deals every hidden card
    (resample), and seeded evaluations and bot choices are equal for states the seat cannot tell
    apart (seeded). Exits 1 naming the failed property and the seed of the position that shows it."""
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
    except ConformanceError as exc:
        console.print(f"FAIL {exc}", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    console.print(f"check-game {game.id}: {', '.join(PROPERTIES)} hold ({slots} hidden slots checked)",
                  markup=False)
