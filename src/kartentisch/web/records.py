"""What the store (:mod:`.store`) reads and writes, as frozen records: seats, event batches, notes, chat
messages, whole tables and their changes, coach reviews; and :class:`NameTaken`, a seat refused for its name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a stored table: ``kind`` is ``human``, ``bot`` or ``open`` (a person's seat nobody has taken
    yet, through the table's invite); humans have a secret ``token``. ``stand_in``: the bot spec playing a person's
    seat while it is handed over (issue 32), until the person's link takes it back."""

    seat: int
    kind: str
    name: str
    bot: str | None
    token: str | None
    stand_in: str | None = None


@dataclass(frozen=True)
class Append:
    """Events of one table to commit (:meth:`~.store.Store.commit_moves`): ``(seat, token)`` pairs numbered ``first_n``,
    ``first_n + 1``, … in the table's log."""

    table_id: str
    first_n: int
    events: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class NoteRecord:
    """Something that happened to a seat beside the moves (:data:`~.schema.notes_t`): its number (from 1), the events
    before it, the seat, ``what`` (``handed``, ``back``, ``removed``, ``timeout_bot``, ``timeout_ask``,
    ``rematch_join``, ``rematch_leave``), the seat that did it (``None``: the host or the server), the bot spec
    it concerns and when (epoch s)."""

    id: int
    after: int
    seat: int
    what: str
    by: int | None = None
    bot: str | None = None
    at: float = 0.0


class NameTaken(Exception):
    """:meth:`~.store.Store.take_seat` found a seat of the table whose name looks like the taker's (``args[0]``)."""


@dataclass(frozen=True)
class ChatRecord:
    """One chat message of a table: its number (from 1), the sender's seat (``None``: a spectator), its text
    and when it was sent (epoch s); a quick reaction (``reaction``: its id, :data:`~kartentisch.web.chat.REACTIONS`)
    is shown in each reader's language, its ``text`` is its English words."""

    id: int
    seat: int | None
    text: str
    at: float
    reaction: str | None = None


@dataclass(frozen=True)
class TableRecord:
    """A stored table: the match header, seats, events ``(seat, token)``, bookkeeping times (epoch s),
    the reaction timer (seconds a person has to answer a decision that can be passed; ``None``: no timer)
    and whether the table's creator chose the seed (``None``: stored before that was recorded); whether
    spectators may chat, the invite code and host token (``None`` for a table stored before invites), the
    chat in order and whether a seat may ask the coach for a hint (issue 23; false for a table stored before); its
    clock preset (issue 32, :data:`~kartentisch.web.clock.CLOCKS`; ``None``: none) and its seats' notes in order."""

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
    clock: str | None = None
    notes: tuple[NoteRecord, ...] = ()
    #: When each of ``events`` was committed (epoch s; empty: not read) and when the match began (``None``: not
    #: known, a table stored before it was recorded): the clocks count from them (:func:`~.clock.deadlines`).
    event_at: tuple[float, ...] = ()
    started: float | None = None


@dataclass(frozen=True)
class TableChanges:
    """What a table in a process's memory lacks (:meth:`~.store.Store.changes`): the events and chat messages after the
    ones it has, its seats (only when asked: they change only while some are open), the rematch's id and when
    the table was last touched (epoch s)."""

    events: list[tuple[int, str]]
    chat: list[ChatRecord]
    seats: list[SeatRecord] | None
    rematch_id: str | None
    touched: float
    notes: tuple[NoteRecord, ...] = ()
    #: When each of ``events`` was committed (epoch s).
    event_at: tuple[float, ...] = ()


@dataclass(frozen=True)
class ReviewRecord:
    """A stored review: the decisions judged so far, the failure if it failed, its worker and its last write."""

    judged: list[dict[str, Any]]
    error: str | None
    owner: str
    beat: float
