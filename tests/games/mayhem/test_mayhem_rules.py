"""Rules of mayhem (spec ``shared/rules/mayhem.md``): cards, setup, legal lists, errors by rule, effects."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from tests.games.mayhem.mayhem_helpers import doc, load

from kartentisch.games.mayhem import GAME
from kartentisch.games.mayhem.cards import COLOR, EVENTS, KIND, PLAY_DECK, POS, SCORE, VALUE, insert_card
from kartentisch.games.mayhem.rules import MayhemState, order_from
from kartentisch.kernel import IllegalAction

WISHES = ["r", "y", "g", "b"] + [str(v) for v in range(1, 10)]


def rejects(state: MayhemState, seat: int, token: str, rule: str) -> IllegalAction:
    """Apply ``token``; it must fail naming ``rule`` and leave the state unchanged."""
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, token)
    assert info.value.rule == f"mayhem {rule}", str(info.value)
    assert state.to_doc() == before
    return info.value


# ---------------------------------------------------------------- components
def test_components_129_play_cards_and_20_events() -> None:
    counts = Counter(PLAY_DECK)
    assert len(PLAY_DECK) == 129 and len(EVENTS) == 20 == len(set(EVENTS))
    assert sum(1 for c in PLAY_DECK if KIND[c] == "num") == 72
    assert sum(1 for c in PLAY_DECK if KIND[c] == "black") == 9
    assert sum(1 for c in PLAY_DECK if COLOR[c] and KIND[c] != "num") == 24  # D1
    assert (counts["fant"], counts["four"], counts["counter"], counts["equal"], counts["nicetry"]) == (11, 5, 4, 2, 1)
    assert counts["rgift"] == 2 and counts["rtroub"] == 1 and counts["fy"] == 1
    assert list(PLAY_DECK) == sorted(PLAY_DECK, key=POS.__getitem__)
    assert (SCORE["r7"], SCORE["k9"], SCORE["fy"], SCORE["bskip"], SCORE["fant"]) == (7, 9, 42, 7, 7)
    assert VALUE["k3"] == 3 and COLOR["k3"] is None and COLOR["ygift"] == "y"


def test_a_received_card_goes_where_sorting_puts_it() -> None:
    """Hands stay in canonical order (spec *Components*): inserting a card gives the sorted hand,
    at either end, among its equals and into an empty hand."""
    rng = random.Random(2)
    for size in list(range(8)) + [40, 128]:
        for _ in range(30):
            cards = rng.sample(PLAY_DECK, size + 1)
            hand = sorted(cards[1:], key=POS.__getitem__)
            insert_card(hand, cards[0])
            assert hand == sorted(cards, key=POS.__getitem__)


def test_order_from_runs_to_the_right_initiator_last() -> None:
    """R1, R41: next(s) = s − 1; order from I ends with I."""
    assert order_from(0, 3) == [2, 1, 0]
    assert order_from(2, 5) == [1, 0, 4, 3, 2]


# ---------------------------------------------------------------- setup S1–S5
@pytest.mark.parametrize("players", range(2, 9))
def test_s4_deal_sizes_and_first_player(players: int) -> None:
    deck = [c for c in PLAY_DECK if KIND[c] == "num"] + [c for c in PLAY_DECK if KIND[c] != "num"]
    state = GAME.new_state(players, {"first_dealer": players - 1}, seed=3, deck=deck)
    assert isinstance(state, MayhemState)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.draw) == 129 - 7 * players - 1
    assert state.discard == [deck[7 * players]]
    first = (players - 2) % players  # next(dealer)
    assert state.to_act() == [first] and state.current == first
    for i in range(7 * players):  # card i goes to seat (F − i) mod n
        assert deck[i] in state.hands[(first - i) % players]


def test_s1_point_limits() -> None:
    from kartentisch.games.mayhem.rules import point_limit
    lengths = ("short", "medium", "long")
    assert [point_limit(3, {"game_length": g, "point_limit": None}) for g in lengths] == [137, 154, 179]
    assert [point_limit(6, {"game_length": g, "point_limit": None}) for g in lengths] == [113, 137, 154]
    assert point_limit(6, {"game_length": "long", "point_limit": 99}) == 99
    assert GAME.new_state(2, seed=1).options == {"game_length": "medium", "point_limit": None, "first_dealer": 0,
                                                 "counter_target": "attacker", "gambling_rule": "summary"}


def test_s3_stacked_deck_event_order_and_validation() -> None:
    from kartentisch.kernel import InvalidState
    events = list(reversed(EVENTS))
    state = GAME.new_state(3, seed=1, deck=list(PLAY_DECK) + events)
    assert isinstance(state, MayhemState)
    assert state.event_pile + state.events_used[::-1] == events or state.event_pile == events
    with pytest.raises(InvalidState):
        GAME.new_state(3, seed=1, deck=list(PLAY_DECK)[:-1])
    with pytest.raises(InvalidState):
        GAME.new_state(3, seed=1, deck=list(PLAY_DECK) + ["eye"])


# ---------------------------------------------------------------- R2, R3 legal cards
def test_r3_number_and_colour_matching() -> None:
    state = load([["r1", "y5", "k5", "k7", "b9", "rgift"], ["g1"], ["g2"]], ["y9"], last_color="y")
    assert state.legal_actions(0) == ["play:y5", "play:b9", "draw"]  # on y9: yellow or a 9
    state = load([["r1", "y5", "k5", "b9"], ["g1"], ["g2"]], ["y5"], last_color="y")
    assert state.legal_actions(0) == ["play:y5", "play:k5", "draw"]
    state = load([["r5", "y5", "k7", "b9"], ["g1"], ["g2"]], ["k5"])
    assert state.legal_actions(0) == ["play:r5", "play:y5", "draw"]  # D16: on black only that number, coloured
    rejects(state, 0, "play:k7", "R3")
    rejects(state, 0, "play:r1", "R2")  # not in hand


def test_r3_special_on_special_and_number_wish_admits_black() -> None:
    state = load([["r1", "y1", "yskip", "bskip"], ["g1"], ["g2"]], ["rskip"], last_color="r")
    assert state.legal_actions(0) == ["play:r1", "play:yskip:1", "play:yskip:2", "play:bskip:1", "play:bskip:2", "draw"]
    state = load([["r1", "y4", "k4", "b4"], ["g1"], ["g2"]], ["fant"], wish="4")
    assert state.legal_actions(0) == ["play:y4", "play:b4", "play:k4", "draw"]
    rejects(state, 0, "play:r1", "R3")


def test_r2_pass_only_after_drawing_and_one_draw() -> None:
    state = load([["r1"], ["g1"], ["g2"]], ["b9"], draw_top=["y7"])
    rejects(state, 0, "pass", "R2")
    state.apply(0, "draw")
    assert state.phase == "after_draw" and state.legal_actions(0) == ["pass"]
    rejects(state, 0, "draw", "R2")
    rejects(state, 1, "draw", "R2")


# ---------------------------------------------------------------- R7 exhaustion
def test_r7_draw_from_empty_pile_ends_round_at_checkpoint() -> None:
    hands = [["y4"], ["b9", "k9"], ["g2", "g3"]]
    used = Counter(c for h in hands for c in h)
    discard = ["g7"] + sorted((Counter(PLAY_DECK) - used - Counter(["g7"])).elements(), key=POS.__getitem__)
    state = GAME.load({**doc(hands, discard, current=2), "zones": {**doc(hands, discard, current=2)["zones"],
                                                                  "draw_pile": [], "discard": discard}})
    assert isinstance(state, MayhemState)
    assert "draw" in state.legal_actions(2)
    state.apply(2, "draw")
    assert state.exhausted and state.phase == "round_over" and state.scores == [[4, 18, 5]]


# ---------------------------------------------------------------- R8 Second Chance
def test_r8_draw_only_without_legal_card() -> None:
    state = load([["rchance", "r2", "g1"], ["g2"], ["g3"]], ["r4"], last_color="r")
    state.apply(0, "play:rchance")
    assert state.phase == "chance" and state.legal_actions(0) == ["play:r2"]
    rejects(state, 0, "draw", "R8")
    rejects(state, 0, "pass", "R8")


# ---------------------------------------------------------------- R9–R11 Gift, Exchange, Skip
def test_r9_gift_token_listing_and_errors() -> None:
    state = load([["r5", "y9", "y9", "rgift", "fy"], ["g1"], ["g2"]], ["r3"], last_color="r")
    gifts = [t for t in state.legal_actions(0) if t.startswith("play:rgift")]
    assert gifts == [f"play:rgift:{t}:{x}" for t in (1, 2) for x in ("r5:y9", "y9:y9")]
    rejects(state, 0, "play:rgift:1:y9:r5", "R9")  # not canonical
    rejects(state, 0, "play:rgift:1:r5:fy", "R9")  # R19: never fy
    rejects(state, 0, "play:rgift:0:r5:y9", "R9")  # not oneself
    rejects(state, 0, "play:rgift:1:r5", "R9")  # exactly min(2, E)


def test_r10_exchange_takes_random_from_hand_before_receiving() -> None:
    for seed in range(8):
        state = load([["r5", "y9", "g7", "rexch"], ["b1", "b2", "b3"], ["g1"]], ["r3"], seed=seed, last_color="r")
        state.apply(0, "play:rexch:1:y9:g7")
        state.apply(1, "pass")
        assert "y9" in state.hands[1] and "g7" in state.hands[1]
        taken = [c for c in state.hands[0] if c != "r5"]
        assert len(taken) == 2 and set(taken) <= {"b1", "b2", "b3"}  # never one of the given cards
        assert len(state.hands[1]) == 3


def test_r11_skip_passes_over_marked_seat_once() -> None:
    state = load([["r5", "rskip"], ["g1", "g2"], ["b1", "b2"], ["y1", "y2"]], ["r3"], last_color="r")
    state.apply(0, "play:rskip:3")
    state.apply(3, "pass")
    assert state.to_act() == [2] and state.skipped == [False] * 4  # next(0) = 3 was marked


# ---------------------------------------------------------------- R14–R18 wish cards
def test_r14_r15_wish_listing_order() -> None:
    state = load([["fant", "four", "r9"], ["g1"], ["g2"]], ["b3"], last_color="b")
    legal = state.legal_actions(0)
    fant = [f"play:fant:{w}" for w in WISHES]
    seats = [":" + ":".join(map(str, c)) for c in combinations_with_replacement([1, 2], 4)]
    four = [f"play:four:{w}{s}" for w in WISHES for s in [""] + seats]
    assert legal == fant + four + ["draw"]
    rejects(state, 0, "play:fant", "R14")
    rejects(state, 0, "play:fant:k", "R14")
    rejects(state, 0, "play:four:r:2:1:1:1", "R15")


def test_r16_r17_r18_wish_rules_and_errors() -> None:
    state = load([["equal", "counter", "nicetry", "r1", "r2"], ["g1"], ["g2", "g3", "g4", "g5"]], ["b3"])
    rejects(state, 0, "play:equal:r:2", "R16")  # seat 2 holds 4 = not fewer than 4
    rejects(state, 0, "play:equal:5", "R16")  # colour only
    rejects(state, 0, "play:counter:7", "R17")
    rejects(state, 0, "play:nicetry:7", "R18")
    assert "play:equal:r:1" in state.legal_actions(0)


def test_r19_fy_errors() -> None:
    state = load([["fy", "r1"], ["g1"], ["g2"]], ["b3"])
    err = rejects(state, 0, "play:fy", "R3")
    assert "10" in err.reason


# ---------------------------------------------------------------- R20–R22 attacks and counters
def test_r20_four_parts_in_order_from_source() -> None:
    state = load([["four", "r1"], ["g1", "g2"], ["b1", "b2"], ["y1", "y2"]], ["r3"], last_color="r")
    state.apply(0, "play:four:r:1:2:3:3")
    assert state.to_act() == [3] and state.pending and state.pending["draws"] == 2
    state.apply(3, "pass")
    assert state.to_act() == [2]
    state.apply(2, "pass")
    assert state.to_act() == [1]
    state.apply(1, "pass")
    assert [len(h) for h in state.hands] == [1, 3, 3, 4] and state.to_act() == [3]


def test_r21_counter_window_errors_and_attacker_only() -> None:
    state = load([["r5", "rgift", "y1", "y2"], ["g1", "g2", "counter"], ["b1"]], ["r3"], last_color="r")
    state.apply(0, "play:rgift:1:y1:y2")
    assert state.legal_actions(1) == ["pass"] + [f"counter:{c}:0:g1:g2" for c in "rygb"]
    rejects(state, 1, "counter:r:2:g1:g2", "R21")
    rejects(state, 2, "pass", "R21")
    rejects(state, 0, "play:r5", "R21")


def test_r21_counter_window_opens_for_non_holder() -> None:
    """D13: the window is information-safe: the target is asked even without Counterattack."""
    state = load([["r5", "rgift", "y1", "y2"], ["g1", "g2"], ["b1"]], ["r3"], last_color="r")
    state.apply(0, "play:rgift:1:y1:y2")
    assert state.phase == "counter" and state.legal_actions(1) == ["pass"]
    rejects(state, 1, "counter:r:0:g1:g2", "R21")


# ---------------------------------------------------------------- R30, R31 checkpoint and Nice Try
def test_r31_nice_try_window_simultaneous() -> None:
    state = load([["b9"], ["r4", "nicetry"], ["g1", "g2"], ["y1"]], ["b5"], draw_top=["r7", "r8", "r9"], last_color="b")
    state.apply(0, "play:b9")
    assert state.phase == "nicetry" and state.to_act() == [1, 2, 3]
    assert state.legal_actions(2) == ["pass"]
    assert state.legal_actions(1) == ["pass"] + [f"nicetry:{c}" for c in "rygb"]
    rejects(state, 2, "nicetry:r", "R31")
    state.apply(3, "pass")
    assert state.to_act() == [1, 2]
    state.apply(1, "nicetry:g")
    assert state.hands[0] == ["r7", "r8", "r9"] and state.wish == "g" and state.to_act() == [3]


# ---------------------------------------------------------------- R36 start card
def test_r36_start_card_wish_answered_by_dealer() -> None:
    deck = list(PLAY_DECK)
    deck.remove("fant")
    deck.insert(21, "fant")
    state = GAME.new_state(3, seed=1, deck=deck)
    assert state.phase == "start" and state.to_act() == [0]
    assert state.legal_actions(0) == [f"start:{w}" for w in WISHES]
    rejects(state, 0, "start", "R36")
    rejects(state, 2, "draw", "R36")


# ---------------------------------------------------------------- events R40–R63
def events_state(event: str, hands: list[list[str]], **kw: object) -> MayhemState:
    """Seat 0 plays k5 on r5 turning up ``event`` (hands before the play, k5 added)."""
    state = load([hands[0] + ["k5"], *hands[1:]], ["r5"], events_top=[event], **kw)  # type: ignore[arg-type]
    state.apply(0, "play:k5")
    return state


def test_r40_event_pending_while_resolving_and_used_after() -> None:
    state = events_state("party", [["r1"], ["y1"], ["g1"]])
    assert state.pending and state.pending["event"] == "party" and "party" not in state.event_pile
    assert "party" not in state.events_used and state.cards()["party"] == 1
    for seat, token in [(0, "give:r1:1"), (1, "give:y1:2"), (2, "give:g1:0")]:
        state.apply(seat, token)
    assert state.events_used == ["party"] and state.hands == [["g1"], ["r1"], ["y1"]]


def test_r43_simultaneous_choice_errors() -> None:
    state = events_state("recession", [["r1", "r2", "r3", "r4"], ["y1", "y2", "y3"], ["g1", "g2"]])
    assert state.to_act() == [0, 1, 2]
    rejects(state, 0, "discard:y1", "R56")
    state.apply(1, "discard:y1")
    state.apply(1, "discard:y2")
    assert state.to_act() == [0, 2]
    rejects(state, 1, "discard:y3", "R56")
    state = events_state("party", [["r1"], ["y1"], ["g1"]])
    rejects(state, 0, "give:r1:0", "R58")
    state = events_state("christmas", [["r1"], ["y1"], ["g1"]])
    rejects(state, 0, "give:y1:1", "R54")
    state = events_state("gambler", [["r1"], ["y1"], ["g1"]])
    rejects(state, 0, "bet:y1", "R50")
    state = events_state("market", [["r1"], ["y1"], ["g1"]], draw_top=["b1", "b2", "b3"])
    rejects(state, 2, "pick:b4", "R52")
    rejects(state, 1, "pick:b1", "R52")


def test_r50_gambler_summary_second_lowest() -> None:
    """Worked example 4."""
    state = events_state("gambler", [["y9", "r2"], ["fant", "g5"], ["b1", "b3"]])
    for seat, token in [(1, "bet:fant"), (2, "bet:b1"), (0, "bet:y9")]:
        state.apply(seat, token)
    assert state.hands == [["r2"], ["y9", "g5", "b1", "fant"], ["b3"]]
    assert state.gamble == {"0": "y9", "1": "fant", "2": "b1"}


def test_r61_tornado_conserves_and_deals_from_initiator() -> None:
    state = events_state("tornado", [["r1", "r2"], ["y1", "y2", "y3", "y4"], ["g1"]])
    assert [len(h) for h in state.hands] == [2, 2, 3]
    assert sorted(c for h in state.hands for c in h) == sorted(["r1", "r2", "y1", "y2", "y3", "y4", "g1"])


def test_r62_upside_down_top_visible_in_views() -> None:
    state = events_state("upside", [["r1"], ["y1"], ["g1"]], draw_top=["b1", "b2"])
    assert state.face_up and state.draw[0] == "fy"  # canonical remainder reversed: fy was last
    view = state.view(1)
    assert view["zones"]["draw_pile"][0] == "fy" and set(view["zones"]["draw_pile"][1:]) == {"?"}


def test_r46_doomsday_scores_fifty_and_rotates_deal() -> None:
    state = events_state("doomsday", [["r1"], ["y1"], ["g1"]], dealer=1)
    assert state.phase == "round_over" and state.scores == [[50, 50, 50]] and state.dealer == 0
    assert state.events_used == ["doomsday"]


def test_r72_deal_token_starts_next_round() -> None:
    state = load([["b9"], ["r4"], ["g1"]], ["b5", "nicetry"], last_color="b")
    state.apply(0, "play:b9")
    assert state.phase == "round_over" and state.dealer == 1
    rejects(state, 0, "deal", "R72")
    state.apply(1, "deal")
    assert state.round == 2 and state.scores == [[0, 4, 1]]
    assert len(state.event_pile) + len(state.events_used) == 20 - (1 if state.pending and
                                                                    state.pending["type"] == "event" else 0)
    assert sum(len(h) for h in state.hands) + len(state.draw) + len(state.discard) + len(state.market) == 129
