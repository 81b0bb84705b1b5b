"""A random agent loop in PettingZoo: every agent picks a uniformly random legal action.

Run: ``.venv/bin/python examples/pettingzoo_random.py [game] [players] [seed]``
(defaults: colors 3 0). Needs the ``rl`` extra: ``pip install 'kartentisch[rl]'``.
"""

from __future__ import annotations

import sys

import numpy as np

from kartentisch.rl.pettingzoo import env


def main(game: str = "colors", players: int = 3, seed: int = 0) -> dict[str, float]:
    """Play one match with random agents; print the last moves and return each agent's total reward."""
    e = env(game, players=players, render_mode=None)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in e.possible_agents}
    moves = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))  # the legal steps (1 = allowed)
            moves += 1
        e.step(action)
    print(f"{game}, {players} players: {moves} actions; rewards {totals}")
    print("observation slices:", ", ".join(f"{s['name']}{tuple(s['shape'])}" for s in e.unwrapped.observation_slices()))
    return totals


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "colors", int(args[1]) if len(args) > 1 else 3, int(args[2]) if len(args) > 2 else 0)
