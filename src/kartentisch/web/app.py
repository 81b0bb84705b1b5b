"""The browser table's server: the app wired from its routers, the hub, the store and the static front end.

``create_app(db_url)`` builds one app around one :class:`~kartentisch.web.store.Store` and one
:class:`~kartentisch.web.hub.Hub`. On PostgreSQL several such apps (processes, machines) serve the same
tables behind one address (issue 26): each listens to the store's notifications and takes part in driving
the bots (:meth:`~kartentisch.web.cluster.Cluster.listen`, :meth:`~kartentisch.web.cluster.Cluster.keep_leases`).

Every feature is a router of its own, the tables' too (:mod:`~kartentisch.web.table_routes`); ``create_app`` only
wires them, with the error handlers, the middlewares and the background tasks. The OpenAPI page at ``/docs``
documents the HTTP API; the front end in ``static/`` uses exactly this API
(no build step: plain ES modules, CSS and SVG).

Limits: request bodies over :data:`MAX_BODY` bytes get 413; WebSocket text frames over
:data:`~kartentisch.web.table_routes.MAX_FRAME` bytes get an error frame (and uvicorn closes frames over its
``ws_max_size``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..bots.policy import load_policy
from ..kernel import lookup
from ..kernel.words import LANGS
from . import clock, refusals
from .chat import chat_router
from .coach_limits import CoachLimits
from .coach_routes import coach_router
from .deps import PLAIN_IDS, plain_pattern
from .display import router as display_router
from .errors import ApiError, database_failure
from .gamewords import router as gamewords_router
from .group_store import recorder as groups_recorder
from .groups import router as groups_router
from .handover import router as handover_router
from .hub import Hub
from .invites import router as invites_router
from .limits import Guard, Limits, TooManyRequests
from .notify import Notifier, SmtpConfig
from .notify import router as notify_router
from .scorepad import router as scorepad_router
from .store import Store
from .table_routes import STATIC
from .table_routes import router as table_router
from .turns import TURN_SWEEP_SECONDS, TurnSweep
from .turns import router as turns_router
from .workers import SEARCH_SECONDS

MAX_BODY = 64 * 1024
#: The methods a 405's ``Allow`` may list.
HTTP_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
log = logging.getLogger(__name__)


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
    """Every refusal of the API: what was wrong (``error``, for developers), the same in the players' words in the
    request's language (``text``, for a page to show: :mod:`~kartentisch.web.refusals`), the rule id of an illegal
    move, the problems of a malformed request (422) and the whole seconds to wait after a 429 (also in
    ``Retry-After``)."""

    error: str
    text: str | None = Field(default=None, examples=["Die Zahl der Spieler muss eine ganze Zahl sein; prüfe es und "
                                                     "versuche es noch einmal."])
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
    ("get", "/api/games/{game_id}/words"): (404, 422),
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
            such tables), :class:`~kartentisch.web.hub.Hub` ``bot_only_workers``.
        sweep_seconds: how often expired tables are deleted from the database (> 0).
        coach_iterations: searches per hint and per reviewed decision (:mod:`~kartentisch.web.coach`); ``None``:
            the coach's default per game (about 1 s).
        coach: the coach's worker processes, queue, review budget and replay memory
            (:class:`~kartentisch.web.coach_limits.CoachLimits`); ``None``: its defaults.
        time_scale: multiplies the table clocks', the rematch offer's and presence's seconds (> 0; tests use a
            small one instead of waiting minutes), :class:`~kartentisch.web.hub.Hub` ``time_scale``.
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
        app.state.hub = hub = Hub(store, executor, bot_delay=bot_delay, ttl=ttl, max_live=max_live,
                                  search_seconds=search_seconds, search_workers=bot_searches,
                                  bot_only_workers=bot_only_searches, coach_workers=coach.workers,
                                  time_scale=time_scale)
        hub.policies = offered
        hub.on_match_over.append(groups_recorder(store))  # a group's table records its result (issue 34)
        await hub.sweep_logged()  # before the first request, so no table made now can be swept now
        loop = asyncio.get_running_loop()
        app.state.notifier = Notifier(hub, smtp)  # turn-based tables (issue 34): one sweep, no timers
        app.state.turns = TurnSweep(hub, turn_seconds, app.state.notifier.once)
        background = [loop.create_task(hub.sweep_forever(sweep_seconds)),
                      loop.create_task(app.state.turns.forever())]
        if store.shared:  # several processes over one PostgreSQL (issue 26): hear the others, share the bots
            background += [loop.create_task(hub.cluster.listen()), loop.create_task(hub.cluster.keep_leases())]
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            hub.close()
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
        # the refusal in the players' words too, in the language the request asked for (issue 32); one raised
        # without words of its own gets its status's (refusals.status_text), so a page never shows developer text
        lang = request.query_params.get("lang")
        body = exc.body(refusals.reply_lang(lang))
        body.setdefault("text", refusals.status_text(exc.status, lang))
        return JSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (no such route, wrong method, an unreadable body) speak like ours.
        headers = exc.headers
        if exc.status_code == 405:  # Starlette's Allow names the first route of the path only; a path may have more
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(app, request.scope))}
        return JSONResponse({"error": str(exc.detail),
                             "text": refusals.status_text(exc.status_code, request.query_params.get("lang"))},
                            status_code=exc.status_code, headers=headers)

    @app.exception_handler(SQLAlchemyError)
    async def _database_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        # also reached from a socket's handler, whose scope has no method
        failure = database_failure(exc, f"{request.scope.get('method', 'WebSocket')} {request.url.path}")
        lang = request.query_params.get("lang")
        return JSONResponse({**failure.body(), "text": refusals.status_text(failure.status, lang)},
                            status_code=failure.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # Without the offending inputs: a JSON body may hold numbers (1e400, NaN) JSON cannot echo. The players'
        # words name no field (refusals.invalid_request).
        errors = [{"loc": e["loc"], "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors)
        text = refusals.invalid_request(exc.errors(), request.query_params.get("lang"))
        return JSONResponse({"error": f"invalid request: {problems}", "detail": jsonable_encoder(errors),
                             "text": text}, status_code=422)

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        """Liveness: ``{"status": "ok"}``."""
        return {"status": "ok"}

    app.include_router(table_router)  # tables, actions, the socket, the table page and the games' files (issue 33)
    app.include_router(gamewords_router)  # a game's page texts (issue 35): /api/games/{id}/words
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

