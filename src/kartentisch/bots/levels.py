"""The bot levels the lobby offers, in the order of their measured strength per game (issue 36).

The lobby offers four kinds of bot seat (``lobby.js``: ``BOTS``), :data:`LEVEL_SPECS`: ``easy`` plays ``random``,
``medium`` the ``heuristic``, ``strong`` ``ismcts:iterations=1000`` and ``learned`` the policy the server offers
for the game (``serve --policy``). They are listed weakest first in the order of their ratings in the game's round
robin (``bench/strength/round_robin.py``, two seats, Bradley–Terry Elo; the files
``bench/strength/round-robin-<game>-2p.json``): :data:`MEASURED` holds each game's order and
``tests/bots/test_levels.py`` checks it against the files, so a new measurement that changes the order fails there
until this table follows it.

The order is that of the ratings' point estimates; where two levels' intervals overlap the files say so, and
their order is the best estimate, not a certainty. ``learned`` has a measured place only for the policy the game
ships (``games/<id>/policy.npz``, measured by its SHA-256); another policy file a server offers was not measured
and is listed last.
"""

from __future__ import annotations

from pathlib import Path

#: The lobby's bot levels: kind → bot spec (``policy``: the server's learned bot for the game).
LEVEL_SPECS: dict[str, str] = {"easy": "random", "medium": "heuristic", "strong": "ismcts:iterations=1000",
                               "learned": "policy"}

#: Per game, the round robin's bots weakest first (two seats; ``policy``: the game's shipped policy file).
MEASURED: dict[str, tuple[str, ...]] = {
    "colors": ("random", "heuristic", "ismcts:iterations=100", "policy", "ismcts:iterations=1000"),
    "chips": ("random", "ismcts:iterations=100", "heuristic", "policy", "ismcts:iterations=1000"),
    "lastcard": ("random", "heuristic", "policy", "ismcts:iterations=100", "ismcts:iterations=1000"),
    "grid": ("random", "ismcts:iterations=100", "heuristic", "ismcts:iterations=1000", "policy"),
    "mayhem": ("random", "ismcts:iterations=100", "heuristic", "policy", "ismcts:iterations=1000"),
}


def shipped_policy(game: str) -> Path:
    """The policy file ``game`` ships (``src/kartentisch/games/<id>/policy.npz``; it may not exist)."""
    return Path(__file__).resolve().parent.parent / "games" / game / "policy.npz"


def lobby_levels(game: str, learned: str | Path | None = None) -> list[str]:
    """The lobby's bot levels for ``game``, weakest first as measured (:data:`MEASURED`).

    Args:
        game: a game id; a game without a measurement keeps the order of :data:`LEVEL_SPECS`.
        learned: the policy file the server offers for ``game`` (``None``: no ``learned`` level). The game's
            shipped policy takes its measured place; another file was not measured and comes last.
    Returns:
        Kinds of :data:`LEVEL_SPECS`, e.g. ``["easy", "medium", "learned", "strong"]``.
    """
    kinds = [k for k in LEVEL_SPECS if k != "learned" or learned is not None]
    order = MEASURED.get(game)
    if order is None:
        return kinds
    shipped = learned is not None and shipped_policy(game).exists() and Path(learned).resolve() == shipped_policy(game)

    def place(kind: str) -> int:
        spec = LEVEL_SPECS[kind]
        if spec == "policy" and not shipped:
            return len(order)
        return order.index(spec) if spec in order else len(order)

    return sorted(kinds, key=place)
