"""The five built-in games, one package each (``kartentisch.games.<id>``).

They are plug-ins like any other game: ``pyproject.toml`` names each in the entry-point group
``kartentisch.games`` (see :mod:`kartentisch.kernel.registry`). :func:`all_games` lists the built-in
games in CONVENTIONS order, then every other installed game.
"""

from __future__ import annotations

from ..kernel.game import Game
from ..kernel.registry import known_ids, lookup

GAME_IDS = ("colors", "chips", "lastcard", "grid", "mayhem")


def get_game(game_id: str) -> Game:
    """The game ``game_id`` (raises KartentischError listing the known ids if unknown)."""
    return lookup(game_id)


def all_games() -> list[Game]:
    """Every installed game: the built-in ones in CONVENTIONS order, then the others by id."""
    others = sorted(set(known_ids()) - set(GAME_IDS))
    return [lookup(game_id) for game_id in (*GAME_IDS, *others)]
