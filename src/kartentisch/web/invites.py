"""Invites (issue 21): a table's open seats are taken through its invite link, or filled with bots by its host.

A table is created with seats of kind ``open`` beside ``human`` and ``bot``; the creation answers with the
table's invite (``code``, link ``/join/<code>``) and the ``host_token``. Whoever has the link sees the seats
(``GET /api/invites/{code}``) and takes an open one with a name (``POST …/join``: that seat's token and link);
the host may give an open seat to a bot instead (``POST /api/tables/{id}/seats/{seat}``). The match starts
once no seat is open: until then nobody has a legal move and no bot moves
(:attr:`~kartentisch.web.live.LiveTable.waiting_for_seats`).

A seat is taken by one conditional update of the store under the table's lock, so of two people racing for
the same seat exactly one gets it; the other is told it is taken (409) and nothing changes for them.
"""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import IntegrityError

from ..kernel.words import Voice
from . import refusals
from .clock import TableClock
from .deps import PlainText, bearer, hub_of, plain_id
from .errors import ApiError, frame_lang
from .frames import LANG_HELP
from .handover import changed_elsewhere, next_note, noted
from .hub import Hub
from .live import LiveTable
from .records import NameTaken, NoteRecord, SeatRecord
from .seating import bot_spec, check_seats
from .workers import MAX_ITERATIONS

STATIC = Path(__file__).parent / "static"

router = APIRouter()


class JoinIn(BaseModel):
    """Taking an open seat: which (counted from 0, as the invite lists them) and the name to sit there with."""

    seat: int = Field(ge=0, description="the seat to take, as the invite lists it")
    name: PlainText = Field(max_length=80, examples=["Ana"], description="1 to 80 characters after trimming")


class BotSeatIn(BaseModel):
    """An open seat given to a bot by the host: the bot spec (``random``, ``heuristic``, ``ismcts:…``)."""

    kind: Literal["bot"]
    bot: PlainText | None = Field(default=None, max_length=200, examples=["heuristic"])
    iterations: int | None = Field(default=None, ge=1, le=MAX_ITERATIONS, description="ISMCTS strength")
    seat_token: str | None = Field(default=None, max_length=200,
                                   description="the host's own seat token, if any: the log names her seat")


class InviteSeatOut(BaseModel):
    """One seat as the invite shows it: ``name`` ``None`` while it is open."""

    seat: int
    kind: Literal["open", "human", "bot"]
    name: str | None


class InviteOut(BaseModel):
    """What an invite link shows: the table, its game, its seats and whether the match has started."""

    table: str
    game: str
    game_name: dict[str, str] = Field(examples=[{"en": "Colour Gap", "de": "Farblücke"}])
    players: int
    started: bool = Field(description="no seat is open any more")
    over: bool = Field(description="the match is over: nobody joins any more; its replay and review are open "
                                   "(``replay``)")
    replay: str | None = Field(description="the finished match's replay page (a spectator's view, where its "
                                           "review is too); None while it is not over",
                               examples=["/t/AbC/replay?n=0&seat=spectator"])
    watch: str | None = Field(description="the table's spectator link (public information only) while its match "
                                          "runs; None once it is over: a finished match has nothing to watch live, "
                                          "its ``replay`` shows it", examples=["/t/AbC"])
    fixed_seed: bool = Field(description="the table's creator chose the seed: the deal, fixed when the table was "
                                         "made, may be known to them")
    clock: str | None = Field(description="the table's clock per move in the request's language (a turn-based "
                                          "table says so before anyone sits down); None without one",
                              examples=["turn-based: a day a move"])
    seats: list[InviteSeatOut]


class JoinOut(BaseModel):
    """A seat taken: its table, number, secret token and private link."""

    table: str
    seat: int
    token: str
    url: str = Field(examples=["/t/AbC#seat=XyZ"])


def seat_url(table: str, token: str) -> str:
    """The private link of a seat: its token in the fragment, which the browser never sends to a server."""
    return f"/t/{table}#seat={token}"


def spectator_url(table: str) -> str:
    """The spectator link of a table: its public view, live while the match runs."""
    return f"/t/{table}"


def replay_url(table: str) -> str:
    """The replay page of a finished table, as a spectator saw it (the replay's default view, :mod:`.replays`)."""
    return f"/t/{table}/replay?n=0&seat=spectator"


def invite_of(table: LiveTable, lang: str) -> dict[str, Any]:
    """:class:`InviteOut` of ``table``, seat names in ``lang``."""
    names = table.names[lang]
    game = table.match.game
    stored = TableClock.parse(table.record.clock)
    return {"table": table.id, "game": game.id, "game_name": dict(game.names), "players": table.record.players,
            "started": not table.waiting_for_seats, "over": table.state.game_over,
            "replay": replay_url(table.id) if table.state.game_over else None,
            "watch": None if table.state.game_over else spectator_url(table.id),
            "fixed_seed": bool(table.record.seed_given),
            "clock": None if stored is None else stored.preset.names[lang],
            "seats": [{"seat": s.seat, "kind": s.kind, "name": None if s.kind == "open" else names[s.seat]}
                      for s in table.record.seats]}


async def _invited(request: Request, code: str) -> LiveTable:
    """The live table of invite ``code``; ApiError 404 for a code no table has (410 for an expired table)."""
    hub = hub_of(request)
    found = await asyncio.to_thread(hub.store.invited_table, plain_id(code, "an invite code"))
    if found is None:
        raise ApiError(404, f"no table has the invite {code[:40]!r}; the link may be mistyped",
                       said=_REFUSED["no_invite"])
    return await hub.get(found)


#: The invite's refusals in the players' words (``ApiError.said``).
_REFUSED = {
    "no_invite": {"en": "This invite link leads to no table; it may be mistyped.",
                  "de": "Dieser Einladungslink führt zu keinem Tisch; vielleicht ist er falsch geschrieben."},
    "no_seat": {"en": "This table has no such seat; choose one of the free seats.",
                "de": "Diesen Platz gibt es an diesem Tisch nicht; wähle einen der freien Plätze."},
    "taken": {"en": "{name} sits there already; choose another seat.",
              "de": "Dort sitzt schon {name}; wähle einen anderen Platz."},
    "over": {"en": "This match is over: nobody joins it any more. Its replay and review are open to everyone.",
             "de": "Diese Partie ist vorbei: niemand kann mehr mitspielen. Nachspielen und Analyse stehen allen "
                   "offen."},
    "taken_now": {"en": "Someone took this seat a moment ago; choose another seat.",
                  "de": "Jemand hat diesen Platz eben genommen; wähle einen anderen Platz."},
}
#: The refusal of a name that another server process seated a moment ago (the store's unique name key).
_NAME_TAKEN = {"en": "\"{name}\" looks like the name someone took at this table a moment ago; choose a name that "
                     "reads differently.",
               "de": "„{name}“ sieht aus wie der Name, den jemand an diesem Tisch eben genommen hat; wähle einen "
                     "Namen, der sich anders liest."}


async def _take(hub: Hub, table: LiveTable, seat: int, taker: SeatRecord, lang: str = "en",
                note: NoteRecord | None = None) -> None:
    """Give the open ``seat`` to ``taker``: commit (on the writer thread, after any commit before it), with the
    ``note`` that tells it in the same transaction, then the table in memory; the match starts when it was the last
    open seat. Call under ``table.lock``.

    Raises:
        ApiError 409: the seat is not open (any more). ApiError 422 (in ``lang``): a seat of the table took a
            name that looks like ``taker``'s a moment ago, through another server process (issue 31).
        Conflict: another process wrote a note first (``note``'s number is taken); the table caught up, the seat
            is still open and nothing is applied.
    """
    loop = asyncio.get_running_loop()
    try:
        taken = await loop.run_in_executor(hub.writer, hub.store.take_seat, table.id, taker, note)
    except NameTaken:
        raise ApiError(422, _NAME_TAKEN[lang].format(name=taker.name),
                       said=refusals.said(_NAME_TAKEN, name=taker.name)) from None
    except IntegrityError:
        raise await changed_elsewhere(hub, table) from None
    if not taken:
        raise ApiError(409, f"{table.names['en'][seat]} was taken a moment ago; choose another seat",
                       said=_REFUSED["taken_now"])
    table.seat_taken(taker)
    if note is not None:
        noted(table, note)


def _open_seat(table: LiveTable, seat: int) -> None:
    """ApiError 422 for a seat the table does not have, 409 for one that is not open (naming who sits there) or
    when the match is over (saying so, not "choose another seat": none is free)."""
    if table.state.game_over:
        raise ApiError(409, "the match is over: nobody joins it any more",
                       said=refusals.in_game_words(table.match.game, "invite_over", _REFUSED["over"]))
    players = table.record.players
    if not 0 <= seat < players:
        raise ApiError(422, f"there is no seat {seat} at this table (its seats are numbered 0 … {players - 1}, as "
                            "the invite lists them)", said=_REFUSED["no_seat"])
    if table.record.seats[seat].kind != "open":
        started = "" if table.waiting_for_seats else "; the match has started"
        raise ApiError(409, f"{Voice('en').name(seat)} is taken: {table.names['en'][seat]} sits there{started}",
                       said=refusals.said(_REFUSED["taken"], name={k: v[seat] for k, v in table.names.items()}))


@router.get("/join/{code}", include_in_schema=False)
async def join_page(code: str) -> FileResponse:
    """The invite page (``static/join.html``): it reads the invite and takes a seat through the API."""
    return FileResponse(STATIC / "join.html")


@router.get("/api/invites/{code}")
async def invite(code: str, request: Request,
                 lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> InviteOut:
    """The table behind an invite: its game, seats (open ones without a name) and whether the match started."""
    lang = frame_lang(lang)
    return InviteOut.model_validate(invite_of(await _invited(request, code), lang))


@router.post("/api/invites/{code}/join")
async def join(code: str, body: JoinIn, request: Request,
               lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> JoinOut:
    """Take an open seat with a name: that seat's secret token and private link. 409 when the seat is not open
    (someone was faster, or the match has started) or the match is over, 422 for a name that is empty, shows
    nothing when written or looks like another seat's (:func:`~kartentisch.kernel.names.check_names`; the message
    in ``lang``)."""
    lang = frame_lang(lang)
    table = await _invited(request, code)
    hub = hub_of(request)
    name = body.name.strip()
    if not name:
        raise ApiError(422, "a name is needed to take a seat: 1 to 80 characters", said={
            "en": "Type your name to take a seat.", "de": "Gib deinen Namen ein, um einen Platz zu nehmen."})
    async with table.lock:
        _open_seat(table, body.seat)
        taker = SeatRecord(body.seat, "human", name, None, secrets.token_urlsafe(24))
        check_seats([taker if s.seat == body.seat else s for s in table.record.seats], lang, body.seat,
                    bot_only=hub.bot_only_workers > 0)
        await _take(hub, table, body.seat, taker, lang)
    hub.after_change(table)
    await table.broadcast()
    assert taker.token is not None
    return JoinOut(table=table.id, seat=body.seat, token=taker.token, url=seat_url(table.id, taker.token))


@router.post("/api/tables/{table_id}/seats/{seat}")
async def fill_seat(table_id: str, seat: int, body: BotSeatIn, request: Request,
                    authorization: Annotated[str | None, Header()] = None,
                    lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> InviteOut:
    """The host gives an open seat to a bot before the match starts (``Authorization: Bearer <host_token>``);
    answers with the invite as it is now. The log says so (a ``filled`` note: "Anke puts Bot Max (steady) in seat
    3.", "You put …" for the host whose own ``seat_token`` came along; a fresh user's click changed the seat
    silently). 401 without the host's token or with an unknown ``seat_token``, 409 once the seat is not open."""
    lang = frame_lang(lang)
    hub = hub_of(request)
    table = await hub.get(plain_id(table_id))
    token, host = bearer(authorization), table.record.host_token
    if token is None or host is None or not secrets.compare_digest(token.encode("utf-8", "surrogateescape"),
                                                                   host.encode()):
        raise ApiError(401, "only the table's host fills seats: send 'Authorization: Bearer <host_token>' as the "
                            "table's creation answered it")
    by = table.seat_of(body.seat_token)
    async with table.lock:
        _open_seat(table, seat)
        spec = bot_spec(table.match.game, seat, body.model_dump(exclude={"seat_token"}), hub.search_seconds,
                        hub.policies, table.record.players, table.record.options)
        taker = SeatRecord(seat, "bot", "", spec, None)  # unnamed: labelled per language
        check_seats([taker if s.seat == seat else s for s in table.record.seats], lang, seat,
                    bot_only=hub.bot_only_workers > 0)
        await _take(hub, table, seat, taker, lang, next_note(table, "filled", seat, by=by, bot=spec))
    hub.after_change(table)
    await table.broadcast()
    return InviteOut.model_validate(invite_of(table, lang))

