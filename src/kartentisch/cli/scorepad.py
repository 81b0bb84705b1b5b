"""``kartentisch scorepad GAME --players "Ana,Ben,Cem"``: a terminal score sheet for real cards.

Round by round it asks each player for what the game's entry form needs (the same forms as the
web score pad, each game's ``scorepad`` part) and shows the sheet: round scores, totals (``*``
marks each round's dealer), who deals next, the end and the winners, all by the game's own rules.
Commands at the prompt: Enter (next round), ``c N`` (correct round N), ``d`` (delete the last
round), ``help``, ``q`` (quit). Players are typed and shown by name or 1-based number.

Every field is checked as it is typed, alone and with the fields before it
(:meth:`Ruleset.check_partial`); a refused field is asked again with the reason. Checks that
need the whole round (:meth:`Ruleset.check`) run after its last field; a refused round is asked
again with the typed values as defaults. Inside a round ``help`` explains the fields,
``cancel`` drops the round and ``q`` quits. ``--file`` keeps the pad as JSON (resumed when it
exists, rewritten after every change)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..kernel.errors import KartentischError
from ..kernel.words import number
from ..scorepad import EntryError, Field, Sheet, check_names, compute, get_ruleset
from ..scorepad.core import Entry
from .common import known_game, writable
from .i18n import command

console = Console(highlight=False)

#: The pad's words; ``{round}``/``{Round}`` and ``{Match}`` stand for what the game's players call a round and the
#: match (:func:`texts`: ``Ruleset.round_word``/``match_word``; chips says "Partie" and "Spiel", chips D1).
TEXTS = {
    "en": {"round": "{Round}", "total": "Total", "deals": "{Round} {n}: {name} deals.",
           "over": "{Match} over. Winners: {w}",
           "prompt": "Enter = next {round}, c N = correct {round} N, d = delete last {round}, help, q = quit",
           "help": "Commands: Enter = enter the next {round}; c N = correct {round} N (Enter keeps a value); "
                   "d = delete the last {round}; help = this list; q = quit{saved}.",
           "help_file": " (the pad is saved after every change)",
           "enter": "{Round} {n}", "round_hint": "help explains the fields, cancel drops this {round}, q quits",
           "correct_hint": "help explains the fields, cancel keeps this {round} as it was, q quits",
           "count": "a whole number {lo} … {hi}", "count_open": "a whole number ≥ {lo}",
           "values": "values {lo} … {hi} separated by spaces, at most {k}, empty for none",
           "values_open": "values ≥ {lo} separated by spaces, empty for none",
           "bool": "y/n, empty for n", "seat": "a player's name or number: {players}",
           "multi": "choose {k} of {c}, separated by spaces",
           "fields_round": "Asked once for the {round}:", "fields_player": "Asked for every player ({names}):",
           "fields_end": "Enter keeps the value shown in [brackets], - empties a list (empty fields count as "
                         "0 / none / n). "
                         "{cancel}, q quits{saved}.",
           "cancel_new": "cancel drops this {round}", "cancel_correction": "cancel keeps this {round} as it was",
           "help_nofile": " (nothing is kept: the pad was started without --file)",
           "no_file": "Without --file nothing is kept when the pad closes.",
           "aborted": "Stopped; nothing is kept (start with --file to keep the pad).",
           "aborted_file": "Stopped; what is recorded is saved in {path}.",
           "not_player": "{text} is not a player; type a name or a number 1 … {n}",
           "not_number": "{text!r} is not understood; type {hint}",
           "impossible": "Not possible: {why}", "recheck": "Check the {round}: Enter keeps a value, type to change it.",
           "cancelled": "{Round} {n} not recorded (cancelled).", "quit": "{Round} {n} not recorded.",
           "uncorrected": "Correction cancelled; {round} {n} unchanged.",
           "quit_correction": "Correction not made; {round} {n} unchanged.",
           "refused": "Not recorded", "saved": "Saved to {path}", "bad": "Not understood: {text} (help lists the "
           "commands)", "none": "No {round} recorded yet.", "no_round": "There is no {round} {n} (recorded: 1 … {k}).",
           "legend": "* = dealer of that {round}"},
    "de": {"round": "{Round}", "total": "Summe", "deals": "{Round} {n}: {name} gibt.",
           "over": "{Match} beendet. Sieger: {w}",
           "prompt": "Enter = nächste {round}, c N = {round} N korrigieren, d = letzte {round} löschen, hilfe, "
                     "q = Ende",
           "help": "Befehle: Enter = nächste {round} eingeben; c N = {round} N korrigieren (Enter behält einen "
                   "Wert); d = letzte {round} löschen; hilfe = diese Liste; q = beenden{saved}.",
           "help_file": " (der Block wird nach jeder Änderung gespeichert)",
           "enter": "{Round} {n}",
           "round_hint": "hilfe erklärt die Felder, abbrechen verwirft diese {round}, q beendet",
           "correct_hint": "hilfe erklärt die Felder, abbrechen lässt diese {round}, wie sie war, q beendet",
           "count": "eine ganze Zahl {lo} … {hi}", "count_open": "eine ganze Zahl ≥ {lo}",
           "values": "Werte {lo} … {hi} mit Leerzeichen getrennt, höchstens {k}, leer für keine",
           "values_open": "Werte ≥ {lo} mit Leerzeichen getrennt, leer für keine",
           "bool": "j/n, leer für n", "seat": "Name oder Nummer: {players}",
           "multi": "wähle {k} aus {c}, mit Leerzeichen getrennt",
           "fields_round": "Einmal je {round} gefragt:", "fields_player": "Für jeden Spieler gefragt ({names}):",
           "fields_end": "Enter behält den Wert in [Klammern], - leert eine Liste (leere Felder zählen als "
                         "0 / keine / n). "
                         "{cancel}, q beendet{saved}.",
           "cancel_new": "abbrechen verwirft diese {round}",
           "cancel_correction": "abbrechen lässt diese {round}, wie sie war",
           "help_nofile": " (nichts wird aufbewahrt: der Block wurde ohne --file gestartet)",
           "no_file": "Ohne --file wird nichts aufbewahrt, wenn der Block endet.",
           "aborted": "Abgebrochen; nichts wird aufbewahrt (mit --file bleibt der Block erhalten).",
           "aborted_file": "Abgebrochen; das Eingetragene ist in {path} gespeichert.",
           "not_player": "{text} ist kein Spieler; gib einen Namen oder eine Nummer 1 … {n} ein",
           "not_number": "{text!r} nicht verstanden; erwartet: {hint}",
           "impossible": "Nicht möglich: {why}",
           "recheck": "{Round} prüfen: Enter behält einen Wert, Eingabe ändert ihn.",
           "cancelled": "{Round} {n} nicht eingetragen (abgebrochen).", "quit": "{Round} {n} nicht eingetragen.",
           "uncorrected": "Korrektur abgebrochen; {round} {n} bleibt unverändert.",
           "quit_correction": "Nicht korrigiert; {round} {n} bleibt unverändert.",
           "refused": "Nicht eingetragen", "saved": "Gespeichert in {path}",
           "bad": "Nicht verstanden: {text} (hilfe zeigt die Befehle)", "none": "Noch keine {round} eingetragen.",
           "no_round": "Es gibt keine {round} {n} (eingetragen: 1 … {k}).", "legend": "* = Geber dieser {round}"},
}


@cache
def texts(game_id: str, lang: str) -> dict[str, str]:
    """:data:`TEXTS` in ``lang`` for ``game_id``'s pad: its players' words for a round and the match filled in
    (``Ruleset.round_word``/``match_word``), the other ``{…}`` left for the caller's ``format``."""
    ruleset = get_ruleset(game_id)
    word, match = ruleset.round_word[lang], ruleset.match_word[lang]
    fill = {"{round}": word, "{Round}": word[:1].upper() + word[1:], "{Match}": match[:1].upper() + match[1:]}
    return {key: re.sub(r"\{(round|Round|Match)\}", lambda m: fill[m.group(0)], text)
            for key, text in TEXTS[lang].items()}


class _Cancelled(Exception):
    """``cancel`` typed inside a round: the round being typed is dropped."""


class _Quit(Exception):
    """``q`` typed inside a round: the round being typed is dropped and the pad closes."""


class _Refused(ValueError):
    """A typed answer that cannot be a field's value; the message (in the pad's language) says why."""


def render_sheet(sheet: Sheet, lang: str) -> Table:
    """The sheet as a Rich table: one row per round (``*`` marks its dealer), then the totals."""
    tx = texts(sheet.game, lang)
    table = Table(tx["round"], *sheet.names)
    for r in sheet.rounds:
        table.add_row(str(r.number), *[f"{number(v)}{' *' if s == r.dealer else ''}" for s, v in enumerate(r.scores)])
    table.add_row(tx["total"], *[f"[bold]{number(v)}[/bold]" for v in sheet.totals], end_section=True)
    return table


def status_line(sheet: Sheet, lang: str) -> str:
    """What the ``*`` on the sheet means (once a round is recorded), then who deals the next round
    or, once the match is over, the winners."""
    tx = texts(sheet.game, lang)
    legend = f"{tx['legend']}\n" if sheet.rounds else ""
    if sheet.over:
        return legend + tx["over"].format(w=", ".join(sheet.names[s] for s in sheet.winners))
    return legend + tx["deals"].format(n=sheet.next_round, name=sheet.names[sheet.dealer or 0])


def describe_field(field: Field, names: list[str], lang: str) -> str:
    """What to type for ``field``: its kind and bounds in ``lang``; players by 1-based number."""
    tx = TEXTS[lang]
    if field.kind == "count":
        return tx["count"].format(lo=field.minimum, hi=field.maximum) if field.maximum is not None else \
            tx["count_open"].format(lo=field.minimum)
    if field.kind == "values":
        return tx["values"].format(lo=field.minimum, hi=field.maximum, k=field.max_items) \
            if field.maximum is not None and field.max_items is not None else tx["values_open"].format(lo=field.minimum)
    if field.kind == "bool":
        return tx["bool"]
    if field.kind == "seat":
        return tx["seat"].format(players=", ".join(f"{i} {name}" for i, name in enumerate(names, start=1)))
    return tx["multi"].format(k=field.max_items, c=" ".join(field.choices))


def fields_help(sheet: Sheet, lang: str, kept: bool = False, correcting: bool = False) -> str:
    """The ``help`` text inside a round: every field of the entry form and what to type; ``kept``: the pad has a
    ``--file`` (what quitting keeps, :func:`saved_note`); ``correcting``: the round is a recorded one being
    corrected, which ``cancel`` keeps as it was (a fresh user read "cancel drops this round" there)."""
    tx = texts(sheet.game, lang)
    ruleset = get_ruleset(sheet.game)
    n = len(sheet.names)
    lines = []
    for title, fields in ((tx["fields_round"], ruleset.round_fields(n, sheet.options)),
                          (tx["fields_player"].format(names=", ".join(sheet.names)),
                           ruleset.player_fields(n, sheet.options))):
        if fields:
            lines += [title, *(f"  {f.label.get(lang, f.key)}: {describe_field(f, sheet.names, lang)}" for f in fields)]
    cancel = tx["cancel_correction" if correcting else "cancel_new"]
    return "\n".join([*lines, tx["fields_end"].format(cancel=cancel, saved=saved_note(sheet.game, lang, kept))])


def saved_note(game_id: str, lang: str, kept: bool) -> str:
    """What quitting keeps, as the end of a help sentence: the pad saved after every change with ``--file``,
    else nothing."""
    return texts(game_id, lang)["help_file" if kept else "help_nofile"]


def say(text: str) -> None:
    """Print a pad text as it is (no Rich markup: a name may hold ``[b]``); in a terminal wrapped at word
    boundaries, since the terminal itself breaks lines inside words; piped, one line each."""
    console.print(text, markup=False, soft_wrap=not console.is_terminal)


def _default_text(field: Field, old: Any) -> str:
    """An old value as it would be typed (seats 1-based)."""
    if old is None:
        return ""
    if isinstance(old, list):
        return " ".join(map(str, old))
    if field.kind == "bool":
        return "y" if old else "n"
    return str(old + 1) if field.kind == "seat" else str(old)


def _parse_answer(field: Field, text: str, names: list[str], lang: str) -> Any:
    """Turn a typed answer into the JSON value of ``field`` (seats typed 1-based or by name).

    Raises:
        _Refused: the text is not of the field's kind; the message shows the text as typed.
    """
    tx = TEXTS[lang]
    if field.kind == "seat":
        folded = [n.casefold() for n in names]
        if text.casefold() in folded:
            return folded.index(text.casefold())
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= len(names):
            raise _Refused(tx["not_player"].format(text=text or "''", n=len(names)))
        return int(text) - 1
    if text == "-" and field.kind in ("values", "multi"):
        return []
    try:
        if field.kind == "count":
            return int(text) if text else 0
        if field.kind == "values":
            return [int(v) for v in text.replace(",", " ").split()]
    except ValueError:
        raise _Refused(tx["not_number"].format(text=text, hint=describe_field(field, names, lang))) from None
    if field.kind == "bool":
        if text.lower() in ("", "n", "no", "nein"):
            return False
        if text.lower() in ("y", "yes", "j", "ja"):
            return True
        raise _Refused(tx["not_number"].format(text=text, hint=tx["bool"]))
    return text.replace(",", " ").split()


class _RoundForm:
    """Asks one round's fields in order, each validated as it is typed (re-asked with the reason)."""

    def __init__(self, sheet: Sheet, number: int, lang: str, kept: bool, correcting: bool = False) -> None:
        self.sheet, self.number, self.lang, self.kept, self.correcting = sheet, number, lang, kept, correcting
        self.ruleset = get_ruleset(sheet.game)
        n = len(sheet.names)
        self.round_fields = self.ruleset.round_fields(n, sheet.options)
        self.player_fields = self.ruleset.player_fields(n, sheet.options)

    def ask(self, old: dict[str, Any] | None) -> dict[str, Any]:
        """Every field (defaults: ``old``'s values), then the whole round; re-asked until it is possible.

        Raises:
            _Cancelled, _Quit: the user typed ``cancel`` or ``q``.
        """
        tx = texts(self.sheet.game, self.lang)
        hint = tx["correct_hint" if self.correcting else "round_hint"]
        console.print(f"[bold]{tx['enter'].format(n=self.number)}[/bold] ({hint})")
        while True:
            table: dict[str, Any] = {}
            for f in self.round_fields:
                table[f.key] = self._ask(f, None, old["round"].get(f.key) if old else None, table, [])
            players: list[dict[str, Any]] = []
            for s in range(len(self.sheet.names)):
                row: dict[str, Any] = {}
                players.append(row)
                for f in self.player_fields:
                    row[f.key] = self._ask(f, s, old["players"][s].get(f.key) if old else None, table, players)
            entry = {"players": players, "round": table}
            try:
                self.ruleset.check(Entry(players, table), self.sheet.names, self.sheet.options)
            except EntryError as exc:
                say(tx["impossible"].format(why=exc.text(self.lang)))
                console.print(tx["recheck"], markup=False)
                old = entry
                continue
            return entry

    def _try(self, table: Mapping[str, Any], players: list[Mapping[str, Any]]) -> None:
        """Check the fields typed so far (later fields at their defaults) by the ruleset's partial check."""
        full_table = {f.key: table.get(f.key, f.default()) for f in self.round_fields}
        if any(v is None for v in full_table.values()):
            return  # a seat still to be typed: cross-checks wait for it
        rows = [{f.key: p.get(f.key, f.default()) for f in self.player_fields} for p in players]
        self.ruleset.check_partial(Entry(rows, full_table), self.sheet.names, self.sheet.options)

    def _ask(self, field: Field, seat: int | None, old: Any, table: dict[str, Any],
             players: list[dict[str, Any]]) -> Any:
        """Ask ``field`` (of the round if ``seat`` is None, else of that seat, the last of ``players``)
        until its answer is valid alone and with the fields typed before it (``table``, ``players``)."""
        tx = texts(self.sheet.game, self.lang)
        label = field.label.get(self.lang, field.key)
        who = "" if seat is None else f"{self.sheet.names[seat]} – "
        # a new round shows the value an empty answer gives ([0], [n]), as help says the brackets do
        default = _default_text(field, field.default() if old is None else old)
        hint = describe_field(field, self.sheet.names, self.lang)
        while True:
            text = typer.prompt(f"{who}{label} ({hint})", default=default, show_default=bool(default)).strip()
            asked = command(text)
            if asked == "help":
                say(fields_help(self.sheet, self.lang, self.kept, self.correcting))
                continue
            if asked == "cancel":
                raise _Cancelled
            if asked == "quit":
                raise _Quit
            try:
                value = field.parse(_parse_answer(field, text, self.sheet.names, self.lang),
                                    len(self.sheet.names), label)
                if seat is None:
                    self._try({**table, field.key: value}, [])
                else:
                    self._try(table, [*players[:-1], {**players[-1], field.key: value}])
            except _Refused as exc:
                say(str(exc))
                continue
            except EntryError as exc:
                say(tx["impossible"].format(why=exc.text(self.lang)))
                continue
            return value


def ask_entry(sheet: Sheet, number: int, lang: str, old: dict[str, Any] | None = None,
              kept: bool = False) -> dict[str, Any]:
    """Ask every field of round ``number``, each validated as typed (defaults: ``old`` when correcting;
    ``kept``: the pad has a ``--file``, which the help says; a correction's help and hint say that ``cancel`` keeps
    the round as it was).

    Raises:
        _Cancelled, _Quit: the user typed ``cancel`` or ``q`` inside the round.
    """
    return _RoundForm(sheet, number, lang, kept, correcting=old is not None).ask(old)


def _load_pad(path: Path, game_id: str) -> tuple[list[Any], dict[str, Any], list[Any]]:
    """Names, options and round entries of a pad file as :func:`_save` writes it (``Sheet.to_json``).

    Only the shape is checked here; names, options and entries are checked as typed ones are.

    Raises:
        EntryError: naming the file, when it is unreadable, not a pad, or another game's pad.
    """
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise EntryError(f"{path}: not a readable score pad file ({exc})") from None
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    if not (isinstance(doc, dict) and isinstance(doc.get("names"), list) and isinstance(doc.get("options"), dict)
            and isinstance(rounds, list) and all(isinstance(r, dict) and "entry" in r for r in rounds)):
        raise EntryError(f"{path}: not a score pad file (an object with game, names, options and rounds, "
                         "as --file writes it)")
    if doc.get("game") != game_id:
        raise EntryError(f"{path} holds a {doc.get('game')!r} pad, not {game_id!r}")
    return doc["names"], doc["options"], [r["entry"] for r in rounds]


def _save(path: Path, sheet: Sheet) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(sheet.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def scorepad_cmd(
    game: Annotated[str, typer.Argument(help="Game id (colors, chips, lastcard, grid, mayhem).")],
    players: Annotated[str, typer.Option("--players", help='Names in seat order, clockwise: "Ana,Ben,Cem".')] = "",
    options: Annotated[str | None, typer.Option("--options", help='Game options as JSON, e.g. \'{"end_total": 50}\'.')]
    = None,
    file: Annotated[Path | None, typer.Option("--file", help="Keep the pad in this JSON file (resumed if it exists).")]
    = None,
    lang: Annotated[str, typer.Option("--lang", help="Language: de or en.")] = "en",
) -> None:
    """Score sheet for a match played with real cards: asks round by round, with corrections."""
    if lang not in TEXTS:
        raise typer.BadParameter(f"language {lang!r}; allowed: de, en")
    g = known_game(game, lang)
    try:
        ruleset = get_ruleset(g.id)
        entries: list[Any] = []
        writable(file, "--file")
        if file is not None and file.exists():
            names, raw, entries = _load_pad(file, g.id)
            names = check_names(names, g.min_players, g.max_players)
            opts = g.resolve_options(len(names), raw)
        else:
            if not players.strip():
                raise EntryError('--players is required (names, e.g. "Ana,Ben")')
            names = check_names(players.split(","), g.min_players, g.max_players)
            raw = json.loads(options) if options else {}
            if not isinstance(raw, dict):
                raise EntryError("--options must be a JSON object")
            opts = g.resolve_options(len(names), raw)
        sheet = compute(ruleset, names, opts, entries)
    except (KartentischError, ValueError, KeyError) as exc:
        raise typer.BadParameter(str(exc)) from None
    tx = texts(ruleset.game_id, lang)
    if file is None:
        say(tx["no_file"])
    try:
        while True:
            console.print(render_sheet(sheet, lang))
            console.print(status_line(sheet, lang), markup=False)
            answer = typer.prompt(tx["prompt"], default="", show_default=False).strip().lower()
            if command(answer) == "quit" or (sheet.over and answer == ""):
                return
            number, correcting = len(entries) + 1, False
            try:
                if command(answer) == "help":
                    say(tx["help"].format(saved=saved_note(ruleset.game_id, lang, file is not None)))
                    continue
                if answer == "":
                    entries = [*entries, ask_entry(sheet, number, lang, kept=file is not None)]
                elif answer == "d":
                    if not entries:
                        console.print(tx["none"], markup=False)
                        continue
                    entries = entries[:-1]
                elif re.fullmatch(r"c *[0-9]+", answer):  # ASCII digits only: int() refuses "²"
                    number = int(answer[1:])
                    if not 1 <= number <= len(entries):
                        console.print(tx["no_round"].format(n=number, k=len(entries)) if entries else tx["none"],
                                      markup=False)
                        continue
                    i, correcting = number - 1, True
                    entries = [*entries[:i], ask_entry(sheet, number, lang, sheet.rounds[i].entry.to_json(),
                                                       kept=file is not None), *entries[i + 1:]]
                else:
                    say(tx["bad"].format(text=answer))
                    continue
                new_sheet = compute(ruleset, names, opts, entries)
            except _Cancelled:  # a correction cancelled keeps the round as it was
                say(tx["uncorrected" if correcting else "cancelled"].format(n=number))
                continue
            except _Quit:
                say(tx["quit_correction" if correcting else "quit"].format(n=number))
                return
            except EntryError as exc:
                say(f"{tx['refused']}: {exc.text(lang)}")
                entries = [r.entry.to_json() for r in sheet.rounds]
                continue
            sheet = new_sheet
            if file is not None:
                _save(file, sheet)
                console.print(tx["saved"].format(path=file), markup=False)
    except typer.Abort:  # Ctrl-C or the end of input at a prompt: said in the pad's language, not click's English
        say("\n" + (tx["aborted_file"].format(path=file) if file is not None else tx["aborted"]))
        raise typer.Exit(1) from None
