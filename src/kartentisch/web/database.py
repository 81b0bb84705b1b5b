"""The database under the store (:mod:`.store`): opening it, checking its schema, and what every write shares.

:class:`Database` opens one SQLAlchemy engine (SQLite or PostgreSQL), creates or extends the tables of
:mod:`.schema` and refuses a database this code cannot use; it holds a SQLite file for one process
(:meth:`Database.hold_alone`), notifies a table's channel on a shared store (:meth:`Database._notify`) and runs the
hot path's statements on the driver's cursor (:meth:`Database._on_driver`). :class:`~.store_jobs.JobStore` (bot
leases, the coach's jobs) and :class:`~.store.Store` (tables, moves, chat, notes) build on it.

SQLite (the default, a file in the user data folder) runs in WAL mode with ``synchronous=NORMAL``:
a committed transaction survives the server process being killed (SIGKILL); only an operating
system crash could lose the last commits. SQLite serves one process: ``kartentisch serve`` holds the file
through :meth:`Database.hold_alone`, and a second one on the same file stops with a one-line error.

PostgreSQL (``postgresql+psycopg://…``) runs the same code and is *shared* (:attr:`Database.shared`, issue 26):
several server processes use one database.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path
from typing import Any

from platformdirs import user_data_path
from sqlalchemy import create_engine, event, func, inspect, select
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.schema import CreateColumn

from .schema import ADDED_COLUMNS, SCHEMA_LOCK, channel, metadata


def default_db_url() -> str:
    """The default database: ``kartentisch.db`` in the user data folder (created if missing)."""
    folder = user_data_path("kartentisch")
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'kartentisch.db'}"


def describe_url(url: str) -> str:
    """Where ``url`` stores its data, for the start-up message (a file path, or the URL without password)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return str(Path(parsed.database or ":memory:").resolve()) if parsed.database else ":memory:"
    return parsed.render_as_string(hide_password=True)


#: Seconds a pooled PostgreSQL connection may rest before its next use pings it first (:func:`_pinging_when_rested`).
PING_AFTER_REST = 1.0


def _pinging_when_rested(engine: Engine) -> Engine:
    """``engine`` whose pool pings a connection (the dialect's ``SELECT 1``) before handing it out only when it rested
    :data:`PING_AFTER_REST` seconds or more since its last use; a connection that fails the ping is dropped and
    another one taken (SQLAlchemy's :class:`~sqlalchemy.exc.DisconnectionError` on checkout).

    **Decision** (issue 33 goal 5): SQLAlchemy's ``pool_pre_ping`` pinged before *every* transaction, a round trip
    that was 31 % of a move's commit in the writer thread of a busy PostgreSQL process (py-spy, bench/README.md).
    A connection used a moment ago is alive as surely as a ping would say: the connections of the moves' commits
    are used many times a second under load and so are never pinged, while one that rested over a database restart
    or a dropped network link is pinged and replaced as before. A connection dying within the second after its
    last use fails its transaction instead (the caller hears the error; nothing is committed or applied) and
    SQLAlchemy then replaces the pool's connections."""

    @event.listens_for(engine, "checkin")
    def _rested_since(_dbapi_conn: Any, record: Any) -> None:
        record.info["checked_in"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_rested(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("checked_in", 0.0) < PING_AFTER_REST:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_conn)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError(f"a pooled connection failed its ping: {exc}") from exc
        if not alive:
            raise DisconnectionError("a pooled connection failed its ping")

    return engine


class Database:
    """One SQLAlchemy database of the server (thread-safe; each call of a subclass is one transaction).

    Args:
        url: SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://…``); ``None``: :func:`default_db_url`.

    Raises:
        ValueError: the database is not this code's (:meth:`_check`).
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_db_url()
        self._alone: int | None = None
        self.engine: Engine = self._engine(self.url)
        #: The same pool's connections in autocommit: each statement on them is its own transaction (the moves'
        #: one-statement commit on PostgreSQL, :meth:`Store._commit <kartentisch.web.store.Store._commit>`).
        self.autocommit: Engine = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        with self.engine.begin() as conn:
            if self.shared:  # processes starting together create or extend the schema one after the other
                conn.execute(select(func.pg_advisory_xact_lock(SCHEMA_LOCK)))
            metadata.create_all(conn)
            self._check(conn)

    def _check(self, conn: Connection) -> None:
        """Refuse, at start-up, a database this code cannot use: tables of another schema, or a
        damaged SQLite file (``PRAGMA quick_check``; a damaged page otherwise surfaces mid-game).

        Columns of :data:`ADDED_COLUMNS` that an older database lacks are added (nullable, so old rows stay valid),
        and so are indexes it lacks (``kt_seats_name_key``: seats stored before it have no ``name_key``, so the
        look-alike rule holds for seats taken after the upgrade).

        Raises:
            ValueError: naming the table and its missing columns, or SQLite's first complaint.
        """
        found = inspect(conn)
        for table in metadata.sorted_tables:
            missing = {c.name for c in table.columns} - {c["name"] for c in found.get_columns(table.name)}
            addable = missing & set(ADDED_COLUMNS.get(table.name, ()))
            if addable and addable == missing:
                for name in sorted(addable):
                    column = CreateColumn(table.c[name]).compile(dialect=self.engine.dialect)
                    conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {column}")
                missing = set()
            if missing:
                raise ValueError(f"table {table.name} lacks the columns {', '.join(sorted(missing))}: "
                                 "not a kartentisch database")
            for index in table.indexes:
                index.create(conn, checkfirst=True)
        if self.engine.dialect.name == "sqlite":
            verdict = str(conn.exec_driver_sql("PRAGMA quick_check").scalar())
            if verdict != "ok":
                raise ValueError(f"the SQLite file is damaged (quick_check: {verdict})")

    @staticmethod
    def _engine(url: str) -> Engine:
        parsed = make_url(url)
        if parsed.get_backend_name() != "sqlite":
            # a pool as large as the hub's writer threads plus the reads running beside them
            return _pinging_when_rested(create_engine(url, pool_size=12, max_overflow=12))
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            if parsed.database and parsed.database != ":memory:":
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine

    @property
    def shared(self) -> bool:
        """Several server processes may use this database at once (PostgreSQL; SQLite serves one)."""
        return self.engine.dialect.name != "sqlite"

    def conninfo(self) -> str:
        """The libpq connection string of a shared store, for a LISTEN connection of its own (psycopg)."""
        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)

    def hold_alone(self) -> None:
        """Hold a SQLite file for this process alone, until it ends: an exclusive ``flock`` on ``<file>.lock``
        beside it (released by the OS when the process dies, even by SIGKILL). Nothing for PostgreSQL or a
        database in memory.

        Raises:
            ValueError: another process holds the file, naming it (the SQLite store serves one process).
        """
        database = make_url(self.url).database
        if self.shared or not database or database == ":memory:":
            return
        path = f"{Path(database).resolve()}.lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise ValueError(f"{Path(database).resolve()} is in use by another kartentisch process (it holds "
                             f"{path}); SQLite serves one process: run several over PostgreSQL") from None
        self._alone = fd  # kept open: the lock lasts as long as the process

    def _notify(self, conn: Connection, table_id: str, what: str | int) -> None:
        """Tell the processes holding ``table_id`` in a shared store, when ``conn``'s transaction commits, that it
        changed (on :func:`channel` of it; ``what``: its event count, or ``chat``, ``seat``, ``rematch``, ``note``).
        Nothing on SQLite."""
        if self.shared:
            conn.execute(select(func.pg_notify(channel(table_id), str(what))))

    def journal_mode(self) -> str:
        """SQLite's journal mode (``wal`` expected for a file); ``"n/a"`` on other databases."""
        if self.engine.dialect.name != "sqlite":
            return "n/a"
        with self.engine.connect() as conn:
            return str(conn.exec_driver_sql("PRAGMA journal_mode").scalar())

    def _on_driver(self, conn: Connection, sql: str, params: dict[str, Any] | list[dict[str, Any]]) -> None:
        """Run ``sql`` (one ``params``, or ``executemany`` of a list) on the driver's own cursor of ``conn``'s
        transaction: the moves' hot path (issue 33). SQLAlchemy's statement building, cache lookup and result
        handling cost 369 µs of CPU per one-move commit on SQLite, this 75 µs (bench/README.md); the transaction,
        its events and the pool stay SQLAlchemy's. A driver error is raised as SQLAlchemy's (an ``IntegrityError``
        for a taken event number), as :meth:`Connection.execute` raises it."""
        dbapi = self.engine.dialect.loaded_dbapi
        cursor = conn.connection.cursor()
        try:
            if isinstance(params, list):
                cursor.executemany(sql, params)
            else:
                cursor.execute(sql, params)
        except dbapi.Error as exc:
            raise DBAPIError.instance(sql, params, exc, dbapi.Error, dialect=self.engine.dialect) from exc
        finally:
            cursor.close()

    def dispose(self) -> None:
        """Close every pooled connection (a file held by :meth:`hold_alone` stays held until the process ends)."""
        self.engine.dispose()
