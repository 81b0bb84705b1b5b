"""How a round of ``grid`` scores, in the players' words, from a reader's view (a face part).

Face-down cards are hidden until the round's end turns every card up (R16, R21), so the score now is known
only then (:func:`score_now`, with the rules' own :func:`~.rules.score_round`: R17, R18); :func:`round_details`
says what each grid held and whether the trigger's sum was doubled.

>>> from kartentisch.kernel.words import Voice
>>> view = {"zones": {"grids": [[["r5", "b-1"]], [["g2"]]], "trigger": 0}}
>>> score_now(view)
[8, 2]
>>> round_details(view, 0, Voice("en", 0))
['2 cards left: 5 and −1, sum 4', '7 cards removed', 'Doubled: you ended the round and were not lowest']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel.words import Voice, listing, number
from .cards import VALUE
from .rules import score_round
from .words import WORDS

#: Cards of a grid as dealt (R3: 3 × 3).
DEALT = 9

def _values(view: dict[str, Any]) -> list[list[int]] | None:
    """Per seat the values of the cards left in its grid, or ``None`` while a face-down card is hidden."""
    cells = [[x for row in grid for x in row if x is not None] for grid in view["zones"]["grids"]]
    if any(x == "?" or x.startswith("?") for grid in cells for x in grid):
        return None
    return [[VALUE[x] for x in grid] for grid in cells]


def score_now(view: dict[str, Any]) -> list[int] | None:
    """Each seat's round score (R17, R18, the trigger's doubling included) once every card lies face up (the
    round's end, R16); ``None`` while a face-down card is hidden from the reader."""
    values = _values(view)
    return None if values is None else score_round(values, view["zones"]["trigger"])


def round_details(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    """How ``seat``'s score came about at the round's end: the cards left in its grid and their sum (R17), the
    cards its removed lines took out (R11), and for the trigger whether its sum was doubled (R18, D19)."""
    lang = voice.lang
    values = _values(view)
    if values is None:
        raise ValueError("grid: round details need every card face up (the round's end, R16)")
    own = values[seat]
    if not own:
        lines = [WORDS.get(lang, "summary.empty")]
    elif len(own) == 1:
        lines = [WORDS.text(lang, "summary.left_one", values=number(own[0]))]
    else:
        lines = [WORDS.text(lang, "summary.left", n=len(own), values=listing([number(v) for v in own], lang),
                            sum=number(sum(own)))]
    if removed := DEALT - len(own):  # whole lines of three (R11)
        lines.append(WORDS.text(lang, "summary.removed", n=removed))
    trigger = view["zones"]["trigger"]
    if seat == trigger:
        doubled = score_round(values, trigger)[seat] != sum(own)
        key = "doubled" if doubled else "not_positive" if sum(own) <= 0 else "lowest"
        text = WORDS.get(lang, f"summary.{key}_you" if seat == voice.viewer else f"summary.{key}")
        lines.append(text.format(who=voice.who(seat, lower=key == "doubled")))
    return lines


def round_facts(doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """For the balance lab (``kartentisch.sim.records``): how the scored round in ``doc`` (a full state
    document) ended, and its event counts.

    grid: lines removed (9 cards per grid at the deal, 3 per line, R11) and the R18 doubling."""
    zones = doc["zones"]
    left = [sum(1 for row in grid for x in row if x is not None) for grid in zones["grids"]]
    events = {"lines removed": sum((9 - k) // 3 for k in left)}
    trigger = zones["trigger"]
    if trigger is None:
        return None, events
    grid = zones["grids"][trigger]
    total = sum(VALUE[x.lstrip("?")] for row in grid for x in row if x is not None)
    doubled = total > 0 and doc["scores"][-1][trigger] == 2 * total
    return ("trigger doubled" if doubled else "trigger not doubled"), events
