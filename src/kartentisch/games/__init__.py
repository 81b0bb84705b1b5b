"""The five built-in games, one package each (``kartentisch.games.<id>``).

Importing this package registers a loader per game with the kernel registry; a game package
is imported the first time it is looked up. :func:`all_games` lists them in CONVENTIONS order.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..kernel.game import Game
from ..kernel.registry import known_ids, lookup, register_loader

GAME_IDS = ("colors", "chips", "lastcard", "grid", "mayhem")


def _loader(game_id: str) -> Callable[[], Game]:
    def load() -> Game:
        return importlib.import_module(f"{__name__}.{game_id}").GAME  # type: ignore[no-any-return]

    return load


for _id in GAME_IDS:
    register_loader(_id, _loader(_id))


def get_game(game_id: str) -> Game:
    """The game ``game_id`` (raises KartentischError listing the known ids if unknown)."""
    return lookup(game_id)


def all_games() -> list[Game]:
    """Every known game: the built-in ones in CONVENTIONS order, then any other registered one."""
    return [lookup(game_id) for game_id in known_ids()]
