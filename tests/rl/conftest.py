"""Shared settings of the RL adapter tests: the five games and small options for short matches."""

from __future__ import annotations

import pytest

from kartentisch.games import GAME_IDS, get_game

#: Options that make a match short (one round or a low target) so whole matches run in seconds.
SMALL: dict[str, dict[str, object]] = {
    "colors": {"max_rounds": 1},
    "chips": {"rounds": 1},
    "lastcard": {"rounds": 1},
    "grid": {"end_total": 10},
    "mayhem": {"point_limit": 10},
}


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    """Each of the five game ids in turn."""
    return request.param  # type: ignore[no-any-return]


def player_counts(game_id: str) -> list[int]:
    """2 players and the game's maximum."""
    return [2, get_game(game_id).max_players]
