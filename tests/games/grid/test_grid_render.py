"""The ``grid`` terminal renderer draws every seat view and the spectator view without leaking cards."""

from __future__ import annotations

from rich.console import Console

import kartentisch.games  # noqa: F401
from kartentisch.cli.render import render_view
from kartentisch.games import get_game
from kartentisch.games.grid.bot import HeuristicBot


def _text(view: dict, seat: int | None, lang: str) -> str:
    console = Console(width=140, record=True, force_terminal=False)
    console.print(render_view("grid", view, seat, lang))
    return console.export_text()


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
        state.apply(seat, bot.choose(state, seat))
    text = _text(state.view(None), None, "de")
    assert "Spiel vorbei" in text and "Gewinner" in text
    assert {"setup", "play", "round_over"} <= phases


def test_render_shapes_shrink() -> None:
    view = get_game("grid").new_state(2, seed=1).view(0)
    view["zones"]["grids"][0] = [["r1", "r2"], ["b3", "?"], ["g5", "g6"]]
    view["zones"]["grids"][1] = []
    text = _text(view, 0, "en")
    assert "r  1 r  2" in text and "(empty)" in text
