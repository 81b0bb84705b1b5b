"""PettingZoo AEC environments for every kartentisch game: ``env("colors", players=3)``.

* **Agents** ``player_0 … player_{n-1}``, agent ``player_s`` is seat ``s``. The agent to act is
  the first seat of ``state.to_act()`` (simultaneous choices such as ``lastcard`` passing are made
  one seat after the other in that order; views never show another seat's unfinished choice).
* **Actions** ``Discrete(len(space))``: the fixed action space of :class:`~.spaces.ActionSpace`
  (the game's ``notation.action_space`` order; :meth:`KartentischEnv.action_to_token` names an
  id). In games whose notation splits tokens into steps (``lastcard``, ``mayhem``) one decision
  may take several ``step`` calls by the same agent; the token applies with its last step.
* **Observations**: the :class:`~.observations.Encoder` vector of that seat's view, float32,
  bounded and normalised (``Box(low, high)``, every entry in ``[0, 1]`` or ``[-1, 1]``; slices:
  :meth:`KartentischEnv.observation_slices`). The legal-step mask (``int8``, 1 = allowed) is in
  the observation as PettingZoo's classic environments have it (``action_mask="observation"``,
  default): the dict ``{"observation", "action_mask"}`` (the mask all zero for an agent that is
  not selected), so PettingZoo's ``render_test`` and any tool that samples from
  ``obs["action_mask"]`` play legal moves. ``action_mask="info"`` makes the observation the array
  alone. Either way the selected agent's mask is also ``infos[agent]["action_mask"]``.
  PettingZoo's ``api_test`` warns "Observation is not a NumPy array" for a dict observation of any
  environment missing from its hard-coded list of classic ones; that warning says nothing wrong.
* **Rewards** ``rewards="match"`` (default), ``"round"``, ``"margin"`` or a sum such as
  ``"match+margin"``: see :mod:`.table`.
* **Episode end**: every agent terminates when the match is over. With ``max_cycles`` every agent
  is truncated once that many steps (of all agents together) have been taken.
* **Illegal actions**: ``illegal="raise"`` (default) raises ValueError and changes nothing;
  ``illegal="penalty"`` ends the episode as PettingZoo classic's ``TerminateIllegalWrapper`` does:
  the offending agent gets ``illegal_reward`` (default -1), every agent is terminated, and its
  info says ``illegal_action: True``.
* **Legal action ids**: the selected agent's ``infos[agent]["legal_actions"]`` lists the ids its mask
  allows, ascending (exactly ``np.flatnonzero(mask).tolist()``), as RLCard's ``state["legal_actions"]`` and
  OpenSpiel's ``legal_actions()`` do: an agent that draws from them need not scan a mask as wide as the
  action space (8,510 ids in lastcard at 2 seats). Read from what the mask is built from
  (:meth:`.table.Table.legal_ids`).
* :meth:`KartentischEnv.state` is every seat's observation concatenated (seat 0 first), for a
  centralised critic; ``state_space`` bounds it.
* ``reset(seed=s)`` deals with ``Game.new_state(players, options, seed=s)``: equal seeds give
  equal matches for equal actions. A deal that ends the match before anyone decides (mayhem's
  Doomsday at the deal under a low point limit) is dealt again (:meth:`.table.Table.deal`).
* The project's bots play as agents through :class:`kartentisch.rl.bots.BotAgent`.
* :func:`env` gives the environment itself: it enforces the call order as PettingZoo's
  ``OrderEnforcingWrapper`` does (``reset()`` before ``step``, ``observe``, ``last``, ``state``,
  ``render``, with the same errors) without that wrapper's cost of forwarding every attribute
  (about 9 µs a step, a third of a grid step).
"""

from __future__ import annotations

import json
from typing import Any

from . import require

for _module in ("numpy", "gymnasium", "pettingzoo"):
    require(_module)

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

from ..games import get_game  # noqa: E402
from ..kernel import Game, GameState  # noqa: E402
from .table import IllegalStep, Table  # noqa: E402

RENDER_MODES = ("ansi", "human")
MASK_PLACES = ("info", "observation")
ILLEGAL_MODES = ("raise", "penalty")


class KartentischEnv(AECEnv):  # type: ignore[misc]
    """AEC environment of one game at a fixed player count and options (module docstring).

    Args:
        game: a game id (``"colors"``) or a :class:`Game`.
        players: number of seats (the game's range).
        options: game options (defaults filled in, validated by the kernel).
        render_mode: ``None``, ``"ansi"`` (render returns text) or ``"human"`` (prints it).
        rewards: ``"match"``, ``"round"``, ``"margin"`` or several joined by ``+`` (:mod:`.table`).
        action_mask: ``"observation"`` (default: a dict observation with the mask) or ``"info"`` (the
            array alone); the mask is in the selected agent's info either way (module docstring).
        illegal: ``"raise"`` or ``"penalty"``; ``illegal_reward`` the penalty.
        max_cycles: truncate every agent after this many steps in all (``None``: never).
    Raises:
        KartentischError: unknown game, bad player count or options, no notation module.
        ValueError: unknown render mode, reward mode, mask place or illegal mode; ``max_cycles`` < 1.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "kartentisch_v1", "is_parallelizable": False}

    def __init__(self, game: str | Game, players: int = 2, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, rewards: str = "match", action_mask: str = "observation",
                 illegal: str = "raise", illegal_reward: float = -1.0, max_cycles: int | None = None) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} not supported; use None, 'ansi' or 'human'")
        if action_mask not in MASK_PLACES:
            raise ValueError(f"action_mask {action_mask!r}: use one of {', '.join(MASK_PLACES)}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal {illegal!r}: use one of {', '.join(ILLEGAL_MODES)}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles {max_cycles} must be ≥ 1 (or None)")
        self.table = Table(self.game, players, options, rewards)
        self.space = self.table.space
        self.encoder = self.table.encoder
        self.players = players
        self.render_mode = render_mode
        self.mask_place = action_mask
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_cycles = max_cycles
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        n = len(self.space)
        box = spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32)
        mask = spaces.Box(0, 1, (n,), np.int8)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: box if action_mask == "info" else spaces.Dict({"observation": box, "action_mask": mask})
            for a in self.possible_agents}
        self.state_space = spaces.Box(np.tile(self.encoder.low, players), np.tile(self.encoder.high, players),
                                      (players * self.encoder.size,), np.float32)
        self._zero_mask = np.zeros(n, dtype=np.int8)
        self._has_reset = False

    def _check_reset(self, what: str) -> None:
        if not self._has_reset:
            raise AssertionError(f"reset() needs to be called before {what}.")  # OrderEnforcingWrapper's words

    # ----------------------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The (cached) action space of ``agent``: ``Discrete(len(space))``."""
        return self.action_spaces[agent]

    def action_to_token(self, action: int) -> str:
        """The token (or token step) of action id ``action`` (raises ValueError when out of range)."""
        return self.space.action_to_token(action)

    def token_to_actions(self, token: str) -> list[int]:
        """The action ids that play ``token`` (one per step; raises NotationError outside the space)."""
        return self.space.steps(token)

    def observation_slices(self) -> list[dict[str, Any]]:
        """The observation vector's slices: name, shape, offset, scale, bounds, meaning."""
        return self.encoder.describe()

    @property
    def game_state(self) -> GameState:
        """The kernel state of the match (after :meth:`reset`)."""
        assert self.table.state is not None, "call reset() first"
        return self.table.state

    def state(self) -> np.ndarray:
        """Every seat's observation concatenated, seat 0 first: ``state_space`` (a centralised critic's input)."""
        self._check_reset("state")
        return self.table.joint()

    # ----------------------------------------------------------------------------- AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match (``seed``: the match generator's seed).

        ``options={"state": s}`` starts from the kernel state (or state document) ``s`` instead, e.g.
        a scenario's position; other keys are ignored (game options shape the spaces, so they are
        fixed by :func:`env`).

        Raises:
            ValueError: a state of another game or player count.
        """
        given = (options or {}).get("state")
        self._has_reset = True
        if given is None:
            self.table.deal(seed)
        else:
            self.table.start(given if isinstance(given, GameState) else self.game.load(given, seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, self.table.over)  # over only for a given finished state
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.acting()
        previous = getattr(self, "agent_selection", None)
        infos = self.infos
        if previous in infos:
            info = infos[previous]
            info.pop("action_mask", None)
            info.pop("legal_actions", None)
        self.agent_selection = agent = self.possible_agents[seat if seat is not None else 0]
        if seat is not None:
            info = infos[agent]
            info["action_mask"] = self.table.mask()
            info["legal_actions"] = self.table.legal_ids()

    def observe(self, agent: str) -> np.ndarray | dict[str, np.ndarray]:
        """``agent``'s observation (module docstring: an array, or the dict with its mask)."""
        if not self._has_reset:
            self._check_reset("observe")
        obs = self.table.observe(self.agent_name_mapping[agent])
        if self.mask_place == "info":
            return obs
        mask = self.infos[agent].get("action_mask")  # the selected agent's, while it has a decision
        mask = self._zero_mask.copy() if mask is None or self.terminations[agent] else mask.copy()
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the selected agent."""
        if not self._has_reset:
            self._check_reset("last")
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        """Apply ``action`` (an id) of the selected agent; a dead agent must pass ``None``.

        Raises:
            ValueError: ``action`` is not a legal next step now and ``illegal="raise"`` (the state
                is unchanged).
        """
        if not self._has_reset:
            self._check_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        try:
            rewards = self.table.step(action)
        except IllegalStep:
            if self.illegal == "raise":
                raise
            self._penalise(agent)
            return
        if rewards is None:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        else:
            self.rewards = {a: rewards[self.agent_name_mapping[a]] for a in self.agents}
            for a, value in self.rewards.items():
                cumulative[a] += value
            if self.table.over:
                self.terminations = dict.fromkeys(self.agents, True)
        if self.max_cycles is not None and not self.table.over and self.table.actions >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if self.render_mode == "human":
            self.render()

    def _penalise(self, agent: str) -> None:
        """End the episode for an illegal action (PettingZoo's TerminateIllegalWrapper convention)."""
        self.rewards = {a: 0.0 for a in self.agents}
        self.rewards[agent] = self.illegal_reward
        self.terminations = {a: True for a in self.agents}
        self.infos[agent]["illegal_action"] = True
        self.infos[agent].pop("action_mask", None)
        self.infos[agent].pop("legal_actions", None)
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """``"ansi"``: the spectator view as text; ``"human"``: print it; ``None``: warn, return None."""
        self._check_reset("render")
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        view = self.game_state.view(None)
        head = (f"{self.game.id} round {view['round']} phase {view['phase']} to_act {view['to_act']} "
                f"totals {view['totals']}")
        text = head + "\n" + json.dumps(view["zones"])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game, players: int = 2, options: dict[str, Any] | None = None,
        render_mode: str | None = None, rewards: str = "match", **kwargs: Any) -> KartentischEnv:
    """A :class:`KartentischEnv` (it enforces the call order itself; see the class for ``kwargs``:
    ``action_mask``, ``illegal``, ``illegal_reward``, ``max_cycles``)."""
    return KartentischEnv(game, players, options, render_mode, rewards, **kwargs)


#: PettingZoo's name for the environment before any wrapper: here the same as :func:`env`.
raw_env = env
