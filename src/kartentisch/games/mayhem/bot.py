"""The rule-based ``heuristic`` player of ``mayhem``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...kernel.game import GameState
from .cards import COLOR, KIND, SCORE, VALUE
from .rules import GAMBLE, MARKET, RECESSION, MayhemState


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
        assert isinstance(state, MayhemState)
        best, best_score = legal[0], float("-inf")
        sizes = [len(h) for h in state.hands]
        leader = min((t for t in range(state.players) if t != seat), key=lambda t: (sizes[t], t))
        for token in legal:
            score = self._score(state, seat, token, sizes, leader) + self.rng.random() * 1e-3
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
        parts = token.split(":")
        verb = parts[0]
        hand = state.hands[seat]
        if verb in ("draw", "pass"):
            return 0.0 if verb == "draw" or state.phase != "counter" else -1.0
        if verb == "deal":
            return 0.0
        if verb == "play":
            return self._score_effect(state, seat, parts[1], parts[2:], sizes, leader, hand)
        if verb == "start":
            return self._score_effect(state, seat, state.discard[0], parts[1:], sizes, leader, hand)
        if verb == "counter":  # rule 5
            target = int(parts[2])
            return 20.0 - sizes[target] * 0.5 + sum(SCORE[c] for c in parts[3:]) * 0.1
        if verb == "nicetry":
            rest = list(hand)
            rest.remove("nicetry")
            return 20.0 + self._wish_fit(rest, parts[1]) * 0.1
        card = parts[1]
        if state.phase == MARKET:
            return -SCORE[card]
        if state.phase == RECESSION:
            return SCORE[card]
        if state.phase == GAMBLE:
            pending = state.pending or {}
            bettors = sum(1 for q in pending.get("quota", []) if q)
            low = bettors == 2 or state.options["gambling_rule"] == "published"
            return -SCORE[card] if low else SCORE[card]
        # party / christmas: give high cards to the opponent with fewest cards
        target = int(parts[2])
        bonus = 1.0 if target == leader else 0.0
        return SCORE[card] + bonus

    def _score_effect(self, state: MayhemState, seat: int, card: str, args: list[str], sizes: list[int],
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
        if kind in ("gift", "exch") and args:
            target = int(args[0])
            score += (15 - sizes[target]) * 0.3 + sum(SCORE[c] for c in args[1:]) * 0.6
        elif kind == "skip" and args:
            score += 2.0 if int(args[0]) == leader else 1.0
        elif kind in ("fant", "four", "equal", "counter", "nicetry"):
            score += self._wish_fit(rest, args[0]) * 0.8
            if kind == "four" and len(args) > 1:
                score += sum((15 - sizes[int(t)]) * 0.3 for t in args[1:])
            if kind == "equal" and len(args) > 1:
                score += (len(rest) - sizes[int(args[1])]) * 1.0
        return score


__all__ = ["HeuristicBot"]
