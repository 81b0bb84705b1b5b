"""Rules of ``colors`` (Colour Gap, Farblücke) on the kernel: state, tokens, scoring, loading.

Spec: ``shared/rules/colors.md``; rules are cited as ``colors R7``, decisions as ``colors D6``.

Internally a card is its sort key (``cards.KEY``), hands/centre/collections are sorted lists of
keys (D16) and ``draw`` is a list with the top card first. Card codes appear only in tokens and
documents. The round scoring (:func:`colour_score`, :func:`score_round`) and the winners rule
(:func:`match_winners`) are pure functions, reusable by a score pad.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from ...kernel.errors import IllegalAction, InvalidState, MalformedToken
from ...kernel.game import (
    GAME_OVER,
    ROUND_OVER,
    Bot,
    Game,
    GameState,
    SearchTuning,
    is_int,
    require,
)
from ...kernel.options import Option, int_option, seat_option, target_option
from ...kernel.rng import shuffle, sort_shuffle
from . import fast
from .cards import (
    CENTRE_SIZE,
    CODES,
    COLOURS,
    HIGHER,
    KEY,
    LOWER,
    colour_score,
    colours_in_play,
    deck_codes,
    deck_keys,
    hand_size,
    higher_neighbour,
    lower_neighbour,
)
from .notation import PICK, PLAY, Deal, Pick, Play, parse

PHASES: Final = (PLAY, PICK, ROUND_OVER, GAME_OVER)


# --------------------------------------------------------------------------- pure rule helpers
# The neighbours (R6) and a collection's colour score (R14, R15) are in .cards, shared with the bot.
def score_round(collections: Sequence[Iterable[str]]) -> list[int]:
    """Round scores of every seat from its collection's card codes (colors R14, R15).

    Args:
        collections: per seat, the codes of the collected cards (``["b3", "g5", …]``).
    Returns:
        One score per seat, in seat order. Card numbers do not matter, only colours.
    """
    scores = []
    for cards in collections:  # counted in a dict: a Counter of a generator cost 30 % more (every frame scores)
        counts: dict[str, int] = {}
        for code in cards:
            counts[code[0]] = counts.get(code[0], 0) + 1
        scores.append(colour_score(counts.values()))
    return scores


def _colour_counts(keys: Sequence[int]) -> list[int]:
    """Cards per colour of a key list (colour c holds the keys 10c … 10c + 9, ``cards.KEY``)."""
    counts = [0] * len(COLOURS)
    for key in keys:
        counts[key // 10] += 1
    return counts


def match_winners(scores: Sequence[Sequence[int]], totals: Sequence[int]) -> list[int]:
    """Winners of a finished match (colors R17, D12), ascending seats.

    The highest total wins; a tie is broken by the best single-round score (``scores`` holds one
    list per round, one entry per seat); a remaining tie shares the win.
    """
    best_total = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best_total]
    if len(tied) == 1:
        return tied
    best_round = {s: max(r[s] for r in scores) if scores else 0 for s in tied}
    top = max(best_round.values())
    return [s for s in tied if best_round[s] == top]


def match_over(totals: Sequence[int], round_no: int, target_score: int, max_rounds: int | None) -> bool:
    """colors R16, D11, D13: whether the match ends after round ``round_no`` with these ``totals``.

    It ends once any total **reaches** ``target_score`` (≥), or when ``max_rounds`` is set and
    ``round_no ≥ max_rounds``.
    """
    return max(totals) >= target_score or (max_rounds is not None and round_no >= max_rounds)


def start_player(first_player: int, round_no: int, players: int) -> int:
    """colors R3, D3: start player of round ``round_no`` (``(first_player + round − 1) mod n``)."""
    return (first_player + round_no - 1) % players


def dealer_of(first_player: int, round_no: int, players: int) -> int:
    """colors R3: dealer of round ``round_no``, the start player's right neighbour."""
    return (start_player(first_player, round_no, players) - 1) % players


#: ``_NEIGHBOURS[n] == (lower_neighbour(n), higher_neighbour(n))`` for the numbers 0 … 9 (R6).
_NEIGHBOURS: Final[tuple[tuple[int, int], ...]] = tuple((lower_neighbour(n), higher_neighbour(n)) for n in range(10))


class Pending(NamedTuple):
    """An open ``pick`` (colors R9): side, its neighbour number, candidates, played card, taken."""

    side: str
    number: int
    options: tuple[int, ...]
    card: int
    taken: tuple[int, ...]


class LastTurn(NamedTuple):
    """The latest completed turn, as shown in ``zones.last`` (card codes; ``taken`` as given)."""

    seat: int
    card: str
    taken: tuple[str, ...]
    to_centre: bool


# --------------------------------------------------------------------------- state
class ColorsState(GameState):
    """One match of ``colors``: the table of the current round plus the match record.

    Zones (sorted key lists unless said): ``hands[s]``, ``centre``, ``draw`` (top first),
    ``collections[s]``; ``pending`` (:class:`Pending` or ``None``), ``last`` (:class:`LastTurn`
    or ``None``); ``current`` is the seat to act (``None`` after the match ended).
    """

    hands: list[list[int]]
    centre: list[int]
    draw: list[int]
    collections: list[list[int]]
    pending: Pending | None
    #: The latest completed turn: ``(seat, played key, taken keys, to_centre)`` as play records
    #: it, a loaded :class:`LastTurn`, or ``None``; read it through :attr:`last`.
    _last: tuple[int, int, list[int], bool] | LastTurn | None
    current: int | None

    @classmethod
    def fresh(cls, game: Game, players: int, options: dict[str, Any], rng: random.Random) -> ColorsState:
        """A match of ``players`` before its first deal (options already validated). States are built
        blank and filled in, here and in :meth:`clone` (a compiled class has no ``__new__`` bypass)."""
        state = cls()
        state.start_match(game, players, options, rng, PLAY, dealer_of(options["first_player"], 1, players))
        state.hands = [[] for _ in range(players)]
        state.centre = []
        state.draw = []
        state.collections = [[] for _ in range(players)]
        state.pending = None
        state._last = None
        state.current = None
        return state

    # ------------------------------------------------------------------ setup (R3, R4, R18)
    def _deal(self, order: Sequence[int]) -> None:
        """colors R3, R4, D4: deal the round ``self.round`` from ``order`` (top first).

        Hands one card at a time clockwise from the start player, then 4 cards face up to the
        centre, the rest is the draw pile. Collections are emptied, ``last`` is cleared.
        """
        n, h = self.players, hand_size(self.players)
        first = start_player(self.options["first_player"], self.round, n)
        self.dealer = (first - 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):  # the i-th card of every n goes to the i-th seat from the start player
            hands[(first + i) % n] = sorted(order[i: n * h: n])
        self.hands = hands
        self.centre = sorted(order[n * h: n * h + CENTRE_SIZE])
        self.draw = list(order[n * h + CENTRE_SIZE:])
        self.collections = [[] for _ in range(n)]
        self.pending = None
        self._last = None
        self.phase = PLAY
        self.current = first

    def _shuffled_deck(self) -> list[int]:
        """colors R4: the cards in play in canonical order, shuffled by the match generator."""
        order = deck_keys(self.players)
        shuffle(self.rng, order)
        return order

    # ------------------------------------------------------------------ kernel template methods
    def to_act(self) -> list[int]:
        """The one seat to act (colors *Decisions and tokens*); ``[]`` once the match ended."""
        return [] if self.current is None else [self.current]

    @property
    def last(self) -> LastTurn | None:
        """The latest completed turn (``zones.last``), or ``None`` after a deal (colors *State document*).

        Built from the keys play recorded, when a document asks: a :class:`LastTurn` per turn
        took about 1 µs, a sixth of a random colors decision. A loaded one is returned as given.
        """
        last = self._last
        if last is None or isinstance(last, LastTurn):
            return last
        seat, card, taken, to_centre = last
        return LastTurn(seat, CODES[card], tuple([CODES[c] for c in sorted(taken)]), to_centre)

    def _legal(self, seat: int) -> list[str]:
        """Legal tokens of the acting seat in canonical card order: :func:`.fast.listing`, exactly the
        tokens :meth:`_violation` accepts."""
        return fast.listing(self, seat)

    def _apply(self, seat: int, token: str) -> None:
        """Apply a legal token: ``play:<card>`` (R5), ``pick:<card>`` (R9) or ``deal`` (R18)."""
        move = parse(token)
        if type(move) is Play:
            self._play(seat, KEY[move.card])
        elif type(move) is Pick:
            self._pick(seat, KEY[move.card])
        else:
            self.round += 1
            self._deal(self._shuffled_deck())  # R18: gather, shuffle (R4), deal (R3/R4)

    def _violation(self, seat: int, token: str) -> IllegalAction | None:
        """``None`` if ``token`` is legal for ``seat`` now, else the error naming the rule it breaks
        (colors R19's list): the game's one legality check, behind :meth:`is_legal` and
        :meth:`apply`'s error; :mod:`.fast` lists exactly the tokens it accepts.

        R19: not written in the notation (a :class:`MalformedToken`); R16: the match is over; R5:
        another seat's turn, or a card not in the hand; R18: ``deal`` only once a round is over, and
        nothing else then; R9: ``pick`` only among the open side's candidates, ``play`` not while a
        pick is open.
        """
        def err(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(f"colors {rule}", reason, seat=seat, token=token)

        try:
            move = parse(token)
        except MalformedToken as exc:  # R19: not a token at all, whatever the position
            return MalformedToken(exc.rule, exc.reason, seat=seat, token=token)
        if self.phase == GAME_OVER:
            return err("R16", "the match has ended; no more tokens")
        if seat != self.current:
            return err("R5", f"not this seat's turn; seat {self.current} is to act")
        if isinstance(move, Deal):
            if self.phase == ROUND_OVER:
                return None
            return err("R18", f"'deal' is only legal when a round is over (phase is {self.phase!r})")
        if self.phase == ROUND_OVER:
            return err("R18", "the round is over; the only token is 'deal'")
        if isinstance(move, Play):
            if self.phase == PICK:
                return err("R9", "a pick is open; resolve it with pick:<card> before playing")
            if KEY[move.card] in self.hands[seat]:
                return None
            return err("R5", f"{move.card} is not in this seat's hand")
        if self.pending is None:
            return err("R9", "no pick is open")
        if KEY[move.card] in self.pending.options:
            return None
        return err("R9", f"{move.card} is not a candidate of the open {self.pending.side} side "
                         f"(number {self.pending.number})")

    # ------------------------------------------------------------------ a turn (R5 … R13)
    def _play(self, seat: int, card: int) -> None:
        """colors R5: play ``card`` from the hand, then capture by R7, R8/R9 or R10."""
        self.hands[seat].remove(card)
        number = card % 10
        centre = self.centre
        numbers = [c % 10 for c in centre]
        if number in numbers:
            equal = [c for c in centre if c % 10 == number]
            # R7: equal number takes all of them; neighbours are ignored (gleiche Zahl vor Nachbarzahl).
            for c in equal:
                centre.remove(c)
            collection = self.collections[seat]
            collection.extend(equal)
            collection.append(card)
            collection.sort()
            self._end_turn(seat, card, equal, to_centre=False)
            return
        low, high = _NEIGHBOURS[number]
        if low not in numbers and high not in numbers:
            # R10, D8: no capture, the played card joins the centre (which may exceed 4 cards).
            insort(centre, card)
            self._end_turn(seat, card, [], to_centre=True)
            return
        # R8: the played card goes to the collection at once, then the sides are resolved.
        insort(self.collections[seat], card)
        self._resolve_sides(seat, card, [], (LOWER, HIGHER))

    def _resolve_sides(self, seat: int, card: int, taken: list[int], sides: Sequence[str]) -> None:
        """colors R8, R9, D6, D7: resolve ``sides`` in order (lower first).

        A side with one candidate is taken at once; with two or more a ``pick`` opens (and this
        stops); once every side is resolved the turn ends.
        """
        low, high = _NEIGHBOURS[card % 10]
        for side in sides:
            wanted = low if side == LOWER else high
            candidates = [c for c in self.centre if c % 10 == wanted]
            if len(candidates) == 1:
                self._take(seat, candidates[0], taken)
            elif candidates:
                self.pending = Pending(side, wanted, tuple(candidates), card, tuple(taken))
                self.phase = PICK
                return
        self.pending = None
        self.phase = PLAY
        self._end_turn(seat, card, taken, to_centre=False)

    def _take(self, seat: int, card: int, taken: list[int]) -> None:
        """colors R8, R9: move ``card`` from the centre straight into ``seat``'s collection."""
        self.centre.remove(card)
        insort(self.collections[seat], card)
        taken.append(card)

    def _pick(self, seat: int, card: int) -> None:
        """colors R9, D6: take the picked candidate; after a lower pick, resolve the higher side."""
        pending = self.pending
        assert pending is not None
        taken = list(pending.taken)
        self._take(seat, card, taken)
        self._resolve_sides(seat, pending.card, taken, (HIGHER,) if pending.side == LOWER else ())

    def _end_turn(self, seat: int, card: int, taken: list[int], *, to_centre: bool) -> None:
        """Record ``last``, refill the centre (R11), then pass the turn (R12) or end the round (R13)."""
        self._last = (seat, card, taken, to_centre)  # codes only when a document asks (see last)
        centre, draw = self.centre, self.draw
        while len(centre) < CENTRE_SIZE and draw:  # R11, D9: top draw cards while the centre has < 4
            insort(centre, draw.pop(0))
        n, hands = self.players, self.hands
        for step in range(1, n + 1):  # R12, D17: the next seat clockwise that holds cards
            nxt = (seat + step) % n
            if hands[nxt]:
                self.current = nxt
                self.phase = PLAY
                return
        self._end_round()  # R13: no seat holds cards

    def round_score_now(self) -> list[int]:
        """Each seat's round score if the round ended now (colors R14, R15): its collection as it
        stands, by colour counts. Cards still in hands, centre and draw pile count nothing, as the
        centre and the draw pile do not at a real round end (R13). Reads the true state (a search
        calls it on its determinizations); in ``round_over``/``game_over`` it is the round just
        scored (collections are emptied only by the next ``deal``, R18).

        Decision: a card still in a hand is not guessed into a collection (where it lands depends on
        the play to come); this is the static evaluation a search adds its look-ahead to.
        """
        return [colour_score(_colour_counts(c)) for c in self.collections]

    def _end_round(self) -> None:
        """colors R13–R17: score the round, then ``round_over`` or ``game_over`` with winners."""
        round_scores = self.round_score_now()
        self.scores.append(round_scores)
        self.totals = [t + s for t, s in zip(self.totals, round_scores, strict=True)]
        self.pending = None
        if match_over(self.totals, self.round, self.options["target_score"], self.options["max_rounds"]):  # R16
            self.phase = GAME_OVER
            self.current = None
            self.winners = match_winners(self.scores, self.totals)
        else:
            self.phase = ROUND_OVER
            self.current = start_player(self.options["first_player"], self.round, self.players)  # R18

    # ------------------------------------------------------------------ documents and views
    def to_doc(self) -> dict[str, Any]:
        """The full state document of colors *State document* (fresh, JSON-able)."""
        pending = self.pending
        last = self.last
        return self.common_doc({
            "colours": colours_in_play(self.players),
            "hands": [[CODES[k] for k in h] for h in self.hands],
            "centre": [CODES[k] for k in self.centre],
            "draw": [CODES[k] for k in self.draw],
            "collections": [[CODES[k] for k in c] for c in self.collections],
            "pending": None if pending is None else {
                "side": pending.side, "number": pending.number,
                "options": [CODES[k] for k in pending.options], "card": CODES[pending.card],
                "taken": [CODES[k] for k in pending.taken],
            },
            "last": None if last is None else {
                "seat": last.seat, "card": last.card, "taken": list(last.taken), "to_centre": last.to_centre,
            },
        })

    def view(self, seat: int | None) -> dict[str, Any]:
        """Seat view (colors R20): own hand in full, other hands and the draw pile as ``"?"``.

        ``seat=None`` is the spectator view: every hand hidden.
        """
        doc = self.to_doc()
        zones = doc["zones"]
        zones["hands"] = [h if s == seat else ["?"] * len(h) for s, h in enumerate(zones["hands"])]
        zones["draw"] = ["?"] * len(self.draw)
        return doc

    def clone(self) -> ColorsState:
        """An independent copy; lists copied by hand, immutable parts shared."""
        new = ColorsState()
        self.copy_common(new)
        new.hands = [h[:] for h in self.hands]
        new.centre = self.centre[:]
        new.draw = self.draw[:]
        new.collections = [c[:] for c in self.collections]
        new.pending = self.pending  # immutable tuples
        new._last = self._last  # its taken list is never changed once the turn has ended
        new.current = self.current
        return new

    def _determinize(self, seat: int, rng: random.Random) -> ColorsState:
        """A clone with the cards hidden from ``seat`` (other hands, draw pile) re-dealt at random.

        Sizes of every hidden place are kept, so ``result.view(seat) == self.view(seat)``.
        """
        new = self.clone()
        pool = [k for s, h in enumerate(new.hands) if s != seat for k in h] + new.draw
        sort_shuffle(rng, pool)
        at = 0
        for s, hand in enumerate(new.hands):
            if s != seat:
                size = len(hand)
                new.hands[s] = sorted(pool[at: at + size])
                at += size
        new.draw = pool[at:]
        return new

    def cards(self) -> Counter[str]:
        """Every card in hands, centre, draw and collections (pending cards live in those zones)."""
        keys = [k for h in self.hands for k in h] + self.centre + self.draw + [k for c in self.collections for k in c]
        return Counter(CODES[k] for k in keys)


# --------------------------------------------------------------------------- game
_OPTIONS: Final[tuple[Option, ...]] = (
    target_option("target_score", 30, label={"en": "Target score", "de": "Zielpunktzahl"}, rule="colors R16",
               presets=(("short", 15), ("medium", 30), ("long", 70)), help={
        "en": "The match ends after the round in which someone reaches this total.",
        "de": "Die Partie endet nach der Runde, in der jemand diese Summe erreicht.",
    }),
    int_option("max_rounds", None, 1, nullable=True, label={"en": "Round limit", "de": "Rundenzahl"},
               rule="colors R16", help={
        "en": "If set, the match also ends after this many rounds.",
        "de": "Falls gesetzt, endet die Partie auch nach so vielen Runden.",
    }, null_words={"en": "no limit, until someone reaches the target score",  # R16
                   "de": "keine Grenze, bis jemand die Zielpunktzahl erreicht"}),
    seat_option("first_player", 0, label={"en": "Start player", "de": "Startspieler"}, rule="colors R3", help={
        "en": "Who starts the first round; after that the start moves one seat clockwise each round.",
        "de": "Wer die erste Runde beginnt; danach wandert der Start jede Runde einen Platz im Uhrzeigersinn.",
    }),
)


def _card_list(value: Any, where: str, in_play: frozenset[str]) -> list[int]:
    """Loading helper: a JSON list of card codes in play → sorted keys (InvalidState otherwise)."""
    require(isinstance(value, list), f"colors load: {where} must be a list of card codes, not {value!r}")
    for code in value:
        require(isinstance(code, str) and code in in_play,
                f"colors load: {where} holds {code!r}, which is not a card in play (colors R1)")
    return sorted(KEY[code] for code in value)


def _seat_lists(zones: Mapping[str, Any], name: str, players: int, in_play: frozenset[str]) -> list[list[int]]:
    """Loading helper: ``zones[name]`` is one card list per seat."""
    value: Any = zones.get(name)
    require(isinstance(value, list) and len(value) == players,
            f"colors load: zones.{name} must be a list with one card list per seat ({players})")
    return [_card_list(v, f"zones.{name}[{s}]", in_play) for s, v in enumerate(value)]


def _one_seat(to_act: list[int] | None, players: int, phase: str) -> int:
    """Loading helper: ``to_act`` (a list of seats, :meth:`~kartentisch.kernel.Game.load_common`) names
    exactly one seat (colors *Decisions and tokens*)."""
    if to_act is None or len(to_act) != 1:
        raise InvalidState(f"colors load: in phase {phase!r}, to_act must be one seat 0 … {players - 1}, "
                           f"not {to_act!r}")
    return to_act[0]


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may be interpreted Python
class ColorsGame(Game):
    """``colors`` — Colour Gap (Farblücke), 2–6 players; see ``shared/rules/colors.md``."""

    id = "colors"
    names = {"en": "Colour Gap", "de": "Farblücke"}
    min_players = 2
    max_players = 6
    score_sign = 1  # colors R17: the highest total wins
    #: bots/ismcts.py docstring: measured defaults. ``margin_scale`` 8 points: in 2,015 rounds of 300 two-seat
    #: heuristic matches the round margin had a standard deviation of 3.9 points and 95 % of them lay within ±8
    #: (99 % within ±11); it is ISMCTS's unit of ``reward="margin"`` and of a learned value's target
    #: (:mod:`kartentisch.rl.value`). ``margin``, not the ranked round (``score``): a match is summed over rounds
    #: (R16), so by how much a round is won counts: against the heuristic on the same 400 deals ISMCTS-1000 won
    #: 0.735 with it and 0.666 with ``score`` (paired difference +0.069, 95 % CI 0.008–0.130;
    #: bench/strength/README.md).
    search = SearchTuning(reward="margin", margin_scale=8, coach_iterations=1500)
    options = _OPTIONS

    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The cards in play in canonical order (colors R1): 30, 40 or 50 card codes."""
        return deck_codes(players)

    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> ColorsState:
        """Round 1 dealt from ``deck`` (top first) or shuffled by ``rng`` (colors R4).

        Raises:
            InvalidState: ``deck`` is not a permutation of the cards in play (colors R4).
        """
        state = ColorsState.fresh(self, players, options, rng)
        if deck is None:
            state._deal(state._shuffled_deck())
            return state
        require(Counter(deck) == Counter(deck_codes(players)),
                f"colors R4: the stacked deck must be a permutation of the {10 * len(colours_in_play(players))} "
                f"cards in play ({', '.join(colours_in_play(players))} 0–9)")
        state._deal([KEY[c] for c in deck])
        return state

    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any], rng: random.Random) -> ColorsState:
        """Validate and build a state from a document (colors *State document*, loading rules).

        Raises:
            InvalidState: naming the first violated loading rule; nothing is loaded.
        """
        n = players
        # Decision: winners of a finished match follow R17 from scores/totals; given ones must agree.
        common = self.load_common(doc, n, phases=PHASES, winners=match_winners,
                                  dealer=lambda rnd: dealer_of(options["first_player"], rnd, n),
                                  optional={"game_over": None, "winners": None},
                                  rules={"dealer": "colors R3", "winners": "colors R17"})
        zones, phase, rnd, to_act = common.zones, common.phase, common.round, common.to_act
        colours = colours_in_play(n)
        require(zones.get("colours", colours) == colours,
                f"colors load: zones.colours must be {colours} with {n} players (colors R1)")
        in_play = frozenset(deck_codes(n))
        hands = _seat_lists(zones, "hands", n, in_play)
        collections = _seat_lists(zones, "collections", n, in_play)
        centre = _card_list(zones.get("centre"), "zones.centre", in_play)
        draw_codes: Any = zones.get("draw")
        _card_list(draw_codes, "zones.draw", in_play)
        draw = [KEY[c] for c in draw_codes]  # top first, order kept
        seen = Counter([k for h in hands for k in h] + centre + draw + [k for c in collections for k in c])
        twice = sorted(k for k, v in seen.items() if v > 1)
        require(not twice, f"colors load: card(s) {', '.join(CODES[k] for k in twice)} appear more than once")
        missing = sorted(set(deck_keys(n)) - set(seen))
        require(not missing, f"colors load: card(s) {', '.join(CODES[k] for k in missing)} are missing; "
                             "every card in play must appear exactly once")

        pending_doc: Any = zones.get("pending")
        pending: Pending | None = None
        current: int | None
        require(phase == PICK or pending_doc is None, f"colors load: pending must be null in phase {phase!r}")
        if phase == PLAY:
            current = _one_seat(to_act, n, phase)
            require(bool(hands[current]), f"colors load: seat {current} is to act but holds no card (colors R12)")
        elif phase == PICK:
            current = _one_seat(to_act, n, phase)
            pending = self._load_pending(pending_doc, centre, collections[current], in_play)
        elif phase == ROUND_OVER:
            require(not any(hands), "colors load: in phase 'round_over' every hand must be empty (colors R13)")
            first = start_player(options["first_player"], rnd, n)
            require(to_act == [first],
                    f"colors load: in phase 'round_over' to_act must be [{first}], the start player of round "
                    f"{rnd} who deals next (colors R18), not {to_act!r}")
            current = first
        else:
            require(to_act == [], f"colors load: in phase 'game_over' to_act must be [], not {to_act!r}")
            current = None

        last = self._load_last(zones.get("last"), n)

        state = ColorsState.fresh(self, n, options, rng)
        common.set_on(state)
        state.hands = hands
        state.centre = centre
        state.draw = draw
        state.collections = collections
        state.pending = pending
        state._last = last
        state.current = current
        return state

    @staticmethod
    def _load_pending(doc: Any, centre: list[int], collection: list[int], in_play: frozenset[str]) -> Pending:
        """Loading helper: an open pick exactly as colors R9 / *State document* describe it."""
        require(isinstance(doc, dict), "colors load: phase 'pick' needs zones.pending (colors R9)")
        side = doc.get("side")
        require(side in (LOWER, HIGHER), f"colors load: pending.side must be 'lower' or 'higher', not {side!r}")
        card_code = doc.get("card")
        require(isinstance(card_code, str) and card_code in in_play,
                f"colors load: pending.card {card_code!r} is not a card in play")
        card = KEY[card_code]
        require(card in collection, f"colors load: pending.card {card_code} must be in the acting seat's "
                                    "collection (colors R8)")
        number = lower_neighbour(card % 10) if side == LOWER else higher_neighbour(card % 10)
        require(doc.get("number") == number and is_int(doc.get("number")),
                f"colors load: pending.number must be {number}, the {side} neighbour of {card_code} (colors R6)")
        options = _card_list(doc.get("options"), "pending.options", in_play)
        expected = [c for c in centre if c % 10 == number]
        require(options == expected and len(options) >= 2,
                f"colors load: pending.options must be all centre cards numbered {number}, two or more "
                f"(colors R9); the centre has {[CODES[c] for c in expected]}")
        taken = _card_list(doc.get("taken"), "pending.taken", in_play)
        require(all(t in collection and t != card for t in taken),
                "colors load: pending.taken must be cards in the acting seat's collection, other than pending.card")
        low = lower_neighbour(card % 10)
        require(not taken if side == LOWER else len(taken) <= 1 and all(t % 10 == low for t in taken),
                "colors load: pending.taken must be [] on the lower side, or the one lower card "
                f"(number {low}) on the higher side (colors R9)")
        return Pending(side, number, tuple(options), card, tuple(taken))

    @staticmethod
    def _load_last(doc: Any, players: int) -> LastTurn | None:
        """Loading helper: ``last`` is taken as given (spec) once it has the documented shape.

        Decision: "taken as given" is read as "not checked against the table"; its shape
        (seat, card, taken, to_centre) is still checked so views and renderers can rely on it.
        """
        if doc is None:
            return None
        require(isinstance(doc, dict) and is_int(doc.get("seat")) and 0 <= doc["seat"] < players
                and isinstance(doc.get("card"), str) and isinstance(doc.get("taken"), list)
                and all(isinstance(t, str) for t in doc["taken"]) and isinstance(doc.get("to_centre"), bool),
                "colors load: zones.last must be null or {seat, card, taken, to_centre}")
        return LastTurn(doc["seat"], doc["card"], tuple(doc["taken"]), doc["to_centre"])

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The rule-based ``heuristic`` bot of :mod:`kartentisch.games.colors.bot`."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)

    def value_key(self, state: GameState, seat: int) -> int | None:
        """``seat``'s collection and hand as the heuristic's outlook sees them (:meth:`.bot.Outlook.key`: cards per
        colour, colours interchangeable, colors R1 and R14): what its round score depends on that it knows."""
        from .bot import Outlook

        if not isinstance(state, ColorsState):
            return None
        return Outlook.key(state.collections[seat], state.hands[seat], len(colours_in_play(state.players)))
