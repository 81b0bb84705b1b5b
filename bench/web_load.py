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

``--processes N`` (issue 26) runs the documented deployment instead, ``scripts/cluster.sh``: N ``serve``
processes over one PostgreSQL (``KARTENTISCH_TEST_PG_URL`` if set, else a throw-away server), the clients
connecting through nginx when N > 1 (to the one process when N = 1), which sends a table's requests and sockets
to one process (``--balance table``) or each to any (``--balance spread``: then ``push_spread_ms`` measures the
push between processes). ``--kill-after S`` kills one of them
with SIGKILL S seconds into the run: its clients reconnect through nginx (as the page does) and play on, and
afterwards every action a client saw acknowledged (its move in a frame) must be in its table's log at the same
place (``lost`` counts those that are not).

    .venv/bin/python bench/web_load.py --processes 2 --tables 500 --think 1 --seconds 30
    .venv/bin/python bench/web_load.py --processes 3 --tables 200 --think 1 --seconds 30 --kill-after 10

Prints p50/p99/max round trip in ms, actions per second and errors, reconnects and lost actions apart (goals,
issue 22: 400 clients without think time p99 < 100 ms and 0 errors; a person's table p99 < 50 ms beside 20
searching bot-only tables; issue 26: 1,000 clients with 1 s think time through 2 processes p99 < 50 ms and 0
errors, 2 processes ≥ 1.6 × the actions per second of one at saturation, 0 lost), and writes them as JSON with
``--json``.

``--floor`` (issue 33) measures the server's CPU per event against the framework's floor: a minimal
Starlette/uvicorn server (:func:`floor_app`, started by this script in its own process) that takes the same
small JSON action over a WebSocket and broadcasts a small JSON frame to the same sockets. Both servers run side
by side; the same clients (``--tables`` colors tables of 2 people, no bots, no think time, ``--seconds`` each) play
against each in alternating pairs (``--pairs``, the order flipped every pair), once without spectators and
once with ``--spectators`` more sockets per table that only read. Server CPU is user + system time of the
server's process and all its descendants (``/proc/<pid>/stat``) while the clients play, divided by the events
played; a spectator's added cost is (CPU per event with spectators − without) / spectators. Prints the medians
of the pairs' ratios, the load average, and ends with one line a script can read::

    per-event CPU: R× the floor (…); spectator: S× the floor (…)[; memory per table: M× the floor (…)]

    .venv/bin/python bench/web_load.py --floor --tables 4 --seconds 5 --pairs 5 --spectators 20

Other tables (issue 33): ``--game mayhem --people 4`` a mayhem table of 4 people (the floor's table then has 4
seats taking turns); ``--people 1 --players 2 --bot heuristic`` a person beside a heuristic bot (an event is then
the person's move, the bot's reply included in ours' CPU: the floor has no bots). ``--memory-tables N`` also
measures each server's memory per live table with 2 sockets (resident memory of its process tree, ``VmRSS``,
grown while N more colors tables are made and both people's sockets of each are open and have had a frame).

    .venv/bin/python bench/web_load.py --floor --game mayhem --people 4 --tables 4 --seconds 5 --pairs 3
    .venv/bin/python bench/web_load.py --floor --people 1 --players 2 --bot heuristic --tables 4 --seconds 5 --pairs 3
    .venv/bin/python bench/web_load.py --floor --tables 4 --seconds 5 --pairs 3 --memory-tables 200

``--rules-floor`` runs a third server in each pair: the floor with what any server of this product must do per
move and nothing more (:func:`floor_app`'s ``rules``: the game's rules, the move committed to SQLite before it is
told, each socket its own view and legal tokens, orjson bytes), and adds to the line how its CPU per event
compares with the floor's and ours with it.

    .venv/bin/python bench/web_load.py --floor --rules-floor --tables 4 --seconds 5 --pairs 3

``--postgres`` (issue 33 goal 5) measures scale-out without nginx: ``--processes`` (default 2) ``serve`` processes
on one PostgreSQL database (``KARTENTISCH_TEST_PG_URL`` if set, else the script runs itself again under
``scripts/with-postgres.sh``, a throw-away server) against the first of them alone, in alternating pairs of the
same clients as ``--floor``'s (new tables each run). The load generator connects each table's people to the
processes itself (:func:`seat_base`): tables split evenly, and the two people of every other round of tables on
different processes, so their moves reach each other through NOTIFY and catch-up (``--no-split``: none). It
prints the CPU per event summed over the processes played against as a ratio to one process's (goal ≤ 1.25×),
medians and ranges, the load average, PostgreSQL's own CPU per event and the events per transaction beside it
(:func:`scale_out_compare`), and ends with::

    N-process CPU per event: R× one process's (…); PostgreSQL … ms per event, … events per transaction; load L

    .venv/bin/python bench/web_load.py --postgres --processes 2 --tables 4 --seconds 5 --pairs 3
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from kartentisch.kernel import lookup


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free TCP ports on 127.0.0.1 (as ``scripts/cluster.sh`` takes them)."""
    while True:
        first = free_port()
        try:
            for port in range(first, first + count):
                with socket.socket() as sock:
                    sock.bind(("127.0.0.1", port))
        except OSError:
            continue
        return first


#: ``serve`` options that switch the per-client limits off: every simulated client comes from 127.0.0.1.
NO_LIMITS = ["--create-rate", "off", "--action-rate", "off", "--sockets-per-client", "0",
             "--spectators-per-table", "0"]


def wait_until_up(proc: subprocess.Popen[bytes], base: str, what: str) -> tuple[subprocess.Popen[bytes], str]:
    """(``proc``, ``base``) once ``base``'s ``/api/health`` answers 200 (30 s at most; then ``proc`` is killed and the
    run stops naming ``what``)."""
    for _ in range(300):
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{what} did not start")


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    """``kartentisch serve`` of the database URL ``db`` on a free loopback port with bots moving at once and the
    per-client limits off; returns (process, base URL)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve",
                             "--port", str(port), "--db", db, "--bot-delay", "0", *NO_LIMITS])
    base = f"http://127.0.0.1:{port}"
    return wait_until_up(proc, base, "the server")


@contextmanager
def cluster(processes: int, balance: str = "table") -> Iterator[tuple[str, list[int]]]:
    """``scripts/cluster.sh`` with ``processes`` serve processes (bots moving at once, the per-client limits off)
    and nginx's ``balance`` (``table``: a table's requests to one process; ``spread``: to any) in a session of
    its own, stopped (SIGINT, as Ctrl-C) afterwards; yields the clients' base URL (nginx, or the
    one process) and the serve processes' ids."""
    port = free_ports(processes + 1)
    script = Path(__file__).resolve().parent.parent / "scripts" / "cluster.sh"
    proc = subprocess.Popen(["bash", str(script), "--port", str(port), "--processes", str(processes),
                             "--balance", balance, "--",
                             "--bot-delay", "0", *NO_LIMITS], stdout=subprocess.PIPE, text=True,
                            start_new_session=True, env={**os.environ, "PYTHON": sys.executable})
    pids, ports = [], []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", file=sys.stderr)
            words = line.split()
            if words[:2] == ["cluster:", "serve"]:
                pids.append(int(words[4]))
                ports.append(int(words[6]))
            elif words[:2] == ["cluster:", "ready"]:
                break
        else:
            raise SystemExit("the cluster did not start")
        yield (f"http://127.0.0.1:{port}" if processes > 1 else f"http://127.0.0.1:{ports[0]}"), pids
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(60)


class Stats:
    """Round trips and bot moves (seconds), error messages, reconnects and the acknowledged actions of all
    clients: ``(table, seat) → {event number: token}`` as the seat's frames showed its own moves."""

    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.bot_moves: list[float] = []
        self.errors: list[str] = []
        self.reconnects = 0
        self.acked: dict[tuple[str, int], dict[int, str]] = {}
        #: when each event count of a table first reached each of its clients: ``(table, n) → [seconds]``
        self.reached: dict[tuple[str, int], list[float]] = {}


async def client(base: str, table_id: str, seat: int, token: str, stop: float, rng: random.Random, stats: Stats,
                 think: float, times_bots: bool = False, reconnect: bool = False) -> None:
    """One person: on each frame where it may act, think (uniform 0 … 2 × ``think`` s), send a random legal
    token and time the answer; ``times_bots``: also time each bot move, from the frame that asks a bot to the
    next frame (one client per table does). ``reconnect``: a socket closed by the server is opened again after
    half a second (counted in ``stats.reconnects``, not as an error), as the page does."""
    while True:
        closed = await session(base, table_id, seat, token, stop, rng, stats, think, times_bots)
        if not (closed and reconnect and time.monotonic() < stop):
            return
        stats.reconnects += 1
        await asyncio.sleep(0.5)


async def session(base: str, table_id: str, seat: int, token: str, stop: float, rng: random.Random, stats: Stats,
                  think: float, times_bots: bool) -> bool:
    """One socket of :func:`client`; returns whether the server closed it (else the time is up or the match over)."""
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}?token={token}"
    acked = stats.acked.setdefault((table_id, seat), {})
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
                moves = [e for e in frame["log"] if e.get("kind") != "round"]
                acked.update((frame["log_start"] + i, e["token"]) for i, e in enumerate(moves) if e["seat"] == seat)
                if moves:
                    stats.reached.setdefault((table_id, frame["n"]), []).append(time.perf_counter())
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
    except ConnectionClosed:
        return True
    except Exception as exc:  # a benchmark counts failures instead of stopping
        stats.errors.append(f"{type(exc).__name__}: {exc}")
    return False


async def spectator(base: str, table_id: str, stop: float, stats: Stats) -> None:
    """A socket without a seat that only reads frames until ``stop`` (a spectator; counts no round trips)."""
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    try:
        async with connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "auth", "token": None}))
            while time.monotonic() < stop:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                except TimeoutError:
                    break
    except Exception as exc:  # a benchmark counts failures instead of stopping
        stats.errors.append(f"spectator: {type(exc).__name__}: {exc}")


async def lost_actions(http: httpx.AsyncClient, stats: Stats, tokens: dict[tuple[str, int], str]) -> int:
    """Acknowledged actions that are not in their table's log at the place their frame showed them."""
    lost = 0
    for (table_id, seat), acked in stats.acked.items():
        frame = (await http.get(f"/api/tables/{table_id}/view",
                                headers={"Authorization": f"Bearer {tokens[table_id, seat]}"})).json()
        log = [e["token"] for e in frame["log"] if e.get("kind") != "round"]
        lost += sum(1 for n, token in acked.items() if n >= len(log) or log[n] != token)
    return lost


def seat_base(bases: Sequence[str], table: int, seat: int, split: bool = True) -> str:
    """The server that seat ``seat`` of the ``table``-th table connects to, of ``bases``: table ``i``'s home is
    ``bases[i % len(bases)]`` (tables split evenly), and with ``split`` in every other round of homes
    (``i // len(bases)`` odd) seat ``s`` goes to ``bases[(i + s) % len(bases)]``, so with 2 servers the people of
    half the tables sit on different servers and each move reaches the other one through PostgreSQL (NOTIFY and
    catch-up); without ``split`` all of a table's sockets go to its home."""
    return bases[(table + seat * ((table // len(bases)) % 2 if split else 0)) % len(bases)]


async def run(base: str | Sequence[str], tables: int, game: str, players: int, bot: str, seconds: float, think: float,
              bot_only: int = 0, bot_only_bot: str = "ismcts:iterations=1000000",
              options: dict | None = None, kill: tuple[float, int] | None = None, spectators: int = 0,
              cpu: Callable[[], float] | None = None, people: int = 2,
              db_cpu: Callable[[], float] | None = None, split: bool = True) -> dict:
    """Create the tables (and ``bot_only`` tables of ``bot_only_bot`` seats, started by a view), run all
    clients, return the figures; ``kill``: ``(seconds, pid)``, kill that server process with SIGKILL then (the
    clients reconnect), and count the acknowledged actions lost. ``spectators``: that many reading sockets per
    table beside the people's. ``cpu``: reads the server's CPU seconds so far; the figures then hold
    ``server_cpu_s`` (while the clients play, table creation left out) and the acknowledged actions lost are
    not counted (the floor server keeps no log to ask); ``db_cpu`` likewise reads the database server's CPU
    seconds (``db_cpu_s``, over the same time). ``people``: the people's seats of a table (the first ones),
    the other ``players - people`` are ``bot``'s. ``base``: a list of servers of one database splits the tables
    and people between them (:func:`seat_base` with ``split``); the bot-only tables go to the first."""
    bases = [base] if isinstance(base, str) else list(base)
    stats = Stats()
    seats: list[dict[str, Any]] = [{"kind": "human", "name": name} for name in "ABCDEF"[:people]]
    seats += [{"kind": "bot", "bot": bot}] * (players - people)
    async with httpx.AsyncClient(timeout=30) as http:
        for i in range(bot_only):
            res = await http.post(f"{bases[0]}/api/tables", json={"game": game, "players": players, "seed": 10_000 + i,
                                                       "seats": [{"kind": "bot", "bot": bot_only_bot}] * players})
            res.raise_for_status()
            (await http.get(f"{bases[0]}/api/tables/{res.json()['id']}/view")).raise_for_status()  # its bots start
        created = []
        for i in range(tables):
            res = await http.post(f"{seat_base(bases, i, 0)}/api/tables",
                                  json={"game": game, "players": players, "seed": i, "seats": seats,
                                        "options": options or {}})
            res.raise_for_status()
            created.append(res.json())
    await asyncio.sleep(0.2)  # the creations' own work settles before the CPU is read
    cpu_start = cpu() if cpu is not None else 0.0
    db_start = db_cpu() if db_cpu is not None else 0.0
    stop = time.monotonic() + seconds
    started = time.perf_counter()

    async def killer() -> None:
        if kill is not None:
            await asyncio.sleep(kill[0])
            os.kill(kill[1], signal.SIGKILL)

    await asyncio.gather(killer(), *(
        client(seat_base(bases, i, s["seat"], split), t["id"], s["seat"], s["token"], stop,
               random.Random(f"{t['id']}{s['seat']}"), stats, think, times_bots=s["seat"] == 0,
               reconnect=kill is not None)
        for i, t in enumerate(created) for s in t["seats"] if s["kind"] == "human"),
        *(spectator(seat_base(bases, i, 0, split), t["id"], stop, stats) for i, t in enumerate(created)
          for _ in range(spectators)))
    elapsed = time.perf_counter() - started
    server_cpu = cpu() - cpu_start if cpu is not None else None
    db_cpu_s = db_cpu() - db_start if db_cpu is not None else None
    tokens = {(t["id"], s["seat"]): s["token"] for t in created for s in t["seats"] if s["kind"] == "human"}
    lost = 0
    if cpu is None:
        async with httpx.AsyncClient(base_url=bases[0], timeout=30) as http:
            lost = await lost_actions(http, stats, tokens)
    rtts = sorted(stats.rtts)
    q = statistics.quantiles(rtts, n=100) if len(rtts) >= 2 else [float("nan")] * 99
    bots = statistics.quantiles(stats.bot_moves, n=100) if len(stats.bot_moves) >= 2 else [float("nan")] * 99
    # how much later the second client of a table heard of an event than the first (through another process
    # when the two sockets reached different ones): the push between processes
    spreads = [max(t) - min(t) for t in stats.reached.values() if len(t) == 2]
    spread = statistics.quantiles(spreads, n=100) if len(spreads) >= 2 else [float("nan")] * 99
    return {"tables": tables, "clients": 2 * tables, "game": game, "players": players, "bot": bot, "think_s": think,
            "options": options or {}, "bot_only_tables": bot_only, "bot_only_bot": bot_only_bot if bot_only else None,
            "seconds": elapsed, "actions": len(rtts), "actions_per_s": len(rtts) / elapsed,
            "rtt_ms": {"p50": q[49] * 1000, "p99": q[98] * 1000, "max": rtts[-1] * 1000 if rtts else float("nan")},
            "push_spread_ms": {"p50": spread[49] * 1000, "p99": spread[98] * 1000},
            "bot_moves": len(stats.bot_moves), "bot_move_ms": {"p50": bots[49] * 1000, "p99": bots[98] * 1000},
            "errors": len(stats.errors), "error_examples": stats.errors[:5], "reconnects": stats.reconnects,
            "people": people,
            "acknowledged": sum(len(a) for a in stats.acked.values()), "lost": lost,
            "spectators_per_table": spectators, "server_cpu_s": server_cpu, "db_cpu_s": db_cpu_s}


# ---------------------------------------------------------------------------------------------- the floor
def floor_app(rules: str | None = None) -> Any:
    """The framework's floor (issue 33): a minimal Starlette app that speaks just enough of the table protocol
    for :func:`client` and :func:`spectator`. ``POST /api/tables`` makes a table of the request's people's seats
    (its bots' seats left out: the floor has no bots) whose turns go round (a seat's only legal action is
    ``"move"``, any action string is taken), ``/ws/tables/{id}`` takes
    ``{"type": "action"}`` from the seat to act and broadcasts a small JSON frame (the new event, whose turn it
    is, the viewer's legal actions) to every socket of the table with ``send_json``; no store, no rules.

    ``rules`` (a SQLite file: ``--rules-floor``): the floor with the product's obligations and nothing else —
    the request's game dealt by the kernel, an action refused unless legal (``is_legal``), applied, then committed
    as one row (``sqlite3``, WAL, ``synchronous=NORMAL`` as ``kartentisch serve``, in one writer thread) before
    anyone hears of it, and each socket sent its own view (``state.view``, the log's token as it may read it,
    its legal tokens; encoded by orjson and sent as bytes, as ours); no words, names, clocks or bots."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    tables: dict[str, dict[str, Any]] = {}

    def frame(table: dict[str, Any], seat: int | None, log: list[dict[str, Any]]) -> dict[str, Any]:
        if rules is not None:
            state = table["state"]
            return {"type": "state", "n": table["n"], "log_start": table["n"] - len(log),
                    "log": [{"seat": e["seat"], "token": state.public_token(e["seat"], e["token"], seat)} for e in log],
                    "seats": [{"kind": "human"}] * table["people"], "view": state.view(seat),
                    "legal": state.legal_actions(seat) if seat in state.to_act() else []}
        to_act = table["n"] % table["people"]
        return {"type": "state", "n": table["n"], "log_start": table["n"] - len(log), "log": log,
                "seats": [{"kind": "human"}] * table["people"], "view": {"to_act": [to_act], "game_over": False},
                "legal": ["move"] if seat == to_act else []}

    async def create(request: Request) -> JSONResponse:
        body = await request.json()
        people = sum(seat.get("kind") == "human" for seat in body["seats"])
        table_id = f"floor{len(tables)}"
        tables[table_id] = {"n": 0, "sockets": {}, "people": people}
        if rules is not None:
            game = lookup(body["game"])
            tables[table_id]["lock"] = asyncio.Lock()
            tables[table_id]["state"] = game.new_state(people, game.resolve_options(people, body.get("options")),
                                                       seed=body.get("seed", 0))
        return JSONResponse({"id": table_id, "seats": [{"seat": i, "kind": "human", "token": f"{table_id}.{i}"}
                                                       for i in range(people)]})

    async def socket(websocket: WebSocket) -> None:
        table = tables[websocket.path_params["table_id"]]
        await websocket.accept()
        token = websocket.query_params.get("token")
        if token is None:
            token = (await websocket.receive_json()).get("token")
        seat = None if token is None else int(token.rsplit(".", 1)[1])
        table["sockets"][websocket] = seat
        await websocket.send_json(frame(table, seat, []))
        try:
            while True:
                message = await websocket.receive_json()
                if rules is not None:
                    await rules_move(websocket.path_params["table_id"], table, websocket, seat, message)
                    continue
                if message.get("type") != "action" or seat != table["n"] % table["people"]:
                    continue
                table["n"] += 1
                log = [{"seat": seat, "token": str(message.get("action"))}]
                for other, viewer in list(table["sockets"].items()):
                    try:
                        await other.send_json(frame(table, viewer, log))
                    except Exception:
                        table["sockets"].pop(other, None)
        except (WebSocketDisconnect, RuntimeError):  # closed by the client, or a send to it failed before
            pass
        finally:
            table["sockets"].pop(websocket, None)

    if rules is not None:
        db = sqlite3.connect(rules, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE IF NOT EXISTS events (table_id TEXT, n INTEGER, seat INTEGER, token TEXT, "
                   "PRIMARY KEY (table_id, n))")
        writer = ThreadPoolExecutor(1)

    def commit(table_id: str, n: int, seat: int, token: str) -> None:
        db.execute("BEGIN")
        db.execute("INSERT INTO events VALUES (?, ?, ?, ?)", (table_id, n, seat, token))
        db.execute("COMMIT")

    async def rules_move(table_id: str, table: dict[str, Any], websocket: WebSocket, seat: int | None,
                         message: dict[str, Any]) -> None:
        state, token = table["state"], str(message.get("action"))
        async with table["lock"]:  # seats deciding at once (mayhem) commit one move after the other
            if message.get("type") != "action" or seat is None or not state.is_legal(seat, token):
                await websocket.send_json({"type": "error", "error": f"not a legal action: {token!r}"})
                return
            n = table["n"] + 1
            await asyncio.get_running_loop().run_in_executor(writer, commit, table_id, n, seat, token)
            state.apply_unchecked(seat, token)
            table["n"] = n
        log = [{"seat": seat, "token": token}]
        for other, viewer in list(table["sockets"].items()):
            try:
                await other.send_bytes(orjson.dumps(frame(table, viewer, log)))
            except Exception:
                table["sockets"].pop(other, None)

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"ok": True})

    return Starlette(routes=[Route("/api/health", health), Route("/api/tables", create, methods=["POST"]),
                             WebSocketRoute("/ws/tables/{table_id}", socket)])


def start_floor(rules: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """The floor server (:func:`floor_app` under uvicorn, one process; ``rules``: its SQLite file, the floor with the
    product's obligations) on a free loopback port, its WebSockets set up as ``kartentisch serve`` sets up its own
    (permessage-deflate off), so that both pay for the same transport."""
    port = free_port()
    code = ("import sys, uvicorn; sys.path.insert(0, sys.argv[1]); import web_load; "
            "uvicorn.run(web_load.floor_app(sys.argv[3] or None), host='127.0.0.1', port=int(sys.argv[2]), "
            "log_level='warning', ws_per_message_deflate=False)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(Path(__file__).resolve().parent), str(port),
                             rules or ""])
    base = f"http://127.0.0.1:{port}"
    return wait_until_up(proc, base, "the floor server")


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` and all its living descendants, and by their
    children that ended and were waited for (PostgreSQL's backends of closed connections), from
    ``/proc/<pid>/stat`` (Linux)."""
    stats: dict[int, tuple[int, float]] = {}  # pid → (parent, seconds)
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2:].split()  # after "pid (comm) ": state, ppid, …
        stats[int(entry)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / tick)  # utime … cstime
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += stats.get(current, (0, 0.0))[1]
        todo += [child for child, (parent, _) in stats.items() if parent == current]
    return total


def tree_rss(pid: int) -> float:
    """Resident memory (KiB) of process ``pid`` and all its living descendants, from ``/proc/<pid>/status``
    (Linux; pages shared between them are counted once per process)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                raw = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(raw[raw.rindex(")") + 2:].split()[1])
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
        except OSError:
            continue
        total += next((float(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0.0)
        todo += [child for child, parent in parents.items() if parent == current]
    return total


#: The options of ``--floor``'s tables: the longest match a table may set (the target's ``table_maximum``, colors
#: R16, mayhem S1; random play takes ~1,200 colors and ~7,000 mayhem moves to reach it), so every run measures
#: tables in play, rounds scored among the moves, rather than finished ones.
FLOOR_OPTIONS: dict[str, dict[str, Any]] = {
    game: {option.name: option.table_maximum for option in lookup(game).options if option.name == target}
    for game, target in (("colors", "target_score"), ("mayhem", "point_limit"))}


async def table_memory(base: str, pid: int, tables: int) -> float:
    """KiB of the server's memory (:func:`tree_rss` of ``pid``) per live colors table of 2 people with both
    people's sockets open (each has had its first frame): the growth while ``tables`` such tables are made and
    joined, divided by ``tables``."""
    before = tree_rss(pid)
    people = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    async with httpx.AsyncClient(base_url=base, timeout=30) as http, AsyncExitStack() as sockets:
        for i in range(tables):
            res = await http.post("/api/tables", json={"game": "colors", "players": 2, "seed": 50_000 + i,
                                                       "seats": people, "options": FLOOR_OPTIONS["colors"]})
            res.raise_for_status()
            for seat in res.json()["seats"]:
                url = base.replace("http", "ws", 1) + f"/ws/tables/{res.json()['id']}?token={seat['token']}"
                ws = await sockets.enter_async_context(connect(url, max_size=2**22))
                await ws.recv()
        await asyncio.sleep(0.5)
        return (tree_rss(pid) - before) / tables


def floor_compare(tables: int, seconds: float, pairs: int, spectators: int, game: str = "colors", players: int = 2,
                  people: int = 2, bot: str = "heuristic", memory_tables: int = 0, rules_floor: bool = False) -> dict:
    """Run the product server and the floor server side by side (:func:`run` with the same clients, ``people``
    people and ``players - people`` ``bot`` seats per ``game`` table, no think time) in ``pairs`` alternating
    pairs, each pair measuring both servers with 0 and with ``spectators`` spectators per table; returns per-run
    figures and the medians of the pairs' ratios (see the module docstring). An event is a person's move: with
    bots at the table, ours also makes the bots' replies to it (the floor has no bots), so the ratio holds what
    a person's move costs with them. ``memory_tables`` > 0: then :func:`table_memory` of each server with that
    many more tables. ``rules_floor``: each pair also runs the floor with the product's obligations
    (:func:`floor_app`'s ``rules``, its own process): its CPU per event against the floor's and ours against it."""
    def per_event(result: dict) -> float:
        return result["server_cpu_s"] / max(1, result["actions"])

    runs: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        ours, ours_base = start_server(f"sqlite:///{Path(tmp) / 'floor.db'}")
        floor, floor_base = start_floor()
        servers = {"ours": (ours, ours_base), "floor": (floor, floor_base)}
        if rules_floor:
            servers["rules"] = start_floor(str(Path(tmp) / "rules.db"))
        try:
            for pair in range(pairs):
                order = list(servers)[pair % len(servers):] + list(servers)[:pair % len(servers)]
                row: dict[str, Any] = {"pair": pair, "load_avg_1m": os.getloadavg()[0]}
                for name in order:
                    proc, base = servers[name]
                    for watching in (0, spectators):
                        result = asyncio.run(run(base, tables, game, players, bot, seconds, 0.0,
                                                 options=FLOOR_OPTIONS.get(game, {}), spectators=watching,
                                                 cpu=functools.partial(tree_cpu, proc.pid), people=people))
                        if result["errors"]:
                            print(f"{name}: {result['errors']} errors, e.g. {result['error_examples']}",
                                  file=sys.stderr)
                        row[f"{name}_{watching}"] = {"events": result["actions"],
                                                     "cpu_s": result["server_cpu_s"],
                                                     "ms_per_event": 1000 * per_event(result)}
                ratios = {}
                for name in servers:
                    base_ms, watched_ms = row[f"{name}_0"]["ms_per_event"], row[f"{name}_{spectators}"]["ms_per_event"]
                    row[f"{name}_spectator_ms"] = (watched_ms - base_ms) / spectators if spectators else float("nan")
                ratios["event"] = row["ours_0"]["ms_per_event"] / row["floor_0"]["ms_per_event"]
                ratios["spectator"] = row["ours_spectator_ms"] / row["floor_spectator_ms"]
                if rules_floor:
                    ratios["rules_event"] = row["rules_0"]["ms_per_event"] / row["floor_0"]["ms_per_event"]
                    ratios["event_rules"] = row["ours_0"]["ms_per_event"] / row["rules_0"]["ms_per_event"]
                row["ratios"] = ratios
                runs.append(row)
                print(json.dumps(row), file=sys.stderr)
            memory = {name: asyncio.run(table_memory(base, proc.pid, memory_tables))
                      for name, (proc, base) in servers.items()} if memory_tables else {}
        finally:
            for proc, _ in servers.values():
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)

    def median(key: str) -> float:
        return statistics.median(key_of(r, key) for r in runs)

    def key_of(row: dict, key: str) -> float:
        value: Any = row
        for part in key.split("."):
            value = value[part]
        return float(value)

    rules = {"rules_event_ratio": median("ratios.rules_event"), "event_rules_ratio": median("ratios.event_rules"),
             "rules_ms_per_event": median("rules_0.ms_per_event")} if rules_floor else {}
    return {"mode": "floor", "tables": tables, "seconds": seconds, "pairs": pairs, "game": game,
            "players": players, "people": people, "bot": bot if players > people else None,
            "memory_kib_per_table": {**memory, "tables": memory_tables,
                                     "ratio": memory["ours"] / memory["floor"] if memory else None},
            "spectators_per_table": spectators, "load_avg": os.getloadavg(), "cpus": os.cpu_count(),
            "median": {"event_ratio": median("ratios.event"), "spectator_ratio": median("ratios.spectator"),
                       "ours_ms_per_event": median("ours_0.ms_per_event"),
                       "floor_ms_per_event": median("floor_0.ms_per_event"),
                       "ours_spectator_ms": median("ours_spectator_ms"),
                       "floor_spectator_ms": median("floor_spectator_ms"), **rules},
            "range": {"event_ratio": [min(key_of(r, "ratios.event") for r in runs),
                                      max(key_of(r, "ratios.event") for r in runs)],
                      "spectator_ratio": [min(key_of(r, "ratios.spectator") for r in runs),
                                          max(key_of(r, "ratios.spectator") for r in runs)]},
            "runs": runs}


def floor_line(result: dict) -> str:
    """The last line of ``--floor``, one a script can read."""
    m, r = result["median"], result["range"]
    return (f"per-event CPU: {m['event_ratio']:.2f}× the floor (median of {result['pairs']} pairs, "
            f"{r['event_ratio'][0]:.2f}–{r['event_ratio'][1]:.2f}; {m['ours_ms_per_event']:.3f} vs "
            f"{m['floor_ms_per_event']:.3f} ms); spectator: {m['spectator_ratio']:.2f}× the floor "
            f"({r['spectator_ratio'][0]:.2f}–{r['spectator_ratio'][1]:.2f}; {m['ours_spectator_ms']:.4f} vs "
            f"{m['floor_spectator_ms']:.4f} ms per event per spectator, {result['spectators_per_table']} per table; "
            f"load {result['load_avg'][0]:.2f}){memory_part(result)}{rules_part(result)}")


def rules_part(result: dict) -> str:
    """``; the rules floor: F× the floor (…), ours R× it`` when :func:`floor_compare` ran it, else nothing."""
    m = result["median"]
    if "rules_event_ratio" not in m:
        return ""
    return (f"; the rules floor: {m['rules_event_ratio']:.2f}× the floor ({m['rules_ms_per_event']:.3f} ms per event), "
            f"ours {m['event_rules_ratio']:.2f}× the rules floor")


def memory_part(result: dict) -> str:
    """``; memory per table: M× the floor (…)`` when :func:`floor_compare` measured it, else nothing."""
    memory = result["memory_kib_per_table"]
    if memory["ratio"] is None:
        return ""
    return (f"; memory per table: {memory['ratio']:.2f}× the floor ({memory['ours']:.1f} vs {memory['floor']:.1f} "
            f"KiB per live table with 2 sockets, {memory['tables']} tables)")


# ------------------------------------------------------------------------------------------ scale-out
#: The variable naming the PostgreSQL database of ``--postgres`` (``scripts/with-postgres.sh`` sets it).
PG_URL_VARIABLE = "KARTENTISCH_TEST_PG_URL"


def postmaster_pid(url: str) -> int | None:
    """The process id of the PostgreSQL server of the database URL ``url`` (the parent of a backend,
    ``pg_backend_pid()``), or None when that server is not on this machine (then its CPU is not measured)."""
    import sqlalchemy

    engine = sqlalchemy.create_engine(url)
    try:
        with engine.connect() as connection:
            backend = int(connection.execute(sqlalchemy.text("SELECT pg_backend_pid()")).scalar_one())
            try:
                raw = Path(f"/proc/{backend}/stat").read_text()
            except OSError:
                return None
    finally:
        engine.dispose()
    return int(raw[raw.rindex(")") + 2:].split()[1])


def events_per_commit(url: str, since: float, until: float) -> float | None:
    """Events per transaction that wrote events of the store at ``url`` between the epoch seconds ``since`` and
    ``until``: every event a transaction writes carries that transaction's one ``at`` (``Store.commit_moves``),
    so the distinct stamps count the transactions. ``None`` when nothing was written. How full group commit's
    batches are (issue 33 goal 3): a process commits only its own tables' moves together."""
    import sqlalchemy

    engine = sqlalchemy.create_engine(url)
    try:
        with engine.connect() as connection:
            events, commits = connection.execute(sqlalchemy.text(
                "SELECT count(*), count(DISTINCT at) FROM kt_events WHERE at BETWEEN :since AND :until"),
                {"since": since, "until": until}).one()
    finally:
        engine.dispose()
    return events / commits if commits else None


def scale_out_compare(processes: int, tables: int, seconds: float, pairs: int, game: str = "colors",
                      players: int = 2, people: int = 2, bot: str = "heuristic", split: bool = True,
                      think: float = 0.0) -> dict:
    """Server CPU per event of ``processes`` ``kartentisch serve`` processes on one PostgreSQL database (the URL in
    :data:`PG_URL_VARIABLE`) against one process (issue 33 goal 5: ≤ 1.25×, the cost of NOTIFY and catch-up).

    The processes start once and serve the same database throughout, without nginx: in ``pairs`` alternating
    pairs (the order flipped every pair) the same clients (:func:`run`: ``tables`` ``game`` tables of ``people``
    people and ``players - people`` ``bot`` seats, ``think`` seconds of think time on average (0: none, the
    servers saturated), ``seconds`` each) play once against the first
    process alone and once against all of them, new tables each run, split by :func:`seat_base` (tables evenly,
    and with ``split`` the people of every other round of tables on different processes). Server CPU is
    :func:`tree_cpu` summed over the processes played against (the others stay up, listening, and are not
    counted: with one process they would not exist; their CPU per event over the whole one-process run, table
    creation included, is ``idle_ms_per_event``); PostgreSQL's own CPU (:func:`tree_cpu` of its server, over the
    same time) is reported beside it, per event, for both, and so are the events per transaction
    (:func:`events_per_commit`). An event is a person's move acknowledged to them.
    Returns per-run figures, the medians and ranges of the pairs' ratios and the load average."""
    url = os.environ[PG_URL_VARIABLE]
    pg_pid = postmaster_pid(url)
    db_cpu = functools.partial(tree_cpu, pg_pid) if pg_pid is not None else None
    started = [start_server(url) for _ in range(processes)]
    runs: list[dict[str, Any]] = []
    try:
        for pair in range(pairs):
            row: dict[str, Any] = {"pair": pair, "load_avg_1m": os.getloadavg()[0]}
            for count in ((1, processes) if pair % 2 == 0 else (processes, 1)):
                used, idle = started[:count], started[count:]
                idle_start = sum(tree_cpu(proc.pid) for proc, _ in idle)

                def cpu(pids: tuple[int, ...] = tuple(proc.pid for proc, _ in used)) -> float:
                    return sum(tree_cpu(pid) for pid in pids)

                since = time.time()
                result = asyncio.run(run([base for _, base in used], tables, game, players, bot, seconds, think,
                                         options=FLOOR_OPTIONS.get(game, {}), cpu=cpu, people=people,
                                         db_cpu=db_cpu, split=split))
                batch = events_per_commit(url, since, time.time())
                idle_s = sum(tree_cpu(proc.pid) for proc, _ in idle) - idle_start
                if result["errors"]:
                    print(f"{count} processes: {result['errors']} errors, e.g. {result['error_examples']}",
                          file=sys.stderr)
                events = max(1, result["actions"])
                row[str(count)] = {"events": result["actions"], "cpu_s": result["server_cpu_s"],
                                   "ms_per_event": 1000 * result["server_cpu_s"] / events,
                                   "db_ms_per_event": (1000 * result["db_cpu_s"] / events
                                                       if result["db_cpu_s"] is not None else None),
                                   "idle_ms_per_event": 1000 * idle_s / events,
                                   "events_per_commit": batch,
                                   "push_spread_ms": result["push_spread_ms"], "errors": result["errors"]}
            one, many = row["1"], row[str(processes)]
            row["ratio"] = many["ms_per_event"] / one["ms_per_event"]
            runs.append(row)
            print(json.dumps(row), file=sys.stderr)
    finally:
        for proc, _ in started:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)

    def median(values: list[Any]) -> float | None:
        return None if None in values else statistics.median(values)

    ratios = [r["ratio"] for r in runs]
    return {"mode": "scale-out", "processes": processes, "tables": tables, "seconds": seconds, "pairs": pairs,
            "game": game, "players": players, "people": people, "bot": bot if players > people else None,
            "split": split, "think": think, "load_avg": os.getloadavg(), "cpus": os.cpu_count(),
            "postgres_measured": pg_pid is not None,
            "median": {"ratio": statistics.median(ratios),
                       "one_ms_per_event": median([r["1"]["ms_per_event"] for r in runs]),
                       "many_ms_per_event": median([r[str(processes)]["ms_per_event"] for r in runs]),
                       "one_db_ms_per_event": median([r["1"]["db_ms_per_event"] for r in runs]),
                       "many_db_ms_per_event": median([r[str(processes)]["db_ms_per_event"] for r in runs]),
                       "idle_ms_per_event": median([r["1"]["idle_ms_per_event"] for r in runs]),
                       "one_events_per_commit": median([r["1"]["events_per_commit"] for r in runs]),
                       "many_events_per_commit": median([r[str(processes)]["events_per_commit"] for r in runs])},
            "range": {"ratio": [min(ratios), max(ratios)]}, "runs": runs}


def scale_out_line(result: dict) -> str:
    """The last line of ``--postgres``, one a script can read."""
    m, (low, high), n = result["median"], result["range"]["ratio"], result["processes"]
    db = (f"PostgreSQL {m['many_db_ms_per_event']:.3f} vs {m['one_db_ms_per_event']:.3f} ms per event"
          if result["postgres_measured"] else "PostgreSQL not on this machine, not measured")
    paced = f", {result['think']:g} s think time" if result.get("think") else ""
    if m["many_events_per_commit"] is not None and m["one_events_per_commit"] is not None:
        db += f", {m['many_events_per_commit']:.2f} vs {m['one_events_per_commit']:.2f} events per transaction"
    return (f"{n}-process CPU per event: {m['ratio']:.2f}× one process's (median of {result['pairs']} pairs, "
            f"{low:.2f}–{high:.2f}; {m['many_ms_per_event']:.3f} vs {m['one_ms_per_event']:.3f} ms, all server "
            f"processes; {'people of half the tables on different processes' if result['split'] else 'no table split'}"
            f"{paced}); {db}; load {result['load_avg'][0]:.2f}")


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--game", default="colors")
    ap.add_argument("--players", type=int,
                    help="people + (players - people) bots (default: 3; with --floor or --postgres: --people)")
    ap.add_argument("--people", type=int, default=2, help="people's seats per table (the others are --bot's)")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float,
                    help="mean seconds a person thinks before acting (0: act at once, saturating the server; default "
                         "1, with --floor always 0, with --postgres 0)")
    ap.add_argument("--bot-only-tables", type=int, default=0,
                    help="tables of bots only that play alongside (not measured)")
    ap.add_argument("--bot-only-bot", default="ismcts:iterations=1000000",
                    help="their bot (default: ISMCTS at the server's full time budget per move)")
    ap.add_argument("--options", type=json.loads, default={},
                    help='game options of the people\'s tables as JSON, e.g. \'{"target_score": 300}\' (longer '
                         'matches, so few tables still play for --seconds)')
    ap.add_argument("--url", help="use a running server instead of starting one")
    ap.add_argument("--processes", type=int,
                    help="run scripts/cluster.sh: this many serve processes over PostgreSQL (behind nginx if > 1); "
                         "with --postgres: the processes compared with one")
    ap.add_argument("--balance", choices=("table", "spread"), default="table",
                    help="with --processes: nginx sends a table's requests to one process (table) or to any (spread: "
                         "every event is pushed between processes, which push_spread_ms then measures)")
    ap.add_argument("--kill-after", type=float, help="with --processes ≥ 2: kill one of them with SIGKILL after "
                                                     "this many seconds; clients reconnect")
    ap.add_argument("--floor", action="store_true",
                    help="compare server CPU per event with the framework's floor (issue 33, see above)")
    ap.add_argument("--rules-floor", action="store_true",
                    help="with --floor: also run the floor with the product's obligations (the game's rules, a commit "
                         "per move before it is told, each seat its own view; floor_app) in each pair")
    ap.add_argument("--pairs", type=int, default=5, help="with --floor or --postgres: alternating pairs of runs")
    ap.add_argument("--spectators", type=int, default=20, help="with --floor: spectators per table in the second "
                                                                "run of each server")
    ap.add_argument("--memory-tables", type=int, default=0,
                    help="with --floor: also measure each server's memory per live table with 2 sockets over this "
                         "many more colors tables (issue 33 goal 6)")
    ap.add_argument("--postgres", action="store_true",
                    help="compare server CPU per event of --processes (default 2) serve processes on one PostgreSQL "
                         f"with one process (issue 33 goal 5, see above); the database: ${PG_URL_VARIABLE}, else a "
                         "throw-away server (scripts/with-postgres.sh)")
    ap.add_argument("--no-split", dest="split", action="store_false",
                    help="with --postgres: all of a table's sockets on one process (else the people of half the "
                         "tables on different processes)")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    if args.players is None:
        args.players = args.people if args.floor or args.postgres else 3
    if args.think is None:
        args.think = 0.0 if args.postgres else 1.0
    if not 1 <= args.people <= args.players:
        ap.error(f"--people must be 1 … --players ({args.players}), got {args.people}")
    if args.postgres:
        args.processes = 2 if args.processes is None else args.processes
        if args.processes < 2 or args.pairs < 1 or args.tables < 1 or args.floor or args.url or args.kill_after:
            ap.error("--postgres needs --processes of at least 2, --pairs and --tables of at least 1, and neither "
                     "--floor, --url nor --kill-after")
        if PG_URL_VARIABLE not in os.environ:  # run again under a throw-away PostgreSQL server
            script = Path(__file__).resolve().parent.parent / "scripts" / "with-postgres.sh"
            os.execvp("bash", ["bash", str(script), sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]])
        scale_result = scale_out_compare(args.processes, args.tables, args.seconds, args.pairs, args.game,
                                         args.players, args.people, args.bot, args.split, args.think)
        print(json.dumps({k: v for k, v in scale_result.items() if k != "runs"}, indent=2))
        if args.json:
            args.json.write_text(json.dumps(scale_result, indent=2), encoding="utf-8")
        print(scale_out_line(scale_result))
        return
    if args.floor:
        if args.spectators < 1 or args.pairs < 1 or args.tables < 1:
            ap.error("--floor needs --pairs, --tables and --spectators of at least 1")
        floor_result = floor_compare(args.tables, args.seconds, args.pairs, args.spectators, args.game, args.players,
                                     args.people, args.bot, args.memory_tables, args.rules_floor)
        print(json.dumps({k: v for k, v in floor_result.items() if k != "runs"}, indent=2))
        if args.json:
            args.json.write_text(json.dumps(floor_result, indent=2), encoding="utf-8")
        print(floor_line(floor_result))
        return
    if args.kill_after is not None and (args.processes or 0) < 2:
        ap.error("--kill-after needs --processes 2 or more (a process must be left to serve)")

    def measure(base: str, kill: tuple[float, int] | None = None) -> dict:
        return asyncio.run(run(base, args.tables, args.game, args.players, args.bot, args.seconds, args.think,
                               args.bot_only_tables, args.bot_only_bot, args.options, kill, people=args.people))

    if args.url is not None:
        result = measure(args.url)
    elif args.processes is not None:
        with cluster(args.processes, args.balance) as (base, pids):
            result = {"processes": args.processes, "balance": args.balance, **measure(
                base, None if args.kill_after is None else (args.kill_after, pids[0]))}
    else:
        with tempfile.TemporaryDirectory() as tmp:
            proc, base = start_server(f"sqlite:///{Path(tmp) / 'load.db'}")
            try:
                result = measure(base)
            finally:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
