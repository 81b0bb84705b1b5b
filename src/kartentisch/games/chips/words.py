"""``chips`` in words: card and phase names, applied moves and legal moves as players say them.

The German terms are the spec's (Reihe, Stapel, Vorrat, Farbreihe, Minuspunkt, Sonderkarte,
Partie for a round, "Letzte Runde" for the final circuit, as in :mod:`.texts`). Every sentence is
built from the reader's views before and after the move and the move's token only
(:func:`kartentisch.kernel.words.narrate`); the only hidden zone, the draw pile, never shows in a
view, so no sentence can name a card still on it (spec *Visibility*).

Example::

    >>> card_name("r7", "de")
    'Rot 7'
"""

from __future__ import annotations

from typing import Any

from ...kernel.words import Choice, Voice, listing
from .cards import COLOUR, FACE_DOWN, SPECIALS, VALUE
from .notation import Deal, Take, parse
from .texts import SPECIAL_TEXTS

#: The spec's phase names (*State document*); words.py reads views, it does not import the rules.
PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"

#: Colour letter → the colour's name on a card ("Red 7", "Rot 7").
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "en": {"k": "Black", "r": "Red", "b": "Blue", "y": "Yellow"},
    "de": {"k": "Schwarz", "r": "Rot", "b": "Blau", "y": "Gelb"},
}
#: Colour letter → the colour row as a sentence names it (German in the accusative after "in die").
ROW_NAMES: dict[str, dict[str, str]] = {
    "en": {"k": "black row", "r": "red row", "b": "blue row", "y": "yellow row"},
    "de": {"k": "schwarze Farbreihe", "r": "rote Farbreihe", "b": "blaue Farbreihe", "y": "gelbe Farbreihe"},
}
PHASE_NAMES: dict[str, dict[str, str]] = {
    "en": {PLAY: "Taking cards", ROUND_OVER: "Round scored", GAME_OVER: "Match over"},
    "de": {PLAY: "Karten nehmen", ROUND_OVER: "Partie gewertet", GAME_OVER: "Spielende"},
}
#: The kernel's round and match sentences where chips words them its own way (Game.common_text): a round is a
#: "Partie" (chips D1: the summary's word), so the whole match is "das Spiel".
COMMON: dict[str, dict[str, str]] = {
    "de": {"round_end": "Partie {round} ist vorbei: {scores}.", "winners_one": "{names} gewinnt das Spiel.",
           "winners_you": "Du gewinnst das Spiel.", "no_winner": "Das Spiel ist ohne Sieger vorbei.",
           "game_over": "Spielende"},
}

#: Sentence parts: a pair is (third person, second person) for :func:`_say`; a string is the same
#: for every reader. ``{who}`` is the acting seat as the reader calls it.
TEXTS: dict[str, dict[str, Any]] = {
    "en": {
        "special": "Special card {n}",
        "chips": ("1 chip", "{n} chips"),
        "take": ("{who} takes {card} from the row", "{who} take {card} from the row"),
        "pay": ("pays {chips}", "pay {chips}"),
        "pay_none": ("pays nothing (special card 2)", "pay nothing (special card 2)"),
        "collect": ("collects {chips}", "collect {chips}"),
        "lay": ("lays it {side} on the {row}{note}", "lay it {side} on your {row}{note}"),
        "up": "face up", "down": "face down", "minus": " (a minus point)",
        "refill": "The row is refilled with {card} from the pile.",
        "pile_empty": "The pile is empty, so the row is not refilled.",
        "last_turn": ("This is the final circuit: {who} has the last turn.",
                      "This is the final circuit: {who} have the last turn."),
        "again": ("{who} plays again (special card 4).", "{who} play again (special card 4)."),
        "row_empty": "The row is empty, so the round ends.",
        "deal": ("{who} deals round {round}.", "{who} deal round {round}."),
        "row": "The row: {cards}.",
        "specials": "Special cards this round: {cards}.",
        "starts": ("{who} starts.", "{who} start."),
        "choose_take": "Take {card}",
        "choose_row": "Put it on the {row}",
        "choose_deal": "Deal round {round}",
    },
    "de": {
        "special": "Sonderkarte {n}",
        "chips": ("1 Chip", "{n} Chips"),
        "take": ("{who} nimmt {card} aus der Reihe", "{who} nimmst {card} aus der Reihe"),
        "pay": ("zahlt {chips}", "zahlst {chips}"),
        "pay_none": ("zahlt nichts (Sonderkarte 2)", "zahlst nichts (Sonderkarte 2)"),
        "collect": ("sammelt {chips} ein", "sammelst {chips} ein"),
        "lay": ("legt sie {side} in die {row}{note}", "legst sie {side} in deine {row}{note}"),
        "up": "offen", "down": "verdeckt", "minus": " (ein Minuspunkt)",
        "refill": "Die Reihe wird mit {card} vom Stapel aufgefüllt.",
        "pile_empty": "Der Stapel ist leer, die Reihe wird nicht mehr aufgefüllt.",
        "last_turn": ("Letzte Runde: {who} hat den letzten Zug.", "Letzte Runde: {who} hast den letzten Zug."),
        "again": ("{who} ist gleich noch einmal dran (Sonderkarte 4).",
                  "{who} bist gleich noch einmal dran (Sonderkarte 4)."),
        "row_empty": "Die Reihe ist leer, die Partie endet.",
        "deal": ("{who} gibt die {round}. Partie.", "{who} gibst die {round}. Partie."),
        "row": "In der Reihe liegen {cards}.",
        "specials": "Sonderkarten dieser Partie: {cards}.",
        "starts": ("{who} beginnt.", "{who} beginnst."),
        "choose_take": "Nimm {card}",
        "choose_row": "Lege sie in die {row}",
        "choose_deal": "Gib die {round}. Partie",
    },
}


def _texts(lang: str) -> dict[str, Any]:
    return TEXTS.get(lang, TEXTS["en"])


def _say(voice: Voice, seat: int, key: str, lower: bool = False, **kwargs: Any) -> str:
    """The sentence part ``key`` about ``seat``: second person for the reader's own seat."""
    other, own = _texts(voice.lang)[key]
    return (own if seat == voice.viewer else other).format(who=voice.who(seat, lower=lower), **kwargs)


def _chips(count: int, lang: str) -> str:
    one, many = _texts(lang)["chips"]
    return one if count == 1 else many.format(n=count)


def card_name(code: str, lang: str) -> str:
    """The full name of a number card (``"r7"`` → "Red 7" / "Rot 7") or a special card
    (``"s13"`` → "Special card 13" / "Sonderkarte 13"), spec *Components*.

    Raises:
        ValueError: ``code`` is no card of chips (a display's face-down ``"-r7"`` included: name
            the card, the orientation is said by the sentence).
    """
    if code in VALUE:
        return f"{COLOUR_NAMES.get(lang, COLOUR_NAMES['en'])[COLOUR[code]]} {VALUE[code]}"
    if code in SPECIALS:
        return _texts(lang)["special"].format(n=SPECIALS[code].number)
    raise ValueError(f"chips: {code!r} is not a card code (k1 … y10, or a special card s2 … s15)")


def phase_name(phase: str, lang: str) -> str:
    """The players' name of ``phase`` (``play``, ``round_over``, ``game_over``).

    Raises:
        ValueError: a phase chips does not have.
    """
    names = PHASE_NAMES.get(lang, PHASE_NAMES["en"])
    if phase not in names:
        raise ValueError(f"chips: no phase {phase!r}; phases: {', '.join(names)}")
    return names[phase]


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


def _describe_take(seat: int, move: Take, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    lang, texts = voice.lang, _texts(voice.lang)
    old, new = before["zones"], after["zones"]
    taken = old["row"][move.position]
    card = taken["card"]
    paid = old["supply"][seat] - new["supply"][seat] + taken["chips"]
    parts = [_say(voice, seat, "take", card=card_name(card, lang))]
    if paid:
        parts.append(_say(voice, seat, "pay", chips=_chips(paid, lang)))
    elif move.position:
        parts.append(_say(voice, seat, "pay_none"))
    if taken["chips"]:
        parts.append(_say(voice, seat, "collect", chips=_chips(taken["chips"], lang)))
    colour = move.row or COLOUR[card]
    down = new["display"][seat][colour][-1].startswith(FACE_DOWN)
    parts.append(_say(voice, seat, "lay", side=texts["down" if down else "up"],
                      row=ROW_NAMES.get(lang, ROW_NAMES["en"])[colour], note=texts["minus"] if down else ""))
    sentences = [listing(parts, lang) + "."]
    if old["draw_count"]:
        sentences.append(texts["refill"].format(card=card_name(new["row"][-1]["card"], lang)))
    elif not old["final_circuit"]:
        sentences.append(texts["pile_empty"])
        if after["phase"] == PLAY:
            sentences.append(_say(voice, after["dealer"], "last_turn", lower=True))
    if after["phase"] == PLAY and new["extra_turn"]:
        sentences.append(_say(voice, seat, "again"))
    elif after["phase"] != PLAY and not new["row"]:
        sentences.append(texts["row_empty"])
    return " ".join(sentences)


def _describe_deal(after: dict[str, Any], seat: int, voice: Voice) -> str:
    lang, texts = voice.lang, _texts(voice.lang)
    zones = after["zones"]
    sentences = [_say(voice, seat, "deal", round=after["round"])]
    if after["options"]["specials"] == "random":
        names = SPECIAL_TEXTS.get(lang, SPECIAL_TEXTS["en"])
        drawn = [f"{SPECIALS[code].number} ({names[code]})" for code in zones["specials"]]
        sentences.append(texts["specials"].format(cards=listing(drawn, lang)))
    sentences.append(texts["row"].format(cards=listing([card_name(e["card"], lang) for e in zones["row"]], lang)))
    sentences.append(_say(voice, zones["start_player"], "starts"))
    return " ".join(sentences)


def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """The legal ``token`` of ``seat`` as the seat chooses it (``view``: its view now).

    ``take:<i>``: one step, the card ("Take Red 7"); ``take:<i>:<c>`` (R14): the card, then the
    colour row ("Put it on the black row"); ``deal``: one step naming the next round (R11).

    Raises:
        MalformedToken: ``token`` is not chips notation (R4).
    """
    texts = _texts(voice.lang)
    move = parse(token)
    if isinstance(move, Deal):
        return Choice((texts["choose_deal"].format(round=view["round"] + 1),))
    take = texts["choose_take"].format(card=card_name(view["zones"]["row"][move.position]["card"], voice.lang))
    if move.row is None:
        return Choice((take,))
    return Choice((take, texts["choose_row"].format(row=ROW_NAMES.get(voice.lang, ROW_NAMES["en"])[move.row])))

