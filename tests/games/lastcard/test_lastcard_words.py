"""lastcard moves as values (``notation.parse``) and in words (``words``): round trips, malformed
tokens (R19), exact sentences for every kind of move and automatic step, and random matches
narrated for every reader."""

from __future__ import annotations

import random
import re

import pytest
from tests.games.lastcard.lastcard_helpers import codes, example_state, play_doc

from kartentisch.games.lastcard import GAME, LastCardState
from kartentisch.games.lastcard.notation import (
    Deal,
    GoStep,
    HelpPlay,
    HelpStep,
    HiddenPass,
    Lay,
    Pass,
    Play,
    WithStep,
    action_space,
    parse,
    parse_public,
    parse_step,
    split_token,
)
from kartentisch.games.lastcard.rules import PHASES
from kartentisch.kernel import IllegalAction, MalformedToken, Voice, narrate

COUNTS = range(2, 7)
NAMES = ("Ana", "Ben", "Cem", "Dora", "Emil", "Fay")
TOKEN_LIKE = re.compile(r"[a-z]+:[a-z0-9?]")
CODE_LIKE = re.compile(r"\b[a-z]{1,2}-?\d{1,2}\b")


def words_ok(text: str) -> bool:
    """A text a person reads: non-empty, no token and nothing that looks like a card code."""
    return bool(text.strip()) and not TOKEN_LIKE.search(text) and not CODE_LIKE.search(text)


# ---------------------------------------------------------------- moves as values
@pytest.mark.parametrize("players", COUNTS)
def test_every_action_space_entry_round_trips(players: int) -> None:
    options = GAME.resolve_options(players, None)
    space = action_space(players, options)
    kinds = set()
    for entry in space:
        step = parse_step(entry)
        assert str(step) == entry
        kinds.add(type(step))
        if not isinstance(step, WithStep | HelpStep | GoStep):
            assert parse(entry) == step
    assert kinds == {Pass, Play, WithStep, HelpStep, GoStep, Lay, Deal}
    for passes in (1, 2):  # a smaller pass_cards option gives other pass tokens
        entries = [e for e in action_space(players, {**options, "pass_cards": passes}) if e.startswith("pass:")]
        assert entries and all(str(parse(e)) == e and len(parse(e).cards) == passes for e in entries)  # type: ignore[union-attr]


def test_parse_gives_one_value_per_verb() -> None:
    assert parse("pass:3:6:36") == Pass((3, 6, 36))
    assert parse("play:22") == Play(22)
    assert parse("play:15:5:8") == HelpPlay(15, (5, 8))
    assert parse("lay:9:18") == Lay(9, 18)
    assert parse("deal") == Deal()
    assert parse_public("pass:?:?:?") == HiddenPass(3) and str(HiddenPass(2)) == "pass:?:?"
    assert parse_public("play:22") == Play(22)
    assert parse("play:15:5:8") is parse("play:15:5:8")  # remembered: applying parses once


def test_split_token_steps_parse_back() -> None:
    assert split_token("play:15:5:8") == ["with:15", "help:5", "help:8", "go"]
    assert [parse_step(s) for s in split_token("play:15:8")] == [WithStep(15), HelpStep(8), GoStep()]
    assert split_token("lay:9:18") == ["lay:9:18"]


def test_every_listed_token_round_trips() -> None:
    """Help plays with several help cards are not in the action space; the listing has them."""
    for state, seat, _, _ in _moves(3, seed=8, matches=1):
        for token in state.legal_actions(seat):
            assert str(parse(token)) == token


MALFORMED = ["take:2", "play", "play:", "play::5", "play:022", "play:+5", "play:61", "play:5 ", "PLAY:5",
             "lay:2", "lay:2:12:18", "deal:1", "pass", "pass:1:2:3:4", "pass:?:?:?", "with:5", "help:5", "go",
             "play:2:?"]


@pytest.mark.parametrize("token", MALFORMED)
def test_malformed_tokens_name_r19_and_change_nothing(token: str) -> None:
    with pytest.raises(MalformedToken) as info:
        parse(token)
    assert info.value.rule == "lastcard R19" and info.value.token == token
    states = [(example_state(), 1), (GAME.new_state(3, seed=4), 2)]
    over = GAME.load(play_doc(3, [[25, 34], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [20], 0, options={"rounds": 1}))
    over.apply(0, "play:25")
    states.append((over, 0))  # malformed even when the match is over
    for state, seat in states:
        before = state.to_doc()
        assert not state.is_legal(seat, token)
        with pytest.raises(MalformedToken) as info:
            state.apply(seat, token)
        assert info.value.rule == "lastcard R19" and info.value.seat == seat and info.value.token == token
        assert "lastcard R19" in str(info.value) and repr(token) in str(info.value)
        assert state.to_doc() == before


@pytest.mark.parametrize(("token", "rule"), [
    ("play:4", "R8"), ("play:37", "R8"), ("lay:22:12", "R9"), ("lay:2:2", "R9"), ("play:15:5", "R10"),
    ("play:15:8:5", "R10"), ("pass:2:9:15", "R5"), ("deal", "R17"),
])
def test_well_formed_but_forbidden_tokens_are_plain_illegal_actions(token: str, rule: str) -> None:
    state = example_state()
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(1, token)
    assert not isinstance(info.value, MalformedToken)
    assert info.value.rule == f"lastcard {rule}" and state.to_doc() == before


def test_a_pass_out_of_order_is_forbidden_not_malformed() -> None:
    state = GAME.new_state(3, deck=codes(*range(36, 0, -1)))
    with pytest.raises(IllegalAction) as info:
        state.apply(0, "pass:6:3:9")
    assert not isinstance(info.value, MalformedToken) and info.value.rule == "lastcard R5"


def test_public_token_hides_passed_cards_from_the_others() -> None:
    state = GAME.new_state(3, deck=codes(*range(36, 0, -1)))
    assert state.public_token(0, "pass:3:6:36", 0) == "pass:3:6:36"
    assert state.public_token(0, "pass:3:6:36", 2) == "pass:?:?:?"
    assert state.public_token(0, "pass:3:6:36", None) == "pass:?:?:?"
    assert state.public_token(1, "lay:9:18", 0) == "lay:9:18"


# ---------------------------------------------------------------- sentences
def said(state: LastCardState, seat: int, token: str) -> dict[tuple[str, int | None], str]:
    """Apply ``token`` and return its narration text for every (language, reader)."""
    before = state.clone()
    state.apply(seat, token)
    return {(lang, viewer): narrate(before, seat, token, state, Voice(lang, viewer, NAMES[:state.players])).text
            for lang in ("en", "de") for viewer in [*range(state.players), None]}


def test_passing_in_words_and_what_each_seat_receives() -> None:
    """Worked example 1: seat 0 (Ana) passes 3, 6 and 36 to its right neighbour Cem (R5)."""
    state = GAME.new_state(3, deck=codes(*range(36, 0, -1)))
    text = said(state, 0, "pass:3:6:36")
    assert text["en", 0] == "You pass the 3, the 6 and the 36 to Cem."
    assert text["de", 0] == "Du gibst die 3, die 6 und die 36 an Cem weiter."
    assert text["en", 2] == "Ana passes three cards to you."
    assert text["de", 2] == "Ana gibt drei Karten an dich weiter."
    assert text["en", 1] == text["en", None] == "Ana passes three cards to Cem."
    assert text["de", None] == "Ana gibt drei Karten an Cem weiter."
    said(state, 1, "pass:2:5:8")
    text = said(state, 2, "pass:1:4:7")  # the last pass: everyone receives, the start player leads
    assert text["en", 0] == ("Cem passes three cards to Ben. Everyone has passed. "
                             "You receive the 2, the 5 and the 8 from Ben. You start.")
    assert text["de", 0] == ("Cem gibt drei Karten an Ben weiter. Alle haben weitergegeben. "
                             "Du erhältst die 2, die 5 und die 8 von Ben. Du beginnst.")
    assert text["en", 2] == ("You pass the 1, the 4 and the 7 to Ben. Everyone has passed. "
                             "You receive the 3, the 6 and the 36 from Ana. Ana starts.")
    assert text["de", 1] == ("Cem gibt drei Karten an dich weiter. Alle haben weitergegeben. "
                             "Du erhältst die 1, die 4 und die 7 von Cem. Ana beginnt.")
    assert text["en", None] == "Cem passes three cards to Ben. Everyone has passed. Ana starts."


def test_plays_in_words() -> None:
    """R8 onto a pile and onto an empty one, R10 with one and with two help cards (worked example 3)."""
    text = said(example_state(), 1, "play:22")
    assert text["en", 1] == "You play the 22 onto the 20."
    assert text["de", 0] == "Ben legt die 22 auf die 20."
    text = said(example_state(), 1, "play:15:8")
    assert text["en", None] == "Ben plays the 15 onto the 20 with help card 8."
    assert text["de", 1] == "Du legst die 15 mit der Hilfskarte 8 auf die 20."
    text = said(example_state(), 1, "play:9:5:8")
    assert text["en", 1] == "You play the 9 onto the 20 with help cards 5 and 8."
    assert text["de", 2] == "Ben legt die 9 mit den Hilfskarten 5 und 8 auf die 20."
    state = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27, 30]], [[], [5, 8], []], [], 2))
    text = said(state, 2, "play:6")
    assert text["en", 0] == "Cem starts a new pile with the 6."
    assert text["de", 2] == "Du beginnst mit der 6 einen neuen Ablagestapel."


def test_a_lay_in_words_with_the_rest_of_the_pile_going_out() -> None:
    """Worked example 2: lay the 9, take the 18; the 20 and the 12 go out face down (R9)."""
    text = said(example_state(), 1, "lay:9:18")
    assert text["en", 0] == ("Ben lays the 9 as a help card and takes the 18 from the pile. "
                             "The 20 and the 12 leave the round face down.")
    assert text["de", 1] == ("Du legst die 9 als Hilfskarte aus und nimmst die 18 vom Ablagestapel. "
                             "Die 20 und die 12 kommen verdeckt aus dem Spiel.")
    state = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [], []], [20], 1))
    text = said(state, 1, "lay:2:20")  # the whole pile taken: nothing goes out
    assert text["en", None] == "Ben lays the 2 as a help card and takes the 20 from the pile."


def test_two_cards_left_and_the_round_end_in_words() -> None:
    """R14: the two-card announcement; R15 (worked example 4): the card kept when the round ends."""
    state = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [], []], [16], 2))
    text = said(state, 2, "play:17")
    assert text["en", 0] == "Cem plays the 17 onto the 16. Cem has two cards left."
    assert text["de", 2] == "Du legst die 17 auf die 16. Du hast noch zwei Karten."
    state = GAME.load(play_doc(4, [[5, 30, 47], [12, 20], [7, 44], [8, 41]], [[], [], [], []], [33, 25], 2))
    before = state.clone()
    state.apply(2, "play:44")
    for viewer, lang, expected in [(2, "en", "You play the 44 onto the 33. You keep only the 7."),
                                   (0, "de", "Cem legt die 44 auf die 33. Cem behält nur die 7.")]:
        told = narrate(before, 2, "play:44", state, Voice(lang, viewer, NAMES[:4]))
        assert told.text == expected and told.round_text is not None  # the kernel adds the scores


def test_a_deal_in_words() -> None:
    """R17: the previous start player deals; the new start player and the passing come next."""
    doc = play_doc(3, [[25, 34], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [20], 0)
    for options, en, de in [
        ({}, "You deal round 2. Ben is the start player. Everyone first passes three cards to the right neighbour.",
         "Du teilst Runde 2 aus. Ben ist Startspieler. Zuerst gibt jeder drei Karten an den rechten Nachbarn weiter."),
        ({"pass_cards": 0}, "You deal round 2. Ben is the start player.",
         "Du teilst Runde 2 aus. Ben ist Startspieler."),
    ]:
        state = GAME.load({**doc, "options": options})
        state.apply(0, "play:25")
        text = said(state, 0, "deal")
        assert text["en", 0] == en and text["de", 0] == de
        assert text["en", 1].startswith("Ana deals round 2. You are the start player.")
        assert text["de", None].startswith("Ana teilt Runde 2 aus. Ben ist Startspieler.")


# ---------------------------------------------------------------- choices, names, options
def test_choices_as_steps() -> None:
    state = example_state()
    view, en, de = state.view(1), Voice("en", 1), Voice("de", 1)
    assert GAME.choice(1, "play:22", view, en).steps == ("Play the 22 onto the 20",)
    assert GAME.choice(1, "play:15:5:8", view, en).steps == (
        "Play the 15 onto the 20 with help cards", "Add help card 5", "Add help card 8", "Beat the 20: 15 + 5 + 8 = 28")
    assert GAME.choice(1, "play:15:8", view, de).steps == (
        "Lege die 15 mit Hilfskarten auf die 20", "Nimm die Hilfskarte 8 dazu", "Schlage die 20: 15 + 8 = 23")
    lay = GAME.choice(1, "lay:9:18", view, en)
    assert lay.steps == ("Lay the 9 as a help card", "Take the 18 from the pile") and not lay.unordered
    state = GAME.new_state(3, deck=codes(*range(36, 0, -1)))
    passing = GAME.choice(0, "pass:3:6:36", state.view(0), Voice("de", 0))
    assert passing.steps == ("Gib die 3 weiter", "Gib die 6 weiter", "Gib die 36 weiter") and passing.unordered
    state = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [], []], [], 2))
    assert GAME.choice(2, "play:6", state.view(2), Voice("de", 2)).steps == (
        "Beginne mit der 6 einen neuen Ablagestapel",)
    state = GAME.load(play_doc(3, [[25, 34], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [20], 0))
    state.apply(0, "play:25")
    assert GAME.choice(0, "deal", state.view(0), Voice("en", 0)).steps == ("Deal round 2",)


def test_card_and_phase_names() -> None:
    assert GAME.card_name("20", "de") == "20" and GAME.card_name("1", "en") == "1"
    for bad in ("?", "022", "61"):
        with pytest.raises(ValueError, match="not a card code"):
            GAME.card_name(bad, "en")
    for lang in ("en", "de"):
        names = [GAME.phase_name(phase, lang) for phase in PHASES]
        assert len(set(names)) == len(PHASES) and all(words_ok(n) and "_" not in n for n in names)
    assert GAME.phase_name("pass", "de") == "Karten weitergeben"
    with pytest.raises(ValueError, match="no phase"):
        GAME.phase_name("bidding", "en")


def test_options_have_labels_rules_and_plain_help() -> None:
    for option in GAME.options:
        assert set(option.label) == set(option.help) == {"en", "de"}
        assert re.fullmatch(r"lastcard R\d+", option.rule)
        for text in (*option.label.values(), *option.help.values()):
            assert words_ok(text) and "\n" not in text and not re.search(r"\b[RD]\d+\b", text)


# ---------------------------------------------------------------- random matches
def _moves(players: int, seed: int, matches: int) -> list[tuple[LastCardState, int, str, LastCardState]]:
    """Every move ``(before, seat, token, after)`` of ``matches`` random two-round matches."""
    out = []
    rng = random.Random(seed)
    for _ in range(matches):
        state = GAME.new_state(players, {"rounds": 2}, seed=rng.randrange(10**6))
        assert isinstance(state, LastCardState)
        while not state.game_over:
            seat = rng.choice(state.to_act())
            token = state.random_action(seat, rng)
            before = state.clone()
            state.apply(seat, token)
            out.append((before, seat, token, state.clone()))
    return out


@pytest.mark.parametrize("players", COUNTS)
def test_random_matches_narrated_for_every_reader(players: int) -> None:
    """Every move of random matches, for every seat and the spectator in both languages, named
    seats or not, is words (no token, no card code); passed cards reach no other seat before
    passing completes (R5)."""
    for k, (before, seat, token, after) in enumerate(_moves(players, seed=players * 11, matches=2)):
        names = NAMES[:players] if k % 2 else ()
        move = parse(token)
        hidden = re.compile(rf"\b({'|'.join(map(str, move.cards))})\b") if isinstance(move, Pass) else None
        for viewer in [*range(players), None]:
            for lang in ("en", "de"):
                told = narrate(before, seat, token, after, Voice(lang, viewer, names))
                assert words_ok(told.text), (told.text, token)
                assert told.round_text is None or words_ok(told.round_text)
                if hidden and viewer != seat and after.phase == "pass":
                    unnamed = re.sub(r"(Seat|Platz) \d", "", told.text)  # seat numbers are no cards
                    assert not hidden.search(unnamed), (told.text, token, viewer)


@pytest.mark.parametrize("players", COUNTS)
def test_every_legal_choice_is_words_and_distinct(players: int) -> None:
    """A person can tell every legal move apart: the step tuples differ and none is a prefix of
    another (a pass's steps are a set: the sets differ)."""
    for state, seat, _, _ in _moves(players, seed=players * 13, matches=1):
        view = state.view(seat)
        for lang in ("en", "de"):
            voice = Voice(lang, seat, NAMES[:players])
            choices = [GAME.choice(seat, t, view, voice) for t in state.legal_actions(seat)]
            assert all(c.steps and all(words_ok(s) for s in c.steps) for c in choices), choices
            keys = [frozenset(c.steps) if c.unordered else c.steps for c in choices]
            assert len(set(keys)) == len(keys)
            ordered = {c.steps for c in choices if not c.unordered}
            assert not any(s[:k] in ordered for s in ordered for k in range(1, len(s)))
