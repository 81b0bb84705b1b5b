"""Durable storage of tables and their event logs (SQLAlchemy 2 Core; SQLite or PostgreSQL).

A table is stored as its match header (game, players, options, seed) plus its seats, and an
append-only event log of applied tokens. A seed the table's creator chose is kept in ``seed`` with
``seed_given`` true; a seed the server drew (128 bits, more than ``BigInteger`` holds) is kept as decimal
text in ``secret_seed`` with ``seed_given`` false (``seed`` is then 0). Rows written before these two
columns existed have ``seed_given`` NULL: whether their seed was chosen is not known.

A match is rebuilt by replaying the log from the header (the kernel's :class:`~kartentisch.kernel.Match`
replays exactly), so the log is the only state written during play. Every token is committed here
*before* any client hears of it. Beside it a table keeps its invite (``kt_invites``: the code of its link
and the host's token) and its chat (``kt_chat``), each message committed before anyone reads it. The coach
keeps its reviews' progress (``kt_reviews``) and the uploaded replay files (``kt_uploads``) here, so that any
server process answers for them.

SQLite (the default, a file in the user data folder) runs in WAL mode with ``synchronous=NORMAL``:
a committed transaction survives the server process being killed (SIGKILL); only an operating
system crash could lose the last commits. SQLite serves one process: ``kartentisch serve`` holds the file
through :meth:`Store.hold_alone`, and a second one on the same file stops with a one-line error.

PostgreSQL (``postgresql+psycopg://…``) runs the same code and is *shared* (:attr:`Store.shared`, issue 26):
several server processes use one database. Each write that others must see notifies them in its own
transaction on the table's own channel (``NOTIFY`` on :func:`channel` of the table id, issue 33 goal 5: only the
processes holding that table hear it) with the payload ``<what>``, never a frame or a card: the event count, or
``chat``/``seat``/``rematch``/``note``; a process reads what changed with :meth:`Store.changes`.
An event number is taken once (the primary key ``(table_id, n)``: of two processes appending event n, the
second gets IntegrityError), and the bots of a table are driven by the one process holding its lease
(``kt_bot_leases``, PostgreSQL's clock).

Columns added after the first release (:data:`ADDED_COLUMNS`, all nullable) are added to an older
database when the store opens it. Expired tables are deleted by :meth:`Store.delete_untouched`. The tables
are declared in :mod:`.schema`, the records read and written in :mod:`.records`.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from platformdirs import user_data_path
from sqlalchemy import (
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.schema import CreateColumn

from ..kernel.names import look_key
from .records import Append, ChatRecord, NameTaken, NoteRecord, ReviewRecord, SeatRecord, TableChanges, TableRecord
from .schema import (
    ADDED_COLUMNS,
    CHANNEL_PREFIX,
    SCHEMA_LOCK,
    channel,
    chat_t,
    events_t,
    insert_events_sql,
    invites_t,
    leases_t,
    metadata,
    notes_t,
    reviews_t,
    seats_t,
    tables_t,
    touch_sql,
    uploads_t,
)


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


def _name_key(name: str) -> str | None:
    """The stored ``name_key`` of a seat's given name (:func:`~kartentisch.kernel.names.look_key`); ``None``
    without one (an unnamed seat is labelled per language and may be labelled alike at no other seat)."""
    return look_key(name) if name else None


class Store:
    """Tables and event logs in one SQLAlchemy database (thread-safe; each call is one transaction).

    Args:
        url: SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://…``); ``None``: :func:`default_db_url`.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_db_url()
        self._alone: int | None = None
        self.engine: Engine = self._engine(self.url)
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
            return create_engine(url, pool_pre_ping=True, pool_size=12, max_overflow=12)
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

    def create_table(self, table_id: str, game: str, players: int, options: dict[str, Any], seed: int,
                     seats: Sequence[SeatRecord], reaction_seconds: int | None = None, *,
                     seed_given: bool = True, spectator_chat: bool = False,
                     invite: tuple[str, str] | None = None, hints: bool = False,
                     rematch_of: str | None = None, clock: str | None = None) -> bool:
        """Insert a new table with its seats and its invite ``(code, host token)`` if given (one transaction);
        returns whether it did.

        ``seed_given``: the table's creator chose ``seed`` (an integer ≥ 0 below 2**63); false: the server drew
        it (any size ≥ 0, kept as text). ``spectator_chat``: spectators may write in the table's chat. ``hints``:
        a seat may ask the coach for a hint. ``clock``: the table's clock (``"<preset>:<on_timeout>"``, column
        ``turn_clock``).
        ``rematch_of``: the new table is this finished table's rematch, linked
        in the same transaction if it has none yet; if it has one (another process was first), nothing is written
        and the answer is false.
        """
        now = time.time()
        columns = {"seed": seed, "secret_seed": None} if seed_given else {"seed": 0, "secret_seed": str(seed)}
        with self.engine.begin() as conn:
            if rematch_of is not None:
                if not conn.execute(update(tables_t).where(tables_t.c.id == rematch_of, tables_t.c.rematch_id.is_(None))
                                    .values(rematch_id=table_id)).rowcount:
                    return False
                self._notify(conn, rematch_of, "rematch")
            conn.execute(insert(tables_t).values(id=table_id, game=game, players=players, options=options,
                                                 created=now, touched=now, rematch_id=None,
                                                 reaction_seconds=reaction_seconds, seed_given=seed_given,
                                                 spectator_chat=spectator_chat, offer_hints=hints,
                                                 turn_clock=clock, **columns))
            conn.execute(insert(seats_t), [
                {"table_id": table_id, "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                 "token": s.token, "stand_in": s.stand_in, "name_key": _name_key(s.name)} for s in seats])
            if invite is not None:
                conn.execute(insert(invites_t).values(code=invite[0], table_id=table_id, host_token=invite[1]))
        return True

    def take_seat(self, table_id: str, seat: SeatRecord) -> bool:
        """Give the open seat ``seat.seat`` to a person or a bot as ``seat`` says (kind, name, bot, token), if it is
        still open; returns whether it was (one conditional update, so of two racing takers exactly one wins).

        Raises:
            NameTaken: another seat of the table has a name that looks like ``seat.name`` (the unique
                ``(table_id, name_key)`` index: it holds across server processes); nothing is written.
        """
        with self.engine.begin() as conn:
            try:
                taken = conn.execute(
                    update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat,
                                          seats_t.c.kind == "open")
                    .values(kind=seat.kind, name=seat.name, bot=seat.bot, token=seat.token,
                            name_key=_name_key(seat.name))).rowcount
            except IntegrityError:
                raise NameTaken(seat.name) from None
            if taken:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=time.time()))
                self._notify(conn, table_id, "seat")
        return bool(taken)

    def invited_table(self, code: str) -> str | None:
        """The id of the table whose invite code is ``code``, or ``None``."""
        with self.engine.connect() as conn:
            return conn.execute(select(invites_t.c.table_id).where(invites_t.c.code == code)).scalar()

    def add_chat(self, table_id: str, message: ChatRecord) -> None:
        """Commit one chat message of ``table_id`` (raises IntegrityError if its number is taken)."""
        with self.engine.begin() as conn:
            conn.execute(insert(chat_t).values(table_id=table_id, id=message.id, seat=message.seat,
                                               text=message.text, at=message.at, reaction=message.reaction))
            self._notify(conn, table_id, "chat")

    def append_events(self, table_id: str, first_n: int, events: Sequence[tuple[int, str]]) -> None:
        """Commit events numbered ``first_n, first_n+1, …`` (raises IntegrityError if a number is taken: another
        process appended it first, and nothing is written) and notify the event count after them."""
        with self.engine.begin() as conn:
            self._append(conn, [Append(table_id, first_n, tuple(events))], time.time())

    def append_batch(self, appends: Sequence[Append]) -> list[IntegrityError | None]:
        """Commit the events of several tables in one transaction (group commit, issue 33 goal 3): each
        :class:`Append` as :meth:`append_events` would, at most one per table. Returns, in order, ``None`` for each
        append committed and the IntegrityError of each refused (a number another process took first, or the table
        deleted by a sweep): then the shared transaction is rolled back and every append is committed in a
        transaction of its own, so one table's conflict fails that table's append only.

        Raises:
            SQLAlchemyError: the transaction failed otherwise (the database is unreachable or full); nothing of any
                append is written.
        """
        try:
            with self.engine.begin() as conn:
                self._append(conn, appends, time.time())
            return [None] * len(appends)
        except IntegrityError as exc:
            if len(appends) == 1:
                return [exc]
        failures: list[IntegrityError | None] = []
        for each in appends:  # the rare path: find the refused append(s), commit the others
            try:
                self.append_events(each.table_id, each.first_n, each.events)
                failures.append(None)
            except IntegrityError as exc:
                failures.append(exc)
        return failures

    def _append(self, conn: Connection, appends: Sequence[Append], now: float) -> None:
        """Insert the events of ``appends`` and touch their tables (one ``UPDATE``); on a shared store the same
        ``UPDATE`` notifies each table's event count on the table's :func:`channel` (``RETURNING pg_notify``: no round
        trip more)."""
        self._insert_events(conn, appends, now)
        params: dict[str, Any] = {"now": now, "prefix": CHANNEL_PREFIX}
        for i, each in enumerate(appends):
            params[f"id{i}"], params[f"n{i}"] = each.table_id, str(each.first_n + len(each.events))
        self._on_driver(conn, touch_sql(len(appends), self.shared, self.engine.dialect.paramstyle), params)

    def _insert_events(self, conn: Connection, appends: Sequence[Append], now: float) -> None:
        """Insert the events of ``appends`` with one ``executemany``."""
        self._on_driver(conn, insert_events_sql(self.engine.dialect.paramstyle), [
            {"table_id": each.table_id, "n": each.first_n + i, "seat": seat, "token": token, "at": now}
            for each in appends for i, (seat, token) in enumerate(each.events)])

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

    def add_note(self, table_id: str, note: NoteRecord, seat: SeatRecord | None = None,
                 events: Sequence[tuple[int, str]] = ()) -> None:
        """Commit a seat's note (issue 32) in one transaction with what it changes: the seat's row as ``seat``
        says (kind, bot, token, stand-in) and ``events`` numbered from ``note.after`` (a move a bot made for a
        seat whose clock ran out); touches the table and notifies ``note``. Raises IntegrityError if the note's
        number or an event's number is taken (another process was first; nothing is written)."""
        with self.engine.begin() as conn:
            conn.execute(insert(notes_t).values(table_id=table_id, id=note.id, after=note.after, seat=note.seat,
                                                what=note.what, by_seat=note.by, bot=note.bot, at=note.at))
            if seat is not None:
                conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
                             .values(kind=seat.kind, bot=seat.bot, token=seat.token, stand_in=seat.stand_in))
            if events:
                self._insert_events(conn, [Append(table_id, note.after, tuple(events))], note.at)
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=note.at))
            self._notify(conn, table_id, "note")

    @staticmethod
    def _notes(conn: Connection, table_id: str, after_id: int = 0) -> tuple[NoteRecord, ...]:
        rows = conn.execute(select(notes_t).where(notes_t.c.table_id == table_id, notes_t.c.id > after_id)
                            .order_by(notes_t.c.id)).mappings()
        return tuple(NoteRecord(r["id"], r["after"], r["seat"], r["what"], r["by_seat"], r["bot"], r["at"])
                     for r in rows)

    @staticmethod
    def _seat(row: Any) -> SeatRecord:
        return SeatRecord(row["seat"], row["kind"], row["name"], row["bot"], row["token"], row["stand_in"])

    def load(self, table_id: str) -> TableRecord | None:
        """The stored table ``table_id`` with seats, events and chat in order, and its invite, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(select(seats_t).where(seats_t.c.table_id == table_id)
                                 .order_by(seats_t.c.seat)).mappings().all()
            events = conn.execute(select(events_t.c.seat, events_t.c.token).where(events_t.c.table_id == table_id)
                                  .order_by(events_t.c.n)).all()
            invite = conn.execute(select(invites_t).where(invites_t.c.table_id == table_id)).mappings().first()
            chat = conn.execute(select(chat_t).where(chat_t.c.table_id == table_id).order_by(chat_t.c.id)).mappings()
            messages = tuple(ChatRecord(m["id"], m["seat"], m["text"], m["at"], m["reaction"]) for m in chat)
            notes = self._notes(conn, table_id)
        return TableRecord(
            id=row["id"], game=row["game"], players=row["players"], options=dict(row["options"]),
            seed=row["seed"] if row["secret_seed"] is None else int(row["secret_seed"]), seed_given=row["seed_given"],
            created=row["created"], touched=row["touched"], rematch_id=row["rematch_id"],
            reaction_seconds=row["reaction_seconds"],
            seats=[self._seat(s) for s in seats], clock=row["turn_clock"], notes=notes,
            events=[(seat, token) for seat, token in events],
            spectator_chat=bool(row["spectator_chat"]), chat=messages, hints=bool(row["offer_hints"]),
            invite_code=None if invite is None else invite["code"],
            host_token=None if invite is None else invite["host_token"],
        )

    def changes(self, table_id: str, events_from: int, chat_from: int, seats: bool = False,
                notes_from: int = 0) -> TableChanges:
        """What changed at ``table_id`` beyond its first ``events_from`` events, ``chat_from`` chat messages and
        ``notes_from`` notes (one read transaction), with its seats if ``seats`` or a note is new (a note may
        change a seat).

        Raises:
            LookupError: the table is gone (deleted by a sweep).
        """
        new_events = (select(func.count()).select_from(events_t)
                      .where(events_t.c.table_id == table_id, events_t.c.n >= events_from).scalar_subquery())
        new_chat = (select(func.count()).select_from(chat_t)
                    .where(chat_t.c.table_id == table_id, chat_t.c.id > chat_from).scalar_subquery())
        new_notes = (select(func.count()).select_from(notes_t)
                     .where(notes_t.c.table_id == table_id, notes_t.c.id > notes_from).scalar_subquery())
        with self.engine.connect() as conn:  # one statement when nothing changed, the usual case
            row = conn.execute(select(tables_t.c.rematch_id, tables_t.c.touched, new_events.label("events"),
                                      new_chat.label("chat"), new_notes.label("notes"))
                               .where(tables_t.c.id == table_id)).first()
            if row is None:
                raise LookupError(f"table {table_id!r} is no longer in the database")
            events = [] if not row.events else conn.execute(
                select(events_t.c.seat, events_t.c.token)
                .where(events_t.c.table_id == table_id, events_t.c.n >= events_from).order_by(events_t.c.n)).all()
            chat = [] if not row.chat else conn.execute(
                select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.id > chat_from)
                .order_by(chat_t.c.id)).mappings().all()
            notes = self._notes(conn, table_id, notes_from) if row.notes else ()
            found = None if not (seats or notes) else [self._seat(s) for s in conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)).mappings()]
        return TableChanges([(seat, token) for seat, token in events],
                            [ChatRecord(m["id"], m["seat"], m["text"], m["at"], m["reaction"]) for m in chat], found,
                            row.rematch_id, row.touched, notes)

    # ------------------------------------------------------------------ bot leases (shared stores)
    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Hold the bots of ``table_id`` for ``owner`` for ``seconds`` (the database's clock): granted when nobody
        holds them, ``owner`` already does, or the holder's lease expired; returns whether it is ``owner``'s."""
        now = func.extract("epoch", func.clock_timestamp())
        stmt = pg_insert(leases_t).values(table_id=table_id, owner=owner, expires=now + seconds).on_conflict_do_update(
            index_elements=[leases_t.c.table_id], set_={"owner": owner, "expires": now + seconds},
            where=(leases_t.c.owner == owner) | (leases_t.c.expires < now)).returning(leases_t.c.owner)
        with self.engine.begin() as conn:
            return conn.execute(stmt).first() is not None

    def renew_leases(self, owner: str, table_ids: Collection[str], seconds: float) -> set[str]:
        """Extend ``owner``'s leases of ``table_ids`` by ``seconds`` from now; returns the ids still ``owner``'s
        (a lease missing here expired and was taken over meanwhile)."""
        if not table_ids:
            return set()
        now = func.extract("epoch", func.clock_timestamp())
        with self.engine.begin() as conn:
            return set(conn.execute(update(leases_t).where(leases_t.c.owner == owner,
                                                           leases_t.c.table_id.in_(list(table_ids)))
                                    .values(expires=now + seconds).returning(leases_t.c.table_id)).scalars())

    def release_lease(self, table_id: str, owner: str) -> None:
        """Drop ``owner``'s lease of ``table_id`` (its match is over, or it cannot be played here)."""
        with self.engine.begin() as conn:
            conn.execute(delete(leases_t).where(leases_t.c.table_id == table_id, leases_t.c.owner == owner))

    def expire_leases(self, owner: str, table_ids: Collection[str] | None = None) -> None:
        """Let ``owner``'s leases of ``table_ids`` (``None``: all of them: its process shuts down) expire now, so
        that another process takes them over at once."""
        stmt = update(leases_t).where(leases_t.c.owner == owner)
        if table_ids is not None:
            stmt = stmt.where(leases_t.c.table_id.in_(list(table_ids)))
        with self.engine.begin() as conn:
            conn.execute(stmt.values(expires=0.0))

    def expired_leases(self, limit: int = 50) -> list[str]:
        """Up to ``limit`` tables whose bot lease expired (their holder died or shut down), oldest first."""
        now = func.extract("epoch", func.clock_timestamp())
        with self.engine.connect() as conn:
            return list(conn.execute(select(leases_t.c.table_id).where(leases_t.c.expires < now)
                                     .order_by(leases_t.c.expires).limit(limit)).scalars())

    # ------------------------------------------------------------------ the coach's jobs
    def add_upload(self, upload_id: str, text: str) -> None:
        """Keep an uploaded replay file's text."""
        with self.engine.begin() as conn:
            conn.execute(insert(uploads_t).values(id=upload_id, text=text, created=time.time()))

    def upload_text(self, upload_id: str) -> str | None:
        """The text of the uploaded replay ``upload_id``, or ``None``."""
        with self.engine.connect() as conn:
            return conn.execute(select(uploads_t.c.text).where(uploads_t.c.id == upload_id)).scalar()

    def review(self, key: str) -> ReviewRecord | None:
        """The stored review ``key``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(reviews_t).where(reviews_t.c.key == key)).mappings().first()
        return None if row is None else ReviewRecord(list(row["judged"]), row["error"], row["owner"], row["beat"])

    def claim_review(self, key: str, owner: str, stale_before: float) -> list[dict[str, Any]] | None:
        """Make ``owner`` the worker of review ``key``: a new one, a failed one (its failure cleared), one whose
        worker last wrote before ``stale_before`` (epoch s: it died) or ``owner``'s own; returns the decisions
        judged so far, ``None`` if another process works on it."""
        dialect_insert = pg_insert if self.shared else sqlite_insert
        now = time.time()
        stmt = dialect_insert(reviews_t).values(key=key, judged=[], error=None, owner=owner, beat=now)
        stmt = stmt.on_conflict_do_update(
            index_elements=[reviews_t.c.key], set_={"owner": owner, "beat": now, "error": None},
            where=reviews_t.c.error.is_not(None) | (reviews_t.c.beat < stale_before) | (reviews_t.c.owner == owner))
        with self.engine.begin() as conn:
            row = conn.execute(stmt.returning(reviews_t.c.judged)).first()
        return None if row is None else list(row.judged)

    def save_review(self, key: str, owner: str, judged: list[dict[str, Any]], error: str | None = None) -> None:
        """Write ``owner``'s progress of review ``key`` (nothing if another process has taken it over)."""
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(reviews_t.c.key == key, reviews_t.c.owner == owner)
                         .values(judged=judged, error=error, beat=time.time()))

    def delete_untouched(self, before: float, batch: int = 500) -> list[str]:
        """Delete up to ``batch`` tables without a move since ``before`` (epoch s), with their seats, events, chat,
        bot lease, review and invite, and the replays uploaded before ``before`` with their reviews, in one
        transaction; returns the tables' ids (fewer than ``batch``: none is left)."""
        with self.engine.begin() as conn:
            ids = list(conn.execute(select(tables_t.c.id).where(tables_t.c.touched < before).limit(batch)).scalars())
            uploads = list(conn.execute(select(uploads_t.c.id).where(uploads_t.c.created < before)).scalars())
            conn.execute(delete(reviews_t).where(reviews_t.c.key.in_([f"table:{i}" for i in ids] +
                                                                    [f"upload:{u}" for u in uploads])))
            conn.execute(delete(uploads_t).where(uploads_t.c.id.in_(uploads)))
            if ids:
                conn.execute(delete(events_t).where(events_t.c.table_id.in_(ids)))
                conn.execute(delete(leases_t).where(leases_t.c.table_id.in_(ids)))
                conn.execute(delete(chat_t).where(chat_t.c.table_id.in_(ids)))
                conn.execute(delete(notes_t).where(notes_t.c.table_id.in_(ids)))
                conn.execute(delete(invites_t).where(invites_t.c.table_id.in_(ids)))
                conn.execute(delete(seats_t).where(seats_t.c.table_id.in_(ids)))
                conn.execute(delete(tables_t).where(tables_t.c.id.in_(ids)))
        return ids

    def dispose(self) -> None:
        """Close every pooled connection (a file held by :meth:`hold_alone` stays held until the process ends)."""
        self.engine.dispose()
