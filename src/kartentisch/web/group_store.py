"""The store of groups (issue 34): their tables in the database, reading a group and its members, and the
record of each finished match of a group's table or score pad.

Every finished match of a group's table is recorded (``kt_group_matches``): when its last event is committed
(:func:`recorder`, the hub's ``on_match_over``), and again whenever the group is read (:func:`sync`), which
also links a table's rematch to the group (the same seats) and catches a result a crash lost between the last
move and its record. A score pad's result is read from its stored rounds at every read, so a corrected round
changes it. The standings (:mod:`~kartentisch.web.group_standings`) are computed from these records alone, so
they are the same after a restart. The routes are :mod:`~kartentisch.web.groups`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, String, Table, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ..kernel import lookup
from ..kernel.words import LANGS
from ..scorepad import compute, get_ruleset, say
from . import refusals
from .deps import bearer
from .errors import ApiError
from .hub import Hub
from .live import LiveTable
from .notes import move_counts
from .schema import metadata, tables_t
from .scorepad import pad_rounds_t, pads_t
from .standings import placings
from .store import Store

log = logging.getLogger(__name__)

#: Longest name of a group or a member (a table's seat names have the same limit).
MAX_NAME = 80
#: Steps followed back along a table's rematches to find the group it belongs to.
REMATCH_CHAIN = 100

groups_t = Table(
    "kt_groups", metadata,
    Column("id", String(40), primary_key=True),  # the code of the group's private link
    Column("name", String(MAX_NAME), nullable=False),
    Column("created", Float, nullable=False),
)

members_t = Table(
    "kt_group_members", metadata,
    Column("group_id", String(40), ForeignKey("kt_groups.id"), primary_key=True),
    Column("id", Integer, primary_key=True),  # from 1, per group
    Column("name", String(MAX_NAME), nullable=False),
    Column("key", String(64), nullable=False, unique=True),
    Column("joined", Float, nullable=False),
    # when the member left or was removed (epoch s; None: a member now): the row stays, so their past matches keep
    # their name and their number is never given to anyone else
    Column("removed", Float, nullable=True),
)

#: A table or score pad of a group (``source`` ``table``/``pad``, ``source_id`` its id; no foreign key: an
#: expired table leaves the store, its record stays): ``seats`` each seat's member id (``None``: a bot), the
#: result once it ended (:func:`_result`) and when (epoch s).
matches_t = Table(
    "kt_group_matches", metadata,
    Column("source", String(10), primary_key=True),
    Column("source_id", String(40), primary_key=True),
    Column("group_id", String(40), ForeignKey("kt_groups.id"), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created", Float, nullable=False),
    Column("ended", Float, nullable=True),
    Column("result", JSON(none_as_null=True), nullable=True),
)


def refusal(status: int, texts: Mapping[str, str], **values: Any) -> ApiError:
    """ApiError ``status`` whose message (the API's ``error``, for developers) is ``texts`` in English and whose
    ``text`` is in the players' words of every language (:func:`~kartentisch.scorepad.say`: a
    :class:`~kartentisch.scorepad.Text` value in each language's own words); the answer shows the one ``?lang=``
    asks for."""
    text = say(texts, **values)
    return ApiError(status, text["en"], said=refusals.sentences({each: text[each] for each in LANGS}))


def find_group(conn: Connection, code: str) -> dict[str, Any]:
    """The row of the group ``code`` (``{"id", "name", "created"}``); ApiError 404 (:func:`refusal`) if there is
    none."""
    row = conn.execute(select(groups_t).where(groups_t.c.id == code)).mappings().first()
    if row is None:
        raise refusal(404, {"en": "there is no group with this link; it may be mistyped",
                            "de": "zu diesem Link gibt es keine Spielrunde; vielleicht ist er vertippt"})
    return dict(row)


def member_names(conn: Connection, code: str) -> dict[int, str]:
    """The names of the group's members now by their number (from 1, in the order they joined; not those who left
    or were removed)."""
    rows = conn.execute(select(members_t.c.id, members_t.c.name).where(members_t.c.group_id == code,
                                                                        members_t.c.removed.is_(None))
                        .order_by(members_t.c.id))
    return {row.id: row.name for row in rows}


#: A member who left the group or was removed, as its past matches and standings name them.
GONE = {"en": "{name} (no longer in the group)", "de": "{name} (nicht mehr dabei)"}


def past_names(conn: Connection, code: str, lang: str | None) -> dict[int, str]:
    """The name of everyone who ever was a member, by their number, as the group's past matches and standings name
    them: a member by their name now (renamed: the new name), one who left or was removed marked in ``lang``
    (:data:`GONE`; ``None``: not marked), so their results stay theirs and never read as a member's now."""
    rows = conn.execute(select(members_t.c.id, members_t.c.name, members_t.c.removed)
                        .where(members_t.c.group_id == code).order_by(members_t.c.id))
    return {row.id: row.name if row.removed is None or lang is None else GONE[lang].format(name=row.name)
            for row in rows}


def member_of(conn: Connection, code: str, authorization: str | None) -> int:
    """The member whose key the bearer header holds; ApiError 401 (:func:`refusal`) without one, another's, or the
    key of a member who left or was removed."""
    try:
        key = bearer(authorization)
    except ApiError:
        key = None
    found = None if key is None else conn.execute(
        select(members_t.c.id).where(members_t.c.group_id == code, members_t.c.key == key,
                                     members_t.c.removed.is_(None))).scalar()
    if found is None:
        raise refusal(401, {"en": "only a member of the group may do this: join it with your name first",
                            "de": "das darf nur, wer in der Spielrunde ist: tritt ihr erst mit deinem Namen "
                                  "bei"})
    return int(found)


def _result(seats: list[int | None], names: list[str], bots: list[str | None], totals: list[int],
            winners: list[int], score_sign: int, moves: list[tuple[int, int]] | None = None,
            stand_ins: list[str | None] | None = None) -> list[dict[str, Any]]:
    """A finished match's record, one item per seat: ``{"member", "bot", "name", "place", "score"}``, and where
    ``moves`` says so (a table's seats: ``(moves, of them by a bot)``) ``"moves"`` and ``"bot_moves"``: how many of
    the seat's moves a bot made for its person (a hand-over, a removal, a run-out clock's move), with
    ``"stand_in"``, the kind of bot that made most of those (``stand_ins``), where a bot made any."""
    places = placings(winners, totals, score_sign)
    return [{"member": seats[s], "bot": bots[s], "name": names[s], "place": places[s], "score": totals[s],
             **({"moves": moves[s][0], "bot_moves": moves[s][1]} if moves else {}),
             **({"stand_in": stand_ins[s]} if stand_ins and stand_ins[s] else {})}
            for s in range(len(seats))]


def table_result(table: LiveTable, seats: list[int | None]) -> list[dict[str, Any]]:
    """The record of ``table``'s finished match (from the public view: totals and winners, never a hand; per seat
    its moves, how many a bot made for its person and which kind of bot made most of them, from the log)."""
    view = table.state.view(None)
    moves = move_counts(table.log, table.record.players)
    stand_ins = [Counter(e.bot for e in table.log if e.seat == s and e.bot is not None).most_common(1)
                 for s in range(table.record.players)]
    return _result(seats, list(table.names["en"]), [s.bot for s in table.record.seats], list(view["totals"]),
                   list(view["winners"]), table.match.game.score_sign, moves,
                   [most[0][0] if most else None for most in stand_ins])


#: A person's result a bot helped with (at most half of the seat's moves: :func:`helped`), as the group's list of
#: matches marks it (``{n}`` of ``{of}`` moves by a bot); it counts for the person.
BOT_HELP = {"en": "{name} (with a bot's help: {n} of {of} moves)", "de": "{name} (mit Bot-Hilfe: {n} von {of} Zügen)"}
#: A person's seat a bot played more than half of (:func:`played_by_bot`), as the group's list of matches marks it:
#: the match is not counted for the person.
BOT_PLAYED = {"en": "{name} (played by a bot: {n} of {of} moves; not counted for {who})",
              "de": "{name} (von einem Bot gespielt: {n} von {of} Zügen; zählt nicht für {who})"}


def played_by_bot(entry: Mapping[str, Any]) -> bool:
    """Whether a bot made more than half of the moves of a person's seat in this recorded result: the match is then
    the bot's, not the person's (:func:`~kartentisch.web.group_standings.group_standings`)."""
    return entry.get("member") is not None and 2 * int(entry.get("bot_moves") or 0) > int(entry.get("moves") or 0)


def helped(entry: Mapping[str, Any]) -> bool:
    """Whether a bot made some of the moves of a person's seat in this recorded result (``bot_moves``), but not more
    than half of them: the match counts for the person, marked."""
    return entry.get("member") is not None and bool(entry.get("bot_moves")) and not played_by_bot(entry)


def _link_rematches(conn: Connection, table_id: str) -> dict[str, Any] | None:
    """The group row of ``table_id``; a table not linked yet is linked when it is the rematch (of the rematch …)
    of a group's table, with the same seats (a rematch keeps them, in order)."""
    chain = [table_id]
    while len(chain) <= REMATCH_CHAIN:
        row = conn.execute(select(matches_t).where(matches_t.c.source == "table",
                                                   matches_t.c.source_id == chain[-1])).mappings().first()
        if row is not None:
            for later in reversed(chain[:-1]):
                try:
                    with conn.begin_nested():
                        conn.execute(insert(matches_t).values(source="table", source_id=later, group_id=row["group_id"],
                                                              game=row["game"], seats=row["seats"],
                                                              created=time.time()))
                except IntegrityError:
                    pass  # linked meanwhile by another process
            if len(chain) == 1:
                return dict(row)
            return dict(conn.execute(select(matches_t).where(matches_t.c.source == "table",
                                                             matches_t.c.source_id == table_id)).mappings().one())
        before = conn.execute(select(tables_t.c.id).where(tables_t.c.rematch_id == chain[-1])).scalar()
        if before is None:
            return None
        chain.append(before)
    return None


def record_table(store: Store, table_id: str, result_of: Callable[[list[int | None]], list[dict[str, Any]]],
                 ended: float) -> bool:
    """Record the result of the finished table ``table_id`` if it is a group's (directly or as a rematch) and not
    recorded yet (``result_of(seats)``: its record for the group's seats); returns whether it was recorded now."""
    with store.engine.begin() as conn:
        row = _link_rematches(conn, table_id)
        if row is None or row["result"] is not None:
            return False
        done = conn.execute(update(matches_t).where(matches_t.c.source == "table", matches_t.c.source_id == table_id,
                                                    matches_t.c.result.is_(None))
                            .values(result=result_of(list(row["seats"])), ended=ended)).rowcount
    return bool(done)


def recorder(store: Store) -> Callable[[LiveTable], Coroutine[Any, Any, None]]:
    """The hub's hook for a match that ended (``Hub.on_match_over``): record it if it is a group's table."""
    async def match_over(table: LiveTable) -> None:
        try:
            await asyncio.to_thread(record_table, store, table.id, lambda seats: table_result(table, seats),
                                    table.record.touched)
        except Exception:  # the next read of the group records it (sync)
            log.exception("the result of table %s could not be recorded for its group", table.id)
    return match_over


async def sync(hub: Hub, code: str) -> None:
    """Bring the group's records up to date from the stored tables and pads: rematches of its tables are linked,
    a finished table not recorded yet (a crash between its last move and the record) is recorded, and every pad's
    result is read from its rounds (``None`` again while it is not over, after its last round was deleted)."""
    engine = hub.store.engine

    def pending() -> tuple[list[str], list[dict[str, Any]]]:
        with engine.begin() as conn:
            rows = conn.execute(select(matches_t).where(matches_t.c.group_id == code)).mappings().all()
            for row in rows:  # each rematch after a group's table, and the rematch of that one, …
                later, steps = row["source_id"], 0
                while row["source"] == "table" and steps < REMATCH_CHAIN:
                    later = conn.execute(select(tables_t.c.rematch_id).where(tables_t.c.id == later)).scalar()
                    if later is None:
                        break
                    _link_rematches(conn, later)
                    steps += 1
            rows = conn.execute(select(matches_t).where(matches_t.c.group_id == code)).mappings().all()
        return ([r["source_id"] for r in rows if r["source"] == "table" and r["result"] is None],
                [dict(r) for r in rows if r["source"] == "pad"])

    tables, pads = await asyncio.to_thread(pending)
    for table_id in tables:
        try:
            table = await hub.get(table_id)
        except ApiError:
            continue  # expired, or not restorable here: its result was never recorded
        if table.state.game_over:
            await asyncio.to_thread(record_table, hub.store, table_id, functools.partial(table_result, table),
                                    table.record.touched)
    if pads:
        await asyncio.to_thread(_sync_pads, engine, pads)


def _sync_pads(engine: Engine, pads: list[dict[str, Any]]) -> None:
    """Each pad's result from its stored rounds (:func:`~kartentisch.scorepad.compute`), ended when it was last
    written; written only where it changed."""
    with engine.begin() as conn:
        for row in pads:
            pad = conn.execute(select(pads_t).where(pads_t.c.id == row["source_id"])).mappings().first()
            if pad is None:
                continue
            entries = conn.execute(select(pad_rounds_t.c.entry).where(pad_rounds_t.c.pad_id == pad["id"])
                                   .order_by(pad_rounds_t.c.n)).scalars().all()
            sheet = compute(get_ruleset(pad["game"]), pad["names"], pad["options"], list(entries))
            result = None if not sheet.over else _result(
                list(row["seats"]), list(pad["names"]), [None] * len(pad["names"]), list(sheet.totals),
                list(sheet.winners), lookup(pad["game"]).score_sign)
            ended = pad["touched"] if sheet.over else None
            if (result, ended) != (row["result"], row["ended"]):
                conn.execute(update(matches_t).where(matches_t.c.source == "pad", matches_t.c.source_id == pad["id"])
                             .values(result=result, ended=ended))
