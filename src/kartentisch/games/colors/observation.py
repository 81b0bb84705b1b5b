"""The RL observation layout of ``colors``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`. :func:`zones` reads the state without
building the view (R20: only the own hand; other hands and the draw pile as counts).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import GameState
from ...rl.observations import (
    Ctx,
    Layout,
    Part,
    card_list,
    cards,
    deck_size,
    hand_sizes,
    one,
    put,
    seat_card_lists,
    seat_cards,
)
from .cards import CODES, COLOURS, LOWER, hand_size

#: Card code → index of its colour in :data:`COLOURS`.
COLOUR_AT: dict[str, int] = {code: COLOURS.index(code[0]) for code in CODES}


@put
def _draw_size(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    ctx.buf[at] = len(z["draw"])


def _pending(field: str) -> Any:
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        pending = z["pending"]
        if pending is not None:
            value = pending[field]
            ctx.add_cards(at, value if isinstance(value, list) else [value])
    return fill


@put
def _side(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    pending = z["pending"]
    if pending is not None:
        ctx.buf[at + ("lower", "higher").index(pending["side"])] = 1.0


@put
def _colour_counts(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    """Cards of each colour in each seat's collection (what R14 scores)."""
    buf, width, colour = ctx.buf, len(COLOURS), COLOUR_AT
    for k, collection in enumerate(ctx.per_seat(z["collections"])):
        here = at + k * width
        for code in collection:
            buf[here + colour[code]] += 1


def zones(state: GameState, seat: int) -> Mapping[str, Any]:
    """The zones the parts read, straight from the state (what ``state.view(seat)`` shows, R20)."""
    s: Any = state
    pending = s.pending
    return {
        "hands": [[CODES[k] for k in h] if i == seat else ["?"] * len(h) for i, h in enumerate(s.hands)],
        "centre": [CODES[k] for k in s.centre], "draw": s.draw,
        "collections": [[CODES[k] for k in c] for c in s.collections],
        "pending": None if pending is None else {
            "side": pending.side, "options": [CODES[k] for k in pending.options], "card": CODES[pending.card],
            "taken": [CODES[k] for k in pending.taken]},
    }


def direct(state: GameState, ctx: Ctx, at: Mapping[str, int]) -> None:
    """Every game slice of :data:`PARTS` from the state's sort keys (card ``k`` is entry ``k`` of a card
    axis: the deck is keys ``0 … C − 1`` in canonical order, R1), the other hands as counts only (R20):
    what the fillers write from the view, without the zones or card-code strings."""
    s: Any = state
    buf, seat = ctx.buf, ctx.seat
    c, width = len(ctx.card_index), len(COLOURS)
    hands, collections = s.hands, s.collections
    base_hands, base_sizes = at["hands"], at["hand_sizes"]
    base_coll, base_colour = at["collections"], at["colour_counts"]
    for k, other in enumerate(ctx.order):
        hand = hands[other]
        buf[base_sizes + k] = len(hand)
        if other == seat:
            row = base_hands + k * c
            for key in hand:
                buf[row + key] += 1
        row, here = base_coll + k * c, base_colour + k * width
        for key in collections[other]:
            buf[row + key] += 1
            buf[here + key // 10] += 1  # the key's colour: 10 × colour index + number
    row = at["centre"]
    for key in s.centre:
        buf[row + key] += 1
    buf[at["draw_size"]] = len(s.draw)
    pending = s.pending
    if pending is not None:
        row = at["pick_options"]
        for key in pending.options:
            buf[row + key] += 1
        buf[at["pick_card"] + pending.card] += 1
        row = at["pick_taken"]
        for key in pending.taken:
            buf[row + key] += 1
        buf[at["pick_side"] + (0 if pending.side == LOWER else 1)] = 1.0


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own hand; others are hidden)", seat_card_lists("hands")),
    Part("hand_sizes", lambda n, c: (n,), "cards in hand per seat (over the R2 hand size)", hand_sizes(),
         scale=lambda d: float(hand_size(d.players))),
    Part("centre", cards, "face-up centre cards (R4)", card_list("centre")),
    Part("draw_size", one, "cards left in the draw pile (over the deck)", _draw_size, scale=deck_size),
    Part("collections", seat_cards, "collected cards per seat (R10)", seat_card_lists("collections")),
    Part("colour_counts", lambda n, c: (n, len(COLOURS)),
         "collected cards per seat and colour b g p r y (R14; over 10)", _colour_counts, scale=10.0),
    Part("pick_options", cards, "phase pick: centre cards of the open neighbour number", _pending("options")),
    Part("pick_card", cards, "phase pick: the card played this turn", _pending("card")),
    Part("pick_taken", cards, "phase pick: cards already taken this turn", _pending("taken")),
    Part("pick_side", lambda n, c: (2,), "phase pick: open side (lower, higher)", _side),
)

LAYOUT = Layout(("play", "pick", "round_over", "game_over"), PARTS, zones=zones,
                points=lambda n, o: float(o["target_score"]), direct=direct)
