"""Rules of ``grid`` (rules/grid.md): legal lists, errors naming the rule, resolution, scoring,
loading validation, views and determinization, whole matches."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from tests.games.grid.grid_helpers import doc

import kartentisch.games  # noqa: F401
from kartentisch.games import get_game
from kartentisch.games.grid.bot import HeuristicBot
from kartentisch.games.grid.cards import DECK, VALUE
from kartentisch.games.grid.cells import close_grid, completed_lines, remove_diagonal, remove_line
from kartentisch.games.grid.rules import match_winners, score_round
from kartentisch.kernel import IllegalAction, InvalidOptions, InvalidState, RandomBot

GAME = get_game("grid")
OTHER1 = [["?g10", "g11", "?m10"], ["?o10", "?p10", "?t11"], ["?y10", "?b10", "r11"]]
OTHER2 = [["?m11", "?o11", "?p11"], ["t8", "?y11", "?b11"], ["?g9", "?o7", "m9"]]
BASE0 = [["b3", "?g5", "?m7"], ["?o2", "?y9", "?p4"], ["?t6", "r10", "?b8"]]


def base_state(**kw: Any):
    return GAME.load(doc([copy.deepcopy(BASE0), copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)],
                         ["g2", "t9", "y0"], ["r-1", "o8"], 0, **kw))


def rejected(state, seat: int, token: str) -> IllegalAction:
    """Apply an illegal token; check the state is unchanged and return the error."""
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, token)
    assert state.to_doc() == before
    return info.value


# ----------------------------------------------------------------------------- cards, deal
def test_deck_r1_d2() -> None:
    assert len(DECK) == 104 and len(set(DECK)) == 104
    assert sum(VALUE.values()) == 520
    assert DECK[0] == "b-1" and DECK[13] == "g-1" and DECK[-1] == "y11"
    assert GAME.deck(4, {}) == list(DECK)


@pytest.mark.parametrize("players,draw", [(2, 85), (3, 76), (4, 67), (5, 58), (6, 49)])
def test_deal_sizes_r3(players: int, draw: int) -> None:
    state = GAME.new_state(players, seed=5)
    d = state.to_doc()["zones"]
    assert d["draw_count"] == draw and len(d["discard"]) == 1
    assert all(len(g) == 3 and all(len(r) == 3 and all(c.startswith("?") for c in r) for r in g) for g in d["grids"])
    assert state.to_act() == list(range(players)) and d["flips_left"] == [2] * players


def test_deal_order_from_dealers_left_d3() -> None:
    state = GAME.new_state(4, {"first_dealer": 2}, deck=list(DECK))
    grids = state.to_doc()["zones"]["grids"]
    # seats 3, 0, 1, 2 receive cards 0, 1, 2, 3; seat 3's second card is card 4
    assert [grids[s][0][0] for s in (3, 0, 1, 2)] == ["?" + DECK[k] for k in range(4)]
    assert grids[3][0][1] == "?" + DECK[4] and grids[2][2][2] == "?" + DECK[35]
    assert state.to_doc()["zones"]["discard"] == [DECK[36]]


def test_stacked_deck_must_be_permutation_r1() -> None:
    with pytest.raises(InvalidState, match="R1"):
        GAME.new_state(2, deck=list(DECK[:-1]) + ["b0"])


@pytest.mark.parametrize("options", [{"end_total": 0}, {"first_dealer": 3}, {"optional_removal": 1}, {"x": 1}])
def test_bad_options_rejected(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, options, seed=1)


def test_player_range_r2() -> None:
    for bad in (1, 7):
        with pytest.raises(InvalidOptions):
            GAME.new_state(bad, seed=1)


# ----------------------------------------------------------------------------- setup R4, R5
def test_setup_flips_r4_and_start_r5() -> None:
    state = GAME.new_state(2, deck=list(DECK))  # seat 1 gets even cards, seat 0 odd cards
    assert rejected(state, 0, "draw").rule == "grid R4"
    state.apply(0, "flip:0:0")
    assert rejected(state, 0, "flip:0:0").rule == "grid R4"
    state.apply(0, "flip:2:2")
    assert state.to_act() == [1] and state.legal_actions(0) == []
    assert rejected(state, 0, "flip:1:1").rule == "grid R4"
    state.apply(1, "flip:0:1")
    state.apply(1, "flip:0:2")
    # seat 0: b0 + g3 = 3; seat 1: b1 + b3 = 4 -> seat 1 starts
    assert state.phase == "play" and state.to_act() == [1]
    assert state.legal_actions(1) == ["draw", "takediscard"]


def test_start_tie_goes_clockwise_from_dealers_left_d5() -> None:
    state = GAME.new_state(2, deck=list(DECK))  # dealer 0: seat 1 gets b-1 b1 b3 …, seat 0 b0 b2 b4 …
    state.apply(1, "flip:0:1")  # b1
    state.apply(1, "flip:0:2")  # b3
    state.apply(0, "flip:0:0")  # b0
    state.apply(0, "flip:0:2")  # b4
    assert state.to_act() == [1]  # 4 == 4: the dealer's left neighbour (seat 1) starts


# ----------------------------------------------------------------------------- turn R6–R9
def test_legal_lists_display_order() -> None:
    state = base_state()
    assert state.legal_actions(0) == ["draw", "takediscard"]
    assert state.legal_actions(1) == []
    state.apply(0, "draw")
    legal = state.legal_actions(0)
    assert legal[:9] == [f"swap:{r}:{c}" for r in range(3) for c in range(3)]
    assert legal[9:] == ["flip:0:1", "flip:0:2", "flip:1:0", "flip:1:1", "flip:1:2", "flip:2:0", "flip:2:2"]


@pytest.mark.parametrize("line,rule", [
    ("1:draw", "grid R6"), ("0:pass", "grid R6"), ("0:swap:0:0", "grid R6"), ("0:deal", "grid R6"),
    ("0:takediscard 0:flip:0:1", "grid R7"), ("0:draw 0:flip:0:0", "grid R8"), ("0:draw 0:swap:3:0", "grid R10"),
    ("0:draw 0:draw", "grid R6"), ("0:draw 0:keep", "grid R8"), ("0:remove:r0", "grid R6"),
])
def test_errors_name_the_rule(line: str, rule: str) -> None:
    state = base_state()
    *setup, last = line.split(" ")
    for action in setup:
        seat, token = action.split(":", 1)
        state.apply(int(seat), token)
    seat, token = last.split(":", 1)
    assert rejected(state, int(seat), token).rule == rule


def test_takediscard_r7() -> None:
    state = base_state()
    state.apply(0, "takediscard")
    assert state.held == "r-1" and state.discard == ["o8"] and state.step == "taken"
    assert state.legal_actions(0) == [f"swap:{r}:{c}" for r in range(3) for c in range(3)]
    state.apply(0, "swap:0:0")
    assert state.grids[0][0][0] == "r-1" and state.discard == ["b3", "o8"] and state.to_act() == [1]


def test_reshuffle_r9_uses_match_rng() -> None:
    def run(seed: int):
        s = GAME.load(doc([copy.deepcopy(BASE0), copy.deepcopy(OTHER1)], [], ["b4", "g6", "o3", "m8", "t7"], 0),
                      seed=seed)
        s.apply(0, "draw")
        return s
    a, b = run(3), run(3)
    assert a.discard == ["b4"] and len(a.draw) == 3
    assert sorted([a.held, *a.draw]) == sorted(["g6", "o3", "m8", "t7"])
    assert [a.held, *a.draw] == [b.held, *b.draw]  # same seed, same shuffle


def test_draw_illegal_with_tiny_piles_r9() -> None:
    state = GAME.load(doc([copy.deepcopy(BASE0), copy.deepcopy(OTHER1)], [], ["b4"], 0))
    assert state.legal_actions(0) == ["takediscard"]
    assert rejected(state, 0, "draw").rule == "grid R9"


# ----------------------------------------------------------------------------- lines R10–R13
def test_lines_per_shape_r10() -> None:
    full = [["r1", "r2", "r3"], ["r4", "r5", "r6"], ["r7", "r8", "r9"]]
    assert completed_lines(full) == ["r0", "r1", "r2", "c0", "c1", "c2", "d0", "d1"]
    assert completed_lines(full[:2]) == ["r0", "r1"]
    assert completed_lines([row[:2] for row in full]) == ["c0", "c1"]
    assert completed_lines([row[:1] for row in full]) == ["c0"]
    assert completed_lines([]) == []
    assert completed_lines([["r1", "?r2", "r3"]]) == []  # D10: face-down never counts
    assert completed_lines([["r1", "b2", "r3"]]) == []


def test_remove_and_close_r11_r12_table() -> None:
    g = [[f"b{3 * r + c}" for c in range(3)] for r in range(3)]  # b0..b8 at (r, c)
    pos = {f"b{3 * r + c}": (r, c) for r in range(3) for c in range(3)}
    rest, cards = remove_line(g, "r1")
    assert rest == [g[0], g[2]] and cards == g[1]
    rest, cards = remove_line(g, "c0")
    assert rest == [row[1:] for row in g] and cards == ["b0", "b3", "b6"]
    rest, _ = remove_line([["b1"], ["b2"], ["b3"]], "c0")
    assert rest == []
    table = {
        ("d0", "h"): [[(0, 1), (0, 2)], [(1, 0), (1, 2)], [(2, 0), (2, 1)]],
        ("d0", "v"): [[(1, 0), (0, 1), (0, 2)], [(2, 0), (2, 1), (1, 2)]],
        ("d1", "h"): [[(0, 0), (0, 1)], [(1, 0), (1, 2)], [(2, 1), (2, 2)]],
        ("d1", "v"): [[(0, 0), (0, 1), (1, 2)], [(1, 0), (2, 1), (2, 2)]],
    }
    for (line, how), want in table.items():
        gaps, cards = remove_diagonal(g, line)
        assert [(r, c) for r, row in enumerate(gaps) for c, x in enumerate(row) if x is None] == sorted(
            pos[card] for card in cards) and len(cards) == 3
        assert [[pos[c] for c in row] for row in close_grid(gaps, how)] == want
    assert g == [[f"b{3 * r + c}" for c in range(3)] for r in range(3)]  # the given grid is left as it was


def test_worked_example_2_row_r11() -> None:
    grid0 = [["?b3", "?g5", "?m7"], ["y2", "?o9", "y6"], ["?t6", "r10", "?b8"]]
    state = GAME.load(doc([grid0, copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)], ["g2"], ["y-1", "o8"], 0))
    state.apply_line(0, "takediscard swap:1:1")
    assert state.discard == ["y-1", "y2", "y6", "o9", "o8"]
    assert state.grids[0] == [["?b3", "?g5", "?m7"], ["?t6", "r10", "?b8"]]


def test_worked_example_3_close_v_chain_r13() -> None:
    grid0 = [["g2", "r7", "r1"], ["r5", "?y8", "?p9"], ["?o4", "?m5", "g6"]]
    state = GAME.load(doc([grid0, copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)], ["t9"], ["g-1", "t10"], 0))
    state.apply_line(0, "takediscard swap:1:1")
    assert state.step == "close" and state.legal_actions(0) == ["close:h", "close:v"]
    assert state.discard == ["g-1", "g2", "g6", "y8", "t10"]
    assert rejected(state, 0, "remove:d0").rule == "grid R12"
    state.apply(0, "close:v")
    assert state.grids[0] == [["?o4", "?m5", "?p9"]]
    assert state.discard[:3] == ["r1", "r5", "r7"] and state.to_act() == [1]


def test_several_lines_choice_d15_errors() -> None:
    grid0 = [["?t1", "b5", "b9"], ["b3", "?o3", "?p7"], ["b7", "?y2", "r6"]]
    state = GAME.load(doc([grid0, copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)], ["b-1"], ["o8"], 0))
    state.apply_line(0, "draw swap:0:0")
    assert state.legal_actions(0) == ["remove:r0", "remove:c0"]
    assert rejected(state, 0, "keep").rule == "grid R11"
    assert rejected(state, 0, "remove:d0").rule == "grid R11"
    assert rejected(state, 1, "draw").rule == "grid R6"
    state.apply(0, "remove:r0")  # the column lost b-1, so it is no longer a line
    assert state.grids[0] == [["b3", "?o3", "?p7"], ["b7", "?y2", "r6"]] and state.to_act() == [1]


# ----------------------------------------------------------------------------- scoring R17–R19
def test_score_round_worked_example_4_r18_d19() -> None:
    assert score_round([[18], [8], [12]], 0) == [36, 8, 12]
    assert score_round([[9], [9]], 0) == [18, 9]
    assert score_round([[-4], [-5]], 0) == [-4, -5]
    assert score_round([[0], [-1]], 0) == [0, -1]
    assert score_round([[3, 4], [8], [10]], 0) == [7, 8, 10]  # alone lowest: plain sum
    assert score_round([[3, 4], [], [10]], 0) == [14, 0, 10]  # R17: an empty grid sums 0
    assert score_round([[3, 4], [5, 6]], None) == [7, 11]


def test_match_winners_worked_example_5_r19() -> None:
    totals = [88 + 14, 90 + 5, 91 + 4]
    assert match_winners(totals, 100) == [1, 2]
    assert match_winners([99, 50], 100) == []
    assert match_winners([12, 10], 10) == [1]


# ----------------------------------------------------------------------------- loading
def _bad(**changes: Any) -> dict[str, Any]:
    d = doc([copy.deepcopy(BASE0), copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)], ["g2"], ["r-1"], 0)
    for path, value in changes.items():
        target = d["zones"] if path in d["zones"] else d
        target[path] = value
    return d


@pytest.mark.parametrize("changes,needle", [
    ({"round": 0}, "round"),
    ({"dealer": 1}, "D4"),
    ({"scores": [[1, 2, 3]]}, "scores"),
    ({"totals": [1, 0, 0]}, "totals"),
    ({"totals": [0, 0]}, "totals"),
    ({"game_over": True}, "game_over"),
    ({"phase": "lobby"}, "phase"),
    ({"discard": ["b3"]}, "more than once"),
    ({"draw": ["x9"]}, "not a card"),
    ({"grids": [[["b3", "?g5"]], copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)]}, "shape"),
    ({"grids": [[["b3", None, "?m7"]], copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)]}, "null"),
    ({"grids": [[["b3", "?", "?m7"]], copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)]}, "not a card"),
    ({"grids": [copy.deepcopy(BASE0), copy.deepcopy(OTHER1)]}, "one grid per seat"),
    ({"flips_left": [1, 0, 0]}, "flips_left"),
    ({"flips_left": [3, 0, 0], "phase": "setup"}, "flips_left"),
    ({"active": None}, "active"),
    ({"active": 5}, "active"),
    ({"step": "drawn"}, "held"),
    ({"step": "remove"}, "R11"),
    ({"step": "close"}, "R12"),
    ({"held": "b0"}, "held"),
    ({"step": "start", "draw": [], "discard": []}, "R9"),
    ({"phase": "reveal"}, "step"),
    ({"phase": "round_over"}, "scores"),
    ({"trigger": 7}, "trigger"),
    ({"final_turns": [0, 9]}, "final_turns"),
    ({"grids": [[], copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)]}, "empty grid"),
])
def test_load_rejects(changes: dict[str, Any], needle: str) -> None:
    with pytest.raises(InvalidState, match=needle):
        GAME.load(_bad(**changes))


def test_load_accepts_and_derives() -> None:
    d = _bad(draw_count=99, discard_top="zz", to_act=[2], winners=[0])
    state = GAME.load(d)
    out = state.to_doc()
    assert out["zones"]["draw_count"] == 1 and out["zones"]["discard_top"] == "r-1"
    assert out["to_act"] == [0] and out["winners"] == []
    assert out["options"] == {"end_total": 100, "optional_removal": False, "first_dealer": 0}


def test_load_close_step_with_gaps() -> None:
    gaps = [[None, "?g5", "?m7"], ["?o2", None, "?p4"], ["?t6", "r10", None]]
    state = GAME.load(_bad(grids=[gaps, copy.deepcopy(OTHER1), copy.deepcopy(OTHER2)], step="close"))
    assert state.legal_actions(0) == ["close:h", "close:v"]
    state.apply(0, "close:h")
    assert state.grids[0] == [["?g5", "?m7"], ["?o2", "?p4"], ["?t6", "r10"]]


# ----------------------------------------------------------------------------- views R21, determinize
def test_views_hide_face_down_draw_and_held_r21() -> None:
    state = base_state()
    state.apply(0, "draw")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        z = view["zones"]
        text = json.dumps(z["grids"]) + json.dumps(z["draw"])
        assert "g5" not in text and "t9" not in text and set(z["draw"]) == {"?"}
        assert z["held"] == ("g2" if seat == 0 else "?")
        assert z["grids"][0][0] == ["b3", "?", "?"]
    state.apply(0, "swap:0:1")
    assert state.view(1)["zones"]["discard"] == ["g5", "r-1", "o8"]  # the discarded card is public
    state.apply(1, "takediscard")
    assert state.view(2)["zones"]["held"] == "g5"  # a taken card is public


def test_determinize_consistent_with_view() -> None:
    state = base_state()
    state.apply(0, "draw")
    for seat in (0, 1, 2):
        for seed in range(5):
            det = state.determinize(seat, random.Random(seed))
            assert det.view(seat) == state.view(seat)
            assert det.cards() == state.cards()
    det = state.determinize(1, random.Random(2))
    hidden = {state.held, *state.draw}
    assert det.held in hidden | {c[1:] for g in state.grids for r in g for c in r if c[0] == "?"}
    assert state.to_doc() == base_state_after_draw()


def base_state_after_draw() -> dict[str, Any]:
    s = base_state()
    s.apply(0, "draw")
    return s.to_doc()


def test_clone_is_independent() -> None:
    state = base_state()
    twin = state.clone()
    twin.apply(0, "takediscard")
    twin.apply(0, "swap:1:1")
    assert state.to_doc() == base_state().to_doc()
    assert twin.to_doc() != state.to_doc()


# ----------------------------------------------------------------------------- whole matches
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_full_matches_every_player_count(players: int) -> None:
    for seed in range(3):
        options = {"end_total": 40, "optional_removal": seed == 1, "first_dealer": seed % players}
        state = GAME.new_state(players, options, seed=seed)
        bots = [HeuristicBot(seed) if s % 2 else RandomBot(seed + s) for s in range(players)]
        rounds_seen, decisions = {1}, 0
        while not state.game_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
            decisions += 1
            rounds_seen.add(state.round)
            assert decisions < 20_000
            assert sum(state.cards().values()) == 104
            if state.phase == "round_over":
                assert state.dealer == (options["first_dealer"] + state.round - 1) % players
                assert GAME.load(state.to_doc()).to_doc() == state.to_doc()
        assert max(state.totals) >= 40 and state.winners
        assert state.winners == [s for s in range(players) if state.totals[s] == min(state.totals)]
        assert [sum(r[s] for r in state.scores) for s in range(players)] == state.totals
        assert len(state.scores) == state.round == len(rounds_seen)
        assert state.to_act() == [] and rejected(state, 0, "deal").rule == "grid R19"


def test_round_over_then_deal_r20() -> None:
    state = GAME.new_state(3, {"end_total": 1000}, seed=4)
    bot = HeuristicBot(1)
    while state.phase != "round_over":
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
    trigger = state.trigger
    assert trigger is not None and state.to_act() == [1]
    assert rejected(state, 0, "deal").rule == "grid R20"
    state.apply(1, "deal")
    assert state.round == 2 and state.dealer == 1 and state.phase == "setup" and state.trigger is None
    assert len(state.draw) == 76 and state.cards() == {c: 1 for c in DECK}


def test_heuristic_bot_uses_only_its_view() -> None:
    state = base_state()
    state.apply(0, "draw")
    other = GAME.load(state.view(0) | {"zones": {**state.to_doc()["zones"], "draw": ["y0", "t9"]}})
    # the bot's choice depends only on what seat 0 sees: a different hidden draw pile changes nothing
    assert HeuristicBot(1).choose(state, 0) == HeuristicBot(1).choose(other, 0)
