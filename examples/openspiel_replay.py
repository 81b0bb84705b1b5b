"""A kartentisch match replayed as an OpenSpiel action history (chance mode ``match``).

Plays a seeded match with kartentisch bots (heuristic vs random), turns it into the OpenSpiel
history ``history_from_match`` builds (seed bytes for the chance nodes, then every token's
action ids), applies that history to ``python_kartentisch_<id>`` loaded with ``chance="match"``
and checks the final position is the recorded one. A replay file (``kartentisch play --save``)
loads with ``kartentisch.kernel.Match.load`` and converts the same way. Run:
``.venv/bin/python examples/openspiel_replay.py [game] [seed]`` (defaults: lastcard 2024).
"""

from __future__ import annotations

import sys

from kartentisch.games import get_game
from kartentisch.kernel import Match, RandomBot
from kartentisch.rl.openspiel import history_from_match, load


def replay(game_id: str = "lastcard", seed: int = 2024) -> list[int]:
    """Record a 2-player match, replay it in OpenSpiel, print both ends; returns the history."""
    game = get_game(game_id)
    match = Match(game, 2, {}, seed=seed)
    bots = [game.heuristic_bot(seed), RandomBot(seed)]
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, bots[seat].choose(match.state, seat))
    history = history_from_match(match)
    spiel_game = load(game_id, 2, match.state.options, chance="match")
    state = spiel_game.new_initial_state()
    for action in history:
        state.apply_action(action)
    assert state.is_terminal() and state.inner.to_doc() == match.state.to_doc()
    print(f"{game_id}: {len(match.history)} tokens -> {len(history)} OpenSpiel actions "
          f"(first {history[:8]} …); returns {state.returns()}, totals {state.inner.totals}")
    print("as OpenSpiel prints it:", " ".join(state.action_to_string(a) for a in state.history()[4:12]), "…")
    return history


if __name__ == "__main__":
    args = sys.argv[1:]
    replay(args[0] if args else "lastcard", int(args[1]) if len(args) > 1 else 2024)
