"""Shared fixtures: the registered games and the path of the shared scenario folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import kartentisch.games  # noqa: F401  (registers the built-in games)
from kartentisch.kernel import registered

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("KARTENTISCH_SHARED", ROOT.parent / "shared"))
GAME_IDS = list(registered())


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest):
    """Each registered game in turn."""
    return registered()[request.param]
