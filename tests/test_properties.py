"""Kernel invariants on every registered game, every player count, random legal play (Hypothesis).

The checks live in :mod:`kartentisch.sim.invariants` (shared with ``kartentisch soak``). Two
tiers keep the default run short: many matches with the per-step cheap checks (legal lists,
termination, conservation and replay at the end), and fewer with deep checks (JSON round-trip,
clone independence, views against determinizations, illegal tokens) at every step.
``KARTENTISCH_MATCHES`` scales the broad tier and ``KARTENTISCH_DEEP_MATCHES`` the deep one; ``make soak`` runs
far more of both (100,000 matches a game through the CLI, 400 deep ones here), so the default run keeps to sizes
that find a broken invariant of the shipped games without costing minutes of every run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kartentisch.sim.invariants import run_checked_match
from tests.conftest import GAME_IDS, GAMES

BROAD = int(os.environ.get("KARTENTISCH_MATCHES", "1000"))
DEEP = int(os.environ.get("KARTENTISCH_DEEP_MATCHES", "25"))


def _players(game_id: str) -> st.SearchStrategy[int]:
    game = GAMES[game_id]
    return st.integers(game.min_players, game.max_players)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deep_invariants_every_step(game_id: str) -> None:
    """Every position of a random match passes the deep checks, for every player count."""
    game = GAMES[game_id]
    redealt = []

    @settings(max_examples=DEEP, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(players=_players(game_id), seed=st.integers(0, 2**32 - 1))
    def check(players: int, seed: int) -> None:
        redealt.append(run_checked_match(game, players, seed, deep_every=1).redealt)

    check()
    for players in range(game.min_players, game.max_players + 1):  # every count at least once
        redealt.append(run_checked_match(game, players, players, deep_every=3).redealt)
    # Determinization must actually re-deal hidden cards somewhere, or the view check proves nothing.
    assert sum(redealt) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_many_random_matches_end_and_replay(game_id: str) -> None:
    """A few thousand random matches per game end, conserve cards and replay exactly."""
    game = GAMES[game_id]
    counts = range(game.min_players, game.max_players + 1)
    per_count = max(1, BROAD // len(counts))
    for players in counts:
        for seed in range(per_count):
            run_checked_match(game, players, 10_000 + seed, deep_every=0)
