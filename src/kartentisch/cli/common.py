"""Helpers shared by the CLI's command modules (``app``, ``tournament``, ``scorepad``).

Kept apart from :mod:`kartentisch.cli.app` so that every command module can import them without
importing ``app``, which registers those modules' commands.
"""

from __future__ import annotations

import errno
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .. import games
from ..bots import SavedSeats, SeatsUnread, header_seats, read_seats
from ..kernel import LANGS, InvalidReplay, KartentischError, Match
from ..kernel.game import Game
from ..kernel.replay_words import replay_refused, seats_unread
from ..sim.engine import MAX_DECISIONS
from ..sim.lab import unreproducible
from .i18n import program, t


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


def refuse(text: str) -> NoReturn:
    """End the command with ``text`` (the players' words, in the terminal's language) in red on stderr, exit
    status 2 as Typer's own refusals of a bad parameter."""
    Console(stderr=True, highlight=False).print(escape(text), style="red")
    raise typer.Exit(2)


#: Click's exceptions as Typer raises them: Click's own module, or the copy of Click that Typer carries since 0.2x.
CLICK_ERRORS: Any = sys.modules[typer.BadParameter.__module__]


def asked_lang(args: Sequence[str]) -> str:
    """The language a command line ``args`` asks for (``--lang de`` or ``--lang=de``, the last one given) if it is
    one of :data:`~kartentisch.kernel.LANGS`; else English, as the commands' own default."""
    asked = "en"
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
    return asked if asked in LANGS else "en"


def usage_refused(exc: Exception, lang: str) -> str:
    """Click's refusal ``exc`` (a ``UsageError``) of a command line in ``lang``: the usage line, what was wrong (an
    unknown option or command, a missing argument or value, words left over) and where the help is. Click words
    these in English only; anything else it refuses is passed on in its words."""
    ctx = exc.ctx  # type: ignore[attr-defined]  # every UsageError has one (None before a command is known)
    words: list[str] = []
    inner = ctx
    while inner is not None and inner.parent is not None:  # the commands' names, not the program's as Click saw it
        words.insert(0, inner.info_name)
        inner = inner.parent
    command = " ".join([program(), *words])
    message: str = exc.message  # type: ignore[attr-defined]
    errors = CLICK_ERRORS
    if isinstance(exc, errors.MissingParameter) and exc.param is not None:
        param = exc.param
        name = param.opts[0] if param.param_type_name == "option" else " ".join(param.get_usage_pieces(ctx))
        said = t(lang, "usage_missing", command=command, name=name)
    elif isinstance(exc, errors.NoSuchOption):
        said = t(lang, "usage_no_option", command=command, option=exc.option_name) + (
            t(lang, "usage_like", options=", ".join(exc.possibilities)) if exc.possibilities else "")
    elif isinstance(exc, errors.BadOptionUsage):
        said = t(lang, "usage_no_value" if "does not take" in message else "usage_needs_value",
                 option=exc.option_name)
    elif extra := re.fullmatch(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", message):
        said = t(lang, "usage_extra", command=command, args=extra[1])
    elif ctx and (unknown := re.fullmatch(r"No such command '(.*)'\.", message)):
        said = t(lang, "usage_no_command", name=unknown[1], commands=", ".join(ctx.command.list_commands(ctx)))
    else:
        said = t(lang, "usage_other", message=exc.format_message())  # type: ignore[attr-defined]
    usage = f"{t(lang, 'usage')} {command} {' '.join(ctx.command.collect_usage_pieces(ctx))}" if ctx else ""
    return "\n".join(filter(None, [usage, said, t(lang, "usage_help", command=command)]))


def known_game(game_id: str, lang: str = "en") -> Game:
    """The installed game ``game_id``; an unknown one is refused in ``lang`` (:func:`refuse`) with the games
    there are."""
    try:
        return games.get_game(game_id)
    except KartentischError:
        refuse(t(lang, "unknown_game", game=game_id, games=", ".join(g.id for g in games.all_games())))


#: The largest whole number an option takes (a seed is 64 bits; any other option's range is narrower).
LARGEST = 2**64 - 1


def whole_number(text: str, what: str, lang: str, low: int | None = None) -> int:
    """``text`` (an option's value) as a whole number from ``low`` to :data:`LARGEST`; else the command ends with
    ``what`` (``"players"``, ``"seat"``, ``"seed"``, ``"iterations"``: the option's name in words) refused in the
    terminal's language (:func:`refuse`), where Typer's own check would say it in English. A long text is shown
    cut short."""
    plain = text.strip()
    shown = plain if len(plain) <= 30 else plain[:30] + "…"
    if not re.fullmatch(r"-?[0-9]+", plain):
        refuse(t(lang, "not_a_number", what=t(lang, f"option_{what}"), text=shown))
    if len(plain.lstrip("-")) > len(str(LARGEST)) or abs(int(plain)) > LARGEST:  # no int() of 5,000 digits
        refuse(t(lang, "too_large", what=t(lang, f"option_{what}"), text=shown, high=LARGEST))
    if low is not None and int(plain) < low:
        refuse(t(lang, "too_small", what=t(lang, f"option_{what}"), text=shown, low=low))
    return int(plain)


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


def load_replay(path: Path, seat: int | None, console: Console, lang: str = "en") -> Match:
    """The match of replay file ``path`` for a command's ``--seat`` (counted from 1, or ``None``); a file that
    cannot be read or replayed, or a seat not at its table, is said in ``lang`` in the players' words
    (:func:`replay_refused`: which line, what was expected there, a refused move with its rule in words).

    Raises:
        typer.Exit(1): the file cannot be read or is no valid replay (the reason printed in red on ``console``).
        typer.Exit(2): ``seat`` is not a seat of that match (as Typer's refusal of a bad option).
    """
    def refuse(text: str, code: int) -> NoReturn:
        # in a terminal wrapped at word boundaries (the terminal itself breaks words), piped as one line
        console.print(text, style="red", markup=False, soft_wrap=not console.is_terminal)
        raise typer.Exit(code)

    try:
        match = Match.load(path)
    except OSError as exc:  # said with the file's name, not as Python's "[Errno 2] …"
        refuse(unreadable(path, exc, lang), 1)
    except InvalidReplay as exc:
        refuse(replay_refused(exc, str(path), lang), 1)
    if seat is not None and not 1 <= seat <= match.players:
        refuse(t(lang, "replay_no_seat", seat=seat, n=match.players), 2)
    return match


def unreadable(path: Path, exc: OSError, lang: str) -> str:
    """Why the file ``path`` cannot be opened, in ``lang``: no such file, no permission, a folder, else the
    system's reason."""
    why = {errno.ENOENT: "replay_no_file", errno.EACCES: "replay_no_access", errno.EPERM: "replay_no_access",
           errno.EISDIR: "replay_folder"}.get(exc.errno or 0)
    return t(lang, "replay_unreadable", path=str(path), why=t(lang, why) if why else (exc.strerror or str(exc)))


def saved_seats(path: Path, match: Match, lang: str) -> tuple[SavedSeats | None, str]:
    """Who sat where in the match of replay file ``path``, from its header's optional ``seats`` as ``play`` writes it
    (:func:`~kartentisch.bots.read_seats`), and ``""``; or ``None`` and, for a header whose ``seats`` are not in
    that shape (a hand edit: not a list, another number of seats, an unknown key, an unknown bot), why they are
    ignored in ``lang`` (``""`` when the file holds none). The seats change no move, so the match loads either
    way, as every reader of the format takes only the header keys it can use; the caller says the reason
    (:func:`seats_ignored`) rather than ignore them silently."""
    try:
        seats = header_seats(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # read once already by the match's reader: gone or changed since, then no seats
        seats = None
    if seats is None:
        return None, ""
    try:
        return read_seats(seats, match.players), ""
    except SeatsUnread as exc:
        return None, seats_unread(exc.key, exc.values, lang)


def seats_ignored(path: Path, why: str, then: str, lang: str) -> None:
    """Say on standard error in ``lang`` that the saved seats of ``path`` are ignored, ``why``
    (:func:`saved_seats`), and what follows (``then``, a text key: the seats as given now, or by number)."""
    Console(stderr=True, highlight=False).print(t(lang, "seats_ignored", path=str(path), why=why) + " " + t(lang, then),
                                                style="yellow", markup=False, soft_wrap=True)


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
