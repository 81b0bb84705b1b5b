"""Moves, cards and phases of ``colors`` in the players' words (Farblücke: Tischmitte, Auslage, Stapel).

Pure: reads only the token (through :func:`~.notation.parse`) and the reader's views, so a hidden
card can never be named. :class:`~.rules.ColorsGame` delegates its ``card_name``, ``phase_name``,
``describe_move`` and ``choice`` here (see :mod:`kartentisch.kernel.words`); the terminal renderer
says the latest turn with :func:`last_turn_text`.

>>> from kartentisch.kernel.words import Voice
>>> card_name("g3", "de"), phase_name("pick", "en")
('Grün 3', 'Choosing a neighbour card')
>>> choice(0, "play:b7", {}, Voice("de", 0)).steps
('Spiele Blau 7',)
"""

from __future__ import annotations

from typing import Any

from ...kernel.words import Choice, Voice, common_text, listing
from .cards import COLOUR_NAMES, COLOURS, KEY
from .notation import Deal, Pick, Play, parse

#: Every sentence, per language: ``(third person, second person)`` pairs for :meth:`Voice.say`
#: (``{who}`` is the seat), plain strings for :meth:`Voice.pick`.
_TEXTS: dict[str, dict[str, Any]] = {
    "en": {
        "to_centre": ("{who} puts {card} in the centre (nothing to take).",
                      "{who} put {card} in the centre (nothing to take)."),
        "play": ("{who} plays {card}.", "{who} play {card}."),  # a loaded last turn that took nothing
        "play_take": ("{who} plays {card} and takes {taken}.", "{who} play {card} and take {taken}."),
        "play_open": ("{who} plays {card} and must choose {number}: {options}.",
                      "{who} play {card} and must choose {number}: {options}."),
        "play_take_open": ("{who} plays {card}, takes {taken} and must choose {number}: {options}.",
                           "{who} play {card}, take {taken} and must choose {number}: {options}."),
        "pick": ("{who} chooses {card}.", "{who} choose {card}."),
        "pick_take": ("{who} chooses {card} and takes {taken}.", "{who} choose {card} and take {taken}."),
        "pick_open": ("{who} chooses {card} and must choose {number}: {options}.",
                      "{who} choose {card} and must choose {number}: {options}."),
        "refill_one": "{cards} is turned up in the centre.",
        "refill_many": "{cards} are turned up in the centre.",
        "draw_empty": "The draw pile is used up.",
        "deal": ("{who} shuffles and deals round {round}.", "{who} shuffle and deal round {round}."),
        "dealt_centre": "In the centre: {cards}.",
        "dealt_hand": "Your cards: {cards}.",
        "starts": ("{who} starts.", "{who} start."),
        "or": "or",
        "a_number": "a {n}", "a_number_8": "an {n}",  # "a 3", but "an 8"
        "do_play": "Play {card}", "do_pick": "Choose {card}", "do_deal": "Shuffle and deal round {round}",
    },
    "de": {
        "to_centre": ("{who} legt {card} in die Tischmitte (nichts zu nehmen).",
                      "{who} legst {card} in die Tischmitte (nichts zu nehmen)."),
        "play": ("{who} spielt {card}.", "{who} spielst {card}."),
        "play_take": ("{who} spielt {card} und nimmt {taken}.", "{who} spielst {card} und nimmst {taken}."),
        "play_open": ("{who} spielt {card} und muss {number} wählen: {options}.",
                      "{who} spielst {card} und musst {number} wählen: {options}."),
        "play_take_open": ("{who} spielt {card}, nimmt {taken} und muss {number} wählen: {options}.",
                           "{who} spielst {card}, nimmst {taken} und musst {number} wählen: {options}."),
        "pick": ("{who} wählt {card}.", "{who} wählst {card}."),
        "pick_take": ("{who} wählt {card} und nimmt {taken}.", "{who} wählst {card} und nimmst {taken}."),
        "pick_open": ("{who} wählt {card} und muss {number} wählen: {options}.",
                      "{who} wählst {card} und musst {number} wählen: {options}."),
        "refill_one": "{cards} wird in der Tischmitte aufgedeckt.",
        "refill_many": "{cards} werden in der Tischmitte aufgedeckt.",
        "draw_empty": "Der Stapel ist aufgebraucht.",
        "deal": ("{who} mischt und gibt Runde {round}.", "{who} mischst und gibst Runde {round}."),
        "dealt_centre": "In der Tischmitte liegen {cards}.",
        "dealt_hand": "Deine Karten: {cards}.",
        "starts": ("{who} beginnt.", "{who} beginnst."),
        "or": "oder",
        "a_number": "eine {n}", "a_number_8": "eine {n}",
        "do_play": "Spiele {card}", "do_pick": "Wähle {card}", "do_deal": "Mische und gib Runde {round}",
    },
}

#: The phases of colors (spec *Decisions and tokens*) as players call them; the common two come
#: from the kernel.
_PHASES: dict[str, dict[str, str]] = {
    "en": {"play": "Playing a card", "pick": "Choosing a neighbour card"},
    "de": {"play": "Karte ausspielen", "pick": "Nachbarkarte wählen"},
}


def _lang(lang: str) -> str:
    """``lang`` if colors has texts in it, else English (as the kernel's texts fall back)."""
    return lang if lang in _TEXTS else "en"


def card_name(code: str, lang: str) -> str:
    """The full name of card ``code``: colour and number, ``"b7"`` → "Blue 7" / "Blau 7" (colors D15).

    Raises:
        ValueError: ``code`` is not a colors card code (``b0`` … ``y9``).
    """
    if code not in KEY:
        raise ValueError(f"colors: {code!r} is not a card code (b0 … y9)")
    key = KEY[code]
    return f"{COLOUR_NAMES[_lang(lang)][COLOURS[key // 10]].capitalize()} {key % 10}"


def phase_name(phase: str, lang: str) -> str:
    """The phase as players call it: ``play``, ``pick`` (colors R9), ``round_over``, ``game_over``.

    Raises:
        ValueError: ``phase`` is not a phase of colors.
    """
    names = _PHASES[_lang(lang)]
    if phase in names:
        return names[phase]
    if phase in ("round_over", "game_over"):
        return common_text(lang, phase)
    raise ValueError(f"colors: no phase {phase!r}; phases are play, pick, round_over and game_over")


def _names(codes: list[str], voice: Voice) -> str:
    """Cards as a sentence lists them: "Blue 3, Green 3 and Red 3"."""
    return listing([card_name(c, voice.lang) for c in codes], voice.lang)


def _open_pick(pending: dict[str, Any], voice: Voice) -> dict[str, str]:
    """The open pick (colors R9) as sentence parts: "a 3" and "Blue 3 or Green 3"."""
    texts = _TEXTS[_lang(voice.lang)]
    names = [card_name(c, voice.lang) for c in pending["options"]]
    number = pending["number"]
    article = texts["a_number_8" if number == 8 else "a_number"].format(n=number)
    return {"number": article, "options": f"{', '.join(names[:-1])} {texts['or']} {names[-1]}"}


def _refill(card: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> list[str]:
    """The refill (colors R11) after a completed turn that played ``card``, as sentences: the cards
    new in the centre, and that the draw pile ran out if it did (D9)."""
    texts = _TEXTS[_lang(voice.lang)]
    was = set(before["zones"]["centre"])
    new = [c for c in after["zones"]["centre"] if c not in was and c != card]
    if not new:
        return []
    out = [texts["refill_one" if len(new) == 1 else "refill_many"].format(cards=_names(new, voice))]
    if not after["zones"]["draw"]:
        out.append(texts["draw_empty"])
    return out


def _deal(seat: int, after: dict[str, Any], voice: Voice) -> str:
    """``deal`` (colors R18): who dealt, the new centre, the reader's new hand, who starts."""
    texts = _TEXTS[_lang(voice.lang)]
    zones = after["zones"]
    parts = [voice.say(seat, *texts["deal"], round=after["round"]),
             texts["dealt_centre"].format(cards=_names(zones["centre"], voice))]
    if voice.viewer is not None and 0 <= voice.viewer < len(zones["hands"]):
        parts.append(texts["dealt_hand"].format(cards=_names(zones["hands"][voice.viewer], voice)))
    if after["to_act"]:
        parts.append(voice.say(after["to_act"][0], *texts["starts"]))
    return " ".join(parts)


def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """The applied ``token`` of ``seat`` in words for ``voice``, from the reader's views ``before``
    and ``after`` it: the card played and the cards taken (R7, R8), a card put in the centre (R10),
    an open pick and its candidates (R9), the refill (R11) and a deal (R18). The kernel adds the
    round's scores.

    Raises:
        MalformedToken: ``token`` is not a colors token.
    """
    move = parse(token)
    if isinstance(move, Deal):
        return _deal(seat, after, voice)
    texts = _TEXTS[_lang(voice.lang)]
    card = card_name(move.card, voice.lang)
    pending = after["zones"]["pending"]
    if isinstance(move, Play):
        played = move.card
        earlier: list[str] = []
    else:
        played = before["zones"]["pending"]["card"]
        earlier = [*before["zones"]["pending"]["taken"], move.card]
    if pending is not None:  # a pick is open (R9): the turn goes on, nothing refilled yet
        taken = [c for c in pending["taken"] if c not in earlier]
        key = "pick_open" if isinstance(move, Pick) else "play_take_open" if taken else "play_open"
        return voice.say(seat, *texts[key], card=card, taken=_names(taken, voice), **_open_pick(pending, voice))
    last = after["zones"]["last"]
    if isinstance(move, Pick):
        taken = [c for c in last["taken"] if c not in earlier]
        sentence = voice.say(seat, *texts["pick_take" if taken else "pick"], card=card, taken=_names(taken, voice))
    else:
        sentence = _turn(last, voice)
    return " ".join([sentence, *_refill(played, before, after, voice)])


def _turn(last: dict[str, Any], voice: Voice) -> str:
    """A completed turn (``zones.last``) as one sentence: the card played and what it took (R7,
    R8), or that it went to the centre (R10)."""
    texts = _TEXTS[_lang(voice.lang)]
    key = "to_centre" if last["to_centre"] else "play_take" if last["taken"] else "play"
    return voice.say(last["seat"], *texts[key], card=card_name(last["card"], voice.lang),
                     taken=_names(list(last["taken"]), voice))


def last_turn_text(view: dict[str, Any], voice: Voice) -> str | None:
    """The view's latest completed turn (``zones.last``) as a sentence for a face that shows a view
    without the moves before it ("Ana plays Purple 4 and takes Green 3 and Yellow 5"), or ``None``
    after a deal."""
    last = view["zones"]["last"]
    return None if last is None else _turn(last, voice)


def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """The legal ``token`` of ``seat`` as the player chooses it: one step, "Play Blue 7" /
    "Spiele Blau 7", "Choose Green 3" (R9), "Shuffle and deal round 3" (R18; ``view``'s round + 1).

    Raises:
        MalformedToken: ``token`` is not a colors token.
    """
    move = parse(token)
    texts = _TEXTS[_lang(voice.lang)]
    if isinstance(move, Deal):
        return Choice((texts["do_deal"].format(round=view["round"] + 1),))
    verb = "do_play" if isinstance(move, Play) else "do_pick"
    return Choice((texts[verb].format(card=card_name(move.card, voice.lang)),))
