"""The game registry: game id → :class:`Game`. The kernel holds it but imports no game.

Games are plug-ins: an installed distribution names its games in the entry-point group
``kartentisch.games`` (``highcard = "highcard:GAME"``; the five built-in games are listed the same
way in this project's ``pyproject.toml``). Each is a loader, called the first time its id is looked
up, so a game's package is imported only when used. A game may also be registered in code
(:func:`register`, :func:`register_loader`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Final

from .errors import KartentischError
from .game import Game

#: The entry-point group installed games are named in.
GROUP: Final = "kartentisch.games"

_GAMES: Final[dict[str, Game]] = {}
_LOADERS: Final[dict[str, Callable[[], Game]]] = {}
_discovered = False


def _discover() -> None:
    """Register a loader for every game of the ``kartentisch.games`` entry points (once)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in entry_points(group=GROUP):
        _LOADERS.setdefault(point.name, point.load)


def register(game: Game) -> Game:
    """Register ``game`` under ``game.id`` and return it.

    Raises:
        KartentischError: another game has that id, or the game's declared parts (:meth:`Game.declare`)
            name a part that does not exist or give one of the wrong kind (the message names it).
    """
    known = _GAMES.get(game.id)
    if known is not None and type(known) is not type(game):
        raise KartentischError(f"game id {game.id!r} registered twice")
    game.parts  # noqa: B018 -- checked when the game loads, not when a face first asks
    _GAMES[game.id] = game
    return game


def register_loader(game_id: str, loader: Callable[[], Game]) -> None:
    """Register ``loader``, called (once) the first time ``game_id`` is looked up."""
    _LOADERS[game_id] = loader


def known_ids() -> list[str]:
    """Ids of every registered or installed game, in registration order."""
    _discover()
    return list(dict.fromkeys([*_LOADERS, *_GAMES]))


def lookup(game_id: str) -> Game:
    """The game ``game_id``; raises KartentischError listing the known ids."""
    game = _GAMES.get(game_id)
    if game is None:
        _discover()
        loader = _LOADERS.get(game_id)
        if loader is None:
            known = ", ".join(sorted(known_ids())) or f"none installed (entry-point group {GROUP!r})"
            raise KartentischError(f"unknown game {game_id!r}; known games: {known}")
        game = loader()
        if not isinstance(game, Game) or game.id != game_id:
            raise KartentischError(f"the loader of game {game_id!r} gave {game!r}, not a Game with that id")
        register(game)
    return game
