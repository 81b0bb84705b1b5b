"""``kartentisch sweep``: one simulation per value of a game option, compared with the first value.

    kartentisch sweep chips --option 'specials=[],[s2],[s3],[s4],[s6],[s13],[s15]' --bots heuristic \\
        --matches 400 --json sweep.json --plot sweep.png --html sweep.html

Every value plays the same seeds with the same bots, so differences come from the option (and
chance); each figure (mean match total, rounds per match, decisions per round and per match, the first mover's
share of round wins, how rounds ended, the game's events, each bot's win rate) is shown with its
95% interval and its difference from the first value with the difference's 95% interval.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from kartentisch.kernel import KartentischError
from kartentisch.sim.engine import MAX_DECISIONS
from kartentisch.sim.lab import bot_words, parse_values, sweep
from kartentisch.sim.report import sweep_tables

from .common import bot_specs, note_unreproducible, options_json, progress_bar
from .tournament import check_outputs, console, print_tables, write_reports


def sweep_cmd(
    game: str,
    option: Annotated[str, typer.Option(help="NAME=V1,V2,…: the option and its values (JSON or words; "
                                             "a list as \\[a,b]), e.g. end_total=50,100,150.")],
    bots: Annotated[str, typer.Option(help="Bot specs, cycled over the seats and rotated every match.")] = "heuristic",
    players: Annotated[int, typer.Option(help="Number of seats.")] = 2,
    matches: Annotated[int, typer.Option(min=2, help="Matches per value.")] = 200,
    seed: Annotated[int, typer.Option(min=0, help="Base seed, the same for every value.")] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start Ray locally).")] = None,
    options: Annotated[str | None, typer.Option(help="Other game options as JSON (kept for every value).")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the comparison as JSON.")] = None,
    plot: Annotated[Path | None, typer.Option(help="Write the figure (e.g. sweep.png).")] = None,
    html: Annotated[Path | None, typer.Option(help="Write an HTML report with the table and the figure.")] = None,
) -> None:
    """Sweep one option of GAME: a simulation per value, each figure against the first value with 95% CIs."""
    specs = bot_specs(bots)
    note_unreproducible(specs, console)
    check_outputs(json_out, plot, html)
    try:
        name, values = parse_values(option)
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None
    base = options_json(options)
    if name in base:
        raise typer.BadParameter(f"--options sets {name!r}, which --option sweeps; leave it out of --options")
    started = time.perf_counter()
    try:
        with progress_bar() as progress:
            task = progress.add_task(f"{game} {name} ×{len(values)}", total=matches * len(values))
            doc = sweep(game, players, specs, matches, seed, name, values, base, jobs,
                        lambda k: progress.advance(task, k), backend, address)
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None
    elapsed = time.perf_counter() - started
    title = f"{game}, {players} players: {name.replace('_', ' ')} swept, {matches} matches per value, seed {seed}"
    tables = sweep_tables(doc)
    print_tables(tables)
    console.print(f"{len(values)} values × {matches} matches in {elapsed:.1f} s", markup=False)
    if json_out:
        json_out.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    from kartentisch.sim.plots import plot_sweep

    intro = (f"Each value of {name.replace('_', ' ')} played {matches} matches of {game} with the same seeds "
             f"({', '.join(bot_words(s) for s in specs)}, {players} players, other options {json.dumps(base)}).")
    write_reports(doc, title, [intro], tables, plot_sweep, plot, html)
    unended = [label for label, run in zip(doc["labels"], doc["runs"], strict=True) if run["ended"] != run["matches"]]
    if unended:
        console.print(f"matches that did not end within {MAX_DECISIONS:,} decisions (the simulation's limit) with: "
                      f"{', '.join(unended)}", markup=False, soft_wrap=True)
        raise typer.Exit(1)
