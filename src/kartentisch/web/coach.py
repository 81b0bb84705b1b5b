"""The coach at the browser table (issue 23): hints, the review of a finished match, and replays.

**Hints.** A table created with ``"hints": true`` (:meth:`~kartentisch.web.tables.Hub.create`: by default
on where at most one seat is a person's) lets a seat ask ``GET /api/tables/{id}/hint`` with its bearer
token: the coach's win chance of each legal move (:func:`kartentisch.bots.coach.hint`, from that seat's
information set only, worded from its own view), best first. The search runs in the hub's ISMCTS worker
processes within the server's per-decision limit (``search_seconds``), so the event loop never waits;
asking again at the same position answers from the same search.

**Review.** After the match, ``POST …/review`` starts a background job that judges every decision of the
persons' seats (every seat at a table of bots only, or of an uploaded replay) with
:func:`~kartentisch.bots.coach.judge_decision`, one decision at a time in the same workers (reviews take
turns there, so the bots of people's tables wait at most one decision for them); ``GET …/review`` says
``{"state": "running", "done", "total"}`` until the result is there, worded in the asked language.

**Several server processes** (issue 26): a review's progress is stored (``kt_reviews``, after each judged
decision) and uploaded replays too (``kt_uploads``), so a poll reaching any process answers, whichever process
works on the review; one whose worker stopped writing for :data:`REVIEW_STALE` seconds (its process died) is
resumed by the next ask, from the decisions judged so far (the review is seeded, so the rest comes out as it
would have). Stored rather than routed to one process: it works behind any balancer, survives the process, and
costs one small write per decision (about a second of search each). Hints are not stored: each is seeded from
the table's secret and the position, so any process gives the same one.

**Replays.** A finished table (``GET /api/tables/{id}/replay``) or an uploaded replay file
(``POST /api/replays``, kept in memory) is stepped through position by position: position ``n`` (after
``n`` moves) from one seat's view as the table showed it to that seat then (``state.view(seat)`` and the
log told to it), or with every card open (:func:`open_view`) once the match is over. Seats count from 1 in
the ``seat`` query parameter, as in the page's address ``/t/{id}/replay?n=42&seat=2``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import BrokenExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError

from ..bots.coach import decision_words, default_iterations, hint, judge_decision, review_todo
from ..kernel import GameState, KartentischError, Match, Voice
from ..kernel.errors import first_line
from ..kernel.summary import score_now
from ..kernel.words import narrate
from .deps import bearer, client, hub_of, plain_id
from .frames import LANG_HELP
from .tables import ApiError, CardNames, Hub, LiveTable, _log_items, bot_seed, frame_lang

STATIC = Path(__file__).parent / "static"
log = logging.getLogger(__name__)
T = TypeVar("T")

#: The hub's worker pool the coach searches in (the ISMCTS bots' pool of people's tables).
SEARCH_POOL = "ismcts"
#: Hints kept per server (the newest; a position's hint is asked again after a reload or a language switch).
HINT_CACHE = 256
#: Reviews kept per server, running or done (the oldest done one is forgotten first).
REVIEW_CACHE = 32
#: Reviews waiting or running at once; one more is refused (503) until one ends.
MAX_RUNNING_REVIEWS = 4
#: Seconds after its worker's last write that a running review counts as abandoned (its process died), so the
#: next ask resumes it: longer than a decision waiting its turn behind the other reviews of that process.
REVIEW_STALE = 60.0
#: Uploaded replays kept in memory (the oldest is forgotten first; its link then answers 404), and finished
#: tables' replays kept ready.
UPLOAD_CACHE = 32
#: Longest replay file accepted by ``POST /api/replays`` (characters; the app's body limit is 64 KB).
MAX_REPLAY = 60_000
#: ``seat`` value of a replay with every card open.
ALL_SEATS = "all"
#: The seat number :func:`~kartentisch.web.tables.bot_seed` is asked with for a table's review seed (no seat's).
REVIEW_SEED_SEAT = -1


def open_view(state: GameState) -> dict[str, Any]:
    """The state document with every card some seat knew at ``state`` face up: the spectator's view with each
    hidden (``"?"``) value replaced by the one a seat's own view shows there. Cards nobody knew (the draw pile,
    face-down cards of a grid) stay hidden. For a finished match only (the replay's "all cards open")."""
    return functools.reduce(_reveal, (state.view(s) for s in range(state.players)), state.view(None))


def _reveal(shown: Any, seen: Any) -> Any:
    """``shown`` with its hidden leaves replaced by ``seen``'s where both documents have the same shape there."""
    if isinstance(shown, dict) and isinstance(seen, dict) and shown.keys() == seen.keys():
        return {key: _reveal(shown[key], seen[key]) for key in shown}
    if isinstance(shown, list) and isinstance(seen, list) and len(shown) == len(seen):
        return [_reveal(a, b) for a, b in zip(shown, seen, strict=True)]
    return seen if shown == "?" else shown


def only_seen(state: GameState, seat: int) -> list[str]:
    """The cards ``seat``'s view shows face up that the spectator's shows hidden, in the document's order (its
    hand, a card it holds or passed): what only that seat saw at ``state``."""
    out: list[str] = []

    def walk(shown: Any, seen: Any) -> None:
        if isinstance(shown, dict) and isinstance(seen, dict) and shown.keys() == seen.keys():
            for key in shown:
                walk(shown[key], seen[key])
        elif isinstance(shown, list) and isinstance(seen, list) and len(shown) == len(seen):
            for a, b in zip(shown, seen, strict=True):
                walk(a, b)
        elif shown == "?" and isinstance(seen, str) and seen != "?":
            out.append(seen)

    walk(state.view(None), state.view(seat))
    return out


@dataclass
class Replay:
    """A match to step through: its positions (``match.states()``), its seats' names per language (``()``: "Seat
    n") and whether the match is over (then every card may be shown)."""

    match: Match
    names: dict[str, tuple[str, ...]]
    states: list[GameState] = field(init=False)
    cards: CardNames = field(init=False)

    def __post_init__(self) -> None:
        self.states = list(self.match.states())
        state = self.states[0]
        self.cards = CardNames(state.game, frozenset(state.game.deck(state.players, state.options)))

    @property
    def total(self) -> int:
        """Moves in the match (positions ``0 … total``)."""
        return len(self.match.history)

    @property
    def over(self) -> bool:
        """The match is over."""
        return self.states[-1].game_over

    def voice(self, lang: str, viewer: int | None) -> Voice:
        """Who reads, in ``lang``."""
        return Voice(lang, viewer, self.names.get(lang, ()))

    def viewer(self, seat: str | None) -> int | None:
        """The 0-based viewer of a ``seat`` query value (``"1"`` … ``"players"``, counted from 1), ``None`` for
        :data:`ALL_SEATS` (also when not given).

        Raises:
            ApiError 422: another value; 409: every card open before the match is over.
        """
        if seat is None or seat == ALL_SEATS:
            if not self.over:
                raise ApiError(409, "every card is shown only once the match is over; choose a seat (seat=1 …)")
            return None
        players = self.match.players
        if not seat.isdigit() or not 1 <= int(seat) <= players:
            raise ApiError(422, f"seat is a seat counted from 1 (1 … {players}) or {ALL_SEATS!r}, not {seat[:20]!r}")
        return int(seat) - 1

    def entries(self, viewer: int | None, lang: str, start: int, end: int) -> list[dict[str, Any]]:
        """The log of moves ``start … end-1`` as the table told them to ``viewer`` (its frames' log entries); with
        ``viewer`` ``None`` every move in full (the cards of every hand open) followed by its round's end."""
        out: list[dict[str, Any]] = []
        for i in range(start, end):
            seat, token = self.match.history[i]
            before, after = self.states[i], self.states[i + 1]
            told = narrate(before, seat, token, after, self.voice(lang, viewer))
            items = _log_items(seat, told)
            if viewer is None:
                items[0] = {"seat": seat, "token": token, "text": self.match.game.describe_move(
                    seat, token, open_view(before), open_view(after), self.voice(lang, None))}
            out += items
        return out

    def position(self, n: int, viewer: int | None, lang: str, since: int) -> dict[str, Any]:
        """Position ``n`` as ``viewer`` saw it (``None``: every card open), with the log of moves ``since … n-1``.

        Returns:
            ``{"type": "replay", "game", "lang", "players", "n", "total", "over", "seat", "open", "seats",
            "view", "card_names", "phase_text", "lower_wins", "score_now", "legal", "choices", "log", "log_start",
            "only_seen"}``: ``seat`` 0-based as in frames (``None`` with every card open), ``seats`` ``[{"seat",
            "name"}]``, ``card_names`` and ``score_now`` as a frame's, ``legal`` and ``choices`` empty (nobody moves
            in a replay), ``only_seen`` per seat the cards only it saw (every card open only, else ``None``).
        Raises:
            ApiError 422: ``n`` or ``since`` out of ``0 … total``.
        """
        if not 0 <= n <= self.total:
            raise ApiError(422, f"n is a position from 0 (the deal) to {self.total} (the last move), not {n}")
        if not 0 <= since <= self.total:
            raise ApiError(422, f"since is a move number from 0 to {self.total}, not {since}")
        state = self.states[n]
        view = state.view(viewer) if viewer is not None else open_view(state)
        game = self.match.game
        voice = self.voice(lang, viewer)
        return {
            "type": "replay", "game": game.id, "lang": lang, "players": self.match.players, "n": n,
            "total": self.total, "over": self.over, "seat": viewer, "open": viewer is None,
            "seats": [{"seat": s, "name": voice.name(s)} for s in range(self.match.players)],
            "view": view, "card_names": self.cards.of_view(view, lang),
            "phase_text": game.phase_name(view["phase"], lang), "lower_wins": game.score_sign < 0,
            "score_now": score_now(game, view), "legal": [], "choices": [],
            "log": self.entries(viewer, lang, min(since, n), n), "log_start": min(since, n),
            "only_seen": [only_seen(state, s) for s in range(self.match.players)] if viewer is None else None,
        }


@dataclass
class ReviewJob:
    """A review running or done (here, or in another process: then as the store has it): the decisions to judge,
    those judged (without words), the failure if any."""

    replay: Replay
    seats: list[int]
    iterations: int
    seed: int
    todo: list[tuple[int, int, str]] = field(init=False)
    judged: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    task: asyncio.Task[None] | None = None
    worded: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.todo = review_todo(self.replay.match, self.seats, self.replay.states)

    @property
    def done(self) -> bool:
        """Every decision judged."""
        return len(self.judged) == len(self.todo)

    @property
    def running(self) -> bool:
        """Its search runs in this process."""
        return self.task is not None and not self.task.done()

    def status(self, lang: str) -> dict[str, Any]:
        """``{"state": "running"|"done"|"failed", "done", "total"}``; once done also the review as
        :func:`~kartentisch.bots.coach.review_match` gives it (``game``, ``players``, ``seats``, ``iterations``,
        ``result``, ``decisions`` worded in ``lang``), failed: ``error``."""
        out: dict[str, Any] = {"state": "running", "done": len(self.judged), "total": len(self.todo)}
        if self.error is not None:
            return {**out, "state": "failed", "error": self.error}
        if not self.done:
            return out
        if lang not in self.worded:
            states = self.replay.states
            self.worded[lang] = [decision_words(states[d["n"] - 1], d, self.replay.voice(lang, d["seat"]))
                                 for d in self.judged]
        final = self.replay.states[-1]
        return {**out, "state": "done", "game": self.replay.match.game.id, "players": self.replay.match.players,
                "seats": self.seats, "iterations": self.iterations,
                "result": final.returns() if final.game_over else None, "decisions": self.worded[lang]}


class UploadIn(BaseModel):
    """A replay file's text (JSON lines: the header, then one ``{"seat", "token"}`` per move)."""

    text: str = Field(max_length=MAX_REPLAY, description="the file as `kartentisch play` saves it")


class Coach:
    """The coach's state in one server: hints being searched or found, reviews, uploaded replays.

    Args:
        iterations: search iterations per hint and per reviewed decision; ``None``: the coach's default per
            game (its ``search.coach_iterations``, about 1 s).
    """

    def __init__(self, iterations: int | None = None) -> None:
        self.iterations = iterations
        self.hints: OrderedDict[tuple[str, int, int, str], asyncio.Task[dict[str, Any]]] = OrderedDict()
        self.reviews: OrderedDict[str, ReviewJob] = OrderedDict()
        self.uploads: OrderedDict[str, Replay] = OrderedDict()
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self._searching: asyncio.Lock | None = None

    @property
    def searching(self) -> asyncio.Lock:
        """Held while a reviewed decision is searched: reviews take turns in the workers (made on first use, in
        the server's event loop)."""
        if self._searching is None:
            self._searching = asyncio.Lock()
        return self._searching

    # ------------------------------------------------------------------ workers
    @staticmethod
    async def in_worker(hub: Hub, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the hub's :data:`SEARCH_POOL` workers.

        Raises:
            ApiError 503: the pool broke (the hub runs that kind in threads from then on, as its bots do).
        """
        try:
            return await asyncio.get_running_loop().run_in_executor(hub._executor_for(SEARCH_POOL), fn, *args)
        except BrokenExecutor:
            log.warning("worker processes for the coach failed; searches run in threads from now on")
            hub._drop_pool(SEARCH_POOL)
            raise ApiError(503, "the coach's worker process failed; ask again") from None

    async def close(self) -> None:
        """Cancel the hints being searched and the reviews running (the server shuts down)."""
        tasks = [*self.hints.values(), *(j.task for j in self.reviews.values() if j.task is not None)]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ hints
    async def hint(self, hub: Hub, table: LiveTable, seat: int, lang: str) -> dict[str, Any]:
        """The coach's moves for ``seat`` now (:func:`kartentisch.bots.coach.hint` plus ``n``: the position).

        Raises:
            ApiError 403: hints are off at this table; 409: not a decision of ``seat`` now (or the match has not
            started or is over).
        """
        if not table.record.hints:
            raise ApiError(403, "hints are off at this table: its creator did not allow them")
        names = table.names["en"]
        if table.waiting_for_seats:
            raise ApiError(409, "the match has not started: a seat is still free")
        if table.state.game_over:
            raise ApiError(409, "the match is over; its review tells how each move did")
        if seat not in table.state.to_act():
            raise ApiError(409, f"{names[seat]} has no decision now; a hint is for one's own decision")
        n = len(table.log)
        key = (table.id, seat, n, lang)
        task = self.hints.get(key)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            # both limits: the coach's budget, cut short by the server's per-decision limit on a busy machine
            budget = self.iterations if self.iterations is not None else default_iterations(table.record.game)
            search = functools.partial(hint, table.state.clone(), seat, lang=lang, names=table.names[lang],
                                       iterations=budget, time_budget_s=hub.search_seconds,
                                       seed=bot_seed(table.record.seed, seat, n))
            task = asyncio.get_running_loop().create_task(self.in_worker(hub, search))
            self.hints[key] = task
            while len(self.hints) > HINT_CACHE:
                self.hints.popitem(last=False)
        self.hints.move_to_end(key)
        try:
            found = await asyncio.shield(task)  # a client gone does not cancel the search: the next ask gets it
        except KartentischError as exc:
            raise ApiError(409, first_line(exc)) from None
        return {"n": n, **found}

    # ------------------------------------------------------------------ reviews
    async def review(self, hub: Hub, key: str, replay: Replay, seats: list[int], seed: int,
                     start: bool) -> ReviewJob | None:
        """The review ``key`` of ``replay``'s ``seats`` as it stands, running here, in another process or done;
        ``None`` if nobody asked for it yet and ``start`` is false. With ``start`` a new or failed one starts
        here; without, only an abandoned one (:data:`REVIEW_STALE`) is resumed here.

        Raises:
            ApiError 409: the match is not over (``start``); 503: :data:`MAX_RUNNING_REVIEWS` run here already.
        """
        job = self.reviews.get(key)
        if job is not None and job.error is None and (job.done or job.running):
            self.reviews.move_to_end(key)
            return job
        if start and not replay.over:
            raise ApiError(409, "a review is made once the match is over")
        stored = await asyncio.to_thread(hub.store.review, key)
        if stored is None and not start:
            return None
        budget = self.iterations if self.iterations is not None else default_iterations(replay.match.game.id)
        if stored is not None:
            found = ReviewJob(replay, seats, budget, seed, judged=stored.judged, error=stored.error)
            fresh = stored.beat >= time.time() - REVIEW_STALE
            if found.done or (found.error is None and fresh) or (found.error is not None and not start):
                return found  # done, or worked on by another process, or failed and not asked again
        if sum(1 for j in self.reviews.values() if j.running) >= MAX_RUNNING_REVIEWS:
            raise ApiError(503, f"the coach is reviewing {MAX_RUNNING_REVIEWS} matches already; ask again in a while")
        judged = await asyncio.to_thread(hub.store.claim_review, key, hub.owner, time.time() - REVIEW_STALE)
        job = ReviewJob(replay, seats, budget, seed, judged=judged or [])
        if judged is None:
            return job  # another process took it up a moment ago: nothing judged yet
        job.task = asyncio.get_running_loop().create_task(self._review(hub, key, job))
        self.reviews[key] = job
        idle = [k for k, j in self.reviews.items() if not j.running]
        for old in idle[:max(0, len(self.reviews) - REVIEW_CACHE)]:
            del self.reviews[old]
        return job

    async def _review(self, hub: Hub, key: str, job: ReviewJob) -> None:
        states = job.replay.states
        try:
            for n, seat, token in job.todo[len(job.judged):]:
                async with self.searching:
                    judged = await self.in_worker(hub, functools.partial(
                        judge_decision, states[n - 1], n, seat, token, iterations=job.iterations, seed=job.seed))
                job.judged.append(judged)
                await asyncio.to_thread(hub.store.save_review, key, hub.owner, job.judged)
        except Exception as exc:  # the job says so; asking again starts it anew
            log.exception("a review failed")
            job.error = f"the review failed: {first_line(exc)}"
            try:
                await asyncio.to_thread(hub.store.save_review, key, hub.owner, job.judged, job.error)
            except SQLAlchemyError:  # the stored one is abandoned then, and resumed by the next ask
                log.exception("a review's failure could not be stored")

    # ------------------------------------------------------------------ replays
    async def table_replay(self, table: LiveTable) -> Replay:
        """The finished ``table`` as a :class:`Replay` (made once per table). Raises ApiError 409 while it runs."""
        if not table.state.game_over:
            raise ApiError(409, "a table's replay opens once its match is over")
        replay = self.replays.get(table.id)
        if replay is None:
            replay = await asyncio.to_thread(Replay, table.match, table.names)
            self.replays[table.id] = replay
            while len(self.replays) > UPLOAD_CACHE:
                self.replays.popitem(last=False)
        self.replays.move_to_end(table.id)
        return replay

    async def upload(self, hub: Hub, text: str) -> tuple[str, Replay]:
        """Keep an uploaded replay file (in the store, for every process); returns its id and replay.

        Raises:
            ApiError 422: it does not read or replay (naming the line), or it has no seed (then it cannot replay).
        """
        replay = await asyncio.to_thread(_replay_of, text)
        upload_id = secrets.token_urlsafe(9)
        await asyncio.to_thread(hub.store.add_upload, upload_id, text)
        self._keep(upload_id, replay)
        return upload_id, replay

    async def uploaded(self, hub: Hub, upload_id: str) -> Replay:
        """The uploaded replay ``upload_id`` (read from the store if this process does not hold it); ApiError 404
        if it is not kept (any more)."""
        replay = self.uploads.get(plain_id(upload_id, "a replay id"))
        if replay is None:
            text = await asyncio.to_thread(hub.store.upload_text, upload_id)
            if text is None:
                raise ApiError(404, f"no uploaded replay {upload_id[:40]!r} on this server (uploads are kept for a "
                                    "while only: upload the file again)")
            replay = await asyncio.to_thread(_replay_of, text)
        self._keep(upload_id, replay)
        return replay

    def _keep(self, upload_id: str, replay: Replay) -> None:
        """Hold an uploaded replay in memory, the newest :data:`UPLOAD_CACHE` of them."""
        self.uploads[upload_id] = replay
        self.uploads.move_to_end(upload_id)
        while len(self.uploads) > UPLOAD_CACHE:
            self.uploads.popitem(last=False)


def _replay_of(text: str) -> Replay:
    """The :class:`Replay` of a replay file's text; ApiError 422 if it does not read or replay (naming the line),
    or has no seed (then it cannot replay)."""
    try:
        match = Match.loads(text, "replay")
    except KartentischError as exc:
        raise ApiError(422, first_line(exc)) from None
    if match.seed is None:
        raise ApiError(422, "replay:1: the header has no seed, so the deal cannot be replayed")
    return Replay(match, {})


SeatQuery = Annotated[str | None, Query(description=f"the seat whose view to show, counted from 1, or "
                                                    f"{ALL_SEATS!r}: every card open (default; after the match)")]
LangQuery = Annotated[str, Query(description=LANG_HELP)]


def coach_router(iterations: int | None = None) -> APIRouter:
    """The coach's routes (module docstring) with one :class:`Coach` of ``iterations`` per app."""
    coach = Coach(iterations)

    @asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        yield
        await coach.close()  # before the app's own shutdown ends the hub's workers

    router = APIRouter(lifespan=lifespan)

    async def table_of(request: Request, table_id: str) -> LiveTable:
        return await hub_of(request).get(plain_id(table_id))

    @router.get("/api/tables/{table_id}/hint")
    async def table_hint(table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None,
                         lang: LangQuery = "en") -> dict[str, Any]:
        """The coach's moves for the bearer seat's decision now, best first: ``{"n", "seat", "moves": [{"token",
        "text", "win", "searches"}], "searches", "legal", "seconds"}`` (``win``: the chance to win the match, 0 … 1;
        ``text`` the move in words in ``lang``). 401 without a seat token, 403 hints are off at this table, 409
        not the seat's decision now."""
        lang = frame_lang(lang)
        table = await table_of(request, table_id)
        seat = table.seat_of(bearer(authorization))
        if seat is None:
            raise ApiError(401, "a seat token is needed for a hint (a hint is for one's own cards)")
        return await coach.hint(hub_of(request), table, seat, lang)

    async def table_review(request: Request, table: LiveTable, start: bool) -> ReviewJob | None:
        replay = await coach.table_replay(table)
        people = [s.seat for s in table.record.seats if s.kind == "human"] or list(range(table.record.players))
        seed = bot_seed(table.record.seed, REVIEW_SEED_SEAT, 0)  # from the table's secret, as its bots' seeds
        return await coach.review(hub_of(request), f"table:{table.id}", replay, people, seed, start)

    async def upload_review(request: Request, upload_id: str, start: bool) -> ReviewJob | None:
        replay = await coach.uploaded(hub_of(request), upload_id)
        return await coach.review(hub_of(request), f"upload:{upload_id}", replay, list(range(replay.match.players)),
                                  0, start)

    def status(job: ReviewJob | None, lang: str) -> dict[str, Any]:
        return {"state": "none"} if job is None else job.status(lang)

    @router.post("/api/tables/{table_id}/review", status_code=202)
    async def start_table_review(table_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """Start the review of the finished match (the persons' seats; every seat without a person) unless it
        runs or is done; answers as ``GET …/review``. 409 the match is not over, 503 the coach is busy."""
        lang = frame_lang(lang)
        return status(await table_review(request, await table_of(request, table_id), start=True), lang)

    @router.get("/api/tables/{table_id}/review")
    async def get_table_review(table_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """The review: ``{"state": "none"}`` before ``POST …/review``, ``{"state": "running", "done", "total"}``
        while it runs, then ``{"state": "done", …, "decisions": [{"n", "seat", "token", "text", "win_chosen",
        "best", "best_text", "win_best", "loss", "mark", …}]}`` (as ``kartentisch review --json``; seats
        0-based, moves worded in ``lang``). 409 the match is not over."""
        lang = frame_lang(lang)
        return status(await table_review(request, await table_of(request, table_id), start=False), lang)

    @router.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, request: Request, n: Annotated[int, Query()] = 0, seat: SeatQuery = None,
                           since: Annotated[int, Query(description="first move of the log to send")] = 0,
                           lang: LangQuery = "en") -> dict[str, Any]:
        """Position ``n`` (after ``n`` moves; 0 the deal) of the finished match from ``seat``'s view as the table
        showed it then, or with every card open, and the log of moves ``since … n-1`` in words for that reader.
        409 the match is not over, 422 ``n``, ``since`` or ``seat`` out of range."""
        lang = frame_lang(lang)
        replay = await coach.table_replay(await table_of(request, table_id))
        return await asyncio.to_thread(replay.position, n, replay.viewer(seat), lang, since)

    @router.post("/api/replays", status_code=201)
    async def upload_replay(body: UploadIn, request: Request) -> dict[str, Any]:
        """Keep a replay file for stepping through (in memory, for a while): ``{"id", "url", "game", "players",
        "total", "over"}``. 422 a file that does not replay (naming the line) or has no seed, 429 over the
        client's rate of creating tables (an upload counts as one)."""
        request.app.state.guard.hit("create", client(request))
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
        return await asyncio.to_thread(replay.position, n, replay.viewer(seat), lang, since)

    @router.post("/api/replays/{upload_id}/review", status_code=202)
    async def start_upload_review(upload_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """Start the review of an uploaded finished match (every seat, seed 0 as ``kartentisch review``)."""
        lang = frame_lang(lang)
        return status(await upload_review(request, upload_id, start=True), lang)

    @router.get("/api/replays/{upload_id}/review")
    async def get_upload_review(upload_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """The review of an uploaded replay, as ``GET /api/tables/{id}/review``."""
        lang = frame_lang(lang)
        return status(await upload_review(request, upload_id, start=False), lang)

    @router.get("/t/{table_id}/replay", include_in_schema=False)
    @router.get("/replay", include_in_schema=False)
    @router.get("/replay/{upload_id}", include_in_schema=False)
    async def replay_page() -> FileResponse:
        """The replay page of a finished table, of an uploaded file, or for uploading one (its script reads the
        address)."""
        return FileResponse(STATIC / "replay.html")

    return router
