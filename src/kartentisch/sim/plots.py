"""Figures of the balance lab (``simulate --plot``, ``tournament --plot``, ``sweep --plot``).

:func:`plot_summary`: four panels of one simulation or tournament (match totals per bot, round
lengths, win rates by seat and by place after the first mover with 95% intervals, how rounds
ended and how often the game's events came). :func:`plot_sweep`: each compared figure against
the swept option's values with 95% intervals, the first value as the reference line.
Axes follow the data; games where the lower total wins say so on the score axis; seats are
counted from 1. matplotlib is the optional extra ``plot`` (Agg backend, no display needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from ..games import get_game
from ..kernel import Game, KartentischError
from .lab import bot_words, event_label, offset_label, seat_label
from .report import p_value


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise KartentischError("--plot needs matplotlib: pip install 'kartentisch[plot]'") from None
    return plt


def _score_axis(summary: dict[str, Any], what: str = "match total") -> str:
    return f"{what} (lower is better)" if summary.get("score_direction") == "lower" else f"{what} (higher is better)"


def _padded(lows: Sequence[float], highs: Sequence[float], floor: float | None = None) -> tuple[float, float]:
    lo, hi = min(lows), max(highs)
    pad = (hi - lo) * 0.15 or max(abs(hi), 1.0) * 0.1
    low = lo - pad
    return (max(floor, low) if floor is not None else low), hi + pad


def _shares(ax: Any, blocks: Sequence[dict[str, Any]], x0: float, label: str) -> None:
    """Win shares as points with their 95% intervals, at ``x0``, ``x0 + 1`` … (points, not bars: the
    axis need not start at 0)."""
    xs = [x0 + i for i in range(len(blocks))]
    rates = [b["win_rate"] for b in blocks]
    err = [[r - b["ci95"][0] for r, b in zip(rates, blocks, strict=True)],
           [b["ci95"][1] - r for r, b in zip(rates, blocks, strict=True)]]
    ax.errorbar(xs, rates, yerr=err, fmt="o", capsize=4, label=label)


def round_bars(game: Game, rounds: dict[str, Any]) -> list[tuple[str, float, list[float]]]:
    """The summary figure's bars: every way a round ended, then every event of the game, each as
    ``(label, share of rounds, 95% interval)``, from the ``rounds`` block of a summary
    (:meth:`~kartentisch.sim.stats.Summary.rounds_block`)."""
    bars = [(f"ended: {event_label(game, k)}", v["share"], v["ci95"]) for k, v in rounds["ended"].items()]
    return bars + [(f"rounds with {event_label(game, k)}", v["share"], v["ci95"]) for k, v in rounds["events"].items()]


def integer_bins(values: Sequence[int], most: int = 40) -> list[float]:
    """Histogram edges for whole numbers: each bin as wide as a whole number of values (1, 2, …), at most ``most``
    bins, its edges halfway between two numbers, so no bin holds more values than another (bins of a width in
    between held one value or two in turn, a designer's histogram of round lengths showed peaks that were not
    there)."""
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // most))
    return [low - 0.5 + width * k for k in range(-(-(high - low + 1) // width) + 1)]


def plot_summary(summary: dict[str, Any], path: str | Path | IO[bytes], title: str) -> None:
    """Write the four-panel figure of a simulation/tournament document to ``path`` (PNG by default;
    matplotlib infers other formats from the suffix). Every way a round ended and every event of the
    game gets its bar (the figure grows with them); seats and places after the first mover are two
    groups with their own labels (in mayhem the first mover is rarely seat 1).

    Raises:
        KartentischError: matplotlib missing (says how to install it).
    """
    plt = _pyplot()
    game = get_game(summary["game"])
    records = summary.get("records") or []
    rounds = summary["rounds"]
    bars = round_bars(game, rounds)
    fig, axes = plt.subplots(2, 2, figsize=(13, max(9.0, 4.5 + 0.3 * len(bars))))
    (totals_ax, length_ax), (seat_ax, end_ax) = axes

    by_bot: dict[str, list[int]] = {}
    for m in records:
        for seat, spec in enumerate(m["bots"]):
            by_bot.setdefault(spec, []).append(m["totals"][seat])
    for spec, totals in by_bot.items():
        totals_ax.hist(totals, bins=integer_bins(totals), histtype="step", linewidth=1.5,
                       label=f"{bot_words(spec)} (mean {sum(totals) / len(totals):.1f})")
    totals_ax.set_xlabel(_score_axis(summary))
    totals_ax.set_ylabel("seat-matches")
    totals_ax.set_title("match totals per bot", fontsize=10)
    if by_bot:
        totals_ax.legend(fontsize=8)

    lengths = [r["decisions"] for m in records for r in m["rounds"]]
    if lengths:
        length_ax.hist(lengths, bins=integer_bins(lengths), color="tab:purple", alpha=0.8)
        mean = rounds["decisions"]["mean"]
        length_ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
        length_ax.legend(fontsize=8)
    per_match = rounds["per_match"]
    length_ax.set_xlabel("decisions per round (every seat's decisions)")
    length_ax.set_ylabel("rounds")
    length_ax.set_title(f"round length: {rounds['count']} rounds, {per_match['mean']:.2f} ± {per_match['sd']:.2f} "
                        "rounds per match", fontsize=10)

    players = summary["players"]
    fair = 1.0 / players
    seats = summary["seats"]
    fm = summary["first_mover"]
    n = len(seats)
    _shares(seat_ax, seats, 0, "match wins by seat")
    _shares(seat_ax, fm["by_offset"], n + 1, "round wins by place after the round's first mover")
    seat_ax.set_xticks([*range(n), *range(n + 1, 2 * n + 1)],
                       [*(seat_label(k) for k in range(n)), *(_wrap(offset_label(k)) for k in range(n))], fontsize=8)
    seat_ax.axvline(n, color="lightgrey", linewidth=1)
    seat_ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label="fair share")
    lows = [b["ci95"][0] for b in (*seats, *fm["by_offset"])] + [fair]
    highs = [b["ci95"][1] for b in (*seats, *fm["by_offset"])] + [fair]
    seat_ax.set_ylim(*_padded(lows, highs, floor=0.0))
    seat_ax.set_ylabel("win share (95% CI)")
    p_seat = summary["seat_positions"]["chi_square"]["p"]
    p_first = fm["chi_square_rounds"]["p"]
    seat_ax.set_title(f"seats: χ² {p_value(p_seat)}; places after the first mover: χ² {p_value(p_first)}", fontsize=10)
    seat_ax.legend(fontsize=8)

    if bars:
        ys = range(len(bars))
        shares = [b[1] for b in bars]
        end_ax.barh(list(ys), shares, xerr=[[s - b[2][0] for s, b in zip(shares, bars, strict=True)],
                                            [b[2][1] - s for s, b in zip(shares, bars, strict=True)]],
                    capsize=3, color="tab:orange")
        end_ax.set_yticks(list(ys), [b[0] for b in bars], fontsize=8)
        end_ax.invert_yaxis()
        end_ax.set_xlim(0, min(1.0, max(b[2][1] for b in bars) * 1.15 + 0.01))
        end_ax.set_xlabel("share of rounds (95% CI)")
        end_ax.set_title("how rounds ended, how often the game's events came", fontsize=10)
    else:
        scores = [b["round_score"] for b in fm["by_offset"]]
        end_ax.errorbar(range(n), [s["mean"] for s in scores],
                        yerr=[[s["mean"] - s["ci95"][0] for s in scores], [s["ci95"][1] - s["mean"] for s in scores]],
                        fmt="o", capsize=3)
        end_ax.set_xticks(range(n), [offset_label(k) for k in range(n)], fontsize=8)
        end_ax.set_ylabel(_score_axis(summary, "round score") + ", mean (95% CI)")
        end_ax.set_title("round score by place after the first mover", fontsize=10)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, format=None if not hasattr(path, "write") else "png")
    plt.close(fig)


def plot_sweep(sweep: dict[str, Any], path: str | Path | IO[bytes], title: str) -> None:
    """Write the sweep figure: one panel per compared figure that varies (every one: the figure grows by
    rows of three), estimates with 95% intervals per value, the first value's estimate as a dashed
    reference line.

    Raises:
        KartentischError: matplotlib missing.
    """
    plt = _pyplot()
    varying = [m for m in sweep["metrics"]
               if len({(e["estimate"], *e["ci95"]) for e in m["values"]}) > 1]  # a constant figure tells nothing
    metrics = varying or sweep["metrics"][:1]
    cols = 3
    rows = (len(metrics) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5 * cols, 3.6 * rows), squeeze=False)
    labels = sweep["labels"]
    for ax, metric in zip(axes.flat, metrics, strict=False):
        entries = metric["values"]
        xs = range(len(entries))
        ys = [e["estimate"] for e in entries]
        err = [[y - e["ci95"][0] for y, e in zip(ys, entries, strict=True)],
               [e["ci95"][1] - y for y, e in zip(ys, entries, strict=True)]]
        colours = ["tab:grey"] + ["tab:red" if not (e["diff_ci95"][0] <= 0 <= e["diff_ci95"][1]) else "tab:blue"
                                  for e in entries[1:]]
        for x, y, lo, hi, colour in zip(xs, ys, err[0], err[1], colours, strict=True):
            ax.errorbar([x], [y], yerr=[[lo], [hi]], fmt="o", capsize=4, color=colour)
        ax.axhline(ys[0], color="grey", linestyle="--", linewidth=1)
        ax.set_xticks(list(xs), [_wrap(label) for label in labels], fontsize=8)
        ax.set_ylim(*_padded([e["ci95"][0] for e in entries], [e["ci95"][1] for e in entries],
                             floor=0.0 if metric["kind"] == "share" else None))
        name = metric["label"]
        if metric["key"] == "score":
            name = _score_axis(sweep, name)
        ax.set_title(name, fontsize=10)
        ax.set_xlabel(sweep["option"].replace("_", " "), fontsize=8)
    for ax in list(axes.flat)[len(metrics):]:
        ax.axis("off")
    fig.suptitle(f"{title}\nred: differs from the first value (95% CI of the difference excludes 0)", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, format=None if not hasattr(path, "write") else "png")
    plt.close(fig)


def _wrap(label: str, width: int = 10) -> str:
    words, lines, line = label.split(), [], ""
    for word in words:
        if line and len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return "\n".join(lines)
