"""The table routes (issue 33): the lobby's games, a new table, a seat's or a spectator's frame, actions, the rematch,
the table's WebSocket, and the pages and game files of the table.

Each route goes through the app's :class:`~kartentisch.web.hub.Hub` (:func:`~kartentisch.web.deps.hub_of`) and
answers with frames of the one per-viewer filter (:meth:`~kartentisch.web.live.LiveTable.frame`); the per-client
limits are the app's :class:`~kartentisch.web.limits.Guard` (:func:`~kartentisch.web.deps.guard_of`).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.types import Receive, Scope, Send

from ..bots.levels import lobby_levels
from ..bots.policy import cached_policy
from ..games import all_games
from ..kernel import Game
from . import clock, creation
from . import rematch as rematches
from .deps import PlainText, guard_of, hub_of
from .deps import bearer as _bearer
from .deps import client as _client
from .deps import plain_id as _table_id
from .errors import ApiError, database_failure, frame_lang
from .fanout import encode, frame_response
from .frame_items import seat_names
from .frames import LANG_HELP, FrameOut
from .handover import seated, take_back
from .invites import seat_url, spectator_url
from .limits import TooManyRequests
from .live import MAX_ACTION, LiveTable
from .workers import MAX_ITERATIONS

STATIC = Path(__file__).parent / "static"
#: ``/static/games/<id>.js`` and ``<id>.css`` of every game: the files of its package's ``static/`` folder (issue 20).
GAME_FILES = {path.name: path for game in all_games() if game.parts.static is not None
              for path in game.parts.static.glob("*.*") if path.stem == game.id and path.suffix in (".js", ".css")}
#: Largest text frame a socket reads (bytes); uvicorn closes frames over its ``ws_max_size``.
MAX_FRAME = 16 * 1024
#: Seconds a socket without a token in its URL has to send its ``auth`` frame.
AUTH_TIMEOUT = 10.0

router = APIRouter()


class SeatIn(BaseModel):
    """One seat of a new table: a person (``human``), a bot (``random``, ``heuristic``, ``ismcts``) or a person's
    seat taken later through the table's invite (``open``)."""

    kind: Literal["human", "bot", "open"]
    name: PlainText | None = Field(default=None, max_length=80)
    bot: PlainText | None = Field(default=None, max_length=200, examples=["heuristic"])
    iterations: int | None = Field(default=None, ge=1, le=MAX_ITERATIONS,
                                   description="ISMCTS strength (iterations per decision; the same limit applies "
                                               "to iterations= inside the bot spec)")


#: The ids of the clocks (the field ``clock`` of :class:`TableIn` hides the module inside the class).
_CLOCK_IDS: list[Any] = [clock.OFF, *clock.CLOCKS]
_TIMEOUT_IDS: list[Any] = list(clock.ON_TIMEOUT)


class TableIn(BaseModel):
    """A new table: game id, player count, options (spec defaults fill the rest), optional seed, seats."""

    game: PlainText = Field(max_length=40, json_schema_extra={"enum": [g.id for g in all_games()]},
                            description="a game's id (GET /api/games lists them)")
    # the range of all games, for the schema; the game's own range is checked when the table is made (a 422
    # naming the game's range, as for any count outside it)
    players: int = Field(json_schema_extra={"minimum": min(g.min_players for g in all_games()),
                                            "maximum": max(g.max_players for g in all_games())},
                         description="the player count: within the game's own range (GET /api/games)")
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, lt=2**63, description=(
        "for tests, tutorials and replays: a chosen seed fixes the deal, and every seat's frame shows it as "
        "fixed_seed (whoever knows it can work out every hand); without one the server draws a secret seed"))
    seats: list[SeatIn] = Field(max_length=16)
    reaction_seconds: int | None = Field(
        default=None, ge=3, le=3600,
        description="seconds a person has to answer a decision that allows 'pass' before passing automatically "
                    "(only games with reaction windows have such decisions, GET /api/games; refused with a "
                    "turn-based clock)")
    spectator_chat: bool = Field(default=False, description="spectators may write in the table's chat")
    hints: bool | None = Field(default=None, description=(
        "a seat may ask the coach for a hint (GET /api/tables/{id}/hint); default: yes where at most one seat is a "
        "person's (human or open)"))
    clock: str = Field(default=_CLOCK_IDS[0], max_length=40, json_schema_extra={"enum": _CLOCK_IDS},
                       description="a clock per move for each person asked to decide (GET /api/clocks lists them)")
    on_timeout: str = Field(
        default="ask", max_length=40, json_schema_extra={"enum": _TIMEOUT_IDS},
        description="when a person's clock runs out: 'bot' makes that move for them, 'ask' lets the others hand the "
                    "seat to a bot (POST /api/tables/{id}/seats/{seat}/handover)")


class RematchIn(BaseModel):
    """An answer to the rematch offer: join it (the first join offers it) or leave."""

    join: bool = True


class ActionIn(BaseModel):
    """One token, or a line of tokens separated by spaces (all or nothing)."""

    action: str = Field(max_length=MAX_ACTION, examples=["play:r7"])
    n: int | None = Field(default=None, ge=0, description=(
        "optional: the events the client had seen when it chose (its frame's n); if this seat has acted "
        "since, the action is refused with 409 and nothing changes, so a retried request never applies twice"))


def _clock_of(body: TableIn) -> clock.TableClock | None:
    """The clock a new table asks for; ApiError 422 naming the known presets for an unknown one, or for a reaction
    timer at a turn-based table."""
    try:
        chosen = clock.table_clock(body.clock, body.on_timeout)
    except clock.ClockRefused as exc:
        raise ApiError(422, str(exc), said=exc.texts) from None
    if chosen is not None and chosen.preset.turn_based and body.reaction_seconds is not None:
        # friends who move once a day would be passed by a reaction timer of seconds (issue 34)
        raise ApiError(422, f"a turn-based table ({chosen.preset.id}) waits for a reaction as for a move: "
                            "leave reaction_seconds out", said=clock.REFUSED["turn_based_reaction"])
    return chosen


def pitch_of(game: Game) -> dict[str, str]:
    """What ``game`` is like in two lines per language (``PITCH`` of its ``texts`` part); ``{}`` for a game without."""
    return dict(game.parts.pitch)



@router.get("/api/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    """Every game: id, names, player range and options (``Game.describe()``: a choice option's values in words
    as ``choice_labels``), its ``pitch`` (two lines for the lobby, ``{"en", "de"}``, :func:`pitch_of`),
    ``learned``: ``{"players", "options"}`` of the learned bot this server offers for it (``serve --policy``: the
    table it learned at; the lobby offers it there only, :func:`~kartentisch.web.seating.bot_spec` refuses it
    elsewhere), else None, and
    ``levels``: the lobby's bot levels weakest first as measured for the game, e.g. ``["easy", "medium", "strong"]``
    (:func:`~kartentisch.bots.levels.lobby_levels`)."""
    offered = hub_of(request).policies
    return [{**g.describe(), "pitch": pitch_of(g),
             "learned": {"players": offered[g.id][1], "options": cached_policy(offered[g.id][0]).header["options"]}
             if g.id in offered else None,
             "levels": lobby_levels(g.id, offered[g.id][0] if g.id in offered else None)} for g in all_games()]


@router.post("/api/tables", status_code=201)
async def create_table(body: TableIn, request: Request,
                       lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, Any]:
    """Create a table; each human seat gets a secret token and its private link (names in English; a
    frame names the seats in its own language). The answer holds the table's ``invite`` (``code``, ``url``:
    the link that lets people take its open seats) and the ``host_token`` (the creator's credential for
    giving open seats to bots before the start)."""
    lang = frame_lang(lang)
    guard_of(request).hit("create", _client(request))
    record = await creation.create(hub_of(request), body.game, body.players, body.options, body.seed,
                                   [s.model_dump() for s in body.seats], body.reaction_seconds,
                                   body.spectator_chat, body.hints, lang=lang, table_clock=_clock_of(body))
    names = seat_names(record.seats, "en")
    return {
        "id": record.id,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": names[s.seat],
                   **({"token": s.token, "url": seat_url(record.id, s.token)} if s.token else {})}
                  for s in record.seats],
        "spectator_url": spectator_url(record.id),
        "invite": {"code": record.invite_code, "url": f"/join/{record.invite_code}"},
        "host_token": record.host_token,
    }


async def _table_and_seat(request: Request, table_id: str,
                          authorization: str | None) -> tuple[LiveTable, int | None]:
    table = await hub_of(request).get(_table_id(table_id))
    return table, table.seat_of(_bearer(authorization))


@router.get("/api/tables/{table_id}/view", response_model=None, responses={200: {"model": FrameOut}})
async def view(table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None,
               lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> Response:
    """The bearer seat's view, legal tokens and log (each move in words for it), without a token the
    spectator's; texts in ``lang``."""
    lang = frame_lang(lang)
    table, seat = await _table_and_seat(request, table_id, authorization)
    await hub_of(request).latest(table)  # a move just made through another process is shown
    return frame_response(table.frame(seat, lang=lang))


@router.post("/api/tables/{table_id}/actions", response_model=None, responses={200: {"model": FrameOut}})
async def act(table_id: str, body: ActionIn, request: Request,
              authorization: Annotated[str | None, Header()] = None,
              lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> Response:
    """Apply a token for the bearer seat. 401 unknown token, 409 not its decision, 422 illegal (names the rule).
    Answers with the seat's frame, texts in ``lang`` (checked first: a 422 for it applies nothing)."""
    guard_of(request).hit("action", _client(request))
    lang = frame_lang(lang)
    table, seat = await _table_and_seat(request, table_id, authorization)
    if seat is None:
        raise ApiError(401, "a seat token is needed to act (spectators only watch)")
    await hub_of(request).act(table, seat, body.action, body.n)
    return frame_response(table.frame(seat, lang=lang))


@router.post("/api/tables/{table_id}/rematch")
async def rematch(table_id: str, request: Request, body: RematchIn | None = None,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """After the match, the bearer seat's answer to the rematch (``join``, the default; the first join offers
    it to every seat). Once every person answered (or the offer's time is up) the rematch table exists: the
    answer then holds its ``id`` and the bearer seat's new ``token`` and link ``url`` (``None`` for a seat
    that left); before, ``id`` is ``None`` and ``waiting`` names the seats not answered yet (0-based)."""
    table, seat = await _table_and_seat(request, table_id, authorization)
    if seat is None:
        raise ApiError(401, "a seat token is needed for a rematch")
    new_id, token = await rematches.answer(hub_of(request), table, seat, True if body is None else body.join)
    offer = rematches.offer(table, table.time_scale)
    url = None if new_id is None or token is None else seat_url(new_id, token)
    return {"id": new_id, "token": token, "url": url, "waiting": [] if offer is None else offer.waiting}


#: The path of a table's socket, :data:`SOCKET_PATH` + the table's id (:class:`TableApp`).
SOCKET_PATH = "/ws/tables/"


class TableApp(FastAPI):
    """The web app (:func:`table_app` makes it): a WebSocket to ``/ws/tables/{table_id}`` goes straight to
    :func:`ws_table` (the query's ``token`` and ``lang``), everything else through FastAPI as usual.

    **Decision (issue 33 goal 6, memory per live table):** a socket holds its ASGI call chain for as long as it is
    open. Through FastAPI's router that was 26 suspended coroutines (our two HTTP middlewares, Starlette's exception
    middleware, FastAPI's exit-stack middleware, five router and route layers, two exception wrappers), three
    ``AsyncExitStack`` s and the scope grown by the routing keys: ~10 KiB per socket (``bench/table_memory.py
    --breakdown``: 77.5 → 56.3 KiB traced per table of 2 sockets; resident 85.3 → 61.7 KiB). As the outermost
    middleware (TableSockets, before) it still ran below five more: ``FastAPI.__call__``, ``Starlette.__call__``,
    Starlette's ``ServerErrorMiddleware`` (which passes a socket through), FastAPI's ``ExceptionTelemetryMiddleware``
    (which reports an exception escaping the app to OpenTelemetry when that is enabled; a table's socket ends
    its own errors, and an unexpected one is still logged by uvicorn) and ``AppBodyLimitMiddleware`` (HTTP bodies
    only): ~1.5 KiB per socket; here, above them, it holds one frame. The table's socket uses none of it: it has no
    dependencies, the HTTP middlewares pass sockets through, and it answers its own refusals (error frames, close
    codes), including a database failure (:func:`table_socket`). Other paths under ``/ws/tables/`` (empty id,
    more segments) go on to the router, which refuses them as before.
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"] if scope["type"] == "websocket" else ""
        table_id = path[len(SOCKET_PATH):]
        if not path.startswith(SOCKET_PATH) or not table_id or "/" in table_id:
            await super().__call__(scope, receive, send)
            return
        scope["app"] = self  # as Starlette sets it: the socket finds the hub and the limits on app.state
        if self.root_path:  # as FastAPI.__call__ sets it
            scope["root_path"] = self.root_path
        websocket = WebSocket(scope, receive, send)
        query = websocket.query_params
        await ws_table(websocket, table_id, query.get("token"), query.get("lang", "en"))


def table_app(**settings: Any) -> TableApp:
    """A :class:`TableApp` with FastAPI's ``settings`` whose ``/docs`` and ``/redoc`` pages serve their scripts
    themselves (``fastapi_offline``: FastAPI's load them from a CDN, which leaves the pages blank on a table without
    internet). ``fastapi_offline`` makes a plain ``FastAPI``; its class becomes :class:`TableApp`, which adds only
    a method (no state, the same instance layout)."""
    app = FastAPIOffline(**settings)
    app.__class__ = TableApp
    return cast(TableApp, app)


async def ws_table(websocket: WebSocket, table_id: str, token: str | None = None, lang: str = "en") -> None:
    """``/ws/tables/{table_id}`` (:class:`TableApp`): frames of one viewer (as ``GET …/view`` gives them, texts
    in ``lang``); the token comes as query parameter or first message ``{"type": "auth", "token"}`` (with ``"arrive":
    false`` a seat's page that first asks its person's name: a live clock runs from the name on). A client over
    its socket cap gets an error frame (429) and the close code 4429; a table full of spectators refuses one more
    with 503 (4503), as does a database that fails while the socket signs in."""
    await websocket.accept()
    guard, client = guard_of(websocket), _client(websocket)
    try:
        guard.open_socket(client)  # counted from the connection on, signed in or not
    except TooManyRequests as exc:
        await websocket.close(code=4000 + (await _refuse(websocket, exc, frame_lang(lang))).status)
        return
    try:
        await table_socket(websocket, table_id, token, lang)
    finally:
        guard.close_socket(client)


async def table_socket(websocket: WebSocket, table_id: str, token: str | None, lang: str) -> None:
    """The accepted socket of :func:`ws_table`: sign-in, then frames and actions until it closes."""
    hub, guard = hub_of(websocket), guard_of(websocket)
    client = _client(websocket)
    send = websocket.send_text  # the subscriber's sink (no closure per socket: issue 33)
    sub_id: int | None = None
    table: LiveTable | None = None
    try:
        lang = frame_lang(lang)
        table = await hub.get(_table_id(table_id))
        arrive = True
        if token is None:
            message = _parse(await asyncio.wait_for(_receive_text(websocket), AUTH_TIMEOUT))
            if message.get("type") != "auth":
                raise ApiError(400, 'the first frame must be {"type": "auth", "token": <seat token or null>}')
            token = message.get("token")
            if token is not None and not isinstance(token, str):
                raise ApiError(401, "token must be a string or null")
            arrive = message.get("arrive", True) is not False  # false: the page asks the name first
        seat = table.seat_of(token)
        if seat is None:
            guard.admit_spectator(sum(1 for s in table.subscribers.values() if s.viewer is None))
    except (ApiError, SQLAlchemyError) as exc:
        await websocket.close(code=4000 + (await _refuse(websocket, exc, lang)).status)
        return
    except (TimeoutError, WebSocketDisconnect):
        await websocket.close(code=4408)
        return
    if seat is not None:
        try:
            await take_back(hub, table, seat)  # the person's own link takes their seat back from a bot (issue 32)
            if arrive:  # their clock runs from their first visit on (after the name, where the page asks it)
                await seated(hub, table, seat)
        except (ApiError, SQLAlchemyError) as exc:  # another process changed the table meanwhile, or the database
            await _refuse(websocket, exc, lang)  # failed: their next move takes it back
    sub_id = await hub.subscribe(table, seat, send, lang)
    try:
        while True:
            try:
                message = _parse(await _receive_text(websocket))
                kind = message.get("type")
                if kind == "ping":
                    await send(encode({"type": "pong"}))
                elif kind == "action":
                    guard.hit("action", client)
                    if seat is None:
                        raise ApiError(401, "spectators cannot act")
                    seen = message.get("n")
                    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
                        raise ApiError(422, "n is the number of events seen: an integer or null")
                    await hub.act(table, seat, message.get("action"), seen)  # type: ignore[arg-type]
                else:
                    raise ApiError(400, f"unknown frame type {kind!r}; expected 'action' or 'ping'")
            except (ApiError, SQLAlchemyError) as exc:  # nothing was applied; the socket stays open
                await _refuse(websocket, exc, lang)
    except (WebSocketDisconnect, RuntimeError):  # closed by the client, or a send to it failed before
        pass
    finally:
        hub.unsubscribe(table, sub_id)


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/static/games/{name}", include_in_schema=False)
async def game_static(name: str) -> FileResponse:
    # Before the /static mount: a game's renderer lives in its own package (issue 20).
    path = GAME_FILES.get(name) or STATIC / "games" / name  # {name} is one path segment
    try:
        found = path.is_file()
    except OSError:  # a name longer than the file system allows (ENAMETOOLONG) names no file either
        found = False
    if not found:
        raise ApiError(404, f"no file {name[:80]!r} in /static/games")
    return FileResponse(path)


@router.get("/api/games/{game_id}/rules")
async def game_rules(game_id: str, lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, str]:
    """The players' rules summary of a game in ``lang``: ``{"game", "lang", "text"}`` (markdown). 404 unknown
    game, 422 unknown language."""
    game = next((g for g in all_games() if g.id == game_id), None)
    if game is None:
        raise ApiError(404, f"no game {game_id!r}")
    lang = frame_lang(lang)
    return {"game": game.id, "lang": lang, "text": game.rules_text(lang)}


async def _refuse(websocket: WebSocket, exc: ApiError | SQLAlchemyError, lang: str | None = None) -> ApiError:
    """Send ``exc`` to ``websocket`` as an error frame (its ``text`` in ``lang``, the socket's language) and return it
    as an ApiError: a database failure as its 503, the driver's message only in the log (nothing was applied)."""
    refusal = exc if isinstance(exc, ApiError) else database_failure(exc, f"WebSocket {websocket.url.path}")
    await websocket.send_text(encode({"type": "error", "status": refusal.status, **refusal.body(lang)}))
    return refusal


async def _receive_text(websocket: WebSocket) -> str:
    """The next frame's text. Raises WebSocketDisconnect when the client left, ApiError 400 for a binary frame."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is None:
        raise ApiError(400, "frames are JSON text, not binary")
    return str(message["text"])


def _parse(text: str) -> dict[str, Any]:
    """Decode one client frame (raises ApiError 413/400 for oversized or malformed frames)."""
    if len(text.encode()) > MAX_FRAME:
        raise ApiError(413, f"frame too large ({len(text.encode())} bytes); limit {MAX_FRAME} bytes")
    try:
        message = json.loads(text)
    except ValueError as exc:
        raise ApiError(400, f"frame is not JSON: {exc}") from None
    except RecursionError:
        raise ApiError(400, "frame is not JSON this server reads: nested too deeply") from None
    if not isinstance(message, dict):
        raise ApiError(400, "a frame is a JSON object with a 'type'")
    return message

