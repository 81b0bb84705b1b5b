"""The browser table's server: the app wired from its routers, the hub, the store and the static front end.

``create_app(db_url)`` builds one app around one :class:`~kartentisch.web.store.Store` and one
:class:`~kartentisch.web.hub.Hub`. On PostgreSQL several such apps (processes, machines) serve the same
tables behind one address (issue 26): each listens to the store's notifications and takes part in driving
the bots (:meth:`~kartentisch.web.cluster.Cluster.listen`, :meth:`~kartentisch.web.cluster.Cluster.keep_leases`).

Every feature is a router of its own, the tables' too (:mod:`~kartentisch.web.table_routes`); ``create_app`` only
wires them, with the error handlers, the middlewares and the background tasks. The OpenAPI page at ``/docs``
documents the HTTP API; the front end in ``static/`` uses exactly this API
(no build step: plain ES modules, CSS and SVG).

Limits: request bodies over :data:`~kartentisch.web.middleware.MAX_BODY` bytes get 413; WebSocket text frames over
:data:`~kartentisch.web.table_routes.MAX_FRAME` bytes get an error frame (and uvicorn closes frames over its
``ws_max_size``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import Scope

from ..bots.policy import load_policy
from ..kernel import lookup
from . import clock, refusals
from .chat import chat_router
from .coach_limits import CoachLimits
from .coach_routes import coach_router
from .display import router as display_router
from .errors import ApiError, database_failure
from .gamewords import router as gamewords_router
from .group_store import recorder as groups_recorder
from .groups import router as groups_router
from .handover import router as handover_router
from .hub import Hub
from .invites import router as invites_router
from .limits import Guard, Limits, TooManyRequests
from .middleware import BodyLimit, SecurityHeaders
from .notify import Notifier
from .notify import router as notify_router
from .openapi_errors import document_errors
from .scorepad import router as scorepad_router
from .seatname import router as seatname_router
from .smtp import SmtpConfig
from .store import Store
from .table_routes import STATIC, table_app
from .table_routes import router as table_router
from .turns import TURN_SWEEP_SECONDS, TurnSweep
from .turns import router as turns_router
from .workers import SEARCH_SECONDS

#: The methods a 405's ``Allow`` may list.
HTTP_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


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

    # the docs pages without a CDN, and a table's socket past every layer (table_app)
    app = table_app(title="kartentisch", version="0.1.0", lifespan=lifespan,
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
        body = exc.body(refusals.reply_lang(request.query_params.get("lang")))
        return JSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # Starlette's own refusals (no such route, wrong method, an unreadable body) speak like ours; a browser
        # that opens an address no route has gets a page in its language, not JSON (a fresh user's finding).
        if (exc.status_code == 404 and request.method == "GET" and not request.url.path.startswith("/api/")
                and "text/html" in request.headers.get("accept", "")):
            lang = refusals.page_lang(request.query_params.get("lang"), request.headers.get("accept-language"))
            return HTMLResponse(refusals.missing_page(404, lang), status_code=404)
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
    app.include_router(seatname_router)  # a person names their own seat (a private link opened the first time)
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
