"""The coach's HTTP routes (issue 23): hints, reviews, replays and uploaded replay files, an APIRouter.

``GET /api/tables/{id}/hint`` (a seat's bearer token), ``POST``/``GET …/review`` of a finished table or of an
uploaded replay, ``GET …/replay`` position by position, ``POST /api/replays`` (a replay file kept for stepping
through), and the replay page. Each takes ``?lang=en|de`` and refuses in it. The work is the coach's
(:class:`~kartentisch.web.coach.Coach`, one per app); here are the requests: who asks (:func:`unless_gone` drops
the work of a client that left), what each costs against the client's rates
(:class:`~kartentisch.web.limits.Limits`) and the answers' shapes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from .coach import Coach, ReviewJob
from .coach_limits import CoachLimits
from .deps import bearer, client, hub_of, plain_id
from .errors import ApiError, frame_lang
from .frames import LANG_HELP
from .limits import REPLAY_STEP_MOVES
from .live import LiveTable
from .replays import ALL_SEATS, SPECTATOR, Reader, Replay
from .workers import bot_seed

STATIC = Path(__file__).parent / "static"
T = TypeVar("T")

#: Status of the answer to a request whose client left before it was ready (nginx's "client closed request").
CLIENT_GONE = 499
#: Longest replay file accepted by ``POST /api/replays`` (characters; the app's body limit is 64 KB).
MAX_REPLAY = 60_000
#: The seat number :func:`~kartentisch.web.workers.bot_seed` is asked with for a table's review seed (no seat's).
REVIEW_SEED_SEAT = -1


class UploadIn(BaseModel):
    """A replay file's text (JSON lines: the header, then one ``{"seat", "token"}`` per move)."""

    text: str = Field(max_length=MAX_REPLAY, description="the file as `kartentisch play` saves it")


SeatQuery = Annotated[str | None, Query(description=f"whose view to show: a seat counted from 1, {SPECTATOR!r} "
                                                    f"(the default), or {ALL_SEATS!r}: every card open (after the "
                                                    "match only; never the default)")]
ReviewSeatQuery = Annotated[str | None, Query(description=(
    f"for whom the review is worded: a seat counted from 1 (its own decisions in full, the others' moves as it saw "
    f"them), {SPECTATOR!r} (every move as a spectator saw it) or {ALL_SEATS!r} (every seat's moves with their "
    "cards: the open record, asked for explicitly); default: the bearer token's seat, else the spectator"))]
LangQuery = Annotated[str, Query(description=LANG_HELP)]


async def unless_gone(request: Request, work: Awaitable[T]) -> T:
    """``work``'s result; once the client of ``request`` has left (its connection closed) ``work`` is cancelled, so
    whatever only it waited for is dropped (issue 31), and the answer nobody reads is ApiError :data:`CLIENT_GONE`."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(_left(request))
    try:
        await asyncio.wait((task, gone), return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
        if not task.done():
            task.cancel()
    if not task.done() or task.cancelled():
        raise ApiError(CLIENT_GONE, "the client left before the answer was ready")  # an answer nobody reads
    return task.result()


async def _left(request: Request) -> None:
    """Returns when the client of ``request`` (whose body is read) disconnects."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def coach_router(iterations: int | None = None, limits: CoachLimits | None = None) -> APIRouter:
    """The coach's routes (module docstring) with one :class:`Coach` of ``iterations`` and ``limits`` per app."""
    coach = Coach(iterations, limits)

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        app.state.coach = coach  # for the tests and benchmarks that watch its queue and caches
        yield
        await coach.close()  # before the app's own shutdown ends the hub's workers

    router = APIRouter(lifespan=lifespan)

    async def table_of(request: Request, table_id: str) -> LiveTable:
        return await hub_of(request).get(plain_id(table_id))

    def count(request: Request, what: str, lang: str, who: str | None = None, cost: int = 1) -> None:
        request.app.state.guard.hit(what, client(request) if who is None else who, lang, cost)

    @router.get("/api/tables/{table_id}/hint")
    async def table_hint(table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None,
                         lang: LangQuery = "en") -> dict[str, Any]:
        """The coach's moves for the bearer seat's decision now, best first: ``{"n", "seat", "moves": [{"token",
        "text", "win", "searches"}], "searches", "legal", "seconds"}`` (``win``: the chance to win the match, 0 … 1;
        ``text`` the move in words in ``lang``). 401 without a seat token, 403 hints are off at this table, 409
        not the seat's decision now, 429 over the client's or the seat's rate of hints, 503 the coach's queue of
        hints is full (both with ``Retry-After``)."""
        lang = frame_lang(lang)
        table = await table_of(request, table_id)
        seat = table.seat_of(bearer(authorization))
        if seat is None:
            raise ApiError(401, "a seat token is needed for a hint (a hint is for one's own cards)")
        count(request, "hint", lang)
        count(request, "seat-hint", lang, f"{table.id}:{seat}")
        return await unless_gone(request, coach.hint(hub_of(request), table, seat, lang, client(request)))

    async def table_review(request: Request, table: LiveTable, start: bool, lang: str, seat: str | None,
                           authorization: str | None) -> dict[str, Any]:
        replay = await coach.table_replay(table)
        reader = review_reader(replay, seat, table.seat_of(bearer(authorization)))
        people = [s.seat for s in table.record.seats if s.kind == "human"] or list(range(table.record.players))
        seed = bot_seed(table.record.seed, REVIEW_SEED_SEAT, 0)  # from the table's secret, as its bots' seeds
        return status(await coach.review(hub_of(request), f"table:{table.id}", replay, people, seed, start,
                                         client(request)), lang, reader)

    async def upload_review(request: Request, upload_id: str, start: bool, lang: str,
                            seat: str | None) -> dict[str, Any]:
        replay = await coach.uploaded(hub_of(request), upload_id)
        reader = review_reader(replay, seat, None)
        return status(await coach.review(hub_of(request), f"upload:{upload_id}", replay,
                                         list(range(replay.match.players)), 0, start, client(request)),
                      lang, reader)

    def review_reader(replay: Replay, seat: str | None, own: int | None) -> Reader:
        """The review's reader: the ``seat`` asked for, else the bearer's own seat ``own``, else a spectator."""
        return replay.reader(seat) if seat is not None or own is None else own

    def status(job: ReviewJob | None, lang: str, reader: Reader) -> dict[str, Any]:
        return {"state": "none"} if job is None else job.status(lang, reader)

    @router.post("/api/tables/{table_id}/review", status_code=202)
    async def start_table_review(table_id: str, request: Request, lang: LangQuery = "en", seat: ReviewSeatQuery = None,
                                 authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Start the review of the finished match (the persons' seats; every seat without a person) unless it
        runs or is done; answers as ``GET …/review``. 409 the match is not over, 503 the coach reviews as many
        finished tables as it may at once (``Retry-After``; uploads never take their room)."""
        lang = frame_lang(lang)
        return await table_review(request, await table_of(request, table_id), True, lang, seat, authorization)

    @router.get("/api/tables/{table_id}/review")
    async def get_table_review(table_id: str, request: Request, lang: LangQuery = "en", seat: ReviewSeatQuery = None,
                               authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The review: ``{"state": "none"}`` before ``POST …/review``, ``{"state": "running", "done", "total"}``
        while it runs, then ``{"state": "done", …, "decisions": [{"n", "seat", "token", "text", "win_chosen",
        "best", "best_text", "win_best", "loss", "mark", …}]}`` (as ``kartentisch review --json``; seats
        0-based, moves worded in ``lang``; ``full_effort`` decisions judged with ``iterations`` searches, the rest
        with ``low_iterations``). Worded for ``seat`` (see the parameter): without a token or with a spectator's it
        names no card a seat held hidden; every seat's moves with their cards only with ``seat=all``. 409 the
        match is not over, 422 a bad ``seat``."""
        lang = frame_lang(lang)
        return await table_review(request, await table_of(request, table_id), False, lang, seat, authorization)

    async def step(request: Request, replay: Replay, n: int, seat: str | None, since: int,
                   lang: str) -> dict[str, Any]:
        """Position ``n`` for ``seat`` (:meth:`Replay.position`), counted against the client's rate of replay steps
        (one plus one per :data:`REPLAY_STEP_MOVES` moves of log) only once ``n``, ``since`` and ``seat`` are
        checked: a bad ask is answered in words (422) and charges nothing (the replay it was checked against is
        made once per match and kept)."""
        replay.check(n, since)
        reader = replay.reader(seat)
        count(request, "replay", lang, cost=1 + max(0, n - since) // REPLAY_STEP_MOVES)
        return await asyncio.to_thread(replay.position, n, reader, lang, since)

    @router.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, request: Request, n: Annotated[int, Query()] = 0, seat: SeatQuery = None,
                           since: Annotated[int, Query(description="first move of the log to send")] = 0,
                           lang: LangQuery = "en") -> dict[str, Any]:
        """Position ``n`` (after ``n`` moves; 0 the deal) of the finished match from ``seat``'s view as the table
        showed it then, or with every card open, and the log of moves ``since … n-1`` in words for that reader.
        409 the match is not over, 422 ``n``, ``since`` or ``seat`` out of range, 429 over the client's rate of
        replay steps (a request counts one step plus one per 20 moves of log; a refused one counts nothing)."""
        lang = frame_lang(lang)
        replay = await coach.table_replay(await table_of(request, table_id))
        return await step(request, replay, n, seat, since, lang)

    @router.post("/api/replays", status_code=201)
    async def upload_replay(body: UploadIn, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """Keep a replay file for stepping through (in memory, for a while): ``{"id", "url", "game", "players",
        "total", "over"}``. 422 a file that does not replay (naming the line) or has no seed, 429 over the
        client's rate of uploads."""
        lang = frame_lang(lang)
        count(request, "upload", lang)
        upload_id, replay = await coach.upload(hub_of(request), body.text)
        return {"id": upload_id, "url": f"/replay/{upload_id}", "game": replay.match.game.id,
                "players": replay.match.players, "total": replay.total, "over": replay.over}

    @router.get("/api/replays/{upload_id}")
    async def uploaded_replay(upload_id: str, request: Request, n: Annotated[int, Query()] = 0,
                              seat: SeatQuery = None,
                              since: Annotated[int, Query(description="first move of the log to send")] = 0,
                              lang: LangQuery = "en") -> dict[str, Any]:
        """Position ``n`` of an uploaded replay, as ``GET /api/tables/{id}/replay``. 404 not kept (any more)."""
        lang = frame_lang(lang)
        replay = await coach.uploaded(hub_of(request), upload_id)
        return await step(request, replay, n, seat, since, lang)

    @router.post("/api/replays/{upload_id}/review", status_code=202)
    async def start_upload_review(upload_id: str, request: Request, lang: LangQuery = "en",
                                  seat: ReviewSeatQuery = None) -> dict[str, Any]:
        """Start the review of an uploaded finished match (every seat, seed 0 as ``kartentisch review``). 429 this
        client has as many uploads under review as it may, 503 the coach reviews as many uploads as it may (both
        with ``Retry-After``)."""
        lang = frame_lang(lang)
        return await upload_review(request, upload_id, True, lang, seat)

    @router.get("/api/replays/{upload_id}/review")
    async def get_upload_review(upload_id: str, request: Request, lang: LangQuery = "en",
                                seat: ReviewSeatQuery = None) -> dict[str, Any]:
        """The review of an uploaded replay, as ``GET /api/tables/{id}/review``."""
        lang = frame_lang(lang)
        return await upload_review(request, upload_id, False, lang, seat)

    @router.get("/t/{table_id}/replay", include_in_schema=False)
    @router.get("/replay", include_in_schema=False)
    @router.get("/replay/{upload_id}", include_in_schema=False)
    async def replay_page() -> FileResponse:
        """The replay page of a finished table, of an uploaded file, or for uploading one (its script reads the
        address)."""
        return FileResponse(STATIC / "replay.html")

    return router
