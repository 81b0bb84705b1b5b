"""Memory per live table with 2 sockets, the table server against the framework's floor, and where it goes
(issue 33 goal 6; not a test).

Both servers of ``bench/web_load.py --floor`` (``kartentisch serve`` on SQLite in a temp folder, and
:func:`web_load.floor_app` under uvicorn with the same WebSocket settings) are started fresh for each pair, in
alternating order (``--pairs``). Each gets ``--warmup`` tables first (imports, caches and pools settle), then its
resident memory (``VmRSS`` of its process tree) is read, ``--tables`` more colors tables of 2 people are made with
both people's sockets open (each has had its first frame), and it is read again: the growth divided by
``--tables`` is the server's KiB per live table. Prints each pair and the medians, and ends with one line::

    memory per table: M× the floor (median of P pairs, lo–hi; ours vs floor KiB per live table with 2 sockets, …)

``--breakdown`` says where it goes instead: each server runs under :mod:`tracemalloc` (``--frames`` frames per
allocation), and after the warm-up, after ``--tables`` tables and after ``--tables`` more it writes a snapshot and
a count of its garbage-collected objects by type (:func:`probe`, on SIGUSR1). The difference between the last two
(N to 2N tables, so caches that fill once are left out) is printed per table: the top allocation sites grouped
by traceback (the innermost frames of the project and the libraries it calls), the top by line, and the objects
per type with their ``sys.getsizeof`` size. Under tracemalloc the resident figures are not comparable: read
only the traced ones there (what tracemalloc sees is Python's allocations; C libraries' own ``malloc``, e.g.
uvloop's and SQLite's, shows only in the resident figure of the normal mode).

    .venv/bin/python bench/table_memory.py --tables 200 --pairs 5
    .venv/bin/python bench/table_memory.py --tables 200 --breakdown
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import types
from collections import Counter
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import FLOOR_OPTIONS, NO_LIMITS, free_port, tree_rss, wait_until_up  # noqa: E402

BENCH = Path(__file__).resolve().parent

#: Python code that starts each server (``{probe}``: the probe's set-up, or nothing), run with ``-c``.
LAUNCH = {
    "ours": ("import sys; {probe}from kartentisch.cli.app import main; sys.argv[1:] = sys.argv[3:]; main()"),
    "floor": ("import sys; {probe}sys.path.insert(0, sys.argv[1]); import uvicorn, web_load; "
              "uvicorn.run(web_load.floor_app(), host='127.0.0.1', port=int(sys.argv[2]), log_level='warning', "
              "ws_per_message_deflate=False)"),
}


def probe(folder: str, frames: int) -> None:
    """Install the breakdown's probe in this (server) process: on its first SIGUSR1 start :mod:`tracemalloc`
    (``frames`` frames per allocation; started at once it would trace the imports too, slowly), then on each
    write ``<folder>/<k>.snap`` (a tracemalloc snapshot, from the second on) and ``<folder>/<k>.types.json``
    (``{"module.type": [count, bytes]}`` of the objects the garbage collector tracks, sizes by
    :func:`sys.getsizeof`), ``k`` counting from 0, then ``<folder>/<k>.done``."""
    taken = [0]

    def dump(signum: int, frame: Any) -> None:
        k = taken[0]
        taken[0] += 1
        gc.collect()
        counts: Counter[str] = Counter()
        sizes: Counter[str] = Counter()
        for obj in gc.get_objects():
            kind = type(obj)
            name = f"{kind.__module__}.{kind.__qualname__}"
            if isinstance(obj, types.CoroutineType | types.GeneratorType):  # which one
                code = obj.cr_code if isinstance(obj, types.CoroutineType) else obj.gi_code
                name += f" {tail(code.co_filename)}:{code.co_qualname}"
            counts[name] += 1
            sizes[name] += sys.getsizeof(obj)
        Path(folder, f"{k}.types.json").write_text(json.dumps({n: [counts[n], sizes[n]] for n in counts}))
        if k == 0:
            tracemalloc.start(frames)
        else:
            tracemalloc.take_snapshot().dump(str(Path(folder, f"{k}.snap")))
        Path(folder, f"{k}.done").write_text("")

    signal.signal(signal.SIGUSR1, dump)


def start(name: str, tmp: Path, probe_folder: Path | None, frames: int = 0) -> tuple[subprocess.Popen[bytes], str]:
    """Start server ``name`` (``ours`` or ``floor``) on a free loopback port, with the breakdown's probe writing to
    ``probe_folder`` (and tracemalloc on, ``frames`` frames per allocation) when it is given; returns (process,
    base URL)."""
    port = free_port()
    setup = "" if probe_folder is None else (f"sys.path.insert(0, {str(BENCH)!r}); import table_memory; "
                                             f"table_memory.probe({str(probe_folder)!r}, {frames}); ")
    argv = [sys.executable, "-c", LAUNCH[name].format(probe=setup), str(BENCH), str(port)]
    if name == "ours":
        argv += ["serve", "--port", str(port), "--db", f"sqlite:///{tmp / 'memory.db'}", "--bot-delay", "0",
                 *NO_LIMITS]
    proc = subprocess.Popen(argv)
    return wait_until_up(proc, f"http://127.0.0.1:{port}", f"the {name} server")


async def open_tables(base: str, count: int, seed: int, sockets: AsyncExitStack) -> None:
    """Make ``count`` colors tables of 2 people on ``base`` and open both people's sockets (kept open by
    ``sockets``), each read up to its first frame."""
    people = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for i in range(count):
            res = await http.post("/api/tables", json={"game": "colors", "players": 2, "seed": seed + i,
                                                       "seats": people, "options": FLOOR_OPTIONS["colors"]})
            if res.is_error:
                raise SystemExit(f"{base} refused a table: {res.status_code} {res.text}")
            for seat in res.json()["seats"]:
                url = base.replace("http", "ws", 1) + f"/ws/tables/{res.json()['id']}?token={seat['token']}"
                ws = await sockets.enter_async_context(connect(url, max_size=2**22, open_timeout=300))
                await ws.recv()


def snapshot(proc: subprocess.Popen[bytes], folder: Path, k: int) -> None:
    """Ask ``proc``'s probe for snapshot ``k`` and wait until it is written (5 minutes at most)."""
    time.sleep(0.5)
    proc.send_signal(signal.SIGUSR1)
    for _ in range(3000):
        if (folder / f"{k}.done").exists():
            return
        time.sleep(0.1)
    raise SystemExit(f"snapshot {k} was not written")


async def grow(name: str, tables: int, warmup: int, seed: int) -> float:
    """KiB of resident memory per live table of server ``name`` (see the module docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start(name, Path(tmp), None)
        try:
            async with AsyncExitStack() as sockets:
                await open_tables(base, warmup, seed, sockets)
                await asyncio.sleep(0.5)
                before = tree_rss(proc.pid)
                await open_tables(base, tables, seed + warmup, sockets)
                await asyncio.sleep(0.5)
                return (tree_rss(proc.pid) - before) / tables
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)


async def breakdown(name: str, tables: int, warmup: int, top: int, frames: int) -> dict[str, Any]:
    """Snapshots of server ``name`` (tracemalloc with ``frames`` frames per allocation) after the warm-up,
    ``tables`` and 2 × ``tables`` tables; returns the last difference per table, ``top`` rows per list (see the
    module docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "probe"
        folder.mkdir()
        proc, base = start(name, Path(tmp), folder, frames)
        try:
            async with AsyncExitStack() as sockets:
                await open_tables(base, warmup, 1000, sockets)
                snapshot(proc, folder, 0)
                await open_tables(base, tables, 2000, sockets)
                snapshot(proc, folder, 1)
                await open_tables(base, tables, 4000, sockets)
                snapshot(proc, folder, 2)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
        ignore = [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen importlib*")]
        first, second = (tracemalloc.Snapshot.load(str(folder / f"{k}.snap")).filter_traces(ignore) for k in (1, 2))
        types = [json.loads((folder / f"{k}.types.json").read_text()) for k in (1, 2)]

    def kib(size: int) -> float:
        return round(size / 1024 / tables, 3)

    traced = sum(s.size_diff for s in second.compare_to(first, "filename"))
    return {
        "server": name, "tables": tables, "traced_kib_per_table": kib(traced),
        "by_traceback": [{"kib": kib(s.size_diff), "blocks": round(s.count_diff / tables, 2),
                          "where": short(s.traceback)}
                         for s in second.compare_to(first, "traceback")[:top]],
        "by_line": [{"kib": kib(s.size_diff), "blocks": round(s.count_diff / tables, 2),
                     "where": f"{tail(s.traceback[0].filename)}:{s.traceback[0].lineno}"}
                    for s in second.compare_to(first, "lineno")[:top]],
        "objects": sorted(({"type": t, "per_table": round((types[1].get(t, [0, 0])[0] - c) / tables, 2),
                            "kib": kib(types[1].get(t, [0, 0])[1] - b)}
                           for t, (c, b) in {**{t: [0, 0] for t in types[1]}, **types[0]}.items()),
                          key=lambda row: -row["kib"])[:top],
    }


def tail(filename: str) -> str:
    """``filename`` from its package on (``…/site-packages/uvicorn/x.py`` → ``uvicorn/x.py``)."""
    parts = Path(filename).parts
    for anchor in ("site-packages", "src", "lib"):
        if anchor in parts:
            return "/".join(parts[len(parts) - parts[::-1].index(anchor):])
    return filename


def short(traceback: tracemalloc.Traceback) -> str:
    """The innermost frames of ``traceback`` that say where (up to 4, innermost first, the standard library's
    asyncio and typing machinery left out)."""
    frames = [f"{tail(f.filename)}:{f.lineno}" for f in reversed(traceback)]
    shown = [f for f in frames if not f.startswith(("asyncio/", "typing.py", "contextlib.py", "functools.py"))]
    return " < ".join((shown or frames)[:4])


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20, help="tables made before the first reading")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--breakdown", action="store_true", help="where the memory goes, by tracemalloc (see above)")
    ap.add_argument("--frames", type=int, default=25, help="with --breakdown: frames per traced allocation")
    ap.add_argument("--top", type=int, default=25, help="with --breakdown: rows per list")
    ap.add_argument("--only", choices=("ours", "floor"), help="with --breakdown: this server alone")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    if args.tables < 1 or args.pairs < 1 or args.warmup < 1:
        ap.error("--tables, --pairs and --warmup must be at least 1")
    if args.breakdown:
        names = [args.only] if args.only else ["ours", "floor"]
        found = [asyncio.run(breakdown(name, args.tables, args.warmup, args.top, args.frames)) for name in names]
        for result in found:
            print(f"\n== {result['server']}: {result['traced_kib_per_table']:.2f} KiB traced per table "
                  f"({args.tables} → {2 * args.tables} tables)")
            for title, rows, key in (("by traceback", result["by_traceback"], "where"),
                                     ("by line", result["by_line"], "where"),
                                     ("objects (gc, sys.getsizeof)", result["objects"], "type")):
                print(f"-- {title}")
                for line in rows:
                    count = line.get("blocks", line.get("per_table"))
                    print(f"{line['kib']:8.3f} KiB {count:8.2f}  {line[key]}")
        if args.json:
            args.json.write_text(json.dumps(found, indent=2), encoding="utf-8")
        return
    runs = []
    for pair in range(args.pairs):
        order = ["ours", "floor"] if pair % 2 == 0 else ["floor", "ours"]
        row: dict[str, Any] = {"pair": pair, "load_avg_1m": os.getloadavg()[0]}
        for name in order:
            row[name] = asyncio.run(grow(name, args.tables, args.warmup, 50_000))
        row["ratio"] = row["ours"] / row["floor"]
        runs.append(row)
        print(json.dumps(row), file=sys.stderr)
    result = {"tables": args.tables, "warmup": args.warmup, "pairs": args.pairs, "load_avg": os.getloadavg(),
              "ours": statistics.median(r["ours"] for r in runs), "floor": statistics.median(r["floor"] for r in runs),
              "ratio": statistics.median(r["ratio"] for r in runs),
              "range": [min(r["ratio"] for r in runs), max(r["ratio"] for r in runs)], "runs": runs}
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"memory per table: {result['ratio']:.2f}× the floor (median of {args.pairs} pairs, "
          f"{result['range'][0]:.2f}–{result['range'][1]:.2f}; {result['ours']:.1f} vs {result['floor']:.1f} KiB per "
          f"live table with 2 sockets, {args.tables} tables after {args.warmup}; load {result['load_avg'][0]:.2f})")


if __name__ == "__main__":
    main()
