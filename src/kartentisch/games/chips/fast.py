"""The speed path of ``chips``' legality: the listing.

Legality is stated once, in :meth:`.rules.ChipsState._violation` (``None`` or the error naming
chips R4, R5, R11 or R14, as R20 says). :func:`listing` answers the same question for every token at
once: in the base game the legal takes are just the positions ``0 … supply`` (R5), a slice of
precomputed tokens; with special cards (R13, R14) one pass over the row. A random draw picks from it
(the kernel's default): a decision is at most a row wide. ``tests/test_legality.py`` proves it equal
to the check over the whole action space of random reachable states at every player count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...kernel.game import ROUND_OVER
from .cards import COLOURS, ROW_SIZE, VALUE
from .notation import DEAL, PLAY

if TYPE_CHECKING:
    from .rules import ChipsState

#: ``take:<i>`` tokens by position, and ``take:<i>:<c>`` by position and colour-row index (R14).
_TAKE: Final = tuple(f"take:{i}" for i in range(ROW_SIZE))
_TAKE_ROW: Final = tuple(tuple(f"take:{i}:{c}" for c in COLOURS) for i in range(ROW_SIZE))


def listing(state: ChipsState, seat: int) -> list[str]:
    """Legal tokens of the acting ``seat`` by ascending position, ``take:<i>:<c>`` in row order k r b y
    (spec *Decisions*); exactly the tokens :meth:`~.rules.ChipsState._violation` accepts.

    chips R5: position ``i`` costs ``i`` ≤ supply (R13: a ``free_take`` value costs 0). chips R14:
    an ``any_row`` card is taken only with a row suffix. chips R11: ``deal`` in ``round_over``.
    """
    if state.phase == ROUND_OVER:
        return [DEAL]
    if state.phase != PLAY:
        return []
    eff = state.effects
    chips = state.supply[seat]
    if not eff.free_take and not eff.any_row:  # R5 alone: the positions 0 … chips (the base game)
        return list(_TAKE[:min(chips + 1, len(state.row_cards))])
    out: list[str] = []
    for i, card in enumerate(state.row_cards):
        value = VALUE[card]
        if (i if value not in eff.free_take else 0) > chips:
            continue
        if value in eff.any_row:
            out.extend(_TAKE_ROW[i])
        else:
            out.append(_TAKE[i])
    return out
