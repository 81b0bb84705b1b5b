"""Turn-based tables (issue 34): a clock of a day or days a move, run out by one sweep over the store, and the
"My tables" summaries of the seats a browser holds.

A turn-based clock (:attr:`~kartentisch.web.clock.ClockPreset.turn_based`) arms no timer
(:meth:`~kartentisch.web.timers.Timers.arm` skips it): a table waiting a day for a move holds no task and may leave
memory like any idle table. :class:`TurnSweep` looks every ``every`` seconds for the turn-based tables whose deadline
may have passed — from the store's ``created`` and ``turn_clock`` columns (a seat's decision may have begun before the
table's last change: in a simultaneous step another seat's move does not start its clock again), so a restarted server
(or a table nobody has loaded since) is found the same way — loads each, and lets its due clocks run out as the timer
would have (``bot`` or ``ask``, :mod:`~kartentisch.web.clock`). A table with nothing to run out now (its match is
over, the seat asked is a bot's, the clock ran out with ``ask`` already, or its deadline is still ahead) is remembered
with its ``touched`` and its next deadline, and not loaded again until it changes or that deadline comes. After each
pass the e-mail notifications go out (:mod:`~kartentisch.web.notify`).

``POST /api/my`` answers the "My tables" page (``/my``): for each ``(table, seat token)`` the browser keeps
(``localStorage`` keys ``kartentisch.seat.<id>``), the game, the seats' names, whose turn it is, when the table last
changed and its clock — never a card (no view is read). The tables waiting for this person come first.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from ..kernel.errors import first_line
from . import clock
from .deps import PlainText, hub_of
from .errors import ApiError, frame_lang
from .frames import LANG_HELP
from .schema import tables_t
from .store import Store

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

log = logging.getLogger(__name__)

#: Seconds between two passes of the turn sweep (a day-long clock runs out at most this late).
TURN_SWEEP_SECONDS = 30.0
#: Seats one "My tables" request may ask about.
MAX_MY_SEATS = 200


def due_tables(store: Store, now: float, scale: float) -> dict[str, float]:
    """``{table id: touched}`` of every stored table with a turn-based clock whose deadline may be ``now`` or earlier:
    made at least the preset's seconds times ``scale`` ago (a decision begins after the table was made; which one
    is asked, and since when, only the loaded table knows). One query per turn-based preset."""
    out: dict[str, float] = {}
    with store.engine.connect() as conn:
        for preset in clock.CLOCKS.values():
            if not preset.turn_based:
                continue
            rows = conn.execute(select(tables_t.c.id, tables_t.c.touched).where(
                tables_t.c.turn_clock.like(f"{preset.id}:%"), tables_t.c.created <= now - preset.seconds * scale))
            out.update((row.id, row.touched) for row in rows)
    return out


class TurnSweep:
    """The one sweep of the turn-based clocks of a server process (see the module).

    Args:
        hub: the live tables.
        every: seconds between two passes (> 0).
        after_pass: run after each pass (the mail notifications), its failures logged.
    """

    def __init__(self, hub: Hub, every: float = TURN_SWEEP_SECONDS,
                 after_pass: Callable[[], Awaitable[None]] | None = None) -> None:
        if not every > 0:
            raise ValueError(f"the turn sweep's seconds must be > 0, got {every!r}")
        self.hub = hub
        self.every = every
        self.after_pass = after_pass
        #: Tables found with nothing to run out: the ``touched`` they had then and their next deadline (epoch s).
        self.settled: dict[str, tuple[float, float]] = {}

    async def once(self) -> int:
        """One pass: run out every due turn-based clock; returns how many ran out."""
        hub, now = self.hub, time.time()
        due = await asyncio.to_thread(due_tables, hub.store, now, hub.time_scale)
        # changed or deleted: look again
        self.settled = {k: v for k, v in self.settled.items() if due.get(k) == v[0]}
        ran = 0
        for table_id, touched in due.items():
            kept = self.settled.get(table_id)
            if kept is not None and kept[0] == touched and now < kept[1]:
                continue
            try:
                table = await hub.get(table_id)
            except ApiError as exc:  # expired, or no longer restorable here: nothing to run out
                log.warning("turn clock of table %s not run: %s", table_id, exc.message)
                self.settled[table_id] = (touched, math.inf)
                continue
            fired, later = await self._run_out(table, now)
            ran += fired
            if not fired:
                self.settled[table_id] = (touched, later)
        return ran

    async def _run_out(self, table: LiveTable, now: float) -> tuple[int, float]:
        """Run out the due turn-based deadlines of ``table`` as its timer would
        (:meth:`~kartentisch.web.timers.Timers.expire`); returns how many, and the earliest one still ahead
        (``math.inf``: none)."""
        swept = [(seat, d) for seat, d in clock.deadlines(table, self.hub.time_scale).items() if d.swept]
        due = [(seat, d) for seat, d in swept if d.at <= now]
        for seat, deadline in due:
            await self.hub.timers.expire(table, seat, deadline)  # the timer's own body, run now
        return len(due), min((d.at for _, d in swept if d.at > now), default=math.inf)

    async def forever(self) -> None:
        """:meth:`once` (then ``after_pass``) every ``every`` seconds, for as long as the server runs; a failure
        (the database, the mail server, a defect) is logged and the next pass tries again."""
        while True:
            try:
                await self.once()
                if self.after_pass is not None:
                    await self.after_pass()
            except (SQLAlchemyError, OSError) as exc:
                log.error("the turn sweep failed: %s", first_line(exc))
            except Exception:  # a defect must not end the sweep of every other table: logged, tried again
                log.exception("the turn sweep failed")
            await asyncio.sleep(self.every)


class MySeat(BaseModel):
    """A seat this browser holds: the table's id and the seat's token (its link's secret)."""

    table: PlainText = Field(max_length=40)
    token: PlainText = Field(max_length=64)


class MyIn(BaseModel):
    """The seats of ``POST /api/my``."""

    seats: list[MySeat] = Field(max_length=MAX_MY_SEATS)


def summary(table: LiveTable, seat: int, lang: str, now: float, scale: float) -> dict[str, Any]:
    """What the "My tables" page shows of ``table`` for ``seat`` in ``lang``: ``table``, ``game``, ``seat``, ``you``
    (the seat's name), ``others`` (the other seats' names), ``to_act`` (the names of the seats asked now),
    ``your_turn``, ``over`` (the match ended), ``waiting_for_seats`` (seats still open), ``ago`` (seconds since the
    table last changed), ``clock`` (its preset's name, ``None`` without one), ``deadline`` (seconds until this
    seat's decision runs out, ``None`` without), ``ran_out`` (the names of the other seats asked now whose clock ran
    out with ``ask``: this person may hand them to a bot) and ``your_time_ran_out`` (this seat's own did). No card:
    nothing of a view."""
    names = table.names[lang]
    waiting = table.waiting_for_seats
    over = table.state.game_over
    asked = [] if over or waiting else list(table.state.to_act())
    stored = clock.TableClock.parse(table.record.clock)
    own = clock.deadlines(table, scale).get(seat)
    return {"table": table.id, "game": table.record.game, "seat": seat, "you": names[seat],
            "others": [n for i, n in enumerate(names) if i != seat], "to_act": [names[s] for s in asked],
            "your_turn": seat in asked, "over": over, "waiting_for_seats": len(waiting),
            "ago": round(max(0.0, now - table.record.touched)),
            "clock": None if stored is None else stored.preset.names[lang],
            "turn_based": stored is not None and stored.preset.turn_based,
            "deadline": None if own is None else round(max(0.0, own.at - now)),
            "ran_out": [names[s] for s in asked if s != seat and clock.ran_out(table, s)],
            "your_time_ran_out": seat in asked and clock.ran_out(table, seat)}


router = APIRouter(tags=["turn-based"])


@router.post("/api/my")
async def my_tables(body: MyIn, request: Request,
                    lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, Any]:
    """The tables of the seats this browser holds (``seats``: ``{table, token}`` each), waiting for this person
    first, then the latest change first; each as :func:`summary` says. ``gone``: the tables given that no longer
    exist or whose token is no seat there (the page forgets them). 422 for an unknown ``lang``."""
    lang = frame_lang(lang)
    hub, now = hub_of(request), time.time()
    tables: list[dict[str, Any]] = []
    gone: list[str] = []
    for mine in body.seats:
        try:
            table = await hub.get(mine.table)
            seat = table.seat_of(mine.token)
        except ApiError:
            gone.append(mine.table)
            continue
        if seat is None or table.record.seats[seat].kind != "human":
            gone.append(mine.table)
            continue
        tables.append(summary(table, seat, lang, now, hub.time_scale))
    tables.sort(key=lambda s: (not s["your_turn"], s["over"], s["ago"]))
    return {"tables": tables, "gone": gone}


@router.get("/my", include_in_schema=False)
async def my_page() -> FileResponse:
    """The "My tables" page."""
    return FileResponse(Path(__file__).parent / "static" / "my.html")
