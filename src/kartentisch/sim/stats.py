"""Match statistics: win shares with Wilson 95% intervals, score spreads with 95% intervals of the
mean, round lengths and ends, the game's events, a first-mover and a seat-position analysis.

Every interval is a 95% interval: Wilson's for a share, Student's t for a mean
(``mean ± t(0.975, n-1) · sd / √n``). A chi-square test compares win shares across seats (or
across places after the first mover) with equal shares; shared wins count fractionally, so the
test is approximate when many wins are shared.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

from ..games import get_game
from .engine import MatchResult

#: Student's t 0.975 quantiles for 1 … 30 degrees of freedom (normal 1.96 beyond).
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042)


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


def t975(df: int) -> float:
    """Student's t 0.975 quantile for ``df`` ≥ 1 degrees of freedom (table to 30, then 1.96)."""
    return T975[df - 1] if df <= len(T975) else 1.96


def describe(values: Sequence[float]) -> dict[str, Any]:
    """``{"n", "mean", "sd", "ci95": [lo, hi], "min", "max", "p10", "p50", "p90"}`` of ``values``.

    ``sd`` is the sample standard deviation; the interval is the t interval of the mean (a single
    value: the value itself). Empty input gives ``n`` 0 and zeros.
    """
    n = len(values)
    if not n:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "ci95": [0.0, 0.0], "min": 0, "max": 0, "p10": 0, "p50": 0, "p90": 0}
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    half = t975(n - 1) * sd / math.sqrt(n) if n > 1 else 0.0
    ordered = sorted(values)

    def quantile(q: float) -> float:
        return ordered[min(n - 1, int(q * n))]

    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half], "min": ordered[0],
            "max": ordered[-1], "p10": quantile(0.1), "p50": quantile(0.5), "p90": quantile(0.9)}


def diff_of_means(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b.mean - a.mean`` with Welch's 95% interval, from two :func:`describe` blocks.

    Returns:
        ``{"diff", "ci95": [lo, hi]}`` (zero width if neither varies).
    """
    va = a["sd"] ** 2 / a["n"] if a["n"] else 0.0
    vb = b["sd"] ** 2 / b["n"] if b["n"] else 0.0
    se = math.sqrt(va + vb)
    if se == 0:
        return {"diff": b["mean"] - a["mean"], "ci95": [b["mean"] - a["mean"]] * 2}
    num = (va + vb) ** 2
    den = (va ** 2 / (a["n"] - 1) if a["n"] > 1 else 0.0) + (vb ** 2 / (b["n"] - 1) if b["n"] > 1 else 0.0)
    df = max(1, int(num / den)) if den else 1
    diff = b["mean"] - a["mean"]
    return {"diff": diff, "ci95": [diff - t975(df) * se, diff + t975(df) * se]}


def diff_of_shares(ka: float, na: int, kb: float, nb: int) -> dict[str, Any]:
    """``kb/nb - ka/na`` with Newcombe's 95% interval (method 10: from the two Wilson intervals)."""
    pa, pb = (ka / na if na else 0.0), (kb / nb if nb else 0.0)
    la, ua = wilson(ka, na)
    lb, ub = wilson(kb, nb)
    diff = pb - pa
    return {"diff": diff, "ci95": [diff - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2),
                                   diff + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)]}


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for a chi-square variable with ``df`` degrees of freedom (regularised upper gamma)."""
    if x <= 0:
        return 1.0
    a, y = df / 2.0, x / 2.0
    if y < a + 1:  # series for the lower function, then its complement
        term = total = 1.0 / a
        k = a
        while abs(term) > 1e-15 * abs(total):
            k += 1
            term *= y / k
            total += term
        return max(0.0, 1.0 - total * math.exp(-y + a * math.log(y) - math.lgamma(a)))
    # Lentz's continued fraction for the upper function (Numerical Recipes, gcf)
    tiny = 1e-300
    b = y + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(-y + a * math.log(y) - math.lgamma(a)))


def chi_square_equal(observed: Sequence[float]) -> dict[str, Any]:
    """Chi-square goodness of fit of ``observed`` (win shares per place) against equal shares.

    Returns:
        ``{"statistic", "df", "p"}``; ``p`` is 1 when nothing was observed or there is one place.
    """
    k, total = len(observed), sum(observed)
    if k < 2 or total <= 0:
        return {"statistic": 0.0, "df": max(0, k - 1), "p": 1.0}
    expected = total / k
    stat = sum((o - expected) ** 2 / expected for o in observed)
    return {"statistic": stat, "df": k - 1, "p": chi2_sf(stat, k - 1)}


def _share_block(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def _round_shares(scores: Sequence[int], sign: int) -> list[float]:
    """Each seat's share of a round's win: the best signed round score, ties sharing."""
    best = max(sign * x for x in scores)
    winners = [s for s, x in enumerate(scores) if sign * x == best]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(scores))]


class Summary:
    """Running figures of many matches: :meth:`add` each result, then :meth:`to_json`.

    Holds counters, one number per match and per round for the spreads and distributions, and
    (with ``records``) every match's round records for the JSON document.
    """

    def __init__(self, records: bool = True) -> None:
        self.keep_records = records
        self.matches = self.ended = self.rounds = self.decisions = 0
        self.game: str | None = None
        self.players = 0
        self.sign = 1
        self.bot_wins: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        self.seat_wins: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
        self.bot_totals: dict[str, list[int]] = defaultdict(list)
        self.seat_totals: dict[int, list[int]] = defaultdict(list)
        self.rounds_per_match: list[int] = []
        self.match_decisions: list[int] = []
        self.margins: list[int] = []
        self.round_decisions: list[int] = []
        self.round_scores: dict[int, list[int]] = defaultdict(list)
        self.ended_counts: dict[str, int] = defaultdict(int)
        self.event_totals: dict[str, int] = defaultdict(int)
        self.event_rounds: dict[str, int] = defaultdict(int)
        self.round_events: list[dict[str, int]] = []
        self.rounds_seen = 0
        self.first_round = [0.0, 0]  # first movers' round win shares, rounds with a first mover
        self.offset_round_wins: dict[int, float] = defaultdict(float)
        self.offset_round_scores: dict[int, list[int]] = defaultdict(list)
        self.offset_match_wins: dict[int, float] = defaultdict(float)
        self.first_matches = 0
        self.records: list[dict[str, Any]] = []

    def add(self, r: MatchResult) -> None:
        """Count one match."""
        if self.game is None:
            self.game, self.players = r.job.game, r.job.players
            self.sign = get_game(r.job.game).score_sign
        n = r.job.players
        self.matches += 1
        self.ended += r.ended
        self.rounds += r.rounds
        self.decisions += r.decisions
        self.rounds_per_match.append(r.rounds)
        self.match_decisions.append(r.decisions)
        if n > 1:
            ordered = sorted((self.sign * t for t in r.totals), reverse=True)
            self.margins.append(ordered[0] - ordered[1])
        for seat, spec in enumerate(r.job.bots):
            for acc in (self.bot_wins[spec], self.seat_wins[seat]):
                acc[0] += 1
                acc[1] += r.returns[seat]
            self.bot_totals[spec].append(r.totals[seat])
            self.seat_totals[seat].append(r.totals[seat])
        for rec in r.records:
            self._add_round(rec.decisions, rec.scores, rec.first_mover, rec.ended, rec.events, n)
        if r.records and r.records[0].first_mover is not None:
            first = r.records[0].first_mover
            self.first_matches += 1
            for seat in range(n):
                self.offset_match_wins[(seat - first) % n] += r.returns[seat]
        if self.keep_records:
            self.records.append({"seed": r.job.seed, "bots": list(r.job.bots), "options": r.job.options,
                                 "ended": r.ended, "winners": r.winners, "totals": r.totals, "returns": r.returns,
                                 "decisions": r.decisions, "rounds": [asdict(rec) for rec in r.records]})

    def _add_round(self, decisions: int, scores: Sequence[int], first: int | None, ended: str | None,
                   events: dict[str, int], n: int) -> None:
        self.rounds_seen += 1
        self.round_decisions.append(decisions)
        for seat, score in enumerate(scores):
            self.round_scores[seat].append(score)
        if ended is not None:
            self.ended_counts[ended] += 1
        for code, count in events.items():
            self.event_totals[code] += count
            self.event_rounds[code] += count > 0
        self.round_events.append(events)
        if first is None:
            return
        shares = _round_shares(scores, self.sign)
        self.first_round[0] += shares[first]
        self.first_round[1] += 1
        for seat in range(n):
            offset = (seat - first) % n
            self.offset_round_wins[offset] += shares[seat]
            self.offset_round_scores[offset].append(scores[seat])

    # ------------------------------------------------------------------ the document
    def _player_block(self, wins: list[float], totals: list[int]) -> dict[str, Any]:
        block = _share_block(wins[1], int(wins[0]))
        score = describe(totals)
        block.update(mean_score=score["mean"], score=score)
        return block

    def first_mover(self) -> dict[str, Any]:
        """The first-mover analysis (see :meth:`to_json`)."""
        n = self.players
        rounds = int(self.first_round[1])
        fair = 1.0 / n if n else 0.0
        by_offset = []
        for offset in range(n):
            block = _share_block(self.offset_round_wins[offset], rounds)
            block["round_score"] = describe(self.offset_round_scores[offset])
            block["match"] = _share_block(self.offset_match_wins[offset], self.first_matches)
            by_offset.append(dict(offset=offset, **block))
        first = _share_block(self.first_round[0], rounds)
        match = _share_block(self.offset_match_wins[0], self.first_matches)
        return {
            "rounds": rounds, "fair_share": fair,
            "round_win_rate": first["win_rate"], "ci95": first["ci95"],
            "advantage": first["win_rate"] - fair,
            "match_win_rate": match["win_rate"], "match_ci95": match["ci95"], "matches": self.first_matches,
            "by_offset": by_offset,
            "chi_square_rounds": chi_square_equal([self.offset_round_wins[k] for k in range(n)]),
            "chi_square_matches": chi_square_equal([self.offset_match_wins[k] for k in range(n)]),
        }

    def rounds_block(self) -> dict[str, Any]:
        """Rounds per match, the winner's lead over the runner-up (points, per match), decisions per
        round and per match (``decisions_per_match``: every seat's decisions of a whole match), round
        scores per seat, how rounds ended and the game's events."""
        total = self.rounds_seen
        ended = {}
        for label, count in sorted(self.ended_counts.items(), key=lambda kv: -kv[1]):
            lo, hi = wilson(count, total)
            ended[label] = {"count": count, "share": count / total if total else 0.0, "ci95": [lo, hi]}
        events = {}
        for code in sorted(self.event_totals, key=lambda c: -self.event_totals[c]):
            rows = [events_of.get(code, 0) for events_of in self.round_events]
            lo, hi = wilson(self.event_rounds[code], total)
            events[code] = {"total": self.event_totals[code], "per_round": describe(rows),
                            "rounds_with": self.event_rounds[code],
                            "share": self.event_rounds[code] / total if total else 0.0, "ci95": [lo, hi]}
        return {"count": total, "per_match": describe(self.rounds_per_match), "margin": describe(self.margins),
                "decisions": describe(self.round_decisions), "decisions_per_match": describe(self.match_decisions),
                "score_by_seat": [describe(self.round_scores[s]) for s in range(self.players)],
                "ended": ended, "events": events}

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-able document.

        ``{"game", "players", "matches", "ended", "mean_rounds", "mean_decisions", "score_direction",
        "bots": {spec: block}, "seats": [block with "seat"], "rounds", "first_mover", "seat_positions",
        "records"}``. A block has ``games`` (seat-games), ``wins`` (shared wins split equally),
        ``win_rate``, ``ci95`` (Wilson), ``mean_score`` and ``score`` (:func:`describe` of the match
        totals). ``rounds``: :meth:`rounds_block`. ``first_mover``: the round's first mover's share
        of round wins against the fair share, its match win rate (first mover of round 1), win
        shares by place after the first mover (``offset`` 0 = the first mover, 1 = next seat
        clockwise …) and chi-square tests across those places. ``seat_positions``: chi-square of
        match wins across all seats. ``records``: every match with its :class:`RoundRecord` list.
        """
        n = self.matches
        seats = [dict(seat=s, **self._player_block(self.seat_wins[s], self.seat_totals[s]))
                 for s in sorted(self.seat_wins)]
        doc: dict[str, Any] = {
            "game": self.game, "players": self.players,
            "matches": n,
            "ended": self.ended,
            "mean_rounds": self.rounds / n if n else 0.0,
            "mean_decisions": self.decisions / n if n else 0.0,
            "score_direction": "lower" if self.sign < 0 else "higher",
            "bots": {spec: self._player_block(acc, self.bot_totals[spec]) for spec, acc in self.bot_wins.items()},
            "seats": seats,
            "rounds": self.rounds_block(),
            "first_mover": self.first_mover(),
            "seat_positions": {"chi_square": chi_square_equal([s["wins"] for s in seats]),
                               "fair_share": 1.0 / self.players if self.players else 0.0},
        }
        if self.keep_records:
            doc["records"] = self.records
        return doc


def summarise(results: Iterable[MatchResult], records: bool = True) -> dict[str, Any]:
    """:meth:`Summary.to_json` of ``results`` (any iterable; consumed once)."""
    summary = Summary(records)
    for r in results:
        summary.add(r)
    return summary.to_json()
