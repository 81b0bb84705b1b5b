"""A rematch together (issue 32): one person offers it, every seat sees the offer at once and answers.

After the match, ``POST /api/tables/{id}/rematch`` by a seat is its answer (``{"join": true}`` by default; the first
join is the offer, "Ada wants a rematch"); each answer is a stored note (:mod:`~kartentisch.web.handover`) and every
frame carries the offer (``rematch_offer``: who offered it, each seat's answer and the seconds left). The new table is
made once every person answered, or when :data:`REMATCH_SECONDS` (times the hub's ``time_scale``) have passed since
the offer (the hub's timer): seats and bots carry over; a person who joined keeps a person's seat (a new link: the
answer to their request, again on asking), one who left gets a bot; one who did not answer in time is played by a
bot *for now* (a stand-in): their answer joining later takes the seat back, as any hand-over. Nobody joining, no
table.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .clock import TIMEOUT_BOT

if TYPE_CHECKING:
    from .tables import LiveTable

#: Seconds from the offer until the rematch starts without the people who did not answer (times ``time_scale``).
REMATCH_SECONDS = 60.0
#: The notes of an answer.
JOIN, LEAVE = "rematch_join", "rematch_leave"


def answers(table: LiveTable) -> dict[int, bool]:
    """Each seat's latest answer to the rematch offer (``True``: joins), from the notes after the last event."""
    n = len(table.log)
    return {note.seat: note.what == JOIN for note in table.notes if note.after == n and note.what in (JOIN, LEAVE)}


def people(table: LiveTable) -> list[int]:
    """The seats whose answer the rematch waits for: every person's seat (a bot playing for one included)."""
    return [s.seat for s in table.record.seats if s.kind == "human"]


def offered_at(table: LiveTable) -> float | None:
    """When the offer was made (the first join after the last event; epoch s), ``None`` without one."""
    n = len(table.log)
    return next((note.at for note in table.notes if note.after == n and note.what == JOIN), None)


def due(table: LiveTable) -> bool:
    """Every person answered and someone joined: the rematch is made now."""
    said = answers(table)
    return any(said.values()) and all(s in said for s in people(table))


def deadline(table: LiveTable, scale: float) -> float | None:
    """When the rematch starts without the people who did not answer (epoch s); ``None`` without an open offer."""
    at = offered_at(table)
    if at is None or table.rematch_id is not None or not table.state.game_over:
        return None
    return at + REMATCH_SECONDS * scale


def new_seats(table: LiveTable) -> list[dict[str, Any]]:
    """The rematch's seats as :meth:`~kartentisch.web.tables.Hub.create` takes them: bots as they were, a person who
    joined a person, one who left a bot, one who did not answer a person a bot plays for until they join."""
    said = answers(table)
    seats = []
    for s in table.record.seats:
        if s.kind != "human":
            seats.append({"kind": s.kind, "name": s.name, "bot": s.bot})
        elif s.seat not in said:
            seats.append({"kind": "human", "name": s.name, "stand_in": TIMEOUT_BOT})
        else:
            seats.append({"kind": "human", "name": s.name} if said[s.seat] else {"kind": "bot", "bot": TIMEOUT_BOT})
    return seats


def offer(table: LiveTable, scale: float) -> dict[str, Any] | None:
    """The frame's ``rematch_offer``: ``None`` until someone offers one; else ``{"by": seat, "answers": per seat
    "join" / "leave" / None (not yet, or a bot's seat), "waiting": the people who did not answer, "seconds": until it
    starts without them (``None`` once made), "made": the rematch table exists}``."""
    n = len(table.log)
    first = next((note for note in table.notes if note.after == n and note.what == JOIN), None)
    if first is None or not table.state.game_over:
        return None
    said = answers(table)
    end = deadline(table, scale)
    return {"by": first.seat,
            "answers": [None if s not in said else "join" if said[s] else "leave" for s in range(table.record.players)],
            "waiting": [s for s in people(table) if s not in said],
            "seconds": None if end is None else round(max(0.0, end - time.time()), 1),
            "made": table.rematch_id is not None}
