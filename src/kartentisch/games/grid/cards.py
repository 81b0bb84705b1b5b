"""Cards of ``grid`` (grid spec, *Components*, D1, D2): codes, canonical order, values, colours.

A card code is a colour letter (D1) followed by the value in decimal: ``b-1``, ``r7``, ``y11``.
There is exactly one card per colour and value (D2): 8 colours × 13 values = 104 cards.
"""

from __future__ import annotations

from typing import Final

#: Colour letters in canonical order (grid D1): blue, green, magenta, orange, purple, red, turquoise, yellow.
COLOURS: Final = "bgmoprty"

#: Card values, lowest first (grid Components): −1, 0, 1 … 11.
VALUES: Final = tuple(range(-1, 12))

#: The full deck in canonical order (grid Components): ``b-1 b0 … b11 g-1 … y11`` (index k is colour
#: ``COLOURS[k // 13]``, value ``k % 13 - 1``).
DECK: Final[tuple[str, ...]] = tuple(f"{c}{v}" for c in COLOURS for v in VALUES)

#: Card code → value.
VALUE: Final[dict[str, int]] = {code: int(code[1:]) for code in DECK}

#: Card code → colour letter.
COLOUR: Final[dict[str, str]] = {code: code[0] for code in DECK}

#: Card code → index in the canonical order (sorting, validation).
INDEX: Final[dict[str, int]] = {code: i for i, code in enumerate(DECK)}

#: Mean value of a card (65 per colour / 13): the expected value of an unknown card.
MEAN_VALUE: Final = sum(VALUES) / len(VALUES)


def deck() -> list[str]:
    """The 104 cards in canonical order (grid R1: every round uses all of them, any player count)."""
    return list(DECK)
