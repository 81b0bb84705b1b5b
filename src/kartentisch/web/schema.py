"""The tables of the store (:mod:`.store`) and the SQL of its hot path (SQLAlchemy 2 Core; SQLite or PostgreSQL).

Every table of the server's database is declared here once: the match headers and seats, the append-only event
log, invites, chat, seat notes, bot leases, the coach's reviews and uploads (groups declare theirs in
:mod:`.group_store` on the same :data:`metadata`). :func:`channel` names a table's PostgreSQL notification channel;
:func:`insert_events_sql` and :func:`touch_sql` are the move commit's statements as the driver takes them (built
once per parameter style and batch size: SQLAlchemy's statement building was most of a commit's CPU, issue 33).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

from .records import Append

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
    Column("turn_clock", String(40), nullable=True),
    # when the match began (the table made with every seat taken, or its last open seat taken): the clocks of the
    # first decisions count from it (NULL: a table stored before; they count from ``touched``)
    Column("started", Float, nullable=True),
)

seats_t = Table(
    "kt_seats", metadata,
    Column("table_id", String(40), ForeignKey("kt_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("name", String(80), nullable=False),
    Column("bot", String(200), nullable=True),
    Column("token", String(64), nullable=True, unique=True),
    Column("stand_in", String(200), nullable=True),
    # what the seat's given name looks like (kernel.names.look_key; NULL: no given name): unique per table, so two
    # server processes seating two people at once never seat two names alike (issue 31)
    Column("name_key", Text, nullable=True),
    Index("kt_seats_name_key", "table_id", "name_key", unique=True),
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
    Column("reaction", String(20), nullable=True),
)

#: What happened to a table's seats beside the moves (issue 32), numbered from 1 per table, each after ``after``
#: events: a seat handed to a bot (``stand_in``), taken back, given to a bot for good by the host, a clock run out,
#: a rematch joined or left (:class:`NoteRecord`). ``by``: the seat that did it (NULL: the host, or the server).
notes_t = Table(
    "kt_notes", metadata,
    Column("table_id", String(40), ForeignKey("kt_tables.id"), primary_key=True),
    Column("id", Integer, primary_key=True),
    Column("after", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("what", String(20), nullable=False),
    Column("by_seat", Integer, nullable=True),
    Column("bot", String(200), nullable=True),
    Column("at", Float, nullable=False),
)

#: Who drives a table's bots (shared stores only): a row exists while some bot has a decision there; its
#: ``owner`` (a process, :attr:`~kartentisch.web.hub.Hub.owner`) holds it until ``expires`` (epoch s, the
#: database's clock) unless it renews it; an expired row is taken over by another process.
leases_t = Table(
    "kt_bot_leases", metadata,
    Column("table_id", String(40), ForeignKey("kt_tables.id"), primary_key=True),
    Column("owner", String(120), nullable=False),
    Column("expires", Float, nullable=False),
)

#: The coach's reviews (issue 23), so that any process answers a poll: the decisions judged so far (JSON, in
#: order; a review is seeded, so whoever resumes it judges the rest as its first holder would have), a failure,
#: and which process works on it, which last wrote at ``beat`` (epoch s).
reviews_t = Table(
    "kt_reviews", metadata,
    Column("key", String(80), primary_key=True),
    Column("judged", JSON, nullable=False),
    Column("error", String(400), nullable=True),
    Column("owner", String(120), nullable=False),
    Column("beat", Float, nullable=False),
)

#: Replay files uploaded for stepping through and reviewing (any process reads them back).
uploads_t = Table(
    "kt_uploads", metadata,
    Column("id", String(40), primary_key=True),
    Column("text", Text, nullable=False),
    Column("created", Float, nullable=False),
)

#: The start of every table's PostgreSQL channel (:func:`channel`).
CHANNEL_PREFIX = "kt:"

#: The PostgreSQL advisory lock key held while a process creates or extends the schema.
SCHEMA_LOCK = 0x6B74_0026

#: Nullable columns newer than the first schema: ``Store`` adds them to a database that lacks them.
ADDED_COLUMNS = {"kt_tables": ("secret_seed", "seed_given", "spectator_chat", "offer_hints", "turn_clock",
                                "started"),
                 "kt_seats": ("name_key", "stand_in"), "kt_chat": ("reaction",), "kt_group_members": ("removed",)}


def channel(table_id: str) -> str:
    """The PostgreSQL channel a shared store notifies for each commit of ``table_id`` (issue 33 goal 5): one channel
    per table, so a process hears only the tables it holds (it listens on theirs,
    :class:`~kartentisch.web.cluster.Cluster`), not every table's moves. A table id is at most 40 characters
    (``kt_tables.id``), so the channel stays within PostgreSQL's 63-byte names; it is case-sensitive (``LISTEN``
    quotes it)."""
    return CHANNEL_PREFIX + table_id


#: The longest payload :func:`moves_note` carries (PostgreSQL refuses a ``NOTIFY`` payload of 8000 bytes or more).
MOVES_NOTE_LIMIT = 7900


def moves_note(count: int, events: Sequence[tuple[int, str]]) -> str:
    """The payload notifying a commit of ``events`` (``(seat, token)`` pairs) that bring a table to ``count`` events:
    ``"<count>:<JSON list of [seat, token]>"``, so that a process holding the table applies them without reading
    them back (issue 33 goal 5: the catch-up's query was a third of a split table's CPU); only ``"<count>"`` when
    that would pass :data:`MOVES_NOTE_LIMIT` bytes (the process then reads them, ``Store.changes``)."""
    note = f"{count}:{json.dumps(events, separators=(',', ':'))}"
    return note if len(note.encode()) <= MOVES_NOTE_LIMIT else str(count)


def note_count(payload: str) -> int | None:
    """The event count of a :func:`moves_note` payload; ``None`` for the other payloads (``chat``, ``seat``,
    ``rematch``, ``note``). Cheap: a process hears its own commits' notes too, and needs no more of them."""
    head = payload.partition(":")[0]
    return int(head) if head.isdigit() else None


def note_moves(payload: str) -> list[tuple[int, str]] | None:
    """The ``(seat, token)`` events of a :func:`moves_note` payload; ``None`` if it carries none (too long), or none
    this version reads (then the process reads them from the store)."""
    body = payload.partition(":")[2]
    try:
        return [(int(seat), str(token)) for seat, token in json.loads(body)] if body else None
    except (ValueError, TypeError):
        return None


def _marker(paramstyle: str) -> str:
    """A named parameter's marker for the driver (``{}`` the name): psycopg's ``pyformat``; sqlite3, whose default
    is ``qmark``, takes ``:name`` too."""
    return "%({})s" if paramstyle == "pyformat" else ":{}"


@functools.cache
def insert_events_sql(paramstyle: str) -> str:
    """The driver's ``INSERT`` of one event (:data:`events_t`, named parameters of its column names)."""
    names = [c.name for c in events_t.columns]
    marks = ", ".join(_marker(paramstyle).format(name) for name in names)
    return f"INSERT INTO {events_t.name} ({', '.join(names)}) VALUES ({marks})"


#: The moves' commit of a batch on PostgreSQL as one statement (:meth:`~kartentisch.web.store.Store.commit_moves`,
#: issue 33 goal 5): the events inserted from arrays (``table_ids``, ``ns``, ``seats``, ``tokens``, one item per
#: event; ``at`` is ``now``) and, in the same statement, their tables touched and each table's :func:`channel`
#: (``prefix``) notified of its ``notes`` (:func:`moves_note`, one per table of ``ids``). Run in autocommit, the
#: statement is its own transaction: one round trip where ``BEGIN``, the ``INSERT`` pipeline, the ``UPDATE`` and
#: ``COMMIT`` took four, and one text for every batch size (prepared once per connection by psycopg). A taken event
#: number or a deleted table fails the whole statement (``IntegrityError``), writing nothing.
APPEND_MOVES_PG_SQL = (
    f"WITH added AS (INSERT INTO {events_t.name} (table_id, n, seat, token, at) "
    "SELECT e.table_id, e.n, e.seat, e.token, %(now)s FROM unnest(%(table_ids)s::varchar[], %(ns)s::int[], "
    "%(seats)s::int[], %(tokens)s::varchar[]) AS e(table_id, n, seat, token)) "
    f"UPDATE {tables_t.name} AS t SET touched = %(now)s FROM unnest(%(ids)s::varchar[], %(notes)s::text[]) "
    "AS b(id, note) WHERE t.id = b.id RETURNING pg_notify(%(prefix)s || t.id, b.note)")


def append_moves_params(appends: Sequence[Append], now: float) -> dict[str, Any]:
    """The parameters of :data:`APPEND_MOVES_PG_SQL` committing ``appends`` (at most one per table) at ``now``
    (epoch s, every event's ``at``)."""
    return {"now": now, "prefix": CHANNEL_PREFIX,
            "table_ids": [each.table_id for each in appends for _ in each.events],
            "ns": [each.first_n + i for each in appends for i in range(len(each.events))],
            "seats": [seat for each in appends for seat, _ in each.events],
            "tokens": [token for each in appends for _, token in each.events],
            "ids": [each.table_id for each in appends],
            "notes": [moves_note(each.first_n + len(each.events), each.events) for each in appends]}


@functools.lru_cache(maxsize=256)
def touch_sql(tables: int, paramstyle: str) -> str:
    """The driver's ``UPDATE`` touching ``tables`` tables (parameters ``now``, ``id0``, ``id1``, …) after their moves
    are inserted, on SQLite (PostgreSQL does both in :data:`APPEND_MOVES_PG_SQL`). One text per batch size."""
    mark = _marker(paramstyle).format
    ids = ", ".join(mark(f"id{i}") for i in range(tables))
    return f"UPDATE {tables_t.name} SET touched = {mark('now')} WHERE id IN ({ids})"
