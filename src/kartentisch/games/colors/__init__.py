"""``colors`` — Colour Gap (Farblücke): capture equal or neighbouring numbers; colours score.

Spec: ``shared/rules/colors.md``. ``GAME`` is registered by :mod:`kartentisch.games`.
"""

from __future__ import annotations

from .rules import ColorsGame, ColorsState, colour_score, match_winners, score_round

GAME = ColorsGame()

__all__ = ["GAME", "ColorsGame", "ColorsState", "colour_score", "match_winners", "score_round"]
