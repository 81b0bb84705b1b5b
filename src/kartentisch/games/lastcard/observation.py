"""The RL observation layout of ``lastcard``: its phases and the slices after the common ones.

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
    card,
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


def _lastcard_passed(which: int) -> Filler:
    """``which`` 0: own passed cards; 1: cards received from the left neighbour (once visible)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        passed = zones(view)["passed"][(ctx.seat + which) % ctx.players]
        ctx.add_cards(out, passed or [])
    return fill


def _lastcard_passed_done(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    out[:] = [p is not None for p in ctx.per_seat(zones(view)["passed"])]


def _pending_steps(prefix: str) -> Filler:
    """Cards named by the unfinished decision's steps ``<prefix>:<card>`` (view key ``_steps``)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        ctx.add_cards(out, [s.split(":", 1)[1] for s in view["_steps"] if s.startswith(prefix + ":")])
    return fill


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own; all at round end)", seat_card_lists("hands")),
    Part("hand_sizes", seats, "cards in hand per seat (R14)", hand_sizes()),
    Part("help", seat_cards, "help rows per seat (R11)", seat_card_lists("help")),
    Part("pile", cards, "cards on the pile", card_list("pile")),
    Part("pile_top", cards, "top card of the pile (R7)", card("pile_top")),
    Part("out_size", one, "cards removed face down this round", length("out")),
    Part("set_aside_size", one, "cards set aside (2 players)", length("set_aside")),
    Part("passed_own", cards, "cards this seat passed (R5)", _lastcard_passed(0)),
    Part("passed_received", cards, "cards received from the left neighbour (R5), once passing is complete",
         _lastcard_passed(1)),
    Part("passed_done", seats, "seats that have passed this round", _lastcard_passed_done),
    Part("with_card", cards, "unfinished help play: the chosen hand card (step with:c)", _pending_steps("with")),
    Part("with_help", cards, "unfinished help play: help cards chosen so far (steps help:h)", _pending_steps("help")),
)

LAYOUT = Layout(("pass", "play", "round_over", "game_over"), PARTS)
