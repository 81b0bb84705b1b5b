"""Load benchmark of the browser table (not a test): many tables with bots, two WebSocket clients each.

Starts ``kartentisch serve`` (one process, SQLite in a temp folder) unless ``--url`` is given, creates
``--tables`` tables of ``--game`` (two people + bots), connects one WebSocket per person (so 2 × tables
clients) and lets every client play random legal tokens for ``--seconds``, thinking ``--think`` seconds on
average before each move (0: no pause, which measures saturation rather than a table of people).
The action round trip is the time from sending ``{"type": "action"}`` to receiving the frame that contains it.
``--bot-only-tables`` adds tables of bots only (ISMCTS at the server's full budget by default) that search
all the while, to see whether they slow the people's tables down.

    .venv/bin/python bench/web_load.py --tables 200 --think 0 --seconds 30
    .venv/bin/python bench/web_load.py --tables 1 --think 0 --bot-only-tables 20 --seconds 30

The server it starts has the per-client limits off (:data:`NO_LIMITS`): all simulated clients share one
address, 127.0.0.1, where real ones would each have their own.

Prints p50/p99/max round trip in ms, actions per second and errors (goals, issue 22: 400 clients without
think time p99 < 100 ms and 0 errors; a person's table p99 < 50 ms beside 20 searching bot-only tables), and
writes them as JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: ``serve`` options that switch the per-client limits off: every simulated client comes from 127.0.0.1.
NO_LIMITS = ["--create-rate", "off", "--action-rate", "off", "--sockets-per-client", "0",
             "--spectators-per-table", "0"]


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``kartentisch serve`` on a free loopback port with bots moving at once and the per-client limits off;
    returns (process, base URL)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve",
                             "--port", str(port), "--db", f"sqlite:///{db}", "--bot-delay", "0", *NO_LIMITS])
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not start")


class Stats:
    """Round trips and bot moves (seconds) and error messages of all clients."""

    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.bot_moves: list[float] = []
        self.errors: list[str] = []


async def client(base: str, table_id: str, token: str, stop: float, rng: random.Random, stats: Stats,
                 think: float, times_bots: bool = False) -> None:
    """One person: on each frame where it may act, think (uniform 0 … 2 × ``think`` s), send a random legal
    token and time the answer; ``times_bots``: also time each bot move, from the frame that asks a bot to the
    next frame (one client per table does)."""
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}?token={token}"
    log: list[dict] = []
    try:
        async with connect(url, max_size=2**22) as ws:
            sent_at: float | None = None
            bot_asked: float | None = None
            waiting_for = -1
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                except TimeoutError:
                    break
                frame = json.loads(raw)
                if frame["type"] == "error":
                    stats.errors.append(frame["error"])
                    sent_at = None
                    continue
                log = log[: frame["log_start"]] + frame["log"]
                if sent_at is not None and frame["n"] >= waiting_for:
                    stats.rtts.append(time.perf_counter() - sent_at)
                    sent_at = None
                if bot_asked is not None:
                    stats.bot_moves.append(time.perf_counter() - bot_asked)
                    bot_asked = None
                if times_bots and any(frame["seats"][s]["kind"] == "bot" for s in frame["view"]["to_act"]):
                    bot_asked = time.perf_counter()
                if frame["view"]["game_over"]:
                    break
                if sent_at is None and frame["legal"]:
                    if think:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    waiting_for = frame["n"] + 1
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "action": rng.choice(frame["legal"])}))
    except Exception as exc:  # a benchmark counts failures instead of stopping
        stats.errors.append(f"{type(exc).__name__}: {exc}")


async def run(base: str, tables: int, game: str, players: int, bot: str, seconds: float, think: float,
              bot_only: int = 0, bot_only_bot: str = "ismcts:iterations=1000000",
              options: dict | None = None) -> dict:
    """Create the tables (and ``bot_only`` tables of ``bot_only_bot`` seats, started by a view), run all
    clients, return the figures."""
    stats = Stats()
    seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    seats += [{"kind": "bot", "bot": bot}] * (players - 2)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for i in range(bot_only):
            res = await http.post("/api/tables", json={"game": game, "players": players, "seed": 10_000 + i,
                                                       "seats": [{"kind": "bot", "bot": bot_only_bot}] * players})
            res.raise_for_status()
            (await http.get(f"/api/tables/{res.json()['id']}/view")).raise_for_status()  # its bots start
        created = []
        for i in range(tables):
            res = await http.post("/api/tables", json={"game": game, "players": players, "seed": i, "seats": seats,
                                                       "options": options or {}})
            res.raise_for_status()
            created.append(res.json())
    stop = time.monotonic() + seconds
    started = time.perf_counter()
    await asyncio.gather(*(client(base, t["id"], s["token"], stop, random.Random(f"{t['id']}{s['seat']}"), stats,
                                  think, times_bots=s["seat"] == 0)
                           for t in created for s in t["seats"] if s["kind"] == "human"))
    elapsed = time.perf_counter() - started
    rtts = sorted(stats.rtts)
    q = statistics.quantiles(rtts, n=100) if len(rtts) >= 2 else [float("nan")] * 99
    bots = statistics.quantiles(stats.bot_moves, n=100) if len(stats.bot_moves) >= 2 else [float("nan")] * 99
    return {"tables": tables, "clients": 2 * tables, "game": game, "players": players, "bot": bot, "think_s": think,
            "options": options or {}, "bot_only_tables": bot_only, "bot_only_bot": bot_only_bot if bot_only else None,
            "seconds": elapsed, "actions": len(rtts), "actions_per_s": len(rtts) / elapsed,
            "rtt_ms": {"p50": q[49] * 1000, "p99": q[98] * 1000, "max": rtts[-1] * 1000 if rtts else float("nan")},
            "bot_moves": len(stats.bot_moves), "bot_move_ms": {"p50": bots[49] * 1000, "p99": bots[98] * 1000},
            "errors": len(stats.errors), "error_examples": stats.errors[:5]}


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--game", default="colors")
    ap.add_argument("--players", type=int, default=3, help="2 people + (players-2) bots")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a person thinks before acting (0: act at once, saturating the server)")
    ap.add_argument("--bot-only-tables", type=int, default=0,
                    help="tables of bots only that play alongside (not measured)")
    ap.add_argument("--bot-only-bot", default="ismcts:iterations=1000000",
                    help="their bot (default: ISMCTS at the server's full time budget per move)")
    ap.add_argument("--options", type=json.loads, default={},
                    help='game options of the people\'s tables as JSON, e.g. \'{"target_score": 300}\' (longer '
                         'matches, so few tables still play for --seconds)')
    ap.add_argument("--url", help="use a running server instead of starting one")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        base = args.url
        if base is None:
            proc, base = start_server(Path(tmp) / "load.db")
        try:
            result = asyncio.run(run(base, args.tables, args.game, args.players, args.bot, args.seconds, args.think,
                                     args.bot_only_tables, args.bot_only_bot, args.options))
        finally:
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
