"""lastcard player texts and terminal renderer: every view renders in both languages."""

from __future__ import annotations

import pytest
from rich.console import Console
from tests.games.lastcard.lastcard_helpers import random_states

from kartentisch.cli.render import render_view
from kartentisch.games.lastcard import GAME
from kartentisch.games.lastcard.texts import LABELS, RULES


def text_of(view: dict, seat: int | None, lang: str) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render_view("lastcard", view, seat, lang))
    return console.export_text()


def test_rules_in_both_languages_with_german_terms() -> None:
    assert set(RULES) == {"en", "de"} and set(LABELS) == {"en", "de"}
    assert set(LABELS["en"]) == set(LABELS["de"])
    for term in ("Ablagestapel", "Hilfskarte", "Auslage", "Startspieler", "Runde"):
        assert term in RULES["de"]
    for token in ("pass:a:b:c", "play:c", "lay:c:t", "play:c:h1", "deal"):
        assert token in RULES["en"] and token in RULES["de"]


@pytest.mark.parametrize("players", range(2, 7))
def test_every_view_renders(players: int) -> None:
    states = random_states(players, seed=players + 5, limit=5000)
    for state in states[::250] + [states[-1]]:
        for seat in [*range(players), None]:
            for lang in ("en", "de"):
                out = text_of(state.view(seat), seat, lang)
                assert LABELS[lang]["title"] in out
                if seat is not None and state.hands[seat]:
                    assert " ".join(f"{c:>2}" for c in state.hands[seat]) in out  # own hand, sorted
                if seat is None and state.phase in ("pass", "play"):
                    assert "▒▒" in out  # other hands as backs


def test_round_and_match_end_messages() -> None:
    state = GAME.load({"game": "lastcard", "players": 2, "round": 2, "phase": "game_over", "to_act": [],
                       "scores": [[10, 0], [3, 13]],
                       "zones": {"start_player": 1, "hands": [["3"], ["1", "14"]], "help": [[], []], "pile": []}})
    out = text_of(state.view(0), 0, "de")
    assert "Gewinner: Platz 0, Platz 1" in out and "Rundenpunkte" in out
