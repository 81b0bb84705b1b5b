"""Score pad for matches played with real cards (issue 12): count rounds with the games' own rules.

:mod:`.core` holds the game-agnostic pad (entries, validation, replay, corrections); each game's
entry form is its declared ``scorepad`` part (``kartentisch.games.<id>.scorepad.RULESET``, in
:attr:`~kartentisch.kernel.Game.parts`); :mod:`.store` the database tables.
"""

from __future__ import annotations

from ..kernel import KartentischError, lookup
from .core import EntryError, Field, Ruleset, Sheet, Text, check_names, check_options, compute, say


def get_ruleset(game_id: str) -> Ruleset:
    """The score-pad ruleset of ``game_id`` (its game's ``scorepad`` part).

    Raises:
        EntryError: an unknown game, or a game without a score pad (names the game).
    """
    try:
        game = lookup(game_id) if isinstance(game_id, str) else None
    except KartentischError:
        game = None
    if game is None:
        raise EntryError({"en": "unknown game {game!r}", "de": "unbekanntes Spiel {game!r}"}, game=game_id)
    ruleset = game.parts.scorepad
    if ruleset is None:
        raise EntryError({"en": "{name} has no score pad", "de": "{name} hat keinen Punkteblock"},
                         name=Text.of(lambda lang: game.names.get(lang) or game.id))
    return ruleset  # type: ignore[no-any-return]


__all__ = ["EntryError", "Field", "Ruleset", "Sheet", "Text", "check_names", "check_options", "compute",
           "get_ruleset", "say"]
