"""Cards of ``colors`` (Farblücke): codes, canonical order, the cards in play per player count.

Internally a card is its **sort key** ``10 × colour index + number`` (``b0`` = 0 … ``y9`` = 49), so
sorted integer lists are in canonical order (colors D16) and the number is ``key % 10``.
Codes appear only at the boundary (tokens, documents).
"""

from __future__ import annotations

from collections.abc import Iterable

#: Colour letters in canonical order (colors *Components*, D15): blau, grün, lila, rot, gelb.
COLOURS: tuple[str, ...] = ("b", "g", "p", "r", "y")
#: Colour names per language, for texts and the renderer.
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "en": {"b": "blue", "g": "green", "p": "purple", "r": "red", "y": "yellow"},
    "de": {"b": "blau", "g": "grün", "p": "lila", "r": "rot", "y": "gelb"},
}
#: Card code of every sort key 0 … 49 (``CODES[23] == "p3"``).
CODES: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in range(10))
#: Sort key of every card code (inverse of :data:`CODES`).
KEY: dict[str, int] = {code: i for i, code in enumerate(CODES)}


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
