"""Terminal renderer of ``chips`` (Baggage Belt / Gepäckband).

Draws a seat view as the table looks: the row of up to 7 face-up cards with the chips lying on
them (position = chips to pay), the face-down pile as card backs with its size, the active special
cards, and per seat its chip supply and four colour rows (face-down cards marked ``▼``, −1 point).
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...kernel.words import Voice, number
from .cards import COLOURS, FACE_DOWN
from .rules import row_value, seat_score
from .words import WORDS, chip_count, special_text

#: Card face style per colour letter: black, red, blue, yellow (readable on dark and light terminals).
CARD_STYLE = {
    "k": "bold bright_white on grey23",
    "r": "bold bright_white on red3",
    "b": "bold bright_white on blue3",
    "y": "bold black on gold1",
}
BACK = Text("▒▒▒", style="grey50 on grey11")


def card_text(code: str) -> Text:
    """One display or row card: ``r7`` in its colour; ``-r7`` face down, dimmed with ``▼``."""
    if code.startswith(FACE_DOWN):
        plain = code[1:]
        return Text(f"▼{plain:>3}", style=f"{CARD_STYLE[plain[0]]} dim")
    return Text(f" {code:>3}", style=CARD_STYLE[code[0]])


def _label(lang: str, key: str, **kw: Any) -> str:
    """The terminal table's text ``labels.key`` of the game's catalogue, filled with ``kw``."""
    return WORDS.text(lang, f"labels.{key}", **kw)


def _row_table(view: dict[str, Any], lang: str) -> Group:
    """The row with its chips, under its heading (a line of its own: as the table's title it wrapped to the width of
    a short row)."""
    zones = view["zones"]
    table = Table(show_header=True, box=None, padding=(0, 1))
    for i in range(len(zones["row"])):
        table.add_column(str(i), justify="center")
    table.add_column(_label(lang, "pile"), justify="center")
    cards = [card_text(e["card"]) for e in zones["row"]]
    chips = [Text("●" * e["chips"] if e["chips"] <= 4 else f"●×{e['chips']}", style="bold green")
             for e in zones["row"]]
    pile = len(zones["draw"])
    table.add_row(*cards, BACK if pile else Text("—"))
    table.add_row(*chips, Text(f"×{pile}", style="grey62"))
    return Group(Text(_label(lang, "row"), style="italic"), table)


def _seat_panel(view: dict[str, Any], s: int, seat: int | None, voice: Voice) -> Panel:
    lang = voice.lang
    zones = view["zones"]
    display = zones["display"][s]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right")
    grid.add_column()
    grid.add_column(justify="right", style="grey62")
    for colour in COLOURS:
        stack = display[colour]
        cards = Text(" ").join(card_text(c) for c in stack) if stack else Text("·", style="grey50")
        grid.add_row(Text(colour, style=CARD_STYLE[colour]), cards, number(row_value(stack)))
    supply = zones["supply"][s]
    now = seat_score([display[c] for c in COLOURS], supply, zones["specials"])
    grid.add_row(Text("●", style="bold green"), Text(f"{_label(lang, 'supply')}: {chip_count(supply, lang)}"),
                 "")
    grid.add_row("", Text(f"{_label(lang, 'score')}: {number(now)}", style="bold"), "")
    title = voice.name(s)  # seats by name, else as players count them, from 1
    if s == seat:
        title += f" ({_label(lang, 'you')})"
    if s == zones["start_player"]:
        title += f" · {_label(lang, 'start')}"
    acting = s in view["to_act"]
    if acting:
        title += f" · {_label(lang, 'to_act')}"
    return Panel(grid, title=title, border_style="bold cyan" if acting else "grey50", expand=False)


def render(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw a ``chips`` seat view (``seat``; ``None`` = spectator) in ``voice``'s language, seats named by it.

    Only the view's own data is used; the pile is drawn as card backs with its size.
    """
    lang = voice.lang
    zones = view["zones"]
    options = view["options"]
    title = _label(lang, "round", round=view["round"], rounds=options["rounds"])
    head = Text(f"{_label(lang, 'title')} — {title}", style="bold")
    specials = ", ".join(f"{code[1:]}: {special_text(code, lang)}" for code in zones["specials"]) \
        or _label(lang, "none")
    parts: list[RenderableType] = [
        head,
        Text(f"{_label(lang, 'specials')}: {specials}", style="magenta"),
        _row_table(view, lang),
        Columns([_seat_panel(view, s, seat, voice) for s in range(view["players"])]),
        Text(f"{_label(lang, 'colours')} · ▼ = {_label(lang, 'face_down')}", style="grey62"),
    ]
    if view["phase"] == "round_over":
        parts.append(Text(voice.say(view["to_act"][0], WORDS.get(lang, "labels.round_over"),
                                    WORDS.get(lang, "labels.round_over_you")), style="bold yellow"))
    elif view["phase"] != "game_over":  # the match is over: nothing is played to its end any more
        if zones["final_circuit"]:
            parts.append(Text(_label(lang, "final_circuit"), style="bold yellow"))
        if zones["extra_turn"]:
            parts.append(Text(_label(lang, "extra_turn"), style="bold yellow"))
    return Group(*parts)
