"""Group commit (issue 33 goal 3): concurrent moves of different tables share one transaction, a move is
acknowledged and applied only after its transaction committed, one table's refused append leaves the others
committed, and a failed transaction applies nothing anywhere. On SQLite and PostgreSQL (the store tests)."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg import sql
from sqlalchemy import event, func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from kartentisch.web.commits import GroupCommit
from kartentisch.web.hub import SHARED_WRITERS, Hub
from kartentisch.web.live import LiveTable
from kartentisch.web.records import Append, SeatRecord
from kartentisch.web.schema import APPEND_MOVES_PG_SQL, channel, events_t
from kartentisch.web.store import Store

from .conftest import new_table, pg_test_url

PEOPLE = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}]
TABLES = 5


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store on a fresh SQLite file, and on the test PostgreSQL database."""
    made = Store(f"sqlite:///{tmp_path / 'kt.db'}" if request.param == "sqlite" else pg_test_url())
    yield made
    made.dispose()


def stored_tables(store: Store, count: int) -> list[str]:
    """The ids of ``count`` new colors tables of two people in ``store``."""
    ids = [f"gc-{uuid.uuid4().hex[:12]}" for _ in range(count)]
    for table_id in ids:
        seats = [SeatRecord(i, "human", "", None, uuid.uuid4().hex) for i in range(2)]
        assert store.create_table(table_id, "colors", 2, {}, 1, seats)
    return ids


def counted_commits(store: Store) -> list[int]:
    """A list that grows by one with every transaction ``store`` commits (SQLAlchemy's ``commit`` event)."""
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _conn: commits.append(1))
    return commits


def transactions_writing(store: Store, ids: list[str]) -> int:
    """On PostgreSQL, how many transactions last wrote the events and the table rows of ``ids`` (distinct ``xmin``:
    a row's writing transaction; the moves' commit runs without SQLAlchemy's transaction, whose ``commit`` event
    :func:`counted_commits` counts)."""
    with store.engine.connect() as conn:
        return int(conn.exec_driver_sql(
            "SELECT count(DISTINCT x) FROM (SELECT xmin::text AS x FROM kt_events WHERE table_id = ANY(%(ids)s) "
            "UNION ALL SELECT xmin::text FROM kt_tables WHERE id = ANY(%(ids)s)) AS written",
            {"ids": ids}).scalar_one())


def test_one_transaction_holds_the_appends_of_several_tables(store: Store) -> None:
    ids = stored_tables(store, TABLES)
    commits = counted_commits(store)
    store.commit_moves([Append(t, 0, ((0, "a"), (1, "b"))) for t in ids])
    if store.shared:  # the events inserted and the tables touched by one transaction
        assert transactions_writing(store, ids) == 1
    else:
        assert len(commits) == 1
    for table_id in ids:
        record = store.load(table_id)
        assert record is not None and record.events == [(0, "a"), (1, "b")]


@pytest.mark.postgres
def test_a_batch_is_one_statement_on_postgres(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33 goal 5: on PostgreSQL a batch's commit is one statement in autocommit (insert, touch, notify: one round
    trip; before, ``BEGIN``, an ``INSERT`` pipeline, an ``UPDATE`` and ``COMMIT``), and its moves are committed
    when ``commit_moves`` returns: another connection reads them at once."""
    store = Store(pg_test_url())
    statements: list[tuple[str, bool]] = []
    on_driver = store._on_driver

    def counted(conn: Any, sql_text: str, params: Any) -> None:
        statements.append((sql_text, conn.connection.dbapi_connection.autocommit))
        on_driver(conn, sql_text, params)

    try:
        ids = stored_tables(store, 3)
        monkeypatch.setattr(store, "_on_driver", counted)
        store.commit_moves([Append(t, 0, ((0, "a"), (1, "b"))) for t in ids])
        assert statements == [(APPEND_MOVES_PG_SQL, True)]
        with psycopg.connect(store.conninfo()) as other:
            rows = other.execute("SELECT table_id, n, token FROM kt_events WHERE table_id = ANY(%s) "
                                 "ORDER BY table_id, n", (ids,)).fetchall()
        assert rows == [(t, n, tok) for t in sorted(ids) for n, tok in enumerate("ab")]
    finally:
        store.dispose()


def test_a_number_taken_fails_only_its_tables_append(store: Store) -> None:
    """Three tables' appends in one batch of the store's group commit (on PostgreSQL on the event loop), the middle
    one's number taken: its append alone fails, with SQLAlchemy's IntegrityError, and the others are committed."""
    ids = stored_tables(store, 3)
    store.append_events(ids[1], 0, [(1, "first")])  # another process numbered event 0 of the middle table first

    async def batch() -> list[BaseException | None]:
        with ThreadPoolExecutor(1) as executor:
            commits = GroupCommit.of(store, executor)
            try:
                return list(await asyncio.gather(*(commits.append(t, 0, [(0, "mine")]) for t in ids),
                                                 return_exceptions=True))
            finally:
                commits.close()

    failures = asyncio.run(batch())
    assert failures[0] is None and failures[2] is None
    assert isinstance(failures[1], IntegrityError)
    events = {t: store.load(t).events for t in ids}  # type: ignore[union-attr]
    assert events == {ids[0]: [(0, "mine")], ids[1]: [(1, "first")], ids[2]: [(0, "mine")]}


@pytest.mark.postgres
def test_a_batch_notifies_each_tables_event_count_on_its_own_channel() -> None:
    """Issue 33 goal 5: each table's channel carries its event count and its events of the batch only
    (:func:`~kartentisch.web.schema.moves_note`); a listener of two tables hears nothing of the third."""
    store = Store(pg_test_url())
    ids = stored_tables(store, 3)
    with psycopg.connect(store.conninfo(), autocommit=True) as listener:
        for table_id in ids[:2]:
            listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel(table_id))))
        store.commit_moves([Append(t, 0, ((0, "a"),) * (i + 1)) for i, t in enumerate(ids)])
        heard = {(n.channel, n.payload) for n in listener.notifies(timeout=2)}
    store.dispose()
    assert heard == {(channel(ids[0]), '1:[[0,"a"]]'), (channel(ids[1]), '2:[[0,"a"],[0,"a"]]')}


def live_tables(client: TestClient, count: int) -> list[LiveTable]:
    """``count`` new colors tables of two people, live in the client's hub."""
    hub, portal = client.app.state.hub, client.portal  # type: ignore[attr-defined]
    assert portal is not None, "the TestClient runs its app (used as a context manager)"
    return [portal.call(hub.get, new_table(client, "colors", 2, PEOPLE)["id"]) for _ in range(count)]


def play_with_writer_held(client: TestClient, tables: list[LiveTable]) -> list[BaseException | None]:
    """Each table's seat to act plays its first legal move, all at once, while the hub's writer thread is held
    busy: no move may be acknowledged (its ``act`` done) or applied before the writer is let go. Returns each
    ``act``'s exception (``None``: it succeeded)."""
    hub, portal = client.app.state.hub, client.portal  # type: ignore[attr-defined]
    assert portal is not None
    gate = threading.Event()

    async def play() -> list[BaseException | None]:
        hub.writer.submit(gate.wait, 10)
        moves = [(t, t.state.to_act()[0]) for t in tables]
        acts = [asyncio.create_task(hub.act(t, seat, t.state.legal_actions(seat)[0])) for t, seat in moves]
        await asyncio.sleep(0.3)
        assert not any(a.done() for a in acts), "a move was acknowledged before its transaction committed"
        assert all(len(t.log) == 0 for t in tables), "a move was applied before its transaction committed"
        gate.set()
        return list(await asyncio.gather(*acts, return_exceptions=True))

    result: list[BaseException | None] = portal.call(play)
    return result


def test_concurrent_moves_of_tables_share_a_transaction(client: TestClient) -> None:
    tables = live_tables(client, TABLES)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    commits = counted_commits(store)
    assert play_with_writer_held(client, tables) == [None] * TABLES
    # the five moves queued before the writer task first ran (and it waited for the held writer): one transaction
    assert len(commits) == 1
    assert all(len(t.log) == 1 for t in tables)
    for t in tables:
        record = store.load(t.id)
        assert record is not None and [tok for _, tok in record.events] == [e.token for e in t.log]


def test_a_failed_transaction_applies_nothing_anywhere(client: TestClient) -> None:
    tables = live_tables(client, TABLES)
    store: Store = client.app.state.store  # type: ignore[attr-defined]

    def refuse(_conn: Any) -> None:
        raise OperationalError("COMMIT", {}, Exception("disk I/O error"))

    event.listen(store.engine, "commit", refuse)
    try:
        outcomes = play_with_writer_held(client, tables)
    finally:
        event.remove(store.engine, "commit", refuse)
    assert all(isinstance(o, OperationalError) for o in outcomes), outcomes
    assert all(len(t.log) == 0 for t in tables), "a table applied a move whose transaction failed"
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(events_t)).scalar() == 0


@pytest.mark.postgres
def test_a_pooled_connection_is_pinged_only_after_resting_and_replaced_if_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33 goal 5: a connection used a moment ago is handed out without a ping (``pool_pre_ping`` pinged before
    every transaction: a round trip per commit); one that rested :data:`~kartentisch.web.database.PING_AFTER_REST`
    seconds is pinged, and if its server process is gone another connection serves the read."""
    store = Store(pg_test_url())
    pings: list[object] = []
    ping = store.engine.dialect.do_ping

    def counted(dbapi_conn: Any) -> bool:
        pings.append(dbapi_conn)
        return ping(dbapi_conn)

    monkeypatch.setattr(store.engine.dialect, "do_ping", counted)
    try:
        with store.engine.connect() as conn:  # the pool's one connection now, checked in
            backend = conn.execute(select(func.pg_backend_pid())).scalar()
        pings.clear()
        for _ in range(5):
            with store.engine.connect() as conn:
                assert conn.execute(select(func.pg_backend_pid())).scalar() == backend
        assert pings == [], "a connection used a moment ago was pinged"
        with psycopg.connect(store.conninfo(), autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", (backend,))
        monkeypatch.setattr("kartentisch.web.database.PING_AFTER_REST", 0.0)
        with store.engine.connect() as conn:
            assert conn.execute(select(func.pg_backend_pid())).scalar() != backend
        assert len(pings) >= 1, "the rested connection was not pinged"
    finally:
        store.dispose()


class RecordingCommit:
    """A commit that records the tables of each batch and commits nothing (GroupCommit's tests)."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    async def __call__(self, appends: Sequence[Append]) -> None:
        self.batches.append([a.table_id for a in appends])

    def close(self) -> None:
        """Nothing held."""


def gathered(gather: float, lag: float, tables: tuple[str, ...] = ("a", "b")) -> tuple[list[list[str]], float]:
    """Each of ``tables`` appends once (they moved lately), then again, the second ``lag`` seconds after the first
    and so on, through a GroupCommit that gathers for ``gather`` seconds; returns the batches of those second
    appends and the seconds until the first of them was acknowledged."""
    commit = RecordingCommit()

    async def play() -> float:
        commits = GroupCommit(commit, gather)
        await asyncio.gather(*(commits.append(t, 0, [(0, "x")]) for t in tables))
        commit.batches.clear()
        loop = asyncio.get_running_loop()
        start, acknowledged = loop.time(), []
        first = asyncio.ensure_future(commits.append(tables[0], 1, [(0, "y")]))
        first.add_done_callback(lambda _: acknowledged.append(loop.time()))
        later = []
        for t in tables[1:]:
            await asyncio.sleep(lag)
            later.append(asyncio.ensure_future(commits.append(t, 1, [(0, "y")])))
        await asyncio.gather(first, *later)
        return acknowledged[0] - start

    took = asyncio.run(play())
    return commit.batches, took


def test_moves_of_tables_a_moment_apart_share_a_transaction() -> None:
    """Issue 33 goal 5: with two tables that moved lately, the writer waits a moment for the second's move (the
    batches of two processes were half the size of one's); without the wait each commits alone."""
    assert gathered(gather=0.5, lag=0.05)[0] == [["a", "b"]]
    assert gathered(gather=0.0, lag=0.05)[0] == [["a"], ["b"]]


def test_the_wait_for_other_tables_is_bounded_and_a_lone_table_waits_for_nothing() -> None:
    batches, took = gathered(gather=0.1, lag=0.5)  # the other table's move comes too late
    assert batches == [["a"], ["b"]] and 0.1 <= took < 0.4
    batches, took = gathered(gather=5.0, lag=0.0, tables=("a",))
    assert batches == [["a"]] and took < 1.0


def on_postgres_hub(scenario: Callable[[Hub, list[LiveTable]], Awaitable[None]], tables: int = 1) -> None:
    """Run ``scenario`` in one event loop with a hub on the test PostgreSQL database and ``tables`` new colors tables
    of two people held by it; then close the hub and its store."""
    store = Store(pg_test_url())
    hub = Hub(store, ThreadPoolExecutor(2))
    ids = stored_tables(store, tables)

    async def run() -> None:
        await scenario(hub, [await hub.get(t) for t in ids])

    try:
        asyncio.run(run())
    finally:
        hub.close()
        store.dispose()


async def move(hub: Hub, table: LiveTable) -> None:
    """The seat to act at ``table`` plays its first legal move through ``hub``."""
    seat = table.state.to_act()[0]
    await hub.act(table, seat, table.state.legal_actions(seat)[0])


def stored_events(hub: Hub, table: LiveTable) -> int:
    """How many events of ``table`` the store holds."""
    record = hub.store.load(table.id)
    assert record is not None
    return len(record.events)


@pytest.mark.postgres
def test_a_move_commits_on_the_event_loop_on_postgres_while_every_writer_thread_is_busy() -> None:
    """Issue 33 goal 5: on PostgreSQL the moves' commit is sent from the event loop over psycopg's asynchronous
    connection (``LoopCommit``), with no hand-off to the hub's writer threads (the largest cost a second process
    added per move): a move is committed and acknowledged while every writer thread is held busy. Before, it
    waited for a writer thread."""

    async def scenario(hub: Hub, tables: list[LiveTable]) -> None:
        gate = threading.Event()
        for _ in range(SHARED_WRITERS):
            hub.writer.submit(gate.wait, 10)
        try:
            await asyncio.wait_for(move(hub, tables[0]), 5)
        finally:
            gate.set()
        assert len(tables[0].log) == 1 and stored_events(hub, tables[0]) == 1

    on_postgres_hub(scenario)


@pytest.mark.postgres
def test_a_move_on_postgres_is_acknowledged_and_applied_only_after_its_statement_committed() -> None:
    """Acknowledged still means committed (issue 33 goal 3) with the commit on the event loop: while another
    transaction holds the table's row, the move's statement waits, and the move is neither acknowledged nor
    applied nor readable by another connection; once the row is let go, it is all three."""

    async def scenario(hub: Hub, tables: list[LiveTable]) -> None:
        table = tables[0]
        with psycopg.connect(hub.store.conninfo()) as other:
            other.execute("SELECT 1 FROM kt_tables WHERE id = %s FOR UPDATE", (table.id,))
            act = asyncio.ensure_future(move(hub, table))
            await asyncio.sleep(0.3)
            assert not act.done(), "a move was acknowledged before its statement committed"
            assert len(table.log) == 0, "a move was applied before its statement committed"
            assert stored_events(hub, table) == 0
            other.rollback()
            await asyncio.wait_for(act, 5)
        assert len(table.log) == 1 and stored_events(hub, table) == 1

    on_postgres_hub(scenario)


def terminate_commit_connections(conninfo: str) -> int:
    """End the server processes of every connection whose last statement was the moves' commit; returns how many."""
    with psycopg.connect(conninfo, autocommit=True) as admin:
        return len(admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE %s "
                                 "AND pid <> pg_backend_pid()", (APPEND_MOVES_PG_SQL[:40] + "%",)).fetchall())


@pytest.mark.postgres
def test_a_lost_commit_connection_on_postgres_refuses_the_move_and_the_next_move_reconnects(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A move whose commit connection was lost is refused with SQLAlchemy's OperationalError (the socket's error frame
    503, as a failed commit in the writer thread was) and applies nothing; the next move opens another connection
    and commits."""
    monkeypatch.setattr("kartentisch.web.database.PING_AFTER_REST", 3600.0)  # no ping: the statement meets the loss

    async def scenario(hub: Hub, tables: list[LiveTable]) -> None:
        table = tables[0]
        await move(hub, table)
        assert terminate_commit_connections(hub.store.conninfo()) == 1
        with pytest.raises(OperationalError):
            await move(hub, table)
        assert len(table.log) == 1 and stored_events(hub, table) == 1
        await move(hub, table)
        assert len(table.log) == 2 and stored_events(hub, table) == 2

    on_postgres_hub(scenario)


@pytest.mark.postgres
def test_a_rested_commit_connection_on_postgres_is_pinged_and_replaced_if_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the pool's connections (``PING_AFTER_REST``): the commit connection, rested, is pinged before the move's
    statement and replaced when its server process is gone, so a database restart refuses no move."""
    monkeypatch.setattr("kartentisch.web.database.PING_AFTER_REST", 0.0)

    async def scenario(hub: Hub, tables: list[LiveTable]) -> None:
        table = tables[0]
        await move(hub, table)
        assert terminate_commit_connections(hub.store.conninfo()) == 1
        await move(hub, table)
        assert len(table.log) == 2 and stored_events(hub, table) == 2

    on_postgres_hub(scenario)
