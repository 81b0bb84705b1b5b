"""The rule-based ``heuristic`` bot of ``lastcard``.

It reads only what its seat sees (own hand, own help row, the public pile, the phase) and builds
its token directly (the notation's move values, the token strings of :mod:`.cards`) instead of
listing every legal token, so it is cheap enough to serve as the ISMCTS rollout policy.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ...kernel.game import GameState
from .cards import PASS_TOKEN, PLAY_TOKEN
from .notation import PASS, PLAY, HelpPlay, Lay

if TYPE_CHECKING:  # the rules import this bot (heuristic_bot); the bot needs their state type for annotations only
    from .rules import LastCardState


def cheapest_help(help_row: list[int], need: int) -> tuple[int, ...] | None:
    """The help cards with the smallest sum ≥ ``need`` (fewest cards on ties), ascending, or ``None``.

    A subset-sum table over one seat's (few, small) help cards, for lastcard R10.

    >>> cheapest_help([3, 5, 8], 6)
    (8,)
    >>> cheapest_help([3, 5], 9) is None
    True
    """
    best: dict[int, tuple[int, ...]] = {0: ()}
    for h in help_row:
        for total, chosen in list(best.items()):
            known = best.get(total + h)
            if known is None or len(chosen) + 1 < len(known):
                best[total + h] = chosen + (h,)
    sums = [t for t in best if t >= need]
    return tuple(sorted(best[min(sums)])) if sums else None


class HeuristicBot:
    """A climbing player for ``lastcard``: shed low cards, keep the highest one for the end.

    Rules, first match wins:

    1. **Pass** (R5): the P lowest cards.
    2. **Deal** (R17) when asked.
    3. **Lead** (R7, R8): on an empty pile play the lowest card (with two cards this ends the
       round keeping the higher one).
    4. **End the round** (R15): with two cards, play the lower one if it beats the top alone
       (R8) or with the cheapest help cards (R10), keeping the higher card as the score.
    5. **Climb** (R8): play the lowest card above the top that is not the highest hand card.
    6. **Help** (R10): play the lowest card below the top that the cheapest help cards lift
       above it (not the highest hand card).
    7. **Lay** (R9): lay the lowest card below the top as a help card and take the highest
       pile card.
    8. Otherwise play the highest card (R8), the only legal move left.

    Only the seat's own hand and help row, the public pile and the phase are read.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # kept for the Bot factory's signature; the rules are deterministic

    def choose(self, state: GameState, seat: int) -> str:
        """One legal token for ``seat`` (which is in ``state.to_act()``), by the rules above.

        Raises:
            TypeError: ``state`` is not a ``lastcard`` state.
        """
        if state.game.id != "lastcard":
            raise TypeError(f"the lastcard heuristic bot cannot play {state.game.id}")
        table = cast("LastCardState", state)
        hand = table.hands[seat]
        if table.phase == PASS:
            return PASS_TOKEN[tuple(hand[: table.pass_count])]
        if table.phase != PLAY:
            return "deal"
        pile = table.pile
        if not pile:
            return PLAY_TOKEN[hand[0]]
        top = pile[-1]
        help_row = table.help[seat]
        highest = hand[-1]
        if len(hand) == 2:
            low = hand[0]
            if low > top:
                return PLAY_TOKEN[low]
            helpers = cheapest_help(help_row, top - low + 1)
            if helpers:
                return str(HelpPlay(low, helpers))
        for c in hand:
            if top < c < highest:
                return PLAY_TOKEN[c]
        if help_row:
            for c in hand:
                if c > top:
                    break
                helpers = cheapest_help(help_row, top - c + 1)
                if helpers:
                    return str(HelpPlay(c, helpers))
        if hand[0] < top:
            return str(Lay(hand[0], max(pile)))
        return PLAY_TOKEN[highest]
