"""Observation tensors: exactly one seat's view as a flat, bounded, normalised float32 vector.

An :class:`Encoder` turns what one seat sees, plus the steps it has chosen so far in an
unfinished decision (see :mod:`.spaces`), into a vector cut into named *slices*. Every slice
has a fixed shape for a given game, player count and options; :meth:`Encoder.describe` lists
them (name, shape, offset, scale, bounds, meaning). Every entry lies in ``[0, 1]``, or in
``[-1, 1]`` for a *signed* slice (points, which can be negative): raw numbers are divided by the
slice's scale and clipped, so :attr:`Encoder.low` / :attr:`Encoder.high` bound the space.

Three ways in, one result:

* :meth:`Encoder.encode` reads the seat's view document (``state.view(seat)``). Every game has
  it; it is the reference.
* :meth:`Encoder.encode_state` reads the state itself through the layout's ``zones`` function
  (a cheap stand-in for ``view(seat)["zones"]`` that shares the state's lists instead of copying
  them), when the layout has one; building the view document was what limited environment
  speed. Tests check on random positions of every game and player count that both ways give
  the same vector and that re-dealing hidden cards (``determinize``) never changes it. A layout
  may instead give a ``direct`` writer that fills its slices from the state's own numbers
  (:class:`Layout`); every built-in game's does, and tests compare it with the view way at every
  step of random play.
* :meth:`Encoder.observe`, the environments' way: equal to :meth:`Encoder.encode_state`, but where the
  layout has an ``update`` writer each seat keeps its vector between calls and only what changed is
  rewritten (chips, grid, lastcard, mayhem).

Conventions for every slice:

* **Relative seats.** A per-seat axis of length ``n`` (players) is rotated so index 0 is the
  observing seat, index 1 its left neighbour ``seat+1`` and so on (CONVENTIONS: clockwise).
* **Cards.** A card axis of length ``C`` runs over the game's distinct card codes in play, in
  the game's canonical order (``Game.deck``). Multi-hot slices hold the number of copies, divided
  by the copies of that code in the deck (:func:`per_copy`), so a full set reads 1.
* Counts are divided by a stated scale (e.g. the deck size for a pile); flags are 0/1.

Common slices (all games, first): ``to_act`` (n) seats with an open decision; ``dealer`` (n)
one-hot; ``totals`` (n) match totals divided by the layout's ``points`` scale (signed);
``round`` (1) round number over the layout's ``rounds`` scale; ``phase`` (number of phases)
one-hot over the game's phase list.

Game slices follow, from the game's ``observation`` part
(``kartentisch.games.<id>.observation.LAYOUT``, a :class:`Layout`) built from :class:`Part`.
A part's filler is either a :class:`Put` (vectorised: it appends ``(flat index, value)`` pairs
for the slice, reading the zones; both ways in use it) or a plain function
``fill(out, view, ctx)`` writing into the slice's array from the whole view (the view way only).
"""

from __future__ import annotations

import array
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import numpy as np

from ..kernel import Game, GameState
from .spaces import ActionSpace, LegalSteps, NotationError

#: A card as a layout's writer reads it: a code string, or a game's card number.
K = TypeVar("K")


@dataclass(frozen=True)
class Slice:
    """One named part of the observation vector: ``shape``, ``offset`` into the flat vector, meaning.

    ``size`` is the number of floats (the product of ``shape``); ``scale`` what raw values are
    divided by (a number, or ``"per entry"`` when it differs by entry, e.g. the copies of each code);
    ``signed`` whether entries may be negative (bounds ``[-1, 1]`` instead of ``[0, 1]``).
    """

    name: str
    shape: tuple[int, ...]
    offset: int
    meaning: str
    size: int
    scale: float | str = 1.0
    signed: bool = False


class Ctx:
    """What a slice filler needs besides the zones: seat, player count, card index, chosen steps.

    A :class:`Put` filler adds values into ``buf``, the raw flat vector (an ``array.array`` of
    float32, written entry by entry: far cheaper than NumPy item access), at ``at + i``.
    """

    def __init__(self, seat: int, players: int, card_index: dict[str, int], steps: Sequence[str] = (),
                 buf: array.array[float] | None = None) -> None:
        self.seat = seat
        self.players = players
        self.card_index = card_index
        self.steps = list(steps)
        self.buf: array.array[float] = buf if buf is not None else array.array("f")
        #: Absolute seats in relative order (``order[0]`` is the observer).
        self.order = [(seat + k) % players for k in range(players)]

    def rel(self, seat: int) -> int:
        """Seat number relative to the observer (0 = observer, 1 = left neighbour …)."""
        return (seat - self.seat) % self.players

    def per_seat(self, values: Sequence[Any]) -> list[Any]:
        """``values`` indexed by absolute seat, reordered so index 0 is the observer."""
        return [values[s] for s in self.order]

    def add_cards(self, at: int | np.ndarray, codes: Sequence[str | None]) -> None:
        """Add 1 at each visible card code of ``codes`` (``"?"``/``None`` are skipped).

        ``at`` is the flat offset of a card axis (a :class:`Put` filler), or an array of length C
        (a plain filler).
        """
        index = self.card_index
        if isinstance(at, int):
            buf = self.buf
            for code in codes:
                if code is not None and code != "?":
                    buf[at + index[code]] += 1
            return
        for code in codes:
            if code is not None and code != "?":
                at[index[code]] += 1

    def put(self, at: int, value: float) -> None:
        """Add ``value`` at flat index ``at``."""
        self.buf[at] += value


Filler = Callable[[np.ndarray, Mapping[str, Any], Ctx], None]
PutFn = Callable[[Mapping[str, Any], Ctx, int], None]


class Put:
    """A vectorised slice filler: ``put(zones, ctx, at)`` appends the slice's (index, value) pairs.

    ``at`` is the slice's offset in the flat vector; ``zones`` the view's ``zones`` (or the
    layout's cheap stand-in for them). Calling the object as a plain filler
    ``(out, view, ctx)`` writes the same values into ``out``, so it serves both ways in.
    """

    def __init__(self, put: PutFn) -> None:
        self.put = put

    def __call__(self, out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        buf = array.array("f", bytes(4 * out.size))
        self.put(view["zones"], Ctx(ctx.seat, ctx.players, ctx.card_index, ctx.steps, buf), 0)
        out.reshape(-1)[:] += np.frombuffer(buf, dtype=np.float32)


def put(fn: PutFn) -> Put:
    """Decorator: make ``fn(zones, ctx, at)`` a :class:`Put` filler."""
    return Put(fn)


@dataclass(frozen=True)
class Dims:
    """What a slice's shape and scale may depend on: players, distinct codes, copies, deck, options."""

    players: int
    cards: int
    copies: np.ndarray
    deck: int
    options: Mapping[str, Any]


Scale = float | Callable[[Dims], "float | np.ndarray"]


def per_copy(d: Dims) -> np.ndarray:
    """Scale of a card-count slice: the copies of each code in the deck (broadcast over the card axis)."""
    return d.copies


def deck_size(d: Dims) -> float:
    """Scale of a pile-size slice: the number of cards in the deck."""
    return float(d.deck)


@dataclass(frozen=True)
class Part:
    """A game slice template: name, shape as a function of ``(players, cards)``, meaning, filler.

    ``scale`` divides the raw values (a number, or a function of :class:`Dims`: :func:`per_copy`,
    :func:`deck_size` …; default 1 for flags, one-hots and single copies); ``signed`` allows
    negative values (clipped to ``[-1, 1]``).
    """

    name: str
    shape: Callable[[int, int], tuple[int, ...]]
    meaning: str
    fill: Filler | Put
    scale: Scale = 1.0
    signed: bool = False


class DirectFn(Protocol):
    """A layout's direct writer of its game slices from the state (see :class:`Layout`)."""

    def __call__(self, state: GameState, ctx: Ctx, at: Mapping[str, int]) -> None: ...


class UpdateFn(Protocol):
    """A layout's incremental writer of its game slices from the state (see :class:`Layout`)."""

    def __call__(self, state: GameState, ctx: Ctx, at: Mapping[str, int], kept: dict[str, Any]) -> None: ...


class ZonesFn(Protocol):
    """A layout's cheap stand-in for ``state.view(seat)["zones"]`` (see :class:`Layout`)."""

    def __call__(self, state: GameState, seat: int) -> Mapping[str, Any]: ...


def _hundred(players: int, options: Mapping[str, Any]) -> float:
    return 100.0


@dataclass(frozen=True)
class Layout:
    """A game's observation layout.

    Attributes:
        phases: the game's phases (the one-hot ``phase`` slice).
        parts: its game slices.
        zones: optional ``zones(state, seat)``: for every key the parts read, what
            ``state.view(seat)["zones"]`` holds there, or data the parts read identically (shared
            lists, a face-down cell ``"?b5"`` where the view has ``"?"`` when the fillers test only
            the leading ``"?"``). With it, and only :class:`Put` fillers, :meth:`Encoder.encode_state`
            never builds the view document.
        points: scale of the ``totals`` slice as a function of ``(players, options)``.
        rounds: scale of the ``round`` slice.
        legal_steps: optional ``legal_steps(space) -> LegalSteps`` (:class:`~.spaces.LegalSteps`):
            the acting seat's legal next steps as action ids straight from the state, without
            listing tokens; :class:`~.table.Table` masks and steps with it. Its result must equal
            :meth:`~.spaces.ActionSpace.next_steps` on the legal tokens (tests check it at every
            step of random play).
        direct: optional ``direct(state, ctx, at)``: writes every game slice's raw values into
            ``ctx.buf`` straight from the state (``at``: slice name → flat offset), without the zones
            or the fillers (no per-step dictionary or card-code strings); :meth:`Encoder.encode_state`
            then uses it. It must write what the fillers write from ``state.view(seat)`` (tests compare
            both ways on random positions of every player count).
        update: optional ``update(state, ctx, at, kept)``, the incremental form of ``direct`` that
            :meth:`Encoder.observe` uses: ``ctx.buf`` still holds what the previous call with the same
            ``kept`` dictionary left in it (a new, empty ``kept`` comes with a zeroed buffer); the writer keeps
            in ``kept`` copies of the state data it wrote each slice from, compares them with the state's, and
            rewrites only the slices (or entries) whose data differ. Afterwards ``ctx.buf`` must hold exactly
            what ``direct`` writes into a zeroed buffer, whatever state came before (another deal, a given
            position). Each seat has its own ``kept`` and buffer, never returned or shared with another seat.
            A layout with it defines ``direct`` as ``update`` with a new ``kept`` (:func:`from_scratch`), so
            both ways share one writer.
    """

    phases: tuple[str, ...]
    parts: tuple[Part, ...]
    zones: ZonesFn | None = None
    points: Callable[[int, Mapping[str, Any]], float] = _hundred
    rounds: float = 10.0
    legal_steps: Callable[[ActionSpace], LegalSteps] | None = None
    direct: DirectFn | None = None
    update: UpdateFn | None = None


def from_scratch(update: UpdateFn) -> DirectFn:
    """The ``direct`` writer of an incremental ``update`` writer: ``update`` with a new, empty ``kept``
    (every slice differs from nothing, so it writes them all into the zeroed buffer)."""
    def direct(state: GameState, ctx: Ctx, at: Mapping[str, int]) -> None:
        update(state, ctx, at, {})
    return direct


def zones(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The ``zones`` of a view."""
    return view["zones"]  # type: ignore[no-any-return]


def seats(n: int, c: int) -> tuple[int, ...]:
    """Shape of a per-seat slice: ``(n,)``."""
    return (n,)


def cards(n: int, c: int) -> tuple[int, ...]:
    """Shape of a per-card slice: ``(C,)``."""
    return (c,)


def seat_cards(n: int, c: int) -> tuple[int, ...]:
    """Shape of a per-seat multi-hot card slice: ``(n, C)``."""
    return (n, c)


def one(n: int, c: int) -> tuple[int, ...]:
    """Shape of a single number: ``(1,)``."""
    return (1,)


def hand_sizes(key: str = "hands") -> Put:
    """Filler: the length of each seat's list in ``zones[key]`` (relative seats)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        for k, hand in enumerate(ctx.per_seat(z[key])):
            ctx.put(at + k, len(hand))
    return fill


def seat_card_lists(key: str) -> Put:
    """Filler: each seat's card list in ``zones[key]`` as multi-hot rows (relative seats)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        c = len(ctx.card_index)
        for k, codes in enumerate(ctx.per_seat(z[key])):
            ctx.add_cards(at + k * c, codes or [])
    return fill


def card_list(key: str) -> Put:
    """Filler: the card list ``zones[key]`` as a multi-hot vector (``None``: empty)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.add_cards(at, z[key] or [])
    return fill


def card(key: str) -> Put:
    """Filler: the one card ``zones[key]`` as a one-hot vector."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.add_cards(at, [z[key]])
    return fill


def length(key: str) -> Put:
    """Filler: the length of ``zones[key]`` (a count of cards; ``None``: 0)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.put(at, len(z[key] or ()))
    return fill


def flag(key: str) -> Put:
    """Filler: 1 if ``zones[key]`` is truthy, else 0."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        if z[key]:
            ctx.put(at, 1.0)
    return fill


def first_card(key: str) -> Put:
    """Filler: the first card of the list ``zones[key]`` (a pile's top) one-hot, if any."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        codes = z[key]
        if codes:
            ctx.add_cards(at, [codes[0]])
    return fill


def seat_numbers(key: str) -> Put:
    """Filler: the per-seat numbers ``zones[key]`` (relative seats)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        for k, value in enumerate(ctx.per_seat(z[key])):
            if value:
                ctx.put(at + k, value)
    return fill


def seat_one_hot(key: str) -> Put:
    """Filler: the seat ``zones[key]`` one-hot (relative; ``None``: all 0)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        value = z[key]
        if value is not None:
            ctx.put(at + ctx.rel(value), 1.0)
    return fill


def seat_set(key: str) -> Put:
    """Filler: the seats listed in ``zones[key]`` as a multi-hot vector (relative)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        for s in z[key] or ():
            ctx.put(at + ctx.rel(s), 1.0)
    return fill


def one_of(key: str, values: Sequence[Any]) -> Put:
    """Filler: ``zones[key]`` one-hot over ``values`` (``None``: all 0)."""
    where = {v: i for i, v in enumerate(values)}

    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        value = z[key]
        if value is not None:
            ctx.put(at + where[value], 1.0)
    return fill


def update_cards(buf: array.array[float], at: int, index: Mapping[K, int], was: Sequence[K],
                 now: Sequence[K]) -> None:
    """Turn the multi-hot card counts at ``at`` (card axis ``index``) from those of the list ``was`` into those
    of ``now``: the cards between the lists' common start and common end taken from ``was`` and added from
    ``now``, so a card put on or taken from either end of a pile, or from or into a sorted hand, changes only
    its own entry (an incremental :class:`Layout` ``update``). Entries are counts of copies (not yet divided
    by a scale); every card (a code, or a game's card number) must be in ``index``."""
    start, end_was, end_now = 0, len(was), len(now)
    while start < end_was and start < end_now and was[start] == now[start]:
        start += 1
    while end_was > start and end_now > start and was[end_was - 1] == now[end_now - 1]:
        end_was -= 1
        end_now -= 1
    for i in range(start, end_was):
        buf[at + index[was[i]]] -= 1.0
    for i in range(start, end_now):
        buf[at + index[now[i]]] += 1.0


#: Zeroed blocks by length, shared by every call of :func:`zeros` (never written to).
_ZEROS: dict[int, array.array[float]] = {}


def zeros(size: int) -> array.array[float]:
    """A zeroed float32 array of ``size`` entries to clear a run of a raw vector with (an incremental
    :class:`Layout` ``update`` clearing the slices it writes every time); shared, never to be written to."""
    block = _ZEROS.get(size)
    if block is None:
        block = _ZEROS[size] = array.array("f", bytes(4 * size))
    return block


class Encoder:
    """Encodes what one seat sees of one game/player count/options as a flat float32 vector.

    Attributes:
        slices: the :class:`Slice` list in vector order; ``size`` = total length.
        low, high: float32 bounds of every entry (``-1``/``0`` and ``1``).
        fast: whether :meth:`encode_state` skips the view document (the layout has ``direct``, or
            ``zones`` and only :class:`Put` fillers).

    One encoder is not safe to share between threads (it reuses a work buffer).

    Raises:
        NotationError: the game has no ``observation`` part (or no notation part).
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None,
                 space: ActionSpace | None = None) -> None:
        load = game.parts.observation
        layout = load() if load is not None else None
        if not isinstance(layout, Layout):
            raise NotationError(f"{game.id}: no observation layout (its 'observation' part must give a Layout, "
                                f"not {layout!r})")
        self.space = space or ActionSpace(game, players, options)
        self.players = players
        opts = self.space.options
        deck = game.deck(players, opts)
        self.cards = list(dict.fromkeys(deck))
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        copies = np.zeros(len(self.cards))
        for code in deck:
            copies[self.card_index[code]] += 1
        self.layout = layout
        self.phases = layout.phases
        self._phase_index = {p: i for i, p in enumerate(self.phases)}
        dims = Dims(players, len(self.cards), copies, len(deck), opts)
        n, c = players, len(self.cards)
        common = (
            Part("to_act", seats, "seats with an open decision", _none),
            Part("dealer", seats, "dealer of the current round (one-hot)", _none),
            Part("totals", seats, "match totals (points, over the game's points scale)", _none,
                 scale=layout.points(players, opts), signed=True),
            Part("round", one, "round number (1-based, over the rounds scale)", _none, scale=layout.rounds),
            Part("phase", lambda n, c: (len(self.phases),), "phase one-hot: " + " ".join(self.phases), _none),
        )
        self.slices: list[Slice] = []
        inv: list[np.ndarray] = []
        low: list[np.ndarray] = []
        offset = 0
        for part in common + layout.parts:
            shape = part.shape(n, c)
            size = math.prod(shape)
            raw = part.scale(dims) if callable(part.scale) else part.scale
            scale = np.broadcast_to(np.asarray(raw, dtype=np.float64), shape).reshape(-1)
            if (scale <= 0).any():
                raise NotationError(f"{game.id}: slice {part.name} has a scale ≤ 0")
            inv.append(1.0 / scale)
            low.append(np.full(size, -1.0 if part.signed else 0.0))
            label: float | str = float(raw) if np.ndim(raw) == 0 else "per entry"  # type: ignore[arg-type]
            self.slices.append(Slice(part.name, shape, offset, part.meaning, size, label, part.signed))
            offset += size
        self.size = offset
        self._inv = np.concatenate(inv).astype(np.float32)
        self.low = np.concatenate(low).astype(np.float32)
        self.high = np.ones(self.size, dtype=np.float32)
        self._parts = [(p, s.offset, s.size, s.shape) for p, s in zip(layout.parts, self.slices[len(common):],
                                                                        strict=True)]
        self._zero = array.array("f", bytes(4 * self.size))
        buf = array.array("f", self._zero)
        self._ctxs = [Ctx(seat, players, self.card_index, (), buf) for seat in range(players)]
        at = self._offsets = {s.name: s.offset for s in self.slices}
        self._at_to_act, self._at_dealer, self._at_totals = at["to_act"], at["dealer"], at["totals"]
        self._at_round, self._at_phase = at["round"], at["phase"]
        self._direct = layout.direct
        self.fast = self._direct is not None or (layout.zones is not None
                                                 and all(isinstance(p.fill, Put) for p in layout.parts))
        self._zones = layout.zones
        self._puts = [(p.fill.put, at) for p, at, _, _ in self._parts if isinstance(p.fill, Put)]
        self._update = layout.update
        #: The common slices come first: their length, and zeros to clear them with.
        self._common_zero = array.array("f", bytes(4 * (self._at_phase + len(self.phases))))
        #: Per seat, for :meth:`observe`: its own context (its raw vector), that vector as a NumPy array (the
        #: same memory: :meth:`_finish` need not wrap it again each call) and the writer's ``kept`` copies.
        self._kept: list[tuple[Ctx, np.ndarray, dict[str, Any]] | None] = [None] * players

    def describe(self) -> list[dict[str, Any]]:
        """The layout as JSON-able rows: name, shape, offset, scale, bounds, meaning."""
        return [{"name": s.name, "shape": list(s.shape), "offset": s.offset, "scale": s.scale,
                 "low": -1 if s.signed else 0, "high": 1, "meaning": s.meaning} for s in self.slices]

    def _ctx(self, seat: int, steps: Sequence[int]) -> Ctx:
        """The (reused) context of ``seat``, its buffer zeroed and its chosen steps set."""
        ctx = self._ctxs[seat]
        ctx.buf[:] = self._zero
        actions = self.space.actions
        ctx.steps = [actions[i] for i in steps] if steps else []
        return ctx

    def _common(self, ctx: Ctx, to_act: Sequence[int], dealer: int, totals: Sequence[int], rnd: int,
                phase: str) -> None:
        buf, n, seat = ctx.buf, self.players, ctx.seat
        for s in to_act:
            buf[self._at_to_act + (s - seat) % n] = 1.0
        buf[self._at_dealer + (dealer - seat) % n] = 1.0
        at = self._at_totals
        for k, s in enumerate(ctx.order):
            buf[at + k] = totals[s]
        buf[self._at_round] = rnd
        buf[self._at_phase + self._phase_index[phase]] = 1.0

    def _finish(self, buf: array.array[float]) -> np.ndarray:
        out = np.frombuffer(buf, dtype=np.float32) * self._inv
        np.minimum(out, self.high, out=out)
        np.maximum(out, self.low, out=out)
        return out

    def encode(self, view: Mapping[str, Any], seat: int, steps: Sequence[int] = ()) -> np.ndarray:
        """The observation of ``seat`` from its view document and its chosen ``steps`` (action ids).

        Returns:
            shape ``(size,)``, float32, within ``[low, high]``.
        """
        ctx = self._ctx(seat, steps)
        self._common(ctx, view["to_act"], view["dealer"], view["totals"], view["round"], view["phase"])
        z = view["zones"]
        extended: dict[str, Any] | None = None
        for part, at, size, shape in self._parts:
            fill = part.fill
            if isinstance(fill, Put):
                fill.put(z, ctx, at)
                continue
            if extended is None:
                extended = dict(view)
                extended["_steps"] = ctx.steps  # plain fillers read the chosen steps from the view
            raw = np.frombuffer(ctx.buf, dtype=np.float32)[at:at + size].reshape(shape)  # writes into buf
            fill(raw, extended, ctx)
        return self._finish(ctx.buf)

    def encode_state(self, state: GameState, seat: int, steps: Sequence[int] = ()) -> np.ndarray:
        """The observation of ``seat`` in ``state``: equal to ``encode(state.view(seat), seat, steps)``,
        built without the view document when :attr:`fast` (by the layout's ``direct`` writer when it
        has one)."""
        if not self.fast:
            return self.encode(state.view(seat), seat, steps)
        ctx = self._ctx(seat, steps)
        self._common(ctx, state.to_act(), state.dealer, state.totals, state.round, state.phase)
        if self._direct is not None:
            self._direct(state, ctx, self._offsets)
            return self._finish(ctx.buf)
        z = self._zones(state, seat)  # type: ignore[misc]
        for put_fn, at in self._puts:
            put_fn(z, ctx, at)
        return self._finish(ctx.buf)

    def observe(self, state: GameState, seat: int, steps: Sequence[int] = ()) -> np.ndarray:
        """The observation of ``seat`` in ``state``, equal to :meth:`encode_state`, written incrementally when
        the layout has an ``update`` writer (:class:`Layout`; otherwise it is :meth:`encode_state`).

        Each seat keeps its own raw vector and the copies of the state data it was written from; a call
        rewrites the common slices and only those game slices whose data differ from that seat's previous
        call. Meant for a caller that observes the states of a match one after another (the environments'
        :class:`~.table.Table`), but any state may come next (a new deal, a given position): the result
        never depends on what was observed before, and one seat's vector and copies never serve another.
        A writer that fails leaves nothing behind (that seat starts from zero next time).

        Returns:
            shape ``(size,)``, float32, within ``[low, high]`` (a new array).
        """
        update = self._update
        if update is None:
            return self.encode_state(state, seat, steps)
        kept = self._kept[seat]
        if kept is None:
            buf = array.array("f", self._zero)  # never resized: the NumPy view below shares its memory
            kept = self._kept[seat] = (Ctx(seat, self.players, self.card_index, (), buf),
                                       np.frombuffer(buf, dtype=np.float32), {})
        ctx, raw, copies = kept
        view: Any = raw.base  # the memoryview np.frombuffer made of ctx.buf; a copied encoder's owns its data
        if view is None or view.obj is not ctx.buf:
            raw = np.frombuffer(ctx.buf, dtype=np.float32)
            self._kept[seat] = (ctx, raw, copies)
        if steps:
            actions = self.space.actions
            ctx.steps = [actions[i] for i in steps]
        elif ctx.steps:
            ctx.steps = []
        ctx.buf[:len(self._common_zero)] = self._common_zero
        try:
            self._common(ctx, state.to_act(), state.dealer, state.totals, state.round, state.phase)
            update(state, ctx, self._offsets, copies)
        except BaseException:
            self._kept[seat] = None  # a half-updated vector is never read again
            raise
        out = raw * self._inv
        np.minimum(out, self.high, out=out)
        np.maximum(out, self.low, out=out)
        return out


def _none(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """The common slices are filled by the encoder itself."""
