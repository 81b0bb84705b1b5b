"""``mayhem`` (Kartenchaos): colour/number shedding with special, wish, reaction and event cards.

Exports :data:`GAME`, registered by :mod:`kartentisch.games`. Rules: ``shared/rules/mayhem.md``.
"""

from __future__ import annotations

from .rules import MayhemGame, MayhemState, score_round

GAME = MayhemGame()

__all__ = ["GAME", "MayhemGame", "MayhemState", "score_round"]
