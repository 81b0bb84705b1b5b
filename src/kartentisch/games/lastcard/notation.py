"""``lastcard`` move notation (spec ``rules/lastcard.md``, "Decisions and tokens"): moves as values.

:func:`parse` is the one place a token is read. It turns a token into one small frozen value per
verb, and ``str(move)`` gives the token back exactly:

* :class:`Pass` ``pass:a:b:c`` (R5), :class:`Play` ``play:c`` (R8), :class:`HelpPlay`
  ``play:c:h1[:h2…]`` (R10), :class:`Lay` ``lay:c:t`` (R9), :class:`Deal` ``deal`` (R17);
* :class:`HiddenPass` ``pass:?:?:?``: a pass as a move log shows it to the other seats
  (:func:`parse_public` only; it is never a move).

A token not written in this notation raises :class:`~kartentisch.kernel.errors.MalformedToken`
(lastcard R19); whether a well-formed token is allowed now is for the rules to say. Cards are
numbers here (``Play(20)``), their codes the numbers as strings (lastcard D1).

A *play with help* may use any non-empty subset of the actor's help row (D10), so the tokens that
can ever be legal number about ``cards × 2^(cards-1)``: far too many to list. The fixed action
space (:func:`action_space`, for ``kartentisch.rl``) is therefore a list of **steps**;
:func:`split_token` turns a token into its steps and every other token is a single step:

* ``play:15:5:8`` → ``with:15``, ``help:5``, ``help:8``, ``go``;
* ``pass:a:b:c``, ``play:c``, ``lay:c:t``, ``deal`` → themselves.

No token's steps are a proper prefix of another token's steps (``go`` closes a help play), so a
sequence of steps names exactly one token. :func:`parse_step` reads a step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from ...kernel.errors import MalformedToken
from ...kernel.game import GAME_OVER, ROUND_OVER
from ...kernel.memo import Memo
from .cards import CODE, HELP_PREFIX, LAY_TOKEN, NUMBER, PLAY_TOKEN, TOP_CARD, deck

#: The rule a malformed token breaks (lastcard R19: rejected with an error naming the rule).
RULE: Final = "lastcard R19"

#: Most cards a pass names (option ``pass_cards`` is 0 … 3; with 0 nobody passes, D21).
MAX_PASS: Final = 3

#: A card a reader may not see, in a view or a public token (spec *Seat view*).
HIDDEN: Final = "?"

#: The phases of a state document (spec *State document*): pass (R5), play (R6), then the common ones.
PASS: Final = "pass"
PLAY: Final = "play"
PHASES: Final = (PASS, PLAY, ROUND_OVER, GAME_OVER)


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass:a:b:c`` (R5): the cards a seat passes to its right neighbour, strictly ascending as
    the token writes them (the rules check the order, D20)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "pass:" + ":".join([CODE[c] for c in self.cards])


@dataclass(frozen=True, slots=True)
class HiddenPass:
    """``pass:?:?:?``: a pass of ``count`` cards as the other seats read it in a log (R5)."""

    count: int

    def __str__(self) -> str:
        return "pass" + ":?" * self.count


@dataclass(frozen=True, slots=True)
class Play:
    """``play:c`` (R8): ``card`` alone onto the pile."""

    card: int

    def __str__(self) -> str:
        return PLAY_TOKEN[self.card]


@dataclass(frozen=True, slots=True)
class HelpPlay:
    """``play:c:h1[:h2…]`` (R10): ``card`` onto the pile, lifted by the own help cards ``helpers``."""

    card: int
    helpers: tuple[int, ...]

    def __str__(self) -> str:
        return HELP_PREFIX[self.card] + ":".join([CODE[h] for h in self.helpers])


@dataclass(frozen=True, slots=True)
class Lay:
    """``lay:c:t`` (R9): ``card`` becomes a help card, the pile card ``take`` goes to the hand."""

    card: int
    take: int

    def __str__(self) -> str:
        return LAY_TOKEN[self.card][self.take]


@dataclass(frozen=True, slots=True)
class Deal:
    """``deal`` (R17): the next round's dealer deals it."""

    def __str__(self) -> str:
        return "deal"


Move = Pass | Play | HelpPlay | Lay | Deal


#: The help-play steps by card number, written once: ``WITH_STEP[7] == "with:7"``, ``HELP_STEP[7] == "help:7"``
#: (:func:`split_token` builds a help play's steps from them without building step objects).
WITH_STEP: Final[tuple[str, ...]] = tuple("with:" + code for code in CODE)
HELP_STEP: Final[tuple[str, ...]] = tuple("help:" + code for code in CODE)


@dataclass(frozen=True, slots=True)
class WithStep:
    """Action-space step ``with:c``: the hand card of a help play (R10)."""

    card: int

    def __str__(self) -> str:
        return WITH_STEP[self.card]


@dataclass(frozen=True, slots=True)
class HelpStep:
    """Action-space step ``help:h``: one help card of a help play (R10)."""

    card: int

    def __str__(self) -> str:
        return HELP_STEP[self.card]


@dataclass(frozen=True, slots=True)
class GoStep:
    """Action-space step ``go``: closes a help play."""

    def __str__(self) -> str:
        return "go"


Step = Move | WithStep | HelpStep | GoStep

_DEAL: Final = Deal()
_GO: Final = GoStep()


def _cards(token: str, args: list[str]) -> tuple[int, ...]:
    """The card numbers of ``args``; MalformedToken at the first that is not a card code."""
    numbers = tuple(NUMBER.get(a, 0) for a in args)
    if 0 in numbers:
        wrong = args[numbers.index(0)]
        raise MalformedToken(RULE, f"{wrong!r} is not a card code (the numbers 1 … {TOP_CARD} without "
                                   "leading zeros, D20)", token=token)
    return numbers


def _read(token: str) -> Move:
    """:func:`parse` without the cache."""
    verb, colon, rest = token.partition(":")
    args = rest.split(":") if colon else []
    if verb == "play":
        if not args:
            raise MalformedToken(RULE, "'play' needs card arguments: play:c or play:c:h1…", token=token)
        cards = _cards(token, args)
        return Play(cards[0]) if len(cards) == 1 else HelpPlay(cards[0], cards[1:])
    if verb == "lay":
        cards = _cards(token, args)
        if len(cards) != 2:
            raise MalformedToken(RULE, "lay takes a hand card and a pile card: lay:c:t", token=token)
        return Lay(*cards)
    if verb == "pass":
        cards = _cards(token, args)
        if not 1 <= len(cards) <= MAX_PASS:
            raise MalformedToken(RULE, f"'pass' names 1 … {MAX_PASS} cards: pass:a:b:c", token=token)
        return Pass(cards)
    if verb == "deal":
        if args:
            raise MalformedToken(RULE, "'deal' takes no arguments", token=token)
        return _DEAL
    raise MalformedToken(RULE, f"unknown verb {verb!r}; the verbs are pass, play, lay and deal", token=token)


_MOVES: Final[Memo[str, Move]] = Memo(_read)


def parse(token: str) -> Move:
    """The move ``token`` writes; ``str(parse(token)) == token``.

    Remembered per token (the same tokens recur over turns, clones and playouts), so applying a
    token parses it once.

    Raises:
        MalformedToken: (lastcard R19) an unknown verb, an argument that is not a card code
            (``"022"``, ``"?"``), or the wrong number of arguments for the verb (pass: 1 … 3 cards,
            play: at least one, lay: two, deal: none).

    >>> parse("play:9:5:8"), parse("lay:2:12"), parse("deal")
    (HelpPlay(card=9, helpers=(5, 8)), Lay(card=2, take=12), Deal())
    """
    return _MOVES.get(token)


def parse_public(token: str) -> Move | HiddenPass:
    """A token as a move log shows it (``GameState.public_token``): :func:`parse`, or a
    :class:`HiddenPass` for ``pass:?…`` (the cards another seat passed, hidden, R5).

    Raises:
        MalformedToken: as :func:`parse` (lastcard R19).
    """
    verb, _, rest = token.partition(":")
    if verb == "pass" and rest and set(rest.split(":")) == {HIDDEN}:
        count = rest.count(":") + 1
        if count <= MAX_PASS:
            return HiddenPass(count)
    return parse(token)


def parse_step(step: str) -> Step:
    """An entry of :func:`action_space`: a help-play step (``with:c``, ``help:h``, ``go``) or a
    whole token (:func:`parse`); ``str(parse_step(step)) == step``.

    Raises:
        MalformedToken: neither a step nor a token (lastcard R19).
    """
    verb, _, rest = step.partition(":")
    if verb in ("with", "help"):
        cards = _cards(step, rest.split(":"))
        if len(cards) != 1:
            raise MalformedToken(RULE, f"'{verb}' takes one card: {verb}:c", token=step)
        return WithStep(cards[0]) if verb == "with" else HelpStep(cards[0])
    if step == "go":
        return _GO
    return parse(step)


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every step that can ever be legal with ``players`` seats and ``options``.

    Order, cards ``1 … N`` of the cards in play (R1) throughout: ``pass:a:b:c`` for every
    strictly ascending choice of P = ``options["pass_cards"]`` cards (lexicographic; none when
    P = 0); ``play:c``; ``with:c``; ``help:h``; ``go``; ``lay:c:t`` (c then t ascending, c ≠ t);
    ``deal``. Size with P = 3: C(N,3) + 3N + 1 + N(N−1) + 1 (N = 36: 8 510; N = 60: 37 942).

    Raises:
        KeyError: ``options`` lacks ``pass_cards`` (pass the effective options).
    """
    cards = deck(players)
    passes = options["pass_cards"]
    out = [f"pass:{':'.join(combo)}" for combo in combinations(cards, passes)] if passes else []
    out += [f"play:{c}" for c in cards] + [f"with:{c}" for c in cards] + [f"help:{h}" for h in cards]
    out.append("go")
    out += [f"lay:{c}:{t}" for c in cards for t in cards if c != t]
    out.append("deal")
    return out


def split_token(token: str) -> list[str]:
    """The steps of ``token`` in the action space (see the module docstring).

    Raises:
        MalformedToken: ``token`` is not written in the notation (lastcard R19).
    """
    move = parse(token)
    if type(move) is HelpPlay:
        return [WITH_STEP[move.card], *[HELP_STEP[h] for h in move.helpers], "go"]
    return [token]
