"""Durability: the real ``kartentisch serve`` killed with SIGKILL mid-match resumes at the same position,
and the same store code works on PostgreSQL (``KARTENTISCH_TEST_PG_URL``, set by scripts/with-postgres.sh)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from kartentisch.web import create_app
from kartentisch.web.records import SeatRecord
from kartentisch.web.store import Store

from .conftest import auth, child_pids, free_port, living, move_entries, new_table, pg_test_url


def start_server(port: int, db_url: str, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """``kartentisch serve`` as a subprocess (``extra``: more options); returns once /api/health answers (fails
    after 30 s)."""
    cmd = [sys.executable, "-c", "from kartentisch.cli.app import main; main()",
           "serve", "--port", str(port), "--db", db_url, "--bot-delay", "0", *extra]
    proc = subprocess.Popen(cmd, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"server did not start: {log.read_text()}")


def stored(frames: list[dict]) -> list[dict]:
    """``frames`` without each seat's presence (and the hand-over it allows): who has a page open is the running
    server's to see, not the store's (issue 32)."""
    for frame in frames:
        for seat in frame["seats"]:
            del seat["presence"], seat["hand_over"]
    return frames


def views(base: str, tid: str, tokens: list[str]) -> list[dict]:
    """Every seat's and the spectator's view (bots stand still: a person is to act), :func:`stored`."""
    out = [httpx.get(f"{base}/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens]
    out.append(httpx.get(f"{base}/api/tables/{tid}/view").json())
    return stored(out)


def test_sigkill_mid_match_resumes_at_the_same_position(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'kill.db'}"
    log = tmp_path / "serve.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(port, db_url, log)
    try:
        assert "kill.db" in log.read_text()  # the start-up message names the database
        res = httpx.post(f"{base}/api/tables", json={"game": "colors", "players": 3, "seed": 8, "seats": [
            {"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "ismcts", "iterations": 30},
                {"kind": "human", "name": "Bo"}]})  # an ISMCTS bot: it searches in a worker process
        assert res.status_code == 201
        tid = res.json()["id"]
        tokens = {s["seat"]: s["token"] for s in res.json()["seats"] if s["kind"] == "human"}
        moves = 0
        while moves < 8:
            frame = httpx.get(f"{base}/api/tables/{tid}/view").json()
            humans = [s for s in frame["view"]["to_act"] if s in tokens]
            if not humans:
                time.sleep(0.02)  # the bot is thinking
                continue
            seat = humans[0]
            legal = httpx.get(f"{base}/api/tables/{tid}/view", headers=auth(tokens[seat])).json()["legal"]
            assert httpx.post(f"{base}/api/tables/{tid}/actions", json={"action": legal[-1]},
                              headers=auth(tokens[seat])).status_code == 200
            moves += 1
        while not set(httpx.get(f"{base}/api/tables/{tid}/view").json()["view"]["to_act"]) & set(tokens):
            time.sleep(0.02)
        before = views(base, tid, list(tokens.values()))
        assert before[0]["n"] > moves  # the bot played too
        workers = child_pids(proc.pid)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert workers, "the bot ran in no worker process"
    assert not living(workers, within_s=5), "bot workers outlived the killed server"
    proc = start_server(port, db_url, log)
    try:
        after = views(base, tid, list(tokens.values()))
        assert after == before
        # and play goes on: people act, and the bot (seat 1) takes its turns again
        deadline = time.monotonic() + 30
        while True:
            frame = httpx.get(f"{base}/api/tables/{tid}/view").json()
            if any(e["seat"] == 1 for e in move_entries(frame["log"])[before[0]["n"]:]):
                break
            assert time.monotonic() < deadline, "the bot did not move after the restart"
            humans = [s for s in frame["view"]["to_act"] if s in tokens]
            if humans:
                legal = httpx.get(f"{base}/api/tables/{tid}/view", headers=auth(tokens[humans[0]])).json()["legal"]
                httpx.post(f"{base}/api/tables/{tid}/actions", json={"action": legal[0]},
                           headers=auth(tokens[humans[0]]))
            else:
                time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)


@pytest.mark.postgres
def test_postgresql_store_round_trip() -> None:
    url = pg_test_url()
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
    with TestClient(create_app(url)) as client:
        table = new_table(client, "grid", 2, seats, seed=uuid.uuid4().int % 1000)
        tid, tokens = table["id"], [s["token"] for s in table["seats"]]
        for _ in range(6):
            seat = client.get(f"/api/tables/{tid}/view").json()["view"]["to_act"][0]
            legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[seat])).json()["legal"]
            assert client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]},
                               headers=auth(tokens[seat])).status_code == 200
        before = stored([client.get(f"/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens])
        assert client.app.state.store.engine.dialect.name == "postgresql"
    with TestClient(create_app(url)) as client:
        after = stored([client.get(f"/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens])
    assert after == before and after[0]["n"] == 6


def test_a_foreign_or_damaged_sqlite_file_is_refused_at_start_up(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE kt_tables (x INTEGER)")
    with pytest.raises(ValueError, match="table kt_tables lacks the columns created, game, id"):
        Store(f"sqlite:///{foreign}")

    damaged = tmp_path / "damaged.db"
    store = Store(f"sqlite:///{damaged}")
    for i in range(200):  # a few pages of rows, so that a page in the middle can be spoiled
        store.create_table(f"t{i}", "colors", 2, {"padding": "x" * 200}, i, [SeatRecord(0, "bot", "b", "random", None)])
    store.dispose()
    with damaged.open("r+b") as fh:  # the header page stays intact: the file still opens
        fh.seek(8192)
        fh.write(bytes(range(256)) * 16)
    with pytest.raises(ValueError, match="the SQLite file is damaged"):
        Store(f"sqlite:///{damaged}")


def test_a_hand_edited_row_is_a_503_naming_the_table(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        table = new_table(client, "colors", 2, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE kt_tables SET options = '[1, 2]' WHERE id = ?", (table["id"],))
    engine.dispose()
    with TestClient(create_app(db_url)) as client:  # a fresh server: the table is read from the store
        res = client.get(f"/api/tables/{table['id']}/view")
        assert res.status_code == 503 and f"table {table['id']!r} cannot be restored" in res.json()["error"]
