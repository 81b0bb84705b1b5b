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

Game slices (after the common ones) are listed per game in :data:`LAYOUTS`' docstrings below.
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


def _zones(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view["zones"]  # type: ignore[no-any-return]


def _seats(n: int, c: int) -> tuple[int, ...]:
    return (n,)


def _cards(n: int, c: int) -> tuple[int, ...]:
    return (c,)


def _seat_cards(n: int, c: int) -> tuple[int, ...]:
    return (n, c)


def _one(n: int, c: int) -> tuple[int, ...]:
    return (1,)


def _hand_sizes(key: str = "hands") -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[:] = [len(h) for h in ctx.per_seat(_zones(view)[key])]
    return fill


def _seat_card_lists(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        for k, cards in enumerate(ctx.per_seat(_zones(view)[key])):
            ctx.add_cards(out[k], cards or [])
    return fill


def _card_list(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        ctx.add_cards(out, _zones(view)[key] or [])
    return fill


def _card(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        ctx.add_cards(out, [_zones(view)[key]])
    return fill


def _length(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[0] = len(_zones(view)[key] or [])
    return fill


def _flag(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[0] = float(bool(_zones(view)[key]))
    return fill


def _first_card(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        cards = _zones(view)[key]
        if cards:
            ctx.add_cards(out, [cards[0]])
    return fill


def _seat_numbers(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        out[:] = ctx.per_seat(_zones(view)[key])
    return fill


def _seat_one_hot(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = _zones(view)[key]
        if value is not None:
            out[ctx.rel(value)] = 1
    return fill


def _seat_set(key: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        for s in _zones(view)[key] or []:
            out[ctx.rel(s)] = 1
    return fill


# ---------------------------------------------------------------------------------------- colors
def _colors_pending(field: str) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        pending = _zones(view)["pending"]
        if pending is not None:
            value = pending[field]
            ctx.add_cards(out, value if isinstance(value, list) else [value])
    return fill


def _colors_side(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    pending = _zones(view)["pending"]
    if pending is not None:
        out[("lower", "higher").index(pending["side"])] = 1


COLORS = (
    Part("hands", _seat_cards, "visible hand cards per seat (own hand; others are hidden)", _seat_card_lists("hands")),
    Part("hand_sizes", _seats, "cards in hand per seat", _hand_sizes()),
    Part("centre", _cards, "face-up centre cards (R4)", _card_list("centre")),
    Part("draw_size", _one, "cards left in the draw pile", _length("draw")),
    Part("collections", _seat_cards, "collected cards per seat (R10)", _seat_card_lists("collections")),
    Part("pick_options", _cards, "phase pick: centre cards of the open neighbour number", _colors_pending("options")),
    Part("pick_card", _cards, "phase pick: the card played this turn", _colors_pending("card")),
    Part("pick_taken", _cards, "phase pick: cards already taken this turn", _colors_pending("taken")),
    Part("pick_side", lambda n, c: (2,), "phase pick: open side (lower, higher)", _colors_side),
)

# ----------------------------------------------------------------------------------------- chips
CHIPS_COLOURS = ("k", "r", "b", "y")
CHIPS_ROW = 7
CHIPS_SPECIALS = tuple(f"s{i}" for i in range(1, 16))


def _chips_row(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for i, slot in enumerate(_zones(view)["row"]):
        ctx.add_cards(out[i], [slot["card"]])


def _chips_row_chips(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for i, slot in enumerate(_zones(view)["row"]):
        out[i] = slot["chips"]


def _chips_display(face_down: bool) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        for k, display in enumerate(ctx.per_seat(_zones(view)["display"])):
            for cards in display.values():
                ctx.add_cards(out[k], [c.lstrip("-") for c in cards if c.startswith("-") == face_down])
    return fill


def _chips_tops(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for k, display in enumerate(ctx.per_seat(_zones(view)["display"])):
        for j, colour in enumerate(CHIPS_COLOURS):
            cards = display[colour]
            if cards:
                top = cards[-1]
                ctx.add_cards(out[k, j, :-1], [top.lstrip("-")])
                out[k, j, -1] = float(top.startswith("-"))


def _chips_specials(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for code in _zones(view)["specials"]:
        out[CHIPS_SPECIALS.index(code)] = 1


CHIPS = (
    Part("row", lambda n, c: (CHIPS_ROW, c), "card at each row position (0 = front)", _chips_row),
    Part("row_chips", lambda n, c: (CHIPS_ROW,), "chips lying on each row position", _chips_row_chips),
    Part("draw_size", _one, "cards left in the draw pile", _length("draw")),
    Part("supply", _seats, "chips in each seat's supply", _seat_numbers("supply")),
    Part("display_up", _seat_cards, "face-up display cards per seat", _chips_display(False)),
    Part("display_down", _seat_cards, "face-down display cards per seat (public, D19)", _chips_display(True)),
    Part("display_tops", lambda n, c: (n, 4, c + 1),
         "top card of each colour row k r b y per seat; last entry 1 = that top is face down", _chips_tops),
    Part("specials", lambda n, c: (len(CHIPS_SPECIALS),), "active special cards s1 … s15", _chips_specials),
    Part("final_circuit", _one, "the final circuit is running (R8)", _flag("final_circuit")),
    Part("extra_turn", _one, "the current turn is an extra turn (s4)", _flag("extra_turn")),
)

# -------------------------------------------------------------------------------------- lastcard


def _lastcard_passed(which: int) -> Filler:
    """``which`` 0: own passed cards; 1: cards received from the left neighbour (once visible)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        passed = _zones(view)["passed"][(ctx.seat + which) % ctx.players]
        ctx.add_cards(out, passed or [])
    return fill


def _lastcard_passed_done(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    out[:] = [p is not None for p in ctx.per_seat(_zones(view)["passed"])]


def _pending_steps(prefix: str) -> Filler:
    """Cards named by the unfinished decision's steps ``<prefix>:<card>`` (view key ``_steps``)."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        ctx.add_cards(out, [s.split(":", 1)[1] for s in view["_steps"] if s.startswith(prefix + ":")])
    return fill


LASTCARD = (
    Part("hands", _seat_cards, "visible hand cards per seat (own; all at round end)", _seat_card_lists("hands")),
    Part("hand_sizes", _seats, "cards in hand per seat (R14)", _hand_sizes()),
    Part("help", _seat_cards, "help rows per seat (R11)", _seat_card_lists("help")),
    Part("pile", _cards, "cards on the pile", _card_list("pile")),
    Part("pile_top", _cards, "top card of the pile (R7)", _card("pile_top")),
    Part("out_size", _one, "cards removed face down this round", _length("out")),
    Part("set_aside_size", _one, "cards set aside (2 players)", _length("set_aside")),
    Part("passed_own", _cards, "cards this seat passed (R5)", _lastcard_passed(0)),
    Part("passed_received", _cards, "cards received from the left neighbour (R5), once passing is complete",
         _lastcard_passed(1)),
    Part("passed_done", _seats, "seats that have passed this round", _lastcard_passed_done),
    Part("with_card", _cards, "unfinished help play: the chosen hand card (step with:c)", _pending_steps("with")),
    Part("with_help", _cards, "unfinished help play: help cards chosen so far (steps help:h)", _pending_steps("help")),
)

# ------------------------------------------------------------------------------------------ grid
GRID_STEPS = ("start", "drawn", "taken", "remove", "close")


def _grid_cells(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Per seat a 3×3 padded grid; per cell: card one-hot (C), face down, no card."""
    out[..., -1] = 1
    for k, grid in enumerate(ctx.per_seat(_zones(view)["grids"])):
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if cell is None:
                    continue
                out[k, r, c, -1] = 0
                if cell == "?":
                    out[k, r, c, -2] = 1
                else:
                    ctx.add_cards(out[k, r, c, :-2], [cell])


def _grid_shape(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    for k, grid in enumerate(ctx.per_seat(_zones(view)["grids"])):
        out[k] = (len(grid), len(grid[0]) if grid else 0)


def _grid_step(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    step = _zones(view)["step"]
    if step is not None:
        out[GRID_STEPS.index(step)] = 1


def _grid_held(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    held = _zones(view)["held"]
    if held == "?":
        out[-1] = 1
    elif held is not None:
        ctx.add_cards(out[:-1], [held])


GRID = (
    Part("cells", lambda n, c: (n, 3, 3, c + 2),
         "grid of each seat, row r col c: face-up card one-hot, then face down, then no card (R10 shapes padded)",
         _grid_cells),
    Part("shape", lambda n, c: (n, 2), "rows and columns of each seat's grid", _grid_shape),
    Part("discard", _cards, "cards in the discard pile", _card_list("discard")),
    Part("discard_top", _cards, "top card of the discard pile", _card("discard_top")),
    Part("draw_size", _one, "cards left in the draw pile", _length("draw")),
    Part("active", _seats, "seat on turn or being resolved", _seat_one_hot("active")),
    Part("step", lambda n, c: (len(GRID_STEPS),), "turn step: start drawn taken remove close", _grid_step),
    Part("held", lambda n, c: (c + 1,), "drawn or taken card not yet placed; last entry 1 = hidden (D8)",
         _grid_held),
    Part("flips_left", _seats, "setup flips still owed per seat (R4)", _seat_numbers("flips_left")),
    Part("trigger", _seats, "seat that triggered the round end (R13)", _seat_one_hot("trigger")),
    Part("final_turns", _seats, "seats still owed a final turn", _seat_set("final_turns")),
    Part("reveal_queue", _seats, "seats still to be resolved at the reveal (R16)", _seat_set("reveal_queue")),
)

# ---------------------------------------------------------------------------------------- mayhem
MAYHEM_WISHES = ("r", "y", "g", "b") + tuple(str(v) for v in range(1, 10))
MAYHEM_COLOURS = ("r", "y", "g", "b")
MAYHEM_PENDING = ("start", "attack", "nicetry", "event")
MAYHEM_ATTACKS = ("gift", "exch", "skip", "four", "equal")


def _one_of(key: str, values: Sequence[str]) -> Filler:
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = _zones(view)[key]
        if value is not None:
            out[values.index(value)] = 1
    return fill


def _mayhem_per_seat(key: str) -> Filler:
    """``revealed`` (list per seat) or ``gamble`` (seat string → card) as per-seat card rows."""
    def fill(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
        value = _zones(view)[key]
        if isinstance(value, dict):
            for seat, card in value.items():
                ctx.add_cards(out[ctx.rel(int(seat))], [card])
        elif value is not None:
            for k, cards in enumerate(ctx.per_seat(value)):
                ctx.add_cards(out[k], cards or [])
    return fill


def _mayhem_pending(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Flat pending block; see the ``pending`` slice meaning for the order of its parts."""
    pending = _zones(view)["pending"]
    if pending is None:
        return
    n, c = ctx.players, len(ctx.card_index)
    at = 0

    def take(size: int) -> np.ndarray:
        nonlocal at
        block = out[at:at + size]
        at += size
        return block

    kind, card, attack, source, target, cards, draws, queue, asked, event, initiator, picker, quota, chosen = (
        take(len(MAYHEM_PENDING)), take(c), take(len(MAYHEM_ATTACKS)), take(n), take(n), take(c), take(1),
        take(1), take(n), take(c), take(n), take(n), take(n), take(c))
    kind[MAYHEM_PENDING.index(pending["type"])] = 1
    if "card" in pending:
        ctx.add_cards(card, [pending["card"]])
    if pending["type"] == "attack":
        attack[MAYHEM_ATTACKS.index(pending["kind"])] = 1
        source[ctx.rel(pending["source"])] = 1
        target[ctx.rel(pending["target"])] = 1
        ctx.add_cards(cards, pending.get("cards") or [])
        draws[0] = pending.get("draws") or 0
        queue[0] = len(pending.get("queue") or [])
    for s in pending.get("asked") or []:
        asked[ctx.rel(s)] = 1
    if "event" in pending:
        ctx.add_cards(event, [pending["event"]])
        initiator[ctx.rel(pending["initiator"])] = 1
    if pending.get("picker") is not None:
        picker[ctx.rel(pending["picker"])] = 1
    if pending.get("quota") is not None:
        quota[:] = ctx.per_seat(pending["quota"])
    if pending.get("chosen") is not None:
        ctx.add_cards(chosen, [str(x).split(":")[0] for x in pending["chosen"][ctx.seat]])


def _mayhem_pending_size(n: int, c: int) -> tuple[int, ...]:
    return (len(MAYHEM_PENDING) + c + len(MAYHEM_ATTACKS) + n + n + c + 1 + 1 + n + c + n + n + n + c,)


def _mayhem_steps(out: np.ndarray, view: Mapping[str, Any], ctx: Ctx) -> None:
    """Unfinished decision: head card (C), head target seat (n), head colour (4), named cards (C)."""
    c, n = len(ctx.card_index), ctx.players
    head_card, head_target, head_colour, named = out[:c], out[c:c + n], out[c + n:c + n + 4], out[c + n + 4:]
    for step in view["_steps"]:
        verb, *args = step.split(":")
        if verb == "card":
            ctx.add_cards(named, args)
        elif verb == "play":
            ctx.add_cards(head_card, [args[0]])
            head_target[ctx.rel(int(args[1]))] = 1
        elif verb == "counter":
            ctx.add_cards(head_card, ["counter"])
            head_colour[MAYHEM_COLOURS.index(args[0])] = 1
            head_target[ctx.rel(int(args[1]))] = 1
        elif verb == "start":
            head_target[ctx.rel(int(args[0]))] = 1


MAYHEM = (
    Part("hands", _seat_cards, "visible hand cards per seat (own hand; others hidden)", _seat_card_lists("hands")),
    Part("hand_sizes", _seats, "cards in hand per seat", _seat_numbers("hand_counts")),
    Part("draw_size", _one, "cards left in the draw pile", _length("draw_pile")),
    Part("draw_face_up", _one, "the draw pile lies face up (D30)", _flag("draw_face_up")),
    Part("draw_top", _cards, "top card of the draw pile when face up", _first_card("draw_pile")),
    Part("discard", _cards, "cards in the discard pile", _card_list("discard")),
    Part("discard_top", _cards, "top card of the discard pile", _first_card("discard")),
    Part("wish", lambda n, c: (len(MAYHEM_WISHES),), "active wish r y g b 1 … 9", _one_of("wish", MAYHEM_WISHES)),
    Part("last_color", lambda n, c: (4,), "last colour played r y g b (R5)", _one_of("last_color", MAYHEM_COLOURS)),
    Part("event_size", _one, "events left in the event pile", _length("event_pile")),
    Part("events_used", _cards, "events used this round", _card_list("events_used")),
    Part("current", _seats, "seat whose turn it is", _seat_one_hot("current")),
    Part("skipped", _seats, "seats marked by Skip (R11)", _seat_numbers("skipped")),
    Part("exhausted", _one, "an impossible draw ended the round (D7)", _flag("exhausted")),
    Part("market", _cards, "market cards not yet picked (R52)", _card_list("market")),
    Part("revealed", _seat_cards, "All-Seeing Eye snapshot of each seat's hand (D31)", _mayhem_per_seat("revealed")),
    Part("gamble", _seat_cards, "revealed Gambler bets per seat", _mayhem_per_seat("gamble")),
    Part("pending", _mayhem_pending_size,
         "open part/event/window: type (start attack nicetry event), start card (C), attack kind (gift exch skip "
         "four equal), source (n), target (n), visible attack cards (C), draws, parts queued, seats asked (n), "
         "event (C), initiator (n), market picker (n), choice quota per seat (n), own chosen cards (C)",
         _mayhem_pending),
    Part("steps", lambda n, c: (c + n + 4 + c,),
         "unfinished decision: head card (C), head target seat (n), counter colour r y g b, cards named (C)",
         _mayhem_steps),
)

#: Per-game slices after the common ones and the phase list of each game (its spec's phases).
LAYOUTS: dict[str, tuple[tuple[str, ...], tuple[Part, ...]]] = {
    "colors": (("play", "pick", "round_over", "game_over"), COLORS),
    "chips": (("play", "round_over", "game_over"), CHIPS),
    "lastcard": (("pass", "play", "round_over", "game_over"), LASTCARD),
    "grid": (("setup", "play", "reveal", "round_over", "game_over"), GRID),
    "mayhem": (("start", "play", "after_draw", "chance", "counter", "nicetry", "market", "recession", "party",
                "christmas", "gamble", "round_over", "game_over"), MAYHEM),
}


class Encoder:
    """Encodes ``state.view(seat)`` of one game/player count/options as a flat float32 vector.

    Attributes:
        slices: the :class:`Slice` list in vector order; ``size`` = total length.

    Raises:
        NotationError: no layout for the game in :data:`LAYOUTS` (or no notation module).
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None,
                 space: ActionSpace | None = None) -> None:
        if game.id not in LAYOUTS:
            raise NotationError(f"{game.id}: no observation layout in kartentisch.rl.observations.LAYOUTS "
                                f"(known: {', '.join(LAYOUTS)})")
        self.space = space or ActionSpace(game, players, options)
        self.players = players
        self.cards = list(dict.fromkeys(game.deck(players, self.space.options)))
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.phases, parts = LAYOUTS[game.id]
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

