"""The RL observation layout of ``grid``: its phases and the slices after the common ones.

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
    Layout,
    Part,
    card,
    card_list,
    cards,
    length,
    one,
    seat_numbers,
    seat_one_hot,
    seat_set,
    seats,
    zones,
)

GRID_STEPS = ("start", "drawn", "taken", "remove", "close")


def _grid_cells(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Per seat a 3×3 padded grid; per cell: card one-hot (C), face down, no card."""
    out[..., -1] = 1
    for k, grid in enumerate(ctx.per_seat(zones(view)["grids"])):
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if cell is None:
                    continue
                out[k, r, c, -1] = 0
                if cell == "?":
                    out[k, r, c, -2] = 1
                else:
                    ctx.add_cards(out[k, r, c, :-2], [cell])


def _grid_shape(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for k, grid in enumerate(ctx.per_seat(zones(view)["grids"])):
        out[k] = (len(grid), len(grid[0]) if grid else 0)


def _grid_step(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    step = zones(view)["step"]
    if step is not None:
        out[GRID_STEPS.index(step)] = 1


def _grid_held(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    held = zones(view)["held"]
    if held == "?":
        out[-1] = 1
    elif held is not None:
        ctx.add_cards(out[:-1], [held])


PARTS = (
    Part("cells", lambda n, c: (n, 3, 3, c + 2),
         "grid of each seat, row r col c: face-up card one-hot, then face down, then no card (R10 shapes padded)",
         _grid_cells),
    Part("shape", lambda n, c: (n, 2), "rows and columns of each seat's grid", _grid_shape),
    Part("discard", cards, "cards in the discard pile", card_list("discard")),
    Part("discard_top", cards, "top card of the discard pile", card("discard_top")),
    Part("draw_size", one, "cards left in the draw pile", length("draw")),
    Part("active", seats, "seat on turn or being resolved", seat_one_hot("active")),
    Part("step", lambda n, c: (len(GRID_STEPS),), "turn step: start drawn taken remove close", _grid_step),
    Part("held", lambda n, c: (c + 1,), "drawn or taken card not yet placed; last entry 1 = hidden (D8)",
         _grid_held),
    Part("flips_left", seats, "setup flips still owed per seat (R4)", seat_numbers("flips_left")),
    Part("trigger", seats, "seat that triggered the round end (R13)", seat_one_hot("trigger")),
    Part("final_turns", seats, "seats still owed a final turn", seat_set("final_turns")),
    Part("reveal_queue", seats, "seats still to be resolved at the reveal (R16)", seat_set("reveal_queue")),
)

LAYOUT = Layout(("setup", "play", "reveal", "round_over", "game_over"), PARTS)
