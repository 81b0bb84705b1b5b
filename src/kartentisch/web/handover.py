"""A seat handed to a bot and taken back (issue 32), and the notes that tell it in the log.

Once a person's clock ran out (:mod:`~kartentisch.web.clock`, ``ask``) or the person has been ``gone`` for a while
(:mod:`~kartentisch.web.presence`), any other seated person may hand the seat to a bot of the lobby's levels
(``POST /api/tables/{id}/seats/{seat}/handover``): the bot plays it at once, the seat stays the person's (its
``stand_in``) and the person's own link takes it back (a socket of it opening, an action of it, or
``POST …/back``); the bot's moves stay. The host (the table's creator, with the host token) may give the seat of a
person who is gone to a bot for good (``POST …/remove``): their link no longer opens it, it is told so and may watch.

Each of these is a *note* (:class:`~kartentisch.web.records.NoteRecord`), committed like a move before anyone hears of
it (with the seat's new row in one transaction; a bot's move for a seat whose clock ran out rides in the same one),
and shown in the log at its place among the moves, in words (EN/DE), as ``{"kind": "seat", "text"}``. A refusal
changes nothing and says why (wrong seat, the person present, …).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Header, Query, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy.exc import IntegrityError

from . import clock, presence
from .deps import PlainText, bearer, hub_of, plain_id
from .errors import ApiError, Conflict, frame_lang
from .fanout import Send, encode, frame_response
from .frames import LANG_HELP, FrameOut
from .records import NoteRecord, SeatRecord
from .refusals import table_refused
from .seating import bot_spec
from .workers import MAX_ITERATIONS

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

async def commit_note(hub: Hub, table: LiveTable, what: str, seat: int, *, by: int | None = None,
                      bot: str | None = None, record: SeatRecord | None = None,
                      events: list[tuple[int, str]] | None = None) -> NoteRecord:
    """Commit a note of ``seat`` (with the seat's new ``record`` and ``events`` in its transaction), then apply it to
    the table in memory. Call under ``table.lock``.

    Raises:
        Conflict: another process wrote a note or an event first; the table caught up, nothing applied.
    """
    note = next_note(table, what, seat, by=by, bot=bot)
    try:
        await asyncio.get_running_loop().run_in_executor(hub.writer, hub.store.add_note, table.id, note, record,
                                                         events or [])
    except IntegrityError:
        raise await changed_elsewhere(hub, table) from None
    if record is not None:
        table.seat_taken(record)
    noted(table, note)  # before its events: a run-out clock's bot move is told as the bot's (notes.bot_for)
    if events:
        table.apply_local(seat, [token for _, token in events])
    return note


def next_note(table: LiveTable, what: str, seat: int, *, by: int | None = None,
              bot: str | None = None) -> NoteRecord:
    """The next note of ``table`` (numbered after its notes, placed after its events so far, made now): ``what``
    (a key of :data:`~kartentisch.web.notes.NOTE_WORDS`) happened to ``seat``, done by the seat ``by`` (``None``:
    the host or the server), ``bot`` the bot spec it names."""
    return NoteRecord(len(table.notes) + 1, len(table.log), seat, what, by, bot, time.time())


def noted(table: LiveTable, note: NoteRecord) -> None:
    """``note``, committed to the store, applied to the table in memory (its log tells it from now on)."""
    table.notes.append(note)
    table.record = replace(table.record, touched=note.at)


async def changed_elsewhere(hub: Hub, table: LiveTable) -> Conflict:
    """The refusal (409) of a write another server process beat (a note's or an event's number was taken: nothing
    was written), after ``table`` caught up from the store. Call under ``table.lock``."""
    await hub.refresh(table)
    return Conflict(409, "the table changed a moment ago through another server; nothing applied: look again")


def _seat(table: LiveTable, seat: int) -> SeatRecord:
    """The seat ``seat`` of ``table``; ApiError 422 for one it does not have."""
    players = table.record.players
    if not 0 <= seat < players:
        raise ApiError(422, f"there is no seat {seat} at this table (its seats are numbered 0 … {players - 1})")
    return table.record.seats[seat]


#: The hand-over's refusals in the players' words (``ApiError.said``; the table page has its own words for them too).
REFUSED = {
    "own": {"en": "Your own seat cannot go to a bot this way.",
            "de": "Den eigenen Platz kannst du so nicht an einen Bot geben."},
    "not_yet": {"en": "This seat cannot go to a bot yet: its clock has not run out, and its person has not been "
                      "missing for a minute.",
                "de": "Dieser Platz kann noch nicht an einen Bot gehen: Seine Uhr ist nicht abgelaufen, und die Person "
                      "fehlt noch keine Minute."},
    "not_yet_turn_based": {"en": "At a turn-based table a seat goes to a bot only once its clock has run out.",
                           "de": "An einem rundenbasierten Tisch geht ein Platz erst an einen Bot, wenn seine Uhr "
                                 "abgelaufen ist."},
    "already": {"en": "Nothing to do: you play this seat yourself already.",
                "de": "Nichts zu tun: Du spielst diesen Platz schon selbst."},
}


def _not_yet(table: LiveTable) -> dict[str, str]:
    """The refusal of a seat that may not go to a bot yet: at a turn-based table only its clock counts (its person
    being away says nothing there), elsewhere its clock or its person being gone."""
    return REFUSED["not_yet_turn_based" if presence.turn_based(table) else "not_yet"]


async def hand_over(hub: Hub, table: LiveTable, by: int, seat: int, spec: str) -> None:
    """``by`` hands ``seat`` to the bot ``spec`` (checked); the bot moves at once. Raises ApiError 409/422."""
    async with table.lock:
        await hub.refresh(table)
        target = _seat(table, seat)
        if by == seat:
            raise ApiError(409, f"{table.names['en'][seat]} cannot hand their own seat to a bot; another person at "
                                "the table may, once its clock ran out or its person is gone", said=REFUSED["own"])
        if (why := presence.hand_over_refusal(table, seat, hub.time_scale)) is not None:
            raise ApiError(409, why, said=_not_yet(table))
        await commit_note(hub, table, "handed", seat, by=by, bot=spec, record=replace(target, stand_in=spec))
    hub.after_change(table)
    await table.broadcast()


async def take_back(hub: Hub, table: LiveTable, seat: int) -> bool:
    """The person's own link takes ``seat`` back from its bot; returns whether it was a bot's (else nothing)."""
    async with table.lock:
        await hub.refresh(table)
        record = table.record.seats[seat]
        if record.stand_in is None:
            return False
        what = "back_over" if table.state.game_over else "back"
        await commit_note(hub, table, what, seat, record=replace(record, stand_in=None))
    hub.after_change(table)
    await table.broadcast()
    return True


async def seated(hub: Hub, table: LiveTable, seat: int) -> bool:
    """The person of ``seat`` opened their seat: at a table with a live clock (not a turn-based one), the first time,
    a ``seated`` note ("Ben is at the table; Ben's clock runs from now on"), from which their clock runs
    (:func:`~kartentisch.web.clock.deadlines`); returns whether one was made."""
    stored = clock.TableClock.parse(table.record.clock)
    if stored is None or stored.preset.turn_based:
        return False
    async with table.lock:
        await hub.refresh(table)
        if table.state.game_over or table.record.seats[seat].kind != "human" or clock.seated(table, seat):
            return False
        await commit_note(hub, table, clock.SEATED, seat)
    hub.after_change(table)
    await table.broadcast()
    return True


async def remove(hub: Hub, table: LiveTable, seat: int, spec: str, by: int | None = None) -> None:
    """The host gives the seat of a person to ``spec`` for good (the seat's link stops working): a seat a bot plays
    already, or one that may be handed to a bot now (:func:`~kartentisch.web.presence.hand_over_refusal`: its clock
    ran out, or its person is gone at a live table). ``by``: the host's own seat, if the host sits at the table
    (the log then tells the host "You give …" and names her to the others; else "the host"). Raises ApiError
    409/422."""
    async with table.lock:
        await hub.refresh(table)
        target = _seat(table, seat)
        name = table.names["en"][seat]
        if target.kind != "human":
            raise ApiError(409, f"{name} is not a person's seat; the host removes only a person")
        if table.state.game_over:
            raise ApiError(409, "the match is over", said=table_refused(table.match.game, "over"))
        if target.stand_in is None and (why := presence.hand_over_refusal(table, seat, hub.time_scale)) is not None:
            raise ApiError(409, f"{why}; the host removes a person whose seat may go to a bot or a bot plays",
                           said=_not_yet(table))
        # the bot's seat keeps the person's token: their link is told what happened (LiveTable.removed), not
        # "unknown", and opens nothing
        await commit_note(hub, table, "removed", seat, by=by, bot=spec,
                          record=SeatRecord(seat, "bot", target.name, spec, target.token))
        refusal = table.removed(seat)
        for sub_id, sub in list(table.subscribers.items()):  # the seat's open pages see its cards no more
            if sub.viewer == seat:
                del table.subscribers[sub_id]
                hub.spawn(_removed(sub.send, refusal, sub.lang))
    hub.after_change(table)
    await table.broadcast()


async def _removed(send: Send, refusal: ApiError, lang: str) -> None:
    """Tell a removed seat's open page, in its language (the table page then offers to watch instead)."""
    await send(encode({"type": "error", "status": refusal.status, **refusal.body(lang)}))


async def run_out(hub: Hub, table: LiveTable, seat: int, then: str) -> None:
    """``seat``'s table clock ran out (call under ``table.lock``, the seat still asked): ``bot`` makes its move now
    (:data:`~kartentisch.web.clock.TIMEOUT_BOT`, stored with the note), ``ask`` stores that it ran out."""
    if then == "ask":
        await commit_note(hub, table, "timeout_ask", seat)
        return
    token = await hub.bots.move(table, seat, clock.TIMEOUT_BOT)
    await commit_note(hub, table, "timeout_bot", seat, bot=clock.TIMEOUT_BOT, events=[(seat, token)])


class StandInIn(BaseModel):
    """The bot that takes a seat over (the lobby's levels: ``random``, ``heuristic``, ``ismcts`` with
    ``iterations``)."""

    bot: PlainText = Field(default="heuristic", max_length=200, examples=["heuristic"])
    iterations: int | None = Field(default=None, ge=1, le=MAX_ITERATIONS, description="ISMCTS strength")


class RemoveIn(StandInIn):
    """The host's removal: the bot, and the host's own seat token where the host sits at the table (the log then
    speaks to the host as "you" and names her seat to the others)."""

    seat_token: str | None = Field(default=None, max_length=200, description="the host's own seat token, if any")


router = APIRouter()


def _host(table: LiveTable, token: str | None) -> bool:
    host = table.record.host_token
    return token is not None and host is not None and secrets.compare_digest(
        token.encode("utf-8", "surrogateescape"), host.encode())


async def _frame_after(request: Request, table_id: str, authorization: str | None,
                       lang: str) -> tuple[Hub, LiveTable, int | None, str]:
    lang = frame_lang(lang)
    hub = hub_of(request)
    table = await hub.get(plain_id(table_id))
    token = bearer(authorization)
    return hub, table, None if _host(table, token) else table.seat_of(token), lang


@router.post("/api/tables/{table_id}/seats/{seat}/handover", response_model=None,
             responses={200: {"model": FrameOut}})
async def handover(table_id: str, seat: int, body: StandInIn, request: Request,
                   authorization: Annotated[str | None, Header()] = None,
                   lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> Response:
    """Another seated person (``Authorization: Bearer <seat token>``) hands ``seat`` to a bot once its clock ran out
    or its person is gone; answers with the bearer's frame. 401 no seat token, 409 not allowed now (naming why),
    422 no such seat or a bot that does not build."""
    hub, table, by, lang = await _frame_after(request, table_id, authorization, lang)
    if by is None:
        raise ApiError(401, "a seat token is needed to hand a seat to a bot (only people at the table do)")
    spec = bot_spec(table.match.game, seat, body.model_dump(), hub.search_seconds, hub.policies, table.record.players,
                    table.record.options)
    await hand_over(hub, table, by, seat, spec)
    return frame_response(table.frame(by, lang=lang))


@router.post("/api/tables/{table_id}/seats/{seat}/back", response_model=None,
             responses={200: {"model": FrameOut}})
async def back(table_id: str, seat: int, request: Request, authorization: Annotated[str | None, Header()] = None,
               lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> Response:
    """The seat's own link takes it back from its bot; answers with its frame. 401 not that seat's token, 409 no bot
    plays it."""
    hub, table, own, lang = await _frame_after(request, table_id, authorization, lang)
    if own != seat:
        raise ApiError(401, "only the seat's own link takes it back: send its seat token")
    if not await take_back(hub, table, seat):
        raise ApiError(409, f"{table.names['en'][seat]} plays this seat already; no bot plays for them",
                       said=REFUSED["already"])
    return frame_response(table.frame(seat, lang=lang))


@router.post("/api/tables/{table_id}/seats/{seat}/remove", response_model=None,
             responses={200: {"model": FrameOut}})
async def remove_person(table_id: str, seat: int, body: RemoveIn, request: Request,
                        authorization: Annotated[str | None, Header()] = None,
                        lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> Response:
    """The host (``Authorization: Bearer <host_token>``) gives the seat of a person who is gone to a bot for good;
    answers with the spectator's frame. 401 without the host's token or with an unknown ``seat_token``, 409 the
    person is there, 422 no such seat."""
    hub, table, _, lang = await _frame_after(request, table_id, authorization, lang)
    if not _host(table, bearer(authorization)):
        raise ApiError(401, "only the table's host removes a person: send 'Authorization: Bearer <host_token>'")
    by = table.seat_of(body.seat_token)  # the host's own seat removed: no "you give your seat"
    by = None if by == seat else by
    spec = bot_spec(table.match.game, seat, body.model_dump(exclude={"seat_token"}), hub.search_seconds,
                    hub.policies, table.record.players, table.record.options)
    await remove(hub, table, seat, spec, by)
    return frame_response(table.frame(None, lang=lang))
