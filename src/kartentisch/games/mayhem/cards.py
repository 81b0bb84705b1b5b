"""Card codes of ``mayhem`` (spec *Components*): play deck, event deck, canonical order, card facts
and the order of play round the table (R1).

Every fact the rules ask about a card (colour, number value, kind, score value) is a dict lookup
here, so the rules stay readable and fast.
"""

from __future__ import annotations

import sys
from typing import Final

COLORS: Final[tuple[str, ...]] = ("r", "y", "g", "b")
#: Wish arguments in listing order (spec *Decisions and tokens*): colours, then numbers.
WISHES: Final[tuple[str, ...]] = COLORS + tuple(str(v) for v in range(1, 10))
#: One-colour special kinds in canonical order with their copies per colour (D1).
COLOR_SPECIALS: Final = (("gift", 2), ("exch", 1), ("chance", 1), ("skip", 1), ("troub", 1))
#: Wish specials in canonical order with their copies.
WISH_SPECIALS: Final = (("fant", 11), ("four", 5), ("counter", 4), ("equal", 2), ("nicetry", 1))
WISH_KINDS: Final = frozenset(k for k, _ in WISH_SPECIALS)

EVENTS: Final[tuple[str, ...]] = (
    "charity", "communism", "doomsday", "earthquake", "expansion", "friday13", "gambler", "lostfound",
    "market", "mating", "christmas", "standoff", "recession", "robinhood", "party", "eye", "third",
    "tornado", "upside", "vandalism",
)


def _play_deck() -> tuple[str, ...]:
    cards: list[str] = [f"{c}{v}" for c in COLORS for v in range(1, 10) for _ in range(2)]
    cards += [f"k{v}" for v in range(1, 10)]
    cards += [f"{c}{kind}" for c in COLORS for kind, copies in COLOR_SPECIALS for _ in range(copies)]
    cards += [kind for kind, copies in WISH_SPECIALS for _ in range(copies)]
    cards.append("fy")
    # Interned: both copies of a code are one object, so the comparisons and lookups that every
    # listing and move makes on hand cards end at identity (tokens intern their codes too).
    return tuple(sys.intern(c) for c in cards)


#: The 129 play cards in canonical order (spec *Components*).
PLAY_DECK: Final[tuple[str, ...]] = _play_deck()
#: Canonical position of each distinct code (its first copy); the sort key of every card list.
POS: Final[dict[str, int]] = {}
for _i, _c in enumerate(PLAY_DECK):
    POS.setdefault(_c, _i)
CODES: Final[tuple[str, ...]] = tuple(POS)
EVENT_POS: Final[dict[str, int]] = {e: i for i, e in enumerate(EVENTS)}

#: Colour of a coloured card (coloured number or one-colour special), else None.
COLOR: Final[dict[str, str | None]] = {}
#: Number value of a number card (coloured or black), else None.
VALUE: Final[dict[str, int | None]] = {}
#: Kind: "num" (coloured number), "black", a special kind ("gift" … "troub", "fant" … "nicetry") or "fy".
KIND: Final[dict[str, str]] = {}
for _c in CODES:
    if _c == "fy":
        COLOR[_c], VALUE[_c], KIND[_c] = None, None, "fy"
    elif _c in WISH_KINDS:
        COLOR[_c], VALUE[_c], KIND[_c] = None, None, _c
    elif _c[0] == "k":
        COLOR[_c], VALUE[_c], KIND[_c] = None, int(_c[1:]), "black"
    elif _c[1:].isdigit():
        COLOR[_c], VALUE[_c], KIND[_c] = _c[0], int(_c[1:]), "num"
    else:
        COLOR[_c], VALUE[_c], KIND[_c] = _c[0], None, _c[1:]


def score_value(card: str) -> int:
    """Score value of ``card`` (spec *Terms*): number card its number, ``fy`` 42, any other card 7."""
    value = VALUE[card]
    if value is not None:
        return value
    return 42 if card == "fy" else 7


SCORE: Final[dict[str, int]] = {c: score_value(c) for c in CODES}


def sort_cards(cards: list[str]) -> None:
    """Sort ``cards`` in place into canonical order (hands are always listed so)."""
    cards.sort(key=POS.__getitem__)


def insert_card(hand: list[str], card: str) -> None:
    """Put ``card`` into the canonically ordered ``hand`` after its equals, where extending and
    sorting (:func:`sort_cards`) would put it; a binary search, no sort."""
    pos = POS[card]
    lo, hi = 0, len(hand)
    while lo < hi:
        mid = (lo + hi) // 2
        if POS[hand[mid]] <= pos:
            lo = mid + 1
        else:
            hi = mid
    hand.insert(lo, card)


def order_from(seat: int, players: int) -> list[int]:
    """Seats "in order from" ``seat`` (mayhem R1, R41): next(seat), next(next(seat)), …, ``seat`` last.

    Play runs counter-clockwise, so next(s) = (s - 1) mod n. A table fact the rules and the words share.
    """
    return [(seat - k) % players for k in range(1, players + 1)]
