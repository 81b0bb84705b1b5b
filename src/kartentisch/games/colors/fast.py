"""The speed path of ``colors``' legality: the listing.

Legality is stated once, in :meth:`.rules.ColorsState._violation` (``None`` or the error naming
colors R5, R9, R16, R18 or R19). :func:`listing` answers the same question for every token at once,
from precomputed token strings by card key, instead of asking the check about each of the up to 101
tokens of the action space; a random draw picks from it (the kernel's default), one decision being
at most a hand wide. ``tests/test_legality.py`` proves it equal to the check over the whole action
space of random reachable states at every player count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...kernel.game import ROUND_OVER
from .cards import CODES
from .notation import PICK, PLAY, Pick, Play

if TYPE_CHECKING:
    from .rules import ColorsState

#: Every card token by card key, precomputed once for the listing: ``"play:b0"`` … ``"pick:y9"``.
_PLAY_TOKEN: Final[tuple[str, ...]] = tuple(str(Play(c)) for c in CODES)
_PICK_TOKEN: Final[tuple[str, ...]] = tuple(str(Pick(c)) for c in CODES)


def listing(state: ColorsState, seat: int) -> list[str]:
    """Legal tokens of the acting ``seat`` in canonical card order (colors R5, R9, R18): its hand's
    ``play`` tokens, the open side's ``pick`` candidates, or ``deal``; exactly the tokens
    :meth:`~.rules.ColorsState._violation` accepts."""
    if state.phase == PLAY:
        return [_PLAY_TOKEN[k] for k in state.hands[seat]]
    if state.phase == PICK:
        assert state.pending is not None
        return [_PICK_TOKEN[k] for k in state.pending.options]
    if state.phase == ROUND_OVER:
        return ["deal"]
    return []
