"""OpenSpiel's ISMCTS (seat 0) against the game's heuristic bot (the other seats), several matches.

The heuristic bot is a kartentisch bot: it reads the kernel state of the OpenSpiel state
(``state.inner``) and its token is played as that token's action ids (one per step).
Chance nodes are sampled. Run:
``.venv/bin/python examples/openspiel_ismcts_vs_heuristic.py [game] [matches] [simulations]``
(defaults: chips 4 50). Needs the ``rl`` extra.
"""

from __future__ import annotations

import sys

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from kartentisch.games import get_game
from kartentisch.rl.openspiel import OUTCOMES, load
from kartentisch.rl.spaces import ActionSpace

#: Short matches so the example finishes in about a minute.
OPTIONS: dict[str, dict[str, object]] = {
    "colors": {"max_rounds": 1}, "chips": {"rounds": 1}, "lastcard": {"rounds": 1},
    "grid": {"end_total": 30}, "mayhem": {"point_limit": 30},
}


def play(game_id: str = "chips", matches: int = 4, simulations: int = 50, seed: int = 0) -> list[float]:
    """Play ``matches`` 2-player matches; return ISMCTS's result per match (1 win, 0.5 shared, 0 loss)."""
    game = load(game_id, 2, OPTIONS[game_id])
    space = ActionSpace(get_game(game_id), 2, OPTIONS[game_id])
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=simulations,
                           random_state=rs, allow_inconsistent_action_sets=True)
    heuristic = get_game(game_id).heuristic_bot(seed)
    results = []
    for _ in range(matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rs.randint(OUTCOMES)))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                seat = state.current_player()
                for action in space.steps(heuristic.choose(state.inner, seat)):
                    state.apply_action(action)
        results.append(state.returns()[0])
        print(f"{game_id}: ISMCTS {results[-1]:.1f}, heuristic {state.returns()[1]:.1f}, totals {state.inner.totals}")
    print(f"ISMCTS ({simulations} simulations) scored {sum(results):.1f} of {matches}")
    return results


if __name__ == "__main__":
    args = sys.argv[1:]
    play(args[0] if args else "chips", int(args[1]) if len(args) > 1 else 4, int(args[2]) if len(args) > 2 else 50)
