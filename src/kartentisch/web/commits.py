"""Group commit of the tables' moves (issue 33 goal 3): concurrent moves of different tables share one transaction.

A move is committed before anyone hears of it (:mod:`~kartentisch.web.store`); before this module each move was a
transaction of its own plus a hand-off to the writer thread. :class:`GroupCommit` keeps one writer task per
process: a move's events join a queue, and the task writes everything queued while the previous transaction ran
in one transaction (:meth:`~kartentisch.web.store.Store.commit_moves`'s statements), so the cost of a commit is
shared by every table that moved meanwhile, as PostgreSQL's own group commit shares a WAL flush. How a batch is
committed is the store's one way (a :class:`Commit`): on SQLite in the hub's writer thread (:class:`ThreadCommit`),
on PostgreSQL on the event loop itself over psycopg's asynchronous connection (:class:`LoopCommit`). "Acknowledged"
still means "committed": :meth:`GroupCommit.append` returns only after the transaction holding its events
committed, and only then does the caller apply the move and tell anyone. A lone move waits for nothing (a batch
starts as soon as the writer is free); a move arriving during a commit waits for the end of that commit.

**Decision** (issue 33 goal 5, bench/README.md): when other tables moved lately (within :data:`ACTIVE_SECONDS`)
and have no move queued yet, the writer waits up to :data:`GATHER_SECONDS` for theirs before it commits, and
commits at once when they are all queued. Each process batches only its own tables' moves, so two processes
committed about twice the transactions per move of one (1.97 against 3.7 moves each); the wait lets the moves of
tables that came in a moment apart share one transaction, at that much latency at most. A table alone waits for
nothing.

**Decision** (issue 33 goal 5, bench/README.md 2026-12-02): on PostgreSQL the batch's one autocommit statement is
sent from the event loop (:class:`LoopCommit`), not handed to a writer thread: the hand-off (``submit``, the
future's chaining back to the loop, the thread's wake-up) was the largest named cost a second process added per
move (+115 µs in py-spy), and the commit waits on the network, which the loop does without a thread. Measured: a
transaction's client CPU −45 %, two processes' server CPU per move −18 % and one's −13 %. SQLite's driver has no
asynchronous interface (its commit is a file write, not a wait on a socket), so it keeps the thread.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Protocol

from sqlalchemy.exc import DBAPIError, IntegrityError

from . import database
from .records import Append
from .schema import APPEND_MOVES_PG_SQL, append_moves_params
from .store import Store

if TYPE_CHECKING:
    from psycopg import AsyncConnection

#: Seconds the writer waits at most for the moves of tables that moved lately before it commits (the module's
#: docstring). uvloop's timers count whole milliseconds (0.5 ms rounds to 0: measured, no wait at all), and with
#: 2 ms two processes' batches grew from 2.0 to 3.6 moves (bench/README.md); a PostgreSQL commit with ``fsync``
#: takes milliseconds itself.
GATHER_SECONDS = 0.002
#: Seconds after its last move that a table counts as one whose next move may come any moment.
ACTIVE_SECONDS = 1.0


class Commit(Protocol):
    """How a store commits a batch of appends (at most one per table) in one transaction."""

    async def __call__(self, appends: Sequence[Append]) -> None:
        """Commit ``appends``; returns once they are committed.

        Raises:
            IntegrityError: an event number is taken or a table is gone; nothing of the batch is written.
            SQLAlchemyError: the transaction failed otherwise; nothing of the batch is written.
        """

    def close(self) -> None:
        """Let go of what the commits hold (a connection)."""


class ThreadCommit:
    """A batch committed by :meth:`Store.commit_moves <kartentisch.web.store.Store.commit_moves>` in ``executor`` (a
    :class:`Commit`): SQLite's, whose writer thread keeps the moves' commits and the process's other writes in the
    order they were asked for on its one writer."""

    def __init__(self, store: Store, executor: Executor) -> None:
        self.store = store
        self.executor = executor

    async def __call__(self, appends: Sequence[Append]) -> None:
        await asyncio.get_running_loop().run_in_executor(self.executor, self.store.commit_moves, appends)

    def close(self) -> None:
        """Nothing to close: the executor is the hub's."""


class LoopCommit:
    """A batch committed on the event loop over a psycopg asynchronous connection of its own (a :class:`Commit`):
    PostgreSQL's. The statement is :data:`~kartentisch.web.schema.APPEND_MOVES_PG_SQL` in autocommit, as
    :meth:`Store.commit_moves <kartentisch.web.store.Store.commit_moves>` runs it: it returns only once PostgreSQL
    committed it. One connection serves the process's writer task, which commits one batch at a time.

    The connection is opened at the first commit and opened again after it broke; one that rested
    :data:`~kartentisch.web.database.PING_AFTER_REST` seconds is pinged first and replaced if dead, as the pool's
    are (a database restart refuses no move). A driver error is raised as SQLAlchemy's (``IntegrityError`` for a
    taken number, ``OperationalError`` for a lost connection), as the threaded commit raises it.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._conn: AsyncConnection | None = None
        self._used = 0.0  # time.monotonic() of the connection's last use

    async def _connection(self) -> AsyncConnection:
        import psycopg  # the PostgreSQL driver: only a shared store commits here

        conn = self._conn
        if conn is not None and not conn.closed and time.monotonic() - self._used >= database.PING_AFTER_REST:
            try:
                await conn.execute("SELECT 1")
            except psycopg.Error:
                self.close()
        if self._conn is None or self._conn.closed:
            self._conn = await psycopg.AsyncConnection.connect(self.store.conninfo(), autocommit=True)
        return self._conn

    async def __call__(self, appends: Sequence[Append]) -> None:
        import psycopg

        params = append_moves_params(appends, time.time())
        try:
            conn = await self._connection()
            await conn.execute(APPEND_MOVES_PG_SQL, params)
        except psycopg.Error as exc:
            if self._conn is not None and self._conn.broken:
                self.close()
            raise DBAPIError.instance(APPEND_MOVES_PG_SQL, params, exc, psycopg.Error,
                                      dialect=self.store.engine.dialect) from exc
        except BaseException:  # cancelled mid-statement: the connection's state is unknown
            self.close()
            raise
        finally:
            self._used = time.monotonic()

    def close(self) -> None:
        """Close the connection now (without a round trip: callable with or without a running event loop); the
        next commit opens another."""
        if self._conn is not None:
            self._conn.pgconn.finish()
            self._conn = None


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class GroupCommit:
    """The writer task of one process: appends of many tables committed together (see the module's docstring).

    Each table has at most one append queued (its caller holds the table's lock), so every append of a batch
    concerns another table.

    Args:
        commit: how a batch is committed (:meth:`of`: the store's one way).
        gather: seconds the writer waits at most for the moves of tables that moved lately (0: none).
    """

    def __init__(self, commit: Commit, gather: float = GATHER_SECONDS) -> None:
        self.commit = commit
        self.gather = gather
        self._queue: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._counts: dict[str, int] = {}
        #: The tables that appended within ACTIVE_SECONDS → when (the loop's clock), oldest first.
        self._moved: dict[str, float] = {}
        #: While the writer gathers: resolved once that many appends are queued.
        self._enough: tuple[int, asyncio.Future[None]] | None = None

    @classmethod
    def of(cls, store: Store, executor: Executor) -> GroupCommit:
        """The group commit of ``store``: on the event loop on PostgreSQL (:class:`LoopCommit`), in ``executor``
        (the hub's writer thread) on SQLite (:class:`ThreadCommit`)."""
        return cls(LoopCommit(store) if store.shared else ThreadCommit(store, executor))

    def close(self) -> None:
        """Close what the commits hold (PostgreSQL's connection); the writer task ends with the event loop."""
        self.commit.close()

    def committing(self, table_id: str) -> int | None:
        """The event count ``table_id`` will have once this process's append of it now queued or being committed
        commits (``None``: none is): a notification of that count is this process's own (or, if another process
        took the number first, the append fails and its caller reads the store)."""
        return self._counts.get(table_id)

    async def append(self, table_id: str, first_n: int, events: Sequence[tuple[int, str]]) -> None:
        """Commit ``events`` as the events ``first_n, first_n + 1, …`` of ``table_id`` in the next batch; returns
        once they are committed.

        Raises:
            IntegrityError: an event number is taken (another process appended it first) or the table is gone;
                nothing of this append is written, the other tables' appends of its batch are.
            SQLAlchemyError: the batch's transaction failed; nothing of any append in it is written.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((Append(table_id, first_n, tuple(events)), done))
        self._moved.pop(table_id, None)
        self._moved[table_id] = loop.time()
        if self._enough is not None and len(self._queue) >= self._enough[0]:
            _resolve(self._enough[1])
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        self._counts[table_id] = first_n + len(events)
        try:
            await done
        finally:  # no pause between this and the caller applying its events
            del self._counts[table_id]

    async def _write(self) -> None:
        """Commit what is queued, batch after batch, until the queue is empty; each batch's waiters hear its
        outcome (their own refusal, or the transaction's failure)."""
        loop = asyncio.get_running_loop()
        while self._queue:
            try:
                await self._gather(loop)
            except asyncio.CancelledError:
                for _, done in self._queue:
                    done.cancel()
                raise
            batch, self._queue = self._queue, []
            failures: Sequence[BaseException | None]
            try:
                failures = await self._commit_batch([a for a, _ in batch])
            except asyncio.CancelledError:
                for _, done in batch:
                    done.cancel()
                raise
            except Exception as exc:  # the transaction failed: every waiter of the batch hears why
                failures = [exc] * len(batch)
            for (_, done), failure in zip(batch, failures, strict=True):
                if done.done():  # its waiter was cancelled
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)

    async def _commit_batch(self, appends: Sequence[Append]) -> list[IntegrityError | None]:
        """Commit ``appends`` in one transaction; returns, in order, ``None`` for each append committed and the
        IntegrityError of each refused (a number another process took first, or the table deleted by a sweep): then
        nothing of the batch was written, and every append is committed in a transaction of its own, so one table's
        conflict fails that table's append only.

        Raises:
            SQLAlchemyError: the transaction failed otherwise; nothing of any append is written.
        """
        try:
            await self.commit(appends)
            return [None] * len(appends)
        except IntegrityError as exc:
            if len(appends) == 1:
                return [exc]
        failures: list[IntegrityError | None] = []
        for each in appends:  # the rare path: find the refused append(s), commit the others
            try:
                await self.commit([each])
                failures.append(None)
            except IntegrityError as exc:
                failures.append(exc)
        return failures

    async def _gather(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wait until every table that appended within :data:`ACTIVE_SECONDS` has an append queued, or
        :attr:`gather` seconds passed, whichever comes first (at once when they are all queued already)."""
        now = loop.time()
        while self._moved and now - next(iter(self._moved.values())) >= ACTIVE_SECONDS:
            del self._moved[next(iter(self._moved))]
        if self.gather <= 0 or len(self._queue) >= len(self._moved):
            return
        enough: asyncio.Future[None] = loop.create_future()
        self._enough = (len(self._moved), enough)
        timer = loop.call_later(self.gather, _resolve, enough)
        try:
            await enough
        finally:
            timer.cancel()
            self._enough = None
