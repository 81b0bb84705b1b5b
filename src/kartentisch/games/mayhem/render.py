"""Terminal renderer of ``mayhem``, the game's render part: the table as players know it (discard top
and wish, hand sizes, whose turn and the direction, the event just resolved), in German or English.

``render(view, seat, voice)`` draws a seat view (``seat=None``: spectator). Cards and phases are
named by :mod:`.words`, seats as the kernel's :class:`~kartentisch.kernel.words.Voice` names them
(counted from 1). The score pad is drawn below by ``render_view``."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...kernel.words import LANGS, Voice, heading, number
from .cards import COLOR, COLORS, KIND
from .words import WORDS, card_name, phase_name

STYLE = {"r": "bold white on red", "y": "bold black on yellow", "g": "bold white on green", "b": "bold white on blue"}
BLACK = "bold white on grey23"
WISH_STYLE = "bold black on white"
BACK = "grey50 on grey15"


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"


def card_text(card: str, lang: str) -> Text:
    """One card as a coloured chip named in full (readable without colour too; ``?`` as a card back)."""
    if card == "?":
        return Text(" ▒ ", style=BACK)
    kind = KIND.get(card)
    color = COLOR.get(card)
    label = card_name(card, lang)
    if color is not None:
        return Text(f" {label} ", style=STYLE[color])
    if kind == "black":
        return Text(f" {label} ", style=BLACK)
    return Text(f" {label} ", style=WISH_STYLE)


def _cards(cards: list[str], lang: str) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c, lang))
    return out


def _wish(wish: str | None, lang: str) -> Text:
    if wish is None:
        return Text(WORDS.get(lang, "labels.none"), style="dim")
    if wish in COLORS:
        return Text(f" {WORDS.get(lang, f'colour_lower.{wish}')} ", style=STYLE[wish])
    return Text(f" {wish} ", style=WISH_STYLE)


def _pending(pending: dict[str, Any] | None, voice: Voice) -> str:
    if not pending:
        return ""
    kind, lang = pending.get("type"), voice.lang
    if kind == "attack":
        name = WORDS.get(lang, f"card.{pending['kind']}")
        return f"{name}: {voice.who(pending['source'])} → {voice.who(pending['target'])}"
    if kind == "event":
        return card_name(pending["event"], lang)
    if kind == "start":
        return f"{phase_name('start', lang)}: {card_name(pending['card'], lang)}"
    return phase_name(kind or "", lang)


def render(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw a ``mayhem`` seat view for ``seat`` (``None``: a spectator's, hidden cards shown as backs and titled so,
    or a replay's state document with every card open, titled "all cards open"), in ``voice``'s language with its
    seat names."""
    lang = _lang(voice.lang)
    L = WORDS.section("labels", lang)
    voice = Voice(lang, seat, voice.names)
    z = view["zones"]
    to_act = view.get("to_act", [])
    n = view["players"]

    # R72: once a round is scored, `dealer` already names the seat that deals the next one
    dealer = heading(L["deals_next"] if view["phase"] == "round_over" else L["dealer"])
    head = Text()
    head.append(f"{L['round']} {view['round']}  ·  {dealer}: {voice.who(view['dealer'])}  ·  ")
    head.append(f"{L['phase']}: {phase_name(view['phase'], lang)}", style="bold")
    head.append(f"\n{L['direction']}  ↺", style="italic")

    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column(L["seat"])
    table.add_column(L["cards"], justify="right")
    table.add_column("")
    table.add_column(L["total"], justify="right")
    for s in range(n):
        name = voice.name(s) + (f" ({L['you']})" if s == seat else "")
        marks = []
        if s == z.get("current") and view["phase"] not in ("round_over", "game_over"):
            marks.append(f"▶ {L['turn']}")
        if s in to_act:
            marks.append(f"● {L['to_act']}")
        if z["skipped"][s]:
            marks.append(L["skipped"])
        if s == view["dealer"]:
            marks.append(dealer)
        style = "bold" if s in to_act else ""
        table.add_row(Text(name, style=style), str(z["hand_counts"][s]), " · ".join(marks), number(view["totals"][s]))

    table_line = Text()
    table_line.append(f"{L['discard']}: ")
    top = z["discard"][:1]
    table_line.append_text(_cards(top, lang))
    table_line.append(f"  ({len(z['discard'])})   {L['wish']}: ")
    table_line.append_text(_wish(z.get("wish"), lang))
    if z.get("last_color"):
        table_line.append(f"   {L['last_color']}: {WORDS.get(lang, 'colour_lower.' + z['last_color'])}")
    table_line.append(f"\n{L['draw']}: {z['draw_count']}")
    if z.get("draw_face_up") and z["draw_pile"]:
        table_line.append(f" ({L['face_up']}: ")
        table_line.append_text(card_text(z["draw_pile"][0], lang))
        table_line.append(")")
    if z.get("exhausted"):
        table_line.append(f"  {L['exhausted']}", style="red")
    table_line.append(f"   {L['events']}: {z['event_count']}")
    if z["events_used"]:
        table_line.append(f"   {L['last_event']}: ")
        table_line.append(card_name(z["events_used"][0], lang), style="bold magenta")

    parts: list[RenderableType] = [head, table, table_line]
    pending = _pending(z.get("pending"), voice)
    if pending:
        parts.append(Text(f"{L['pending']}: {pending}", style="bold magenta"))
    if z.get("market"):
        parts.append(Text(f"{L['market']}: ").append_text(_cards(z["market"], lang)))
    if z.get("gamble"):
        line = Text(f"{L['gamble']}: ")
        for key, card in sorted(z["gamble"].items()):
            line.append(f"{voice.name(int(key))} ").append_text(card_text(card, lang)).append("  ")
        parts.append(line)
    if z.get("revealed"):
        for s, cards in enumerate(z["revealed"]):
            parts.append(Text(f"{L['revealed']}, {voice.name(s)}: ").append_text(_cards(cards, lang)))
    if seat is not None:
        parts.append(Text(f"\n{voice.name(seat)} ({L['you']}): ").append_text(_cards(z["hands"][seat], lang)))
    else:
        for s in range(n):
            parts.append(Text(f"{voice.name(s)}: ").append_text(_cards(z["hands"][s], lang)))
    title = "Kartenchaos" if lang == "de" else "Mayhem"
    if seat is None:  # a spectator sees the hands' backs; a replay's whole state document shows every card
        hidden = any("?" in hand for hand in z["hands"] if isinstance(hand, list))
        title += f" · {L['spectator' if hidden else 'all_open']}"
    return Panel(Group(*parts), title=title, expand=False)
