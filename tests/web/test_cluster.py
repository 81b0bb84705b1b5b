"""Several ``kartentisch serve`` processes over one PostgreSQL (issue 26): any seat through any process, every
event once and in one order, the bots handed on when a process dies; and SQLite refusing a second process.

The PostgreSQL tests need ``KARTENTISCH_TEST_PG_URL`` (scripts/with-postgres.sh sets it, as for the store
tests); they talk to the processes directly, without nginx (the page's reconnect goes to another process the
same way through nginx).
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select
from websockets.asyncio.client import connect

from kartentisch.kernel import Match, lookup
from kartentisch.web.hub import Hub
from kartentisch.web.live import LiveTable
from kartentisch.web.records import SeatRecord
from kartentisch.web.schema import leases_t, moves_note, note_count, note_moves
from kartentisch.web.store import Store

from .conftest import auth, free_port, move_entries, pg_test_url
from .test_durability import start_server

#: Every simulated person comes from 127.0.0.1: the per-client limits are off.
NO_LIMITS = ("--create-rate", "off", "--action-rate", "off", "--sockets-per-client", "0")


@pytest.fixture
def pg_url() -> str:
    """The test PostgreSQL database (skipped without one, failing in CI)."""
    return pg_test_url()


@pytest.fixture
def two_servers(pg_url: str, tmp_path: Path) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """Two ``serve`` processes A and B on the same database (bots wait 0.2 s, so a kill finds one thinking)."""
    started = []
    try:
        for name in "ab":
            port = free_port()
            proc = start_server(port, pg_url, tmp_path / f"serve-{name}.log", "--bot-delay", "0.2",
                                "--coach-iterations", "30", *NO_LIMITS)
            started.append((proc, f"http://127.0.0.1:{port}"))
        yield started
    finally:
        for proc, _base in started:
            proc.kill()
            proc.wait(10)


@dataclass
class Seat:
    """One person at the table: what its sockets were shown (event number → its seat and token as shown to this
    seat, checked to never change), the chat texts it saw and the error frames it got."""

    seat: int
    token: str
    events: dict[int, tuple[int, str]] = field(default_factory=dict)
    chat: set[str] = field(default_factory=set)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def saw(self, frame: dict[str, Any]) -> None:
        for i, entry in enumerate(move_entries(frame["log"])):
            shown = (entry["seat"], entry["token"])
            assert self.events.setdefault(frame["log_start"] + i, shown) == shown, "an event changed"
        self.chat.update(m["text"] for m in frame["chat"])


async def play(base: str, table_id: str, person: Seat, rng: random.Random, *, by_http: bool,
               stop: Any = None) -> dict[str, Any]:
    """Play ``person``'s random legal moves through the process at ``base`` (WebSocket frames; the moves over
    HTTP if ``by_http``, else over the socket) until the match is over or ``stop(frame)``; returns the last frame.

    A frame older than the newest one seen is not acted on (an HTTP answer overtakes the socket's frames), nor one
    that comes while a move sent over the socket waits for its answer (its frame, or an error)."""
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={person.token}"
    async with connect(url) as ws, httpx.AsyncClient(base_url=base, timeout=10) as http:
        acted = newest = -1
        sent: int | None = None  # the socket's move waiting for its answer, sent at this event count
        last: dict[str, Any] = {}
        answered: list[dict[str, Any]] = []

        async def move(frame: dict[str, Any]) -> None:
            action = rng.choice(frame["legal"])
            if not by_http:
                nonlocal sent
                sent = frame["n"]
                await ws.send(json.dumps({"type": "action", "action": action, "n": frame["n"]}))
                return
            res = await http.post(f"/api/tables/{table_id}/actions", json={"action": action, "n": frame["n"]},
                                  headers=auth(person.token))
            assert res.status_code == 200, res.text
            answered.append(res.json())

        while True:
            frame = answered.pop() if answered else json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] == "error":
                person.errors.append(frame)
                acted, sent = -1, None  # not applied: decide again
                frame = last
            elif frame["type"] == "state":
                person.saw(frame)
                if frame["n"] < newest:
                    continue
                last, newest = frame, frame["n"]
            else:
                continue
            if frame["view"]["phase"] == "game_over" or (stop is not None and stop(frame)):
                return frame
            if sent is not None and any(i >= sent and seat == person.seat for i, (seat, _) in person.events.items()):
                sent = None  # answered
            if frame["legal"] and frame["n"] > acted and sent is None:
                acted = frame["n"]
                await move(frame)


def lease_owner(url: str, table_id: str) -> str | None:
    """Who holds the table's bot lease now (``None``: nobody)."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(select(leases_t.c.owner).where(leases_t.c.table_id == table_id)).scalar()
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_a_match_over_two_processes_survives_killing_one(two_servers: list[tuple[subprocess.Popen[bytes], str]],
                                                         pg_url: str) -> None:
    (proc_a, base_a), (_proc_b, base_b) = two_servers
    res = httpx.post(f"{base_a}/api/tables", json={"game": "grid", "players": 3, "seed": 26, "options": {
        "end_total": 1}, "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"},
                                   {"kind": "human", "name": "Bo"}]})
    assert res.status_code == 201, res.text
    table_id = res.json()["id"]
    ada, bo = (Seat(s["seat"], s["token"]) for s in res.json()["seats"] if s["kind"] == "human")

    def a_drives_the_bot(frame: dict[str, Any]) -> bool:
        """Ada has moved 10 times through A, the bot (next after her) is to move and A holds its lease."""
        moves = move_entries(frame["log"])
        if not (sum(1 for seat, _ in ada.events.values() if seat == 0) >= 10 and 1 in frame["view"]["to_act"]
                and moves and moves[-1]["seat"] == 0):
            return False
        owner = lease_owner(pg_url, table_id)
        return owner is not None and f":{proc_a.pid}:" in owner

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], int, str | None]:
        # A reads the table first, so its bots' lease is A's (the bot flips its first cards at once) and stays
        # A's while A holds the table
        assert httpx.get(f"{base_a}/api/tables/{table_id}/view").status_code == 200
        deadline = time.monotonic() + 5
        while lease_owner(pg_url, table_id) is None and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        bo_plays = asyncio.create_task(play(base_b, table_id, bo, random.Random(2), by_http=True))
        async with httpx.AsyncClient(base_url=base_b) as http:  # chat through B reaches Ada's socket on A
            assert (await http.post(f"/api/tables/{table_id}/chat", json={"text": "hello from B"},
                                    headers=auth(bo.token))).status_code == 201
        await play(base_a, table_id, ada, random.Random(1), by_http=False, stop=a_drives_the_bot)
        owner = lease_owner(pg_url, table_id)
        killed_at = max(ada.events)
        proc_a.kill()  # SIGKILL: no shutdown, its lease must expire
        proc_a.wait(10)
        ada_end = await play(base_b, table_id, ada, random.Random(3), by_http=False)  # Ada's page reconnects to B
        return ada_end, await bo_plays, killed_at, owner

    ada_end, bo_end, killed_at, owner = asyncio.run(asyncio.wait_for(scenario(), 120))
    assert "hello from B" in ada.chat
    assert ada_end["view"]["phase"] == bo_end["view"]["phase"] == "game_over"
    final = {seat.seat: httpx.get(f"{base_b}/api/tables/{table_id}/view", headers=auth(seat.token)).json()
             for seat in (ada, bo)}
    for person in (ada, bo):
        log = move_entries(final[person.seat]["log"])
        # every event it was shown (its own acknowledged moves among them) is in the log, at the same place
        assert {i: (e["seat"], e["token"]) for i, e in enumerate(log)} == person.events
        assert not person.errors, person.errors
    spectator = [(e["seat"], e["token"]) for e in move_entries(httpx.get(f"{base_b}/api/tables/{table_id}/view")
                                                               .json()["log"])]
    assert [seat for seat, _ in spectator] == [ada.events[i][0] for i in sorted(ada.events)]
    assert any(seat == 1 for seat, _ in spectator[killed_at + 1:]), "the bot moved on after the kill"
    assert owner is not None and f":{proc_a.pid}:" in owner, "A held the bots' lease when it was killed"
    deadline = time.monotonic() + 10
    while (left := lease_owner(pg_url, table_id)) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left is None, (left, proc_a.pid, _proc_b.pid)  # the match is over: nobody drives its bots


@pytest.mark.postgres
def test_the_same_action_through_two_processes_at_once_is_applied_once(
        two_servers: list[tuple[subprocess.Popen[bytes], str]]) -> None:
    (_a, base_a), (_b, base_b) = two_servers
    res = httpx.post(f"{base_a}/api/tables", json={"game": "grid", "players": 2, "seed": 9, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    assert res.status_code == 201, res.text
    table_id = res.json()["id"]
    tokens = [s["token"] for s in res.json()["seats"]]

    async def race() -> list[tuple[int, str]]:
        async with httpx.AsyncClient(base_url=base_a) as a, httpx.AsyncClient(base_url=base_b) as b:
            answers = []
            for _ in range(8):
                n = (await a.get(f"/api/tables/{table_id}/view")).json()
                seat = n["view"]["to_act"][0]
                frame = (await b.get(f"/api/tables/{table_id}/view", headers=auth(tokens[seat]))).json()
                body = {"action": frame["legal"][0], "n": frame["n"]}
                both = await asyncio.gather(*(c.post(f"/api/tables/{table_id}/actions", json=body,
                                                     headers=auth(tokens[seat])) for c in (a, b)))
                assert sorted(r.status_code for r in both) == [200, 409], [r.text for r in both]
                refused = next(r for r in both if r.status_code == 409).json()["error"]
                answers.append((frame["n"], refused))
                for client in (a, b):  # one event more, the same in both processes
                    after = (await client.get(f"/api/tables/{table_id}/view")).json()
                    assert after["n"] == frame["n"] + 1
            return answers

    for _n, refused in asyncio.run(race()):
        assert "nothing applied" in refused or "no decision now" in refused, refused


@pytest.mark.postgres
def test_an_upload_and_its_review_answer_through_any_process(
        two_servers: list[tuple[subprocess.Popen[bytes], str]]) -> None:
    (_a, base_a), (_b, base_b) = two_servers
    match = Match(lookup("chips"), 2, {"rounds": 1}, 3)
    rng = random.Random(3)
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    res = httpx.post(f"{base_a}/api/replays", json={"text": match.dumps()})
    assert res.status_code == 201, res.text
    upload = res.json()["id"]
    assert httpx.get(f"{base_b}/api/replays/{upload}?n=3&seat=1").json()["n"] == 3  # kept in the store, not in A
    assert httpx.get(f"{base_b}/api/replays/{upload}/review").json() == {"state": "none"}
    started = httpx.post(f"{base_a}/api/replays/{upload}/review").json()
    assert started["state"] == "running"
    deadline = time.monotonic() + 60
    while (review := httpx.get(f"{base_b}/api/replays/{upload}/review").json())["state"] == "running":
        assert time.monotonic() < deadline, review
        time.sleep(0.2)
    assert review["state"] == "done" and len(review["decisions"]) == review["total"] == started["total"]
    assert httpx.get(f"{base_a}/api/replays/{upload}/review").json() == review  # one review, the same everywhere


def test_a_second_process_on_the_same_sqlite_file_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "one.db"
    first = start_server(free_port(), f"sqlite:///{db}", tmp_path / "first.log")
    try:
        second = subprocess.run([sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve",
                                 "--port", str(free_port()), "--db", f"sqlite:///{db}"],
                                capture_output=True, text=True, timeout=60)
    finally:
        first.kill()
        first.wait(10)
    assert second.returncode == 2
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and str(db) in lines[0] and "in use by another kartentisch process" in lines[0], lines


@pytest.mark.postgres
def test_a_rematch_asked_through_two_processes_at_once_is_one_table(pg_url: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from fastapi.testclient import TestClient

    from kartentisch.web import create_app

    with TestClient(create_app(pg_url)) as a, TestClient(create_app(pg_url)) as b:
        res = a.post("/api/tables", json={"game": "grid", "players": 2, "seed": 4, "options": {"end_total": 1},
                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
        table_id, tokens = res.json()["id"], [s["token"] for s in res.json()["seats"]]
        rng = random.Random(4)
        for turn in range(500):  # every move through the other process than the one before
            client = (a, b)[turn % 2]
            frame = client.get(f"/api/tables/{table_id}/view").json()
            if frame["view"]["phase"] == "game_over":
                break
            seat = frame["view"]["to_act"][0]
            legal = client.get(f"/api/tables/{table_id}/view", headers=auth(tokens[seat])).json()["legal"]
            assert client.post(f"/api/tables/{table_id}/actions", json={"action": rng.choice(legal)},
                               headers=auth(tokens[seat])).status_code == 200
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda pair: pair[0].post(f"/api/tables/{table_id}/rematch",
                                                              headers=auth(tokens[pair[1]])).json(),
                                    [(a, 0), (b, 1)]))
        if None in (answers[0]["id"], answers[1]["id"]):  # the answer that came first waits for the other (issue 32)
            answers = [client.post(f"/api/tables/{table_id}/rematch", headers=auth(tokens[seat])).json()
                       for client, seat in ((a, 0), (b, 1))]
        assert answers[0]["id"] == answers[1]["id"] is not None  # one rematch, whichever process was first
        for client, seat in ((a, 0), (b, 1)):
            frame = client.get(f"/api/tables/{answers[0]['id']}/view", headers=auth(answers[seat]["token"])).json()
            assert frame["seat"] == seat


async def until(check: Any, what: str, seconds: float = 10.0) -> None:
    """Wait until ``check()`` is true (polled every 10 ms), failing with ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        await asyncio.sleep(0.01)


async def move(hub: Hub, table: LiveTable) -> None:
    """The seat to act at ``table`` plays its first legal move through ``hub``."""
    seat = table.state.to_act()[0]
    await hub.act(table, seat, table.state.legal_actions(seat)[0])


def log_of(table: LiveTable) -> list[tuple[int, str]]:
    """The table's events in memory as (seat, token)."""
    return [(entry.seat, entry.token) for entry in table.log]


def listening(hubs: tuple[Hub, ...], stores: list[Store], scenario: Callable[[], Awaitable[None]]) -> None:
    """Run ``scenario`` in one event loop while every hub listens to PostgreSQL's notifications, then close the hubs
    and their stores."""

    async def run() -> None:
        listeners = [asyncio.create_task(hub.cluster.listen()) for hub in hubs]
        try:
            await scenario()
        finally:
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)

    try:
        asyncio.run(run())
    finally:
        for hub, store in zip(hubs, stores, strict=True):
            hub.close()
            store.dispose()


@pytest.mark.postgres
def test_a_process_hears_only_the_tables_it_holds_and_catches_up_one_it_starts_serving(pg_url: str) -> None:
    """Issue 33 goal 5: each table notifies on its own channel, and a process listens on the channels of the tables
    it holds only. Two hubs A and B on one PostgreSQL, in one event loop: B holds table 1, not table 2, and hears
    no notification of table 2's moves, while it catches up table 1's, each event once and in order. Table 2 read
    by B while A commits a move (between B's read and its LISTEN) reaches B complete, and so do A's later moves.
    A table B drops from memory (evicted) is no longer listened on."""
    stores = [Store(pg_url), Store(pg_url)]
    hub_a, hub_b = (Hub(store, ThreadPoolExecutor(2)) for store in stores)
    ids = [f"ch-{uuid.uuid4().hex[:12]}" for _ in range(3)]
    for table_id in ids:
        seats = [SeatRecord(i, "human", name, None, uuid.uuid4().hex) for i, name in enumerate(("Ada", "Ben"))]
        assert stores[0].create_table(table_id, "colors", 2, {}, 1, seats)
    heard_b: list[tuple[Any, ...]] = []
    hear = hub_b.cluster.heard

    def spy(*args: Any) -> None:
        heard_b.append(args)
        hear(*args)

    hub_b.cluster.heard = spy  # type: ignore[method-assign,assignment]
    load = stores[1].load
    read, go_on = threading.Event(), threading.Event()

    def held_load(table_id: str) -> Any:  # B's read of table 2 waits after reading until A has moved there
        record = load(table_id)
        if table_id == ids[1]:
            read.set()
            assert go_on.wait(10)
        return record

    stores[1].load = held_load  # type: ignore[method-assign]

    async def scenario() -> None:
        await until(lambda: hub_a.cluster.listening == hub_b.cluster.listening == frozenset(), "listening")
        a1, a2, b1 = await hub_a.get(ids[0]), await hub_a.get(ids[1]), await hub_b.get(ids[0])
        await until(lambda: hub_b.cluster.listening == {ids[0]}, "B listens on table 1 only")
        for _ in range(3):
            await move(hub_a, a2)
            await move(hub_a, a1)
        await until(lambda: log_of(b1) == log_of(a1), "B caught up table 1")
        assert len(a1.log) == 3 and not [args for args in heard_b if any(ids[1] in str(arg) for arg in args)], \
            "B heard a notification of table 2, which it does not hold"
        taking = asyncio.create_task(hub_b.get(ids[1]))
        await asyncio.to_thread(read.wait, 10)
        await move(hub_a, a2)  # committed after B read table 2, before B listens on its channel
        go_on.set()
        b2 = await taking
        await until(lambda: log_of(b2) == log_of(a2) and len(a2.log) == 4, "B caught up table 2 on taking it")
        await until(lambda: hub_b.cluster.listening == {ids[0], ids[1]}, "B listens on table 2")
        await move(hub_a, a2)
        await until(lambda: log_of(b2) == log_of(a2) and len(a2.log) == 5, "B heard table 2's next move")
        hub_b.max_live = 2
        b1.accessed = 0.0  # the least recently used: dropped to make room for table 3
        await hub_b.get(ids[2])
        await until(lambda: hub_b.cluster.listening == {ids[1], ids[2]}, "B stopped listening on table 1")

    listening((hub_a, hub_b), stores, scenario)


@pytest.mark.postgres
def test_a_held_table_moves_without_reading_the_store_and_a_move_heard_late_refuses_nothing(pg_url: str) -> None:
    """Issue 33 goal 5: a table whose channel a process listens on is current, so a move there is committed without
    reading the store first, and a move another process commits reaches it in its notification
    (:func:`~kartentisch.web.schema.moves_note`) and is applied without reading it back: while A and B play
    A's and B's moves at a table both hold, neither calls ``Store.changes`` once (before: one read per move in
    the mover and one per move heard). A move B has not heard yet refuses nothing: B's person, whose turn it is
    after A's move, acts on B's table as it was; the refusal there (not their turn) is judged again after reading,
    and the move counts."""
    stores = [Store(pg_url), Store(pg_url)]
    hub_a, hub_b = (Hub(store, ThreadPoolExecutor(2)) for store in stores)
    table_id = f"cur-{uuid.uuid4().hex[:12]}"
    seats = [SeatRecord(i, "human", name, None, uuid.uuid4().hex) for i, name in enumerate(("Ada", "Ben"))]
    assert stores[0].create_table(table_id, "colors", 2, {}, 1, seats)
    reads: list[str] = []
    for store in stores:
        def counted(*args: Any, _changes: Any = store.changes) -> Any:
            reads.append(args[0])
            return _changes(*args)

        store.changes = counted  # type: ignore[method-assign]

    async def scenario() -> None:
        a, b = await hub_a.get(table_id), await hub_b.get(table_id)
        await until(lambda: hub_a.cluster.current(table_id) and hub_b.cluster.current(table_id), "both current")
        reads.clear()
        for _ in range(3):
            await move(hub_a, a)
            await until(lambda: log_of(b) == log_of(a), "B heard A's move")
            await move(hub_b, b)
            await until(lambda: log_of(a) == log_of(b), "A heard B's move")
        assert len(a.log) == 6 and reads == [], f"the store was read: {reads}"
        hear = hub_b.cluster.heard
        hub_b.cluster.heard = lambda *args: None  # type: ignore[method-assign,assignment]
        seat = a.state.to_act()[0]
        await move(hub_a, a)
        late = a.state.to_act()[0]
        assert late != seat and len(b.log) == 6, "B has not heard A's seventh move"
        hub_b.cluster.heard = hear  # type: ignore[method-assign]
        await hub_b.act(b, late, a.state.legal_actions(late)[0])
        assert reads == [table_id], reads
        assert len(b.log) == 8, log_of(b)
        assert log_of(b)[:7] == log_of(a)[:7]
        await until(lambda: log_of(a) == log_of(b), "A heard B's eighth move")

    listening((hub_a, hub_b), stores, scenario)


def test_a_commits_notification_carries_its_moves_within_postgresqls_limit() -> None:
    """Issue 33 goal 5: a move's notification carries its ``(seat, token)`` events, read back as sent; one that
    would pass PostgreSQL's 8000-byte payload carries the count only (the events are then read from the store), and
    the other payloads (``chat``, …) are no moves."""
    events = [(0, "play:r7"), (1, "draw")]
    note = moves_note(12, events)
    assert note_count(note) == 12 and note_moves(note) == events
    long = [(0, "x" * 400)] * 20
    assert moves_note(40, long) == "40" and note_count("40") == 40 and note_moves("40") is None
    assert note_count("chat") is None and note_count("7:not json") == 7 and note_moves("7:not json") is None
