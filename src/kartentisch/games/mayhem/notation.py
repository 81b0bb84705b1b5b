"""``mayhem`` move notation (spec ``rules/mayhem.md``, "Decisions and tokens"): moves as values.

The one place a token is read. :func:`parse` turns a token into one of the move values below and
``str(move)`` writes it back (``str(parse(t)) == t``):

=================================================  =====================================
token                                              value
=================================================  =====================================
``play:<card>[:<args>]``                           :class:`Play` (its :class:`Effect`)
``draw``, ``pass``, ``deal``                       :class:`Draw`, :class:`Pass`, :class:`Deal`
``start[:<args>]``                                 :class:`Start` (R36: the start card's args)
``counter:<c>:<t>[:<x>[:<y>]]``                    :class:`Counterattack` (R21)
``nicetry:<c>``                                    :class:`NiceTry` (R31)
``pick:<card>``, ``discard:<card>``, ``bet:<card>``  :class:`Pick`, :class:`Discard`, :class:`Bet`
``give:<card>:<t>``                                :class:`Give` (R54, R58)
=================================================  =====================================

A token not written so (an unknown verb, a wrong number of arguments, an unknown card code, a wish
that is not ``r y g b 1 … 9``, a seat not written as a plain decimal number, card lists not in
canonical order or Fantastic Four seats not non-decreasing: D36's one spelling) raises
:class:`~kartentisch.kernel.errors.MalformedToken` naming the rule of its verb or card kind; whether
a well-formed move is allowed now is the rules' question (plain ``IllegalAction``). Decision: an
unknown verb cites R2 (a turn is ``play``, ``draw`` or ``pass``), the spec giving its token table no id.

A log shows hidden cards as ``?`` (spec *Public form of tokens*); :func:`parse_public` reads such a
public token too, and each move with hidden cards has ``masked()``, its public form.

Fixed action spaces. Gift, Exchange and a Counterattack against them name up to two cards of the
player's hand (``play:rgift:2:r5:y7``): listing every such token would multiply ~70 card codes
squared by seats and colours. The fixed action space is therefore a list of **steps**;
:func:`split_token` turns such a token into a *head* and one step per named card, every other token
is one step:

* ``play:rgift:2:r5:y7`` → ``play:rgift:2``, ``card:r5``, ``card:y7``;
* ``counter:g:1:k3`` → ``counter:g:1``, ``card:k3``;
* ``start:2:r5:y7`` (Gift/Exchange start card, R36) → ``start:2``, ``card:r5``, ``card:y7``.

All tokens legal at one moment for one head name the same number of cards (min(2, E), R9, R10,
R21), so a head never is both a whole token and the start of a longer one: the steps are
prefix-free as :mod:`kartentisch.rl.spaces` requires.

>>> parse("play:rgift:2:r5:y7")
Play(card='rgift', effect=Effect(wish=None, target=2, cards=('r5', 'y7'), seats=()))
>>> str(parse("give:k3:1").masked()), parse("draw")
('give:?:1', Draw())
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations_with_replacement
from typing import Any, Final

from ...kernel.errors import MalformedToken
from ...kernel.memo import Memo
from .cards import CODES, COLORS, KIND, POS, WISHES

#: Verbs in the spec's listing order (then the ``card:<x>`` steps).
VERBS: Final[tuple[str, ...]] = ("play", "draw", "pass", "start", "counter", "nicetry", "pick", "discard", "give",
                          "bet", "deal")
#: A card the reader may not see, in a public token (spec *Public form of tokens*).
HIDDEN: Final = "?"
#: The rule of each verb's notation (spec table *Decisions and tokens*).
VERB_RULE: Final[dict[str, str]] = {"play": "R2", "draw": "R2", "pass": "R2", "start": "R36", "counter": "R21",
                             "nicetry": "R31", "pick": "R52", "discard": "R56", "give": "R43", "bet": "R50",
                             "deal": "R72"}
#: The rule for the arguments of each card kind's ``play`` token.
KIND_RULE: Final = {"gift": "R9", "exch": "R10", "skip": "R11", "fant": "R14", "four": "R15", "equal": "R16",
             "counter": "R17", "nicetry": "R18"}
KIND_SHAPE: Final = {
    "gift": "Gift names another seat and exactly min(2, E) of your remaining cards (E without fy), "
            "in canonical order",
    "exch": "Exchange names another seat and exactly min(2, E) of your remaining cards (E without fy), "
            "in canonical order",
    "skip": "Skip names another seat not already marked; the bare form only when there is none",
    "fant": "Fantastic wishes a colour r y g b or a number 1 … 9",
    "four": "Fantastic Four wishes r y g b or 1 … 9, optionally followed by exactly 4 other seats, non-decreasing",
    "equal": "Equality wishes a colour, optionally naming another seat holding fewer cards than you after playing it",
    "counter": "Counterattack in your own turn wishes a colour only",
    "nicetry": "Nice Try in your own turn wishes a colour only",
}
#: Kinds whose ``play`` token carries no argument (spec table *Decisions and tokens*).
PLAIN_KINDS: Final = frozenset(("num", "black", "chance", "troub", "fy"))


# ----------------------------------------------------------------------------- move values
@dataclass(frozen=True, slots=True)
class Effect:
    """The arguments of a card's effect (R9–R18), as ``play`` and ``start`` tokens carry them.

    Attributes:
        wish: ``r y g b`` or ``1`` … ``9`` (Fantastic, Fantastic Four, Equality, Counterattack,
            Nice Try), else None.
        target: the seat aimed at (Gift, Exchange, Skip, Equality), else None.
        cards: the cards Gift/Exchange give, canonical order (``?`` in a public token).
        seats: the four draws of Fantastic Four, non-decreasing (empty: none named).

    ``str(effect)`` is the argument suffix (``":2:r5:y7"``, ``""``): the fields in this order, every
    kind using only its own.
    """

    wish: str | None = None
    target: int | None = None
    cards: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()

    def __str__(self) -> str:
        out = "" if self.wish is None else ":" + self.wish
        if self.target is not None:
            out += f":{self.target}"
        return out + "".join(":" + c for c in self.cards) + "".join(f":{s}" for s in self.seats)


NO_EFFECT: Final = Effect()


@dataclass(frozen=True, slots=True)
class Play:
    """``play:<card>[:<args>]`` (R2–R19): play ``card`` from the hand with its effect's arguments."""

    card: str
    effect: Effect = NO_EFFECT

    def __str__(self) -> str:
        return f"play:{self.card}{self.effect}"

    def masked(self) -> Play:
        """The public form: the Gift/Exchange cards as ``?``."""
        return replace(self, effect=replace(self.effect, cards=(HIDDEN,) * len(self.effect.cards)))


@dataclass(frozen=True, slots=True)
class Draw:
    """``draw`` (R2, R7, R8): draw one card (legal on an empty pile, which exhausts the round)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass``: end the turn after drawing (R2), let an attack part apply (R21), no Nice Try (R31)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Start:
    """``start[:<args>]`` (R36): the dealer gives the start card's ``play`` arguments.

    What the arguments mean depends on the start card (``start:7`` is a wish for Fantastic, a
    target for Skip), so they are kept as written; :meth:`effect` reads them for a card kind.
    """

    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "start" + "".join(":" + a for a in self.args)

    @property
    def cards(self) -> tuple[str, ...]:
        """The Gift/Exchange cards among the arguments (card codes are never seats or wishes)."""
        return tuple(a for a in self.args if a in KIND or a == HIDDEN)

    def effect(self, kind: str) -> Effect:
        """The arguments read for a start card of ``kind``; raises MalformedToken (R36) if they do
        not fit it."""
        return _effect(kind, self.args, str(self), True, "R36")

    def masked(self) -> Start:
        """The public form: Gift/Exchange cards as ``?``."""
        return Start(tuple(HIDDEN if a in KIND else a for a in self.args))


@dataclass(frozen=True, slots=True)
class Counterattack:
    """``counter:<c>:<t>[:<x>[:<y>]]`` (R21): wish ``wish``, redirect the part to ``target`` with
    ``cards`` (against Gift/Exchange; ``?`` in a public token)."""

    wish: str
    target: int
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"counter:{self.wish}:{self.target}" + "".join(":" + c for c in self.cards)

    def masked(self) -> Counterattack:
        """The public form: the cards as ``?``."""
        return replace(self, cards=(HIDDEN,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class NiceTry:
    """``nicetry:<c>`` (R31): answer the Nice Try window, wishing colour ``wish``."""

    wish: str

    def __str__(self) -> str:
        return f"nicetry:{self.wish}"


@dataclass(frozen=True, slots=True)
class Pick:
    """``pick:<card>`` (R52): take ``card`` from the market."""

    card: str

    def __str__(self) -> str:
        return f"pick:{self.card}"


@dataclass(frozen=True, slots=True)
class Discard:
    """``discard:<card>`` (R56): choose ``card`` (hidden: ``?``) to discard in a Recession."""

    card: str

    def __str__(self) -> str:
        return f"discard:{self.card}"

    def masked(self) -> Discard:
        """The public form: the card as ``?``."""
        return Discard(HIDDEN)


@dataclass(frozen=True, slots=True)
class Give:
    """``give:<card>:<t>`` (R54, R58): give ``card`` (hidden: ``?``) to seat ``target``."""

    card: str
    target: int

    def __str__(self) -> str:
        return f"give:{self.card}:{self.target}"

    def masked(self) -> Give:
        """The public form: the card as ``?``, the receiver named."""
        return Give(HIDDEN, self.target)


@dataclass(frozen=True, slots=True)
class Bet:
    """``bet:<card>`` (R50): bet ``card`` (hidden: ``?``) face down for the Gambler."""

    card: str

    def __str__(self) -> str:
        return f"bet:{self.card}"

    def masked(self) -> Bet:
        """The public form: the card as ``?``."""
        return Bet(HIDDEN)


@dataclass(frozen=True, slots=True)
class Deal:
    """``deal`` (R72): the dealer deals the next round."""

    def __str__(self) -> str:
        return "deal"


Move = Play | Draw | Pass | Start | Counterattack | NiceTry | Pick | Discard | Give | Bet | Deal


# ----------------------------------------------------------------------------- parsing
def _bad(rule: str, reason: str, token: str) -> MalformedToken:
    return MalformedToken(f"mayhem {rule}", reason, token=token)


def _seat(arg: str) -> int | None:
    """``arg`` as a seat if written as a plain decimal number (``0``, ``12``; not ``01``, ``+1``, ``²``)."""
    if arg.isascii() and arg.isdigit() and (arg == "0" or arg[0] != "0"):
        return int(arg)
    return None


def _card(arg: str, hidden_ok: bool) -> bool:
    return arg in KIND or (hidden_ok and arg == HIDDEN)


def _cards(args: Sequence[str], hidden_ok: bool) -> tuple[str, ...] | None:
    """0 … 2 card codes in canonical order (``?`` allowed when ``hidden_ok``), else None."""
    if len(args) > 2 or not all(_card(a, hidden_ok) for a in args):
        return None
    known = [POS[a] for a in args if a != HIDDEN]
    if known != sorted(known):
        return None
    return tuple(args)


def _fit(kind: str, args: Sequence[str], hidden_ok: bool) -> Effect | None:
    """The effect of a card of ``kind`` with ``args`` as its notation writes it, else None."""
    n = len(args)
    if kind in PLAIN_KINDS:
        return NO_EFFECT if n == 0 else None
    if kind in ("gift", "exch"):
        target = _seat(args[0]) if n else None
        cards = _cards(args[1:], hidden_ok)
        return None if target is None or cards is None else Effect(target=target, cards=cards)
    if kind == "skip":
        if n == 0:
            return NO_EFFECT
        target = _seat(args[0]) if n == 1 else None
        return None if target is None else Effect(target=target)
    wish = args[0] if n else None
    if kind in ("equal", "counter", "nicetry"):
        if wish not in COLORS or n > (2 if kind == "equal" else 1):
            return None
        target = _seat(args[1]) if n == 2 else None
        return None if n == 2 and target is None else Effect(wish=wish, target=target)
    if wish not in WISHES:
        return None
    if kind == "fant":
        return Effect(wish=wish) if n == 1 else None
    seats = tuple(s for s in map(_seat, args[1:]) if s is not None)  # four: none or exactly 4, non-decreasing
    if n not in (1, 5) or len(seats) != n - 1 or list(seats) != sorted(seats):
        return None
    return Effect(wish=wish, seats=seats)


def _effect(kind: str, args: Sequence[str], token: str, hidden_ok: bool, rule: str | None = None) -> Effect:
    """:func:`_fit` or MalformedToken citing ``rule`` (default: the kind's rule) and the kind's shape."""
    effect = _fit(kind, args, hidden_ok)
    if effect is None:
        if kind in PLAIN_KINDS:
            raise _bad(rule or "R2", "a number card, Second Chance, Troublemaker or fy is played without "
                                     "arguments", token)
        raise _bad(rule or KIND_RULE[kind], KIND_SHAPE[kind], token)
    return effect


#: Start cards that ask for arguments, one per argument shape (R36; Exchange as Gift, Nice Try as
#: Counterattack).
_START_SHAPES: Final = ("gift", "skip", "fant", "four", "equal", "counter")


def _parse(token: str, hidden_ok: bool) -> Move:
    """The move written as ``token`` (see :func:`parse`); ``?`` stands for a hidden card when ``hidden_ok``."""
    verb, *parts = token.split(":")
    args = [sys.intern(a) for a in parts]  # card codes as the deck's objects (see cards.PLAY_DECK)
    n = len(args)
    if verb not in VERB_RULE:
        raise _bad("R2", f"unknown verb {verb!r}; a mayhem token starts with one of {', '.join(VERBS)}", token)
    rule = VERB_RULE[verb]
    if verb == "play":
        if not n or args[0] not in KIND:
            raise _bad(rule, "name a card code of the play deck", token)
        return Play(args[0], _effect(KIND[args[0]], args[1:], token, hidden_ok))
    if verb in ("draw", "pass", "deal"):
        if n:
            raise _bad(rule, f"{verb!r} takes no arguments", token)
        return _PLAIN[verb]
    if verb == "start":
        if not any(_fit(kind, args, hidden_ok) is not None for kind in _START_SHAPES):
            raise _bad(rule, "start gives the start card's play arguments: a wish, a target seat, its cards "
                             "(start:7, start:2:r5:k9, start:g:1:1:2:2)", token)
        return Start(tuple(args))
    if verb == "counter":
        target = _seat(args[1]) if n >= 2 else None
        cards = _cards(args[2:], hidden_ok)
        if not n or args[0] not in COLORS or target is None or cards is None:
            raise _bad(rule, "counter:<c>:<t>[:<x>[:<y>]] wishes a colour r y g b, names a seat and, against "
                             "Gift/Exchange, up to 2 of your cards in canonical order", token)
        return Counterattack(args[0], target, cards)
    if verb == "nicetry":
        if n != 1 or args[0] not in COLORS:
            raise _bad(rule, "nicetry:<c> wishes a colour r y g b", token)
        return NiceTry(args[0])
    if verb == "give":
        target = _seat(args[1]) if n == 2 else None
        if target is None or not _card(args[0], hidden_ok):
            raise _bad(rule, "give:<card>:<t> names a card code and a seat", token)
        return Give(args[0], target)
    if n != 1 or not _card(args[0], hidden_ok and verb != "pick"):
        raise _bad(rule, f"{verb}:<card> names one card code", token)
    return _CARD_MOVES[verb](args[0])


_PLAIN: Final[dict[str, Move]] = {"draw": Draw(), "pass": Pass(), "deal": Deal()}
_CARD_MOVES: Final[dict[str, type[Pick] | type[Discard] | type[Bet]]] = {"pick": Pick, "discard": Discard, "bet": Bet}


_MOVES: Final[Memo[str, Move]] = Memo(partial(_parse, hidden_ok=False))
_PUBLIC_MOVES: Final[Memo[str, Move]] = Memo(partial(_parse, hidden_ok=True), 1 << 12)


def parse(token: str) -> Move:
    """The move written as ``token``; cached (bounded), so applying a token reads it once.

    Raises:
        MalformedToken: the token is not written as the notation says (rule of its verb or card
            kind, naming the token); see the module docstring. ``?`` is no card here.
    """
    return _MOVES.get(token)


def parse_public(token: str) -> Move:
    """:func:`parse` for a public token, where ``?`` stands for a hidden card (the cards of Gift,
    Exchange, Counterattack, ``give``, ``bet``, ``discard``). Raises MalformedToken as :func:`parse`."""
    return _PUBLIC_MOVES.get(token)


# ----------------------------------------------------------------------------- pending choices
def chosen_entry(move: Discard | Give | Bet) -> str:
    """How ``pending.chosen`` keeps a simultaneous choice (R43): the token without its verb
    (``"r5"``, or ``"r5:2"`` for a gift to seat 2)."""
    return str(move).partition(":")[2]


def chosen_card(entry: str) -> str:
    """The card of a ``pending.chosen`` entry (:func:`chosen_entry`)."""
    return entry.partition(":")[0]


def chosen_target(entry: str) -> int:
    """The receiving seat of a gift's ``pending.chosen`` entry (``"r5:2"`` → 2)."""
    return int(entry.partition(":")[2])


# ----------------------------------------------------------------------------- action space
def _four_seats(players: int) -> list[str]:
    """``:s1:s2:s3:s4`` suffixes some seat may name (non-decreasing, the actor excluded), ascending."""
    combos = {c for s in range(players)
              for c in combinations_with_replacement([t for t in range(players) if t != s], 4)}
    return [":" + ":".join(map(str, c)) for c in sorted(combos)]


def _suffixes(kind: str, players: int) -> list[str]:
    """Argument suffixes of a card of ``kind`` in listing order; Gift/Exchange only up to the target."""
    seats = [f":{t}" for t in range(players)]
    if kind in ("gift", "exch"):
        return seats
    if kind == "skip":
        return [""] + seats
    if kind == "fant":
        return [":" + w for w in WISHES]
    if kind == "four":
        named = _four_seats(players)
        return [s for w in WISHES for s in [":" + w] + [f":{w}{n}" for n in named]]
    if kind == "equal":
        return [s for c in COLORS for s in [":" + c] + [f":{c}:{t}" for t in range(players)]]
    if kind in ("counter", "nicetry"):
        return [":" + c for c in COLORS]
    return [""]


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every step that can ever be legal with ``players`` seats (options do not change it).

    Order: by verb as in the spec table (``play``, ``draw``, ``pass``, ``start``, ``counter``,
    ``nicetry``, ``pick``, ``discard``, ``give``, ``bet``, ``deal``), then ``card:<x>`` steps.
    ``play`` by the card's canonical position, then its arguments in the spec's listing order
    (Gift/Exchange only up to the target: the head); ``start`` with every distinct argument
    suffix in the same order; ``counter:<c>:<t>`` heads; ``nicetry:<c>``; ``pick``, ``discard``,
    ``bet`` by card; ``give:<card>:<t>`` by card then seat; ``card:<x>`` by card.
    """
    seats = range(players)
    suffixes = [(card, s) for card in CODES for s in _suffixes(KIND[card], players)]
    out = [f"play:{card}{s}" for card, s in suffixes] + ["draw", "pass"]
    out += ["start" + s for s in dict.fromkeys(s for _, s in suffixes)]
    out += [f"counter:{c}:{t}" for c in COLORS for t in seats] + [f"nicetry:{c}" for c in COLORS]
    out += [f"pick:{c}" for c in CODES] + [f"discard:{c}" for c in CODES]
    out += [f"give:{c}:{t}" for c in CODES for t in seats] + [f"bet:{c}" for c in CODES]
    out.append("deal")
    out += [f"card:{c}" for c in CODES]
    return out


def split_token(token: str) -> list[str]:
    """The steps of ``token`` in the action space (see the module docstring)."""
    move = parse(token)
    if isinstance(move, Play) and move.effect.cards:
        effect = move.effect
        cards = effect.cards
        head: Move = Play(move.card, Effect(effect.wish, effect.target, (), effect.seats))
    elif isinstance(move, Counterattack) and move.cards:
        cards, head = move.cards, Counterattack(move.wish, move.target)
    elif isinstance(move, Start) and move.cards:
        cards, head = move.cards, Start(move.args[:1])
    else:
        return [token]
    return [str(head)] + [f"card:{c}" for c in cards]


def four_draws(seats: Sequence[int]) -> list[tuple[int, int]]:
    """Fantastic Four's named seats as ``(seat, draws)`` pairs, ascending by seat (R15)."""
    return sorted(Counter(seats).items())
