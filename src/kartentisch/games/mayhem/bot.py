"""The rule-based ``heuristic`` player of ``mayhem``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...kernel.game import GameState
from .cards import COLOR, KIND, SCORE, VALUE
from .notation import Counterattack, Deal, Draw, Effect, Give, NiceTry, Pass, Play, Start, parse
from .table import COUNTER, GAMBLE, RECESSION

if TYPE_CHECKING:  # the rules import this bot (heuristic_bot); the bot needs their state type for annotations only
    from .rules import MayhemState


class HeuristicBot:
    """A sensible rule-based ``mayhem`` player (kernel ``Bot`` protocol).

    It reads only what its seat may see: its own hand, every hand *size*, the discard pile, wish,
    marks, options and the public parts of ``pending`` (no other hand, no draw or event pile).
    Every legal token gets a score; the best one is played (ties broken by its own generator).

    Rules:
        1. Turn (``play``/``after_draw``/``chance``/``start``): play rather than draw or pass; shed the
           card of highest score value (``fy`` first when it is legal, 42 points).
        2. Wishes: wish the colour or number matching most of the cards left in hand.
        3. Attacks aim at the opponent holding the fewest cards: Gift/Exchange give away the two
           highest-valued cards, Fantastic Four sends all four draws there, Equality names the seat
           whose count is furthest below ours, Skip marks the leader.
        4. Counterattack and Nice Try are kept for reactions unless the hand is nearly empty.
        5. Reactions: always counter an attack (at the leader when the target is free, naming the
           highest-valued cards); always answer a Nice Try window with Nice Try.
        6. Market: pick the lowest-valued card. Recession: discard the highest-valued cards.
           Surprise Party / Merry Christmas: give the highest-valued cards to the opponent with fewest cards.
        7. Gambler: with two bettors (summary rule: the higher bet takes all) or the published rule,
           bet the lowest-valued card; with three or more bettors bet the highest-valued card.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> str:
        """Return the best-scoring legal token of ``seat``."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        table = cast("MayhemState", state)  # MayhemGame.heuristic_bot: mayhem states only
        best, best_score = legal[0], float("-inf")
        sizes = [len(h) for h in table.hands]
        leader = min((t for t in range(table.players) if t != seat), key=lambda t: (sizes[t], t))
        for token in legal:
            score = self._score(table, seat, token, sizes, leader) + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = token, score
        return best

    # ------------------------------------------------------------------ scoring
    @staticmethod
    def _wish_fit(cards: Sequence[str], wish: str) -> int:
        if wish.isdigit():
            return sum(1 for c in cards if VALUE[c] == int(wish))
        return sum(1 for c in cards if COLOR[c] == wish)

    def _score(self, state: MayhemState, seat: int, token: str, sizes: list[int], leader: int) -> float:
        move = parse(token)
        hand = state.hands[seat]
        if isinstance(move, (Draw, Pass)):
            return 0.0 if isinstance(move, Draw) or state.phase != COUNTER else -1.0
        if isinstance(move, Deal):
            return 0.0
        if isinstance(move, Play):
            return self._score_effect(state, seat, move.card, move.effect, sizes, leader, hand)
        if isinstance(move, Start):
            card = state.discard[0]
            return self._score_effect(state, seat, card, move.effect(KIND[card]), sizes, leader, hand)
        if isinstance(move, Counterattack):  # rule 5
            return 20.0 - sizes[move.target] * 0.5 + sum(SCORE[c] for c in move.cards) * 0.1
        if isinstance(move, NiceTry):
            rest = list(hand)
            rest.remove("nicetry")
            return 20.0 + self._wish_fit(rest, move.wish) * 0.1
        if isinstance(move, Give):  # party / christmas: give high cards to the opponent with fewest cards
            bonus = 1.0 if move.target == leader else 0.0
            return SCORE[move.card] + bonus
        card = move.card  # pick (market), discard (recession), bet (gambler)
        if state.phase == GAMBLE:
            pending = state.pending or {}
            bettors = sum(1 for q in pending.get("quota", []) if q)
            low = bettors == 2 or state.options["gambling_rule"] == "published"
            return -SCORE[card] if low else SCORE[card]
        return SCORE[card] if state.phase == RECESSION else -SCORE[card]

    def _score_effect(self, state: MayhemState, seat: int, card: str, effect: Effect, sizes: list[int],
                      leader: int, hand: list[str]) -> float:
        kind = KIND[card]
        rest = list(hand)
        if card in rest:
            rest.remove(card)
        score = 10.0 + SCORE[card]
        if kind == "fy":
            score += 100
        if kind in ("counter", "nicetry") and len(hand) > 2:  # rule 4
            score -= 12
        target = effect.target
        if kind in ("gift", "exch") and target is not None:
            score += (15 - sizes[target]) * 0.3 + sum(SCORE[c] for c in effect.cards) * 0.6
        elif kind == "skip" and target is not None:
            score += 2.0 if target == leader else 1.0
        elif effect.wish is not None:  # fant, four, equal, counter, nicetry
            score += self._wish_fit(rest, effect.wish) * 0.8
            score += sum((15 - sizes[t]) * 0.3 for t in effect.seats)
            if target is not None:  # equal
                score += (len(rest) - sizes[target]) * 1.0
        return score


__all__ = ["HeuristicBot"]
