"""The game registry: game id → :class:`Game`. The kernel holds it but imports no game.

Built-in games register themselves when ``kartentisch.games`` is imported; faces call
``kartentisch.games.get_game`` which does that import.
"""

from __future__ import annotations

from .errors import KartentischError
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Register ``game`` under ``game.id`` (idempotent for the same object) and return it."""
    known = _GAMES.get(game.id)
    if known is not None and known is not game and type(known) is not type(game):
        raise KartentischError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def registered() -> dict[str, Game]:
    """All registered games by id, in registration order."""
    return dict(_GAMES)


def lookup(game_id: str) -> Game:
    """The registered game ``game_id``; raises KartentischError listing the known ids."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KartentischError(f"unknown game {game_id!r}; known games: {', '.join(_GAMES)}") from None
