"""The terminal renderer and texts of ``colors``: every view renders, hidden cards stay hidden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

import kartentisch.games  # noqa: F401
from kartentisch.cli.i18n import t
from kartentisch.cli.render import render_view
from kartentisch.games.colors import GAME
from kartentisch.games.colors.cards import deck_codes
from kartentisch.games.colors.words import WORDS
from kartentisch.kernel.words import Voice, winners_line

SHARED = Path(__file__).resolve().parents[3] / "src" / "kartentisch" / "games" / "colors" / "scenarios" / "shared"


def _text(view: dict, seat: int | None, lang: str) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(render_view(GAME, view, seat, Voice(lang, seat)))
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_render_pick_phase_hides_hands(lang: str, seat: int | None) -> None:
    """colors R20: a seat sees only its own hand; the open pick and collections are shown."""
    doc = json.loads((SHARED / "15-load-open-pick.json").read_text(encoding="utf-8"))["state"]
    state = GAME.load(doc)
    text = _text(state.view(seat), seat, lang)
    hands = state.to_doc()["zones"]["hands"]
    for s, hand in enumerate(hands):
        for card in hand:
            assert (f" {card.upper()} " in text) == (s == seat)
    assert " R6 " in text and " P6 " in text  # the pick candidates
    assert WORDS.get(lang, "labels.pick") in text


def test_render_game_over_shows_winners() -> None:
    """colors R16/R17: the finished match shows the score pad and the winners."""
    state = GAME.new_state(3, {"max_rounds": 1}, seed=2)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    text = _text(state.view(None), None, "de")
    assert winners_line(state.view(None), Voice("de")) in text and t("de", "round_scores") in text


def test_rules_texts_in_both_languages() -> None:
    """``kartentisch rules colors``: a summary in English and German with the spec's terms."""
    assert "Tischmitte" in GAME.rules_text("de") and "Auslage" in GAME.rules_text("de")
    assert "centre" in GAME.rules_text("en") and "collection" in GAME.rules_text("en")


def test_seats_from_one_phase_and_last_turn_in_words() -> None:
    """The table names seats counted from 1, the phase in words and the last turn as a sentence."""
    state = GAME.new_state(2, deck=deck_codes(2))  # canonical: seat 0 holds b4, the centre g2 … g5 (R4)
    state.apply(0, "play:b4")  # takes the equal 4 (R7)
    text = _text(state.view(1), 1, "en")
    assert "Seat 1 ◀" not in text and "Seat 2 (you) ◀" in text and "Dealer: You" in text  # the reader's own seat
    assert "Dealer: Seat 2" in _text(state.view(0), 0, "en")
    assert "Phase: Playing a card" in text
    assert "Last turn: Seat 1 plays Blue 4 and takes Green 4." in text
    de = _text(state.view(None), None, "de")
    assert "Letzter Zug: Platz 1 spielt Blau 4 und nimmt Grün 4." in de and "Phase: Karte ausspielen" in de
