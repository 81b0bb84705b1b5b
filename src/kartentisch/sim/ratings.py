"""Bradley–Terry ratings of bots from match results, on the Elo scale.

Model (Bradley & Terry 1952): bot ``i`` beats bot ``j`` with probability ``p_i / (p_i + p_j)``.
Every match is split into pairwise comparisons between seats held by *different* bot specs: the
seat with the larger match return (win share) wins the comparison, equal returns count half to
each. Strengths are fitted by Hunter's MM algorithm (Hunter 2004, "MM algorithms for generalized
Bradley–Terry models", Ann. Statist. 32(1)) with one virtual drawn game between every pair of
bots, a standard prior that keeps the estimate finite when a bot wins every comparison.

Ratings are reported as ``1500 + 400·log10(p_i / geometric mean p)``, so a 400-point gap means
10:1 odds exactly as in Elo. Unlike sequential Elo updates the fit does not depend on the order in
which matches finished, so it is identical for any ``--jobs`` and backend.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence

from .engine import MatchResult

#: Elo-scale anchor (mean rating) and the points for a factor 10 in odds.
ELO_MEAN = 1500.0
ELO_SCALE = 400.0


def pairwise_wins(results: Sequence[MatchResult]) -> dict[tuple[str, str], float]:
    """``wins[(a, b)]``: comparisons bot ``a`` won against bot ``b`` (draws count ½ each way)."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for r in results:
        seats = list(enumerate(r.job.bots))
        for i, (s, a) in enumerate(seats):
            for t, b in seats[i + 1:]:
                if a == b:
                    continue
                ra, rb = r.returns[s], r.returns[t]
                if ra > rb:
                    wins[(a, b)] += 1.0
                elif rb > ra:
                    wins[(b, a)] += 1.0
                else:
                    wins[(a, b)] += 0.5
                    wins[(b, a)] += 0.5
    return dict(wins)


def bradley_terry_elo(results: Sequence[MatchResult], iterations: int = 1000, tol: float = 1e-10) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale) of every bot spec seen in ``results``.

    Args:
        results: match results (any player count).
        iterations: MM iteration cap.
        tol: stop when no log-strength moves more than this.
    Returns:
        ``{spec: rating}``; a lone bot (or no comparisons at all) gets :data:`ELO_MEAN`.
    """
    bots = sorted({spec for r in results for spec in r.job.bots})
    return elo_from_wins(bots, pairwise_wins(results), iterations, tol)


def elo_from_wins(bots: Sequence[str], wins: Mapping[tuple[str, str], float], iterations: int = 1000,
                  tol: float = 1e-10) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale) of ``bots`` from comparison counts ``wins[(a, b)]`` (a beat b;
    :func:`pairwise_wins`), fitted by MM with one virtual draw between every pair (module docstring).

    Returns:
        ``{spec: rating}``; a lone bot gets :data:`ELO_MEAN`.
    """
    if len(bots) < 2:
        return {b: ELO_MEAN for b in bots}
    won = {(a, b): wins.get((a, b), 0.0) + 0.5 for a in bots for b in bots if a != b}  # prior: one draw a pair
    games = {(a, b): won[(a, b)] + won[(b, a)] for a in bots for b in bots if a != b}
    total_wins = {a: sum(won[(a, b)] for b in bots if b != a) for a in bots}
    p = {b: 1.0 for b in bots}
    for _ in range(iterations):
        new = {a: total_wins[a] / sum(games[(a, b)] / (p[a] + p[b]) for b in bots if b != a) for a in bots}
        gm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / gm for a, v in new.items()}
        moved = max(abs(math.log(new[a]) - math.log(p[a])) for a in bots)
        p = new
        if moved < tol:
            break
    return {b: ELO_MEAN + ELO_SCALE * math.log10(p[b]) for b in bots}
