"""Tests of the ``colors`` heuristic bot (src/kartentisch/games/colors/bot.py); rules cited as ``colors R…``."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kartentisch.games  # noqa: F401  (registers the games)
from kartentisch.games.colors import GAME
from kartentisch.games.colors.bot import HeuristicBot, captures, takes
from kartentisch.games.colors.cards import KEY, deck_codes
from kartentisch.kernel import RandomBot


def two_player_doc(hands: list[list[str]], centre: list[str], collections: list[list[str]],
                   pending: dict[str, Any] | None = None) -> dict[str, Any]:
    """A loadable 2-player round-1 document with seat 0 to act; every other card goes to the draw pile."""
    used = {c for group in [*hands, centre, *collections] for c in group}
    return {
        "game": "colors", "players": 2, "options": {}, "round": 1, "dealer": 1, "to_act": [0],
        "phase": "play" if pending is None else "pick", "scores": [], "totals": [0, 0],
        "zones": {"hands": hands, "centre": centre, "draw": [c for c in deck_codes(2) if c not in used],
                  "collections": collections, "pending": pending},
    }


def keys(codes: list[str]) -> list[int]:
    """Card keys of ``codes``."""
    return [KEY[c] for c in codes]


def test_captures_follow_equal_neighbour_and_no_capture_rules() -> None:
    """colors R7 (all equal numbers, neighbours ignored), R8/R9 (one per side, every choice), R10."""
    centre = keys(["b7", "g6", "p7", "r8", "y2"])
    assert captures(KEY["y7"], centre) == [(keys(["b7", "p7"]), keys(["g6", "r8", "y2"]))]
    assert takes(4, keys(["b3", "g3", "r8", "y5"])) == [keys(["b3", "y5"]), keys(["g3", "y5"])]
    assert takes(0, keys(["b6", "b9", "g1", "p5"])) == [keys(["b9", "g1"])]  # R6 wrap-around
    assert captures(KEY["b4"], keys(["g0", "p8"])) == [([], keys(["b4", "g0", "p8"]))]


def test_last_pick_takes_the_exact_best_final_score() -> None:
    """Rules 2 and 6: on the last turn the pick (colors R9) that makes all colours equal (R15) wins.

    After p5 the collection is b2 g2 p1: picking b4 scores 3 − 1 = 2, picking p4 scores 2+2+2 = 6.
    """
    pending = {"side": "lower", "number": 4, "options": ["b4", "p4"], "card": "p5", "taken": []}
    doc = two_player_doc([[], ["g9"]], ["b4", "g8", "p4"], [["b1", "b2", "g1", "g2", "p5"], []], pending)
    state = GAME.load(doc)
    assert HeuristicBot(seed=0).choose(state, 0) == "pick:p4"


def test_second_last_play_orders_the_last_two_cards() -> None:
    """Rule 4: with two cards left the last card's result is evaluated exactly.

    Collection b3 g3 p1 (score 2); both hand cards can only capture p5 (R8). p6 first takes it
    (b3 g3 p3 = 9, and g4 then captures nothing); g4 first would take it instead (b3 g4 p2 = 2).
    """
    doc = two_player_doc([["g4", "p6"], ["g7", "p8"]], ["b0", "b9", "p5"],
                         [["b1", "b2", "b3", "g1", "g2", "g3", "p1"], []])
    state = GAME.load(doc)
    assert HeuristicBot(seed=0).choose(state, 0) == "play:p6"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_legal_tokens_and_no_state_change(players: int) -> None:
    """The bot returns a legal token in every decision of a whole match and leaves the state unchanged."""
    state = GAME.new_state(players, {"target_score": 15}, seed=players)
    bot = GAME.heuristic_bot(seed=1)
    while not state.game_over:
        seat = state.to_act()[0]
        before = state.to_doc()
        token = bot.choose(state, seat)
        assert state.to_doc() == before
        assert token in state.legal_actions(seat)
        state.apply(seat, token)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_choice_uses_only_what_the_seat_sees(players: int) -> None:
    """colors R20: the choice is the same on any re-deal of the hidden cards (``determinize``)."""
    rng = random.Random(players)
    mover = RandomBot(players)
    checked = 0
    for seed in range(3):
        state = GAME.new_state(players, {"max_rounds": 2}, seed=seed)
        while not state.game_over:
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                expected = HeuristicBot(seed=seed).choose(state, seat)
                for _ in range(3):
                    world = state.determinize(seat, rng)
                    assert world.view(seat) == state.view(seat)
                    assert HeuristicBot(seed=seed).choose(world, seat) == expected
                checked += 1
            state.apply(seat, mover.choose(state, seat))
    assert checked > 30


def test_beats_random_in_a_short_sample() -> None:
    """The bot wins most 2-player matches (target 30) against random; the full 1,000-match
    measurement is ``kartentisch simulate colors --players 2 --games 1000 --bots heuristic,random``."""
    wins = 0.0
    for i in range(40):
        state = GAME.new_state(2, {}, seed=500 + i)
        bots = [GAME.heuristic_bot(seed=i), RandomBot(i)]
        if i % 2:
            bots.reverse()
        while not state.game_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        wins += state.returns()[i % 2]
    assert wins >= 30

