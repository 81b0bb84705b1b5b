"""Speed benchmark: our five games against RLCard's UNO and OpenSpiel's crazy_eights, in one run.

Figures per game (2 players, one core, random legal play through the public API
``legal_actions`` + ``apply``): matches/s, decisions/s, rounds/s, clone+apply operations/s, and
ISMCTS seconds per decision at 1,000 iterations (when the bot exists). References measured in
the same process: RLCard 1.2.0 UNO through its raw rules core (``env.game.step``) and through
``env.run``, and OpenSpiel's ``crazy_eights`` driven from Python. Every figure is the median of
``--repeats`` runs; ratios are ``games.<id>.decisions_per_s / reference.rlcard_uno_raw_decisions_per_s``.

Usage: ``python bench/run.py [--quick] [--json FILE] [--games colors,grid] [--repeats 3]``.
The references are the optional extra ``.[bench]``; without them the script says so and still
measures ours.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from kartentisch.games import all_games, get_game
from kartentisch.kernel import Game, GameState


def _timed(budget_s: float, step: Callable[[], tuple[int, int, int]]) -> dict[str, float]:
    """Call ``step`` (one match → decisions, rounds, matches) until ``budget_s`` seconds passed."""
    decisions = rounds = matches = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < budget_s:
        d, r, m = step()
        decisions, rounds, matches = decisions + d, rounds + r, matches + m
    return {"matches_per_s": matches / elapsed, "decisions_per_s": decisions / elapsed,
            "rounds_per_s": rounds / elapsed}


def random_match(game: Game, players: int, rng: random.Random) -> tuple[int, int, int]:
    """One random match through the public API; returns (decisions, rounds, 1)."""
    state = game.new_state(players, None, rng.getrandbits(32))
    decisions = 0
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += 1
    return decisions, len(state.scores), 1


def sample_positions(game: Game, players: int, rng: random.Random, k: int = 200) -> list[GameState]:
    """Up to ``k`` positions of random matches (every few decisions), for clone+apply timing."""
    out: list[GameState] = []
    while len(out) < k:
        state = game.new_state(players, None, rng.getrandbits(32))
        while not state.game_over and len(out) < k:
            if rng.random() < 0.2:
                out.append(state.clone())
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def clone_apply_per_s(positions: list[GameState], rng: random.Random, budget_s: float) -> float:
    """clone() followed by one legal apply(), operations per second."""
    moves = []
    for p in positions:
        seat = p.to_act()[0]
        moves.append((p, seat, rng.choice(p.legal_actions(seat))))
    ops = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < budget_s:
        for state, seat, token in moves:
            state.clone().apply(seat, token)
        ops += len(moves)
    return ops / elapsed


def ismcts_seconds(game: Game, decisions: int, rng: random.Random) -> float | None:
    """Median seconds per ISMCTS decision at 1,000 iterations, or None without the bot."""
    try:
        from kartentisch.bots.ismcts import ISMCTSBot
    except ImportError:
        return None
    times: list[float] = []
    while len(times) < decisions:
        state = game.new_state(2, None, rng.getrandbits(32))
        bot = ISMCTSBot(game, seed=rng.getrandbits(32), iterations=1000)
        while not state.game_over and len(times) < decisions:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                start = time.perf_counter()
                token = bot.choose(state, seat)
                times.append(time.perf_counter() - start)
            else:
                token = legal[0]
            state.apply(seat, token)
            for _ in range(rng.randint(0, 6)):  # spread the sample over the match
                if state.game_over:
                    break
                s = state.to_act()[0]
                state.apply(s, rng.choice(state.legal_actions(s)))
    return statistics.median(times)


def rlcard_uno(budget_s: float, rng: random.Random) -> dict[str, float] | str:
    """RLCard 1.2.0 UNO: raw rules core (``env.game``) and ``env.run`` with random agents."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as exc:
        return f"not installed ({exc.name}); pip install '.[bench]'"
    env = rlcard.make("uno", config={"seed": rng.getrandbits(31)})
    game = env.game

    def raw() -> tuple[int, int, int]:
        game.init_game()
        d = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            d += 1
        return d, 1, 1

    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def run() -> tuple[int, int, int]:
        trajectories, _ = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories), 1, 1

    r, e = _timed(budget_s, raw), _timed(budget_s, run)
    return {"rlcard_uno_raw_decisions_per_s": r["decisions_per_s"], "rlcard_uno_raw_matches_per_s": r["matches_per_s"],
            "rlcard_uno_env_run_decisions_per_s": e["decisions_per_s"],
            "rlcard_uno_env_run_matches_per_s": e["matches_per_s"]}


def openspiel_crazy_eights(budget_s: float, rng: random.Random) -> dict[str, float] | str:
    """OpenSpiel's ``crazy_eights`` (C++ core) driven from Python with random actions."""
    try:
        import pyspiel
    except ImportError as exc:
        return f"not installed ({exc.name}); pip install '.[bench]'"
    game = pyspiel.load_game("crazy_eights")

    def one() -> tuple[int, int, int]:
        state = game.new_initial_state()
        d = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                d += 1
        return d, 1, 1

    r = _timed(budget_s, one)
    return {"openspiel_crazy_eights_decisions_per_s": r["decisions_per_s"],
            "openspiel_crazy_eights_matches_per_s": r["matches_per_s"]}


def _median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = [k for k in runs[0] if isinstance(runs[0][k], (int, float))]
    return {k: statistics.median(r[k] for r in runs) for k in keys}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark; print a table; write JSON if asked. Returns the result document."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="short budgets (finishes in under 60 s)")
    ap.add_argument("--json", help="write all figures to this file")
    ap.add_argument("--games", help="comma-separated game ids (default: all)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    budget = 0.6 if args.quick else 3.0
    ismcts_n = 3 if args.quick else 20
    rng = random.Random(args.seed)
    chosen = [get_game(g) for g in args.games.split(",")] if args.games else all_games()
    result: dict[str, Any] = {"python": sys.version.split()[0], "machine": platform.machine(), "quick": args.quick,
                              "repeats": args.repeats, "players": 2, "games": {}, "reference": {}, "notes": []}
    for label, fn in (("rlcard", rlcard_uno), ("openspiel", openspiel_crazy_eights)):
        runs = [fn(budget, rng) for _ in range(args.repeats)]
        if isinstance(runs[0], str):
            result["notes"].append(f"{label}: {runs[0]}")
            print(f"reference {label}: {runs[0]}")
        else:
            result["reference"].update(_median_of(runs))  # type: ignore[arg-type]
    ref = result["reference"].get("rlcard_uno_raw_decisions_per_s")
    for game in chosen:
        runs = [_timed(budget, lambda g=game: random_match(g, 2, rng)) for _ in range(args.repeats)]
        figures = _median_of(runs)
        positions = sample_positions(game, 2, rng)
        figures["clone_apply_per_s"] = statistics.median(
            clone_apply_per_s(positions, rng, budget / 2) for _ in range(args.repeats))
        figures["ismcts_s_per_decision"] = ismcts_seconds(game, ismcts_n, rng)
        figures["ismcts_decisions_measured"] = ismcts_n
        if ref:
            figures["ratio_vs_rlcard_uno_raw"] = figures["decisions_per_s"] / ref
        result["games"][game.id] = figures
    print(f"{'game':10} {'matches/s':>10} {'decisions/s':>12} {'rounds/s':>9} {'clone+apply/s':>14} "
          f"{'ismcts s/dec':>12} {'× UNO raw':>9}")
    for gid, f in result["games"].items():
        ism = f"{f['ismcts_s_per_decision']:.3f}" if f["ismcts_s_per_decision"] is not None else "n/a"
        ratio = f"{f['ratio_vs_rlcard_uno_raw']:.2f}" if "ratio_vs_rlcard_uno_raw" in f else "n/a"
        print(f"{gid:10} {f['matches_per_s']:10.1f} {f['decisions_per_s']:12.0f} {f['rounds_per_s']:9.1f} "
              f"{f['clone_apply_per_s']:14.0f} {ism:>12} {ratio:>9}")
    for k, v in result["reference"].items():
        print(f"reference {k}: {v:.0f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2)
    return result


if __name__ == "__main__":
    main()
