"""``grid`` move notation for fixed action spaces (spec ``rules/grid.md``, "Decisions and tokens").

:func:`action_space` lists every token that can ever be legal, in a fixed documented order; RL
adapters (:mod:`kartentisch.rl`) map each token to its index.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Line ids of R10 in the spec's display order.
LINES: tuple[str, ...] = ("r0", "r1", "r2", "c0", "c1", "c2", "d0", "d1")


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal (neither ``players`` nor options change it).

    Order (the spec's display order): ``draw``, ``takediscard``; ``swap:r:c`` for the nine cells
    row by row, then ``flip:r:c`` likewise; ``remove:<line>`` in the order ``r0 r1 r2 c0 c1 c2
    d0 d1``; ``keep``; ``close:h``, ``close:v``; ``deal``. Size: 2 + 9 + 9 + 8 + 1 + 2 + 1 = 32.
    """
    cells = [f"{r}:{c}" for r in range(3) for c in range(3)]
    return (["draw", "takediscard"] + [f"swap:{rc}" for rc in cells] + [f"flip:{rc}" for rc in cells]
            + [f"remove:{line}" for line in LINES] + ["keep", "close:h", "close:v", "deal"])
