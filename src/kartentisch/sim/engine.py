"""The one engine behind ``simulate`` and ``tournament``: play bot matches, in parallel if asked.

Each match is a pure function of its :class:`MatchJob` (game, players, options, seed, bot per
seat): seeds for the match generator and each bot derive from the job seed, so results are
identical whatever the number of workers or the backend.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from itertools import combinations, islice
from typing import Any

from ..bots import make_bot
from ..games import get_game
from .records import RoundRecord, round_facts

#: A match longer than this many decisions is reported as not ended (a rules bug, not a result).
MAX_DECISIONS = 200_000


def derive_seed(base: int, *path: object) -> int:
    """A 63-bit seed derived deterministically from ``base`` and a path (match index, seat …)."""
    return random.Random(":".join(map(str, (base, *path)))).getrandbits(63)


@dataclass(frozen=True)
class MatchJob:
    """One match to play: ``bots[s]`` is the bot spec at seat ``s``."""

    game: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class MatchResult:
    """What one match produced: winners, per-seat totals and returns (win share), counts, and a
    :class:`~.records.RoundRecord` per scored round."""

    job: MatchJob
    ended: bool
    winners: list[int]
    totals: list[int]
    returns: list[float]
    rounds: int
    decisions: int
    records: list[RoundRecord] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """JSON-able form."""
        return asdict(self)


def play_match(job: MatchJob) -> MatchResult:
    """Play ``job`` to its end with its bots (no I/O), recording every scored round (:mod:`.records`)."""
    game = get_game(job.game)
    state = game.new_state(job.players, job.options, derive_seed(job.seed, "match"))
    bots = [make_bot(spec, game, derive_seed(job.seed, "bot", s)) for s, spec in enumerate(job.bots)]
    decisions = started = 0
    scored = len(state.scores)
    seat_decisions = [0] * job.players
    first: int | None = None  # the round's first decision in phase play
    opening: int | None = None  # the round's first decision but the deal
    dealer = state.dealer  # the round's dealer, read at its opening (a game may name the next one at scoring)
    records: list[RoundRecord] = []
    while not state.game_over and decisions < MAX_DECISIONS:
        seat = state.to_act()[0]
        phase = state.phase
        if first is None and phase == "play":
            first = seat
        if opening is None and phase != "round_over":
            opening, dealer = seat, state.dealer
        state.apply(seat, bots[seat].choose(state, seat))
        decisions += 1
        seat_decisions[seat] += 1
        if len(state.scores) > scored:
            scored = len(state.scores)
            ended, events = round_facts(game, state.to_doc())
            records.append(RoundRecord(scored, dealer, first if first is not None else opening,
                                       decisions - started, seat_decisions, list(state.scores[-1]), ended, events))
            started, seat_decisions, first, opening = decisions, [0] * job.players, None, None
    return MatchResult(job, state.game_over, list(state.winners), list(state.totals), state.returns(),
                       len(state.scores), decisions, records)


def play_chunk(jobs: Sequence[MatchJob]) -> list[MatchResult]:
    """Play several jobs in order (one worker task of a process pool or of the Ray backend)."""
    return [play_match(j) for j in jobs]


def chunked(jobs: Iterable[MatchJob], size: int) -> Iterator[list[MatchJob]]:
    """``jobs`` (order kept, read lazily) in lists of ``size``."""
    it = iter(jobs)
    while part := list(islice(it, size)):
        yield part


def chunk_size(matches: int, workers: int, per_worker: int = 8) -> int:
    """Matches per worker task: about ``workers * per_worker`` tasks, at most 50 matches each."""
    return max(1, min(50, matches // (workers * per_worker) or 1))


def iter_results(jobs: Iterable[MatchJob], workers: int = 1, chunk: int = 25,
                 progress: Callable[[int], None] | None = None) -> Iterator[MatchResult]:
    """Play ``jobs`` and yield the results in job order, streaming.

    Jobs are read lazily and at most ``2 * workers`` chunks are in flight, so memory does not
    grow with the number of matches (``simulate`` of 10,000 matches holds no list of them).

    Args:
        jobs: the matches (any iterable, e.g. the generator :func:`rotated_jobs`).
        workers: processes to use (1: in this process).
        chunk: matches per worker task (``workers > 1``).
        progress: called with the number of matches just finished.
    """
    if workers <= 1:
        for job in jobs:
            yield play_match(job)
            if progress:
                progress(1)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        window: deque[Future[list[MatchResult]]] = deque()
        for part in chunked(jobs, chunk):
            window.append(pool.submit(play_chunk, part))
            if len(window) > 2 * workers:  # bounded: wait for the oldest before reading more jobs
                yield from _collect(window.popleft(), progress)
        while window:
            yield from _collect(window.popleft(), progress)


def _collect(future: Future[list[MatchResult]], progress: Callable[[int], None] | None) -> list[MatchResult]:
    done = future.result()
    if progress:
        progress(len(done))
    return done


def run_jobs(jobs: Sequence[MatchJob], workers: int = 1,
             progress: Callable[[int], None] | None = None) -> list[MatchResult]:
    """Every result of ``jobs`` as a list, in job order (see :func:`iter_results`)."""
    return list(iter_results(jobs, workers, chunk_size(len(jobs), workers), progress))


def lineups(players: int, bots: Sequence[str]) -> list[tuple[str, ...]]:
    """The seatings a rotation goes through, in order: each bot sits at each seat equally often.

    At most as many bots as seats: ``bots`` cycled to fill the ``players`` seats, then rotated by one seat per
    seating (``players`` seatings). More bots than seats: every set of ``players`` of them (by place in ``bots``,
    ``itertools.combinations`` order), each rotated through the seats — a round robin in which every pair of
    bots meets, at two seats in both orders (4 bots at 2 seats: 12 seatings; 5 at 4: 20). A fresh designer's 4-bot
    tournament at 2 seats had two pairs that never met and every pair in one seat order only.
    """
    if len(bots) <= players:
        cycled = [bots[s % len(bots)] for s in range(players)]
        return [tuple(cycled[(s + i) % players] for s in range(players)) for i in range(players)]
    return [tuple(bots[group[(s + i) % players]] for s in range(players))
            for group in combinations(range(len(bots)), players) for i in range(players)]


def rotated_jobs(game: str, players: int, bots: Sequence[str], matches: int, seed: int,
                 options: dict[str, Any] | None = None) -> Iterator[MatchJob]:
    """Jobs whose seating goes round :func:`lineups`, one seating per match, so each bot sits at each seat equally
    often over every whole round (and every pair of bots meets where there are more bots than seats)."""
    seatings = lineups(players, bots)
    for i in range(matches):
        yield MatchJob(game, players, derive_seed(seed, i), seatings[i % len(seatings)], dict(options or {}))
