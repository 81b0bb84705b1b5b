"""Terminal renderer of ``grid`` (Colour Grid / Farbraster): the game's ``render`` part.

Draws a seat view as the table looks: each seat's grid in its current shape (3×3 shrinking to 2×3,
3×2 … after removals, gaps shown empty while a diagonal closes), face-down cards as backs, the draw
pile as a back with its size, the discard pile's top cards, the card in hand (or a back when hidden),
and each seat's match total (the score pad is drawn below by ``render_view``). Seats are named as
the :class:`~kartentisch.kernel.words.Voice` names them (counted from 1), phases in the players' words.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...kernel.words import Voice, listing, number
from .cards import COLOURS, VALUE
from .words import WORDS, phase_name

#: Card face style per colour letter (D1); text colours chosen for contrast on each background.
CARD_STYLE = {
    "b": "bold bright_white on blue3",
    "g": "bold black on green3",
    "m": "bold bright_white on magenta3",
    "o": "bold black on dark_orange",
    "p": "bold bright_white on purple4",
    "r": "bold bright_white on red3",
    "t": "bold black on dark_turquoise",
    "y": "bold black on gold1",
}
BACK_STYLE = "grey50 on grey11"


def card_text(cell: str | None) -> Text:
    """One cell: a face-up card in its colour (``g 7``, ``b −1`` with the minus sign U+2212 as its name,
    :func:`~kartentisch.kernel.words.number`), a back (``?``) or a gap (``None``)."""
    if cell is None:
        return Text("    ")
    if cell.startswith("?"):
        return Text("▒▒▒▒", style=BACK_STYLE)
    return Text(f"{cell[0]}{number(VALUE[cell]):>3}", style=CARD_STYLE[cell[0]])


def _label(lang: str, key: str) -> str:
    """The terminal table's text ``labels.key`` of the game's catalogue."""
    return WORDS.get(lang, f"labels.{key}")


def grid_table(grid: list[list[str | None]], lang: str) -> RenderableType:
    """A grid drawn as rows and columns of cards in its current shape."""
    if not grid:
        return Text(_label(lang, "empty"), style="grey50")
    table = Table.grid(padding=(0, 1))
    for _ in grid[0]:
        table.add_column()
    for row in grid:
        table.add_row(*(card_text(c) for c in row))
    return table


def _seat_panel(view: dict[str, Any], s: int, seat: int | None, voice: Voice) -> Panel:
    lang = voice.lang
    zones = view["zones"]
    title = voice.name(s)
    if s == seat:
        title += f" ({_label(lang, 'you')})"
    if s == view["dealer"]:
        title += f" · {_label(lang, 'dealer')}"
    notes = []
    if zones["trigger"] == s:
        notes.append(Text(_label(lang, "trigger"), style="bold red"))
    if zones["flips_left"][s]:
        notes.append(Text(f"{_label(lang, 'flips_left')}: {zones['flips_left'][s]}", style="grey62"))  # not "1 flips"
    notes.append(Text(f"{_label(lang, 'total')}: {number(view['totals'][s])}", style="bold"))
    acting = s in view["to_act"]
    return Panel(Group(grid_table(zones["grids"][s], lang), *notes), title=Text(title),  # a name is no markup
                 border_style="bold yellow" if acting else "grey50", expand=False)


def _piles(view: dict[str, Any], lang: str) -> RenderableType:
    zones = view["zones"]
    table = Table.grid(padding=(0, 2))
    table.add_column()
    table.add_column()
    table.add_column()
    draw = Text("▒▒▒▒", style=BACK_STYLE) if zones["draw_count"] else Text("—")
    discard = Text(" ").join(card_text(c) for c in zones["discard"][:3]) if zones["discard"] else Text("—")
    held = zones["held"]
    hand = Text("—") if held is None else (card_text("?") if held == "?" else card_text(held))
    table.add_row(Text(_label(lang, "draw")), Text(_label(lang, "discard")), Text(_label(lang, "held")))
    table.add_row(draw + Text(f" ×{zones['draw_count']}", style="grey62"),
                  discard + Text(f" ×{len(zones['discard'])}", style="grey62"), hand)
    return table


def _status(view: dict[str, Any], voice: Voice) -> Text:
    lang = voice.lang
    zones = view["zones"]
    text = Text(f"{_label(lang, 'title')} · {_label(lang, 'round')} {view['round']} · ", style="bold")
    text.append(phase_name(view["phase"], lang))
    if zones["step"] is not None and zones["active"] is not None:
        active = voice.say(zones["active"], _label(lang, "active"), _label(lang, "active_you"))
        text.append(f" · {active}: ", style="yellow")
        text.append(_label(lang, f"step.{zones['step']}"), style="yellow")
    for key in ("final_turns", "reveal_queue"):
        if zones[key]:
            text.append(f" · {_label(lang, key)}: {listing([voice.name(s) for s in zones[key]], lang)}")
    return text


def colour_key(lang: str) -> Text:
    """One line naming the colour letters the cards show (grid D1), each letter in its card colour: "b Blau  g Grün
    …  y Gelb" (76 characters at most: it fits a terminal of 80 columns in either language).

    The letters stay the notation's in both languages, so that a card reads as its code; German initials would
    not do (grün and gelb share ``g``, and D1 leaves out ``l`` for lila, as ``l1`` reads as ``11``)."""
    key = Text()
    for i, letter in enumerate(COLOURS):
        key.append("  " if i else "")
        key.append(letter, style=CARD_STYLE[letter])
        key.append(f" {WORDS.get(lang, f'colour.{letter}').capitalize()}")
    return key


def render(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw a ``grid`` seat view (``seat=None``: spectator) in ``voice``'s language, seats named by ``voice``: the
    status line (whose turn, "Du bist dran" for the reader's own), the piles, the colour key
    (:func:`colour_key`) and every seat's grid."""
    parts: list[RenderableType] = [_status(view, voice), _piles(view, voice.lang), colour_key(voice.lang),
                                   Columns([_seat_panel(view, s, seat, voice) for s in range(view["players"])])]
    return Group(*parts)
