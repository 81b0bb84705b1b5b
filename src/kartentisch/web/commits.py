"""Group commit of the tables' moves (issue 33 goal 3): concurrent moves of different tables share one transaction.

A move is committed before anyone hears of it (:mod:`~kartentisch.web.store`); before this module each move was a
transaction of its own plus a hand-off to the writer thread. :class:`GroupCommit` keeps one writer task per
process: a move's events join a queue, and the task writes everything queued while the previous transaction ran
in one transaction (:meth:`~kartentisch.web.store.Store.append_batch`: one ``executemany`` of the events, one
``UPDATE`` touching and, on PostgreSQL, notifying the tables), so the cost of a commit and of the thread hand-off is
shared by every table that moved meanwhile, as PostgreSQL's own group commit shares a WAL flush. "Acknowledged"
still means "committed": :meth:`GroupCommit.append` returns only after the transaction holding its events
committed, and only then does the caller apply the move and tell anyone. A lone move waits for nothing (a batch
starts as soon as the writer is free); a move arriving during a commit waits for the end of that commit.

**Decision** (issue 33 goal 5, bench/README.md): when other tables moved lately (within :data:`ACTIVE_SECONDS`)
and have no move queued yet, the writer waits up to :data:`GATHER_SECONDS` for theirs before it commits, and
commits at once when they are all queued. Each process batches only its own tables' moves, so two processes
committed about twice the transactions per move of one (1.97 against 3.7 moves each); the wait lets the moves of
tables that came in a moment apart share one transaction, at that much latency at most. A table alone waits for
nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import Executor

from .records import Append
from .store import Store

#: Seconds the writer waits at most for the moves of tables that moved lately before it commits (the module's
#: docstring). uvloop's timers count whole milliseconds (0.5 ms rounds to 0: measured, no wait at all), and with
#: 2 ms two processes' batches grew from 2.0 to 3.6 moves (bench/README.md); a PostgreSQL commit with ``fsync``
#: takes milliseconds itself.
GATHER_SECONDS = 0.002
#: Seconds after its last move that a table counts as one whose next move may come any moment.
ACTIVE_SECONDS = 1.0


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class GroupCommit:
    """The writer task of one process: appends of many tables committed together (see the module's docstring).

    Each table has at most one append queued (its caller holds the table's lock), so every append of a batch
    concerns another table.

    Args:
        store: the database.
        executor: where a batch's transaction runs (the Hub's writer thread, so the moves' commits and the other
            writes of the process keep the order they were asked for on SQLite's one writer).
        gather: seconds the writer waits at most for the moves of tables that moved lately (0: none).
    """

    def __init__(self, store: Store, executor: Executor, gather: float = GATHER_SECONDS) -> None:
        self.store = store
        self.executor = executor
        self.gather = gather
        self._queue: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._counts: dict[str, int] = {}
        #: The tables that appended within ACTIVE_SECONDS → when (the loop's clock), oldest first.
        self._moved: dict[str, float] = {}
        #: While the writer gathers: resolved once that many appends are queued.
        self._enough: tuple[int, asyncio.Future[None]] | None = None

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
                failures = await loop.run_in_executor(self.executor, self.store.append_batch, [a for a, _ in batch])
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
