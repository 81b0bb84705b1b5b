"""Durable storage of tables and their event logs (SQLAlchemy 2 Core; SQLite or PostgreSQL).

A table is stored as its match header (game, players, options, seed) plus its seats, and an
append-only event log of applied tokens. A seed the table's creator chose is kept in ``seed`` with
``seed_given`` true; a seed the server drew (128 bits, more than ``BigInteger`` holds) is kept as decimal
text in ``secret_seed`` with ``seed_given`` false (``seed`` is then 0). Rows written before these two
columns existed have ``seed_given`` NULL: whether their seed was chosen is not known.

A match is rebuilt by replaying the log from the header (the kernel's :class:`~kartentisch.kernel.Match`
replays exactly), so the log is the only state written during play. Every token is committed here
*before* any client hears of it. Beside it a table keeps its invite (``kt_invites``: the code of its link
and the host's token) and its chat (``kt_chat``), each message committed before anyone reads it.

SQLite (the default, a file in the user data folder) runs in WAL mode with ``synchronous=NORMAL``:
a committed transaction survives the server process being killed (SIGKILL); only an operating
system crash could lose the last commits. PostgreSQL (``postgresql+psycopg://…``) runs the same code.

Columns added after the first release (:data:`ADDED_COLUMNS`, all nullable) are added to an older
database when the store opens it. Expired tables are deleted by :meth:`Store.delete_untouched`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from platformdirs import user_data_path
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.schema import CreateColumn

metadata = MetaData()

tables_t = Table(
    "kt_tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created", Float, nullable=False),
    Column("touched", Float, nullable=False),
    Column("rematch_id", String(40), nullable=True),
    Column("reaction_seconds", Integer, nullable=True),
    Column("secret_seed", String(40), nullable=True),
    Column("seed_given", Boolean, nullable=True),
    Column("spectator_chat", Boolean, nullable=True),
    Column("offer_hints", Boolean, nullable=True),
)

seats_t = Table(
    "kt_seats", metadata,
    Column("table_id", String(40), ForeignKey("kt_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("name", String(80), nullable=False),
    Column("bot", String(200), nullable=True),
    Column("token", String(64), nullable=True, unique=True),
)

events_t = Table(
    "kt_events", metadata,
    Column("table_id", String(40), ForeignKey("kt_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("token", String(400), nullable=False),
    Column("at", Float, nullable=False),
)

#: A table's invite (issue 21): the code of its invite link and its creator's credential for its seats.
invites_t = Table(
    "kt_invites", metadata,
    Column("code", String(40), primary_key=True),
    Column("table_id", String(40), ForeignKey("kt_tables.id"), nullable=False, unique=True),
    Column("host_token", String(64), nullable=False),
)

#: A table's chat, numbered from 1 per table; ``seat`` NULL: a spectator's message.
chat_t = Table(
    "kt_chat", metadata,
    Column("table_id", String(40), ForeignKey("kt_tables.id"), primary_key=True),
    Column("id", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("text", String(200), nullable=False),
    Column("at", Float, nullable=False),
)


#: Nullable columns newer than the first schema: ``Store`` adds them to a database that lacks them.
ADDED_COLUMNS = {"kt_tables": ("secret_seed", "seed_given", "spectator_chat", "offer_hints")}


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


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a stored table: ``kind`` is ``human``, ``bot`` or ``open`` (a person's seat nobody has taken
    yet, through the table's invite); humans have a secret ``token``."""

    seat: int
    kind: str
    name: str
    bot: str | None
    token: str | None


@dataclass(frozen=True)
class ChatRecord:
    """One chat message of a table: its number (from 1), the sender's seat (``None``: a spectator), its text
    and when it was sent (epoch s)."""

    id: int
    seat: int | None
    text: str
    at: float


@dataclass(frozen=True)
class TableRecord:
    """A stored table: the match header, seats, events ``(seat, token)``, bookkeeping times (epoch s),
    the reaction timer (seconds a person has to answer a decision that can be passed; ``None``: no timer)
    and whether the table's creator chose the seed (``None``: stored before that was recorded); whether
    spectators may chat, the invite code and host token (``None`` for a table stored before invites), the
    chat in order and whether a seat may ask the coach for a hint (issue 23; false for a table stored before)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    events: list[tuple[int, str]]
    created: float
    touched: float
    rematch_id: str | None
    reaction_seconds: int | None = None
    seed_given: bool | None = None
    spectator_chat: bool = False
    invite_code: str | None = None
    host_token: str | None = None
    chat: tuple[ChatRecord, ...] = ()
    hints: bool = False


class Store:
    """Tables and event logs in one SQLAlchemy database (thread-safe; each call is one transaction).

    Args:
        url: SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://…``); ``None``: :func:`default_db_url`.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_db_url()
        self.engine: Engine = self._engine(self.url)
        metadata.create_all(self.engine)
        self._check()

    def _check(self) -> None:
        """Refuse, at start-up, a database this code cannot use: tables of another schema, or a
        damaged SQLite file (``PRAGMA quick_check``; a damaged page otherwise surfaces mid-game).

        Columns of :data:`ADDED_COLUMNS` that an older database lacks are added (nullable, so old rows stay valid).

        Raises:
            ValueError: naming the table and its missing columns, or SQLite's first complaint.
        """
        found = inspect(self.engine)
        for table in metadata.sorted_tables:
            missing = {c.name for c in table.columns} - {c["name"] for c in found.get_columns(table.name)}
            addable = missing & set(ADDED_COLUMNS.get(table.name, ()))
            if addable and addable == missing:
                with self.engine.begin() as conn:
                    for name in sorted(addable):
                        column = CreateColumn(table.c[name]).compile(dialect=self.engine.dialect)
                        conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {column}")
                missing = set()
            if missing:
                raise ValueError(f"table {table.name} lacks the columns {', '.join(sorted(missing))}: "
                                 "not a kartentisch database")
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as conn:
                verdict = str(conn.exec_driver_sql("PRAGMA quick_check").scalar())
            if verdict != "ok":
                raise ValueError(f"the SQLite file is damaged (quick_check: {verdict})")

    @staticmethod
    def _engine(url: str) -> Engine:
        parsed = make_url(url)
        if parsed.get_backend_name() != "sqlite":
            return create_engine(url, pool_pre_ping=True)
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

    def journal_mode(self) -> str:
        """SQLite's journal mode (``wal`` expected for a file); ``"n/a"`` on other databases."""
        if self.engine.dialect.name != "sqlite":
            return "n/a"
        with self.engine.connect() as conn:
            return str(conn.exec_driver_sql("PRAGMA journal_mode").scalar())

    def create_table(self, table_id: str, game: str, players: int, options: dict[str, Any], seed: int,
                     seats: Sequence[SeatRecord], reaction_seconds: int | None = None, *,
                     seed_given: bool = True, spectator_chat: bool = False,
                     invite: tuple[str, str] | None = None, hints: bool = False) -> None:
        """Insert a new table with its seats and its invite ``(code, host token)`` if given (one transaction).

        ``seed_given``: the table's creator chose ``seed`` (an integer ≥ 0 below 2**63); false: the server drew
        it (any size ≥ 0, kept as text). ``spectator_chat``: spectators may write in the table's chat. ``hints``:
        a seat may ask the coach for a hint.
        """
        now = time.time()
        columns = {"seed": seed, "secret_seed": None} if seed_given else {"seed": 0, "secret_seed": str(seed)}
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(id=table_id, game=game, players=players, options=options,
                                                 created=now, touched=now, rematch_id=None,
                                                 reaction_seconds=reaction_seconds, seed_given=seed_given,
                                                 spectator_chat=spectator_chat, offer_hints=hints,
                                                 **columns))
            conn.execute(insert(seats_t), [
                {"table_id": table_id, "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                 "token": s.token} for s in seats])
            if invite is not None:
                conn.execute(insert(invites_t).values(code=invite[0], table_id=table_id, host_token=invite[1]))

    def take_seat(self, table_id: str, seat: SeatRecord) -> bool:
        """Give the open seat ``seat.seat`` to a person or a bot as ``seat`` says (kind, name, bot, token), if it is
        still open; returns whether it was (one conditional update, so of two racing takers exactly one wins)."""
        with self.engine.begin() as conn:
            taken = conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat,
                                                       seats_t.c.kind == "open")
                                 .values(kind=seat.kind, name=seat.name, bot=seat.bot, token=seat.token)).rowcount
            if taken:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=time.time()))
        return bool(taken)

    def invited_table(self, code: str) -> str | None:
        """The id of the table whose invite code is ``code``, or ``None``."""
        with self.engine.connect() as conn:
            return conn.execute(select(invites_t.c.table_id).where(invites_t.c.code == code)).scalar()

    def add_chat(self, table_id: str, message: ChatRecord) -> None:
        """Commit one chat message of ``table_id`` (raises IntegrityError if its number is taken)."""
        with self.engine.begin() as conn:
            conn.execute(insert(chat_t).values(table_id=table_id, id=message.id, seat=message.seat,
                                               text=message.text, at=message.at))

    def append_events(self, table_id: str, first_n: int, events: Sequence[tuple[int, str]]) -> None:
        """Commit events numbered ``first_n, first_n+1, …`` (raises IntegrityError if a number is taken)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(events_t), [
                {"table_id": table_id, "n": first_n + i, "seat": seat, "token": token, "at": now}
                for i, (seat, token) in enumerate(events)])
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=now))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Link a finished table to its rematch."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(rematch_id=rematch_id))

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
            messages = tuple(ChatRecord(m["id"], m["seat"], m["text"], m["at"]) for m in chat)
        return TableRecord(
            id=row["id"], game=row["game"], players=row["players"], options=dict(row["options"]),
            seed=row["seed"] if row["secret_seed"] is None else int(row["secret_seed"]), seed_given=row["seed_given"],
            created=row["created"], touched=row["touched"], rematch_id=row["rematch_id"],
            reaction_seconds=row["reaction_seconds"],
            seats=[SeatRecord(s["seat"], s["kind"], s["name"], s["bot"], s["token"]) for s in seats],
            events=[(seat, token) for seat, token in events],
            spectator_chat=bool(row["spectator_chat"]), chat=messages, hints=bool(row["offer_hints"]),
            invite_code=None if invite is None else invite["code"],
            host_token=None if invite is None else invite["host_token"],
        )

    def delete_untouched(self, before: float, batch: int = 500) -> list[str]:
        """Delete up to ``batch`` tables without a move since ``before`` (epoch s), with their seats, events, chat
        and invite, in one transaction; returns their ids (fewer than ``batch``: none is left)."""
        with self.engine.begin() as conn:
            ids = list(conn.execute(select(tables_t.c.id).where(tables_t.c.touched < before).limit(batch)).scalars())
            if ids:
                conn.execute(delete(events_t).where(events_t.c.table_id.in_(ids)))
                conn.execute(delete(chat_t).where(chat_t.c.table_id.in_(ids)))
                conn.execute(delete(invites_t).where(invites_t.c.table_id.in_(ids)))
                conn.execute(delete(seats_t).where(seats_t.c.table_id.in_(ids)))
                conn.execute(delete(tables_t).where(tables_t.c.id.in_(ids)))
        return ids

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
