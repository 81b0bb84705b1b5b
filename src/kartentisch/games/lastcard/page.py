"""What lastcard's page script gets besides the view (issue 35: the page never reads a token).

How a person chooses a legal token on the table, step by step (:class:`~kartentisch.kernel.Step`):

* ``pass:<a>:<b>:…`` (lastcard R5): the cards of the own hand as a set, picked in any order;
* ``play:<card>`` (R8): the hand card;
* ``play:<card>:<h>:…`` (R10): the hand card, then the help cards as a set; their words end with the sum that
  beats the pile, so the set spans one word more than it has cards;
* ``lay:<card>:<take>`` (R9): the hand card, then the pile card it takes as a set of one card, so that a lay is
  confirmed like a pass and a play with help cards (a lay lays a Hilfskarte and takes a pile card: the page never
  makes it on a single tap, not even when only one pile card could be taken);
* any other token (``deal``): one button.

The page's facts (:func:`page_facts`): the seat of the view's last play or lay (``zones.last_move``).
"""

from __future__ import annotations

from typing import Any

from ...kernel.parts import Step
from .cards import CODE
from .notation import HelpPlay, Lay, Pass, Play, parse


def choice_steps(seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
    """The legal ``token`` of ``seat`` as steps on the table (``view``: the seat's own; lastcard needs none of it).

    Raises:
        MalformedToken: ``token`` is no lastcard token (:func:`~kartentisch.games.lastcard.notation.parse`).
    """
    move = parse(token)
    if isinstance(move, Pass):
        return (Step("hand", tuple(CODE[c] for c in move.cards), unordered=True),)
    if isinstance(move, Play):
        return (Step("hand", CODE[move.card]),)
    if isinstance(move, HelpPlay):
        helpers = tuple(CODE[h] for h in move.helpers)
        return (Step("hand", CODE[move.card]), Step("help", helpers, unordered=True, span=len(helpers) + 1))
    if isinstance(move, Lay):
        return (Step("hand", CODE[move.card]), Step("table", (CODE[move.take],), unordered=True))
    return (Step("button", token),)


def page_facts(view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """``{"last_seat": seat | None}``: the seat that made the view's ``last_move`` (the last play or lay, R8–R10;
    public), ``None`` before any in the round."""
    last = view["zones"]["last_move"]
    return {"last_seat": None if last is None else int(last.partition(":")[0])}
