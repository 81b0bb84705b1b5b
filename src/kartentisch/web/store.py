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

On PostgreSQL the store is *shared* (:attr:`~.database.Database.shared`, issue 26): several server processes use
one database. Each write that others must see notifies them in its own transaction on the table's own channel
(``NOTIFY`` on :func:`~.schema.channel` of the table id, issue 33 goal 5: only the
processes holding that table hear it) with the payload ``<what>``, never a frame or a view: the event count with the
committed ``(seat, token)`` events themselves (:func:`~.schema.moves_note`: the log, which every process may read),
or ``chat``/``seat``/``rematch``/``note``; a process reads what else changed with :meth:`Store.changes`.
An event number is taken once (the primary key ``(table_id, n)``: of two processes appending event n, the
second gets IntegrityError), and the bots of a table are driven by the one process holding its lease
(``kt_bot_leases``, PostgreSQL's clock; :class:`~.store_jobs.JobStore`).

Columns added after the first release (:data:`~.schema.ADDED_COLUMNS`, all nullable) are added to an older
database when the store opens it. Expired tables are deleted by :meth:`Store.delete_untouched`. The tables
are declared in :mod:`.schema`, the records read and written in :mod:`.records`; opening the database (SQLite's
durability, one process per SQLite file) is :mod:`.database`'s, the bots' leases and the coach's jobs
:mod:`.store_jobs`'.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from ..kernel.names import look_key
from .records import Append, ChatRecord, NameTaken, NoteRecord, SeatRecord, TableChanges, TableRecord
from .schema import (
    APPEND_MOVES_PG_SQL,
    append_moves_params,
    chat_t,
    events_t,
    insert_events_sql,
    invites_t,
    leases_t,
    notes_t,
    reviews_t,
    seats_t,
    tables_t,
    touch_sql,
    uploads_t,
)
from .store_jobs import JobStore


def _name_key(name: str) -> str | None:
    """The stored ``name_key`` of a seat's given name (:func:`~kartentisch.kernel.names.look_key`); ``None``
    without one (an unnamed seat is labelled per language and may be labelled alike at no other seat)."""
    return look_key(name) if name else None


class Store(JobStore):
    """Tables and event logs in one SQLAlchemy database (thread-safe; each call is one transaction), beside the
    bots' leases and the coach's jobs of :class:`~.store_jobs.JobStore`.

    Args:
        url: SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://…``); ``None``:
            :func:`~.database.default_db_url`.

    Raises:
        ValueError: the database is not this code's (:meth:`~.database.Database._check`).
    """


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
                                                 created=now, touched=now, started=now, rematch_id=None,
                                                 reaction_seconds=reaction_seconds, seed_given=seed_given,
                                                 spectator_chat=spectator_chat, offer_hints=hints,
                                                 turn_clock=clock, **columns))
            conn.execute(insert(seats_t), [
                {"table_id": table_id, "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                 "token": s.token, "stand_in": s.stand_in, "name_key": _name_key(s.name)} for s in seats])
            if invite is not None:
                conn.execute(insert(invites_t).values(code=invite[0], table_id=table_id, host_token=invite[1]))
        return True

    def take_seat(self, table_id: str, seat: SeatRecord, note: NoteRecord | None = None) -> bool:
        """Give the open seat ``seat.seat`` to a person or a bot as ``seat`` says (kind, name, bot, token), if it is
        still open; returns whether it was (one conditional update, so of two racing takers exactly one wins). A
        ``note`` that tells it (the host's ``filled``: a bot put in an open seat) is committed in the same
        transaction: the seat is never taken without its line in the log, nor the line written without the seat.

        Raises:
            NameTaken: another seat of the table has a name that looks like ``seat.name`` (the unique
                ``(table_id, name_key)`` index: it holds across server processes); nothing is written.
            IntegrityError: ``note``'s number is taken (another process wrote a note first); nothing is written.
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
                if note is not None:
                    self._insert_note(conn, table_id, note)
                now = time.time()  # the last open seat taken starts the match
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=now, started=now))
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
        self.commit_moves([Append(table_id, first_n, tuple(events))])

    def commit_moves(self, appends: Sequence[Append]) -> None:
        """Commit the events of ``appends`` (at most one per table) in one transaction and touch their tables; on a
        shared store the same transaction notifies each table's event count and its new events on the table's
        :func:`~.schema.channel` (:func:`~.schema.moves_note`). All events of the transaction carry one ``at``.
        The server commits its moves through :class:`~.commits.GroupCommit`, which calls this in its writer thread
        on SQLite and commits on the event loop on PostgreSQL (:class:`~.commits.LoopCommit`, the same statement).

        **Decision** (issue 33 goal 5): on PostgreSQL this is one statement in autocommit
        (:data:`~.schema.APPEND_MOVES_PG_SQL`: insert, touch and notify), its own transaction, so a batch costs one
        round trip instead of four (``BEGIN``, the ``INSERT``'s pipeline, the ``UPDATE … RETURNING pg_notify``,
        ``COMMIT``); the statement returns only once PostgreSQL committed it, so a move is still acknowledged
        after its commit. SQLite keeps a transaction of an ``executemany`` and an ``UPDATE`` (no round trips
        there).

        Raises:
            IntegrityError: an event number is taken (another process appended it first) or a table is gone;
                nothing of ``appends`` is written.
            SQLAlchemyError: the transaction failed otherwise (the database is unreachable or full); nothing of
                ``appends`` is written.
        """
        now = time.time()
        if self.shared:
            with self.autocommit.connect() as conn:
                self._on_driver(conn, APPEND_MOVES_PG_SQL, append_moves_params(appends, now))
            return
        params: dict[str, Any] = {"now": now} | {f"id{i}": each.table_id for i, each in enumerate(appends)}
        with self.engine.begin() as conn:
            self._insert_events(conn, appends, now)
            self._on_driver(conn, touch_sql(len(appends), self.engine.dialect.paramstyle), params)

    def _insert_events(self, conn: Connection, appends: Sequence[Append], now: float) -> None:
        """Insert the events of ``appends`` with one ``executemany``."""
        self._on_driver(conn, insert_events_sql(self.engine.dialect.paramstyle), [
            {"table_id": each.table_id, "n": each.first_n + i, "seat": seat, "token": token, "at": now}
            for each in appends for i, (seat, token) in enumerate(each.events)])


    def add_note(self, table_id: str, note: NoteRecord, seat: SeatRecord | None = None,
                 events: Sequence[tuple[int, str]] = ()) -> None:
        """Commit a seat's note (issue 32) in one transaction with what it changes: the seat's row as ``seat``
        says (kind, name, bot, token, stand-in) and ``events`` numbered from ``note.after`` (a move a bot made for a
        seat whose clock ran out); touches the table and notifies ``note``. Raises IntegrityError if the note's
        number or an event's number is taken (another process was first; nothing is written)."""
        with self.engine.begin() as conn:
            self._insert_note(conn, table_id, note)
            if seat is not None:
                conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
                             .values(kind=seat.kind, name=seat.name, bot=seat.bot, token=seat.token,
                                     stand_in=seat.stand_in, name_key=_name_key(seat.name)))
            if events:
                self._insert_events(conn, [Append(table_id, note.after, tuple(events))], note.at)
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=note.at))
            self._notify(conn, table_id, "note")

    @staticmethod
    def _insert_note(conn: Connection, table_id: str, note: NoteRecord) -> None:
        conn.execute(insert(notes_t).values(table_id=table_id, id=note.id, after=note.after, seat=note.seat,
                                            what=note.what, by_seat=note.by, bot=note.bot, at=note.at))

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
            events = conn.execute(select(events_t.c.seat, events_t.c.token, events_t.c.at)
                                  .where(events_t.c.table_id == table_id).order_by(events_t.c.n)).all()
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
            events=[(seat, token) for seat, token, _ in events], event_at=tuple(at for _, _, at in events),
            started=row["started"],
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
                select(events_t.c.seat, events_t.c.token, events_t.c.at)
                .where(events_t.c.table_id == table_id, events_t.c.n >= events_from).order_by(events_t.c.n)).all()
            chat = [] if not row.chat else conn.execute(
                select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.id > chat_from)
                .order_by(chat_t.c.id)).mappings().all()
            notes = self._notes(conn, table_id, notes_from) if row.notes else ()
            found = None if not (seats or notes) else [self._seat(s) for s in conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)).mappings()]
        return TableChanges([(seat, token) for seat, token, _ in events],
                            [ChatRecord(m["id"], m["seat"], m["text"], m["at"], m["reaction"]) for m in chat], found,
                            row.rematch_id, row.touched, notes, tuple(at for _, _, at in events))


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

