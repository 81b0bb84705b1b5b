"""Shared fixtures: the registered games and the path of the shared scenario folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kartentisch.games import all_games

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("KARTENTISCH_SHARED", ROOT.parent / "shared"))
GAMES = {g.id: g for g in all_games()}
GAME_IDS = list(GAMES)


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest):
    """Each registered game in turn."""
    return GAMES[request.param]
