"""Moves, cards and phases of ``lastcard`` in the players' words (Letzte Karte: Ablagestapel,
Hilfskarte, Auslage, Startspieler, Runde).

Pure: reads only the token (through :func:`~.notation.parse_public`) and the reader's views, so a
hidden card can never be named. The texts are the game's catalogue :data:`WORDS` (``words.toml``, which
the page reads too); the code here picks and fills them (person, case, lists). This is the game's words
part: the kernel's ``Game.card_name``, ``phase_name``, ``describe_move`` and ``choice`` call these functions
(see :mod:`kartentisch.kernel.words`); the terminal renderer (:mod:`.render`) says the last move with
:func:`last_move_text`.

Cards are bare numbers (lastcard D1), so a sentence says "the 20" / "die 20".

>>> from kartentisch.kernel.words import Voice
>>> card_name("20", "de"), phase_name("pass", "en")
('20', 'Passing cards')
>>> choice(0, "lay:9:18", {"zones": {"pile_top": "20"}}, Voice("de", 0)).steps
('Lege die 9 als Hilfskarte aus', 'Nimm die 18 vom Ablagestapel')
"""

from __future__ import annotations

from typing import Any, Final

from ...kernel.words import Catalogue, Choice, Voice, common_text, listing
from .cards import CODE, NUMBER
from .notation import Deal, HelpPlay, HiddenPass, Lay, Pass, Play, parse, parse_public

#: Every text of lastcard players read (``words.toml`` beside this module: the moves under ``words.``, the phases
#: under ``phase.``), loaded once.
WORDS: Final = Catalogue.read(__package__)


def _say(voice: Voice, seat: int, key: str, **kwargs: Any) -> str:
    """The sentence ``words.key`` about ``seat`` for ``voice`` (second person for the reader's own seat)."""
    return WORDS.say(voice, seat, f"words.{key}", **kwargs)


def _text(lang: str, key: str, **kwargs: Any) -> str:
    """The text ``words.key`` in ``lang``, filled with ``kwargs``."""
    return WORDS.text(lang, f"words.{key}", **kwargs)


def card_name(code: str, lang: str) -> str:
    """The name of card ``code``: its number, ``"20"`` → "20" in every language (lastcard D1).

    Raises:
        ValueError: ``code`` is not a card code (``"1"`` … ``"60"``, no leading zeros).
    """
    if code not in NUMBER:
        raise ValueError(f"lastcard: {code!r} is not a card code ('1' … '60')")
    return code


def phase_name(phase: str, lang: str) -> str:
    """The phase as players call it: ``pass`` (R5), ``play`` (R6), ``round_over``, ``game_over``.

    Raises:
        ValueError: ``phase`` is not a phase of lastcard.
    """
    if phase in ("pass", "play"):
        return WORDS.get(lang, f"phase.{phase}")
    if phase in ("round_over", "game_over"):
        return common_text(lang, phase)
    raise ValueError(f"lastcard: no phase {phase!r}; phases are pass, play, round_over and game_over")


def _the(code: str, lang: str, dative: bool = False) -> str:
    """A card as a sentence names it: "the 20" / "die 20" (dative "der 20")."""
    return _text(lang, "the_dat" if dative else "the", n=card_name(code, lang))


def _the_all(codes: list[str], lang: str) -> str:
    """Several cards: "the 3, the 6 and the 36" / "die 3, die 6 und die 36"."""
    return listing([_the(c, lang) for c in codes], lang)


def _capital(text: str) -> str:
    """``text`` starting with a capital letter ("The 20 …", "Die 20 …")."""
    return text[:1].upper() + text[1:]


def _whom(seat: int, voice: Voice, dative: bool) -> str:
    """``seat`` as the object of a sentence: its name, or "you" / "dich" ("dir" in the dative)."""
    if seat == voice.viewer:
        return WORDS.get(voice.lang, "words.you_dat" if dative else "words.you_acc")
    return voice.name(seat)


def _sum(card: int, helpers: tuple[int, ...]) -> str:
    """A help play's addition (R10): "15 + 5 + 8 = 28"."""
    return " + ".join(CODE[n] for n in (card, *helpers)) + f" = {card + sum(helpers)}"


def _turn(seat: int, move: Play | HelpPlay | Lay, top: str | None, voice: Voice) -> str:
    """A turn (R8, R9, R10) as one sentence; ``top``: the pile's top before it (``None``: empty)."""
    lang = voice.lang
    card = CODE[move.card]
    if isinstance(move, Lay):
        return _say(voice, seat, "lay", card=_the(card, lang), take=_the(CODE[move.take], lang))
    if top is None:
        return _say(voice, seat, "play_new", card_dat=_the(card, lang, True))
    if isinstance(move, Play):
        return _say(voice, seat, "play_on", card=_the(card, lang), top=_the(top, lang))
    cards = listing([CODE[h] for h in move.helpers], lang)
    helpers = _text(lang, "help_one" if len(move.helpers) == 1 else "help_many", cards=cards)
    return _say(voice, seat, "play_help", card=_the(card, lang), top=_the(top, lang), helpers=helpers)


def _pass(seat: int, move: Pass | HiddenPass, before: dict[str, Any], after: dict[str, Any],
          voice: Voice) -> list[str]:
    """A pass (R5) and, when it was the last, what the reader receives and who starts."""
    n = before["players"]
    to = _whom((seat - 1) % n, voice, dative=False)  # R5: to the right neighbour
    if isinstance(move, HiddenPass):
        parts = [_say(voice, seat, "pass_hidden", count=_text(voice.lang, f"count_{move.count}"), to=to)]
    else:
        parts = [_say(voice, seat, "pass", cards=_the_all([CODE[c] for c in move.cards], voice.lang), to=to)]
    if after["phase"] != "play":
        return parts
    parts.append(_text(voice.lang, "passed_all"))
    viewer = voice.viewer
    if viewer is not None and 0 <= viewer < n:
        received = after["zones"]["passed"][(viewer + 1) % n]  # from the left neighbour, shown once complete
        if received:
            parts.append(_text(voice.lang, "received", cards=_the_all(received, voice.lang),
                               giver=_whom((viewer + 1) % n, voice, dative=True)))
    parts.append(_say(voice, after["to_act"][0], "starts"))
    return parts


def _after_turn(seat: int, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> list[str]:
    """What a turn caused that the reader sees: the two-card announcement (R14) or the round's end
    with the single card kept (R15; all hands are shown then)."""
    hand = after["zones"]["hands"][seat]
    if after["phase"] in ("round_over", "game_over"):  # all hands are shown now
        return [_say(voice, seat, "last_card", card=_the(hand[0], voice.lang))]
    if len(hand) == 2 and len(before["zones"]["hands"][seat]) > 2:
        return [_say(voice, seat, "two_left")]
    return []


def _deal(seat: int, after: dict[str, Any], voice: Voice) -> list[str]:
    """``deal`` (R17): who dealt which round, the start player, and the passing that comes first."""
    parts = [_say(voice, seat, "deal", round=after["round"]),
             _say(voice, after["zones"]["start_player"], "start_player")]
    if after["phase"] == "pass":
        count = _text(voice.lang, f"count_{after['options']['pass_cards']}")
        parts.append(_text(voice.lang, "deal_pass", count=count))
    return parts


def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """The applied ``token`` of ``seat`` as the table says it, for ``voice``'s reader.

    ``token`` is the reader's public form (``pass:?:?:?`` unless the reader passed it); ``before``
    and ``after`` are the reader's views. Says the automatic steps too: the rest of the pile going
    out after a lay (R9), what the reader receives when passing completes and who starts (R5),
    the two-card announcement (R14), the card kept when the round ends (R15), the start player
    and the passing after a deal (R17). Scores and winners are the kernel's (``narrate``).

    Raises:
        MalformedToken: ``token`` is not a (public) lastcard token (R19).
    """
    move = parse_public(token)
    if isinstance(move, Pass | HiddenPass):
        parts = _pass(seat, move, before, after, voice)
    elif isinstance(move, Deal):
        parts = _deal(seat, after, voice)
    else:
        pile = before["zones"]["pile"]
        parts = [_turn(seat, move, pile[0] if pile else None, voice)]
        if isinstance(move, Lay):
            rest = [c for c in pile if c != CODE[move.take]]
            if rest:
                key = "rest_one" if len(rest) == 1 else "rest_many"
                parts.append(_capital(_text(voice.lang, key, cards=_the_all(rest, voice.lang))))
        parts += _after_turn(seat, before, after, voice)
    return " ".join(parts)


def describe_start(view: dict[str, Any], voice: Voice) -> str:
    """Round 1's deal as later rounds' deals are told (:func:`describe_move` of the dealer's ``deal``, from ``view``,
    the reader's view of the start): the match's start deals it without a move."""
    return describe_move(int(view["dealer"]), "deal", view, view, voice)


def last_move_text(view: dict[str, Any], voice: Voice) -> str | None:
    """The view's ``last_move`` (the last play or lay) as a sentence, or ``None`` when there is none.

    For faces that show a view without the move before it: a play's previous top is the pile's
    second card (R8, R10); what a lay sent out is gone from the view and is not said.
    """
    last = view["zones"]["last_move"]
    if last is None:
        return None
    seat, _, token = last.partition(":")
    move = parse(token)
    if isinstance(move, Pass | Deal):
        raise ValueError(f"lastcard: last_move {last!r} is not a play or lay")
    pile = view["zones"]["pile"]
    return _turn(int(seat), move, pile[1] if len(pile) > 1 else None, voice)


def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """The legal ``token`` of ``seat`` as the player chooses it, in steps (imperative):

    * pass (R5): one step per card, in any order ("Pass the 3", "Pass the 6", "Pass the 36");
    * play (R8): one step ("Play the 22 onto the 20", on an empty pile "Start a new pile with the 20");
    * play with help (R10): the hand card, each help card, then the sum that beats the top
      ("Play the 15 onto the 20 with help cards", "Add help card 8", "Beat the 20: 15 + 8 = 23");
    * lay (R9): the hand card, then the pile card to take ("Lay the 9 as a help card",
      "Take the 18 from the pile");
    * deal (R17): "Deal round 2".

    Distinct tokens have distinct steps, and none is a prefix of another's.

    Raises:
        MalformedToken: ``token`` is not a lastcard token (R19).
    """
    lang = voice.lang
    move = parse(token)
    if isinstance(move, Pass):
        return Choice(tuple(_text(lang, "do_pass", card=_the(CODE[c], lang)) for c in move.cards), unordered=True)
    if isinstance(move, Deal):
        return Choice((_text(lang, "do_deal", round=view["round"] + 1),))
    card = _the(CODE[move.card], lang)
    top_code = view["zones"]["pile_top"]
    top = _the(top_code, lang) if top_code is not None else ""
    if isinstance(move, Lay):
        return Choice((_text(lang, "do_lay", card=card), _text(lang, "do_take", card=_the(CODE[move.take], lang))))
    if isinstance(move, Play):
        if top_code is None:
            return Choice((_text(lang, "do_play_new", card_dat=_the(CODE[move.card], lang, True)),))
        return Choice((_text(lang, "do_play_on", card=card, top=top),))
    return Choice((_text(lang, "do_help", card=card, top=top),
                   *(_text(lang, "do_use", card=CODE[h]) for h in move.helpers),
                   _text(lang, "do_beat", top=top, sum=_sum(move.card, move.helpers))))
