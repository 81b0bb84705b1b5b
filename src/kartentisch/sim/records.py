"""What each round of a simulated match did: the per-round record of the balance lab.

:class:`RoundRecord` is filled by the engine (:func:`kartentisch.sim.engine.play_match`) from
what any game offers: the round's scores, its dealer, its decisions per seat and its *first
mover*, the seat of the round's first decision in phase ``play`` (every built-in game has that
phase; a game without one gets the seat of the round's first decision, the deal excepted). Which
of the game's own events happened and how the round ended are read from the full state document
at the moment the round is scored, by the game's entry in :data:`ROUND_FACTS`:

* ``grid``: ``lines removed`` (R11: every three cards a grid lost), and whether the trigger's
  score was doubled (R18): ended ``trigger doubled`` or ``trigger not doubled``;
* ``mayhem``: one count per event card used this round (``events_used``), and how it ended:
  ``doomsday`` (R46), ``exhausted`` (an impossible draw, D7) or ``hand emptied`` (R30/R31);
* ``chips``: ``face-down cards`` in the displays (R7 d), ended by the ``final circuit`` (R9) or
  an ``empty row``;
* ``lastcard`` and ``colors``: their rounds always end the same way (R15, R13), nothing more.

A game could offer this itself (a ``round_facts(doc)`` hook next to ``round_score_now``); until
then the readers live here and read only documented state fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class RoundRecord:
    """One scored round: number, dealer, first mover, decisions (all and per seat), scores, end, events."""

    round: int
    dealer: int
    first_mover: int | None
    decisions: int
    seat_decisions: list[int]
    scores: list[int]
    ended: str | None = None
    events: dict[str, int] = field(default_factory=dict)


Facts = Callable[[Mapping[str, Any]], tuple[str | None, dict[str, int]]]


def _grid(doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """grid: lines removed (9 cards per grid at the deal, 3 per line, R11) and the R18 doubling."""
    from ..games.grid.cards import VALUE

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


def _mayhem(doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """mayhem: every event card used this round; Doomsday (R46), an exhausted draw (D7) or an empty hand."""
    zones = doc["zones"]
    events: dict[str, int] = {}
    for code in zones["events_used"]:
        events[code] = events.get(code, 0) + 1
    if "doomsday" in events:
        return "doomsday", events
    return ("exhausted" if zones["exhausted"] else "hand emptied"), events


def _chips(doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """chips: face-down display cards (R7 d); the round ended by the final circuit (R9) or an empty row."""
    zones = doc["zones"]
    down = sum(1 for display in zones["display"] for cards in display.values() for c in cards if c.startswith("-"))
    return ("final circuit" if zones["final_circuit"] else "empty row"), {"face-down cards": down}


#: Game id → reader of a scored round's full state document: (how it ended, event counts).
ROUND_FACTS: dict[str, Facts] = {"grid": _grid, "mayhem": _mayhem, "chips": _chips}


def round_facts(game_id: str, doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """How the round just scored in ``doc`` ended and the game's event counts (``(None, {})`` if unknown)."""
    facts = ROUND_FACTS.get(game_id)
    return facts(doc) if facts else (None, {})
