"""Moves, cards and phases of ``colors`` in the players' words (Farblücke: Tischmitte, Auslage, Stapel).

Pure: reads only the token (through :func:`~.notation.parse`) and the reader's views, so a hidden
card can never be named. The texts are the game's catalogue (:data:`WORDS`, ``words.toml`` beside this module,
which the page reads too); the code here picks and fills them (person, article, lists).
:class:`~.rules.ColorsGame` delegates its ``card_name``, ``phase_name``, ``describe_move`` and ``choice`` here
(see :mod:`kartentisch.kernel.words`); the terminal renderer says the latest turn with :func:`last_turn_text`.

>>> from kartentisch.kernel.words import Voice
>>> card_name("g3", "de"), phase_name("pick", "en")
('Grün 3', 'Choosing a neighbour card')
>>> choice(0, "play:b7", {}, Voice("de", 0)).steps
('Spiele Blau 7',)
"""

from __future__ import annotations

from typing import Any, Final

from ...kernel.words import Catalogue, Choice, Voice, common_text, listing
from .cards import COLOURS, KEY
from .notation import Deal, Pick, Play, parse

#: Every text of colors players read (``words.toml`` beside this module: the moves under ``words.``, the phases
#: under ``phase.``, the colours under ``colour.``), loaded once.
WORDS: Final = Catalogue.read(__package__)


def colour_name(colour: str, lang: str) -> str:
    """The colour of letter ``colour`` as a sentence names it, lower case: ``"b"`` → "blue" / "blau"."""
    return WORDS.get(lang, f"colour.{colour}")


def card_name(code: str, lang: str) -> str:
    """The full name of card ``code``: colour and number, ``"b7"`` → "Blue 7" / "Blau 7" (colors D15).

    Raises:
        ValueError: ``code`` is not a colors card code (``b0`` … ``y9``).
    """
    if code not in KEY:
        raise ValueError(f"colors: {code!r} is not a card code (b0 … y9)")
    key = KEY[code]
    return f"{colour_name(COLOURS[key // 10], lang).capitalize()} {key % 10}"


def phase_name(phase: str, lang: str) -> str:
    """The phase as players call it: ``play``, ``pick`` (colors R9), ``round_over``, ``game_over``.

    Raises:
        ValueError: ``phase`` is not a phase of colors.
    """
    if phase in ("play", "pick"):
        return WORDS.get(lang, f"phase.{phase}")
    if phase in ("round_over", "game_over"):
        return common_text(lang, phase)
    raise ValueError(f"colors: no phase {phase!r}; phases are play, pick, round_over and game_over")


def _names(codes: list[str], voice: Voice) -> str:
    """Cards as a sentence lists them: "Blue 3, Green 3 and Red 3"."""
    return listing([card_name(c, voice.lang) for c in codes], voice.lang)


def _open_pick(pending: dict[str, Any], voice: Voice) -> dict[str, str]:
    """The open pick (colors R9) as sentence parts: "a 3" and "Blue 3 or Green 3"."""
    names = [card_name(c, voice.lang) for c in pending["options"]]
    number = pending["number"]
    article = WORDS.text(voice.lang, "words.a_number_8" if number == 8 else "words.a_number", n=number)
    return {"number": article, "options": f"{', '.join(names[:-1])} {WORDS.get(voice.lang, 'words.or')} {names[-1]}"}


def _refill(card: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> list[str]:
    """The refill (colors R11) after a completed turn that played ``card``, as sentences: the cards
    new in the centre, and that the draw pile ran out if it did (D9)."""
    was = set(before["zones"]["centre"])
    new = [c for c in after["zones"]["centre"] if c not in was and c != card]
    if not new:
        return []
    out = [WORDS.text(voice.lang, "words.refill_one" if len(new) == 1 else "words.refill_many",
                      cards=_names(new, voice))]
    if not after["zones"]["draw"]:
        out.append(WORDS.get(voice.lang, "words.draw_empty"))
    return out


def _deal(seat: int, after: dict[str, Any], voice: Voice) -> str:
    """``deal`` (colors R18): who dealt, the new centre, the reader's new hand, who starts."""
    zones = after["zones"]
    parts = [WORDS.say(voice, seat, "words.deal", round=after["round"]),
             WORDS.text(voice.lang, "words.dealt_centre", cards=_names(zones["centre"], voice))]
    if voice.viewer is not None and 0 <= voice.viewer < len(zones["hands"]):
        parts.append(WORDS.text(voice.lang, "words.dealt_hand", cards=_names(zones["hands"][voice.viewer], voice)))
    if after["to_act"]:
        parts.append(WORDS.say(voice, after["to_act"][0], "words.starts"))
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
        return WORDS.say(voice, seat, f"words.{key}", card=card, taken=_names(taken, voice),
                         **_open_pick(pending, voice))
    last = after["zones"]["last"]
    if isinstance(move, Pick):
        taken = [c for c in last["taken"] if c not in earlier]
        sentence = WORDS.say(voice, seat, "words.pick_take" if taken else "words.pick", card=card,
                             taken=_names(taken, voice))
    else:
        sentence = _turn(last, voice)
    return " ".join([sentence, *_refill(played, before, after, voice)])


def describe_start(view: dict[str, Any], voice: Voice) -> str:
    """Round 1's deal as later rounds' deals are told (:func:`describe_move` of the dealer's ``deal``, from ``view``,
    the reader's view of the start): the match's start deals it without a move."""
    return describe_move(int(view["dealer"]), "deal", view, view, voice)


def _turn(last: dict[str, Any], voice: Voice) -> str:
    """A completed turn (``zones.last``) as one sentence: the card played and what it took (R7,
    R8), or that it went to the centre (R10)."""
    key = "to_centre" if last["to_centre"] else "play_take" if last["taken"] else "play"
    return WORDS.say(voice, last["seat"], f"words.{key}", card=card_name(last["card"], voice.lang),
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
    if isinstance(move, Deal):
        return Choice((WORDS.text(voice.lang, "words.do_deal", round=view["round"] + 1),))
    verb = "words.do_play" if isinstance(move, Play) else "words.do_pick"
    return Choice((WORDS.text(voice.lang, verb, card=card_name(move.card, voice.lang)),))
