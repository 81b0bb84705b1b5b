"""State documents of ``chips``: loading validation, round trips, views, determinize, clone."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from kartentisch.games import get_game
from kartentisch.games.chips.cards import CARD_BIT, DECK, card_mask
from kartentisch.kernel import InvalidOptions, InvalidState, RandomBot

GAME = get_game("chips")


def valid_doc(players: int = 3) -> dict[str, Any]:
    """A mid-round document reached by play (row chips, displays, supplies all non-trivial)."""
    state = GAME.new_state(players, {}, seed=5)
    bot = RandomBot(5)
    for _ in range(8):
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
    return state.to_doc()


def mutate(fn: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(valid_doc())
    fn(doc)
    return doc


def _swap_draw_card_for_duplicate(d: dict[str, Any]) -> None:
    d["zones"]["draw"][0] = d["zones"]["row"][0]["card"]


def _move_row_card_to_draw(d: dict[str, Any]) -> None:
    d["zones"]["draw"].append(d["zones"]["row"].pop()["card"])


BAD: dict[str, Callable[[dict[str, Any]], None]] = {
    "missing card": lambda d: d["zones"]["draw"].pop(),
    "card twice": _swap_draw_card_for_duplicate,
    "chips total": lambda d: d["zones"]["supply"].__setitem__(0, d["zones"]["supply"][0] + 1),
    "negative supply": lambda d: d["zones"]["supply"].__setitem__(0, -1),
    "bool chips": lambda d: d["zones"]["row"][0].__setitem__("chips", True),
    "supply length": lambda d: d["zones"]["supply"].append(0),
    "display length": lambda d: d["zones"]["display"].pop(),
    "display colour missing": lambda d: d["zones"]["display"][0].pop("y"),
    "display bad code": lambda d: d["zones"]["display"][0]["k"].append("x1"),
    "row short while pile": _move_row_card_to_draw,
    "row entry extra key": lambda d: d["zones"]["row"][0].__setitem__("face", "up"),
    "unknown card in row": lambda d: d["zones"]["row"][0].__setitem__("card", "k11"),
    "specials undefined": lambda d: d["zones"].__setitem__("specials", ["s1"]),
    "specials twice": lambda d: (d["options"].__setitem__("specials", "random"),
                                 d["zones"].__setitem__("specials", ["s2", "s2"])),
    "specials differ from option list": lambda d: d["zones"].__setitem__("specials", ["s2"]),
    "to_act two seats": lambda d: d.__setitem__("to_act", [0, 1]),
    "to_act empty in play": lambda d: d.__setitem__("to_act", []),
    "to_act out of range": lambda d: d.__setitem__("to_act", [3]),
    "round_over to_act": lambda d: (d.__setitem__("phase", "round_over"), d.__setitem__("to_act", [1])),
    "game_over to_act": lambda d: d.__setitem__("phase", "game_over"),
    "unknown phase": lambda d: d.__setitem__("phase", "bidding"),
    "round zero": lambda d: d.__setitem__("round", 0),
    "no zones": lambda d: d.pop("zones"),
    "final_circuit not bool": lambda d: d["zones"].__setitem__("final_circuit", 1),
    "start_player out of range": lambda d: d["zones"].__setitem__("start_player", 5),
    "scores ragged": lambda d: d.__setitem__("scores", [[1, 2]]),
    "totals not the sums": lambda d: d.__setitem__("totals", [1, 0, 0]),
    "dealer no seat": lambda d: d.__setitem__("dealer", 3),
    "zones.row not a list": lambda d: d["zones"].__setitem__("row", {}),
}


#: What each rejection's message must name.
NAMES = {
    "missing card": "missing: ", "card twice": "twice: ", "chips total": "7 × 3 = 21",
    "negative supply": "supply", "bool chips": "zones.row", "supply length": "supply",
    "display length": "display", "display colour missing": "colour rows", "display bad code": "display[0].k",
    "row short while pile": "draw pile is not empty", "row entry extra key": "zones.row",
    "unknown card in row": "zones.row", "specials undefined": "R19", "specials twice": "distinct",
    "specials differ from option list": "options.specials", "to_act two seats": "to_act",
    "to_act empty in play": "to_act", "to_act out of range": "to_act", "round_over to_act": "next round's dealer",
    "game_over to_act": "game_over", "unknown phase": "phase", "round zero": "round",
    "no zones": "'zones'", "final_circuit not bool": "final_circuit", "start_player out of range": "start_player",
    "scores ragged": "scores", "zones.row not a list": "zones.row",
    "totals not the sums": "totals must be [0, 0, 0], the per-seat sums of scores", "dealer no seat": "dealer",
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_invalid_documents_rejected(name: str) -> None:
    """Spec *State document*: each broken loading rule raises InvalidState naming the problem."""
    with pytest.raises(InvalidState) as info:
        GAME.load(mutate(BAD[name]))
    assert str(info.value).startswith("chips") and NAMES[name] in str(info.value)


def test_empty_row_in_play_rejected_but_allowed_when_over() -> None:
    """The row is not empty in phase play; more than 7 cards are never allowed."""
    doc = valid_doc(2)
    z = doc["zones"]
    # move the whole pile and row into seat 0's display: an empty row with an empty pile
    cards = z["draw"] + [e["card"] for e in z["row"]]
    z["display"][0]["k"] += cards
    z["supply"][0] += sum(e["chips"] for e in z["row"])
    z["draw"], z["row"] = [], []
    with pytest.raises(InvalidState, match="empty"):
        GAME.load(doc)
    doc["phase"], doc["to_act"], doc["scores"], doc["totals"] = "game_over", [], [[3, 5]], [3, 5]
    state = GAME.load(doc)
    assert state.game_over and state.to_doc()["winners"] == [1]  # derived from the totals
    too_long = valid_doc(2)
    too_long["zones"]["row"].append({"card": too_long["zones"]["draw"].pop(), "chips": 0})
    with pytest.raises(InvalidState, match="at most 7"):
        GAME.load(too_long)


def test_bad_options_in_document() -> None:
    """Options inside a document are validated like new ones (R19 for specials)."""
    doc = valid_doc()
    doc["options"]["specials"] = ["s7"]
    with pytest.raises(InvalidOptions, match="R19"):
        GAME.load(doc)


def test_loading_takes_unreachable_positions_as_given() -> None:
    """Not checked: orientations, per-seat counts, draw_count (recomputed)."""
    doc = valid_doc()
    doc["zones"]["draw_count"] = 999
    z = doc["zones"]
    card = z["draw"].pop()
    z["display"][1]["k"].append("-" + card)
    state = GAME.load(doc)
    assert state.to_doc()["zones"]["draw_count"] == len(z["draw"])
    assert state.to_doc()["zones"]["display"][1]["k"][-1] == "-" + card


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trip_every_phase(players: int) -> None:
    """GAME.load(state.to_doc()) reproduces the document in play, round_over and game_over."""
    state = GAME.new_state(players, {"rounds": 2, "specials": "random"}, seed=players)
    bots = [RandomBot(s) for s in range(players)]
    phases = set()
    while True:
        doc = state.to_doc()
        assert GAME.load(doc).to_doc() == doc
        phases.add(state.phase)
        if state.game_over:
            break
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert phases == {"play", "round_over", "game_over"}


def test_views_hide_only_the_pile() -> None:
    """Visibility, D19: every view shows the pile as "?" of the right length; all else is public."""
    state = GAME.new_state(3, {}, seed=11)
    doc = state.to_doc()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["zones"]["draw"] == ["?"] * len(doc["zones"]["draw"])
        assert {k: v for k, v in view["zones"].items() if k != "draw"} == {
            k: v for k, v in doc["zones"].items() if k != "draw"}


def test_determinize_consistent_with_view() -> None:
    """determinize re-deals only the pile: the view is equal, the cards are conserved, self unchanged."""
    state = GAME.new_state(4, {}, seed=2)
    before = state.to_doc()
    rng = random.Random(0)
    redealt = 0
    for seat in range(4):
        det = state.determinize(seat, rng)
        assert det.view(seat) == state.view(seat)
        assert det.cards() == state.cards()
        redealt += det.to_doc()["zones"]["draw"] != before["zones"]["draw"]
    assert state.to_doc() == before and redealt > 0


def test_clone_is_independent() -> None:
    """clone copies every list and the generator."""
    state = GAME.new_state(2, {"rounds": 2}, seed=4)
    twin = state.clone()
    twin.apply(0, "take:3")
    assert state.to_doc() != twin.to_doc()
    assert state.to_doc()["zones"]["supply"] == [7, 7]
    assert state.rng.getstate() == twin.rng.getstate()
    assert twin.rng is not state.rng


def test_placed_mask_follows_the_displays() -> None:
    """``placed`` (the heuristic bot's cards in any display) equals the displays' card mask after every
    move, in clones and in states loaded from a document."""
    assert len(set(CARD_BIT.values())) == len(DECK) and max(CARD_BIT.values()) < 1 << 62  # a short int, compiled
    assert card_mask([["r1", "-r2"], ["k10"]]) == CARD_BIT["r1"] | CARD_BIT["r2"] | CARD_BIT["k10"]
    state = GAME.new_state(3, {"specials": "random", "rounds": 2}, seed=6)
    bot = RandomBot(2)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
        expected = card_mask(stack for display in state.display for stack in display)
        assert state.placed == expected == state.clone().placed == GAME.load(state.to_doc()).placed
    assert expected != 0


def test_state_pickles_with_its_effects() -> None:
    """A pickled state (the RL adapters serialise states) comes back equal, its special cards' effects
    and display mask included (compiled, the frozen Effects needs its own __reduce__)."""
    state = GAME.new_state(3, {"specials": ["s2", "s3", "s4", "s15"]}, seed=3)
    state.apply(0, state.legal_actions(0)[-1])
    twin = pickle.loads(pickle.dumps(state))
    assert twin.to_doc() == state.to_doc()
    assert (twin.effects, twin.placed) == (state.effects, state.placed) and twin.effects.any_row == {7}
    assert twin.legal_actions(1) == state.legal_actions(1)


def test_cards_conserved() -> None:
    """cards() counts every number card once in every zone (face-down marks removed)."""
    state = GAME.new_state(2, {}, seed=8)
    bot = RandomBot(1)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
        assert sorted(state.cards().elements()) == sorted(DECK)
