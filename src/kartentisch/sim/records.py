"""What each round of a simulated match did: the per-round record of the balance lab.

:class:`RoundRecord` is filled by the engine (:func:`kartentisch.sim.engine.play_match`) from
what any game offers: the round's scores, its dealer, its decisions per seat and its *first
mover*, the seat of the round's first decision in phase ``play`` (every built-in game has that
phase; a game without one gets the seat of the round's first decision, the deal excepted). Which
of the game's own events happened and how the round ended are read from the full state document
at the moment the round is scored, by ``round_facts(doc)`` of the game's ``summary`` part:

* ``grid``: ``lines removed`` (R11: every three cards a grid lost), and whether the trigger's
  score was doubled (R18): ended ``trigger doubled`` or ``trigger not doubled``;
* ``mayhem``: one count per event card used this round (``events_used``), and how it ended:
  ``doomsday`` (R46), ``exhausted`` (an impossible draw, D7) or ``hand emptied`` (R30/R31);
* ``chips``: ``face-down cards`` in the displays (R7 d), ended by the ``final circuit`` (R9) or
  an ``empty row``;
* ``lastcard`` and ``colors``: their rounds always end the same way (R15, R13), nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..kernel import Game


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


def round_facts(game: Game, doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """How the round just scored in ``doc`` ended and the game's event counts, from the game's
    ``summary`` part's ``round_facts(doc)`` (``(None, {})`` for a game without one)."""
    facts = game.parts.round_facts
    return facts(doc) if facts else (None, {})
