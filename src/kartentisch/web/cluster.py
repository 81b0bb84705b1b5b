"""Several server processes over one shared store (PostgreSQL, issue 26): catching up, and the bots' leases.

A table held in a process is a cache of the store. The store notifies each commit of a table on that table's own
channel (:func:`~kartentisch.web.schema.channel`); :class:`Cluster` listens on the channels of the tables held here
(:meth:`Cluster.listen`, issue 33 goal 5: a process hears only the tables it holds, not every table's moves) and
catches those tables up, pushing their subscribers. The bots of a table move in the one process holding its
lease; :meth:`Cluster.keep_leases` renews this process's leases and takes over those of a process that died.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

from ..kernel.errors import first_line
from .errors import ApiError
from .schema import CHANNEL_PREFIX, channel, note_count, note_moves

if TYPE_CHECKING:
    from psycopg import AsyncConnection

    from .hub import Hub
    from .live import LiveTable

log = logging.getLogger(__name__)

#: Seconds a process's lease of a table's bots lasts unless renewed; then another process takes them over.
LEASE_SECONDS = 3.0
#: Seconds between two renewals of a process's bot leases, and between two looks for expired ones.
LEASE_EVERY = 1.0
#: Seconds before a lost LISTEN connection to a shared store is opened again.
RELISTEN_SECONDS = 1.0


class Cluster:
    """The shared store's side of one :class:`~kartentisch.web.hub.Hub`: channels listened on, notifications heard,
    catch-ups, leases.

    On SQLite (one process) nothing calls :meth:`listen` or :meth:`keep_leases`, and :meth:`watch` does nothing.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._dirty: set[str] = set()
        self._catching: dict[str, asyncio.Task[None]] = {}
        #: The tables whose channels the LISTEN connection listens on; ``None`` while it is not connected.
        self._listening: set[str] | None = None
        #: Tables loaded since the last :meth:`_sync`: caught up once their channel is listened on.
        self._fresh: set[str] = set()
        self._wake = asyncio.Event()

    @property
    def listening(self) -> frozenset[str] | None:
        """The ids of the tables whose channels this process listens on now; ``None`` while it has no LISTEN
        connection (SQLite, or not connected)."""
        return None if self._listening is None else frozenset(self._listening)

    def watch(self, table_id: str) -> None:
        """``table_id`` was loaded into :attr:`Hub.tables <kartentisch.web.hub.Hub.tables>` (on a shared store): the
        LISTEN connection listens on its channel, then catches it up once, for what was committed between its read
        and that (a notification heard before it was held here went unheard). Without a LISTEN connection (not
        connected yet, or lost: the next one catches every table up) it catches up at once. Nothing on SQLite."""
        if not self.hub.shared:
            return
        if self._listening is None:
            self.heard(table_id)
            return
        self._fresh.add(table_id)
        self._wake.set()

    def current(self, table_id: str) -> bool:
        """Whether the held table ``table_id`` has every commit of other processes but those still on their way here:
        its channel is listened on, and no catch-up of it is due or running. Its next commit then needs no read
        first (:meth:`Hub.act <kartentisch.web.hub.Hub.act>`): what it misses comes with a notification, or as a
        taken event number (a conflict, read then). False on SQLite, where nothing is heard."""
        return (self._listening is not None and table_id in self._listening and table_id not in self._dirty
                and table_id not in self._catching)

    def heard(self, table_id: str, what: str = "") -> None:
        """A notification of ``table_id``'s channel (payload ``what``: an event count with the events it adds,
        :func:`~kartentisch.web.schema.moves_note`, or what else changed, or nothing): nothing unless the table is
        held here and lacks that count, nor is committing it (its own commit,
        :meth:`GroupCommit.committing <kartentisch.web.commits.GroupCommit.committing>`). Events that follow its
        log are applied at once (:meth:`_apply`: no read, issue 33 goal 5) unless the table is locked or catching
        up; anything else is read: one catch-up per table at a time, and one more for whatever is heard during it."""
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        if (count := note_count(what)) is not None:
            if count <= len(table.log) or count == self.hub.commits.committing(table_id):
                return
            if (table_id not in self._catching and not table.lock.locked()
                    and (events := note_moves(what)) is not None and count - len(events) == len(table.log)):
                self._apply(table, events)
                return
        self._dirty.add(table_id)
        if table_id not in self._catching:
            self._catching[table_id] = asyncio.get_running_loop().create_task(self._catch_up(table))

    def _apply(self, table: LiveTable, events: list[tuple[int, str]]) -> None:
        """Apply ``events`` (``(seat, token)`` pairs) another process committed at ``table`` and notified, without
        reading them back: they follow its log and ``table.lock`` is free (:meth:`heard` checks both; this runs
        without a pause, so nothing acts on the table meanwhile). Then, as after a catch-up
        (:meth:`Hub.refresh <kartentisch.web.hub.Hub.refresh>`), its timers and bots follow and its subscribers
        are pushed their frames."""
        for seat, token in events:
            table.apply_local(seat, [token])
        table.record = replace(table.record, touched=time.time())
        self.hub.after_change(table)
        self.hub.spawn(table.broadcast())

    async def _catch_up(self, table: LiveTable) -> None:
        try:
            while table.id in self._dirty:
                self._dirty.discard(table.id)
                async with table.lock:
                    await self.hub.refresh(table)
        except (ApiError, SQLAlchemyError) as exc:  # the next action catches up again, or says what is wrong
            log.warning("table %s could not catch up from the database: %s", table.id, first_line(exc))
        finally:
            self._catching.pop(table.id, None)

    async def listen(self) -> None:
        """For as long as the server runs, listen on the channels of the tables held here, on a connection of its
        own (psycopg 3, asynchronous), and pass each notification to :meth:`heard`. The channels follow the held
        tables (:meth:`_sync` whenever :meth:`watch` says one was loaded; a table dropped from memory, evicted or
        swept, is unlistened then). A lost connection is opened again after :data:`RELISTEN_SECONDS`; then every
        table held here catches up (what was notified meanwhile went unheard)."""
        import psycopg  # the PostgreSQL driver: only a shared store listens

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.hub.store.conninfo(), autocommit=True) as conn:
                    self._listening = set()
                    self._fresh.update(self.hub.tables)
                    while True:
                        self._wake.clear()
                        await self._sync(conn)
                        await self._hear_until_woken(conn)
            except psycopg.Error as exc:
                log.warning("the database's notifications were lost (%s); listening again in %g s", first_line(exc),
                            RELISTEN_SECONDS)
            finally:
                self._listening = None
            await asyncio.sleep(RELISTEN_SECONDS)

    async def _sync(self, conn: AsyncConnection) -> None:
        """Listen on the channels of the tables held here and no others (one round trip for all ``LISTEN`` and
        ``UNLISTEN`` statements), then catch up the tables loaded since the last time: only now is every commit
        of theirs after this point heard."""
        from psycopg import sql

        assert self._listening is not None
        fresh, self._fresh = self._fresh, set()  # before the tables: each of these is held, so listened on below
        held = set(self.hub.tables)
        statements = [sql.SQL("LISTEN {}").format(sql.Identifier(channel(t))) for t in held - self._listening]
        statements += [sql.SQL("UNLISTEN {}").format(sql.Identifier(channel(t))) for t in self._listening - held]
        if statements:
            await conn.execute(sql.SQL("; ").join(statements))
            self._listening = held
        for table_id in fresh:
            self.heard(table_id)

    async def _hear_until_woken(self, conn: AsyncConnection) -> None:
        """Pass the notifications ``conn`` receives to :meth:`heard` until :meth:`watch` wakes the listener (its
        channels are to change); raises what ends the connection. Notifications arriving while the channels
        change wait in psycopg's backlog for the next call, in order."""
        hearing = asyncio.ensure_future(self._hear(conn))
        woken = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait((hearing, woken), return_when=asyncio.FIRST_COMPLETED)
        finally:
            hearing.cancel()
            woken.cancel()
            await asyncio.wait((hearing, woken))
        if not hearing.cancelled() and (error := hearing.exception()) is not None:
            raise error

    async def _hear(self, conn: AsyncConnection) -> None:
        start = len(CHANNEL_PREFIX)
        async for note in conn.notifies():
            self.heard(note.channel[start:], note.payload)

    async def keep_leases(self) -> None:
        """Every :data:`LEASE_EVERY` seconds, for as long as the server runs: renew the bot leases held here (a
        lease lost meanwhile, after this process stalled, stops its driver before the next decision) and take
        over the tables whose lease expired, driving their bots from here: a process that died hands its tables
        on within :data:`LEASE_SECONDS` + :data:`LEASE_EVERY`. A database failure is logged and tried again."""
        while True:
            await asyncio.sleep(LEASE_EVERY)
            try:
                hub = self.hub
                held = set(hub.leased)
                hub.leased -= held - await asyncio.to_thread(hub.store.renew_leases, hub.owner, held, LEASE_SECONDS)
                for table_id in await asyncio.to_thread(hub.store.expired_leases):
                    await self._take_over(table_id)
            except SQLAlchemyError as exc:
                log.error("bot leases could not be renewed or taken over: %s", first_line(exc))

    async def _take_over(self, table_id: str) -> None:
        """Drive the bots of ``table_id`` from here if its expired lease is still to be had (another process may
        be faster), holding the table in memory from now on."""
        if not await asyncio.to_thread(self.hub.store.take_lease, table_id, self.hub.owner, LEASE_SECONDS):
            return
        try:
            table = await self.hub.get(table_id)
        except ApiError as exc:  # expired or not restorable here: nobody's bots are to move there
            log.warning("bots of table %s not taken over: %s", table_id, exc.message)
            await asyncio.to_thread(self.hub.store.release_lease, table_id, self.hub.owner)
            return
        self.hub.leased.add(table_id)
        self.hub.bots.kick(table)


    def stop(self) -> None:
        """Cancel the catch-ups running (the server shuts down)."""
        for task in self._catching.values():
            task.cancel()
