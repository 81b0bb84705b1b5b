"""``mayhem`` in words: card and phase names, applied moves and legal moves as players say them.

The German terms are the spec's (Geschenk, Tausch, 2. Chance, Aussetzen, Unruhestifter,
Fantastisch, Fantastische Vier, Gegenangriff, Gleichstand, Netter Versuch, the event names), all in the game's
catalogue :data:`WORDS` (``words.toml``, which the page reads too); the unique card printed with a vulgar name is
the "Unique card" / "Einzigartige Sonderkarte" (spec *Components*).

Every sentence is built from the move's public token and the reader's views just before and after
it (:func:`kartentisch.kernel.words.narrate`), so no sentence can name a card the reader may not
see: another seat's gift is "a card" until it is delivered, a Gambler bet until the bets are
revealed, a drawn card unless the draw pile lies face up. What the move caused is told from the
difference of the two views: attack parts applied (cards given, exchanged, drawn, a seat marked),
counter and Nice Try windows, an event and its effect, the market's last card, the simultaneous
choices taking effect, seats passed over, the draw pile running out, why the round ended.

Example::

    >>> card_name("rgift", "de"), card_name("k5", "en")
    ('Geschenk Rot', 'Black 5')
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from ...kernel.memo import Memo
from ...kernel.words import LANGS, Catalogue, Choice, Voice, listing
from .cards import EVENTS, KIND, POS, VALUE, WISH_KINDS, order_from
from .notation import (
    HIDDEN,
    PLAIN_KINDS,
    Bet,
    Counterattack,
    Deal,
    Discard,
    Draw,
    Effect,
    Give,
    Move,
    NiceTry,
    Pass,
    Pick,
    Play,
    Start,
    four_draws,
    parse,
    parse_public,
)

#: The spec's phase names (*State document*); words.py reads views, it does not import the rules.
START, AFTER_DRAW, COUNTER, NICETRY, MARKET = "start", "after_draw", "counter", "nicetry", "market"
CHANCE, GAMBLE, RECESSION, PARTY, CHRISTMAS = "chance", "gamble", "recession", "party", "christmas"
OVER = ("round_over", "game_over")
#: Kinds whose part of an attack (R20) is described by the words.
ATTACKS = ("gift", "exch", "skip", "four", "equal")

#: Every text of mayhem players read (``words.toml`` beside this module: the moves under ``words.``, the card kinds
#: under ``card.``, the events under ``event.``, the phases under ``phase.``, the colours under ``colour.``), loaded
#: once.
WORDS: Final = Catalogue.read(__package__)

#: Sentence parts per language from :data:`WORDS`: a pair is (third person, second person) for :func:`_say`; a
#: string is the same for every reader. ``{who}`` is the seat the sentence is about, as the reader calls it.
TEXTS: Final[dict[str, dict[str, Any]]] = {lang: WORDS.table("words", lang) for lang in LANGS}

#: The cards named by a noun without a colour (spec *Components*) that a sentence says with their article, by case
#: (``articled.<kind>.<case>`` in :data:`WORDS`): English "the Unique card"; German "den Netten Versuch", "mit dem
#: Gegenangriff". Every other card is named as printed ("Red 7", "Geschenk Rot").
ARTICLED: Final = frozenset(("fy", "counter", "nicetry", "four", "equal"))
#: The grammatical cases of :data:`ARTICLED` and their names in the catalogue.
NOM, ACC, DAT = 0, 1, 2
CASES: Final = ("nom", "acc", "dat")
#: The phases that have a name (spec *State document*).
PHASES: Final = frozenset(("start", "play", "after_draw", "chance", "counter", "nicetry", "market", "recession",
                           "party", "christmas", "gamble", "round_over", "game_over"))

def _texts(lang: str) -> dict[str, Any]:
    return TEXTS.get(lang, TEXTS["en"])


def _lang(lang: str) -> str:
    return lang if lang in TEXTS else "en"


# ----------------------------------------------------------------------------- names
def card_name(code: str, lang: str) -> str:
    """The full name of a play card, an event card or ``?`` in ``lang`` ("Red 7", "Black 5",
    "Red Gift" / "Geschenk Rot", "Fantastic Four", "Tornado", "Hidden card").

    Raises:
        ValueError: ``code`` is no mayhem card code.
    """
    lang = _lang(lang)
    if code == HIDDEN:
        return str(_texts(lang)["hidden"])
    if code in EVENTS:
        return WORDS.get(lang, f"event.{code}")
    kind = KIND.get(code)
    if kind is None:
        raise ValueError(f"mayhem: no card {code!r}")
    if kind in ("num", "black"):
        return f"{WORDS.get(lang, f'colour.{code[0]}')} {VALUE[code]}"
    if kind == "fy" or kind in WISH_KINDS:
        return WORDS.get(lang, f"card.{kind}")
    colour, special = WORDS.get(lang, f"colour.{code[0]}"), WORDS.get(lang, f"card.{kind}")
    return f"{colour} {special}" if lang == "en" else f"{special} {colour}"


def phase_name(phase: str, lang: str) -> str:
    """The players' name of a phase ("Play or draw", "Merry Christmas: give your cards" …); ``""``
    for a phase mayhem does not have (the kernel then uses its own default)."""
    return WORDS.get(lang, f"phase.{phase}") if phase in PHASES else ""


def wish_name(wish: str, lang: str) -> str:
    """A wish as a sentence names it: a colour ("red", "Rot") or a number ("a 7", "eine 7")."""
    texts = _texts(lang)
    if wish.isdigit():
        return str(texts["wish_eight" if wish == "8" else "wish_number"]).format(n=wish)
    colour = WORDS.get(lang, f"colour.{wish}")
    return str(texts["wish_colour"]).format(colour=colour.lower() if lang == "en" else colour)


def said(code: str, lang: str, case: int = ACC) -> str:
    """Card ``code`` as a sentence names it in grammatical ``case`` (:data:`NOM`, :data:`ACC`, :data:`DAT`): its
    :func:`card_name`, with the article a noun name needs (:data:`ARTICLED`: "You draw the Unique card", "Die
    Startkarte ist die Einzigartige Sonderkarte", "Platz 2 spielt den Netten Versuch")."""
    kind = KIND.get(code, "")
    if kind in ARTICLED:
        return WORDS.get(lang, f"articled.{kind}.{CASES[case]}")
    return card_name(code, lang)


def _cards(codes: list[str] | tuple[str, ...], lang: str, case: int = ACC) -> str:
    """The cards by name as a sentence says them in ``case`` ("Red 5 and the Unique card", :func:`said`), or their
    number when any is hidden ("2 cards")."""
    if not codes:
        return str(_texts(lang)["no_card"])
    if HIDDEN in codes:
        return _count(len(codes), lang)
    return listing([said(c, lang, case) for c in codes], lang)


def _count(n: int, lang: str) -> str:
    texts = _texts(lang)
    if n == 0:
        return str(texts["no_card"])
    return str(texts["one_card"]) if n == 1 else str(texts["cards"]).format(n=n)


def _obj(voice: Voice, seat: int, dative: bool = False) -> str:
    """``seat`` as the object of a sentence: "you" / "dich" / "dir" for the reader, else its name."""
    if seat == voice.viewer:
        return str(_texts(voice.lang)["you_dat" if dative else "you_acc"])
    return voice.name(seat)


def _say(voice: Voice, seat: int, key: str, lower: bool = False, **kwargs: Any) -> str:
    """The (third person, second person) pair ``key`` about ``seat``, formatted."""
    other, own = _texts(voice.lang)[key]
    return (own if seat == voice.viewer else other).format(who=voice.who(seat, lower=lower), **kwargs)


def _text(voice: Voice, key: str, **kwargs: Any) -> str:
    return str(_texts(voice.lang)[key]).format(**kwargs)


def _clauses(voice: Voice, items: list[tuple[int, str, dict[str, Any]]]) -> str:
    """One sentence of clauses about several seats ("Ben draws 2 cards; you draw Red 5."), or ""."""
    parts = [_say(voice, seat, key, lower=k > 0, **kw) for k, (seat, key, kw) in enumerate(items)]
    return "; ".join(parts) + "." if parts else ""


# ----------------------------------------------------------------------------- the views compared
class _Scene:
    """What the reader can compare: the two views of one move by ``seat``.

    ``delta[s]``: how many cards seat ``s`` holds more after the move, not counting the card the
    move played (``played``: 1 for a Play, Counterattack or Nice Try); ``gains``/``losses``: the
    reader's own cards that came and went (empty for a spectator), the card the reader played onto
    the pile not among them (it was not given away: the Charity it set off took others, R44).
    ``fresh``: the move dealt a new round, so the views belong to different rounds and are not compared card by card.
    """

    def __init__(self, seat: int, move: Move, before: dict[str, Any], after: dict[str, Any], voice: Voice):
        self.seat, self.move, self.voice, self.lang = seat, move, voice, _lang(voice.lang)
        self.before, self.after = before, after
        self.b, self.a = before["zones"], after["zones"]
        self.n = int(before["players"])
        self.fresh = isinstance(move, Deal)
        self.delta = [0 if self.fresh else a - b for a, b in zip(self.a["hand_counts"], self.b["hand_counts"],
                                                                   strict=True)]
        self.played = 1 if isinstance(move, (Play, Counterattack, NiceTry)) else 0
        self.delta[seat] += self.played
        viewer = voice.viewer
        if viewer is None or self.fresh:
            self.gains: list[str] = []
            self.losses: list[str] = []
        else:
            old, new = Counter(self.b["hands"][viewer]), Counter(self.a["hands"][viewer])
            if viewer == seat and self.played:  # the card played went onto the pile, not to another seat
                new[_played_card(move)] += 1
            self.gains = sorted((new - old).elements(), key=POS.__getitem__)
            self.losses = sorted((old - new).elements(), key=POS.__getitem__)

    def say(self, seat: int, key: str, **kwargs: Any) -> str:
        return _say(self.voice, seat, key, **kwargs)

    def text(self, key: str, **kwargs: Any) -> str:
        return _text(self.voice, key, **kwargs)

    def cards(self, codes: list[str] | tuple[str, ...], case: int = ACC) -> str:
        return _cards(codes, self.lang, case)

    def name(self, code: str, case: int = ACC) -> str:
        """The card as the sentence says it (:func:`said`)."""
        return said(code, self.lang, case)

    def seen(self, cards: list[str], n: int) -> list[str]:
        """``cards`` (the reader's gains or losses) if they are the ``n`` cards meant, else ``n`` hidden ones."""
        return cards if len(cards) == n else [HIDDEN] * n

    def drew(self, seat: int, n: int) -> str:
        """The cards ``seat`` drew: by name for the reader's own seat, else their number."""
        return self.cards(self.seen(self.gains, n)) if seat == self.voice.viewer else _count(n, self.lang)

    def draws_line(self, order: list[int], only: set[int] | None = None) -> str:
        """Who drew how many cards (in ``order``), the reader's own by name."""
        items = [(s, "draws", {"cards": self.drew(s, self.delta[s])}) for s in order
                 if self.delta[s] > 0 and (only is None or s in only)]
        return _clauses(self.voice, items)


def _played_card(move: Move) -> str:
    """The card a Play, Counterattack or Nice Try puts onto the pile."""
    return move.card if isinstance(move, Play) else "counter" if isinstance(move, Counterattack) else "nicetry"


# ----------------------------------------------------------------------------- applied moves
def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """The applied move ``token`` (public form) of ``seat`` for ``voice``, with what it caused.

    Args:
        token: the move's public form for ``voice.viewer`` (hidden cards ``?``).
        before, after: the reader's views just before and just after the move.
    Returns:
        One or a few sentences ("Ana plays Red Gift against Ben to give 2 cards. Ben may answer with
        a Counterattack."); the round's scores are the kernel's (``narrate``).
    Raises:
        MalformedToken: ``token`` is not written as the notation says.
    """
    move = parse_public(token)
    scene = _Scene(seat, move, before, after, voice)
    kind, parts = _applied_parts(scene)
    lines = [_headline(scene)] + [_part_line(scene, kind, *part) for part in parts] + _window_lines(scene)
    lines += _event_lines(scene) + _choice_lines(scene)
    lines += _checkpoint_lines(scene, [part[1] for part in parts] if kind == "skip" else [])
    return " ".join(line for line in lines if line)


def describe_start(view: dict[str, Any], voice: Voice) -> str:
    """Round 1's deal as later rounds' deals are told ("Ana deals round 1. The start card is Red 1.", with the event
    a black start card turns up, R36): the match's start deals it without a move."""
    return describe_move(int(view["dealer"]), "deal", view, view, voice)


def _effect_clause(sc: _Scene, kind: str, effect: Effect) -> str:
    """What a played (or start) card of ``kind`` does with ``effect``, as the end of its sentence."""
    seat, lang = sc.seat, sc.lang
    target = "" if effect.target is None else _obj(sc.voice, effect.target)
    if kind in ("gift", "exch"):
        if not effect.cards:
            return sc.text("aim", target=target) + sc.text("no_give")
        return sc.text("aim", target=target) + sc.text("give_cards" if kind == "gift" else "swap_cards",
                                                       cards=sc.cards(effect.cards))
    if kind == "skip":
        return sc.text("aim", target=target) if effect.target is not None else sc.text("skip_none")
    wish = wish_name(effect.wish or "", lang)
    if effect.seats:
        draws = [sc.text("four_draw", n=k, target=_obj(sc.voice, t)) for t, k in four_draws(effect.seats)]
        return sc.say(seat, "wish_four", wish=wish, draws=listing(draws, lang))
    if effect.target is not None:
        return sc.say(seat, "wish_aim", wish=wish, target=target)
    return sc.say(seat, "wish", wish=wish)


def _headline(sc: _Scene) -> str:
    """The move itself as the table says it."""
    move, seat, b = sc.move, sc.seat, sc.b
    if isinstance(move, Play):
        kind, card = KIND[move.card], sc.name(move.card)
        if kind == "fy":
            return sc.say(seat, "slide", card=card_name(move.card, sc.lang))
        if kind == "chance":
            return sc.say(seat, "chance", card=card)
        if kind in PLAIN_KINDS:
            return sc.say(seat, "play", card=card) + "."
        return sc.say(seat, "play", card=card) + _effect_clause(sc, kind, move.effect) + "."
    if isinstance(move, Start):
        start = b["pending"]["card"]
        kind = KIND[start]
        return sc.say(seat, "start", card=card_name(start, sc.lang)) + _effect_clause(sc, kind, move.effect(kind)) + "."
    if isinstance(move, Counterattack):
        kind = b["pending"]["kind"]
        line = sc.say(seat, "counter", card=sc.name("counter", DAT), wish=wish_name(move.wish, sc.lang),
                      attack=_texts(sc.lang)[f"attack.{kind}"], target=_obj(sc.voice, move.target))
        if kind in ("gift", "exch"):
            line += sc.text("give_cards" if kind == "gift" else "swap_cards", cards=sc.cards(move.cards))
        return line + "."
    if isinstance(move, NiceTry):
        wish = wish_name(move.wish, sc.lang)
        return sc.say(seat, "play", card=sc.name("nicetry")) + sc.say(seat, "wish", wish=wish) + "."
    if isinstance(move, Draw):
        return _draw_line(sc)
    if isinstance(move, Pass):
        return sc.say(seat, {COUNTER: "no_counter", NICETRY: "no_nicetry"}.get(sc.before["phase"], "pass"))
    if isinstance(move, Pick):
        return sc.say(seat, "pick", card=sc.name(move.card))
    if isinstance(move, Discard):
        return sc.say(seat, "discard", card=sc.cards([move.card]))
    if isinstance(move, Bet):
        return sc.say(seat, "bet", card=sc.cards([move.card]))
    if isinstance(move, Give):
        if move.target == sc.voice.viewer and move.card != HIDDEN:  # delivered with this move (R43)
            return sc.say(move.target, "gets_from", card=sc.name(move.card), giver=sc.voice.name(seat))
        return sc.say(seat, "give", card=sc.cards([move.card]), target=_obj(sc.voice, move.target, dative=True))
    start_card = sc.text("start_card", card=sc.name(sc.a["discard"][0], NOM))
    return sc.say(seat, "deal", round=sc.after["round"]) + " " + start_card


def _draw_line(sc: _Scene) -> str:
    b, seat = sc.b, sc.seat
    if not b["draw_count"]:
        return sc.say(seat, "draw_empty")
    if seat == sc.voice.viewer and len(sc.gains) == 1:
        return sc.say(seat, "draw_seen", card=sc.name(sc.gains[0]))
    if b["draw_face_up"] and b["draw_pile"][0] != HIDDEN:  # R62: the top card is public
        return sc.say(seat, "draw_seen", card=sc.name(b["draw_pile"][0]))
    return sc.say(seat, "draw")


# ----------------------------------------------------------------------------- attack parts (R20–R22)
def _attack_parts(sc: _Scene) -> tuple[str, list[tuple[int, int, int, tuple[str, ...]]]]:
    """The attack this move starts or answers and its parts ``(source, target, draws, cards)`` in
    resolving order (R20), from the part open before the move; ``("", [])`` for any other move."""
    move, seat, b = sc.move, sc.seat, sc.b
    pending = b["pending"]
    if isinstance(move, (Play, Start)):
        card = move.card if isinstance(move, Play) else pending["card"]
        kind = KIND[card]
        effect = move.effect if isinstance(move, Play) else move.effect(kind)
        if kind == "four" and effect.seats:
            named = dict(four_draws(effect.seats))
            return kind, [(seat, t, named[t], ()) for t in order_from(seat, sc.n) if t in named]
        if kind in ATTACKS and effect.target is not None:
            return kind, [(seat, effect.target, 0, effect.cards)]
        return "", []
    if sc.before["phase"] != COUNTER or not isinstance(move, (Pass, Counterattack)):
        return "", []
    queue = [(s, t, d, ()) for s, t, d in pending["queue"]]
    if isinstance(move, Counterattack):
        return pending["kind"], [(seat, move.target, pending["draws"], move.cards), *queue]
    return pending["kind"], [(pending["source"], pending["target"], pending["draws"], tuple(pending["cards"])),
                             *queue]


def _applied_parts(sc: _Scene) -> tuple[str, list[tuple[int, int, int, tuple[str, ...]]]]:
    """The attack kind and the parts this move applied: all of :func:`_attack_parts` but the one
    whose counter window is open after the move and those queued behind it."""
    kind, parts = _attack_parts(sc)
    if sc.after["phase"] == COUNTER:
        parts = parts[:len(parts) - 1 - len(sc.a["pending"]["queue"])]
    return kind, parts


def _part_line(sc: _Scene, kind: str, source: int, target: int, draws: int, cards: tuple[str, ...]) -> str:
    viewer, voice = sc.voice.viewer, sc.voice
    if kind in ("gift", "exch"):
        n = len(cards)
        given = list(cards)
        if target == viewer:
            given = sc.seen(sc.gains, n)
        words = {"target": _obj(voice, target, dative=True), "cards": sc.cards(given)}
        if kind == "gift":
            return sc.say(source, "gives", **words) + "."
        taken_n = n - sc.delta[target]
        if source == viewer and HIDDEN not in cards:
            # identical cards share a code, so a taken card equal to one given away cancels out of the hand's
            # difference: what was taken is what came, plus what was given, less what went
            taken = sc.seen(sorted(((Counter(cards) + Counter(sc.gains)) - Counter(sc.losses)).elements(),
                                   key=POS.__getitem__), taken_n)
        else:
            taken = sc.seen(sc.losses, taken_n) if target == viewer else [HIDDEN] * taken_n
        return sc.say(source, "swaps", taken=sc.cards(taken), **words) + "."
    if kind == "skip":
        if sc.b["skipped"][target]:
            return sc.say(target, "marked_already")
        return sc.say(target, "marked") if sc.a["skipped"][target] else ""
    n = max(sc.delta[target], 0)
    if kind == "four":
        n = min(draws, n)
    return sc.say(target, "draws", cards=sc.drew(target, n)) + "."


def _window_lines(sc: _Scene) -> list[str]:
    """A counter window left open (R21), or the draws of a Nice Try (R31)."""
    if sc.after["phase"] == COUNTER:
        return [sc.say(sc.a["pending"]["target"], "window")]
    if isinstance(sc.move, NiceTry):
        return [sc.draws_line(order_from(sc.seat, sc.n))]
    return []


# ----------------------------------------------------------------------------- events (R40–R63)
def _new_event(sc: _Scene) -> str | None:
    """The event card this move turned up (at most one: a black card, Troublemaker or start card)."""
    b, a = sc.b, sc.a
    was = b["pending"]["event"] if (b["pending"] or {}).get("type") == "event" else None
    used_before = 0 if sc.fresh else len(b["events_used"])
    now = list(a["events_used"][:len(a["events_used"]) - used_before])
    if (a["pending"] or {}).get("type") == "event":
        now.append(a["pending"]["event"])
    return next((e for e in now if e != was or sc.fresh), None)


def _event_lines(sc: _Scene) -> list[str]:
    if isinstance(sc.move, Deal):
        lines = [_start_card_line(sc)]
    else:
        lines = []
    event = _new_event(sc)
    if event is not None:
        lines.append(sc.text("event", event=sc.name(event)))
        lines += _event_effect(sc, event)
    return lines


def _start_card_line(sc: _Scene) -> str:
    """After a deal: the dealer decides the start card's arguments or plays on a Second Chance (R36)."""
    phase, dealer = sc.after["phase"], sc.seat
    if phase == START:
        return sc.say(dealer, "start_choose")
    return sc.say(dealer, "start_chance") if phase == CHANCE else ""


def _event_effect(sc: _Scene, event: str) -> list[str]:
    """What the event did, as far as the reader's views show it (``fresh``: its static text only)."""
    order, a, lang = order_from(sc.seat, sc.n), sc.a, sc.lang
    # Charity and Robin Hood do nothing when all hands are the same size, as after every deal (S4).
    changed = any(sc.delta) and not sc.fresh
    if event == "charity":
        return [sc.text("charity")] + _own_changes(sc) if changed else [sc.text("charity_none")]
    if event in ("communism", "expansion"):
        return [sc.text(event), sc.draws_line(order)]
    if event in ("third", "standoff"):  # the reader's drawn cards: new ones, or the whole new hand
        viewer = sc.voice.viewer
        drawn = [] if sc.fresh or viewer is None else sc.gains if event == "third" else list(a["hands"][viewer])
        return [sc.text(event)] + ([sc.text("you_draw", cards=sc.cards(drawn))] if drawn else [])
    if event == "gambler":
        return _gambler_lines(sc, order)
    if event == "lostfound":
        cards = [] if sc.fresh else list(sc.b["discard"][:3])
        if not cards:
            return [sc.text("lostfound_none")]
        return [sc.text(event), _clauses(sc.voice, [(order[k % sc.n], "gets", {"card": sc.name(c)})
                                                    for k, c in enumerate(cards)])]
    if event == "market":
        return _market_lines(sc, order)
    if event == "recession":
        if sc.after["phase"] == RECESSION:
            quota, counts = a["pending"]["quota"], a["hand_counts"]
            # R56: a seat holding no more cards than it owes discards its whole hand without a choice
            owed = [(s, "must_discard", {"cards": _count(quota[s], lang)}) if quota[s] < counts[s]
                    else (s, "whole_hand", {}) for s in order if quota[s]]
            return [sc.text(event), _clauses(sc.voice, owed)]
        return [sc.text(event), _discard_line(sc, order)]
    if event in ("mating", "vandalism"):
        if event == "vandalism":
            if a["last_color"] is None:
                return [sc.text("no_colour")]
            return [sc.text(event, colour=wish_name(a["last_color"], lang)), _discard_line(sc, order)]
        return [sc.text(event), _discard_line(sc, order)]
    if event == "robinhood":
        swapped = [s for s in order if sc.delta[s]]
        if not changed or len(swapped) != 2:
            return [sc.text("charity_none")]
        most, fewest = sorted(swapped, key=lambda s: -sc.b["hand_counts"][s])
        return [sc.say(most, "swap_hands", other=_obj(sc.voice, fewest, dative=True))]
    if event == "upside":
        top = [sc.text("upside_top", card=sc.name(a["draw_pile"][0], NOM))] if a["draw_count"] else []
        return [sc.text(event)] + top
    if event == "friday13":
        return [sc.text("nothing")]
    return [sc.text(event)]  # doomsday, earthquake, christmas, party, eye, tornado


def _own_changes(sc: _Scene) -> list[str]:
    """The reader's cards that came and went (Charity's random cards)."""
    out = []
    if sc.gains:
        out.append(sc.text("you_receive", cards=sc.cards(sc.gains)))
    if sc.losses:
        out.append(sc.text("you_give_away", cards=sc.cards(sc.losses)))
    return out


def _gambler_lines(sc: _Scene, order: list[int]) -> list[str]:
    """R50: bets opened, or nobody bets (the published variant's draws of 2 follow at once)."""
    published = sc.after["options"].get("gambling_rule") == "published"
    colour = sc.a["last_color"]
    if published and colour is None:
        return [sc.text("no_colour")]
    if sc.after["phase"] == GAMBLE:
        if published:
            return [sc.text("gambler_published", colour=wish_name(colour, sc.lang))]
        return [sc.text("gambler")]
    return [sc.text("gambler_none"), sc.draws_line(order)]


def _market_lines(sc: _Scene, order: list[int]) -> list[str]:
    """R52: the cards laid out and who picks first, or the lone card handed out at once."""
    a = sc.a
    if sc.after["phase"] == MARKET:
        return [sc.text("market", cards=sc.cards(a["market"], NOM)), sc.say(a["pending"]["picker"], "market_picks")]
    if sc.fresh or not sc.b["draw_count"]:
        return [] if sc.fresh else [sc.text("market_empty")]
    taker = order[0]
    card = sc.gains[0] if taker == sc.voice.viewer and len(sc.gains) == 1 else HIDDEN
    return [sc.say(taker, "market_one", card=sc.name(card))]


def _discard_line(sc: _Scene, order: list[int]) -> str:
    """The cards an event (or the Recession's choices) put beneath the top card (R42), per seat.

    The block lies seats in order from the initiator, each seat's cards together, so the seats'
    hand counts tell whose cards are whose."""
    a, b = sc.a, sc.b
    if sc.fresh:
        block = list(a["discard"][1:])
        return sc.text("discarded", cards=sc.cards(block, NOM)) if block else sc.text("no_discards")
    block = list(a["discard"][1:1 + len(a["discard"]) - len(b["discard"]) - sc.played])
    counts = [-sc.delta[s] for s in order]
    if sum(counts) != len(block) or min(counts) < 0:
        return sc.text("discarded", cards=sc.cards(block, NOM)) if block else sc.text("no_discards")
    items, at = [], 0
    for s, k in zip(order, counts, strict=True):
        if k:
            items.append((s, "discards", {"cards": sc.cards(block[at:at + k])}))
        at += k
    return _clauses(sc.voice, items) or sc.text("no_discards")


# ----------------------------------------------------------------------------- simultaneous choices (R43)
def _choice_lines(sc: _Scene) -> list[str]:
    """The market's last card (R52) and the choices of Recession, Party, Christmas and Gambler taking
    effect together (R43) once the last one is made."""
    move, phase = sc.move, sc.before["phase"]
    if isinstance(move, Pick):
        left = Counter(sc.b["market"]) - Counter([move.card])
        if sum(left.values()) == 1 and sc.after["phase"] != MARKET:
            return [sc.say(order_from(sc.seat, sc.n)[0], "last_market", card=sc.name(next(iter(left))))]
        return []
    if phase not in (RECESSION, PARTY, CHRISTMAS, GAMBLE) or sc.after["phase"] == phase:
        return []
    order = order_from(sc.b["pending"]["initiator"], sc.n)
    if phase == RECESSION:
        return [_discard_line(sc, order)]
    if phase == GAMBLE:
        return _bet_lines(sc, order)
    named = [move.card] if isinstance(move, Give) and move.target == sc.voice.viewer and move.card != HIDDEN else []
    rest = sorted((Counter(sc.gains) - Counter(named)).elements(), key=POS.__getitem__)
    lines = [sc.text("gifts_delivered")]
    if rest:
        lines.append(sc.text("you_also_receive" if named else "you_receive", cards=sc.cards(rest)))
    return lines


def _bet_lines(sc: _Scene, order: list[int]) -> list[str]:
    """R50: the bets revealed, who takes them, the published variant's draws."""
    bets = {int(s): c for s, c in (sc.a["gamble"] or {}).items()}
    lines = []
    if bets:
        told = [sc.text("bet_of", card=sc.name(bets[s], NOM), who=_obj(sc.voice, s, dative=True)) for s in sorted(bets)]
        lines.append(sc.text("bets", bets=listing(told, sc.lang)))
        takers = [s for s in bets if sc.delta[s] > 0]
        if len(takers) == 1:
            lines.append(sc.say(takers[0], "takes_bets"))
    lines.append(sc.draws_line(order, only={s for s in range(sc.n) if s not in bets}))
    return lines


# ----------------------------------------------------------------------------- checkpoint (R30, R31)
def _checkpoint_lines(sc: _Scene, skips: list[int]) -> list[str]:
    """Seats passed over (marked before or by the Skip parts ``skips`` of this move), a Nice Try
    window, the draw pile used up, why the round ended."""
    b, a, before, after = sc.b, sc.a, sc.before, sc.after
    lines = []
    if not sc.fresh:
        passed = [s for s in order_from(b["current"], sc.n)
                  if not a["skipped"][s] and (b["skipped"][s] or s in skips)]
        lines += [sc.say(s, "skipped") for s in passed]
    empty = [s for s in range(sc.n) if not a["hand_counts"][s]]
    if after["phase"] == NICETRY and before["phase"] != NICETRY:
        lines += [_empty_line(sc, empty), sc.text("nicetry_window")]
    if a["exhausted"] and (not b["exhausted"] or after["phase"] in OVER):
        lines.append(sc.text("exhausted"))
    elif after["phase"] in OVER and before["phase"] not in OVER and a["events_used"][:1] != ["doomsday"]:
        # R31: all passed; else (a Nice Try played, R30 (b)) say who holds no card, why the round ends
        nobody = before["phase"] == NICETRY and isinstance(sc.move, Pass)
        lines.append(sc.text("no_answer") if nobody else _empty_line(sc, empty))
    return lines


def _empty_line(sc: _Scene, empty: list[int]) -> str:
    """Who holds no card any more ("" when nobody)."""
    if not empty:
        return ""
    if len(empty) == 1:
        return sc.say(empty[0], "empty_one")
    return sc.text("empty_many", names=listing([sc.voice.who(s, lower=k > 0) for k, s in enumerate(empty)],
                                               sc.lang))


# ----------------------------------------------------------------------------- legal moves as steps
def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """The legal ``token`` of ``seat`` as steps to pick, imperative ("Play Red Gift", "To Ben",
    "Red 5", "Yellow 9").

    A card with arguments is the card first, then its effect step by step: the target, then the
    cards to give (in canonical order); a wish ("Wish for red", "Wish for a 7"), then Fantastic
    Four's draws seat by seat ("2 to Ben") or Equality's target. A start card (R36) is its effect's
    steps alone; a Counterattack the card, the wish, the target, the cards. A gift in Christmas or
    Party is the card, then the receiver. ``view`` is ``seat``'s own view (the start card, the phase).

    Raises:
        MalformedToken: ``token`` is not written as the notation says.
    """
    move = parse(token)
    start = KIND[view["zones"]["pending"]["card"]] if isinstance(move, Start) else None
    phase = view["phase"] if isinstance(move, Pass) else None
    return _CHOICES.get((token, voice.lang, tuple(voice.names), start, phase))


def _choice(what: tuple[str, str, tuple[str, ...], str | None, str | None]) -> Choice:
    """:func:`choice` of ``(token, language, seat names, the start card's kind for a Start, the phase for a Pass)``:
    all that a choice reads (never the reader's seat: a target is named as everyone reads it)."""
    token, given, names, start, phase = what
    move, voice = parse(token), Voice(given, None, names)
    lang = _lang(given)
    texts = _texts(lang)

    def step(key: str, **kwargs: Any) -> str:
        return str(texts[key]).format(**kwargs)

    if isinstance(move, Play):
        kind = KIND[move.card]
        steps = [step("c_play", card=card_name(move.card, lang))]
        if kind not in PLAIN_KINDS:
            steps += _effect_steps(kind, move.effect, voice, step)
        return Choice(tuple(steps))
    if isinstance(move, Start):
        assert start is not None
        return Choice(tuple(_effect_steps(start, move.effect(start), voice, step) or [step("c_skip_nobody")]))
    if isinstance(move, Counterattack):
        steps = [step("c_play", card=card_name("counter", lang)), step("c_wish", wish=wish_name(move.wish, lang)),
                 step("c_aim", target=voice.name(move.target))]
        return Choice(tuple(steps + [card_name(c, lang) for c in move.cards]))
    if isinstance(move, NiceTry):
        return Choice((step("c_play", card=card_name("nicetry", lang)),
                       step("c_wish", wish=wish_name(move.wish, lang))))
    if isinstance(move, Give):
        return Choice((step("c_give", card=card_name(move.card, lang)), step("c_to", target=voice.name(move.target))))
    if isinstance(move, (Pick, Discard, Bet)):
        key = {Pick: "c_pick", Discard: "c_discard", Bet: "c_bet"}[type(move)]
        return Choice((step(key, card=card_name(move.card, lang)),))
    if isinstance(move, Pass):
        return Choice((step({COUNTER: "c_no_counter", NICETRY: "c_no_nicetry"}.get(phase or "", "c_pass")),))
    return Choice((step("c_draw" if isinstance(move, Draw) else "c_deal"),))


#: :func:`choice` per all it reads (:func:`_choice`), computed once: it is built for every legal token of the seat
#: to act in every frame, and the same tokens recur over the turns (issue 33). A few thousand keys (tokens, both
#: languages, the seat names of the tables playing), then it starts again.
_CHOICES: Final[Memo[tuple[str, str, tuple[str, ...], str | None, str | None], Choice]] = Memo(_choice, 1 << 12)


def _effect_steps(kind: str, effect: Effect, voice: Voice, step: Any) -> list[str]:
    """The steps of a card effect's arguments (see :func:`choice`)."""
    lang = _lang(voice.lang)
    if kind in ("gift", "exch"):
        assert effect.target is not None
        head = step("c_to" if kind == "gift" else "c_with", target=voice.name(effect.target))
        return [head] + [card_name(c, lang) for c in effect.cards]
    if kind == "skip":
        return [] if effect.target is None else [step("c_skip", target=voice.name(effect.target))]
    steps = [step("c_wish", wish=wish_name(effect.wish or "", lang))]
    if kind == "four":
        steps += [step("c_four", n=k, target=voice.name(t)) for t, k in four_draws(effect.seats)] or [
            step("c_no_draws")]
    elif kind == "equal":
        steps.append(step("c_no_aim") if effect.target is None else step("c_aim", target=voice.name(effect.target)))
    return steps
