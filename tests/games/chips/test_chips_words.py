"""``chips`` moves as values (``notation.parse``) and in words (``words``, ``Game`` overrides, options)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from kartentisch.games import get_game
from kartentisch.games.chips.cards import DECK, SPECIAL_ORDER
from kartentisch.games.chips.notation import Deal, Take, action_space, parse
from kartentisch.games.chips.rules import PHASES, ChipsState
from kartentisch.kernel import IllegalAction, MalformedToken, Voice, narrate

GAME = get_game("chips")
NAMES = ("Ana", "Ben", "Cem")
#: What a text for people must never contain: tokens (``take:3``) and card codes (``r7``, ``b-1``).
TOKEN = re.compile(r"[a-z]+:[a-z0-9?]")
CODE = re.compile(r"\b[a-z]{1,2}-?\d{1,2}\b")
EMPTY: dict[str, list[str]] = {"k": [], "r": [], "b": [], "y": []}


def load(players: int, row: list[tuple[str, int]], supply: list[int], to_act: int = 0,
         displays: list[dict[str, list[str]]] | None = None, specials: list[str] | None = None,
         draw: list[str] | None = None, rounds: int = 1, chosen: object = None, **zones: object) -> ChipsState:
    """A loaded position: the row and displays given; the other cards on the pile in canonical order,
    or, with ``draw`` given, the other cards in seat 0's black row (face down) and ``draw`` as the pile;
    ``chosen``: ``options.specials`` when it differs from the active ``specials`` (``"random"``)."""
    displays = [dict(d) for d in displays or [EMPTY] * players]
    used = {c for c, _ in row} | {c.lstrip("-") for d in displays for s in d.values() for c in s}
    rest = [c for c in DECK if c not in used]
    if draw is None:
        draw = rest
    else:
        displays[0] = {**displays[0], "k": displays[0]["k"] + ["-" + c for c in rest if c not in draw]}
    doc = {
        "game": "chips", "players": players,
        "options": {"rounds": rounds, "first_player": 0, "specials": chosen or specials or []},
        "round": 1, "dealer": players - 1, "to_act": [to_act], "phase": "play", "scores": [],
        "totals": [0] * players,
        "zones": {"start_player": 0, "specials": specials or [],
                  "row": [{"card": c, "chips": k} for c, k in row], "draw": draw, "supply": supply,
                  "display": displays, "final_circuit": False, "extra_turn": False, **zones},
    }
    state = GAME.load(doc, seed=5)
    assert isinstance(state, ChipsState)
    return state


def said(state: ChipsState, seat: int, token: str) -> dict[tuple[str, int | None], str]:
    """Apply ``token`` and narrate it for seat 0 (named), the actor and a spectator (unnamed), in en and de."""
    before = state.clone()
    state.apply(seat, token)
    out = {}
    for lang in ("en", "de"):
        for viewer, names in ((0, NAMES), (seat, NAMES), (None, ())):
            out[lang, viewer] = narrate(before, seat, token, state, Voice(lang, viewer, names)).text
    return out


# ------------------------------------------------------------------ notation
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_token_of_the_action_space_parses_and_prints_back(players: int) -> None:
    """Every token that can ever be legal is a move value that writes the same token."""
    space = action_space(players, GAME.resolve_options(players, {}))
    moves = [parse(t) for t in space]
    assert [str(m) for m in moves] == space
    assert moves[0] == Take(0) and moves[7] == Take(0, "k") and moves[-1] == Deal()
    assert len(set(moves)) == len(space) == 36


@pytest.mark.parametrize(("token", "reason"), [
    ("pass", "unknown verb"), ("Take:1", "unknown verb"), ("take", "1 or 2 arguments"),
    ("take:1:k:r", "1 or 2 arguments"), ("take:", "decimal"), ("take:01", "decimal"),
    ("take:-1", "decimal"), ("take:+1", "decimal"), ("take:٣", "decimal"), ("take: 1", "decimal"),
    ("take:1:x", "k, r, b, y"), ("take:1:K", "k, r, b, y"), ("take:1:", "k, r, b, y"),
    ("deal:1", "no arguments"), ("take:" + "9" * 5000, "digits"),
])
def test_malformed_tokens_name_r4_and_change_nothing(token: str, reason: str) -> None:
    """A token not written as the notation says is a MalformedToken citing chips R4 (R20), from
    ``parse`` and from ``apply``, whatever the phase, and the state stays as it was."""
    with pytest.raises(MalformedToken, match=re.escape(reason)) as info:
        parse(token)
    assert info.value.rule == "chips R4"
    state = load(3, [(c, 0) for c in DECK[:7]], [7, 7, 7])
    for seat in (0, 1):
        before = state.to_doc()
        with pytest.raises(MalformedToken) as info:
            state.apply(seat, token)
        assert info.value.rule == "chips R4" and info.value.seat == seat and info.value.token == token
        assert state.to_doc() == before


@pytest.mark.parametrize(("token", "rule"), [
    ("take:7", "chips R5"), ("take:12", "chips R5"), ("take:1:k", "chips R14"), ("deal", "chips R11"),
])
def test_well_formed_illegal_tokens_are_not_malformed(token: str, rule: str) -> None:
    """A token the notation reads but the rules forbid now is a plain IllegalAction (R5, R11, R14)."""
    state = load(2, [(c, 0) for c in DECK[:7]], [7, 7])
    parse(token)
    with pytest.raises(IllegalAction) as info:
        state.apply(0, token)
    assert not isinstance(info.value, MalformedToken) and info.value.rule == rule


# ------------------------------------------------------------------ names and options
def test_card_and_phase_names() -> None:
    """Cards by the spec's colour names (Schwarz, Rot, Blau, Gelb), specials by number; every phase named."""
    assert [GAME.card_name(c, "en") for c in ("k1", "r7", "b10", "y4", "s13")] == [
        "Black 1", "Red 7", "Blue 10", "Yellow 4", "Special card 13"]
    assert [GAME.card_name(c, "de") for c in ("k1", "r7", "b10", "y4", "s13")] == [
        "Schwarz 1", "Rot 7", "Blau 10", "Gelb 4", "Sonderkarte 13"]
    for lang in ("en", "de"):
        assert len({GAME.card_name(c, lang) for c in DECK + SPECIAL_ORDER}) == 46
        names = [GAME.phase_name(p, lang) for p in PHASES]
        assert len(set(names)) == len(PHASES) and all(names)
    assert [GAME.phase_name(p, "de") for p in PHASES] == ["Karten nehmen", "Partie gewertet", "Spielende"]
    for bad in ("-r7", "r11", "s1", "x"):
        with pytest.raises(ValueError, match="not a card code"):
            GAME.card_name(bad, "en")
    with pytest.raises(ValueError, match="no phase"):
        GAME.phase_name("passing", "en")


def test_options_have_labels_rules_and_plain_help() -> None:
    """Each option: a label and one line of help in both languages, the rule id apart from the help."""
    rules = {o.name: o.rule for o in GAME.options}
    assert rules == {"rounds": "chips R11", "first_player": "chips R3", "specials": "chips R12"}
    for option in GAME.options:
        assert set(option.label) == set(option.help) == {"en", "de"}
        for text in (*option.label.values(), *option.help.values()):
            assert text and "\n" not in text and not re.search(r"\bR\d+|\bs\d+|\"", text)
    assert {o.name: o.label["de"] for o in GAME.options} == {
        "rounds": "Partien", "first_player": "Startspieler", "specials": "Sonderkarten"}


# ------------------------------------------------------------------ sentences
def test_take_paying_collecting_and_refill() -> None:
    """R5, R6, R7(a), R8 (worked example 1): paid, collected, laid face up, the row refilled."""
    state = load(3, [("r3", 0), ("k9", 2), ("b5", 0), ("y10", 1), ("k2", 0), ("r8", 0), ("b1", 0)], [7, 4, 7],
                 to_act=1)
    assert said(state, 1, "take:3") == {
        ("en", 0): "Ben takes Yellow 10 from the row, pays 3 chips, collects 1 chip and lays it face up on their "
                   "yellow row. The row is refilled with Black 1 from the pile.",
        ("en", 1): "You take Yellow 10 from the row, pay 3 chips, collect 1 chip and lay it face up on your "
                   "yellow row. The row is refilled with Black 1 from the pile.",
        ("en", None): "Seat 2 takes Yellow 10 from the row, pays 3 chips, collects 1 chip and lays it face up "
                      "on their yellow row. The row is refilled with Black 1 from the pile.",
        ("de", 0): "Ben nimmt Gelb 10 aus der Reihe, zahlt 3 Chips, sammelt 1 Chip ein und legt die Karte offen in "
                   "die eigene gelbe Farbreihe. Die Reihe wird mit Schwarz 1 vom Stapel aufgefüllt.",
        ("de", 1): "Du nimmst Gelb 10 aus der Reihe, zahlst 3 Chips, sammelst 1 Chip ein und legst die Karte offen "
                   "in deine gelbe Farbreihe. Die Reihe wird mit Schwarz 1 vom Stapel aufgefüllt.",
        ("de", None): "Platz 2 nimmt Gelb 10 aus der Reihe, zahlt 3 Chips, sammelt 1 Chip ein und legt die Karte "
                      "offen in die eigene gelbe Farbreihe. Die Reihe wird mit Schwarz 1 vom Stapel aufgefüllt.",
    }


def test_any_row_seven_face_down_and_free_four() -> None:
    """R14 (s3): a 7 laid on the named row, face down on a 7 (a minus point); R13 (s2): a 4 for nothing."""
    displays = [{**EMPTY, "b": ["b7"]}, EMPTY]
    state = load(2, [("k3", 0), ("y7", 0), ("b4", 2), ("k7", 0), ("b1", 0), ("b2", 0), ("b3", 0)], [7, 5],
                 displays=displays, specials=["s2", "s3"])
    texts = said(state, 0, "take:1:b")
    assert texts["en", 0] == ("You take Yellow 7 from the row, pay 1 chip and lay it face down on your blue row "
                              "(a minus point). The row is refilled with Black 1 from the pile.")
    assert texts["de", None] == ("Platz 1 nimmt Gelb 7 aus der Reihe, zahlt 1 Chip und legt die Karte verdeckt in "
                                 "die eigene blaue Farbreihe (ein Minuspunkt). Die Reihe wird mit Schwarz 1 vom Stapel "
                                 "aufgefüllt.")
    texts = said(state, 1, "take:1")  # b4 slid to position 1
    assert texts["en", 0] == ("Ben takes Blue 4 from the row, pays nothing (special card 2), collects 2 chips and "
                              "lays it face up on their blue row. The row is refilled with Black 2 from the pile.")
    assert texts["de", 1] == ("Du nimmst Blau 4 aus der Reihe, zahlst nichts (Sonderkarte 2), sammelst 2 Chips ein "
                              "und legst die Karte offen in deine blaue Farbreihe. Die Reihe wird mit Schwarz 2 vom "
                              "Stapel aufgefüllt.")


def test_extra_turn_is_said() -> None:
    """R15 (s4, worked example 5): the automatic extra turn follows the take and the refill."""
    state = load(3, [("b5", 3), ("k9", 0), ("r2", 1), ("y4", 0), ("k6", 0), ("r7", 0), ("b3", 0)], [6, 6, 5],
                 to_act=2, specials=["s4"])
    texts = said(state, 2, "take:0")
    assert texts["en", 2] == ("You take Blue 5 from the row, collect 3 chips and lay it face up on your blue row. "
                              "The row is refilled with Black 1 from the pile. You play again (special card 4).")
    assert texts["en", 0] == ("Cem takes Blue 5 from the row, collects 3 chips and lays it face up on their blue row. "
                              "The row is refilled with Black 1 from the pile. Cem plays again (special card 4).")
    assert texts["de", 2].endswith("Du bist gleich noch einmal dran (Sonderkarte 4).")
    assert texts["de", None].endswith("Platz 3 ist gleich noch einmal dran (Sonderkarte 4).")


def test_empty_pile_starts_the_final_circuit_then_the_round_ends() -> None:
    """R8/R9: the first refill finding the pile empty starts the final circuit, naming the last seat;
    the last seat's turn ends the round (the kernel adds the scores)."""
    row = [("k2", 0), ("r3", 0), ("b4", 0), ("y5", 0), ("k6", 0), ("r7", 0), ("b8", 0)]
    state = load(3, row, [7, 7, 7], draw=[])
    texts = said(state, 0, "take:0")
    assert texts["en", 0] == ("You take Black 2 from the row and lay it face up on your black row. The pile is "
                              "empty, so the row is not refilled. This is the final circuit: Cem has the last turn.")
    assert texts["de", 0] == ("Du nimmst Schwarz 2 aus der Reihe und legst die Karte offen in deine schwarze "
                              "Farbreihe. "
                              "Der Stapel ist leer, die Reihe wird nicht mehr aufgefüllt. Letzte Runde: Cem hat den "
                              "letzten Zug.")
    state.apply(1, "take:0")
    before = state.clone()
    state.apply(2, "take:0")
    text, scores = narrate(before, 2, "take:0", state, Voice("en", 2, NAMES))[1:]
    assert text == "You take Blue 4 from the row and lay it face up on your blue row."
    assert scores is not None and scores.startswith("Round 1 is over: ")
    state = load(3, row, [7, 7, 7], draw=[])
    before = state.clone()
    state.apply(0, "take:0")
    assert "you have the last turn" in narrate(before, 0, "take:0", state, Voice("en", 2)).text


def test_round_ends_on_an_empty_row() -> None:
    """R9: chained extra turns empty the row; the round ends at once."""
    row = [("k2", 3)]
    state = load(2, row, [7, 4], draw=[], specials=["s4"], final_circuit=True)
    texts = said(state, 0, "take:0")
    assert texts["en", None] == ("Seat 1 takes Black 2 from the row, collects 3 chips and lays it face up on their "
                                 "black row. The row is empty, so the round ends.")
    assert texts["de", 0].endswith("Die Reihe ist leer, die Partie endet.")
    assert state.phase == "game_over"


def test_deal_names_round_specials_row_and_start() -> None:
    """R11 ``deal``: the new round, its randomly drawn special cards, the row laid out, who starts."""
    row = [("k2", 0), ("r3", 0), ("b4", 0), ("y5", 0), ("k6", 0), ("r7", 0), ("b8", 0)]
    state = load(2, row, [7, 7], draw=[], rounds=2, chosen="random", final_circuit=True)
    while state.phase == "play":
        seat = state.to_act()[0]
        state.apply(seat, "take:0")
    assert GAME.choice(0, "deal", state.view(0), Voice("de", 0)).steps == ("Gib die 2. Partie",)
    texts = said(state, 0, "deal")  # seed 5: the special draw, then the shuffle (D20)
    specials_en = ("Special cards this round: 4 (take a card with ≥ 3 chips: play again), 13 (smallest colour "
                   "row does not count) and 15 (chips count −1 instead of +1).")
    row_en = "The row: Blue 1, Yellow 5, Blue 6, Yellow 7, Yellow 2, Yellow 9 and Blue 3."
    assert texts["en", 0] == f"You deal round 2. {specials_en} {row_en} Ben starts."
    assert texts["en", None] == f"Seat 1 deals round 2. {specials_en} {row_en} Seat 2 starts."
    assert texts["de", 0] == (
        "Du gibst die 2. Partie. Sonderkarten dieser Partie: 4 (Karte mit ≥ 3 Chips: sofort nochmals), 13 "
        "(kleinste Farbreihe zählt nicht) und 15 (Chips zählen minus statt plus). In der Reihe liegen Blau 1, "
        "Gelb 5, Blau 6, Gelb 7, Gelb 2, Gelb 9 und Blau 3. Ben beginnt.")
    assert texts["de", None].startswith("Platz 1 gibt die 2. Partie.")
    assert texts["de", None].endswith("Platz 2 beginnt.")
    assert state.specials == ["s4", "s13", "s15"] and state.options["specials"] == "random"


def test_choice_steps() -> None:
    """A take is one step, the card; an any-row 7 (R14) adds the row as a second step; deal names the round."""
    state = load(2, [("k3", 0), ("y7", 0), ("r9", 0), ("k7", 0), ("b1", 0), ("b2", 0), ("b3", 0)], [1, 13],
                 specials=["s3"])
    view = state.view(0)
    steps = {t: GAME.choice(0, t, view, Voice("en", 0)).steps for t in state.legal_actions(0)}
    assert steps == {"take:0": ("Take Black 3",), "take:1:k": ("Take Yellow 7", "Put it on your black row"),
                     "take:1:r": ("Take Yellow 7", "Put it on your red row"),
                     "take:1:b": ("Take Yellow 7", "Put it on your blue row"),
                     "take:1:y": ("Take Yellow 7", "Put it on your yellow row")}
    assert GAME.choice(0, "take:1:y", view, Voice("de", 0)).steps == ("Nimm Gelb 7",
                                                                      "Lege sie in deine gelbe Farbreihe")


# ------------------------------------------------------------------ random matches
def _clean(text: str) -> bool:
    return bool(text) and not TOKEN.search(text) and not CODE.search(text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_in_words(players: int) -> None:
    """Every move in words for every seat and the spectator, in en and de: non-empty, no tokens or
    codes, no card from the hidden pile; every legal move's steps clean and all step tuples distinct."""
    rng = random.Random(players)
    for match in range(2):
        options: dict[str, Any] = {"rounds": 2, "specials": "random" if match else ["s2", "s3", "s4", "s6"]}
        state = GAME.new_state(players, options, seed=100 * players + match)
        assert isinstance(state, ChipsState)
        voices = [Voice(lang, viewer, NAMES[:players] if match else ())
                  for lang in ("en", "de") for viewer in (*range(players), None)]
        while not state.game_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for lang in ("en", "de"):
                voice = Voice(lang, seat)
                view = state.view(seat)
                steps = [GAME.choice(seat, t, view, voice).steps for t in legal]
                assert len(set(steps)) == len(legal)
                assert all(s and all(map(_clean, s)) for s in steps)
            token = rng.choice(legal)
            before = state.clone()
            state.apply(seat, token)
            pile = [GAME.card_name(c, lang) for c in state.draw for lang in ("en", "de")]
            for voice in voices:
                text, round_text = narrate(before, seat, token, state, voice)[1:]
                assert _clean(text), text
                assert round_text is None or _clean(round_text)
                assert not any(re.search(rf"\b{name}\b", text) for name in pile), text


def test_the_closing_lines_call_the_round_a_partie_and_the_match_das_spiel() -> None:
    """Issue 32 (chips D1: a round is the summary's *Partie*): "Partie 1 ist vorbei … gewinnt das Spiel", never
    "Runde 1 ist vorbei … gewinnt die Partie"; English keeps "Round" and "the match"."""
    state = get_game("chips").new_state(3, {"rounds": 1}, seed=1)
    rng = random.Random(1)
    while not state.game_over:
        seat = state.to_act()[0]
        token = state.random_action(seat, rng)
        before = state.clone()
        state.apply(seat, token)
    de = narrate(before, seat, token, state, Voice("de", None, NAMES)).round_text
    en = narrate(before, seat, token, state, Voice("en", None, NAMES)).round_text
    assert de and de.startswith("Partie 1 ist vorbei: ") and "Runde" not in de and "die Partie" not in de
    assert de.endswith(("gewinnt das Spiel.", "teilen sich den Sieg."))
    assert en and en.startswith("Round 1 is over: ") and en.endswith(("wins the match.", "share the win."))
