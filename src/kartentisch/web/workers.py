"""Where bots and the coach think: the worker pools of one server process, and the one bot decision they run.

The cheap bots, ``random`` and ``heuristic``, choose in a thread of the hub's executor (their move costs less than a
worker process's hand-off, measured in issue 33); ISMCTS searches in worker processes spawned on first use
(:class:`Workers`), so they hold neither the event loop nor the server's GIL, the tables without a person in their
own pool behind those (:data:`BOT_ONLY`), the coach's searches in theirs (:data:`COACH_POOL`). A decision is
:func:`choose_move` with a seed that is the same after a restart (:func:`bot_seed`), its search limited in wall-clock
time (:func:`limited_spec`).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from ..bots import make_bot, parse_spec
from ..kernel import Game, GameState

if TYPE_CHECKING:
    from .live import LiveTable

#: Largest ``iterations`` of an ISMCTS seat, given as the seat's ``iterations`` field or inside its bot spec.
MAX_ITERATIONS = 1_000_000
#: Default wall-clock limit of one server-side ISMCTS decision (seconds; :class:`~kartentisch.web.hub.Hub`
#: ``search_seconds``).
SEARCH_SECONDS = 5.0
#: The worker pool of tables without a person (every bot kind), behind the pools of people's tables.
BOT_ONLY = "bot-only"
#: Scheduling priority (``nice``) of the bot-only workers: a person's table wins the CPU from them.
BOT_ONLY_NICE = 10
#: The worker pool of the coach's hints and reviews (:mod:`~kartentisch.web.coach`; issue 31): its own, so a person's
#: bot never waits for a hint, and at :data:`COACH_NICE`, between the people's bots (0) and the tables without a
#: person (:data:`BOT_ONLY_NICE`), so on a busy machine the bots' searches get the CPU first.
COACH_POOL = "coach"
COACH_NICE = 5
#: The CPU priority (``nice``) of each kind of worker pool (the others: 0).
POOL_NICE = {BOT_ONLY: BOT_ONLY_NICE, COACH_POOL: COACH_NICE}


def bot_seed(table_seed: int, seat: int, n: int) -> int:
    """Seed of the bot deciding for ``seat`` at event number ``n``: the same after a restart."""
    digest = hashlib.blake2b(f"{table_seed}:{seat}:{n}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def format_spec(name: str, params: dict[str, Any]) -> str:
    """The spec string ``name[:key=value,...]`` of a parsed spec (inverse of :func:`~kartentisch.bots.parse_spec`)."""
    return name + (":" + ",".join(f"{key}={value}" for key, value in params.items()) if params else "")


def limited_spec(spec: str, seconds: float) -> str:
    """``spec`` with its ISMCTS search limited to ``seconds`` of wall-clock time per decision.

    An ISMCTS spec without ``time_budget_s`` (or with a larger one, stored before a lower limit) gets
    ``time_budget_s=seconds``; other bots are returned unchanged.
    """
    name, params = parse_spec(spec)
    budget = params.get("time_budget_s")
    if name != "ismcts" or (isinstance(budget, int | float) and budget <= seconds):
        return spec
    return format_spec(name, {**params, "time_budget_s": seconds})


def choose_move(spec: str, game: Game, seed: int, state: GameState, seat: int) -> str:
    """One bot decision: build the bot ``spec`` with ``seed`` and let it choose for ``seat`` (runs in a worker)."""
    return make_bot(spec, game, seed).choose(state, seat)


class Workers:
    """The worker pools of one server process (issue 22): one per kind of decision, made on first use.

    Args:
        executor: where ``random`` bots choose, and every kind whose pool broke (a thread pool).
        search_workers: worker processes for the ISMCTS searches of tables with a person (≥ 1).
        bot_only_workers: worker processes (at ``nice`` :data:`BOT_ONLY_NICE`) for every decision of the tables
            without a person (0: no such pool, the hub refuses such tables).
        coach_workers: worker processes (at ``nice`` :data:`COACH_NICE`) for the coach's searches (≥ 1).
    """

    def __init__(self, executor: Executor, search_workers: int, bot_only_workers: int, coach_workers: int) -> None:
        self.executor = executor
        #: Worker processes of each kind with a pool of its own (a kind not listed runs in :attr:`executor`).
        self.pool_sizes = {"ismcts": search_workers, COACH_POOL: coach_workers}
        if bot_only_workers:
            self.pool_sizes[BOT_ONLY] = bot_only_workers
        #: The pools made so far, by kind.
        self.pools: dict[str, ProcessPoolExecutor] = {}

    @staticmethod
    def kind(spec: str, table: LiveTable) -> str:
        """The worker pool a decision of the bot ``spec`` at ``table`` belongs to: its bot's name at a table with a
        person, else :data:`BOT_ONLY` (a key of :attr:`pool_sizes`, or a kind that runs in :attr:`executor`)."""
        return spec.partition(":")[0] if table.has_person else BOT_ONLY

    def executor_for(self, kind: str) -> Executor:
        """The pool of ``kind`` (made on first use, its workers at the kind's ``nice``: :data:`POOL_NICE`), or the
        thread :attr:`executor` for a kind without a pool of its own (``random``, or a pool that broke)."""
        if kind not in self.pool_sizes:
            return self.executor
        if kind not in self.pools:
            self.pools[kind] = ProcessPoolExecutor(self.pool_sizes[kind], initializer=_exit_with_server,
                                                   initargs=(POOL_NICE.get(kind, 0),),
                                                   mp_context=multiprocessing.get_context("spawn"))
        return self.pools[kind]

    def drop(self, kind: str) -> None:
        """Give up the pool of ``kind`` after it broke (``BrokenExecutor``): that kind runs in threads from now on."""
        self.pool_sizes.pop(kind, None)
        pool = self.pools.pop(kind, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """End every worker process at once (:func:`_terminate`): a search still running is abandoned."""
        for pool in self.pools.values():
            _terminate(pool)
        self.pools.clear()


def _exit_with_server(nice: int = 0) -> None:
    """Bot worker initializer: the worker ends as soon as the server process is gone, even after SIGKILL, and
    runs ``nice`` steps below the server's scheduling priority.

    A spawned pool worker otherwise waits for calls forever once its parent died without shutting the
    pool down; a daemon thread waits on the parent's sentinel (``multiprocessing.parent_process``).

    The worker ignores SIGINT: Ctrl-C in a terminal reaches the whole process group, and a worker's
    KeyboardInterrupt printed a traceback; the server ends its workers itself when it shuts down.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_when_parent_ends, args=(parent.sentinel,), daemon=True).start()


def _exit_when_parent_ends(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Cancel the pool's pending calls and end its worker processes without waiting for running calls.

    ``ProcessPoolExecutor.shutdown`` has no way to stop a running call (``terminate_workers`` arrives in
    Python 3.14), so the processes are taken from the pool before the shutdown forgets them.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)

