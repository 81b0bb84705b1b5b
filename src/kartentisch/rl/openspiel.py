"""OpenSpiel Python games for every kartentisch game: ``pyspiel.load_game("python_kartentisch_colors")``.

:func:`register` (called on import for every game in :func:`kartentisch.games.all_games`)
registers ``python_kartentisch_<id>`` with :func:`pyspiel.register_game`. Game parameters:
``players`` (int, default the game's minimum), ``options`` (the game options as a JSON object
string, default ``"{}"``; :func:`load` writes it with ``;`` between items, since OpenSpiel's game
strings split parameters at every comma and a serialized game must load again, and either separator
is read), ``seed_bytes`` (int 1 … 8, default 4) and ``chance`` (``"step"``,
default, or ``"match"``), see *Chance*; ``max_game_length`` (int; default 0: measured, see
*Length*).

**Length.** The rules do not bound every game (``grid`` or ``colors`` rounds go on while no total
reaches the target, a reshuffled draw pile never runs out), so the bound is enforced: a match
that reaches ``max_game_length`` actions (chance outcomes included) is over without a result,
every return 0. The default is four times the longest of 20 seeded random matches with these
parameters, counting every token as if it were followed by a chance node (a generous upper
bound for play by any policy; random play is the longest there is in these games).

**Actions** are the ids of the fixed action space (:class:`~.spaces.ActionSpace`); in games
whose notation splits tokens into steps one decision takes several actions of the same player.
Players ``0 … n-1`` are the seats; the player to move is the first seat of ``to_act()``.

**Chance.** The kernel draws every shuffle from ``state.rng`` (a :class:`random.Random`) inside
``Game.new_state`` and ``GameState.apply``; OpenSpiel needs explicit chance nodes. Design: a
chance node precedes every *randomised step* — the first deal, and every token whose
application touches the generator (detected generically by applying the token to a clone whose
generator records use; a token that draws nothing applies without chance). The step's seed is
``seed_bytes`` chance outcomes, each a byte ``0 … 255`` with probability 1/256; the seed is
``int.from_bytes(bytes, "big")``. The first deal is ``new_state(players, options, seed)``; later
steps set ``state.rng = random.Random(seed)`` and apply the token.
Limits: (1) only ``256**seed_bytes`` shuffles are reachable per step, all equally likely, so the
distribution over deals is uniform over seeds and only approximately uniform over deals (Python's
Mersenne Twister maps seeds to permutations); (2) a chance outcome is a seed, not a card, so
algorithms that enumerate chance (exact CFR, expectimax) see ``256**seed_bytes`` branches per step
and are impractical; sampling algorithms (MCCFR outcome sampling, ISMCTS, random simulation) work;
(3) the outcome never appears in any player's information state (it would reveal hidden cards).

``chance="match"`` is the kernel's own model instead: one seed, chosen by the chance nodes before
the first deal, drives the match generator for the whole match, and later shuffles draw from it
with no further chance node (the generator is hidden state, like a face-down deck). A
kartentisch match with seed ``s`` and its tokens is then exactly the OpenSpiel history
:func:`history_from_match` builds. Its limit: chance after the deal is implicit, so algorithms
that need every random event as a chance node must use ``"step"``.
In both modes a resampled state (``resample_from_infostate``) gets a fresh generator, so search
never sees the real future shuffles.

**Information.** ``observation_string(p)`` is ``view(p)`` as sorted JSON plus the steps ``p``
has chosen in an unfinished decision; ``observation_tensor(p)`` is the
:class:`~.observations.Encoder` vector of ``view(p)`` (slices: :meth:`KartentischSpielGame.observation_slices`).
``information_state_string(p)`` adds perfect recall: every move so far as ``p`` may read it
(``GameState.public_token``) and, after each randomised step, ``view(p)`` then.
``information_state_tensor(p)`` is the observation tensor followed by the seat's *round memory*:
the elementwise maximum of every observation ``p`` has had since the round's deal (after each
move and each randomised step), so everything the seat has seen this round stays in it (a card
once held, once on the discard pile, once shown to it). It recalls what was seen, not in which
order: two information states that differ only in order can share a tensor (the string keeps
everything). ``resample_from_infostate(p, sampler)`` returns a
state with the same history whose hidden cards are re-dealt by ``GameState.determinize(p, rng)``
(``rng`` seeded from the sampler), so OpenSpiel's ISMCTS can play every game.

**Returns**: at the end :meth:`GameState.returns` (1 shared equally among the winners), else 0.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import require

for _module in ("numpy", "pyspiel"):
    require(_module)

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from ..games import all_games, get_game  # noqa: E402
from ..kernel import Game, GameState, Match  # noqa: E402
from .observations import Encoder  # noqa: E402
from .spaces import ActionSpace  # noqa: E402

PREFIX = "python_kartentisch_"
OUTCOMES = 256
CHANCE_MODES = ("step", "match")
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class _RecordingRandom(random.Random):
    """A generator that notes whether anything drew from it (``touched``).

    One instance (:data:`_RECORDER`) serves every trial: a trial that touched it is thrown away,
    and a kept trial never draws from it again (the next randomised step reseeds first).
    """

    touched = False

    def random(self) -> float:
        self.touched = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.touched = True
        return super().getrandbits(k)


@dataclass(frozen=True)
class Setup:
    """What one parameter set fixes: action space, encoder, seat count, seed bytes per chance step,
    the chance mode and the enforced length bound."""

    space: ActionSpace
    encoder: Encoder
    players: int
    seed_bytes: int
    chance: str
    max_length: int


#: Random matches measured for the default ``max_game_length``, and the factor over the longest.
LENGTH_SAMPLES = 20
LENGTH_FACTOR = 4


def measured_length(game: Game, space: ActionSpace, seed_bytes: int) -> int:
    """The default ``max_game_length`` (module docstring, *Length*): :data:`LENGTH_FACTOR` times the
    longest of :data:`LENGTH_SAMPLES` seeded random matches, every token counted with a chance node."""
    longest = 0
    for seed in range(LENGTH_SAMPLES):
        state = game.new_state(space.players, space.options, seed)
        rng = random.Random(seed)
        length = seed_bytes
        while not state.game_over:
            seat = state.to_act()[0]
            token = state.random_action(seat, rng)
            length += len(space.steps(token)) + seed_bytes
            state.apply(seat, token)
        longest = max(longest, length)
    return LENGTH_FACTOR * longest


_SETUPS: dict[tuple[str, str], Setup] = {}


def _setup(game: Game, params: Mapping[str, Any]) -> Setup:
    """The (cached) :class:`Setup` of ``game`` with OpenSpiel ``params`` (raises on bad values)."""
    key = (game.id, json.dumps(dict(params), sort_keys=True))
    found = _SETUPS.get(key)
    if found is not None:
        return found
    players = int(params.get("players", game.min_players))
    try:
        options = json.loads(params.get("options", "{}").replace(";", ","))  # load's form (module docstring)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{PREFIX}{game.id}: parameter options is not JSON: {exc}") from exc
    if not isinstance(options, dict):
        raise ValueError(f"{PREFIX}{game.id}: parameter options must be a JSON object, not {options!r}")
    seed_bytes = int(params.get("seed_bytes", 4))
    if not 1 <= seed_bytes <= 8:
        raise ValueError(f"{PREFIX}{game.id}: seed_bytes {seed_bytes} outside 1 … 8")
    chance = params.get("chance", "step")
    if chance not in CHANCE_MODES:
        raise ValueError(f"{PREFIX}{game.id}: chance {chance!r} unknown; use one of {', '.join(CHANCE_MODES)}")
    space = ActionSpace(game, players, options)
    max_length = int(params.get("max_game_length", 0))
    if max_length < 0:
        raise ValueError(f"{PREFIX}{game.id}: max_game_length {max_length} must be ≥ 1 (or 0: measured)")
    if max_length == 0:
        max_length = measured_length(game, space, seed_bytes)
    found = _SETUPS[key] = Setup(space, Encoder(game, players, space=space), players, seed_bytes, chance, max_length)
    return found


_RECORDER = _RecordingRandom(0)


class _Proxy(random.Random):
    """Draws from ``target`` and notes whether anything drew (``touched``); chance mode ``match``."""

    def __init__(self, target: random.Random) -> None:
        super().__init__(0)
        self.target = target
        self.touched = False

    def random(self) -> float:
        self.touched = True
        return self.target.random()

    def getrandbits(self, k: int) -> int:
        self.touched = True
        return self.target.getrandbits(k)


class KartentischSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game wrapping one kartentisch game (module docstring).

    Raises:
        ValueError: bad ``options`` JSON, ``seed_bytes`` outside 1 … 8 or an unknown ``chance``.
        KartentischError: bad player count or options (from the kernel).
    """

    kartentisch_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        setup = _setup(self.kartentisch_game, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(setup.space), max_chance_outcomes=OUTCOMES, num_players=setup.players,
            min_utility=0.0, max_utility=1.0, utility_sum=None,
            max_game_length=setup.max_length)
        super().__init__(_game_type(self.kartentisch_game), info, params)

    @property
    def setup(self) -> Setup:
        """Action space, encoder, seats and seed length of these parameters.

        pyspiel may rebuild a Python game object without calling ``__init__`` (e.g. when a
        state is copied on the C++ side), so this is looked up from the parameters.
        """
        return _setup(self.kartentisch_game, self.get_parameters())

    def new_initial_state(self) -> KartentischSpielState:
        """The state before the first deal (a chance node)."""
        return KartentischSpielState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as name and parameters, as pyspiel's own games do (for multiprocessing workers):
        the class is made per game at registration, so pickle cannot find it by name."""
        return (_load_registered, (PREFIX + self.kartentisch_game.id, dict(self.get_parameters())))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer of one seat's view (perfect recall: the information state string and tensor)."""
        if params:
            raise ValueError(f"observer parameters not supported, got {params!r}")
        return Observer(self, iig_obs_type)

    def observation_slices(self) -> list[dict[str, Any]]:
        """The observation tensor's slices: name, shape, offset, meaning."""
        return self.setup.encoder.describe()


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"kartentisch {game.names.get('en', game.id)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "options": "{}", "seed_bytes": 4,
                                 "chance": "step", "max_game_length": 0})


class KartentischSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a kartentisch state plus the chance and step bookkeeping.

    Attributes:
        inner: the kernel state (``None`` before the first deal).
    """

    def __init__(self, game: KartentischSpielGame) -> None:
        super().__init__(game)
        # pyspiel copies a Python state by deep-copying its __dict__: keep it small and let
        # _Held copy the kernel state with GameState.clone().
        self._key = (game.kartentisch_game.id, json.dumps(dict(game.get_parameters()), sort_keys=True))
        game.setup  # noqa: B018 - validates the parameters and fills the cache for _setup
        self._held = _Held(None, [], [])
        self._moves = 0  # actions applied, chance outcomes included (the enforced max_game_length)
        self._pending: tuple[int, str] | None = None  # token waiting for its seed
        self._seed: list[int] = []
        self._steps: list[int] = []
        self._next_cache: dict[int, str | None] | None = None  # legal next steps until the next action

    @property
    def _setup(self) -> Setup:
        return _SETUPS[self._key]

    @property
    def inner(self) -> GameState | None:
        """The kernel state (``None`` before the first deal)."""
        return self._held.inner

    @inner.setter
    def inner(self, value: GameState | None) -> None:
        self._held.inner = value

    @property
    def _log(self) -> list[tuple[int, Any]]:
        """(seat, token) per move; (-1, [view JSON per seat]) after each randomised step."""
        return self._held.log

    # ----------------------------------------------------------------------------- protocol
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before a randomised step, ``TERMINAL`` at the end."""
        if self._moves >= self._setup.max_length:
            return TERMINAL
        inner = self._held.inner
        if inner is None or self._pending is not None:
            return CHANCE
        if inner.game_over:
            return TERMINAL
        return inner.to_act()[0]

    def is_terminal(self) -> bool:
        """True once the match is over, or cut at ``max_game_length`` (module docstring, *Length*)."""
        return self._moves >= self._setup.max_length or (
            self.inner is not None and self._pending is None and self.inner.game_over)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 equally likely bytes of the next seed."""
        return [(b, 1.0 / OUTCOMES) for b in range(OUTCOMES)]

    def _next(self) -> dict[int, str | None]:
        if self._next_cache is None:
            inner = self._held.inner
            assert inner is not None
            self._next_cache = self._setup.space.next_steps(inner.legal_actions(inner.to_act()[0]), self._steps)
        return self._next_cache

    def _legal_actions(self, player: int) -> list[int]:
        """Legal next steps of ``player`` (empty unless it is to move), ascending."""
        if player != self.current_player():
            return []
        return sorted(self._next())

    def _apply_action(self, action: int) -> None:
        if self.is_terminal():
            raise ValueError(f"{self._key[0]}: the match is over (no action applies)")
        if self.current_player() == CHANCE:
            if not 0 <= action < OUTCOMES:  # checked first: a stored bad byte would leave a chance node for good
                raise ValueError(f"{self._key[0]}: chance outcome {action} is not a byte 0 … {OUTCOMES - 1}")
            self._moves += 1
            self._seed.append(action)
            if len(self._seed) == self._setup.seed_bytes:
                self._resolve_chance(int.from_bytes(bytes(self._seed), "big"))
            return
        assert self.inner is not None
        seat = self.inner.to_act()[0]
        nxt = self._next()
        if action not in nxt:
            raise ValueError(f"{self._key[0]}: action {action} is not legal for player {seat} now; "
                             f"legal: {sorted(nxt)}")
        self._moves += 1
        token = nxt[action]
        self._next_cache = None
        if token is None:
            self._steps.append(action)
            return
        self._steps = []
        self._log.append((seat, token))
        if self._setup.chance == "match":
            self.inner.rng = proxy = _Proxy(self.inner.rng)
            try:
                self.inner.apply(seat, token)
            finally:
                self.inner.rng = proxy.target
            if proxy.touched:
                self._snapshot()
            self._remember()
            return
        trial = self.inner.clone()
        trial.rng = _RECORDER
        _RECORDER.touched = False
        trial.apply(seat, token)
        if _RECORDER.touched:
            self._pending = (seat, token)
        else:
            self.inner = trial
            self._remember()

    def _resolve_chance(self, seed: int) -> None:
        setup = self._setup
        self._seed = []
        if self.inner is None:
            self.inner = get_game(self._key[0]).new_state(setup.players, setup.space.options, seed)
            self._held.memory = [np.zeros(setup.encoder.size, np.float32) for _ in range(setup.players)]
        else:
            assert self._pending is not None
            self.inner.rng = random.Random(seed)
            self.inner.apply(*self._pending)
            self._pending = None
        self._snapshot()
        self._remember()

    def _remember(self) -> None:
        """Fold every seat's observation now into its round memory (a new round starts it afresh)."""
        inner = self.inner
        assert inner is not None
        held, encoder = self._held, self._setup.encoder
        fresh = held.memory_round != inner.round
        for seat in range(self._setup.players):
            obs = encoder.encode_state(inner, seat)
            if fresh:
                held.memory[seat] = obs
            else:
                np.maximum(held.memory[seat], obs, out=held.memory[seat])
        held.memory_round = inner.round

    def memory(self, player: int) -> np.ndarray:
        """``player``'s round memory (module docstring): zeros before the first deal."""
        if not self._held.memory:
            return np.zeros(self._setup.encoder.size, np.float32)
        return self._held.memory[player]

    def _snapshot(self) -> None:
        """Log every seat's view after a randomised step (perfect recall of what it revealed)."""
        assert self.inner is not None
        self._log.append((-1, [_dump(self.inner.view(s)) for s in range(self._setup.players)]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self._setup.space.actions[action]

    def returns(self) -> list[float]:
        """Match result per seat once over (GameState.returns), else zeros (also when cut at the length bound)."""
        if not self.is_terminal() or self.inner is None or not self.inner.game_over:
            return [0.0] * self._setup.players
        return [float(r) for r in self.inner.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KartentischSpielState:
        """A state with ``player_id``'s information state, hidden cards re-dealt (``determinize``)."""
        new = self._copy()
        if self.inner is not None:
            rng = random.Random(int(float(probability_sampler()) * 2**53))
            new.inner = self.inner.determinize(player_id, rng)
            new.inner.rng = random.Random(rng.getrandbits(64))  # the real generator would leak future shuffles
        return new

    # ----------------------------------------------------------------------------- strings
    def view_string(self, player: int) -> str:
        """``view(player)`` as sorted JSON (``"deal pending"`` before the first deal) plus own steps."""
        if self.inner is None:
            return "deal pending"
        steps = self._steps if player == self.current_player() else []
        names = " ".join(self._setup.space.actions[i] for i in steps)
        return _dump(self.inner.view(player)) + (f"\nsteps: {names}" if names else "")

    def information_string(self, player: int) -> str:
        """Perfect-recall information state of ``player`` (module docstring)."""
        lines = []
        for seat, entry in self._log:
            if seat < 0:
                lines.append("chance " + entry[player])
            else:
                assert self.inner is not None
                lines.append(f"{seat}:{self.inner.public_token(seat, entry, player)}")
        lines.append(self.view_string(player))
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.inner is None:
            return "deal pending"
        return _dump(self.inner.to_doc())

    def _copy(self) -> KartentischSpielState:
        new = KartentischSpielState(self.get_game())
        new._held = copy.deepcopy(self._held)
        new._moves = self._moves
        new._pending, new._seed, new._steps = self._pending, list(self._seed), list(self._steps)
        return new


class _Held:
    """The kernel state, the log and the round memories; deep copies use ``GameState.clone()`` and
    share log entries."""

    def __init__(self, inner: GameState | None, log: list[tuple[int, Any]], memory: list[np.ndarray],
                 memory_round: int = 0) -> None:
        self.inner = inner
        self.log = log
        self.memory = memory
        self.memory_round = memory_round

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.inner.clone() if self.inner is not None else None, list(self.log),
                     [m.copy() for m in self.memory], self.memory_round)


def _dump(doc: Any) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


class Observer:
    """OpenSpiel PyObserver: ``tensor`` and strings of one seat's view.

    Without perfect recall: the observation tensor and the view string. With ``perfect_recall``:
    the information state, i.e. the observation tensor followed by the round memory (module
    docstring), and the information state string. Only single-seat private information is
    supported.
    """

    def __init__(self, game: KartentischSpielGame, iig_obs_type: Any) -> None:
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not obs_type.public_info:
            raise ValueError("kartentisch observers show one seat's view: private_info SINGLE_PLAYER, public_info")
        self.encoder = game.setup.encoder
        self.perfect_recall = obs_type.perfect_recall
        size = self.encoder.size
        self.tensor = np.zeros(2 * size if self.perfect_recall else size, np.float32)
        self.dict = {s.name: self.tensor[s.offset:s.offset + s.size].reshape(s.shape) for s in self.encoder.slices}
        if self.perfect_recall:
            self.dict["memory"] = self.tensor[size:]

    def set_from(self, state: KartentischSpielState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation (and round memory) of ``state`` (zeros before the deal)."""
        if state.inner is None:
            self.tensor.fill(0)
            return
        steps = state._steps if player == state.current_player() else []
        size = self.encoder.size
        self.tensor[:size] = self.encoder.encode_state(state.inner, player, steps)
        if self.perfect_recall:
            self.tensor[size:] = state.memory(player)

    def string_from(self, state: KartentischSpielState, player: int) -> str:
        """The observation string, or the information state string with perfect recall."""
        return state.information_string(player) if self.perfect_recall else state.view_string(player)


def history_from_match(match: Match, seed_bytes: int = 4) -> list[int]:
    """The OpenSpiel action history (parameter ``chance="match"``) of a kartentisch ``match``.

    The seed's ``seed_bytes`` big-endian bytes (the chance outcomes of the first deal), then the
    action ids of every token's steps. Load the game with ``load(game, players, options,
    chance="match", seed_bytes=seed_bytes)`` to apply it.

    Raises:
        ValueError: the match has a stacked deck, no seed, or a seed outside ``0 … 256**seed_bytes - 1``.
    """
    if match.deck is not None or match.seed is None or not 0 <= match.seed < OUTCOMES ** seed_bytes:
        raise ValueError(f"only a match dealt from a seed in 0 … {OUTCOMES ** seed_bytes - 1} (no stacked deck) "
                         f"is an OpenSpiel history; got seed {match.seed!r}, deck {'given' if match.deck else 'none'}")
    space = ActionSpace(match.game, match.players, match.state.options)
    history = list(match.seed.to_bytes(seed_bytes, "big"))
    for _, token in match.history:
        history += space.steps(token)
    return history


def register(game: Game | str) -> str:
    """Register ``game`` with pyspiel as ``python_kartentisch_<id>`` (idempotent); returns the name."""
    game = get_game(game) if isinstance(game, str) else game
    name = PREFIX + game.id
    if name not in pyspiel.registered_names():
        cls = type(f"KartentischSpielGame_{game.id}", (KartentischSpielGame,), {"kartentisch_game": game})
        pyspiel.register_game(_game_type(game), cls)
    return name


def _load_registered(name: str, params: dict[str, Any]) -> KartentischSpielGame:
    """Unpickling: this module is imported, so every game is registered; load ``name`` with ``params``."""
    return pyspiel.load_game(name, params)  # type: ignore[no-any-return]


def load(game: Game | str, players: int | None = None, options: dict[str, Any] | None = None,
         **params: Any) -> KartentischSpielGame:
    """Register (if needed) and load ``game``: ``load("colors", 3, {"max_rounds": 1})``."""
    name = register(game)
    spiel_params: dict[str, Any] = dict(params)
    if players is not None:
        spiel_params["players"] = players
    if options is not None:
        spiel_params["options"] = json.dumps(options, separators=(";", ":"))  # no comma: a game string splits at it
    return pyspiel.load_game(name, spiel_params)


for _game in all_games():
    register(_game)
