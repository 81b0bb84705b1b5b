"""``chips`` in words: card and phase names, applied moves and legal moves as players say them.

The German terms are the spec's (Reihe, Stapel, Vorrat, Farbreihe, Minuspunkt, Sonderkarte,
Partie for a round, "Letzte Runde" for the final circuit), all in the game's catalogue :data:`WORDS`
(``words.toml``, which the page reads too); the code here picks and fills them. Every sentence is
built from the reader's views before and after the move and the move's token only
(:func:`kartentisch.kernel.words.narrate`); the only hidden zone, the draw pile, never shows in a
view, so no sentence can name a card still on it (spec *Visibility*).

Example::

    >>> card_name("r7", "de")
    'Rot 7'
"""

from __future__ import annotations

from typing import Any, Final

from ...kernel.words import LANGS, Catalogue, Choice, Voice, listing
from .cards import COLOUR, FACE_DOWN, SPECIALS, VALUE
from .notation import Deal, Take, parse

#: The spec's phase names (*State document*); words.py reads views, it does not import the rules.
PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"

#: Every text of chips players read (``words.toml`` beside this module: the moves under ``words.``, the colours of
#: cards under ``colour.``, the colour rows under ``row.``, the phases under ``phase.``), loaded once.
WORDS: Final = Catalogue.read(__package__)
#: The kernel's round and match sentences where chips words them its own way (Game.common_text): a round is a
#: "Partie" (chips D1: the summary's word), so the whole match is "das Spiel"; the coach's refusals likewise
#: (``coach_*``, web/refusals.py in_game_words).
COMMON: Final = {lang: WORDS.section("common", lang) for lang in LANGS}


def row_name(colour: str, lang: str) -> str:
    """The seat's colour row ``colour`` as a sentence names it ("blue row", German accusative after "in die":
    "blaue Farbreihe")."""
    return WORDS.get(lang, f"row.{colour}")


def _say(voice: Voice, seat: int, key: str, lower: bool = False, **kwargs: Any) -> str:
    """The sentence part ``words.key`` about ``seat``: second person for the reader's own seat."""
    own = seat == voice.viewer
    return WORDS.get(voice.lang, f"words.{key}_you" if own else f"words.{key}").format(
        who=voice.who(seat, lower=lower), **kwargs)


def chip_count(count: int, lang: str) -> str:
    """``count`` chips in singular or plural: "1 chip", "3 chips" ("1 Chip", "3 Chips")."""
    return WORDS.get(lang, "words.chips_one") if count == 1 else WORDS.text(lang, "words.chips_many", n=count)


def card_name(code: str, lang: str) -> str:
    """The full name of a number card (``"r7"`` → "Red 7" / "Rot 7") or a special card
    (``"s13"`` → "Special card 13" / "Sonderkarte 13"), spec *Components*.

    Raises:
        ValueError: ``code`` is no card of chips (a display's face-down ``"-r7"`` included: name
            the card, the orientation is said by the sentence).
    """
    if code in VALUE:
        return f"{WORDS.get(lang, f'colour.{COLOUR[code]}')} {VALUE[code]}"
    if code in SPECIALS:
        return WORDS.text(lang, "words.special", n=SPECIALS[code].number)
    raise ValueError(f"chips: {code!r} is not a card code (k1 … y10, or a special card s2 … s15)")


def special_text(code: str, lang: str) -> str:
    """What the special card ``code`` does, in short (chips R12's table: ``"s2"`` → "a 4 never costs chips"); the
    page shows the same texts (``page.special.*``)."""
    return WORDS.get(lang, f"page.special.{code}")


def phase_name(phase: str, lang: str) -> str:
    """The players' name of ``phase`` (``play``, ``round_over``, ``game_over``).

    Raises:
        ValueError: a phase chips does not have.
    """
    if phase not in (PLAY, ROUND_OVER, GAME_OVER):
        raise ValueError(f"chips: no phase {phase!r}; phases: {PLAY}, {ROUND_OVER}, {GAME_OVER}")
    return WORDS.get(lang, f"phase.{phase}")


def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """The applied ``token`` of ``seat`` in words for ``voice``, with what it set off.

    A take (R5–R8, R14): the card, the chips paid (R5; none for a free 4, R13) and collected (R6),
    the colour row and side it went to (R7); then the refill from the pile (R8), or the empty pile
    and the final circuit with the seat that has the last turn (R9), an extra turn (R15), or the
    round ending on an empty row (R9). A ``deal`` (R11): the new round, its special cards when
    drawn at random (R2), the row laid out and the start player. ``before``/``after`` are
    ``voice.viewer``'s views; the round's scores are the kernel's (:func:`~kartentisch.kernel.words.narrate`).

    Raises:
        MalformedToken: ``token`` is not chips notation (R4).
    """
    move = parse(token)
    if isinstance(move, Deal):
        return _describe_deal(after, seat, voice)
    return _describe_take(seat, move, before, after, voice)


def describe_start(view: dict[str, Any], voice: Voice) -> str:
    """Round 1's deal as later rounds' deals are told (:func:`describe_move` of the dealer's ``deal``, from ``view``,
    the reader's view of the start): the match's start deals it without a move."""
    return describe_move(int(view["dealer"]), "deal", view, view, voice)


def _describe_take(seat: int, move: Take, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    lang = voice.lang
    old, new = before["zones"], after["zones"]
    taken = old["row"][move.position]
    card = taken["card"]
    paid = old["supply"][seat] - new["supply"][seat] + taken["chips"]
    parts = [_say(voice, seat, "take", card=card_name(card, lang))]
    if paid:
        parts.append(_say(voice, seat, "pay", chips=chip_count(paid, lang)))
    elif move.position:
        parts.append(_say(voice, seat, "pay_none"))
    if taken["chips"]:
        parts.append(_say(voice, seat, "collect", chips=chip_count(taken["chips"], lang)))
    colour = move.row or COLOUR[card]
    down = new["display"][seat][colour][-1].startswith(FACE_DOWN)
    parts.append(_say(voice, seat, "lay", side=WORDS.get(lang, "words.down" if down else "words.up"),
                      row=row_name(colour, lang), note=WORDS.get(lang, "words.minus") if down else ""))
    sentences = [listing(parts, lang) + "."]
    if old["draw_count"]:
        sentences.append(WORDS.text(lang, "words.refill", card=card_name(new["row"][-1]["card"], lang)))
    elif not old["final_circuit"]:
        sentences.append(WORDS.get(lang, "words.pile_empty"))
        if after["phase"] == PLAY:
            sentences.append(_say(voice, after["dealer"], "last_turn", lower=True))
    if after["phase"] == PLAY and new["extra_turn"]:
        sentences.append(_say(voice, seat, "again"))
    elif after["phase"] != PLAY and not new["row"]:
        sentences.append(WORDS.get(lang, "words.row_empty"))
    return " ".join(sentences)


def _describe_deal(after: dict[str, Any], seat: int, voice: Voice) -> str:
    lang = voice.lang
    zones = after["zones"]
    sentences = [_say(voice, seat, "deal", round=after["round"])]
    if after["options"]["specials"] == "random":
        drawn = [f"{SPECIALS[code].number} ({special_text(code, lang)})" for code in zones["specials"]]
        sentences.append(WORDS.text(lang, "words.specials", cards=listing(drawn, lang)))
    sentences.append(WORDS.text(lang, "words.row",
                                cards=listing([card_name(e["card"], lang) for e in zones["row"]], lang)))
    sentences.append(_say(voice, zones["start_player"], "starts"))
    return " ".join(sentences)


def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """The legal ``token`` of ``seat`` as the seat chooses it (``view``: its view now).

    ``take:<i>``: one step, the card ("Take Red 7"); ``take:<i>:<c>`` (R14): the card, then the
    colour row ("Put it on your black row"); ``deal``: one step naming the next round (R11).

    Raises:
        MalformedToken: ``token`` is not chips notation (R4).
    """
    lang = voice.lang
    move = parse(token)
    if isinstance(move, Deal):
        return Choice((WORDS.text(lang, "words.choose_deal", round=view["round"] + 1),))
    take = WORDS.text(lang, "words.choose_take", card=card_name(view["zones"]["row"][move.position]["card"], lang))
    if move.row is None:
        return Choice((take,))
    return Choice((take, WORDS.text(lang, "words.choose_row", row=row_name(move.row, lang))))

