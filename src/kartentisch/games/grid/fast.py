"""The speed path of ``grid``'s legality: the listing.

Legality is stated once, in :meth:`.rules.GridState._violation` (``None`` or the error naming the
rule, spec *Decisions and tokens*). :func:`listing` answers the same question for every token at
once, by phase and step, from precomputed token strings by cell and line (a face-down cell told by
its first character inline, not by a call to :func:`.cells.is_down`), instead of asking the check
about each of the 32 tokens of the action space; a random draw picks from it (the kernel's default),
a decision being at most 18 tokens wide. ``tests/test_legality.py`` proves it equal to the check over
the whole action space of random reachable states at every player count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...kernel.game import ROUND_OVER
from .cells import DOWN, completed_lines
from .notation import CLOSE, DRAWN, LINE_IDS, REMOVE, SETUP, START, TAKEN

if TYPE_CHECKING:
    from .rules import GridState

SWAP_TOKENS: Final = [[f"swap:{r}:{c}" for c in range(3)] for r in range(3)]
FLIP_TOKENS: Final = [[f"flip:{r}:{c}" for c in range(3)] for r in range(3)]
REMOVE_TOKENS: Final = {line: f"remove:{line}" for line in LINE_IDS}


def listing(state: GridState, seat: int) -> list[str]:
    """Legal tokens of ``seat`` (in ``to_act``) in the spec's display order (draw, takediscard; swaps;
    flips; removes, keep; closes; deal): exactly the tokens :meth:`~.rules.GridState._violation`
    accepts."""
    phase, step = state.phase, state.step
    grid = state._grids[seat]
    if phase == SETUP:  # R4
        return [FLIP_TOKENS[r][c] for r, row in enumerate(grid) for c, x in enumerate(row) if x[0] == DOWN]
    if phase == ROUND_OVER:  # R20
        return ["deal"]
    if step == START:  # R7, R8, R9
        out = []
        if state.draw or len(state.discard) >= 2:
            out.append("draw")
        if state.discard:
            out.append("takediscard")
        return out
    if step == DRAWN or step == TAKEN:  # R7, R8
        out = [SWAP_TOKENS[r][c] for r, row in enumerate(grid) for c in range(len(row))]
        if step == DRAWN:
            out += [FLIP_TOKENS[r][c] for r, row in enumerate(grid) for c, x in enumerate(row) if x[0] == DOWN]
        return out
    if step == REMOVE:  # R11, options
        out = [REMOVE_TOKENS[line] for line in completed_lines(grid)]
        if state.options["optional_removal"]:
            out.append("keep")
        return out
    if step == CLOSE:  # R12
        return ["close:h", "close:v"]
    return []
