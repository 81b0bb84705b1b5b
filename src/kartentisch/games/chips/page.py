"""How a person chooses a legal ``chips`` token on the table, step by step (:class:`~kartentisch.kernel.Step`).

* ``take:<pos>`` (chips R4): the card at position ``pos`` of the row (a ``slot``);
* ``take:<pos>:<row>`` (special card 3, chips R12): the slot, then the colour ``row`` of the own display;
* any other token (``deal``): one button.
"""

from __future__ import annotations

from typing import Any

from ...kernel.parts import Step
from .notation import Take, parse


def choice_steps(seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
    """The legal ``token`` of ``seat`` as steps on the table (``view``: the seat's own; chips needs none of it).

    Raises:
        MalformedToken: ``token`` is no chips token (:func:`~kartentisch.games.chips.notation.parse`).
    """
    move = parse(token)
    if not isinstance(move, Take):
        return (Step("button", token),)
    slot = Step("slot", str(move.position))
    return (slot,) if move.row is None else (slot, Step("row", move.row))
