"""``grid`` moves as values (notation.parse) and in words (words.py): every token reads back as
itself, malformed tokens are told apart from illegal ones, moves are told as the table says them
(actor, other seats, spectator; English and German), and whole matches read as words."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest
from tests.games.grid.grid_helpers import doc

import kartentisch.games  # noqa: F401
from kartentisch import build_info
from kartentisch.games import get_game
from kartentisch.games.grid.bot import HeuristicBot
from kartentisch.games.grid.cards import DECK
from kartentisch.games.grid.cells import remove_diagonal, remove_line
from kartentisch.games.grid.notation import DIAGONALS, Close, Flip, Remove, Swap, action_space, parse
from kartentisch.games.grid.rules import GridState
from kartentisch.games.grid.words import card_name, phase_name
from kartentisch.kernel import LANGS, IllegalAction, MalformedToken, Voice, narrate

GAME = get_game("grid")
RAW = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay")
#: Hidden grids of seats that do not act in a position (no line, nothing face up).
QUIET = [[["?g10", "?g11", "?m10"], ["?o10", "?p10", "?t11"], ["?y10", "?b10", "?r11"]],
         [["?m11", "?o11", "?p11"], ["?t8", "?y11", "?b11"], ["?g9", "?o7", "?m9"]]]


def told(state: GridState, seat: int, token: str) -> dict[tuple[str, int | None], str]:
    """Apply ``token`` of ``seat`` and tell it to the actor (``seat``), the next seat and the
    spectator in both languages: ``(lang, viewer) → text`` (seats named Ana, Ben, …, the spectator's
    seats unnamed)."""
    before = state.clone()
    state.apply(seat, token)
    other = (seat + 1) % state.players
    out = {}
    for lang in LANGS:
        for viewer in (seat, other, None):
            names = NAMES[:state.players] if viewer is not None else ()
            out[lang, viewer] = narrate(before, seat, token, state, Voice(lang, viewer, names)).text
    return out


# ----------------------------------------------------------------------------- notation
@pytest.mark.parametrize("players", range(2, 7))
def test_every_token_parses_and_reads_back(players: int) -> None:
    space = action_space(players, {})
    assert len(space) == len(set(space)) == 32
    for token in space:
        assert str(parse(token)) == token
    assert parse("swap:2:1") == Swap(2, 1) and parse("flip:0:2") == Flip(0, 2)
    assert parse("remove:d1") == Remove("d1") and parse("close:v") == Close("v")


@pytest.mark.parametrize(("token", "rule"), [
    ("pass", "grid R6"), ("Draw", "grid R6"), ("swapp:1:1", "grid R6"), ("draw:1", "grid R8"), ("draw:", "grid R8"),
    ("takediscard:b3", "grid R7"), ("keep:r0", "grid R11"), ("deal:2", "grid R20"), ("swap:3:0", "grid R10"),
    ("swap:1", "grid R10"), ("swap:01:0", "grid R10"), ("swap:-1:0", "grid R10"), ("flip:a:b", "grid R10"),
    ("flip:1:2:3", "grid R10"), ("flip:²:0", "grid R10"), ("remove:r3", "grid R10"), ("remove:", "grid R10"),
    ("remove:R0", "grid R10"), ("close:x", "grid R12"), ("close", "grid R12"), ("close:h:v", "grid R12"),
])
def test_malformed_tokens_name_the_rule_and_change_nothing(token: str, rule: str) -> None:
    with pytest.raises(MalformedToken) as info:
        parse(token)
    assert info.value.rule == rule and info.value.token == token
    for state in (GAME.new_state(3, seed=1), GAME.load(doc([QUIET[0], QUIET[1]], ["g2"], ["y-1"], 0))):
        seat = state.to_act()[0]
        before = state.to_doc()
        with pytest.raises(MalformedToken) as info:
            state.apply(seat, token)
        assert info.value.rule == rule and info.value.seat == seat and token in str(info.value)
        assert state.to_doc() == before


@pytest.mark.parametrize(("token", "rule"), [("swap:2:2", "grid R6"), ("remove:d0", "grid R6"),
                                             ("close:h", "grid R6"), ("flip:0:0", "grid R6"), ("deal", "grid R6")])
def test_well_formed_illegal_tokens_are_not_malformed(token: str, rule: str) -> None:
    state = GAME.load(doc([QUIET[0], QUIET[1]], ["g2"], ["y-1"], 0))
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(0, token)
    assert not isinstance(info.value, MalformedToken) and info.value.rule == rule
    assert state.to_doc() == before


def test_swap_outside_a_shrunk_grid_is_illegal_not_malformed_r10() -> None:
    state = GAME.load(doc([[["?b3", "?g5", "?m7"]], QUIET[1]], ["g2"], ["y-1"], 0))
    state.apply(0, "draw")
    with pytest.raises(IllegalAction) as info:
        state.apply(0, "swap:1:0")
    assert info.value.rule == "grid R10" and not isinstance(info.value, MalformedToken)


# ----------------------------------------------------------------------------- names
def test_card_and_phase_names() -> None:
    assert card_name("b-1", "en") == "Blue −1" and card_name("g11", "de") == "Grün 11"
    # one minus sign (U+2212) in names as on the cards and in the summaries: "Orange −1", never the token's hyphen
    assert card_name("o-1", "de") == "Orange −1" and card_name("p-1", "en") == "Purple −1"
    assert not [c for c in DECK for lang in ("en", "de") if "-" in card_name(c, lang)]
    assert card_name("p0", "de") == "Lila 0" and card_name("t7", "en") == "Turquoise 7"
    assert GAME.card_name("y5", "de") == "Gelb 5"
    assert {phase_name(p, "de") for p in ("setup", "play", "reveal", "round_over", "game_over")} == {
        "Aufbau: jeder deckt zwei Karten auf", "Spiel", "Aufdecken: Reihen am Rundenende", "Runde vorbei",
        "Partie vorbei"}
    assert GAME.phase_name("reveal", "en") == "Reveal: lines at round end"
    with pytest.raises(ValueError, match="b12"):
        card_name("b12", "en")
    with pytest.raises(ValueError, match="setup"):
        phase_name("bidding", "en")


def test_options_have_labels_rules_and_plain_help() -> None:
    for option in GAME.options:
        assert option.label["en"] and option.label["de"] and option.rule.startswith("grid ")
        for lang in LANGS:
            assert option.help[lang] and "\n" not in option.help[lang]
            assert not re.search(r"\b[RD]\d+\b", option.help[lang])  # the rule id moved to option.rule
    assert [o.rule for o in GAME.options] == ["grid R19", "grid R11", "grid D4"]


# ----------------------------------------------------------------------------- moves told
def test_initial_flips_and_the_start_player_r4_r5() -> None:
    state = GAME.new_state(2, deck=list(DECK))  # dealer 0: seat 1 gets b-1 b1 b3 …, seat 0 b0 b2 b4 …
    for token in ("flip:0:0", "flip:2:2"):  # b0 and g3
        state.apply(0, token)
    state.apply(1, "flip:0:1")
    texts = told(state, 1, "flip:0:2")
    assert texts["en", 1] == ("You turn up Blue 3 at row 1, column 3. Everyone has turned up two cards. "
                              "You have the highest sum (4) and start.")
    assert texts["en", 0] == ("Ben turns up Blue 3 at row 1, column 3. Everyone has turned up two cards. "
                              "Ben has the highest sum (4) and starts.")
    assert texts["de", 1] == ("Du deckst Blau 3 in Reihe 1, Spalte 3 auf. Alle haben zwei Karten aufgedeckt. "
                              "Du hast die höchste Summe (4) und beginnst.")
    assert texts["de", None] == ("Platz 2 deckt Blau 3 in Reihe 1, Spalte 3 auf. Alle haben zwei Karten "
                                 "aufgedeckt. Platz 2 hat die höchste Summe (4) und beginnt.")


def test_a_tied_start_says_who_goes_first_d5() -> None:
    state = GAME.new_state(2, deck=list(DECK))
    for seat, token in ((1, "flip:0:1"), (1, "flip:0:2"), (0, "flip:0:0")):  # b1 + b3; b0 …
        state.apply(seat, token)
    texts = told(state, 0, "flip:0:2")  # … + b4: 4 each
    assert texts["en", 1].endswith("You start: tied for the highest sum (4), first clockwise from the dealer's left.")
    assert texts["de", 0].endswith("Ben beginnt: gleichauf mit der höchsten Summe (4), im Uhrzeigersinn zuerst "
                                   "links vom Geber.")


def test_take_swap_diagonal_close_and_chain_worked_example_3() -> None:
    grid0 = [["g2", "r7", "r1"], ["r5", "?y8", "?p9"], ["?o4", "?m5", "g6"]]
    state = GAME.load(doc([grid0, *QUIET], ["t9"], ["g-1", "t10"], 0))
    texts = told(state, 0, "takediscard")
    assert texts["en", 0] == "You take Green −1 from the discard pile."
    assert texts["de", 1] == "Ana nimmt Grün −1 vom Ablagestapel."
    assert texts["en", None] == "Seat 1 takes Green −1 from the discard pile."
    texts = told(state, 0, "swap:1:1")
    assert texts["en", 0] == ("You swap Green −1 into row 2, column 2; Yellow 8 goes to the discard pile. "
                              "The diagonal from top left is complete (Green −1, Green 2 and Green 6) and goes "
                              "to the discard pile. You must now close the gaps, horizontally or vertically.")
    assert texts["de", 1] == ("Ana tauscht Grün −1 in Reihe 2, Spalte 2 ein; Gelb 8 kommt auf den Ablagestapel. "
                              "Die Diagonale von links oben ist vollständig (Grün −1, Grün 2 und Grün 6) und "
                              "kommt auf den Ablagestapel. Ana muss das Raster jetzt waagerecht oder senkrecht "
                              "zusammenschieben.")
    texts = told(state, 0, "close:v")
    assert texts["en", 0] == ("You close the gaps vertically. The line of Red 1, Red 5 and Red 7 is complete and "
                              "goes to the discard pile. Your grid now has 1 row and 3 columns.")
    assert texts["en", 1] == ("Ana closes the gaps vertically. The line of Red 1, Red 5 and Red 7 is complete "
                              "and goes to the discard pile. Ana's grid now has 1 row and 3 columns.")
    assert texts["de", None] == ("Platz 1 schiebt das Raster senkrecht zusammen. Die Reihe aus Rot 1, Rot 5 und "
                                 "Rot 7 ist vollständig und kommt auf den Ablagestapel. Das Raster von Platz 1 hat "
                                 "jetzt 1 Reihe und 3 Spalten.")


def test_draw_swap_unseen_card_several_lines_and_remove_d15() -> None:
    grid0 = [["?t1", "b5", "b9"], ["b3", "?o3", "?p7"], ["b7", "?y2", "r6"]]
    state = GAME.load(doc([grid0, *QUIET], ["b-1"], ["o8"], 0))
    texts = told(state, 0, "draw")
    assert texts["en", 0] == "You draw Blue −1." and texts["de", 0] == "Du ziehst Blau −1."
    assert texts["en", 1] == "Ana draws a card." and texts["de", None] == "Platz 1 zieht eine Karte."
    texts = told(state, 0, "swap:0:0")
    assert texts["en", 0] == ("You swap Blue −1 into row 1, column 1; Turquoise 1 goes to the discard pile. "
                              "You have several complete lines and choose one to remove.")
    assert texts["de", 1] == ("Ana tauscht Blau −1 in Reihe 1, Spalte 1 ein; Türkis 1 kommt auf den "
                              "Ablagestapel. Ana hat mehrere vollständige Reihen und wählt eine zum Entfernen.")
    texts = told(state, 0, "remove:r0")
    assert texts["en", 0] == "You remove row 1 (Blue −1, Blue 5 and Blue 9). Your grid now has 2 rows and 3 columns."
    assert texts["de", None] == ("Platz 1 entfernt Reihe 1 (Blau −1, Blau 5 und Blau 9). Das Raster von Platz 1 "
                                 "hat jetzt 2 Reihen und 3 Spalten.")


def test_a_drawn_card_unseen_by_others_is_named_once_it_lies_in_the_grid_r21() -> None:
    grid0 = [["y2", "?o9", "y6"], ["?b3", "?g5", "?m7"], ["?t6", "r10", "?b8"]]
    state = GAME.load(doc([grid0, *QUIET], ["y-1"], ["o8"], 0))
    state.apply(0, "draw")
    texts = told(state, 0, "swap:0:1")
    assert texts["en", 1] == ("Ana swaps Yellow −1 into row 1, column 2; Orange 9 goes to the discard pile. "
                              "Row 1 is complete (Yellow −1, Yellow 2 and Yellow 6) and goes to the discard pile. "
                              "Ana's grid now has 2 rows and 3 columns.")
    assert texts["de", None] == ("Platz 1 tauscht Gelb −1 in Reihe 1, Spalte 2 ein; Orange 9 kommt auf den "
                                 "Ablagestapel. Reihe 1 ist vollständig (Gelb −1, Gelb 2 und Gelb 6) und kommt "
                                 "auf den Ablagestapel. Das Raster von Platz 1 hat jetzt 2 Reihen und 3 Spalten.")


def test_reshuffle_flip_and_the_trigger_r9_r8_r14() -> None:
    grid0 = [["b3", "g5", "m7"], ["o2", "y9", "p4"], ["t6", "r10", "?b8"]]
    state = GAME.load(doc([grid0, *QUIET], [], ["b4", "g6"], 0))
    texts = told(state, 0, "draw")
    assert texts["en", 0] == ("The discard pile is shuffled into a new draw pile; Blue 4 stays face up. "
                              "You draw Green 6.")
    assert texts["de", 1] == ("Der Ablagestapel wird zu einem neuen Nachziehstapel gemischt; Blau 4 bleibt offen "
                              "liegen. Ana zieht eine Karte.")
    texts = told(state, 0, "flip:2:2")
    assert texts["en", 0] == ("You discard Green 6 and turn up Blue 8 at row 3, column 3. You have no face-down card "
                              "left and end the round: every other player has one more turn.")
    assert texts["de", 1] == ("Ana legt Grün 6 ab und deckt Blau 8 in Reihe 3, Spalte 3 auf. Ana hat keine "
                              "verdeckte Karte mehr und beendet die Runde: Alle anderen haben noch einen Zug.")


def test_the_last_turn_reveals_and_removes_lines_r16() -> None:
    grid0 = [["b3", "g5", "m7"], ["o2", "y9", "p4"], ["t6", "r10", "b8"]]  # the trigger: 54
    grid1 = [["?r1", "?r2", "?r3"], ["b5", "g7", "o9"], ["?t2", "?t4", "?y6"]]
    state = GAME.load(doc([grid0, grid1], ["g2"], ["m0", "y10"], 1, trigger=0))
    state.apply(1, "takediscard")
    texts = told(state, 1, "swap:1:2")
    assert texts["en", 1] == ("You swap Magenta 0 into row 2, column 3; Orange 9 goes to the discard pile. That was "
                              "the last turn: all face-down cards are turned face up. The line of Red 1, Red 2 and "
                              "Red 3 goes from your grid to the discard pile. Your grid now has 2 rows and 3 columns.")
    assert texts["de", 0] == ("Ben tauscht Magenta 0 in Reihe 2, Spalte 3 ein; Orange 9 kommt auf den "
                              "Ablagestapel. Das war der letzte Zug: Alle verdeckten Karten werden aufgedeckt. "
                              "Die Reihe aus Rot 1, Rot 2 und Rot 3 kommt aus dem Raster von Ben auf den "
                              "Ablagestapel. Das Raster von Ben hat jetzt 2 Reihen und 3 Spalten.")
    assert state.game_over and state.scores == [[108, 24]]  # R18: the trigger doubled, told by the kernel


def test_reveal_grid_by_grid_with_a_choice_between_r16() -> None:
    grid0 = [["b3", "g5", "m7"], ["o2", "y9", "p4"], ["t6", "r10", "b8"]]  # the trigger
    grid1 = [["?g1", "?b1", "?m2"], ["?o3", "?g4", "?p5"], ["?t3", "?r2", "?g7"]]  # a diagonal at the reveal
    grid2 = [["?y1", "?y2", "?y3"], ["b5", "g8", "o9"], ["?t1", "?t4", "?m6"]]  # a row at the reveal
    state = GAME.load(doc([grid0, grid1, grid2], ["g2"], ["m0", "y10"], 2, trigger=0))
    state.apply(2, "takediscard")
    texts = told(state, 2, "swap:1:2")
    assert texts["en", 2] == ("You swap Magenta 0 into row 2, column 3; Orange 9 goes to the discard pile. That was "
                              "the last turn: all face-down cards are turned face up. The line of Green 1, Green 4 "
                              "and Green 7 goes from Ben's grid to the discard pile. Ben must now close the gaps, "
                              "horizontally or vertically.")
    assert state.phase == "reveal" and state.to_act() == [1]
    texts = told(state, 1, "close:h")
    assert texts["en", 2] == ("Ben closes the gaps horizontally. Ben's grid now has 3 rows and 2 columns. The line "
                              "of Yellow 1, Yellow 2 and Yellow 3 goes from your grid to the discard pile. Your grid "
                              "now has 2 rows and 3 columns.")
    assert texts["de", None] == ("Platz 2 schiebt das Raster waagerecht zusammen. Das Raster von Platz 2 hat jetzt "
                                 "3 Reihen und 2 Spalten. Die Reihe aus Gelb 1, Gelb 2 und Gelb 3 kommt aus dem "
                                 "Raster von Platz 3 auf den Ablagestapel. Das Raster von Platz 3 hat jetzt 2 Reihen "
                                 "und 3 Spalten.")
    assert state.game_over


def test_optional_removal_keep_and_a_chain_after_remove() -> None:
    grid0 = [["?t1", "b5", "b9"], ["?o3", "?p7", "?y2"], ["?g3", "?r6", "?m1"]]
    state = GAME.load(doc([grid0, *QUIET], ["g2"], ["b1", "o8"], 0, options={"optional_removal": True}))
    state.apply(0, "takediscard")
    texts = told(state, 0, "swap:0:0")
    assert texts["en", 0] == ("You swap Blue 1 into row 1, column 1; Turquoise 1 goes to the discard pile. "
                              "You decide whether to remove a complete line.")
    assert texts["de", 1] == ("Ana tauscht Blau 1 in Reihe 1, Spalte 1 ein; Türkis 1 kommt auf den Ablagestapel. "
                              "Ana entscheidet, ob eine vollständige Reihe entfernt wird.")
    texts = told(state, 0, "keep")
    assert texts["en", 0] == "You remove no line for now." and texts["de", 1] == "Ana entfernt vorerst keine Reihe."
    grid0 = [["b1", "b2", "b3"], ["r1", "r2", "r3"], ["?g1", "?g2", "?g3"]]
    state = GAME.load(doc([grid0, *QUIET], ["g5"], ["o8"], 0, step="remove"))
    texts = told(state, 0, "remove:r0")
    assert texts["en", 0] == ("You remove row 1 (Blue 1, Blue 2 and Blue 3). Then the line of Red 1, Red 2 and "
                              "Red 3 is complete too and goes to the discard pile. Your grid now has 1 row and "
                              "3 columns.")
    assert texts["de", 1] == ("Ana entfernt Reihe 1 (Blau 1, Blau 2 und Blau 3). Dann ist auch die Reihe aus "
                              "Rot 1, Rot 2 und Rot 3 vollständig und kommt auf den Ablagestapel. Das Raster von "
                              "Ana hat jetzt 1 Reihe und 3 Spalten.")


def test_deal_r20() -> None:
    grids = [[["b3", "g5"], ["o2", "y9"], ["t6", "r10"]], [["b5", "g7", "o9"]]]
    state = GAME.load(doc(grids, ["g2"], ["m0"], None, phase="round_over", step=None, scores=[[35, 21]],
                          totals=[35, 21], trigger=1))
    texts = told(state, 1, "deal")
    top = {lang: card_name(state.discard[0], lang) for lang in LANGS}
    assert texts["en", 1] == (f"You deal round 2. {top['en']} starts the discard pile. Everyone turns up two cards "
                              "of their grid.")
    assert texts["de", 0] == (f"Ben gibt Runde 2. {top['de']} liegt offen als Ablagestapel. Jeder deckt zwei Karten "
                              "seines Rasters auf.")


def test_choices_read_as_steps() -> None:
    grid0 = [["?t1", "b5", "b9"], ["b3", "?o3", "?p7"], ["b7", "?y2", "r6"]]
    state = GAME.load(doc([grid0, *QUIET], ["b-1"], ["o8"], 0))

    def steps(lang: str) -> dict[str, tuple[str, ...]]:
        view = state.view(0)
        return {t: GAME.choice(0, t, view, Voice(lang, 0)).steps for t in state.legal_actions(0)}

    assert steps("en") == {"draw": ("Draw a card",), "takediscard": ("Take Orange 8 from the discard pile",)}
    state.apply(0, "draw")
    en, de = steps("en"), steps("de")
    assert en["swap:0:0"] == ("Swap Blue −1 into the grid", "Row 1, column 1 (face down)")
    assert en["swap:2:2"] == ("Swap Blue −1 into the grid", "Row 3, column 3 (Red 6)")
    assert de["flip:1:2"] == ("Lege Blau −1 ab und decke eine Karte auf", "Reihe 2, Spalte 3")
    state.apply(0, "swap:0:0")
    assert steps("de") == {"remove:r0": ("Entferne Reihe 1 (Blau −1, Blau 5 und Blau 9)",),
                           "remove:c0": ("Entferne Spalte 1 (Blau −1, Blau 3 und Blau 7)",)}
    grid0 = [["g2", "r7", "r1"], ["r5", "?y8", "?p9"], ["?o4", "?m5", "g6"]]
    state = GAME.load(doc([grid0, *QUIET], ["t9"], ["g-1", "t10"], 0))
    state.apply_line(0, "takediscard swap:1:1")
    assert steps("en") == {"close:h": ("Close the gaps horizontally (3 rows, 2 columns)",),
                           "close:v": ("Close the gaps vertically (2 rows, 3 columns)",)}
    setup = GAME.new_state(2, seed=3)
    flip = GAME.choice(1, "flip:2:0", setup.view(1), Voice("de", 1))
    assert flip.steps == ("Decke die Karte in Reihe 3, Spalte 1 auf",) and not flip.unordered


# ----------------------------------------------------------------------------- whole matches
def _check_choices(state: GridState, seat: int) -> None:
    view = state.view(seat)
    for lang in LANGS:
        seen: dict[tuple[str, ...], str] = {}
        for token in state.legal_actions(seat):
            steps = GAME.choice(seat, token, view, Voice(lang, seat, NAMES[:state.players])).steps
            assert steps and all(s.strip() and not RAW.search(s) for s in steps), (token, steps)
            assert steps not in seen, f"{token} and {seen[steps]} read alike: {steps}"
            seen[steps] = token


@pytest.mark.parametrize("players", range(2, 7))
def test_random_matches_read_as_words_and_lines_go_from_the_right_grid(players: int, monkeypatch) -> None:
    """Every move for every seat and the spectator, in both languages, is words; every removed line
    is named, at the reveal as leaving its owner's grid (checked against the rules' own removals)."""
    if build_info()["build"] == "compiled":  # a native class cannot be patched: this test in a pure interpreter
        test = f"{__file__}::test_random_matches_read_as_words_and_lines_go_from_the_right_grid[{players}]"
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", test],
                             capture_output=True, text=True, timeout=600, env={**os.environ, "KARTENTISCH_PURE": "1"})
        assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout[-3000:]
        return
    removed: list[tuple[int, str, list[str]]] = []
    remove = GridState._remove

    def logged(self: GridState, seat: int, line: str) -> bool:
        remove_any = remove_diagonal if line in DIAGONALS else remove_line
        removed.append((seat, self.phase, remove_any(self._grids[seat], line)[1]))
        return remove(self, seat, line)

    monkeypatch.setattr(GridState, "_remove", logged)
    lines = {"play": 0, "reveal": 0}  # lines removed in a turn / at the reveal, told to the spectator
    for seed in range(8):
        state = GAME.new_state(players, {"end_total": 40, "optional_removal": seed == 7}, seed=10 * players + seed)
        rng, bot = random.Random(seed), HeuristicBot(seed)
        moves = 0
        while not state.game_over:
            seat = state.to_act()[0]
            if moves % 5 == 0:
                _check_choices(state, seat)
            token = bot.choose(state, seat) if seat % 2 == 0 else state.random_action(seat, rng)
            before = state.clone()
            removed.clear()
            state.apply(seat, token)
            moves += 1
            for viewer in [*range(players), None]:
                views = before.view(viewer), state.view(viewer)
                for lang in LANGS:
                    voice = Voice(lang, viewer, NAMES[:players])
                    text = narrate(before, seat, token, state, voice, views).text
                    assert text.strip() and not RAW.search(text), (token, text)
                    for owner, phase, cards in removed if lang == "en" else ():
                        low, mid, high = (card_name(c, "en") for c in sorted(cards, key=DECK.index))
                        names = f"{low}, {mid} and {high}"
                        assert names in text, (token, text, cards)
                        grid = "your grid" if owner == viewer else f"{NAMES[owner]}'s grid"
                        from_grid = f"{names} goes from {grid} to the discard pile"
                        at_reveal = phase == "reveal" and not (before.phase == "reveal" and owner == seat)
                        assert (from_grid in text) == at_reveal, (token, text, owner, phase)
                        lines[phase] += viewer is None
    assert lines["play"], lines  # lines were told (the reveal's are rarer: also test_reveal_grid_by_grid_r16)
