"""Cards of ``colors`` (Farblücke): codes, canonical order, the cards in play per player count.

Internally a card is its **sort key** ``10 × colour index + number`` (``b0`` = 0 … ``y9`` = 49), so
sorted integer lists are in canonical order (colors D16) and the number is ``key % 10``.
Codes appear only at the boundary (tokens, documents). The pure helpers on numbers and colours
(neighbours, a collection's colour score) live here too, so the rules and the bot share them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: Colour letters in canonical order (colors *Components*, D15): blau, grün, lila, rot, gelb.
COLOURS: Final[tuple[str, ...]] = ("b", "g", "p", "r", "y")
#: Card code of every sort key 0 … 49 (``CODES[23] == "p3"``).
CODES: Final[tuple[str, ...]] = tuple(f"{c}{n}" for c in COLOURS for n in range(10))
#: Sort key of every card code (inverse of :data:`CODES`).
KEY: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}


def colours_in_play(players: int) -> list[str]:
    """Colour letters in play with ``players`` seats (colors R1, D1, D2).

    2 players: b g p; 3 players: b g p r; 4–6 players: all five. The removed colours are the
    last ones in canonical order (D2).
    """
    return list(COLOURS[: 3 if players == 2 else 4 if players == 3 else 5])


def hand_size(players: int) -> int:
    """Cards per hand (colors R2): 6 with 2–4 players, 5 with 5–6 players."""
    return 6 if players <= 4 else 5


def deck_keys(players: int) -> list[int]:
    """Sort keys of the cards in play, in canonical order (colors R1): 30, 40 or 50 cards."""
    return list(range(10 * len(colours_in_play(players))))


def deck_codes(players: int) -> list[str]:
    """Card codes of the cards in play, in canonical order (colors R1)."""
    return [CODES[k] for k in deck_keys(players)]


def codes(keys: Iterable[int]) -> list[str]:
    """Card codes of ``keys`` in the given order."""
    return [CODES[k] for k in keys]


# --------------------------------------------------------------------------- numbers and colours (R4, R6, R15)
#: Centre size the refill aims at (colors R11) and the size of the initial centre (R4).
CENTRE_SIZE: Final = 4
#: The sides of a capture by neighbours (colors R8, R9; ``zones.pending.side``).
LOWER: Final = "lower"
HIGHER: Final = "higher"


def lower_neighbour(number: int) -> int:
    """colors R6, D5: the lower neighbour of ``number`` (cyclic: 0 → 9)."""
    return (number + 9) % 10


def higher_neighbour(number: int) -> int:
    """colors R6, D5: the higher neighbour of ``number`` (cyclic: 9 → 0)."""
    return (number + 1) % 10


def colour_score(counts: Iterable[int]) -> int:
    """Round score of one collection from its per-colour card counts (colors R14, R15, D10).

    Args:
        counts: cards per colour, in any order; colours with 0 cards are ignored.
    Returns:
        ``M × #colours with M`` minus ``m × #colours with m`` (``M``/``m`` the largest/smallest
        count), with no minus when all collected colours have the same count; 0 when empty.

    >>> colour_score([4, 2, 2, 1]), colour_score([2] * 5), colour_score([])
    (3, 10, 0)
    """
    most = least = most_colours = least_colours = 0  # one pass: no lists, no builtin calls (random play scores often)
    for count in counts:
        if count <= 0:
            continue
        if count > most:
            most, most_colours = count, 1
        elif count == most:
            most_colours += 1
        if least == 0 or count < least:
            least, least_colours = count, 1
        elif count == least:
            least_colours += 1
    if least == most:
        return most * most_colours  # R15: empty scores 0; D10: all collected colours equal -> no minus
    return most * most_colours - least * least_colours
