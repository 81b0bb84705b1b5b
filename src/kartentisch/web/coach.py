"""The coach at the browser table (issue 23): hints, the review of a finished match, and replays.

**Hints.** A table created with ``"hints": true`` (:func:`~kartentisch.web.creation.create`: by default
on where at most one seat is a person's) lets a seat ask ``GET /api/tables/{id}/hint`` with its bearer
token: the coach's win chance of each legal move (:func:`kartentisch.bots.coach.hint`, from that seat's
information set only, worded from its own view), best first. The search runs in the coach's own worker
processes within the server's per-decision limit (``search_seconds``), so the event loop never waits;
asking again at the same position, in any language, answers from the same search.

**Fair use** (issue 31): the coach searches in its own pool (:data:`COACH_POOL`, at a lower CPU priority than
the bots: a person's bot never waits for a hint or a review), one search per worker, the rest waiting in a
:class:`SearchQueue`: hints first, then the reviews of finished tables, then those of uploads, the clients
taking turns within each. Hints are limited per client and per seat (429 with ``Retry-After``), at most
:attr:`CoachLimits.hint_queue` wait (then 503 with ``Retry-After``), and a hint nobody waits for any more (its
request cancelled, its client gone) leaves the queue. A review judges at most :attr:`CoachLimits.review_budget`
searches at full effort and the rest at :data:`LOW_EFFORT`; uploads' reviews have their own room and a
per-client quota. A replay position costs at most :data:`CHECKPOINT_MOVES` moves replayed plus the moves of log
asked for, replays are kept up to :attr:`CoachLimits.replay_bytes`, and replay steps and uploads are counted per
client (:class:`~kartentisch.web.limits.Limits`). Refusals are worded in the request's ``lang``.

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
import math
import pickle
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from concurrent.futures import BrokenExecutor, Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError

from ..bots.coach import (
    ROOT_VISITS,
    decision_words,
    default_iterations,
    hint_search,
    hint_words,
    judge_decision,
    review_todo,
)
from ..kernel import GameState, KartentischError, Match, Voice
from ..kernel.errors import first_line
from ..kernel.summary import score_now
from ..kernel.words import narrate
from .card_names import CardNames
from .deps import bearer, client, hub_of, plain_id
from .errors import ApiError, frame_lang
from .frame_items import log_items
from .frames import LANG_HELP, LogEntryOut, MoveEntry
from .hub import Hub
from .limits import REPLAY_STEP_MOVES, TooManyRequests
from .live import LiveTable
from .workers import COACH_POOL, bot_seed

STATIC = Path(__file__).parent / "static"
log = logging.getLogger(__name__)
T = TypeVar("T")

#: Hints kept per server (the newest; a position's hint is asked again after a reload or a language switch).
HINT_CACHE = 256
#: Reviews kept per server, running or done (the oldest done one is forgotten first).
REVIEW_CACHE = 32
#: Seconds after its worker's last write that a running review counts as abandoned (its process died), so the
#: next ask resumes it: longer than a decision waiting its turn behind the other reviews of that process.
REVIEW_STALE = 60.0
#: Moves between two kept positions of a :class:`Replay`.
CHECKPOINT_MOVES = 32
#: Share of the full search iterations a reviewed decision beyond the review's budget gets.
LOW_EFFORT = 0.1
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
#: Status of the answer to a request whose client left before it was ready (nginx's "client closed request").
CLIENT_GONE = 499
#: Longest replay file accepted by ``POST /api/replays`` (characters; the app's body limit is 64 KB).
MAX_REPLAY = 60_000
#: ``seat`` value of a replay with every card open.
ALL_SEATS = "all"
#: The seat number :func:`~kartentisch.web.workers.bot_seed` is asked with for a table's review seed (no seat's).
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
    """A match to step through: its seats' names per language (``()``: "Seat n"), whether it is over (then every
    card may be shown), and its positions as checkpoints (issue 31): the position after every
    :data:`CHECKPOINT_MOVES` moves is kept, any other one is replayed from the checkpoint before it, so a position
    costs at most ``CHECKPOINT_MOVES - 1`` state applications plus one per move of log asked for, and a replay
    holds ``total / CHECKPOINT_MOVES`` positions instead of all of them.

    Attributes:
        applied: moves applied to a position since the replay was made (its work, which the tests count).
        nbytes: its size for :class:`ReplayCache`: the pickled size of its checkpoints and history.
    """

    match: Match
    names: dict[str, tuple[str, ...]]
    checkpoints: list[GameState] = field(init=False)
    over: bool = field(init=False)
    cards: CardNames = field(init=False)
    applied: int = field(init=False, default=0)
    nbytes: int = field(init=False)
    _todo: dict[tuple[int, ...], list[tuple[int, int, str]]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.checkpoints = []
        for n, state in enumerate(self.match.states()):
            if n % CHECKPOINT_MOVES == 0:
                self.checkpoints.append(state)
        self.over = state.game_over
        first = self.checkpoints[0]
        self.cards = CardNames(first.game, frozenset(first.game.deck(first.players, first.options)))
        self.nbytes = len(pickle.dumps((self.checkpoints, self.match.history), pickle.HIGHEST_PROTOCOL))

    @property
    def total(self) -> int:
        """Moves in the match (positions ``0 … total``)."""
        return len(self.match.history)

    def state_at(self, n: int) -> GameState:
        """Position ``n`` (after ``n`` moves; ``0 ≤ n ≤ total``), a state of its own: the checkpoint before it
        plus at most ``CHECKPOINT_MOVES - 1`` moves."""
        state = self.checkpoints[n // CHECKPOINT_MOVES].clone()
        self._advance(state, n - n % CHECKPOINT_MOVES, n)
        return state

    def _advance(self, state: GameState, start: int, end: int) -> None:
        """Apply moves ``start … end-1`` of the history to ``state`` (at position ``start``)."""
        for seat, token in self.match.history[start:end]:
            state.apply(seat, token)
        self.applied += end - start

    def states_at(self, ns: Iterable[int]) -> Iterator[GameState]:
        """The positions ``ns`` (ascending), each a state of its own, walking forward from one to the next when
        that is shorter than starting from its checkpoint."""
        state: GameState | None = None
        at = 0
        for n in ns:
            if state is None or not at <= n < at + CHECKPOINT_MOVES:
                state = self.state_at(n)
            else:
                self._advance(state, at, n)
            at = n
            yield state.clone()

    def todo(self, seats: list[int]) -> list[tuple[int, int, str]]:
        """The decisions of ``seats`` a review judges (:func:`~kartentisch.bots.coach.review_todo`), found once per
        seats: every poll of a review asks for them."""
        key = tuple(seats)
        if key not in self._todo:
            self._todo[key] = review_todo(self.match, seats, self.match.states())
        return self._todo[key]

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

    def told(self, i: int, before: GameState, after: GameState, viewer: int | None, lang: str,
             opened: tuple[dict[str, Any], dict[str, Any]] | None = None) -> list[LogEntryOut]:
        """The log entries of move ``i`` (from ``before`` to ``after``) as the table told it to ``viewer`` (its
        frames' log entries); with ``viewer`` ``None`` the move in full (the cards of every hand open: ``opened``,
        the :func:`open_view` of ``before`` and ``after`` if the caller has them) followed by its round's end."""
        seat, token = self.match.history[i]
        items = log_items(seat, narrate(before, seat, token, after, self.voice(lang, viewer)), self.cards, lang)
        if viewer is None:
            shown, then = opened or (open_view(before), open_view(after))
            items[0] = MoveEntry(seat, token, self.match.game.describe_move(seat, token, shown, then,
                                                                            self.voice(lang, None)),
                                 self.cards.of_token(token, lang))
        return items

    def position(self, n: int, viewer: int | None, lang: str, since: int) -> dict[str, Any]:
        """Position ``n`` as ``viewer`` saw it (``None``: every card open), with the log of moves ``since … n-1``:
        at most ``CHECKPOINT_MOVES - 1 + (n - since)`` moves applied.

        Returns:
            ``{"type": "replay", "game", "lang", "players", "n", "total", "over", "seat", "open", "seats",
            "view", "card_names", "phase_text", "lower_wins", "score_now", "legal", "choices", "page_facts", "log",
            "log_start", "only_seen"}``: ``seat`` 0-based as in frames (``None`` with every card open), ``seats``
            ``[{"seat", "name"}]``, ``card_names``, ``score_now`` and ``page_facts`` as a frame's, ``legal`` and
            ``choices`` empty (nobody moves in a replay), ``only_seen`` per seat the cards only it saw (every card
            open only, else ``None``).
        Raises:
            ApiError 422: ``n`` or ``since`` out of ``0 … total``.
        """
        if not 0 <= n <= self.total:
            raise ApiError(422, f"n is a position from 0 (the deal) to {self.total} (the last move), not {n}")
        if not 0 <= since <= self.total:
            raise ApiError(422, f"since is a move number from 0 to {self.total}, not {since}")
        start = min(since, n)
        state = self.state_at(start)
        log: list[LogEntryOut] = []
        shown = open_view(state) if viewer is None else None  # each open view serves two moves (and the last)
        for i in range(start, n):
            before = state.clone()
            self._advance(state, i, i + 1)
            then = open_view(state) if viewer is None else None
            log += self.told(i, before, state, viewer, lang, (shown, then) if shown and then else None)
            shown = then
        view = state.view(viewer) if shown is None else shown
        game = self.match.game
        voice = self.voice(lang, viewer)
        return {
            "type": "replay", "game": game.id, "lang": lang, "players": self.match.players, "n": n,
            "total": self.total, "over": self.over, "seat": viewer, "open": viewer is None,
            "seats": [{"seat": s, "name": voice.name(s)} for s in range(self.match.players)],
            "view": view, "card_names": self.cards.of_view(view, lang),
            "phase_text": game.phase_name(view["phase"], lang), "lower_wins": game.score_sign < 0,
            "score_now": score_now(game, view), "legal": [], "choices": [], "page_facts": game.page_facts(view, viewer),
            "log": log, "log_start": start,
            "only_seen": [only_seen(state, s) for s in range(self.match.players)] if viewer is None else None,
        }


class ReplayCache:
    """Replays kept in memory (uploads, finished tables), least recently used first out once their
    :attr:`Replay.nbytes` add up to more than ``max_bytes`` (the newest one is always kept).

    Raises:
        ValueError: ``max_bytes`` below 1.
    """

    def __init__(self, max_bytes: int) -> None:
        if max_bytes < 1:
            raise ValueError(f"the replay cache needs at least 1 byte, got {max_bytes}")
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[str, Replay] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> Replay | None:
        """The replay kept as ``key`` (now the most recently used), or ``None``."""
        replay = self._items.get(key)
        if replay is not None:
            self._items.move_to_end(key)
        return replay

    def put(self, key: str, replay: Replay) -> None:
        """Keep ``replay`` as ``key``, forgetting the least recently used ones over :attr:`max_bytes`."""
        old = self._items.pop(key, None)
        self.bytes += replay.nbytes - (old.nbytes if old is not None else 0)
        self._items[key] = replay
        while self.bytes > self.max_bytes and len(self._items) > 1:
            self.bytes -= self._items.popitem(last=False)[1].nbytes


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

    def status(self, lang: str) -> dict[str, Any]:
        """``{"state": "running"|"done"|"failed", "done", "total"}``; once done also the review as
        :func:`~kartentisch.bots.coach.review_match` gives it (``game``, ``players``, ``seats``, ``iterations``,
        ``result``, ``decisions`` worded in ``lang``) with ``full_effort`` (decisions judged with ``iterations``
        searches, the first ones) and ``low_iterations`` (the searches of the rest), failed: ``error``."""
        out: dict[str, Any] = {"state": "running", "done": len(self.judged), "total": len(self.todo)}
        if self.error is not None:
            return {**out, "state": "failed", "error": self.error}
        if not self.done:
            return out
        if lang not in self.worded:
            states = self.replay.states_at(d["n"] - 1 for d in self.judged)
            self.worded[lang] = [decision_words(state, d, self.replay.voice(lang, d["seat"]))
                                 for d, state in zip(self.judged, states, strict=True)]
        return {**out, "state": "done", "game": self.replay.match.game.id, "players": self.replay.match.players,
                "seats": self.seats, "iterations": self.iterations, "full_effort": self.full,
                "low_iterations": self.low_iterations,
                "result": self.replay.state_at(self.replay.total).returns() if self.replay.over else None,
                "decisions": self.worded[lang]}


class SearchQueue:
    """The coach's searches waiting for its worker processes (issue 31): ``workers`` run at once, the rest wait
    in lanes, hints (:data:`HINT`) before the reviews of finished tables (:data:`TABLE_REVIEW`) before those of
    uploads (:data:`UPLOAD_REVIEW`); within a lane the clients take turns (one search of each in turn), so no
    client's pile of requests holds up another's. A search is handed to the pool only when a worker is free, so
    nothing waits inside the pool, and a waiting search whose asker leaves is dropped. The coach's pool is its
    own (:data:`COACH_POOL`, at a lower CPU priority): a person's bot never waits for a hint or a review.

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

    def check_room(self, lane: int, lang: str) -> None:
        """TooManyRequests 503 (worded in ``lang``) if ``lane`` is :data:`HINT` and :attr:`hint_room` hints wait."""
        if lane == HINT and self.waiting(HINT) >= self.hint_room:
            raise TooManyRequests(COACH_BUSY[lang].format(waiting=self.hint_room), BUSY_RETRY, 503)

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


class UploadIn(BaseModel):
    """A replay file's text (JSON lines: the header, then one ``{"seat", "token"}`` per move)."""

    text: str = Field(max_length=MAX_REPLAY, description="the file as `kartentisch play` saves it")


#: The coach's refusals in the players' words (``ApiError.said``).
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


@dataclass(frozen=True)
class CoachLimits:
    """The coach's limits in one server process (issue 31); the options of ``kartentisch serve`` give them (README,
    "Reliability and limits"). The rates of hints, replays and uploads are :class:`~kartentisch.web.limits.Limits`.

    Attributes:
        workers: the coach's worker processes (:data:`COACH_POOL`): searches at once, hints and reviews together.
        hint_queue: hints waiting for a worker at once; one more is refused with 503 and ``Retry-After``.
        review_budget: search iterations of one review at full effort (decisions × iterations); the decisions
            beyond it are judged at :data:`LOW_EFFORT` (:class:`ReviewJob`).
        table_reviews: reviews of finished tables running here at once (one more: 503); uploads never take
            their room, so a person's review of their own match is not refused because of uploads.
        upload_reviews: reviews of uploaded replays running here at once (one more: 503).
        reviews_per_client: reviews one client has running here at once, of finished tables and of uploads each
            (one more: 429).
        replay_bytes: replays kept in memory (uploads and finished tables), by :attr:`Replay.nbytes`.

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
            raise ApiError(409, "the match has not started: a seat is still free", said=REFUSED["not_started"])
        if table.state.game_over:
            raise ApiError(409, "the match is over; its review tells how each move did", said=REFUSED["hint_over"])
        if seat not in table.state.to_act():
            raise ApiError(409, f"{names[seat]} has no decision now; a hint is for one's own decision",
                           said=REFUSED["not_your_turn"])
        n = len(table.log)
        key = (table.id, seat, n)
        job = self.hints.get(key)
        if job is None or job.failed:
            self.queue.check_room(HINT, lang)
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
        return {"n": n, **hint_words(job.state, found, Voice(lang, seat, table.names[lang]))}

    # ------------------------------------------------------------------ reviews
    async def review(self, hub: Hub, key: str, replay: Replay, seats: list[int], seed: int, start: bool,
                     owner: str = "", lang: str = "en") -> ReviewJob | None:
        """The review ``key`` of ``replay``'s ``seats`` as it stands, running here, in another process or done;
        ``None`` if nobody asked for it yet and ``start`` is false. With ``start`` a new or failed one starts
        here; without, only an abandoned one (:data:`REVIEW_STALE`) is resumed here. ``key`` starts with
        ``"table:"`` (a finished table: :data:`TABLE_REVIEW`) or ``"upload:"`` (:data:`UPLOAD_REVIEW`); ``owner``
        is the asking client.

        Raises:
            ApiError 409: the match is not over (``start``); TooManyRequests 503 (worded in ``lang``): the lane's
            reviews (:attr:`CoachLimits.table_reviews` or :attr:`CoachLimits.upload_reviews`) run here already;
            TooManyRequests 429: ``owner`` has :attr:`CoachLimits.reviews_per_client` reviews of the lane running.
        """
        job = self.reviews.get(key)
        if job is not None and job.error is None and (job.done or job.running):
            self.reviews.move_to_end(key)
            return job
        if start and not replay.over:
            raise ApiError(409, "a review is made once the match is over", said=REFUSED["not_over"])
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
        self._admit(lane, owner, lang)
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

    def _admit(self, lane: int, owner: str, lang: str) -> None:
        """TooManyRequests unless one more review of ``lane`` for ``owner`` may run here (:meth:`review`). The
        reviews of finished tables have their own room, so uploads never take it from a person's own match."""
        running = [j for j in self.reviews.values() if j.running and j.lane == lane]
        room = self.limits.upload_reviews if lane == UPLOAD_REVIEW else self.limits.table_reviews
        if len(running) >= room:
            raise TooManyRequests(REVIEWS_BUSY[lang].format(running=room), REVIEW_RETRY, 503)
        mine = sum(1 for j in running if j.owner == owner)
        if mine >= self.limits.reviews_per_client:
            raise TooManyRequests(REVIEWS_OWN[lang].format(running=mine, what=REVIEWED[lane][lang]), REVIEW_RETRY)

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
            raise ApiError(409, "a table's replay opens once its match is over", said=REFUSED["not_over"])
        replay = self.replays.get(f"table:{table.id}")
        if replay is None:
            replay = await asyncio.to_thread(Replay, table.match, table.names)
            self.replays.put(f"table:{table.id}", replay)
        return replay

    async def upload(self, hub: Hub, text: str) -> tuple[str, Replay]:
        """Keep an uploaded replay file (in the store, for every process); returns its id and replay.

        Raises:
            ApiError 422: it does not read or replay (naming the line), or it has no seed (then it cannot replay).
        """
        replay = await asyncio.to_thread(_replay_of, text)
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
            replay = await asyncio.to_thread(_replay_of, text)
            self.replays.put(key, replay)
        return replay


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

    async def table_review(request: Request, table: LiveTable, start: bool, lang: str) -> ReviewJob | None:
        replay = await coach.table_replay(table)
        people = [s.seat for s in table.record.seats if s.kind == "human"] or list(range(table.record.players))
        seed = bot_seed(table.record.seed, REVIEW_SEED_SEAT, 0)  # from the table's secret, as its bots' seeds
        return await coach.review(hub_of(request), f"table:{table.id}", replay, people, seed, start,
                                  client(request), lang)

    async def upload_review(request: Request, upload_id: str, start: bool, lang: str) -> ReviewJob | None:
        replay = await coach.uploaded(hub_of(request), upload_id)
        return await coach.review(hub_of(request), f"upload:{upload_id}", replay, list(range(replay.match.players)),
                                  0, start, client(request), lang)

    def status(job: ReviewJob | None, lang: str) -> dict[str, Any]:
        return {"state": "none"} if job is None else job.status(lang)

    @router.post("/api/tables/{table_id}/review", status_code=202)
    async def start_table_review(table_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """Start the review of the finished match (the persons' seats; every seat without a person) unless it
        runs or is done; answers as ``GET …/review``. 409 the match is not over, 503 the coach reviews as many
        finished tables as it may at once (``Retry-After``; uploads never take their room)."""
        lang = frame_lang(lang)
        return status(await table_review(request, await table_of(request, table_id), True, lang), lang)

    @router.get("/api/tables/{table_id}/review")
    async def get_table_review(table_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """The review: ``{"state": "none"}`` before ``POST …/review``, ``{"state": "running", "done", "total"}``
        while it runs, then ``{"state": "done", …, "decisions": [{"n", "seat", "token", "text", "win_chosen",
        "best", "best_text", "win_best", "loss", "mark", …}]}`` (as ``kartentisch review --json``; seats
        0-based, moves worded in ``lang``; ``full_effort`` decisions judged with ``iterations`` searches, the rest
        with ``low_iterations``). 409 the match is not over."""
        lang = frame_lang(lang)
        return status(await table_review(request, await table_of(request, table_id), False, lang), lang)

    def count_step(request: Request, n: int, since: int, lang: str) -> None:
        """Count a replay step (before its replay is made or read: that costs too)."""
        count(request, "replay", lang, cost=1 + max(0, n - since) // REPLAY_STEP_MOVES)

    async def step(replay: Replay, n: int, seat: str | None, since: int, lang: str) -> dict[str, Any]:
        return await asyncio.to_thread(replay.position, n, replay.viewer(seat), lang, since)

    @router.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, request: Request, n: Annotated[int, Query()] = 0, seat: SeatQuery = None,
                           since: Annotated[int, Query(description="first move of the log to send")] = 0,
                           lang: LangQuery = "en") -> dict[str, Any]:
        """Position ``n`` (after ``n`` moves; 0 the deal) of the finished match from ``seat``'s view as the table
        showed it then, or with every card open, and the log of moves ``since … n-1`` in words for that reader.
        409 the match is not over, 422 ``n``, ``since`` or ``seat`` out of range, 429 over the client's rate of
        replay steps (a request counts one step plus one per 20 moves of log)."""
        lang = frame_lang(lang)
        count_step(request, n, since, lang)
        replay = await coach.table_replay(await table_of(request, table_id))
        return await step(replay, n, seat, since, lang)

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
        count_step(request, n, since, lang)
        replay = await coach.uploaded(hub_of(request), upload_id)
        return await step(replay, n, seat, since, lang)

    @router.post("/api/replays/{upload_id}/review", status_code=202)
    async def start_upload_review(upload_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """Start the review of an uploaded finished match (every seat, seed 0 as ``kartentisch review``). 429 this
        client has as many uploads under review as it may, 503 the coach reviews as many uploads as it may (both
        with ``Retry-After``)."""
        lang = frame_lang(lang)
        return status(await upload_review(request, upload_id, True, lang), lang)

    @router.get("/api/replays/{upload_id}/review")
    async def get_upload_review(upload_id: str, request: Request, lang: LangQuery = "en") -> dict[str, Any]:
        """The review of an uploaded replay, as ``GET /api/tables/{id}/review``."""
        lang = frame_lang(lang)
        return status(await upload_review(request, upload_id, False, lang), lang)

    @router.get("/t/{table_id}/replay", include_in_schema=False)
    @router.get("/replay", include_in_schema=False)
    @router.get("/replay/{upload_id}", include_in_schema=False)
    async def replay_page() -> FileResponse:
        """The replay page of a finished table, of an uploaded file, or for uploading one (its script reads the
        address)."""
        return FileResponse(STATIC / "replay.html")

    return router
