"""``grid`` — Colour Grid (Farbraster): 3×3 face-down grid, swap in low cards, three of a colour in a
line leave the grid, lowest total wins. Rules: ``rules/grid.md``; code: :mod:`.rules`."""

from __future__ import annotations

from .rules import GridGame, GridState, score_round

#: The registered game instance.
GAME = GridGame()

__all__ = ["GAME", "GridGame", "GridState", "score_round"]
