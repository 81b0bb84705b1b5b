"""Per-game score-pad rulesets: ``entries/<game id>.py`` defines ``RULESET`` (a :class:`Ruleset`)."""

from __future__ import annotations

import importlib

from ..core import EntryError, Ruleset


def get_ruleset(game_id: str) -> Ruleset:
    """The score-pad ruleset of ``game_id``.

    Raises:
        EntryError: the game has no score-pad form (names the game).
    """
    if not isinstance(game_id, str) or not game_id.isidentifier():
        raise EntryError(f"unknown game {game_id!r}")
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError:
        raise EntryError(f"game {game_id!r} has no score pad") from None
    return module.RULESET  # type: ignore[no-any-return]
