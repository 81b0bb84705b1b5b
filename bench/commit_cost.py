"""CPU of the moves' commit on a shared store, per transaction and per move (issue 33 goal 5; not a test).

Two processes on one PostgreSQL commit about twice as many transactions per move as one (each batches only its
own tables' moves, ``bench/README.md``), so what a transaction costs beyond its moves is what a second process
adds. This calls :meth:`Store.commit_moves <kartentisch.web.store.Store.commit_moves>` directly, in one thread,
``--batches`` times per batch size (``--sizes``: tables per transaction, one move each), and reports the client's
CPU (``time.process_time``) and PostgreSQL's (its server's process tree, :func:`web_load.tree_cpu`) per transaction
and per move, medians of ``--repeats`` alternating repeats; ``--ways`` commits the batches as the server does on
SQLite (handed to a writer thread) or on PostgreSQL (on the event loop), beside the plain call (:data:`WAYS`).
The database: ``$KARTENTISCH_TEST_PG_URL``, which ``scripts/with-postgres.sh`` sets (``fsync`` on). To compare
with older code, run it with that code's ``src`` on
``PYTHONPATH``::

    scripts/with-postgres.sh .venv/bin/python bench/commit_cost.py --sizes 1 2 4 --batches 300 --repeats 3
    scripts/with-postgres.sh .venv/bin/python bench/commit_cost.py --ways thread loop --sizes 1 4 --repeats 5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import uvloop

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_load import PG_URL_VARIABLE, postmaster_pid, tree_cpu  # noqa: E402

from kartentisch.web.commits import Commit, LoopCommit, ThreadCommit  # noqa: E402
from kartentisch.web.records import Append, SeatRecord  # noqa: E402
from kartentisch.web.store import Store  # noqa: E402

#: How a batch is committed: ``sync``, :meth:`Store.commit_moves` called in this thread; ``thread``, the server's
#: commit on SQLite and its commit on PostgreSQL before 2026-12-02 (the event loop hands ``commit_moves`` to a writer
#: thread, :class:`~kartentisch.web.commits.ThreadCommit`); ``loop``, the server's commit on PostgreSQL (sent from
#: the event loop over psycopg's asynchronous connection, :class:`~kartentisch.web.commits.LoopCommit`).
WAYS = ("sync", "thread", "loop")


def measure(store: Store, commits: dict[str, Commit], runner: asyncio.Runner, way: str, size: int, batches: int,
            pg_pid: int | None) -> tuple[float, float | None]:
    """Client (every thread of this process) and PostgreSQL CPU seconds of ``batches`` commits, the ``way`` given
    (:data:`WAYS`), of one move at each of ``size`` new tables."""
    ids = [f"cc-{uuid.uuid4().hex[:12]}" for _ in range(size)]
    for table_id in ids:
        store.create_table(table_id, "colors", 2, {}, 1,
                           [SeatRecord(i, "human", "", None, uuid.uuid4().hex) for i in range(2)])

    def batch(n: int) -> list[Append]:
        return [Append(t, n, ((n % 2, f"t{n}"),)) for t in ids]

    async def commit_all(commit: Commit) -> None:
        for n in range(batches):
            await commit(batch(n))

    db_start = tree_cpu(pg_pid) if pg_pid is not None else None
    start = time.process_time()
    if way == "sync":
        for n in range(batches):
            store.commit_moves(batch(n))
    else:
        runner.run(commit_all(commits[way]))
    client = time.process_time() - start
    return client, (tree_cpu(pg_pid) - db_start if pg_pid is not None and db_start is not None else None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--batches", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--ways", nargs="+", choices=WAYS, default=["sync"],
                    help="how a batch is committed (alternating within each repeat): " + ", ".join(WAYS))
    args = ap.parse_args()
    url = os.environ[PG_URL_VARIABLE]
    store = Store(url)
    pg_pid = postmaster_pid(url)
    figures: dict[tuple[str, int], list[tuple[float, float | None]]] = {
        (way, size): [] for way in args.ways for size in args.sizes}
    executor = ThreadPoolExecutor(1, thread_name_prefix="kt-db")
    commits: dict[str, Commit] = {"thread": ThreadCommit(store, executor), "loop": LoopCommit(store)}
    try:
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:  # the server's loop (uvicorn's)
            for way in args.ways:  # warm: the connections, prepared statements, the thread
                measure(store, commits, runner, way, 1, 20, pg_pid)
            for repeat in range(args.repeats):
                for size in args.sizes if repeat % 2 == 0 else reversed(args.sizes):
                    for way in args.ways if repeat % 2 == 0 else reversed(args.ways):
                        figures[way, size].append(measure(store, commits, runner, way, size, args.batches, pg_pid))
            for commit in commits.values():
                commit.close()
    finally:
        executor.shutdown()
        store.dispose()
    for (way, size), runs in figures.items():
        client = statistics.median(c for c, _ in runs) / args.batches * 1e6
        dbs = [d for _, d in runs if d is not None]
        db = statistics.median(dbs) / args.batches * 1e6 if dbs else None
        db_text = f"PostgreSQL {db:.0f} µs ({db / size:.0f} per move)" if db is not None else "PostgreSQL not measured"
        print(f"{way}, {size} moves per transaction: client {client:.0f} µs per transaction ({client / size:.0f} per "
              f"move), {db_text}; median of {args.repeats}, {args.batches} transactions each")
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
