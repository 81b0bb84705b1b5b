"""Cells and grids of ``grid`` (spec *State document*, R10–R12), typed, for the rules and the bot.

A :data:`Cell` is a card lying in a grid, written as the full state document writes it: its code
face up (``"r7"``), or ``"?"`` + its code face down (``"?r7"``); a seat view shows a face-down cell
as ``"?"`` alone (R21), which :func:`is_down` reads as face down too. A :data:`Grid` has an R10
shape and no gaps. Removing a diagonal (R12) leaves an :data:`OpenGrid`, 3×3 with ``None`` on the
diagonal's cells, until ``close:h`` or ``close:v`` closes it into a :data:`Grid` again.

>>> completed_lines([["r1", "r2", "r3"], ["?b2", "g4", "t6"]])
['r0']
>>> remove_line([["r1", "r2", "r3"], ["?b2", "g4", "t6"]], "r0")
([['?b2', 'g4', 't6']], ['r1', 'r2', 'r3'])
>>> gaps, cards = remove_diagonal([["r1", "b2", "g3"], ["b4", "r5", "g6"], ["m7", "t8", "r9"]], "d0")
>>> gaps, cards
([[None, 'b2', 'g3'], ['b4', None, 'g6'], ['m7', 't8', None]], ['r1', 'r5', 'r9'])
>>> close_grid(gaps, "h")
[['b2', 'g3'], ['b4', 'g6'], ['m7', 't8']]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .notation import DIAGONALS, LINES, shape

#: The mark of a face-down cell: the first character of ``"?r7"``, and all of a view's ``"?"``.
DOWN: Final = "?"

#: A card in a grid: ``"r7"`` face up, ``"?r7"`` face down (in a view: ``"?"``).
Cell = str
#: A grid of an R10 shape (3×3, 2×3, 1×3, 3×2, 3×1 or empty), rows first; no gaps.
Grid = list[list[Cell]]
#: A 3×3 grid with a removed diagonal's cells ``None``, until it closes (step ``close``, R12).
OpenGrid = list[list[Cell | None]]


def face_down(code: str) -> Cell:
    """The cell of card ``code`` lying face down (R3)."""
    return DOWN + code


def is_down(cell: Cell) -> bool:
    """Whether ``cell`` lies face down (``"?r7"``, or a view's ``"?"``)."""
    return cell[0] == DOWN


def card_of(cell: Cell) -> str:
    """The card code of a full document's ``cell``, face up or down (``"?r7"`` → ``"r7"``)."""
    return cell[1:] if cell[0] == DOWN else cell


#: :data:`~.notation.LINES` with each line's cells flat, ``(id, r0, c0, r1, c1, r2, c2)``: a tuple of
#: fixed length unpacks natively when compiled (the nested variable-length one took an iterator per
#: line, a third of grid's random play, issue 25).
_FLAT_LINES: Final[dict[tuple[int, int], list[tuple[str, int, int, int, int, int, int]]]] = {
    shape_: [(line, *cells[0], *cells[1], *cells[2]) for line, cells in lines] for shape_, lines in LINES.items()
}


def completed_lines(grid: Grid) -> list[str]:
    """Ids of the completed lines of ``grid`` in id order (R10, D10, D13).

    A line is completed when its three cells are face up and of one colour. A face-down cell starts
    with ``"?"``, so comparing first characters compares colours and never counts a face-down card.
    """
    done = []
    for line, r0, c0, r1, c1, r2, c2 in _FLAT_LINES[shape(grid)]:
        a = grid[r0][c0][0]
        if a != DOWN and grid[r1][c1][0] == a and grid[r2][c2][0] == a:
            done.append(line)
    return done


def remove_line(grid: Grid, line: str) -> tuple[Grid, list[str]]:
    """Take row or column ``line`` out of ``grid`` (R11); the rest closes up at once (R12).

    Returns:
        ``(new_grid, cards)``: the closed-up grid and the line's three cells, in line order. A
        diagonal is :func:`remove_diagonal`'s.
    """
    index = int(line[1])
    if line[0] == "r":
        return [row for i, row in enumerate(grid) if i != index], grid[index][:]
    new = [[c for j, c in enumerate(row) if j != index] for row in grid]
    return (new if new[0] else []), [row[index] for row in grid]


def remove_diagonal(grid: Grid, line: str) -> tuple[OpenGrid, list[str]]:
    """Take diagonal ``line`` (``d0``/``d1``) out of the 3×3 ``grid`` (R11): its cells become gaps
    until ``close:h``/``close:v`` (R12, :func:`close_grid`).

    Returns:
        ``(open_grid, cards)``: the grid with ``None`` on the diagonal and its three cells in line order.
    """
    new: OpenGrid = [list(row) for row in grid]
    cards = []
    for r, c in DIAGONALS[line]:
        cards.append(grid[r][c])
        new[r][c] = None
    return new, cards


def close_grid(grid: Sequence[Sequence[Cell | None]], how: str) -> Grid:
    """R12: close a 3×3 grid with a removed diagonal: ``"h"`` → 3×2, ``"v"`` → 2×3 (orders kept)."""
    if how == "h":
        return [[c for c in row if c is not None] for row in grid]
    cols = [[x for x in (grid[r][c] for r in range(3)) if x is not None] for c in range(3)]
    return [[cols[c][r] for c in range(3)] for r in range(2)]
