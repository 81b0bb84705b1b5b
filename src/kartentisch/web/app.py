"""The browser table's server: FastAPI routes, the WebSocket endpoint and the static front end.

``create_app(db_url)`` builds one app around one :class:`~kartentisch.web.store.Store` and one
:class:`~kartentisch.web.tables.Hub`. On PostgreSQL several such apps (processes, machines) serve the same
tables behind one address (issue 26): each listens to the store's notifications and takes part in driving
the bots (:meth:`~kartentisch.web.tables.Hub.listen`, :meth:`~kartentisch.web.tables.Hub.keep_leases`).

The OpenAPI page at ``/docs`` documents the HTTP API; the front end in ``static/`` uses exactly this API
(no build step: plain ES modules, CSS and SVG).

Limits: request bodies over :data:`MAX_BODY` bytes get 413; WebSocket text frames over
:data:`MAX_FRAME` bytes get an error frame (and uvicorn closes frames over its ``ws_max_size``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..bots.policy import load_policy
from ..games import all_games
from ..kernel import Game, lookup
from ..kernel.errors import first_line
from ..kernel.words import LANGS
from . import clock
from .chat import chat_router
from .coach import CoachLimits, coach_router
from .deps import PLAIN_IDS, PlainText, hub_of, plain_pattern
from .deps import bearer as _bearer
from .deps import client as _client
from .deps import plain_id as _table_id
from .display import router as display_router
from .frames import LANG_HELP, FrameOut
from .groups import recorder as groups_recorder
from .groups import router as groups_router
from .handover import router as handover_router
from .handover import take_back
from .invites import router as invites_router
from .invites import seat_url
from .limits import Guard, Limits, TooManyRequests
from .notify import Notifier, SmtpConfig
from .notify import router as notify_router
from .rematch import offer as rematch_offer
from .scorepad import router as scorepad_router
from .store import Store
from .tables import (
    MAX_ACTION,
    MAX_ITERATIONS,
    SEARCH_SECONDS,
    ApiError,
    Hub,
    LiveTable,
    encode,
    frame_lang,
    seat_names,
)
from .turns import TURN_SWEEP_SECONDS, TurnSweep
from .turns import router as turns_router

STATIC = Path(__file__).parent / "static"
#: ``/static/games/<id>.js`` and ``<id>.css`` of every game: the files of its package's ``static/`` folder (issue 20).
GAME_FILES = {path.name: path for game in all_games() if game.parts.static is not None
              for path in game.parts.static.glob("*.*") if path.stem == game.id and path.suffix in (".js", ".css")}
MAX_BODY = 64 * 1024
#: The methods a 405's ``Allow`` may list.
HTTP_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
MAX_FRAME = 16 * 1024
AUTH_TIMEOUT = 10.0
log = logging.getLogger(__name__)


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
        description="seconds a person has to answer a decision that allows 'pass' before passing automatically")
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


class BodyLimit:
    """ASGI middleware: answer 413 to HTTP request bodies over ``limit`` bytes (header or streamed).

    A body without ``Content-Length`` (chunked) is read here first, up to ``limit`` bytes, and handed
    on: an exception raised while the app reads it would become FastAPI's 400 "error parsing the body".
    The HTTP server holds a body with ``Content-Length`` to that length.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._reject(scope, receive, send)
            return
        if length is not None:
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break  # the client left
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await self._reject(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        read = iter(messages)

        async def replay() -> Message:
            return next(read, None) or await receive()

        await self.app(scope, replay, send)

    async def _reject(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"error": f"request body too large; limit {self.limit} bytes"}, status_code=413)
        await response(scope, receive, send)


#: Content-Security-Policy of every response: the pages load scripts, styles and images from this server only
#: (plus ``data:`` images, the favicon), connect only back to it (HTTP and WebSocket), and may not be framed.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: The API documentation pages (FastAPI's Swagger UI and ReDoc HTML) start their scripts inline; they show
#: only the public schema, so inline code is allowed there and nowhere else.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware: every HTTP response gets a Content-Security-Policy (:data:`CSP`, or :data:`DOCS_CSP` on
    the ``docs_paths``), ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` and
    ``Referrer-Policy: no-referrer`` (a seat link is a credential: it must not travel in a Referer header).

    A ``HEAD`` request is answered as the ``GET`` of the same path without its body (FastAPI routes answer only
    the methods they name; a page answered ``HEAD`` with 405).
    """

    def __init__(self, app: ASGIApp, docs_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.docs_paths = docs_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        policy = DOCS_CSP if scope["path"] in self.docs_paths else CSP

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _SECURITY_HEADER_NAMES]
                headers += [(b"content-security-policy", policy.encode()), *_SECURITY_HEADERS]
                message = {**message, "headers": headers}
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}  # Content-Length stays the GET's, as HEAD requires
            await send(message)

        await self.app({**scope, "method": "GET"} if head else scope, receive, send_with_headers)


_SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                     (b"referrer-policy", b"no-referrer")]
_SECURITY_HEADER_NAMES = {b"content-security-policy", *(name for name, _ in _SECURITY_HEADERS)}


class ErrorOut(BaseModel):
    """Every refusal of the API: what was wrong, the rule id of an illegal move, the problems of a malformed
    request (422) and the whole seconds to wait after a 429 (also in ``Retry-After``)."""

    error: str
    rule: str | None = Field(default=None, examples=["colors R5"])
    detail: list[dict[str, Any]] | None = None
    retry_after: int | None = None


#: What each refusal means, for the OpenAPI schema.
STATUS_MEANING = {
    400: "a request body that cannot be read as text (not UTF-8); JSON that does not parse is a 422",
    401: "no seat token (or edit key, or member key) where one is needed, or one this table (pad, group) does not know",
    403: "an edit key that does not open this score pad, or a spectator's message where spectators do not chat",
    404: "no such table, group, score pad or round",
    409: "not the seat's decision now, the match over or not over, or a change that came in between",
    410: "the table expired: no move for the server's expiry time",
    413: "a request body over 64 KB",
    422: "a malformed request, a control character in a name or id, or an illegal move (naming its rule)",
    429: "over this client's rate: wait Retry-After seconds",
    503: "the database failed, a stored table does not restore on this server, or the coach is busy (then with "
         "Retry-After)",
}
#: The refusals each operation really answers (``kartentisch.web.app`` raises them; FastAPI listed only 422).
OPERATION_ERRORS: dict[tuple[str, str], tuple[int, ...]] = {
    ("get", "/api/games/{game_id}/rules"): (404, 422),
    ("post", "/api/tables"): (413, 422, 429, 503),
    ("get", "/api/tables/{table_id}/view"): (401, 404, 410, 422, 503),
    ("post", "/api/tables/{table_id}/actions"): (401, 404, 409, 410, 413, 422, 429, 503),
    ("post", "/api/tables/{table_id}/rematch"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/handover"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/back"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/remove"): (401, 404, 409, 410, 422, 503),
    ("get", "/api/invites/{code}"): (404, 410, 422, 503),
    ("post", "/api/invites/{code}/join"): (404, 409, 410, 413, 422, 503),
    ("get", "/api/invites/{code}/qr.svg"): (404, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}"): (401, 404, 409, 410, 413, 422, 503),
    ("post", "/api/tables/{table_id}/chat"): (401, 403, 404, 410, 413, 422, 429, 503),
    ("get", "/api/tables/{table_id}/hint"): (401, 403, 404, 409, 410, 422, 429, 503),
    ("post", "/api/tables/{table_id}/review"): (404, 409, 410, 422, 503),
    ("get", "/api/tables/{table_id}/review"): (404, 409, 410, 422, 503),
    ("get", "/api/tables/{table_id}/replay"): (404, 409, 410, 422, 429, 503),
    ("post", "/api/replays"): (413, 422, 429),
    ("get", "/api/replays/{upload_id}"): (404, 409, 422, 429),
    ("post", "/api/replays/{upload_id}/review"): (404, 409, 422, 429, 503),
    ("get", "/api/replays/{upload_id}/review"): (404, 422, 429, 503),
    ("post", "/api/scorepads"): (413, 422, 503),
    ("get", "/api/scorepads/{pad_id}"): (404, 422, 503),
    ("post", "/api/scorepads/{pad_id}/rounds"): (401, 403, 404, 409, 413, 422, 503),
    ("put", "/api/scorepads/{pad_id}/rounds/{n}"): (401, 403, 404, 409, 413, 422, 503),
    ("delete", "/api/scorepads/{pad_id}/rounds/{n}"): (401, 403, 404, 409, 422, 503),
    ("post", "/api/groups"): (413, 422, 429, 503),
    ("post", "/api/groups/{code}/members"): (404, 409, 413, 422, 503),
    ("get", "/api/groups/{code}"): (401, 404, 422, 503),
    ("post", "/api/groups/{code}/tables"): (401, 404, 413, 422, 429, 503),
    ("post", "/api/groups/{code}/scorepads"): (401, 404, 413, 422, 503),
    ("get", "/api/groups/{code}/standings"): (404, 422, 503),
    ("get", "/api/groups/{code}/standings.csv"): (404, 422, 503),
    ("post", "/api/my"): (413, 422, 503),
    ("post", "/api/tables/{table_id}/mail"): (401, 404, 409, 410, 413, 422, 503),
    ("get", "/api/tables/{table_id}/mail"): (401, 404, 410, 422, 503),
}


def _clock_of(body: TableIn) -> clock.TableClock | None:
    """The clock a new table asks for; ApiError 422 naming the known presets for an unknown one."""
    try:
        return clock.table_clock(body.clock, body.on_timeout)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None


def pitch_of(game: Game) -> dict[str, str]:
    """What ``game`` is like in two lines per language (``PITCH`` of its ``texts`` part); ``{}`` for a game without."""
    return dict(game.parts.pitch)


def document_errors(schema: dict[str, Any]) -> None:
    """Add :data:`OPERATION_ERRORS` to an OpenAPI ``schema`` in place, each answered with :class:`ErrorOut`
    (which replaces FastAPI's validation error shape: our 422 body is ``{"error", "detail"}``); an operation with
    a request body also answers 400 (not UTF-8) and 413 (over :data:`MAX_BODY`), every ``lang`` query
    parameter is an enum of :data:`~kartentisch.kernel.words.LANGS`, and an id read through
    :func:`~kartentisch.web.deps.plain_id` has the pattern that excludes control characters (issue 31: the
    schema says what the server does, as schemathesis checks).

    Raises:
        KeyError: an operation of the table is not in the schema (a route was renamed).
    """
    schemas = schema.setdefault("components", {}).setdefault("schemas", {})
    schemas["ErrorOut"] = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
    for (method, path), codes in OPERATION_ERRORS.items():
        operation = schema["paths"][path][method]
        responses = operation["responses"]
        if "requestBody" in operation:  # every body is read as text (400) within the app's body limit (413)
            codes = tuple(sorted({*codes, 400, 413}))
        for param in operation.get("parameters", ()):
            if param["name"] == "lang" and param["in"] == "query":  # every lang is checked (frame_lang): a 422
                param["schema"]["enum"] = list(LANGS)
            elif param["name"] in PLAIN_IDS and param["in"] == "path":  # plain_id: a control character is a 422
                param["schema"]["pattern"] = plain_pattern()
        for code in codes:
            responses[str(code)] = {"description": STATUS_MEANING[code], "content": body}
        if 429 in codes:
            responses["429"]["headers"] = {"Retry-After": {"description": "whole seconds to wait",
                                                           "schema": {"type": "integer"}}}
    if "#/components/schemas/HTTPValidationError" not in json.dumps(schema["paths"]):
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route of ``app`` answers at the path of ``scope`` (the ``Allow`` of a 405), in
    :data:`HTTP_METHODS` order: each is asked of the router's routes (included routers too)."""
    return [method for method in HTTP_METHODS
            if any(route.matches({**scope, "method": method})[0] == Match.FULL for route in app.router.routes)]


def database_failure(exc: SQLAlchemyError, where: str) -> ApiError:
    """The 503 of a database failure at ``where`` (logged with the driver's message, which stays in the log:
    it may quote the statement and its values)."""
    log.error("database error on %s: %s", where, first_line(exc))
    return ApiError(503, f"the database failed ({type(exc).__name__}); the server's log has the details")


def offered_policies(paths: Sequence[str | Path]) -> dict[str, tuple[str, int]]:
    """The learned bots a server offers: game id → (the policy file's absolute path, its player count).

    Raises:
        KartentischError: a file that cannot be read as a policy, or of a game not installed here.
        ValueError: two files of one game (which the lobby should offer would be a guess).
    """
    offered: dict[str, tuple[str, int]] = {}
    for path in paths:
        policy = load_policy(Path(path).resolve())
        game = lookup(policy.game)
        if game.id in offered:
            raise ValueError(f"two policies of {game.id}: {offered[game.id][0]} and {policy.path}; offer one per game")
        offered[game.id] = (policy.path, policy.players)
    return offered


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0, ttl: float = 30 * 86400,
               bot_workers: int = 4, max_live: int = 2000, search_seconds: float = SEARCH_SECONDS,
               limits: Limits | None = None, bot_searches: int = 2, bot_only_searches: int = 1,
               sweep_seconds: float = 3600.0, coach_iterations: int | None = None,
               coach: CoachLimits | None = None, time_scale: float = 1.0, smtp: SmtpConfig | None = None,
               turn_seconds: float = TURN_SWEEP_SECONDS, policies: Sequence[str | Path] = ()) -> FastAPI:
    """Build the web app on the database ``db_url`` (``None``: SQLite in the user data folder).

    Args:
        db_url: SQLAlchemy URL.
        bot_delay: seconds before each bot move (the ``serve`` command uses a short pause).
        ttl: seconds without a move after which a table expires (410), and is deleted at the next sweep.
        bot_workers: threads for ``random`` bots (the others run in worker processes).
        max_live: tables kept in memory before idle ones are dropped (they replay from the DB on next use).
        search_seconds: wall-clock limit of one ISMCTS decision, and the largest ``time_budget_s`` a seat's
            bot spec may ask for (> 0).
        limits: per-client rates and socket caps (:class:`~kartentisch.web.limits.Limits`); ``None``: none
            (``kartentisch serve`` always passes its options).
        bot_searches: worker processes for the ISMCTS searches of tables with a person (≥ 1).
        bot_only_searches: worker processes for the tables without a person, behind those (≥ 0; 0 refuses
            such tables), :class:`~kartentisch.web.tables.Hub` ``bot_only_workers``.
        sweep_seconds: how often expired tables are deleted from the database (> 0).
        coach_iterations: searches per hint and per reviewed decision (:mod:`~kartentisch.web.coach`); ``None``:
            the coach's default per game (about 1 s).
        coach: the coach's worker processes, queue, review budget and replay memory
            (:class:`~kartentisch.web.coach.CoachLimits`); ``None``: its defaults.
        time_scale: multiplies the table clocks', the rematch offer's and presence's seconds (> 0; tests use a
            small one instead of waiting minutes), :class:`~kartentisch.web.tables.Hub` ``time_scale``.
        smtp: where the mails of turn-based tables go (issue 34, :mod:`~kartentisch.web.notify`); ``None``: no mail.
        turn_seconds: seconds between two passes of the turn sweep (:mod:`~kartentisch.web.turns`, > 0).
        policies: learned policy files (:mod:`kartentisch.bots.policy`, at most one per game) the lobby offers as
            the level "learned" for their game at their player count (``GET /api/games``: ``learned``); a seat
            asks for it as the bot ``policy``.

    Raises:
        ValueError: ``search_seconds`` or ``sweep_seconds`` not > 0, a worker count out of range, a
            limit that does not parse, or two policies of one game.
        KartentischError: a policy file that cannot be read or is of no installed game (naming the file).
        sqlalchemy.exc.SQLAlchemyError, ImportError: the database URL does not parse, its driver is missing,
            or the database does not answer (the store connects once here).
    """
    if not search_seconds > 0:
        raise ValueError(f"search_seconds must be > 0, got {search_seconds!r}")
    if not time_scale > 0:
        raise ValueError(f"time_scale must be > 0, got {time_scale!r}")
    if not sweep_seconds > 0:
        raise ValueError(f"sweep_seconds must be > 0, got {sweep_seconds!r}")
    if bot_searches < 1 or bot_only_searches < 0:
        raise ValueError(f"bot_searches must be ≥ 1 and bot_only_searches ≥ 0, got {bot_searches} and "
                         f"{bot_only_searches}")
    guard = Guard(limits or Limits.off())
    coach = coach or CoachLimits()
    offered = offered_policies(policies)
    store = Store(db_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        executor = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="kt-bot")
        app.state.hub = Hub(store, executor, bot_delay=bot_delay, ttl=ttl, max_live=max_live,
                            search_seconds=search_seconds, search_workers=bot_searches,
                            bot_only_workers=bot_only_searches, coach_workers=coach.workers,
                            time_scale=time_scale)
        app.state.hub.policies = offered
        app.state.hub.on_match_over.append(groups_recorder(store))  # a group's table records its result (issue 34)
        await app.state.hub.sweep_logged()  # before the first request, so no table made now can be swept now
        loop = asyncio.get_running_loop()
        app.state.notifier = Notifier(app.state.hub, smtp)  # turn-based tables (issue 34): one sweep, no timers
        app.state.turns = TurnSweep(app.state.hub, turn_seconds, app.state.notifier.once)
        background = [loop.create_task(app.state.hub.sweep_forever(sweep_seconds)),
                      loop.create_task(app.state.turns.forever())]
        if store.shared:  # several processes over one PostgreSQL (issue 26): hear the others, share the bots
            background += [loop.create_task(app.state.hub.listen()), loop.create_task(app.state.hub.keep_leases())]
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            app.state.hub.close()
            executor.shutdown(wait=False, cancel_futures=True)
            store.dispose()

    # fastapi-offline serves the /docs and /redoc pages' scripts itself: FastAPI's load them from a CDN,
    # which leaves the pages blank on a table without internet.
    app = FastAPIOffline(title="kartentisch", version="0.1.0", lifespan=lifespan,
                         description="The browser table: five card games with friends and bots.")
    app.state.store = store
    app.state.guard = guard
    app.add_middleware(BodyLimit)
    # FastAPIOffline serves its pages at FastAPI's usual paths (it sets app.docs_url and redoc_url to None).
    app.add_middleware(SecurityHeaders, docs_paths=frozenset({"/docs", "/redoc", "/docs/oauth2-redirect"}))

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooManyRequests) else None
        # the refusal in the players' words too, in the language the request asked for (issue 32)
        return JSONResponse(exc.body(request.query_params.get("lang")), status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (no such route, wrong method, an unreadable body) speak like ours.
        headers = exc.headers
        if exc.status_code == 405:  # Starlette's Allow names the first route of the path only; a path may have more
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(app, request.scope))}
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=headers)

    @app.exception_handler(SQLAlchemyError)
    async def _database_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        # also reached from a socket's handler, whose scope has no method
        failure = database_failure(exc, f"{request.scope.get('method', 'WebSocket')} {request.url.path}")
        return JSONResponse(failure.body(), status_code=failure.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # Without the offending inputs: a JSON body may hold numbers (1e400, NaN) JSON cannot echo.
        errors = [{"loc": e["loc"], "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors)
        return JSONResponse({"error": f"invalid request: {problems}", "detail": jsonable_encoder(errors)},
                            status_code=422)

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        """Liveness: ``{"status": "ok"}``."""
        return {"status": "ok"}

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        """Every game: id, names, player range and options (``Game.describe()``: a choice option's values in words
        as ``choice_labels``), and its ``pitch`` (two lines for the lobby, ``{"en", "de"}``, :func:`pitch_of`)."""
        return [{**g.describe(), "pitch": pitch_of(g),
                 "learned": {"players": offered[g.id][1]} if g.id in offered else None} for g in all_games()]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: TableIn, request: Request,
                           lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, Any]:
        """Create a table; each human seat gets a secret token and its private link (names in English; a
        frame names the seats in its own language). The answer holds the table's ``invite`` (``code``, ``url``:
        the link that lets people take its open seats) and the ``host_token`` (the creator's credential for
        giving open seats to bots before the start)."""
        lang = frame_lang(lang)
        guard.hit("create", _client(request))
        record = await hub_of(request).create(body.game, body.players, body.options, body.seed,
                                              [s.model_dump() for s in body.seats], body.reaction_seconds,
                                              body.spectator_chat, body.hints, lang=lang,
                                              table_clock=_clock_of(body))
        names = seat_names(record.seats, "en")
        return {
            "id": record.id,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": names[s.seat],
                       **({"token": s.token, "url": seat_url(record.id, s.token)} if s.token else {})}
                      for s in record.seats],
            "spectator_url": f"/t/{record.id}",
            "invite": {"code": record.invite_code, "url": f"/join/{record.invite_code}"},
            "host_token": record.host_token,
        }

    async def _table_and_seat(request: Request, table_id: str,
                              authorization: str | None) -> tuple[LiveTable, int | None]:
        table = await hub_of(request).get(_table_id(table_id))
        return table, table.seat_of(_bearer(authorization))

    @app.get("/api/tables/{table_id}/view", response_model=None, responses={200: {"model": FrameOut}})
    async def view(table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None,
                   lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, Any]:
        """The bearer seat's view, legal tokens and log (each move in words for it), without a token the
        spectator's; texts in ``lang``."""
        lang = frame_lang(lang)
        table, seat = await _table_and_seat(request, table_id, authorization)
        await hub_of(request).latest(table)  # a move just made through another process is shown
        return table.frame(seat, lang=lang)

    @app.post("/api/tables/{table_id}/actions", response_model=None, responses={200: {"model": FrameOut}})
    async def act(table_id: str, body: ActionIn, request: Request,
                  authorization: Annotated[str | None, Header()] = None,
                  lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, Any]:
        """Apply a token for the bearer seat. 401 unknown token, 409 not its decision, 422 illegal (names the rule).
        Answers with the seat's frame, texts in ``lang`` (checked first: a 422 for it applies nothing)."""
        guard.hit("action", _client(request))
        lang = frame_lang(lang)
        table, seat = await _table_and_seat(request, table_id, authorization)
        if seat is None:
            raise ApiError(401, "a seat token is needed to act (spectators only watch)")
        await hub_of(request).act(table, seat, body.action, body.n)
        return table.frame(seat, lang=lang)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request, body: RematchIn | None = None,
                      authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """After the match, the bearer seat's answer to the rematch (``join``, the default; the first join offers
        it to every seat). Once every person answered (or the offer's time is up) the rematch table exists: the
        answer then holds its ``id`` and the bearer seat's new ``token`` and link ``url`` (``None`` for a seat
        that left); before, ``id`` is ``None`` and ``waiting`` names the seats not answered yet (0-based)."""
        table, seat = await _table_and_seat(request, table_id, authorization)
        if seat is None:
            raise ApiError(401, "a seat token is needed for a rematch")
        new_id, token = await hub_of(request).rematch(table, seat, True if body is None else body.join)
        offer = rematch_offer(table, table.time_scale)
        url = None if new_id is None or token is None else seat_url(new_id, token)
        return {"id": new_id, "token": token, "url": url, "waiting": [] if offer is None else offer["waiting"]}

    @app.websocket("/ws/tables/{table_id}")
    async def ws_table(websocket: WebSocket, table_id: str, token: str | None = None, lang: str = "en") -> None:
        """Frames of one viewer (as ``GET …/view`` gives them, texts in ``lang``); the token comes as query
        parameter or first message ``{"type": "auth", "token"}``. A client over its socket cap gets an error
        frame (429) and the close code 4429; a table full of spectators refuses one more with 503 (4503)."""
        await websocket.accept()
        try:
            with guard.socket(_client(websocket)):  # counted from the connection on, signed in or not
                await table_socket(websocket, table_id, token, lang)
        except TooManyRequests as exc:
            await websocket.send_json({"type": "error", "status": exc.status, **exc.body()})
            await websocket.close(code=4000 + exc.status)

    async def table_socket(websocket: WebSocket, table_id: str, token: str | None, lang: str) -> None:
        """The accepted socket of :func:`ws_table`: sign-in, then frames and actions until it closes."""
        hub = hub_of(websocket)
        client = _client(websocket)
        sub_id: int | None = None
        table: LiveTable | None = None

        async def send(text: str) -> None:
            await websocket.send_text(text)

        async def error(exc: ApiError) -> None:
            await send(encode({"type": "error", "status": exc.status, **exc.body()}))

        try:
            lang = frame_lang(lang)
            table = await hub.get(_table_id(table_id))
            if token is None:
                message = _parse(await asyncio.wait_for(_receive_text(websocket), AUTH_TIMEOUT))
                if message.get("type") != "auth":
                    raise ApiError(400, 'the first frame must be {"type": "auth", "token": <seat token or null>}')
                token = message.get("token")
                if token is not None and not isinstance(token, str):
                    raise ApiError(401, "token must be a string or null")
            seat = table.seat_of(token)
            if seat is None:
                guard.admit_spectator(sum(1 for s in table.subscribers.values() if s.viewer is None))
        except ApiError as exc:
            await error(exc)
            await websocket.close(code=4000 + exc.status)
            return
        except (TimeoutError, WebSocketDisconnect):
            await websocket.close(code=4408)
            return
        if seat is not None:
            try:
                await take_back(hub, table, seat)  # the person's own link takes their seat back from a bot (issue 32)
            except ApiError as exc:  # another process changed the table meanwhile: their next move takes it back
                await error(exc)
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
                except ApiError as exc:
                    await error(exc)
                except SQLAlchemyError as exc:  # nothing was applied; the socket stays open
                    await error(database_failure(exc, f"WebSocket {websocket.url.path}"))
        except (WebSocketDisconnect, RuntimeError):  # closed by the client, or a send to it failed before
            pass
        finally:
            hub.unsubscribe(table, sub_id)

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/static/games/{name}", include_in_schema=False)
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

    @app.get("/api/games/{game_id}/rules")
    async def game_rules(game_id: str, lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> dict[str, str]:
        """The players' rules summary of a game in ``lang``: ``{"game", "lang", "text"}`` (markdown). 404 unknown
        game, 422 unknown language."""
        game = next((g for g in all_games() if g.id == game_id), None)
        if game is None:
            raise ApiError(404, f"no game {game_id!r}")
        lang = frame_lang(lang)
        return {"game": game.id, "lang": lang, "text": game.rules_text(lang)}

    app.include_router(scorepad_router)  # score pad (issue 12): /scorepad, /api/scorepads
    app.include_router(invites_router)  # invites (issue 21): /join, /api/invites, /api/tables/{id}/seats
    app.include_router(display_router)  # the table display and invite QR codes (issue 34): /display, …/qr.svg
    app.include_router(chat_router())  # chat (issue 21): /api/tables/{id}/chat
    app.include_router(coach_router(coach_iterations, coach))  # the coach (issue 23): hints, reviews, replays
    app.include_router(groups_router)  # groups (issue 34): /g, /api/groups, standings
    app.include_router(clock.router)  # the table clocks' presets (issue 32): /api/clocks
    app.include_router(handover_router)  # a seat handed to a bot and taken back (issue 32)
    app.include_router(turns_router)  # turn-based tables (issue 34): /my, /api/my
    app.include_router(notify_router)  # their e-mail (issue 34): /api/mail, /api/tables/{id}/mail, /mail/off
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def openapi() -> dict[str, Any]:
        """FastAPI's schema with the refusals each operation really answers (:func:`document_errors`)."""
        if app.openapi_schema is None:
            document_errors(FastAPI.openapi(app))
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = openapi  # type: ignore[method-assign]
    return app


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
