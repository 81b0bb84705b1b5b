"""``kartentisch scorepad GAME --players "Ana,Ben,Cem"``: a terminal score sheet for real cards.

Round by round it asks each player for what the game's entry form needs (the same forms as the
web score pad, ``kartentisch.scorepad.entries``) and shows the sheet: round scores, totals, who
deals next, the end and the winners, all by the game's own rules. Commands at the prompt:
Enter (next round), ``c N`` (correct round N), ``d`` (delete the last round), ``q`` (quit).
A refused round is not recorded; the message says why. ``--file`` keeps the pad as JSON
(resumed when it exists, rewritten after every change).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..games import get_game
from ..kernel.errors import KartentischError
from ..scorepad import EntryError, Field, Sheet, check_names, compute, get_ruleset

console = Console(highlight=False)

TEXTS = {
    "en": {"round": "Round", "total": "Total", "deals": "Round {n}: {name} deals.", "over": "Match over. Winners: {w}",
           "prompt": "Enter = next round, c N = correct round N, d = delete last round, q = quit",
           "enter": "Round {n}", "values": "values separated by spaces, empty for none",
           "seat": "a player's name or number 1 … {n}", "yes_no": "y/n", "refused": "Not recorded",
           "saved": "Saved to {path}", "bad": "Not understood: {text}", "none": "no round recorded yet",
           "choices": "choose {k} of {c}, separated by spaces"},
    "de": {"round": "Runde", "total": "Summe", "deals": "Runde {n}: {name} gibt.",
           "over": "Partie beendet. Sieger: {w}",
           "prompt": "Enter = nächste Runde, c N = Runde N korrigieren, d = letzte Runde löschen, q = Ende",
           "enter": "Runde {n}", "values": "Werte mit Leerzeichen getrennt, leer für keine",
           "seat": "Name oder Nummer 1 … {n}", "yes_no": "j/n", "refused": "Nicht eingetragen",
           "saved": "Gespeichert in {path}", "bad": "Nicht verstanden: {text}", "none": "noch keine Runde eingetragen",
           "choices": "wähle {k} aus {c}, mit Leerzeichen getrennt"},
}


def render_sheet(sheet: Sheet, lang: str) -> Table:
    """The sheet as a Rich table: one row per round (``*`` marks its dealer), then the totals."""
    tx = TEXTS[lang]
    table = Table(tx["round"], *sheet.names)
    for r in sheet.rounds:
        table.add_row(str(r.number), *[f"{v}{' *' if s == r.dealer else ''}" for s, v in enumerate(r.scores)])
    table.add_row(tx["total"], *[f"[bold]{v}[/bold]" for v in sheet.totals], end_section=True)
    return table


def status_line(sheet: Sheet, lang: str) -> str:
    """Who deals the next round, or the winners once the match is over."""
    tx = TEXTS[lang]
    if sheet.over:
        return tx["over"].format(w=", ".join(sheet.names[s] for s in sheet.winners))
    return tx["deals"].format(n=sheet.next_round, name=sheet.names[sheet.dealer or 0])


def _ask_field(field: Field, who: str, names: list[str], lang: str, old: Any) -> Any:
    """Ask one field until the answer has the right shape (ranges are checked by the pad)."""
    tx = TEXTS[lang]
    label = field.label.get(lang, field.key)
    hint = {"count": "0", "values": tx["values"], "bool": tx["yes_no"], "seat": tx["seat"].format(n=len(names)),
            "multi": tx["choices"].format(k=field.max_items, c=" ".join(field.choices))}[field.kind]
    default = "" if old is None else (" ".join(map(str, old)) if isinstance(old, list) else
                                      ("y" if old is True else "n" if old is False else
                                       str(old + 1) if field.kind == "seat" else str(old)))
    while True:
        text = typer.prompt(f"{who}{label} ({hint})", default=default, show_default=bool(default)).strip()
        try:
            return _parse_answer(field, text, names)
        except ValueError:
            console.print(tx["bad"].format(text=text), markup=False)


def _parse_answer(field: Field, text: str, names: list[str]) -> Any:
    """Turn a typed answer into the JSON value of ``field`` (raises ValueError if not understood)."""
    if field.kind == "count":
        return int(text) if text else 0
    if field.kind == "values":
        return [int(v) for v in text.replace(",", " ").split()]
    if field.kind == "bool":
        if text.lower() in ("", "n", "no", "nein"):
            return False
        if text.lower() in ("y", "yes", "j", "ja"):
            return True
        raise ValueError(text)
    if field.kind == "seat":
        folded = [n.casefold() for n in names]
        if text.casefold() in folded:
            return folded.index(text.casefold())
        return int(text) - 1
    return text.replace(",", " ").split()


def ask_entry(sheet: Sheet, number: int, lang: str, old: dict[str, Any] | None = None) -> dict[str, Any]:
    """Ask every field of round ``number`` (defaults: the old entry when correcting)."""
    ruleset = get_ruleset(sheet.game)
    n = len(sheet.names)
    console.print(f"[bold]{TEXTS[lang]['enter'].format(n=number)}[/bold]")
    table = {f.key: _ask_field(f, "", sheet.names, lang, old["round"][f.key] if old else None)
             for f in ruleset.round_fields(n, sheet.options)}
    players = [{f.key: _ask_field(f, f"{name} – ", sheet.names, lang, old["players"][s][f.key] if old else None)
                for f in ruleset.player_fields(n, sheet.options)} for s, name in enumerate(sheet.names)]
    return {"players": players, "round": table}


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
    try:
        ruleset = get_ruleset(game)
        g = get_game(game)
        entries: list[Any] = []
        if file is not None and file.exists():
            doc = json.loads(file.read_text(encoding="utf-8"))
            if doc.get("game") != g.id:
                raise EntryError(f"{file} holds a {doc.get('game')!r} pad, not {g.id!r}")
            names, opts = doc["names"], doc["options"]
            entries = [r["entry"] for r in doc["rounds"]]
        else:
            names = check_names([p for p in players.split(",")] if players else [], g.min_players, g.max_players)
            raw = json.loads(options) if options else {}
            if not isinstance(raw, dict):
                raise EntryError("--options must be a JSON object")
            opts = g.resolve_options(len(names), raw)
        sheet = compute(ruleset, names, opts, entries)
    except (KartentischError, ValueError, KeyError) as exc:
        raise typer.BadParameter(str(exc)) from None
    tx = TEXTS[lang]
    while True:
        console.print(render_sheet(sheet, lang))
        console.print(status_line(sheet, lang), markup=False)
        command = typer.prompt(tx["prompt"], default="", show_default=False).strip().lower()
        if command == "q" or (sheet.over and command == ""):
            return
        try:
            if command == "":
                entries = [*entries, ask_entry(sheet, len(entries) + 1, lang)]
            elif command == "d":
                if not entries:
                    raise EntryError(tx["none"])
                entries = entries[:-1]
            elif command.startswith("c") and command[1:].strip().isdigit() and \
                    1 <= int(command[1:]) <= len(entries):
                i = int(command[1:]) - 1
                entries = [*entries[:i], ask_entry(sheet, i + 1, lang, sheet.rounds[i].entry.to_json()),
                           *entries[i + 1:]]
            else:
                raise EntryError(tx["bad"].format(text=command))
            new_sheet = compute(ruleset, names, opts, entries)
        except EntryError as exc:
            console.print(f"{tx['refused']}: {exc}", markup=False, soft_wrap=True)
            entries = [r.entry.to_json() for r in sheet.rounds]
            continue
        sheet = new_sheet
        if file is not None:
            _save(file, sheet)
            console.print(tx["saved"].format(path=file), markup=False)
