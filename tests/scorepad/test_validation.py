"""Bad entries are refused with a message saying why; corrections recompute everything."""

from __future__ import annotations

import re

import pytest

from kartentisch.games import get_game
from kartentisch.scorepad import EntryError, check_names, check_options, compute, get_ruleset


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
    ("lastcard", ["Ana", "Ben"], {"players": [{"hand": [3]}, {"hand": [1]}]}, "here 2: Ana and Ben"),
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
    (["Ana", "ANA"], r'"ANA" looks like "Ana" \(player 1\)'),
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


# ------------------------------------------------------------------ refusals in the players' words, German
#: What a text people read must not look like (the helpers' brief): a token, a card code or seat id.
TOKEN = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
#: English words that would show a German message is (partly) English.
ENGLISH = re.compile(r"\b(the|is|are|but|cards?|round|entered|exists?|not|allowed|players?|holds?|face|chips left|"
                     r"special|unique|rows?|value|whole|number|only|once|both|and|choose|exactly|match)\b")


@pytest.mark.parametrize(("game_id", "names", "options", "entry", "german"), [
    ("colors", ["Ana", "Ben"], {}, {"players": [{"b": -1}, {}]},
     "Runde 1, Ana, blau: -1 ist nicht erlaubt; erlaubt ist eine ganze Zahl 0 … 10"),
    ("colors", ["Ana", "Ben"], {}, {"players": [{"b": 6}, {"b": 5}]},
     "Runde 1: Blau: 11 Karten gezählt, aber es gibt nur 10"),
    ("chips", ["Ana", "Ben"], {}, {"players": [{"r_up": [5]}, {"r_up": [5]}]},
     "Partie 1: Rot 5 gibt es nur einmal, aber Ana und Ben haben sie beide offen liegen"),
    ("chips", ["Ana", "Ben"], {}, {"players": [{"r_down": 41}, {}]},
     "Partie 1, Ana, rot verdeckt: 41 ist nicht erlaubt; erlaubt ist eine ganze Zahl 0 … 40"),
    ("chips", ["Ana", "Ben"], {}, {"players": [{"k_down": 8}, {"k_up": [1, 2, 3]}]},
     "Partie 1: in den schwarzen Farbreihen liegen 11 Karten, aber dort können nur 10 liegen"),
    ("chips", ["Ana", "Ben"], {"specials": "random"}, {"players": [{}, {}], "round": {"specials": ["s2", "s3"]}},
     "Partie 1, Sonderkarten dieser Partie: wähle genau 3, nicht 2"),
    ("chips", ["Ana", "Ben"], {"specials": "random"},
     {"players": [{}, {}], "round": {"specials": ["s2", "s2", "s3"]}},
     "Partie 1, Sonderkarten dieser Partie: Sonderkarte 2 ist zweimal gewählt"),
    ("lastcard", ["Ana", "Ben"], {}, {"players": [{"hand": [7]}, {"hand": [7, 9]}]},
     "Runde 1: die 7 gibt es nur einmal, aber Ana und Ben haben sie beide"),
    ("lastcard", ["Ana", "Ben", "Cem"], {}, {"players": [{"hand": [3]}, {"hand": [1]}, {"hand": [2]}]},
     "Runde 1: genau ein Spieler hat am Ende der Runde nur noch eine Karte (Regel R15); hier 3: Ana, Ben und Cem"),
    ("grid", ["Ana", "Ben"], {}, {"players": [{"grid": [1, 2, 3, 4]}, {}], "round": {"trigger": 1}},
     "Runde 1: Ana: 4 Karten; im Raster liegen 9, 6, 3 oder 0 Karten (es verlassen nur ganze Reihen, Regel R11–R12)"),
    ("grid", ["Ana", "Ben"], {}, {"players": [{"grid": [5]}, {}], "round": {"trigger": 1}},  # the singular
     "Runde 1: Ana: 1 Karte; im Raster liegen 9, 6, 3 oder 0 Karten (es verlassen nur ganze Reihen, Regel R11–R12)"),
    ("grid", ["Ana", "Ben"], {}, {"players": [{"grid": [-1] * 10}, {}], "round": {"trigger": 1}},
     "Runde 1, Ana, Karten im Raster: 10 Karten, möglich sind höchstens 9"),
    ("grid", ["Ana", "Ben"], {}, {"players": [{}, {}]}, "Runde 1: „Wer hat die Runde beendet“ fehlt"),
    ("mayhem", ["Ana", "Ben"], {}, {"players": [{"fy": True}, {"fy": True}]},
     "Runde 1: die Einzigartige Sonderkarte gibt es nur einmal, aber sie ist bei Ana und bei Ben eingetragen"),
    ("mayhem", ["Ana", "Ben", "Cem"], {}, {"players": [{"numbers": [1]}, {"specials": 1}, {}],
                                           "round": {"doomsday": True}},
     "Runde 1: die Runde endete durch Weltuntergang: Handkarten werden nicht gezählt (Regel R46), aber für Ana und "
     "Ben sind Karten eingetragen"),
])
def test_a_refusal_is_german_in_the_players_words(game_id, names, options, entry, german):
    with pytest.raises(EntryError) as err:
        sheet(game_id, names, [entry], **options)
    text = err.value.text("de")
    assert text == german
    assert not TOKEN.search(text) and not ENGLISH.search(text), text
    assert str(err.value) == err.value.text("en") != text  # English stays the exception's own text


def test_one_card_in_a_grid_is_said_in_the_singular():
    """A fresh user read "Ana: 1 Karten"; one card is "1 card" / "1 Karte", more are plural."""
    with pytest.raises(EntryError) as err:
        sheet("grid", ["Ana", "Ben"], [{"players": [{"grid": [5]}, {"grid": [1, 2]}], "round": {"trigger": 1}}])
    assert err.value.text("en").startswith("round 1: Ana: 1 card; a grid holds 9, 6, 3 or 0 cards")


def test_a_correction_past_the_end_is_refused_in_german():
    rounds = [{"players": [{"b": 7}, {}]}, {"players": [{"b": 3}, {}]}, {"players": [{"b": 3}, {}]}]
    with pytest.raises(EntryError) as err:
        sheet("colors", ["Ana", "Ben"], rounds, target_score=7)
    assert err.value.text("de") == ("Runde 1 hat das Spiel beendet, Runde 2 kann daher nicht eingetragen werden "
                                    "(zuerst müssten Runde 2 bis 3 gelöscht werden)")


@pytest.mark.parametrize(("game_id", "names", "given", "english", "german"), [
    ("grid", ["Ana", "Ben"], {"end_total": 0}, "Match ends at: 0 is not allowed; a whole number 1 … 1000",
     "Partie endet bei: 0 ist nicht erlaubt; erlaubt ist eine ganze Zahl 1 … 1000"),
    # a target at most ten times the spec's usual (colors R16: 30), as the tables' (kernel options.target_option)
    ("colors", ["Ana", "Ben"], {"target_score": 10 ** 9},
     "Target score: 1000000000 is not allowed; a whole number 1 … 300",
     "Zielpunktzahl: 1000000000 ist nicht erlaubt; erlaubt ist eine ganze Zahl 1 … 300"),
    ("grid", ["Ana", "Ben", "Cem"], {"first_dealer": 3},
     "First dealer: Seat 4 is not allowed; one of the players: Ana, Ben, Cem",  # seats counted from 1, by name
     "Erster Geber: Platz 4 ist nicht erlaubt; erlaubt ist einer der Mitspieler: Ana, Ben, Cem"),
    ("colors", ["Ana", "Ben"], {"target_score": None}, "Target score: a value is needed; a whole number 1 … 300",
     "Zielpunktzahl: hier fehlt ein Wert; erlaubt ist eine ganze Zahl 1 … 300"),
    ("mayhem", ["Ana", "Ben"], {"game_length": "huge"},
     "Match length: 'huge' is not allowed; one of: Short, Medium, Long",
     "Spieldauer: 'huge' ist nicht erlaubt; erlaubt ist eines von: Kurz, Mittel, Lang"),
])
def test_options_are_refused_by_their_labels(game_id, names, given, english, german):
    with pytest.raises(EntryError) as err:
        check_options(get_game(game_id), names, given)
    assert (err.value.text("en"), err.value.text("de")) == (english, german)
    assert not TOKEN.search(german) and not ENGLISH.search(german)


def test_good_options_are_the_game_s_own():
    assert check_options(get_game("grid"), ["Ana", "Ben"], {"end_total": 50}) == \
        get_game("grid").resolve_options(2, {"end_total": 50})


@pytest.mark.parametrize(("names", "german"), [
    (["Ana"], "1 Mitspieler; dieses Spiel ist für 2 … 6 Spieler"),
    (["Ana", "ANA"], "„ANA“ sieht aus wie „Ana“ (Mitspieler 1); wähle einen Namen, der sich anders liest."),
    (["Ana", "Ben", "\u0410na"], "„\u0410na“ sieht aus wie „Ana“ (Mitspieler 1); wähle einen Namen, der sich anders "
                                 "liest."),  # issue 31: a Cyrillic А
    (["Ana", "\u3164"], "Dieser Name ist beim Schreiben unsichtbar; wähle einen Namen mit Buchstaben, "
                        "Ziffern oder Zeichen."),  # issue 31: the Hangul filler, drawn as nothing
    (["An\u2028a", "Ben"], "Der Name „Ana“ enthält ein unsichtbares Zeichen oder einen Zeilenumbruch; gib den "
                           "Namen ohne dieses Zeichen ein."),  # issue 31: a line separator
    (["Ana", "x" * 41], f"der Name „{'x' * 40}…“ ist länger als 40 Zeichen."),
    (["Anna\u200f", "Bernd"], "Der Name „Anna“ enthält ein unsichtbares Zeichen oder einen Zeilenumbruch; gib "
                               "den Namen ohne dieses Zeichen ein."),  # a right-to-left mark, as a chat's names carry
])
def test_bad_names_in_german(names, german):
    with pytest.raises(EntryError) as err:
        check_names(names, 2, 6)
    assert err.value.text("de") == german


def test_unknown_game_in_both_languages():
    with pytest.raises(EntryError) as err:
        get_ruleset("nope")
    assert err.value.texts == {"en": "unknown game 'nope'", "de": "unbekanntes Spiel 'nope'"}


def test_a_typed_value_that_looks_like_a_text_is_shown_as_typed():
    """A JSON object typed into a field is the value refused, not taken for a message's words."""
    with pytest.raises(EntryError) as err:
        sheet("colors", ["Ana", "Ben"], [{"players": [{"b": {"en": "x"}}, {}]}])
    assert err.value.text("de") == ("Runde 1, Ana, blau: {'en': 'x'} ist nicht erlaubt; erlaubt ist eine ganze Zahl "
                                    "0 … 10")
    assert EntryError("--players is required {x}").texts == {"en": "--players is required {x}",
                                                              "de": "--players is required {x}"}
