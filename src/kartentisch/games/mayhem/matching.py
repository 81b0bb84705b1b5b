"""Cards and matching of ``mayhem`` (R3, D16, D6): which cards may be played now, with which arguments.

:func:`card_matches` is R3 for one card; :class:`Matching` lists a seat's plays as tokens in the
spec's listing order and says why a card may not be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from .cards import CODES, COLOR, COLORS, KIND, VALUE, WISH_KINDS, WISHES
from .notation import KIND_RULE, KIND_SHAPE, PLAIN_KINDS
from .table import FY_HAND_SIZE, Table


def card_combos(cards: Sequence[str], k: int) -> list[str]:
    """Distinct multisets of ``k`` (0 … 2) cards of the sorted ``cards``, as ``":x:y"`` suffixes in listing order."""
    if k == 0:
        return [""]
    if k == 1:
        return [":" + c for c in dict.fromkeys(cards)]
    out: dict[str, None] = {}
    for i in range(len(cards) - 1):
        for j in range(i + 1, len(cards)):
            out[f":{cards[i]}:{cards[j]}"] = None
    return list(out)


def card_matches(card: str, top: str, wish: str | None) -> bool:
    """R3 (D16, D6) for every card but ``fy``: may ``card`` go on ``top`` with ``wish`` active?

    Wish cards are always legal. A colour wish admits coloured cards of that colour, a number wish
    number cards (coloured or black) of that value. Without a wish: on a coloured number its colour or
    its value; on a black card only coloured numbers of its value; on a one-colour special its colour or
    its kind; on a lone ``fy`` any card. Decision: a wish card on top without an active wish (only in a
    hand-made state) restricts nothing either.
    """
    kind = KIND[card]
    if kind in WISH_KINDS:
        return True
    if wish is not None:
        if wish in COLORS:
            return COLOR[card] == wish
        return VALUE[card] == int(wish)
    top_kind = KIND[top]
    if top_kind == "num":
        return COLOR[card] == COLOR[top] or (VALUE[card] is not None and VALUE[card] == VALUE[top])
    if top_kind == "black":
        return kind == "num" and VALUE[card] == VALUE[top]
    if top_kind == "fy" or top_kind in WISH_KINDS:
        return True
    return COLOR[card] == COLOR[top] or kind == top_kind  # one-colour special


@cache
def _playable(key: str, fy_legal: bool) -> frozenset[str]:
    """Codes legal under ``key`` (the active wish if any, else the top card), ``fy`` when ``fy_legal``
    (R3: a holder of exactly 10 cards); cached, since rollouts list plays at every step."""
    if key in WISHES:
        legal = {c for c in CODES if c != "fy" and card_matches(c, "fy", key)}
    else:
        legal = {c for c in CODES if c != "fy" and card_matches(c, key, None)}
    if fy_legal:
        legal.add("fy")
    return frozenset(legal)


@cache
def _four_tokens(players: int, seat: int, prefix: str) -> tuple[str, ...]:
    """Every Fantastic Four token of ``seat`` (R15) as ``prefix`` + arguments, in listing order."""
    others = [t for t in range(players) if t != seat]
    named = [":" + ":".join(map(str, combo)) for combo in combinations_with_replacement(others, 4)]
    return tuple(prefix + s for w in WISHES for s in [":" + w] + [f":{w}{n}" for n in named])


class Matching(Table):
    """The R3 part of a ``mayhem`` state: legal cards, play tokens with their arguments, why a play is illegal."""

    # ------------------------------------------------------------------ R3 legal card
    def _legal_cards(self, hand_size: int) -> frozenset[str]:
        """R3: the codes a holder of ``hand_size`` cards may play now (see :func:`card_matches`)."""
        return _playable(self.wish or self.discard[0], hand_size == FY_HAND_SIZE)

    # ------------------------------------------------------------------ token listing
    def _effect_tokens(self, seat: int, card: str, rest: list[str], prefix: str) -> Sequence[str]:
        """Tokens ``prefix`` + arguments of playing ``card`` (or resolving it as start card, R36) with ``rest``
        left in hand.

        In listing order: a missing optional argument first, wishes r y g b 1 … 9, seats ascending,
        card lists by canonical positions (spec *Decisions and tokens*).
        """
        if KIND[card] == "four":  # R15
            return _four_tokens(self.players, seat, prefix)
        return [prefix + s for s in self._effect_args(seat, card, rest)]

    def _effect_args(self, seat: int, card: str, rest: list[str]) -> list[str]:
        """Argument suffixes of every kind but Fantastic Four (see :meth:`_effect_tokens`)."""
        kind = KIND[card]
        if kind in ("gift", "exch"):  # R9, R10, R19: never name fy
            named = [c for c in rest if c != "fy"]
            combos = card_combos(named, min(2, len(named)))
            return [f":{t}{combo}" for t in self._others(seat) for combo in combos]
        if kind == "skip":  # R11, D21
            free = [f":{t}" for t in self._others(seat) if not self.skipped[t]]
            return free or [""]
        if kind == "fant":  # R14
            return [":" + w for w in WISHES]
        if kind == "equal":  # R16, D17
            fewer = [t for t in self._others(seat) if len(self.hands[t]) < len(rest)]
            return [s for c in COLORS for s in [":" + c] + [f":{c}:{t}" for t in fewer]]
        if kind in ("counter", "nicetry"):  # R17, R18
            return [":" + c for c in COLORS]
        return [""]

    def _play_tokens(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        legal = self._legal_cards(len(hand))
        out: list[str] = []
        previous = None
        for i, card in enumerate(hand):
            if card == previous:
                continue
            previous = card
            if card not in legal:
                continue
            if KIND[card] in PLAIN_KINDS:
                out.append("play:" + card)
            else:
                out.extend(self._effect_tokens(seat, card, hand[:i] + hand[i + 1:], "play:" + card))
        return out

    # ------------------------------------------------------------------ errors
    def _diagnose_play(self, seat: int, card: str) -> tuple[str, str]:
        hand = self.hands[seat]
        if card not in hand:
            return "R2", f"{card} is not in your hand"
        if card not in self._legal_cards(len(hand)):
            if card == "fy":
                return "R3", "fy is legal only with exactly 10 cards in hand (including it)"
            if self.wish is not None:
                return "R3", f"the wish {self.wish!r} is active"
            return "R3", f"{card} does not match the top card {self.discard[0]}"
        kind = KIND[card]  # a card with arguments: a plain one in hand and legal is always listed
        return KIND_RULE[kind], KIND_SHAPE[kind]
