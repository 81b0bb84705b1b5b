"""The bots' turns at a live table (issue 22): one driver task per table moves its bots while one has a decision.

A bot's decision runs in its worker (:class:`~kartentisch.web.workers.Workers`) on a clone of the position, so the
event loop never waits for it; its move is then judged and committed like a person's, under the table's lock, on the
position as it is by then (someone who acted meanwhile makes the bot think again). On a shared store only the process
holding the table's bot lease drives them (:mod:`~kartentisch.web.cluster`).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import BrokenExecutor
from typing import TYPE_CHECKING

from .cluster import LEASE_SECONDS
from .errors import Conflict
from .workers import Workers, bot_seed, choose_move, limited_spec

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

log = logging.getLogger(__name__)


class BotTurns:
    """The bot drivers of one :class:`~kartentisch.web.hub.Hub`'s tables (a task per table, :attr:`LiveTable.bot_task
    <kartentisch.web.live.LiveTable.bot_task>`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def move(self, table: LiveTable, seat: int, spec: str) -> str:
        """A move of the bot ``spec`` for ``seat`` on the table's position now (in the bot's worker, as
        :meth:`_turns` asks; a random move if it fails)."""
        game, n = table.match.game, len(table.log)
        seed, snapshot = bot_seed(table.record.seed, seat, n), table.state.clone()
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self.hub.workers.executor_for(Workers.kind(spec, table)), choose_move,
                limited_spec(spec, self.hub.search_seconds), game, seed, snapshot, seat)
        except Exception:
            log.exception("bot %s failed (table %s, seat %d); a random move is made instead", spec, table.id, seat)
            return choose_move("random", game, seed, snapshot, seat)

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot driver unless it runs already or no bot has a decision. A bot lease held here
        for a table whose bots will never move here (its match is over, or this process plays no table without
        a person) is let go."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        self.let_go(table)
        if self.seat(table) is None or not (table.has_person or self.hub.bot_only_workers):
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._drive(table))

    def let_go(self, table: LiveTable) -> None:
        """Drop the bot lease held here of a table whose bots will never move here (see :meth:`kick`)."""
        hub = self.hub
        if table.id in hub.leased and (table.state.game_over or not (table.has_person or hub.bot_only_workers)):
            hub.leased.discard(table.id)
            hub.spawn(asyncio.to_thread(hub.store.release_lease, table.id, hub.owner))

    @staticmethod
    def seat(table: LiveTable) -> int | None:
        """The first seat to act that a bot plays: a bot's, or a person's handed to a bot (its ``stand_in``)."""
        bots = {s.seat for s in table.record.seats if s.kind == "bot" or s.stand_in is not None}
        return next((s for s in table.state.to_act() if s in bots), None)

    async def _drive(self, table: LiveTable) -> None:
        """Move the table's bots while one has a decision. On a shared store only in the process holding the
        table's bot lease (another process holding it drives them: it hears of the move that gave them a turn).
        It is taken here unless held already, and kept while the table is in memory here and its match goes on
        (:meth:`~kartentisch.web.cluster.Cluster.keep_leases` renews it), so the bots' next turn needs no write for
        it; it goes at the match's end, and when the table leaves memory (:meth:`~kartentisch.web.hub.Hub.get`)."""
        if self.hub.shared and table.id not in self.hub.leased:
            if not await asyncio.to_thread(self.hub.store.take_lease, table.id, self.hub.owner, LEASE_SECONDS):
                return
            self.hub.leased.add(table.id)
        await self._turns(table)
        self.let_go(table)

    async def _turns(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        game = table.match.game
        while (seat := self.seat(table)) is not None:
            if self.hub.shared and table.id not in self.hub.leased:
                return  # the lease was lost (this process stalled) and another process drives the bots
            if self.hub.bot_delay:
                await asyncio.sleep(self.hub.bot_delay)
            n = len(table.log)
            spec = table.record.seats[seat].bot or table.record.seats[seat].stand_in or "random"
            seed = bot_seed(table.record.seed, seat, n)
            snapshot = table.state.clone()
            kind = Workers.kind(spec, table)
            try:
                token = await loop.run_in_executor(self.hub.workers.executor_for(kind), choose_move,
                                                   limited_spec(spec, self.hub.search_seconds), game, seed, snapshot,
                                                   seat)
            except BrokenExecutor:
                log.warning("worker processes for %s bots failed; they run in threads from now on", kind)
                self.hub.workers.drop(kind)
                continue
            except Exception:
                log.exception("bot %s failed (table %s, seat %d); a random move is made instead", spec, table.id, seat)
                token = choose_move("random", game, seed, snapshot, seat)
            async with table.lock:
                await self.hub.refresh(table)
                if len(table.log) != n:
                    continue  # someone acted meanwhile: think again on the new position
                if not table.state.is_legal(seat, token):
                    log.error("bot %s chose the illegal %r (table %s, seat %d); a random move is made instead",
                              spec, token, table.id, seat)
                    token = choose_move("random", game, seed, table.state.clone(), seat)
                try:
                    await self.hub.commit_and_apply(table, seat, [token])
                except Conflict:
                    continue  # a person's move through another process came first: think again
            self.hub.timers.arm(table)
            await table.broadcast()

