"""mayhem scoring (pure functions, worked examples), loading validation, views, determinize, full matches."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from tests.games.mayhem.mayhem_helpers import doc, load, random_states

from kartentisch.games.mayhem import GAME, score_round
from kartentisch.games.mayhem.cards import PLAY_DECK
from kartentisch.games.mayhem.rules import MayhemState, match_winners, next_dealer
from kartentisch.kernel import InvalidOptions, InvalidState


# ---------------------------------------------------------------- scoring R70–R72 (worked example 5)
def test_worked_example_5_scoring_and_match_end() -> None:
    scores = score_round([["r5", "k9", "fy"], ["b2", "rgift", "fant"], []])
    assert scores == [56, 16, 0]
    assert next_dealer(scores, previous_dealer=1) == 0
    totals = [a + b for a, b in zip([90, 60, 55], [14, 0, 5], strict=True)]
    assert match_winners(totals, 100) == [1, 2]


def test_scoring_doomsday_and_limits() -> None:
    assert score_round([["r5"], []], doomsday=True) == [50, 50]
    assert match_winners([100, 20], 100) is None  # D34: strictly above
    assert match_winners([101, 20, 20], 100) == [1, 2]
    assert next_dealer([8, 3, 8], previous_dealer=2) == 0  # tie 0/2: order from 2 is 1, 0, 2
    assert next_dealer([8, 8, 8], previous_dealer=0) == 2  # D4: a full tie rotates the deal


# ---------------------------------------------------------------- loading
def base_doc() -> dict:
    return doc([["r1", "r2"], ["y1"], ["g1"]], ["b5"], last_color="b")


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["zones"]["hands"][0].append("r1"), "exactly once"),
    (lambda d: d["zones"]["draw_pile"].pop(), "exactly once"),
    (lambda d: d["zones"]["hands"][0].append("zz"), "unknown card"),
    (lambda d: d["zones"]["event_pile"].pop(), "20 events"),
    (lambda d: d["zones"].update(events_used=["eye"]), "20 events"),
    (lambda d: d.update(phase="counter"), "pending"),
    (lambda d: d.update(phase="dance"), "phase"),
    (lambda d: d["zones"].update(wish="k"), "wish"),
    (lambda d: d["zones"].update(last_color="k"), "last_color"),
    (lambda d: d["zones"].update(current=3), "current"),
    (lambda d: d["zones"].update(skipped=[False]), "skipped"),
    (lambda d: d["zones"].update(hand_counts=[1, 1, 1]), "hand_counts"),
    (lambda d: d["zones"].update(draw_count=3), "draw_count"),
    (lambda d: d.update(to_act=[1]), "to_act"),
    (lambda d: d["zones"].update(pending={"type": "nicetry", "asked": [1]}), "pending"),
    (lambda d: d["zones"].update(discard=[]), "discard"),
    (lambda d: d.update(totals=[5, 0, 0]), "totals"),
    (lambda d: d["zones"].update(hands=[["r1"]]), "one list per seat"),
    (lambda d: d.update(round=True), "mayhem load: round must be an integer ≥ 1, not True"),
    (lambda d: d.update(dealer=3), "mayhem load: dealer must be a seat 0 … 2, not 3"),
    (lambda d: d.update(scores=[[1, "2", 0]], totals=[1, 2, 0]), "mayhem load: scores must be a list"),
    (lambda d: d.update(phase="game_over", to_act=[], game_over=True), "needs a finished match (mayhem R71)"),
])
def test_load_rejects_invalid_states(mutate, words: str) -> None:
    d = base_doc()
    mutate(d)
    with pytest.raises(InvalidState) as info:
        GAME.load(d)
    assert words in str(info.value)


def test_load_defaults_and_bad_options() -> None:
    d = base_doc()
    for key in ("draw_face_up", "exhausted", "market", "revealed", "gamble", "pending", "skipped"):
        d["zones"].pop(key, None)
    state = GAME.load(d)
    z = state.to_doc()["zones"]
    assert (z["draw_face_up"], z["exhausted"], z["market"], z["revealed"], z["gamble"], z["pending"]) == (
        False, False, [], None, None, None)
    assert z["hand_counts"] == [2, 1, 1] and state.to_act() == [0]
    d = base_doc()
    d["options"] = {"counter_target": "everyone"}
    with pytest.raises(InvalidOptions):
        GAME.load(d)


def test_load_sorts_hands_canonically() -> None:
    d = base_doc()
    d["zones"]["hands"][0] = ["r2", "r1"]
    assert GAME.load(d).to_doc()["zones"]["hands"][0] == ["r1", "r2"]


# ---------------------------------------------------------------- views, tokens, determinize
def test_views_hide_hands_piles_and_hidden_choices() -> None:
    state = load([["r5", "y9", "g7", "rgift"], ["g1", "g2"], ["b1", "b2"]], ["r3"], last_color="r")
    state.apply(0, "play:rgift:1:y9:g7")
    for seat in (1, 2, None):
        view = state.view(seat)
        z = view["zones"]
        assert z["pending"]["cards"] == ["?", "?"]
        assert set(z["draw_pile"]) == {"?"} and set(z["event_pile"]) == {"?"}
        assert "y9" not in json.dumps(z["hands"]) and "y9" not in json.dumps(z["pending"])
    assert state.view(0)["zones"]["pending"]["cards"] == ["y9", "g7"]
    assert state.public_token(0, "play:rgift:1:y9:g7", 1) == "play:rgift:1:?:?"
    assert state.public_token(0, "play:rgift:1:y9:g7", 0) == "play:rgift:1:y9:g7"
    assert state.public_token(0, "give:r1:2", 2) == "give:?:2"  # no gifts delivered now (R43, D27)
    assert state.public_token(0, "give:r1:2", 1) == "give:?:2"
    assert state.public_token(1, "counter:r:0:g1:g2", 2) == "counter:r:0:?:?"
    assert state.public_token(1, "bet:fy", None) == "bet:?"
    assert state.public_token(0, "start:2:r5:k9", 1) == "start:2:?:?"
    assert state.public_token(0, "start:g:1:1:2:2", 1) == "start:g:1:1:2:2"


def test_views_hide_other_seats_simultaneous_choices() -> None:
    state = load([["r1", "r2", "k5"], ["y1"], ["g1"]], ["r5"], events_top=["christmas"])
    state.apply(0, "play:k5")
    state.apply(0, "give:r1:1")
    assert state.view(1)["zones"]["pending"]["chosen"][0] == ["?"]
    assert state.view(0)["zones"]["pending"]["chosen"][0] == ["r1:1"]


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_determinize_keeps_view_and_redeals(players: int) -> None:
    rng = random.Random(players)
    changed = 0
    for state in random_states(players, seed=players, every=7):
        full = Counter(GAME.deck(players, state.options))
        for seat in range(players):
            sample = state.determinize(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.cards() == full
            assert all(sample.legal_actions(s) for s in sample.to_act())
            changed += sample.to_doc() != state.to_doc()
    assert changed > 0


def test_clone_is_independent() -> None:
    state = load([["r5", "y5"], ["g1", "g2"], ["b1", "b2"]], ["r3"], last_color="r")
    twin = state.clone()
    twin.apply(0, "play:r5")
    assert state.hands[0] == ["r5", "y5"] and twin.hands[0] == ["y5"]
    assert state.rng.getstate() == twin.rng.getstate()


# ---------------------------------------------------------------- whole matches
PUBLISHED = {"counter_target": "any", "gambling_rule": "published", "game_length": "short"}


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("options", [{}, PUBLISHED])
def test_full_random_matches_end_with_winners(players: int, options: dict) -> None:
    for seed in range(3):
        state = GAME.new_state(players, options, seed=seed)
        assert isinstance(state, MayhemState)
        rng = random.Random(seed)
        steps = 0
        while not state.game_over:
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
            assert steps < 100_000
        assert state.winners and max(state.totals) > (state.options["point_limit"] or 0)
        low = min(state.totals)
        assert state.winners == [s for s in range(players) if state.totals[s] == low]
        assert [sum(r[s] for r in state.scores) for s in range(players)] == state.totals
        assert Counter(c for h in state.hands for c in h) + Counter(state.draw) + Counter(state.discard) == Counter(
            PLAY_DECK)


def test_round_trip_in_every_phase() -> None:
    seen = set()
    for players in (2, 4, 6):
        for state in random_states(players, seed=11 * players):
            d = state.to_doc()
            assert GAME.load(json.loads(json.dumps(d))).to_doc() == d
            seen.add(state.phase)
    assert {"play", "after_draw", "counter", "nicetry", "round_over", "game_over"} <= seen
