"""``colors`` move notation (spec ``rules/colors.md``, "Decisions and tokens"): moves as values.

The one place a token is read: :func:`parse` turns ``play:<card>``, ``pick:<card>`` or ``deal``
into a :class:`Play`, :class:`Pick` or :class:`Deal` value, and ``str(move)`` writes it back
(``str(parse(t)) == t``). A token not written this way raises :class:`MalformedToken` naming
``colors R19``; whether a well-formed move is allowed now is the rules' question.

:func:`action_space` lists every token that can ever be legal in a match of ``players`` seats, in
a fixed documented order; RL adapters (:mod:`kartentisch.rl`) map each token to its index.

>>> parse("play:b7")
Play(card='b7')
>>> str(parse("pick:g3")), parse("deal")
('pick:g3', Deal())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...kernel.errors import MalformedToken
from ...kernel.memo import Memo
from .cards import KEY, deck_codes

#: The rule a malformed token breaks: R19 lists the tokens and rejects every other one.
RULE: Final = "colors R19"

#: The phases of a round (colors *State document*) besides the kernel's ``round_over``/``game_over``.
PLAY: Final = "play"
PICK: Final = "pick"


@dataclass(frozen=True, slots=True)
class Play:
    """``play:<card>`` (colors R5): play ``card`` (a card code, ``"b7"``) from the own hand."""

    card: str

    def __str__(self) -> str:
        return f"play:{self.card}"


@dataclass(frozen=True, slots=True)
class Pick:
    """``pick:<card>`` (colors R9): take ``card`` (a card code) among the open side's candidates."""

    card: str

    def __str__(self) -> str:
        return f"pick:{self.card}"


@dataclass(frozen=True, slots=True)
class Deal:
    """``deal`` (colors R18): the next dealer gathers, shuffles and deals the next round."""

    def __str__(self) -> str:
        return "deal"


Move = Play | Pick | Deal

_CARD_VERBS: Final[dict[str, type[Play] | type[Pick]]] = {"play": Play, "pick": Pick}


def _read(token: str) -> Move:
    """:func:`parse` without the cache."""
    verb, *args = token.split(":")
    if verb == "deal":
        if args:
            raise MalformedToken(RULE, "'deal' takes no argument", token=token)
        return Deal()
    kind = _CARD_VERBS.get(verb)
    if kind is None:
        raise MalformedToken(RULE, f"unknown verb {verb!r}; tokens are play:<card>, pick:<card> and deal",
                             token=token)
    if len(args) != 1:
        raise MalformedToken(RULE, f"'{verb}' takes exactly one card, as {verb}:<card> ({verb}:b7)", token=token)
    if args[0] not in KEY:
        raise MalformedToken(RULE, f"{args[0]!r} is not a card code (colour b, g, p, r or y and a digit 0–9, "
                                   "as b7)", token=token)
    return kind(args[0])


_MOVES: Final[Memo[str, Move]] = Memo(_read)


def parse(token: str) -> Move:
    """The move written as ``token``; cached (a match uses at most 101 distinct tokens).

    Raises:
        MalformedToken: (rule ``colors R19``, naming the token) for an unknown verb, a wrong
            number of arguments or an argument that is not a card code (``b0`` … ``y9``, lowercase).
            A card of a colour not in play (``y3`` with 2 players) is well formed: the rules
            reject it as not in the hand (R5) or not a candidate (R9).
    """
    return _MOVES.get(token)


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal with ``players`` seats (options do not matter).

    Order: ``play:<card>`` for every card in play (canonical card order, R1), then
    ``pick:<card>`` in the same order, then ``deal``. Size: ``2 × cards in play + 1`` (61 with 2
    players, 81 with 3, 101 with 4–6).
    """
    cards = deck_codes(players)
    return [f"play:{c}" for c in cards] + [f"pick:{c}" for c in cards] + ["deal"]
