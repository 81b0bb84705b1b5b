"""CPU of the moves' commit on a shared store, per transaction and per move (issue 33 goal 5; not a test).

Two processes on one PostgreSQL commit about twice as many transactions per move as one (each batches only its
own tables' moves, ``bench/README.md``), so what a transaction costs beyond its moves is what a second process
adds. This calls :meth:`Store.append_batch <kartentisch.web.store.Store.append_batch>` directly, in one thread,
``--batches`` times per batch size (``--sizes``: tables per transaction, one move each), and reports the client's
CPU (``time.process_time``) and PostgreSQL's (its server's process tree, :func:`web_load.tree_cpu`) per transaction
and per move, medians of ``--repeats`` alternating repeats. The database: ``$KARTENTISCH_TEST_PG_URL``, which
``scripts/with-postgres.sh`` sets (``fsync`` on). To compare with older code, run it with that code's ``src`` on
``PYTHONPATH``::

    scripts/with-postgres.sh .venv/bin/python bench/commit_cost.py --sizes 1 2 4 --batches 300 --repeats 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_load import PG_URL_VARIABLE, postmaster_pid, tree_cpu  # noqa: E402

from kartentisch.web.records import Append, SeatRecord  # noqa: E402
from kartentisch.web.store import Store  # noqa: E402


def measure(store: Store, size: int, batches: int, pg_pid: int | None) -> tuple[float, float | None]:
    """Client and PostgreSQL CPU seconds of ``batches`` commits of one move at each of ``size`` new tables."""
    ids = [f"cc-{uuid.uuid4().hex[:12]}" for _ in range(size)]
    for table_id in ids:
        store.create_table(table_id, "colors", 2, {}, 1,
                           [SeatRecord(i, "human", "", None, uuid.uuid4().hex) for i in range(2)])
    db_start = tree_cpu(pg_pid) if pg_pid is not None else None
    start = time.process_time()
    for n in range(batches):
        failures = store.append_batch([Append(t, n, ((n % 2, f"t{n}"),)) for t in ids])
        assert failures == [None] * size, failures
    client = time.process_time() - start
    return client, (tree_cpu(pg_pid) - db_start if pg_pid is not None and db_start is not None else None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--batches", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    url = os.environ[PG_URL_VARIABLE]
    store = Store(url)
    pg_pid = postmaster_pid(url)
    figures: dict[int, list[tuple[float, float | None]]] = {size: [] for size in args.sizes}
    try:
        measure(store, 1, 20, pg_pid)  # warm: the pool's connection, prepared statements
        for repeat in range(args.repeats):
            for size in args.sizes if repeat % 2 == 0 else reversed(args.sizes):
                figures[size].append(measure(store, size, args.batches, pg_pid))
    finally:
        store.dispose()
    for size, runs in figures.items():
        client = statistics.median(c for c, _ in runs) / args.batches * 1e6
        dbs = [d for _, d in runs if d is not None]
        db = statistics.median(dbs) / args.batches * 1e6 if dbs else None
        db_text = f"PostgreSQL {db:.0f} µs ({db / size:.0f} per move)" if db is not None else "PostgreSQL not measured"
        print(f"{size} moves per transaction: client {client:.0f} µs per transaction ({client / size:.0f} per move), "
              f"{db_text}; median of {args.repeats}, {args.batches} transactions each")
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
