"""The coach's fair use (issue 31): its limits in one server process and the queue of its searches.

The coach searches in its own pool (:data:`~kartentisch.web.workers.COACH_POOL`, at a lower CPU priority than the
bots: a person's bot never waits for a hint or a review), one search per worker, the rest waiting in a
:class:`SearchQueue`: hints first, then the reviews of finished tables, then those of uploads, the clients taking
turns within each. At most :attr:`CoachLimits.hint_queue` hints wait (then 503 with ``Retry-After``); a hint nobody
waits for any more (its request cancelled, its client gone) leaves the queue. A review judges at most
:attr:`CoachLimits.review_budget` searches at full effort; uploads' reviews have their own room and a per-client
quota (the refusals :data:`REVIEWS_BUSY` and :data:`REVIEWS_OWN`, worded in the request's ``lang``). The rates of
hints, replay steps and uploads per client are :class:`~kartentisch.web.limits.Limits`.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TypeVar

from .limits import TooManyRequests

T = TypeVar("T")

#: The lanes of :class:`SearchQueue`, first served first.
HINT, TABLE_REVIEW, UPLOAD_REVIEW = 0, 1, 2
LANES = 3
#: Seconds a client is asked to wait when the coach's queue of hints is full, and when its reviews are.
BUSY_RETRY = 5
REVIEW_RETRY = 60
COACH_BUSY = {"en": "the coach is busy: {waiting} hints are waiting already; ask again in a moment",
              "de": "der Coach ist beschäftigt: {waiting} Tipps warten schon; frag gleich noch einmal"}
REVIEWS_BUSY = {"en": "the coach is reviewing {running} matches already; ask again in a while",
                "de": "der Coach analysiert schon {running} Partien; versuch es später noch einmal"}
REVIEWS_OWN = {"en": "this client has as many {what} under review as it may ({running}); wait until one is done",
               "de": "von diesem Gerät werden schon so viele {what} analysiert, wie es darf ({running}); warte, bis "
                     "eine fertig ist"}
#: What :data:`REVIEWS_OWN` counts, per lane.
REVIEWED = {TABLE_REVIEW: {"en": "finished tables", "de": "beendete Partien"},
            UPLOAD_REVIEW: {"en": "uploaded matches", "de": "hochgeladene Partien"}}


@dataclass(frozen=True)
class CoachLimits:
    """The coach's limits in one server process (issue 31); the options of ``kartentisch serve`` give them (README,
    "Reliability and limits"). The rates of hints, replays and uploads are :class:`~kartentisch.web.limits.Limits`.

    Attributes:
        workers: the coach's worker processes (:data:`~kartentisch.web.workers.COACH_POOL`): searches at once,
            hints and reviews together.
        hint_queue: hints waiting for a worker at once; one more is refused with 503 and ``Retry-After``.
        review_budget: search iterations of one review at full effort (decisions × iterations); the decisions
            beyond it are judged at :data:`~kartentisch.web.coach.LOW_EFFORT`
            (:class:`~kartentisch.web.coach.ReviewJob`).
        table_reviews: reviews of finished tables running here at once (one more: 503); uploads never take
            their room, so a person's review of their own match is not refused because of uploads.
        upload_reviews: reviews of uploaded replays running here at once (one more: 503).
        reviews_per_client: reviews one client has running here at once, of finished tables and of uploads each
            (one more: 429).
        replay_bytes: replays kept in memory (uploads and finished tables), by
            :attr:`~kartentisch.web.replays.Replay.nbytes`.

    Raises:
        ValueError: a value below 1.
    """

    workers: int = 1
    hint_queue: int = 16
    review_budget: int = 100_000
    table_reviews: int = 8
    upload_reviews: int = 4
    reviews_per_client: int = 1
    replay_bytes: int = 64 * 2**20

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value < 1:
                raise ValueError(f"the coach's {name} must be at least 1, got {value}")


class SearchQueue:
    """The coach's searches waiting for its worker processes (issue 31): ``workers`` run at once, the rest wait
    in lanes, hints (:data:`HINT`) before the reviews of finished tables (:data:`TABLE_REVIEW`) before those of
    uploads (:data:`UPLOAD_REVIEW`); within a lane the clients take turns (one search of each in turn), so no
    client's pile of requests holds up another's. A search is handed to the pool only when a worker is free, so
    nothing waits inside the pool, and a waiting search whose asker leaves is dropped. The coach's pool is its
    own (:data:`~kartentisch.web.workers.COACH_POOL`, at a lower CPU priority): a person's bot never waits for a
    hint or a review.

    Args:
        workers: searches at once (the pool's processes, ≥ 1).
        hint_room: hints waiting at once (≥ 1); one more is refused.

    Raises:
        ValueError: a count below 1.
    """

    def __init__(self, workers: int, hint_room: int) -> None:
        if workers < 1 or hint_room < 1:
            raise ValueError(f"the coach needs at least 1 worker and room for 1 hint, got {workers} and {hint_room}")
        self.free = workers
        self.hint_room = hint_room
        self.lanes: list[OrderedDict[str, deque[asyncio.Future[None]]]] = [OrderedDict() for _ in range(LANES)]

    def waiting(self, lane: int) -> int:
        """Searches waiting in ``lane``."""
        return sum(len(waiters) for waiters in self.lanes[lane].values())

    def check_room(self, lane: int) -> None:
        """TooManyRequests 503 (its ``text`` in every language, :data:`COACH_BUSY`) if ``lane`` is :data:`HINT`
        and :attr:`hint_room` hints wait."""
        if lane == HINT and self.waiting(HINT) >= self.hint_room:
            said = {each: text.format(waiting=self.hint_room) for each, text in COACH_BUSY.items()}
            raise TooManyRequests(said["en"], BUSY_RETRY, 503, said=said)  # error: developers'; text: the reader's

    async def run(self, executor: Callable[[], Executor], fn: Callable[[], T], lane: int, owner: str) -> T:
        """``fn()`` in ``executor()`` once a worker is free and its turn has come (``owner``: the asking client).
        Cancelled while waiting, it leaves the queue; cancelled while running, its worker stays taken until the
        search ends (a process cannot be interrupted), then goes to the next in turn."""
        await self._take(lane, owner)
        loop = asyncio.get_running_loop()
        try:
            job = executor().submit(fn)
        except BaseException:
            self._release()
            raise
        job.add_done_callback(lambda _job: _call_soon(loop, self._release))
        return await asyncio.wrap_future(job)

    async def _take(self, lane: int, owner: str) -> None:
        if self.free and not any(self.lanes):
            self.free -= 1
            return
        turn = asyncio.get_running_loop().create_future()
        waiters = self.lanes[lane].setdefault(owner, deque())
        waiters.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # given a worker just now: hand it on
            elif turn in waiters:
                waiters.remove(turn)
                if not waiters and self.lanes[lane].get(owner) is waiters:
                    del self.lanes[lane][owner]
            raise

    def _release(self) -> None:
        """A worker is free: give it to the next in turn."""
        self.free += 1
        while self.free:
            lane = next((lane for lane in self.lanes if lane), None)
            if lane is None:
                return
            owner, waiters = next(iter(lane.items()))
            turn = waiters.popleft()
            if waiters:
                lane.move_to_end(owner)  # the next client of the lane goes first
            else:
                del lane[owner]
            if not turn.cancelled():  # its asker left a moment ago
                self.free -= 1
                turn.set_result(None)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[[], None]) -> None:
    """``fn()`` in ``loop`` from any thread; nothing if the loop is closed (the server ended)."""
    try:
        loop.call_soon_threadsafe(fn)
    except RuntimeError:
        pass
