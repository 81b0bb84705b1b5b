"""Moves, cards and phases of ``lastcard`` in the players' words (Letzte Karte: Ablagestapel,
Hilfskarte, Auslage, Startspieler, Runde).

Pure: reads only the token (through :func:`~.notation.parse_public`) and the reader's views, so a
hidden card can never be named. This is the game's words part: the kernel's ``Game.card_name``,
``phase_name``, ``describe_move`` and ``choice`` call these functions (see
:mod:`kartentisch.kernel.words`); the terminal renderer (:mod:`.render`) says the last move with
:func:`last_move_text`.

Cards are bare numbers (lastcard D1), so a sentence says "the 20" / "die 20".

>>> from kartentisch.kernel.words import Voice
>>> card_name("20", "de"), phase_name("pass", "en")
('20', 'Passing cards')
>>> choice(0, "lay:9:18", {"zones": {"pile_top": "20"}}, Voice("de", 0)).steps
('Lege die 9 als Hilfskarte aus', 'Nimm die 18 vom Ablagestapel')
"""

from __future__ import annotations

from typing import Any

from ...kernel.words import Choice, Voice, common_text, listing
from .cards import CODE, NUMBER
from .notation import Deal, HelpPlay, HiddenPass, Lay, Pass, Play, parse, parse_public

#: Every text, per language: ``(third person, second person)`` pairs for :meth:`Voice.say`
#: (``{who}`` is the acting seat), plain strings for :meth:`Voice.pick`. ``{card}`` and the like
#: are filled with "the 20" / "die 20" (German dative "der 20" where the text says ``_dat``).
_TEXTS: dict[str, dict[str, Any]] = {
    "en": {
        "pass_hidden": ("{who} passes {count} to {to}.", "{who} pass {count} to {to}."),
        "pass": ("{who} passes {cards} to {to}.", "{who} pass {cards} to {to}."),
        "passed_all": "Everyone has passed.",
        "received": "You receive {cards} from {giver}.",
        "starts": ("{who} starts.", "{who} start."),
        "play_new": ("{who} starts a new pile with {card}.", "{who} start a new pile with {card}."),
        "play_on": ("{who} plays {card} onto {top}.", "{who} play {card} onto {top}."),
        "play_help": ("{who} plays {card} onto {top} with {helpers}.", "{who} play {card} onto {top} with {helpers}."),
        "help_one": "help card {cards}", "help_many": "help cards {cards}",
        "lay": ("{who} lays {card} as a help card and takes {take} from the pile.",
                "{who} lay {card} as a help card and take {take} from the pile."),
        "rest_one": "{cards} leaves the round face down.", "rest_many": "{cards} leave the round face down.",
        "two_left": ("{who} has two cards left.", "{who} have two cards left."),
        "last_card": ("{who} keeps only {card}.", "{who} keep only {card}."),
        "deal": ("{who} deals round {round}.", "{who} deal round {round}."),
        "start_player": ("{who} is the start player.", "{who} are the start player."),
        "deal_pass": "Everyone first passes {count} to the right neighbour.",
        "count": {1: "one card", 2: "two cards", 3: "three cards"},
        "you_acc": "you", "you_dat": "you",
        "the": "the {n}", "the_dat": "the {n}",
        "do_pass": "Pass {card}",
        "do_play_new": "Start a new pile with {card}",
        "do_play_on": "Play {card} onto {top}",
        "do_help": "Play {card} onto {top} with help cards",
        "do_use": "Add help card {card}",
        "do_beat": "Beat {top}: {sum}",
        "do_lay": "Lay {card} as a help card",
        "do_take": "Take {card} from the pile",
        "do_deal": "Deal round {round}",
    },
    "de": {
        "pass_hidden": ("{who} gibt {count} an {to} weiter.", "{who} gibst {count} an {to} weiter."),
        "pass": ("{who} gibt {cards} an {to} weiter.", "{who} gibst {cards} an {to} weiter."),
        "passed_all": "Alle haben weitergegeben.",
        "received": "Du erhältst {cards} von {giver}.",
        "starts": ("{who} beginnt.", "{who} beginnst."),
        "play_new": ("{who} beginnt mit {card_dat} einen neuen Ablagestapel.",
                     "{who} beginnst mit {card_dat} einen neuen Ablagestapel."),
        "play_on": ("{who} legt {card} auf {top}.", "{who} legst {card} auf {top}."),
        "play_help": ("{who} legt {card} mit {helpers} auf {top}.", "{who} legst {card} mit {helpers} auf {top}."),
        "help_one": "der Hilfskarte {cards}", "help_many": "den Hilfskarten {cards}",
        "lay": ("{who} legt {card} als Hilfskarte aus und nimmt {take} vom Ablagestapel.",
                "{who} legst {card} als Hilfskarte aus und nimmst {take} vom Ablagestapel."),
        "rest_one": "{cards} kommt verdeckt aus dem Spiel.", "rest_many": "{cards} kommen verdeckt aus dem Spiel.",
        "two_left": ("{who} hat noch zwei Karten.", "{who} hast noch zwei Karten."),
        "last_card": ("{who} behält nur {card}.", "{who} behältst nur {card}."),
        "deal": ("{who} teilt Runde {round} aus.", "{who} teilst Runde {round} aus."),
        "start_player": ("{who} ist Startspieler.", "{who} bist Startspieler."),
        "deal_pass": "Zuerst gibt jeder {count} an den rechten Nachbarn weiter.",
        "count": {1: "eine Karte", 2: "zwei Karten", 3: "drei Karten"},
        "you_acc": "dich", "you_dat": "dir",
        "the": "die {n}", "the_dat": "der {n}",
        "do_pass": "Gib {card} weiter",
        "do_play_new": "Beginne mit {card_dat} einen neuen Ablagestapel",
        "do_play_on": "Lege {card} auf {top}",
        "do_help": "Lege {card} mit Hilfskarten auf {top}",
        "do_use": "Nimm die Hilfskarte {card} dazu",
        "do_beat": "Schlage {top}: {sum}",
        "do_lay": "Lege {card} als Hilfskarte aus",
        "do_take": "Nimm {card} vom Ablagestapel",
        "do_deal": "Teile Runde {round} aus",
    },
}

#: The phases of lastcard (spec *Decisions and tokens*) as players call them; the common two come
#: from the kernel.
_PHASES: dict[str, dict[str, str]] = {
    "en": {"pass": "Passing cards", "play": "Taking turns"},
    "de": {"pass": "Karten weitergeben", "play": "Reihum spielen"},
}


def _texts(lang: str) -> dict[str, Any]:
    """The texts of ``lang``, English when lastcard has none in it (as the kernel's texts fall back)."""
    return _TEXTS.get(lang, _TEXTS["en"])


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
    names = _PHASES.get(lang, _PHASES["en"])
    if phase in names:
        return names[phase]
    if phase in ("round_over", "game_over"):
        return common_text(lang, phase)
    raise ValueError(f"lastcard: no phase {phase!r}; phases are pass, play, round_over and game_over")


def _the(code: str, lang: str, dative: bool = False) -> str:
    """A card as a sentence names it: "the 20" / "die 20" (dative "der 20")."""
    return _texts(lang)["the_dat" if dative else "the"].format(n=card_name(code, lang))


def _the_all(codes: list[str], lang: str) -> str:
    """Several cards: "the 3, the 6 and the 36" / "die 3, die 6 und die 36"."""
    return listing([_the(c, lang) for c in codes], lang)


def _capital(text: str) -> str:
    """``text`` starting with a capital letter ("The 20 …", "Die 20 …")."""
    return text[:1].upper() + text[1:]


def _whom(seat: int, voice: Voice, dative: bool) -> str:
    """``seat`` as the object of a sentence: its name, or "you" / "dich" ("dir" in the dative)."""
    if seat == voice.viewer:
        return str(_texts(voice.lang)["you_dat" if dative else "you_acc"])
    return voice.name(seat)


def _sum(card: int, helpers: tuple[int, ...]) -> str:
    """A help play's addition (R10): "15 + 5 + 8 = 28"."""
    return " + ".join(CODE[n] for n in (card, *helpers)) + f" = {card + sum(helpers)}"


def _turn(seat: int, move: Play | HelpPlay | Lay, top: str | None, voice: Voice) -> str:
    """A turn (R8, R9, R10) as one sentence; ``top``: the pile's top before it (``None``: empty)."""
    lang, texts = voice.lang, _texts(voice.lang)
    card = CODE[move.card]
    if isinstance(move, Lay):
        return voice.say(seat, *texts["lay"], card=_the(card, lang), take=_the(CODE[move.take], lang))
    if top is None:
        return voice.say(seat, *texts["play_new"], card=_the(card, lang), card_dat=_the(card, lang, True))
    if isinstance(move, Play):
        return voice.say(seat, *texts["play_on"], card=_the(card, lang), top=_the(top, lang))
    cards = listing([CODE[h] for h in move.helpers], lang)
    helpers = texts["help_one" if len(move.helpers) == 1 else "help_many"].format(cards=cards)
    return voice.say(seat, *texts["play_help"], card=_the(card, lang), top=_the(top, lang), helpers=helpers)


def _pass(seat: int, move: Pass | HiddenPass, before: dict[str, Any], after: dict[str, Any],
          voice: Voice) -> list[str]:
    """A pass (R5) and, when it was the last, what the reader receives and who starts."""
    texts = _texts(voice.lang)
    n = before["players"]
    to = _whom((seat - 1) % n, voice, dative=False)  # R5: to the right neighbour
    if isinstance(move, HiddenPass):
        parts = [voice.say(seat, *texts["pass_hidden"], count=texts["count"][move.count], to=to)]
    else:
        parts = [voice.say(seat, *texts["pass"], cards=_the_all([CODE[c] for c in move.cards], voice.lang), to=to)]
    if after["phase"] != "play":
        return parts
    parts.append(texts["passed_all"])
    viewer = voice.viewer
    if viewer is not None and 0 <= viewer < n:
        received = after["zones"]["passed"][(viewer + 1) % n]  # from the left neighbour, shown once complete
        if received:
            parts.append(texts["received"].format(cards=_the_all(received, voice.lang),
                                                  giver=_whom((viewer + 1) % n, voice, dative=True)))
    parts.append(voice.say(after["to_act"][0], *texts["starts"]))
    return parts


def _after_turn(seat: int, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> list[str]:
    """What a turn caused that the reader sees: the two-card announcement (R14) or the round's end
    with the single card kept (R15; all hands are shown then)."""
    texts = _texts(voice.lang)
    hand = after["zones"]["hands"][seat]
    if after["phase"] in ("round_over", "game_over"):  # all hands are shown now
        return [voice.say(seat, *texts["last_card"], card=_the(hand[0], voice.lang))]
    if len(hand) == 2 and len(before["zones"]["hands"][seat]) > 2:
        return [voice.say(seat, *texts["two_left"])]
    return []


def _deal(seat: int, after: dict[str, Any], voice: Voice) -> list[str]:
    """``deal`` (R17): who dealt which round, the start player, and the passing that comes first."""
    texts = _texts(voice.lang)
    parts = [voice.say(seat, *texts["deal"], round=after["round"]),
             voice.say(after["zones"]["start_player"], *texts["start_player"])]
    if after["phase"] == "pass":
        parts.append(texts["deal_pass"].format(count=texts["count"][after["options"]["pass_cards"]]))
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
                parts.append(_capital(_texts(voice.lang)[key].format(cards=_the_all(rest, voice.lang))))
        parts += _after_turn(seat, before, after, voice)
    return " ".join(parts)


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
    lang, texts = voice.lang, _texts(voice.lang)
    move = parse(token)
    if isinstance(move, Pass):
        return Choice(tuple(texts["do_pass"].format(card=_the(CODE[c], lang)) for c in move.cards), unordered=True)
    if isinstance(move, Deal):
        return Choice((texts["do_deal"].format(round=view["round"] + 1),))
    card = _the(CODE[move.card], lang)
    top_code = view["zones"]["pile_top"]
    top = _the(top_code, lang) if top_code is not None else ""
    if isinstance(move, Lay):
        return Choice((texts["do_lay"].format(card=card), texts["do_take"].format(card=_the(CODE[move.take], lang))))
    if isinstance(move, Play):
        if top_code is None:
            return Choice((texts["do_play_new"].format(card=card, card_dat=_the(CODE[move.card], lang, True)),))
        return Choice((texts["do_play_on"].format(card=card, top=top),))
    return Choice((texts["do_help"].format(card=card, top=top),
                   *(texts["do_use"].format(card=CODE[h]) for h in move.helpers),
                   texts["do_beat"].format(top=top, sum=_sum(move.card, move.helpers))))
