"""The RL observation layout of ``chips``: its phases and the slices after the common ones.

A face part of the game (:meth:`kartentisch.kernel.Game.part` ``"observation"``), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...rl.observations import (
    Ctx,
    Filler,
    Layout,
    Part,
    flag,
    length,
    one,
    seat_cards,
    seat_numbers,
    seats,
    zones,
)

CHIPS_COLOURS = ("k", "r", "b", "y")
CHIPS_ROW = 7
CHIPS_SPECIALS = tuple(f"s{i}" for i in range(1, 16))


def _chips_row(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for i, slot in enumerate(zones(view)["row"]):
        ctx.add_cards(out[i], [slot["card"]])


def _chips_row_chips(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for i, slot in enumerate(zones(view)["row"]):
        out[i] = slot["chips"]


def _chips_display(face_down: bool) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        for k, display in enumerate(ctx.per_seat(zones(view)["display"])):
            for cards in display.values():
                ctx.add_cards(out[k], [c.lstrip("-") for c in cards if c.startswith("-") == face_down])
    return fill


def _chips_tops(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for k, display in enumerate(ctx.per_seat(zones(view)["display"])):
        for j, colour in enumerate(CHIPS_COLOURS):
            cards = display[colour]
            if cards:
                top = cards[-1]
                ctx.add_cards(out[k, j, :-1], [top.lstrip("-")])
                out[k, j, -1] = float(top.startswith("-"))


def _chips_specials(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for code in zones(view)["specials"]:
        out[CHIPS_SPECIALS.index(code)] = 1


PARTS = (
    Part("row", lambda n, c: (CHIPS_ROW, c), "card at each row position (0 = front)", _chips_row),
    Part("row_chips", lambda n, c: (CHIPS_ROW,), "chips lying on each row position", _chips_row_chips),
    Part("draw_size", one, "cards left in the draw pile", length("draw")),
    Part("supply", seats, "chips in each seat's supply", seat_numbers("supply")),
    Part("display_up", seat_cards, "face-up display cards per seat", _chips_display(False)),
    Part("display_down", seat_cards, "face-down display cards per seat (public, D19)", _chips_display(True)),
    Part("display_tops", lambda n, c: (n, 4, c + 1),
         "top card of each colour row k r b y per seat; last entry 1 = that top is face down", _chips_tops),
    Part("specials", lambda n, c: (len(CHIPS_SPECIALS),), "active special cards s1 … s15", _chips_specials),
    Part("final_circuit", one, "the final circuit is running (R8)", flag("final_circuit")),
    Part("extra_turn", one, "the current turn is an extra turn (s4)", flag("extra_turn")),
)

LAYOUT = Layout(("play", "round_over", "game_over"), PARTS)
