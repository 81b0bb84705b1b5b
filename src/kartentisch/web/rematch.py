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
from typing import TYPE_CHECKING, Any, Literal

from . import creation
from .clock import TIMEOUT_BOT, TableClock
from .errors import ApiError, Conflict
from .frames import RematchOfferOut
from .refusals import REFUSED, table_refused

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

#: Seconds from the offer until the rematch starts without the people who did not answer (times ``time_scale``).
REMATCH_SECONDS = 60.0
#: The notes of an answer.
JOIN, LEAVE = "rematch_join", "rematch_leave"
#: The rematch's first notes: a bot plays for a person who did not answer in time, or in the seat of one who left.
STAND_IN, LEFT = "rematch_stand_in", "rematch_left"


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
    """The rematch's seats as :func:`~kartentisch.web.creation.create` takes them: bots as they were, a person who
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


def offer(table: LiveTable, scale: float) -> RematchOfferOut | None:
    """The frame's ``rematch_offer`` (:class:`~kartentisch.web.frames.RematchOfferOut`): ``None`` until someone offers
    one; else who offered it (``by``), each seat's answer ("join" / "leave" / ``None``: not yet, or a bot's seat), the
    people who did not answer (``waiting``), the ``seconds`` until it starts without them (``None`` once made) and
    whether the rematch table exists (``made``)."""
    n = len(table.log)
    first = next((note for note in table.notes if note.after == n and note.what == JOIN), None)
    if first is None or not table.state.game_over:
        return None
    said = answers(table)
    end = deadline(table, scale)
    answered: list[Literal["join", "leave"] | None] = [None if s not in said else "join" if said[s] else "leave"
                                                       for s in range(table.record.players)]
    return RematchOfferOut(by=first.seat, answers=answered, waiting=[s for s in people(table) if s not in said],
                           seconds=None if end is None else round(max(0.0, end - time.time()), 1),
                           made=table.rematch_id is not None)


async def answer(hub: Hub, table: LiveTable, seat: int, join: bool = True) -> tuple[str | None, str | None]:
    """``seat``'s answer to the rematch of a finished table (the first join offers it, every seat sees the offer);
    the rematch is made (same seats, fresh seed) once every person answered, or by the offer's timer. An answer
    given again changes nothing.

    Returns:
        ``(new table id, the new token of the same seat)`` once the rematch exists (the token ``None`` for a
        seat that left: a bot's now), else ``(None, None)``.
    Raises:
        ApiError 409: the match is not over, or the seat leaves a rematch that exists already.
    """
    if not table.state.game_over:
        raise ApiError(409, "a rematch is possible once the match is over",
                       said=table_refused(table.match.game, "rematch_early"))
    async with table.lock:
        while True:
            await hub.refresh(table)
            said = answers(table).get(seat)
            try:
                if table.rematch_id is None and said != join:
                    from .handover import commit_note  # the hand-over module builds on this one

                    await commit_note(hub, table, JOIN if join else LEAVE, seat)
                if table.rematch_id is None and due(table):
                    await make(hub, table)
                break
            except Conflict:
                continue  # another process's answer came first: judged again after it
        rematch_id = table.rematch_id
    hub.after_change(table)
    await table.broadcast()
    if rematch_id is None:
        return None, None
    if not join:
        raise ApiError(409, "the rematch has started already; its table is open to watch",
                       said=REFUSED["rematch_started"])
    new_table = await hub.get(rematch_id)
    new_seat = new_table.record.seats[seat]
    return new_table.id, new_seat.token

async def make(hub: Hub, table: LiveTable) -> None:
    """Create the rematch of ``table`` (call under its lock): seats as :func:`new_seats`
    says, the same options, clock, settings and host (its host token: the host of the original, or the member who
    started a group's table, may remove a person at the rematch too, as at any table), a fresh seed."""
    old = table.record
    said = answers(table)
    try:
        new = await creation.create(hub, old.game, old.players, old.options, None, new_seats(table),
                                      old.reaction_seconds, old.spectator_chat, old.hints, rematch_of=old.id,
                                      table_clock=TableClock.parse(old.clock), host_token=old.host_token)
        table.rematch_id = new.id
    except Conflict:  # another process made it a moment ago: this one is its table too
        await hub.refresh(table)
        return
    # the new table's log says first who a bot plays for (a host was dropped into a match against a bot unsaid)
    from .handover import commit_note

    rematch = await hub.get(new.id)
    async with rematch.lock:
        for s in old.seats:
            if s.kind == "human" and not said.get(s.seat, False):
                await commit_note(hub, rematch, STAND_IN if s.seat not in said else LEFT, s.seat, bot=TIMEOUT_BOT)
