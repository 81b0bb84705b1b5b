"""colors' terminal table shows cards by their notation's colour letters ("P3" is Lila 3, "Y2" Gelb 2): a key names
each letter in the reader's language, so a German player can tell them (a fresh user's finding)."""

from __future__ import annotations

import pytest
from rich.console import Console

from kartentisch.cli.render import render_view
from kartentisch.games import get_game
from kartentisch.kernel import Voice


@pytest.mark.parametrize(("players", "lang", "key"), [
    (2, "de", "B = Blau · G = Grün · P = Lila"),
    (3, "de", "B = Blau · G = Grün · P = Lila · R = Rot"),
    (4, "de", "B = Blau · G = Grün · P = Lila · R = Rot · Y = Gelb"),
    (5, "en", "B = Blue · G = Green · P = Purple · R = Red · Y = Yellow"),
])
def test_colors_table_names_its_colour_letters(players: int, lang: str, key: str) -> None:
    """Only the colours in play (colors R1: blue, green and purple with two, red from three, yellow from four)."""
    state = get_game("colors").new_state(players, seed=1)
    console = Console(record=True, width=100, color_system=None)
    console.print(render_view(state.game, state.view(0), 0, Voice(lang, 0)))
    lines = [line.strip(" │") for line in console.export_text().splitlines()]
    assert key in lines, lines
