"""Moves, cards and phases of ``grid`` in the players' words (Farbraster: Raster, Reihe, Spalte,
Nachziehstapel, Ablagestapel).

Pure: reads only the token (through :func:`~.notation.parse`) and the reader's views, so a hidden
card can never be named. This is the game's ``words`` part: :class:`~kartentisch.kernel.game.Game`'s
``card_name``, ``phase_name``, ``describe_move`` and ``choice`` call these functions (see
:mod:`kartentisch.kernel.words`).

Positions are spoken as the player sees the grid now, counted from 1: ``swap:1:0`` is "row 2,
column 1" / "Reihe 2, Spalte 1" in whatever shape the grid has at that moment (R10).

What a move caused is read from the difference of the two views: the cards new on the discard
pile are, from the bottom, the card the move put there (R7, R8) and then three per removed line
(R11, lowest on top), in the order they were removed, first the acting grid's, then, if the move
ended the round, each grid's at the reveal in its order (R16).

>>> from kartentisch.kernel.words import Voice
>>> card_name("b-1", "de"), card_name("t11", "en")
('Blau -1', 'Turquoise 11')
>>> choice(0, "takediscard", {"zones": {"discard_top": "r7"}}, Voice("de", 0)).steps
('Nimm Rot 7 vom Ablagestapel',)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...kernel.words import Choice, Voice, common_text, listing
from .cards import VALUE
from .notation import (
    LINES,
    Close,
    Deal,
    Draw,
    Flip,
    Keep,
    Move,
    Remove,
    Swap,
    TakeDiscard,
    parse,
    shape,
)
from .texts import COLOUR_NAMES

#: Every sentence, per language: ``(third person, second person)`` pairs for :meth:`Voice.say`
#: (``{who}`` is the seat), plain strings to ``format``.
_TEXTS: dict[str, dict[str, Any]] = {
    "en": {
        "cell": "row {row}, column {col}",
        "row": "row {n}", "column": "column {n}",
        "d0": "the diagonal from top left", "d1": "the diagonal from top right",
        "rows": ("{n} row", "{n} rows"), "columns": ("{n} column", "{n} columns"),
        "grid_of": ("{name}'s grid", "your grid"), "grid_from": ("{name}'s grid", "your grid"),
        "setup_flip": ("{who} turns up {card} at {cell}.", "{who} turn up {card} at {cell}."),
        "all_flipped": "Everyone has turned up two cards.",
        "starts": ("{who} has the highest sum ({total}) and starts.",
                   "{who} have the highest sum ({total}) and start."),
        "starts_tie": ("{who} starts: tied for the highest sum ({total}), first clockwise from the dealer's left.",
                       "{who} start: tied for the highest sum ({total}), first clockwise from the dealer's left."),
        "reshuffle": "The discard pile is shuffled into a new draw pile; {card} stays face up.",
        "draw_seen": ("{who} draws {card}.", "{who} draw {card}."),
        "draw_hidden": ("{who} draws a card.", "{who} draw a card."),
        "take": ("{who} takes {card} from the discard pile.", "{who} take {card} from the discard pile."),
        "swap": ("{who} swaps {card} into {cell}; {old} goes to the discard pile.",
                 "{who} swap {card} into {cell}; {old} goes to the discard pile."),
        "drawn_card": "the drawn card",
        "flip": ("{who} discards {drawn} and turns up {flipped}.", "{who} discard {drawn} and turn up {flipped}."),
        "flipped_seen": "{card} at {cell}", "flipped_hidden": "the card at {cell}",
        "remove": ("{who} removes {line} ({cards}).", "{who} remove {line} ({cards})."),
        "keep": ("{who} removes no line for now.", "{who} remove no line for now."),
        "close_h": ("{who} closes the gaps horizontally.", "{who} close the gaps horizontally."),
        "close_v": ("{who} closes the gaps vertically.", "{who} close the gaps vertically."),
        "line_named": "{line} is complete ({cards}) and goes to the discard pile.",
        "line_own": "The line of {cards} is complete and goes to the discard pile.",
        "line_then": "Then the line of {cards} is complete too and goes to the discard pile.",
        "line_from": "The line of {cards} goes from {grid} to the discard pile.",
        "shape": "{grid} now has {rows} and {columns}.",
        "empty": "{grid} is now empty.",
        "must_choose": ("{who} has several complete lines and chooses one to remove.",
                        "{who} have several complete lines and choose one to remove."),
        "may_choose": ("{who} decides whether to remove a complete line.",
                       "{who} decide whether to remove a complete line."),
        "must_close": ("{who} must now close the gaps, horizontally or vertically.",
                       "{who} must now close the gaps, horizontally or vertically."),
        "trigger": ("{who} has no face-down card left and ends the round: every other player has one more turn.",
                    "{who} have no face-down card left and end the round: every other player has one more turn."),
        "reveal": "That was the last turn: all face-down cards are turned face up.",
        "deal": ("{who} deals round {round}.", "{who} deal round {round}."),
        "dealt": "{card} starts the discard pile. Everyone turns up two cards of their grid.",
        "do_draw": "Draw a card", "do_take": "Take {card} from the discard pile",
        "do_setup_flip": "Turn up the card at {cell}",
        "do_swap": "Swap {card} into the grid", "do_flip": "Discard {card} and turn up a card",
        "at_up": "{cell} ({card})", "at_down": "{cell} (face down)", "at": "{cell}",
        "do_remove": "Remove {line} ({cards})", "do_keep": "Remove no line for now",
        "do_close_h": "Close the gaps horizontally ({rows}, {columns})",
        "do_close_v": "Close the gaps vertically ({rows}, {columns})",
        "do_deal": "Deal round {round}",
    },
    "de": {
        "cell": "Reihe {row}, Spalte {col}",
        "row": "Reihe {n}", "column": "Spalte {n}",
        "d0": "die Diagonale von links oben", "d1": "die Diagonale von rechts oben",
        "rows": ("{n} Reihe", "{n} Reihen"), "columns": ("{n} Spalte", "{n} Spalten"),
        "grid_of": ("das Raster von {name}", "dein Raster"),
        "grid_from": ("dem Raster von {name}", "deinem Raster"),
        "setup_flip": ("{who} deckt {card} in {cell} auf.", "{who} deckst {card} in {cell} auf."),
        "all_flipped": "Alle haben zwei Karten aufgedeckt.",
        "starts": ("{who} hat die höchste Summe ({total}) und beginnt.",
                   "{who} hast die höchste Summe ({total}) und beginnst."),
        "starts_tie": ("{who} beginnt: gleichauf mit der höchsten Summe ({total}), im Uhrzeigersinn zuerst links "
                       "vom Geber.",
                       "{who} beginnst: gleichauf mit der höchsten Summe ({total}), im Uhrzeigersinn zuerst links "
                       "vom Geber."),
        "reshuffle": "Der Ablagestapel wird zu einem neuen Nachziehstapel gemischt; {card} bleibt offen liegen.",
        "draw_seen": ("{who} zieht {card}.", "{who} ziehst {card}."),
        "draw_hidden": ("{who} zieht eine Karte.", "{who} ziehst eine Karte."),
        "take": ("{who} nimmt {card} vom Ablagestapel.", "{who} nimmst {card} vom Ablagestapel."),
        "swap": ("{who} tauscht {card} in {cell} ein; {old} kommt auf den Ablagestapel.",
                 "{who} tauschst {card} in {cell} ein; {old} kommt auf den Ablagestapel."),
        "drawn_card": "die gezogene Karte",
        "flip": ("{who} legt {drawn} ab und deckt {flipped} auf.", "{who} legst {drawn} ab und deckst {flipped} auf."),
        "flipped_seen": "{card} in {cell}", "flipped_hidden": "die Karte in {cell}",
        "remove": ("{who} entfernt {line} ({cards}).", "{who} entfernst {line} ({cards})."),
        "keep": ("{who} entfernt vorerst keine Reihe.", "{who} entfernst vorerst keine Reihe."),
        "close_h": ("{who} schiebt das Raster waagerecht zusammen.", "{who} schiebst das Raster waagerecht zusammen."),
        "close_v": ("{who} schiebt das Raster senkrecht zusammen.", "{who} schiebst das Raster senkrecht zusammen."),
        "line_named": "{line} ist vollständig ({cards}) und kommt auf den Ablagestapel.",
        "line_own": "Die Reihe aus {cards} ist vollständig und kommt auf den Ablagestapel.",
        "line_then": "Dann ist auch die Reihe aus {cards} vollständig und kommt auf den Ablagestapel.",
        "line_from": "Die Reihe aus {cards} kommt aus {grid} auf den Ablagestapel.",
        "shape": "{grid} hat jetzt {rows} und {columns}.",
        "empty": "{grid} ist jetzt leer.",
        "must_choose": ("{who} hat mehrere vollständige Reihen und wählt eine zum Entfernen.",
                        "{who} hast mehrere vollständige Reihen und wählst eine zum Entfernen."),
        "may_choose": ("{who} entscheidet, ob eine vollständige Reihe entfernt wird.",
                       "{who} entscheidest, ob eine vollständige Reihe entfernt wird."),
        "must_close": ("{who} muss das Raster jetzt waagerecht oder senkrecht zusammenschieben.",
                       "{who} musst das Raster jetzt waagerecht oder senkrecht zusammenschieben."),
        "trigger": ("{who} hat keine verdeckte Karte mehr und beendet die Runde: Alle anderen haben noch einen Zug.",
                    "{who} hast keine verdeckte Karte mehr und beendest die Runde: Alle anderen haben noch einen Zug."),
        "reveal": "Das war der letzte Zug: Alle verdeckten Karten werden aufgedeckt.",
        "deal": ("{who} gibt Runde {round}.", "{who} gibst Runde {round}."),
        "dealt": "{card} liegt offen als Ablagestapel. Jeder deckt zwei Karten seines Rasters auf.",
        "do_draw": "Ziehe eine Karte", "do_take": "Nimm {card} vom Ablagestapel",
        "do_setup_flip": "Decke die Karte in {cell} auf",
        "do_swap": "Tausche {card} ins Raster ein", "do_flip": "Lege {card} ab und decke eine Karte auf",
        "at_up": "{cell} ({card})", "at_down": "{cell} (verdeckt)", "at": "{cell}",
        "do_remove": "Entferne {line} ({cards})", "do_keep": "Entferne vorerst keine Reihe",
        "do_close_h": "Schiebe das Raster waagerecht zusammen ({rows}, {columns})",
        "do_close_v": "Schiebe das Raster senkrecht zusammen ({rows}, {columns})",
        "do_deal": "Gib Runde {round}",
    },
}

#: The phases of grid (spec *State document*) as players call them; the common two come from the kernel.
_PHASES: dict[str, dict[str, str]] = {
    "en": {"setup": "Setup: everyone turns up two cards", "play": "Play", "reveal": "Reveal: lines at round end"},
    "de": {"setup": "Aufbau: jeder deckt zwei Karten auf", "play": "Spiel",
           "reveal": "Aufdecken: Reihen am Rundenende"},
}

Grid = Sequence[Sequence[Any]]


def _lang(lang: str) -> str:
    """``lang`` if grid has texts in it, else English (as the kernel's texts fall back)."""
    return lang if lang in _TEXTS else "en"


def card_name(code: str, lang: str) -> str:
    """The full name of card ``code``: colour and value, ``"b-1"`` → "Blue -1" / "Blau -1" (grid D1).

    Raises:
        ValueError: ``code`` is not a grid card code (``b-1`` … ``y11``).
    """
    if code not in VALUE:
        raise ValueError(f"grid: {code!r} is not a card code (b-1 … y11)")
    return f"{COLOUR_NAMES[_lang(lang)][code[0]].capitalize()} {VALUE[code]}"


def phase_name(phase: str, lang: str) -> str:
    """The phase as players call it: ``setup`` (R4), ``play``, ``reveal`` (R16), ``round_over``,
    ``game_over``.

    Raises:
        ValueError: ``phase`` is not a phase of grid.
    """
    names = _PHASES[_lang(lang)]
    if phase in names:
        return names[phase]
    if phase in ("round_over", "game_over"):
        return common_text(lang, phase)
    raise ValueError(f"grid: no phase {phase!r}; phases are setup, play, reveal, round_over and game_over")


# ----------------------------------------------------------------------------- pieces of sentences

def _cell(row: int, col: int, lang: str) -> str:
    """A position counted from 1: "row 2, column 1" / "Reihe 2, Spalte 1"."""
    return _TEXTS[_lang(lang)]["cell"].format(row=row + 1, col=col + 1)


def _line_name(line: str, lang: str) -> str:
    """A line id of R10 as a player names it in the grid's current shape: "row 2", "column 3",
    "the diagonal from top left" (German "Reihe 2", "Spalte 3", "die Diagonale von links oben")."""
    texts = _TEXTS[_lang(lang)]
    if line[0] == "d":
        return str(texts[line])
    return str(texts["row" if line[0] == "r" else "column"].format(n=int(line[1]) + 1))


def _names(codes: Sequence[str], lang: str) -> str:
    """Cards as a sentence lists them: "Blue 1, Blue 4 and Blue 9"."""
    return listing([card_name(c, lang) for c in codes], lang)


def _count(key: str, n: int, lang: str) -> str:
    """ "1 row", "2 rows", "3 columns" (German "1 Reihe", "2 Spalten")."""
    return str(_TEXTS[_lang(lang)][key][0 if n == 1 else 1].format(n=n))


def _grid_of(seat: int, voice: Voice, key: str = "grid_of") -> str:
    """``seat``'s grid as the reader says it: "Ben's grid" / "your grid" ("das Raster von Ben" /
    "dein Raster"; ``key="grid_from"``: the German dative "dem Raster von Ben" / "deinem Raster")."""
    other, own = _TEXTS[_lang(voice.lang)][key]
    return str(own if seat == voice.viewer else other.format(name=voice.name(seat)))


def _up(x: Any) -> bool:
    """Whether a cell of a view holds a face-up card (not ``"?"``, not a gap)."""
    return x is not None and x != "?"


def _cells(grid: Grid) -> int:
    """How many cards a grid holds (gaps not counted)."""
    return sum(1 for row in grid for x in row if x is not None)


def _face_up(grid: Grid) -> dict[str, tuple[int, int]]:
    """The face-up cards of a grid and their cells."""
    return {x: (r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if _up(x)}


def _cap(text: str) -> str:
    """``text`` with its first letter upper case (a line name opening a sentence)."""
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------------------- what a move caused

def _new_on_discard(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The cards a move put onto the discard pile, top first: removed lines, three each, lowest card
    on top, the last removed on top (R11, D12), over the card the move put there itself (the
    swapped-out card after ``swap``, the drawn card after ``flip``, D16)."""
    pile = after["zones"]["discard"]
    return list(pile[:len(pile) - len(before["zones"]["discard"])])


def _lines(cards: list[str]) -> list[list[str]]:
    """Removed lines from :func:`_new_on_discard`'s cards (without a card the move put there
    itself), in the order they were removed, each lowest card first."""
    return [cards[i:i + 3] for i in range(0, len(cards), 3)][::-1]


def _turn_line(grid: Grid, move: Swap | Flip, triple: list[str], known: str | None) -> tuple[str, str] | None:
    """Whether ``triple``, the first line removed in a move, went right after the swap or flip at
    ``move``'s cell (R11), and if so ``(line id, the card placed or turned up there)``.

    Such a line runs through that cell and two cells face up before the move (a line needing a card
    still face down then can only have formed at the reveal). ``known``: the placed card if the
    reader saw it. ``grid``: the acting seat's grid before the move, in the reader's view.
    """
    here = (move.row, move.col)
    where = {x: rc for x, rc in _face_up(grid).items() if rc != here}  # a swapped-out card left
    seen = [where[x] for x in triple if x in where]
    rest = [x for x in triple if x not in where]
    if len(seen) != 2 or (known is not None and rest != [known]):
        return None
    for line, cells in LINES[shape(grid)]:
        if set(cells) == {*seen, here}:
            return line, rest[0]
    return None


def _placed(seat: int, move: Swap | Flip, before: dict[str, Any], after: dict[str, Any],
            lines: list[list[str]]) -> tuple[str | None, str | None]:
    """For a swap or flip of ``seat``: ``(line, card)``, the id of the line that went with it (R11;
    ``None`` if none did) and the card now at its cell, swapped in or turned up (``None`` when the
    reader cannot tell: a drawn card, unseen, whose line went only at the reveal)."""
    grid, now = before["zones"]["grids"][seat], after["zones"]["grids"][seat]
    held = before["zones"]["held"] if isinstance(move, Swap) and _up(before["zones"]["held"]) else None
    found = _turn_line(grid, move, lines[0], held) if lines else None
    if found is not None:
        return found
    if held is None and _cells(now) == _cells(grid):  # no line left this grid: the card lies there
        return None, now[move.row][move.col]
    return None, held


def _segments(seat: int, before: dict[str, Any], after: dict[str, Any], lines: list[list[str]],
              first: bool) -> list[tuple[int, list[list[str]]]]:
    """The removed ``lines`` (chronological) grouped by the grid they left: ``(seat, lines)`` in order.

    The acting ``seat``'s own lines come first: ``first`` says whether the first of them went with
    the move (a line through the swapped or flipped cell, or the line of ``remove``), and every
    following line made only of cards face up before the move belongs there too (R13). The rest left
    the grids at the reveal (R16), seat by seat in its order, as many from each as it lost.
    """
    bz, az = before["zones"], after["zones"]
    mine = set(_face_up(bz["grids"][seat]))
    t = 1 if first and lines else 0
    while t < len(lines) and mine.issuperset(lines[t]):
        t += 1
    out = [(seat, lines[:t])]
    rest = lines[t:]
    if not rest:
        return out
    n = before["players"]
    if before["phase"] == "play":  # the move ended the round: every grid is resolved (R16)
        trigger = az["trigger"] if az["trigger"] is not None else seat
        order = [(trigger + k) % n for k in range(1, n + 1)]
    else:  # a choice at the reveal: the grids still queued follow
        order = list(bz["reveal_queue"])
    for s in order:
        lost = (_cells(bz["grids"][s]) - _cells(az["grids"][s])) // 3 - (t if s == seat else 0)
        if lost > 0:
            out.append((s, rest[:lost]))
            rest = rest[lost:]
    return out


def _shape_sentence(seat: int, after: dict[str, Any], voice: Voice) -> str:
    """What ``seat``'s grid looks like now: "Ben's grid now has 2 rows and 3 columns." (R12)."""
    texts = _TEXTS[_lang(voice.lang)]
    grid = after["zones"]["grids"][seat]
    name = _cap(_grid_of(seat, voice))
    if not grid:
        return str(texts["empty"].format(grid=name))
    rows, cols = shape(grid)
    return str(texts["shape"].format(grid=name, rows=_count("rows", rows, voice.lang),
                                     columns=_count("columns", cols, voice.lang)))


def _aftermath(seat: int, move: Move, before: dict[str, Any], after: dict[str, Any], voice: Voice,
               lines: list[list[str]], named: str | None) -> list[str]:
    """The sentences of what a swap, flip, ``remove``, ``keep`` or ``close`` caused: lines leaving
    the grid (R11, R13), its new shape (R12), an open choice, the trigger (R14), the reveal (R16)."""
    texts = _TEXTS[_lang(voice.lang)]
    lang = voice.lang
    bz, az = before["zones"], after["zones"]
    first = named is not None or isinstance(move, Remove)
    segments = _segments(seat, before, after, lines, first)
    out: list[str] = []
    own = segments[0][1]
    for k, cards in enumerate(own):
        if k == 0 and isinstance(move, Remove):
            continue  # the move's own sentence names it
        if k == 0 and named is not None:
            out.append(texts["line_named"].format(line=_cap(_line_name(named, lang)), cards=_names(cards, lang)))
        else:
            out.append(texts["line_then" if k else "line_own"].format(cards=_names(cards, lang)))
    later = {s for s, group in segments[1:] if group}  # told with the reveal's lines instead
    closing = az["step"] == "close" and az["active"] == seat  # gaps now: the choice is told below
    if (own or isinstance(move, Close)) and seat not in later and not closing:
        out.append(_shape_sentence(seat, after, voice))
    if bz["trigger"] is None and az["trigger"] == seat:
        out.append(voice.say(seat, *texts["trigger"]))
    if before["phase"] == "play" and after["phase"] != "play":
        out.append(texts["reveal"])
    for s, group in segments[1:]:
        for cards in group:
            out.append(texts["line_from"].format(cards=_names(cards, lang), grid=_grid_of(s, voice, "grid_from")))
        if group and not (az["step"] == "close" and az["active"] == s):
            out.append(_shape_sentence(s, after, voice))
    if after["phase"] in ("play", "reveal") and az["step"] in ("remove", "close"):
        key = "must_close" if az["step"] == "close" else (
            "may_choose" if after["options"].get("optional_removal") else "must_choose")
        out.append(voice.say(az["active"], *texts[key]))
    return out


# ----------------------------------------------------------------------------- moves told

def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """The applied move ``token`` of ``seat`` as the table would say it to ``voice``'s reader, with
    what it caused that the reader's views show (grid D8, R21: a drawn card only to the drawer).

    Args:
        token: the move (grid tokens carry no hidden card, so every reader gets the token itself).
        before, after: the reader's views just before and just after the move.
    Raises:
        MalformedToken: ``token`` is not a grid token.
    """
    move = parse(token)
    texts = _TEXTS[_lang(voice.lang)]
    lang = voice.lang
    bz, az = before["zones"], after["zones"]
    if isinstance(move, Deal):  # R20
        return " ".join([voice.say(seat, *texts["deal"], round=after["round"]),
                         texts["dealt"].format(card=card_name(az["discard_top"], lang))])
    if isinstance(move, Draw):  # R8, R9
        parts = [texts["reshuffle"].format(card=card_name(az["discard_top"], lang))] if not bz["draw_count"] else []
        held = az["held"]
        if _up(held):
            parts.append(voice.say(seat, *texts["draw_seen"], card=card_name(held, lang)))
        else:
            parts.append(voice.say(seat, *texts["draw_hidden"]))
        return " ".join(parts)
    if isinstance(move, TakeDiscard):  # R7
        return voice.say(seat, *texts["take"], card=card_name(bz["discard_top"], lang))
    if isinstance(move, Flip) and before["phase"] == "setup":  # R4, R5
        return _setup_flip(seat, move, after, voice)
    new = _new_on_discard(before, after)
    lines = _lines(new[:-1] if isinstance(move, Swap | Flip) else new)
    named = None
    if isinstance(move, Swap | Flip):
        own = new[-1]
        named, placed = _placed(seat, move, before, after, lines)
        cell = _cell(move.row, move.col, lang)
        if isinstance(move, Swap):  # R7, R8
            card = card_name(placed, lang) if placed is not None else texts["drawn_card"]
            main = voice.say(seat, *texts["swap"], card=card, cell=cell, old=card_name(own, lang))
        else:  # R8
            flipped = (texts["flipped_seen"].format(card=card_name(placed, lang), cell=cell) if placed is not None
                       else texts["flipped_hidden"].format(cell=cell))
            main = voice.say(seat, *texts["flip"], drawn=card_name(own, lang), flipped=flipped)
    elif isinstance(move, Remove):  # R11
        main = voice.say(seat, *texts["remove"], line=_line_name(move.line, lang),
                         cards=_names(lines[0] if lines else [], lang))
    elif isinstance(move, Keep):  # option optional_removal
        main = voice.say(seat, *texts["keep"])
    else:  # Close, R12
        main = voice.say(seat, *texts[f"close_{move.how}"])
    return " ".join([main, *_aftermath(seat, move, before, after, voice, lines, named)])


def _setup_flip(seat: int, move: Flip, after: dict[str, Any], voice: Voice) -> str:
    """An initial flip (R4), and who starts once everyone has flipped twice (R5, D5)."""
    texts = _TEXTS[_lang(voice.lang)]
    lang = voice.lang
    az = after["zones"]
    card = az["grids"][seat][move.row][move.col]
    parts = [voice.say(seat, *texts["setup_flip"], card=card_name(card, lang), cell=_cell(move.row, move.col, lang))]
    if after["phase"] == "play":
        sums = [sum(VALUE[x] for row in grid for x in row if _up(x)) for grid in az["grids"]]
        starter = az["active"]
        tied = sums.count(sums[starter]) > 1
        parts += [texts["all_flipped"], voice.say(starter, *texts["starts_tie" if tied else "starts"],
                                                   total=sums[starter])]
    return " ".join(parts)


# ----------------------------------------------------------------------------- moves chosen

def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """The legal ``token`` of ``seat`` as the player chooses it (imperative, ``view``: the seat's
    own view now). A placement is two steps: swap the card in hand or discard it and turn one up,
    then the cell ("Row 2, column 1 (Red 7)"); every other move is one step.

    Raises:
        MalformedToken: ``token`` is not a grid token.
    """
    move = parse(token)
    texts = _TEXTS[_lang(voice.lang)]
    lang = voice.lang
    z = view["zones"]
    if isinstance(move, Draw):
        return Choice((texts["do_draw"],))
    if isinstance(move, TakeDiscard):
        return Choice((texts["do_take"].format(card=card_name(z["discard_top"], lang)),))
    if isinstance(move, Deal):
        return Choice((texts["do_deal"].format(round=view["round"] + 1),))
    if isinstance(move, Keep):
        return Choice((texts["do_keep"],))
    if isinstance(move, Close):
        rows, cols = (3, 2) if move.how == "h" else (2, 3)
        return Choice((texts[f"do_close_{move.how}"].format(rows=_count("rows", rows, lang),
                                                            columns=_count("columns", cols, lang)),))
    grid = z["grids"][seat]
    if isinstance(move, Remove):
        cells = dict(LINES[shape(grid)])[move.line]
        cards = sorted((grid[r][c] for r, c in cells), key=VALUE.__getitem__)
        return Choice((texts["do_remove"].format(line=_line_name(move.line, lang), cards=_names(cards, lang)),))
    cell = _cap(_cell(move.row, move.col, lang))
    if view["phase"] == "setup":
        return Choice((texts["do_setup_flip"].format(cell=_cell(move.row, move.col, lang)),))
    held = card_name(z["held"], lang)
    if isinstance(move, Flip):
        return Choice((texts["do_flip"].format(card=held), texts["at"].format(cell=cell)))
    there = grid[move.row][move.col]
    where = texts["at_up"].format(cell=cell, card=card_name(there, lang)) if _up(there) else (
        texts["at_down"].format(cell=cell))
    return Choice((texts["do_swap"].format(card=held), where))
