"""Cards and matching of ``mayhem`` (R3, D16, D6): which cards may be played now, with which arguments.

:func:`card_matches` is R3 for one card; :class:`Matching` says which cards a seat may play, the
arguments each card takes (as tokens in the spec's listing order) and why a play is illegal.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Final

from ...kernel.memo import Memo
from .cards import CODES, COLOR, COLORS, KIND, VALUE, WISH_KINDS, WISHES
from .notation import KIND_RULE, KIND_SHAPE, PLAIN_KINDS
from .table import FY_HAND_SIZE, Table

#: ``play:<card>`` of every code: the whole token of a card without arguments, else the prefix of its arguments.
PLAY_TOKEN: Final[dict[str, str]] = {c: "play:" + c for c in CODES}
#: Codes whose ``play`` token carries no argument (:data:`~.notation.PLAIN_KINDS`).
PLAIN_CODES: Final = frozenset(c for c in CODES if KIND[c] in PLAIN_KINDS)
#: The card of each ``play`` token without arguments (``"play:r5"`` → ``"r5"``).
PLAIN_PLAYS: Final[dict[str, str]] = {PLAY_TOKEN[c]: c for c in PLAIN_CODES}
#: Argument suffixes of a wish (``:r`` … ``:9``) and of a colour wish (``:r`` … ``:b``), in listing order.
WISH_ARGS: Final[tuple[str, ...]] = tuple(":" + w for w in WISHES)
COLOR_ARGS: Final[tuple[str, ...]] = tuple(":" + c for c in COLORS)


def named_cards(cards: Sequence[str], left_out: str | None) -> tuple[list[str], list[bool]]:
    """The distinct codes Gift/Exchange may name from the sorted ``cards`` (all but ``fy``, R19, and
    one copy of ``left_out``, the card being played), in order, and whether each is held twice or more."""
    distinct: list[str] = []
    doubled: list[bool] = []
    for c in cards:
        if c == "fy":
            continue
        if c == left_out:
            left_out = None
            continue
        if distinct and distinct[-1] == c:
            doubled[-1] = True
        else:
            distinct.append(c)
            doubled.append(False)
    return distinct, doubled


def card_combos(cards: Sequence[str], left_out: str | None = None) -> list[str]:
    """The card arguments of Gift, Exchange and a Counterattack against them (R9, R10, R21): every
    distinct multiset of min(2, E) cards the player may name (see :func:`named_cards`; E counts them), as
    ``":x:y"`` suffixes in listing order: by the first card's canonical position, then the second's."""
    distinct, doubled = named_cards(cards, left_out)
    if not distinct:
        return [""]
    if len(distinct) == 1 and not doubled[0]:
        return [":" + distinct[0]]
    out: list[str] = []
    for i, a in enumerate(distinct):
        if doubled[i]:
            out.append(f":{a}:{a}")
        out.extend(f":{a}:{b}" for b in distinct[i + 1:])
    return out


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


def _playable(key: str, fy_legal: bool) -> frozenset[str]:
    """Codes legal under ``key`` (the active wish if any, else the top card), ``fy`` when ``fy_legal``
    (R3: a holder of exactly 10 cards)."""
    if key in WISHES:
        legal = {c for c in CODES if c != "fy" and card_matches(c, "fy", key)}
    else:
        legal = {c for c in CODES if c != "fy" and card_matches(c, key, None)}
    if fy_legal:
        legal.add("fy")
    return frozenset(legal)


#: R3 per key (a wish or a top card code): the legal codes, without and with ``fy``; built once,
#: since every listing and every random draw asks.
_PLAYABLE: Final[dict[str, frozenset[str]]] = {key: _playable(key, False) for key in WISHES + CODES}
_PLAYABLE_FY: Final[dict[str, frozenset[str]]] = {key: _playable(key, True) for key in WISHES + CODES}


def _four_tokens(key: tuple[int, int, str]) -> tuple[str, ...]:
    """Every Fantastic Four token (R15) of seat ``seat`` at a table of ``players`` as ``prefix`` +
    arguments, in listing order; ``key`` is ``(players, seat, prefix)``."""
    players, seat, prefix = key
    others = [t for t in range(players) if t != seat]
    named = [":" + ":".join(map(str, combo)) for combo in combinations_with_replacement(others, 4)]
    return tuple(prefix + s for w in WISHES for s in [":" + w] + [f":{w}{n}" for n in named])


#: :func:`_four_tokens` per key, computed once (at most 8 players × 8 seats × 2 prefixes).
_FOUR_TOKENS: Final[Memo[tuple[int, int, str], tuple[str, ...]]] = Memo(_four_tokens)


class Matching(Table):
    """The R3 part of a ``mayhem`` state: legal cards, play tokens with their arguments, why a play is illegal."""

    # ------------------------------------------------------------------ R3 legal card
    def _legal_cards(self, hand_size: int) -> frozenset[str]:
        """R3: the codes a holder of ``hand_size`` cards may play now (see :func:`card_matches`)."""
        table = _PLAYABLE_FY if hand_size == FY_HAND_SIZE else _PLAYABLE
        return table[self.wish or self.discard[0]]

    # ------------------------------------------------------------------ a card's arguments
    # The arguments each card takes (spec *Decisions and tokens*), stated once: the check
    # (:meth:`~.rules.MayhemState._violation`) and the listing (:mod:`.fast`) both read them; the
    # counting and indexing twins of the random draw are in :mod:`.fast`.
    def _effect_tokens(self, seat: int, card: str, cards: list[str], left_out: str | None,
                       prefix: str) -> Sequence[str]:
        """Tokens ``prefix`` + arguments of playing ``card`` (or resolving it as start card, R36) with
        ``cards`` less one copy of ``left_out`` (the card played, or None) left in hand.

        In listing order: a missing optional argument first, wishes r y g b 1 … 9, seats ascending,
        card lists by canonical positions (spec *Decisions and tokens*).
        """
        kind = KIND[card]
        if kind == "four":  # R15
            return _FOUR_TOKENS.get((self.players, seat, prefix))
        if kind in ("gift", "exch"):  # R9, R10, R19: never name fy
            combos = card_combos(cards, left_out)
            return [f"{prefix}:{t}{combo}" for t in self._others(seat) for combo in combos]
        if kind == "skip":  # R11, D21
            free = [f"{prefix}:{t}" for t in self._others(seat) if not self.skipped[t]]
            return free or [prefix]
        if kind == "fant":  # R14
            return [prefix + w for w in WISH_ARGS]
        if kind == "equal":  # R16, D17
            fewer = self._fewer(seat, len(cards) - (left_out is not None))
            return [s for c in COLOR_ARGS for s in [prefix + c] + [f"{prefix}{c}:{t}" for t in fewer]]
        if kind in ("counter", "nicetry"):  # R17, R18
            return [prefix + c for c in COLOR_ARGS]
        return [prefix]

    def _fewer(self, seat: int, size: int) -> list[int]:
        """R16: the other seats holding fewer than ``size`` cards, ascending."""
        return [t for t in self._others(seat) if len(self.hands[t]) < size]

    def _playable_cards(self, seat: int) -> list[str]:
        """R3: the distinct cards ``seat`` may play now, in the order of its (sorted) hand."""
        hand = self.hands[seat]
        legal = self._legal_cards(len(hand))
        out: list[str] = []
        previous = ""
        for card in hand:
            if card != previous:
                previous = card
                if card in legal:
                    out.append(card)
        return out

    # ------------------------------------------------------------------ the check of a play
    def _play_problem(self, seat: int, card: str, token: str) -> tuple[str, str] | None:
        """``None`` if ``token`` (a well-formed ``play`` of ``card``) is legal for ``seat`` to play now,
        else the rule it breaks and why: R2 (not in the hand), R3 (does not match; ``fy``), or the
        card's own rule (R9–R18) when its arguments are not among :meth:`_effect_tokens`. Part of
        :meth:`~.rules.MayhemState._violation`; ``seat`` is to play (phase and seat checked there)."""
        hand = self.hands[seat]
        if card not in hand:
            return "R2", f"{card} is not in your hand"
        if card not in self._legal_cards(len(hand)):
            if card == "fy":
                return "R3", "fy is legal only with exactly 10 cards in hand (including it)"
            if self.wish is not None:
                return "R3", f"the wish {self.wish!r} is active"
            return "R3", f"{card} does not match the top card {self.discard[0]}"
        if card in PLAIN_CODES or token in self._effect_tokens(seat, card, hand, card, PLAY_TOKEN[card]):
            return None  # a plain card's token has no arguments (the notation refuses any)
        kind = KIND[card]
        return KIND_RULE[kind], KIND_SHAPE[kind]
