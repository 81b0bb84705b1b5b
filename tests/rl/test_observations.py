"""Observations encode exactly one seat's view: equal views give equal vectors; slices tile the vector."""

from __future__ import annotations

import random

import numpy as np
import pytest

from kartentisch.games import get_game
from kartentisch.rl.observations import Encoder
from kartentisch.rl.spaces import NotationError

from .conftest import SMALL, player_counts


def test_no_leak_equal_views_give_equal_observations(game_id: str) -> None:
    """``determinize`` keeps ``view(seat)`` and re-deals everything hidden: the vector must not change."""
    game = get_game(game_id)
    for players in player_counts(game_id):
        enc = Encoder(game, players, SMALL[game_id])
        state = game.new_state(players, SMALL[game_id], seed=11)
        rng = random.Random(5)
        checked = differs = 0
        while not state.game_over:
            for seat in range(players):
                other = state.determinize(seat, random.Random(checked))
                assert other.view(seat) == state.view(seat)
                a, b = enc.encode(state.view(seat), seat), enc.encode(other.view(seat), seat)
                assert a.shape == (enc.size,) and a.dtype == np.float32
                np.testing.assert_array_equal(a, b)
                differs += other.to_doc() != state.to_doc()
                checked += 1
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert differs > 0  # hidden cards really were re-dealt, so the check had teeth


def test_observation_changes_with_what_the_seat_sees(game_id: str) -> None:
    """Different seats of the same position see different things (their own hands/relative seats)."""
    game = get_game(game_id)
    enc = Encoder(game, 2, SMALL[game_id])
    state = game.new_state(2, SMALL[game_id], seed=3)
    assert not np.array_equal(enc.encode(state.view(0), 0), enc.encode(state.view(1), 1))


def test_slices_tile_the_vector_and_are_documented(game_id: str) -> None:
    game = get_game(game_id)
    for players in player_counts(game_id):
        enc = Encoder(game, players, SMALL[game_id])
        offset = 0
        for row in enc.describe():
            assert row["offset"] == offset and row["meaning"]
            offset += int(np.prod(row["shape"]))
        assert offset == enc.size


def test_own_hand_slice_holds_the_hand() -> None:
    game = get_game("colors")
    enc = Encoder(game, 3)
    state = game.new_state(3, seed=2)
    vec = enc.encode(state.view(1), 1)
    hands = next(s for s in enc.slices if s.name == "hands")
    own = vec[hands.offset:hands.offset + hands.size].reshape(hands.shape)[0]
    assert sorted(enc.cards[i] for i in np.flatnonzero(own)) == sorted(state.view(1)["zones"]["hands"][1])


def test_unknown_game_layout_is_named() -> None:
    class Other(type(get_game("chips"))):  # type: ignore[misc]
        id = "othergame"

    with pytest.raises(NotationError, match="othergame: no observation layout"):
        Encoder(Other(), 2)
