"""Every scoring example of the specs' *Worked examples* entered as score-pad rounds.

colors 4–5, chips 2 and 4, lastcard 5–6, grid 4–5, mayhem 5 (plus Doomsday, R46). Scores are
computed by the games' own scoring functions through the pad; the expected figures are the specs'.
"""

from __future__ import annotations

import pytest

from kartentisch.games import get_game
from kartentisch.scorepad import EntryError, compute, get_ruleset


def sheet(game_id: str, names: list[str], entries: list[dict], **options):
    """Compute a pad of ``game_id`` with ``options`` over the defaults."""
    opts = get_game(game_id).resolve_options(len(names), options)
    return compute(get_ruleset(game_id), names, opts, entries)


def colors_row(*counts: dict[str, int], players: int = 4) -> dict:
    rows = list(counts) + [{}] * (players - len(counts))
    return {"players": rows}


# ------------------------------------------------------------------ colors
@pytest.mark.parametrize(("counts", "expected"), [
    ({"b": 4, "g": 2, "p": 2, "r": 1}, 3),
    ({"b": 1, "g": 1, "p": 1, "r": 2}, -1),
    ({"b": 5, "g": 5, "y": 2, "p": 1, "r": 1}, 8),
    ({"b": 2, "g": 2, "p": 2, "r": 2, "y": 2}, 10),
    ({"b": 3, "g": 2, "p": 2, "r": 2, "y": 2}, -5),
    ({"g": 4}, 4),
    ({}, 0),
])
def test_colors_example_4_scoring(counts, expected):
    s = sheet("colors", ["Ana", "Ben", "Cem", "Dia"], [colors_row(counts)])
    assert s.rounds[0].scores == [expected, 0, 0, 0]


def test_colors_example_5_match_end_and_best_round_tiebreak():
    rounds = [({"b": 5, "g": 5}, {"b": 3, "g": 3}),  # 10, 6
              ({"b": 4, "g": 4}, {"b": 6, "g": 6}),  # 8, 12
              ({"b": 7}, {"b": 3, "g": 3, "p": 3}),  # 7, 9
              ({"p": 5}, {"p": 3})]  # 5, 3
    entries = [{"players": list(r)} for r in rounds]
    s = sheet("colors", ["Ana", "Ben"], entries, target_score=30)
    assert [r.scores for r in s.rounds] == [[10, 6], [8, 12], [7, 9], [5, 3]]
    assert s.rounds[2].totals == [25, 27]
    assert s.totals == [30, 30] and s.over and s.winners == [1]
    early = sheet("colors", ["Ana", "Ben"], entries[:3], target_score=30)
    assert not early.over and early.winners == [] and early.next_round == 4


def test_colors_dealer_rotates_with_the_start_player():
    s = sheet("colors", ["Ana", "Ben", "Cem"], [{"players": [{}, {}, {}]}] * 2, first_player=1)
    # R3: start player of round r is first_player + r - 1, dealer its right neighbour.
    assert [r.dealer for r in s.rounds] == [0, 1] and s.dealer == 2


# ------------------------------------------------------------------ chips
EXAMPLE_4 = {"k_up": [3, 8], "r_up": [5], "r_down": 1, "b_up": [8], "b_down": 1, "y_up": [2], "chips": 3}


@pytest.mark.parametrize(("specials", "expected"), [([], 27), (["s13"], 25), (["s15"], 21), (["s13", "s15"], 19)])
def test_chips_example_4_scoring_with_specials(specials, expected):
    s = sheet("chips", ["Ana", "Ben"], [{"players": [EXAMPLE_4, {}]}], specials=specials)
    assert s.rounds[0].scores == [expected, 0]


def test_chips_example_2_row_value():
    # ["r4","-r2","r1","r6","-r5"]: 4 + 1 + 6 - 2 = 9
    s = sheet("chips", ["Ana", "Ben"], [{"players": [{"r_up": [4, 1, 6], "r_down": 2}, {}]}])
    assert s.rounds[0].scores == [9, 0]


def test_chips_random_specials_are_entered_per_round():
    entry = {"players": [EXAMPLE_4, {}], "round": {"specials": ["s13", "s15", "s2"]}}
    s = sheet("chips", ["Ana", "Ben"], [entry], specials="random", rounds=2)
    assert s.rounds[0].scores == [19, 0] and s.rounds[0].entry.round["specials"] == ["s2", "s13", "s15"]
    with pytest.raises(EntryError, match="special cards this round is missing"):
        sheet("chips", ["Ana", "Ben"], [{"players": [EXAMPLE_4, {}]}], specials="random")


def test_chips_match_of_rounds_highest_total_wins():
    a = {"players": [{"k_up": [1]}, {"k_up": [2]}]}
    b = {"players": [{"r_up": [3]}, {"r_up": [2]}]}
    s = sheet("chips", ["Ana", "Ben"], [a, b], rounds=2)
    assert s.totals == [4, 4] and s.over and s.winners == [0, 1]
    assert [r.dealer for r in s.rounds] == [1, 0]


# ------------------------------------------------------------------ lastcard
def test_lastcard_example_5_scoring():
    hands = [[5, 30, 47], [12], [9, 21, 26, 40], [8, 44]]
    s = sheet("lastcard", list("ABCD"), [{"players": [{"hand": h} for h in hands]}])
    assert s.rounds[0].scores == [12, 12, 0, 36]
    negative = sheet("lastcard", list("ABCD"), [{"players": [{"hand": h} for h in hands]}], floor_zero=False)
    assert negative.rounds[0].scores == [12, 12, -16, 36]


def test_lastcard_example_6_match_end_shared_win():
    rounds = [[[20], [30, 8], [25, 10]], [[20], [30, 8], [26, 10]], [[13], [19, 10], [5, 6, 7]]]
    s = sheet("lastcard", ["Ana", "Ben", "Cem"], [{"players": [{"hand": h} for h in r]} for r in rounds])
    assert s.rounds[1].totals == [40, 44, 31]
    assert s.rounds[2].scores == [13, 9, 0] and s.totals == [53, 53, 31]
    assert s.over and s.winners == [0, 1]  # rounds default to one per player (R2, D16)


# ------------------------------------------------------------------ grid
@pytest.mark.parametrize(("grids", "trigger", "expected"), [
    ([[11, 7, 0], [8, 0, 0], [11, 1, 0]], 0, [36, 8, 12]),  # 8 <= 18: doubled
    ([[9, 0, 0], [4, 5, 0]], 0, [18, 9]),  # a tie is not lowest
    ([[5, 0, 0], [9, 0, 0]], 0, [5, 9]),  # alone lowest: not doubled
    ([[-1, -1, -1, -1, 0, 0], [-1, -1, -1, -1, 0, 0]], 0, [-4, -4]),  # negative never doubled
    ([[-1, -1, -1, 0, 0, 0], [-1, -1, -1, -1, 0, 0]], 0, [-3, -4]),
])
def test_grid_example_4_trigger_penalty(grids, trigger, expected):
    names = ["Ana", "Ben", "Cem"][: len(grids)]
    s = sheet("grid", names, [{"players": [{"grid": g} for g in grids], "round": {"trigger": trigger}}])
    assert s.rounds[0].scores == expected


def test_grid_example_4_third_case_needs_nine_minus_ones():
    # The spec's "trigger −4, another seat −5" needs at least 4 + 5 cards of −1; the box has 8.
    with pytest.raises(EntryError, match="9 cards of value -1 entered, but only 8 exist"):
        sheet("grid", ["Ana", "Ben"], [{"players": [{"grid": [-1, -1, -1, -1, 0, 0]},
                                                    {"grid": [-1, -1, -1, -1, -1, 0]}], "round": {"trigger": 0}}])


def test_grid_example_5_match_end_lowest_totals_share():
    r1 = [[11, 11, 11, 11, 0, 0], [10, 10, 10, 10, 5, 0], [9, 9, 9, 9, 9, 0]]
    r2 = [[11, 11, 11, 11, 0, 0], [10, 10, 10, 10, 5, 0], [9, 9, 9, 9, 9, 1]]
    r3 = [[11, 3, 0], [5, 0, 0], [4, 0, 0]]
    entries = [{"players": [{"grid": g} for g in r], "round": {"trigger": t}} for r, t in ((r1, 0), (r2, 0), (r3, 2))]
    s = sheet("grid", ["Ana", "Ben", "Cem"], entries)
    assert s.rounds[1].totals == [88, 90, 91]
    assert s.rounds[2].scores == [14, 5, 4] and s.totals == [102, 95, 95]
    assert s.over and s.winners == [1, 2] and s.dealer is None
    assert [r.dealer for r in s.rounds] == [0, 1, 2]


# ------------------------------------------------------------------ mayhem
def test_mayhem_example_5_scoring_next_dealer_and_end():
    hands = [{"numbers": [5, 9], "fy": True}, {"numbers": [2], "specials": 2}, {}]
    s = sheet("mayhem", ["Ana", "Ben", "Cem"], [{"players": hands}])
    assert s.rounds[0].scores == [56, 16, 0] and s.dealer == 0 and not s.over
    r1 = [{"numbers": [6], "specials": 6, "fy": True}, {"numbers": [9, 9], "specials": 6},
          {"numbers": [2, 9, 9], "specials": 5}]
    r2 = [{"numbers": [5, 9]}, {}, {"numbers": [5]}]
    s = sheet("mayhem", ["Ana", "Ben", "Cem"], [{"players": r1}, {"players": r2}], point_limit=100)
    assert s.rounds[0].totals == [90, 60, 55]
    assert s.totals == [104, 60, 60] and s.over and s.winners == [1, 2]


def test_mayhem_doomsday_scores_fifty_each_and_rotates_the_deal():
    s = sheet("mayhem", ["Ana", "Ben", "Cem"], [{"players": [{}, {}, {}], "round": {"doomsday": True}}],
              first_dealer=1)
    # R46: 50 each; R72/D4: a full tie goes to the earliest seat in order from the dealer, next(1) = 0.
    assert s.rounds[0].scores == [50, 50, 50] and s.rounds[0].dealer == 1 and s.dealer == 0
