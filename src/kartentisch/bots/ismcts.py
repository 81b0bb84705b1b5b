"""Single-observer Information Set Monte Carlo Tree Search (SO-ISMCTS) for any kartentisch game.

Source: P. I. Cowling, E. J. Powley, D. Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012, Algorithm 3
(SO-ISMCTS). One tree is grown for the information set of the bot's seat. Every iteration

1. **determinizes**: samples a full state consistent with ``state.view(seat)`` through the
   kernel's :meth:`~kartentisch.kernel.GameState.determinize` hook;
2. **selects**: descends while every action legal in that determinization already has a child,
   choosing by UCB1 with *availability counts* (a child's exploration term uses the number of
   visits in which it was legal, not the parent's visit count, paper §IV-B);
3. **expands** one untried legal action (below the root, a decision wider than :data:`WIDE_NODE` is the heuristic
   rollout policy's, when there is one);
4. **rolls out** with the chosen policy (uniform random, or the game's ``heuristic`` bot) until
   the reward can be read or the depth cap is hit;
5. **backs up** a per-seat reward vector: each node adds the reward of the seat that chose the
   action leading to it. Multi-player and simultaneous decisions need nothing special: every
   decision (simultaneous choices and reaction windows included) is made by the seat the state
   names first in ``to_act()`` — the same order the simulation engine uses — and a node is chosen
   by that seat's reward (the paper's "max^n" style back-up).

Rewards (``reward=``), all in ``[0, 1]`` per seat:

* ``"win"`` — the match result :meth:`~kartentisch.kernel.GameState.returns` (a win shared
  equally) once the match is over.
* ``"score"`` — when the rollout finishes the current round: the round's scores mapped to
  ``[0, 1]`` (best seat 1, worst 0, linear between; all equal gives 0.5), with the direction the
  game's spec fixes; if that round also ended the match, :meth:`returns` instead.
* ``"margin"`` — like ``"score"``, but by how much: ``0.5 + lead / (2 · scale)`` clipped to
  ``[0, 1]``, where ``lead`` is the seat's round score minus the mean of the others' (sign by the
  game's direction) and ``scale`` the game's ``search.margin_scale`` (colors 8 points; grid, lastcard and
  mayhem 30).

If the depth cap stops a rollout first, the position is *evaluated* (truncated rollouts with a
static evaluation, as in Lanctot, Winands, Pepels & Sturtevant 2014, "Monte Carlo Tree Search
with Heuristic Evaluations using Implicit Minimax Backups"): a game's
:meth:`~kartentisch.kernel.GameState.round_score_now` supplies the provisional round scores "if the
round ended now" (grid, mayhem); where it gives ``None`` the unfinished round counts 0.
``"score"``/``"margin"`` read those provisional scores, ``"win"`` the totals
plus them (each game gives its direction as ``Game.score_sign``).

Each game declares its defaults as ``Game.search`` (a :class:`~kartentisch.kernel.SearchTuning`, in
its rules module), so this bot knows no game. Why each built-in game has the reward, rollout policy
and depth cap it has, with the tournaments measured for each: ``bench/strength/README.md``
("How the search defaults were chosen").

A game that declares no tuning defaults to ``"win"`` (the only reward the kernel protocol defines
for every game).

Speed: inside the tree and in random rollouts the bot applies tokens with the kernel's unchecked
:meth:`~kartentisch.kernel.GameState.apply_unchecked`. Every such token was just taken from
``legal_actions`` of the same seat on the same state, so :meth:`GameState.apply`'s validation
would only repeat work; the chosen token at the real table still goes through the
normal validated ``apply`` of whoever runs the match. Tokens of a heuristic rollout policy are
validated with ``apply`` (a policy's mistake raises instead of corrupting the search).

Hidden chance: the kernel's ``determinize`` reseeds the sample's generator from the bot's own
generator, so the tree never sees the match's real next shuffles (deals, reshuffles).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from ..kernel import Bot, Game, GameState, KartentischError
from ..kernel.game import is_int

#: Decisions a rollout may take when ``depth`` is not given: a safety net far above any round.
SAFETY_DEPTH: Final = 5_000


#: Fewest visits per root token that make "most visited" meaningful. A root decision with more
#: than ``iterations // MIN_VISITS`` legal tokens would get fewer on average (lastcard's pass of
#: 3 of 15 cards: 455 tokens at 1,000 iterations, about 2 each, i.e. a random pick); with a
#: heuristic rollout policy the bot then plays the policy's token instead of searching.
MIN_VISITS: Final = 10
#: Below the root, a decision with more legal tokens than this is made by the heuristic rollout policy, when there
#: is one (lastcard: its pass, 220 or more ways, and its widest plays). Such a node gets a few dozen visits, and an
#: unvisited token is expanded at random: the other seat's pass was a random pass, so the coach gave both seats of
#: a lastcard match 0.84 to 0.96 at once at the first pass (the two seats' best chances summed to 1.54 on average
#: over six deals, 1.19 with this rule). ISMCTS-1000 against the heuristic, lastcard, 200 matches, seed 25001:
#: 0.755 with it, 0.730 without, same time.
WIDE_NODE: Final = 20
#: Weight of a learned root prior in PUCT's exploration term (:attr:`ISMCTSBot.root_prior`): measured in colors
#: (``bench/learned/README.md``), 1 beat 3 and 0.5.
PRIOR_WEIGHT: Final = 1.0

ROLLOUTS: Final = ("random", "heuristic")
REWARDS: Final = ("win", "score", "margin")


class Position(Protocol):
    """What the search reads of the position it decides in: the seats to act, ``seat``'s legal
    tokens and samples of its information set (a :class:`~kartentisch.kernel.GameState`, or a
    wrapper that allows only these, as the coach's tests use)."""

    def to_act(self) -> list[int]:
        """Seats with an open decision now."""
        ...

    def legal_actions(self, seat: object) -> list[str]:
        """Legal tokens of ``seat`` now."""
        ...

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A full state consistent with what ``seat`` knows."""
        ...


def _count(name: str, value: object) -> int | None:
    """``value`` if it is ``None`` or an integer ≥ 1 (a bool is none); else KartentischError naming ``name``."""
    if value is None or is_int(value) and value >= 1:
        return value
    raise KartentischError(f"ismcts: {name} must be an integer ≥ 1, got {value!r}")


def _number(name: str, value: object, says: str, bound: float, inclusive: bool) -> float:
    """``value`` as a float if it is a number (not a bool) above ``bound`` (or equal, ``inclusive``);
    else KartentischError naming ``name`` and ``says`` ("> 0")."""
    if isinstance(value, int | float) and not isinstance(value, bool) and (
            value > bound or inclusive and value == bound):
        return float(value)
    raise KartentischError(f"ismcts: {name} must be a number {says}, got {value!r}")


@dataclass(eq=False)
class _Node:
    """A tree node: reached by ``seat`` playing ``token`` from its parent.

    ``total`` sums the rewards of ``seat`` over the ``visits`` iterations through the node;
    ``avail`` counts the iterations in which its action was legal at the parent (availability).
    """

    seat: int
    token: str
    parent: _Node | None
    visits: int = 0
    avail: int = 1
    total: float = 0.0
    children: dict[tuple[int, str], _Node] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        """UCB1 with availability counts (Cowling et al. 2012, eq. for SO-ISMCTS selection)."""
        return self.total / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


class ISMCTSBot:
    """SO-ISMCTS player for any game following the kernel protocol (see the module docstring).

    The search parameters come from bot specs (``ismcts:iterations=500``), so they take any value
    (typed ``object``) and a wrong one is refused naming it, in the compiled build as in the pure one.

    Args:
        game: the game played (for its heuristic bot and its score direction).
        seed: seed of the bot's generator; with ``time_budget_s=None`` equal seeds and equal
            states give equal choices.
        iterations: iterations per decision (default 1000 when no time budget is given). With a
            time budget as well, search stops at whichever limit comes first.
        time_budget_s: wall-clock seconds per decision (float > 0); searches are then not
            reproducible (the iteration count depends on the machine).
        c: UCB1 exploration constant (≥ 0); rewards lie in ``[0, 1]``. The paper uses 0.7.
        rollout: ``"random"`` (uniform legal tokens), ``"heuristic"`` (the game's rule bot) or
            ``None`` (the game's ``search.rollout``).
        depth: cap on decisions per rollout (int ≥ 1); ``None`` means the game's ``search.depth``,
            else "to the reward point" (safety cap :data:`SAFETY_DEPTH`).
        reward: ``"win"``, ``"score"`` or ``None`` (the game's default, see the table).

    Raises:
        KartentischError: a parameter out of range (naming it), ``rollout="heuristic"`` for a game
            without a heuristic bot, or ``reward="score"`` for a game with no known direction.
    """

    name = "ismcts"

    def __init__(self, game: Game, seed: int | None = None, iterations: object = None,
                 time_budget_s: object = None, c: object = 0.7, rollout: object = None,
                 depth: object = None, reward: object = None) -> None:
        iterations = _count("iterations", iterations)
        time_budget_s = None if time_budget_s is None else _number("time_budget_s", time_budget_s, "> 0", 0.0, False)
        c = _number("c", c, "≥ 0", 0.0, True)
        tuning = game.search
        rollout = rollout if rollout is not None else tuning.rollout
        if not isinstance(rollout, str) or rollout not in ROLLOUTS:
            raise KartentischError(f"ismcts: rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        depth = _count("depth", depth)
        reward = reward if reward is not None else tuning.reward
        if not isinstance(reward, str) or reward not in REWARDS:
            raise KartentischError(f"ismcts: reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        if reward == "margin" and tuning.margin_scale is None:
            raise KartentischError(f"ismcts: reward=margin needs a score scale; {game.id} declares none "
                                   "(Game.search.margin_scale)")
        self.margin_scale = tuning.margin_scale or 1
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = iterations if iterations is not None or time_budget_s is not None else 1000
        self.time_budget_s = time_budget_s
        self.c = c
        self.rollout = rollout
        self.depth = depth if depth is not None else tuning.depth or SAFETY_DEPTH
        self.reward = reward
        self.direction = game.score_sign
        self.policy: Bot | None = None
        if rollout == "heuristic":
            try:
                self.policy = game.heuristic_bot(self.rng.getrandbits(63))
            except NotImplementedError as exc:
                raise KartentischError(f"ismcts: rollout=heuristic, but {exc}") from None
        #: Iterations run by the last :meth:`choose` (0 when the decision was forced).
        self.last_iterations = 0
        #: Root visits per legal token of the last :meth:`choose` that searched (empty when it did not: a forced
        #: decision or the heuristic's wide one); the tree policy an apprentice learns from (Anthony, Tian &
        #: Barber 2017, "Thinking Fast and Slow with Deep Learning and Tree Search").
        self.last_visits: dict[str, int] = {}
        #: The root tokens the running :meth:`search` may consider (``None``: all legal ones).
        self._only: frozenset[str] | None = None
        #: A learned prior over the next decision's tokens (probabilities; set by its caller before :meth:`choose`,
        #: e.g. a value file's move scores, :mod:`.valuesearch`): while it is not empty the root chooses by PUCT
        #: (:meth:`_puct`) instead of UCB1 and tries untried tokens in the prior's order, as AlphaZero does (Silver
        #: et al. 2017); deeper nodes are unchanged.
        self.root_prior: dict[str, float] = {}
        #: A learned table of round scores by :meth:`Game.value_key <kartentisch.kernel.Game.value_key>` (points;
        #: set by its caller, :mod:`.tabular`): while it is not empty a leaf's reward is ``leaf_weight`` × the
        #: reward of the table's scores for every seat plus the rest × the rollout's, as AlphaGo mixes its value
        #: network with its rollouts (Silver et al. 2016, "Mastering the game of Go with deep neural networks and
        #: tree search", λ); a leaf with a seat's key not in the table takes the rollout's alone.
        self.leaf_values: dict[int, float] = {}
        self.leaf_weight = 0.0

    # ----------------------------------------------------------------- public
    def choose(self, state: GameState, seat: int) -> str:
        """Return the legal token of ``seat`` whose root child was visited most.

        Reads only ``seat``'s information set: the hidden part of ``state`` is re-sampled every
        iteration. A forced decision (one legal token) returns at once; a decision too wide for
        the iterations (see :data:`MIN_VISITS`) is the heuristic rollout policy's, when there is one.

        Raises:
            KartentischError: ``seat`` has no decision in ``state``.
        """
        legal = state.legal_actions(seat)
        if not legal:
            raise KartentischError(f"ismcts: seat {seat} has no decision now (to_act={state.to_act()})")
        self.last_iterations = 0
        self.last_visits = {}
        if len(legal) == 1:
            return legal[0]
        if self.policy is not None and self.iterations is not None and len(legal) * MIN_VISITS > self.iterations:
            return self.policy.choose(state, seat)
        stats = self.search(state, seat)
        self.last_visits = {tok: stats[tok][0] for tok in legal}
        return max(legal, key=lambda tok: stats[tok][0])

    def search(self, state: Position, seat: int, only: Collection[str] | None = None) -> dict[str, tuple[int, float]]:
        """Run the search for ``seat``'s decision (the iteration and time limits of the bot) and
        return ``{token: (visits, total reward of seat)}`` for every legal token (``(0, 0.0)`` when
        unvisited). ``only``: the root considers just these tokens (each legal for ``seat``), so a
        wide decision can be searched on a candidate set. Reads only ``seat``'s information set;
        sets :attr:`last_iterations`.

        Raises:
            KartentischError: ``seat`` has no decision in ``state``, or ``only`` holds no legal token.
        """
        legal = state.legal_actions(seat)
        if not legal:
            raise KartentischError(f"ismcts: seat {seat} has no decision now (to_act={state.to_act()})")
        self._only = frozenset(only) if only is not None else None
        if self._only is not None and not self._only & set(legal):
            raise KartentischError(f"ismcts: none of the tokens to search is legal for seat {seat}")
        root = _Node(seat=-1, token="", parent=None)
        deadline = time.perf_counter() + self.time_budget_s if self.time_budget_s is not None else None
        done = 0
        while (self.iterations is None or done < self.iterations) and (
                deadline is None or done == 0 or time.perf_counter() < deadline):
            self._iterate(root, state, seat)
            done += 1
        self.last_iterations = done
        stats = {tok: (0, 0.0) for tok in legal}
        for (s, tok), child in root.children.items():
            if s == seat and tok in stats:
                stats[tok] = (child.visits, child.total)
        return stats

    # ----------------------------------------------------------------- one iteration
    def _iterate(self, root: _Node, state: Position, seat: int) -> None:
        """Determinize, select, expand, roll out, back up (one SO-ISMCTS iteration)."""
        det = state.determinize(seat, self.rng)
        start_round = len(det.scores)
        node = root
        # Selection: descend while every legal action already has a child. The root decision is
        # ``seat``'s even when it is not first in ``to_act`` (a simultaneous choice asked of it).
        while not det.game_over:
            actor = seat if node is root else det.to_act()[0]
            legal = det.legal_actions(actor)
            if node is root and self._only is not None:
                legal = [tok for tok in legal if tok in self._only]
            elif node is not root and self.policy is not None and len(legal) > WIDE_NODE:
                legal = [self.policy.choose(det, actor)]  # too wide to search here (WIDE_NODE)
            kids = node.children
            if node is root and self.root_prior:
                token = self._puct(root, actor, legal)
                child_or_none = kids.get((actor, token))
                det.apply_unchecked(actor, token)
                if child_or_none is None:
                    node = kids[(actor, token)] = _Node(seat=actor, token=token, parent=node)
                    break
                node = child_or_none
                if self._reward_ready(det, start_round):
                    break
                continue
            children: list[_Node] = []
            untried: list[str] = []
            for tok in legal:  # one lookup per token (compiled, each builds and hashes a key tuple)
                ch = kids.get((actor, tok))
                if ch is None:
                    untried.append(tok)
                else:
                    children.append(ch)
            if untried:
                token = untried[int(self.rng.random() * len(untried))]
                child = _Node(seat=actor, token=token, parent=node)
                kids[(actor, token)] = child
                det.apply_unchecked(actor, token)
                node = child
                break
            # UCB1 by hand rather than max(key=…): compiled, the key is an interpreted call per child.
            # The first child of the highest value wins, as with max().
            best = children[0]
            best.avail += 1
            best_value = best.ucb(self.c)
            for ch in children[1:]:
                ch.avail += 1
                value = ch.ucb(self.c)
                if value > best_value:
                    best, best_value = ch, value
            node = best
            det.apply_unchecked(actor, node.token)
            if self._reward_ready(det, start_round):
                break
        leaf = self._leaf(det, start_round)
        reward = self._rollout(det, start_round)
        if leaf is not None:
            w = self.leaf_weight
            reward = [w * v + (1.0 - w) * r for v, r in zip(leaf, reward, strict=True)]
        while node is not root and node is not None:
            node.visits += 1
            node.total += reward[node.seat]
            node = node.parent  # type: ignore[assignment]

    def _puct(self, root: _Node, seat: int, legal: list[str]) -> str:
        """The root token of the highest ``Q + w · P · √N / (1 + n)`` (PUCT, Silver et al. 2017; ``P`` from
        :attr:`root_prior`, ``w`` :data:`PRIOR_WEIGHT`, ``N`` the root's visits + 1): an unvisited token counts ``Q``
        0.5, the middle of the reward range, so the prior alone orders the untried ones."""
        kids = root.children
        scale = math.sqrt(1 + sum(ch.visits for ch in kids.values()))
        best, best_value = legal[0], -math.inf
        for tok in legal:
            ch = kids.get((seat, tok))
            visits = ch.visits if ch is not None else 0
            mean = ch.total / visits if ch is not None and visits else 0.5
            value = mean + PRIOR_WEIGHT * self.root_prior.get(tok, 0.0) * scale / (1 + visits)
            if value > best_value:
                best, best_value = tok, value
        return best

    def _reward_ready(self, det: GameState, start_round: int) -> bool:
        """Whether the reward can be read now (match over; for ``score`` also a finished round)."""
        return det.game_over or (self.reward != "win" and len(det.scores) > start_round)

    def _leaf(self, det: GameState, start_round: int) -> list[float] | None:
        """The reward vector of :attr:`leaf_values`' scores at the leaf ``det``; ``None`` without a table, once the
        reward can be read, or when a seat's key is not in the table."""
        if not self.leaf_values or self._reward_ready(det, start_round):
            return None
        scores: list[float] = []
        for s in range(det.players):
            key = self.game.value_key(det, s)
            value = None if key is None else self.leaf_values.get(key)
            if value is None:
                return None
            scores.append(value)
        return self._round_reward(scores)

    def _rollout(self, det: GameState, start_round: int) -> list[float]:
        """Play ``det`` on with the rollout policy; return the per-seat reward vector."""
        random_ = self.rng.random  # int(random() * n): uniform up to n / 2**53, and cheaper than randrange
        steps = 0
        while not self._reward_ready(det, start_round) and steps < self.depth:
            actor = det.to_act()[0]
            if self.policy is not None:
                # The policy's token is not taken from ``_legal``: validate it like any bot's.
                det.apply(actor, self.policy.choose(det, actor))
            else:
                legal = det.legal_actions(actor)
                det.apply_unchecked(actor, legal[int(random_() * len(legal))])
            steps += 1
        if det.game_over:
            return det.returns()
        if self.reward != "win" and len(det.scores) > start_round:
            return self._round_reward(det.scores[start_round])
        provisional = (None if det.round_over else det.round_score_now()) or [0] * det.players
        if self.reward != "win":
            return self._round_reward(provisional)
        return self._normalise([t + p for t, p in zip(det.totals, provisional, strict=True)])

    def _round_reward(self, values: Sequence[float]) -> list[float]:
        """Per-seat reward of round scores ``values``: ranked (``score``) or by margin (``margin``)."""
        if self.reward == "score":
            return self._normalise(values)
        signed = [self.direction * v for v in values]
        n, total, half_range = len(values), sum(signed), 2.0 * self.margin_scale
        # lead over the others' mean, 0.5 at par, 0 / 1 at ∓ margin_scale (clipped)
        return [min(1.0, max(0.0, 0.5 + (v - (total - v) / (n - 1)) / half_range)) for v in signed]

    def _normalise(self, values: Sequence[float]) -> list[float]:
        """Map per-seat values to ``[0, 1]`` in the game's direction (best 1, worst 0, all equal 0.5)."""
        signed = [self.direction * v for v in values]
        lo, hi = min(signed), max(signed)
        if hi == lo:
            return [0.5] * len(values)
        return [(v - lo) / (hi - lo) for v in signed]
