"""PettingZoo AEC environments for every kartentisch game: ``env("colors", players=3)``.

* **Agents** ``player_0 … player_{n-1}``, agent ``player_s`` is seat ``s``. The agent to act is
  the first seat of ``state.to_act()`` (simultaneous choices such as ``lastcard`` passing are made
  one seat after the other in that order; views never show another seat's unfinished choice).
* **Actions** ``Discrete(len(space))``: the fixed action space of :class:`~.spaces.ActionSpace`
  (the game's ``notation.action_space`` order; :meth:`KartentischEnv.action_to_token` names an
  id). In games whose notation splits tokens into steps (``lastcard``, ``mayhem``) one decision
  may take several ``step`` calls by the same agent; the token applies with its last step.
* **Observations** ``{"observation": float32 (size,), "action_mask": int8 (len(space),)}``: the
  :class:`~.observations.Encoder` vector of that seat's view (its slices:
  :meth:`KartentischEnv.observation_slices`) and the legal next steps (all zero for an agent
  that is not selected).
* **Rewards** ``rewards="match"`` (default): at match end each agent gets
  :meth:`GameState.returns` (a win, shared equally among the winners; sums to 1).
  ``rewards="round"``: whenever a round is scored each agent gets its round score, negated for
  games where lower is better (``Game.score_sign``).
* **Episode end**: every agent terminates when the match is over; there is no truncation.
* ``reset(seed=s)`` deals with ``Game.new_state(players, options, seed=s)``: equal seeds give
  equal matches for equal actions.
"""

from __future__ import annotations

import json
import operator
from typing import Any

from . import require

for _module in ("numpy", "gymnasium", "pettingzoo"):
    require(_module)

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from ..games import get_game  # noqa: E402
from ..kernel import Game  # noqa: E402
from .observations import Encoder  # noqa: E402
from .spaces import ActionSpace  # noqa: E402

REWARD_MODES = ("match", "round")
RENDER_MODES = ("ansi", "human")


class KartentischEnv(AECEnv):  # type: ignore[misc]
    """AEC environment of one game at a fixed player count and options (module docstring).

    Args:
        game: a game id (``"colors"``) or a :class:`Game`.
        players: number of seats (the game's range).
        options: game options (defaults filled in, validated by the kernel).
        render_mode: ``None``, ``"ansi"`` (render returns text) or ``"human"`` (prints it).
        rewards: ``"match"`` or ``"round"`` (module docstring).
    Raises:
        KartentischError: unknown game, bad player count or options, no notation module.
        ValueError: unknown render mode or reward mode.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "kartentisch_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game, players: int = 2, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, rewards: str = "match") -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} not supported; use None, 'ansi' or 'human'")
        if rewards not in REWARD_MODES:
            raise ValueError(f"rewards {rewards!r} not supported; use one of {', '.join(REWARD_MODES)}")
        self.space = ActionSpace(self.game, players, options)
        self.encoder = Encoder(self.game, players, space=self.space)
        self.players = players
        self.render_mode = render_mode
        self.reward_mode = rewards
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        n = len(self.space)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }) for a in self.possible_agents}
        self.state: Any = None
        self._steps: list[int] = []

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
        """The observation vector's slices: name, shape, offset, meaning."""
        return self.encoder.describe()

    # ----------------------------------------------------------------------------- AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match (``seed``: the match generator's seed).

        ``options`` is accepted for the PettingZoo API and ignored: game options shape the spaces,
        so they are fixed by :func:`env`.
        """
        self.state = self.game.new_state(self.players, self.space.options, seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = []
        self._rounds_rewarded = len(self.state.scores)
        self._select()

    def _select(self) -> None:
        acting = self.state.to_act()
        self.agent_selection = self.possible_agents[acting[0] if acting else 0]

    def _legal(self) -> list[str]:
        return self.state.legal_actions(self.agent_name_mapping[self.agent_selection])  # type: ignore[no-any-return]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its view vector and its action mask (zero unless it is selected)."""
        seat = self.agent_name_mapping[agent]
        selected = agent == self.agent_selection and not self.terminations[agent]
        steps = self._steps if selected else []
        mask = (self.space.mask(self._legal(), steps) if selected
                else np.zeros(len(self.space), dtype=np.int8))
        return {"observation": self.encoder.encode(self.state.view(seat), seat, steps), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply ``action`` (an id) of the selected agent; a dead agent must pass ``None``.

        Raises:
            ValueError: ``action`` is not a legal next step now (the state is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        nxt = self.space.next_steps(self._legal(), self._steps)
        try:  # an integer id (int, NumPy integer); 1.5 or "5" are not ids, not even truncated
            index = None if action is None else operator.index(action)
        except TypeError:
            index = None
        if index is None or index not in nxt:
            name = self.space.action_to_token(index) if index is not None else action
            raise ValueError(f"{self.game.id}: action {action!r} ({name!r}) is not legal for {agent} now; "
                             f"legal: {[self.space.actions[i] for i in sorted(nxt)]}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        token = nxt[index]
        if token is None:
            self._steps.append(index)
        else:
            self._steps = []
            self.state.apply(self.agent_name_mapping[agent], token)
            self._reward()
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _reward(self) -> None:
        state = self.state
        if self.reward_mode == "round":
            sign = self.game.score_sign
            for scores in state.scores[self._rounds_rewarded:]:
                for s, a in enumerate(self.possible_agents):
                    self.rewards[a] += float(sign * scores[s])
            self._rounds_rewarded = len(state.scores)
        if state.game_over:
            if self.reward_mode == "match":
                for a, value in zip(self.possible_agents, state.returns(), strict=True):
                    self.rewards[a] = float(value)
            self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        """``"ansi"``: the spectator view as text; ``"human"``: print it; ``None``: warn, return None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        view = self.state.view(None)
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
        render_mode: str | None = None, rewards: str = "match") -> AECEnv:
    """A :class:`KartentischEnv` wrapped in PettingZoo's order-enforcing wrapper (see the class)."""
    return wrappers.OrderEnforcingWrapper(KartentischEnv(game, players, options, render_mode, rewards))
