"""Helpers shared by the CLI's command modules (``app``, ``tournament``, ``scorepad``).

Kept apart from :mod:`kartentisch.cli.app` so that every command module can import them without
importing ``app``, which registers those modules' commands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..kernel import KartentischError, Match
from ..sim.engine import MAX_DECISIONS
from ..sim.lab import unreproducible


def bot_specs(raw: str) -> list[str]:
    """The bot specs of ``--bots`` (at least one): a comma starts a new spec unless its item is ``key=value``.

    ``ismcts:iterations=1000,c=0.7,heuristic`` gives ``["ismcts:iterations=1000,c=0.7", "heuristic"]``.
    """
    specs: list[str] = []
    for item in (part.strip() for part in raw.split(",")):
        if "=" in item and ":" not in item and specs:
            specs[-1] += "," + item
        elif item:
            specs.append(item)
    if not specs:
        raise typer.BadParameter("--bots needs at least one bot spec, e.g. heuristic or random,ismcts")
    return specs


def writable(path: Path | None, option: str) -> Path | None:
    """Check before a long run that ``path`` can be written, so no result is lost at the end.

    The file is opened for appending (nothing is written; a file this check created is removed).

    Raises:
        typer.BadParameter: a folder, a missing folder, or a file that cannot be opened for writing.
    """
    if path is None:
        return None
    if path.is_dir():
        raise typer.BadParameter(f"{option} {path}: is a folder; give a file name")
    if not path.parent.is_dir():
        raise typer.BadParameter(f"{option} {path}: folder {path.parent} does not exist")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise typer.BadParameter(f"{option} {path}: cannot be written ({exc.strerror})") from None
    if not existed:
        path.unlink()
    return path


def options_json(raw: str | None) -> dict[str, Any]:
    """The game options of ``--options`` (a JSON object; none given: ``{}``), or BadParameter."""
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError as exc:
        raise typer.BadParameter(f"--options must be a JSON object: {exc}") from None
    except RecursionError:
        raise typer.BadParameter("--options must be a JSON object: it is nested too deeply") from None
    if not isinstance(value, dict):
        raise typer.BadParameter("--options must be a JSON object of option names and values, '{\"name\": value, "
                                 "…}'; `kartentisch games` lists each game's options")
    return value


def load_replay(path: Path, seat: int | None, console: Console) -> Match:
    """The match of replay file ``path`` for a command's ``--seat`` (counted from 1, or ``None``).

    Raises:
        typer.Exit(1): the file cannot be read or is no valid replay (the reason printed in red on ``console``).
        typer.BadParameter: ``seat`` is not a seat of that match.
    """
    try:
        match = Match.load(path)
    except OSError as exc:  # said with the file's name, not as Python's "[Errno 2] …"
        console.print(f"{path}: cannot read this replay file ({exc.strerror or exc})", style="red", markup=False,
                      soft_wrap=True)
        raise typer.Exit(1) from None
    except KartentischError as exc:
        console.print(str(exc), style="red", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    if seat is not None and not 1 <= seat <= match.players:
        raise typer.BadParameter(f"--seat {seat}: this match has seats 1 … {match.players}")
    return match


def progress_bar() -> Progress:
    """A transient progress bar on standard error (standard output stays for results)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)


def note_unreproducible(specs: list[str], console: Console) -> None:
    """Say when a bot's moves depend on the machine's speed (:func:`kartentisch.sim.lab.unreproducible`): the same
    ``--seed`` then need not give the same results (a designer's two equal runs won 0.600 and 0.900)."""
    for spec in unreproducible(specs):
        console.print(f"note: {spec} searches for a time, not a number of iterations: its moves depend on this "
                      "machine's speed and load, so the same --seed need not give the same results; give "
                      "iterations=N to repeat a run", markup=False, soft_wrap=True)


def exit_if_unended(summary: dict[str, Any], console: Console) -> None:
    """Say how many matches stopped at the simulation's limit (:data:`~kartentisch.sim.engine.MAX_DECISIONS`) before
    they ended, and exit 1; nothing when all ended (a designer's 20-digit target printed "ended 0/2" and figures
    of matches that had no result, the limit unnamed)."""
    stopped = summary["matches"] - summary["ended"]
    if stopped:
        console.print(f"{stopped} of {summary['matches']} matches did not end within {MAX_DECISIONS:,} decisions "
                      "(the simulation's limit): they have no winner, and the figures above count them as they "
                      "stood; a smaller target or fewer rounds ends them", markup=False, soft_wrap=True)
        raise typer.Exit(1)


def head_to_head_table(summary: dict[str, Any]) -> Table:
    """The tournament's ``head_to_head`` (:func:`kartentisch.sim.tournament.head_to_head`): the row bot's share of
    its comparisons with the column bot, and their number; bots by rating, best first."""
    bots = sorted(summary["bots"], key=lambda spec: -summary["bots"][spec]["elo"])
    table = Table("row against column", *bots,
                  title="Head to head: the row's share of the matches against the column, a tie (or both losing) "
                        "half (comparisons)")
    pairs = summary["head_to_head"]
    for a in bots:
        cells = [f"{pairs[a][b]['win_rate']:.3f} ({pairs[a][b]['comparisons']})" if b in pairs.get(a, {}) else "—"
                 for b in bots]
        table.add_row(a, *cells)
    return table


def results_table(summary: dict[str, Any], title: str, elo: bool = False) -> Table:
    """Per-bot rows (best first when ``elo``) and per-seat rows: win rate, 95% CI, mean score (and Elo)."""
    table = Table("who", "games", "win rate", "95% CI", "mean score", *(["Elo (BT)"] if elo else []), title=title)

    def row(who: str, b: dict[str, Any], *extra: str) -> None:
        table.add_row(who, str(b["games"]), f"{b['win_rate']:.3f}", f"{b['ci95'][0]:.3f} – {b['ci95'][1]:.3f}",
                      f"{b['mean_score']:.2f}", *extra)

    bots = sorted(summary["bots"].items(), key=lambda kv: -kv[1]["elo"]) if elo else summary["bots"].items()
    for spec, b in bots:
        row(spec, b, *([f"{b['elo']:.0f}"] if elo else []))
    for s in summary["seats"]:
        row(f"Seat {s['seat'] + 1}", s, *([""] if elo else []))  # counted from 1, as the other tables
    return table
