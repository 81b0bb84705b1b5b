"""Several server processes over one shared store (PostgreSQL, issue 26): catching up, and the bots' leases.

A table held in a process is a cache of the store. The store notifies every process of each commit
(:data:`~kartentisch.web.store.CHANNEL`); :class:`Cluster` hears those notifications (:meth:`Cluster.listen`) and
catches the tables held here up, pushing their subscribers. The bots of a table move in the one process holding its
lease; :meth:`Cluster.keep_leases` renews this process's leases and takes over those of a process that died.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

from ..kernel.errors import first_line
from .errors import ApiError
from .store import CHANNEL

if TYPE_CHECKING:
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
    """The shared store's side of one :class:`~kartentisch.web.hub.Hub`: notifications heard, catch-ups, leases.

    On SQLite (one process) nothing calls :meth:`listen` or :meth:`keep_leases`; :meth:`heard` then finds every
    table up to date.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._dirty: set[str] = set()
        self._catching: dict[str, asyncio.Task[None]] = {}

    def heard(self, payload: str) -> None:
        """A notification ``<table id>:<what>`` of the shared store (:data:`~kartentisch.web.store.CHANNEL`): a
        table held here catches up unless it has that event count already (its own commit); one catch-up per table
        at a time, and one more for whatever is heard during it."""
        table_id, _, what = payload.rpartition(":")
        table = self.hub.tables.get(table_id)
        if table is None or (what.isdigit() and int(what) <= len(table.log)):
            return
        self._dirty.add(table_id)
        if table_id not in self._catching:
            self._catching[table_id] = asyncio.get_running_loop().create_task(self._catch_up(table))

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
        """Hear the shared store's notifications for as long as the server runs, on a LISTEN connection of its own
        (psycopg 3, asynchronous), each passed to :meth:`heard`. A lost connection is opened again after
        :data:`RELISTEN_SECONDS`; then every table held here catches up (what was notified meanwhile went unheard).
        """
        import psycopg  # the PostgreSQL driver: only a shared store listens

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.hub.store.conninfo(), autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for table_id in list(self.hub.tables):
                        self.heard(f"{table_id}:")
                    async for note in conn.notifies():
                        self.heard(note.payload)
            except psycopg.Error as exc:
                log.warning("the database's notifications were lost (%s); listening again in %g s", first_line(exc),
                            RELISTEN_SECONDS)
            await asyncio.sleep(RELISTEN_SECONDS)

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
