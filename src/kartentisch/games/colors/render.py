"""Terminal renderer of ``colors`` (Colour Gap / Farblücke): the table as players see it.

``render(view, seat, voice)`` draws a seat view (or the spectator view, ``seat=None``): the
centre (Tischmitte), the draw pile as a count, a key to the cards' colour letters, every seat's hand (own cards
face up, others as backs), every collection (Auslage) sorted into colour groups with its current score, the open
pick and the last turn in words. Seats are named as the kernel's
:class:`~kartentisch.kernel.words.Voice` names them (counted from 1). The score pad (Punkteblock)
is drawn below by ``render_view``. Its words are the ``labels.`` texts of the game's catalogue (``words.toml``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...kernel.words import Voice, heading, number
from .cards import colours_in_play
from .rules import score_round
from .words import WORDS, colour_name, last_turn_text, phase_name

#: Readable card faces per colour letter (text on a coloured background).
STYLES = {
    "b": "bold white on blue", "g": "bold black on green", "p": "bold white on magenta",
    "r": "bold white on red", "y": "bold black on yellow",
}
BACK_STYLE = "white on grey30"


def card_text(code: str) -> Text:
    """One card as a small coloured face (``"?"``: a card back)."""
    if code == "?":
        return Text(" ▒▒ ", style=BACK_STYLE)
    return Text(f" {code[0].upper()}{code[1:]} ", style=STYLES.get(code[0], "bold"))


def cards_text(codes: list[str], empty: str) -> Text:
    """A row of cards separated by spaces (``empty`` when there is none)."""
    if not codes:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in codes)


def collection_text(codes: list[str], lang: str, empty: str) -> Text:
    """A collection grouped by colour, each group with its count (for the R14 scoring)."""
    if not codes:
        return Text(empty, style="dim")
    parts: list[Text] = []
    for colour in "bgpry":
        group = [c for c in codes if c[0] == colour]
        if group:
            label = Text(f"{colour_name(colour, lang)} {len(group)}: ", style="bold")
            parts.append(label + cards_text(group, empty))
    return Text("   ").join(parts)


def colour_key(players: int, lang: str) -> Text:
    """One line naming the colour letters the cards show, each as its card face shows it, with the colour's name in
    ``lang``: "B = Blau · G = Grün · P = Lila" (only the colours in play with ``players``, colors R1). The letters
    stay the notation's (``p`` is lila, ``y`` gelb), so a German player could not tell them from the German colour
    words (a fresh user's finding)."""
    key = Text()
    for i, letter in enumerate(colours_in_play(players)):
        key.append(" · " if i else "")
        key.append(letter.upper(), style=STYLES[letter])
        key.append(f" = {colour_name(letter, lang).capitalize()}")
    return key


def render(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw a ``colors`` seat view for ``seat`` (``None``: spectator) in ``voice``'s language, seats named by it."""
    lang = voice.lang
    L = WORDS.section("labels", lang)
    zones = view["zones"]
    to_act = view.get("to_act") or []
    head = Text(f"{L['title']} — {L['round']} {view['round']}", style="bold")
    head.append(f"   {L['phase']}: {phase_name(view['phase'], lang)}   {heading(L['dealer'])}: "
                f"{voice.who(view['dealer'])}")
    if to_act:  # the reader's own seat as "You"/"Du", as everywhere they read about themselves
        head.append(f"   {heading(L['to_act'])}: {voice.who(to_act[0])}", style="bold green")

    centre = Table.grid(padding=(0, 2))
    centre.add_row(Text(L["centre"], style="bold"), cards_text(zones["centre"], L["empty"]),
                   Text(f"{L['draw']}: {len(zones['draw'])} {L['cards']}", style="dim"))

    seats = Table(show_header=True, header_style="bold", expand=False)
    seats.add_column(L["seat"])
    seats.add_column(L["hand"])
    seats.add_column(L["collection"])
    seats.add_column(heading(L["score_now"]), justify="right")
    seats.add_column(L["total"], justify="right")
    now = score_round(zones["collections"])
    for s, hand in enumerate(zones["hands"]):
        name = voice.name(s) + (f" ({L['you']})" if s == seat else "") + (" ◀" if s in to_act else "")
        seats.add_row(Text(name, style="bold green" if s in to_act else ""), cards_text(hand, L["empty"]),
                      collection_text(zones["collections"][s], lang, L["empty"]), number(now[s]),
                      number(view["totals"][s]))

    parts: list[RenderableType] = [head, centre, colour_key(view["players"], lang), seats]
    pending = zones.get("pending")
    if pending:
        line = Text(f"{L['pick']} ({L[pending['side']]} {pending['number']}): ", style="bold yellow")
        parts.append(line + cards_text(pending["options"], L["empty"]))
    last = last_turn_text(view, voice)
    if last:
        parts.append(Text(f"{L['last']}: {last}"))
    if view["phase"] == "round_over":
        parts.append(Text(L["round_over"], style="bold magenta"))
    return Panel(Group(*parts), title=L["title"], expand=False)
