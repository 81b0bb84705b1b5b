"""The speed paths of ``mayhem``'s legality: the listing, and the random draw that counts instead.

Legality is stated once, in :meth:`.rules.MayhemState._violation` (``None`` or the error naming the
rule: whose decision, the phase's verbs, R2/R3 for a play, each card's arguments R9–R18 as
:meth:`.matching.Matching._effect_tokens` states them, R8, R21, R31, R36, R43–R58). What is here
answers the same questions for every token at once, and only here:

* :func:`listing`: the legal tokens in the spec's listing order, built from the R3 table of playable
  cards and each card's arguments, instead of asking the check about every candidate (a Fantastic
  Four alone has up to 13 × 331 tokens at 8 players);
* :func:`draw`: a uniform draw among them without building them. A turn (R2, R8), a counter window
  (R21), a start card's arguments (R36) or a simultaneous choice (R43) is counted in parts (each
  listing has a counting twin ``*_count`` and an indexing twin ``*_token`` here), then only the
  token at one index is built: the listing's token at that index, from the same use of the
  generator as ``rng.choice(legal_actions(seat))``, so seeded random play is the same either way.

``tests/test_legality.py`` proves the listing equal to the check over random reachable states at
every player count and both rule variants, and the draw uniform over it; ``tests/games/mayhem/
test_mayhem_draw.py`` checks every index of every drawn decision against the listing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING

from ...kernel.game import ROUND_OVER
from ...kernel.rng import below
from .cards import COLORS, KIND, POS, WISHES
from .matching import COLOR_ARGS, PLAIN_CODES, PLAY_TOKEN, WISH_ARGS, named_cards
from .table import AFTER_DRAW, CHANCE, CHOICE_PHASES, COUNTER, GAMBLE, MARKET, NICETRY, PLAY, RECESSION, START

if TYPE_CHECKING:
    from .rules import MayhemState

# ----------------------------------------------------------------------------- the listing


def listing(state: MayhemState, seat: int) -> list[str]:
    """Legal tokens of ``seat`` (in ``to_act``) in the spec's listing order: exactly the tokens
    :meth:`~.rules.MayhemState._violation` accepts."""
    phase = state.phase
    if phase == PLAY:
        return play_tokens(state, seat) + ["draw"]  # R2, R7: draw is always legal
    if phase == AFTER_DRAW:
        return play_tokens(state, seat) + ["pass"]  # R2
    if phase == CHANCE:
        return play_tokens(state, seat) or ["draw"]  # R8, D20
    if phase == START:
        return list(state._effect_tokens(seat, state.discard[0], state.hands[seat], None, "start"))  # R36
    if phase == COUNTER:
        return ["pass"] + state._counter_tokens(seat)  # R21
    if phase == NICETRY:
        return ["pass"] + ([f"nicetry:{c}" for c in COLORS] if "nicetry" in state.hands[seat] else [])  # R31
    if phase == MARKET:
        return [f"pick:{c}" for c in sorted(set(state.market), key=POS.__getitem__)]  # R52
    if phase in CHOICE_PHASES:
        return choice_tokens(state, seat)
    if phase == ROUND_OVER:
        return ["deal"]  # R72
    return []


def play_tokens(state: MayhemState, seat: int) -> list[str]:
    """R2, R3: the ``play`` tokens of ``seat`` in listing order (each playable card with its arguments)."""
    hand = state.hands[seat]
    out: list[str] = []
    for card in state._playable_cards(seat):
        if card in PLAIN_CODES:
            out.append(PLAY_TOKEN[card])
        else:
            out.extend(state._effect_tokens(seat, card, hand, card, PLAY_TOKEN[card]))
    return out


def choice_tokens(state: MayhemState, seat: int) -> list[str]:
    """R43 choices still open for ``seat``: recession ``discard``, party/christmas ``give``, gambler ``bet``."""
    cards = state._choice_cards(seat)
    if state.phase == GAMBLE:
        return [f"bet:{c}" for c in cards]
    if state.phase == RECESSION:
        return [f"discard:{c}" for c in cards]
    return [f"give:{c}:{t}" for c in cards for t in state._others(seat)]


# ----------------------------------------------------------------------------- the draw


def draw(state: MayhemState, seat: int, rng: random.Random) -> str | None:
    """A uniform draw among the legal tokens of ``seat`` (in ``to_act``) without listing them.

    A turn (R2, R8), a counter window (R21), a start card's arguments (R36) or a simultaneous
    choice (R43): one index into the listing, its parts counted without building them, so only
    the drawn token is built. It is the listing's token at that index from the same use of
    ``rng`` as ``rng.choice(legal_actions(seat))``, so seeded random play is the same either
    way. The other phases, short and rare, draw from their listing (``None``).
    """
    phase = state.phase
    if phase == PLAY or phase == AFTER_DRAW or phase == CHANCE:
        cards = state._playable_cards(seat)
        plays = play_count(state, seat, cards)
        k = below(rng, plays + (0 if phase == CHANCE and plays else 1))  # draw or pass last; R8: draw alone
        if k < plays:
            return play_token(state, seat, cards, k)
        return "pass" if phase == AFTER_DRAW else "draw"
    if phase == COUNTER:
        k = below(rng, 1 + counter_count(state, seat))  # pass first
        return counter_token(state, seat, k - 1) if k else "pass"
    if phase == START:
        hand, card = state.hands[seat], state.discard[0]
        return effect_token(state, seat, card, hand, None, "start",
                            below(rng, effect_count(state, seat, card, hand, None)))
    if phase in CHOICE_PHASES:
        cards = state._choice_cards(seat)
        count = choice_count(state, cards)
        return choice_token(state, seat, cards, below(rng, count)) if count else None  # none: as the listing fails
    return None


def combo_count(cards: Sequence[str], left_out: str | None = None) -> int:
    """``len(card_combos(cards, left_out))`` (:func:`.matching.card_combos`), counted without building them."""
    distinct, doubled = named_cards(cards, left_out)
    pairs = len(distinct) * (len(distinct) - 1) // 2 + doubled.count(True)
    return pairs or 1  # no pair: one card or none to name, one argument list (R9)


def combo_at(cards: Sequence[str], left_out: str | None, k: int) -> str:
    """``card_combos(cards, left_out)[k]`` without building the others (``0 <= k <`` :func:`combo_count`)."""
    distinct, doubled = named_cards(cards, left_out)
    if not distinct:
        return ""
    if len(distinct) == 1 and not doubled[0]:
        return ":" + distinct[0]
    for i, a in enumerate(distinct):
        if doubled[i]:
            if k == 0:
                return f":{a}:{a}"
            k -= 1
        later = len(distinct) - i - 1
        if k < later:
            return f":{a}:{distinct[i + 1 + k]}"
        k -= later
    raise IndexError("combo index out of range")


def effect_count(state: MayhemState, seat: int, card: str, cards: list[str], left_out: str | None) -> int:
    """``len(state._effect_tokens(seat, card, cards, left_out, prefix))``, counted without building them."""
    kind = KIND[card]
    if kind == "four":  # a wish alone or with one of the multisets of 4 other seats
        return len(WISHES) * (1 + comb(state.players + 2, 4))
    if kind in ("gift", "exch"):
        return (state.players - 1) * combo_count(cards, left_out)
    if kind == "skip":
        return max(1, sum(1 for t in state._others(seat) if not state.skipped[t]))
    if kind == "fant":
        return len(WISHES)
    if kind == "equal":
        return len(COLORS) * (1 + len(state._fewer(seat, len(cards) - (left_out is not None))))
    if kind in ("counter", "nicetry"):
        return len(COLORS)
    return 1


def effect_token(state: MayhemState, seat: int, card: str, cards: list[str], left_out: str | None, prefix: str,
                 k: int) -> str:
    """``state._effect_tokens(seat, card, cards, left_out, prefix)[k]``, built alone."""
    kind = KIND[card]
    if kind in ("gift", "exch"):
        t, k = divmod(k, combo_count(cards, left_out))
        return f"{prefix}:{state._others(seat)[t]}{combo_at(cards, left_out, k)}"
    if kind == "fant":
        return prefix + WISH_ARGS[k]
    if kind in ("counter", "nicetry"):
        return prefix + COLOR_ARGS[k]
    return state._effect_tokens(seat, card, cards, left_out, prefix)[k]  # four (a table), skip, equal: short


def play_count(state: MayhemState, seat: int, cards: list[str]) -> int:
    """``len(play_tokens(state, seat))`` for ``cards`` = ``state._playable_cards(seat)``, counted without
    building them."""
    hand = state.hands[seat]
    return sum(1 if card in PLAIN_CODES else effect_count(state, seat, card, hand, card) for card in cards)


def play_token(state: MayhemState, seat: int, cards: list[str], k: int) -> str:
    """``play_tokens(state, seat)[k]`` for ``cards`` = ``state._playable_cards(seat)`` (``0 <= k <``
    :func:`play_count`), built alone."""
    hand = state.hands[seat]
    for card in cards:
        if card in PLAIN_CODES:
            if k == 0:
                return PLAY_TOKEN[card]
            k -= 1
            continue
        count = effect_count(state, seat, card, hand, card)
        if k < count:
            return effect_token(state, seat, card, hand, card, PLAY_TOKEN[card], k)
        k -= count
    raise IndexError("play index out of range")


def counter_count(state: MayhemState, seat: int) -> int:
    """``len(state._counter_tokens(seat))``, counted without building them."""
    if "counter" not in state.hands[seat]:
        return 0
    combos = combo_count(state.hands[seat], "counter") if state._names_cards() else 1
    return len(COLORS) * len(state._counter_targets(seat)) * combos


def counter_token(state: MayhemState, seat: int, k: int) -> str:
    """``state._counter_tokens(seat)[k]`` (``0 <= k <`` :func:`counter_count`), built alone."""
    hand = state.hands[seat]
    targets = state._counter_targets(seat)
    combos = combo_count(hand, "counter") if state._names_cards() else 1
    c, k = divmod(k, len(targets) * combos)
    t, k = divmod(k, combos)
    combo = combo_at(hand, "counter", k) if state._names_cards() else ""
    return f"counter:{COLORS[c]}:{targets[t]}{combo}"


def choice_count(state: MayhemState, cards: list[str]) -> int:
    """``len(choice_tokens(state, seat))`` for ``cards`` = ``state._choice_cards(seat)``, without building them."""
    return len(cards) * (1 if state.phase in (GAMBLE, RECESSION) else state.players - 1)


def choice_token(state: MayhemState, seat: int, cards: list[str], k: int) -> str:
    """``choice_tokens(state, seat)[k]`` for ``cards`` = ``state._choice_cards(seat)``, built alone."""
    if state.phase == GAMBLE:
        return f"bet:{cards[k]}"
    if state.phase == RECESSION:
        return f"discard:{cards[k]}"
    c, t = divmod(k, state.players - 1)
    return f"give:{cards[c]}:{state._others(seat)[t]}"
