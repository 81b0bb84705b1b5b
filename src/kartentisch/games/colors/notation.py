"""``colors`` move notation for fixed action spaces (spec ``rules/colors.md``, "Decisions and tokens").

:func:`action_space` lists every token that can ever be legal in a match of ``players`` seats, in
a fixed documented order; RL adapters (:mod:`kartentisch.rl`) map each token to its index.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import deck_codes


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every token that can ever be legal with ``players`` seats (options do not matter).

    Order: ``play:<card>`` for every card in play (canonical card order, R1), then
    ``pick:<card>`` in the same order, then ``deal``. Size: ``2 × cards in play + 1`` (61 with 2
    players, 81 with 3, 101 with 4–6).
    """
    cards = deck_codes(players)
    return [f"play:{c}" for c in cards] + [f"pick:{c}" for c in cards] + ["deal"]
