"""The RL observation layout of ``chips``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`. :func:`zones` reads the state without
building the view (D19: only the draw pile is hidden, and only its size is read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import GameState
from ...rl.observations import (
    Ctx,
    Layout,
    Part,
    Put,
    deck_size,
    flag,
    one,
    put,
    seat_cards,
    seat_numbers,
    seats,
)
from .cards import CHIPS_PER_SEAT, COLOURS, ROW_SIZE, VALUE

CHIPS_SPECIALS = tuple(f"s{i}" for i in range(1, 16))
#: Special card code → its entry in the ``specials`` slice.
SPECIAL_AT: dict[str, int] = {code: i for i, code in enumerate(CHIPS_SPECIALS)}
#: Highest card value (R10 scale of ``row_value``).
TOP_VALUE = max(VALUE.values())


@put
def _row(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    c = len(ctx.card_index)
    for i, slot in enumerate(z["row"]):
        ctx.add_cards(at + i * c, [slot["card"]])


@put
def _row_value(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    for i, slot in enumerate(z["row"]):
        ctx.buf[at + i] = VALUE[slot["card"]]


@put
def _row_chips(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    for i, slot in enumerate(z["row"]):
        ctx.buf[at + i] = slot["chips"]


@put
def _draw_size(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    ctx.buf[at] = len(z["draw"])


#: Every display entry (``"r7"`` face up, ``"-r7"`` face down) → (face down, its card code).
SIDES: dict[str, tuple[bool, str]] = {**{c: (False, c) for c in VALUE}, **{"-" + c: (True, c) for c in VALUE}}


def _display(face_down: bool) -> Put:
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        c, index, buf, sides = len(ctx.card_index), ctx.card_index, ctx.buf, SIDES
        for k, display in enumerate(ctx.per_seat(z["display"])):
            here = at + k * c
            for codes in display.values():
                for x in codes:
                    down, code = sides[x]
                    if down is face_down:
                        buf[here + index[code]] += 1
    return fill


@put
def _tops(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    width, index, buf, sides = len(ctx.card_index) + 1, ctx.card_index, ctx.buf, SIDES
    for k, display in enumerate(ctx.per_seat(z["display"])):
        for j, colour in enumerate(COLOURS):
            codes = display[colour]
            if codes:
                down, code = sides[codes[-1]]
                here = at + (k * len(COLOURS) + j) * width
                buf[here + index[code]] = 1.0
                if down:
                    buf[here + width - 1] = 1.0


@put
def _specials(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    for code in z["specials"]:
        ctx.buf[at + CHIPS_SPECIALS.index(code)] = 1.0


def zones(state: GameState, seat: int) -> Mapping[str, Any]:
    """The zones the parts read, straight from the state (everything but the draw pile is public, D19)."""
    s: Any = state
    return {"row": [{"card": c, "chips": k} for c, k in zip(s.row_cards, s.row_chips, strict=True)],
            "draw": s.draw, "supply": s.supply, "specials": s.specials,
            "display": [dict(zip(COLOURS, d, strict=True)) for d in s.display],
            "final_circuit": s.final_circuit, "extra_turn": s.extra_turn}


def direct(state: GameState, ctx: Ctx, at: Mapping[str, int]) -> None:
    """Every game slice of :data:`PARTS` straight from the state (all public but the draw pile, D19):
    what the fillers write from the view, without the zones dictionary or the per-slot dictionaries."""
    s: Any = state
    buf, index, sides = ctx.buf, ctx.card_index, SIDES
    c = len(index)
    base_row, base_value, base_chips = at["row"], at["row_value"], at["row_chips"]
    for i, code in enumerate(s.row_cards):
        buf[base_row + i * c + index[code]] += 1
        buf[base_value + i] = VALUE[code]
    for i, chips in enumerate(s.row_chips):
        buf[base_chips + i] = chips
    buf[at["draw_size"]] = len(s.draw)
    supply, display = s.supply, s.display
    base_supply, base_up, base_down, base_tops = at["supply"], at["display_up"], at["display_down"], at["display_tops"]
    width, colours = c + 1, len(COLOURS)
    for k, other in enumerate(ctx.order):
        if supply[other]:
            buf[base_supply + k] = supply[other]
        up, down = base_up + k * c, base_down + k * c
        for j, codes in enumerate(display[other]):
            for x in codes:
                face_down, code = sides[x]
                buf[(down if face_down else up) + index[code]] += 1
            if codes:
                face_down, code = sides[codes[-1]]
                here = base_tops + (k * colours + j) * width
                buf[here + index[code]] = 1.0
                if face_down:
                    buf[here + width - 1] = 1.0
    base = at["specials"]
    for code in s.specials:
        buf[base + SPECIAL_AT[code]] = 1.0
    if s.final_circuit:
        buf[at["final_circuit"]] += 1.0
    if s.extra_turn:
        buf[at["extra_turn"]] += 1.0


PARTS = (
    Part("row", lambda n, c: (ROW_SIZE, c), "card at each row position (0 = front)", _row),
    Part("row_value", lambda n, c: (ROW_SIZE,), "value of the card at each row position (over 10)", _row_value,
         scale=float(TOP_VALUE)),
    Part("row_chips", lambda n, c: (ROW_SIZE,), "chips lying on each row position (over 7)", _row_chips,
         scale=float(CHIPS_PER_SEAT)),
    Part("draw_size", one, "cards left in the draw pile (over the deck)", _draw_size, scale=deck_size),
    Part("supply", seats, "chips in each seat's supply (over 14)", seat_numbers("supply"),
         scale=2.0 * CHIPS_PER_SEAT),
    Part("display_up", seat_cards, "face-up display cards per seat", _display(False)),
    Part("display_down", seat_cards, "face-down display cards per seat (public, D19)", _display(True)),
    Part("display_tops", lambda n, c: (n, 4, c + 1),
         "top card of each colour row k r b y per seat; last entry 1 = that top is face down", _tops),
    Part("specials", lambda n, c: (len(CHIPS_SPECIALS),), "active special cards s1 … s15", _specials),
    Part("final_circuit", one, "the final circuit is running (R8)", flag("final_circuit")),
    Part("extra_turn", one, "the current turn is an extra turn (s4)", flag("extra_turn")),
)

LAYOUT = Layout(("play", "round_over", "game_over"), PARTS, zones=zones,
                points=lambda n, o: 50.0 * o["rounds"], direct=direct)
