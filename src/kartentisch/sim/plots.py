"""The tournament figure (``--plot``): score distributions per bot, win rate per seat with 95% CIs.

matplotlib is the optional extra ``plot``; the Agg backend is used, so no display is needed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..kernel import KartentischError
from .engine import MatchResult


def plot_tournament(results: Sequence[MatchResult], summary: dict[str, Any], path: str | Path) -> None:
    """Write a two-panel PNG (or any format matplotlib infers from the suffix) to ``path``.

    Left: box plots of the match totals of every bot (one value per seat-game). Right: win rate
    of every bot at every seat, bars with Wilson 95% error bars, and the fair share ``1/players``.

    Raises:
        KartentischError: matplotlib missing (says how to install it).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise KartentischError("--plot needs matplotlib: pip install 'kartentisch[plot]'") from None
    from .stats import wilson

    bots = list(summary["bots"])
    players = summary["players"]
    scores: dict[str, list[int]] = defaultdict(list)
    seat_wins: dict[tuple[str, int], list[float]] = defaultdict(list)
    for r in results:
        for seat, spec in enumerate(r.job.bots):
            scores[spec].append(r.totals[seat])
            seat_wins[(spec, seat)].append(r.returns[seat])

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    left.boxplot([scores[b] for b in bots])
    left.set_xticks(range(1, len(bots) + 1), bots)
    left.set_title("match totals per bot")
    left.set_ylabel("total score")
    left.tick_params(axis="x", rotation=15)

    width = 0.8 / max(1, len(bots))
    for k, spec in enumerate(bots):
        xs, rates, err_lo, err_hi = [], [], [], []
        for seat in range(players):
            rows = seat_wins.get((spec, seat), [])
            if not rows:
                continue
            rate = sum(rows) / len(rows)
            lo, hi = wilson(sum(rows), len(rows))
            xs.append(seat + (k - (len(bots) - 1) / 2) * width)
            rates.append(rate)
            err_lo.append(rate - lo)
            err_hi.append(hi - rate)
        right.bar(xs, rates, width=width, yerr=[err_lo, err_hi], capsize=3, label=spec)
    right.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="fair share")
    right.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    right.set_ylim(0, 1)
    right.set_ylabel("win rate (95% CI)")
    right.set_title("win rate per seat")
    right.legend(fontsize=8)
    fig.suptitle(f"{summary['game']}: {players} players, {summary['matches']} matches, seed {summary['seed']}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
