"""Cards of ``lastcard``: codes, canonical order and the cards in play per player count.

Card codes are the numbers 1 … 60 in decimal without leading zeros, as strings (lastcard D1,
*Components*). Internally the rules work with the integers; :data:`CODE` and :data:`NUMBER`
translate. A code with a leading zero, a sign or spaces is not a card code (lastcard D20).
"""

from __future__ import annotations

from typing import Final

#: Highest card number in the box.
TOP_CARD: Final = 60

#: Every card code of the box in canonical order (ascending ``"1"`` … ``"60"``).
CANONICAL: Final[tuple[str, ...]] = tuple(str(n) for n in range(1, TOP_CARD + 1))

#: Card code → number (only canonical spellings are keys).
NUMBER: Final[dict[str, int]] = {code: n for n, code in enumerate(CANONICAL, start=1)}

#: Number → card code (index 0 unused).
CODE: Final[tuple[str, ...]] = ("",) + CANONICAL

#: Token text per card number, built once (index 0 unused): ``PLAY_TOKEN[7] == "play:7"`` (R8),
#: ``HELP_PREFIX[7] == "play:7:"`` (R10, help cards follow), ``LAY_TOKEN[7][12] == "lay:7:12"``
#: (R9, lay 7 and take 12): a listing picks these strings instead of joining new ones every turn.
PLAY_TOKEN: Final[tuple[str, ...]] = tuple("play:" + code for code in CODE)
HELP_PREFIX: Final[tuple[str, ...]] = tuple(token + ":" for token in PLAY_TOKEN)
LAY_TOKEN: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(f"lay:{c}:{t}" for t in CODE) for c in CODE)


class PassTokens(dict[tuple[int, ...], str]):
    """``PASS_TOKEN[(3, 9, 12)] == "pass:3:9:12"`` (R5): each pass token is built once, when first asked.

    A 12-card hand lists C(12, 3) = 220 pass tokens; picking existing strings halves that listing.
    At most C(60, 3) + C(60, 2) + 60 keys, so the table stays bounded.
    """

    def __missing__(self, cards: tuple[int, ...]) -> str:
        token = self[cards] = "pass:" + ":".join([CODE[c] for c in cards])
        return token


PASS_TOKEN: Final = PassTokens()

#: lastcard R1 (Components table): players → (highest card in play, hand size H, set aside).
TABLE: Final[dict[int, tuple[int, int, int]]] = {
    2: (36, 12, 12),
    3: (36, 12, 0),
    4: (48, 12, 0),
    5: (60, 12, 0),
    6: (60, 10, 0),
}


def highest_card(players: int) -> int:
    """Highest card number in play with ``players`` seats (lastcard R1); cards are ``1 … highest``."""
    return TABLE[players][0]


def hand_size(players: int) -> int:
    """Hand size H dealt to each seat with ``players`` seats (lastcard R1)."""
    return TABLE[players][1]


def set_aside_count(players: int) -> int:
    """Cards set aside face down each round (12 with 2 players, else 0; lastcard R1, D3)."""
    return TABLE[players][2]


def deck(players: int) -> list[str]:
    """The card codes in play for ``players`` seats in canonical order (lastcard R1).

    >>> len(deck(2)), deck(4)[-1]
    (36, '48')
    """
    return list(CANONICAL[: highest_card(players)])
