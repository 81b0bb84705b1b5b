"""Replay step cost benchmark (issue 31 item 4; a benchmark, not a test), in one process without a server.

A long match of seeded random legal moves (``--game``, ``--players``, ``--options`` as JSON; by default mayhem
with ``game_length: long`` for 4, over a thousand moves) is made a :class:`~kartentisch.web.replays.Replay`, as an
upload is, and stepped through as the replay page and an attacker do. Measured, each the median of ``--repeats``:

- ``make_s``: making the replay (once per upload), and ``kept_bytes``: its pickled size (what the replay cache
  counts), beside ``all_positions_bytes``: the pickled size of every position, which the replay kept before;
- ``step_s`` and ``step_applied``: one step (``n = k, since = k - 1``, the page's "next") at the match's end;
- ``jump_s`` and ``jump_applied``: the last position without log (``since = n``);
- ``whole_log_s`` and ``whole_log_applied``: ``n = end, since = 0, seat = all`` (the request of the issue: its
  cost is the log of every move in words, as asked; the replay rate counts it 1 + moves / 20 times).

    .venv/bin/python bench/replay_cost.py
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.web.replays import ALL_SEATS, Replay


def long_match(game: str, players: int, options: dict[str, Any], seed: int) -> Match:
    """A finished match of seeded random legal moves."""
    match = Match(get_game(game), players, options, seed)
    rng = random.Random(seed)
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.random_action(seat, rng))
    return match


def timed(fn: Callable[[], Any], repeats: int) -> float:
    """Median seconds of ``fn()`` over ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times), 4)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="mayhem")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--options", default='{"game_length": "long"}')
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    match = long_match(args.game, args.players, json.loads(args.options), args.seed)
    replay = Replay(match, {})
    end = replay.total
    out: dict[str, Any] = {"game": args.game, "players": args.players, "moves": end, "file_chars": len(match.dumps()),
                           "make_s": timed(lambda: Replay(match, {}), args.repeats), "kept_bytes": replay.nbytes,
                           "all_positions_bytes": len(pickle.dumps(list(match.states()), pickle.HIGHEST_PROTOCOL))}
    for name, n, since, viewer in (("step", end, end - 1, 0), ("jump", end, end, 0), ("whole_log", end, 0, ALL_SEATS)):
        before = replay.applied
        replay.position(n, viewer, "en", since)
        out[f"{name}_applied"] = replay.applied - before
        out[f"{name}_s"] = timed(lambda n=n, since=since, viewer=viewer: replay.position(n, viewer, "en", since),
                                 args.repeats)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
