"""The project's bots as agents of the RL environments (PettingZoo opponents, baselines).

:class:`BotAgent` wraps a bot spec (``random``, ``heuristic``, ``ismcts:iterations=200`` …) so it
answers with action ids: ``agent.act(env)`` for the selected agent of a
:mod:`kartentisch.rl.pettingzoo` environment (wrapped or not). The bot chooses a whole token on the
kernel state; a token of several steps is then returned one step per call, so the bot plays
exactly as it does at a table.

>>> from kartentisch.rl.pettingzoo import env
>>> e = env("grid", players=2)
>>> e.reset(seed=1)
>>> bots = {a: BotAgent("heuristic", "grid", seed=i) for i, a in enumerate(e.possible_agents)}
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     e.step(None if termination or truncation else bots[agent].act(e))
>>> sum(e.unwrapped.game_state.returns())
1.0
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..games import get_game
from ..kernel import Bot, Game


class BotAgent:
    """A bot that plays the selected agent of a kartentisch AEC environment.

    Args:
        bot: a bot spec string or a :class:`Bot` (anything with ``choose(state, seat)``).
        game: the game (id or :class:`Game`), needed for a spec.
        seed: the bot's seed (specs only).
    Raises:
        KartentischError: a bad spec.
    """

    def __init__(self, bot: str | Bot, game: str | Game, seed: int | None = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.bot: Bot = make_bot(bot, self.game, seed) if isinstance(bot, str) else bot
        self._plan: list[int] = []

    def act(self, env: Any) -> int:
        """The action id for ``env``'s selected agent (it must be that agent's turn).

        Raises:
            ValueError: the selected agent is in the middle of a decision that this bot did not
                start (its chosen steps are not the start of the bot's token).
        """
        raw = env.unwrapped
        table = raw.table
        seat = raw.agent_name_mapping[raw.agent_selection]
        done = table.steps
        if not done or self._plan[:len(done)] != done:
            if done:
                raise ValueError(f"{self.game.id}: seat {seat} has chosen steps {done} this bot did not plan")
            self._plan = table.space.steps(self.bot.choose(table.state, seat))
        return self._plan[len(done)]
