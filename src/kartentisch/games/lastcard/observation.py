"""The RL observation layout of ``lastcard``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`. :func:`zones` reads the state without
building the view, hiding what the *Seat view* hides (R14, D18).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import GameState
from ...rl.observations import (
    Ctx,
    Layout,
    Part,
    card,
    card_list,
    cards,
    deck_size,
    hand_sizes,
    length,
    one,
    put,
    seat_card_lists,
    seat_cards,
    seats,
)
from .cards import CODE

#: Phases in which every hand is shown (*Seat view*).
OPEN_PHASES = ("round_over", "game_over")


def _passed(which: int) -> Any:
    """``which`` 0: own passed cards; 1: cards received from the left neighbour (once visible)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.add_cards(at, z["passed"][(ctx.seat + which) % ctx.players] or [])
    return fill


@put
def _passed_done(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    for k, p in enumerate(ctx.per_seat(z["passed"])):
        if p is not None:
            ctx.buf[at + k] = 1.0


@put
def _top_value(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    top = z["pile_top"]
    if top is not None:
        ctx.buf[at] = int(top)


def _pending_steps(prefix: str) -> Any:
    """Cards named by the unfinished decision's steps ``<prefix>:<card>``."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.add_cards(at, [s.split(":", 1)[1] for s in ctx.steps if s.startswith(prefix + ":")])
    return fill


def zones(state: GameState, seat: int) -> Mapping[str, Any]:
    """The zones the parts read, straight from the state, hidden as the *Seat view* hides them."""
    s: Any = state
    n = s.players
    open_hands = s.phase in OPEN_PHASES
    complete = s.phase != "pass"
    passed: list[Any] = [None if p is None else ["?"] * len(p) for p in s.passed]
    left = (seat + 1) % n
    for shown in (seat, left) if complete else (seat,):
        if s.passed[shown] is not None:
            passed[shown] = [CODE[x] for x in s.passed[shown]]
    return {
        "hands": [[CODE[x] for x in h] if open_hands or i == seat else ["?"] * len(h) for i, h in enumerate(s.hands)],
        "help": [[CODE[x] for x in h] for h in s.help], "pile": [CODE[x] for x in s.pile],
        "pile_top": CODE[s.pile[-1]] if s.pile else None, "out": s.out, "set_aside": s.set_aside,
        "passed": passed,
    }


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own; all at round end)", seat_card_lists("hands")),
    Part("hand_sizes", seats, "cards in hand per seat (R14; over 20)", hand_sizes(), scale=20.0),
    Part("help", seat_cards, "help rows per seat (R11)", seat_card_lists("help")),
    Part("pile", cards, "cards on the pile", card_list("pile")),
    Part("pile_top", cards, "top card of the pile (R7)", card("pile_top")),
    Part("pile_top_value", one, "number of the pile's top card (over the highest card)", _top_value,
         scale=lambda d: float(d.cards)),
    Part("out_size", one, "cards removed face down this round (over the deck)", length("out"), scale=deck_size),
    Part("set_aside_size", one, "cards set aside (2 players; over the deck)", length("set_aside"), scale=deck_size),
    Part("passed_own", cards, "cards this seat passed (R5)", _passed(0)),
    Part("passed_received", cards, "cards received from the left neighbour (R5), once passing is complete",
         _passed(1)),
    Part("passed_done", seats, "seats that have passed this round", _passed_done),
    Part("with_card", cards, "unfinished help play: the chosen hand card (step with:c)", _pending_steps("with")),
    Part("with_help", cards, "unfinished help play: help cards chosen so far (steps help:h)", _pending_steps("help")),
)

LAYOUT = Layout(("pass", "play", "round_over", "game_over"), PARTS, zones=zones, points=lambda n, o: 100.0)
