"""The game registry: game id → :class:`Game`. The kernel holds it but imports no game.

A game package registers itself (:func:`register`), or a loader is registered for its id
(:func:`register_loader`) so the package is imported only when first looked up;
``kartentisch.games`` registers loaders for the built-in games.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import KartentischError
from .game import Game

_GAMES: dict[str, Game] = {}
_LOADERS: dict[str, Callable[[], Game]] = {}


def register(game: Game) -> Game:
    """Register ``game`` under ``game.id`` and return it."""
    known = _GAMES.get(game.id)
    if known is not None and type(known) is not type(game):
        raise KartentischError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def register_loader(game_id: str, loader: Callable[[], Game]) -> None:
    """Register ``loader``, called (once) the first time ``game_id`` is looked up."""
    _LOADERS[game_id] = loader


def known_ids() -> list[str]:
    """Ids of every registered or loadable game, in registration order."""
    return list(dict.fromkeys([*_LOADERS, *_GAMES]))


def lookup(game_id: str) -> Game:
    """The game ``game_id``; raises KartentischError listing the known ids."""
    game = _GAMES.get(game_id)
    if game is None:
        loader = _LOADERS.get(game_id)
        if loader is None:
            known = ", ".join(known_ids()) or "none registered (importing kartentisch.games registers the five)"
            raise KartentischError(f"unknown game {game_id!r}; known games: {known}")
        game = register(loader())
    return game
