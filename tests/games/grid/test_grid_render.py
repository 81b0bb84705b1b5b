"""The ``grid`` terminal renderer draws every seat view and the spectator view without leaking cards,
names seats counted from 1 and phases in the players' words."""

from __future__ import annotations

from rich.console import Console, RenderableType

import kartentisch.games  # noqa: F401
from kartentisch.cli.render import render_view
from kartentisch.games import get_game
from kartentisch.games.grid.bot import HeuristicBot
from kartentisch.games.grid.render import render
from kartentisch.kernel.words import Voice, winners_line


def _print(drawing: RenderableType) -> str:
    console = Console(width=140, record=True, force_terminal=False)
    console.print(drawing)
    return console.export_text()


def _text(view: dict, seat: int | None, lang: str, names: tuple[str, ...] = ()) -> str:
    return _print(render(view, seat, Voice(lang, seat, names)))


def test_render_all_phases_and_seats_hide_face_down_cards() -> None:
    game = get_game("grid")
    state = game.new_state(3, {"end_total": 30}, seed=2)
    bot = HeuristicBot(0)
    phases, step = set(), 0
    while not state.game_over:
        phases.add(state.phase)
        seat = state.to_act()[0]
        step += 1
        for viewer in ((None, 0, 1, 2) if step % 15 == 0 or state.phase != "play" else ()):
            text = _text(state.view(viewer), viewer, "de" if viewer == 1 else "en")
            hidden = [c[1:] for row in state.grids[0] for c in row if c and c[0] == "?"]
            if hidden and state.phase == "play":
                assert "▒▒▒▒" in text  # face-down cards drawn as backs
            assert "Seat 0" not in text and "Platz 0" not in text  # seats count from 1
        state.apply(seat, bot.choose(state, seat))
    view = state.view(None)
    text = _print(render_view(game, view, None, Voice("de")))
    assert "Partie vorbei" in text and winners_line(view, Voice("de")) in text
    assert {"setup", "play", "round_over"} <= phases


def test_render_shapes_shrink() -> None:
    view = get_game("grid").new_state(2, seed=1).view(0)
    view["zones"]["grids"][0] = [["r1", "r2"], ["b3", "?"], ["g5", "g6"]]
    view["zones"]["grids"][1] = []
    text = _text(view, 0, "en")
    assert "r  1 r  2" in text and "(empty)" in text


def test_a_card_of_minus_one_shows_the_minus_sign_of_its_name() -> None:
    """grid D1's −1 cards read "Blau −1" in every sentence; their drawing has the same sign (U+2212), not the
    notation's hyphen."""
    view = get_game("grid").new_state(2, seed=1).view(0)
    view["zones"]["grids"][0] = [["b-1", "p-1", "y0"]]
    text = _text(view, 0, "de")
    assert "b −1 p −1 y  0" in text and "-1" not in text


def test_render_names_seats_from_one_and_the_phase_in_words() -> None:
    state = get_game("grid").new_state(3, seed=4)
    text = _text(state.view(2), 2, "de")
    assert "Platz 1" in text and "Platz 3 (du)" in text and "Aufbau: jeder deckt zwei Karten auf" in text
    for seat in state.to_act():
        while seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
    active = state.to_act()[0]
    assert f"Seat {active + 1} to act" in _text(state.view(None), None, "en")
    named = _text(state.view(0), 0, "en", ("Ana", "[bold]Ben", "Cem"))
    assert "Ana (you)" in named and "[bold]Ben" in named  # names as given, never read as markup
    assert get_game("grid").parts.render is not None  # the game's declared render part, used by the faces
