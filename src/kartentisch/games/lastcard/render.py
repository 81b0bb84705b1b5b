"""Terminal renderer of ``lastcard`` (Last Card / Letzte Karte): the game's render part.

``render(view, seat, voice)`` draws a seat view as the table looks: the pile (Ablagestapel) with
its top card first, the face-down ``out`` and ``set_aside`` heaps as card backs with their sizes,
and per seat its hand (your own sorted; the others' as backs with their size, R14), its help row
(Auslage), its passed/received cards where the view shows them, and its total; the last move in
words. Seats are named as the kernel's :class:`~kartentisch.kernel.words.Voice` names them
(counted from 1). Works for every seat view and the spectator view. The score pad is drawn below
by ``render_view``."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...kernel.words import Voice, listing, number
from .words import WORDS, last_move_text

#: Card face styles by number band (1–12, 13–24, 25–36, 37–48, 49–60), readable on dark and light terminals.
BANDS = ("bold bright_white on blue3", "bold black on cyan3", "bold black on green3",
         "bold black on gold1", "bold bright_white on red3")
BACK_STYLE = "grey50 on grey11"


def card_text(code: str) -> Text:
    """One card: its number on a colour band by value; ``"?"`` as a card back."""
    if code == "?":
        return Text("▒▒", style=BACK_STYLE)
    return Text(f"{code:>2}", style=BANDS[min((int(code) - 1) // 12, len(BANDS) - 1)])


def cards_text(codes: list[str], empty: str = "·") -> Text:
    """A row of cards separated by spaces (``empty`` when there are none)."""
    if not codes:
        return Text(empty, style="grey50")
    return Text(" ").join(card_text(c) for c in codes)


def _label(lang: str, key: str, **kw: Any) -> str:
    """The terminal table's text ``labels.key`` of the game's catalogue, filled with ``kw``."""
    return WORDS.text(lang, f"labels.{key}", **kw)


def _backs(count: int, lang: str) -> Text:
    return Text.assemble(card_text("?"), (f" ×{count}", "grey62")) if count else Text("—", style="grey50")


def _seat_panel(view: dict[str, Any], s: int, seat: int | None, voice: Voice) -> Panel:
    zones = view["zones"]
    n = view["players"]
    lang = voice.lang
    hand = zones["hands"][s]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="grey62")
    grid.add_column()
    hand_line = cards_text(hand)
    if hand and hand[0] == "?":
        hand_line = _backs(len(hand), lang)
    hand_line.append(f"  ({_label(lang, 'cards' if len(hand) != 1 else 'card', n=len(hand))})", style="grey62")
    if len(hand) == 2 and view["phase"] == "play":
        hand_line.append(f"  {_label(lang, 'two_cards')}", style="bold yellow")
    grid.add_row(_label(lang, "hand"), hand_line)
    grid.add_row(_label(lang, "help"), cards_text(zones["help"][s]))
    passed = zones["passed"][s]
    if passed is not None:
        grid.add_row(_label(lang, "passed"), cards_text(passed))
    received = zones["passed"][(s + 1) % n]
    if s == seat and received is not None and "?" not in received:
        grid.add_row(_label(lang, "received"), cards_text(received))
    grid.add_row(_label(lang, "total"), Text(number(view["totals"][s]), style="bold"))
    title = voice.name(s)
    if s == seat:
        title += f" ({_label(lang, 'you')})"
    if s == zones["start_player"]:
        title += f" · {_label(lang, 'start')}"
    if s == view["dealer"]:
        title += f" · {_label(lang, 'dealer')}"
    acting = s in view["to_act"]
    if acting:
        title += f" · {_label(lang, 'to_act')}"
    return Panel(grid, title=title, border_style="bold cyan" if acting else "grey50", expand=False)


def _pile(view: dict[str, Any], voice: Voice) -> Table:
    zones = view["zones"]
    lang = voice.lang
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    pile = zones["pile"]
    if pile:
        row = Text.assemble(card_text(pile[0]), (f" ◀ {_label(lang, 'top')}  ", "bold"), cards_text(pile[1:], ""))
    else:
        row = Text(_label(lang, "pile_empty"), style="grey62")
    table.add_row(_label(lang, "pile"), row)
    table.add_row(_label(lang, "out"), _backs(len(zones["out"]), lang))
    if zones["set_aside"]:
        table.add_row(_label(lang, "set_aside"), _backs(len(zones["set_aside"]), lang))
    last = last_move_text(view, voice)
    if last:
        table.add_row(_label(lang, "last_move"), Text(last, style="magenta"))
    return table


def render(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw a ``lastcard`` seat view (``seat``; ``None`` = spectator) in ``voice``'s language (de/en),
    seats named by ``voice``.

    Only the view's own data is used: hidden cards (``"?"``) are drawn as backs with their count.
    """
    options = view["options"]
    rounds = options["rounds"] or view["players"]
    lang = voice.lang
    parts: list[RenderableType] = [
        Text(f"{_label(lang, 'title')} — {_label(lang, 'round', round=view['round'], rounds=rounds)}", style="bold"),
        _pile(view, voice),
        Columns([_seat_panel(view, s, seat, voice) for s in range(view["players"])]),
    ]
    phase = view["phase"]
    if phase == "pass":
        parts.append(Text(_label(lang, "phase_pass", n=options["pass_cards"]), style="bold yellow"))
        waiting = listing([voice.name(s) for s in view["to_act"] if s != voice.viewer], lang)  # never the reader
        if waiting:
            parts.append(Text(_label(lang, "waiting", seats=waiting), style="grey62"))
    elif phase == "round_over":
        parts.append(Text(voice.say(view["to_act"][0], WORDS.get(lang, "labels.round_over"),
                                    WORDS.get(lang, "labels.round_over_you")), style="bold yellow"))
    return Group(*parts)
