"""The coach at the browser table (issue 23): its hints and its reviews of finished matches.

**Hints.** A table created with ``"hints": true`` (:func:`~kartentisch.web.creation.create`: by default
on where at most one seat is a person's) lets a seat ask ``GET /api/tables/{id}/hint`` with its bearer
token: the coach's win chance of each legal move (:func:`kartentisch.bots.coach.hint`, from that seat's
information set only, worded from its own view), best first. The search runs in the coach's own worker
processes within the server's per-decision limit (``search_seconds``), so the event loop never waits;
asking again at the same position, in any language, answers from the same search.

**Review.** After the match, ``POST …/review`` starts a background job that judges every decision of the
persons' seats (every seat at a table of bots only, or of an uploaded replay) with
:func:`~kartentisch.bots.coach.judge_decision`, one decision at a time in the coach's workers;
``GET …/review`` says ``{"state": "running", "done", "total"}`` until the result is there, worded in the asked
language.

**Several server processes** (issue 26): a review's progress is stored (``kt_reviews``, after each judged
decision) and uploaded replays too (``kt_uploads``), so a poll reaching any process answers, whichever process
works on the review; one whose worker stopped writing for :data:`REVIEW_STALE` seconds (its process died) is
resumed by the next ask, from the decisions judged so far (the review is seeded, so the rest comes out as it
would have). Stored rather than routed to one process: it works behind any balancer, survives the process, and
costs one small write per decision (about a second of search each). Hints are not stored: each is seeded from
the table's secret and the position, so any process gives the same one. The limits hold per process.

Its parts: the replays it reviews and shows (:mod:`~kartentisch.web.replays`), its limits and the queue of its
searches (:mod:`~kartentisch.web.coach_limits`), its HTTP routes (:mod:`~kartentisch.web.coach_routes`). It
reaches the hub through its public parts only (``workers``, ``store``, ``owner``, ``search_seconds``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from ..bots.coach import ROOT_VISITS, decision_words, default_iterations, hint_search, hint_words, judge_decision
from ..kernel import Game, GameState, KartentischError
from ..kernel.errors import first_line
from .coach_limits import (
    HINT,
    REVIEW_RETRY,
    REVIEWED,
    REVIEWS_BUSY,
    REVIEWS_OWN,
    TABLE_REVIEW,
    UPLOAD_REVIEW,
    CoachLimits,
    SearchQueue,
)
from .deps import plain_id
from .errors import ApiError
from .hub import Hub
from .limits import TooManyRequests
from .live import LiveTable
from .refusals import in_game_words
from .replays import ALL_SEATS, Reader, Replay, ReplayCache, replay_of, viewer_of
from .workers import COACH_POOL, bot_seed

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Hints kept per server (the newest; a position's hint is asked again after a reload or a language switch).
HINT_CACHE = 256
#: Reviews kept per server, running or done (the oldest done one is forgotten first).
REVIEW_CACHE = 32
#: Seconds after its worker's last write that a running review counts as abandoned (its process died), so the
#: next ask resumes it: longer than a decision waiting its turn behind the other reviews of that process.
REVIEW_STALE = 60.0
#: Share of the full search iterations a reviewed decision beyond the review's budget gets.
LOW_EFFORT = 0.1


@dataclass
class ReviewJob:
    """A review running or done (here, or in another process: then as the store has it): the decisions to judge
    (``todo``), those judged (without words), the failure if any.

    Its budget (issue 31): the first ``budget // iterations`` decisions in the match's order are judged with
    ``iterations`` searches, the rest at :data:`LOW_EFFORT` of them (at least ``ROOT_VISITS`` per move searched),
    so a long upload costs at most about ``budget`` searches plus a tenth for the rest.
    """

    replay: Replay
    seats: list[int]
    iterations: int
    seed: int
    todo: list[tuple[int, int, str]]
    budget: int
    owner: str = ""
    lane: int = 0
    judged: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    task: asyncio.Task[None] | None = None
    worded: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def full(self) -> int:
        """Decisions judged with the full ``iterations`` (the first ones of :attr:`todo`)."""
        return min(len(self.todo), self.budget // self.iterations)

    @property
    def low_iterations(self) -> int:
        """Searches of a decision beyond the budget."""
        return max(ROOT_VISITS, math.ceil(self.iterations * LOW_EFFORT))

    def effort(self, i: int) -> int:
        """Searches for decision ``i`` of :attr:`todo` (0-based)."""
        return self.iterations if i < self.full else self.low_iterations

    @property
    def done(self) -> bool:
        """Every decision judged."""
        return len(self.judged) == len(self.todo)

    @property
    def running(self) -> bool:
        """Its search runs in this process."""
        return self.task is not None and not self.task.done()

    def status(self, lang: str, reader: Reader = ALL_SEATS) -> dict[str, Any]:
        """``{"state": "running"|"done"|"failed", "done", "total"}``; once done also the review as
        :func:`~kartentisch.bots.coach.review_match` gives it (``game``, ``players``, ``seats``, ``iterations``,
        ``result``, ``decisions`` worded in ``lang`` for ``reader``: :meth:`decisions`) with ``full_effort``
        (decisions judged with ``iterations`` searches, the first ones) and ``low_iterations`` (the searches of the
        rest), and ``reader`` (its seat, 0-based; ``None`` a spectator; ``"all"``); failed: ``error``."""
        out: dict[str, Any] = {"state": "running", "done": len(self.judged), "total": len(self.todo)}
        if self.error is not None:
            return {**out, "state": "failed", "error": self.error}
        if not self.done:
            return out
        return {**out, "state": "done", "game": self.replay.match.game.id, "players": self.replay.match.players,
                "seats": self.seats, "iterations": self.iterations, "full_effort": self.full,
                "low_iterations": self.low_iterations,
                "result": self.replay.state_at(self.replay.total).returns() if self.replay.over else None,
                "reader": reader, "decisions": self.decisions(lang, reader)}

    def decisions(self, lang: str, reader: Reader) -> list[dict[str, Any]]:
        """The judged decisions worded in ``lang`` for ``reader`` (made once per both).

        Decision (fresh-user report, "fair play"): a review opens in the reader's own view. The reader's own
        decisions (every one for :data:`~kartentisch.web.replays.ALL_SEATS`, asked for explicitly) come in full
        (:func:`~kartentisch.bots.coach.decision_words`: the move, the better one). Another seat's decision comes
        as the table told it to the reader at play time: ``token`` its public form (hidden cards ``"?"``), ``text``
        the log's words for the reader (a pass, a face-down bet without its cards), without ``best`` and
        ``best_text`` (that seat's better move may name cards the reader never saw); its chances, loss and mark
        stay (numbers, no cards).
        """
        key = f"{lang}|{reader}"
        if key not in self.worded:
            states = self.replay.states_at(d["n"] - 1 for d in self.judged)
            self.worded[key] = [
                decision_words(state, d, self.replay.voice(lang, d["seat"])) if reader in (ALL_SEATS, d["seat"])
                else self._as_seen(state, d, viewer_of(reader), lang)
                for d, state in zip(self.judged, states, strict=True)]
        return self.worded[key]

    def _as_seen(self, state: GameState, decision: dict[str, Any], reader: int | None,
                 lang: str) -> dict[str, Any]:
        """``decision`` (another seat's, at ``state``) as ``reader`` saw it (:meth:`decisions`)."""
        seat, token = decision["seat"], decision["token"]
        after = state.clone()
        after.apply(seat, token)
        told = self.replay.told(decision["n"] - 1, state, after, reader, lang)[0]
        return {**{k: v for k, v in decision.items() if k != "best"},
                "token": state.public_token(seat, token, reader), "text": told.text}


@dataclass
class HintJob:
    """One position's hint (issue 31): the search (:func:`~kartentisch.bots.coach.hint_search`, without words),
    the position it words the moves from, and how many requests wait for it now (none left: it is dropped)."""

    state: GameState
    task: asyncio.Task[dict[str, Any]]
    askers: int = 0

    @property
    def failed(self) -> bool:
        """The search was dropped or failed: asking again searches anew."""
        return self.task.done() and (self.task.cancelled() or self.task.exception() is not None)


#: The coach's refusals in the players' words (``ApiError.said``); those naming the match in a game's own words
#: where its ``common`` part has ``coach_<key>`` (:func:`_refused`).
REFUSED = {
    "no_hints": {"en": "Hints are off at this table: its creator did not allow them.",
                 "de": "Tipps sind an diesem Tisch aus: Wer ihn angelegt hat, hat sie nicht erlaubt."},
    "not_started": {"en": "The match has not started: a seat is still free.",
                    "de": "Die Partie hat noch nicht begonnen: Ein Platz ist noch frei."},
    "hint_over": {"en": "The match is over: its review tells how each move did.",
                  "de": "Die Partie ist vorbei: Die Analyse zeigt, wie gut jeder Zug war."},
    "not_your_turn": {"en": "It is not your turn: a hint is for your own decision.",
                      "de": "Du bist nicht am Zug: Ein Tipp gilt deiner eigenen Entscheidung."},
    "not_over": {"en": "The review and the replay open once the match is over.",
                 "de": "Analyse und Nachspielen gibt es, sobald die Partie vorbei ist."},
}


def _refused(game: Game, key: str) -> dict[str, str]:
    """The coach's refusal ``key`` (:data:`REFUSED`) as ``game`` words it (:func:`.refusals.in_game_words`, its
    sentence ``coach_<key>``: chips says "Spiel" for the match, chips D1)."""
    return in_game_words(game, f"coach_{key}", REFUSED[key])


class Coach:
    """The coach's state in one server: hints being searched or found, reviews, replays kept in memory, and the
    queue of its searches (:class:`SearchQueue`).

    Args:
        iterations: search iterations per hint and per reviewed decision; ``None``: the coach's default per
            game (its ``search.coach_iterations``, about 1 s).
        limits: its limits (:class:`CoachLimits`; default: the defaults).
    """

    def __init__(self, iterations: int | None = None, limits: CoachLimits | None = None) -> None:
        self.iterations = iterations
        self.limits = limits or CoachLimits()
        self.queue = SearchQueue(self.limits.workers, self.limits.hint_queue)
        self.hints: OrderedDict[tuple[str, int, int], HintJob] = OrderedDict()
        self.reviews: OrderedDict[str, ReviewJob] = OrderedDict()
        self.replays = ReplayCache(self.limits.replay_bytes)

    # ------------------------------------------------------------------ workers
    async def in_worker(self, hub: Hub, fn: Callable[[], T], lane: int, owner: str) -> T:
        """``fn()`` in the hub's :data:`COACH_POOL` workers, in its turn (:class:`SearchQueue`).

        Raises:
            ApiError 503: the pool broke (the hub runs that kind in threads from then on, as its bots do).
        """
        try:
            return await self.queue.run(lambda: hub.workers.executor_for(COACH_POOL), fn, lane, owner)
        except BrokenExecutor:
            log.warning("worker processes for the coach failed; searches run in threads from now on")
            hub.workers.drop(COACH_POOL)
            raise ApiError(503, "the coach's worker process failed; ask again") from None

    async def close(self) -> None:
        """Cancel the hints being searched and the reviews running (the server shuts down)."""
        tasks = [*(h.task for h in self.hints.values()), *(j.task for j in self.reviews.values() if j.task)]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ hints
    async def hint(self, hub: Hub, table: LiveTable, seat: int, lang: str, owner: str = "") -> dict[str, Any]:
        """The coach's moves for ``seat`` now (:func:`kartentisch.bots.coach.hint` plus ``n``: the position), asked
        by the client ``owner``. The search runs once per position, whatever the language (issue 31: the words
        are applied to its result), and is dropped when every request waiting for it has left.

        Raises:
            ApiError 403: hints are off at this table; 409: not a decision of ``seat`` now (or the match has not
            started or is over); TooManyRequests 503: :attr:`CoachLimits.hint_queue` hints wait already.
        """
        if not table.record.hints:
            raise ApiError(403, "hints are off at this table: its creator did not allow them", said=REFUSED["no_hints"])
        names = table.names["en"]
        if table.waiting_for_seats:
            raise ApiError(409, "the match has not started: a seat is still free",
                           said=_refused(table.match.game, "not_started"))
        if table.state.game_over:
            raise ApiError(409, "the match is over; its review tells how each move did",
                           said=_refused(table.match.game, "hint_over"))
        if seat not in table.state.to_act():
            raise ApiError(409, f"{names[seat]} has no decision now; a hint is for one's own decision",
                           said=REFUSED["not_your_turn"])
        n = len(table.log)
        key = (table.id, seat, n)
        job = self.hints.get(key)
        if job is None or job.failed:
            self.queue.check_room(HINT)
            # both limits: the coach's budget, cut short by the server's per-decision limit on a busy machine
            budget = self.iterations if self.iterations is not None else default_iterations(table.record.game)
            state = table.state.clone()
            search = functools.partial(hint_search, state, seat, iterations=budget, time_budget_s=hub.search_seconds,
                                       seed=bot_seed(table.record.seed, seat, n))
            job = HintJob(state, asyncio.get_running_loop().create_task(self.in_worker(hub, search, HINT, owner)))
            self.hints[key] = job
            while len(self.hints) > HINT_CACHE:
                self.hints.popitem(last=False)
        self.hints.move_to_end(key)
        job.askers += 1
        try:
            found = await asyncio.shield(job.task)
        except KartentischError as exc:
            raise ApiError(409, first_line(exc)) from None
        finally:
            job.askers -= 1
            if not job.askers and not job.task.done():  # nobody waits for it any more
                job.task.cancel()
                if self.hints.get(key) is job:
                    del self.hints[key]
        return {"n": n, **hint_words(job.state, found, table.voice(seat, lang))}

    # ------------------------------------------------------------------ reviews
    async def review(self, hub: Hub, key: str, replay: Replay, seats: list[int], seed: int, start: bool,
                     owner: str = "") -> ReviewJob | None:
        """The review ``key`` of ``replay``'s ``seats`` as it stands, running here, in another process or done;
        ``None`` if nobody asked for it yet and ``start`` is false. With ``start`` a new or failed one starts
        here; without, only an abandoned one (:data:`REVIEW_STALE`) is resumed here. ``key`` starts with
        ``"table:"`` (a finished table: :data:`TABLE_REVIEW`) or ``"upload:"`` (:data:`UPLOAD_REVIEW`); ``owner``
        is the asking client.

        Raises:
            ApiError 409: the match is not over (``start``); TooManyRequests 503 (its ``text`` in every
            language): the lane's reviews (:attr:`CoachLimits.table_reviews` or
            :attr:`CoachLimits.upload_reviews`) run here already;
            TooManyRequests 429: ``owner`` has :attr:`CoachLimits.reviews_per_client` reviews of the lane running.
        """
        job = self.reviews.get(key)
        if job is not None and job.error is None and (job.done or job.running):
            self.reviews.move_to_end(key)
            return job
        if start and not replay.over:
            raise ApiError(409, "a review is made once the match is over",
                           said=_refused(replay.match.game, "not_over"))
        stored = await asyncio.to_thread(hub.store.review, key)
        if stored is None and not start:
            return None
        iterations = self.iterations if self.iterations is not None else default_iterations(replay.match.game.id)
        todo = await asyncio.to_thread(replay.todo, seats)
        lane = UPLOAD_REVIEW if key.startswith("upload:") else TABLE_REVIEW

        def made(judged: list[dict[str, Any]], error: str | None = None) -> ReviewJob:
            return ReviewJob(replay, seats, iterations, seed, todo, self.limits.review_budget, owner, lane,
                             judged=judged, error=error)

        if stored is not None:
            found = made(stored.judged, stored.error)
            fresh = stored.beat >= time.time() - REVIEW_STALE
            if found.done or (found.error is None and fresh) or (found.error is not None and not start):
                return found  # done, or worked on by another process, or failed and not asked again
        self._admit(lane, owner)
        judged = await asyncio.to_thread(hub.store.claim_review, key, hub.owner, time.time() - REVIEW_STALE)
        job = made(judged or [])
        if judged is None:
            return job  # another process took it up a moment ago: nothing judged yet
        job.task = asyncio.get_running_loop().create_task(self._review(hub, key, job))
        self.reviews[key] = job
        idle = [k for k, j in self.reviews.items() if not j.running]
        for old in idle[:max(0, len(self.reviews) - REVIEW_CACHE)]:
            del self.reviews[old]
        return job

    def _admit(self, lane: int, owner: str) -> None:
        """TooManyRequests unless one more review of ``lane`` for ``owner`` may run here (:meth:`review`). The
        reviews of finished tables have their own room, so uploads never take it from a person's own match."""
        running = [j for j in self.reviews.values() if j.running and j.lane == lane]
        room = self.limits.upload_reviews if lane == UPLOAD_REVIEW else self.limits.table_reviews
        if len(running) >= room:
            said = {each: text.format(running=room) for each, text in REVIEWS_BUSY.items()}
            raise TooManyRequests(said["en"], REVIEW_RETRY, 503, said=said)  # error: developers'; text: the reader's
        mine = sum(1 for j in running if j.owner == owner)
        if mine >= self.limits.reviews_per_client:
            said = {each: text.format(running=mine, what=REVIEWED[lane][each]) for each, text in REVIEWS_OWN.items()}
            raise TooManyRequests(said["en"], REVIEW_RETRY, said=said)

    async def _review(self, hub: Hub, key: str, job: ReviewJob) -> None:
        rest = job.todo[len(job.judged):]
        try:
            for (n, seat, token), state in zip(rest, job.replay.states_at(n - 1 for n, _, _ in rest), strict=True):
                judge = functools.partial(judge_decision, state, n, seat, token,
                                          iterations=job.effort(len(job.judged)), seed=job.seed)
                job.judged.append(await self.in_worker(hub, judge, job.lane, job.owner))
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
        """The finished ``table`` as a :class:`Replay` (made once per table while kept). Raises ApiError 409 while
        it runs."""
        if not table.state.game_over:
            raise ApiError(409, "a table's replay opens once its match is over",
                           said=_refused(table.match.game, "not_over"))
        replay = self.replays.get(f"table:{table.id}")
        if replay is None:
            by_bot = frozenset(n for n, entry in enumerate(table.log, start=1) if entry.bot is not None)
            replay = await asyncio.to_thread(Replay, table.match, table.names, by_bot, table.short_names)
            self.replays.put(f"table:{table.id}", replay)
        return replay

    async def upload(self, hub: Hub, text: str) -> tuple[str, Replay]:
        """Keep an uploaded replay file (in the store, for every process); returns its id and replay.

        Raises:
            ApiError 422: it does not read or replay (naming the line), or it has no seed (then it cannot replay).
        """
        replay = await asyncio.to_thread(replay_of, text)
        upload_id = secrets.token_urlsafe(9)
        await asyncio.to_thread(hub.store.add_upload, upload_id, text)
        self.replays.put(f"upload:{upload_id}", replay)
        return upload_id, replay

    async def uploaded(self, hub: Hub, upload_id: str) -> Replay:
        """The uploaded replay ``upload_id`` (read from the store if this process does not hold it); ApiError 404
        if it is not kept (any more)."""
        key = f"upload:{plain_id(upload_id, 'a replay id')}"
        replay = self.replays.get(key)
        if replay is None:
            text = await asyncio.to_thread(hub.store.upload_text, upload_id)
            if text is None:
                raise ApiError(404, f"no uploaded replay {upload_id[:40]!r} on this server (uploads are kept for a "
                                    "while only: upload the file again)")
            replay = await asyncio.to_thread(replay_of, text)
            self.replays.put(key, replay)
        return replay
