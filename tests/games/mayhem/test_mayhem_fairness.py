"""Issue 31 item 1: a determinization for a seat re-deals the cards other seats committed face down
(Gift/Exchange cards, ``give``, ``bet`` and ``discard`` choices: ``?`` in the seat's view, spec
mayhem *Public form of tokens*, R43, D27), so neither ISMCTS bots nor the coach read them."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from tests.games.mayhem.mayhem_helpers import load

from kartentisch.bots.coach import hint
from kartentisch.bots.ismcts import ISMCTSBot
from kartentisch.conformance import check_resample
from kartentisch.games.mayhem import GAME
from kartentisch.games.mayhem.cards import COLOR, KIND, PLAY_DECK
from kartentisch.games.mayhem.notation import chosen_card
from kartentisch.games.mayhem.rules import MayhemState

SAMPLES = 100


def _gamble(bet: str, options: dict | None = None) -> MayhemState:
    """Two seats in the Gambler's bets (R50), both to act; seat 0 then bets ``bet`` face down."""
    state = load([["k5", "r1", "y2", "g7"], ["b3", "b4", "y8"]], ["r5"], events_top=["gambler"],
                 last_color="r", options=options or {})
    state.apply(0, "play:k5")
    assert state.phase == "gamble" and state.to_act() == [0, 1]
    state.apply(0, f"bet:{bet}")
    return state


def _check_sample(state: MayhemState, sample: MayhemState, seat: int) -> None:
    assert sample.view(seat) == state.view(seat)
    assert sample.cards() == Counter(GAME.deck(2, state.options))
    assert all(sample.legal_actions(s) for s in sample.to_act())


def test_another_seats_bet_is_re_dealt_with_its_hand() -> None:
    """mayhem R43, R50: seat 0's face-down bet is hidden from seat 1; its samples re-draw it as a legal
    bet from seat 0's re-dealt hand (the old code kept the real bet in 100 of 100 samples)."""
    state = _gamble("r1")
    rng = random.Random(5)
    bets = []
    for _ in range(SAMPLES):
        sample = state.determinize(1, rng)
        _check_sample(state, sample, 1)
        bet = sample.pending["chosen"][0]
        assert len(bet) == 1 and bet[0] in sample.hands[0]  # a legal bet: a card of the re-dealt hand
        bets.append(bet[0])
    assert bets.count("r1") < SAMPLES // 10, f"seat 0's real bet kept in {bets.count('r1')} of {SAMPLES} samples"
    assert len(set(bets)) > 10
    # the seat's own committed choice stays: seat 0 sees its bet in its view, and so in every sample
    assert all(state.determinize(0, rng).pending["chosen"][0] == ["r1"] for _ in range(20))


def test_two_states_one_view_different_bets_give_one_hint() -> None:
    """Two positions seat 1 cannot tell apart (equal ``view(1)``, equal public history: seat 0 bet
    ``bet:?``) differ only in seat 0's face-down bet; the coach's seeded hint must not tell them apart."""
    low, high = _gamble("r1"), _gamble("g7")
    assert low.view(1) == high.view(1)
    assert low.public_token(0, "bet:r1", 1) == high.public_token(0, "bet:g7", 1) == "bet:?"
    assert hint(low, 1, iterations=60, seed=42)["moves"] == hint(high, 1, iterations=60, seed=42)["moves"]
    bots = ISMCTSBot(GAME, seed=42, iterations=60), ISMCTSBot(GAME, seed=42, iterations=60)
    assert bots[0].search(low, 1) == bots[1].search(high, 1)


def test_published_gamble_bets_stay_legal_and_drawers_hold_none() -> None:
    """R50 published: a bettor's re-drawn bet is a coloured number card of ``last_color`` from its
    re-dealt hand, and a seat that held none of them when the Gambler turned up (it draws 2) holds none."""
    state = load([["k5", "r1", "r2", "y7"], ["b3", "r4", "y8"], ["g1", "g2"]], ["r5"], events_top=["gambler"],
                 last_color="r", options={"gambling_rule": "published"})
    state.apply(0, "play:k5")
    assert state.phase == "gamble" and state.pending["drawers"] == [2]
    state.apply(0, "bet:r2")
    rng = random.Random(3)
    for _ in range(SAMPLES):
        sample = state.determinize(1, rng)
        assert sample.view(1) == state.view(1)
        bet = sample.pending["chosen"][0][0]
        assert KIND[bet] == "num" and COLOR[bet] == "r" and bet in sample.hands[0]
        assert not [c for c in sample.hands[2] if KIND[c] == "num" and COLOR[c] == "r"]


def test_gift_cards_and_gifts_are_re_drawn_from_the_source_hand() -> None:
    """R9, R21: the Gift's named cards are ``?`` to its target; samples name min(2, E) cards of the
    source's re-dealt hand, never ``fy`` (R19). R58: a party gift's card is re-drawn, its receiver
    (public in the log, ``give:?:t``) stays."""
    state = load([["r5", "y9", "g7", "rgift"], ["g1", "counter"], ["b1", "b2"]], ["r3"], last_color="r")
    state.apply(0, "play:rgift:1:y9:g7")
    assert state.phase == "counter"
    rng = random.Random(1)
    named = Counter()
    for _ in range(SAMPLES):
        sample = state.determinize(1, rng)
        assert sample.view(1) == state.view(1)
        cards = sample.pending["cards"]
        assert len(cards) == 2 and "fy" not in cards and not Counter(cards) - Counter(sample.hands[0])
        named.update(cards)
    assert named["y9"] + named["g7"] < SAMPLES // 5 and len(named) > 10

    party = load([["r1", "r2", "k5"], ["y1"], ["g1", "g2"]], ["r5"], events_top=["party"])
    party.apply(0, "play:k5")
    party.apply(0, "give:r1:2")
    gifts = [party.determinize(1, rng).pending["chosen"][0] for _ in range(SAMPLES)]
    assert all(len(g) == 1 and g[0].endswith(":2") for g in gifts)
    assert len({chosen_card(g[0]) for g in gifts}) > 5


def test_a_source_with_fy_beside_one_named_card_keeps_fy() -> None:
    """R9, R19: a Gift naming one card while the source holds two shows that the other card is
    ``fy`` (E = 1); every sample keeps the count rule: the source holds fy and names its other card."""
    state = load([["r5", "fy", "rgift"], ["g1", "g2"], ["b1", "b2"]], ["r3"], last_color="r")
    state.apply(0, "play:rgift:1:r5")
    rng = random.Random(2)
    seen = set()
    for _ in range(SAMPLES):
        sample = state.determinize(2, rng)
        assert sample.view(2) == state.view(2)
        hand, cards = sample.hands[0], sample.pending["cards"]
        assert "fy" in hand and len(cards) == 1 and cards[0] in hand and cards[0] != "fy"
        seen.add(cards[0])
    assert len(seen) > 5 and Counter(PLAY_DECK)["fy"] == 1


def test_a_source_giving_nothing_but_holding_fy_is_known_to_hold_it() -> None:
    """R9, R19: a Gift naming no card from a hand of one shows that card is ``fy``: every sample keeps it,
    and the fairness check (conformance ``resample``) accepts that, as the game names it known."""
    state = load([["fy", "rgift"], ["g1", "g2"], ["b1", "b2"]], ["r3"], last_color="r")
    state.apply(0, "play:rgift:1")
    assert state.phase == "counter" and state.pending["cards"] == []
    assert state.known_hidden(2) == Counter({"fy": 1}) and state.known_hidden(0) == Counter()
    rng = random.Random(4)
    samples = [state.determinize(2, rng) for _ in range(40)]
    assert all(sample.hands[0] == ["fy"] for sample in samples)

    def fail(prop: str, detail: str) -> AssertionError:
        return AssertionError(f"{prop}: {detail}")

    assert check_resample(state, 2, samples, fail) > 0


def test_hidden_cards_with_one_place_left_are_known() -> None:
    """Two seats, the draw pile spent: the other hand holds every hidden play card, so seat 0 knows it."""
    state = load([["r1", "r2"], ["g1", "g2"]], ["r3"])
    state.discard.extend(state.draw)
    state.draw.clear()
    assert state.cards() == Counter(GAME.deck(2, state.options))
    assert state.known_hidden(0) == Counter({"g1": 1, "g2": 1})


def test_the_fairness_check_sees_committed_cards_kept() -> None:
    """conformance ``resample`` would have caught issue 31 item 1: samples that keep seat 0's real bet
    fail it, naming the slot; the determinization's own samples pass it."""
    state = _gamble("r1")
    rng = random.Random(6)
    samples = [state.determinize(1, rng) for _ in range(40)]

    def fail(prop: str, detail: str) -> AssertionError:
        return AssertionError(f"{prop}: {detail}")

    assert check_resample(state, 1, samples, fail) > 0
    for sample in samples:
        sample.pending = copy.deepcopy(state.pending)  # as the old determinization kept it
        assert sample.view(1) == state.view(1)
    with pytest.raises(AssertionError, match=r"^resample: the hidden zones\.pending\.chosen\.0\.0 is 'r1' in all 40"):
        check_resample(state, 1, samples, fail)
