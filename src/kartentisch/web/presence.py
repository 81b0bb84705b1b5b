"""Who is at the table (issue 32): each person's seat is ``connected``, ``away``, ``gone``, ``not_yet`` or
``never_came``, in every frame.

A seat is *connected* while a socket of its token is open here (and for :data:`AWAY_SECONDS` after its last one
closed: a reconnect takes under a second, and a page reloading should not flicker "away"); *away* when it has had
no socket since; *gone* after :data:`GONE_SECONDS` without one. A person who has not been at the table (no socket
here, no move of their own, no note of theirs: :func:`came`) has not left: they are *not_yet* ("not here yet") from
the start and *never_came* (in words still "not here yet") :data:`GONE_SECONDS` after the table was loaded into this
process, from when their seat may be handed to a bot as a gone one's may (a fresh user's friend who never opened the
link read "gone" after a minute). At a table this process read back after a restart (:func:`loaded`) everyone
counts as having left at the load, so the people who were here before keep the grace to reconnect (within a second)
and nobody flickers "away"; who had a socket is not stored, so after a restart a person counts as having come only
by their moves and notes. The thresholds are multiplied by the hub's ``time_scale``, as the clocks are.

Presence is what this process sees: on a shared store with several processes a seat connected through another one
shows as away here (issue 26's processes do not share their sockets).

Presence carries no card: it is known to everyone at a real table too. :func:`hand_over_refusal` says whether a
seat may be handed to a bot now (its clock ran out, or its person is gone or never came — not at a turn-based table,
issue 34: there everyone is gone between their moves, and a friend's seat is only handed over once its day-long clock
ran out).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from .clock import TableClock, ran_out

if TYPE_CHECKING:
    from .live import LiveTable

#: Seconds without a socket before a seat is ``away`` (times the hub's ``time_scale``).
AWAY_SECONDS = 10.0
#: Seconds without a socket before a seat is ``gone`` (times the hub's ``time_scale``): then the others may hand
#: it to a bot (:mod:`~kartentisch.web.handover`) and the host may give it to a bot for good.
GONE_SECONDS = 60.0
#: The states in the players' words.
WORDS = {"en": {"connected": "here", "away": "away", "gone": "gone", "not_yet": "not here yet",
                "never_came": "not here yet"},
         "de": {"connected": "da", "away": "abwesend", "gone": "weg", "not_yet": "noch nicht da",
                "never_came": "noch nicht da"}}
#: The notes that say a seat's person was at the table (:data:`~kartentisch.web.notes.NOTE_WORDS`): their first
#: visit, their name, their seat taken back, a rematch answered. A note the person made for another seat (``by``)
#: says so too.
HERE_NOTES = frozenset({"seated", "named", "back", "back_over", "rematch_join", "rematch_leave"})


def came(table: LiveTable, seat: int) -> bool:
    """Whether the person of ``seat`` has been at the table: a socket of theirs here (:attr:`LiveTable.came
    <kartentisch.web.live.LiveTable.came>`), a move of their own (not a bot's for them) or a note of theirs
    (:data:`HERE_NOTES`, or one they made). Once found, kept."""
    if seat in table.came:
        return True
    if (any(n.by == seat or (n.seat == seat and n.what in HERE_NOTES) for n in table.notes)
            or any(e.seat == seat and e.bot is None for e in table.log)):
        table.came.add(seat)
        return True
    return False


def presence(table: LiveTable, seat: int, scale: float, connected: set[int | None] | None = None) -> str | None:
    """``connected``, ``away``, ``gone``, ``not_yet`` or ``never_came`` for a person's seat (``None`` for a bot's or
    an open seat; see the module). ``connected``: the viewers with a socket here, when the caller has them for every
    seat (a frame asks for all seats at once); else they are looked up."""
    record = table.record.seats[seat]
    if record.kind != "human":
        return None
    if seat in (connected if connected is not None else {sub.viewer for sub in table.subscribers.values()}):
        return "connected"
    left = table.socket_left.get(seat)
    quiet = time.monotonic() - (table.loaded if left is None else left)
    if left is not None and quiet < AWAY_SECONDS * scale:
        return "connected"
    long = quiet >= GONE_SECONDS * scale
    if not came(table, seat):
        return "never_came" if long else "not_yet"
    return "gone" if long else "away"


def loaded(table: LiveTable, restarted: bool) -> list[int]:
    """Count the people's seats of ``table``, just loaded into this process, from now; returns them (for
    :func:`announce`). ``restarted``: the table was created before this process started, so its people may have
    been here a moment ago: each counts as having left now (the grace to reconnect). Otherwise nobody can have
    been here: the seats stay without a socket left, *away* until they come (a friend who never opened the link
    read "here" for the table's first 10 s, found by a fresh user): *not_yet*, since they have not come."""
    seats = [s.seat for s in table.record.seats if s.kind == "human"]
    if restarted:
        table.socket_left.update(dict.fromkeys(seats, table.loaded))
    return seats


async def announce(table: LiveTable, seat: int, scale: float) -> None:
    """After ``seat``'s last socket closed, or its table was loaded: push every subscriber a frame when it turns
    ``away`` and again when it turns ``gone`` (unless a socket of it came back meanwhile). A seat that never had a
    socket here is *away* or *not_yet* in every frame already: only its turning *gone* or *never_came* is pushed."""
    left = table.socket_left.get(seat)
    since = table.loaded if left is None else left
    for threshold in (AWAY_SECONDS, GONE_SECONDS) if left is not None else (GONE_SECONDS,):
        # until presence() itself reads the new state: a timer may fire early (uvloop's, from libuv's loop time
        # cached at the start of a busy iteration), and a frame pushed a moment early said "away" and was the last
        # one (CI: the host's open page never learned that a friend was gone)
        while (quiet := time.monotonic() - since) < threshold * scale:
            await asyncio.sleep(max(threshold * scale - quiet, 0.001))
        if table.socket_left.get(seat) != left or any(s.viewer == seat for s in table.subscribers.values()):
            return
        await table.broadcast()


def turn_based(table: LiveTable) -> bool:
    """Whether ``table`` plays with a turn-based clock (a day a move): there a seat goes to a bot only once its
    clock ran out, never for being gone (everyone is gone between moves)."""
    stored = TableClock.parse(table.record.clock)
    return stored is not None and stored.preset.turn_based


def hand_over_refusal(table: LiveTable, seat: int, scale: float,
                      connected: set[int | None] | None = None) -> str | None:
    """Why ``seat`` may not be handed to a bot now (a sentence naming it), ``None`` if it may
    (:mod:`~kartentisch.web.handover`): a person's seat, no bot playing it already, the match going on, and its clock
    ran out or its person is gone or never came (:func:`presence`). ``connected``: as :func:`presence`."""
    record, name = table.record.seats[seat], table.names["en"][seat]
    if record.kind != "human":
        return f"{name} is not a person's seat; only a person's seat is handed to a bot"
    if record.stand_in is not None:
        return f"a bot plays for {name} already"
    if table.state.game_over:
        return "the match is over"
    if ran_out(table, seat):
        return None
    if turn_based(table):
        return f"{name}'s clock has not run out; at a turn-based table a seat goes to a bot only then"
    state = presence(table, seat, scale, connected)
    if state in ("gone", "never_came"):
        return None
    where = f"{name} has not come to the table yet" if state == "not_yet" else f"{name} is at the table ({state})"
    return (f"{where}; a seat is handed to a bot once its clock ran out or its person has been gone, or not come, "
            f"for {GONE_SECONDS * scale:g} s")
