"""The rule-based ``heuristic`` bot of ``colors``.

It reads only what its seat sees (colors R20): its own hand, the centre, every collection, the
open pick and the size of the draw pile. The *unseen* cards (cards in play that are in none of
those places) are the other hands and the draw pile together, and it treats each of them as
equally likely to turn up anywhere hidden. There are no rollouts: every decision evaluates each
token's immediate result (its captures are known) with the rules below, in well under a
millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Final, cast

from ...kernel.game import GameState
from .cards import CENTRE_SIZE, LOWER, colour_score, colours_in_play, higher_neighbour, lower_neighbour

if TYPE_CHECKING:  # the rules import this bot (heuristic_bot); the bot needs their state type for annotations only
    from .rules import ColorsState

#: Outlook model (rule 3): probability that a later play of a hand card captures nothing (R10).
DUMP_CHANCE: Final = 0.15
#: Outlook model (rule 3): when a later play captures, how many centre cards it takes, with what
#: probability (one card for a lone equal number or neighbour, two for both neighbours).
EXTRA_CARDS: Final[tuple[tuple[int, float], ...]] = ((1, 0.6), (2, 0.4))
#: Weight of the one-turn look-ahead on the current centre against the blind outlook (rule 4).
LOOK_WEIGHT: Final = 0.8
#: Weight of the next seat's expected immediate score gain, subtracted as denial (rule 5).
DENIAL_WEIGHT: Final = 0.3

Counts = list[int]
#: A collection and a hand for the outlook: sorted (collected, in hand) count pairs, one per colour.
Shape = tuple[tuple[int, int], ...]


def takes(number: int, centre: Sequence[int]) -> list[list[int]]:
    """Every set of centre cards (card keys) that playing a card numbered ``number`` can capture.

    Returns:
        One list for an equal-number capture (colors R7: all of them), one per choice of lower ×
        higher neighbour (R8, R9), or ``[[]]`` when nothing is captured (R10).
    """
    equal = [c for c in centre if c % 10 == number]
    if equal:
        return [equal]
    low, high = lower_neighbour(number), higher_neighbour(number)
    lower = [[c] for c in centre if c % 10 == low] or [[]]
    higher = [[c] for c in centre if c % 10 == high] or [[]]
    return [low_side + high_side for low_side, high_side in product(lower, higher)]


def captures(card: int, centre: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """Every possible result of playing ``card`` onto ``centre`` (card keys), before the refill.

    Returns:
        ``(taken, centre_after)`` pairs as in :func:`takes`; ``taken`` excludes the played card,
        which joins the collection exactly when ``taken`` is not empty and the centre otherwise
        (colors R8, R10).
    """
    return [(taken, [c for c in centre if c not in taken] if taken else sorted([*centre, card]))
            for taken in takes(card % 10, centre)]


def _added(counts: Counts, cards: Sequence[int], step: int = 1) -> Counts:
    """Per-colour ``counts`` after ``cards`` (card keys) joined (``step`` 1) or left (``step`` −1)."""
    after = counts[:]
    for k in cards:
        after[k // 10] += step
    return after


def _collected(counts: Counts, card: int, taken: Sequence[int]) -> Counts:
    """``counts`` after playing ``card`` that took ``taken`` (nothing joins when ``taken`` is empty)."""
    return _added(counts, [card, *taken]) if taken else counts


class Outlook:
    """Rule 3: the expected final round score of a collection while cards remain in hand.

    Model: each later turn, every hand card independently either captures nothing
    (:data:`DUMP_CHANCE`) or joins the collection with 1–2 centre cards of uniformly random
    colours (:data:`EXTRA_CARDS`); the bot then plays the card whose result has the best outlook.
    The outlook of an empty hand is the exact round score (colors R14, R15). Colours are
    interchangeable in the model, so values are cached per :data:`Shape`.
    """

    def __init__(self, colours: int) -> None:
        extras: list[tuple[tuple[int, ...], float]] = []
        for size, chance in EXTRA_CARDS:
            for combo in product(range(colours), repeat=size):
                extras.append((combo, (1 - DUMP_CHANCE) * chance / colours ** size))
        self.extras = extras
        self.value = cache(self._value)

    @staticmethod
    def shape(counts: Counts, in_hand: Counts) -> Shape:
        """The cache key of a collection (per-colour ``counts``) and a hand (per-colour ``in_hand``)."""
        return tuple(sorted(zip(counts, in_hand, strict=True), reverse=True))

    @staticmethod
    def key(collected: Sequence[int], hand: Sequence[int], colours: int) -> int:
        """:meth:`shape` of a collection and a hand (card keys) of ``colours`` colours packed in one integer
        ≥ 0 (7 bits a colour: at most 10 collected, 6 in hand), the key of a learned table
        (:meth:`~kartentisch.kernel.Game.value_key`)."""
        key = 0
        for got, held in Outlook.shape(_added([0] * colours, collected), _added([0] * colours, hand)):
            key = key << 7 | got << 3 | held
        return key

    def _value(self, shape: Shape) -> float:
        """Expected final score of ``shape``: E[max over hand cards] of the outlook after playing it."""
        counts = [c for c, _ in shape]
        hand = [h for _, h in shape]
        if not any(hand):
            return float(colour_score(counts))
        per_card: list[list[tuple[float, float]]] = []
        for colour, held in enumerate(hand):
            if not held:
                continue
            rest = hand[:]
            rest[colour] -= 1
            dist = {self.value(self.shape(counts, rest)): DUMP_CHANCE}
            for combo, chance in self.extras:
                after = counts[:]
                after[colour] += 1
                for extra in combo:
                    after[extra] += 1
                v = self.value(self.shape(after, rest))
                dist[v] = dist.get(v, 0.0) + chance
            per_card.extend([sorted(dist.items())] * held)
        return _expected_max(per_card)


def _expected_max(dists: list[list[tuple[float, float]]]) -> float:
    """E[max] of independent discrete variables, each given as sorted ``(value, probability)`` pairs."""
    values = sorted({v for dist in dists for v, _ in dist})
    cdf = [0.0] * len(dists)
    at = [0] * len(dists)
    expected = below = 0.0
    for v in values:
        joint = 1.0
        for i, dist in enumerate(dists):
            while at[i] < len(dist) and dist[at[i]][0] <= v:
                cdf[i] += dist[at[i]][1]
                at[i] += 1
            joint *= cdf[i]
        expected += v * (joint - below)
        below = joint
    return expected


@cache
def _outlook(colours: int) -> Outlook:
    """The shared :class:`Outlook` for a number of colours in play (3, 4 or 5)."""
    return Outlook(colours)


class HeuristicBot:
    """Colour-gap player. Every play and pick is scored by the value of its result; it takes the best.

    1. **Only one token** (``deal`` in R18, the last hand card): take it.
    2. **Last card** (no hand card left after this token, R13): the value is the exact round score
       (R14/R15) of the resulting collection.
    3. **Outlook** (several cards left): the value is the expected final round score of the
       resulting collection and remaining hand under the :class:`Outlook` model: the score is at
       most the number of collected cards, with equality exactly when all collected colours are
       equal (R14/R15), so it values both the cards gained and how the own hand's colours can
       still even out (or keep to few colours).
    4. **Next turn** (several cards left): 0.2 × outlook + 0.8 × the best outlook after playing
       one remaining hand card on the centre as this token leaves it (:data:`LOOK_WEIGHT`). With
       exactly one card left that card's final result is evaluated exactly (rule 2) on that
       centre, averaged over every unseen card that could be refilled into it (R11).
    5. **Denial**: minus 0.3 × the next seat's expected immediate score gain (:data:`DENIAL_WEIGHT`):
       for each unseen card it might play on the centre this token leaves, its best capture's
       change of its own round score (its collection is public), averaged. This avoids dumping a
       card (R10) or leaving numbers that hand it a big, well-fitting capture.
    6. **Picks** (R9) use the same values (rules 2–5), over the candidates and, after a lower
       pick, the best higher candidate still to come.
    7. Ties are broken by the bot's seeded generator.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> str:
        """Return one legal token of ``seat`` by the rules above."""
        table = cast("ColorsState", state)  # ColorsGame.heuristic_bot: colors states only
        legal = table.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        turn = _Turn(table, seat)
        if table.pending is None:
            values = [max(turn.value(_collected(turn.counts, card, taken), [h for h in turn.hand if h != card], after)
                          for taken, after in captures(card, table.centre))
                      for card in turn.hand]
        else:
            values = [turn.pick_value(candidate) for candidate in table.pending.options]
        scored = [(v, self.rng.random(), token) for v, token in zip(values, legal, strict=True)]
        return max(scored)[-1]


class _Turn:
    """What ``seat`` sees at one decision, with the valuation of rules 2–6."""

    def __init__(self, state: ColorsState, seat: int) -> None:
        colours = len(colours_in_play(state.players))
        self.state = state
        self.outlook = _outlook(colours)
        self.hand = state.hands[seat]
        self.counts = _added([0] * colours, state.collections[seat])
        known = set(self.hand) | set(state.centre) | {k for c in state.collections for k in c}
        self.unseen = [k for k in range(10 * colours) if k not in known]
        self.draw = len(state.draw)
        n = state.players
        after = next((s for s in ((seat + i) % n for i in range(1, n)) if state.hands[s]), None)
        self.rival = None if after is None else _added([0] * colours, state.collections[after])
        self.threats: dict[tuple[int, ...], float] = {}

    def pick_value(self, candidate: int) -> float:
        """Rule 6: value of picking ``candidate`` in the open pick (the played card is collected)."""
        pending = self.state.pending
        assert pending is not None
        counts = _added(self.counts, [candidate])
        centre = [c for c in self.state.centre if c != candidate]
        higher = [c for c in centre if c % 10 == higher_neighbour(pending.card % 10)] if pending.side == LOWER else []
        if not higher:
            return self.value(counts, self.hand, centre)
        return max(self.value(_added(counts, [h]), self.hand, [c for c in centre if c != h]) for h in higher)

    def value(self, counts: Counts, rest: list[int], centre: list[int]) -> float:
        """Rules 2–5: value of a turn's result (own ``counts``, hand ``rest``, ``centre`` before refill)."""
        return self._own(counts, rest, centre) - DENIAL_WEIGHT * self._threat(centre)

    def _own(self, counts: Counts, rest: list[int], centre: list[int]) -> float:
        """Rules 2–4: the own part of :meth:`value`."""
        if len(rest) == 1:
            return self._final(counts, rest[0], centre)
        in_hand = _added([0] * len(counts), rest)
        outlook = self.outlook.value
        blind = outlook(Outlook.shape(counts, in_hand))
        if not rest:
            return blind
        best = max(outlook(Outlook.shape(_collected(counts, card, taken), _added(in_hand, [card], -1)))
                   for card in rest for taken in takes(card % 10, centre))
        return (1 - LOOK_WEIGHT) * blind + LOOK_WEIGHT * best

    def _final(self, counts: Counts, last: int, centre: list[int]) -> float:
        """Rule 4: exact score after the last card on ``centre``, averaged over a possible refill (R11)."""
        def score(table: list[int]) -> int:
            return max(colour_score(_collected(counts, last, taken)) for taken in takes(last % 10, table))

        if len(centre) >= CENTRE_SIZE or not self.draw or not self.unseen:
            return float(score(centre))
        return sum(score(sorted([*centre, u])) for u in self.unseen) / len(self.unseen)

    def _threat(self, centre: list[int]) -> float:
        """Rule 5: the next seat's immediate score gain on ``centre``, averaged over the unseen cards."""
        rival = self.rival
        if rival is None or not self.unseen:
            return 0.0
        key = tuple(centre)
        if key not in self.threats:
            options = {number: takes(number, centre) for number in range(10)}
            best = sum(max(colour_score(_collected(rival, card, taken)) for taken in options[card % 10])
                       for card in self.unseen)
            self.threats[key] = best / len(self.unseen) - colour_score(rival)
        return self.threats[key]
