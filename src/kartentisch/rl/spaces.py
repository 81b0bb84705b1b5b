"""Fixed discrete action spaces: token (or token step) ↔ integer id, per game and player count.

The list of actions comes from the game's ``action_space(players, options)`` part
(:class:`~kartentisch.kernel.Parts`, usually its notation module's function): every token that can ever
be legal, in the order that function documents; action id ``i`` is the ``i``-th entry. A game may
also declare ``split_token(token) -> list[str]`` when listing whole tokens is impractical (e.g.
``lastcard``'s help plays choose any subset of a help row); the entries of the space are then
*steps*, and one decision of a seat is a sequence of steps chosen one at a time. Without
``split_token`` every token is one step. Steps must be prefix-free: no legal token's steps may be a
proper prefix of another legal token's steps (checked while playing; a violation raises
:class:`NotationError` naming the game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from ..kernel import Game, GameState, KartentischError

#: Tokens whose step ids are remembered per action space (the cache is emptied when full).
STEP_CACHE = 200_000


class NotationError(KartentischError):
    """A game's ``action_space`` part is missing or inconsistent with the game's legal tokens."""


class LegalSteps(Protocol):
    """A game's legal next steps as action ids, read from the state without listing tokens.

    Built once per action space by the layout's ``legal_steps(space)`` (see
    :class:`~.observations.Layout`); what it answers equals :meth:`ActionSpace.next_steps` on
    ``state.legal_actions(seat)``: ``ids`` its keys, ``token`` its values.
    """

    def ids(self, state: GameState, seat: int, steps: Sequence[int]) -> list[int]:
        """The legal next step ids of ``seat`` (the acting seat) after its chosen ``steps``: a list of
        ints, each id once, in no particular order (empty when it has no decision)."""
        ...

    def token(self, state: GameState, seat: int, steps: Sequence[int], step: int) -> str | None:
        """The token that the legal ``step`` of ``seat`` after ``steps`` completes in ``state``, or ``None``
        when more steps must follow."""
        ...


def _single(token: str) -> list[str]:
    return [token]


class ActionSpace:
    """The fixed discrete action space of ``game`` at ``players`` seats with ``options``.

    Attributes:
        game: the game.
        actions: the step strings, index = action id.
        index: step string → action id.
        split: the game's ``split_token`` part (a one-step token when it has none).

    Raises:
        InvalidOptions: bad player count or options (from the kernel).
        NotationError: no ``action_space`` part, or its list has duplicates.
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.players = players
        self.options = game.resolve_options(players, options)
        action_space = game.parts.action_space
        if action_space is None:
            raise NotationError(f"{game.id}: no 'action_space' part (needed for a fixed action space)")
        self.actions: list[str] = list(action_space(players, self.options))
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise NotationError(f"{game.id}: action_space({players}, …) lists a step twice")
        self.split: Callable[[str], list[str]] = game.parts.split_token or _single
        self._steps: dict[str, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.actions)

    def action_to_token(self, action: int) -> str:
        """The step string of ``action`` (raises ValueError for an id outside ``0 … len-1``)."""
        if not isinstance(action, int | np.integer) or not 0 <= int(action) < len(self.actions):
            raise ValueError(f"{self.game.id}: action id {action!r} outside 0 … {len(self.actions) - 1}")
        return self.actions[int(action)]

    def steps(self, token: str) -> list[int]:
        """Action ids of the steps of ``token`` (raises NotationError if a step is not in the space)."""
        return list(self._cached_steps(token))

    def _cached_steps(self, token: str) -> tuple[int, ...]:
        found = self._steps.get(token)
        if found is None:
            out = []
            for step in self.split(token):
                i = self.index.get(step)
                if i is None:
                    raise NotationError(
                        f"{self.game.id}: legal token {token!r} has step {step!r} outside the action space")
                out.append(i)
            if len(self._steps) >= STEP_CACHE:
                self._steps.clear()
            found = self._steps[token] = tuple(out)
        return found

    def next_steps(self, legal: Sequence[str], prefix: Sequence[int]) -> dict[int, str | None]:
        """Steps that may follow ``prefix`` (ids already chosen in this decision).

        Returns:
            Map action id → the token it completes, or ``None`` when more steps must follow.
        Raises:
            NotationError: a token's steps leave the space or are a proper prefix of another's.
        """
        depth = len(prefix)
        if self.split is _single and not depth:  # every token is one step: a lookup each
            index = self.index
            single: dict[int, str | None] = {index.get(token, -1): token for token in legal}
            if -1 in single:
                self._cached_steps(str(single[-1]))  # raises, naming the token
            return single
        if not depth:  # a decision's first step: no prefix to compare
            first: dict[int, str | None] = {}
            cached = self._steps
            for token in legal:
                ids = cached.get(token) or self._cached_steps(token)
                head = ids[0]
                done = token if len(ids) == 1 else None
                if head in first and (first[head] is None) != (done is None):
                    raise NotationError(f"{self.game.id}: steps of {token!r} are a prefix of another token's")
                first[head] = done
            return first
        prefix = tuple(prefix)
        out: dict[int, str | None] = {}
        for token in legal:
            ids = self._cached_steps(token)
            if len(ids) <= depth or ids[:depth] != prefix:
                if ids == prefix:
                    raise NotationError(f"{self.game.id}: steps of {token!r} are a prefix of another token's")
                continue
            nxt = ids[depth]
            done = token if len(ids) == depth + 1 else None
            if nxt in out and (out[nxt] is None) != (done is None):
                raise NotationError(f"{self.game.id}: steps of {token!r} are a prefix of another token's")
            out[nxt] = done
        return out

    def continuing(self, legal: Sequence[str], depth: int, step: int) -> list[str]:
        """The tokens of ``legal`` whose step at ``depth`` (0-based) is ``step``: after a prefix of
        ``depth`` steps every token of ``legal`` shares, those that go on with ``step`` (in order).

        Raises:
            NotationError: a token has a step outside the space (as :meth:`next_steps`).
        """
        out = []
        for token in legal:
            ids = self._cached_steps(token)
            if len(ids) > depth and ids[depth] == step:
                out.append(token)
        return out

    def mask(self, legal: Sequence[str], prefix: Sequence[int]) -> np.ndarray:
        """Legal-action mask after ``prefix``: shape ``(len(self),)``, dtype int8, 1 = allowed."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[list(self.next_steps(legal, prefix))] = 1
        return mask
