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
from kartentisch.games.colors.texts import LABELS, RULES

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "scenarios" / "colors"


def _text(view: dict, seat: int | None, lang: str) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(render_view("colors", view, seat, lang))
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
    assert LABELS[lang]["pick"] in text


def test_render_game_over_shows_winners() -> None:
    """colors R16/R17: the finished match shows the score pad and the winners."""
    state = GAME.new_state(3, {"max_rounds": 1}, seed=2)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    text = _text(state.view(None), None, "de")
    seats = ", ".join(f"Platz {s}" for s in state.winners)
    assert t("de", "over", winners=seats) in text and t("de", "round_scores") in text


def test_rules_texts_in_both_languages() -> None:
    """``kartentisch rules colors``: a summary in English and German with the spec's terms."""
    assert "Tischmitte" in RULES["de"] and "Auslage" in RULES["de"]
    assert "centre" in RULES["en"] and "collection" in RULES["en"]
