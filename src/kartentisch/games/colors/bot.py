"""The ``heuristic`` bot of ``colors``.

It reads only what its seat sees: its own hand, the centre, every collection and the open pick
(all public by colors R20). Unseen cards (other hands, the draw pile) enter its look-ahead only
through :meth:`ColorsState.determinize`, which re-deals them at random consistently with the
seat's view, so the bot never uses hidden information.
"""

from __future__ import annotations

import random

from ...kernel.game import GameState
from .rules import PICK, PLAY, ColorsState, colour_score, higher_neighbour, lower_neighbour


def _counts_plus(counts: list[int], cards: list[int]) -> list[int]:
    """Per-colour counts ``counts`` after ``cards`` (card keys) joined the collection."""
    after = counts[:]
    for k in cards:
        after[k // 10] += 1
    return after


def _gain(counts: list[int], cards: list[int]) -> int:
    """Change of the own round score (colors R14/R15) when ``cards`` join a collection with ``counts``."""
    return colour_score(_counts_plus(counts, cards)) - colour_score(counts)


class HeuristicBot:
    """Colour-gap player. Its rules, in order:

    1. **Only one token** (``deal`` in R18, a last hand card, a lone candidate): take it.
    2. **Picks** (colors R9): take the candidate that raises the own round score (R14/R15) most;
       ties go to the colour already collected most, then canonical order.
    3. **Plays** (colors R5–R10): the round score depends on the *final* collection (a balanced
       one scores all its colours, a near-balanced one is punished), so a play is judged by the
       end of the round, not by its immediate capture. For each hand card the bot imagines
       ``samples`` tables consistent with what it sees (the unseen cards re-dealt at random, the
       same tables for every card), plays the card there and lets the round finish with random
       moves; it plays the card with the best average outlook (twice the own round score minus the best
       other seat's round score: mainly its own race to ``target_score``, partly denial).
    4. Ties in rule 3 go to the card whose immediate capture (all equal numbers by R7, else the
       best lower and higher neighbour by R8 as in rule 2) raises the own score most, then to the
       bigger capture; among cards that capture nothing, it gives away a card of the colour it
       holds least (keeping strong colours for later captures).
    Remaining ties are broken by the bot's own seeded generator, which also drives rule 3.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 12) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, state: GameState, seat: int) -> str:
        """Return one legal token of ``seat`` by the rules above."""
        assert isinstance(state, ColorsState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        counts = _counts_plus([0] * 5, state.collections[seat])
        if state.pending is not None:
            best = self._best_pick(counts, list(state.pending.options))
            return legal[state.pending.options.index(best)]
        outlook = self._outlook(state, seat, legal)
        scored = [(outlook[i], self._capture_value(counts, card, state.centre), self.rng.random(), token)
                  for i, (card, token) in enumerate(zip(state.hands[seat], legal, strict=True))]
        return max(scored)[-1]

    @staticmethod
    def _best_pick(counts: list[int], candidates: list[int]) -> int:
        """Rule 2: the candidate with the best score gain, then the most-collected colour."""
        return max(candidates, key=lambda k: (_gain(counts, [k]), counts[k // 10], -k))

    def _outlook(self, state: ColorsState, seat: int, legal: list[str]) -> list[int]:
        """Rule 3: per token, the summed outlook over ``samples`` imagined round ends.

        The outlook of one round end is twice the own score minus the best other seat's score:
        mostly the own score (the match is a race to ``target_score``), partly denial.
        """
        totals = [0] * len(legal)
        rng = self.rng
        for _ in range(self.samples):
            world = state.determinize(seat, rng)
            for i, token in enumerate(legal):
                trial = world.clone()
                trial._apply(seat, token)
                while trial.phase == PLAY or trial.phase == PICK:
                    actor = trial.to_act()[0]
                    trial._apply(actor, rng.choice(trial._legal(actor)))
                final = trial.scores[-1]
                totals[i] += 2 * final[seat] - max(x for s, x in enumerate(final) if s != seat)
        return totals

    def _capture_value(self, counts: list[int], card: int, centre: list[int]) -> tuple[int, int, int]:
        """Rule 4: (immediate score gain, cards gained, give-away preference) of playing ``card``."""
        number = card % 10
        equal = [c for c in centre if c % 10 == number]
        if equal:
            taken = [card, *equal]
            return _gain(counts, taken), len(taken), 0
        taken = [card]
        for wanted in (lower_neighbour(number), higher_neighbour(number)):
            candidates = [c for c in centre if c % 10 == wanted]
            if candidates:
                taken.append(self._best_pick(_counts_plus(counts, taken), candidates))
        if len(taken) > 1:
            return _gain(counts, taken), len(taken), 0
        return 0, 0, -counts[card // 10]
