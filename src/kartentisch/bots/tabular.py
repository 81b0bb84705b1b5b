"""A learned table of round scores played by ISMCTS as its leaf value (issue 36 item 3).

``policy:PATH`` with a ``"tabular"`` file (:mod:`.policy`; learned by :mod:`kartentisch.rl.tabular`) plays
SO-ISMCTS (:mod:`.ismcts`, the game's own search defaults) whose every leaf is valued as AlphaGo values its leaves
(Silver et al. 2016, "Mastering the game of Go with deep neural networks and tree search": λ × the value
network's + (1 − λ) × a rollout's): ``weight`` × the reward of the table's mean round scores for every seat's
:meth:`~kartentisch.kernel.Game.value_key` in the leaf's determinization + the rest × the random rollout's. The
table values a seat by what it knows of itself; the search samples everything hidden from the bot's seat, so the
bot reads no card its seat may not see.

Why (colors, two seats, ``bench/learned/README.md``): on the same 1,000 deals ISMCTS-150 won 0.601 against the
heuristic, with the shipped table's leaves at weight 0.7 0.674.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..kernel import Game, GameState
from ..kernel.game import is_int
from .ismcts import ISMCTSBot
from .policy import Policy, PolicyError, cached_policy


class TabularSearchBot:
    """Plays a ``"tabular"`` file by ISMCTS with the table's leaf values (module docstring), for any seat.

    Args:
        policy: the loaded file (or its path).
        game: the game played; a file of another game or another kind is refused.
        seed: seeds the search: equal seeds and equal views of the seat give equal choices.
        iterations: ISMCTS iterations per decision (int ≥ 1); ``None``: the file's ``play.iterations``.
        weight: the table's share of a leaf's reward (0–1); ``None``: the file's ``play.weight``.
    Raises:
        PolicyError: the file (:func:`~.policy.load_policy`), another game or kind, ``iterations`` not an integer
            ≥ 1 or ``weight`` not a number from 0 to 1. A table of another player count is refused by :meth:`check`.
    """

    name = "tabular"

    def __init__(self, policy: Policy | str | Path, game: Game, seed: int | None = None, iterations: object = None,
                 weight: object = None) -> None:
        self.policy = policy if isinstance(policy, Policy) else cached_policy(policy)
        where = self.policy.path
        if self.policy.kind != "tabular":
            raise PolicyError(f"policy file {where}: holds {self.policy.contents}, not a table")
        if self.policy.game != game.id:
            raise PolicyError(f"policy file {where}: a table of {self.policy.game!r}, not of {game.id!r}")
        play = self.policy.header["play"]
        iterations = play["iterations"] if iterations is None else iterations
        weight = play["weight"] if weight is None else weight
        if not (is_int(iterations) and iterations >= 1):  # type: ignore[operator]
            raise PolicyError(f"policy {where}: iterations={iterations!r} must be an integer ≥ 1")
        if isinstance(weight, bool) or not isinstance(weight, int | float) or not 0 <= weight <= 1:
            raise PolicyError(f"policy {where}: weight={weight!r} must be a number from 0 to 1")
        self.search = ISMCTSBot(game, seed=seed, iterations=iterations)
        self.search.leaf_values = self.policy.table
        self.search.leaf_weight = float(weight)

    def check(self, players: int, options: Any = None) -> None:
        """Refuse a table of another player count than the file learned at (its keys' round scores are of that
        table; ``options`` such as the target score change no round).

        Raises:
            PolicyError: naming the file and both player counts.
        """
        if players != self.policy.players:
            raise PolicyError(f"policy file {self.policy.path}: learned at {self.policy.players} players of "
                              f"{self.policy.game}, not {players}")

    def choose(self, state: GameState, seat: int) -> str:
        """The most visited root token of the search (:meth:`.ismcts.ISMCTSBot.choose`; a forced decision at once).

        Raises:
            KartentischError: ``seat`` has no decision in ``state``.
        """
        return self.search.choose(state, seat)
