"""Who is at the table (issue 32): each person's seat is ``connected``, ``away`` or ``gone``, in every frame.

A seat is *connected* while a socket of its token is open here (and for :data:`AWAY_SECONDS` after its last one
closed: a reconnect takes under a second, and a page reloading should not flicker "away"); *away* when it has had
no socket since; *gone* after :data:`GONE_SECONDS` without one. A seat counts from the moment its table was loaded
into this process (after a restart everyone reconnects within a second). The thresholds are multiplied by the hub's
``time_scale``, as the clocks are.

Presence is what this process sees: on a shared store with several processes a seat connected through another one
shows as away here (issue 26's processes do not share their sockets).

Presence carries no card: it is known to everyone at a real table too. :func:`hand_over_refusal` says whether a
seat may be handed to a bot now (its clock ran out, or its person is gone — not at a turn-based table, issue 34:
there everyone is gone between their moves, and a friend's seat is only handed over once its day-long clock ran out).
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
WORDS = {"en": {"connected": "here", "away": "away", "gone": "gone"},
         "de": {"connected": "da", "away": "abwesend", "gone": "weg"}}


def presence(table: LiveTable, seat: int, scale: float, connected: set[int | None] | None = None) -> str | None:
    """``connected``, ``away`` or ``gone`` for a person's seat (``None`` for a bot's or an open seat).
    ``connected``: the viewers with a socket here, when the caller has them for every seat (a frame asks for all
    seats at once); else they are looked up."""
    record = table.record.seats[seat]
    if record.kind != "human":
        return None
    if seat in (connected if connected is not None else {sub.viewer for sub in table.subscribers.values()}):
        return "connected"
    quiet = time.monotonic() - table.socket_left.get(seat, table.loaded)
    if quiet < AWAY_SECONDS * scale:
        return "connected"
    return "away" if quiet < GONE_SECONDS * scale else "gone"


def never_here(table: LiveTable) -> list[int]:
    """People's seats that had no socket on this table since it was loaded: they count as having left at the load,
    so the page that is open hears when they turn away and gone (a friend who never opened the link read "here"
    until the next move, found by a fresh user)."""
    sockets = {sub.viewer for sub in table.subscribers.values()}
    return [s.seat for s in table.record.seats
            if s.kind == "human" and s.seat not in table.socket_left and s.seat not in sockets]


async def announce(table: LiveTable, seat: int, scale: float) -> None:
    """After ``seat``'s last socket closed: push every subscriber a frame when it turns ``away`` and again when it
    turns ``gone`` (unless a socket of it came back meanwhile)."""
    left = table.socket_left[seat]
    for threshold in (AWAY_SECONDS, GONE_SECONDS):
        await asyncio.sleep(max(0.0, left + threshold * scale - time.monotonic()))
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
    ran out or its person is gone. ``connected``: as :func:`presence`."""
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
    if state == "gone":
        return None
    return (f"{name} is at the table ({state}); a seat is handed to a bot once its clock ran out or its person has "
            f"been gone for {GONE_SECONDS * scale:g} s")
