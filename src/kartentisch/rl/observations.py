"""Observation tensors: exactly one seat's view (``state.view(seat)``) as a flat float32 vector.

An :class:`Encoder` reads only the seat view document (never ``to_doc()``) plus the steps the
seat has chosen so far in an unfinished decision (see :mod:`.spaces`), so two states with equal
views give equal observations. The vector is the concatenation of named *slices*; every slice
has a fixed shape for a given game, player count and options, and :meth:`Encoder.describe`
lists them (name, shape, offset, meaning).

Conventions for every slice:

* **Relative seats.** A per-seat axis of length ``n`` (players) is rotated so index 0 is the
  observing seat, index 1 its left neighbour ``seat+1`` and so on (CONVENTIONS: clockwise).
* **Cards.** A card axis of length ``C`` runs over the game's distinct card codes in play, in
  the game's canonical order (``Game.deck``). Multi-hot slices hold the number of copies.
* Counts and points are raw numbers (not normalised); flags are 0/1.

Common slices (all games, first): ``to_act`` (n) seats with an open decision; ``dealer`` (n)
one-hot; ``totals`` (n) match totals; ``round`` (1) round number; ``phase`` (number of phases)
one-hot over the game's phase list. A game whose notation splits tokens into steps encodes the
steps already chosen in an unfinished decision in its own slices (``lastcard``: ``with_card``,
``with_help``); fillers read them from the view key ``_steps`` the encoder adds.

Game slices (after the common ones) and the game's phase list are the game's own: its package's
``observation`` part (``kartentisch.games.<id>.observation.LAYOUT``, a :class:`Layout`) built from
the :class:`Part` templates and fillers here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..kernel import Game
from .spaces import ActionSpace, NotationError


@dataclass(frozen=True)
class Slice:
    """One named part of the observation vector: ``shape``, ``offset`` into the flat vector, meaning.

    ``size`` is the number of floats (the product of ``shape``).
    """

    name: str
    shape: tuple[int, ...]
    offset: int
    meaning: str
    size: int


class Ctx:
    """What a slice filler needs besides the view: seat, player count, card index."""

    def __init__(self, seat: int, players: int, card_index: Mapping[str, int]) -> None:
        self.seat = seat
        self.players = players
        self.card_index = card_index

    def rel(self, seat: int) -> int:
        """Seat number relative to the observer (0 = observer, 1 = left neighbour …)."""
        return (seat - self.seat) % self.players

    def per_seat(self, values: Sequence[Any]) -> list[Any]:
        """``values`` indexed by absolute seat, reordered so index 0 is the observer."""
        return [values[(self.seat + k) % self.players] for k in range(self.players)]

    def add_cards(self, out: np.ndarray, codes: Sequence[str | None]) -> None:
        """Add 1 at each visible card code of ``codes`` (``"?"``/``None`` are skipped)."""
        for code in codes:
            if code is not None and code != "?":
                out[self.card_index[code]] += 1


Filler = Callable[[np.ndarray, Mapping[str, Any], Ctx], None]


@dataclass(frozen=True)
class Part:
    """A game slice template: name, shape as a function of ``(players, cards)``, meaning, filler."""

    name: str
    shape: Callable[[int, int], tuple[int, ...]]
    meaning: str
    fill: Filler


@dataclass(frozen=True)
class Layout:
    """A game's observation layout: its phases (the one-hot ``phase`` slice) and its game slices."""

    phases: tuple[str, ...]
    parts: tuple[Part, ...]


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


def hand_sizes(key: str = "hands") -> Filler:
    """Filler: the length of each seat's list in ``zones[key]`` (relative seats)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[:] = [len(h) for h in ctx.per_seat(zones(view)[key])]
    return fill


def seat_card_lists(key: str) -> Filler:
    """Filler: each seat's card list in ``zones[key]`` as multi-hot rows (relative seats)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        for k, cards in enumerate(ctx.per_seat(zones(view)[key])):
            ctx.add_cards(out[k], cards or [])
    return fill


def card_list(key: str) -> Filler:
    """Filler: the card list ``zones[key]`` as a multi-hot vector (``None``: empty)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        ctx.add_cards(out, zones(view)[key] or [])
    return fill


def card(key: str) -> Filler:
    """Filler: the one card ``zones[key]`` as a one-hot vector."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        ctx.add_cards(out, [zones(view)[key]])
    return fill


def length(key: str) -> Filler:
    """Filler: the length of ``zones[key]`` (a count of cards; ``None``: 0)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[0] = len(zones(view)[key] or [])
    return fill


def flag(key: str) -> Filler:
    """Filler: 1 if ``zones[key]`` is truthy, else 0."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[0] = float(bool(zones(view)[key]))
    return fill


def first_card(key: str) -> Filler:
    """Filler: the first card of the list ``zones[key]`` (a pile's top) one-hot, if any."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        cards = zones(view)[key]
        if cards:
            ctx.add_cards(out, [cards[0]])
    return fill


def seat_numbers(key: str) -> Filler:
    """Filler: the per-seat numbers ``zones[key]`` (relative seats)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[:] = ctx.per_seat(zones(view)[key])
    return fill


def seat_one_hot(key: str) -> Filler:
    """Filler: the seat ``zones[key]`` one-hot (relative; ``None``: all 0)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = zones(view)[key]
        if value is not None:
            out[ctx.rel(value)] = 1
    return fill


def seat_set(key: str) -> Filler:
    """Filler: the seats listed in ``zones[key]`` as a multi-hot vector (relative)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        for s in zones(view)[key] or []:
            out[ctx.rel(s)] = 1
    return fill


class Encoder:
    """Encodes ``state.view(seat)`` of one game/player count/options as a flat float32 vector.

    Attributes:
        slices: the :class:`Slice` list in vector order; ``size`` = total length.

    Raises:
        NotationError: the game has no ``observation`` part (or no notation part).
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None,
                 space: ActionSpace | None = None) -> None:
        module = game.part("observation")
        if module is None or not isinstance(getattr(module, "LAYOUT", None), Layout):
            raise NotationError(f"{game.id}: no observation layout ({game.package}.observation.LAYOUT, a Layout)")
        self.space = space or ActionSpace(game, players, options)
        self.players = players
        self.cards = list(dict.fromkeys(game.deck(players, self.space.options)))
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.phases, parts = module.LAYOUT.phases, module.LAYOUT.parts
        n, c = players, len(self.cards)
        common = [
            ("to_act", (n,), "seats with an open decision"),
            ("dealer", (n,), "dealer of the current round (one-hot)"),
            ("totals", (n,), "match totals (points)"),
            ("round", (1,), "round number (1-based)"),
            ("phase", (len(self.phases),), "phase one-hot: " + " ".join(self.phases)),
        ]
        shapes: list[tuple[str, tuple[int, ...], str]] = list(common)
        shapes += [(p.name, p.shape(n, c), p.meaning) for p in parts]
        self.slices: list[Slice] = []
        offset = 0
        for name, shape, meaning in shapes:
            self.slices.append(Slice(name, shape, offset, meaning, math.prod(shape)))
            offset += self.slices[-1].size
        self.size = offset
        self._parts = parts

    def describe(self) -> list[dict[str, Any]]:
        """The layout as JSON-able rows: name, shape, offset, meaning."""
        return [{"name": s.name, "shape": list(s.shape), "offset": s.offset, "meaning": s.meaning}
                for s in self.slices]

    def encode(self, view: Mapping[str, Any], seat: int, steps: Sequence[int] = ()) -> np.ndarray:
        """The observation of ``seat`` from its ``view`` and its chosen ``steps``: shape ``(size,)`` float32."""
        out = np.zeros(self.size, dtype=np.float32)
        ctx = Ctx(seat, self.players, self.card_index)
        part = {s.name: out[s.offset:s.offset + s.size].reshape(s.shape) for s in self.slices}
        for s in view["to_act"]:
            part["to_act"][ctx.rel(s)] = 1
        part["dealer"][ctx.rel(view["dealer"])] = 1
        part["totals"][:] = ctx.per_seat(view["totals"])
        part["round"][0] = view["round"]
        part["phase"][self.phases.index(view["phase"])] = 1
        extended = dict(view)
        extended["_steps"] = [self.space.actions[i] for i in steps]
        for p in self._parts:
            p.fill(part[p.name], extended, ctx)
        return out

