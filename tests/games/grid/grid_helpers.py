"""Helpers shared by the ``grid`` tests: state documents to load positions from."""

from __future__ import annotations

from typing import Any


def doc(grids: list[Any], draw: list[str], discard: list[str], active: int | None, **kw: Any) -> dict[str, Any]:
    """A state document in phase play, seat ``active`` at step start (keywords override zones or
    top-level fields)."""
    n = len(grids)
    zones = {"grids": grids, "draw": draw, "discard": discard, "active": active, "step": "start", "held": None,
             "flips_left": [0] * n, "trigger": None, "final_turns": [], "reveal_queue": []}
    top = {"game": "grid", "players": n, "options": {}, "round": 1, "dealer": 0, "phase": "play",
           "scores": [], "totals": [0] * n, "game_over": False, "winners": []}
    for key, value in kw.items():
        (zones if key in zones else top)[key] = value
    top["zones"] = zones
    return top
