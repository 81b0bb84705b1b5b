"""The rule-based ``heuristic`` bot of ``colors``.

It reads only what its seat sees: its own hand, the centre, every collection and the open pick
(all public by colors R20); never other hands or the draw pile.
"""

from __future__ import annotations

import random

from ...kernel.game import GameState
from .rules import ColorsState, colour_score, higher_neighbour, lower_neighbour


def _counts(cards: list[int]) -> list[int]:
    """Cards per colour index (0 … 4) of a list of card keys."""
    counts = [0] * 5
    for k in cards:
        counts[k // 10] += 1
    return counts


def _counts_plus(counts: list[int], cards: list[int]) -> list[int]:
    """``counts`` after ``cards`` joined the collection."""
    after = counts[:]
    for k in cards:
        after[k // 10] += 1
    return after


def _gain(counts: list[int], cards: list[int]) -> int:
    """Change of :func:`colour_score` when ``cards`` join a collection with ``counts``."""
    return colour_score(_counts_plus(counts, cards)) - colour_score(counts)


class HeuristicBot:
    """Greedy colour-gap player. Rules, in order:

    1. **Picks** (colors R9): take the candidate that raises the own round score most; ties go
       to the colour already held most often, then canonical order.
    2. **Plays** (colors R5–R10): for every hand card, work out what it would capture — all equal
       numbers (R7), else one lower and one higher neighbour (R8, choosing the best candidate as
       in rule 1), else nothing (R10) — and play the card whose capture raises the own round
       score (R14/R15) most.
    3. Ties between plays: prefer the capture that adds more cards (a bigger collection scores
       more later); among plays that capture nothing, give away the card of the colour the bot
       holds least, keeping cards of its strong colours for later captures.
    4. ``deal`` when it is the only token (R18).
    Remaining ties are broken by the bot's own seeded generator.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> str:
        """Return one legal token of ``seat`` by the rules above."""
        assert isinstance(state, ColorsState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        counts = _counts(state.collections[seat])
        if state.pending is not None:
            best = self._best_pick(counts, list(state.pending.options))
            return f"pick:{legal[state.pending.options.index(best)][5:]}"
        scored = [(self._value(counts, card, state.centre), self.rng.random(), token)
                  for card, token in zip(state.hands[seat], legal, strict=True)]
        return max(scored)[2]

    @staticmethod
    def _best_pick(counts: list[int], candidates: list[int]) -> int:
        """Rule 1: the candidate with the best score gain, then the most-held colour."""
        return max(candidates, key=lambda k: (_gain(counts, [k]), counts[k // 10], -k))

    def _value(self, counts: list[int], card: int, centre: list[int]) -> tuple[int, int, int]:
        """Rules 2–3: (score gain, cards gained, tie-break) of playing ``card``."""
        number = card % 10
        equal = [c for c in centre if c % 10 == number]
        if equal:
            taken = [card, *equal]
            return _gain(counts, taken), len(taken), 0
        taken = [card]
        for wanted in (lower_neighbour(number), higher_neighbour(number)):
            candidates = [c for c in centre if c % 10 == wanted]
            if candidates:
                best = self._best_pick(_counts_plus(counts, taken), candidates)
                taken.append(best)
        if len(taken) > 1:
            return _gain(counts, taken), len(taken), 0
        return 0, 0, -counts[card // 10]

