"""How a person chooses a legal ``colors`` token on the table, step by step (:class:`~kartentisch.kernel.Step`).

* ``play:<card>`` (colors R4): the card in the own hand;
* ``pick:<card>`` (colors R9): the card among the lit cards of the centre;
* any other token (``deal``, R14): one button.
"""

from __future__ import annotations

from typing import Any

from ...kernel.parts import Step
from .notation import Pick, Play, parse


def choice_steps(seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
    """The legal ``token`` of ``seat`` as steps on the table (``view``: the seat's own; colors needs none of it).

    Raises:
        MalformedToken: ``token`` is no colors token (:func:`~kartentisch.games.colors.notation.parse`).
    """
    move = parse(token)
    if isinstance(move, Play):
        return (Step("hand", move.card),)
    if isinstance(move, Pick):
        return (Step("table", move.card),)
    return (Step("button", token),)
