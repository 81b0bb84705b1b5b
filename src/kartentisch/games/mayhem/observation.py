"""The RL observation layout of ``mayhem``: its phases and the slices after the common ones.

A face part of the game (:meth:`kartentisch.kernel.Game.part` ``"observation"``), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...rl.observations import (
    Ctx,
    Filler,
    Layout,
    Part,
    card_list,
    cards,
    first_card,
    flag,
    length,
    one,
    seat_card_lists,
    seat_cards,
    seat_numbers,
    seat_one_hot,
    seats,
    zones,
)

MAYHEM_WISHES = ("r", "y", "g", "b") + tuple(str(v) for v in range(1, 10))
MAYHEM_COLOURS = ("r", "y", "g", "b")
MAYHEM_PENDING = ("start", "attack", "nicetry", "event")
MAYHEM_ATTACKS = ("gift", "exch", "skip", "four", "equal")


def _one_of(key: str, values: Sequence[str]) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = zones(view)[key]
        if value is not None:
            out[values.index(value)] = 1
    return fill


def _mayhem_per_seat(key: str) -> Filler:
    """``revealed`` (list per seat) or ``gamble`` (seat string → card) as per-seat card rows."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = zones(view)[key]
        if isinstance(value, dict):
            for seat, card in value.items():
                ctx.add_cards(out[ctx.rel(int(seat))], [card])
        elif value is not None:
            for k, cards in enumerate(ctx.per_seat(value)):
                ctx.add_cards(out[k], cards or [])
    return fill


def _mayhem_pending(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Flat pending block; see the ``pending`` slice meaning for the order of its parts."""
    pending = zones(view)["pending"]
    if pending is None:
        return
    n, c = ctx.players, len(ctx.card_index)
    at = 0

    def take(size: int) -> np.ndarray:
        nonlocal at
        block = out[at:at + size]
        at += size
        return block

    kind, card, attack, source, target, cards, draws, queue, asked, event, initiator, picker, quota, chosen = (
        take(len(MAYHEM_PENDING)), take(c), take(len(MAYHEM_ATTACKS)), take(n), take(n), take(c), take(1),
        take(1), take(n), take(c), take(n), take(n), take(n), take(c))
    kind[MAYHEM_PENDING.index(pending["type"])] = 1
    if "card" in pending:
        ctx.add_cards(card, [pending["card"]])
    if pending["type"] == "attack":
        attack[MAYHEM_ATTACKS.index(pending["kind"])] = 1
        source[ctx.rel(pending["source"])] = 1
        target[ctx.rel(pending["target"])] = 1
        ctx.add_cards(cards, pending.get("cards") or [])
        draws[0] = pending.get("draws") or 0
        queue[0] = len(pending.get("queue") or [])
    for s in pending.get("asked") or []:
        asked[ctx.rel(s)] = 1
    if "event" in pending:
        ctx.add_cards(event, [pending["event"]])
        initiator[ctx.rel(pending["initiator"])] = 1
    if pending.get("picker") is not None:
        picker[ctx.rel(pending["picker"])] = 1
    if pending.get("quota") is not None:
        quota[:] = ctx.per_seat(pending["quota"])
    if pending.get("chosen") is not None:
        ctx.add_cards(chosen, [str(x).split(":")[0] for x in pending["chosen"][ctx.seat]])


def _mayhem_pending_size(n: int, c: int) -> tuple[int, ...]:
    return (len(MAYHEM_PENDING) + c + len(MAYHEM_ATTACKS) + n + n + c + 1 + 1 + n + c + n + n + n + c,)


def _mayhem_steps(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Unfinished decision: head card (C), head target seat (n), head colour (4), named cards (C)."""
    c, n = len(ctx.card_index), ctx.players
    head_card, head_target, head_colour, named = out[:c], out[c:c + n], out[c + n:c + n + 4], out[c + n + 4:]
    for step in view["_steps"]:
        verb, *args = step.split(":")
        if verb == "card":
            ctx.add_cards(named, args)
        elif verb == "play":
            ctx.add_cards(head_card, [args[0]])
            head_target[ctx.rel(int(args[1]))] = 1
        elif verb == "counter":
            ctx.add_cards(head_card, ["counter"])
            head_colour[MAYHEM_COLOURS.index(args[0])] = 1
            head_target[ctx.rel(int(args[1]))] = 1
        elif verb == "start":
            head_target[ctx.rel(int(args[0]))] = 1


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own hand; others hidden)", seat_card_lists("hands")),
    Part("hand_sizes", seats, "cards in hand per seat", seat_numbers("hand_counts")),
    Part("draw_size", one, "cards left in the draw pile", length("draw_pile")),
    Part("draw_face_up", one, "the draw pile lies face up (D30)", flag("draw_face_up")),
    Part("draw_top", cards, "top card of the draw pile when face up", first_card("draw_pile")),
    Part("discard", cards, "cards in the discard pile", card_list("discard")),
    Part("discard_top", cards, "top card of the discard pile", first_card("discard")),
    Part("wish", lambda n, c: (len(MAYHEM_WISHES),), "active wish r y g b 1 … 9", _one_of("wish", MAYHEM_WISHES)),
    Part("last_color", lambda n, c: (4,), "last colour played r y g b (R5)", _one_of("last_color", MAYHEM_COLOURS)),
    Part("event_size", one, "events left in the event pile", length("event_pile")),
    Part("events_used", cards, "events used this round", card_list("events_used")),
    Part("current", seats, "seat whose turn it is", seat_one_hot("current")),
    Part("skipped", seats, "seats marked by Skip (R11)", seat_numbers("skipped")),
    Part("exhausted", one, "an impossible draw ended the round (D7)", flag("exhausted")),
    Part("market", cards, "market cards not yet picked (R52)", card_list("market")),
    Part("revealed", seat_cards, "All-Seeing Eye snapshot of each seat's hand (D31)", _mayhem_per_seat("revealed")),
    Part("gamble", seat_cards, "revealed Gambler bets per seat", _mayhem_per_seat("gamble")),
    Part("pending", _mayhem_pending_size,
         "open part/event/window: type (start attack nicetry event), start card (C), attack kind (gift exch skip "
         "four equal), source (n), target (n), visible attack cards (C), draws, parts queued, seats asked (n), "
         "event (C), initiator (n), market picker (n), choice quota per seat (n), own chosen cards (C)",
         _mayhem_pending),
    Part("steps", lambda n, c: (c + n + 4 + c,),
         "unfinished decision: head card (C), head target seat (n), counter colour r y g b, cards named (C)",
         _mayhem_steps),
)

LAYOUT = Layout(("start", "play", "after_draw", "chance", "counter", "nicetry", "market", "recession", "party",
            "christmas", "gamble", "round_over", "game_over"), PARTS)
