"""``mayhem`` moves as values (notation.parse) and in words (words.py): every token reads back as
itself, malformed tokens are told apart from illegal ones, moves and what they caused are told as the
table says them (actor, other seats, spectator; English and German), legal moves are steps a person
picks, and whole matches read as words without naming a card the reader may not see."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from tests.games.mayhem.mayhem_helpers import load

from kartentisch.games.mayhem import GAME
from kartentisch.games.mayhem.cards import CODES, EVENTS, KIND
from kartentisch.games.mayhem.notation import (
    Counterattack,
    Effect,
    Give,
    Play,
    Start,
    action_space,
    parse,
    parse_public,
    split_token,
)
from kartentisch.games.mayhem.rules import PHASES, MayhemState
from kartentisch.games.mayhem.words import DAT, NOM, card_name, phase_name, said
from kartentisch.kernel import LANGS, IllegalAction, MalformedToken, Voice, narrate

RAW = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hal")


def told(state: MayhemState, seat: int, token: str) -> dict[tuple[str, int | None], str]:
    """Apply ``token`` of ``seat`` and tell it to every seat and the spectator in both languages:
    ``(lang, viewer) → text`` (seats named Ana, Ben, …)."""
    before = state.clone()
    state.apply(seat, token)
    return {(lang, viewer): narrate(before, seat, token, state, Voice(lang, viewer, NAMES[:state.players])).text
            for lang in LANGS for viewer in [*range(state.players), None]}


def steps(state: MayhemState, seat: int, token: str, lang: str = "en") -> tuple[str, ...]:
    choice = GAME.choice(seat, token, state.view(seat), Voice(lang, seat, NAMES[:state.players]))
    return choice.steps


def visible(value: Any, out: set[str] | None = None) -> set[str]:
    """Every card code a view shows anywhere (hands, piles, pending, market, revealed, gamble)."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for v in value.values():
            visible(v, out)
    elif isinstance(value, list):
        for v in value:
            visible(v, out)
    elif isinstance(value, str) and value in KIND:
        out.add(value)
    return out


def start_effect(token: str, kind: str) -> Effect:
    move = parse(token)
    assert isinstance(move, Start)
    return move.effect(kind)


def gift_state() -> MayhemState:
    return load([["r5", "y9", "g7", "rgift"], ["g1", "g2"], ["b1"]], ["r3"], last_color="r")


# ----------------------------------------------------------------------------- notation
@pytest.mark.parametrize("players", range(2, 9))
def test_every_token_of_the_action_space_reads_back(players: int) -> None:
    space = action_space(players, {})
    assert len(space) == len(set(space))
    tokens = [t for t in space if not t.startswith("card:")]  # card:<x> are steps, not tokens
    assert len(space) - len(tokens) == len(CODES)
    for token in tokens:
        assert str(parse(token)) == token
        assert split_token(token) == [token]  # heads and whole tokens are one step each
    assert parse("play:rgift:2:r5:y7") == Play("rgift", Effect(target=2, cards=("r5", "y7")))
    assert split_token("play:rgift:2:r5:y7") == ["play:rgift:2", "card:r5", "card:y7"]
    assert split_token("counter:g:1:k3") == ["counter:g:1", "card:k3"]
    assert split_token("start:2:r5:y7") == ["start:2", "card:r5", "card:y7"]
    assert start_effect("start:g:1:1:2:2", "four") == Effect(wish="g", seats=(1, 1, 2, 2))
    assert parse("start:7") == Start(("7",))  # R36: what 7 is depends on the start card
    assert start_effect("start:7", "fant") == Effect(wish="7") and start_effect("start:7", "skip") == Effect(target=7)
    with pytest.raises(MalformedToken, match="R36"):
        start_effect("start:7", "equal")


def test_public_tokens_read_back_and_hide_cards() -> None:
    for token in ("play:rgift:1:?:?", "give:?:2", "bet:?", "discard:?", "counter:r:0:?", "start:2:?:?"):
        assert str(parse_public(token)) == token
        with pytest.raises(MalformedToken):
            parse(token)  # "?" is no card to play
    counter, give = parse("counter:r:0:g1:g2"), parse("give:k3:1")
    assert isinstance(counter, Counterattack) and isinstance(give, Give)
    assert str(counter.masked()) == "counter:r:0:?:?" and give.masked() == Give("?", 1)
    assert parse("counter:b:2") == Counterattack("b", 2)


@pytest.mark.parametrize(("token", "rule"), [
    ("jump", "mayhem R2"), ("Play:r5", "mayhem R2"), (":", "mayhem R2"), ("draw:1", "mayhem R2"),
    ("pass:", "mayhem R2"), ("play", "mayhem R2"), ("play:zz", "mayhem R2"), ("play:R5", "mayhem R2"),
    ("play:r5:1", "mayhem R2"), ("play:rgift", "mayhem R9"), ("play:rgift:1:y9:r5", "mayhem R9"),
    ("play:rgift:1:r5:y9:y9", "mayhem R9"), ("play:rgift:01:r5", "mayhem R9"), ("play:rexch:x", "mayhem R10"),
    ("play:rskip:1:2", "mayhem R11"), ("play:rskip:+1", "mayhem R11"), ("play:fant", "mayhem R14"),
    ("play:fant:k", "mayhem R14"), ("play:fant:0", "mayhem R14"), ("play:fant:r:1", "mayhem R14"),
    ("play:four:r:2:1:1:1", "mayhem R15"), ("play:four:r:1:1", "mayhem R15"), ("play:equal:5", "mayhem R16"),
    ("play:equal:r:x", "mayhem R16"), ("play:counter:7", "mayhem R17"), ("play:nicetry:7", "mayhem R18"),
    ("start:r:r5", "mayhem R36"), ("start:x", "mayhem R36"), ("counter:k:0", "mayhem R21"),
    ("counter:r", "mayhem R21"), ("counter:r:0:y9:r5", "mayhem R21"), ("nicetry:7", "mayhem R31"),
    ("nicetry", "mayhem R31"), ("pick:zz", "mayhem R52"), ("pick:?", "mayhem R52"), ("discard:r5:1", "mayhem R56"),
    ("give:r5", "mayhem R43"), ("give:r5:²", "mayhem R43"), ("give:?:1", "mayhem R43"), ("bet", "mayhem R50"),
    ("deal:0", "mayhem R72"),
])
def test_malformed_tokens_name_the_rule_and_change_nothing(token: str, rule: str) -> None:
    with pytest.raises(MalformedToken) as info:
        parse(token)
    assert info.value.rule == rule and info.value.token == token
    state = gift_state()
    before = state.to_doc()
    with pytest.raises(MalformedToken) as applied:
        state.apply(0, token)
    assert applied.value.rule == rule and applied.value.seat == 0 and repr(token) in str(applied.value)
    assert state.to_doc() == before


@pytest.mark.parametrize(("seat", "token", "rule"), [
    (0, "play:rgift:0:r5:y9", "mayhem R9"), (0, "play:rgift:1:r5", "mayhem R9"), (0, "play:b9", "mayhem R2"),
    (0, "pass", "mayhem R2"), (0, "deal", "mayhem R2"), (1, "play:g1", "mayhem R2"), (0, "give:r5:1", "mayhem R2"),
    (0, "play:rgift:9:r5:y9", "mayhem R9"),
])
def test_well_formed_illegal_tokens_are_plain_illegal_actions(seat: int, token: str, rule: str) -> None:
    state = gift_state()
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, token)
    assert not isinstance(info.value, MalformedToken) and info.value.rule == rule
    assert state.to_doc() == before


# ----------------------------------------------------------------------------- names
def test_card_and_phase_names() -> None:
    assert [card_name(c, "en") for c in ("r7", "k5", "rgift", "bexch", "gchance", "yskip", "rtroub")] == [
        "Red 7", "Black 5", "Red Gift", "Blue Exchange", "Green Second Chance", "Yellow Skip", "Red Troublemaker"]
    assert [card_name(c, "de") for c in ("r7", "k5", "rgift", "bexch", "gchance", "yskip", "rtroub")] == [
        "Rot 7", "Schwarz 5", "Geschenk Rot", "Tausch Blau", "2. Chance Grün", "Aussetzen Gelb", "Unruhestifter Rot"]
    assert [card_name(c, "de") for c in ("fant", "four", "counter", "equal", "nicetry", "fy", "christmas")] == [
        "Fantastisch", "Fantastische Vier", "Gegenangriff", "Gleichstand", "Netter Versuch",
        "Einzigartige Sonderkarte", "Frohe Weihnachten"]
    assert card_name("?", "en") == "Hidden card" and card_name("eye", "en") == "All-Seeing Eye"
    with pytest.raises(ValueError, match="zz"):
        card_name("zz", "en")
    for lang in LANGS:
        names = [card_name(c, lang) for c in (*CODES, *EVENTS)]
        assert len(set(names)) == len(names) and not any(RAW.search(n) for n in names)
        phases = [phase_name(p, lang) for p in PHASES]
        assert all(phases) and len(set(phases)) == len(phases) and not any(RAW.search(p) for p in phases)
    assert GAME.phase_name("christmas", "de") == "Frohe Weihnachten: Karten verschenken"
    assert GAME.card_name("rgift", "en") == "Red Gift"


def test_options_have_labels_rules_and_plain_help() -> None:
    for option in GAME.options:
        assert set(option.label) == set(option.help) == set(LANGS)
        assert re.fullmatch(r"mayhem [RSD]\d+", option.rule)
        for lang in LANGS:
            assert option.label[lang] and "\n" not in option.help[lang]
            assert not re.search(r"\b[RSD]\d+\b|_", option.help[lang]), option.help[lang]


# ----------------------------------------------------------------------------- moves in words
def test_a_plain_card_draw_and_pass() -> None:
    state = load([["r5", "y5"], ["g1", "g2"], ["b1", "b2"]], ["r3"], last_color="r")
    text = told(state, 0, "play:r5")
    assert (text["en", 0], text["en", 1], text["en", None]) == ("You play Red 5.", "Ana plays Red 5.",
                                                                  "Ana plays Red 5.")
    assert (text["de", 0], text["de", 2], text["de", None]) == ("Du spielst Rot 5.", "Ana spielt Rot 5.",
                                                                  "Ana spielt Rot 5.")
    state = load([["r1"], ["g1"], ["g2"]], ["b9"], draw_top=["y7"])
    text = told(state, 0, "draw")
    assert (text["en", 0], text["en", 1], text["de", 0], text["de", None]) == (
        "You draw Yellow 7.", "Ana draws a card.", "Du ziehst Gelb 7.", "Ana zieht eine Karte.")
    text = told(state, 0, "pass")
    assert (text["en", 0], text["en", 2], text["de", 0], text["de", None]) == (
        "You pass.", "Ana passes.", "Du passt.", "Ana passt.")


def test_a_gift_told_to_giver_receiver_and_others() -> None:
    """The cards are the giver's secret until delivered; the receiver reads them from its own hand."""
    state = gift_state()
    text = told(state, 0, "play:rgift:1:y9:g7")
    assert text["en", 0] == ("You play Red Gift against Ben to give Yellow 9 and Green 7. "
                             "Ben may answer with a Counterattack.")
    assert text["en", 1] == "Ana plays Red Gift against you to give 2 cards. You may answer with a Counterattack."
    assert text["de", None] == ("Ana spielt Geschenk Rot gegen Ben, um 2 Karten zu verschenken. "
                                "Ben darf mit einem Gegenangriff antworten.")
    text = told(state, 1, "pass")  # an automatic step: the part applies (R22)
    assert (text["en", 0], text["en", 1], text["en", 2]) == (
        "Ben does not counter. You give Yellow 9 and Green 7 to Ben.",
        "You do not counter. Ana gives Yellow 9 and Green 7 to you.", "Ben does not counter. Ana gives 2 cards to Ben.")
    assert (text["de", 1], text["de", None]) == ("Du konterst nicht. Ana schenkt dir Gelb 9 und Grün 7.",
                                                 "Ben kontert nicht. Ana schenkt Ben 2 Karten.")


def test_an_exchange_turned_back_by_a_counterattack() -> None:
    state = load([["r5", "rexch", "y1", "y2"], ["g1", "g2", "counter"], ["b1"]], ["r3"], last_color="r", seed=3)
    state.apply(0, "play:rexch:1:y1:y2")
    text = told(state, 1, "counter:b:0:g1:g2")
    assert text["en", 1] == ("You answer with Counterattack, wish for blue and turn the Exchange against Ana to "
                             "swap Green 1 and Green 2. Ana may answer with a Counterattack.")
    assert text["en", 0] == ("Ben answers with Counterattack, wishes for blue and turns the Exchange against you to "
                             "swap 2 cards. You may answer with a Counterattack.")
    assert text["de", None] == ("Ben antwortet mit dem Gegenangriff, wünscht sich Blau und richtet den Tausch gegen "
                                "Ana, um 2 Karten zu tauschen. Ana darf mit einem Gegenangriff antworten.")
    text = told(state, 0, "pass")
    taken = [c for c in state.hands[1] if c not in ("g1", "g2")]
    names = " and ".join(card_name(c, "en") for c in taken)
    assert text["en", 0] == f"You do not counter. Ben gives you Green 1 and Green 2 and takes {names}."
    assert text["en", 1] == f"Ana does not counter. You give Ana Green 1 and Green 2 and take {names}."
    assert text["en", 2] == "Ana does not counter. Ben gives Ana 2 cards and takes 2 cards."
    assert text["de", None] == "Ana kontert nicht. Ben gibt Ana 2 Karten und nimmt 2 Karten."


def test_an_exchange_names_the_taken_cards_to_the_taker_even_when_one_equals_a_card_given() -> None:
    """R10: Ben's whole hand (Yellow 1, Green 5) is taken; the Yellow 1 given back cancels out of Ana's hand's
    difference, yet Ana is told both cards she took; the other seats learn only how many."""
    state = load([["r5", "rexch", "y1", "y2"], ["y1", "g5"], ["b1"]], ["r3"], last_color="r", seed=3)
    state.apply(0, "play:rexch:1:y1:y2")
    text = told(state, 1, "pass")
    assert sorted(state.hands[0]) == ["g5", "r5", "y1"]
    assert text["en", 0] == "Ben does not counter. You give Ben Yellow 1 and Yellow 2 and take Yellow 1 and Green 5."
    assert text["de", 0] == "Ben kontert nicht. Du gibst Ben Gelb 1 und Gelb 2 und nimmst Gelb 1 und Grün 5."
    assert text["en", 2] == "Ben does not counter. Ana gives Ben 2 cards and takes 2 cards."
    assert text["de", None] == "Ben kontert nicht. Ana gibt Ben 2 Karten und nimmt 2 Karten."


def test_fantastic_four_parts_equality_and_a_skip_passing_over_a_seat() -> None:
    state = load([["four", "r1"], ["g1", "g2"], ["b1", "b2"]], ["r3"], draw_top=["r7", "r8", "r9", "y1"],
                 last_color="r")
    text = told(state, 0, "play:four:g:1:1:2:2")  # worked example 2: seat 2's part first (R20)
    assert text["en", 1] == ("Ana plays Fantastic Four, wishes for green and hands out four draws: 2 to you and "
                             "2 to Cem. Cem may answer with a Counterattack.")
    assert text["de", 0] == ("Du spielst die Fantastische Vier, wünschst dir Grün und verteilst vier Karten zum "
                             "Ziehen: 2 an Ben und 2 an Cem. Cem darf mit einem Gegenangriff antworten.")
    text = told(state, 2, "pass")
    assert text["en", 2] == "You do not counter. You draw Red 7 and Red 8. Ben may answer with a Counterattack."
    assert text["en", None] == "Cem does not counter. Cem draws 2 cards. Ben may answer with a Counterattack."
    assert text["de", 1] == "Cem kontert nicht. Cem zieht 2 Karten. Du darfst mit einem Gegenangriff antworten."
    state = load([["equal", "r1", "r2", "r4"], ["g1"], ["b1", "b2", "b3"]], ["r3"], draw_top=["y7", "y8"],
                 last_color="r")
    text = told(state, 0, "play:equal:r:1")
    assert text["en", None] == ("Ana plays Equality, wishes for red and aims it at Ben. "
                                "Ben may answer with a Counterattack.")
    assert text["de", 1] == ("Ana spielt den Gleichstand, wünscht sich Rot und zielt damit auf dich. "
                             "Du darfst mit einem Gegenangriff antworten.")
    text = told(state, 1, "pass")
    assert (text["en", 1], text["de", 2]) == ("You do not counter. You draw Yellow 7 and Yellow 8.",
                                              "Ben kontert nicht. Ben zieht 2 Karten.")
    state = load([["r5", "rskip"], ["g1", "g2"], ["b1", "b2"]], ["r3"], last_color="r")
    state.apply(0, "play:rskip:2")
    text = told(state, 2, "pass")  # marked, then passed over at once by the checkpoint (R11, R30)
    assert (text["en", 2], text["en", 0], text["de", 2], text["de", None]) == (
        "You do not counter. You miss a turn.", "Cem does not counter. Cem misses a turn.",
        "Du konterst nicht. Du setzt aus.", "Cem kontert nicht. Cem setzt aus.")
    assert state.to_act() == [1]


def test_an_event_with_cards_handed_out() -> None:
    state = load([["r5", "k5"], ["g1", "g2"], ["b1", "b2"]], ["r5", "g9", "b2"], events_top=["lostfound"])
    text = told(state, 0, "play:k5")
    assert text["en", 1] == ("Ana plays Black 5. The event Lost and Found is turned up. The cards beneath the top "
                             "card are handed out. Cem gets Red 5; you get Green 9; Ana gets Blue 2.")
    assert text["de", 0] == ("Du spielst Schwarz 5. Das Ereignis „Verlorenes und Gefundenes“ wird aufgedeckt. Die "
                             "Karten unter der obersten Karte werden verteilt. Cem bekommt Rot 5; Ben bekommt Grün 9; "
                             "du bekommst Blau 2.")


def test_the_market_and_its_last_card() -> None:
    state = load([["r1", "k5"], ["y1"], ["g1"]], ["r5"], draw_top=["b1", "b2", "b3"], events_top=["market"])
    text = told(state, 0, "play:k5")
    assert text["en", 2] == ("Ana plays Black 5. The event Market is turned up. Blue 1, Blue 2 and Blue 3 are laid "
                             "out. You pick first.")
    assert text["de", None] == ("Ana spielt Schwarz 5. Das Ereignis „Markt“ wird aufgedeckt. Ausgelegt werden Blau 1, "
                                "Blau 2 und Blau 3. Cem wählt zuerst.")
    text = told(state, 2, "pick:b2")
    assert (text["en", 2], text["de", 0]) == ("You take Blue 2 from the market.", "Cem nimmt Blau 2 vom Markt.")
    text = told(state, 1, "pick:b1")  # R52: the last card goes to the next picker without a decision
    assert text["en", 0] == "Ben takes Blue 1 from the market. You get the last card, Blue 3."
    assert text["de", None] == "Ben nimmt Blau 1 vom Markt. Ana bekommt die letzte Karte, Blau 3."


def test_recession_choices_hidden_until_all_are_made() -> None:
    state = load([["r1", "r2", "r3", "r4", "k5"], ["y1", "y2", "y3"], ["g1", "g2"]], ["r5"],
                 events_top=["recession"])
    text = told(state, 0, "play:k5")
    assert text["en", None] == ("Ana plays Black 5. The event Recession is turned up. Everyone discards cards, one "
                                "more at each seat in turn. Cem must discard a card; Ben must discard 2 cards; "
                                "Ana must discard 3 cards.")
    text = told(state, 2, "discard:g2")
    assert (text["en", 2], text["en", 0], text["de", None]) == (
        "You choose Green 2 to discard.", "Cem chooses a card to discard.", "Cem wählt eine Karte zum Abwerfen.")
    for seat, token in [(1, "discard:y1"), (1, "discard:y3"), (0, "discard:r1"), (0, "discard:r2")]:
        state.apply(seat, token)
    text = told(state, 0, "discard:r4")  # the last choice: all take effect together (R43, R42)
    assert text["en", 1] == ("Ana chooses Red 4 to discard. Cem discards Green 2; you discard Yellow 1 and "
                             "Yellow 3; Ana discards Red 1, Red 2 and Red 4.")
    assert text["de", 0] == ("Du wählst Rot 4 zum Abwerfen. Cem wirft Grün 2 ab; Ben wirft Gelb 1 und Gelb 3 ab; "
                             "du wirfst Rot 1, Rot 2 und Rot 4 ab.")


def test_gambler_bets_revealed_together() -> None:
    state = load([["y9", "r2", "k5"], ["fant", "g5"], ["b1", "b3"]], ["r5"], events_top=["gambler"])
    text = told(state, 0, "play:k5")
    assert text["de", 1] == ("Ana spielt Schwarz 5. Das Ereignis „Glücksspieler“ wird aufgedeckt. Wer Karten hat, "
                             "setzt eine Karte verdeckt.")
    text = told(state, 1, "bet:fant")
    assert (text["en", 1], text["en", 0], text["de", None]) == ("You bet Fantastic.", "Ben bets a card.",
                                                                "Ben setzt eine Karte.")
    state.apply(2, "bet:b1")
    text = told(state, 0, "bet:y9")  # worked example 4
    assert text["en", 1] == ("Ana bets Yellow 9. The bets are revealed: Yellow 9 from Ana, Fantastic from you and "
                             "Blue 1 from Cem. You take all the bets.")
    assert text["de", None] == ("Ana setzt Gelb 9. Die Einsätze werden aufgedeckt: Gelb 9 von Ana, Fantastisch von "
                                "Ben und Blau 1 von Cem. Ben nimmt alle Einsätze.")


def test_christmas_gifts_are_read_by_the_receiver_only_once_delivered() -> None:
    """Issue 22 item 1 (R43, D27): a gift reaches its receiver only when all gifts change hands."""
    state = load([["k5", "y5", "r1"], ["g4"]], ["r5"], events_top=["christmas"])
    text = told(state, 0, "play:k5")
    assert text["en", 1] == ("Ana plays Black 5. The event Merry Christmas is turned up. Everyone gives away the "
                             "whole hand, card by card, to the others.")
    assert state.public_token(0, "give:r1:1", 1) == "give:?:1"
    text = told(state, 0, "give:r1:1")
    assert (text["en", 0], text["en", 1], text["en", None]) == ("You give Red 1 to Ben.", "Ana gives a card to you.",
                                                                  "Ana gives a card to Ben.")
    assert (text["de", 0], text["de", 1]) == ("Du schenkst Ben Rot 1.", "Ana schenkt dir eine Karte.")
    state.apply(1, "give:g4:0")
    assert state.public_token(0, "give:y5:1", 1) == "give:y5:1"  # the last gift: delivered with this move
    text = told(state, 0, "give:y5:1")
    assert text["en", 1] == "You receive Yellow 5 from Ana. The gifts change hands. You also receive Red 1."
    assert text["en", 0] == "You give Yellow 5 to Ben. The gifts change hands. You receive Green 4."
    assert text["en", None] == "Ana gives a card to Ben. The gifts change hands."
    assert text["de", 1] == ("Du bekommst Gelb 5 von Ana. Die Geschenke wechseln die Besitzer. "
                             "Du bekommst außerdem Rot 1.")
    assert state.hands == [["g4"], ["r1", "y5"]]


def test_regression_seed_4244_christmas_gift_hidden_from_the_receiver() -> None:
    """Issue 22 item 1 as reported: 2 players, seed 4244, short match; at Christmas seat 0 gives to
    seat 1 first. Seat 1's log must not read the card while its view still hides seat 0's choice."""
    state = GAME.new_state(2, {"game_length": "short"}, seed=4244)
    assert isinstance(state, MayhemState)
    rng = random.Random(4244)
    while True:
        seat = rng.choice(state.to_act())
        token = rng.choice(state.legal_actions(seat))
        if state.phase == "christmas" and seat == 0:
            break
        state.apply(seat, token)
    assert token == "give:y5:1" and state.pending is not None and state.pending["chosen"] == [[], []]
    before = state.clone()
    state.apply(seat, token)
    told_ben = narrate(before, 0, token, state, Voice("en", 1, ("Ana", "Ben")))
    assert told_ben.token == "give:?:1" and told_ben.text == "Ana gives a card to you."
    assert state.view(1)["zones"]["pending"]["chosen"][0] == ["?"] and "y5" not in state.view(1)["zones"]["hands"][1]


def test_nice_try_window_and_answer() -> None:
    state = load([["b9"], ["r4", "nicetry"], ["g1", "g2"], ["y1"]], ["b5"], draw_top=["r7", "r8", "r9"],
                 last_color="b")
    text = told(state, 0, "play:b9")
    assert text["en", 0] == "You play Blue 9. You have no cards left. The others may answer with Nice Try."
    assert text["de", 2] == ("Ana spielt Blau 9. Ana hat keine Karten mehr. "
                             "Die anderen dürfen mit Netter Versuch antworten.")
    text = told(state, 3, "pass")
    assert (text["en", 3], text["de", None]) == ("You do not play Nice Try.", "Dana spielt keinen Netten Versuch.")
    text = told(state, 1, "nicetry:g")  # R31: the empty-handed seat draws 3
    assert (text["en", 0], text["en", 1]) == ("Ben plays Nice Try and wishes for green. You draw Red 7, Red 8 and "
                                              "Red 9.", "You play Nice Try and wish for green. Ana draws 3 cards.")
    assert text["de", None] == "Ben spielt den Netten Versuch und wünscht sich Grün. Ana zieht 3 Karten."


def test_the_round_end_the_deal_and_the_start_card() -> None:
    state = load([["b9"], ["r4"], ["g1"]], ["b5", "nicetry"], last_color="b")
    before = state.clone()
    state.apply(0, "play:b9")
    told_ana = narrate(before, 0, "play:b9", state, Voice("en", 0, NAMES[:3]))
    assert told_ana.text == "You play Blue 9. You have no cards left."
    assert told_ana.round_text and told_ana.round_text.startswith("Round 1 is over")
    text = told(state, 1, "deal")  # the match generator (seed 1) turns up Green 3
    assert state.discard == ["g3"] and state.phase == "play"
    assert (text["en", 1], text["de", 0]) == ("You deal round 2. The start card is Green 3.",
                                              "Ben teilt Runde 2 aus. Die Startkarte ist Grün 3.")
    deck = [c for c in GAME.deck(3, {}) if c in KIND]
    deck.remove("fant")
    deck.insert(21, "fant")
    dealt = GAME.new_state(3, seed=1, deck=deck)
    assert isinstance(dealt, MayhemState)
    assert steps(dealt, 0, "start:7") == ("Wish for a 7",) and steps(dealt, 0, "start:y", "de") == ("Wünsch dir Gelb",)
    text = told(dealt, 0, "start:8")
    assert (text["en", 0], text["de", 1]) == ("You use the start card Fantastic and wish for an 8.",
                                              "Ana nutzt die Startkarte Fantastisch und wünscht sich eine 8.")


def test_unique_card_and_second_chance() -> None:
    state = load([["fy", "r1", "r2", "r3", "r4", "r6", "r7", "r8", "r9", "y1"], ["g1"], ["g2"]], ["b3"])
    text = told(state, 0, "play:fy")
    assert (text["en", 1], text["de", 0]) == ("Ana slides the Unique card under the top card.",
                                              "Du schiebst die Einzigartige Sonderkarte unter die oberste Karte.")
    state = load([["rchance", "r2", "g1"], ["g2"], ["g3"]], ["r4"], last_color="r")
    text = told(state, 0, "play:rchance")
    assert (text["en", 0], text["de", None]) == ("You play Red Second Chance and must play another card.",
                                                 "Ana spielt 2. Chance Rot und muss noch eine Karte spielen.")


def test_the_empty_draw_pile_ends_the_round() -> None:
    hands = [["y4"], ["b9", "k9"], ["g2", "g3"]]
    base = load(hands, ["g7"], current=2)
    doc = base.to_doc()
    doc["zones"]["discard"] += doc["zones"]["draw_pile"]
    doc["zones"]["draw_pile"], doc["zones"]["draw_count"] = [], 0
    empty = GAME.load(doc)
    assert isinstance(empty, MayhemState)
    text = told(empty, 2, "draw")
    assert (text["en", 2], text["de", None]) == (
        "You draw from the empty draw pile. The draw pile is used up.",
        "Cem zieht vom leeren Nachziehstapel. Der Nachziehstapel ist aufgebraucht.")


# ----------------------------------------------------------------------------- choices
def test_choices_are_steps() -> None:
    state = gift_state()
    assert steps(state, 0, "play:rgift:1:y9:g7") == ("Play Red Gift", "To Ben", "Yellow 9", "Green 7")
    assert steps(state, 0, "play:rgift:2:r5:y9", "de") == ("Spiele Geschenk Rot", "An Cem", "Rot 5", "Gelb 9")
    assert steps(state, 0, "play:r5") == ("Play Red 5",) and steps(state, 0, "draw", "de") == ("Ziehe eine Karte",)
    state.apply(0, "play:rgift:1:y9:g7")
    assert steps(state, 1, "pass") == ("Do not counter",)
    state = load([["four", "equal", "r1"], ["g1"], ["g2"]], ["r3"], last_color="r")
    assert steps(state, 0, "play:four:g:1:1:2:2") == ("Play Fantastic Four", "Wish for green", "2 to Ben", "2 to Cem")
    assert steps(state, 0, "play:four:7") == ("Play Fantastic Four", "Wish for a 7", "No draws")
    assert steps(state, 0, "play:four:1:2:2:2:2", "de") == ("Spiele Fantastische Vier", "Wünsch dir eine 1",
                                                           "4 an Cem")
    assert steps(state, 0, "play:equal:b:2") == ("Play Equality", "Wish for blue", "Against Cem")
    assert steps(state, 0, "play:equal:b") == ("Play Equality", "Wish for blue", "No target")
    state = load([["k5", "y5", "r1"], ["g4"]], ["r5"], events_top=["christmas"])
    state.apply(0, "play:k5")
    assert steps(state, 0, "give:y5:1", "de") == ("Verschenke Gelb 5", "An Ben")



def test_choices_read_what_they_depend_on_each_time() -> None:
    """Issue 33: a choice is remembered per all it reads, so the same token reads by its phase (a pass, R21/R31),
    by the start card (R36: ``start:1`` is a target for a Skip, a wish for a Fantastic) and by the table's names,
    however often it was asked before in another position."""
    voice = Voice("en", 0, ("Ana", "Ben", "Cem"))
    for _ in range(2):  # the second round reads each from memory
        assert GAME.choice(1, "pass", {"phase": "counter", "zones": {}}, voice).steps == ("Do not counter",)
        assert GAME.choice(1, "pass", {"phase": "nicetry", "zones": {}}, voice).steps == ("Do not play Nice Try",)
        assert GAME.choice(1, "pass", {"phase": "after_draw", "zones": {}}, voice).steps == ("Pass",)
        start = {"phase": "start", "zones": {"pending": {"card": "rskip"}}}
        assert GAME.choice(0, "start:1", start, voice).steps == ("Skip Ben",)
        start = {"phase": "start", "zones": {"pending": {"card": "fant"}}}
        assert GAME.choice(0, "start:1", start, voice).steps == ("Wish for a 1",)
        assert GAME.choice(0, "start:1", start, Voice("de", 0, ("Ana", "Ben", "Cem"))).steps == ("Wünsch dir eine 1",)
        assert GAME.choice(0, "give:y5:1", {}, voice).steps == ("Give Yellow 5", "To Ben")
        assert GAME.choice(0, "give:y5:1", {}, Voice("en", 2, ("Ana", "Bo", "Cem"))).steps == ("Give Yellow 5",
                                                                                              "To Bo")

# ----------------------------------------------------------------------------- whole matches
def check_choices(state: MayhemState, seat: int) -> None:
    """Every legal token of ``seat`` is a non-empty tuple of word steps, each told apart from the rest."""
    view = state.view(seat)
    for lang in LANGS:
        voice = Voice(lang, seat, NAMES[:state.players])
        seen = set()
        for token in state.legal_actions(seat):
            choice = GAME.choice(seat, token, view, voice)
            assert choice.steps and all(s and not RAW.search(s) for s in choice.steps), (token, choice)
            seen.add(choice.steps)
        assert len(seen) == len(state.legal_actions(seat))


@pytest.mark.parametrize("players", range(2, 9))
def test_random_matches_read_as_words_without_hidden_cards(players: int) -> None:
    """Every move told to every seat and the spectator in both languages is words (no token, code or
    seat number); every card a reader's public token names is visible in its view before or after
    the move (nothing in the log that the view still hides); every choice is words, all distinct."""
    options = [{"game_length": "short"}, {"game_length": "short", "counter_target": "any",
                                          "gambling_rule": "published"}]
    for seed in range(2):
        state = GAME.new_state(players, options[seed], seed=100 * players + seed)
        assert isinstance(state, MayhemState)
        rng = random.Random(seed)
        step = 0
        while not state.game_over:
            seat = rng.choice(state.to_act())
            if step % 5 == 0:
                check_choices(state, seat)
            token = rng.choice(state.legal_actions(seat))
            before = state.clone()
            state.apply(seat, token)
            for viewer in [*range(players), None]:
                views = before.view(viewer), state.view(viewer)
                public = before.public_token(seat, token, viewer)
                named = {a for a in public.split(":") if a in KIND}
                assert named <= visible(views[0]) | visible(views[1]), (token, viewer, public)
                for lang in LANGS:
                    told_it = narrate(before, seat, token, state, Voice(lang, viewer, NAMES[:players]), views)
                    assert told_it.token == public and told_it.text
                    for text in (told_it.text, told_it.round_text or ""):
                        assert not RAW.search(text), (token, viewer, lang, text)
            step += 1


# ----------------------------------------------------------------------------- issue 32: false sentences
def test_charity_does_not_give_away_the_card_just_played() -> None:
    """Issue 32 (mayhem R44): the black card that set Charity off went onto the pile; the player gives away two
    other cards ("You give away Black 1" was false), and the event's text fits ties (D23)."""
    state = load([["k1", "r2", "r3", "r4"], ["g1"], ["g2"]], ["r1"], events_top=["charity"])
    text = told(state, 0, "play:k1")
    given = sorted(set(["r2", "r3", "r4"]) - set(state.hands[0]), key=lambda c: int(c[1:]))
    assert text["en", 0] == ("You play Black 1. The event Charity is turned up. Whoever holds the most cards gives "
                             f"each player with fewer cards one card at random. You give away Red {given[0][1]} and "
                             f"Red {given[1][1]}.")
    assert "Schwarz 1 ab" not in text["de", 0] and "Black 1." not in text["en", 0].split("up.")[1]
    tied = load([["k1", "r2", "r3"], ["g1", "g3"], ["g2"]], ["r1"], events_top=["charity"])
    text = told(tied, 0, "play:k1")  # Ana and Ben hold 2 each: both give Cem a card (D23)
    assert "gibt jedem mit weniger Karten eine zufällige Karte" in text["de", None]
    assert len(tied.hands[2]) == 3 and "You receive" in text["en", 2]


def test_a_nice_try_that_empties_its_players_hand_says_why_the_round_ends() -> None:
    """Issue 32 (mayhem R31, R30 (b)): Ben's Nice Try was his last card; the round ends because he holds none and
    Nice Try lies on the pile — not because "nobody answers"."""
    state = load([["b9"], ["nicetry"], ["g1", "g2"]], ["b5"], draw_top=["r7", "r8", "r9"], last_color="b")
    state.apply(0, "play:b9")
    text = told(state, 1, "nicetry:g")
    assert state.phase in ("round_over", "game_over")
    assert text["en", 0] == ("Ben plays Nice Try and wishes for green. You draw Red 7, Red 8 and Red 9. "
                             "Ben has no cards left.")
    assert text["de", 1] == ("Du spielst den Netten Versuch und wünschst dir Grün. Ana zieht 3 Karten. "
                             "Du hast keine Karten mehr.")
    assert all("Nobody answers" not in t and "Niemand antwortet" not in t for t in text.values())


def test_recession_seats_discarding_the_whole_hand_are_not_told_they_must_choose() -> None:
    """Issue 32 (mayhem R56): Cem holds one card and owes one: the whole hand goes without a choice."""
    state = load([["r1", "r2", "r3", "r4", "k5"], ["y1", "y2", "y3"], ["g1"]], ["r5"], events_top=["recession"])
    text = told(state, 0, "play:k5")
    assert text["en", 2].endswith("You discard your whole hand; Ben must discard 2 cards; Ana must discard 3 cards.")
    assert text["de", None].endswith("Cem wirft die ganze Hand ab; Ben muss 2 Karten abwerfen; "
                                     "Ana muss 3 Karten abwerfen.")


def test_card_names_take_their_article_and_case() -> None:
    """Issue 32: "You draw the Unique card", "Die Startkarte ist die Einzigartige Sonderkarte", "spielt den Netten
    Versuch", the event's name in quotes after "Das Ereignis" (never "Das Ereignis Das allsehende Auge")."""
    state = load([["r1"], ["g1"], ["g2"]], ["b3"], draw_top=["fy"])
    text = told(state, 0, "draw")
    assert (text["en", 0], text["de", 0]) == ("You draw the Unique card.", "Du ziehst die Einzigartige Sonderkarte.")
    state = load([["k5", "r2"], ["g1"], ["g2"]], ["r5"], events_top=["eye"])
    text = told(state, 0, "play:k5")
    assert "Das Ereignis „Das allsehende Auge“ wird aufgedeckt." in text["de", 1]
    assert said("fy", "de", NOM) == "die Einzigartige Sonderkarte"
    assert said("nicetry", "de", DAT) == "dem Netten Versuch"
    assert said("r5", "de", NOM) == "Rot 5" and said("fy", "en") == "the Unique card"


def test_gifts_name_the_cards_before_the_receiver() -> None:
    """Issue 32: "Ana gives 2 cards to Ben", not "Ana gives Ben 2 cards" (the count read as part of the name)."""
    state = gift_state()
    state.apply(0, "play:rgift:1:y9:g7")
    text = told(state, 1, "pass")
    assert text["en", 2].endswith("Ana gives 2 cards to Ben.") and text["de", 2].endswith("Ana schenkt Ben 2 Karten.")


def test_round_one_is_told_as_a_deal_with_its_start_card_and_event() -> None:
    """R36: a black start card turns up an event; round 1 (dealt by the match's start) is told as later deals are."""
    state = GAME.new_state(3, seed=73)
    assert GAME.describe_start(state.view(1), Voice("en", 1, NAMES[:3])) == (
        "Ana deals round 1. The start card is Black 6. The event Tornado is turned up. All hands are collected, "
        "shuffled and dealt out again.")
    assert GAME.describe_start(state.view(0), Voice("de", 0, NAMES[:3])).startswith(
        "Du teilst Runde 1 aus. Die Startkarte ist Schwarz 6.")
