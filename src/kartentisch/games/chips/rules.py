"""Rules of ``chips`` (Baggage Belt / Gepäckband) on the kernel, per ``shared/rules/chips.md``.

Layout: the pure round scoring :func:`row_value` / :func:`seat_score` / :func:`score_round`
(R10, R17, R18), the state :class:`ChipsState` (R1–R11, R20) and the game :class:`ChipsGame`
(options, setup, state loading). The special-card *kinds* as :class:`~.cards.Effects` (R12–R18),
the placement rule :func:`~.cards.face_up` (R7, R14, R16) and a take's cost are in :mod:`.cards`.

Internal representation (plain lists for cheap clones): the row is two parallel lists
``row_cards``/``row_chips`` (index 0 = front); ``draw`` is the pile, top first; ``display[seat]`` is
four colour rows in :data:`~.cards.COLOURS` order, each a list of display codes (``"-r2"`` face down).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

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
from ...kernel.options import Option, rounds_option, seat_option
from ...kernel.rng import shuffle, sort_shuffle
from . import fast
from .cards import (
    ALL_SPECIAL_CODES,
    CARD_BIT,
    CHIPS_PER_SEAT,
    COLOUR,
    COLOUR_INDEX,
    COLOURS,
    DECK,
    FACE_DOWN,
    RANDOM_SPECIALS,
    ROW_SIZE,
    SPECIAL_ORDER,
    SPECIALS,
    VALUE,
    Effects,
    card_mask,
    effects,
    face_up,
    face_up_code,
    take_cost,
)
from .cards import deck as _deck
from .notation import PLAY, Deal, parse

PHASES: Final = (PLAY, ROUND_OVER, GAME_OVER)


# ------------------------------------------------------------------ special cards (R12–R18)
# Their effects (:class:`~.cards.Effects`), R7's placement and the take's cost are in .cards, shared
# with the bot.


# ------------------------------------------------------------------ scoring (R10, R17, R18)
def row_value(stack: Iterable[str]) -> int:
    """chips R10: a colour row's value = sum of its face-up values − number of face-down cards.

    ``stack`` holds display codes (``"r7"`` face up, ``"-r2"`` face down); an empty row is 0.
    Example (spec worked example 2): ``["r4", "-r2", "r1", "r6", "-r5"]`` → 9.
    """
    return sum(-1 if code[0] == FACE_DOWN else VALUE[code] for code in stack)


def seat_score(rows: Iterable[Iterable[str]], chips: int, specials: Iterable[str] = ()) -> int:
    """One seat's round score from its four colour rows and the chips in its supply.

    chips R10: sum of the row values + 1 per chip. R17 (``s13``): the row with the smallest value
    (empty = 0) is left out, one row only on ties (D17). R18 (``s15``): each chip counts −1 (D18).
    Chips on row cards are not an input: they score for nobody (D9).

    Raises:
        KeyError: an unknown card or special-card code.
    """
    return _seat_score(rows, chips, effects(specials))


def _seat_score(rows: Iterable[Iterable[str]], chips: int, eff: Effects) -> int:
    """:func:`seat_score` with the specials' effects already combined (the state's own, R17, R18)."""
    values = sorted(row_value(stack) for stack in rows)
    return sum(values[eff.drop_lowest:]) + eff.chip_points * chips


def score_round(displays: Sequence[Mapping[str, Sequence[str]]], supplies: Sequence[int],
                specials: Sequence[str] = ()) -> list[int]:
    """chips R10: the round scores of every seat, as players read them off the table.

    Args:
        displays: per seat, the state document's display entry ``{"k": [...], "r": [...], ...}``
            (display codes bottom → top, ``"-r2"`` face down).
        supplies: chips in each seat's supply.
        specials: the active special-card codes (R17, R18 change the scoring).
    Returns:
        One score per seat. Example (worked example 4): ``k3 k8 | r5 -r2 | b8 -b1 | y2``, 3 chips →
        27; with ``s13`` 25; with ``s15`` 21; with both 19.
    Raises:
        ValueError: ``displays`` and ``supplies`` differ in length; KeyError: an unknown code.
    """
    if len(displays) != len(supplies):
        raise ValueError("chips R10: one display and one supply per seat")
    return [seat_score(display.values(), chips, specials) for display, chips in zip(displays, supplies, strict=True)]


def start_player_of(first_player: int, round_no: int, players: int) -> int:
    """chips R3, D4: the seat that starts round ``round_no`` (1-based): ``(first_player + round − 1) mod n``."""
    return (first_player + round_no - 1) % players


def dealer_of(start_player: int, players: int) -> int:
    """chips R3, D4: the dealer of a round is its start player's right neighbour (``start − 1 mod n``)."""
    return (start_player - 1) % players


def match_over(round_no: int, rounds: int) -> bool:
    """chips R11: the match ends after round ``round_no`` when it is the last of ``rounds`` rounds."""
    return round_no >= rounds


def winners_of(totals: Sequence[int]) -> list[int]:
    """chips R11, D11: every seat whose total equals the highest total, ascending (ties share)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


# ------------------------------------------------------------------ state
class ChipsState(GameState):
    """A match of ``chips``: the row, the pile, supplies, displays and the match record.

    Attributes (besides the kernel's): ``start_player`` (R3), ``specials`` (active codes, R12) and
    their ``effects``, ``row_cards``/``row_chips`` (R5), ``draw`` (top first, hidden), ``supply``,
    ``display`` (per seat four colour rows k r b y), ``final_circuit`` (R9), ``extra_turn`` (R15),
    ``current`` (the seat to act in phase ``play``), and ``placed``: the :data:`~.cards.CARD_BIT`
    mask of the cards in any display, derived from ``display`` and kept up to date by every take
    (the heuristic bot asks it for every legal take of every rollout step; its rule 4).
    """

    start_player: int
    specials: list[str]
    effects: Effects
    row_cards: list[str]
    row_chips: list[int]
    draw: list[str]
    supply: list[int]
    display: list[list[list[str]]]
    placed: int
    final_circuit: bool
    extra_turn: bool
    current: int

    # ---------------------------------------------------------------- setup (R2, R3)
    def _deal(self, stacked: list[str] | None) -> None:
        """chips R2 steps 2–6 for round ``self.round`` with ``start_player`` already set (R3).

        Random use (D20): the ``"random"`` special draw first, then the shuffle; a ``stacked`` deck
        (round 1 of a scenario) is used as given.
        """
        n = self.players
        self.dealer = dealer_of(self.start_player, n)  # R3, D4
        chosen = self.options["specials"]
        if chosen == "random":  # R2 step 2, D12
            drawn = set(self.rng.sample(SPECIAL_ORDER, RANDOM_SPECIALS))
            self.specials = [code for code in SPECIAL_ORDER if code in drawn]
        else:
            self.specials = list(chosen)
        self.effects = effects(self.specials)
        if stacked is None:  # R2 step 3
            cards = list(DECK)
            shuffle(self.rng, cards)
        else:
            cards = list(stacked)
        self.row_cards = cards[:ROW_SIZE]  # R2 step 4, D5
        self.row_chips = [0] * ROW_SIZE
        self.draw = cards[ROW_SIZE:]
        self.supply = [CHIPS_PER_SEAT] * n  # R2 step 5
        self.display = [[[], [], [], []] for _ in range(n)]
        self.placed = 0
        self.final_circuit = False
        self.extra_turn = False
        self.current = self.start_player  # R2 step 6
        self.phase = PLAY

    # ---------------------------------------------------------------- kernel template methods
    def to_act(self) -> list[int]:
        """chips R4/R11: ``[current]`` in ``play``, ``[next dealer]`` in ``round_over``, ``[]`` at the end."""
        if self.phase == PLAY:
            return [self.current]
        if self.phase == ROUND_OVER:
            return [self.start_player]  # the next round's dealer (R11)
        return []

    def _legal(self, seat: int) -> list[str]:
        """Legal tokens by ascending position, ``take:<i>:<c>`` in row order k r b y (spec *Decisions*):
        :func:`.fast.listing`, exactly the tokens :meth:`_violation` accepts."""
        return fast.listing(self, seat)

    def _apply(self, seat: int, token: str) -> None:
        """Apply a legal ``take:…`` (R5–R9, R13–R15) or ``deal`` (R11)."""
        move = parse(token)
        if isinstance(move, Deal):
            self._next_round()
            return
        row = move.row
        self._take(seat, move.position, None if row is None else COLOUR_INDEX[row])

    def _take(self, seat: int, i: int, row_index: int | None) -> None:
        """One turn: take the card at position ``i`` (R5–R8), then pass on or end the round (R9, R15)."""
        eff = self.effects
        row_chips = self.row_chips
        card = self.row_cards[i]
        value = VALUE[card]
        cost = take_cost(i, value, eff)
        # R5: one chip from the supply onto each skipped card (paid before collecting, D6); R13: none.
        if cost:
            self.supply[seat] -= cost
            for j in range(i):
                row_chips[j] += 1
        # R6: remove the card, collect its chips. R8: the cards behind slide forward with their chips.
        del self.row_cards[i]
        collected = row_chips.pop(i)
        self.supply[seat] += collected
        # R7 / R14: onto the colour row of its own colour, or the named row for an any_row card.
        stack = self.display[seat][COLOUR_INDEX[COLOUR[card]] if row_index is None else row_index]
        stack.append(card if face_up(stack, value, eff) else FACE_DOWN + card)
        self.placed |= CARD_BIT[card]
        # R8: refill from the pile; R9: the first refill finding it empty starts the final circuit (D8).
        if self.draw:
            self.row_cards.append(self.draw.pop(0))
            row_chips.append(0)
        else:
            self.final_circuit = True
        self._end_turn(seat, eff.extra_turn_min is not None and collected >= eff.extra_turn_min)

    def _end_turn(self, seat: int, earned_extra: bool) -> None:
        """After a turn of ``seat``: extra turn (R15), end of round (R9) or the next seat clockwise (R4).

        R15/D15: an extra turn is taken first, also in the final circuit. R9: the round ends when a
        turn would begin with an empty row, or once the circuit's last seat (``start − 1 mod n``)
        has finished its turn while ``final_circuit`` is on.
        """
        if earned_extra and self.row_cards:
            self.extra_turn = True  # R15
            self.current = seat
            return
        self.extra_turn = False
        last = (self.start_player - 1) % self.players
        if not self.row_cards or (self.final_circuit and seat == last):
            self._score()  # R9
            return
        self.current = (seat + 1) % self.players  # R1, R4

    def round_score_now(self) -> list[int]:
        """Each seat's round score if the round ended now (chips R10, with R17/R18 of the active specials): its
        colour rows and supply as they stand; chips on row cards score for nobody (D9). Reads the true state (a
        search calls it on its determinizations); in ``round_over``/``game_over`` it is the round just scored
        (displays and supplies are reset only by the next ``deal``, R11)."""
        return [_seat_score(self.display[seat], self.supply[seat], self.effects) for seat in range(self.players)]

    def _score(self) -> None:
        """chips R10: score the round; R11: ``round_over``, or ``game_over`` with the winners."""
        round_scores = self.round_score_now()
        self.scores.append(round_scores)
        totals = self.totals  # by index: zip(…, strict=True) is an interpreted call with a keyword, compiled
        self.totals = [totals[seat] + round_scores[seat] for seat in range(self.players)]
        self.extra_turn = False
        if match_over(self.round, self.options["rounds"]):
            self.phase = GAME_OVER
            self.winners = winners_of(self.totals)  # R11, D11
        else:
            self.phase = ROUND_OVER

    def _next_round(self) -> None:
        """chips R11 ``deal``: round + 1, started by the next seat clockwise (R3), fully reset (R2).

        Decision: the new start player is ``start_player + 1``; for every reachable state this is
        R3's ``(first_player + round − 1) mod n``, and for a loaded state it keeps ``to_act`` (the
        dealer = old start player) consistent with the new round's ``dealer``.
        """
        self.round += 1
        self.start_player = (self.start_player + 1) % self.players
        self._deal(None)

    def _violation(self, seat: int, token: str) -> IllegalAction | None:
        """``None`` if ``token`` is legal for ``seat`` now, else the error naming the rule it breaks
        (chips R20): the game's one legality check, behind :meth:`is_legal` and :meth:`apply`'s
        error; :mod:`.fast` lists exactly the tokens it accepts.

        A token the notation cannot read: :class:`MalformedToken` citing R4 (checked first, whatever
        the phase; :func:`.notation.parse`). Then wrong phase or seat: R11 (match over, round over:
        only ``deal`` by the next dealer; ``deal`` during play) or R4 (not this seat's turn); no such
        row position: R5; row suffix missing or not allowed: R14; cost above supply: R5.
        """
        def err(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(f"chips {rule}", reason, seat=seat, token=token)

        try:
            move = parse(token)
        except MalformedToken as exc:  # the notation first, whatever the phase (R4)
            return MalformedToken(exc.rule, exc.reason, seat=seat, token=token)
        if self.phase == GAME_OVER:
            return err("R11", "the match is over; no token is legal")
        if self.phase == ROUND_OVER:
            if seat != self.start_player:
                return err("R11", f"the round is scored; only seat {self.start_player}, the next dealer, may act")
            if isinstance(move, Deal):
                return None
            return err("R11", "the round is scored; the only legal token is 'deal'")
        if seat != self.current:
            return err("R4", f"it is seat {self.current}'s turn")
        if isinstance(move, Deal):
            return err("R11", "'deal' is legal only between rounds (phase round_over)")
        i, colour = move.position, move.row
        if i >= len(self.row_cards):
            return err("R5", f"no row position {i}; positions are 0 … {len(self.row_cards) - 1}")
        card = self.row_cards[i]
        value = VALUE[card]
        if value in self.effects.any_row and colour is None:
            return err("R14", f"{card} may go on any colour row: name the row, e.g. take:{i}:{COLOUR[card]}")
        if value not in self.effects.any_row and colour is not None:
            return err("R14", f"a row suffix is allowed only for a card that may go on any colour row, not {card}")
        cost = take_cost(i, value, self.effects)
        if cost <= self.supply[seat]:
            return None
        return err("R5", f"taking position {i} costs {cost} chips, the supply holds {self.supply[seat]}")

    # ---------------------------------------------------------------- documents
    def to_doc(self) -> dict[str, Any]:
        """The full state document of the spec (*State document*), freshly built."""
        return self.common_doc({
            "start_player": self.start_player,
            "specials": list(self.specials),
            "row": [{"card": c, "chips": k} for c, k in zip(self.row_cards, self.row_chips, strict=True)],
            "draw": list(self.draw),
            "draw_count": len(self.draw),
            "supply": list(self.supply),
            "display": [{c: list(d[ci]) for ci, c in enumerate(COLOURS)} for d in self.display],
            "final_circuit": self.final_circuit,
            "extra_turn": self.extra_turn,
        })

    def view(self, seat: int | None) -> dict[str, Any]:
        """The document as ``seat`` (or a spectator, ``None``) sees it: the draw pile as ``"?"`` (D19).

        Everything else is public: the row and its chips, supplies, displays incl. face-down cards.
        """
        doc = self.to_doc()
        doc["zones"]["draw"] = ["?"] * len(self.draw)
        return doc

    def clone(self) -> ChipsState:
        """An independent copy (lists copied by hand, the generator shared lazily)."""
        new = ChipsState()
        self.copy_common(new)
        new.start_player = self.start_player
        new.specials = list(self.specials)
        new.effects = self.effects
        new.row_cards = list(self.row_cards)
        new.row_chips = list(self.row_chips)
        new.draw = list(self.draw)
        new.supply = list(self.supply)
        new.display = [[list(stack) for stack in d] for d in self.display]
        new.placed = self.placed
        new.final_circuit = self.final_circuit
        new.extra_turn = self.extra_turn
        new.current = self.current
        return new

    def _determinize(self, seat: int, rng: random.Random) -> ChipsState:
        """A clone with the hidden draw pile shuffled by ``rng`` (the only hidden zone, D19)."""
        new = self.clone()
        sort_shuffle(rng, new.draw)
        return new

    def cards(self) -> Counter[str]:
        """Every number card in the row, the pile and the displays (face-down marks removed)."""
        out = Counter(self.row_cards)
        out.update(self.draw)
        for d in self.display:
            for stack in d:
                out.update(face_up_code(code) for code in stack)
        return out


def _copy_specials(value: Any) -> Any:
    """A copy of an ``options.specials`` value (a list, or the string ``"random"``)."""
    return list(value) if isinstance(value, list) else value


# ------------------------------------------------------------------ options (spec *Options*)
def _check_specials(value: Any, players: int) -> str | None:
    """chips R19: ``specials`` is ``"random"`` or a list of distinct defined special-card codes."""
    if value == "random":
        return None
    if not isinstance(value, list):
        return 'chips R19: specials is a list of special-card codes or "random"'
    for code in value:
        if not isinstance(code, str) or code not in ALL_SPECIAL_CODES:
            return f"chips R19: {code!r} is not a special card (s1 … s15)"
        if code not in SPECIALS:
            return f"chips R19: special card {code} has no known text and is not in play"
    if len(set(value)) != len(value):
        return "chips R19: a special card is listed twice"
    return None


OPTIONS: Final[tuple[Option, ...]] = (
    rounds_option("rounds", 1, label={"en": "Rounds", "de": "Partien"}, rule="chips R11", help={
        "en": "How many rounds are played; the scores are added up.",
        "de": "Wie viele Partien gespielt werden; die Punkte werden zusammengezählt.",
    }),
    seat_option("first_player", 0, label={"en": "Start player", "de": "Startspieler"}, rule="chips R3", help={
        "en": "Who starts the first round; after that the start moves one seat clockwise each round.",
        "de": "Wer die erste Partie beginnt; danach beginnt in jeder Partie der linke Nachbar.",
    }),
    Option("specials", [], "list",
           'list of distinct codes of "s2", "s3", "s4", "s6", "s13", "s15", or "random"',
           {"en": "Special cards of the expert game: any of 2, 3, 4, 6, 13 and 15, or 3 drawn at random "
                  "each round.",
            "de": "Sonderkarten des Expertenspiels: beliebige aus 2, 3, 4, 6, 13 und 15, oder je Partie 3 "
                  "zufällig gezogene."},
           check=_check_specials, label={"en": "Special cards", "de": "Sonderkarten"}, rule="chips R12",
           allowed_words={"en": 'a list of different special cards of "s2", "s3", "s4", "s6", "s13" and "s15", '
                                'or "random"',
                          "de": 'eine Liste verschiedener Sonderkarten aus "s2", "s3", "s4", "s6", "s13" und "s15", '
                                'oder "random"'}),
)


# ------------------------------------------------------------------ game
@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may be interpreted Python
class ChipsGame(Game):
    """``chips``: draft from a row of 7, paying a chip per skipped card; four ascending colour rows."""

    id = "chips"
    names = {"en": "Baggage Belt", "de": "Gepäckband"}
    min_players = 2  # R1, D2
    max_players = 4
    score_sign = 1  # chips R11: the highest total wins
    #: bots/ismcts.py docstring. ``margin_scale`` 20 points: in 300 two-seat heuristic matches (one round each) the
    #: round margin had a standard deviation of 10.3 points and 95 % of them lay within ±19 (99 % within ±30); it is
    #: the unit of a learned value's target (:mod:`kartentisch.rl.value`). ISMCTS keeps ``reward="score"``.
    search = SearchTuning(reward="score", rollout="heuristic", margin_scale=20, coach_iterations=2500)
    options = OPTIONS

    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The 40 number cards in canonical order (R2)."""
        return _deck(players, options)

    def _fresh(self, players: int, options: dict[str, Any], rng: random.Random) -> ChipsState:
        state = ChipsState()
        state.game = self
        state.players = players
        state.options = {**options, "specials": _copy_specials(options["specials"])}
        state.rng = rng
        state.scores = []
        state.totals = [0] * players
        state.winners = []
        return state

    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> ChipsState:
        """Round 1 started by ``first_player`` (R3), dealt from ``deck`` or shuffled (R2).

        Raises:
            InvalidState: ``deck`` is not each of the 40 number cards exactly once (R2 step 3).
        """
        if deck is not None:
            require(len(deck) == len(DECK) and Counter(deck) == Counter(DECK),
                    "chips R2: a stacked deck must hold each of the 40 number cards exactly once")
        state = self._fresh(players, options, rng)
        state.round = 1
        state.start_player = start_player_of(options["first_player"], 1, players)
        state._deal(deck)
        return state

    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any], rng: random.Random) -> ChipsState:
        """Build a state from a document, validated as the spec's *State document* section says.

        Checked: the common fields (:meth:`~kartentisch.kernel.Game.load_common`; ``totals`` the sums
        of ``scores``), every zone well formed (types, one ``supply``/``display`` entry per seat, chip
        counts integers ≥ 0, display rows exactly ``k r b y``), each of the 40 number cards exactly
        once across row, draw and displays, chips (supplies + row) = 7 × players, at most 7 row cards
        (exactly 7 while ``draw`` is not empty, at least 1 in ``play``), ``zones.specials`` distinct
        defined codes (equal to ``options.specials`` when that is a list), ``to_act`` as stated for
        the phase. Taken as given: per-seat card counts, turn order, ``start_player``, ``dealer``,
        orientations. Derived and recomputed: ``draw_count``, ``game_over``, ``winners`` (from
        ``totals`` in ``game_over``).

        Raises:
            InvalidState: naming the first problem; nothing is loaded.
        """
        n = players
        common = self.load_common(doc, n, phases=PHASES, winners=lambda scores, totals: winners_of(totals),
                                  recomputed=("game_over", "winners"))
        zones, phase, to_act = common.zones, common.phase, common.to_act

        def is_count(v: Any) -> bool:
            return is_int(v) and v >= 0

        for key in ("start_player", "specials", "row", "draw", "supply", "display", "final_circuit", "extra_turn"):
            require(key in zones, f"chips load: zones lack {key!r}")
        start = zones["start_player"]
        require(is_int(start) and 0 <= start < n,
                f"chips load: zones.start_player must be a seat 0 … {n - 1}, not {start!r}")
        for key in ("final_circuit", "extra_turn"):
            require(isinstance(zones[key], bool), f"chips load: zones.{key} must be true or false, not {zones[key]!r}")

        specials = zones["specials"]
        require(isinstance(specials, list) and all(isinstance(c, str) and c in SPECIALS for c in specials)
                and len(set(specials)) == len(specials),
                f"chips load: zones.specials must list distinct defined special cards "
                f"({', '.join(SPECIAL_ORDER)}) (chips R19), not {specials!r}")
        if isinstance(options["specials"], list):
            require(specials == options["specials"],
                    f"chips load: zones.specials must be options.specials {options['specials']!r} (chips R12), "
                    f"not {specials!r}")

        row = zones["row"]
        require(isinstance(row, list) and all(
            isinstance(e, dict) and set(e) == {"card", "chips"} and e["card"] in VALUE and is_count(e["chips"])
            for e in row),
            "chips load: zones.row must be a list of {\"card\": <number card>, \"chips\": <integer ≥ 0>}")
        draw = zones["draw"]
        require(isinstance(draw, list) and all(isinstance(c, str) and c in VALUE for c in draw),
                "chips load: zones.draw must be a list of number-card codes")
        require(len(row) <= ROW_SIZE,
                f"chips load: the row holds {len(row)} cards, at most {ROW_SIZE} allowed (chips R8)")
        require(not draw or len(row) == ROW_SIZE,
                f"chips load: the row holds {len(row)} cards while the draw pile is not empty (must be {ROW_SIZE}; "
                "chips R8)")
        require(phase != PLAY or len(row) > 0, "chips load: the row is empty in phase play (chips R9)")

        supply = zones["supply"]
        require(isinstance(supply, list) and len(supply) == n and all(is_count(x) for x in supply),
                f"chips load: zones.supply must be {n} integers ≥ 0, not {supply!r}")
        display = zones["display"]
        require(isinstance(display, list) and len(display) == n, f"chips load: zones.display must have {n} entries")
        rows: list[list[list[str]]] = []
        for seat, entry in enumerate(display):
            require(isinstance(entry, dict) and set(entry) == set(COLOURS),
                    f"chips load: zones.display[{seat}] must have exactly the colour rows k, r, b, y")
            seat_rows = []
            for colour in COLOURS:
                stack = entry[colour]
                require(isinstance(stack, list) and all(isinstance(c, str) and face_up_code(c) in VALUE
                                                        for c in stack),
                        f"chips load: zones.display[{seat}].{colour} must list number cards (\"-\" prefix = face down)")
                seat_rows.append(list(stack))
            rows.append(seat_rows)

        seen = Counter(e["card"] for e in row)
        seen.update(draw)
        for seat_rows in rows:
            for stack in seat_rows:
                seen.update(face_up_code(c) for c in stack)
        twice = sorted(c for c, k in seen.items() if k > 1)
        missing = [c for c in DECK if c not in seen]
        require(not twice and not missing,
                "chips load: each of the 40 number cards must appear exactly once in row, draw and displays"
                + (f"; twice: {', '.join(twice)}" if twice else "")
                + (f"; missing: {', '.join(missing)}" if missing else ""))
        chips_total = sum(supply) + sum(e["chips"] for e in row)
        in_play = CHIPS_PER_SEAT * n
        require(chips_total == in_play,
                f"chips load: supplies and row hold {chips_total} chips, must be {CHIPS_PER_SEAT} × {n} = {in_play}")

        current = start
        if phase == PLAY:
            if to_act is None or len(to_act) != 1:
                raise InvalidState(f"chips load: in phase play to_act must be [one seat] (chips R4), not {to_act!r}")
            current = to_act[0]
        elif phase == ROUND_OVER:
            require(to_act == [start], f"chips load: in phase round_over to_act must be [{start}], "
                                       f"the next round's dealer (chips R11), not {to_act!r}")
        else:
            require(to_act == [], f"chips load: in phase game_over to_act must be [] (chips R11), not {to_act!r}")

        state = self._fresh(n, options, rng)
        common.set_on(state)
        state.start_player = start
        state.specials = list(specials)
        state.effects = effects(specials)
        state.row_cards = [e["card"] for e in row]
        state.row_chips = [e["chips"] for e in row]
        state.draw = list(draw)
        state.supply = list(supply)
        state.display = rows
        state.placed = card_mask(stack for seat_rows in rows for stack in seat_rows)
        state.final_circuit = zones["final_circuit"]
        state.extra_turn = zones["extra_turn"]
        state.current = current
        return state

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The rule-based ``heuristic`` bot (see :class:`~.bot.HeuristicBot`)."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)

