"""Self-play training of a policy bot (issue 36): ``kartentisch train GAME``.

**Method.** Maskable PPO (sb3-contrib's ``MaskablePPO``, Huang & Ontañón 2020, "A Closer Look at Invalid
Action Masking in Policy Gradient Algorithms") on one seat of :func:`kartentisch.rl.gym.make` (the agent's
seat drawn at every match, ``skip_forced=True``, ``rewards="match+margin"``: the match result plus each round's
score lead, dense and zero-sum), on the CPU. The other seats are a **league** (:class:`League`): for every
match it draws one member: the game's ``heuristic`` bot (``heuristic`` share of the matches), ISMCTS
(``ismcts`` share, when asked) or one of the learner's past selves (the rest; a snapshot joins the league at
every checkpoint, the last ``league_size`` are kept), as in AlphaStar's league and OpenAI Five's past selves,
so the policy neither forgets how to beat the heuristic nor overfits to one opponent.

**Imitation** (``imitate``: a number of decisions, 0 = none): before the first update the actor is fitted to
the choices of a ``teacher`` bot (:func:`imitate`, behaviour cloning), so self-play starts from the teacher's
level instead of random play; a fresh run only (a resumed one continues its model). The default teacher, the
heuristic bot, can at best give parity with it. A search teacher (``teacher="ismcts:iterations=N"``) gives
**expert iteration**'s apprentice step (Anthony, Tian & Barber 2017, "Thinking Fast and Slow with Deep Learning
and Tree Search", NeurIPS): the network learns ISMCTS's root visit distribution (their *tree policy target*) in
the positions of matches the teacher plays against ``against`` (:func:`collect`, ``jobs`` processes, cached in
chunks in ``teacher/`` of the checkpoint folder), so it plays the searcher's moves at the cost of one network call.
Only the first apprentice step is taken (no search guided by the network afterwards). The imitated network is
evaluated and exported (checkpoint 1) before PPO may change it. With a ``driver`` (say the apprentice's own
``policy:FILE``) the teacher only labels the positions the driver's moves reach: DAgger (Ross, Gordon & Bagnell
2011), which trains the apprentice where it actually plays. ``init`` (a policy file) starts the actor from that
file's layers, so a shipped policy is fine-tuned on the teacher's targets instead of learnt afresh.

**Checkpoints** (``every`` seconds of training, in ``checkpoints``): the model (``model.zip``), the league's
snapshots (``league-<k>.npz``, policy files), ``progress.json`` (elapsed seconds and steps, the seed) and the
learning curve ``curve.csv``: the greedy policy's win rate against ``heuristic`` over ``eval_matches``
matches with a 95 % Wilson interval, evaluated in batches (all matches stepped together, one network call
per round of decisions; :func:`evaluate`), and ``curve.png`` when matplotlib is there. ``--resume`` continues
from them. The exported policy (``out``) is a :mod:`kartentisch.bots.policy` file with the command and seed in
its header, written at every checkpoint whose evaluation is the best so far (``model.zip`` is the latest).

**Ray** (``ray=True``, the ``ray`` extra): the environments step as Ray actors (:class:`RayVecEnv`), one
actor per environment, so rollouts run on every core or machine of the Ray cluster while the learner stays
here.

It needs the ``train`` extra (torch, sb3-contrib); :func:`require_train` says so when it is missing.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..bots import make_bot, parse_spec
from ..bots.policy import Network, Policy, PolicyBot, load_policy, save_policy
from ..games import get_game
from ..kernel import Bot, Game, GameState, KartentischError
from ..sim.stats import wilson
from .table import Table

TRAIN_HINT = "pip install 'kartentisch[train]'"


def require_train() -> None:
    """Raise KartentischError naming the ``train`` extra if torch or sb3-contrib cannot be imported."""
    for module in ("torch", "sb3_contrib"):
        try:
            __import__(module)
        except ImportError:
            raise KartentischError(f"kartentisch train needs {module!r} (the optional extra 'train'): "
                                   f"{TRAIN_HINT}") from None


@dataclass
class TrainConfig:
    """What :func:`train` does (module docstring); ``minutes`` of training wall time in all (a resumed run
    counts the time before), ``every`` seconds between checkpoints, ``envs`` environments stepped together."""

    game: str
    out: Path
    checkpoints: Path
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    minutes: float = 25.0
    seed: int = 0
    every: float = 300.0
    eval_matches: int = 100
    heuristic: float = 0.5
    ismcts: float = 0.0
    ismcts_iterations: int = 100
    league_size: int = 8
    envs: int = 8
    net: tuple[int, ...] = (256, 256)
    resume: bool = False
    ray: bool = False
    command: str = ""
    imitate: int = 0
    imitate_epochs: int = 4
    teacher: str = "heuristic"
    against: str = "heuristic"
    jobs: int = 1
    driver: str | None = None
    init: Path | None = None


class League:
    """The opponents of one environment: one member drawn per match, the same for every opponent seat.

    A new match is told by a new state object (the environment deals a fresh state at every reset).

    Args:
        game: the game.
        rng: draws the members and seeds their bots.
        heuristic, ismcts: shares of the matches against ``heuristic`` and ``ismcts:iterations=…``; the rest
            against a past self (``heuristic`` while there is none yet).
        snapshots: the past selves (a shared list the trainer appends to).
    """

    name = "league"

    def __init__(self, game: Game, rng: random.Random, heuristic: float, ismcts: float, ismcts_iterations: int,
                 snapshots: list[Policy]) -> None:
        self.game, self.rng = game, rng
        self.heuristic, self.ismcts, self.ismcts_iterations = heuristic, ismcts, ismcts_iterations
        self.snapshots = snapshots
        self._state: GameState | None = None
        self.bot: Bot | None = None

    def _draw(self) -> Bot:
        seed = self.rng.getrandbits(62)
        roll = self.rng.random()
        if roll < self.heuristic or not self.snapshots and roll >= self.heuristic + self.ismcts:
            return make_bot("heuristic", self.game, seed)
        if roll < self.heuristic + self.ismcts:
            return make_bot(f"ismcts:iterations={self.ismcts_iterations}", self.game, seed)
        return PolicyBot(self.rng.choice(self.snapshots), self.game, seed, temperature=1.0)

    def choose(self, state: GameState, seat: int) -> str:
        """The drawn member's token for ``seat`` (a new member at every new match)."""
        if state is not self._state or self.bot is None:
            self._state, self.bot = state, self._draw()
        return self.bot.choose(state, seat)


def network_of(model: Any) -> Network:
    """The policy of an sb3 ``MaskablePPO`` ``MlpPolicy`` as a NumPy :class:`Network` (its actor: the policy
    MLP, then the action head; the observations enter unscaled, as sb3 feeds a ``Box`` space)."""
    import torch

    linear = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linear.append(model.policy.action_net)
    activation = "tanh" if model.policy.activation_fn is torch.nn.Tanh else "relu"
    layers = [(m.weight.detach().cpu().numpy().T.copy(), m.bias.detach().cpu().numpy().copy()) for m in linear]
    return Network(layers, activation)


def load_network(model: Any, policy: Policy) -> None:
    """Start the actor of an sb3 ``MaskablePPO`` ``MlpPolicy`` from a policy file's layers (fine-tuning a shipped
    policy; the inverse of :func:`network_of`). The critic keeps its fresh weights.

    Raises:
        KartentischError: naming the file, when its layers or activation differ from the model's actor.
    """
    import torch

    linear = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linear.append(model.policy.action_net)
    activation = "tanh" if model.policy.activation_fn is torch.nn.Tanh else "relu"
    ours = [tuple(m.weight.shape[::-1]) for m in linear]
    theirs = [tuple(w.shape) for w, _ in policy.network.layers]
    if ours != theirs or activation != policy.network.activation:
        raise KartentischError(f"--init {policy.path}: its layers {theirs} ({policy.network.activation}) do not fit "
                               f"the trainer's network {ours} ({activation})")
    with torch.no_grad():
        for m, (w, b) in zip(linear, policy.network.layers, strict=True):
            m.weight.copy_(torch.as_tensor(w.T))
            m.bias.copy_(torch.as_tensor(b))


def evaluate(network: Network, game: Game, players: int, options: dict[str, Any] | None, opponent: str,
             matches: int, seed: int) -> tuple[float, int, int]:
    """The greedy ``network`` on one seat against ``opponent`` (a bot spec) on the others, ``matches`` matches
    stepped together: at every round the pending decisions of all matches go through the network as one batch.
    The network's seat is ``k % players`` in match ``k``.

    Returns:
        ``(wins, matches, decisions)``: wins counted by :meth:`GameState.returns` (a shared win is a share),
        the network's decisions (steps asked of it).
    """
    tables, seats, bots = [], [], []
    for k in range(matches):
        table = Table(game, players, options)
        table.reset(seed + k)
        tables.append(table)
        seats.append(k % players)
        bots.append(make_bot(opponent, game, seed + k + 7919))
    wins, asked = 0.0, 0
    active = list(range(matches))
    while active:
        pending = []
        for k in active:
            table, seat = tables[k], seats[k]
            table.advance(seat, bots[k].choose)  # the opponents move, and the network's forced steps are taken
            state = table.state
            assert state is not None
            if state.game_over:
                wins += state.returns()[seat]
            else:
                pending.append(k)
        if pending:
            x = np.stack([tables[k].observe(seats[k]) for k in pending])
            masks = np.stack([tables[k].mask() for k in pending]).astype(bool)
            logits = np.where(masks, network.logits(x), -np.inf)
            for k, action in zip(pending, logits.argmax(axis=1), strict=True):
                tables[k].step(int(action))
            asked += len(pending)
        active = pending
    return wins, matches, asked


def advice(bot: Bot, state: GameState, seat: int) -> tuple[str, dict[str, float]]:
    """The token ``bot`` plays for ``seat`` and the weights it gives the legal tokens, the target an apprentice
    learns: for ISMCTS the root's visit counts (the *tree policy target* of Anthony, Tian & Barber 2017,
    "Thinking Fast and Slow with Deep Learning and Tree Search", §4, which they found to train better than the
    chosen move alone), for any other bot (or an ISMCTS decision that did not search) its token with weight 1."""
    token = bot.choose(state, seat)
    visits = getattr(bot, "last_visits", None)
    if visits and sum(visits.values()) > 0:
        return token, {tok: float(v) for tok, v in visits.items() if v}
    return token, {token: 1.0}


def teacher_data(game: Game, players: int, options: dict[str, Any] | None, teacher: str, decisions: int,
                 seed: int, against: str | None = None,
                 driver: str | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What ``teacher`` (a bot spec) chooses in matches dealt from ``seed`` on, as training data for imitation.

    With ``against`` (a bot spec other than ``teacher``) the teacher plays seat ``k % players`` of match ``k``
    and ``against`` the other seats, so the data come from the positions the apprentice meets against that
    bot; without it (or equal to ``teacher``) the teacher plays every seat and every seat's decisions count.

    With ``driver`` (a bot spec, typically the apprentice's own ``policy:FILE``) the teacher is only asked: the
    driver's move is played in the teacher's seats, so the positions are those the apprentice reaches itself.
    This is one iteration of DAgger (Ross, Gordon & Bagnell 2011, "A Reduction of Imitation Learning and
    Structured Prediction to No-Regret Online Learning", AISTATS; their β = 0: the learner's policy alone picks
    the moves), which fixes the mismatch between the teacher's positions and the apprentice's. A step whose
    prefix (the driver's steps so far) no move of the teacher continues gets no row.

    Returns:
        ``(observations (n, size) float32, masks (n, actions) bool, targets (n, actions) float32)``, one row per
        step of a teacher's decision with more than one legal step (the seat's own observation, as the
        environments give it); a target is a distribution over the legal steps (:func:`advice`: ISMCTS's visit
        shares, summed over the tokens that continue with each step; another bot's step with weight 1).
    """
    table = Table(game, players, options)
    space = table.space
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    alone = against is None or against == teacher
    k = 0
    while len(targets) < decisions:
        state = table.reset(seed + k)
        ours = {s for s in range(players) if alone or s == k % players}
        bots = [make_bot(teacher if s in ours else str(against), game, seed + k * players + s)
                for s in range(players)]
        drivers = {s: make_bot(driver, game, seed + k * players + s) for s in ours} if driver else {}
        k += 1
        while not state.game_over and len(targets) < decisions:
            seat = table.acting()
            assert seat is not None
            if seat not in ours:
                table.play(seat, bots[seat].choose(state, seat))
                continue
            token, weights = advice(bots[seat], state, seat)
            if seat in drivers:
                token = drivers[seat].choose(state, seat)
            paths = {tok: space.steps(tok) for tok in weights}
            for step in space.steps(token):
                nxt = table.next_steps()
                if len(nxt) > 1:
                    depth, target = len(table.steps), np.zeros(len(space), dtype=np.float32)
                    for tok, weight in weights.items():
                        if paths[tok][:depth] == table.steps:
                            target[paths[tok][depth]] += weight
                    if not target.any():  # the driver left every move of the teacher (DAgger only)
                        table.step(step)
                        continue
                    obs.append(table.observe(seat))
                    masks.append(table.mask().astype(bool))
                    targets.append(target / target.sum())
                table.step(step)
    return np.stack(obs), np.stack(masks), np.stack(targets)


#: Decisions per chunk of a collection (:func:`collect`), and the seeds of the deals apart between two chunks.
CHUNK, CHUNK_SEEDS = 500, 1_000_000


def _teacher_job(args: tuple[str, int, dict[str, Any], str, int, int, str, str | None, str | None]
                 ) -> tuple[np.ndarray, ...]:
    """One chunk of :func:`collect`: read from its cache file, or collected and written to it."""
    game_id, players, options, teacher, decisions, seed, against, driver, cache = args
    if cache is not None and Path(cache).exists():
        with np.load(cache, allow_pickle=False) as saved:
            return saved["x"], saved["masks"], saved["targets"]
    x, masks, targets = teacher_data(get_game(game_id), players, options, teacher, decisions, seed, against,
                                     driver)
    if cache is not None:
        partial = Path(cache).with_suffix(".part.npz")
        np.savez_compressed(partial, x=x, masks=masks, targets=targets)
        partial.replace(cache)  # a chunk file is whole or absent, even if the collection is stopped
    return x, masks, targets


def _policy_digests(specs: Sequence[str | None]) -> dict[str, str]:
    """The SHA-256 of the file of every ``policy:`` spec among ``specs`` (spec → hex digest)."""
    found = {}
    for spec in specs:
        if spec and parse_spec(spec)[0] == "policy":
            found[spec] = hashlib.sha256(Path(str(parse_spec(spec)[1]["path"])).read_bytes()).hexdigest()
    return found


def collect(game: Game, players: int, options: dict[str, Any], teacher: str, against: str, decisions: int,
            seed: int, jobs: int = 1, cache: Path | None = None,
            log: Callable[[str], None] = print,
            driver: str | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`teacher_data` for ``decisions`` rows in chunks of :data:`CHUNK` decisions (chunk ``i`` deals from
    ``seed + i * CHUNK_SEEDS`` on, so the rows depend on ``seed`` alone), ``jobs`` processes at a time;
    ``driver`` plays the teacher's seats (DAgger, :func:`teacher_data`).

    With ``cache`` (a folder) every finished chunk is kept there, named by a digest of what it holds (game,
    table, teacher, opponent, driver, seed, index, size; a policy bot's file by its SHA-256, so a retrained file
    is not mistaken for the old one), and read back instead of collected again: a search teacher's
    data cost hours, and a stopped collection, a larger one or a rerun with other training settings reuses them.
    Masks and targets are dense rows of the action space: about 43 KB a row in lastcard (8,510 steps), 0.3 KB
    in colors (61), so a lastcard collection of 10,000 decisions holds about 430 MB in memory.
    """
    started = time.perf_counter()
    sizes = [min(CHUNK, decisions - at) for at in range(0, decisions, CHUNK)]
    files = _policy_digests((teacher, against, driver))
    work = []
    for i, size in enumerate(sizes):
        what = {"game": game.id, "players": players, "options": options, "teacher": teacher, "against": against,
                "seed": seed, "chunk": i, "size": size}
        if driver:
            what["driver"] = driver  # (a collection without one keeps the names it had before drivers)
        if files:
            what["files"] = files
        key = json.dumps(what, sort_keys=True, default=str)
        name = None if cache is None else str(cache / f"chunk-{hashlib.sha256(key.encode()).hexdigest()[:16]}.npz")
        work.append((game.id, players, options, teacher, size, seed + i * CHUNK_SEEDS, against, driver, name))
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    stored = sum(1 for job in work if job[-1] is not None and Path(str(job[-1])).exists())
    if jobs == 1 or len(work) - stored <= 1:
        parts = [_teacher_job(job) for job in work]
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            parts = list(pool.map(_teacher_job, work))
    x, masks, targets = (np.concatenate([part[i] for part in parts]) for i in range(3))
    log(f"{len(targets):,} decisions of {teacher} against {against} ({stored} of {len(work)} chunks read from "
        f"{cache}) in {time.perf_counter() - started:.0f} s")
    return x, masks, targets


def imitate(model: Any, data: tuple[np.ndarray, np.ndarray, np.ndarray], epochs: int, seed: int,
            batch: int = 512, lr: float = 1e-3) -> float:
    """Behaviour cloning (Pomerleau 1991; the warm start of AlphaStar's league; the apprentice's training in
    Anthony et al. 2017): fit the actor of the sb3 ``MaskablePPO`` ``model`` to the teacher's targets (rows of
    :func:`teacher_data`) by the cross-entropy over the legal steps; returns the last epoch's mean loss.
    Reinforcement learning then starts from a policy that plays about as the teacher does."""
    import torch

    x, masks, targets = data
    policy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=lr)
    rng = np.random.default_rng(seed)
    loss_sum = 0.0
    for _ in range(epochs):
        order = rng.permutation(len(targets))
        loss_sum, batches = 0.0, 0
        for at in range(0, len(order), batch):
            idx = order[at:at + batch]
            dist = policy.get_distribution(torch.as_tensor(x[idx]), action_masks=masks[idx])
            log_p = torch.log_softmax(dist.distribution.logits, dim=1)
            loss = -(torch.as_tensor(targets[idx]) * log_p).sum(dim=1).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            loss_sum, batches = loss_sum + loss.item(), batches + 1
        loss_sum /= max(batches, 1)
    return loss_sum


class RayVecEnv:
    """A stable-baselines3 ``VecEnv`` whose environments are Ray actors (``ray`` extra), built by ``factories``.

    Each actor holds one environment and resets it when an episode ends (as ``DummyVecEnv`` does, the last
    observation in ``info["terminal_observation"]``); ``action_masks()`` asks every actor.
    """

    def __new__(cls, factories: Sequence[Callable[[], Any]]) -> Any:
        import ray
        from stable_baselines3.common.vec_env import VecEnv

        if not ray.is_initialized():
            ray.init(num_cpus=None, include_dashboard=False, log_to_driver=False)

        @ray.remote
        class Worker:  # pragma: no cover - runs in a Ray worker process
            def __init__(self, factory: Callable[[], Any]) -> None:
                self.env = factory()

            def spaces(self) -> tuple[Any, Any]:
                return self.env.observation_space, self.env.action_space

            def reset(self, seed: int | None) -> Any:
                return self.env.reset(seed=seed)[0]

            def step(self, action: int) -> tuple[Any, float, bool, dict[str, Any]]:
                obs, reward, term, trunc, info = self.env.step(action)
                done = term or trunc
                if done:
                    info = {**info, "terminal_observation": obs, "TimeLimit.truncated": trunc and not term}
                    obs = self.env.reset()[0]
                return obs, reward, done, info

            def mask(self) -> Any:
                return self.env.action_masks()

        class _Ray(VecEnv):  # type: ignore[misc]
            def __init__(self) -> None:
                self.workers = [Worker.remote(f) for f in factories]  # type: ignore[attr-defined]
                obs_space, act_space = ray.get(self.workers[0].spaces.remote())
                super().__init__(len(self.workers), obs_space, act_space)
                self._actions: Any = None
                self._seeds: list[int | None] = [None] * len(self.workers)

            def reset(self) -> Any:
                obs = ray.get([w.reset.remote(s) for w, s in zip(self.workers, self._seeds, strict=True)])
                return np.stack(obs)

            def step_async(self, actions: Any) -> None:
                self._actions = actions

            def step_wait(self) -> Any:
                out = ray.get([w.step.remote(int(a)) for w, a in zip(self.workers, self._actions, strict=True)])
                obs, rewards, dones, infos = zip(*out, strict=True)
                return np.stack(obs), np.array(rewards, dtype=np.float32), np.array(dones), list(infos)

            def action_masks(self) -> Any:
                return np.stack(ray.get([w.mask.remote() for w in self.workers]))

            def seed(self, seed: int | None = None) -> list[int | None]:
                self._seeds = [None if seed is None else seed + i for i in range(len(self.workers))]
                return self._seeds

            def close(self) -> None:
                for w in self.workers:
                    ray.kill(w)

            def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
                return [None for _ in self._indices(indices)]

            def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
                return None

            def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
                if method_name == "action_masks":
                    return list(self.action_masks())
                raise NotImplementedError(f"RayVecEnv has no env_method {method_name!r}")

            def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
                return [False for _ in self._indices(indices)]

            def _indices(self, indices: Any) -> list[int]:
                if indices is None:
                    return list(range(self.num_envs))
                return [indices] if isinstance(indices, int) else list(indices)

        return _Ray()


def _write_curve(path: Path, curve: list[dict[str, float]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(CURVE_FIELDS))
        writer.writeheader()
        writer.writerows(curve)


def best_checkpoint(curve: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The checkpoint ``--out`` holds: the highest win rate against heuristic, the latest of equals (each checkpoint
    that reaches the best so far is written over the file)."""
    return max(reversed(curve), key=lambda c: c["win_rate"])


#: Columns of ``curve.csv``: training seconds, environment steps, win rate against heuristic, its 95 % interval,
#: evaluation matches.
CURVE_FIELDS = ("seconds", "steps", "win_rate", "ci_low", "ci_high", "matches")


def plot_curve(curve: list[dict[str, float]], path: Path, title: str, players: int) -> bool:
    """Draw the learning curve (win rate against heuristic over training minutes with 95 % intervals) as a PNG;
    ``False`` (nothing written) without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    xs = [c["seconds"] / 60 for c in curve]
    ys = [c["win_rate"] for c in curve]
    err = [[c["win_rate"] - c["ci_low"] for c in curve], [c["ci_high"] - c["win_rate"] for c in curve]]
    ax.errorbar(xs, ys, yerr=err, fmt="o-", capsize=3, label="greedy policy vs heuristic (95% CI)")
    ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_ylim(0, 1)
    ax.set_xlabel("training minutes")
    ax.set_ylabel("win rate")
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def train(config: TrainConfig, log: Callable[[str], None] = print) -> list[dict[str, float]]:
    """Train as the module docstring says; returns the learning curve (rows of :data:`CURVE_FIELDS`).

    Raises:
        KartentischError: the ``train`` extra is missing, an unknown game or bad options, ``resume`` without a
            checkpoint, or a checkpoint of another game.
    """
    require_train()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    from .gym import make

    torch.set_num_threads(1)
    game = get_game(config.game)
    options = game.resolve_options(config.players, config.options)
    if config.imitate:
        for spec in (config.teacher, config.against, config.driver):
            if spec:
                make_bot(spec, game, 0, config.players, options)  # a bad spec is refused before any work
    start = None
    if config.init is not None and not config.resume:
        start = load_policy(config.init)
        PolicyBot(start, game).check(config.players, options)  # another game, table or layout is refused here
    folder = config.checkpoints
    folder.mkdir(parents=True, exist_ok=True)
    progress_file, model_file, curve_file = folder / "progress.json", folder / "model.zip", folder / "curve.csv"
    snapshots: list[Policy] = []
    curve: list[dict[str, float]] = []
    done_seconds = 0.0
    if config.resume:
        if not progress_file.exists() or not model_file.exists():
            raise KartentischError(f"--resume: no checkpoint in {folder} (progress.json and model.zip)")
        progress = json.loads(progress_file.read_text(encoding="utf-8"))
        if progress["game"] != game.id or progress["players"] != config.players:
            raise KartentischError(f"--resume: the checkpoint in {folder} trains {progress['game']} at "
                                   f"{progress['players']} players, not {game.id} at {config.players}")
        done_seconds = float(progress["seconds"])
        snapshots = [load_policy(folder / name) for name in progress["league"]]
        with curve_file.open(encoding="utf-8") as src:
            curve = [{k: int(v) if k in ("steps", "matches") else float(v) for k, v in row.items()}
                     for row in csv.DictReader(src)]
    rng = random.Random(config.seed + len(curve))

    def factory(i: int) -> Callable[[], Any]:
        league = League(game, random.Random(rng.getrandbits(62)), config.heuristic, config.ismcts,
                        config.ismcts_iterations, snapshots)

        def build() -> Any:
            env = make(game.id, config.players, opponents=league, seat="random", options=options,
                       rewards="match+margin", skip_forced=True)
            env.reset(seed=config.seed * 1000 + i + 100_000 * len(curve))
            return env
        return build

    budget = config.minutes * 60.0
    started = time.perf_counter() - done_seconds  # the imitation counts too
    factories = [factory(i) for i in range(config.envs)]
    vec = RayVecEnv(factories) if config.ray else DummyVecEnv(factories)
    if config.resume:
        model = MaskablePPO.load(model_file, env=vec, device="cpu")
    else:
        model = MaskablePPO("MlpPolicy", vec, learning_rate=3e-4, n_steps=256, batch_size=512, n_epochs=4,
                            gamma=0.995, gae_lambda=0.95, ent_coef=0.01, clip_range=0.2,
                            policy_kwargs={"net_arch": list(config.net)}, seed=config.seed, verbose=0, device="cpu")
        if start is not None:
            load_network(model, start)
    trainer = "MaskablePPO (sb3-contrib) against a league of past selves and heuristic"
    if config.imitate:
        trainer = f"imitation of {config.teacher} against {config.against}, then {trainer}"
        if config.driver:
            trainer = f"DAgger: {config.driver} playing, {trainer}"
    if start is not None:
        trainer = f"from {config.init}: {trainer}"
    info = {"trainer": trainer, "command": config.command, "seed": config.seed}

    def checkpoint(steps: int) -> None:
        seconds = time.perf_counter() - started
        network = network_of(model)
        wins, n, _ = evaluate(network, game, config.players, options, "heuristic", config.eval_matches,
                              10_000_000 + len(curve) * config.eval_matches)
        low, high = wilson(wins, n)
        curve.append({"seconds": round(seconds, 1), "steps": steps, "win_rate": wins / n, "ci_low": low,
                      "ci_high": high, "matches": n})
        log(f"{seconds / 60:6.1f} min, {steps:>9,} steps: {wins / n:.3f} (95% CI {low:.3f}-{high:.3f}) against "
            f"heuristic over {n} matches")
        k = len(curve)
        snapshot = folder / f"league-{k}.npz"
        save_policy(snapshot, network, game, config.players, options, {**info, "checkpoint": k})
        snapshots.append(load_policy(snapshot))
        del snapshots[:-config.league_size]
        stale = folder / f"league-{k - config.league_size}.npz"
        if stale.exists():
            stale.unlink()
        if best_checkpoint(curve) is curve[-1]:
            save_policy(config.out, network, game, config.players, options,
                        {**info, "steps": steps, "seconds": round(seconds, 1), "evaluation": curve[-1]})
        model.save(model_file)
        _write_curve(curve_file, curve)
        plot_curve(curve, folder / "curve.png", f"{game.id}: learned policy against heuristic", config.players)
        progress_file.write_text(json.dumps({
            "game": game.id, "players": config.players, "seconds": seconds, "steps": steps, "seed": config.seed,
            "league": [Path(p.path).name for p in snapshots]}), encoding="utf-8")

    class Clock(BaseCallback):  # type: ignore[misc]
        """Stop at the time budget; a checkpoint every ``config.every`` seconds and at the end."""

        def __init__(self) -> None:
            super().__init__()
            self.next = (time.perf_counter() - started) + config.every

        def _on_step(self) -> bool:
            elapsed = time.perf_counter() - started
            if elapsed >= self.next:
                self.next = elapsed + config.every
                checkpoint(model.num_timesteps)
            return elapsed < budget

    if config.imitate and not config.resume:
        data = collect(game, config.players, options, config.teacher, config.against, config.imitate,
                       config.seed + 5_000_000, config.jobs, folder / "teacher", log, config.driver)
        loss = imitate(model, data, config.imitate_epochs, config.seed)
        log(f"imitated {config.teacher} on {len(data[2]):,} decisions ({config.imitate_epochs} epochs, "
            f"loss {loss:.3f})")
        checkpoint(0)  # the apprentice is measured and exported before PPO can change it
    clock = Clock()
    if time.perf_counter() - started < budget:
        model.learn(total_timesteps=10**10, callback=clock, reset_num_timesteps=not config.resume)
    if not curve or curve[-1]["steps"] != model.num_timesteps:
        checkpoint(model.num_timesteps)
    vec.close()
    return curve

