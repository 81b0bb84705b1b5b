"""Moves, cards and phases of ``grid`` in the players' words (Farbraster: Raster, Reihe, Spalte,
Nachziehstapel, Ablagestapel).

Pure: reads only the token (through :func:`~.notation.parse`) and the reader's views, so a hidden
card can never be named. The texts are the game's catalogue :data:`WORDS` (``words.toml``, which the page
reads too); the code here picks and fills them. This is the game's ``words`` part:
:class:`~kartentisch.kernel.game.Game`'s ``card_name``, ``phase_name``, ``describe_move`` and ``choice`` call these
functions (see :mod:`kartentisch.kernel.words`).

Positions are spoken as the player sees the grid now, counted from 1: ``swap:1:0`` is "row 2,
column 1" / "Reihe 2, Spalte 1" in whatever shape the grid has at that moment (R10).

What a move caused is read from the difference of the two views: the cards new on the discard
pile are, from the bottom, the card the move put there (R7, R8) and then three per removed line
(R11, lowest on top), in the order they were removed, first the acting grid's, then, if the move
ended the round, each grid's at the reveal in its order (R16).

>>> from kartentisch.kernel.words import Voice
>>> card_name("b-1", "de"), card_name("t11", "en")
('Blau −1', 'Turquoise 11')
>>> choice(0, "takediscard", {"zones": {"discard_top": "r7"}}, Voice("de", 0)).steps
('Nimm Rot 7 vom Ablagestapel',)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...kernel.words import LANGS, Catalogue, Choice, Voice, common_text, listing, number
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

#: Every text of grid players read (``words.toml`` beside this module: the moves under ``words.``, the phases
#: under ``phase.``, the colours under ``colour.``), loaded once.
WORDS: Final = Catalogue.read(__package__)
#: The sentences per language from :data:`WORDS`: ``(third person, second person)`` pairs for :meth:`Voice.say`
#: (``{who}`` is the seat), plain strings to ``format`` (:meth:`~kartentisch.kernel.words.Catalogue.table`).
_TEXTS: Final[dict[str, dict[str, Any]]] = {lang: WORDS.table("words", lang) for lang in LANGS}

Grid = Sequence[Sequence[Any]]


def _lang(lang: str) -> str:
    """``lang`` if grid has texts in it, else English (as the kernel's texts fall back)."""
    return lang if lang in _TEXTS else "en"


def card_name(code: str, lang: str) -> str:
    """The full name of card ``code``: colour and value, ``"b-1"`` → "Blue −1" / "Blau −1" (grid D1), the value
    with the minus sign (U+2212) that the cards and the score summaries print (:func:`number`); the code keeps
    its hyphen (grid *Tokens*).

    Raises:
        ValueError: ``code`` is not a grid card code (``b-1`` … ``y11``).
    """
    if code not in VALUE:
        raise ValueError(f"grid: {code!r} is not a card code (b-1 … y11)")
    return f"{WORDS.get(lang, f'colour.{code[0]}').capitalize()} {number(VALUE[code])}"


def phase_name(phase: str, lang: str) -> str:
    """The phase as players call it: ``setup`` (R4), ``play``, ``reveal`` (R16), ``round_over``,
    ``game_over``.

    Raises:
        ValueError: ``phase`` is not a phase of grid.
    """
    if phase in ("setup", "play", "reveal"):
        return WORDS.get(lang, f"phase.{phase}")
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


def count_text(key: str, n: int, lang: str) -> str:
    """``n`` things of ``key`` ("rows", "columns", "cards") in singular or plural: "1 row", "2 rows", "1 card"
    (German "1 Reihe", "2 Spalten", "1 Karte")."""
    return str(_TEXTS[_lang(lang)][f"{key}_one" if n == 1 else f"{key}_many"].format(n=n))


def _grid_of(seat: int, voice: Voice, key: str = "grid_of") -> str:
    """``seat``'s grid as the reader says it: "Ben's grid" / "your grid" ("das Raster von Ben" /
    "dein Raster"; ``key="grid_from"``: the German dative "dem Raster von Ben" / "deinem Raster"); a bot's as
    "Bot Ida's grid" (:meth:`Voice.short`, not "Bot Ida (plays at random)'s grid")."""
    other, own = _TEXTS[_lang(voice.lang)][key]
    return str(own if seat == voice.viewer else other.format(name=voice.short(seat)))


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
    return str(texts["shape"].format(grid=name, rows=count_text("rows", rows, voice.lang),
                                     columns=count_text("columns", cols, voice.lang)))


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


def describe_start(view: dict[str, Any], voice: Voice) -> str:
    """Round 1's deal as later rounds' deals are told (:func:`describe_move` of the dealer's ``deal``, from ``view``,
    the reader's view of the start): the match's start deals it without a move."""
    return describe_move(int(view["dealer"]), "deal", view, view, voice)


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
                                                   total=number(sums[starter]))]
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
        return Choice((texts[f"do_close_{move.how}"].format(rows=count_text("rows", rows, lang),
                                                            columns=count_text("columns", cols, lang)),))
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
