"""Train sb3-contrib's MaskablePPO on one seat of a game against a project bot, and show the curve.

Defaults: grid, 2 players, end_total 30, against the random bot, 12 minutes of training on the
CPU, then 400 evaluation matches (the greedy masked policy, seats drawn at random). Writes the
learning curve (training win rate over environment steps, and evaluations with 95% Wilson
intervals) as a PNG and every figure as JSON.

Run (needs the extra ``train``: ``pip install -e '.[train]'``)::

    .venv/bin/python examples/train_maskable_ppo.py --minutes 12 --out train-grid.png --json train-grid.json

The environment is :func:`kartentisch.rl.gym.make` with ``skip_forced=True`` (a decision with one
legal step plays itself) and ``rewards="match+margin"``: the match result at the end plus each
round's score lead over the opponent, scaled by ``end_total`` (dense, zero-sum), so the agent
learns from every round. The win rate reported is the match result only.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from kartentisch.rl.gym import make
from kartentisch.sim.stats import wilson


def env_factory(game: str, players: int, opponent: str, options: dict[str, Any], seed: int
                ) -> Callable[[], Any]:
    """A function building one training environment (Monitor-wrapped, seeded ``seed``)."""
    from stable_baselines3.common.monitor import Monitor

    def build() -> Any:
        env = make(game, players, opponents=opponent, seat="random", options=options, rewards="match+margin",
                   skip_forced=True)
        env.reset(seed=seed)
        return Monitor(env)
    return build


def evaluate(model: Any, game: str, players: int, opponent: str, options: dict[str, Any], matches: int,
             seed: int) -> dict[str, Any]:
    """Play ``matches`` matches with the greedy masked policy; win share with a Wilson 95% interval."""
    env = make(game, players, opponents=opponent, seat="random", options=options, skip_forced=True)
    wins = 0.0
    steps = 0
    for k in range(matches):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, term, trunc, info = env.step(int(action))
            steps += 1
            done = term or trunc
        wins += info.get("result", 0.0)
    lo, hi = wilson(wins, matches)
    return {"matches": matches, "win_rate": wins / matches, "ci95": [lo, hi], "agent_steps": steps}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train, evaluate, write the figures; returns them (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="grid")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random", help="bot spec of the other seats")
    parser.add_argument("--options", default='{"end_total": 30}', help="game options as JSON")
    parser.add_argument("--minutes", type=float, default=12.0, help="training wall time")
    parser.add_argument("--max-steps", type=int, default=0, help="stop after this many env steps (0: time only)")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--eval-matches", type=int, default=400)
    parser.add_argument("--checkpoints", type=int, default=4, help="evaluations of 100 matches during training")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (more than 1 is many times slower on a shared, loaded machine)")
    parser.add_argument("--out", type=Path, default=None, help="learning-curve PNG")
    parser.add_argument("--json", type=Path, default=None, help="figures as JSON")
    args = parser.parse_args(argv)

    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))  # before torch starts its thread pool
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)
    options = json.loads(args.options)
    started = time.perf_counter()
    budget = args.minutes * 60.0
    vec = DummyVecEnv([env_factory(args.game, args.players, args.opponent, options, args.seed * 1000 + i)
                       for i in range(args.envs)])
    model = MaskablePPO("MlpPolicy", vec, learning_rate=3e-4, n_steps=256, batch_size=512, n_epochs=4,
                        gamma=0.995, gae_lambda=0.95, ent_coef=0.01, clip_range=0.2,
                        policy_kwargs={"net_arch": [256, 256]}, seed=args.seed, verbose=0, device="cpu")
    curve: list[dict[str, float]] = []
    evaluations: list[dict[str, Any]] = []
    every = budget / (args.checkpoints + 1) if args.checkpoints else float("inf")

    class Progress(BaseCallback):  # type: ignore[misc]
        """Collect every finished match's result; stop at the time (or step) budget; checkpoint evaluations."""

        def __init__(self) -> None:
            super().__init__()
            self.results: list[float] = []
            self.next_eval = every

        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"], strict=True):
                if done and "result" in info:
                    self.results.append(float(info["result"]))
                    if len(self.results) % 200 == 0:
                        window = self.results[-200:]
                        curve.append({"steps": self.num_timesteps, "seconds": time.perf_counter() - started,
                                      "matches": len(self.results), "win_rate": sum(window) / len(window)})
            elapsed = time.perf_counter() - started
            if elapsed >= self.next_eval:
                self.next_eval += every
                point = evaluate(self.model, args.game, args.players, args.opponent, options, 100,
                                 10_000 + len(evaluations) * 100)
                point.update(steps=self.num_timesteps, seconds=elapsed)
                evaluations.append(point)
                print(f"  {elapsed:6.0f} s, {self.num_timesteps:>9,} steps: greedy win rate "
                      f"{point['win_rate']:.3f} over 100 matches", flush=True)
            over_steps = args.max_steps and self.num_timesteps >= args.max_steps
            return not over_steps and time.perf_counter() - started < budget

    progress = Progress()
    model.learn(total_timesteps=10**9, callback=progress)
    trained = time.perf_counter() - started
    final = evaluate(model, args.game, args.players, args.opponent, options, args.eval_matches, 1_000_000)
    total = time.perf_counter() - started
    figures = {
        "game": args.game, "players": args.players, "opponent": args.opponent, "options": options,
        "envs": args.envs, "torch_threads": args.threads, "cpus": os.cpu_count(),
        "load_average_start": os.getloadavg()[0],
        "train_seconds": trained, "total_seconds": total, "env_steps": progress.num_timesteps,
        "env_steps_per_s": progress.num_timesteps / trained, "training_matches": len(progress.results),
        "curve": curve, "evaluations": evaluations, "final": final,
    }
    print(f"trained {trained:.0f} s, {progress.num_timesteps:,} env steps ({figures['env_steps_per_s']:,.0f}/s), "
          f"{len(progress.results):,} matches; final greedy win rate {final['win_rate']:.3f} "
          f"(95% CI {final['ci95'][0]:.3f}-{final['ci95'][1]:.3f}) over {final['matches']} matches; "
          f"{total:.0f} s in all")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    if args.out:
        plot_curve(figures, args.out)
    return figures


def plot_curve(figures: dict[str, Any], path: Path) -> None:
    """The learning curve: training win rate (last 200 matches) and greedy evaluations with 95% CIs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    curve = figures["curve"]
    ax.plot([c["steps"] for c in curve], [c["win_rate"] for c in curve], label="training (last 200 matches)")
    points = [*figures["evaluations"], {**figures["final"], "steps": figures["env_steps"]}]
    xs = [p["steps"] for p in points]
    ys = [p["win_rate"] for p in points]
    err = np.array([[p["win_rate"] - p["ci95"][0] for p in points], [p["ci95"][1] - p["win_rate"] for p in points]])
    ax.errorbar(xs, ys, yerr=err, fmt="o", capsize=3, label="greedy evaluation (95% CI)")
    ax.axhline(1 / figures["players"], color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.axhline(0.8, color="green", linestyle=":", linewidth=1, label="goal 0.80")
    ax.set_ylim(0, 1)
    ax.set_xlabel("environment steps (agent decisions)")
    ax.set_ylabel("win rate against the bot")
    ax.set_title(f"MaskablePPO on {figures['game']} {figures['options']} against {figures['opponent']}: "
                 f"final {figures['final']['win_rate']:.2f} over {figures['final']['matches']} matches")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


if __name__ == "__main__":
    main()
