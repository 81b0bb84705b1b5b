"""Shared fixtures: the registered games, the path of the shared folder, and ``--skip`` (``make test SKIP=…``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kartentisch.games import all_games

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("KARTENTISCH_SHARED", ROOT.parent / "shared"))
GAMES = {g.id: g for g in all_games()}
GAME_IDS = list(GAMES)
#: The parts ``--skip`` may leave out: the marker of their tests and what those tests need.
SKIPPABLE = {"browser": "Debian's chromium", "postgres": "a PostgreSQL server"}
_SKIPPED = pytest.StashKey[set[str]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--skip browser,postgres``: those marked tests are reported as skipped (``make test SKIP=…``)."""
    parser.addoption("--skip", default="", metavar="PARTS",
                     help=f"comma-separated parts not to run, each reported as skipped: {', '.join(SKIPPABLE)}")


def skipped_parts(config: pytest.Config) -> set[str]:
    """The parts named by ``--skip``.

    Raises:
        pytest.UsageError: a name that is not one of :data:`SKIPPABLE`.
    """
    parts = {p.strip() for p in str(config.getoption("--skip")).split(",") if p.strip()}
    unknown = sorted(parts - SKIPPABLE.keys())
    if unknown:
        raise pytest.UsageError(f"--skip: unknown part {', '.join(unknown)}; the parts are {', '.join(SKIPPABLE)}")
    return parts


def pytest_configure(config: pytest.Config) -> None:
    """Refuse an unknown ``--skip`` part before anything runs."""
    config.stash[_SKIPPED] = skipped_parts(config)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of a skipped part as skipped, with the reason, so it is counted as not run."""
    for item in items:
        for part in sorted(config.stash[_SKIPPED] & {m.name for m in item.iter_markers()}):
            item.add_marker(pytest.mark.skip(reason=f"not run: --skip {part} (SKIP={part}) leaves out the tests"
                                                    f" that need {SKIPPABLE[part]}"))


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest):
    """Each registered game in turn."""
    return GAMES[request.param]
