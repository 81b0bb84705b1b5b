"""The RL observation layout of ``mayhem``: its phases and the slices after the common ones.

A face part of the game (its declared ``observation`` part, :class:`kartentisch.kernel.Parts`), read by
:class:`kartentisch.rl.observations.Encoder`; it imports numpy through the RL face, so the rules
never do. Slice meanings are listed in each :class:`Part`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...kernel import GameState
from ...rl.observations import (
    Ctx,
    Layout,
    Part,
    Put,
    card_list,
    cards,
    deck_size,
    first_card,
    flag,
    from_scratch,
    length,
    one,
    one_of,
    per_copy,
    put,
    seat_card_lists,
    seat_cards,
    seat_numbers,
    seat_one_hot,
    seats,
    update_cards,
    zeros,
)
from ...rl.spaces import ActionSpace
from .cards import CODES, COLORS, KIND
from .fast import listing
from .matching import PLAIN_CODES, PLAY_TOKEN, named_cards
from .rules import MayhemState, point_limit
from .table import AFTER_DRAW, CHANCE, COUNTER, PLAY, START, copy_json

MAYHEM_WISHES = ("r", "y", "g", "b") + tuple(str(v) for v in range(1, 10))
MAYHEM_COLOURS = ("r", "y", "g", "b")
MAYHEM_PENDING = ("start", "attack", "nicetry", "event")
MAYHEM_ATTACKS = ("gift", "exch", "skip", "four", "equal")
#: Wish → its entry in the ``wish`` slice; colour → its entry in ``last_color``.
WISH_AT: dict[str, int] = {w: i for i, w in enumerate(MAYHEM_WISHES)}
COLOUR_AT: dict[str, int] = {c: i for i, c in enumerate(MAYHEM_COLOURS)}


def _mayhem_per_seat(key: str) -> Put:
    """``revealed`` (list per seat) or ``gamble`` (seat string → card) as per-seat card rows."""
    @put
    def fill(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
        value = z[key]
        c = len(ctx.card_index)
        if isinstance(value, dict):
            for seat, code in value.items():
                ctx.add_cards(at + ctx.rel(int(seat)) * c, [code])
        elif value is not None:
            for k, codes in enumerate(ctx.per_seat(value)):
                ctx.add_cards(at + k * c, codes or [])
    return fill


#: Scales of the pending block's counts (``draws``, ``queue``, ``quota``).
PENDING_COUNTS = 10.0


@put
def _mayhem_pending(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    """Flat pending block; see the ``pending`` slice meaning for the order of its parts."""
    pending = z["pending"]
    if pending is None:
        return
    n, c = ctx.players, len(ctx.card_index)
    sizes = (len(MAYHEM_PENDING), c, len(MAYHEM_ATTACKS), n, n, c, 1, 1, n, c, n, n, n, c)
    starts = []
    for size in sizes:
        starts.append(at)
        at += size
    kind, card, attack, source, target, attack_cards, draws, queue, asked, event, initiator, picker, quota, chosen = \
        starts
    buf = ctx.buf
    buf[kind + MAYHEM_PENDING.index(pending["type"])] = 1.0
    if "card" in pending:
        ctx.add_cards(card, [pending["card"]])
    if pending["type"] == "attack":
        buf[attack + MAYHEM_ATTACKS.index(pending["kind"])] = 1.0
        buf[source + ctx.rel(pending["source"])] = 1.0
        buf[target + ctx.rel(pending["target"])] = 1.0
        ctx.add_cards(attack_cards, pending.get("cards") or [])
        buf[draws] = (pending.get("draws") or 0) / PENDING_COUNTS
        buf[queue] = len(pending.get("queue") or []) / PENDING_COUNTS
    for s in pending.get("asked") or []:
        buf[asked + ctx.rel(s)] = 1.0
    if "event" in pending:
        ctx.add_cards(event, [pending["event"]])
        buf[initiator + ctx.rel(pending["initiator"])] = 1.0
    if pending.get("picker") is not None:
        buf[picker + ctx.rel(pending["picker"])] = 1.0
    if pending.get("quota") is not None:
        for k, q in enumerate(ctx.per_seat(pending["quota"])):
            buf[quota + k] = q / PENDING_COUNTS
    if pending.get("chosen") is not None:
        ctx.add_cards(chosen, [str(x).split(":")[0] for x in pending["chosen"][ctx.seat]])


def _mayhem_pending_size(n: int, c: int) -> tuple[int, ...]:
    return (len(MAYHEM_PENDING) + c + len(MAYHEM_ATTACKS) + n + n + c + 1 + 1 + n + c + n + n + n + c,)


@put
def _mayhem_steps(z: Mapping[str, Any], ctx: Ctx, at: int) -> None:
    """Unfinished decision: head card (C), head target seat (n), head colour (4), named cards (C)."""
    c, n = len(ctx.card_index), ctx.players
    head_card, head_target, head_colour, named = at, at + c, at + c + n, at + c + n + 4
    for step in ctx.steps:
        verb, *args = step.split(":")
        if verb == "card":
            ctx.add_cards(named, args)
        elif verb == "play":
            ctx.add_cards(head_card, [args[0]])
            ctx.buf[head_target + ctx.rel(int(args[1]))] = 1.0
        elif verb == "counter":
            ctx.add_cards(head_card, ["counter"])
            ctx.buf[head_colour + MAYHEM_COLOURS.index(args[0])] = 1.0
            ctx.buf[head_target + ctx.rel(int(args[1]))] = 1.0
        elif verb == "start":
            ctx.buf[head_target + ctx.rel(int(args[0]))] = 1.0


def zones(state: GameState, seat: int) -> Mapping[str, Any]:
    """The zones the parts read, straight from the state, hidden as the *Seat view* hides them."""
    s: Any = state
    pending = s.pending
    if pending is not None and pending["type"] == "attack" and pending["source"] != seat:
        pending = dict(pending, cards=[])  # the attack's cards are the source's secret
    return {
        "hands": [h if i == seat else () for i, h in enumerate(s.hands)], "hand_counts": [len(h) for h in s.hands],
        "draw_pile": s.draw if s.face_up else ("?",) * len(s.draw), "draw_face_up": s.face_up,
        "discard": s.discard, "wish": s.wish, "last_color": s.last_color, "event_pile": s.event_pile,
        "events_used": s.events_used, "current": s.current, "skipped": s.skipped, "exhausted": s.exhausted,
        "market": s.market, "revealed": s.revealed, "gamble": s.gamble, "pending": pending,
    }


PARTS = (
    Part("hands", seat_cards, "visible hand cards per seat (own hand; others hidden; over the copies in the deck)",
         seat_card_lists("hands"), scale=per_copy),
    Part("hand_sizes", seats, "cards in hand per seat (over 20)", seat_numbers("hand_counts"), scale=20.0),
    Part("draw_size", one, "cards left in the draw pile (over the deck)", length("draw_pile"), scale=deck_size),
    Part("draw_face_up", one, "the draw pile lies face up (D30)", flag("draw_face_up")),
    Part("draw_top", cards, "top card of the draw pile when face up", first_card("draw_pile")),
    Part("discard", cards, "cards in the discard pile (over the copies in the deck)", card_list("discard"),
         scale=per_copy),
    Part("discard_top", cards, "top card of the discard pile", first_card("discard")),
    Part("wish", lambda n, c: (len(MAYHEM_WISHES),), "active wish r y g b 1 … 9", one_of("wish", MAYHEM_WISHES)),
    Part("last_color", lambda n, c: (4,), "last colour played r y g b (R5)", one_of("last_color", MAYHEM_COLOURS)),
    Part("event_size", one, "events left in the event pile (over 20)", length("event_pile"), scale=20.0),
    Part("events_used", cards, "events used this round", card_list("events_used")),
    Part("current", seats, "seat whose turn it is", seat_one_hot("current")),
    Part("skipped", seats, "Skip marks per seat (R11; over 3)", seat_numbers("skipped"), scale=3.0),
    Part("exhausted", one, "an impossible draw ended the round (D7)", flag("exhausted")),
    Part("market", cards, "market cards not yet picked (R52)", card_list("market")),
    Part("revealed", seat_cards, "All-Seeing Eye snapshot of each seat's hand (D31; over the copies in the deck)",
         _mayhem_per_seat("revealed"), scale=per_copy),
    Part("gamble", seat_cards, "revealed Gambler bets per seat", _mayhem_per_seat("gamble")),
    Part("pending", _mayhem_pending_size,
         "open part/event/window: type (start attack nicetry event), start card (C), attack kind (gift exch skip "
         "four equal), source (n), target (n), visible attack cards (C), draws (over 10), parts queued (over 10), "
         "seats asked (n), event (C), initiator (n), market picker (n), choice quota per seat (n, over 10), own "
         "chosen cards (C); card counts clipped at 1",
         _mayhem_pending),
    Part("steps", lambda n, c: (c + n + 4 + c,),
         "unfinished decision: head card (C), head target seat (n), counter colour r y g b, cards named (C)",
         _mayhem_steps),
)

#: The slices the fillers write after :func:`update`'s own (rarely present, nested: the revealed hands and bets,
#: the pending block, the chosen steps), the last four, each with the slice after it ("": the vector's end).
REST: tuple[tuple[str, Put, str], ...] = tuple(
    (part.name, part.fill, after) for part, after in zip(PARTS[-4:], ("gamble", "pending", "steps", ""), strict=True)
    if isinstance(part.fill, Put))
#: The runs of single numbers and one-hots :func:`update` clears and rewrites every call: (first slice, the
#: slice after the run) — hand sizes to draw top, discard top to event size, current seat to exhausted.
SINGLES: Final = (("hand_sizes", "discard"), ("discard_top", "events_used"), ("current", "market"))
#: The card lists :func:`update` changes entry by entry (:func:`~kartentisch.rl.observations.update_cards`).
LISTS: Final = ("hands", "discard", "events_used", "market")


def seen_pending(pending: dict[str, Any] | None, seat: int) -> dict[str, Any] | None:
    """The ``pending`` block as ``seat`` sees it (spec *Seat view*), its face-down commitments left out: an
    attack's cards unless ``seat`` is its source (R9, R10, R21: ``cards`` empty), the other seats' choices
    of a simultaneous decision (R43, D27: each seat's ``chosen`` only as its count). The pending filler
    writes nothing more from these (it counts no ``?``), so this is what :func:`update` keeps and compares;
    ``pending`` itself is not changed (a new dict where something is left out)."""
    if pending is None:
        return None
    if pending["type"] == "attack" and pending["source"] != seat:
        return dict(pending, cards=[])
    chosen = pending.get("chosen")
    if chosen is not None:
        return dict(pending, chosen=[c if s == seat else len(c) for s, c in enumerate(chosen)])
    return pending


def update(state: GameState, ctx: Ctx, at: Mapping[str, int], kept: dict[str, Any]) -> None:
    """Every game slice of :data:`PARTS` straight from the state, hidden as :func:`zones` hides it (other
    hands as counts, the draw pile unless face up, D30; the face-down commitments as :func:`seen_pending`
    leaves them out), as the fillers write them from the view, rewriting only what differs from the copies
    in ``kept`` (:class:`~kartentisch.rl.observations.Layout` ``update``): the cards put into or taken from
    the own hand, the discard pile, the events used and the market (:data:`LISTS`); the revealed hands, bets,
    pending block and chosen steps (:data:`REST`, through their fillers) each only when its data changed; the
    single numbers and one-hots (:data:`SINGLES`) every time. ``kept`` holds only what ``seat`` sees: its own
    hand, the public piles, :func:`seen_pending`.

    Raises:
        TypeError: ``state`` is not a mayhem state.
    """
    if not isinstance(state, MayhemState):
        raise TypeError(f"mayhem's observation reads a mayhem state, not {type(state).__name__}")
    s = state
    buf, seat, index = ctx.buf, ctx.seat, ctx.card_index
    for first, following in SINGLES:
        start, stop = at[first], at[following]
        buf[start:stop] = zeros(stop - start)
    hands = s.hands
    draw, discard = s.draw, s.discard
    lists = (hands[seat], discard, s.events_used, s.market)
    for k in range(len(LISTS)):  # indices, not zip(strict=True): compiled, that is a generic call per update
        name, now = LISTS[k], lists[k]
        was: list[str] = kept.get(name, [])
        if now != was:
            update_cards(buf, at[name], index, was, now)
            kept[name] = list(now)
    base = at["hand_sizes"]
    for k, other in enumerate(ctx.order):
        buf[base + k] = len(hands[other])
    buf[at["draw_size"]] = len(draw)
    if s.face_up:
        buf[at["draw_face_up"]] = 1.0
        if draw:
            buf[at["draw_top"] + index[draw[0]]] = 1.0
    if discard:
        buf[at["discard_top"] + index[discard[0]]] = 1.0
    if s.wish is not None:
        buf[at["wish"] + WISH_AT[s.wish]] = 1.0
    if s.last_color is not None:
        buf[at["last_color"] + COLOUR_AT[s.last_color]] = 1.0
    buf[at["event_size"]] = len(s.event_pile)
    buf[at["current"] + ctx.rel(s.current)] = 1.0
    skipped = s.skipped
    base = at["skipped"]
    for k, other in enumerate(ctx.order):
        if skipped[other]:
            buf[base + k] = 1.0
    if s.exhausted:
        buf[at["exhausted"]] = 1.0
    end = len(buf)
    rest = (s.revealed, s.gamble, seen_pending(s.pending, seat), ctx.steps)
    for k in range(len(REST)):
        (name, fill, following), data = REST[k], rest[k]
        before = kept.get(name)
        if data != before and (data or before):  # no data (None, no steps) writes nothing: an absent copy is the same
            start, stop = at[name], at[following] if following else end
            buf[start:stop] = zeros(stop - start)
            fill.put({name: data}, ctx, start)
            kept[name] = copy_json(data)


#: The card kinds whose arguments name cards of the hand: Gift and Exchange (R9, R10), played, as start
#: card (R36) or countered (R21); their tokens are a head and one ``card:<x>`` step per named card.
NAMING: Final = frozenset(("gift", "exch"))
#: The card kinds whose play arguments depend only on the seat (R14, R15, R17, R18), not on the state.
FIXED_KINDS: Final = frozenset(("fant", "four", "counter", "nicetry"))


class LegalSteps:
    """The acting seat's legal next steps as action ids, without listing the card combinations.

    Equal to :meth:`~kartentisch.rl.spaces.ActionSpace.next_steps` on :func:`.fast.listing`
    (``tests/rl/test_spaces.py`` compares them at every step of seeded random play). The listing names
    every pair of hand cards a Gift or an Exchange may give (R9, R10, R21, R36: ~45,000 distinct tokens in
    300 two-seat matches) only for their head steps to be read; here a decision's first step lists the heads
    (``play:<card>:<t>``, ``start:<t>``, ``counter:<c>:<t>``) and every other token of the listing,
    and each further step the cards that may follow (:func:`.matching.named_cards`: min(2, E) cards in
    canonical order, a card twice only when held twice).
    """

    def __init__(self, space: ActionSpace) -> None:
        index = space.index
        self.actions = space.actions
        self.index = index
        self.draw, self.pass_ = index["draw"], index["pass"]
        self.card_id = {c: index["card:" + c] for c in CODES}
        self.card_of = {i: c for c, i in self.card_id.items()}
        seats = range(space.players)
        naming = [c for c in CODES if KIND[c] in NAMING]
        #: play:<card>:<t> of a Gift or an Exchange → its card; the ids per card and target seat.
        self.play_head = {index[f"play:{c}:{t}"]: c for c in naming for t in seats}
        self.play_heads = {c: [index[f"play:{c}:{t}"] for t in seats] for c in naming}
        self.start_heads = [index[f"start:{t}"] for t in seats]
        self.counter_heads = frozenset(index[f"counter:{c}:{t}"] for c in COLORS for t in seats)
        #: The ids of a card's play tokens where its arguments do not depend on the state, by card and seat
        #: (R14, R17, R18: a wish or a colour; R15: Fantastic Four's wish and seats, up to 2,743 tokens).
        self.fixed: dict[tuple[str, int], list[int]] = {}

    def _effect_ids(self, s: MayhemState, seat: int, card: str) -> list[int]:
        """The ids of the play tokens of ``card``, a card with arguments that names no hand card."""
        key = (card, seat)
        ids = self.fixed.get(key)
        if ids is not None:
            return ids
        hand = s.hands[seat]
        ids = [self.index[t] for t in s._effect_tokens(seat, card, hand, card, PLAY_TOKEN[card])]
        if KIND[card] in FIXED_KINDS:
            self.fixed[key] = ids
        return ids

    def ids(self, state: GameState, seat: int, steps: Sequence[int]) -> list[int]:
        """The legal next step ids of ``seat`` after ``steps`` (class docstring; mayhem R2, R3, R8, R9, R10,
        R21, R36 and the listing's other phases).

        Raises:
            TypeError: ``state`` is not a mayhem state.
        """
        if not isinstance(state, MayhemState):
            raise TypeError(f"mayhem's legal steps read a mayhem state, not {type(state).__name__}")
        s = state
        if steps:
            return self._card_steps(s, seat, steps)
        phase = s.phase
        if phase == PLAY or phase == AFTER_DRAW or phase == CHANCE:
            out: list[int] = []
            others = s._others(seat)
            for card in s._playable_cards(seat):
                if card in PLAIN_CODES:
                    out.append(self.index[PLAY_TOKEN[card]])
                elif KIND[card] in NAMING:
                    heads = self.play_heads[card]
                    out.extend([heads[t] for t in others])
                else:
                    out.extend(self._effect_ids(s, seat, card))
            if phase == CHANCE:
                return out or [self.draw]  # R8
            out.append(self.pass_ if phase == AFTER_DRAW else self.draw)  # R2, R7
            return out
        if phase == START and KIND[s.discard[0]] in NAMING:
            return [self.start_heads[t] for t in s._others(seat)]  # R36
        if phase == COUNTER and "counter" in s.hands[seat] and s._names_cards():
            targets = s._counter_targets(seat)
            return [self.pass_] + [self.index[f"counter:{c}:{t}"] for c in COLORS for t in targets]  # R21
        return [self.index[t] for t in listing(s, seat)]

    def _named(self, s: MayhemState, seat: int, head: int) -> tuple[list[str], list[bool]] | None:
        """The cards ``head`` names (:func:`.matching.named_cards`), or ``None`` when it names none."""
        phase = s.phase
        if phase == START:
            left_out = None
            if KIND[s.discard[0]] not in NAMING:
                return None
        elif phase == COUNTER:
            left_out = "counter"
            if head not in self.counter_heads or not s._names_cards():
                return None
        else:
            left_out = self.play_head.get(head)
            if left_out is None:
                return None
        return named_cards(s.hands[seat], left_out)

    def _card_steps(self, s: MayhemState, seat: int, steps: Sequence[int]) -> list[int]:
        """The ``card:<x>`` steps after a head and the cards named so far (R9, R10: min(2, E) cards)."""
        named = self._named(s, seat, steps[0])
        assert named is not None, "card steps follow a head that names cards"
        distinct, doubled = named
        card_id = self.card_id
        if len(steps) == 1:
            if len(distinct) == 1 and not doubled[0]:
                return [card_id[distinct[0]]]
            return [card_id[c] for i, c in enumerate(distinct) if doubled[i] or i + 1 < len(distinct)]
        i = distinct.index(self.card_of[steps[1]])
        return ([card_id[distinct[i]]] if doubled[i] else []) + [card_id[c] for c in distinct[i + 1:]]

    def token(self, state: GameState, seat: int, steps: Sequence[int], step: int) -> str | None:
        """The token the legal ``step`` completes after ``steps``: ``None`` for a head or a first card while
        more cards are to be named, the head with its cards (``play:rgift:2:r5:y7``) for the last, the step's
        own token otherwise."""
        assert isinstance(state, MayhemState)
        head = steps[0] if steps else step
        named = self._named(state, seat, head)
        if named is None:
            return self.actions[step]
        distinct, doubled = named
        needed = 0 if not distinct else 1 if len(distinct) == 1 and not doubled[0] else 2
        if len(steps) < needed:
            return None
        card_of = self.card_of
        return self.actions[head] + "".join([":" + card_of[i] for i in steps[1:]]) + (
            ":" + card_of[step] if steps else "")


LAYOUT = Layout(("start", "play", "after_draw", "chance", "counter", "nicetry", "market", "recession", "party",
                 "christmas", "gamble", "round_over", "game_over"), PARTS, zones=zones,
                points=lambda n, o: float(point_limit(n, o)), legal_steps=LegalSteps, direct=from_scratch(update),
                update=update)
