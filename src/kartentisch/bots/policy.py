"""A learned policy as a bot (issue 36): ``policy:PATH`` plays an exported network with NumPy alone.

**The file** (``.npz``, NumPy's zip of arrays, read with ``allow_pickle=False`` so it runs no code) holds
``header``, a JSON document as UTF-8 bytes (``uint8``), and the layers ``w0, b0, w1, b1, …``: ``w_k`` of
shape ``(inputs, outputs)``, ``b_k`` of shape ``(outputs,)``, float32. The network is a multi-layer
perceptron: ``tanh`` between layers (``header["activation"]``). What its outputs mean is the header's ``kind``
(:data:`KINDS`): a ``"policy"``'s last layer gives the logits of the game's fixed action space
(:class:`kartentisch.rl.spaces.ActionSpace`); a ``"value"``'s gives one number, the expected outcome for the
observing seat (:mod:`kartentisch.bots.valuesearch` plays it by a small search). The header names:

* ``format`` (``"kartentisch-policy"``), ``version`` (:data:`VERSION`; version 1, written before values existed,
  has no ``kind`` and is read as a policy) and ``kind``;
* ``game``, ``players`` and ``options`` (the table it was trained for);
* ``observation``: ``size`` and ``digest`` of the encoder's slice layout (:func:`layout_digest`: names,
  shapes, offsets, scales), so a policy whose game changed its observation is refused, not misread;
* ``actions``: ``size`` and ``digest`` of the action list;
* ``activation``; and, for reproduction, ``command``, ``seed``, ``trainer`` and whatever else the trainer
  recorded (:func:`save_policy` takes them as ``info``);
* ``inputs`` (values only, optional): :data:`CHANGE` for a network that reads the seat's observation before its
  move followed by the move's change of it (twice the observation's size; :mod:`kartentisch.rl.value`'s rollout
  data), else it reads the observation.

A ``"tabular"`` file (:mod:`kartentisch.rl.tabular`) holds no network: ``keys`` (int64, one per row) are the game's
:meth:`~kartentisch.kernel.Game.value_key` of a seat, ``values`` (float32, the same length) the mean round score
(points) seats of that key reached; its header names ``format``, ``version``, ``kind``, ``game``, ``players``,
``options`` and ``play`` (``iterations`` ≥ 1 and ``weight`` in [0, 1], how :mod:`kartentisch.bots.tabular` plays it).

**Playing.** The bot reads only its seat's observation: :meth:`Encoder.encode_state
<kartentisch.rl.observations.Encoder.encode_state>` (the encoder the RL environments use, equal to encoding
``state.view(seat)``) and the legal-step mask. It takes the best legal step (``temperature=0``, the default)
or samples ``softmax(logits / temperature)`` over the legal steps from its own seeded generator; a decision
of several steps (a game whose notation splits tokens, :mod:`kartentisch.rl.spaces`) is chosen step by step,
the steps already chosen being part of the observation, as in the environments. A decision with one legal
token is played without asking the network.

Errors name the file and what is wrong (:class:`PolicyError`): unreadable or not a policy file, a missing or
misshapen layer, a policy of another game, player count or observation layout.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..kernel import Game, GameState, KartentischError
from ..kernel.game import is_int
from ..kernel.memo import Memo

FORMAT = "kartentisch-policy"
#: Version of the file format written; version 2 added ``kind``. A file of a version not in :data:`READS` is refused.
VERSION = 2
#: Versions read: 1 (a policy, no ``kind``) and 2.
READS = (1, 2)
ACTIVATIONS = ("tanh", "relu")
#: What a file holds: a network giving the logits of every action or one value of the observing seat's position,
#: or a table of round scores by the game's value key (no network).
KINDS = ("policy", "value", "tabular")
#: The arrays of a ``"tabular"`` file besides its header.
TABULAR_ARRAYS = ("keys", "values")
#: A value network's ``inputs``: the observation before the move, then the move's change of it (after − before).
CHANGE = "before and change"


def input_width(header: Mapping[str, Any]) -> int:
    """The network's input width a file's header declares: the observation's size, twice it for :data:`CHANGE`.

    Raises:
        PolicyError: ``inputs`` is neither absent nor :data:`CHANGE`.
    """
    inputs = header.get("inputs")
    if inputs not in (None, CHANGE):
        raise PolicyError(f"inputs {inputs!r}: this kartentisch reads the observation or {CHANGE!r}")
    return int(header["observation"]["size"]) * (2 if inputs == CHANGE else 1)


class PolicyError(KartentischError):
    """A policy file that cannot be played here: unreadable, malformed, or made for another game or table."""


def _numpy() -> Any:
    try:
        import numpy as np
    except ImportError as exc:  # numpy comes with the 'rl' extra
        raise PolicyError("a policy bot needs numpy (the optional extra 'rl': pip install 'kartentisch[rl]')") from exc
    return np


def layout_digest(rows: Sequence[Mapping[str, Any]] | Sequence[str]) -> str:
    """A short SHA-256 digest of an encoder's ``describe()`` rows (or of an action list): 16 hex digits."""
    text = json.dumps(list(rows), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Network:
    """An MLP: ``layers`` as ``(w, b)`` pairs (``w``: ``(inputs, outputs)`` float32), ``activation`` between them.

    :meth:`logits` evaluates a batch at once.
    """

    layers: list[tuple[Any, Any]]
    activation: str = "tanh"

    @property
    def inputs(self) -> int:
        """Length of an observation."""
        return int(self.layers[0][0].shape[0])

    @property
    def outputs(self) -> int:
        """Number of actions."""
        return int(self.layers[-1][0].shape[1])

    def logits(self, x: Any) -> Any:
        """Logits of observations ``x``: ``(batch, inputs)`` or ``(inputs,)`` float32 → ``(batch, outputs)`` or
        ``(outputs,)``."""
        np = _numpy()
        act = np.tanh if self.activation == "tanh" else (lambda v: np.maximum(v, 0.0))
        last = len(self.layers) - 1
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < last:
                x = act(x)
        return x


@dataclass
class Policy:
    """A loaded policy file: its ``header`` (module docstring), its :class:`Network` and where it came from."""

    header: dict[str, Any]
    #: The network (no layers in a ``"tabular"`` file).
    network: Network
    path: str
    #: Checked encoders by table (players and options), shared by every bot of this policy.
    encoders: dict[str, Any] = field(default_factory=dict)
    #: A ``"tabular"`` file's mean round score (points) by value key; empty in a network's file.
    table: dict[int, float] = field(default_factory=dict)

    @property
    def game(self) -> str:
        """The game id it plays."""
        return str(self.header["game"])

    @property
    def players(self) -> int:
        """The player count it was trained for."""
        return int(self.header["players"])

    @property
    def kind(self) -> str:
        """``"policy"`` (logits of every action), ``"value"`` (one value of the seat's position) or ``"tabular"``
        (round scores by value key), :data:`KINDS`."""
        return str(self.header.get("kind", "policy"))

    @property
    def contents(self) -> str:
        """What the file holds, for an error: ``"a policy network"``, ``"a value network"`` or ``"a table"``."""
        return "a table" if self.kind == "tabular" else f"a {self.kind} network"


def save_policy(path: str | Path, network: Network, game: Game, players: int, options: Mapping[str, Any] | None,
                info: Mapping[str, Any] | None = None, kind: str = "policy",
                inputs: str | None = None) -> dict[str, Any]:
    """Write ``network`` as a policy file for ``game`` at ``players`` seats with ``options``; returns the header.

    ``info`` (JSON-able: the training command, seed, trainer, evaluation …) is merged into the header. ``kind``:
    ``"policy"`` (one output per action) or ``"value"`` (one output), :data:`KINDS`. ``inputs``: :data:`CHANGE`
    for a value network reading the observation before a move and its change (module docstring), else ``None``.

    Raises:
        PolicyError: an unknown ``kind``, or the network's input or output size does not match the game's
            observation or action space (one output for a value).
    """
    np = _numpy()
    from ..rl.observations import Encoder

    if kind not in ("policy", "value") or (inputs is not None and (kind, inputs) != ("value", CHANGE)):
        raise PolicyError(f"{path}: kind {kind!r} with inputs {inputs!r}; use policy or value (a table: "
                          f"save_tabular), a value with inputs {CHANGE!r} or none")
    encoder = Encoder(game, players, options)
    space = encoder.space
    outputs = len(space) if kind == "policy" else 1
    width = encoder.size * (2 if inputs == CHANGE else 1)
    if network.inputs != width or network.outputs != outputs:
        raise PolicyError(f"{path}: the {kind} network maps {network.inputs} inputs to {network.outputs} outputs, "
                          f"but {game.id} at {players} players needs {width} inputs and {outputs} outputs")
    header = {"format": FORMAT, "version": VERSION, "kind": kind, "game": game.id, "players": players,
              **({"inputs": inputs} if inputs else {}),
              "options": dict(space.options), "activation": network.activation,
              "observation": {"size": encoder.size, "digest": layout_digest(encoder.describe())},
              "actions": {"size": len(space), "digest": layout_digest(space.actions)}, **(info or {})}
    arrays = {"header": np.frombuffer(json.dumps(header, sort_keys=True).encode(), dtype=np.uint8)}
    for k, (w, b) in enumerate(network.layers):
        arrays[f"w{k}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{k}"] = np.asarray(b, dtype=np.float32)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as out:  # a file object: np.savez would add ".npz" to another suffix
        np.savez_compressed(out, **arrays)
    return header


def save_tabular(path: str | Path, table: Mapping[int, float], game: Game, players: int,
                 play: Mapping[str, Any], info: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Write ``table`` (value key → mean round score in points) as a ``"tabular"`` file for ``game`` at ``players``
    seats (the game's default options), played with ``play`` (``iterations``, ``weight``); returns the header.
    ``info`` (JSON-able: the command, seed, figures) is merged into the header.

    Raises:
        PolicyError: ``play`` is not as :func:`load_policy` reads it.
    """
    np = _numpy()
    header = {"format": FORMAT, "version": VERSION, "kind": "tabular", "game": game.id, "players": players,
              "options": game.resolve_options(players, None), "play": dict(play), **(info or {})}
    _check_play(header, str(path))
    keys = np.array(sorted(table), dtype=np.int64)
    arrays = {"header": np.frombuffer(json.dumps(header, sort_keys=True).encode(), dtype=np.uint8), "keys": keys,
              "values": np.array([table[k] for k in keys.tolist()], dtype=np.float32)}
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as out:
        np.savez_compressed(out, **arrays)
    return header


def _check_play(header: Mapping[str, Any], where: str) -> None:
    """Raise :class:`PolicyError` unless a tabular header's ``play`` holds ``iterations`` (a whole number ≥ 1) and
    ``weight`` (a number in [0, 1])."""
    play = header.get("play")
    iterations = play.get("iterations") if isinstance(play, dict) else None
    weight = play.get("weight") if isinstance(play, dict) else None
    if not (is_int(iterations) and iterations >= 1 and isinstance(weight, int | float) and not isinstance(weight, bool)
            and 0 <= weight <= 1 and isinstance(play, dict) and set(play) == {"iterations", "weight"}):
        raise PolicyError(f"policy file {where}: its header's play must hold iterations (a whole number ≥ 1) and "
                          f"weight (a number from 0 to 1), nothing else; it says {play!r}")


def _load_tabular(header: dict[str, Any], arrays: dict[str, Any], where: str) -> Policy:
    """The :class:`Policy` of a ``"tabular"`` file's checked ``header`` and ``arrays`` (module docstring).

    Raises:
        PolicyError: naming ``where``: a missing header field, arrays other than :data:`TABULAR_ARRAYS`, keys that
            are not whole numbers ≥ 0, values not finite or of another length.
    """
    np = _numpy()
    _check_play(header, where)
    if sorted(arrays) != sorted(TABULAR_ARRAYS):
        raise PolicyError(f"policy file {where}: a tabular file holds the arrays {', '.join(TABULAR_ARRAYS)}; found "
                          f"{', '.join(sorted(arrays)) or 'none'}")
    keys, values = arrays["keys"], arrays["values"]
    if keys.ndim != 1 or values.shape != keys.shape or keys.dtype.kind not in "iu" or values.dtype.kind != "f":
        raise PolicyError(f"policy file {where}: its keys must be whole numbers and its values as many numbers, one "
                          f"list each; found {keys.dtype} {keys.shape} and {values.dtype} {values.shape}")
    faults = [what for what, bad in (("a key below 0", (keys < 0).any()), ("a key twice", len(np.unique(keys))
              < len(keys)), ("a NaN or infinite value", not np.isfinite(values).all())) if bad]
    if faults:
        raise PolicyError(f"policy file {where}: its table holds {' and '.join(faults)}")
    return Policy(header, Network([]), where, table=dict(zip(keys.tolist(), values.tolist(), strict=True)))


#: Policies kept loaded at once.
LOADED_MAX = 16


def cached_policy(path: str | Path) -> Policy:
    """:func:`load_policy`, kept in memory while the file is unchanged (same modification time and size)."""
    try:
        stat = Path(path).stat()
    except OSError:
        return load_policy(path)  # raises, naming the file
    return _LOADED.get((str(path), stat.st_mtime_ns, stat.st_size))


def load_policy(path: str | Path) -> Policy:
    """Read a policy file (module docstring) and check its shapes.

    Raises:
        PolicyError: naming ``path`` and what is wrong: missing or unreadable, not a policy file, another format
            version, a header field of the wrong type (game, players, sizes, a scale ≤ 0), a missing or misshapen
            layer, a bad activation.
    """
    np = _numpy()
    where = str(path)
    try:
        with np.load(where, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise PolicyError(f"policy file {where}: no such file") from None
    except (OSError, ValueError, zipfile.BadZipFile, EOFError):
        # numpy's own reason for a file that is no .npz ("contains pickled data … load it unsafely") is advice
        # nobody should follow for a file of unknown origin: only what it is not
        raise PolicyError(f"policy file {where}: not a .npz policy file (a zip of NumPy arrays that `python -m "
                          "kartentisch.rl.value`, `python -m kartentisch.rl.tabular` or `kartentisch train` "
                          "writes)") from None
    if not isinstance(arrays, dict) or "header" not in arrays:
        raise PolicyError(f"policy file {where}: no 'header' (not a kartentisch policy file)")
    try:
        header = json.loads(arrays.pop("header").astype(np.uint8).tobytes().decode())
    except (ValueError, UnicodeDecodeError) as exc:
        raise PolicyError(f"policy file {where}: its header is not JSON ({exc})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise PolicyError(f"policy file {where}: its header does not say format {FORMAT!r}")
    if header.get("version") not in READS:
        raise PolicyError(f"policy file {where}: format version {header.get('version')!r}; this kartentisch reads "
                          f"versions {', '.join(map(str, READS))}")
    kind = header.setdefault("kind", "policy")  # version 1 had policies only
    if kind not in KINDS:
        raise PolicyError(f"policy file {where}: kind {kind!r}; this kartentisch plays {', '.join(KINDS)}")
    networked = ("observation", "actions", "activation") if kind != "tabular" else ("options", "play")
    missing = [key for key in ("game", "players", *networked) if key not in header]
    if missing:
        raise PolicyError(f"policy file {where}: its header lacks {', '.join(missing)}")
    if not isinstance(header["game"], str) or not is_int(header["players"]) or header["players"] < 1:
        raise PolicyError(f"policy file {where}: its header's game must be a game's id and players a whole number "
                          f"≥ 1; it says {header['game']!r} and {header['players']!r}")
    if kind == "tabular":
        return _load_tabular(header, arrays, where)
    for part in ("observation", "actions"):
        if not isinstance(header[part], dict) or not is_int(header[part].get("size")):
            raise PolicyError(f"policy file {where}: its header's {part} size must be a whole number")
    if "scale" in header and (isinstance(header["scale"], bool) or not isinstance(header["scale"], int | float)
                              or not header["scale"] > 0):
        raise PolicyError(f"policy file {where}: its header's scale must be a number > 0; it says "
                          f"{header['scale']!r}")
    if header["activation"] not in ACTIVATIONS:
        raise PolicyError(f"policy file {where}: activation {header['activation']!r}; use one of "
                          f"{', '.join(ACTIVATIONS)}")
    layers = []
    try:
        width = input_width(header)
    except PolicyError as exc:
        raise PolicyError(f"policy file {where}: {exc}") from None
    if kind != "value" and width != int(header["observation"]["size"]):
        raise PolicyError(f"policy file {where}: a {kind} reads the observation, not {header['inputs']!r}")
    k = 0
    while f"w{k}" in arrays or f"b{k}" in arrays:
        w, b = arrays.get(f"w{k}"), arrays.get(f"b{k}")
        if w is None or b is None:
            raise PolicyError(f"policy file {where}: layer {k} lacks w{k} or b{k}")
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise PolicyError(f"policy file {where}: layer {k} has weights {w.shape} and bias {b.shape}; "
                              f"expected ({width}, n) and (n,)")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise PolicyError(f"policy file {where}: layer {k} holds a NaN or infinite weight")
        layers.append((w.astype(np.float32), b.astype(np.float32)))
        width = w.shape[1]
        k += 1
    if not layers or len(arrays) != 2 * len(layers):
        raise PolicyError(f"policy file {where}: expected the layers w0, b0, w1, b1, …; found "
                          f"{', '.join(sorted(arrays)) or 'none'}")
    if kind == "policy" and width != int(header["actions"]["size"]):
        raise PolicyError(f"policy file {where}: the last layer gives {width} actions, the header says "
                          f"{header['actions']['size']}")
    if kind == "value" and width != 1:
        raise PolicyError(f"policy file {where}: a value network gives one output; its last layer gives {width}")
    return Policy(header, Network(layers, str(header["activation"])), where)


def _load_keyed(key: tuple[str, int, int]) -> Policy:
    """:func:`load_policy` of the path in a :data:`_LOADED` key (its modification time and size tell the file's
    versions apart)."""
    return load_policy(key[0])


#: Loaded policies by path, modification time and size: a table builds a bot per decision.
_LOADED: Memo[tuple[str, int, int], Policy] = Memo(_load_keyed, LOADED_MAX)


def table_encoder(policy: Policy, game: Game, players: int, options: Mapping[str, Any] | None = None) -> Any:
    """The observation encoder for ``policy`` at a table of ``game`` with ``players`` and ``options``, checked
    once against the file's header and kept in ``policy.encoders``.

    Raises:
        PolicyError: naming the file: another player count, observation layout or action space than the file
            was made for.
    """
    from ..rl.observations import Encoder

    key = json.dumps([players, dict(options or {})], sort_keys=True, default=str)
    encoder = policy.encoders.get(key)
    if encoder is None:
        header, where = policy.header, policy.path
        if players != policy.players:
            raise PolicyError(f"policy file {where}: made for {policy.players} players of {game.id}, not {players}")
        encoder = Encoder(game, players, options)
        if (encoder.size != header["observation"]["size"]
                or layout_digest(encoder.describe()) != header["observation"]["digest"]):
            raise PolicyError(f"policy file {where}: made for another observation layout of {game.id} (the "
                              f"file's options {json.dumps(header.get('options', {}), sort_keys=True)}, this table's "
                              f"{json.dumps(dict(options or {}), sort_keys=True, default=str)}; or an older "
                              "version); train it again")
        if layout_digest(encoder.space.actions) != header["actions"]["digest"]:
            raise PolicyError(f"policy file {where}: made for another action space of {game.id}; train it again")
        policy.encoders[key] = encoder
    return encoder


class PolicyBot:
    """A bot that plays a loaded :class:`Policy` (module docstring) for any seat of its game.

    Args:
        policy: the policy (or a path to its file).
        game: the game the bot plays; a policy of another game is refused.
        seed: seeds the sampling generator (used only with a temperature).
        temperature: 0 = greedy (the best legal step); > 0 samples ``softmax(logits / temperature)``.
    Raises:
        PolicyError: the file (:func:`load_policy`), another game, a value file (:mod:`.valuesearch` plays
            those), or a negative temperature. A table of another
            player count or observation layout is refused at the first decision (:meth:`check`).
    """

    name = "policy"

    def __init__(self, policy: Policy | str | Path, game: Game, seed: int | None = None,
                 temperature: float = 0.0) -> None:
        self.policy = policy if isinstance(policy, Policy) else cached_policy(policy)
        if self.policy.game != game.id:
            raise PolicyError(f"policy file {self.policy.path}: a policy of {self.policy.game!r}, not of "
                              f"{game.id!r}")
        if self.policy.kind != "policy":
            raise PolicyError(f"policy file {self.policy.path}: holds {self.policy.contents}, not a policy "
                              f"(play it as its bot spec: make_bot('policy:PATH'))")
        if not (isinstance(temperature, int | float) and temperature >= 0 and math.isfinite(temperature)):
            raise PolicyError(f"policy {self.policy.path}: temperature={temperature!r} must be a number ≥ 0")
        self.game = game
        self.temperature = float(temperature)
        self.rng = random.Random(seed)
        #: The last observation the network was given (tests check it depends only on the seat's view).
        self.last_input: Any = None

    def check(self, players: int, options: Mapping[str, Any] | None = None) -> Any:
        """The encoder for a table of ``players`` with ``options``, once checked against the policy's header
        (:func:`table_encoder`).

        Raises:
            PolicyError: another player count, observation layout or action space than the policy was made for.
        """
        return table_encoder(self.policy, self.game, players, options)

    def choose(self, state: GameState, seat: int) -> str:
        """The policy's token for ``seat`` (module docstring), read from the seat's observation only.

        Raises:
            PolicyError: the table does not fit the policy (:meth:`check`).
        """
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        np = _numpy()
        encoder = self.check(state.players, state.options)
        steps: list[int] = []
        while True:
            nxt = encoder.space.next_steps(legal, steps)
            ids = sorted(nxt)
            if len(ids) == 1:
                pick = ids[0]
            else:
                x = encoder.encode_state(state, seat, steps)
                self.last_input = x
                logits = self.policy.network.logits(x)[ids]
                pick = ids[self._pick(np, logits)]
            token = nxt[pick]
            if token is not None:
                return token
            steps.append(pick)

    def _pick(self, np: Any, logits: Any) -> int:
        if self.temperature == 0:
            return int(np.argmax(logits))
        z = (logits - logits.max()) / self.temperature
        weights = np.exp(z)
        return self.rng.choices(range(len(weights)), weights=weights.tolist())[0]
