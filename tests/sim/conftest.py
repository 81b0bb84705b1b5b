"""Shared fixtures of the simulation tests: the five games."""

from __future__ import annotations

import pytest

from kartentisch.games import GAME_IDS


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    """Each of the five game ids in turn."""
    return request.param  # type: ignore[no-any-return]
