"""Match statistics: win shares with Wilson 95% intervals, per bot and per seat."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
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


class Summary:
    """Running per-bot and per-seat figures: :meth:`add` each result, then :meth:`to_json`.

    Holds counters only (no results), so a summary of any number of matches has a fixed size.
    """

    def __init__(self) -> None:
        self.matches = self.ended = self.rounds = self.decisions = 0
        # [seat-games, win shares, sum of match totals] per bot spec and per seat
        self.bots: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0])
        self.seats: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])

    def add(self, r: MatchResult) -> None:
        """Count one match."""
        self.matches += 1
        self.ended += r.ended
        self.rounds += r.rounds
        self.decisions += r.decisions
        for seat, spec in enumerate(r.job.bots):
            for acc in (self.bots[spec], self.seats[seat]):
                acc[0] += 1
                acc[1] += r.returns[seat]
                acc[2] += r.totals[seat]

    def to_json(self) -> dict[str, Any]:
        """``{"matches", "ended", "mean_rounds", "mean_decisions", "bots": {spec: {...}}, "seats": [...]}``
        where each entry has ``games`` (seat-games played), ``wins`` (shared wins split equally),
        ``win_rate`` (fraction), ``ci95`` ``[lo, hi]`` and ``mean_score`` (mean match total)."""

        def block(acc: list[float]) -> dict[str, Any]:
            games, wins, total = int(acc[0]), acc[1], acc[2]
            lo, hi = wilson(wins, games)
            return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
                    "ci95": [lo, hi], "mean_score": total / games if games else 0.0}

        n = self.matches
        return {
            "matches": n,
            "ended": self.ended,
            "mean_rounds": self.rounds / n if n else 0.0,
            "mean_decisions": self.decisions / n if n else 0.0,
            "bots": {spec: block(acc) for spec, acc in self.bots.items()},
            "seats": [dict(seat=s, **block(self.seats[s])) for s in sorted(self.seats)],
        }


def summarise(results: Iterable[MatchResult]) -> dict[str, Any]:
    """:meth:`Summary.to_json` of ``results`` (any iterable; consumed once)."""
    summary = Summary()
    for r in results:
        summary.add(r)
    return summary.to_json()
