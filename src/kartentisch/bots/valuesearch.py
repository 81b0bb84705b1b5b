"""A learned evaluation played by a one-ply search over determinizations (issue 36 item 3).

``policy:PATH`` with a value file (``kind="value"``, :mod:`.policy`; trained by :mod:`kartentisch.rl.value`) is
this bot. At a decision of ``seat`` with more than one legal token it

1. samples ``k`` **determinizations** of what the seat cannot see: :meth:`~kartentisch.kernel.GameState.determinize`
   re-deals every card hidden from the seat (other seats' hands and face-down cards, its own face-down cards,
   the draw pile) and reseeds the sample's generator from the bot's own, so the real future shuffles stay unknown;
2. applies each legal token in each sample;
3. evaluates the result: the value network's estimate of the seat's round margin **from the seat's observation
   only** (the encoder of :mod:`kartentisch.rl.observations`, which reads ``state.view(seat)``'s information;
   :mod:`kartentisch.rl.value`), plus, for a residual value (the file's ``target``), the sample's provisional
   margin (the round's score if it ended now, computed on the determinization); or the exact margin when the
   move ended the round (the round's scores);
4. plays the token of the highest mean value over the samples (the first in legal order on a tie).

Chance the move meets (the card a ``draw`` turns up, the face-down card a swap reveals) is averaged over the samples;
the other seats' replies and the seat's own later steps are left to the value, which learned them from the data's
play. This is a one-step policy improvement over the data's bots with a learned evaluation and sampled
determinizations — Perfect Information Monte Carlo (Long, Sturtevant, Buro & Furtak 2010, "Understanding the
Success of Perfect Information Monte Carlo Sampling in Game Tree Search") with a learned leaf evaluation in place
of a search to the end, as AlphaZero (Silver et al. 2018) evaluates leaves with a network and DouZero (Zha et al.
2021) ranks a card game's moves by a network's Monte-Carlo value estimate.

**Advantage files** (``target`` "advantage over N rollouts per move", :func:`kartentisch.rl.value.rollout_positions`)
read the seat's observation before the move and the move's change of it (:data:`~.policy.CHANGE`) and give the
move's advantage over the decision's others, which the heuristic's rollouts measured; the network alone ranks the
moves (no provisional margin, a round's end included).

**The anchor.** With an ``anchor`` (any value file's header, written by the trainer's ``--anchor``, or
``policy:PATH,anchor=0.2``; margins over the game's ``margin_scale``) the bot plays the heuristic's move unless the
best move's mean beats that move's by more than the anchor: a network too noisy to rank close moves then changes
only the moves it is sure of, and the heuristic keeps what a short horizon cannot see (measured in lastcard and
mayhem, ``bench/learned/README.md``).

**Search.** With ``search`` iterations (a file's header ``search``, written by the trainer's ``--search``, or
``policy:PATH,search=300``) the move scores above are not played but guide an ISMCTS search of that many iterations
(:mod:`.ismcts`): their softmax is its root prior, chosen by PUCT as AlphaZero does (Silver et al. 2017), and the
search's most visited move is played. A network fitted to a stronger search's choices
(:func:`kartentisch.rl.value.visit_positions`: expert iteration, Anthony, Tian & Barber 2017) then spends a small
search on the moves it expects that search to prefer (measured in colors, ``bench/learned/README.md``).

The number of samples is ``samples``, at most ``leaves // len(legal)`` (at least one), so one decision evaluates at
most about ``leaves`` positions in one batched network call (the time limit: ``bench/learned/README.md``). A
decision wider than ``leaves`` tokens (lastcard's pass: 455) is the game's heuristic bot's, as ISMCTS does when its
iterations cannot cover a decision (:data:`kartentisch.bots.ismcts.MIN_VISITS`); a game without one searches it on
a single sample.

Strength (``bench/learned/README.md``): in two-seat grid, with the file grid ships
(``games/grid/policy.npz``, made by ``python -m kartentisch.rl.value grid --horizon 3``) it won 0.650 (95 % CI
0.602–0.695) of 400 matches against the heuristic at 2.0 ms CPU per move (median; p95 4.5 ms, pure build); it is
the lobby's ``learned`` level for grid (:mod:`kartentisch.bots.levels`). lastcard's shipped file is an advantage
file with an anchor of 0.2: 0.620 (0.572–0.666) of 400 matches against the heuristic at 1.9 ms a move (compiled);
mayhem's a horizon-3 value file with an anchor of 0.3: 0.613 (0.564–0.659) of 400 at 0.86 ms (compiled; 0.48
without the anchor).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ..kernel import Bot, Game, GameState, KartentischError
from ..kernel.game import is_int
from .ismcts import ISMCTSBot
from .policy import CHANGE, Policy, PolicyError, _numpy, cached_policy, table_encoder


def _margin(game: Game, scores: list[int], seat: int, scale: float) -> float:
    """``seat``'s round margin over ``scale`` (:func:`kartentisch.rl.value.margins`, the value's target)."""
    signed = [game.score_sign * v for v in scores]
    return (signed[seat] - (sum(signed) - signed[seat]) / (len(signed) - 1)) / scale


class ValueSearchBot:
    """Plays a value file (``kind="value"``) by the one-ply search of the module docstring, for any seat.

    Args:
        policy: the loaded file (or its path).
        game: the game played; a file of another game or of another kind is refused.
        seed: seeds the determinizations: equal seeds and equal views of the seat give equal choices.
        samples: determinizations per decision (int ≥ 1).
        leaves: positions evaluated per decision at most (int ≥ 1); fewer samples on a wide decision.
        anchor: the margin (≥ 0) by which the best move must beat the heuristic's to be played instead (module
            docstring); ``None``: the file's ``anchor``, else none.
        search: ISMCTS iterations with the network's move scores as the root prior (module docstring, "Search");
            ``None``: the file's ``search``, else 0 (the one-ply search).
    Raises:
        PolicyError: the file (:func:`~.policy.load_policy`), another game, a policy file, ``samples``/``leaves``
            not an integer ≥ 1, ``anchor`` not a number ≥ 0, ``search`` not an integer ≥ 0, or both. A table of
            another player count or observation layout is refused at the first decision (:meth:`check`).
    """

    name = "value"

    def __init__(self, policy: Policy | str | Path, game: Game, seed: int | None = None, samples: object = 8,
                 leaves: object = 64, anchor: object = None, search: object = None) -> None:
        self.policy = policy if isinstance(policy, Policy) else cached_policy(policy)
        where = self.policy.path
        if self.policy.game != game.id:
            raise PolicyError(f"policy file {where}: a value network of {self.policy.game!r}, not of {game.id!r}")
        if self.policy.kind != "value":
            raise PolicyError(f"policy file {where}: holds {self.policy.contents}, not a value")
        for name, value in (("samples", samples), ("leaves", leaves)):
            if not (is_int(value) and value >= 1):  # type: ignore[operator]
                raise PolicyError(f"policy {where}: {name}={value!r} must be an integer ≥ 1")
        anchor = self.policy.header.get("anchor") if anchor is None else anchor
        if anchor is not None and (isinstance(anchor, bool) or not isinstance(anchor, int | float) or not anchor >= 0):
            raise PolicyError(f"policy {where}: anchor={anchor!r} must be a number ≥ 0")
        #: Margin the best move must beat the heuristic's by (module docstring); ``None``: no anchoring.
        self.anchor = None if anchor is None else float(anchor)
        search = self.policy.header.get("search", 0) if search is None else search
        if not (is_int(search) and search >= 0):  # type: ignore[operator]
            raise PolicyError(f"policy {where}: search={search!r} must be an integer ≥ 0 (ISMCTS iterations)")
        if search and self.anchor is not None:
            raise PolicyError(f"policy {where}: search={search} and anchor={anchor} exclude each other")

        self.game = game
        self.samples = int(samples)  # type: ignore[call-overload]
        self.leaves = int(leaves)  # type: ignore[call-overload]
        self.scale = float(self.policy.header.get("scale", 1.0))
        target = str(self.policy.header.get("target", ""))
        #: The network gives the margin minus the provisional one (:func:`kartentisch.rl.value.provisional`).
        self.residual = target.endswith("minus provisional")
        #: The network gives a move's advantage over the decision's others (:func:`kartentisch.rl.value.
        #: rollout_positions`) or its log-share of a teacher search's visits (:func:`kartentisch.rl.value.
        #: visit_positions`): it alone ranks the moves, a round's end included.
        self.advantage = target.startswith(("advantage", "visit shares"))
        #: The network reads the observation before the move and the move's change of it (:data:`~.policy.CHANGE`).
        self.change = self.policy.header.get("inputs") == CHANGE
        self.rng = random.Random(seed)
        #: ISMCTS guided by the network's move scores as its root prior (module docstring); ``None``: one ply.
        self.searcher = ISMCTSBot(game, seed=self.rng.getrandbits(63), iterations=search) if search else None
        self._fallback: Bot | None = None
        #: Mean value per legal token of the last searched decision (empty when it was forced or not searched).
        self.last_values: dict[str, float] = {}

    def check(self, players: int, options: Any = None) -> Any:
        """The encoder for a table of ``players`` with ``options`` (:func:`~.policy.table_encoder`).

        Raises:
            PolicyError: another player count or observation layout than the file was made for.
        """
        return table_encoder(self.policy, self.game, players, options)

    def choose(self, state: GameState, seat: int) -> str:
        """The token of the best mean value over determinizations (module docstring), read from ``seat``'s
        information only.

        Raises:
            KartentischError: ``seat`` has no decision; PolicyError: the table does not fit the file.
        """
        legal = state.legal_actions(seat)
        if not legal:
            raise KartentischError(f"value bot: seat {seat} has no decision now (to_act={state.to_act()})")
        self.last_values = {}
        if len(legal) == 1:
            return legal[0]
        encoder = self.check(state.players, state.options)
        if len(legal) > self.leaves and self._heuristic() is not None:
            return self._heuristic().choose(state, seat)  # type: ignore[union-attr]
        np = _numpy()
        k = max(1, min(self.samples, self.leaves // len(legal)))
        scored = len(state.scores)
        rows: list[Any] = []
        where: list[tuple[int, int]] = []  # (token index, row) of each evaluated position
        exact = np.zeros((k, len(legal)))
        zeros = [0] * state.players
        before = encoder.observe(state, seat) if self.change else None
        for d in range(k):
            sample = state.determinize(seat, self.rng)
            for i, token in enumerate(legal):
                after = sample.clone()
                after.apply_unchecked(seat, token)
                if len(after.scores) > scored and not self.advantage:  # the move ended the round: its margin is known
                    exact[d, i] = _margin(self.game, after.scores[scored], seat, self.scale)
                else:
                    if self.residual:
                        exact[d, i] = _margin(self.game, after.round_score_now() or zeros, seat, self.scale)
                    where.append((d, i))
                    row = encoder.observe(after, seat)
                    rows.append(row if before is None else np.concatenate([before, row - before]))
        if rows:
            values = self.policy.network.logits(np.stack(rows))[:, 0]
            for (d, i), v in zip(where, values.tolist(), strict=True):
                exact[d, i] += v
        means = exact.mean(axis=0)
        self.last_values = dict(zip(legal, means.tolist(), strict=True))
        if self.searcher is not None:
            shares = np.exp(means - means.max())
            self.searcher.root_prior = dict(zip(legal, (shares / shares.sum()).tolist(), strict=True))
            try:
                return self.searcher.choose(state, seat)
            finally:
                self.searcher.root_prior = {}
        best = int(np.argmax(means))
        if self.anchor is not None and self._heuristic() is not None:
            usual = self._heuristic().choose(state, seat)  # type: ignore[union-attr]
            if means[best] <= self.last_values[usual] + self.anchor:
                return usual
        return legal[best]

    def _heuristic(self) -> Bot | None:
        """The game's heuristic bot (for decisions too wide to search), or ``None`` if it has none."""
        if self._fallback is None:
            try:
                self._fallback = self.game.heuristic_bot(self.rng.getrandbits(63))
            except NotImplementedError:
                return None
        return self._fallback
