"""Match statistics: win shares with Wilson 95% intervals, per bot and per seat."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from .engine import MatchResult


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (Wilson 1927); ``successes`` may be fractional (shared wins).

    Returns:
        ``(low, high)`` in ``[0, 1]``; ``(0, 1)`` when ``n == 0``.
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval contains p exactly; clamp so rounding (p = 0 or 1) cannot leave it outside.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def summarise(results: Sequence[MatchResult]) -> dict[str, Any]:
    """Per-bot and per-seat figures of ``results``.

    Returns:
        ``{"matches", "ended", "mean_rounds", "mean_decisions", "bots": {spec: {...}}, "seats": [...]}``
        where each entry has ``games`` (seat-games played), ``wins`` (shared wins split equally),
        ``win_rate`` (fraction), ``ci95`` ``[lo, hi]`` and ``mean_score`` (mean match total).
    """
    per_bot: dict[str, list[tuple[float, int]]] = defaultdict(list)
    per_seat: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for r in results:
        for seat, spec in enumerate(r.job.bots):
            per_bot[spec].append((r.returns[seat], r.totals[seat]))
            per_seat[seat].append((r.returns[seat], r.totals[seat]))

    def block(rows: list[tuple[float, int]]) -> dict[str, Any]:
        wins = sum(w for w, _ in rows)
        lo, hi = wilson(wins, len(rows))
        return {"games": len(rows), "wins": wins, "win_rate": wins / len(rows) if rows else 0.0,
                "ci95": [lo, hi], "mean_score": sum(t for _, t in rows) / len(rows) if rows else 0.0}

    n = len(results)
    return {
        "matches": n,
        "ended": sum(r.ended for r in results),
        "mean_rounds": sum(r.rounds for r in results) / n if n else 0.0,
        "mean_decisions": sum(r.decisions for r in results) / n if n else 0.0,
        "bots": {spec: block(rows) for spec, rows in per_bot.items()},
        "seats": [dict(seat=s, **block(per_seat[s])) for s in sorted(per_seat)],
    }
