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

from ...kernel.summary import number
from ...kernel.words import Voice, listing
from .cards import VALUE
from .rules import score_round

#: Cards of a grid as dealt (R3: 3 × 3).
DEALT = 9

_TEXTS: dict[str, dict[str, Any]] = {
    "en": {
        "left_one": "1 card left: {values}", "left": "{n} cards left: {values}, sum {sum}", "empty": "No cards left: 0",
        "removed": "{n} cards removed",
        "doubled": ("Doubled: {who} ended the round and was not lowest",
                    "Doubled: {who} ended the round and were not lowest"),
        "lowest": ("{who} ended the round with the lowest sum alone: not doubled",
                   "{who} ended the round with the lowest sum alone: not doubled"),
        "not_positive": ("{who} ended the round; a sum of 0 or less is never doubled",
                         "{who} ended the round; a sum of 0 or less is never doubled"),
    },
    "de": {
        "left_one": "1 Karte übrig: {values}", "left": "{n} Karten übrig: {values}, Summe {sum}",
        "empty": "Keine Karte übrig: 0",
        "removed": "{n} Karten abgelegt",
        "doubled": ("Verdoppelt: {who} hat die Runde beendet und war nicht am niedrigsten",
                    "Verdoppelt: {who} hast die Runde beendet und warst nicht am niedrigsten"),
        "lowest": ("{who} hat die Runde beendet und allein die niedrigste Summe: nicht verdoppelt",
                   "{who} hast die Runde beendet und allein die niedrigste Summe: nicht verdoppelt"),
        "not_positive": ("{who} hat die Runde beendet; eine Summe von 0 oder weniger wird nie verdoppelt",
                         "{who} hast die Runde beendet; eine Summe von 0 oder weniger wird nie verdoppelt"),
    },
}


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
    texts = _TEXTS.get(voice.lang, _TEXTS["en"])
    values = _values(view)
    if values is None:
        raise ValueError("grid: round details need every card face up (the round's end, R16)")
    own = values[seat]
    if not own:
        lines = [texts["empty"]]
    elif len(own) == 1:
        lines = [texts["left_one"].format(values=number(own[0]))]
    else:
        lines = [texts["left"].format(n=len(own), values=listing([number(v) for v in own], voice.lang),
                                      sum=number(sum(own)))]
    if removed := DEALT - len(own):  # whole lines of three (R11)
        lines.append(texts["removed"].format(n=removed))
    trigger = view["zones"]["trigger"]
    if seat == trigger:
        doubled = score_round(values, trigger)[seat] != sum(own)
        key = "doubled" if doubled else "not_positive" if sum(own) <= 0 else "lowest"
        other, own_text = texts[key]
        lines.append((own_text if seat == voice.viewer else other).format(who=voice.who(seat, lower=key == "doubled")))
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
