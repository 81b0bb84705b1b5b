"""Server limits: the ISMCTS caps (iterations, time budget, a time limit on every search), prompt shutdown
of ``kartentisch serve`` during a search, start-up validation of its port and database, default bot
names."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kartentisch.web import bot_turns, create_app, workers
from kartentisch.web.limits import Limits
from kartentisch.web.records import SeatRecord
from kartentisch.web.store import Store
from kartentisch.web.workers import MAX_ITERATIONS, choose_move, limited_spec

from .conftest import child_pids, free_port, living, move_entries, new_table

HUMAN = {"kind": "human", "name": "Ada"}
SERVE = [sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve"]


@pytest.mark.parametrize("seat, fragment", [
    ({"bot": "ismcts:iterations=1000000000"}, f"iterations=1000000000 is over this server's limit of {MAX_ITERATIONS}"),
    ({"bot": "ismcts:c=0.5,iterations=1000001"}, "iterations=1000001 is over"),
    ({"bot": "ismcts:time_budget_s=3600"}, "time_budget_s=3600 is over this server's limit of 5 s"),
    ({"bot": "ismcts:time_budget_s=inf"}, "time_budget_s=inf is over"),
    ({"bot": "ismcts:iterations=10", "iterations": 20}, "iterations given twice"),
    ({"bot": "ismcts:iterations=10,iterations=20"}, "seat 2: bot spec 'ismcts:iterations=10,iterations=20': "
                                                    "'iterations' is given twice; give each parameter once"),
    ({"bot": "ismcts", "iterations": MAX_ITERATIONS + 1}, "seats.1.iterations"),
])
def test_ismcts_caps_apply_to_the_parsed_spec(client: TestClient, seat: dict, fragment: str) -> None:
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [HUMAN, {"kind": "bot", **seat}]})
    assert res.status_code == 422, res.text
    assert fragment in res.json()["error"]


def test_iterations_field_merges_into_a_spec_with_parameters(client: TestClient) -> None:
    table = new_table(client, "colors", 2, [HUMAN, {"kind": "bot", "bot": "ismcts:c=0.5,time_budget_s=2",
                                                    "iterations": 30}])
    view = client.get(f"/api/tables/{table['id']}/view").json()
    assert view["seats"][1]["bot"] == "ismcts:c=0.5,time_budget_s=2,iterations=30"


@pytest.mark.parametrize("spec, limited", [
    ("ismcts", "ismcts:time_budget_s=5.0"),
    ("ismcts:iterations=200", "ismcts:iterations=200,time_budget_s=5.0"),
    ("ismcts:time_budget_s=2", "ismcts:time_budget_s=2"),
    ("ismcts:time_budget_s=60,c=1", "ismcts:time_budget_s=5.0,c=1"),  # stored before a lower limit
    ("heuristic", "heuristic"),
    ("random", "random"),
])
def test_every_server_search_gets_a_time_limit(spec: str, limited: str) -> None:
    assert limited_spec(spec, 5.0) == limited


def test_a_huge_search_still_moves_within_the_time_limit(db_url: str) -> None:
    """1,000,000 iterations would take hours on colors; the server's time limit makes the bot move anyway."""
    with TestClient(create_app(db_url, search_seconds=0.5)) as client:
        table = new_table(client, "colors", 2, [{"kind": "bot", "bot": "ismcts", "iterations": MAX_ITERATIONS}, HUMAN],
                          seed=2, options={"first_player": 0})
        token = table["seats"][1]["token"]
        with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
            frame = ws.receive_json()
            while frame["n"] == 0:
                frame = ws.receive_json()
        assert move_entries(frame["log"])[0]["seat"] == 0


def test_unnamed_bots_get_a_person_like_name_with_kind_in_each_language(client: TestClient) -> None:
    seats = [HUMAN, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"},
             {"kind": "bot", "bot": "random", "name": "Kai"}]
    table = new_table(client, "colors", 4, seats)
    names = {"en": ["Ada", "Bot Max (steady)", "Bot Ida (plays at random)", "Kai"],
             "de": ["Ada", "Bot Max (solide)", "Bot Ida (spielt zufällig)", "Kai"]}
    assert [s["name"] for s in table["seats"]] == names["en"]
    for lang, expected in names.items():
        frame = client.get(f"/api/tables/{table['id']}/view?lang={lang}").json()
        assert [s["name"] for s in frame["seats"]] == expected
        assert [s["bot"] for s in frame["seats"]] == [None, "heuristic", "random", "random"]  # for developers
    # a name given like a bot's label in either language would make two seats alike
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [
        {"kind": "human", "name": "bot max (solide)"}, {"kind": "bot", "bot": "heuristic"}]})
    assert res.status_code == 422 and 'looks like "bot max (solide)" (Seat 1)' in res.json()["error"], res.text


def test_an_illegal_move_names_its_rule_once(client: TestClient) -> None:
    table = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}], options={"first_player": 0})
    res = client.post(f"/api/tables/{table['id']}/actions", json={"action": "play:zz9"},
                      headers={"Authorization": f"Bearer {table['seats'][0]['token']}"})
    assert res.status_code == 422
    body = res.json()
    assert body["rule"].startswith("colors R") and body["rule"] not in body["error"] and "zz9" in body["error"]


# ---------------------------------------------------------------------- per-client limits (issue 22 item 3)
def limited(db_url: str, **kwargs: object) -> TestClient:
    """A TestClient on an app with only the given limits (the others off)."""
    return TestClient(create_app(db_url, limits=Limits(**{**dict.fromkeys(Limits.__dataclass_fields__), **kwargs})))


def test_creating_tables_is_rate_limited_per_client(db_url: str) -> None:
    body = {"game": "colors", "players": 2, "seats": [HUMAN, {"kind": "human", "name": "Bo"}]}
    with limited(db_url, create_rate="3/minute") as client:
        for _ in range(3):
            assert client.post("/api/tables", json=body).status_code == 201
        res = client.post("/api/tables", json=body)
        assert res.status_code == 429 and "at most 3 per minute" in res.json()["error"]
        wait = int(res.headers["retry-after"])
        assert 1 <= wait <= 60 and res.json()["retry_after"] == wait
        with TestClient(client.app, client=("192.0.2.7", 4000)) as other:  # another address has its own count
            assert other.post("/api/tables", json=body).status_code == 201
        stored = client.app.state.store.engine  # type: ignore[attr-defined]
        with stored.connect() as conn:
            assert conn.exec_driver_sql("SELECT count(*) FROM kt_tables").scalar() == 4  # the refused one wrote nothing


def test_actions_are_rate_limited_per_client_over_http_and_websocket(db_url: str) -> None:
    with limited(db_url, action_rate="4/second") as client:
        table = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}], options={"first_player": 0})
        tid, token = table["id"], table["seats"][0]["token"]
        url, headers = f"/api/tables/{tid}/actions", {"Authorization": f"Bearer {token}"}
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            ws.receive_json()
            for _ in range(2):
                assert client.post(url, json={"action": "play:zz9"}, headers=headers).status_code == 422
                ws.send_json({"type": "action", "action": "play:zz9"})
                assert ws.receive_json()["status"] == 422
            res = client.post(url, json={"action": "play:zz9"}, headers=headers)  # the fifth within a second
            assert res.status_code == 429 and res.headers["retry-after"] == "1"
            ws.send_json({"type": "action", "action": "play:zz9"})
            frame = ws.receive_json()
            assert frame["status"] == 429 and frame["retry_after"] == 1 and "at most 4 per second" in frame["error"]
            time.sleep(1.1)  # the window moves on; the socket stayed open
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            legal = client.get(f"/api/tables/{tid}/view", headers=headers).json()["legal"]
            assert client.post(url, json={"action": legal[0]}, headers=headers).status_code == 200


def test_sockets_per_client_are_capped(db_url: str) -> None:
    with limited(db_url, sockets_per_client=2) as client:
        table = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}])
        path = f"/ws/tables/{table['id']}?token={table['seats'][0]['token']}"
        with client.websocket_connect(path) as first, client.websocket_connect(f"/ws/tables/{table['id']}") as second:
            first.receive_json()
            with client.websocket_connect(path) as third:
                frame = third.receive_json()
                assert frame["status"] == 429 and "at most 2" in frame["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
            second.close()
            with client.websocket_connect(path) as again:  # a closed socket frees its place
                assert again.receive_json()["type"] == "state"


def test_spectators_per_table_are_capped(db_url: str) -> None:
    with limited(db_url, spectators_per_table=2) as client:
        table = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}])
        other = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}])
        watch = f"/ws/tables/{table['id']}?token="
        with ExitStack() as stack:
            for _ in range(2):
                ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
                ws.send_json({"type": "auth", "token": None})
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/tables/{table['id']}") as third:
                third.send_json({"type": "auth", "token": None})
                frame = third.receive_json()
                assert frame["status"] == 503 and "its 2 spectators" in frame["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4503
            with client.websocket_connect(watch + table["seats"][0]["token"]) as seat:  # seats still come in
                assert seat.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/tables/{other['id']}") as elsewhere:
                elsewhere.send_json({"type": "auth", "token": None})
                assert elsewhere.receive_json()["type"] == "state"


# ---------------------------------------------------------------------- bots: people's tables first
class _Searches:
    """Stand-ins for the Hub's worker processes: thread pools whose searches are logged in order.

    A bot-only table's search (``ismcts:iterations=7``) holds its worker until :attr:`release` is set (or
    ``hold_s`` passed, so a wrong scheduler ends the test instead of hanging it); any other search returns at once.
    ``log`` holds ``(what, who)`` in the order it happened: ``what`` is queued/start/end, ``who`` bot-only/person.
    """

    BOT_ONLY_SPEC = "ismcts:iterations=7"

    def __init__(self, hold_s: float = 20.0) -> None:
        self.log: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.hold_s = hold_s

    def note(self, what: str, spec: str) -> None:
        with self.lock:
            self.log.append((what, "bot-only" if spec.startswith(self.BOT_ONLY_SPEC) else "person"))

    def pool(self) -> type[ThreadPoolExecutor]:
        searches = self

        class Pool(ThreadPoolExecutor):  # ProcessPoolExecutor's signature; its initializer would nice this process
            def __init__(self, workers: int, **_: Any) -> None:
                super().__init__(workers)

            def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
                if fn is bot_turns.choose_move:
                    searches.note("queued", args[0])
                return super().submit(fn, *args, **kwargs)
        return Pool

    def choose_move(self, spec: str, game: Any, seed: int, state: Any, seat: int) -> str:
        if spec.startswith("random"):
            return choose_move(spec, game, seed, state, seat)
        self.note("start", spec)
        if spec.startswith(self.BOT_ONLY_SPEC):
            self.release.wait(self.hold_s)
        self.note("end", spec)
        return choose_move("random", game, seed, state, seat)

    def count(self, what: str, who: str, before: tuple[str, str]) -> int:
        """How many ``(what, who)`` the log holds before the first ``before``."""
        upto = self.log.index(before) if before in self.log else len(self.log)
        return self.log[:upto].count((what, who))


def test_a_person_s_bot_does_not_wait_behind_bot_only_searches(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four tables of bots only, each with a search running or queued that does not end: the bot of a person's
    table created after them still searches and moves (it shared their workers before and waited for two of
    those searches to end). Counted, not timed: the person's search starts before any bot-only search ends."""
    searches = _Searches()
    monkeypatch.setattr(workers, "ProcessPoolExecutor", searches.pool())
    monkeypatch.setattr(bot_turns, "choose_move", searches.choose_move)
    searcher = {"kind": "bot", "bot": _Searches.BOT_ONLY_SPEC}
    try:
        with TestClient(create_app(db_url)) as client:
            for i in range(4):
                bots_only = new_table(client, "colors", 2, [searcher, searcher], seed=i)
                client.get(f"/api/tables/{bots_only['id']}/view")  # loads the table: its bots start
            deadline = time.monotonic() + 60  # a guard against a hang, not a speed limit
            while searches.log.count(("queued", "bot-only")) < 4:
                assert time.monotonic() < deadline, searches.log
                time.sleep(0.01)
            table = new_table(client, "colors", 2, [{"kind": "bot", "bot": "ismcts", "iterations": 20}, HUMAN],
                              seed=9, options={"first_player": 0})
            with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['seats'][1]['token']}") as ws:
                frame = ws.receive_json()
                while frame["n"] == 0:
                    frame = ws.receive_json()
            searches.release.set()
    finally:
        searches.release.set()
    assert searches.count("end", "bot-only", before=("start", "person")) == 0, searches.log
    assert searches.count("start", "person", before=("end", "bot-only")) == 1, searches.log


def test_bot_only_workers_run_at_a_lower_priority(db_url: str) -> None:
    """The worker of tables without a person runs at a lower CPU priority than the people's bots' workers."""
    searcher = {"kind": "bot", "bot": "ismcts", "iterations": 20}
    with TestClient(create_app(db_url)) as client:
        bots_only = new_table(client, "colors", 2, [searcher, searcher], seed=1)
        table = new_table(client, "colors", 2, [searcher, HUMAN], seed=9, options={"first_player": 0})
        deadline = time.monotonic() + 120  # a guard against a hang (spawning workers), not a speed limit
        while not all(client.get(f"/api/tables/{t['id']}/view").json()["n"] for t in (bots_only, table)):
            assert time.monotonic() < deadline, "the bots never moved"
            time.sleep(0.1)
        niceness = {int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
                    for pid in child_pids(os.getpid())}
    base = os.nice(0)  # the test run's own niceness (a run under `nice` starts above 0)
    assert niceness == {base, min(base + 10, 19)}, niceness


def test_bot_only_tables_take_turns(db_url: str) -> None:
    """Three tables of bots only share one worker: once it runs (spawning it may take seconds on a busy
    machine), each of them moves, about as often as the others."""
    with TestClient(create_app(db_url)) as client:
        ids = [new_table(client, "colors", 4, [{"kind": "bot", "bot": "heuristic"}] * 4, seed=i,
                         options={"target_score": 300})["id"] for i in range(3)]

        def moves() -> list[int]:
            return [client.get(f"/api/tables/{tid}/view").json()["n"] for tid in ids]  # (loads them: bots start)

        deadline = time.monotonic() + 60
        while not all(moves()):
            assert time.monotonic() < deadline, "the bot-only worker never moved"
            time.sleep(0.1)
        start = moves()
        time.sleep(3)
        made = [after - before for after, before in zip(moves(), start, strict=True)]
    assert min(made) >= 3 and min(made) * 3 >= max(made), made


def test_tables_without_a_person_can_be_refused(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_only_searches=0)) as client:
        res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [{"kind": "bot"}] * 2})
        assert res.status_code == 422 and "no table without a person" in res.json()["error"]
        new_table(client, "colors", 2, [HUMAN, {"kind": "bot"}])


# ---------------------------------------------------------------------- expired tables leave the store
def test_expired_tables_are_deleted_from_the_store(db_url: str) -> None:
    store = Store(db_url)
    seats = [SeatRecord(0, "human", "A", None, "a"), SeatRecord(1, "human", "B", None, "b")]
    for tid in ("old", "older", "fresh"):
        store.create_table(tid, "colors", 2, {}, 1, [replace(s, token=f"{s.token}-{tid}") for s in seats])
    store.append_events("old", 0, [(0, "pass")])
    with store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE kt_tables SET touched = touched - 7200 WHERE id IN ('old', 'older')")
    store.dispose()
    with TestClient(create_app(db_url, ttl=3600, sweep_seconds=0.2)) as client:
        # the first sweep ran at start-up, before the first request
        assert client.get("/api/tables/old/view").status_code == 404
        assert client.get("/api/tables/older/view").status_code == 404
        assert client.get("/api/tables/fresh/view").status_code == 200
        table = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}])
        assert client.get(f"/api/tables/{table['id']}/view").status_code == 200  # now in memory
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.ttl = -1.0  # now every table is expired: the next sweep takes them from memory and the store
        deadline = time.monotonic() + 10
        while table["id"] in hub.tables or "fresh" in hub.tables:
            assert time.monotonic() < deadline, "the sweep every 0.2 s did not come"
            time.sleep(0.05)
    with Store(db_url).engine.connect() as conn:
        assert [conn.exec_driver_sql(f"SELECT count(*) FROM {t}").scalar() for t in
                ("kt_tables", "kt_seats", "kt_events")] == [0, 0, 0]


# ---------------------------------------------------------------------- the serve command
def wait_for_health(proc: subprocess.Popen[bytes], base: str) -> float:
    """Wait until the server ``proc`` at ``base`` answers /api/health (fails after 30 s or if it exits);
    returns that deadline, for the caller's next waits."""
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None, proc.communicate()
        try:
            if httpx.get(f"{base}/api/health").status_code == 200:
                return deadline
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.1)


@pytest.mark.parametrize(("proxy", "created"), [([], [201, 201, 429]),
                                               (["--forwarded-allow-ips", "127.0.0.1"], [201, 201, 201])])
def test_x_forwarded_for_counts_only_behind_a_proxy_serve_was_told_of(tmp_path: Path, proxy: list[str],
                                                                      created: list[int]) -> None:
    """Issue 31: by default a client on 127.0.0.1 could claim any address in X-Forwarded-For and so escape the
    per-client limits; now the header counts only from the proxies named with ``--forwarded-allow-ips``."""
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'kt.db'}",
                             "--create-rate", "2 per minute", *proxy], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_health(proc, base)
        body = {"game": "colors", "players": 2, "seats": [HUMAN, {"kind": "bot"}]}
        codes = [httpx.post(f"{base}/api/tables", json=body, headers={"X-Forwarded-For": f"203.0.113.{i}"})
                 .status_code for i in range(3)]
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    assert codes == created


def test_serve_stops_promptly_on_sigterm_during_a_search(tmp_path: Path) -> None:
    """SIGTERM while an ISMCTS worker is mid-search (limit 120 s): the server and its workers are gone in seconds."""
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'kt.db'}",
                             "--bot-delay", "0", "--search-seconds", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = wait_for_health(proc, base)
        res = httpx.post(f"{base}/api/tables", json={
            "game": "colors", "players": 2, "seed": 2, "options": {"first_player": 0},
            "seats": [{"kind": "bot", "bot": "ismcts:time_budget_s=120", "iterations": MAX_ITERATIONS}, HUMAN]})
        assert res.status_code == 201, res.text
        httpx.get(f"{base}/api/tables/{res.json()['id']}/view")  # loads the table: its bot starts thinking
        while not child_pids(proc.pid):
            assert time.monotonic() < deadline, "no worker process started"
            time.sleep(0.1)
        time.sleep(3)  # the spawned worker imports the games and is searching now
        workers = child_pids(proc.pid)
        assert httpx.get(f"{base}/api/tables/{res.json()['id']}/view").json()["n"] == 0  # still thinking
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=15)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert took < 10, f"serve took {took:.1f} s to stop"

    # Workers are terminated before serve exits; multiprocessing's resource tracker (also a child) leaves
    # when it sees its parent's pipe close, a moment later. Nothing may outlive that by seconds.
    assert not living(workers, within_s=5)


def test_ctrl_c_after_bot_games_shuts_the_workers_down_quietly(tmp_path: Path) -> None:
    """Ctrl-C in a terminal sends SIGINT to the whole process group, bot workers included: neither they nor
    the server may print a traceback (KeyboardInterrupt in a worker printed one in 2 of 4 shutdowns)."""
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'kt.db'}",
                             "--bot-delay", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)  # its own process group, as a terminal's job
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_health(proc, base)
        res = httpx.post(f"{base}/api/tables", json={
            "game": "colors", "players": 3, "seed": 2, "options": {"first_player": 0},
            "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "ismcts", "iterations": 50}, HUMAN]})
        assert res.status_code == 201, res.text
        deadline = time.monotonic() + 60
        while httpx.get(f"{base}/api/tables/{res.json()['id']}/view").json()["n"] < 2:  # both bots moved
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.1)
        assert len(child_pids(proc.pid)) >= 2  # the ISMCTS worker and the resource tracker
        os.killpg(proc.pid, signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode(errors="replace")


@pytest.mark.parametrize("args, fragment", [
    (["--db", "nonsense://x"], "database 'nonsense://x' cannot be used: Can't load plugin"),
    (["--db", "not a url"], "database 'not a url' cannot be used"),
    (["--port", "99999"], "--port must be between 1 and 65535, got 99999"),
    (["--port", "0"], "--port must be between 1 and 65535, got 0"),
    (["--search-seconds", "0"], "--search-seconds must be a number > 0"),
    (["--search-seconds", "inf"], "--search-seconds must be a number > 0, got inf"),
    (["--bot-delay", "nan"], "--bot-delay must be a number ≥ 0, got nan"),
    (["--bot-delay", "-1"], "--bot-delay must be a number ≥ 0, got -1"),
    (["--create-rate", "lots"], "--create-rate: 'lots' is not a rate such as '20/second'"),
    (["--action-rate", "5/fortnight"], "--action-rate: '5/fortnight' is not a rate"),
    (["--sockets-per-client", "-1"], "--sockets-per-client must be at least 0, got -1"),
    (["--spectators-per-table", "-5"], "--spectators-per-table must be at least 0, got -5"),
    (["--bot-searches", "0"], "--bot-searches must be at least 1, got 0"),
    (["--bot-only-searches", "-1"], "--bot-only-searches must be at least 0, got -1"),
    (["--expire-days", "0"], "--expire-days must be a number > 0, got 0"),
    (["--sweep-minutes", "nan"], "--sweep-minutes must be a number > 0, got nan"),
    (["--hint-rate", "often"], "--hint-rate: 'often' is not a rate"),
    (["--seat-hint-rate", "3/eon"], "--seat-hint-rate: '3/eon' is not a rate"),
    (["--replay-rate", "x"], "--replay-rate: 'x' is not a rate"),
    (["--upload-rate", "1/"], "--upload-rate: '1/' is not a rate"),
    (["--coach-workers", "0"], "--coach-workers must be at least 1, got 0"),
    (["--hint-queue", "0"], "--hint-queue must be at least 1, got 0"),
    (["--review-budget", "-3"], "--review-budget must be at least 1, got -3"),
    (["--table-reviews", "0"], "--table-reviews must be at least 1, got 0"),
    (["--upload-reviews", "0"], "--upload-reviews must be at least 1, got 0"),
    (["--reviews-per-client", "0"], "--reviews-per-client must be at least 1, got 0"),
    (["--replay-megabytes", "0"], "--replay-megabytes must be at least 1, got 0"),
])
def test_serve_rejects_bad_start_up_values_in_one_line(tmp_path: Path, args: list[str], fragment: str) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}  # the default database, should one be opened
    done = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kartentisch serve: error: ")
    assert fragment in done.stderr and "Traceback" not in done.stderr and "open http" not in done.stdout


def test_serve_help_lists_every_limit_with_its_default() -> None:
    done = subprocess.run([*SERVE, "--help"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    entries = {chunk.split()[0]: chunk for chunk in done.stdout.split("│ --")[1:]}  # one per option
    for option, default in (("create-rate", "20/minute"), ("action-rate", "20/second"),
                            ("sockets-per-client", "32"), ("spectators-per-table", "50"), ("bot-searches", "2"),
                            ("bot-only-searches", "1"), ("expire-days", "30.0"), ("sweep-minutes", "60.0"),
                            ("hint-rate", "30/minute"), ("seat-hint-rate", "12/minute"),
                            ("replay-rate", "10/second;300/minute"), ("upload-rate", "10/minute;60/hour"),
                            ("coach-workers", "1"), ("hint-queue", "16"), ("review-budget", "100000"),
                            ("table-reviews", "8"), ("upload-reviews", "4"), ("reviews-per-client", "1"),
                            ("replay-megabytes", "64")):
        assert f"[default: {default}]" in entries[option], entries.get(option)
    searching = " ".join(entries["search-seconds"].replace("│", " ").split())
    assert f"(default: {workers.SEARCH_SECONDS:g} seconds)" in searching and "kartentisch." not in searching


def test_serve_on_a_taken_port_says_so_in_one_line(tmp_path: Path) -> None:
    """Before it says "open http://…", serve checks that it can listen there (exit code 2, one line)."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'p.db'}"],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert f"cannot listen on 127.0.0.1:{port} (Address already in use)" in done.stderr
    assert "open http" not in done.stdout and "Traceback" not in done.stderr
