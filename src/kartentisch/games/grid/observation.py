"""The RL observation layout of ``grid``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`.

A card is described by what decides play, not by its code: colour one-hot (8, ``b g m o p r t y``)
and value scaled to ``[0, 1]`` (``(v + 1) / 12``, so −1 reads 0 and 11 reads 1), so a learner sees
"low" and "same colour" directly; the discard pile keeps the full per-code multi-hot (which cards
are gone). :func:`zones` reads the state without building the view (R21: face-down cells are
read only as "face down", the held card only by the drawer while it is hidden).
"""

from __future__ import annotations

import array
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from ...kernel import GameState
from ...rl.observations import (
    Ctx,
    Dims,
    Layout,
    Part,
    cards,
    deck_size,
    from_scratch,
    one,
    put,
    seat_numbers,
    seat_one_hot,
    seat_set,
    seats,
    update_cards,
)
from .cards import COLOURS, DECK, MEAN_VALUE, VALUE
from .notation import LINES
from .rules import GridState

GRID_STEPS = ("start", "drawn", "taken", "remove", "close")
#: Features of one card: colour one-hot, then the scaled value.
CARD = len(COLOURS) + 1
#: Features of one cell: a card, then face down, then no card (padding or a gap).
CELL = CARD + 2
#: Card code → (colour index, value scaled to [0, 1]).
FEATURES: dict[str, tuple[int, float]] = {c: (COLOURS.index(c[0]), (VALUE[c] + 1) / 12) for c in DECK}


def _card(ctx: Ctx, at: int, code: str) -> None:
    colour, value = FEATURES[code]
    ctx.buf[at + colour] = 1.0
    ctx.buf[at + CARD - 1] = value


def _cell_block(cell: str | None) -> array.array[float]:
    block = array.array("f", bytes(4 * CELL))
    if cell is None:
        block[CELL - 1] = 1.0
    elif cell == "?":
        block[CELL - 2] = 1.0
    else:
        colour, value = FEATURES[cell]
        block[colour], block[CARD - 1] = 1.0, value
    return block


#: The features of every cell content (a code, "?" face down, ``None`` no card), written as one block.
CELL_BLOCKS: dict[str | None, array.array[float]] = {x: _cell_block(x) for x in (*DECK, "?", None)}


#: Per seat: 9 cells, then rows, columns, face-up sum and face-down count.
SEAT = 9 * CELL + 4


def _seen(grid: Sequence[Sequence[str | None]], r: int, c: int) -> str | None:
    """What a seat sees in cell (r, c) of ``grid`` padded to 3×3 (R21): the code face up, ``"?"`` face down,
    ``None`` for no card (a gap, or outside the grid's shape)."""
    if r >= len(grid) or c >= len(grid[r]):
        return None
    cell = grid[r][c]
    return "?" if cell is not None and cell[0] == "?" else cell


def _write_block(buf: Any, here: int, grid: Sequence[Sequence[str | None]],
                 was: Sequence[Sequence[str | None]] | None) -> None:
    """One seat's block at ``here``: 9 padded cells, then rows, columns, face-up sum, face-down count. A cell
    is written only where it differs from ``was``, the grid the block at ``here`` was written from (``None``:
    every cell; a move changes one or two cells of one grid)."""
    rows = len(grid)
    total = hidden = 0
    at = here
    for r in range(3):
        for c in range(3):
            cell = _seen(grid, r, c)
            if cell == "?":
                hidden += 1
            elif cell is not None:
                total += VALUE[cell]
            if was is None or _seen(was, r, c) != cell:
                buf[at:at + CELL] = CELL_BLOCKS[cell]
            at += CELL
    buf[at], buf[at + 1], buf[at + 2], buf[at + 3] = rows, len(grid[0]) if rows else 0, total, hidden


@put
def _grids(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    """Per seat: a 3×3 padded grid (per cell: colour one-hot, value, face down, no card), then the
    grid's rows and columns, the sum of its face-up cards and its face-down count."""
    grids = z["grids"]
    for k, other in enumerate(ctx.order):
        _write_block(ctx.buf, at + k * SEAT, grids[other], None)


def _grids_scale(d: Dims) -> np.ndarray:
    return np.array([1.0] * (9 * CELL) + [3.0, 3.0, 50.0, 9.0])


@put
def _discard(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    ctx.add_cards(at, z["discard"])


@put
def _discard_top(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    top = z["discard_top"]
    if top is not None:
        _card(ctx, at, top)
        ctx.put(at + CARD, 1.0)


@put
def _draw_size(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    ctx.put(at, z["draw_count"])


@put
def _step(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    step = z["step"]
    if step is not None:
        ctx.put(at + GRID_STEPS.index(step), 1.0)


@put
def _held(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    held = z["held"]
    if held == "?":
        ctx.put(at + CARD + 1, 1.0)
    elif held is not None:
        _card(ctx, at, held)
        ctx.put(at + CARD, 1.0)


#: :data:`~.notation.LINES` per shape with each line's cells as flat indices ``r·3 + c``: a tuple of fixed length
#: unpacks natively when compiled (as ``cells._FLAT_LINES``), and the cells index a list, not a dictionary.
_GAIN_LINES: Final[dict[tuple[int, int], list[tuple[int, int, int]]]] = {
    shape_: [(3 * p[0] + p[1], 3 * q[0] + q[1], 3 * t[0] + t[1]) for _, (p, q, t) in lines]
    for shape_, lines in LINES.items()
}


def _gains(buf: Any, at: int, grid: list[list[str | None]], code: str) -> None:
    """For placing ``code`` at each own cell: the points it saves (the cell's value, or the mean
    unknown value for a face-down cell, minus the card's; over 12), and whether it completes a line
    of one colour (R10, R11)."""
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    value, colour = VALUE[code], code[0]
    shown = [""] * 9  # face-up colour letter per cell r·3 + c ("": face down or no card)
    for r in range(rows):
        row = grid[r]
        for c in range(cols):
            cell = row[c]
            if cell is None:
                continue
            i = 3 * r + c
            if cell[0] == "?":
                buf[at + i] = (MEAN_VALUE - value) / 12
            else:
                buf[at + i] = (VALUE[cell] - value) / 12
                shown[i] = cell[0]
    done = at + 9
    for p, q, t in _GAIN_LINES[(rows, cols)]:
        cp, cq, ct = shown[p], shown[q], shown[t]
        if cq == colour and ct == colour:
            buf[done + p] = 1.0
        if cp == colour and ct == colour:
            buf[done + q] = 1.0
        if cp == colour and cq == colour:
            buf[done + t] = 1.0


@put
def _own_gains(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    """The gains at every own cell (see :func:`_gains`) of the held card, or, while no card is held,
    of the discard top: the card the seat's decision is about."""
    _write_gains(ctx.buf, at, z["grids"][ctx.seat], z["held"], z["discard_top"])


def _write_gains(buf: Any, at: int, grid: list[list[str | None]], held: str | None, top: str | None) -> None:
    """The ``own_gains`` slice: the gains of the ``held`` card when one is held and seen, else of the
    discard ``top`` (see :func:`_own_gains`)."""
    if held is not None:
        if held != "?":
            _gains(buf, at, grid, held)
    elif top is not None:
        _gains(buf, at + 18, grid, top)


def zones(state: GameState, seat: int) -> Mapping[str, Any]:
    """The zones the parts read, straight from the state (what ``state.view(seat)`` shows, R21/D8)."""
    s: Any = state
    held = s.held
    if held is not None and s.step == "drawn" and seat != s.active:
        held = "?"
    return {"grids": s.grids, "draw_count": len(s.draw), "discard": s.discard,
            "discard_top": s.discard[0] if s.discard else None, "active": s.active, "step": s.step,
            "held": held, "flips_left": s.flips_left, "trigger": s.trigger, "final_turns": s.final_turns,
            "reveal_queue": s.reveal_queue}


#: Zeros of the ``own_gains`` slice (2 × 2 × 9).
GAINS_ZERO: Final = array.array("f", bytes(4 * 36))


def update(state: GameState, ctx: Ctx, at: Mapping[str, int], kept: dict[str, Any]) -> None:
    """Every game slice of :data:`PARTS` straight from the state, the drawn card hidden from the other seats as
    :func:`zones` hides it (R21, D8): what the fillers write from the view, through the same cell and gain
    helpers, rewriting only what differs from the copies in ``kept``
    (:class:`~kartentisch.rl.observations.Layout` ``update``): a seat's block when its grid changed (a move
    changes one grid), the own gains when the own grid or the card they are about changed, the discard pile's
    cards put on or taken from its top; the single numbers after it every time. ``kept`` holds the grids as
    the state has them (face-down cells with their codes: a re-dealt hidden card only rewrites that seat's
    block, which reads a face-down cell as face down, R21).

    Raises:
        TypeError: ``state`` is not a grid state.
    """
    if not isinstance(state, GridState):  # typed, compiled attribute reads instead of generic ones
        raise TypeError(f"grid's observation reads a grid state, not {type(state).__name__}")
    s = state
    buf, seat, n = ctx.buf, ctx.seat, ctx.players
    grids: list[Any] = s.grids
    shown: list[list[list[str | None]] | None] = kept.get("grids") or [None] * n
    base = at["grids"]
    own_changed = False
    for k, other in enumerate(ctx.order):
        grid = grids[other]
        if grid != shown[k]:
            _write_block(buf, base + k * SEAT, grid, shown[k])
            shown[k] = [list(row) for row in grid]
            own_changed = own_changed or k == 0
    kept["grids"] = shown
    discard: list[str] = s.discard
    top = discard[0] if discard else None
    held: str | None = s.held
    if held is not None and s.step == "drawn" and seat != s.active:
        held = "?"
    about = (held, top)
    if own_changed or about != kept.get("gains"):
        here = at["own_gains"]
        buf[here:here + len(GAINS_ZERO)] = GAINS_ZERO
        _write_gains(buf, here, grids[seat], held, top)
        kept["gains"] = about
    was: list[str] = kept.get("discard", [])
    if discard != was:
        update_cards(ctx.buf, at["discard"], ctx.card_index, was, discard)  # R8, R9: put on / taken from the top
        kept["discard"] = list(discard)
    tail = at["discard_top"]  # discard_top and every slice after it: single numbers, rewritten
    zero = kept.get("tail")
    if zero is None:
        zero = kept["tail"] = array.array("f", bytes(4 * (len(buf) - tail)))
    buf[tail:] = zero
    if top is not None:
        _card(ctx, tail, top)
        buf[tail + CARD] += 1.0
    buf[at["draw_size"]] += len(s.draw)
    if s.active is not None:
        buf[at["active"] + (s.active - seat) % n] += 1.0
    if s.step is not None:
        buf[at["step"] + GRID_STEPS.index(s.step)] += 1.0
    if held == "?":
        buf[at["held"] + CARD + 1] += 1.0
    elif held is not None:
        _card(ctx, at["held"], held)
        buf[at["held"] + CARD] += 1.0
    flips = s.flips_left
    for k, other in enumerate(ctx.order):
        if flips[other]:
            buf[at["flips_left"] + k] += flips[other]
    if s.trigger is not None:
        buf[at["trigger"] + (s.trigger - seat) % n] += 1.0
    for other in s.final_turns or ():
        buf[at["final_turns"] + (other - seat) % n] += 1.0
    for other in s.reveal_queue or ():
        buf[at["reveal_queue"] + (other - seat) % n] += 1.0


PARTS = (
    Part("grids", lambda n, c: (n, SEAT),
         "per seat: its grid, row r col c (R10 shapes padded to 3×3), per cell colour one-hot b g m o p r t y, "
         "value (v+1)/12, face down, no card (9 × 11); then rows and columns (over 3), the sum of its face-up "
         "cards (R17; over 50) and its face-down cards (over 9)", _grids, scale=_grids_scale, signed=True),
    Part("own_gains", lambda n, c: (2, 2, 9),
         "placing the held card (first; when one is held and seen) or the discard top (second; when no card is "
         "held) at each own cell r·3+c: the points it saves (the cell's value, 5 for a face-down cell, minus "
         "the card's; over 12), then whether it completes a line of one colour (R11)", _own_gains, signed=True),
    Part("discard", cards, "cards in the discard pile (per code)", _discard),
    Part("discard_top", lambda n, c: (CARD + 1,), "top card of the discard pile: colour, value, present",
         _discard_top),
    Part("draw_size", one, "cards left in the draw pile (over the deck)", _draw_size, scale=deck_size),
    Part("active", seats, "seat on turn or being resolved", seat_one_hot("active")),
    Part("step", lambda n, c: (len(GRID_STEPS),), "turn step: start drawn taken remove close", _step),
    Part("held", lambda n, c: (CARD + 2,),
         "drawn or taken card not yet placed: colour, value, present, hidden (D8)", _held),
    Part("flips_left", seats, "setup flips still owed per seat (R4; over 2)", seat_numbers("flips_left"), scale=2.0),
    Part("trigger", seats, "seat that triggered the round end (R13)", seat_one_hot("trigger")),
    Part("final_turns", seats, "seats still owed a final turn", seat_set("final_turns")),
    Part("reveal_queue", seats, "seats still to be resolved at the reveal (R16)", seat_set("reveal_queue")),
)

LAYOUT = Layout(("setup", "play", "reveal", "round_over", "game_over"), PARTS, zones=zones,
                points=lambda n, o: float(o["end_total"]), direct=from_scratch(update), update=update)
