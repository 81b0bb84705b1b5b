"""``kartentisch review``: the coach's verdict on every decision of a saved match (issue 23).

For each decision of the chosen seat (or of every seat) it prints, in words, the move made and
its win chance, the best move and its win chance, the loss and the mark
(:mod:`kartentisch.bots.coach`), and optionally writes the JSON and a win-chance curve.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from kartentisch.bots import saved_seat_names
from kartentisch.bots.coach import GOOD, MARKS, chance_text, review_match
from kartentisch.kernel import KartentischError, Match, Voice
from kartentisch.kernel.words import check_lang

from .common import load_replay, progress_bar, saved_seats, seats_ignored, whole_number, writable
from .tournament import PLOT_FORMATS

console = Console(highlight=False)

_TEXTS: dict[str, dict[str, str]] = {
    "en": {"n": "#", "seat": "Seat", "made": "Move made", "win": "Win chance", "best": "Best move",
           "win_best": "Its win chance", "loss": "Loss",
           "mark": "Mark", "good": "good", "inaccuracy": "inaccuracy", "mistake": "mistake", "blunder": "blunder",
           "title": "Review of {who}: {game}, {n} decisions, {iterations} searches each",
           "everyone": "every seat", "summary": "{who}: {marks}; mean loss {loss} points of win chance.",
           "shared": "{who} shares the win.", "none": "no decision to review", "curve": "Win chance",
           "move": "Move", "result": "result", "loss_unit": "Loss: points of win chance lost against the best move.",
           "unsure": "unsure",
           "unsure_note": "Unsure: by the estimate the move lost {least} points or more, but {iterations} searches "
           "cannot tell it from the best move; review again with more --iterations to decide."},
    "de": {"n": "Nr.", "seat": "Platz", "made": "Gespielter Zug", "win": "Siegchance", "best": "Bester Zug",
           "win_best": "Seine Siegchance",
           "loss": "Verlust", "mark": "Bewertung", "good": "gut", "inaccuracy": "Ungenauigkeit", "mistake": "Fehler",
           "blunder": "grober Fehler",
           "title": "Analyse von {who}: {game}, {n} Entscheidungen, je {iterations} Suchläufe",
           "everyone": "allen Plätzen", "summary": "{who}: {marks}; mittlerer Verlust {loss} Prozentpunkte "
           "Siegchance.", "shared": "{who} teilt sich den Sieg.",
           "none": "keine Entscheidung zu prüfen", "curve": "Siegchance", "move": "Zug", "result": "Ergebnis",
           "loss_unit": "Verlust: Prozentpunkte Siegchance weniger als mit dem besten Zug.", "unsure": "unklar",
           "unsure_note": "Unklar: Laut Schätzung verlor der Zug {least} Prozentpunkte oder mehr, doch {iterations} "
           "Suchläufe können ihn nicht vom besten Zug unterscheiden; für ein Urteil mit mehr --iterations erneut "
           "analysieren."},
}

#: Colours of the marks in the table and on the curve.
_STYLE = {GOOD: "", "unsure": "dim", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
_PLOT_COLOUR = {GOOD: "tab:green", "inaccuracy": "gold", "mistake": "tab:orange", "blunder": "tab:red"}


def _t(lang: str, key: str, **kwargs: Any) -> str:
    return _TEXTS[lang][key].format(**kwargs)


def _shown_mark(decision: dict[str, Any]) -> str:
    """The mark a reader sees: ``unsure`` for a good move whose loss is within the search's noise
    (:func:`kartentisch.bots.coach.unsure`; reviews written before it have no ``unsure``)."""
    return "unsure" if decision.get("unsure") else str(decision["mark"])


def review_cmd(
    replay: Annotated[Path, typer.Argument(help="A replay file (kartentisch play saves one).")],
    seat_given: Annotated[str | None, typer.Option(
        "--seat", metavar="N", help="The seat to review, counted from 1 (default: every seat).")] = None,
    iterations_given: Annotated[str | None, typer.Option(
        "--iterations", metavar="N",
        help="Searches per decision, at least 1 (default: the coach's budget for the game, about 1 s).")] = None,
    seed_given: Annotated[str, typer.Option(
        "--seed", metavar="N", help="Seed of the searches, from 0 (the same seed gives the same review).")] = "0",
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the review as JSON (tokens beside the texts; seats counted from 0 as in replay files).")]
    = None,
    plot: Annotated[Path | None, typer.Option(help="Write the win-chance curve as a picture (e.g. curve.png).")] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language: de or en.")] = "en",
) -> None:
    """Review a saved match: for each decision, the win chance of the move made and of the best move,
    the loss and a mark (good, inaccuracy, mistake, blunder), judged from that seat's own cards only."""
    try:
        check_lang(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    seat = None if seat_given is None else whole_number(seat_given, "review_seat", lang)
    iterations = None if iterations_given is None else whole_number(iterations_given, "iterations", lang, low=1)
    seed = whole_number(seed_given, "seed", lang, low=0)
    writable(json_out, "--json")
    writable(plot, "--plot")
    if plot is not None and plot.suffix.lstrip(".").lower() not in PLOT_FORMATS:
        raise typer.BadParameter(f"--plot {plot}: format {plot.suffix or '(none)'!r} not supported; "
                                 f"use one of {', '.join(sorted(PLOT_FORMATS))}")
    match = load_replay(replay, seat, console, lang)
    saved, why = saved_seats(replay, match, lang)
    if why:
        seats_ignored(replay, why, "seats_then_numbered", lang)
    voice = Voice(lang, None, *saved_seat_names(saved, match.players, lang))  # the names play gave them
    seats = None if seat is None else [seat - 1]
    with progress_bar() as progress:
        task = progress.add_task(replay.name, total=None)
        doc = review_match(match, seats, lang=lang, names=voice.names, iterations=iterations, seed=seed,
                           progress=lambda done, total: progress.update(task, completed=done, total=total))
    doc["lang"] = lang
    print_review(doc, match, voice)
    if json_out is not None:
        json_out.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding="utf-8")
    if plot is not None:
        try:
            plot_curve(doc, match, plot, voice)
        except KartentischError as exc:
            raise typer.BadParameter(str(exc)) from None


def print_review(doc: dict[str, Any], match: Match, voice: Voice) -> None:
    """The review ``doc`` (:func:`~kartentisch.bots.coach.review_match`) as a table in words, a line
    per reviewed seat with its marks and mean loss, and the match result; seats named and worded by ``voice``
    (the names ``play`` saved, else "Seat n")."""
    several = doc["seat"] is None
    lang = voice.lang
    who = _t(lang, "everyone") if several else voice.name(doc["seat"])
    table = Table(title=_t(lang, "title", who=who, game=match.game.names.get(lang, match.game.id),
                           n=len(doc["decisions"]), iterations=doc["iterations"]), caption=_t(lang, "loss_unit"))
    for key in ("n", *(["seat"] if several else []), "made", "win", "best", "win_best", "loss", "mark"):
        table.add_column(_t(lang, key), justify="right" if key in ("n", "win", "win_best", "loss") else "left")
    for d in doc["decisions"]:
        shown = _shown_mark(d)
        cells = [Text(str(d["n"])), *([Text(voice.short(d["seat"]))] if several else []), Text(d["text"]),
                 Text(chance_text(d["win_chosen"])), Text("–" if d["best"] == d["token"] else d["best_text"]),
                 Text(chance_text(d["win_best"])), Text(f"{100 * d['loss']:.0f}"),
                 Text(_t(lang, shown), style=_STYLE[shown])]
        table.add_row(*cells)
    console.print(table)
    if any(d.get("unsure") for d in doc["decisions"]):
        console.print(_t(lang, "unsure_note", least=round(100 * MARKS[-1][1]), iterations=doc["iterations"]),
                      style="dim", markup=False)
    for s in doc["seats"]:
        mine = [d for d in doc["decisions"] if d["seat"] == s]
        if not mine:
            console.print(f"{voice.name(s)}: {_t(lang, 'none')}", markup=False)
            continue
        counts = Counter(_shown_mark(d) for d in mine)
        shown_marks = (GOOD, *(["unsure"] if counts["unsure"] else []), *(m for m, _ in reversed(MARKS)))
        marks = ", ".join(f"{counts[name]} × {_t(lang, name)}" for name in shown_marks)
        loss = 100 * sum(d["loss"] for d in mine) / len(mine)
        shown = f"{loss:.1f}" if lang == "en" else f"{loss:.1f}".replace(".", ",")  # German decimal comma
        console.print(_t(lang, "summary", who=voice.name(s), marks=marks, loss=shown), markup=False)
    # the match's end as the game words it (Game.common_text: chips calls the match "Spiel", chips D1)
    say = match.game.common_text
    if doc["result"] is None:
        console.print(say(lang, "not_over"), markup=False)
        return
    for s in doc["seats"]:
        share, who = doc["result"][s], voice.name(s)
        console.print(say(lang, "winners_one", names=who) if share == 1.0 else say(lang, "loser_one", names=who)
                      if share == 0.0 else _t(lang, "shared", who=who), markup=False)


def plot_curve(doc: dict[str, Any], match: Match, path: Path, voice: Voice) -> None:
    """Write the win-chance curve of the review ``doc`` to ``path``: per reviewed seat (named by ``voice``), the
    win chance of each move made over the match's move numbers, dots coloured by mark, the match
    result at the end.

    Raises:
        KartentischError: matplotlib missing (says how to install it).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise KartentischError("--plot needs matplotlib: pip install 'kartentisch[plot]'") from None
    lang = voice.lang
    fig, ax = plt.subplots(figsize=(9, 4))
    end = len(match.history)
    for s in doc["seats"]:
        mine = [d for d in doc["decisions"] if d["seat"] == s]
        xs, ys = [d["n"] for d in mine], [d["win_chosen"] for d in mine]
        if doc["result"] is not None:
            xs, ys = [*xs, end], [*ys, doc["result"][s]]
        (line,) = ax.plot(xs, ys, label=voice.name(s), linewidth=1.2)
        ax.scatter([d["n"] for d in mine], [d["win_chosen"] for d in mine], zorder=3,
                   s=[14 if d["mark"] == GOOD else 48 for d in mine],
                   c=[_PLOT_COLOUR[d["mark"]] for d in mine], edgecolors=line.get_color(), linewidths=0.5)
        if doc["result"] is not None:
            ax.scatter([end], [doc["result"][s]], marker="*", s=90, color=line.get_color(), zorder=4)
    ax.axhline(1.0 / match.players, color="grey", linewidth=0.6, linestyle=":")
    ax.set_ylim(-0.03, 1.03)
    ax.set_xlim(0, max(end, 1) + 1)
    ax.set_xlabel(_t(lang, "move"))
    ax.set_ylabel(_t(lang, "curve"))
    ax.set_title(match.game.names.get(lang, match.game.id))
    for name, colour in _PLOT_COLOUR.items():  # the marks' colours, as legend entries without points
        ax.scatter([], [], color=colour, s=14 if name == GOOD else 48, label=_t(lang, name))
    ax.legend(loc="upper left", fontsize=8, ncols=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
