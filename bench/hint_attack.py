"""Hint-flood benchmark (issue 31; a benchmark, not a test): does a flood of coach hints slow a person's bot down?

Starts ``kartentisch serve`` on 127.0.0.1 (one process, SQLite in a temp folder, bots moving at once), then

1. **quiet** (``--quiet-seconds``, half before and half after the attack, after a warm-up): a victim table of
   ``colors``, one person and an ISMCTS bot (``--bot``); the person plays a random legal move as soon as it may,
   over a WebSocket, and every bot reply is timed, from the frame that asks the bot to the frame with its move (a
   finished match is followed by a new one);
2. **attack** (``--seconds``): the victim plays on while ``--tables`` tables of two people with hints on are
   flooded: per table one client asks the seat to act for a hint (``lang`` alternating ``en``/``de``) and then
   plays that seat's move, again and again, with no pause.

It prints the victim's bot reply p50/p90 in both phases and their ratio (goal, issue 31: attacked p50 within 2× of
quiet), with the hints answered and refused (429/503). ``--limits default`` runs the server with ``serve``'s
default limits (the hint rates refuse most of the flood, which comes from one address); ``--limits off`` switches
every per-client rate off, so the flood meets only the coach's queue and pool. ``--src DIR`` runs the server from
another checkout's ``src`` (``KARTENTISCH_PURE=1``), e.g. the code before issue 31, whose ``serve`` has none of the
new options (then use ``--limits off``, which passes only the old ones). ``--json FILE`` writes the figures.

    .venv/bin/python bench/hint_attack.py --limits off
    .venv/bin/python bench/hint_attack.py --limits off --src /work/main/src
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from web_load import free_port, wait_until_up  # bench/ is the script's folder
from websockets.asyncio.client import connect

#: Seconds the victim plays before the quiet phase (the bots' worker process starts).
WARM_UP = 5.0
#: ``serve`` options (known to the code before issue 31 too) that switch the old per-client limits off.
OLD_LIMITS_OFF = ["--create-rate", "off", "--action-rate", "off", "--sockets-per-client", "0",
                  "--spectators-per-table", "0"]
#: The new rates switched off as well.
NEW_RATES_OFF = ["--hint-rate", "off", "--seat-hint-rate", "off", "--replay-rate", "off", "--upload-rate", "off"]


def start_server(db: Path, options: list[str], src: str | None) -> tuple[subprocess.Popen[bytes], str]:
    """``kartentisch serve`` on a free loopback port (from ``src`` if given); returns (process, base URL)."""
    port = free_port()
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
        env["KARTENTISCH_PURE"] = "1"
    proc = subprocess.Popen([sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve",
                             "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}",
                             "--bot-delay", "0", *options], env=env)
    base = f"http://127.0.0.1:{port}"
    return wait_until_up(proc, base, "the server")


async def new_table(http: httpx.AsyncClient, seats: list[dict], **extra: object) -> dict:
    res = await http.post("/api/tables", json={"game": "colors", "players": 2, "seats": seats, **extra})
    res.raise_for_status()
    return res.json()  # type: ignore[no-any-return]


async def victim(base: str, http: httpx.AsyncClient, stop: float, replies: list[float], rng: random.Random,
                 bot: str) -> None:
    """Play tables of one person and the bot ``bot`` until ``stop``, timing each bot reply into ``replies``."""
    while time.monotonic() < stop:
        table = await new_table(http, [{"kind": "human", "name": "Vic"}, {"kind": "bot", "bot": bot}],
                                hints=False)
        url = base.replace("http", "ws", 1) + f"/ws/tables/{table['id']}?token={table['seats'][0]['token']}"
        async with connect(url, max_size=2**22) as ws:
            asked: float | None = None
            while time.monotonic() < stop:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic())))
                except TimeoutError:
                    return
                if frame["type"] != "state":
                    continue
                if asked is not None:
                    replies.append(time.perf_counter() - asked)
                    asked = None
                if frame["view"]["game_over"]:
                    break
                if 1 in frame["view"]["to_act"]:
                    asked = time.perf_counter()
                elif frame["legal"]:
                    await ws.send(json.dumps({"type": "action", "action": rng.choice(frame["legal"])}))


async def attacker(http: httpx.AsyncClient, stop: float, seen: Counter[str]) -> None:
    """Flood one table of two people with hints until ``stop``: ask the seat to act for one, play its move."""
    table = await new_table(http, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}], hints=True)
    tokens = [s["token"] for s in table["seats"]]
    langs = ["en", "de"]
    asks = 0
    while time.monotonic() < stop:
        frame = (await http.get(f"/api/tables/{table['id']}/view",
                                headers={"Authorization": f"Bearer {tokens[0]}"})).json()
        if frame["view"]["game_over"]:
            table = await new_table(http, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
                                    hints=True)
            tokens = [s["token"] for s in table["seats"]]
            continue
        seat = frame["view"]["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        asks += 1
        try:
            res = await http.get(f"/api/tables/{table['id']}/hint?lang={langs[asks % 2]}", headers=auth,
                                 timeout=max(1.0, stop - time.monotonic()))
        except httpx.TimeoutException:
            seen["timed out"] += 1
            return
        seen[str(res.status_code)] += 1
        if res.status_code in (429, 503):
            await asyncio.sleep(min(float(res.headers.get("Retry-After", "1")), max(0.0, stop - time.monotonic())))
            continue
        mine = (await http.get(f"/api/tables/{table['id']}/view", headers=auth)).json()
        if mine["legal"]:
            await http.post(f"/api/tables/{table['id']}/actions", json={"action": mine["legal"][0]}, headers=auth)


def figures(replies: list[float]) -> dict[str, float | int]:
    """p50 and p90 (s) and count of bot replies."""
    if not replies:
        return {"replies": 0}
    cuts = statistics.quantiles(replies, n=10) if len(replies) > 1 else [replies[0]] * 9
    return {"replies": len(replies), "p50_s": round(statistics.median(replies), 3), "p90_s": round(cuts[8], 3)}


async def run(base: str, tables: int, quiet_seconds: float, seconds: float, seed: int, bot: str) -> dict:
    """Warm-up (the bots' worker starts), half the quiet phase, the attack, the other half of the quiet phase (so
    a change of the machine's other load shows in both); the figures."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        await victim(base, http, time.monotonic() + WARM_UP, [], rng, bot)
        quiet: list[float] = []
        await victim(base, http, time.monotonic() + quiet_seconds / 2, quiet, rng, bot)
        attacked: list[float] = []
        seen: Counter[str] = Counter()
        stop = time.monotonic() + seconds
        flood = [attacker(http, stop, seen) for _ in range(tables)]
        await asyncio.gather(victim(base, http, stop, attacked, rng, bot), *flood)
        await victim(base, http, time.monotonic() + quiet_seconds / 2, quiet, rng, bot)
    q, a = figures(quiet), figures(attacked)
    ratio = round(a["p50_s"] / q["p50_s"], 2) if "p50_s" in q and "p50_s" in a else None
    return {"quiet": q, "attacked": a, "p50_ratio": ratio, "hint_answers": dict(seen),
            "bot_replies_per_minute_attacked": round(60 * len(attacked) / seconds, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=8, help="tables flooding the coach with hints")
    ap.add_argument("--quiet-seconds", type=float, default=30.0)
    ap.add_argument("--seconds", type=float, default=60.0, help="length of the attack")
    ap.add_argument("--limits", choices=("default", "off"), default="off",
                    help="the server's per-client rates: serve's defaults, or all off")
    ap.add_argument("--src", help="run the server from this checkout's src folder (e.g. the code before)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="ismcts:iterations=300", help="the victim's bot spec")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args()
    options = [] if args.limits == "default" else OLD_LIMITS_OFF + ([] if args.src else NEW_RATES_OFF)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp) / "attack.db", options, args.src)
        try:
            load = os.getloadavg()[0]
            out = asyncio.run(run(base, args.tables, args.quiet_seconds, args.seconds, args.seed, args.bot))
        finally:
            proc.terminate()
            proc.wait(15)
    out = {"src": args.src or "this checkout", "limits": args.limits, "tables": args.tables, "bot": args.bot,
           "load_1min_at_start": load, "load_1min_at_end": os.getloadavg()[0], **out}
    print(json.dumps(out, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
