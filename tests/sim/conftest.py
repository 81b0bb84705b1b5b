"""Shared fixtures of the simulation tests: every installed game."""

from __future__ import annotations

import pytest
from tests.conftest import GAME_IDS


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    """Each installed game's id in turn."""
    return request.param  # type: ignore[no-any-return]
