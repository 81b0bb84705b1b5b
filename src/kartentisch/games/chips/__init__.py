"""``chips`` — Baggage Belt (Gepäckband): draft from a row of 7, paying a chip per skipped card.

Spec: ``shared/rules/chips.md``. :data:`GAME` is registered by :mod:`kartentisch.games`.
"""

from __future__ import annotations

from .rules import ChipsGame, ChipsState, score_round, seat_score

GAME = ChipsGame()

__all__ = ["GAME", "ChipsGame", "ChipsState", "score_round", "seat_score"]
