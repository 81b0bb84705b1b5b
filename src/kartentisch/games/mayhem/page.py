"""What mayhem's page script gets besides the view (issue 35: the page never reads a token).

How a person chooses a legal token on the table, step by step (:class:`~kartentisch.kernel.Step`):

* ``draw`` (mayhem R2): the draw pile;
* ``play:<card>[:<args>]``: the card in the hand, then its arguments (:func:`effect_steps`);
* ``start:<args>`` (R36): the start card's arguments, read for the card on the discard pile;
* ``counter:<c>:<t>[:<x>[:<y>]]`` (R21): the Counterattack in the hand, the wish, the target seat, then the
  cards it sends as a set;
* ``nicetry:<c>`` (R31): the Nice Try in the hand, then the wish;
* ``pick:<card>`` (R52): the market card; ``discard:<card>``, ``bet:<card>`` (R56, R50): the hand card;
  ``give:<card>:<t>`` (R54, R58): the hand card, then the seat;
* any other token (``pass``, ``deal``, ``start`` without arguments): one button.

The page's facts (:func:`page_facts`): the viewer's own choices in a simultaneous event (``pending.chosen``).
"""

from __future__ import annotations

from typing import Any

from ...kernel.parts import Step
from .cards import KIND
from .notation import (
    Bet,
    Counterattack,
    Discard,
    Draw,
    Effect,
    Give,
    NiceTry,
    Pick,
    Play,
    Start,
    chosen_card,
    chosen_target,
    parse,
)


def effect_steps(kind: str, effect: Effect) -> tuple[Step, ...]:
    """The steps of a card's arguments (R9–R18) for a card of ``kind`` (``KIND`` of mayhem's cards): the target
    seat and the cards it is given (Gift, Exchange: a set of hand cards), the target (Skip), the wish and the
    Fantastic Four draws (one button whose words are all the draws left, one per seat that draws), the wish and
    the target (Equality), the wish (Fantastic, Counterattack, Nice Try); no step for any other kind."""
    wish = () if effect.wish is None else (Step("wish", effect.wish),)
    target = () if effect.target is None else (Step("seat", str(effect.target)),)
    if kind in ("gift", "exch"):
        return target + ((Step("hand", effect.cards, unordered=True),) if effect.cards else ())
    if kind == "skip":
        return target
    if kind == "four":
        seats = ":".join(str(s) for s in effect.seats)
        return wish + ((Step("button", f"draws:{seats}", rest=True),) if effect.seats else ())
    if kind == "equal":
        return wish + target
    if kind in ("fant", "counter", "nicetry"):
        return wish
    return ()


def choice_steps(seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
    """The legal ``token`` of ``seat`` as steps on the table; ``view`` (the seat's own) gives the start card, the
    top of the public discard pile (R36).

    Raises:
        MalformedToken: ``token`` is no mayhem token (:func:`~kartentisch.games.mayhem.notation.parse`), or a
            ``start`` token's arguments do not fit the start card (R36).
    """
    move = parse(token)
    if isinstance(move, Draw):
        return (Step("pile", "draw"),)
    if isinstance(move, Play):
        return (Step("hand", move.card),) + effect_steps(KIND[move.card], move.effect)
    if isinstance(move, Counterattack):
        cards = (Step("hand", move.cards, unordered=True),) if move.cards else ()
        return (Step("hand", "counter"), Step("wish", move.wish), Step("seat", str(move.target))) + cards
    if isinstance(move, NiceTry):
        return (Step("hand", "nicetry"), Step("wish", move.wish))
    if isinstance(move, Pick):
        return (Step("table", move.card),)
    if isinstance(move, Discard | Bet):
        return (Step("hand", move.card),)
    if isinstance(move, Give):
        return (Step("hand", move.card), Step("seat", str(move.target)))
    if isinstance(move, Start) and move.args:
        kind = KIND[view["zones"]["discard"][0]]
        return effect_steps(kind, move.effect(kind))
    return (Step("button", token),)


def page_facts(view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """``{"chosen": [{"card", "to"}, …]}``: the cards ``viewer`` chose so far in a simultaneous event (R43: given
    in a Surprise Party or Merry Christmas, discarded in a Recession, bet for the Gambler), each with the seat it
    goes to (``to``, ``None`` unless given), from the viewer's own ``pending.chosen``; empty for a spectator and
    outside such an event."""
    pending = view["zones"]["pending"]
    entries = pending["chosen"][viewer] if viewer is not None and pending and "chosen" in pending else []
    return {"chosen": [{"card": chosen_card(e), "to": chosen_target(e) if ":" in e else None} for e in entries]}
