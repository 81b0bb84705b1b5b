"""The five built-in games, one package each (``kartentisch.games.<id>``).

Importing this package registers every game with the kernel registry. Order follows
CONVENTIONS.md's table.
"""

from __future__ import annotations

import importlib

from ..kernel.game import Game
from ..kernel.registry import lookup, register, registered

GAME_IDS = ("colors", "chips", "lastcard", "grid", "mayhem")

for _id in GAME_IDS:
    try:
        register(importlib.import_module(f"{__name__}.{_id}").GAME)
    except ModuleNotFoundError as exc:  # pragma: no cover - only while a game is being written
        if exc.name != f"{__name__}.{_id}":
            raise


def get_game(game_id: str) -> Game:
    """The built-in or registered game ``game_id`` (raises KartentischError if unknown)."""
    return lookup(game_id)


def all_games() -> list[Game]:
    """Every registered game, built-in ones in CONVENTIONS order."""
    return list(registered().values())
