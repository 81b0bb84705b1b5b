"""The speed paths of ``lastcard``'s legality: the listing and the random draw without listing.

Legality is stated once, in :meth:`.rules.LastCardState._violation` (lastcard R19: ``None`` or the
error naming R5 … R18). What is here answers the same questions faster, and only here:

* :func:`listing`: the legal tokens in the spec's display order, built from the hand split at the
  top card (``bisect``) and a table of every help row's subsets (:data:`_HELP_SUBSETS`), instead of
  asking the check about every candidate (a pass alone has C(12, 3) = 220 tokens);
* :func:`draw`: a uniform draw among them without building them: P cards sampled at once for a
  pass (R5), one index into a turn's parts counted from subset sums (R8–R10), so a random bot or a
  playout builds one token per decision. It is the listing's token at ``randrange(len(listing))``
  for a turn (the same use of the generator as ``rng.choice``), so seeded random play is unchanged.

``tests/test_legality.py`` proves both equal to the check (the listing is exactly the accepted tokens,
the draw uniform over it) over random reachable states at every player count; the game's own tests
pin the display order and the draw's index.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

from ...kernel.game import ROUND_OVER
from ...kernel.memo import Memo
from ...kernel.rng import below, sample
from .cards import CODE, HELP_PREFIX, LAY_TOKEN, PASS_TOKEN, PLAY_TOKEN
from .notation import PASS, PLAY

if TYPE_CHECKING:
    from .rules import LastCardState


def help_sets(help_row: Sequence[int], need: int) -> list[tuple[int, ...]]:
    """Non-empty subsets of ``help_row`` (sorted ascending) whose sum is at least ``need``.

    Used for R10 (lastcard D9, D10, D20): a hand card c beats the top with help cards h when
    ``c + Σh > top``, i.e. ``Σh ≥ top − c + 1``. Subsets come as strictly ascending tuples in
    lexicographic order (a prefix before its extensions), the spec's display order.

    >>> help_sets([5, 8], 6)
    [(5, 8), (8,)]
    """
    found: list[tuple[int, ...]] = []
    suffix = [0] * (len(help_row) + 1)  # suffix[i]: the sum of help_row[i:]
    for i in range(len(help_row) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + help_row[i]
    _extend(help_row, suffix, need, 0, (), 0, found)
    return found


def _extend(help_row: Sequence[int], suffix: list[int], need: int, start: int, prefix: tuple[int, ...],
            total: int, found: list[tuple[int, ...]]) -> None:
    """:func:`help_sets`' depth-first walk: append to ``found`` every ``prefix`` + subset of
    ``help_row[start:]`` reaching ``need``, a prefix before its extensions (a module function, not a
    closure: compiled, its recursion is a direct call)."""
    for i in range(start, len(help_row)):
        if total + suffix[i] < need:
            return  # even all remaining cards cannot reach ``need``
        chosen = prefix + (help_row[i],)
        if total + help_row[i] >= need:
            found.append(chosen)
        _extend(help_row, suffix, need, i + 1, chosen, total + help_row[i], found)


def _joined(numbers: Sequence[int]) -> str:
    """Card numbers as the notation writes them after a verb: ``"5:8"``."""
    return ":".join([CODE[n] for n in numbers])


def _help_subsets(help_row: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
    """Every non-empty subset of ``help_row`` in display order as ``(sum, "5:8")`` (R10, D20).

    :func:`help_sets` with ``need`` 1 lists them all; a listing keeps those with sum ≥ need. A
    help row changes only when a card is laid (R9) or used (R10), so one table (:data:`_HELP_SUBSETS`)
    serves many turns, clones and playouts of a search.
    """
    return tuple((sum(hs), _joined(hs)) for hs in help_sets(help_row, 1))


#: :func:`_help_subsets` by help row, for listings (3,000 random 2-player matches meet about 5,300
#: distinct rows, so a random draw counts help plays without it).
_HELP_SUBSETS: Final[Memo[tuple[int, ...], tuple[tuple[int, str], ...]]] = Memo(_help_subsets, 8192)


def listing(state: LastCardState, seat: int) -> list[str]:
    """Legal tokens of ``seat`` (in ``to_act``) in the spec's display order (verb, then arguments as
    integers): exactly the tokens :meth:`~.rules.LastCardState._violation` accepts.

    ``pass``: every strictly ascending choice of P hand cards (R5, D20). ``play``: the parts of
    :func:`play_options` in order: help plays ``play:c:h…`` (R10), higher cards alone ``play:c``
    (R8), then every ``lay:c:t`` (R9). ``round_over``: ``deal`` (R17).
    """
    phase = state.phase
    if phase == PLAY:
        helped, alone, lower, pile = play_options(state, seat)
        tokens = helped + [PLAY_TOKEN[c] for c in alone]
        if pile:
            tokens += [LAY_TOKEN[c][t] for c in lower for t in pile]
        return tokens
    if phase == PASS:  # R5: every ascending choice of P hand cards
        return list(map(PASS_TOKEN.__getitem__, combinations(state.hands[seat], state.pass_count)))
    if phase == ROUND_OVER:
        return ["deal"]
    return []


def play_options(state: LastCardState, seat: int) -> tuple[list[str], list[int], list[int], list[int]]:
    """The turn of ``seat`` in parts, each in display order: ``(helped, alone, lower, pile)``.

    ``helped``: the tokens ``play:c:h…`` of a lower card ``c`` whose own help cards lift it above
    the top (R10, D8–D10). ``alone``: the hand cards played alone (R8: all of them on an empty
    pile, R7; else those above the top). ``lower`` × ``pile``: the lays ``lay:c:t`` (R9: a card
    below the top becomes a help card, any pile card is taken), ``pile`` ascending. Read only:
    ``alone`` may be the hand itself.
    """
    hand = state.hands[seat]
    if not state.pile:  # R7: on an empty pile only R8, with any hand card
        return [], hand, [], []
    top = state.pile[-1]
    split = bisect(hand, top)  # hand is ascending: hand[:split] < top < hand[split:]
    lower = hand[:split]
    helped: list[str] = []
    if state.help[seat] and lower:
        subsets = _HELP_SUBSETS.get(tuple(state.help[seat]))
        helped = [HELP_PREFIX[c] + text for c in lower for total, text in subsets if c + total > top]  # D9
    return helped, hand[split:], lower, sorted(state.pile) if lower else []


def draw(state: LastCardState, seat: int, rng: random.Random) -> str | None:
    """A uniform draw among the legal tokens of ``seat`` (in ``to_act``) without listing them.

    R5: P cards drawn at once, uniform over the C(H, P) pass tokens (220 for 12 cards). A turn:
    one index into the parts of :func:`play_options` in their order, counted without building
    them, so only the drawn token is built (the same token for the same index as the listing);
    a deal (R17) is drawn from its listing (``None``).
    """
    if state.phase == PASS:
        return PASS_TOKEN[tuple(sorted(sample(rng, state.hands[seat], state.pass_count)))]
    if state.phase != PLAY:
        return None  # a deal: draw from the listing
    hand, pile = state.hands[seat], state.pile
    if not pile:  # R7: any hand card alone
        return PLAY_TOKEN[hand[below(rng, len(hand))]]
    top = pile[-1]
    split = bisect(hand, top)  # hand[:split]: the lower cards (R9, R10)
    row = state.help[seat]
    counts: list[int] = []  # help plays of each lower card (D9: sum of help > top − c)
    helped = 0
    if split and row:
        sums = [0]  # every subset's sum, the empty one first (2^k for k help cards)
        for h in row:
            sums += [total + h for total in sums]
        for c in hand[:split]:
            count = 0
            for total in sums:
                if c + total > top:  # never the empty subset: c < top
                    count += 1
            counts.append(count)
            helped += count
    k = below(rng, helped + len(hand) - split + split * len(pile))
    if k < helped:
        for i, count in enumerate(counts):  # hand[i] is the lower card with these help plays
            if k < count:  # the k-th of its help plays in display order, as the listing has them
                return HELP_PREFIX[hand[i]] + _joined(help_sets(row, top - hand[i] + 1)[k])
            k -= count
    k -= helped
    if k < len(hand) - split:
        return PLAY_TOKEN[hand[split + k]]
    c, t = divmod(k - (len(hand) - split), len(pile))
    return LAY_TOKEN[hand[c]][sorted(pile)[t]]
