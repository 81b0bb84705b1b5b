"""Shared settings of the RL adapter tests: every installed game and small options for short matches."""

from __future__ import annotations

import pytest
from tests.conftest import GAME_IDS, GAMES

from kartentisch.games import get_game

#: Options that make a match short (one round or a low target) so whole matches run in seconds: the game's
#: ``short_match`` part.
SMALL: dict[str, dict[str, object]] = {game_id: dict(game.parts.short_match) for game_id, game in GAMES.items()}


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    """Each installed game's id in turn."""
    return request.param  # type: ignore[no-any-return]


def player_counts(game_id: str) -> list[int]:
    """2 players and the game's maximum."""
    return [2, get_game(game_id).max_players]
