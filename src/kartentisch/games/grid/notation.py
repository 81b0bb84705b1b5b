"""``grid`` move notation (spec ``rules/grid.md``, "Decisions and tokens", R10): moves as values.

:func:`parse` is the one place a token is read. It turns a token into one small frozen value per
verb, and ``str(move)`` gives the token back exactly:

* :class:`Draw` ``draw`` (R8, R9), :class:`TakeDiscard` ``takediscard`` (R7);
* :class:`Swap` ``swap:r:c`` (R7, R8), :class:`Flip` ``flip:r:c`` (R4, R8): a cell of the own grid,
  row and column counted from 0 in its current shape (R10);
* :class:`Remove` ``remove:<line>`` (R11, the line ids of R10), :class:`Keep` ``keep`` (option
  ``optional_removal``), :class:`Close` ``close:h`` / ``close:v`` (R12), :class:`Deal` ``deal`` (R20).

A token not written in this notation raises :class:`~kartentisch.kernel.errors.MalformedToken`
naming the rule that defines what is wrong (an unknown verb: R6, the turn's actions; a cell or a
line id: R10; a closing: R12; an argument to a verb that takes none: that verb's rule). Whether a
well-formed token is allowed now is for the rules to say.

The line geometry of R10 (shapes, line ids and their cells, :func:`shape`) lives here too, since line ids and
cells are what tokens name; :mod:`.rules` and :mod:`.words` read it from here.

>>> parse("swap:1:2")
Swap(row=1, col=2)
>>> str(parse("remove:d0"))
'remove:d0'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...kernel.errors import MalformedToken
from ...kernel.memo import Memo

# ----------------------------------------------------------------------------- lines (R10)

#: The phases of a round (spec *State document*) besides the kernel's ``round_over``/``game_over``.
SETUP, PLAY, REVEAL = "setup", "play", "reveal"
#: Steps inside a turn (spec, *Decisions and tokens*): start → drawn | taken → [remove | close …].
START, DRAWN, TAKEN, REMOVE, CLOSE = "start", "drawn", "taken", "remove", "close"


#: R10: the shapes a grid can have, as (rows, columns); ``(0, 0)`` is the empty grid.
SHAPES: Final[tuple[tuple[int, int], ...]] = ((3, 3), (2, 3), (1, 3), (3, 2), (3, 1), (0, 0))

#: R10: line ids in the spec's display order.
LINE_IDS: Final[tuple[str, ...]] = ("r0", "r1", "r2", "c0", "c1", "c2", "d0", "d1")

Cells = tuple[tuple[int, int], ...]

#: R10: the diagonals' cells in the 3×3 grid.
DIAGONALS: Final[dict[str, Cells]] = {
    "d0": ((0, 0), (1, 1), (2, 2)),
    "d1": ((0, 2), (1, 1), (2, 0)),
}


def _shape_lines(rows: int, cols: int) -> tuple[tuple[str, Cells], ...]:
    """R10/D13: the three-card lines of a ``rows × cols`` grid, in id order."""
    lines: list[tuple[str, Cells]] = []
    if cols == 3:
        lines += [(f"r{r}", ((r, 0), (r, 1), (r, 2))) for r in range(rows)]
    if rows == 3:
        lines += [(f"c{c}", ((0, c), (1, c), (2, c))) for c in range(cols)]
    if rows == 3 and cols == 3:
        lines += list(DIAGONALS.items())
    return tuple(lines)


#: R10 table: shape → its lines ``(id, cells)`` in id order.
LINES: Final[dict[tuple[int, int], tuple[tuple[str, Cells], ...]]] = {s: _shape_lines(*s) for s in SHAPES}


def shape(grid: Sequence[Sequence[Any]]) -> tuple[int, int]:
    """``(rows, columns)`` of a grid (a list of rows); ``(0, 0)`` when empty (R10)."""
    return (len(grid), len(grid[0])) if grid else (0, 0)


# ----------------------------------------------------------------------------- moves

@dataclass(frozen=True, slots=True)
class Draw:
    """``draw`` (R8, R9): take the top card of the draw pile, seen by the drawer only."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """``takediscard`` (R7): take the top card of the discard pile."""

    def __str__(self) -> str:
        return "takediscard"


@dataclass(frozen=True, slots=True)
class Swap:
    """``swap:r:c`` (R7, R8): the card in hand replaces the own grid card at ``row``, ``col``
    (0-based, current shape, R10)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"swap:{self.row}:{self.col}"


@dataclass(frozen=True, slots=True)
class Flip:
    """``flip:r:c``: turn up the own face-down card at ``row``, ``col`` (R4 in setup; R8 after a
    draw, the drawn card going to the discard pile first)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"flip:{self.row}:{self.col}"


@dataclass(frozen=True, slots=True)
class Remove:
    """``remove:<line>`` (R11): remove the completed ``line`` (an id of R10, ``r0`` … ``d1``)."""

    line: str

    def __str__(self) -> str:
        return f"remove:{self.line}"


@dataclass(frozen=True, slots=True)
class Keep:
    """``keep`` (option ``optional_removal``): leave the completed lines in the grid for now."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Close:
    """``close:h`` / ``close:v`` (R12): close the gaps of a removed diagonal horizontally (``"h"``,
    to 3×2) or vertically (``"v"``, to 2×3)."""

    how: str

    def __str__(self) -> str:
        return f"close:{self.how}"


@dataclass(frozen=True, slots=True)
class Deal:
    """``deal`` (R20): the next dealer deals the next round."""

    def __str__(self) -> str:
        return "deal"


Move = Draw | TakeDiscard | Swap | Flip | Remove | Keep | Close | Deal

#: Verbs without arguments → (their value, the rule that defines them).
_PLAIN: Final[dict[str, tuple[Move, str]]] = {
    "draw": (Draw(), "grid R8"), "takediscard": (TakeDiscard(), "grid R7"),
    "keep": (Keep(), "grid R11"), "deal": (Deal(), "grid R20"),
}
_INDEX: Final = {"0": 0, "1": 1, "2": 2}
_VERBS: Final = "draw, takediscard, swap:r:c, flip:r:c, remove:<line>, keep, close:h, close:v and deal"


def _read(token: str) -> Move:
    """:func:`parse` without the cache."""
    verb, _, rest = token.partition(":")
    plain = _PLAIN.get(verb)
    if plain is not None:
        if token != verb:
            raise MalformedToken(plain[1], f"{verb!r} takes no argument", token=token)
        return plain[0]
    if verb == "swap" or verb == "flip":
        row, sep, col = rest.partition(":")
        if not sep or row not in _INDEX or col not in _INDEX:
            raise MalformedToken("grid R10", f"{verb} names a cell as {verb}:row:column, each 0, 1 or 2 "
                                 f"(counted from 0 in the current shape)", token=token)
        return (Swap if verb == "swap" else Flip)(_INDEX[row], _INDEX[col])
    if verb == "remove":
        if rest not in LINE_IDS:
            raise MalformedToken("grid R10", f"a line is one of {' '.join(LINE_IDS)}", token=token)
        return Remove(rest)
    if verb == "close":
        if rest not in ("h", "v"):
            raise MalformedToken("grid R12", "the grid closes as close:h (horizontally) or close:v (vertically)",
                                 token=token)
        return Close(rest)
    raise MalformedToken("grid R6", f"there is no move {verb!r}; the moves are {_VERBS}", token=token)


_MOVES: Final[Memo[str, Move]] = Memo(_read)


def parse(token: str) -> Move:
    """The move ``token`` writes (spec *Decisions and tokens*); cached, so reading a token costs
    one lookup after the first time.

    Raises:
        MalformedToken: ``token`` is not written in the notation: an unknown verb (grid R6), a
            missing or extra argument, a cell that is not ``r:c`` with ``r`` and ``c`` each ``0``,
            ``1`` or ``2`` (grid R10), a line that is not one of ``r0 r1 r2 c0 c1 c2 d0 d1``
            (grid R10), a closing other than ``h`` or ``v`` (grid R12).
    """
    return _MOVES.get(token)


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal (neither ``players`` nor options change it).

    Order (the spec's display order): ``draw``, ``takediscard``; ``swap:r:c`` for the nine cells
    row by row, then ``flip:r:c`` likewise; ``remove:<line>`` in the order ``r0 r1 r2 c0 c1 c2
    d0 d1``; ``keep``; ``close:h``, ``close:v``; ``deal``. Size: 2 + 9 + 9 + 8 + 1 + 2 + 1 = 32.
    """
    cells = [f"{r}:{c}" for r in range(3) for c in range(3)]
    return (["draw", "takediscard"] + [f"swap:{rc}" for rc in cells] + [f"flip:{rc}" for rc in cells]
            + [f"remove:{line}" for line in LINE_IDS] + ["keep", "close:h", "close:v", "deal"])
