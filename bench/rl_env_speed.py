"""RL environment speed: our five games beside RLCard's UNO and PettingZoo classic's hold'em, in one run.

Every figure is environment steps per second of random masked play (a uniformly random legal
action each step, one core, 2 players), the same loop for every environment:

* ``rlcard_uno``: RLCard 1.2.0's UNO environment, ``env.step`` with a random key of
  ``state["legal_actions"]`` (the reference of issue 24).
* ``pz_leduc``, ``pz_texas``: PettingZoo classic's ``leduc_holdem_v4`` / ``texas_holdem_v4``
  (``env()``, the mask from the observation dict).
* per game: ``pettingzoo`` (``kartentisch.rl.pettingzoo.env``, wrapped as users get it, the mask
  from the info, its ids found with ``np.flatnonzero``), ``pettingzoo_ids`` (the same env, the agent
  drawing from ``info["legal_actions"]``, the legal ids the env hands out as RLCard's
  ``state["legal_actions"]``: the headline, the same agent as RLCard's), ``pettingzoo_raw``
  (``raw_env``, no order-enforcing wrapper), ``gym`` (agent steps of
  ``kartentisch.rl.gym.make(game, opponents="random")``, the bots' moves in between included) and,
  for scale, ``rules`` (kernel moves/s: ``random_action`` + ``apply``) and ``observe``
  (``encode_state`` calls/s on positions of random play) and ``observe_kept`` (the same positions in
  the order played through ``Encoder.observe``, the incremental way the environments take).

Time is this process's CPU time (``time.process_time``), not the wall clock: the machine is shared,
and CPU time is what a step costs whatever else runs (a loaded machine still slows it through
caches and clock, so the ratios beside the references, measured seconds apart, say more than the
absolute figures). Each repeat measures the references and then every game, ``budget`` CPU seconds
each, and RLCard's UNO once more right before each game's ``pettingzoo`` and ``pettingzoo_ids`` figures:
each × UNO ratio is the median over repeats of these pairs' ratios (the two runs of a pair seconds apart);
every other figure is the median over repeats.

Why ``pettingzoo_ids`` is the headline: RLCard's random agent draws from ``state["legal_actions"]``, the
legal ids its env lists, and never scans a mask; ours does the same with ``info["legal_actions"]``. The
``pettingzoo`` figure keeps the earlier passes' agent (``np.flatnonzero`` over the ``int8`` mask, ~17–22 µs
a step over lastcard's 8,510 ids: the agent's cost, not the env's) for comparison with them. The JSON
records CPU count, load average and the build.

Usage: ``python bench/rl_env_speed.py [--budget 3] [--repeats 3] [--games grid,mayhem]
[--modes pettingzoo_ids,pettingzoo,observe] [--json out.json]`` (``--modes``: which of our figures to measure,
default all; ``KARTENTISCH_PURE=1`` measures the pure build).
Needs the extras ``rl`` and ``bench`` (rlcard, pygame for PettingZoo classic).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from kartentisch.games import all_games, get_game


def timed(budget: float, episode: Callable[[int], int]) -> float:
    """Run ``episode(seed)`` (returns its steps) until ``budget`` seconds passed; steps per second."""
    steps, seed = 0, 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < budget:
        steps += episode(seed)
        seed += 1
    return steps / elapsed


def rlcard_uno(budget: float) -> float | None:
    """RLCard UNO env steps/s, or None without rlcard."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)

    def episode(seed: int) -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps
    return timed(budget, episode)


def pettingzoo_classic(name: str, budget: float) -> float | None:
    """Steps/s of a PettingZoo classic environment (``leduc_holdem_v4`` …), or None without it."""
    try:
        import importlib

        module = importlib.import_module(f"pettingzoo.classic.{name}")
    except ImportError:
        return None
    env = module.env()
    rng = random.Random(0)

    def episode(seed: int) -> int:
        env.reset(seed=seed)
        steps = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            steps += 1
        return steps
    return timed(budget, episode)


def ours_pettingzoo(game: str, budget: float, raw: bool, ids: bool = False) -> float:
    """Steps/s of our PettingZoo env (wrapped, or ``raw_env``), 2 players, default options; the agent draws from
    the mask's ``np.flatnonzero`` or (``ids``) from ``info["legal_actions"]``."""
    from kartentisch.rl.pettingzoo import env as wrapped
    from kartentisch.rl.pettingzoo import raw_env

    e = (raw_env if raw else wrapped)(game, players=2)
    rng = random.Random(0)

    def episode(seed: int) -> int:
        e.reset(seed=seed)
        steps = 0
        for _ in e.agent_iter():
            _, _, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(info["legal_actions"] if ids else np.flatnonzero(info["action_mask"]).tolist()))
            steps += 1
        return steps
    return timed(budget, episode)


def ours_gym(game: str, budget: float) -> float:
    """Agent steps/s of our Gymnasium env against the random bot."""
    from kartentisch.rl.gym import make

    e = make(game, players=2, opponents="random")
    rng = random.Random(0)

    def episode(seed: int) -> int:
        _, info = e.reset(seed=seed)
        steps, done = 0, False
        while not done:
            _, _, term, trunc, info = e.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
            steps += 1
            done = term or trunc
        return steps
    return timed(budget, episode)


def rules(game: str, budget: float) -> float:
    """Kernel moves/s of random play (``random_action`` + ``apply``)."""
    g = get_game(game)
    rng = random.Random(0)

    def episode(seed: int) -> int:
        state = g.new_state(2, None, seed)
        steps = 0
        while not state.game_over:
            seat = state.to_act()[0]
            state.apply(seat, state.random_action(seat, rng))
            steps += 1
        return steps
    return timed(budget, episode)


def observe(game: str, budget: float, kept: bool = False) -> float:
    """``Encoder.encode_state`` calls/s on 500 positions of random play, in the order played (``kept``:
    ``Encoder.observe``, the incremental way the environments take, each position after the one before)."""
    from kartentisch.rl.observations import Encoder

    g = get_game(game)
    enc = Encoder(g, 2)
    rng = random.Random(1)
    positions: list[tuple[Any, int]] = []
    state = g.new_state(2, None, 1)
    while len(positions) < 500:
        if state.game_over:
            state = g.new_state(2, None, len(positions))
        seat = state.to_act()[0]
        positions.append((state.clone(), seat))
        state.apply(seat, state.random_action(seat, rng))
    encode = enc.observe if kept else enc.encode_state
    calls = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < budget:
        for s, seat in positions:
            encode(s, seat)
        calls += len(positions)
    return calls / elapsed


#: Our figures by name: a function of (game, budget) giving steps (or calls) per CPU second.
MODES: dict[str, Callable[[str, float], float]] = {
    "pettingzoo": lambda game, budget: ours_pettingzoo(game, budget, raw=False),
    "pettingzoo_ids": lambda game, budget: ours_pettingzoo(game, budget, raw=False, ids=True),
    "pettingzoo_raw": lambda game, budget: ours_pettingzoo(game, budget, raw=True),
    "gym": ours_gym, "rules": rules, "observe": observe,
    "observe_kept": lambda game, budget: observe(game, budget, kept=True)}


#: The figures measured right after a run of RLCard's UNO env, and that run's key: the pairs of the × UNO ratios.
PAIRED = {"pettingzoo": "rlcard_uno_pair", "pettingzoo_ids": "rlcard_uno_pair_ids"}


def main() -> None:
    """Measure, print a table, write ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default=",".join(g.id for g in all_games()))
    parser.add_argument("--modes", default=",".join(MODES), help="our figures to measure (default all)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    games = args.games.split(",")
    modes = args.modes.split(",")
    unknown = sorted(set(modes) - set(MODES))
    if unknown or not set(PAIRED) & set(modes):
        parser.error(f"--modes {args.modes!r}: choose among {', '.join(MODES)}, pettingzoo or pettingzoo_ids included")
    load_start = os.getloadavg()[0]
    runs: list[dict[str, Any]] = []
    for _ in range(args.repeats):
        run: dict[str, Any] = {"rlcard_uno": rlcard_uno(args.budget),
                               "pz_leduc": pettingzoo_classic("leduc_holdem_v4", args.budget),
                               "pz_texas": pettingzoo_classic("texas_holdem_v4", args.budget)}
        for game in games:
            figures: dict[str, Any] = {}
            for mode in modes:
                if mode in PAIRED:
                    figures[PAIRED[mode]] = rlcard_uno(args.budget)
                figures[mode] = MODES[mode](game, args.budget)
            run[game] = figures
        runs.append(run)

    def median(values: list[float | None]) -> float | None:
        kept = [v for v in values if v is not None]
        return statistics.median(kept) if kept else None

    import kartentisch

    result: dict[str, Any] = {"cpus": os.cpu_count(), "python": platform.python_version(),
                              "build": kartentisch.build_info()["build"],
                              "load_average_start": load_start, "load_average_end": os.getloadavg()[0],
                              "budget_s": args.budget, "repeats": args.repeats, "runs": runs,
                              "references": {k: median([r[k] for r in runs]) for k in ("rlcard_uno", "pz_leduc",
                                                                                      "pz_texas")},
                              "games": {}}
    uno = result["references"]["rlcard_uno"]
    for game in games:
        figures = {k: median([r[game][k] for r in runs]) for k in runs[0][game]}
        for mode in PAIRED:
            if uno and mode in modes:
                pairs = [r[game][mode] / r[game][PAIRED[mode]] for r in runs]
                figures[f"{mode}_vs_uno_per_repeat"] = pairs
                figures[f"{mode}_vs_uno"] = statistics.median(pairs)
        result["games"][game] = figures
    refs = result["references"]
    print(f"build {result['build']}; load {load_start:.2f} → {result['load_average_end']:.2f}; references "
          "(steps/s): " + ", ".join(f"{k} {v:,.0f}" for k, v in refs.items() if v is not None))
    paired = [m for m in PAIRED if m in modes]
    print(f"{'game':10s}" + "".join(f" {m:>14s}" for m in modes) + "".join(f"  {m} × UNO (pairs)" for m in paired))
    for game, f in result["games"].items():
        ratios = "".join(
            f"  {f[f'{m}_vs_uno']:.2f} ({', '.join(f'{x:.2f}' for x in f[f'{m}_vs_uno_per_repeat'])})" if uno else "  –"
            for m in paired)
        print(f"{game:10s}" + "".join(f" {f[m]:14,.0f}" for m in modes) + ratios)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
