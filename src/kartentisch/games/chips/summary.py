"""How a round of ``chips`` scores, in the players' words, from a reader's view (a face part).

The web table's frame shows each seat's score now (:func:`score_now`) and at a round's end how each seat's
score came about (:func:`round_details`). Pure: displays, supplies and the special cards are public (D19),
so every reader reads every seat's; scored with the rules' own functions (R10, R17, R18).

>>> from kartentisch.kernel.words import Voice
>>> display = {"k": ["k3", "k8"], "r": ["r5", "-r2"], "b": [], "y": ["y2"]}
>>> view = {"zones": {"display": [display], "supply": [3], "specials": []}}
>>> score_now(view)
[20]
>>> round_details(view, 0, Voice("en"))[1:]
['Red row: 5 − 1 face down = 4', 'Blue row: empty, 0', 'Yellow row: 2', 'Chips in the supply: 3, +3']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel.words import Voice, number, signed
from .cards import COLOURS, FACE_DOWN, VALUE
from .rules import effects, row_value, score_round
from .words import WORDS


def score_now(view: dict[str, Any]) -> list[int]:
    """Each seat's round score if the round ended now (chips R10, R17, R18); at its end the round's score."""
    zones = view["zones"]
    return score_round(zones["display"], zones["supply"], zones["specials"])


def _sum(stack: list[str], lang: str) -> str:
    """A non-empty row's value as a sum: "3 + 8 = 11", "5 − 1 face down = 4", "2 face down = −2", or "2" (R10)."""
    up = [str(VALUE[code]) for code in stack if not code.startswith(FACE_DOWN)]
    down = len(stack) - len(up)
    if not down:
        return up[0] if len(up) == 1 else f"{' + '.join(up)} = {row_value(stack)}"
    face_down = WORDS.text(lang, "summary.down", n=down)
    value = number(row_value(stack))
    return f"{' + '.join(up)} − {face_down} = {value}" if up else f"{face_down} = {value}"


def round_details(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    """How ``seat``'s score comes about: one line per colour row with its value as a sum (R10: face-up values,
    −1 per face-down card), the row left out with special card 13 (R17, D17: the lowest, the first in row order
    on a tie), and the chips in the supply (+1 each, −1 with special card 15, R18)."""
    lang = voice.lang
    texts, zones = WORDS.section("summary", lang), view["zones"]
    display = zones["display"][seat]
    eff = effects(zones["specials"])
    dropped = set(sorted(COLOURS, key=lambda c: (row_value(display[c]), COLOURS.index(c)))[:eff.drop_lowest])
    lines = []
    for colour in COLOURS:
        stack = display[colour]
        row = WORDS.get(lang, f"row.{colour}")
        row = row[0].upper() + row[1:]  # the nominative row name ("Red row", "Rote Farbreihe")
        line = texts["row"].format(row=row, sum=_sum(stack, lang)) if stack else texts["empty"].format(row=row)
        lines.append(texts["dropped"].format(line=line) if colour in dropped else line)
    chips = zones["supply"][seat]
    lines.append(texts["chips"].format(n=chips, points=signed(eff.chip_points * chips))
                 + (texts["chips_minus"] if eff.chip_points < 0 else ""))
    return lines


def round_facts(doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """For the balance lab (``kartentisch.sim.records``): how the scored round in ``doc`` (a full state
    document) ended, and its event counts.

    chips: face-down display cards (R7 d); the round ended by the final circuit (R9) or an empty row."""
    zones = doc["zones"]
    down = sum(1 for display in zones["display"] for cards in display.values() for c in cards if c.startswith("-"))
    return ("final circuit" if zones["final_circuit"] else "empty row"), {"face-down cards": down}
