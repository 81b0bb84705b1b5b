"""Cards of ``chips`` (Baggage Belt / Gepäckband): codes, canonical order, deck, special cards.

Spec ``chips`` *Components*:

* 40 number cards ``k1 … k10``, ``r1 … r10``, ``b1 … b10``, ``y1 … y10`` (black, red, blue, yellow;
  black is ``k`` so that blue can be ``b``, D3). A card's value is its number.
* Special cards ``s1 … s15`` (expert game); only six have a known text (R12, R19). They are data:
  :data:`SPECIALS` maps a code to its number, *kind* and parameters; the rules engine implements the
  kinds (R13–R18). A future card with a known text is one more row of that table.
* Chips: 7 per seat (:data:`CHIPS_PER_SEAT`); the rest stay in the box.

A face-down card in a display is written with a ``-`` prefix (``"-r7"``, spec *State document*).

The special cards' combined :class:`Effects`, the placement rule :func:`face_up` and a take's cost
:func:`take_cost` are pure helpers here, shared by the rules and the bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ...kernel.memo import Memo

#: Colour letters in table order (D3): black, red, blue, yellow.
COLOURS: Final[tuple[str, ...]] = ("k", "r", "b", "y")
#: Colour letter → index of that colour row in a display (``k`` 0 … ``y`` 3).
COLOUR_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}
#: The 40 number cards in canonical order (``k1 … k10, r1 … r10, b1 … b10, y1 … y10``).
DECK: Final[tuple[str, ...]] = tuple(f"{c}{v}" for c in COLOURS for v in range(1, 11))
#: Card code → value (1 … 10).
VALUE: Final[dict[str, int]] = {code: int(code[1:]) for code in DECK}
#: Card code → colour letter.
COLOUR: Final[dict[str, str]] = {code: code[0] for code in DECK}
#: Prefix marking a face-down display card (``"-r7"``).
FACE_DOWN: Final = "-"
#: Bits per colour in a card mask (:data:`CARD_BIT`): values 1 … 10, bit 0 unused.
MASK_STRIDE: Final = 11
#: Card code → its bit in a card mask, ``1 << (MASK_STRIDE × colour index + value)``: a set of number
#: cards as one integer (44 bits), e.g. the cards in any display (``ChipsState.placed``).
CARD_BIT: Final[dict[str, int]] = {code: 1 << (MASK_STRIDE * COLOURS.index(code[0]) + VALUE[code]) for code in DECK}
#: Cards in the row (R2 step 4).
ROW_SIZE: Final = 7
#: Chips in each seat's supply at the start of every round (R2 step 5).
CHIPS_PER_SEAT: Final = 7


class Special(NamedTuple):
    """One special card as data (R12): ``code`` (``"s2"``), printed ``number``, ``kind``, ``params``."""

    code: str
    number: int
    kind: str
    params: Mapping[str, Any]


#: The defined special cards in table order (R12). Kinds: R13 ``free_take``, R14 ``any_row``,
#: R15 ``extra_turn``, R16 ``always_up``, R17 ``drop_lowest_row``, R18 ``chip_value``.
SPECIALS: Final[dict[str, Special]] = {
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
SPECIAL_ORDER: Final[tuple[str, ...]] = tuple(SPECIALS)
#: Every printed special card ``s1 … s15``; those outside :data:`SPECIALS` are not in play (R19).
ALL_SPECIAL_CODES: Final[tuple[str, ...]] = tuple(f"s{n}" for n in range(1, 16))
#: Number of special cards ``"random"`` draws each round (R2 step 2, D12).
RANDOM_SPECIALS: Final = 3


def deck(players: int, options: Mapping[str, Any]) -> list[str]:
    """The 40 number cards in canonical order; the same for every player count and option (R2).

    Special cards and chips are not cards of the deck (spec *Components*).
    """
    return list(DECK)


def face_up_code(code: str) -> str:
    """The card code of a display entry without its face-down marker (``"-r7"`` → ``"r7"``)."""
    return code[1:] if code.startswith(FACE_DOWN) else code


def card_mask(stacks: Iterable[Iterable[str]]) -> int:
    """The :data:`CARD_BIT` mask of the cards in ``stacks`` (display codes, face up or down).

    >>> card_mask([["r1", "-r2"], ["k10"]]) == CARD_BIT["r1"] | CARD_BIT["r2"] | CARD_BIT["k10"]
    True
    """
    mask = 0
    for stack in stacks:
        for code in stack:
            mask |= CARD_BIT[face_up_code(code)]
    return mask


# ------------------------------------------------------------------ special cards' effects (R7, R12–R18)
@dataclass(frozen=True, slots=True)
class Effects:
    """What the active special cards change, by kind (R12); every field is neutral without specials.

    A frozen dataclass rather than a named tuple: compiled, its fields are read directly, where a
    named tuple's are looked up by name (the rules and the bot read them on every turn).

    Attributes:
        free_take: values taken for 0 chips from any position (R13, ``s2``).
        any_row: values that may go on any colour row, named in the token (R14, ``s3``).
        extra_turn_min: chips on a taken card that earn an extra turn, ``None`` = never (R15, ``s4``).
        always_up: values always placed face up (R16, ``s6``).
        drop_lowest: number of lowest colour rows each seat leaves out in R10 (R17, ``s13``).
        chip_points: points per chip in a supply at scoring, normally +1 (R18, ``s15``).
    """

    free_take: frozenset[int]
    any_row: frozenset[int]
    extra_turn_min: int | None
    always_up: frozenset[int]
    drop_lowest: int
    chip_points: int

    def __reduce__(self) -> tuple[type[Effects], tuple[Any, ...]]:
        """Pickle by the fields (states are pickled, e.g. by the RL adapters): compiled, the default
        restores the fields by assignment, which a frozen class refuses."""
        return Effects, (self.free_take, self.any_row, self.extra_turn_min, self.always_up, self.drop_lowest,
                         self.chip_points)


def _combine(specials: tuple[str, ...]) -> Effects:
    """:func:`effects` without the memo."""
    free: set[int] = set()
    any_row: set[int] = set()
    always: set[int] = set()
    extra: int | None = None
    drop = 0
    points = 1
    for code in specials:
        card = SPECIALS[code]
        if card.kind == "free_take":  # R13
            free.add(card.params["value"])
        elif card.kind == "any_row":  # R14
            any_row.add(card.params["value"])
        elif card.kind == "extra_turn":  # R15
            extra = card.params["min_chips"] if extra is None else min(extra, card.params["min_chips"])
        elif card.kind == "always_up":  # R16
            always.add(card.params["value"])
        elif card.kind == "drop_lowest_row":  # R17
            drop += 1
        elif card.kind == "chip_value":  # R18
            points = card.params["points"]
        else:  # pragma: no cover - a new table row with a new kind must implement it here
            raise ValueError(f"chips R12: special card {code} has unknown kind {card.kind!r}")
    return Effects(frozenset(free), frozenset(any_row), extra, frozenset(always), drop, points)


_EFFECTS: Final[Memo[tuple[str, ...], Effects]] = Memo(_combine)


def effects(specials: Iterable[str]) -> Effects:
    """The combined :class:`Effects` of the active special-card codes (R12: several all apply).

    Combined once per tuple of codes and then looked up: every round's deal asks for it.

    Raises:
        KeyError: a code that is not a defined special card (callers validate first, R19).
    """
    return _EFFECTS.get(tuple(specials))


NO_EFFECTS: Final = effects(())


def face_up(stack: Sequence[str], value: int, eff: Effects) -> bool:
    """Whether a card of ``value`` placed on colour row ``stack`` (display codes) lies face up.

    chips R7: (a) empty row → up; (b) face-down top → up, whatever the value; (c) higher than the
    face-up top → up; (d) otherwise (lower, or equal via R14) → face down. chips R16: an
    ``always_up`` value is always face up. The player never chooses (D7, D16).
    """
    return face_up_over(open_top(stack), value, eff)


def open_top(stack: Sequence[str]) -> int:
    """The value a card placed on colour row ``stack`` must exceed to lie face up (R7): the face-up
    top's value, or 0 for an empty row (R7 a) or a face-down top (R7 b)."""
    if not stack:
        return 0
    top = stack[-1]
    return 0 if top.startswith(FACE_DOWN) else VALUE[top]  # compiled, top[0] would build a string


def face_up_over(top: int, value: int, eff: Effects) -> bool:
    """:func:`face_up` for a row whose :func:`open_top` is ``top`` (the bot asks it of one row for
    several takes): higher than ``top`` (R7, every value is ≥ 1 > 0), or an ``always_up`` value (R16)."""
    return value > top or value in eff.always_up


def take_cost(position: int, value: int, eff: Effects) -> int:
    """Chips a take of a card of ``value`` at row ``position`` costs: ``position`` (R5), 0 for R13."""
    return 0 if value in eff.free_take else position
