"""The ``heuristic`` bot of ``chips``: a greedy one-turn evaluator over the public table.

It reads only what every seat sees (row with its chips, supplies, displays, active special cards,
the pile's size); it never looks at the hidden draw pile (spec *Visibility*).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final, cast

from ...kernel.game import GameState
from .cards import COLOUR, COLOUR_INDEX, DECK, MASK_STRIDE, VALUE, face_up_over, open_top, take_cost
from .notation import DEAL, Take, parse

if TYPE_CHECKING:  # the rules import this bot (heuristic_bot); the bot needs their state type for annotations only
    from .rules import ChipsState

#: Weight of chips put on skipped cards that opponents may collect later (rule 3).
GIFT_WEIGHT: Final = 0.3
#: Weight per still-unplaced card of the colour row that a face-up card shuts out (rule 4).
BLOCK_WEIGHT: Final = 0.35
#: Value of an extra turn earned with ``s4`` (rule 5).
EXTRA_TURN_BONUS: Final = 4.0
#: Rule 4's candidates: top → value → the :data:`~.cards.CARD_BIT` bits of the values strictly between
#: top and value (top 0 = an empty or face-down top) within one colour, so a take finds the cards it
#: shuts out with one mask operation on ``ChipsState.placed`` shifted to that colour.
_BETWEEN: Final[list[list[int]]] = [[sum(1 << v for v in range(top + 1, value)) for value in range(11)]
                                    for top in range(11)]
#: Card code → (value, index of its own colour row): one lookup per take instead of three.
_CARD: Final[dict[str, tuple[int, int]]] = {code: (VALUE[code], COLOUR_INDEX[COLOUR[code]]) for code in DECK}
#: Number of set bits of every one-colour mask (a table lookup; compiled, ``int.bit_count`` is a method call).
_BITS: Final[tuple[int, ...]] = tuple(bin(mask).count("1") for mask in range(1 << MASK_STRIDE))


class HeuristicBot:
    """Greedy rule-based player. For every legal take it scores, and plays the best:

    1. Placement (R7, R14, R16): + the card's value if it lands face up, −1 if face down; with an
       ``any_row`` card (``s3``) every colour row is tried and the best one is named.
    2. Chips (R5, R6, R18): + (chips collected − chips paid) × the chip value (+1, or −1 with ``s15``).
    3. Gifts: − 0.3 per chip put on skipped cards (they feed the opponents).
    4. Blocking: a face-up card with value v on a row whose face-up top is t (0 for an empty or
       face-down top) shuts out the cards of that colour between t and v not yet in any display:
       − 0.35 per such card (they would later go face down).
    5. Extra turn (``s4``, R15): + 4 if the card carries enough chips.
    Ties go to the front-most position (cheapest, fewest gifts), then row order k r b y.
    ``deal`` is played when it is the only token. The choice is deterministic.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` is accepted for the common bot factory signature; this bot uses no chance."""

    def choose(self, state: GameState, seat: int) -> str:
        """Return the best-scoring legal token of ``seat`` (rules 1–5 above)."""
        table = cast("ChipsState", state)  # ChipsGame.heuristic_bot: chips states only
        legal = table.legal_actions(seat)
        if legal == [DEAL]:
            return legal[0]
        # Cards in any display, face up or down (rule 4 asks "in any display?"), kept by the state.
        placed = table.placed
        eff = table.effects
        points = float(eff.chip_points)  # rule 2 in floats: exact for these small integers, no integer multiply
        row_cards, row_chips = table.row_cards, table.row_chips
        tops = [open_top(stack) for stack in table.display[seat]]  # once per colour row, not per take
        best, best_score = legal[0], -math.inf  # a constant; float("-inf") parses its text on every call
        for token in legal:  # the hot path of ISMCTS rollouts: every legal take of every step
            move = parse(token)
            assert isinstance(move, Take)  # in play every legal token is a take (R4)
            i, named = move.position, move.row
            value, row = _CARD[row_cards[i]]
            if named is not None:  # R14: the colour row named in the token
                row = COLOUR_INDEX[named]
            top = tops[row]
            cost = take_cost(i, value, eff)
            collected = row_chips[i]
            score = (collected - cost) * points - GIFT_WEIGHT * cost  # rules 2, 3
            if face_up_over(top, value, eff):  # rules 1, 4
                score += value
                shut = _BETWEEN[top][value] & ~(placed >> (MASK_STRIDE * row))
                score -= BLOCK_WEIGHT * _BITS[shut]
            else:
                score -= 1
            if eff.extra_turn_min is not None and collected >= eff.extra_turn_min:  # rule 5
                score += EXTRA_TURN_BONUS
            if score > best_score:
                best, best_score = token, score
        return best
