"""How a round of ``colors`` scores, in the players' words, from a reader's view (a face part).

The web table's frame shows each seat's score now (:func:`score_now`), and at a round's end how each
seat's score came about (:func:`round_details`) and the order of the seats (:func:`standings`). Pure:
reads only the view (collections are public, colors R20), scores with the rules' own functions; its words are the
``summary.`` texts of the game's catalogue (``words.toml``).

>>> from kartentisch.kernel.words import Voice
>>> view = {"players": 2, "zones": {"collections": [["b1", "b2", "r3"], []]}}
>>> score_now(view)
[1, 0]
>>> round_details(view, 0, Voice("en"))
['Blue: 2 cards, +2', 'Red: 1 card, −1']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...kernel.words import Voice
from .cards import COLOURS
from .rules import score_round
from .words import WORDS, colour_name


def score_now(view: dict[str, Any]) -> list[int]:
    """Each seat's round score from its collection as it lies now (colors R14, R15): collections are public,
    so every reader gets every seat's; at the round's end it is the round's score."""
    return score_round(view["zones"]["collections"])


def round_details(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    """How ``seat``'s collection scores (colors R14, R15), one line per collected colour in the game's colour
    order: "Blue: 5 cards, +5" (the biggest count), "Red: 1 card, −1" (the smallest), "Green: 3 cards, not
    counted"; one line for an empty collection, and a last line when all colours tie (no minus)."""
    texts = WORDS.section("summary", voice.lang)
    counts = Counter(code[0] for code in view["zones"]["collections"][seat])
    if not counts:
        return [texts["empty"]]
    most, least = max(counts.values()), min(counts.values())
    lines = []
    for colour in (c for c in COLOURS if counts[c]):
        n = counts[colour]
        name = colour_name(colour, voice.lang).capitalize()
        line = texts["one" if n == 1 else "many"].format(colour=name, n=n)
        if n == most:
            line += texts["plus"].format(points=n)
        elif n == least:
            line += texts["minus"].format(points=n)
        else:
            line += texts["between"]
        lines.append(line)
    if most == least and len(counts) > 1:
        lines.append(texts["equal"])
    return lines


def standings(view: dict[str, Any]) -> list[int]:
    """Every seat, best first (colors R17): the highest total, then the best single round, then seat order."""
    scores, totals = view["scores"], view["totals"]
    return sorted(range(len(totals)), key=lambda s: (-totals[s], -max((row[s] for row in scores), default=0), s))
