"""``kartentisch tournament``: bots rotated over the seats; win rates, ratings, first-seat advantage."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from kartentisch.kernel import KartentischError
from kartentisch.sim.tournament import play_jobs, tournament_jobs, tournament_summary

from .common import bot_specs, options_json, progress_bar, results_table, writable

#: File formats of ``--plot`` (matplotlib's Agg, PDF, PS and SVG back ends).
PLOT_FORMATS = {"png", "pdf", "svg", "ps", "eps", "jpg", "jpeg", "webp", "tif", "tiff"}

console = Console(highlight=False)


def tournament_cmd(
    game: str,
    players: Annotated[int, typer.Option(help="Number of seats.")] = 2,
    bots: Annotated[str, typer.Option(help="Comma-separated bot specs, e.g. 'ismcts:iterations=1000,c=0.7,heuristic' "
                                           "(key=value items belong to the spec before them).")] = "ismcts,heuristic",
    matches: Annotated[int, typer.Option(help="Number of matches (a multiple of max(players, bots)).")] = 100,
    seed: Annotated[int, typer.Option(help="Base seed; every match and bot seed derives from it.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start Ray locally).")] = None,
    options: Annotated[str | None, typer.Option(help="Game options as JSON.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures as JSON to this file.")] = None,
    plot: Annotated[Path | None, typer.Option(help="Write a matplotlib figure (e.g. results.png).")] = None,
) -> None:
    """Play a tournament of GAME with seats rotated; print win rates (95% CI), mean scores, Elo, seat 0 edge.

    Exits 1 if a match did not end.
    """
    specs = bot_specs(bots)
    writable(json_out, "--json")
    writable(plot, "--plot")
    if plot is not None and plot.suffix.lstrip(".").lower() not in PLOT_FORMATS:
        raise typer.BadParameter(f"--plot {plot}: format {plot.suffix or '(none)'!r} not supported; "
                                 f"use one of {', '.join(sorted(PLOT_FORMATS))}")
    opts = options_json(options)
    try:
        jobs_list = tournament_jobs(game, players, specs, matches, seed, opts)
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None
    started = time.perf_counter()
    try:
        with progress_bar() as progress:
            task = progress.add_task(f"{game} ×{matches}", total=matches)
            results = play_jobs(jobs_list, jobs, backend, address, lambda k: progress.advance(task, k))
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None
    elapsed = time.perf_counter() - started
    summary = tournament_summary(results, game, players, seed)
    title = f"{game}, {players} players, {matches} matches, seed {seed}"
    console.print(results_table(summary, title, elo=True))
    fs = summary["first_seat"]
    console.print(f"first-seat advantage: seat 0 wins {fs['win_rate']:.3f} "
                  f"(95% CI {fs['ci95'][0]:.3f} – {fs['ci95'][1]:.3f}) vs fair share {fs['fair_share']:.3f}: "
                  f"{fs['advantage']:+.3f} ({fs['advantage_ci95'][0]:+.3f} … {fs['advantage_ci95'][1]:+.3f})")
    console.print(f"ended {summary['ended']}/{summary['matches']}; mean rounds {summary['mean_rounds']:.2f}; "
                  f"{elapsed:.1f} s ({backend}, jobs {jobs})")
    if json_out:
        json_out.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    if plot:
        from kartentisch.sim.plots import plot_tournament

        try:
            plot_tournament(results, summary, plot)
        except KartentischError as exc:
            raise typer.BadParameter(str(exc)) from None
    if summary["ended"] != summary["matches"]:
        raise typer.Exit(1)
