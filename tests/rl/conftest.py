"""Shared settings of the RL adapter tests: every installed game and small options for short matches."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from tests.conftest import GAME_IDS, GAMES

from kartentisch.games import get_game
from kartentisch.kernel import GameState

if TYPE_CHECKING:
    from kartentisch.rl.table import Table

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


def random_play(table: Table, seeds: int, rng: random.Random) -> Iterator[GameState]:
    """Seeded random play at ``table``: a match from ``table.reset(seed)`` for each seed in ``range(seeds)``, its
    state yielded before every step (the decision's steps chosen so far in ``table.steps``), each step one of
    ``table.next_steps()`` drawn with ``rng`` once the caller has looked; then the finished state once more
    (``state.game_over``), before the next match."""
    for seed in range(seeds):
        state = table.reset(seed)
        while not state.game_over:
            yield state
            table.step(rng.choice(sorted(table.next_steps())))
        yield state
