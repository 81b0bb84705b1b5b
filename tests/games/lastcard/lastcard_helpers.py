"""Shared helpers of the lastcard tests: explicit state documents and random play."""

from __future__ import annotations

import random
from typing import Any

from kartentisch.games.lastcard import GAME
from kartentisch.games.lastcard.rules import LastCardState


def codes(*numbers: int) -> list[str]:
    """Card codes of ``numbers``."""
    return [str(n) for n in numbers]


def play_doc(players: int, hands: list[list[int]], help_rows: list[list[int]], pile: list[int], to_act: int,
             **extra: Any) -> dict[str, Any]:
    """A minimal explicit ``play`` state document (pile top first)."""
    doc: dict[str, Any] = {
        "game": "lastcard", "players": players, "round": 1, "phase": "play", "to_act": [to_act],
        "zones": {"start_player": 0, "hands": [codes(*h) for h in hands],
                  "help": [codes(*h) for h in help_rows], "pile": codes(*pile)},
    }
    zones = extra.pop("zones", {})
    doc.update(extra)
    doc["zones"].update(zones)
    return doc


def example_state() -> LastCardState:
    """Worked example 2/3 position: seat 1 to act on top 20 with help cards 5 and 8."""
    state = GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17, 27]], [[], [5, 8], []], [20, 18, 12], 1))
    assert isinstance(state, LastCardState)
    return state


def random_states(players: int, seed: int, limit: int = 400) -> list[LastCardState]:
    """Every position (clones) of one random match, up to ``limit`` decisions."""
    rng = random.Random(seed)
    state = GAME.new_state(players, None, seed)
    assert isinstance(state, LastCardState)
    seen = [state.clone()]
    while not state.game_over and len(seen) < limit:
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state.clone())
    return seen
