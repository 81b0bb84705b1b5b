"""Cards of ``chips`` (Baggage Belt / Gepäckband): codes, canonical order, deck, special cards.

Spec ``chips`` *Components*:

* 40 number cards ``k1 … k10``, ``r1 … r10``, ``b1 … b10``, ``y1 … y10`` (black, red, blue, yellow;
  black is ``k`` so that blue can be ``b``, D3). A card's value is its number.
* Special cards ``s1 … s15`` (expert game); only six have a known text (R12, R19). They are data:
  :data:`SPECIALS` maps a code to its number, *kind* and parameters; the rules engine implements the
  kinds (R13–R18). A future card with a known text is one more row of that table.
* Chips: 7 per seat (:data:`CHIPS_PER_SEAT`); the rest stay in the box.

A face-down card in a display is written with a ``-`` prefix (``"-r7"``, spec *State document*).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

#: Colour letters in table order (D3): black, red, blue, yellow.
COLOURS: tuple[str, ...] = ("k", "r", "b", "y")
#: Colour letter → index of that colour row in a display (``k`` 0 … ``y`` 3).
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
#: The 40 number cards in canonical order (``k1 … k10, r1 … r10, b1 … b10, y1 … y10``).
DECK: tuple[str, ...] = tuple(f"{c}{v}" for c in COLOURS for v in range(1, 11))
#: Card code → value (1 … 10).
VALUE: dict[str, int] = {code: int(code[1:]) for code in DECK}
#: Card code → colour letter.
COLOUR: dict[str, str] = {code: code[0] for code in DECK}
#: Prefix marking a face-down display card (``"-r7"``).
FACE_DOWN = "-"
#: Cards in the row (R2 step 4).
ROW_SIZE = 7
#: Chips in each seat's supply at the start of every round (R2 step 5).
CHIPS_PER_SEAT = 7


class Special(NamedTuple):
    """One special card as data (R12): ``code`` (``"s2"``), printed ``number``, ``kind``, ``params``."""

    code: str
    number: int
    kind: str
    params: Mapping[str, Any]


#: The defined special cards in table order (R12). Kinds: R13 ``free_take``, R14 ``any_row``,
#: R15 ``extra_turn``, R16 ``always_up``, R17 ``drop_lowest_row``, R18 ``chip_value``.
SPECIALS: dict[str, Special] = {
    s.code: s
    for s in (
        Special("s2", 2, "free_take", {"value": 4}),
        Special("s3", 3, "any_row", {"value": 7}),
        Special("s4", 4, "extra_turn", {"min_chips": 3}),
        Special("s6", 6, "always_up", {"value": 5}),
        Special("s13", 13, "drop_lowest_row", {}),
        Special("s15", 15, "chip_value", {"points": -1}),
    )
}
#: Table order of the defined special cards (``zones.specials`` lists a ``"random"`` draw in it).
SPECIAL_ORDER: tuple[str, ...] = tuple(SPECIALS)
#: Every printed special card ``s1 … s15``; those outside :data:`SPECIALS` are not in play (R19).
ALL_SPECIAL_CODES: tuple[str, ...] = tuple(f"s{n}" for n in range(1, 16))
#: Number of special cards ``"random"`` draws each round (R2 step 2, D12).
RANDOM_SPECIALS = 3


def deck(players: int, options: Mapping[str, Any]) -> list[str]:
    """The 40 number cards in canonical order; the same for every player count and option (R2).

    Special cards and chips are not cards of the deck (spec *Components*).
    """
    return list(DECK)


def face_up_code(code: str) -> str:
    """The card code of a display entry without its face-down marker (``"-r7"`` → ``"r7"``)."""
    return code[1:] if code.startswith(FACE_DOWN) else code
