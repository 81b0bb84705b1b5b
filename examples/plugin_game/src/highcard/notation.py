"""``highcard`` moves as values (H2): the one place a token is parsed and written.

>>> parse("play:17")
Play(card=17)
>>> str(Play(3))
'play:3'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from kartentisch.kernel import MalformedToken

#: The cards in play (H1), in canonical order.
CARDS: tuple[int, ...] = tuple(range(1, 21))


class Play(NamedTuple):
    """Choose ``card`` (1–20) face down for the trick (H2)."""

    card: int

    def __str__(self) -> str:
        return f"play:{self.card}"


@lru_cache(maxsize=64)
def parse(token: str) -> Play:
    """The move written as ``token``.

    Raises:
        MalformedToken: not ``play:<card>`` with a card 1–20 in canonical form (highcard H2).
    """
    verb, _, arg = token.partition(":")
    if verb != "play" or not (arg.isascii() and arg.isdigit()) or str(int(arg)) != arg or int(arg) not in CARDS:
        raise MalformedToken("highcard H2", "a move is play:<card> with a card 1 … 20", token=token)
    return Play(int(arg))


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal: ``play:1`` … ``play:20`` (RL adapters index them)."""
    return [str(Play(c)) for c in CARDS]
