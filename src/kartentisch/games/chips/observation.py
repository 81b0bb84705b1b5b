"""The RL observation layout of ``chips``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`. :func:`zones` reads the state without
building the view (D19: only the draw pile is hidden, and only its size is read).
"""

from __future__ import annotations

import array
from collections.abc import Mapping
from typing import Any, Final

from ...kernel import GameState
from ...rl.observations import (
    Ctx,
    Layout,
    Part,
    Put,
    deck_size,
    flag,
    from_scratch,
    one,
    put,
    seat_cards,
    seat_numbers,
    seats,
)
from .cards import CHIPS_PER_SEAT, COLOURS, ROW_SIZE, VALUE

CHIPS_SPECIALS = tuple(f"s{i}" for i in range(1, 16))
#: Special card code → its entry in the ``specials`` slice.
SPECIAL_AT: Final[dict[str, int]] = {code: i for i, code in enumerate(CHIPS_SPECIALS)}
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
SIDES: Final[dict[str, tuple[bool, str]]] = {**{c: (False, c) for c in VALUE}, **{"-" + c: (True, c) for c in VALUE}}


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


def update(state: GameState, ctx: Ctx, at: Mapping[str, int], kept: dict[str, Any]) -> None:
    """Every game slice of :data:`PARTS` straight from the state (all public but the draw pile, D19), as
    the fillers write them from the view, rewriting only what differs from the copies in ``kept``
    (:class:`~kartentisch.rl.observations.Layout` ``update``): the row positions whose card changed
    (a take shifts the row, R5), the cards added to or taken from each seat's colour rows (a move adds
    to one row of one seat) and their tops, the specials when they changed; the few single numbers
    every time."""
    s: Any = state
    buf, index = ctx.buf, ctx.card_index
    c = len(index)
    row: list[str] = s.row_cards
    old: list[str] = kept.get("row", [])
    if row != old:
        base_row, base_value = at["row"], at["row_value"]
        for i in range(max(len(row), len(old))):
            was = old[i] if i < len(old) else ""
            now = row[i] if i < len(row) else ""
            if was != now:
                if was:
                    buf[base_row + i * c + index[was]] = 0.0
                    buf[base_value + i] = 0.0
                if now:
                    buf[base_row + i * c + index[now]] = 1.0
                    buf[base_value + i] = VALUE[now]
        kept["row"] = list(row)
    base = at["row_chips"]
    chips: list[int] = s.row_chips
    for i in range(ROW_SIZE):
        buf[base + i] = chips[i] if i < len(chips) else 0
    draw: list[str] = s.draw
    buf[at["draw_size"]] = len(draw)
    supply: list[int] = s.supply
    display: list[list[list[str]]] = s.display
    base_supply = at["supply"]
    shown: list[list[list[str]]] = kept.get("display") or [[] for _ in range(ctx.players)]
    for k, other in enumerate(ctx.order):
        buf[base_supply + k] = supply[other]
        rows, was_rows = display[other], shown[k]
        if rows != was_rows:
            up, down = at["display_up"] + k * c, at["display_down"] + k * c
            for j, codes in enumerate(rows):
                was_codes = was_rows[j] if was_rows else []
                if codes != was_codes:
                    _display_row(buf, index, up, down, at["display_tops"] + (k * len(COLOURS) + j) * (c + 1),
                                 was_codes, codes)
            shown[k] = [list(codes) for codes in rows]
    kept["display"] = shown
    specials: list[str] = s.specials
    if specials != kept.get("specials"):
        base = at["specials"]
        buf[base:base + len(CHIPS_SPECIALS)] = array.array("f", bytes(4 * len(CHIPS_SPECIALS)))
        for code in specials:
            buf[base + SPECIAL_AT[code]] = 1.0
        kept["specials"] = list(specials)
    buf[at["final_circuit"]] = 1.0 if s.final_circuit else 0.0
    buf[at["extra_turn"]] = 1.0 if s.extra_turn else 0.0


def _display_row(buf: array.array[float], index: dict[str, int], up: int, down: int, top: int,
                 was: list[str], now: list[str]) -> None:
    """Turn one colour row of a seat's display from ``was`` into ``now``: the cards after their common
    start taken from / added to ``display_up``/``display_down`` (at ``up``/``down``), and the row's top in
    ``display_tops`` (at ``top``; face down: the last entry) moved."""
    same = 0
    while same < len(was) and same < len(now) and was[same] == now[same]:
        same += 1
    sides = SIDES
    for i in range(same, len(was)):
        face_down, code = sides[was[i]]
        buf[(down if face_down else up) + index[code]] -= 1.0
    for i in range(same, len(now)):
        face_down, code = sides[now[i]]
        buf[(down if face_down else up) + index[code]] += 1.0
    flag = top + len(index)
    if was:
        face_down, code = sides[was[-1]]
        buf[top + index[code]] = 0.0
        buf[flag] = 0.0
    if now:
        face_down, code = sides[now[-1]]
        buf[top + index[code]] = 1.0
        buf[flag] = 1.0 if face_down else 0.0


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
                points=lambda n, o: 50.0 * o["rounds"], direct=from_scratch(update), update=update)
