"""The RL observation layout of ``highcard`` (a face part: numpy comes in through ``kartentisch.rl``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from kartentisch.rl.observations import (
    Ctx,
    Filler,
    Layout,
    Part,
    card_list,
    cards,
    hand_sizes,
    seat_numbers,
    seats,
    zones,
)


def _own(key: str) -> Filler:
    """Filler: the observer's own list or card in ``zones[key]`` (others' are hidden) as multi-hot."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = zones(view)[key][ctx.seat]
        ctx.add_cards(out, value if isinstance(value, list) else [value])
    return fill


def _chosen(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Per seat: 1 when it has chosen its card for the trick."""
    out[:] = [c is not None for c in ctx.per_seat(zones(view)["chosen"])]


LAYOUT = Layout(("play", "game_over"), (
    Part("hand", cards, "own hand (C)", _own("hands")),
    Part("my_choice", cards, "own card chosen for this trick (C)", _own("chosen")),
    Part("chosen", seats, "seats that have chosen for this trick (n)", _chosen),
    Part("hand_sizes", seats, "cards in each hand (n)", hand_sizes()),
    Part("tricks", seats, "tricks taken (n)", seat_numbers("tricks")),
    Part("out", cards, "cards revealed so far (C)", card_list("out")),
))
