"""How a person chooses a legal ``grid`` token on the table, step by step (:class:`~kartentisch.kernel.Step`).

* ``draw`` (grid R8): the draw pile; ``takediscard`` (R7): the discard pile;
* ``swap:r:c`` (R7, R8): the cell ``r:c`` of the own grid; its words are two (the card swapped in, then the
  cell), so the step spans both;
* ``flip:r:c``: the cell; with a drawn card held (R8) the discard pile first, where that card goes;
* any other token (``remove``, ``keep``, ``close``, ``deal``): one button.
"""

from __future__ import annotations

from typing import Any

from ...kernel.parts import Step
from .notation import Draw, Flip, Swap, TakeDiscard, parse


def choice_steps(seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
    """The legal ``token`` of ``seat`` as steps on the table; ``view`` (the seat's own) tells whether a drawn card
    is held (``zones.held``, public: R8 shows the drawn card).

    Raises:
        MalformedToken: ``token`` is no grid token (:func:`~kartentisch.games.grid.notation.parse`).
    """
    move = parse(token)
    if isinstance(move, Draw):
        return (Step("pile", "draw"),)
    if isinstance(move, TakeDiscard):
        return (Step("pile", "discard"),)
    if isinstance(move, Swap | Flip):
        cell = f"{move.row}:{move.col}"
        if isinstance(move, Swap):
            return (Step("cell", cell, span=2),)
        return (Step("pile", "discard"), Step("cell", cell)) if view["zones"]["held"] else (Step("cell", cell),)
    return (Step("button", token),)
