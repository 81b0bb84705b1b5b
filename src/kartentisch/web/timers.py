"""The timers of the live tables: a person's reaction window or table clock (:mod:`~kartentisch.web.clock`), and the
rematch offer's (:mod:`~kartentisch.web.rematch`), each an asyncio task of the table (:attr:`LiveTable.timers
<kartentisch.web.live.LiveTable.timers>`), re-armed after every change."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from . import clock, rematch
from .errors import Conflict
from .handover import run_out
from .live import REMATCH_TIMER

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable


class Timers:
    """The timers of one :class:`~kartentisch.web.hub.Hub`'s tables: :meth:`arm` after each change, :meth:`expire`
    when one runs out."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def arm(self, table: LiveTable) -> None:
        """Arm a timer for each person's deadline now (:func:`~kartentisch.web.clock.deadlines`: the reaction timer
        or the table clock; a running one is kept while its deadline stays the same) and for the rematch offer; drop
        stale ones."""
        due = {seat: deadline for seat, deadline in clock.deadlines(table, self.hub.time_scale).items()
               if not deadline.swept}  # a turn-based clock runs no timer: the turn sweep finds it (issue 34)
        if (end := rematch.deadline(table, self.hub.time_scale)) is not None:
            due[REMATCH_TIMER] = clock.Deadline(end, "rematch")
        for key in list(table.timers):
            if key not in due or due[key] != table.timers[key][0]:
                table.timers.pop(key)[1].cancel()
        loop = asyncio.get_running_loop()
        for key in due.keys() - table.timers.keys():
            table.timers[key] = (due[key], loop.create_task(self.expire(table, key, due[key])))

    async def expire(self, table: LiveTable, key: int, deadline: clock.Deadline) -> None:
        """At ``deadline``: pass for the seat ``key`` (the reaction timer), let its table clock run out
        (:func:`~kartentisch.web.handover.run_out`), or make the rematch without those who did not answer. Every
        process holding the table times it: the first one acts, the others find it done when they catch up. The turn
        sweep (:mod:`~kartentisch.web.turns`) runs a turn-based clock's deadline, which arms no timer, through here
        too."""
        await asyncio.sleep(max(0.0, deadline.at - time.time()))
        async with table.lock:
            if table.timers.get(key, (None,))[0] is deadline:
                table.timers.pop(key)
            await self.hub.refresh(table)
            try:
                if key == REMATCH_TIMER:
                    if rematch.deadline(table, self.hub.time_scale) is not None:
                        await rematch.make(self.hub, table)
                elif (now := clock.deadlines(table, self.hub.time_scale).get(key, deadline)).then != deadline.then \
                        or now.at > deadline.at:
                    return  # the decision changed (or began again) meanwhile: its own timer is armed for it
                elif deadline.then == "pass":
                    if not table.state.is_legal(key, "pass"):
                        return
                    await self.hub.commit_and_apply(table, key, ["pass"])
                elif key in table.state.to_act():
                    await run_out(self.hub, table, key, deadline.then)
                else:
                    return
            except Conflict:
                return  # another process acted for the seat, or the seat answered there
        self.hub.after_change(table)
        await table.broadcast()

