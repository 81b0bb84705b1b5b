"""``chips`` move notation for fixed action spaces (spec ``rules/chips.md``, "Decisions and tokens").

:func:`action_space` lists every token that can ever be legal, in a fixed documented order; RL
adapters (:mod:`kartentisch.rl`) map each token to its index.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import COLOURS, ROW_SIZE


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal (neither ``players`` nor options change it).

    Order: ``take:<i>`` for row positions ``0 … 6``; then ``take:<i>:<c>`` (the ``any_row``
    special, R14) by position, colours in row order ``k r b y``; then ``deal``. Size: 7 + 28 + 1 = 36.
    """
    plain = [f"take:{i}" for i in range(ROW_SIZE)]
    any_row = [f"take:{i}:{c}" for i in range(ROW_SIZE) for c in COLOURS]
    return plain + any_row + ["deal"]
