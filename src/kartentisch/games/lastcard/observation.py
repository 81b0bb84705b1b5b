"""The RL observation layout of ``lastcard``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`. :func:`zones` reads the state without
building the view, hiding what the *Seat view* hides (R14, D18).
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, Final

import numpy as np

from ...kernel import GameState
from ...kernel.game import ROUND_OVER
from ...rl.observations import (
    Ctx,
    Layout,
    Part,
    card,
    card_list,
    cards,
    deck_size,
    from_scratch,
    hand_sizes,
    length,
    one,
    put,
    seat_card_lists,
    seat_cards,
    seats,
    update_cards,
    zeros,
)
from ...rl.spaces import ActionSpace
from .cards import CODE, HELP_PREFIX, TABLE, highest_card
from .notation import PASS, PLAY
from .rules import LastCardState

#: Phases in which every hand is shown (*Seat view*).
OPEN_PHASES = ("round_over", "game_over")


def _passed(which: int) -> Any:
    """``which`` 0: own passed cards; 1: cards received from the left neighbour (once visible)."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.add_cards(at, z["passed"][(ctx.seat + which) % ctx.players] or [])
    return fill


@put
def _passed_done(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    for k, p in enumerate(ctx.per_seat(z["passed"])):
        if p is not None:
            ctx.buf[at + k] = 1.0


@put
def _top_value(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    top = z["pile_top"]
    if top is not None:
        ctx.buf[at] = int(top)


def _pending_steps(prefix: str) -> Any:
    """Cards named by the unfinished decision's steps ``<prefix>:<card>``."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        ctx.add_cards(at, [s.split(":", 1)[1] for s in ctx.steps if s.startswith(prefix + ":")])
    return fill


def zones(state: GameState, seat: int) -> Mapping[str, Any]:
    """The zones the parts read, straight from the state, hidden as the *Seat view* hides them."""
    s: Any = state
    n = s.players
    open_hands = s.phase in OPEN_PHASES
    complete = s.phase != "pass"
    passed: list[Any] = [None if p is None else ["?"] * len(p) for p in s.passed]
    left = (seat + 1) % n
    for shown in (seat, left) if complete else (seat,):
        if s.passed[shown] is not None:
            passed[shown] = [CODE[x] for x in s.passed[shown]]
    return {
        "hands": [[CODE[x] for x in h] if open_hands or i == seat else ["?"] * len(h) for i, h in enumerate(s.hands)],
        "help": [[CODE[x] for x in h] for h in s.help], "pile": [CODE[x] for x in s.pile],
        "pile_top": CODE[s.pile[-1]] if s.pile else None, "out": s.out, "set_aside": s.set_aside,
        "passed": passed,
    }


#: Card number → its entry on a card axis: card ``x`` is entry ``x − 1``, the deck being ``1 … N`` (R1), for
#: :func:`~kartentisch.rl.observations.update_cards` (every player count's cards; an entry past a count's deck
#: is never asked for).
NUMBER_AT: Final[dict[int, int]] = {x: x - 1 for x in range(1, max(highest_card(n) for n in TABLE) + 1)}
#: The single numbers, one-hots and chosen steps :func:`update` writes every time, as runs of the vector to
#: clear first (first slice, slice after the run or ``None``: to the end).
SINGLES: Final = (("hand_sizes", "help"), ("pile_top", "passed_own"), ("passed_done", None))
_NONE: Final[list[int]] = []


def update(state: GameState, ctx: Ctx, at: Mapping[str, int], kept: dict[str, Any]) -> None:
    """Every game slice of :data:`PARTS` from the state's card numbers, hidden as :func:`zones` hides it (R14,
    D18: another seat's hand only at the round's end; the cards received, R5, once passing is complete), as the
    fillers write them from the view, rewriting only what differs from the copies in ``kept``
    (:class:`~kartentisch.rl.observations.Layout` ``update``): the cards put into or taken from each seen
    hand, each help row, the pile and the passed cards, entry by entry (``update_cards``); the sizes, the
    pile's top, the seats that passed and the unfinished help play's steps every time. ``kept`` holds only
    what ``seat`` sees.

    Raises:
        TypeError: ``state`` is not a lastcard state.
    """
    if not isinstance(state, LastCardState):
        raise TypeError(f"lastcard's observation reads a lastcard state, not {type(state).__name__}")
    s = state
    buf, seat, n = ctx.buf, ctx.seat, ctx.players
    c = len(ctx.card_index)
    end = len(buf)
    for first, following in SINGLES:
        start, stop = at[first], at[following] if following else end
        buf[start:stop] = zeros(stop - start)
    open_hands = s.phase in OPEN_PHASES
    hands, helps, passed = s.hands, s.help, s.passed
    base_hands, base_help, base_sizes, base_done = at["hands"], at["help"], at["hand_sizes"], at["passed_done"]
    received = passed[(seat + 1) % n] if s.phase != PASS else None  # R5: seen once passing is complete
    rows: list[list[int]] = []
    offsets: list[int] = []
    for k, other in enumerate(ctx.order):
        hand = hands[other]
        buf[base_sizes + k] = len(hand)
        rows.append(hand if open_hands or other == seat else _NONE)
        offsets.append(base_hands + k * c)
        rows.append(helps[other])
        offsets.append(base_help + k * c)
        if passed[other] is not None:
            buf[base_done + k] = 1.0
    rows += [s.pile, passed[seat] or _NONE, received or _NONE]
    offsets += [at["pile"], at["passed_own"], at["passed_received"]]
    was_rows: list[list[int]] | None = kept.get("rows")
    if was_rows is None:
        was_rows = kept["rows"] = [_NONE] * len(rows)
    for i, now in enumerate(rows):
        was = was_rows[i]
        if now != was:
            update_cards(buf, offsets[i], NUMBER_AT, was, now)
            was_rows[i] = list(now)
    pile = s.pile
    if pile:
        top = pile[-1]
        buf[at["pile_top"] - 1 + top] = 1.0
        buf[at["pile_top_value"]] = top
    buf[at["out_size"]] = len(s.out)
    buf[at["set_aside_size"]] = len(s.set_aside)
    for step in ctx.steps:  # an unfinished help play: with:c, help:h …
        verb, _, code = step.partition(":")
        if verb == "with":
            buf[at["with_card"] - 1 + int(code)] += 1
        elif verb == "help":
            buf[at["with_help"] - 1 + int(code)] += 1


class LegalSteps:
    """The acting seat's legal next steps as action ids, from card numbers and index tables.

    Equal to :meth:`~kartentisch.rl.spaces.ActionSpace.next_steps` on :func:`.fast.listing`
    (``tests/rl/test_spaces.py`` compares them at every step of seeded random play), without
    building a token: ids are offsets into :func:`.notation.action_space`'s order (``pass``
    combinations, ``play:c``, ``with:c``, ``help:h``, ``go``, ``lay:c:t``, ``deal``) read from
    tables built once per space.

    * R5 ``pass``: every ascending choice of P hand cards, looked up in a table of the
      pass ids by card numbers through the hand's position combinations (one table per hand size).
    * A turn (R7–R10) without chosen steps: ``play:c`` for the cards above the top (every card on an
      empty pile, R7), ``lay:c:t`` for each lower card and pile card (R9), ``with:c`` for a lower card
      that its whole help row lifts above the top (R10, D9: some help play of it exists).
    * After ``with:c`` and help cards ``h1 < … < hk`` (a help play under way): ``help:h`` for a
      help card above ``hk`` with which some ascending completion still beats the top, ``go`` once
      ``c + Σh > top`` with k ≥ 1 (R10).
    * R17: ``deal``.
    """

    def __init__(self, space: ActionSpace) -> None:
        index = space.index
        self.actions = space.actions
        self.cards = highest_card(space.players)
        self.passes = int(space.options["pass_cards"])
        self.play0 = index["play:1"]
        self.with0 = index["with:1"]
        self.help0 = index["help:1"]
        self.go = index["go"]
        self.deal = index["deal"]
        n = self.cards + 1
        #: lay[c][t]: the id of lay:c:t (0 where c = t or either is 0: never asked for).
        self.lay = [[index[f"lay:{c}:{t}"] if c and t and c != t else 0 for t in range(n)] for c in range(n)]
        p = self.passes
        self.pass_ids = np.zeros((n,) * p, dtype=np.intp)  # pass_ids[a, b, c]: the id of pass:a:b:c
        for combo in combinations(range(1, n), p) if p else ():  # D21: P = 0, nobody passes
            self.pass_ids[combo] = index["pass:" + ":".join(map(str, combo))]
        self._positions: dict[int, tuple[np.ndarray, ...]] = {}

    def _pass(self, hand: list[int]) -> list[int]:
        """R5: the ids of every ascending choice of P cards of ``hand`` (ascending)."""
        where = self._positions.get(len(hand))
        if where is None:
            combos = np.array(list(combinations(range(len(hand)), self.passes)), dtype=np.intp)
            combos = combos.reshape(-1, self.passes)
            where = self._positions[len(hand)] = tuple(combos[:, j] for j in range(self.passes))
        cards = np.array(hand, dtype=np.intp)
        return self.pass_ids[tuple([cards[w] for w in where])].ravel().tolist()  # type: ignore[no-any-return]

    def ids(self, state: GameState, seat: int, steps: Sequence[int]) -> list[int]:
        """The legal next step ids of ``seat`` after ``steps`` (class docstring; lastcard R5–R10, R17)."""
        s: Any = state
        phase = s.phase
        if phase == PASS:
            return self._pass(s.hands[seat])
        if phase == ROUND_OVER:
            return [self.deal]
        if phase != PLAY:
            return []
        hand: list[int] = s.hands[seat]
        pile: list[int] = s.pile
        if not pile:  # R7: any hand card alone
            return [self.play0 - 1 + c for c in hand]
        top = pile[-1]
        row: list[int] = s.help[seat]
        if steps:  # a help play under way: with:c, help:h1 … (R10)
            c = steps[0] - self.with0 + 1
            chosen = [i - self.help0 + 1 for i in steps[1:]]
            total = c + sum(chosen)
            last = chosen[-1] if chosen else 0
            out = [self.go] if chosen and total > top else []
            rest = sum(row)
            for h in row:  # rest: the sum of h and the help cards after it
                if h > last and total + rest > top:
                    out.append(self.help0 + h - 1)
                rest -= h
            return out
        split = bisect(hand, top)  # hand[:split] < top < hand[split:]
        out = [self.play0 + c - 1 for c in hand[split:]]
        if split:
            lift = sum(row)
            if row:
                out += [self.with0 + c - 1 for c in hand[:split] if c + lift > top]
            lay = self.lay
            for c in hand[:split]:
                ids = lay[c]
                out += [ids[t] for t in pile]
        return out

    def token(self, state: GameState, seat: int, steps: Sequence[int], step: int) -> str | None:
        """The token ``step`` completes after ``steps``: ``None`` for ``with:c`` and ``help:h``, the help
        play ``play:c:h1…`` for ``go`` (R10), the step's own token otherwise."""
        if step == self.go:
            c = steps[0] - self.with0 + 1
            return HELP_PREFIX[c] + ":".join([CODE[i - self.help0 + 1] for i in steps[1:]])
        if self.with0 <= step < self.go:
            return None
        return self.actions[step]


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own; all at round end)", seat_card_lists("hands")),
    Part("hand_sizes", seats, "cards in hand per seat (R14; over 20)", hand_sizes(), scale=20.0),
    Part("help", seat_cards, "help rows per seat (R11)", seat_card_lists("help")),
    Part("pile", cards, "cards on the pile", card_list("pile")),
    Part("pile_top", cards, "top card of the pile (R7)", card("pile_top")),
    Part("pile_top_value", one, "number of the pile's top card (over the highest card)", _top_value,
         scale=lambda d: float(d.cards)),
    Part("out_size", one, "cards removed face down this round (over the deck)", length("out"), scale=deck_size),
    Part("set_aside_size", one, "cards set aside (2 players; over the deck)", length("set_aside"), scale=deck_size),
    Part("passed_own", cards, "cards this seat passed (R5)", _passed(0)),
    Part("passed_received", cards, "cards received from the left neighbour (R5), once passing is complete",
         _passed(1)),
    Part("passed_done", seats, "seats that have passed this round", _passed_done),
    Part("with_card", cards, "unfinished help play: the chosen hand card (step with:c)", _pending_steps("with")),
    Part("with_help", cards, "unfinished help play: help cards chosen so far (steps help:h)", _pending_steps("help")),
)

LAYOUT = Layout(("pass", "play", "round_over", "game_over"), PARTS, zones=zones, points=lambda n, o: 100.0,
                legal_steps=LegalSteps, direct=from_scratch(update), update=update)
