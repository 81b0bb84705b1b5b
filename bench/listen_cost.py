"""What a notification costs PostgreSQL when other processes listen on many channels (issue 33 goal 5; not a test).

With one channel per table (:func:`kartentisch.web.schema.channel`) a server process hears only the tables it holds,
but PostgreSQL (15) still wakes every listening backend of the database for every notification, and each backend
compares the notification's channel with each channel it listens on (a list) before it drops it. This measures
that cost: ``--listeners`` connections, each listening on ``C`` channels of no table written (``--channels``, the
tables a process holds), while one writer notifies ``--notes`` channels of other tables, ``--batch`` per
transaction (as group commit sends them; ``synchronous_commit`` off, so the disk's wait is out of it). PostgreSQL's
CPU is its server's process tree (:func:`web_load.tree_cpu`) from the first notification until every listener has
read the queue (``pg_notification_queue_usage()`` back to 0). Each setting runs ``--repeats`` times in alternating
order with no listeners (the writer's own cost); printed: PostgreSQL CPU per notification per listener above that,
medians and ranges, and the load average::

    scripts/with-postgres.sh .venv/bin/python bench/listen_cost.py --listeners 4 --channels 1 1000 4000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import psycopg
from psycopg import sql

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import PG_URL_VARIABLE, postmaster_pid, tree_cpu  # noqa: E402


def listeners(conninfo: str, count: int, channels: int) -> list[psycopg.Connection]:
    """``count`` connections, each listening on ``channels`` channels no writer notifies."""
    made = []
    for i in range(count):
        conn = psycopg.connect(conninfo, autocommit=True)
        names = [sql.Identifier(f"kt:idle-{i}-{j}") for j in range(channels)]
        for start in range(0, channels, 1000):
            conn.execute(sql.SQL("; ").join(sql.SQL("LISTEN {}").format(n) for n in names[start:start + 1000]))
        made.append(conn)
    return made


def notify_cpu(conninfo: str, pg_pid: int, notes: int, batch: int) -> float:
    """PostgreSQL CPU seconds for ``notes`` notifications of distinct channels, ``batch`` per transaction, until
    the queue is read by every listener."""
    with psycopg.connect(conninfo) as writer:
        writer.execute("SET synchronous_commit = off")
        writer.commit()
        before = tree_cpu(pg_pid)
        for start in range(0, notes, batch):
            for n in range(start, min(notes, start + batch)):
                writer.execute("SELECT pg_notify(%s, %s)", (f"kt:busy-{n}", str(n)))
            writer.commit()
        deadline = time.monotonic() + 30
        while writer.execute("SELECT pg_notification_queue_usage()").fetchone() != (0.0,):
            writer.commit()
            if time.monotonic() > deadline:
                raise RuntimeError("the listeners did not read the notification queue within 30 s")
            time.sleep(0.05)
        writer.commit()
        return tree_cpu(pg_pid) - before


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--listeners", type=int, default=4, help="listening connections (server processes)")
    ap.add_argument("--channels", type=int, nargs="+", default=[1, 1000, 4000],
                    help="channels each listener listens on (tables held per process)")
    ap.add_argument("--notes", type=int, default=4000, help="notifications per run")
    ap.add_argument("--batch", type=int, default=4, help="notifications per transaction")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    if PG_URL_VARIABLE not in os.environ:  # run again under a throw-away PostgreSQL server
        script = Path(__file__).resolve().parent.parent / "scripts" / "with-postgres.sh"
        os.execvp("bash", ["bash", str(script), sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]])
    url = os.environ[PG_URL_VARIABLE]
    pg_pid = postmaster_pid(url)
    if pg_pid is None:
        raise SystemExit("listen_cost: the PostgreSQL server is not on this machine; its CPU cannot be measured")
    conninfo = url.replace("postgresql+psycopg://", "postgresql://")
    rows = []
    for channels in args.channels:
        per_listener = []
        for repeat in range(args.repeats):
            cpu: dict[int, float] = {}
            for count in ((0, args.listeners) if repeat % 2 == 0 else (args.listeners, 0)):
                conns = listeners(conninfo, count, channels)
                try:
                    cpu[count] = notify_cpu(conninfo, pg_pid, args.notes, args.batch)
                finally:
                    for conn in conns:
                        conn.close()
            per_listener.append(1000 * (cpu[args.listeners] - cpu[0]) / args.notes / args.listeners)
            print(json.dumps({"channels": channels, "repeat": repeat, "cpu_s": cpu}), file=sys.stderr)
        rows.append({"channels": channels, "ms_per_note_per_listener": statistics.median(per_listener),
                     "range": [min(per_listener), max(per_listener)]})
    for row in rows:
        low, high = row["range"]
        print(f"{row['channels']:>6} channels per listener: PostgreSQL {row['ms_per_note_per_listener']:.4f} ms per "
              f"notification per listener (median of {args.repeats}, {low:.4f}–{high:.4f}; {args.listeners} "
              f"listeners, {args.notes} notifications, {args.batch} per transaction)")
    print(f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
