"""The match an environment steps: one state, the acting seat's chosen steps, masks and rewards.

Shared by the PettingZoo environment (:mod:`.pettingzoo`) and the Gymnasium single-agent
environment (:mod:`.gym`), so both step, mask, observe and reward the same way.

**Steps.** A decision is one token; in games whose notation splits tokens into steps
(:mod:`.spaces`) it is several actions of the same seat, the token applying with its last step.
:meth:`Table.step` takes one action id; :meth:`Table.play` applies a whole token (a bot's).

**Rewards** (``rewards``, one mode or several joined by ``+``, summed):

* ``match``: at the match end each seat gets :meth:`GameState.returns` (a win, shared equally
  among the winners; sums to 1), else 0.
* ``round``: whenever a round is scored each seat gets its round score, negated where lower is
  better (``Game.score_sign``).
* ``margin``: whenever a round is scored, each seat's lead over the mean of the others' round
  scores (in the game's direction), over the layout's points scale: dense, zero-sum, about
  ``-1 … 1``, the shaped reward for learning.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..kernel import Game, GameState
from .observations import Encoder
from .spaces import ActionSpace, LegalSteps

REWARD_MODES = ("match", "round", "margin")
#: How many deals in a row :meth:`Table.deal` tries before it gives up.
REDEALS = 100


class IllegalStep(ValueError):
    """An action id that is not a legal next step now (the table is unchanged)."""


def reward_modes(rewards: str) -> tuple[str, ...]:
    """The modes of a ``rewards`` string (``"match"``, ``"match+margin"`` …).

    Raises:
        ValueError: an unknown or repeated mode.
    """
    modes = tuple(m.strip() for m in rewards.split("+"))
    bad = [m for m in modes if m not in REWARD_MODES]
    if bad or len(set(modes)) != len(modes) or not modes:
        raise ValueError(f"rewards {rewards!r}: use one of {', '.join(REWARD_MODES)} or several joined by '+'")
    return modes


class Table:
    """One match of ``game`` at ``players`` seats with ``options``, as environments step it.

    Attributes:
        game, players, space (:class:`~.spaces.ActionSpace`), encoder (:class:`~.observations.Encoder`).
        state: the kernel state (``None`` before :meth:`reset`); moved on only through the table (:meth:`step`,
            :meth:`play`, :meth:`start`), which keeps the acting seat, its mask and ids per state.
        steps: action ids the acting seat has chosen in its unfinished decision.
        decisions: tokens applied since :meth:`reset`; ``actions``: action ids taken.
    Raises:
        KartentischError: unknown game, bad player count or options, no notation or layout.
        ValueError: bad ``rewards``.
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None,
                 rewards: str = "match") -> None:
        self.game = game
        self.players = players
        self.space = ActionSpace(game, players, options)
        self.encoder = Encoder(game, players, space=self.space)
        self.modes = reward_modes(rewards)
        self.points = self.encoder.layout.points(players, self.space.options)
        make = self.encoder.layout.legal_steps
        #: The game's listing of legal step ids from the state (``None``: narrow the listed tokens).
        self.legal: LegalSteps | None = make(self.space) if make is not None else None
        self.state: GameState | None = None
        self.steps: list[int] = []
        self._next: dict[int, str | None] | None = None
        #: The acting seat's legal next step ids as a mask (``None``: not yet read); written into ``_buffer``,
        #: whose only ones are those of ``_ids`` (cleared id by id: no new 8,510-entry array per step).
        self._mask: np.ndarray | None = None
        self._buffer = np.zeros(len(self.space), dtype=np.int8)
        #: The acting seat, read once per state (``-1``: not yet read since the state changed).
        self._seat: int | None = -1
        #: The same ids as an ascending list (read with the mask).
        self._ids: list[int] = []
        #: The acting seat's legal tokens that continue its chosen ``steps`` (``None``: list them anew).
        self._tokens: list[str] | None = None
        self.decisions = self.actions = 0
        self._scored = 0

    def reset(self, seed: int | None) -> GameState:
        """Deal a new match with ``Game.new_state(players, options, seed)``; returns the state."""
        return self.start(self.game.new_state(self.players, self.space.options, seed))

    def deal(self, seed: int | None, before: Callable[[], object] | None = None) -> GameState:
        """Deal a match that is not over before its first decision (the environments' ``reset``): :meth:`reset`
        with ``seed``, then ``before()`` (the Gym environment's opponents moving up to its agent's first decision);
        while the match is over by then, deal again with seeds drawn from ``random.Random(seed)``, so equal seeds
        still give equal matches. A match can end at its deal (mayhem R46: Doomsday turned up at the deal scores
        50 to every seat, which ends the match under a point limit of 50 or less); it has nothing to decide, and
        PettingZoo's AEC API has no episode that is over at its reset.

        Raises:
            RuntimeError: :data:`REDEALS` deals in a row were over before a decision (options no match can be
                played under).
        """
        more = random.Random(seed)
        for _ in range(REDEALS):
            state = self.reset(seed)
            if before is not None:
                before()
            if not state.game_over:
                return state
            seed = more.getrandbits(63)
        raise RuntimeError(f"{self.game.id}: {REDEALS} deals in a row ended before the first decision")

    def start(self, state: GameState) -> GameState:
        """Continue from ``state`` (a scenario position, say) as if it had just been dealt; returns it.

        Raises:
            ValueError: ``state`` is of another game or player count.
        """
        if state.game.id != self.game.id or state.players != self.players:
            raise ValueError(f"a {state.game.id} state with {state.players} seats does not fit this "
                             f"{self.game.id} table with {self.players}")
        self.state = state
        self.steps = []
        self._next = self._mask = None
        self._seat = -1
        self._tokens = None
        self.decisions = self.actions = 0
        self._scored = len(state.scores)
        return state

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.state is not None and self.state.game_over

    def acting(self) -> int | None:
        """The seat that decides now (the first of ``to_act``), ``None`` once the match is over."""
        assert self.state is not None
        if self._seat == -1:
            to_act = self.state.to_act()
            self._seat = to_act[0] if to_act else None
        return self._seat

    def next_steps(self) -> dict[int, str | None]:
        """The acting seat's legal next steps: id → the token it completes (``None``: more follow).

        A decision's tokens are listed once, at its first step; each further step of it reads only
        the tokens that continue the steps chosen so far (the state does not change until a token
        applies), not every legal token again. With the game's :attr:`legal` listing no token is
        listed: the ids come from the state, the tokens from the chosen steps.
        """
        if self._next is None and self.legal is not None:
            legal, state, seat = self.legal, self.state, self.acting()
            assert state is not None
            self._legal_mask()
            self._next = {i: legal.token(state, seat, self.steps, i) for i in self._ids} if seat is not None else {}
        if self._next is None:
            state = self.state
            assert state is not None
            seat = self.acting()
            if seat is None:
                self._next = {}
            else:
                if self._tokens is None:
                    self._tokens = state.legal_actions(seat)
                self._next = self.space.next_steps(self._tokens, self.steps)
        return self._next

    def _legal_mask(self) -> np.ndarray:
        """The acting seat's mask and its ids (``_ids``), read once per step and kept; callers get copies."""
        if self._mask is None:
            state, seat = self.state, self.acting()
            assert state is not None
            if self.legal is not None:
                ids = sorted(self.legal.ids(state, seat, self.steps)) if seat is not None else []
            else:
                ids = sorted(self.next_steps())
            mask = self._buffer
            for i in self._ids:  # a few ids: item by item is cheaper than NumPy's fancy index of a list
                mask[i] = 0
            for i in ids:
                mask[i] = 1
            self._ids = ids
            self._mask = mask
        return self._mask

    def mask(self) -> np.ndarray:
        """Legal-step mask of the acting seat: ``(len(space),)`` int8, 1 = allowed (a new array)."""
        return self._legal_mask().copy()

    def legal_ids(self) -> list[int]:
        """The acting seat's legal next step ids, ascending: ``np.flatnonzero(mask()).tolist()`` without
        scanning the mask (a new list; empty once the match is over). What RLCard's ``state["legal_actions"]``
        and OpenSpiel's ``legal_actions()`` give an agent: it may draw from these instead of the
        ``len(space)``-wide mask (8,510 entries in lastcard at 2 seats)."""
        self._legal_mask()
        return list(self._ids)

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation (with its chosen steps if it is acting): ``(encoder.size,)`` float32,
        written incrementally (:meth:`~.observations.Encoder.observe`)."""
        assert self.state is not None
        acting = bool(self.steps) and seat == self.acting()
        return self.encoder.observe(self.state, seat, self.steps if acting else ())

    def joint(self) -> np.ndarray:
        """Every seat's observation, seat 0 first: ``(players * encoder.size,)`` float32 (:meth:`state`
        of the environments: what all seats see together, for a centralised critic)."""
        return np.concatenate([self.observe(s) for s in range(self.players)])

    def check(self, action: object) -> tuple[int, str | None]:
        """``action`` as a legal next step ``(id, token it completes or None)``.

        Raises:
            IllegalStep: not an integer id (a NumPy integer is one; 1.5 or ``"5"`` are not), or not
                legal now; the message names the legal steps.
        """
        try:
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            index = None
        inside = index is not None and 0 <= index < len(self.space)
        if self.legal is not None and index is not None and inside and self._legal_mask()[index]:
            seat = self.acting()
            assert self.state is not None and seat is not None  # a legal step has an acting seat
            return index, self.legal.token(self.state, seat, self.steps, index)
        nxt = self.next_steps()
        if index is None or index not in nxt:
            name = self.space.actions[index] if index is not None and inside else action
            raise IllegalStep(f"{self.game.id}: action {action!r} ({name!r}) is not legal for seat "
                              f"{self.acting()} now; legal: {[self.space.actions[i] for i in sorted(nxt)]}")
        return index, nxt[index]

    def step(self, action: object) -> list[float] | None:
        """Take one action id of the acting seat.

        Returns:
            The rewards per seat if the step completed a token (applied), else ``None``.
        Raises:
            IllegalStep: as :meth:`check`; nothing changes.
        """
        index, token = self.check(action)
        self.actions += 1
        self._next = self._mask = None
        if token is None:
            if self.legal is None:
                assert self._tokens is not None  # check() listed them
                self._tokens = self.space.continuing(self._tokens, len(self.steps), index)
            self.steps.append(index)
            return None
        seat = self.acting()
        assert seat is not None
        self.steps = []
        return self._apply(seat, token, checked=False)

    def play(self, seat: int, token: str) -> list[float]:
        """Apply a whole token of ``seat`` (a bot's move; checked by the kernel); returns the rewards."""
        if self.steps:
            raise IllegalStep(f"{self.game.id}: seat {self.acting()} is in the middle of a decision")
        return self._apply(seat, token)

    def advance(self, seat: int, choose: Callable[[GameState, int], str], forced: bool = True) -> float:
        """Let the other seats move (``choose(state, acting)``: their bots' tokens) and, with ``forced``, take
        ``seat``'s forced steps (a next step without an alternative), until ``seat`` has a choice or the match is
        over. Returns the rewards ``seat`` got meanwhile, summed. The training's batched evaluation and the Gym
        environment's opponents both move through here."""
        state = self.state
        assert state is not None
        total = 0.0
        while not state.game_over:
            acting = self.acting()
            assert acting is not None
            if acting != seat:
                total += self.play(acting, choose(state, acting))[seat]
                continue
            if not forced:
                break
            nxt = self.next_steps()
            if len(nxt) != 1:
                break
            rewards = self.step(next(iter(nxt)))
            if rewards is not None:
                total += rewards[seat]
        return total

    def _apply(self, seat: int, token: str, checked: bool = True) -> list[float]:
        """Apply ``seat``'s ``token`` (unchecked when it was completed by legal steps: a token of the listing,
        :meth:`check`) and return the rewards."""
        state = self.state
        assert state is not None
        if checked:
            state.apply(seat, token)
        else:
            state.apply_unchecked(seat, token)
        self._next = self._mask = None
        self._seat = -1
        self._tokens = None
        self.decisions += 1
        rewards = [0.0] * self.players
        if len(state.scores) > self._scored:
            self._round_rewards(rewards, state.scores[self._scored:])
            self._scored = len(state.scores)
        if state.game_over and "match" in self.modes:
            for s, value in enumerate(state.returns()):
                rewards[s] += value
        return rewards

    def _round_rewards(self, rewards: list[float], rounds: Sequence[Sequence[int]]) -> None:
        sign, n = self.game.score_sign, self.players
        for scores in rounds:
            signed = [sign * x for x in scores]
            if "round" in self.modes:
                for s in range(n):
                    rewards[s] += float(signed[s])
            if "margin" in self.modes and n > 1:
                total = sum(signed)
                for s in range(n):
                    rewards[s] += (signed[s] - (total - signed[s]) / (n - 1)) / self.points
