"""``lastcard`` — Last Card (Letzte Karte): cards 1–60, play higher or take help cards.

Spec: ``shared/rules/lastcard.md``. :data:`GAME` is registered by ``kartentisch.games``.
"""

from __future__ import annotations

from .rules import LastCardGame, LastCardState, score_round

GAME = LastCardGame()

__all__ = ["GAME", "LastCardGame", "LastCardState", "score_round"]
