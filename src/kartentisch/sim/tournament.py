"""Tournaments: bots rotated over the seats, win rates with 95% CIs, ratings, first-seat advantage.

Built on the one simulation engine (:mod:`kartentisch.sim.engine`), so a tournament and
``simulate`` with the same seed play the same matches, with either backend and any ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..bots import make_bot
from ..games import get_game
from ..kernel import KartentischError
from .engine import MatchJob, MatchResult, lineups, rotated_jobs, run_jobs
from .ratings import bradley_terry_elo, pairwise_wins
from .stats import summarise, wilson

BACKENDS = ("local", "ray")


def tournament_jobs(game: str, players: int, bots: Sequence[str], matches: int, seed: int,
                    options: dict[str, Any] | None = None) -> list[MatchJob]:
    """The tournament's matches: :func:`rotated_jobs`, checked so every bot sits at every seat equally.

    The seatings go round :func:`~.engine.lineups` (``bots`` rotated over the seats; with more bots than seats,
    every group of them in turn, so every pair meets), so ``matches`` must be a multiple of their number.

    Raises:
        KartentischError: unknown game, bad player count or options, a bad bot spec, or a
            ``matches`` count that would leave the seating unbalanced (the message names the
            nearest valid counts).
    """
    g = get_game(game)
    g.resolve_options(players, options)
    if not bots:
        raise KartentischError("tournament: give at least one bot spec")
    for spec in bots:
        make_bot(spec, g, 0, players, options)
    cycle = len(lineups(players, bots))
    if not isinstance(matches, int) or matches < 1 or matches % cycle:
        lower = max(cycle, (matches // cycle) * cycle) if isinstance(matches, int) else cycle
        raise KartentischError(f"tournament: --matches {matches!r} must be a positive multiple of {cycle} "
                               f"(the seat rotation of {len(bots)} bots at {players} seats); "
                               f"e.g. {lower} or {lower + cycle}")
    return list(rotated_jobs(game, players, list(bots), matches, seed, options))


def play_jobs(jobs: Sequence[MatchJob], workers: int = 1, backend: str = "local", address: str | None = None,
              progress: Callable[[int], None] | None = None) -> list[MatchResult]:
    """Play ``jobs`` with the chosen backend; results in job order, identical across backends.

    Args:
        jobs: the matches.
        workers: local worker processes (``local`` backend only).
        backend: ``"local"`` (processes on this machine) or ``"ray"`` (Ray tasks).
        address: Ray cluster address (``ray`` only; ``None`` starts a local Ray instance).
        progress: called with the number of matches just finished.
    Raises:
        KartentischError: unknown backend, ``address`` with the local backend, Ray missing.
    """
    if backend not in BACKENDS:
        raise KartentischError(f"--backend {backend!r}; allowed: {', '.join(BACKENDS)}")
    if backend == "local":
        if address is not None:
            raise KartentischError("--address needs --backend ray")
        if workers < 1:
            raise KartentischError(f"--jobs {workers} must be ≥ 1")
        return run_jobs(jobs, workers, progress)
    from .ray_backend import run_jobs_ray

    return run_jobs_ray(jobs, address, progress)


def first_seat_advantage(results: Sequence[MatchResult]) -> dict[str, Any]:
    """Seat 0's win share against the fair share ``1/players``, with a Wilson 95% CI.

    Returns:
        ``{"win_rate", "ci95", "fair_share", "advantage", "advantage_ci95"}``; ``advantage`` is
        ``win_rate - fair_share`` (fractions) and its CI the Wilson interval shifted alike.
    """
    if not results:
        raise KartentischError("first-seat advantage of no matches")
    n = len(results)
    wins = sum(r.returns[0] for r in results)
    lo, hi = wilson(wins, n)
    fair = 1.0 / results[0].job.players
    return {"win_rate": wins / n, "ci95": [lo, hi], "fair_share": fair, "advantage": wins / n - fair,
            "advantage_ci95": [lo - fair, hi - fair]}


def tournament_summary(results: Sequence[MatchResult], game: str, players: int, seed: int) -> dict[str, Any]:
    """The tournament figures (the ``--json`` document): the simulation document of
    :func:`~.stats.summarise` (scores with spreads, rounds, events, the first-mover and seat
    analyses, every match's round records) plus ratings and seat 0's edge.

    Returns:
        ``{"game", "players", "matches", "seed", "ended", "mean_rounds", "mean_decisions",
        "bots": {spec: {"win_rate", "ci95": [lo, hi], "mean_score", "score", "elo", "games", "wins"}},
        "seats": [{"seat", "win_rate", "ci95", "mean_score", "score", "games", "wins"}, ...],
        "first_seat": {...}, "head_to_head": {a: {b: …}} (:func:`head_to_head`), "rounds", "first_mover",
        "seat_positions", "records", …}`` — win
        rates are fractions with shared wins split equally, ``elo`` is the Bradley–Terry rating
        on the Elo scale (:mod:`.ratings`).
    """
    summary = summarise(results)
    elo = bradley_terry_elo(results)
    for spec, block in summary["bots"].items():
        block["elo"] = elo[spec]
    summary.update(game=game, players=players, seed=seed, first_seat=first_seat_advantage(results),
                   head_to_head=head_to_head(results))
    return summary


def head_to_head(results: Sequence[MatchResult]) -> dict[str, dict[str, dict[str, Any]]]:
    """Each bot against each other it met: ``{a: {b: {"win_rate", "ci95", "comparisons"}}}``, the share of their
    comparisons (:func:`~.ratings.pairwise_wins`: in a match they both played, the one with the larger win share
    wins, equal shares count half) that ``a`` won, with a Wilson 95% interval; at two seats, simply ``a``'s win
    rate in their matches. A pair that never met is absent."""
    wins = pairwise_wins(results)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for a, b in sorted({*wins, *((b, a) for a, b in wins)}):  # a pair one side never won is in wins once
        won = wins.get((a, b), 0.0)
        n = round(won + wins.get((b, a), 0.0))  # each comparison adds 1 in all
        lo, hi = wilson(won, n)
        out.setdefault(a, {})[b] = {"win_rate": won / n, "ci95": [lo, hi], "comparisons": n}
    return out
