"""``chips`` move notation (spec ``rules/chips.md``, "Decisions and tokens"): moves as values.

A token is parsed here and nowhere else: :func:`parse` turns ``take:<i>``, ``take:<i>:<c>`` (R14)
or ``deal`` (R11) into a :class:`Take` or :class:`Deal`, and ``str(move)`` gives the token back.
A token not written as the notation says raises :class:`~kartentisch.kernel.errors.MalformedToken`
citing chips R4 (R20: "unknown or malformed token (R4)"); whether a well-formed move is legal now
is the rules' business (:mod:`.rules`).

:func:`action_space` lists every token that can ever be legal, in a fixed documented order; RL
adapters (:mod:`kartentisch.rl`) map each token to its index.

Example::

    >>> parse("take:3:y")
    Take(position=3, row='y')
    >>> str(parse("take:3"))
    'take:3'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...kernel.errors import MalformedToken
from ...kernel.memo import Memo
from .cards import COLOUR_INDEX, COLOURS, ROW_SIZE

#: The spec's rule for the token grammar (R20 sends malformed tokens to R4).
RULE: Final = "chips R4"
TAKE: Final = "take"
DEAL: Final = "deal"
#: The phase of a round's turns (chips *State document*), besides the kernel's ``round_over``/``game_over``.
PLAY: Final = "play"


@dataclass(frozen=True, slots=True)
class Take:
    """``take:<i>`` (R5–R8): take the row card at ``position`` (0 = front); ``row`` is the colour
    letter of the colour row named for an ``any_row`` card (R14, ``take:<i>:<c>``), else ``None``."""

    position: int
    row: str | None = None

    def __str__(self) -> str:
        return f"{TAKE}:{self.position}" if self.row is None else f"{TAKE}:{self.position}:{self.row}"


@dataclass(frozen=True, slots=True)
class Deal:
    """``deal`` (R11): the next round's dealer starts the next round."""

    def __str__(self) -> str:
        return DEAL


Move = Take | Deal


def _read(token: str) -> Move:
    """:func:`parse` without the cache."""
    if token == DEAL:
        return Deal()
    verb, *args = token.split(":")
    if verb == DEAL:
        raise MalformedToken(RULE, "deal has no arguments", token=token)
    if verb != TAKE:
        raise MalformedToken(RULE, f"unknown verb {verb!r}; expected take:<i>, take:<i>:<k|r|b|y> or deal",
                             token=token)
    if len(args) not in (1, 2):
        raise MalformedToken(RULE, f"take has 1 or 2 arguments (take:<i> or take:<i>:<k|r|b|y>), got {len(args)}",
                             token=token)
    digits = args[0]
    if not (digits.isascii() and digits.isdigit()) or (len(digits) > 1 and digits[0] == "0"):
        raise MalformedToken(RULE, f"a row position is a decimal number without sign or leading zeros, "
                             f"not {digits!r}", token=token)
    try:
        position = int(digits)
    except ValueError:  # longer than Python converts (thousands of digits): no position anyway
        raise MalformedToken(RULE, f"a row position of {len(digits)} digits", token=token) from None
    if len(args) == 1:
        return Take(position)
    if args[1] not in COLOUR_INDEX:
        raise MalformedToken(RULE, f"the colour row is one of k, r, b, y, not {args[1]!r}", token=token)
    return Take(position, args[1])


_MOVES: Final[Memo[str, Move]] = Memo(_read)


def parse(token: str) -> Move:
    """The move ``token`` writes (chips *Decisions and tokens*), parsed once and cached.

    ``<i>`` is decimal without sign or leading zeros; ``<c>`` is one of ``k r b y``. Whether the
    position exists or is affordable is not checked here (R5, R14: :mod:`.rules`).

    Raises:
        MalformedToken: (chips R4) an unknown verb, the wrong number of arguments, a position not
            written in canonical decimal, or an unknown colour letter; the reason says which.
    """
    return _MOVES.get(token)


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal (neither ``players`` nor options change it).

    Order: ``take:<i>`` for row positions ``0 … 6``; then ``take:<i>:<c>`` (the ``any_row``
    special, R14) by position, colours in row order ``k r b y``; then ``deal``. Size: 7 + 28 + 1 = 36.
    """
    plain = [f"take:{i}" for i in range(ROW_SIZE)]
    any_row = [f"take:{i}:{c}" for i in range(ROW_SIZE) for c in COLOURS]
    return plain + any_row + ["deal"]
