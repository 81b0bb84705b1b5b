"""Gymnasium single-agent environments: one seat learns, the project's bots play the others.

``make("grid", players=2, opponents="random", seat="random")`` is a :class:`KartentischGymEnv`;
``gymnasium.make("kartentisch/grid-v0", opponents="random")`` gives the same through
Gymnasium's registry (with its checking wrappers), and :func:`make_vec` a ``gymnasium.vector``
environment.

* **Opponents** are bot spec strings (``random``, ``heuristic``, ``ismcts:iterations=200``, as
  everywhere in the project), one spec for every other seat or a list cycled over them in
  clockwise order from the agent's left neighbour; any object with ``choose(state, seat)``
  (:class:`kartentisch.kernel.Bot`) works too. Between two decisions of the agent the bots play
  whole tokens until the agent has to decide again or the match is over.
* **Seat**: ``seat="random"`` draws the agent's seat at every reset; an int fixes it.
* **Actions** ``Discrete(len(space))``: the game's fixed action space (:mod:`.spaces`); a
  decision of several steps takes several ``step`` calls.
* **Observations**: the agent's normalised, bounded view vector (``Box(low, high)`` float32,
  :mod:`.observations`, slices in :meth:`KartentischGymEnv.observation_slices`).
* **Masks**: :meth:`KartentischGymEnv.action_masks` (bool, the method sb3-contrib's
  ``MaskablePPO`` reads) and ``info["action_mask"]`` (int8, 1 = legal; stacked by
  ``gymnasium.vector``); ``info["legal_actions"]``: the legal ids, ascending (``np.flatnonzero`` of the mask,
  as RLCard's ``state["legal_actions"]``; empty once the episode is over or after an illegal action).
* **Rewards** for the agent's seat, summed over everything between two of its decisions (the
  bots' moves included): ``"match"`` (default), ``"round"``, ``"margin"`` or a sum such as
  ``"match+margin"`` (:mod:`.table`).
* **Episode end**: ``terminated`` when the match is over (``info["result"]`` is then the agent's
  match result: 1 a win, a share of a shared win, 0 a loss); ``truncated`` after ``max_steps``
  agent steps (``None``: never).
* **Illegal actions**: ``illegal="raise"`` (default) raises ValueError and changes nothing;
  ``illegal="penalty"`` ends the episode (terminated) with ``illegal_reward`` (default -1) and
  ``info["illegal_action"] = True``, as PettingZoo classic's ``TerminateIllegalWrapper``.
* ``skip_forced=True`` plays the agent's decisions that have a single legal step by itself (a
  ``deal``, a lone legal move), so the learner only sees real choices.
* :meth:`KartentischGymEnv.state` / ``state_space``: every seat's observation concatenated, for
  a centralised critic.
* **Seeds**: ``reset(seed=s)`` seeds the environment's generator, which draws the deal, the
  agent's seat and the bots' seeds, so equal seeds give equal episodes for equal actions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from . import require

for _module in ("numpy", "gymnasium"):
    require(_module)

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

from ..bots import make_bot  # noqa: E402
from ..games import all_games, get_game  # noqa: E402
from ..kernel import Bot, Game, GameState  # noqa: E402
from .table import IllegalStep, Table  # noqa: E402

ILLEGAL_MODES = ("raise", "penalty")
RENDER_MODES = ("ansi", "human")
PREFIX = "kartentisch/"


class KartentischGymEnv(gymnasium.Env):  # type: ignore[misc]
    """One seat of one game against bots (module docstring).

    Args:
        game: a game id or a :class:`Game`.
        players: seats at the table.
        opponents: a bot spec (or :class:`Bot`) for every other seat, or a list of them.
        seat: ``"random"`` or the agent's seat ``0 … players-1``.
        options: game options.
        rewards, illegal, illegal_reward, max_steps, skip_forced, render_mode: module docstring.
    Raises:
        KartentischError: unknown game, bad player count or options, a bad bot spec.
        ValueError: bad ``seat``, ``rewards``, ``illegal``, ``max_steps`` or ``render_mode``.
    """

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, game: str | Game, players: int = 2, opponents: str | Bot | Sequence[str | Bot] = "heuristic",
                 seat: int | str = "random", options: dict[str, Any] | None = None, rewards: str = "match",
                 illegal: str = "raise", illegal_reward: float = -1.0, max_steps: int | None = None,
                 skip_forced: bool = False, render_mode: str | None = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.table = Table(self.game, players, options, rewards)
        self.players = players
        if seat != "random" and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
            raise ValueError(f"seat {seat!r}: use 'random' or a seat 0 … {players - 1}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal {illegal!r}: use one of {', '.join(ILLEGAL_MODES)}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps {max_steps} must be ≥ 1 (or None)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} not supported; use None, 'ansi' or 'human'")
        lineup = [opponents] if isinstance(opponents, str) or not isinstance(opponents, Sequence) else list(opponents)
        if not lineup:
            raise ValueError("opponents: give at least one bot spec")
        for spec in lineup:
            if isinstance(spec, str):
                make_bot(spec, self.game, 0, players, options)  # a bad spec fails here, not at the first reset
        self.opponents: list[str | Bot] = lineup
        self.seat_choice = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.skip_forced = skip_forced
        self.render_mode = render_mode
        encoder = self.table.encoder
        self._actions = len(self.table.space)
        self.action_space = spaces.Discrete(self._actions)
        self.observation_space = spaces.Box(encoder.low, encoder.high, (encoder.size,), np.float32)
        self.state_space = spaces.Box(np.tile(encoder.low, players), np.tile(encoder.high, players),
                                      (players * encoder.size,), np.float32)
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self._steps = 0

    # ----------------------------------------------------------------------------- helpers
    @property
    def game_state(self) -> GameState:
        """The kernel state of the match (after :meth:`reset`)."""
        assert self.table.state is not None, "call reset() first"
        return self.table.state

    def observation_slices(self) -> list[dict[str, Any]]:
        """The observation vector's slices: name, shape, offset, scale, bounds, meaning."""
        return self.table.encoder.describe()

    def action_to_token(self, action: int) -> str:
        """The token (or token step) of action id ``action``."""
        return self.table.space.action_to_token(action)

    def action_masks(self) -> np.ndarray:
        """The agent's legal next steps: ``(n,)`` bool (all False once the episode is over)."""
        if self.table.over or self.table.acting() != self.seat:
            return np.zeros(self._actions, dtype=bool)
        return self.table.mask().astype(bool)

    def state(self) -> np.ndarray:
        """Every seat's observation concatenated, seat 0 first (``state_space``)."""
        return self.table.joint()

    def _info(self) -> dict[str, Any]:
        if self.table.over:
            return {"action_mask": np.zeros(self._actions, dtype=np.int8), "legal_actions": [], "seat": self.seat,
                    "result": self.game_state.returns()[self.seat]}
        return {"action_mask": self.table.mask(), "legal_actions": self.table.legal_ids(), "seat": self.seat}

    def _bots_play(self) -> float:
        """Let the bots move until the agent decides (forced steps too, with ``skip_forced``); the agent's rewards."""
        return self.table.advance(self.seat, lambda state, acting: self.bots[acting].choose(state, acting),
                                  self.skip_forced)

    # ----------------------------------------------------------------------------- Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new match: the generator (seeded by ``seed``) draws the deal, the seat and the bots' seeds. A
        match over before the agent's first decision (mayhem's Doomsday at the deal under a low point limit) is
        dealt again (:meth:`.table.Table.deal`).

        ``options`` is accepted for the Gymnasium API and ignored (game options shape the spaces).
        """
        super().reset(seed=seed)
        rng = self.np_random
        self.seat = int(rng.integers(self.players)) if self.seat_choice == "random" else int(self.seat_choice)
        others = [(self.seat + k) % self.players for k in range(1, self.players)]
        self.bots = {}
        for i, s in enumerate(others):
            spec = self.opponents[i % len(self.opponents)]
            self.bots[s] = make_bot(spec, self.game, int(rng.integers(2**63))) if isinstance(spec, str) else spec
        self._steps = 0
        self.table.deal(int(rng.integers(2**63)), self._bots_play)  # a match over before the agent decides: anew
        return self.table.observe(self.seat), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Take one action id of the agent; the bots then play until its next decision.

        Raises:
            ValueError: ``action`` is not a legal next step now and ``illegal="raise"`` (nothing
                changes).
        """
        table = self.table
        if table.over:
            raise ValueError(f"{self.game.id}: the episode is over; call reset()")
        try:
            rewards = table.step(action)
        except IllegalStep:
            if self.illegal == "raise":
                raise
            info = {"action_mask": np.zeros(self._actions, dtype=np.int8), "legal_actions": [], "seat": self.seat,
                    "illegal_action": True}
            return table.observe(self.seat), self.illegal_reward, True, False, info
        self._steps += 1
        reward = rewards[self.seat] if rewards is not None else 0.0
        if rewards is not None or self.skip_forced:
            reward += self._bots_play()
        terminated = table.over
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return table.observe(self.seat), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """``"ansi"``: the agent's view as text; ``"human"``: print it; ``None``: warn, return None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        view = self.game_state.view(self.seat)
        text = (f"{self.game.id} round {view['round']} phase {view['phase']} to_act {view['to_act']} "
                f"totals {view['totals']} (agent: seat {self.seat})\n{json.dumps(view['zones'])}")
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(game: str | Game, players: int = 2, opponents: str | Bot | Sequence[str | Bot] = "heuristic",
         seat: int | str = "random", **kwargs: Any) -> KartentischGymEnv:
    """A :class:`KartentischGymEnv` (no Gymnasium wrappers: the fastest loop). ``kwargs``: ``options``,
    ``rewards``, ``illegal``, ``illegal_reward``, ``max_steps``, ``skip_forced``, ``render_mode``."""
    return KartentischGymEnv(game, players, opponents, seat, **kwargs)


def make_vec(game: str | Game, num_envs: int, vectorization_mode: str = "sync", **kwargs: Any
             ) -> gymnasium.vector.VectorEnv:
    """``num_envs`` copies of :func:`make` as a ``gymnasium.vector`` environment (``"sync"`` or ``"async"``).

    ``reset(seed=s)`` seeds copy ``i`` with ``s + i`` (Gymnasium's rule; a list gives each its own).

    Raises:
        ValueError: ``num_envs`` < 1 or an unknown ``vectorization_mode``.
    """
    if num_envs < 1:
        raise ValueError(f"num_envs {num_envs} must be ≥ 1")
    fns: list[Callable[[], gymnasium.Env]] = [lambda: make(game, **kwargs) for _ in range(num_envs)]
    if vectorization_mode == "sync":
        return gymnasium.vector.SyncVectorEnv(fns)
    if vectorization_mode == "async":
        return gymnasium.vector.AsyncVectorEnv(fns)
    raise ValueError(f"vectorization_mode {vectorization_mode!r}: use 'sync' or 'async'")


def register(game: Game | str) -> str:
    """Register ``kartentisch/<id>-v0`` with Gymnasium (idempotent); returns the id."""
    gid = game if isinstance(game, str) else game.id
    name = f"{PREFIX}{gid}-v0"
    if name not in gymnasium.registry:
        gymnasium.register(name, entry_point=f"{__name__}:KartentischGymEnv", kwargs={"game": gid})
    return name


for _game in all_games():
    register(_game)
