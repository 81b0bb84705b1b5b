"""Kill soak of the browser table's store (not a test; ``make kill-soak``): ``kartentisch serve`` is killed
with SIGKILL while clients play, again and again, and no acknowledged action may be lost.

Each cycle starts the server on the database, lets ``--tables`` clients play random legal tokens over HTTP
(one client per table, acting for whichever seat is to act, so an answer's ``n`` numbers the event it
acknowledged), kills the server at a random moment within ``--seconds`` after the cycle's first
``--min-acks`` acknowledgements (so every kill falls into play, however slow the machine), then reads the database
itself: every action the server answered 200 must be stored as exactly that event (table, number, seat,
token). Actions still in flight at the kill may be stored or not; a restarted server must show what the
database holds. A finished match is replaced by a new table.

    .venv/bin/python bench/kill_soak.py --cycles 100                      # SQLite in a temp folder
    scripts/with-postgres.sh .venv/bin/python bench/kill_soak.py --db postgres --cycles 100

Prints one line per cycle and a summary; exit code 1 if any acknowledged action was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).parent))
from web_load import NO_LIMITS, free_port  # noqa: E402  (the load benchmark's helpers)

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


@dataclass
class Ledger:
    """What the server acknowledged: ``(table, event number) -> (seat, token)``, and the seat tokens."""

    acked: dict[tuple[str, int], tuple[int, str]] = field(default_factory=dict)
    tokens: dict[str, list[str]] = field(default_factory=dict)


def start(db_url: str, log: Path, tries: int = 3) -> tuple[subprocess.Popen[bytes], str]:
    """``kartentisch serve`` on a free port; returns (process, base URL) once /api/health answers. A port
    taken meanwhile by another program (the free port is only free when chosen) is tried ``tries`` times."""
    port = free_port()
    size = log.stat().st_size if log.exists() else 0
    proc = subprocess.Popen([sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve",
                             "--port", str(port), "--db", db_url, "--bot-delay", "0", *NO_LIMITS],
                            stdout=log.open("ab"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = log.read_bytes()[size:].decode(errors="replace")
            if "address already in use" in said and tries > 1:
                return start(db_url, log, tries - 1)
            raise SystemExit(f"serve exited with {proc.returncode}:\n{said[-2000:]}")
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"serve did not start within 60 s:\n{log.read_bytes()[size:].decode(errors='replace')[-2000:]}")


async def new_table(http: httpx.AsyncClient, ledger: Ledger, game: str, rng: random.Random) -> str:
    """Create a table of two people; returns its id."""
    res = await http.post("/api/tables", json={"game": game, "players": 2, "seed": rng.randrange(2**31),
                                               "seats": SEATS})
    res.raise_for_status()
    body = res.json()
    ledger.tokens[body["id"]] = [s["token"] for s in body["seats"]]
    return str(body["id"])


async def play(base: str, table_id: str, ledger: Ledger, game: str, rng: random.Random, stop: float) -> None:
    """Act on ``table_id`` (then on new tables when a match ends) until ``stop`` or the server is gone."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        try:
            while time.monotonic() < stop:
                spectator = (await http.get(f"/api/tables/{table_id}/view")).json()
                if spectator["view"]["game_over"]:
                    table_id = await new_table(http, ledger, game, rng)
                    continue
                seat = spectator["view"]["to_act"][0]
                auth = {"Authorization": f"Bearer {ledger.tokens[table_id][seat]}"}
                frame = (await http.get(f"/api/tables/{table_id}/view", headers=auth)).json()
                token = rng.choice(frame["legal"])
                res = await http.post(f"/api/tables/{table_id}/actions", headers=auth,
                                      json={"action": token, "n": frame["n"]})
                if res.status_code == 200:  # acknowledged: it must survive anything from now on
                    n = res.json()["n"]
                    assert n == frame["n"] + 1, f"{table_id}: one client per table, yet n went {frame['n']} → {n}"
                    ledger.acked[table_id, n - 1] = (seat, token)
        except (httpx.TransportError, json.JSONDecodeError):
            return  # the server was killed


def check(db_url: str, base: str, ledger: Ledger) -> list[str]:
    """Every acknowledged action stored as acknowledged, and the restarted server showing the stored log."""
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = {(t, n): (s, tok) for t, n, s, tok in conn.execute(text(
            "SELECT table_id, n, seat, token FROM kt_events"))}
    engine.dispose()
    lost = [f"{t} event {n}: acknowledged {ack}, stored {stored.get((t, n))}"
            for (t, n), ack in ledger.acked.items() if stored.get((t, n)) != ack]
    for table_id in ledger.tokens:
        shown = httpx.get(f"{base}/api/tables/{table_id}/view", timeout=30).json()["n"]
        count = sum(1 for t, _n in stored if t == table_id)
        if shown != count:
            lost.append(f"{table_id}: the restarted server shows {shown} events, the database holds {count}")
    return lost


async def cycle(base: str, ledger: Ledger, tables: list[str], game: str, rng: random.Random, seconds: float,
                min_acks: int, proc: subprocess.Popen[bytes]) -> None:
    """Play on every table; once ``min_acks`` actions are acknowledged, kill the server at a random moment
    within ``seconds``."""
    before = len(ledger.acked)
    stop = time.monotonic() + 600  # the players stop when the server is gone; this only bounds a hang

    async def killer() -> None:
        while len(ledger.acked) - before < min_acks and time.monotonic() < stop:
            await asyncio.sleep(0.01)
        await asyncio.sleep(rng.uniform(0, seconds))
        os.kill(proc.pid, signal.SIGKILL)

    await asyncio.gather(killer(), *(play(base, t, ledger, game, random.Random(rng.random()), stop) for t in tables))


async def first_tables(base: str, ledger: Ledger, game: str, rng: random.Random, count: int) -> list[str]:
    """``count`` new tables."""
    async with httpx.AsyncClient(base_url=base) as http:
        return [await new_table(http, ledger, game, rng) for _ in range(count)]


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="sqlite", help="'sqlite' (a temp file), 'postgres' "
                                                    "(KARTENTISCH_TEST_PG_URL) or a SQLAlchemy URL")
    ap.add_argument("--cycles", type=int, default=100)
    ap.add_argument("--tables", type=int, default=8, help="tables played at once (one client each)")
    ap.add_argument("--seconds", type=float, default=1.0,
                    help="longest play after the first --min-acks acknowledgements before the kill")
    ap.add_argument("--min-acks", type=int, default=5, help="acknowledged actions of a cycle before its kill")
    ap.add_argument("--game", default="colors")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db_url = {"sqlite": f"sqlite:///{Path(tmp) / 'soak.db'}",
                  "postgres": os.environ.get("KARTENTISCH_TEST_PG_URL", "")}.get(args.db, args.db)
        if not db_url:
            raise SystemExit("--db postgres needs KARTENTISCH_TEST_PG_URL (run under scripts/with-postgres.sh)")
        log = Path(tmp) / "serve.log"
        ledger = Ledger()
        lost: list[str] = []
        proc, base = start(db_url, log)
        tables = asyncio.run(first_tables(base, ledger, args.game, rng, args.tables))
        started = time.monotonic()
        per_cycle: list[int] = []
        for number in range(1, args.cycles + 1):
            before = len(ledger.acked)
            asyncio.run(cycle(base, ledger, tables, args.game, rng, args.seconds, args.min_acks, proc))
            proc.wait(10)
            proc, base = start(db_url, log)
            problems = check(db_url, base, ledger)
            lost += problems
            tables = list(ledger.tokens)[-args.tables:]
            per_cycle.append(len(ledger.acked) - before)
            print(f"cycle {number}: {len(ledger.acked) - before} actions acknowledged, "
                  f"{len(ledger.acked)} in all, {len(problems)} lost", flush=True)
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    summary = {"db": make_safe(db_url), "cycles": args.cycles, "tables": len(ledger.tokens),
               "fewest_acknowledged_in_a_cycle": min(per_cycle),
               "acknowledged": len(ledger.acked), "lost": len(lost), "seconds": round(time.monotonic() - started)}
    print(json.dumps(summary))
    for line in lost[:20]:
        print("LOST:", line)
    sys.exit(1 if lost else 0)


def make_safe(url: str) -> str:
    """``url`` without its password, for the summary."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


if __name__ == "__main__":
    main()
