"""The RL observation layout of ``colors``: its phases and the slices after the common ones.

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
    card_list,
    cards,
    hand_sizes,
    length,
    one,
    seat_card_lists,
    seat_cards,
    seats,
    zones,
)


def _colors_pending(field: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        pending = zones(view)["pending"]
        if pending is not None:
            value = pending[field]
            ctx.add_cards(out, value if isinstance(value, list) else [value])
    return fill


def _colors_side(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    pending = zones(view)["pending"]
    if pending is not None:
        out[("lower", "higher").index(pending["side"])] = 1


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own hand; others are hidden)", seat_card_lists("hands")),
    Part("hand_sizes", seats, "cards in hand per seat", hand_sizes()),
    Part("centre", cards, "face-up centre cards (R4)", card_list("centre")),
    Part("draw_size", one, "cards left in the draw pile", length("draw")),
    Part("collections", seat_cards, "collected cards per seat (R10)", seat_card_lists("collections")),
    Part("pick_options", cards, "phase pick: centre cards of the open neighbour number", _colors_pending("options")),
    Part("pick_card", cards, "phase pick: the card played this turn", _colors_pending("card")),
    Part("pick_taken", cards, "phase pick: cards already taken this turn", _colors_pending("taken")),
    Part("pick_side", lambda n, c: (2,), "phase pick: open side (lower, higher)", _colors_side),
)

LAYOUT = Layout(("play", "pick", "round_over", "game_over"), PARTS)
