"""A learned evaluation (issue 36 item 3): a value network V(a seat's observation) → the seat's expected round margin.

**Target.** For a position in a round, the observing seat's *round margin* once the round is scored: its round score
minus the mean of the others' (sign by the game's direction, ``Game.score_sign``: grid R17–R19 and mayhem R70, lower
is better), divided by the game's ``search.margin_scale`` (grid: 30 points, e.g.). This is ISMCTS's ``margin``
reward (:mod:`kartentisch.bots.ismcts`) before its clipping to ``[0, 1]``: a round of grid is a dense, low-variance
signal, and the match is the sum of its rounds. It ignores the match situation (as ISMCTS's reward does).

By default (header ``"target": "round margin minus provisional"``) the network learns the *residual*: that margin
minus the :func:`provisional` one, what the round would score if it ended now (the game's ``round_score_now``, the
evaluation ISMCTS uses at its depth cap), read from the true state. The provisional part is computed, not learned:
the search adds it back from each determinization (:mod:`kartentisch.bots.valuesearch`), so the sampled hidden
cards' values are averaged exactly and the network models only what play still changes — a learned correction of a
static evaluation, the smaller and less noisy target (a control variate).

With a ``horizon`` of N decisions the residual ends there instead of at the round's end: the provisional margin N
decisions later minus the one now (the round's margin if it ends sooner), an n-step return bootstrapped by the
static evaluation (Sutton & Barto 2018, §7.1), as ISMCTS scores its depth-capped rollouts (Lanctot et al. 2014).
Measured in grid (``bench/learned/README.md``): the shorter the horizon, the better the one-ply search plays
against the heuristic, down to 2–3 decisions: to the round's end it lost every match, with horizon 6 it won
0.39–0.43, with horizons 3 and 2 0.650 and 0.645 over 400 matches, with horizon 1 0.41 over 100.

**Data** (:func:`positions`): matches of fast bots (``heuristic`` by default) with an ``explore`` share of uniformly
random moves so the network also sees positions the heuristic would not reach; a ``keep`` share of the positions
(every seat with a decision to come, after every move) is encoded from each seat's observation
(:meth:`~kartentisch.rl.observations.Encoder.encode_state`, the seat's view only) and labelled with that seat's
margin of the round. This is Monte-Carlo policy evaluation of the data's bots; searching one ply with it
(:mod:`kartentisch.bots.valuesearch`) is one step of policy improvement (Sutton & Barto 2018, §4.3; the
AlphaZero/DouZero family evaluates positions with a learned network in the same way).

**Training** (:func:`fit`): mean squared error, Adam (Kingma & Ba 2015), minibatches, NumPy only (no torch), a held
out tenth for the validation error. The result is saved with :func:`kartentisch.bots.policy.save_policy` as
``kind="value"``, its header holding the command, seed and figures.

Run ``python -m kartentisch.rl.value GAME --out FILE`` (:func:`main`; ``--help`` lists the options).
"""

from __future__ import annotations

import argparse
import functools
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from ..bots import make_bot
from ..bots.ismcts import ISMCTSBot
from ..bots.policy import CHANGE, Network, save_policy
from ..games import get_game
from ..kernel import Game, GameState, KartentischError
from ..sim.engine import derive_seed
from .observations import Encoder


def margins(game: Game, scores: Sequence[int], scale: float) -> list[float]:
    """Per seat: its round score minus the others' mean, in the game's direction (positive = better), over
    ``scale``. ``scores``: one round's scores by seat (at least two seats)."""
    signed = [game.score_sign * v for v in scores]
    n, total = len(signed), sum(signed)
    return [(v - (total - v) / (n - 1)) / scale for v in signed]


def margin_scale(game: Game) -> float:
    """The game's ``search.margin_scale`` (points), the target's unit.

    Raises:
        KartentischError: the game declares none.
    """
    scale = game.search.margin_scale
    if not scale:
        raise KartentischError(f"{game.id} declares no score scale (Game.search.margin_scale); a value target "
                               "needs one")
    return float(scale)


def provisional(game: Game, state: GameState, scale: float) -> list[float]:
    """Per seat, the round margin (:func:`margins`) if the round ended now: the game's
    :meth:`~kartentisch.kernel.GameState.round_score_now` (grid R16–R18: every card left in a grid at its value),
    0 for every seat where the game has no such estimate. Read from a full state: the trainer's true one, or the
    search's determinization (a sample of what the seat cannot see)."""
    now = state.round_score_now()
    return margins(game, now, scale) if now is not None else [0.0] * state.players


def _data_setup(game: Game, players: int, options: Mapping[str, Any] | None, seed: int,
                first: int) -> tuple[float, dict[str, Any], Encoder, random.Random]:
    """The data's margin scale (:func:`margin_scale`), resolved options, observation encoder and generator: the
    generator of the data's matches from match ``first`` on (``seed`` itself from match 0, so a run in one process
    draws as before :func:`main`'s ``--jobs``; a later chunk's its own seed)."""
    opts = game.resolve_options(players, options)
    rng = random.Random(seed if first == 0 else derive_seed(seed, "chunk", first))
    return margin_scale(game), opts, Encoder(game, players, opts), rng


def _data_match(game: Game, players: int, opts: Mapping[str, Any], seed: int, bots: Sequence[str],
                m: int) -> tuple[list[str], list[Any], GameState]:
    """Match ``m`` of the data: its bot specs (``bots`` cycled over the seats, rotated a seat each match), its
    seeded bots and its first state."""
    specs = [bots[(s + m) % len(bots)] for s in range(players)]
    seated = [make_bot(spec, game, derive_seed(seed, "value", m, s)) for s, spec in enumerate(specs)]
    return specs, seated, game.new_state(players, opts, seed=derive_seed(seed, "deal", m))


def positions(game: Game, players: int, options: Mapping[str, Any] | None, matches: int, seed: int,
              bots: Sequence[str] = ("heuristic",), explore: float = 0.05, keep: float = 0.2,
              residual: bool = True, horizon: int = 0, first: int = 0,
              log: Callable[[str], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Observations and round-margin targets from ``matches`` matches (module docstring).

    Args:
        bots: bot specs, cycled over the seats and rotated by one seat each match.
        explore: share of moves played uniformly at random instead of by the seat's bot (0 ≤ explore ≤ 1).
        keep: share of the (position, seat) pairs kept (0 < keep ≤ 1).
        residual: the target is the round margin minus the position's :func:`provisional` margin (what the
            round would score if it ended now), so the network learns what play still changes, not the plain
            sum of the cards (module docstring).
        horizon: with ``horizon`` ≥ 1 (and ``residual``), the target is the change of the provisional margin over
            the next ``horizon`` decisions (the round's margin if it ends sooner): an n-step return bootstrapped by
            the static evaluation, as a depth-capped rollout is scored (module docstring); 0: to the round's end.
        first: the index of the first match (its deal and bots' seeds are match ``first``'s of ``seed``): a chunk of
            a larger run (:func:`main`'s ``--jobs``).
    Returns:
        ``x`` of shape ``(samples, observation size)`` float32 and ``y`` of shape ``(samples,)`` float32 (margins
        over :func:`margin_scale`).
    Raises:
        KartentischError: a bad bot spec, share or count, or a game without a score scale.
    """
    if not (0 <= explore <= 1 and 0 < keep <= 1 and matches >= 1 and bots and horizon >= 0
            and (residual or not horizon)):
        raise KartentischError(f"value data: need matches ≥ 1, 0 ≤ explore ≤ 1, 0 < keep ≤ 1, a bot and a horizon "
                               f"≥ 0 (with a residual target); got matches={matches}, explore={explore}, keep={keep}, "
                               f"bots={list(bots)}, horizon={horizon}, residual={residual}")
    scale, opts, encoder, rng = _data_setup(game, players, options, seed, first)
    xs: list[np.ndarray] = []
    ys: list[float] = []
    started = time.perf_counter()
    for m in range(first, first + matches):
        _, seated, state = _data_match(game, players, opts, seed, bots, m)
        pending: list[tuple[np.ndarray, int, float, int]] = []  # observation, seat, base, decision it is due
        scored = decisions = 0
        while not state.game_over:
            if not state.round_over:
                base = provisional(game, state, scale) if residual else [0.0] * players
                for s in range(players):
                    if rng.random() < keep:
                        pending.append((encoder.encode_state(state, s), s, base[s], decisions + horizon))
            seat = state.to_act()[0]
            bot_move = rng.random() >= explore or state.round_over
            state.apply(seat, seated[seat].choose(state, seat) if bot_move else state.random_action(seat, rng))
            decisions += 1
            if len(state.scores) > scored:
                done, pending = pending, []
                lead = margins(game, state.scores[scored], scale)
                scored = len(state.scores)
            elif horizon and pending and pending[0][3] <= decisions:
                done = [p for p in pending if p[3] <= decisions]
                pending = [p for p in pending if p[3] > decisions]
                lead = provisional(game, state, scale)
            else:
                continue
            xs.extend(x for x, _, _, _ in done)
            ys.extend(lead[s] - base for _, s, base, _ in done)
        if log and (m + 1 - first) % max(1, matches // 10) == 0:
            log(f"  {m + 1 - first}/{matches} matches, {len(ys)} positions, {time.perf_counter() - started:.0f} s")
    return np.stack(xs).astype(np.float32), np.asarray(ys, dtype=np.float32)


def _kept_decisions(game: Game, players: int, opts: Mapping[str, Any], seed: int, bots: Sequence[str],
                    rng: random.Random, shares: tuple[float, float, int], matches: range,
                    count: Callable[[], str] | None, log: Callable[[str], None] | None,
                    ) -> Iterator[tuple[int, int, GameState, int, list[str], list[str]]]:
    """Play the data's ``matches`` (:func:`_data_match`; ``shares``: the ``explore`` share of random moves, the
    ``keep`` share of decisions and the ``widest`` decision kept) and yield ``(match, decision, state, seat, legal,
    specs)`` at each kept decision: 2 to ``widest`` legal tokens, not at a round's end. The caller labels it and
    leaves ``state`` as it is; the match goes on after it. ``count``: what the progress line says was made."""
    explore, keep, widest = shares
    started = time.perf_counter()
    for m in matches:
        specs, seated, state = _data_match(game, players, opts, seed, bots, m)
        decision = 0
        while not state.game_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if not state.round_over and 2 <= len(legal) <= widest and rng.random() < keep:
                yield m, decision, state, seat, legal, specs
            bot_move = rng.random() >= explore or state.round_over
            state.apply(seat, seated[seat].choose(state, seat) if bot_move else state.random_action(seat, rng))
            decision += 1
        done = m + 1 - matches.start
        if log and count and done % max(1, len(matches) // 10) == 0:
            log(f"  {done}/{len(matches)} matches, {count()}, {time.perf_counter() - started:.0f} s")


def rollout_positions(game: Game, players: int, options: Mapping[str, Any] | None, matches: int, seed: int,
                      bots: Sequence[str] = ("heuristic",), explore: float = 0.05, keep: float = 0.2,
                      rollouts: int = 8, widest: int = 64, first: int = 0,
                      log: Callable[[str], None] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Afterstates of every legal move, each labelled with its rolled-out advantage: rollout policy iteration's data.

    The matches are played as in :func:`positions`. At a ``keep`` share of the decisions with 2 to ``widest`` legal
    tokens, each token is applied in ``rollouts`` determinizations of the deciding seat's information
    (:meth:`~kartentisch.kernel.GameState.determinize`: every card it cannot see re-dealt) and the round is played
    out by the data's bots (a move that ends the round is scored at once). A token's value is its mean round margin
    (:func:`margins`) over the rollouts, its **advantage** that value minus the mean over the decision's tokens. The
    input is the deciding seat's observation before the move followed by the move's change of it (after the first
    determinization's move; :data:`~kartentisch.bots.policy.CHANGE`): the change is what tells one decision's moves
    apart. Every token of a decision meets the same determinizations and the same bots' seeds (common random
    numbers), so advantages differ by what the moves change, not by the luck of the deal; and the label leaves out
    what the whole decision is worth, which a network fitted to values spends itself on (measured in lastcard: a
    value network explaining 80 % of its targets' variance still ranked one decision's moves unlike the rollouts,
    ``bench/learned/README.md``). The one-ply search ranks a decision's moves by the network alone
    (:mod:`kartentisch.bots.valuesearch`): the greedy policy over the rollouts' values of the data's bots, one step
    of rollout-based approximate policy iteration (Bertsekas & Tsitsiklis 1996, §6.1; Lagoudakis & Parr 2003).

    Args:
        rollouts: determinizations played out per decision (int ≥ 1).
        widest: decisions with more legal tokens are skipped (lastcard's pass: 455; the search hands those to the
            heuristic).
        first: the index of the first match, as in :func:`positions`.
    Returns:
        ``x`` ``(afterstates, 2 × observation size)`` float32 (before, then after − before), ``y``
        ``(afterstates,)`` float32 (advantages in margins over :func:`margin_scale`) and ``halves``
        ``(afterstates, 2)`` float32: each advantage over the even-numbered rollouts alone and over the odd-numbered
        ones (with one rollout both are ``y``), for the labels' :func:`reliability`.
    Raises:
        KartentischError: a bad bot spec, share or count, or a game without a score scale.
    """
    if not (0 <= explore <= 1 and 0 < keep <= 1 and matches >= 1 and bots and rollouts >= 1 and widest >= 2):
        raise KartentischError(f"rollout data: need matches ≥ 1, 0 ≤ explore ≤ 1, 0 < keep ≤ 1, a bot, rollouts ≥ 1 "
                               f"and widest ≥ 2; got matches={matches}, explore={explore}, keep={keep}, "
                               f"bots={list(bots)}, rollouts={rollouts}, widest={widest}")
    scale, opts, encoder, rng = _data_setup(game, players, options, seed, first)
    xs: list[np.ndarray] = []
    ys: list[float] = []
    halves: list[np.ndarray] = []
    for m, decision, state, seat, legal, specs in _kept_decisions(
            game, players, opts, seed, bots, rng, (explore, keep, widest), range(first, first + matches),
            log and (lambda: f"{len(ys)} afterstates"), log):
        before = encoder.encode_state(state, seat)
        samples = [state.determinize(seat, random.Random(derive_seed(seed, "sample", m, decision, r)))
                   for r in range(rollouts)]
        values = np.zeros(len(legal))
        each = np.zeros((len(legal), rollouts))  # each rollout's margin, for the split halves
        for i, token in enumerate(legal):
            for r, sample in enumerate(samples):
                after = sample.clone()
                scored = len(after.scores)
                after.apply_unchecked(seat, token)
                if r == 0:
                    xs.append(np.concatenate([before, encoder.encode_state(after, seat) - before]))
                rolling = [make_bot(spec, game, derive_seed(seed, "rollout", m, decision, r, s))
                           for s, spec in enumerate(specs)]
                while len(after.scores) == scored:
                    actor = after.to_act()[0]
                    after.apply_unchecked(actor, rolling[actor].choose(after, actor))
                each[i, r] = margins(game, after.scores[scored], scale)[seat]
                values[i] += each[i, r] / rollouts
        ys.extend((values - values.mean()).tolist())
        odd = each[:, 1::2] if rollouts > 1 else each
        split = np.stack([each[:, ::2].mean(axis=1), odd.mean(axis=1)], axis=1)
        halves.append(split - split.mean(axis=0))
    return (np.stack(xs).astype(np.float32), np.asarray(ys, dtype=np.float32),
            np.concatenate(halves).astype(np.float32))


def visit_positions(game: Game, players: int, options: Mapping[str, Any] | None, matches: int, seed: int,
                    teacher: str = "ismcts:iterations=1000", bots: Sequence[str] = ("heuristic",),
                    explore: float = 0.05, keep: float = 0.2, widest: int = 64, first: int = 0,
                    log: Callable[[str], None] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Afterstates of every legal move, each labelled with the ``teacher`` search's share of its root visits:
    expert iteration's data (Anthony, Tian & Barber 2017), the apprentice a move scorer.

    The matches are played as in :func:`positions`. At a ``keep`` share of the decisions with 2 to ``widest`` legal
    tokens the teacher (an ISMCTS spec; it reads the deciding seat's information set only) searches the decision,
    and each token's label is its share of the root's visits. The input is as in :func:`rollout_positions`: the
    deciding seat's observation before the move and the move's change of it in one determinization of what the
    seat cannot see (the real state would show the cards a refill turns up).

    Returns:
        ``x`` ``(afterstates, 2 × observation size)`` float32, ``y`` ``(afterstates,)`` float32 (visit shares, each
        decision's summing to 1) and ``groups`` ``(afterstates,)`` int64: the decision of each row (ascending, one
        number per decision across every chunk of :func:`main`'s ``--jobs``).
    Raises:
        KartentischError: a bad bot or teacher spec (not ISMCTS), share or count.
    """
    if not (0 <= explore <= 1 and 0 < keep <= 1 and matches >= 1 and bots and widest >= 2):
        raise KartentischError(f"visit data: need matches ≥ 1, 0 ≤ explore ≤ 1, 0 < keep ≤ 1, a bot and widest ≥ 2; "
                               f"got matches={matches}, explore={explore}, keep={keep}, bots={list(bots)}, "
                               f"widest={widest}")
    _, opts, encoder, rng = _data_setup(game, players, options, seed, first)
    xs: list[np.ndarray] = []
    ys: list[float] = []
    groups: list[int] = []
    for m, decision, state, seat, legal, _ in _kept_decisions(
            game, players, opts, seed, bots, rng, (explore, keep, widest), range(first, first + matches),
            log and (lambda: f"{len(set(groups))} decisions"), log):
        searcher = make_bot(teacher, game, derive_seed(seed, "teacher", m, decision))
        if not isinstance(searcher, ISMCTSBot):
            raise KartentischError(f"visit data: the teacher {teacher!r} is not a search (ismcts:…)")
        visits = searcher.search(state, seat)
        total = sum(v for v, _ in visits.values())
        before = encoder.encode_state(state, seat)
        sample = state.determinize(seat, random.Random(derive_seed(seed, "sample", m, decision, 0)))
        for token in legal:
            after = sample.clone()
            after.apply_unchecked(seat, token)
            xs.append(np.concatenate([before, encoder.encode_state(after, seat) - before]))
            ys.append(visits[token][0] / total)
            groups.append(m * 100_000 + decision)
    return (np.stack(xs).astype(np.float32), np.asarray(ys, dtype=np.float32),
            np.asarray(groups, dtype=np.int64))


def reliability(halves: np.ndarray) -> float:
    """The share of the labels' variance that is signal, not rollout noise: the split-half correlation ``r`` of the
    two halves' advantages (:func:`rollout_positions`), stepped up to the whole count of rollouts by the
    Spearman–Brown formula ``2r / (1 + r)`` (Spearman 1910; Brown 1910). A network can explain at most this share of
    its targets' variance on held-out data (it cannot predict the noise), so a validation error near the targets'
    variance with a reliability well above zero means the network misses a signal that is there (measured in
    colors, ``bench/learned/README.md``), and a reliability near zero means more rollouts a move are needed.

    Args:
        halves: ``(labels, 2)``, each label over the even-numbered and over the odd-numbered rollouts.
    Returns:
        The reliability, at most 1 (negative when the halves disagree more than chance: noise only).
    Raises:
        KartentischError: fewer than 3 labels, or halves without variance (one rollout a move: no split).
    """
    if halves.ndim != 2 or halves.shape[1] != 2 or len(halves) < 3 or not (halves.std(axis=0) > 0).all():
        raise KartentischError(f"reliability: need ≥ 3 labels in two varying halves; got shape {halves.shape}")
    r = float(np.corrcoef(halves[:, 0], halves[:, 1])[0, 1])
    return 2 * r / (1 + r) if r > -1 else -1.0


def fit(x: np.ndarray, y: np.ndarray, hidden: Sequence[int] = (256, 128), epochs: int = 8, batch: int = 256,
        lr: float = 1e-3, seed: int = 0, log: Callable[[str], None] | None = None,
        groups: np.ndarray | None = None) -> tuple[Network, dict[str, float]]:
    """Fit a ``tanh`` MLP ``x → y`` by mean squared error with Adam (Kingma & Ba 2015), NumPy only; with ``groups``
    listwise instead: the softmax of each group's outputs fitted to its targets by cross-entropy (ListNet, Cao et
    al. 2007; AlphaZero's policy loss over one decision's moves).

    Args:
        x: ``(samples, inputs)`` float32; y: ``(samples,)`` targets (with ``groups``: each group's summing to 1).
        hidden: widths of the hidden layers.
        groups: ``(samples,)`` ascending group numbers (:func:`visit_positions`' decisions), or ``None``.
    Returns:
        The network (one output) and figures: ``train_mse``, ``valid_mse`` (a held-out tenth) and ``valid_var``
        (the variance of its targets: the error of always guessing the mean); with ``groups`` (whole groups held
        out) ``train_ce``, ``valid_ce``, ``valid_entropy`` (the targets' own: the least a cross-entropy can be) and
        ``valid_top1`` (the share of held-out groups whose highest output is a highest target).
    Raises:
        KartentischError: fewer than 20 samples, or ``x``, ``y`` (and ``groups``) of different lengths.
    """
    if len(x) != len(y) or len(x) < 20 or (groups is not None and len(groups) != len(x)):
        raise KartentischError(f"value fit: need ≥ 20 samples with one target each; got {len(x)} and {len(y)}")
    gen = np.random.default_rng(seed)
    if groups is None:
        order = gen.permutation(len(x))
        cut = len(x) // 10
        valid, train = order[:cut], order[cut:]
    else:
        starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
        bounds = np.r_[starts, len(groups)]
        picked = gen.permutation(len(starts))
        cut = len(starts) // 10

        def rows(which: np.ndarray) -> np.ndarray:
            return np.concatenate([np.arange(bounds[g], bounds[g + 1]) for g in which])
        valid, held = rows(np.sort(picked[:cut])), picked[cut:]
        per = max(1, batch * len(starts) // len(x))  # groups a minibatch, about ``batch`` rows
    sizes = [x.shape[1], *hidden, 1]
    params: list[np.ndarray] = []
    for a, b in zip(sizes, sizes[1:], strict=False):
        params += [(gen.standard_normal((a, b)) * np.sqrt(1.0 / a)).astype(np.float32), np.zeros(b, np.float32)]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    beta1, beta2, eps, t = 0.9, 0.999, 1e-8, 0
    figures: dict[str, float] = {}
    for epoch in range(epochs):
        if groups is None:
            gen.shuffle(train)
            batches = [train[start:start + batch] for start in range(0, len(train), batch)]
        else:
            gen.shuffle(held)
            batches = [rows(np.sort(held[start:start + per])) for start in range(0, len(held), per)]
        total = 0.0
        for idx in batches:
            acts = [x[idx]]
            for k in range(0, len(params) - 2, 2):
                acts.append(np.tanh(acts[-1] @ params[k] + params[k + 1]))
            out = (acts[-1] @ params[-2] + params[-1])[:, 0]
            if groups is None:
                err = out - y[idx]
                total += float(err @ err)
                grad = (2.0 / len(idx)) * err[:, None]
            else:
                shares, first = _group_softmax(out, groups[idx])
                total -= float(y[idx] @ np.log(shares + 1e-12))
                grad = ((shares - y[idx]) / len(first))[:, None]
            grads: list[np.ndarray] = [np.empty(0)] * len(params)
            for k in range(len(params) - 2, -1, -2):
                grads[k], grads[k + 1] = acts[k // 2].T @ grad, grad.sum(axis=0)
                if k:
                    grad = (grad @ params[k].T) * (1.0 - acts[k // 2] ** 2)
            t += 1
            for p, g, m1, m2 in zip(params, grads, moments, squares, strict=True):
                m1 *= beta1
                m1 += (1 - beta1) * g
                m2 *= beta2
                m2 += (1 - beta2) * g * g
                p -= lr * (m1 / (1 - beta1 ** t)) / (np.sqrt(m2 / (1 - beta2 ** t)) + eps)
        network = Network([(params[k], params[k + 1]) for k in range(0, len(params), 2)])
        pred = network.logits(x[valid])[:, 0]
        if groups is None:
            figures = {"train_mse": total / len(train), "valid_mse": float(np.mean((pred - y[valid]) ** 2)),
                       "valid_var": float(np.var(y[valid]))}
            if log:
                log(f"  epoch {epoch + 1}/{epochs}: train mse {figures['train_mse']:.4f}, valid mse "
                    f"{figures['valid_mse']:.4f} (variance {figures['valid_var']:.4f})")
        else:
            figures = _listwise_figures(pred, y[valid], groups[valid], total / len(held))
            if log:
                log(f"  epoch {epoch + 1}/{epochs}: train cross-entropy {figures['train_ce']:.4f}, valid "
                    f"{figures['valid_ce']:.4f} (the targets' entropy {figures['valid_entropy']:.4f}), top move "
                    f"the teacher's in {figures['valid_top1']:.3f}")
    return Network([(params[k], params[k + 1]) for k in range(0, len(params), 2)]), figures


def _group_softmax(out: np.ndarray, groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The softmax of ``out`` within each run of equal ``groups`` (ascending) and the runs' first rows."""
    first = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    run = np.cumsum(np.r_[False, groups[1:] != groups[:-1]])
    top = np.maximum.reduceat(out, first)[run]
    e = np.exp(out - top)
    return e / np.add.reduceat(e, first)[run], first


def _listwise_figures(pred: np.ndarray, y: np.ndarray, groups: np.ndarray, train_ce: float) -> dict[str, float]:
    """:func:`fit`'s listwise figures on the held-out groups (``pred`` the network's outputs)."""
    shares, first = _group_softmax(pred, groups)
    ends = np.r_[first[1:], len(groups)]
    top1 = np.mean([y[a + int(np.argmax(pred[a:b]))] == y[a:b].max() for a, b in zip(first, ends, strict=True)])
    return {"train_ce": train_ce, "valid_ce": float(-(y @ np.log(shares + 1e-12)) / len(first)),
            "valid_entropy": float(-(y @ np.log(y + 1e-12)) / len(first)), "valid_top1": float(top1)}


def _say(text: str) -> None:
    print(text, flush=True)


def _chunked(make: Callable[..., tuple[np.ndarray, ...]], matches: int, jobs: int) -> tuple[np.ndarray, ...]:
    """``make(matches=…, first=…)`` over ``matches`` matches in ``jobs`` processes, each a contiguous chunk (one job:
    in this process, as before ``--jobs``); each of the chunks' arrays concatenated in match order."""
    if jobs == 1:
        return make(matches=matches, first=0)
    bounds = [matches * j // jobs for j in range(jobs + 1)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_call, [functools.partial(make, matches=b - a, first=a)
                                      for a, b in zip(bounds, bounds[1:], strict=False)]))
    return tuple(np.concatenate(arrays) for arrays in zip(*parts, strict=True))


def _call(fn: Callable[[], tuple[np.ndarray, ...]]) -> tuple[np.ndarray, ...]:
    return fn()


def data_parser(module: str, doc: str | None, matches: int) -> argparse.ArgumentParser:
    """The command line of a trainer ``python -m kartentisch.rl.<module>`` (``doc``: its module docstring) with the
    options of its data's matches: the game, ``--out``, ``--players``, ``--matches`` (``matches`` by default),
    ``--bots``, ``--explore``, ``--seed`` and ``--jobs``; the trainer adds its own."""
    parser = argparse.ArgumentParser(prog=f"python -m kartentisch.rl.{module}", description=(doc or "").split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--out", required=True, help=f"the {module} file to write (.npz)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=matches, help="matches of data")
    parser.add_argument("--bots", default="heuristic", help="bot specs of the data's matches, ';'-separated")
    parser.add_argument("--explore", type=float, default=0.05, help="share of random moves")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes making the data, each a contiguous chunk of the matches (the deals are the "
                             "same for any count; the random moves, and a value's kept positions, differ from 1 job's)")
    return parser


def data_game(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> Game:
    """The game of a trainer's command line (:func:`data_parser`), checked at its ``--players``; an unknown game or
    player count ends the command with a usage error naming it."""
    try:
        game = get_game(ns.game)
        game.check_players(ns.players)
    except KartentischError as exc:
        parser.error(str(exc))
    return game


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m kartentisch.rl.value GAME --out FILE``: make data (:func:`positions`), fit (:func:`fit`) and
    save a value file (``kind="value"``, :mod:`kartentisch.bots.policy`) whose header records this command."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = data_parser("value", __doc__, 1000)
    parser.add_argument("--keep", type=float, default=0.2, help="share of positions kept")
    parser.add_argument("--plain", action="store_true", help="target the round margin itself, not the residual")
    parser.add_argument("--horizon", type=int, default=0, help="decisions to the bootstrapped target (0: round end)")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="label every legal move's afterstate by its advantage over this many rollouts of the "
                             "bots to the round's end (rollout_positions; 0: the bots' own positions, positions)")
    parser.add_argument("--teacher",
                        help="label every legal move's afterstate by this search's share of root visits (an ismcts "
                             "spec; visit_positions) and fit them listwise: a move scorer for --search")
    parser.add_argument("--search", type=int, default=0,
                        help="the file's default ISMCTS iterations guided by its move scores (valuesearch's search; "
                             "it changes no training)")
    parser.add_argument("--anchor", type=float,
                        help="the file's default margin by which the search's best move must beat the heuristic's "
                             "to be played instead (valuesearch's anchor; it changes no training)")
    parser.add_argument("--hidden", default="256,128", help="hidden layer widths")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1e-3)
    ns = parser.parse_args(args)
    game = data_game(parser, ns)
    bots = [b for b in ns.bots.split(";") if b]
    began = time.perf_counter()
    print(f"value data: {ns.matches} matches of {', '.join(bots)}", flush=True)
    if ns.anchor is not None and not ns.anchor >= 0:
        parser.error(f"--anchor must be a margin ≥ 0; got {ns.anchor}")
    if (ns.rollouts or ns.teacher) and (ns.plain or ns.horizon):
        parser.error("--rollouts and --teacher label moves, not positions: not with --plain or --horizon")
    if ns.rollouts and ns.teacher:
        parser.error("--rollouts and --teacher are two labels of a move: choose one")
    if ns.search < 0 or (ns.search and ns.anchor is not None):
        parser.error(f"--search must be 0 or more iterations, and not with --anchor; got {ns.search}")
    if ns.jobs < 1 or ns.jobs > ns.matches:
        parser.error(f"--jobs must be between 1 and --matches ({ns.matches}); got {ns.jobs}")
    make: Callable[..., tuple[np.ndarray, ...]]
    if ns.teacher:
        make = functools.partial(visit_positions, game, ns.players, None, seed=ns.seed, teacher=ns.teacher,
                                 bots=bots, explore=ns.explore, keep=ns.keep, log=_say)
    elif ns.rollouts:
        make = functools.partial(rollout_positions, game, ns.players, None, seed=ns.seed, bots=bots,
                                 explore=ns.explore, keep=ns.keep, rollouts=ns.rollouts, log=_say)
    else:
        make = functools.partial(positions, game, ns.players, None, seed=ns.seed, bots=bots, explore=ns.explore,
                                 keep=ns.keep, residual=not ns.plain, horizon=ns.horizon, log=_say)
    x, y, *more = _chunked(make, ns.matches, ns.jobs)
    halves, groups = (more, None) if not ns.teacher else ([], more[0])
    data_s = time.perf_counter() - began
    print(f"fit: {len(y)} positions, target mean {y.mean():.3f} sd {y.std():.3f}", flush=True)
    ceiling: dict[str, float] = {}
    if halves and ns.rollouts > 1:
        ceiling["label_reliability"] = round(reliability(halves[0]), 4)
        print(f"label reliability {ceiling['label_reliability']:.3f} (split-half, Spearman-Brown): at most this share "
              "of the targets' variance is signal a network can learn; the rest is rollout noise", flush=True)
    hidden = [int(h) for h in ns.hidden.split(",") if h]
    network, figures = fit(x, y, hidden, ns.epochs, lr=ns.lr, seed=ns.seed, log=lambda s: print(s, flush=True),
                           groups=groups)
    if ceiling:
        print(f"the network explains {1 - figures['valid_mse'] / figures['valid_var']:.3f} of the held-out targets' "
              f"variance, of at most {ceiling['label_reliability']:.3f}", flush=True)
    target = "round margin" if ns.plain else "round margin minus provisional"
    if ns.horizon:
        target = f"provisional margin in {ns.horizon} decisions minus provisional"
    if ns.rollouts:
        target = f"advantage over {ns.rollouts} rollouts per move"
    if ns.teacher:
        target = f"visit shares of {ns.teacher} (listwise)"
    info = {"command": "python -m kartentisch.rl.value " + shlex.join(args), "seed": ns.seed,
            "trainer": "kartentisch.rl.value (Monte-Carlo round-margin regression)", "target": target,
            "scale": margin_scale(game), "positions": len(y), "data_seconds": round(data_s),
            "fit_seconds": round(time.perf_counter() - began - data_s), **{k: round(v, 5) for k, v in figures.items()},
            **ceiling}
    if ns.anchor is not None:
        info["anchor"] = ns.anchor
    if ns.search:
        info["search"] = ns.search
    save_policy(ns.out, network, game, ns.players, None, info, kind="value",
                inputs=CHANGE if ns.rollouts or ns.teacher else None)
    print(f"wrote {ns.out}", flush=True)


if __name__ == "__main__":
    main()
