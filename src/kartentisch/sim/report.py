"""The balance lab's tables, for the terminal and for the HTML report (``--html report.html``).

:func:`balance_tables` turns a simulation or tournament document into tables (scores with spreads
and 95% intervals per bot and per seat, the seat-position and first-mover analyses, round lengths,
how rounds ended, the game's events); :func:`sweep_tables` does the same for a sweep. The command
line prints them with Rich; :func:`html_page` writes them with the figure into one self-contained
HTML file (the PNG inline). Seats are counted from 1 and cards named in words.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import get_game
from .lab import bot_words, event_label, offset_label, seat_label


@dataclass
class TextTable:
    """A table as text: title, column headers, rows of cells, notes under it."""

    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def ci(interval: Sequence[float], digits: int = 3) -> str:
    """``[lo, hi]`` as ``lo – hi``."""
    return f"{interval[0]:.{digits}f} – {interval[1]:.{digits}f}"


def signed_ci(interval: Sequence[float], digits: int = 3) -> str:
    """``[lo, hi]`` with signs: ``-0.020 … +0.031``."""
    return f"{interval[0]:+.{digits}f} … {interval[1]:+.{digits}f}"


def _score_row(who: str, block: dict[str, Any]) -> list[str]:
    score = block["score"]
    return [who, str(block["games"]), f"{block['win_rate']:.3f}", ci(block["ci95"]), f"{score['mean']:.2f}",
            f"{score['sd']:.2f}", ci(score["ci95"], 2), f"{score['min']} – {score['max']}"]


def p_value(p: float) -> str:
    """A p-value as read: ``p = 0.042``, or ``p < 0.001``."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _p_text(test: dict[str, Any]) -> str:
    return f"χ² = {test['statistic']:.2f}, {test['df']} degrees of freedom, {p_value(test['p'])}"


def balance_tables(summary: dict[str, Any]) -> list[TextTable]:
    """The tables of a simulation/tournament document (:class:`~.stats.Summary` fields)."""
    game = get_game(summary["game"])
    direction = "lower" if summary["score_direction"] == "lower" else "higher"
    headers = ["who", "games", "win rate", "95% CI", "mean total", "sd", "mean's 95% CI", "range"]
    scores = TextTable(f"Match totals ({direction} is better) and wins", headers)
    bots = sorted(summary["bots"].items(), key=lambda kv: -kv[1].get("elo", kv[1]["win_rate"]))
    for spec, block in bots:
        scores.rows.append(_score_row(bot_words(spec), block))
    for block in summary["seats"]:
        scores.rows.append(_score_row(seat_label(block["seat"]), block))
    seat_test = summary["seat_positions"]["chi_square"]
    scores.notes.append(f"Wins across all seats against equal shares: {_p_text(seat_test)}"
                        + (" — the seats differ." if seat_test["p"] < 0.05 else " — no difference shown."))
    fm = summary["first_mover"]
    first = TextTable("The round's first mover and the places after it",
                      ["place", "round win share", "95% CI", "mean round score", "95% CI of the mean",
                       "match win share (round 1's order)", "95% CI"])
    for block in fm["by_offset"]:
        rs, match = block["round_score"], block["match"]
        first.rows.append([offset_label(block["offset"]), f"{block['win_rate']:.3f}", ci(block["ci95"]),
                           f"{rs['mean']:.2f}", ci(rs["ci95"], 2), f"{match['win_rate']:.3f}", ci(match["ci95"])])
    first.notes.append(f"The first mover won {fm['round_win_rate']:.3f} of {fm['rounds']} rounds (95% CI "
                       f"{ci(fm['ci95'])}) against a fair share of {fm['fair_share']:.3f}: "
                       f"{fm['advantage']:+.3f}; round 1's first mover won {fm['match_win_rate']:.3f} of "
                       f"{fm['matches']} matches (95% CI {ci(fm['match_ci95'])}).")
    first.notes.append(f"Rounds won by place: {_p_text(fm['chi_square_rounds'])}; matches won by place: "
                       f"{_p_text(fm['chi_square_matches'])}.")
    rounds = summary["rounds"]
    length = TextTable("Round and match length", ["figure", "mean", "sd", "95% CI of the mean", "10% / 50% / 90%",
                                                   "range"])
    for name, block in (("rounds per match", rounds["per_match"]), ("decisions per round", rounds["decisions"]),
                        ("winner's lead over the runner-up (points)", rounds["margin"])):
        length.rows.append([name, f"{block['mean']:.2f}", f"{block['sd']:.2f}", ci(block["ci95"], 2),
                            f"{block['p10']} / {block['p50']} / {block['p90']}", f"{block['min']} – {block['max']}"])
    tables = [scores, first, length]
    if rounds["ended"] or rounds["events"]:
        events = TextTable("How rounds ended and the game's events", ["what", "rounds", "share of rounds", "95% CI",
                                                                      "per round (mean)", "95% CI of the mean"])
        for label, block in rounds["ended"].items():
            events.rows.append([f"ended: {event_label(game, label)}", str(block["count"]), f"{block['share']:.3f}",
                                ci(block["ci95"]), "", ""])
        for code, block in rounds["events"].items():
            per = block["per_round"]
            events.rows.append([event_label(game, code), str(block["rounds_with"]), f"{block['share']:.3f}",
                                ci(block["ci95"]), f"{per['mean']:.3f}", ci(per["ci95"])])
        events.notes.append(f"{rounds['count']} rounds in all.")
        tables.append(events)
    return tables


def sweep_tables(sweep: dict[str, Any]) -> list[TextTable]:
    """One table, a row per figure and value: the estimate and its difference from the first value (95% CIs)."""
    labels = sweep["labels"]
    table = TextTable(f"{sweep['option'].replace('_', ' ')}: each value against {labels[0]}",
                      ["figure", "value", "estimate", "95% CI", "Δ from the first", "95% CI of Δ", ""])
    for metric in sweep["metrics"]:
        for k, entry in enumerate(metric["values"]):
            lo, hi = entry["diff_ci95"]
            differs = k > 0 and (lo > 0 or hi < 0)
            table.rows.append([metric["label"] if k == 0 else "", entry["label"], f"{entry['estimate']:.3f}",
                               ci(entry["ci95"]), f"{entry['diff']:+.3f}" if k else "",
                               signed_ci(entry["diff_ci95"]) if k else "", "differs" if differs else ""])
    direction = "lower" if sweep["score_direction"] == "lower" else "higher"
    table.notes.append(f"Estimates with 95% CIs; Δ is the difference from the first value with its 95% CI "
                       f"(\"differs\": the interval excludes 0). Match totals: {direction} is better.")
    return [table]


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 80em; }
table { border-collapse: collapse; margin: 0.5em 0 0.3em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; white-space: pre-line; }
th:first-child, td:first-child { text-align: left; }
th { background: #f2f2f2; }
p.note { margin: 0.2em 0 1.2em; color: #444; }
img { max-width: 100%; border: 1px solid #ddd; margin-top: 1em; }
"""


def html_page(title: str, lines: Sequence[str], tables: Sequence[TextTable], figure: bytes | None) -> str:
    """A self-contained HTML report: title, intro lines, the tables, the figure (PNG bytes) inline."""
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"]
    parts += [f"<p>{html.escape(line)}</p>" for line in lines]
    for table in tables:
        parts.append(f"<h2>{html.escape(table.title)}</h2><table><tr>"
                     + "".join(f"<th>{html.escape(h)}</th>" for h in table.headers) + "</tr>")
        for row in table.rows:
            parts.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>")
        parts.append("</table>")
        parts += [f'<p class="note">{html.escape(note)}</p>' for note in table.notes]
    if figure is not None:
        data = base64.b64encode(figure).decode("ascii")
        parts.append(f'<img alt="{html.escape(title)}: figures" src="data:image/png;base64,{data}">')
    parts.append("</body></html>")
    return "\n".join(parts)
