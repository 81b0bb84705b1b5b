"""The terminal's table headers speak of the reader's own seat as "Du"/"You", never by its seat name (a fresh user
read "Platz 1 ist dran" about their own turn in grid), and grid's colour letters come with a key."""

from __future__ import annotations

import pytest
from rich.console import Console

from kartentisch.cli.render import render_view
from kartentisch.games import get_game
from kartentisch.kernel import GameState, Voice


def _drawn(state: GameState, seat: int | None, lang: str) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(render_view(state.game, state.view(seat), seat, Voice(lang, seat)))
    return console.export_text()


def _grid_in_play() -> GameState:
    """A two-seat grid round after the setup (grid R4, R5): seat 0 has the higher sum and draws first."""
    state = get_game("grid").new_state(2, seed=1)
    while state.phase == "setup":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.parametrize(("lang", "own", "other"), [("de", "Du bist dran: ziehen", "Platz {n} ist dran: ziehen"),
                                                    ("en", "Your turn: draw", "Seat {n} to act: draw")])
def test_grid_s_status_line_says_your_turn_for_your_own_seat(lang: str, own: str, other: str) -> None:
    state = _grid_in_play()
    active = state.to_act()[0]
    mine = _drawn(state, active, lang)
    assert own in mine and other.format(n=active + 1) not in mine, mine
    theirs = _drawn(state, 1 - active, lang)
    assert other.format(n=active + 1) in theirs and own not in theirs, theirs
    assert other.format(n=active + 1) in _drawn(state, None, lang)  # a spectator reads the seat's name


@pytest.mark.parametrize(("lang", "key"), [
    ("de", "b Blau  g Grün  m Magenta  o Orange  p Lila  r Rot  t Türkis  y Gelb"),
    ("en", "b Blue  g Green  m Magenta  o Orange  p Purple  r Red  t Turquoise  y Yellow"),
])
def test_grid_s_colour_letters_have_a_key_in_the_reader_s_language(lang: str, key: str) -> None:
    """The cards show the notation's letters (grid D1: "p 0" is Lila 0, "y 6" Gelb 6); one line names them, in the
    spec's German colour names, within 80 columns."""
    text = _drawn(_grid_in_play(), 0, lang)
    assert key in text.splitlines() and len(key) <= 80, text


@pytest.mark.parametrize(("game_id", "lang", "said"), [
    ("colors", "de", "Am Zug: Du"), ("colors", "en", "To act: You"),
    ("mayhem", "de", "Geber: Du"), ("mayhem", "en", "Dealer: You"),
])
def test_the_headers_name_the_reader_s_own_seat_you(game_id: str, lang: str, said: str) -> None:
    """colors names the seat to act in its header, mayhem the dealer (mayhem S2: seat 0 deals round 1): for the
    reader's own seat that is "Du"/"You", as the seat rows' "(du)" says."""
    state = get_game(game_id).new_state(2, seed=1)
    seat = state.to_act()[0] if game_id == "colors" else 0
    assert said in _drawn(state, seat, lang)
    assert said not in _drawn(state, 1 - seat, lang)
