"""CPU per move of the table server's hot path in one process, without the web transport (issue 33; not a test).

A :class:`~kartentisch.web.hub.Hub` over a fresh SQLite file, ``--tables`` tables of ``--game`` with ``--people``
people (the longest match a table may set, as ``web_load.py --floor`` plays), each seat subscribed with a sink that
drops its frames and ``--spectators`` more sinks per table; then every table plays ``--moves`` random legal moves at
once through :meth:`Hub.act <kartentisch.web.hub.Hub.act>` (check, group commit in the writer thread, apply and tell,
the broadcast's frames built and encoded). Prints the process's CPU time (all threads) per move, after 20 warm-up moves
per table. ``--profile`` prints a pyinstrument profile (the ``bench`` extra) of the measured moves instead.

    .venv/bin/python bench/hub_act.py --game colors --people 2 --moves 500
    PYTHONPATH=/tmp/old/src .venv/bin/python bench/hub_act.py …   # the code of another commit (git archive)

What it leaves out is what ``bench/web_load.py --floor`` measures: uvicorn, the sockets, the clients.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from web_load import FLOOR_OPTIONS  # a match that lasts the run, as --floor plays (this script's folder)

from kartentisch.web import creation
from kartentisch.web.hub import Hub
from kartentisch.web.live import LiveTable
from kartentisch.web.store import Store


async def measure(game: str, people: int, tables: int, spectators: int, moves: int, profile: bool) -> float:
    """CPU seconds per move of ``moves`` moves per table (see the module docstring)."""
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Store(f"sqlite:///{folder}/bench.db"), ThreadPoolExecutor(2))

        async def drop(text: str) -> None:
            return None

        live: list[LiveTable] = []
        for _ in range(tables):
            seats = [{"kind": "human", "name": f"P{i + 1}"} for i in range(people)]
            record = await creation.create(hub, game, people, FLOOR_OPTIONS.get(game, {}), None, seats)
            table = await hub.get(record.id)
            for viewer in [*range(people), *[None] * spectators]:
                await hub.subscribe(table, viewer, drop, "en")
            live.append(table)
        rng = random.Random(0)

        async def play(table: LiveTable, count: int) -> None:
            for _ in range(count):
                if table.state.game_over:
                    return
                seat = table.state.to_act()[0]
                await hub.act(table, seat, rng.choice(table.state.legal_actions(seat)), len(table.log))

        await asyncio.gather(*(play(t, 20) for t in live))
        profiler: Any = None
        if profile:
            from pyinstrument import Profiler

            profiler = Profiler(interval=0.0005)
            profiler.start()
        played, cpu = sum(len(t.log) for t in live), time.process_time()
        await asyncio.gather(*(play(t, moves) for t in live))
        cpu, played = time.process_time() - cpu, sum(len(t.log) for t in live) - played
        if profiler is not None:
            profiler.stop()
            print(profiler.output_text(unicode=True, color=False))
        hub.close()
        return cpu / max(1, played)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="colors")
    ap.add_argument("--people", type=int, default=2)
    ap.add_argument("--tables", type=int, default=1)
    ap.add_argument("--spectators", type=int, default=0, help="spectator sinks per table")
    ap.add_argument("--moves", type=int, default=500, help="moves per table measured")
    ap.add_argument("--profile", action="store_true", help="print a pyinstrument profile of the measured moves")
    args = ap.parse_args()
    per_move = asyncio.run(measure(args.game, args.people, args.tables, args.spectators, args.moves, args.profile))
    print(f"{args.game}, {args.people} people, {args.tables} table(s), {args.spectators} spectators: "
          f"{per_move * 1000:.3f} ms CPU per move")


if __name__ == "__main__":
    main()
