"""``kartentisch tournament``: bots rotated over the seats; win rates, ratings and the balance lab's figures.

Also the balance lab's output for ``simulate`` and ``sweep``: :func:`print_tables` prints the
lab's tables (:mod:`kartentisch.sim.report`), :func:`write_reports` writes ``--plot`` and
``--html``.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from kartentisch.kernel import KartentischError
from kartentisch.sim.lab import seat_label
from kartentisch.sim.report import TextTable, balance_tables, html_page
from kartentisch.sim.tournament import play_jobs, tournament_jobs, tournament_summary

from .common import (
    bot_specs,
    exit_if_unended,
    head_to_head_table,
    note_unreproducible,
    options_json,
    progress_bar,
    results_table,
    writable,
)

#: File formats of ``--plot`` (matplotlib's Agg, PDF, PS and SVG back ends).
PLOT_FORMATS = {"png", "pdf", "svg", "ps", "eps", "jpg", "jpeg", "webp", "tif", "tiff"}

console = Console(highlight=False)


def check_outputs(json_out: Path | None, plot: Path | None, html: Path | None) -> None:
    """Refuse unwritable ``--json``/``--plot``/``--html`` files and unknown plot formats before any work."""
    writable(json_out, "--json")
    writable(plot, "--plot")
    writable(html, "--html")
    if plot is not None and plot.suffix.lstrip(".").lower() not in PLOT_FORMATS:
        raise typer.BadParameter(f"--plot {plot}: format {plot.suffix or '(none)'!r} not supported; "
                                 f"use one of {', '.join(sorted(PLOT_FORMATS))}")
    if html is not None and html.suffix.lower() not in (".html", ".htm"):
        raise typer.BadParameter(f"--html {html}: give a file ending in .html")


def print_table(table: Table) -> None:
    """Print ``table`` (cells as plain text, never markup): on a terminal it fits its width; piped or redirected it
    gets the width it needs (Rich would cut it to 80 columns, e.g. a policy's path in the bots' column)."""
    if console.is_terminal:
        console.print(table, markup=False)
    else:  # Console.print caps a width at the console's, so the console widens for the table
        usual = console.width
        console.width = max(usual, Measurement.get(console, console.options.update_width(10_000), table).maximum)
        console.print(table, markup=False)
        console.width = usual


def print_tables(tables: Sequence[TextTable]) -> None:
    """Print the lab's tables and their notes (:func:`print_table`)."""
    for t in tables:
        table = Table(*t.headers, title=t.title, title_justify="left")
        for row in t.rows:
            table.add_row(*row)
        print_table(table)
        for note in t.notes:
            console.print(note, markup=False, soft_wrap=True)


def write_reports(doc: dict[str, Any], title: str, lines: Sequence[str], tables: Sequence[TextTable],
                  figure: Callable[[dict[str, Any], Any, str], None], plot: Path | None, html: Path | None) -> None:
    """Write ``--plot`` (the figure ``figure(doc, path, title)`` draws) and ``--html`` (tables and figure)."""
    try:
        if plot is not None:
            figure(doc, plot, title)
        if html is not None:
            png = io.BytesIO()
            try:
                figure(doc, png, title)
                picture: bytes | None = png.getvalue()
            except KartentischError as exc:  # no matplotlib: the report keeps its tables
                console.print(f"--html without the figure: {exc}", markup=False)
                picture = None
            html.write_text(html_page(title, lines, tables, picture), encoding="utf-8")
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None


def tournament_cmd(
    game: str,
    players: Annotated[int, typer.Option(help="Number of seats.")] = 2,
    bots: Annotated[str, typer.Option(help="Comma-separated bot specs, e.g. 'ismcts:iterations=1000,c=0.7,heuristic' "
                                           "(key=value items belong to the spec before them).")] = "ismcts,heuristic",
    matches: Annotated[int, typer.Option(help="Number of matches (a multiple of max(players, bots)).")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Base seed; every match and bot seed derives from it.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start Ray locally).")] = None,
    options: Annotated[str | None, typer.Option(help="Game options as JSON.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures and every round as JSON.")] = None,
    plot: Annotated[Path | None, typer.Option(help="Write the figure (e.g. results.png).")] = None,
    html: Annotated[Path | None, typer.Option(help="Write an HTML report with the tables and the figure.")] = None,
) -> None:
    """Play a tournament of GAME with seats rotated: win rates (95% CI), Elo, scores with spreads,
    the first mover's and every seat's share of the wins (chi-square), round lengths and events.

    Exits 1 if a match did not end.
    """
    specs = bot_specs(bots)
    note_unreproducible(specs, console)
    check_outputs(json_out, plot, html)
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
    summary["options"] = opts
    title = f"{game}, {players} players, {matches} matches, seed {seed}"
    print_table(results_table(summary, title, elo=True))
    fs = summary["first_seat"]
    console.print(f"first-seat advantage: {seat_label(0)} wins {fs['win_rate']:.3f} "
                  f"(95% CI {fs['ci95'][0]:.3f} – {fs['ci95'][1]:.3f}) vs fair share {fs['fair_share']:.3f}: "
                  f"{fs['advantage']:+.3f} ({fs['advantage_ci95'][0]:+.3f} … {fs['advantage_ci95'][1]:+.3f})",
                  markup=False, soft_wrap=True)
    if len(summary["bots"]) > 2:  # who beat whom: the ratings above mix opponents
        print_table(head_to_head_table(summary))
    tables = balance_tables(summary)
    print_tables(tables)
    console.print(f"ended {summary['ended']}/{summary['matches']}; mean rounds {summary['mean_rounds']:.2f}; "
                  f"{elapsed:.1f} s ({backend}, jobs {jobs})", markup=False, soft_wrap=True)
    if json_out:
        json_out.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    from kartentisch.sim.lab import bot_words
    from kartentisch.sim.plots import plot_summary

    intro = f"Tournament of {game}: {', '.join(bot_words(s) for s in specs)}, options {json.dumps(opts)}."
    write_reports(summary, title, [intro], tables, plot_summary, plot, html)
    exit_if_unended(summary, console)
