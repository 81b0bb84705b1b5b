"""lastcard state documents: loading validation, round-trips, seat views, determinize, bot."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from tests.games.lastcard.lastcard_helpers import codes, example_state, play_doc, random_states

from kartentisch.games.lastcard import GAME
from kartentisch.games.lastcard.bot import HeuristicBot, cheapest_help
from kartentisch.games.lastcard.rules import LastCardState
from kartentisch.kernel import InvalidOptions, InvalidState, RandomBot

COUNTS = range(2, 7)
BASE = play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [5, 8], []], [20, 18, 12], 1)


def changed(path: str, value: Any, doc: dict[str, Any] | None = None) -> dict[str, Any]:
    """A deep copy of ``doc`` (default BASE) with ``path`` (dotted) set; ``...`` deletes the key."""
    new = copy.deepcopy(doc or BASE)
    *parents, last = path.split(".")
    target = new
    for key in parents:
        target = target[key]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return new


# ---------------------------------------------------------------- loading (spec *Explicit states*)
def test_load_defaults_and_sorting() -> None:
    doc = changed("zones.hands", [["31", "4"], ["22", "2", "15", "9"], ["27", "6", "17"]])
    state = GAME.load(doc)
    full = state.to_doc()
    assert full["zones"]["hands"][1] == ["2", "9", "15", "22"]
    assert full["zones"]["pile"] == ["20", "18", "12"] and full["zones"]["pile_top"] == "20"
    assert full["dealer"] == 2 and full["scores"] == [] and full["totals"] == [0, 0, 0]
    assert full["zones"]["out"] == [] and full["zones"]["passed"] == [None, None, None]
    assert full["options"] == {"first_player": 0, "rounds": None, "pass_cards": 3, "floor_zero": True}


INVALID = [
    ("game", ..., "required field 'game'"),
    ("round", ..., "required field 'round'"),
    ("phase", ..., "required field 'phase'"),
    ("to_act", ..., "required field 'to_act'"),
    ("zones.hands", ..., "required zone 'hands'"),
    ("zones.help", ..., "required zone 'help'"),
    ("zones.pile", ..., "required zone 'pile'"),
    ("zones.start_player", ..., "required zone 'start_player'"),
    ("colour", "red", "unknown field"),
    ("zones.deck", [], "unknown zone"),
    ("phase", "playing", "phase"),
    ("round", 0, "round"),
    ("round", 4, "round"),
    ("zones.start_player", 3, "start_player"),
    ("dealer", 0, "dealer"),
    ("zones.pile_top", "18", "pile_top"),
    ("totals", [1, 0, 0], "totals"),
    ("scores", [[1, 2, 3]], "scores must hold 0"),
    ("zones.hands", [["4", "31"], ["2", "9", "15", "22"]], "one entry per seat"),
    ("zones.hands", [["4", "31"], ["2", "9", "15", "22"], ["6", "17", "37"]], "not in play"),
    ("zones.hands", [["4", "31"], ["2", "9", "15", "22"], ["6", "17", "027"]], "not a card code"),
    ("zones.hands", [["4", "31"], ["2", "9", "15", "22"], ["6", "17", 27]], "not a card code"),
    ("zones.hands", [["4", "31"], ["2", "9", "15", "22"], ["6", "17", "17"]], "twice"),
    ("zones.hands", [["4", "31"], ["2", "9", "15", "22"], ["6", "20"]], "appears in both"),
    ("zones.out", ["5"], "appears in both"),
    ("zones.set_aside", ["12"], "appears in both"),
    ("zones.hands", [["4"], ["2", "9", "15", "22"], ["6", "17", "27"]], "at least 2 cards"),
    ("to_act", [1, 2], "exactly one seat"),
    ("to_act", [3], r"to_act must be a list of seats 0 … 2, not \[3\]"),
    ("game_over", True, "game_over"),
    ("winners", [1], "winners"),
    ("zones.passed", [["1", "3"], None, None], "exactly pass_cards"),
    ("zones.last_move", "0:take:20", "last_move"),
    ("zones.last_move", "5:play:20", "last_move"),
]


@pytest.mark.parametrize(("path", "value", "message"), INVALID)
def test_load_rejects_invalid_documents(path: str, value: Any, message: str) -> None:
    with pytest.raises(InvalidState, match=message):
        GAME.load(changed(path, value))


def test_load_rejects_bad_players_and_options() -> None:
    with pytest.raises(InvalidOptions):
        GAME.load(changed("players", 7))
    with pytest.raises(InvalidOptions):
        GAME.load(changed("options", {"pass_cards": 5}))


def pass_doc(**zones: Any) -> dict[str, Any]:
    doc = play_doc(2, [[1, 2, 3, 4], [5, 6, 7, 8]], [[], []], [], 0, phase="pass")
    doc["to_act"] = [0, 1]
    doc["zones"].update(zones)
    return doc


def test_load_phase_pass_rules() -> None:
    assert GAME.load(pass_doc()).to_act() == [0, 1]
    with pytest.raises(InvalidState, match="have not passed"):
        GAME.load(pass_doc(passed=[None, ["9", "10", "11"]]))  # to_act still lists seat 1
    state = GAME.load({**pass_doc(passed=[None, ["9", "10", "11"]]), "to_act": [0]})
    assert state.to_act() == [0] and state.cards()["9"] == 1
    with pytest.raises(InvalidState, match="appears in both"):  # in transit counts as a place
        GAME.load({**pass_doc(passed=[None, ["4", "10", "11"]]), "to_act": [0]})
    with pytest.raises(InvalidState, match="pass_cards ≥ 1"):
        GAME.load({**pass_doc(), "options": {"pass_cards": 0}})
    with pytest.raises(InvalidState, match="at least 3 cards"):
        GAME.load({**pass_doc(), "zones": {**pass_doc()["zones"], "hands": [["1", "2"], ["5", "6", "7", "8"]]}})


def test_load_passed_is_only_a_record_after_passing() -> None:
    state = GAME.load(changed("zones.passed", [["4", "20", "31"], None, None]))  # 4 and 31 also in hand 0
    assert state.passed[0] == [4, 20, 31] and state.cards()["4"] == 1


def test_load_round_over_and_game_over_rules() -> None:
    over = play_doc(3, [[25], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [], 0, phase="round_over",
                    scores=[[25, 3, 18]])
    assert GAME.load(over).to_act() == [0]
    with pytest.raises(InvalidState, match=r"to_act must be \[0\]"):
        GAME.load({**over, "to_act": [1]})
    with pytest.raises(InvalidState, match="scores must hold 1"):
        GAME.load({**over, "scores": []})
    with pytest.raises(InvalidState, match="round below"):
        GAME.load({**over, "options": {"rounds": 1}})
    done = {**over, "phase": "game_over", "to_act": [], "round": 3, "scores": [[25, 3, 18], [0, 9, 1], [0, 13, 0]]}
    state = GAME.load(done)
    assert state.winners == [0, 1] and state.game_over
    with pytest.raises(InvalidState, match="winners"):
        GAME.load({**done, "winners": [0]})
    with pytest.raises(InvalidState, match="round = the number of rounds"):
        GAME.load({**done, "round": 2, "scores": [[25, 3, 18], [0, 9, 1]]})
    with pytest.raises(InvalidState, match="to_act must be empty"):
        GAME.load({**done, "to_act": [0]})


@pytest.mark.parametrize("players", COUNTS)
def test_round_trip_every_phase(players: int) -> None:
    phases = set()
    for state in random_states(players, seed=players + 40, limit=5000):
        doc = state.to_doc()
        assert GAME.load(json.loads(json.dumps(doc))).to_doc() == doc
        phases.add(state.phase)
    assert phases == {"pass", "play", "round_over", "game_over"}


# ---------------------------------------------------------------- views (R14, D18)
def test_view_hides_other_hands_out_and_set_aside() -> None:
    state = GAME.new_state(2, deck=codes(*range(1, 37)))
    view = state.view(0)
    assert view["zones"]["hands"][1] == ["?"] * 12 and view["zones"]["hands"][0] == codes(*range(1, 24, 2))
    assert view["zones"]["set_aside"] == ["?"] * 12
    spectator = state.view(None)
    assert spectator["zones"]["hands"] == [["?"] * 12, ["?"] * 12]


def test_view_passed_visibility() -> None:
    state = GAME.new_state(3, deck=codes(*range(36, 0, -1)))
    state.apply(0, "pass:3:6:36")
    assert state.view(0)["zones"]["passed"][0] == ["3", "6", "36"]
    assert state.view(2)["zones"]["passed"][0] == ["?", "?", "?"]  # receiver: not yet
    assert state.view(1)["zones"]["passed"][0] == ["?", "?", "?"]
    state.apply(1, "pass:2:5:8")
    state.apply(2, "pass:1:4:7")
    assert state.view(2)["zones"]["passed"][0] == ["3", "6", "36"]  # receiver once complete
    assert state.view(1)["zones"]["passed"][0] == ["?", "?", "?"]
    assert state.view(None)["zones"]["passed"] == [["?"] * 3] * 3


def test_view_out_hidden_and_round_over_reveals_hands() -> None:
    state = example_state()
    state.apply(1, "lay:2:20")
    assert state.view(0)["zones"]["out"] == ["?", "?"]
    assert state.view(0)["zones"]["help"][1] == ["2", "5", "8"]
    assert state.view(0)["zones"]["last_move"] == "1:lay:2:20"
    ended = GAME.load(play_doc(3, [[5, 34], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [20], 0))
    ended.apply(0, "play:34")
    assert ended.view(1)["zones"]["hands"] == [["5"], ["3", "8", "14"], ["1", "2", "9", "30"]]


def _visible_codes(view: dict[str, Any]) -> set[str]:
    return {c for c in json.dumps(view["zones"]).replace('"', " ").replace(",", " ").replace("[", " ")
            .replace("]", " ").split() if c.isdigit()}


@pytest.mark.parametrize("players", COUNTS)
def test_view_never_shows_hidden_cards(players: int) -> None:
    for state in random_states(players, seed=players + 3, limit=300)[::4]:
        if state.phase not in ("pass", "play"):
            continue
        for seat in range(players):
            allowed = set(codes(*state.hands[seat])) | {c for row in state.help for c in codes(*row)}
            allowed |= set(codes(*state.pile)) | set(codes(*(state.passed[seat] or ())))
            if state.phase == "play":
                allowed |= set(codes(*(state.passed[(seat + 1) % players] or ())))
            if state.last_move:
                allowed |= {part for part in state.last_move.split(":")[2:]}
            assert _visible_codes(state.view(seat)) <= allowed | {str(state.start)}


def test_public_token_hides_passed_cards() -> None:
    state = example_state()
    assert state.public_token(0, "pass:3:6:9", 1) == "pass:?:?:?"
    assert state.public_token(0, "pass:3:6:9", 0) == "pass:3:6:9"
    assert state.public_token(0, "play:9:5", None) == "play:9:5"


# ---------------------------------------------------------------- determinize
@pytest.mark.parametrize("players", COUNTS)
def test_determinize_keeps_the_view_and_redeals(players: int) -> None:
    rng = random.Random(players)
    redealt = 0
    for state in random_states(players, seed=players + 9, limit=300)[::6]:
        before = state.to_doc()
        for seat in range(players):
            sample = state.determinize(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.cards() == state.cards()
            assert sample.out == state.out  # Decision: out was public before it went face down
            redealt += sample.to_doc() != before
        assert state.to_doc() == before
    assert redealt > 0


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = GAME.new_state(3, deck=codes(*range(36, 0, -1)))
    state.apply(0, "pass:3:6:36")
    state.apply(1, "pass:2:5:8")
    state.apply(2, "pass:1:4:7")
    state.apply(0, "play:9")
    state.apply(1, "lay:1:9")  # seat 1 takes 9 publicly
    rng = random.Random(1)
    for _ in range(30):
        sample = state.determinize(0, rng)
        assert {3, 6, 36} <= set(sample.hands[2])  # seat 0 passed them to seat 2
        assert 9 in sample.hands[1]
        assert sample.hands[0] == state.hands[0]


# ---------------------------------------------------------------- heuristic bot
def test_bot_always_legal() -> None:
    for players in COUNTS:
        for state in random_states(players, seed=players + 77, limit=300):
            for seat in state.to_act():
                assert state.is_legal(seat, HeuristicBot(0).choose(state, seat))


def test_bot_rules() -> None:
    bot = HeuristicBot(0)
    lead = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [], []], [], 1))
    assert bot.choose(lead, 1) == "play:2"  # rule 3
    end = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 27]], [[], [], [5, 8]], [10], 2))
    assert bot.choose(end, 2) == "play:6:5"  # rule 4: 6 + 5 > 10, keep 27
    climb = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [], []], [10], 2))
    assert bot.choose(climb, 2) == "play:17"  # rule 5
    lay = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [], []], [30, 12], 1))
    assert bot.choose(lay, 1) == "lay:2:30"  # rule 7
    assert cheapest_help([3, 5, 8], 8) == (8,)
    assert cheapest_help([3, 5, 8], 12) == (5, 8)


def test_bot_beats_random() -> None:
    wins = 0.0
    games = 100
    for i in range(games):
        state = GAME.new_state(2, seed=i)
        bots = [HeuristicBot(i), RandomBot(i)] if i % 2 == 0 else [RandomBot(i), HeuristicBot(i)]
        while not state.game_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        hseat = i % 2
        wins += (hseat in state.winners) / len(state.winners)
    assert wins / games >= 0.85


def test_state_class() -> None:
    assert isinstance(example_state(), LastCardState)
