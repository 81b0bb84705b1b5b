"""Bad entries are refused with a message saying why; corrections recompute everything."""

from __future__ import annotations

import pytest

from kartentisch.games import get_game
from kartentisch.scorepad import EntryError, check_names, compute, get_ruleset


def sheet(game_id: str, names: list[str], entries: list, **options):
    opts = get_game(game_id).resolve_options(len(names), options)
    return compute(get_ruleset(game_id), names, opts, entries)


@pytest.mark.parametrize(("game_id", "names", "entry", "words"), [
    ("colors", ["Ana", "Ben"], {"players": [{"b": -1}, {}]}, "round 1, Ana, blue: -1 is not allowed"),
    ("colors", ["Ana", "Ben"], {"players": [{"b": 6}, {"b": 5}]}, "blue: 11 cards counted, but only 10 exist"),
    ("colors", ["Ana", "Ben"], {"players": [{"r": 1}, {}]}, "unknown field 'r'"),  # R1: no red with 2 players
    ("colors", ["Ana", "Ben"], {"players": [{}]}, "a list of 2 objects"),
    ("colors", ["Ana", "Ben"], {"players": [{}, {}], "extra": 1}, "unknown key 'extra'"),
    ("chips", ["Ana", "Ben"], {"players": [{"r_up": [5]}, {"r_up": [5]}]},
     "the red 5 exists once, but both Ana and Ben have it face up"),
    ("chips", ["Ana", "Ben"], {"players": [{"r_up": [11]}, {}]}, "11 is not a card value"),
    ("chips", ["Ana", "Ben"], {"players": [{"chips": 10}, {"chips": 5}]}, "15 chips entered, but only 14"),
    ("chips", ["Ana", "Ben"], {"players": [{"k_down": 8}, {"k_up": [1, 2, 3]}]}, "black rows hold 11 cards"),
    ("lastcard", ["Ana", "Ben"], {"players": [{"hand": [7]}, {"hand": [7, 9]}]},
     "card 7 exists once, but both Ana and Ben hold it"),
    ("lastcard", ["Ana", "Ben"], {"players": [{"hand": [37]}, {"hand": [1]}]}, "37 is not a card value"),
    ("lastcard", ["Ana", "Ben"], {"players": [{"hand": [3]}, {"hand": [1]}]}, "here 2: Ana, Ben"),
    ("lastcard", ["Ana", "Ben"], {"players": [{"hand": []}, {"hand": [1]}]}, "Ana holds no card"),
    ("grid", ["Ana", "Ben"], {"players": [{"grid": [1, 2, 3, 4]}, {}], "round": {"trigger": 1}}, "Ana: 4 cards"),
    ("grid", ["Ana", "Ben"], {"players": [{"grid": [1] * 6}, {"grid": [1, 1, 1]}], "round": {"trigger": 1}},
     "9 cards of value 1 entered, but only 8 exist"),
    ("grid", ["Ana", "Ben"], {"players": [{}, {}]}, "who ended the round is missing"),
    ("grid", ["Ana", "Ben"], {"players": [{}, {}], "round": {"trigger": 2}}, "2 is not a player"),
    ("mayhem", ["Ana", "Ben"], {"players": [{"fy": True}, {"fy": True}]},
     "the unique card exists once, but both Ana and Ben"),
    ("mayhem", ["Ana", "Ben"], {"players": [{"numbers": [9] * 5}, {"numbers": [9] * 5}]},
     "more number cards 9 entered than the 9 that exist"),
    ("mayhem", ["Ana", "Ben"], {"players": [{"specials": 40}, {"specials": 8}]}, "than the 47 that exist"),
    ("mayhem", ["Ana", "Ben"], {"players": [{"numbers": [1]}, {}], "round": {"doomsday": True}},
     "hands are not counted (mayhem R46), but cards are entered for Ana"),
    ("mayhem", ["Ana", "Ben"], {"players": [{"fy": "yes"}, {}]}, "true or false"),
])
def test_bad_entry_is_refused_naming_why(game_id, names, entry, words):
    with pytest.raises(EntryError) as err:
        sheet(game_id, names, [entry])
    assert words in str(err.value)


def test_a_later_bad_round_names_its_round():
    good = {"players": [{"b": 1}, {"g": 1}]}
    with pytest.raises(EntryError, match="round 2, Ben, green"):
        sheet("colors", ["Ana", "Ben"], [good, {"players": [{}, {"g": 99}]}])


def test_correction_recomputes_totals_end_winners_and_dealers():
    def entry(a: int, b: int) -> dict:
        return {"players": [{"numbers": [a] if a else []}, {"numbers": [b] if b else []}]}
    rounds = [entry(9, 1), entry(1, 9), entry(2, 3)]
    s = sheet("mayhem", ["Ana", "Ben"], rounds, point_limit=30)
    assert s.totals == [12, 13] and [r.dealer for r in s.rounds] == [0, 0, 1] and s.dealer == 1
    fixed = sheet("mayhem", ["Ana", "Ben"], [entry(1, 9), *rounds[1:]], point_limit=30)
    # R72: round 1's highest score now is Ben's, so Ben deals round 2, and round 2's highest is Ben again.
    assert fixed.totals == [4, 21] and [r.dealer for r in fixed.rounds] == [0, 1, 1] and fixed.dealer == 1
    assert [r.totals for r in fixed.rounds] == [[1, 9], [2, 18], [4, 21]]


def test_correction_that_ends_the_match_earlier_is_refused():
    rounds = [{"players": [{"b": 3}, {}]}, {"players": [{"b": 3}, {}]}]
    assert not sheet("colors", ["Ana", "Ben"], rounds, target_score=7).over
    with pytest.raises(EntryError, match="the match ended after round 1, so round 2 cannot be recorded"):
        sheet("colors", ["Ana", "Ben"], [{"players": [{"b": 7}, {}]}, rounds[1]], target_score=7)


def test_no_round_after_the_end():
    rounds = [{"players": [{"hand": [5]}, {"hand": [1, 2]}]}] * 3
    with pytest.raises(EntryError, match="ended after round 2"):
        sheet("lastcard", ["Ana", "Ben"], rounds)  # R2: two rounds with two players


@pytest.mark.parametrize(("names", "words"), [
    (["Ana"], "1 players; this game is for 2 … 6"),
    (["Ana", "ANA"], "same name"),
    (["Ana", ""], "empty"),
    (["Ana", "x" * 41], "longer than 40"),
    ("Ana,Ben", "must be a list"),
])
def test_bad_names(names, words):
    with pytest.raises(EntryError, match=words):
        check_names(names, 2, 6)


def test_every_game_has_a_score_pad_form():
    from kartentisch.games import all_games
    for game in all_games():
        rules = get_ruleset(game.id)
        n = game.min_players
        opts = game.resolve_options(n, {})
        assert rules.player_fields(n, opts), game.id
        assert sheet(game.id, [f"P{i}" for i in range(n)], []).dealer in range(n)


def test_chips_any_row_sevens_may_lie_on_any_row_but_only_four_exist():
    # chips R14 (s3): a 7 may go on any colour row, so two red-row 7s are possible, five 7s are not.
    two = {"players": [{"r_up": [7]}, {"r_up": [7]}]}
    assert sheet("chips", ["Ana", "Ben"], [two], specials=["s3"]).rounds[0].scores == [7, 7]
    with pytest.raises(EntryError, match="both Ana and Ben have it face up"):
        sheet("chips", ["Ana", "Ben"], [two])
    five = {"players": [{"r_up": [7], "k_up": [7], "b_up": [7]}, {"y_up": [7], "r_up": [7]}]}
    with pytest.raises(EntryError, match="5 face-up 7s entered, but only 4 exist"):
        sheet("chips", ["Ana", "Ben"], [five], specials=["s3"])
