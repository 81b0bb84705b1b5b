"""A learned table of round scores (issue 36 item 3): a seat's mean round score by its game's value key.

**What it learns.** A game's :meth:`~kartentisch.kernel.Game.value_key` abstracts what a seat knows of its own
prospects to one integer (colors: its collection and hand as cards per colour). Over matches of fast bots
(``heuristic`` by default, with an ``explore`` share of uniformly random moves, so the table also knows positions
the heuristic would not reach), every decision of a seat records the seat's key, labelled with the seat's score of
that round once it is scored: the mean per key is Monte Carlo policy evaluation of the data's bots over the
abstraction (Sutton & Barto 2018, §5.1). Keys seen fewer than ``least`` times are left out (a search then values
such a leaf by its rollout alone).

**How it plays.** :mod:`kartentisch.bots.tabular`: ISMCTS values each leaf as ``weight`` × the table's round
scores of every seat in the leaf's determinization + the rest × its random rollout (AlphaGo's mix; the file's
``play`` header holds ``iterations`` and ``weight``).

Run ``python -m kartentisch.rl.tabular GAME --out FILE`` (:func:`main`; ``--help`` lists the options).
"""

from __future__ import annotations

import functools
import shlex
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..bots import make_bot
from ..bots.policy import save_tabular
from ..kernel import Game, KartentischError
from .value import _chunked, _data_match, _data_setup, _say, data_game, data_parser


def records(game: Game, players: int, options: Mapping[str, Any] | None, matches: int, seed: int,
            bots: Sequence[str] = ("heuristic",), explore: float = 0.05, first: int = 0,
            log: Callable[[str], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every decision's (value key of the seat to act, that seat's score of the round) over ``matches`` matches.

    Args:
        bots: bot specs, cycled over the seats and rotated by one seat each match.
        explore: share of moves played uniformly at random instead of by the seat's bot (0 ≤ explore ≤ 1).
        first: the index of the first match (a chunk of a larger run, :func:`main`'s ``--jobs``).
    Returns:
        ``keys`` of shape ``(records,)`` int64 and ``scores`` of shape ``(records,)`` float32 (points).
    Raises:
        KartentischError: a bad bot spec, share or count, or a game without a value key.
    """
    if not (0 <= explore <= 1 and matches >= 1 and bots):
        raise KartentischError(f"tabular data: need matches ≥ 1, 0 ≤ explore ≤ 1 and a bot; got matches={matches}, "
                               f"explore={explore}, bots={list(bots)}")
    _, opts, _, rng = _data_setup(game, players, options, seed, first)
    keys: list[int] = []
    scores: list[float] = []
    started = time.perf_counter()
    for m in range(first, first + matches):
        _, seated, state = _data_match(game, players, opts, seed, bots, m)
        pending: list[tuple[int, int]] = []  # key, seat: labelled when the round is scored
        scored = 0
        while not state.game_over:
            seat = state.to_act()[0]
            if not state.round_over:
                key = game.value_key(state, seat)
                if key is None:
                    raise KartentischError(f"{game.id} has no value key (Game.value_key): nothing to learn a "
                                           "table of")
                pending.append((key, seat))
            bot_move = rng.random() >= explore or state.round_over
            state.apply(seat, seated[seat].choose(state, seat) if bot_move else state.random_action(seat, rng))
            if len(state.scores) > scored:
                scored = len(state.scores)
                keys.extend(key for key, _ in pending)
                scores.extend(state.scores[-1][s] for _, s in pending)
                pending = []
        if log is not None and (m - first + 1) % 2000 == 0:
            log(f"  {m - first + 1}/{matches} matches, {len(keys)} records, {time.perf_counter() - started:.0f} s")
    return np.array(keys, dtype=np.int64), np.array(scores, dtype=np.float32)


def mean_table(keys: np.ndarray, scores: np.ndarray, least: int = 5) -> dict[int, float]:
    """The mean score per key seen at least ``least`` times (``keys``, ``scores``: :func:`records`' arrays)."""
    unique, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    sums = np.bincount(inverse, weights=scores.astype(np.float64), minlength=len(unique))
    kept = counts >= least
    return dict(zip(unique[kept].tolist(), (sums[kept] / counts[kept]).tolist(), strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m kartentisch.rl.tabular GAME --out FILE``: records (:func:`records`), their means
    (:func:`mean_table`) and a ``"tabular"`` file (:func:`kartentisch.bots.policy.save_tabular`) whose header records
    this command."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = data_parser("tabular", __doc__, 20000)
    parser.add_argument("--least", type=int, default=5, help="records a key needs to be kept")
    parser.add_argument("--iterations", type=int, default=150, help="the file's ISMCTS iterations per move")
    parser.add_argument("--weight", type=float, default=0.5, help="the file's share of the table in a leaf's value")
    ns = parser.parse_args(args)
    play = {"iterations": ns.iterations, "weight": ns.weight}
    for wrong, says in ((ns.matches < 1, f"--matches must be 1 or more; got {ns.matches}"),
                        (not 1 <= ns.jobs <= max(ns.matches, 1), f"--jobs must be between 1 and --matches "
                                                                 f"({ns.matches}); got {ns.jobs}"),
                        (ns.least < 1, f"--least must be 1 or more; got {ns.least}"),
                        (not 0 <= ns.explore <= 1, f"--explore must be a share from 0 to 1; got {ns.explore}"),
                        (ns.iterations < 1, f"--iterations must be 1 or more; got {ns.iterations}"),
                        (not 0 <= ns.weight <= 1, f"--weight must be a share from 0 to 1; got {ns.weight}")):
        if wrong:
            parser.error(says)
    game = data_game(parser, ns)
    if game.value_key(game.new_state(ns.players, None, seed=0), 0) is None:
        parser.error(f"{game.id} has no value key (Game.value_key): nothing to learn a table of")
    bots = [b for b in ns.bots.split(";") if b]
    try:
        for spec in bots:
            make_bot(spec, game, 0)
    except KartentischError as exc:
        parser.error(f"--bots: {exc}")
    began = time.perf_counter()
    print(f"tabular data: {ns.matches} matches of {', '.join(bots)}", flush=True)
    make = functools.partial(records, game, ns.players, None, seed=ns.seed, bots=bots, explore=ns.explore, log=_say)
    keys, scores = _chunked(make, ns.matches, ns.jobs)
    table = mean_table(keys, scores, ns.least)
    print(f"{len(keys)} records, {len(np.unique(keys))} keys, {len(table)} kept (seen {ns.least} times or more)",
          flush=True)
    if not table:
        parser.error(f"no key was seen {ns.least} times (--least) in {ns.matches} matches: nothing written")
    info = {"command": "python -m kartentisch.rl.tabular " + shlex.join(args), "seed": ns.seed,
            "trainer": "kartentisch.rl.tabular (Monte Carlo mean round score by value key)", "records": len(keys),
            "data_seconds": round(time.perf_counter() - began)}
    save_tabular(ns.out, table, game, ns.players, play, info)
    print(f"wrote {ns.out}", flush=True)


if __name__ == "__main__":
    main()
