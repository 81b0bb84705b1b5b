"""lastcard player texts and terminal renderer: every view renders in both languages."""

from __future__ import annotations

import pytest
from rich.console import Console
from tests.games.lastcard.lastcard_helpers import play_doc, random_states

from kartentisch.games.lastcard import GAME
from kartentisch.games.lastcard.render import render
from kartentisch.games.lastcard.words import WORDS
from kartentisch.kernel import Voice


def text_of(view: dict, seat: int | None, lang: str, names: tuple[str, ...] = ()) -> str:
    """The lastcard table as the terminal shows it (the shared score pad is ``render_view``'s)."""
    console = Console(width=140, record=True, color_system=None)
    console.print(render(view, seat, Voice(lang, seat, names)))
    return console.export_text()


def test_rules_in_both_languages_with_german_terms() -> None:
    RULES = WORDS.forms("rules")  # noqa: N806
    for term in ("Ablagestapel", "Hilfskarte", "Auslage", "Startspieler", "Runde"):
        assert term in RULES["de"]
    for token in ("pass:a:b:c", "play:c", "lay:c:t", "play:c:h1", "`deal`"):  # moves in words, not tokens
        assert token not in RULES["en"] and token not in RULES["de"]


@pytest.mark.parametrize("players", range(2, 7))
def test_every_view_renders(players: int) -> None:
    states = random_states(players, seed=players + 5, limit=5000)
    for state in states[::250] + [states[-1]]:
        for seat in [*range(players), None]:
            for lang in ("en", "de"):
                out = text_of(state.view(seat), seat, lang)
                assert WORDS.get(lang, "labels.title") in out
                if seat is not None and state.hands[seat]:
                    assert " ".join(f"{c:>2}" for c in state.hands[seat]) in out  # own hand, sorted
                if seat is None and state.phase in ("pass", "play"):
                    assert "▒▒" in out  # other hands as backs


def test_match_end_shows_every_hand() -> None:
    state = GAME.load({"game": "lastcard", "players": 2, "round": 2, "phase": "game_over", "to_act": [],
                       "scores": [[10, 0], [3, 13]],
                       "zones": {"start_player": 1, "hands": [["3"], ["1", "14"]], "help": [[], []], "pile": []}})
    out = text_of(state.view(0), 0, "de")
    assert "Platz 1 (du)" in out and "Platz 2" in out and " 1 14" in out and "▒▒" not in out


def test_totals_are_written_with_the_minus_sign_of_the_score_pad() -> None:
    """The terminal writes a negative total as the score tables do, "−4" (U+2212), never "-4"."""
    state = GAME.load({"game": "lastcard", "players": 2, "round": 2, "phase": "game_over", "to_act": [],
                       "scores": [[-4, 0], [0, -3]],
                       "zones": {"start_player": 1, "hands": [["3"], ["1", "14"]], "help": [[], []], "pile": []}})
    out = text_of(state.view(0), 0, "en")
    assert "−4" in out and "−3" in out and "-4" not in out and "-3" not in out


def test_seats_counted_from_one_and_the_last_move_in_words() -> None:
    """Seats are named as everywhere else (counted from 1, never a token or a 0-based number), the
    last move is a sentence, and the round-over line names the next dealer."""
    state = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [5, 8], []], [20, 18, 12], 2,
                               zones={"last_move": "1:play:20"}))
    out = text_of(state.view(0), 0, "en")
    assert "Seat 1 (you)" in out and "Seat 3" in out and "Seat 0" not in out
    assert "Last move" in out and "Seat 2 plays the 20 onto the 18." in out and "1:play:20" not in out
    state = GAME.load(play_doc(3, [[31], [2, 9, 15, 22], [6, 17, 27]], [[], [5, 8], []], [4, 1], 0,
                               phase="round_over", scores=[[31, 0, 0]], zones={"last_move": "0:play:4"}))
    out = text_of(state.view(None), None, "de", ("Ana", "Ben", "Cem"))
    assert "Ana legt die 4 auf die 1." in out and "Ben" in out and "Platz" not in out
    assert "Runde vorbei — Ana teilt die nächste Runde aus." in out
    own = text_of(state.view(0), 0, "de", ("Ana", "Ben", "Cem"))  # Ana's own terminal speaks to her
    assert "Runde vorbei — du teilst die nächste Runde aus." in own and "Ana teilt" not in own
    assert "Round over — you deal the next round." in text_of(state.view(0), 0, "en", ("Ana", "Ben", "Cem"))


def test_the_pass_waits_for_the_others_never_for_the_reader() -> None:
    """lastcard R5: a seat that still has to pass reads whom else the table waits for, never its own name."""
    state = GAME.new_state(3, {}, seed=1)
    assert state.phase == "pass" and 0 in state.to_act()
    own = text_of(state.view(0), 0, "de", ("Ana", "Ben", "Cem"))
    waiting = next(line for line in own.splitlines() if "Es fehlen noch" in line)
    assert "Ana" not in waiting and "Ben" in waiting and "Cem" in waiting, waiting
