"""Benchmark: what idle turn-based tables cost a server (issue 34; not a test).

Each measurement runs in a fresh process: a :class:`~kartentisch.web.hub.Hub` over a new SQLite file (as
``kartentisch serve`` makes it), ``--tables`` tables of ``colors`` for three people created with the clock
``--clock`` and each loaded into memory (``max_live`` above their number: the worst case, every idle table held; then
once more with the server's default ``max_live`` of 2,000, ``--max-live``, which drops the rest from memory), then
the turn sweep (:class:`~kartentisch.web.turns.TurnSweep`) makes ``--passes`` passes. Reported: the process's resident
memory (``VmRSS``) before the tables and after them (``gc`` run), the difference per table, the asyncio tasks alive
and the tables holding a timer, and the median seconds of one sweep pass. The reference in the same run is the live
clock ``fast`` (30 s a move), which arms one timer task per table held (until it runs out: with ``ask``, once).

Usage::

    nice python bench/idle_tables.py --tables 10000 --json bench/idle_tables.json
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}, {"kind": "human", "name": "Cem"}]


def rss_mb() -> float:
    """This process's resident memory in MB (``VmRSS`` of /proc/self/status)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


async def measure(tables: int, clock_id: str, passes: int, folder: str, max_live: int | None) -> dict[str, Any]:
    """One measurement (see the module) in this process; ``max_live`` ``None``: every table held in memory."""
    from kartentisch.web.clock import table_clock
    from kartentisch.web.creation import create
    from kartentisch.web.hub import Hub
    from kartentisch.web.store import Store
    from kartentisch.web.turns import TurnSweep

    store = Store(f"sqlite:///{folder}/{clock_id}-{max_live}.db")
    hub = Hub(store, ThreadPoolExecutor(2), max_live=tables + 10 if max_live is None else max_live)
    chosen = table_clock(clock_id, "ask")
    warm = await create(hub, "colors", 3, {}, None, SEATS, table_clock=chosen)  # imports and caches warmed
    await hub.get(warm.id)
    gc.collect()
    before = rss_mb()
    started = time.perf_counter()
    for _ in range(tables):
        record = await create(hub, "colors", 3, {}, None, SEATS, table_clock=chosen)
        await hub.get(record.id)
    made = time.perf_counter() - started
    sweep = TurnSweep(hub)
    seconds = []
    for _ in range(passes):
        begin = time.perf_counter()
        await sweep.once()
        seconds.append(time.perf_counter() - begin)
    gc.collect()
    after = rss_mb()
    out = {"clock": clock_id, "tables": tables, "max_live": max_live, "in_memory": len(hub.tables) - 1,
           "rss_before_mb": round(before, 1),
           "rss_after_mb": round(after, 1), "rss_tables_mb": round(after - before, 1),
           "kb_per_table": round((after - before) * 1024 / tables, 2),
           "tasks": len(asyncio.all_tasks()) - 1, "tables_with_timer": sum(bool(t.timers) for t in hub.tables.values()),
           "sweep_pass_s_median": round(statistics.median(seconds), 4), "create_and_load_s": round(made, 1)}
    hub.close()
    store.dispose()
    return out


def _child(tables: int, clock_id: str, passes: int, folder: str, max_live: int | None, queue: Any) -> None:
    queue.put(asyncio.run(measure(tables, clock_id, passes, folder, max_live)))


def run(tables: int, clock_id: str, passes: int, folder: str, max_live: int | None = None) -> dict[str, Any]:
    """:func:`measure` in a fresh spawned process (its memory is the server's alone)."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_child, args=(tables, clock_id, passes, folder, max_live, queue))
    process.start()
    result = queue.get()
    process.join()
    return dict(result)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--clock", default="day", help="the turn-based clock measured (day, 3days)")
    parser.add_argument("--reference", default="fast", help="the live clock measured beside it")
    parser.add_argument("--passes", type=int, default=5, help="sweep passes timed")
    parser.add_argument("--max-live", type=int, default=2000,
                        help="also measure the turn-based clock with the server's max_live (its default: 2000); 0: not")
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        results = [run(args.tables, args.clock, args.passes, folder),
                   run(args.tables, args.reference, args.passes, folder)]
        if args.max_live:
            results.append(run(args.tables, args.clock, args.passes, folder, args.max_live))
    turn, live = results[:2]
    summary = {"results": results, "rss_ratio_turn_to_live": round(turn["rss_tables_mb"] / live["rss_tables_mb"], 3)
               if live["rss_tables_mb"] else None, "under_100_mb": turn["rss_tables_mb"] < 100}
    text = json.dumps(summary, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
