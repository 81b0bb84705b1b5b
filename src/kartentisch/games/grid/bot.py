"""The rule-based ``heuristic`` bot of ``grid``.

It reads only ``state.view(seat)`` (R21: face-down cards and the draw pile are unknown to it) and
values a grid by its *expected sum*: face-up card values plus :data:`~.cards.MEAN_VALUE` (5) per
face-down card, after removing every completed line the best way (R11–R13, own choice of line and
closing). Rules, in order:

1. Setup (R4): flip two random face-down cards (nothing is known, D6).
2. Start (R7/R8): take the discard card if placing it lowers the expected sum by at least
   :data:`TAKE_GAIN` (e.g. a low card for a high or unknown one, or a card completing a line);
   otherwise draw.
3. Placement (R7/R8): choose the swap with the lowest resulting expected sum; after a draw, swap
   only if that gains at least :data:`SWAP_GAIN`, else discard the card and flip a face-down card
   (the one whose lines hold most face-up cards of one colour, so a line may form).
4. Trigger caution (R14, R18): an action that would leave no face-down card while nobody has
   triggered is charged the doubling (+ own expected sum) unless the own expected sum is below
   every opponent's by :data:`TRIGGER_MARGIN`; when all choices trigger, the best one is taken.
5. Remove/close (R11–R13): choose the line and the closing whose full resolution leaves the lowest
   expected sum; with ``optional_removal``, ``keep`` only if it is strictly better.
6. ``deal`` (R20): the only token.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ...kernel.game import GameState
from .cards import MEAN_VALUE, VALUE
from .cells import Cell, Grid, OpenGrid, close_grid, completed_lines, remove_diagonal, remove_line
from .notation import DIAGONALS, LINES, Close, Flip, Remove, Swap, parse, shape

#: Minimum expected-sum gain for taking the discard card (rule 2).
TAKE_GAIN: Final = 3.0
#: Minimum expected-sum gain for swapping a drawn card in instead of flipping (rule 3).
SWAP_GAIN: Final = 1.0
#: How far below every opponent the own expected sum must be to trigger safely (rule 4).
TRIGGER_MARGIN: Final = 3.0

def expected_sum(grid: Sequence[Sequence[Cell]]) -> float:
    """Face-up values plus the mean value per face-down (``"?"``) cell."""
    total = 0.0
    for row in grid:
        for x in row:
            total += MEAN_VALUE if x[0] == "?" else VALUE[x]
    return total


def settled_sum(grid: Grid, may_keep: bool = False) -> float:
    """Lowest expected sum after resolving completed lines (R11–R13) with the best choices."""
    done = completed_lines(grid)
    best = expected_sum(grid) if may_keep or not done else float("inf")
    for line in done:
        best = min(best, _removed_sum(grid, line, may_keep))
    return best


def _removed_sum(grid: Grid, line: str, may_keep: bool) -> float:
    """:func:`settled_sum` once ``line`` is removed (R11), a diagonal closed the better way (R12)."""
    if line in DIAGONALS:
        gaps, _ = remove_diagonal(grid, line)
        return min(settled_sum(close_grid(gaps, "h"), may_keep), settled_sum(close_grid(gaps, "v"), may_keep))
    return settled_sum(remove_line(grid, line)[0], may_keep)


def _hidden(grid: Sequence[Sequence[Cell]]) -> int:
    return sum(1 for row in grid for x in row if x[0] == "?")


def _colour_hope(grid: Sequence[Sequence[Cell]], r: int, c: int) -> int:
    """How many face-up cards of one colour share a line with cell (r, c) (rule 3's flip choice)."""
    hope = 0
    for _line, cells in LINES[shape(grid)]:
        if (r, c) in cells:
            colours = [grid[i][j][0] for i, j in cells if grid[i][j][0] != "?"]
            if colours and len(set(colours)) == 1:
                hope += len(colours)
    return hope


class HeuristicBot:
    """Rule-based ``grid`` player (rules in the module docstring); uses only ``state.view(seat)``."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> str:
        """Return one legal token of ``seat``."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        z = view["zones"]
        step = z["step"]
        if view["phase"] == "setup":
            return self.rng.choice(legal)
        may_keep = bool(view["options"]["optional_removal"])
        if step == "close":  # R12: the grid with its gaps, closed the better way
            gaps: OpenGrid = z["grids"][seat]
            closes = [m for m in map(parse, legal) if isinstance(m, Close)]
            return str(min(closes, key=lambda m: settled_sum(close_grid(gaps, m.how), may_keep)))
        grid: Grid = z["grids"][seat]
        if step == "start":
            top = z["discard_top"]
            if "draw" not in legal:
                return "takediscard"
            if top is not None and "takediscard" in legal:
                gain = expected_sum(grid) - self._best_swap(view, seat, grid, top, may_keep)[1]
                if gain >= TAKE_GAIN:
                    return "takediscard"
            return "draw"
        if step in ("drawn", "taken"):
            return self._place(view, seat, grid, z["held"], step == "drawn", may_keep)
        return min(legal, key=lambda t: self._after_remove(grid, t, may_keep))  # step remove

    # ---------------------------------------------------------------- helpers
    def _after_remove(self, grid: Grid, token: str, may_keep: bool) -> float:
        move = parse(token)
        if not isinstance(move, Remove):  # keep
            return expected_sum(grid)  # listed after the removes, so min() prefers a removal on a tie
        return _removed_sum(grid, move.line, may_keep)

    def _trigger_cost(self, view: dict[str, Any], seat: int, hidden_after: int, value: float) -> float:
        """Rule 4: expected doubling charged to an action that triggers while not safely lowest."""
        z = view["zones"]
        if z["trigger"] is not None or hidden_after:
            return 0.0
        others = [expected_sum(g) for s, g in enumerate(z["grids"]) if s != seat]
        if value > 0 and value > min(others) - TRIGGER_MARGIN:
            return value
        return 0.0

    def _best_swap(self, view: dict[str, Any], seat: int, grid: Grid, card: str,
                   may_keep: bool) -> tuple[str, float]:
        """The swap of ``card`` with the lowest expected sum (trigger cost included)."""
        best, best_value = "", float("inf")
        for r, row in enumerate(grid):
            for c in range(len(row)):
                after = [list(x) for x in grid]
                after[r][c] = card
                value = settled_sum(after, may_keep)
                value += self._trigger_cost(view, seat, _hidden(after), value)
                if value < best_value:
                    best, best_value = str(Swap(r, c)), value
        return best, best_value

    def _place(self, view: dict[str, Any], seat: int, grid: Grid, card: str, drawn: bool, may_keep: bool) -> str:
        swap, swap_value = self._best_swap(view, seat, grid, card, may_keep)
        if not drawn:
            return swap
        downs = [(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x[0] == "?"]
        if not downs:
            return swap
        r, c = max(downs, key=lambda rc: _colour_hope(grid, *rc))
        current = expected_sum(grid)  # a flip reveals a card worth the mean on average
        flip_value = current + self._trigger_cost(view, seat, len(downs) - 1, current)
        if swap_value <= min(current - SWAP_GAIN, flip_value):
            return swap
        return str(Flip(r, c))
