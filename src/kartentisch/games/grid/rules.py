"""Rules of ``grid`` (Colour Grid / Farbraster) on the kernel, exactly per ``rules/grid.md``.

Representation (plain lists, cheap to clone):

* ``_grids[s]``: seat ``s``'s :data:`~.cells.Grid`, rows of :data:`~.cells.Cell` (a card code face
  up, ``"?" + code`` face down), the spec's document format. In step ``close`` (R12) the active
  grid, 3×3 with the removed diagonal's gaps, is :attr:`GridState.gaps` (an :data:`~.cells.OpenGrid`)
  and its ``_grids`` entry is ``[]``; :attr:`GridState.grids` shows every grid as the document does.
* ``draw`` and ``discard``: card codes, top first.
* ``active``/``step``/``held``, ``flips_left``, ``trigger``, ``final_turns``, ``reveal_queue``: as in
  the spec's state document.

Every rule R1–R21 and decision D1–D21 has one place here, marked with its id (the cells, lines and
their removal in :mod:`.cells`, shared with the bot). Round scoring is the
pure function :func:`score_round` (R17, R18) and the match end the pure function
:func:`match_winners` (R19), so a score pad can reuse them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

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
from ...kernel.options import Option, bool_option, seat_option, target_option
from ...kernel.rng import shuffle, sort_shuffle
from . import fast
from .cards import DECK, VALUE
from .cells import (
    Cell,
    Grid,
    OpenGrid,
    card_of,
    close_grid,
    completed_lines,
    face_down,
    is_down,
    remove_diagonal,
    remove_line,
)
from .notation import (
    CLOSE,
    DIAGONALS,
    DRAWN,
    PLAY,
    REMOVE,
    REVEAL,
    SETUP,
    SHAPES,
    START,
    TAKEN,
    Close,
    Deal,
    Draw,
    Flip,
    Keep,
    Remove,
    Swap,
    TakeDiscard,
    parse,
    shape,
)

PHASES: Final = (SETUP, PLAY, REVEAL, ROUND_OVER, GAME_OVER)

PLAY_STEPS: Final = (START, DRAWN, TAKEN, REMOVE, CLOSE)
REVEAL_STEPS: Final = (REMOVE, CLOSE)

# ----------------------------------------------------------------------------- shapes and lines (R10)
# The geometry (SHAPES, LINE_IDS, DIAGONALS, LINES, shape) is notation: see .notation; cells, grids and
# the removal of lines (R10–R12) are in .cells.


# ----------------------------------------------------------------------------- scoring (pure)

def score_round(grid_values: Sequence[Sequence[int]], trigger: int | None) -> list[int]:
    """Round scores from the values of the cards left in each seat's grid (R17, R18, D19).

    Args:
        grid_values: per seat, the values of its remaining grid cards (``[]`` for an empty grid).
        trigger: the seat that triggered the round end (R14), or ``None``.
    Returns:
        One score per seat: the round sum (R17); the trigger's doubled when its sum is positive and
        some other seat's sum is less than or equal to it (R18; a tie is not lowest, negatives and 0
        are never doubled, D19).
    """
    sums = [sum(values) for values in grid_values]
    scores = list(sums)
    if trigger is not None:
        own = sums[trigger]
        if own > 0 and any(s != trigger and sums[s] <= own for s in range(len(sums))):
            scores[trigger] = 2 * own
    return scores


def match_winners(totals: Sequence[int], end_total: int) -> list[int]:
    """R19/D20: ``[]`` while every total is below ``end_total``, else the seats with the lowest total
    (ascending; ties share the win)."""
    return lowest_seats(totals) if max(totals) >= end_total else []


def lowest_seats(totals: Sequence[int]) -> list[int]:
    """R19: the seats with the lowest total, ascending."""
    low = min(totals)
    return [s for s, t in enumerate(totals) if t == low]


def dealer_of_round(first_dealer: int, round_: int, players: int) -> int:
    """D4: the dealer of round ``round_`` (1-based) passes one seat to the left each round."""
    return (first_dealer + round_ - 1) % players


# ----------------------------------------------------------------------------- the state

def _face_down_at(grid: Grid, row: int, col: int) -> bool:
    """Whether ``grid`` has a face-down card at ``row``, ``col`` (R4, R8; ``False`` off the grid)."""
    return row < len(grid) and col < len(grid[row]) and is_down(grid[row][col])


class GridState(GameState):
    """A match of ``grid`` (phases ``setup``, ``play``, ``reveal``, ``round_over``, ``game_over``)."""

    #: Per seat its grid; in step close the active seat's is ``[]`` while :attr:`gaps` holds it (R12).
    _grids: list[Grid]
    #: The active grid with a removed diagonal's gaps until it closes (step close, R12), else ``None``.
    gaps: OpenGrid | None
    draw: list[str]
    discard: list[str]
    active: int | None
    step: str | None
    held: str | None
    flips_left: list[int]
    trigger: int | None
    final_turns: list[int]
    reveal_queue: list[int]

    # ------------------------------------------------------------------ setup (R3, R4, R5, R20)
    def _deal(self, deck: list[str]) -> None:
        """R3/D3: deal nine cards face down to each seat, one at a time from the dealer's left
        (dealer last), cell ``k`` at row ``k // 3``, column ``k % 3``; the next card starts the
        discard pile, the rest is the draw pile (top first). Then phase ``setup`` (R4)."""
        n = self.players
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        cells: list[list[Cell]] = [[] for _ in range(n)]
        for k in range(9 * n):
            cells[order[k % n]].append(face_down(deck[k]))
        self._grids = [[c[0:3], c[3:6], c[6:9]] for c in cells]
        self.gaps = None
        self.discard = [deck[9 * n]]
        self.draw = deck[9 * n + 1:]
        self.flips_left = [2] * n
        self.phase = SETUP
        self.active = self.step = self.held = None
        self.trigger = None
        self.final_turns = []
        self.reveal_queue = []

    def _start_play(self) -> None:
        """R5/D5: the seat with the highest face-up sum starts; ties go to the seat reached first
        clockwise from the dealer's left neighbour (dealer last)."""
        n = self.players
        best, best_sum = -1, 0
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            total = sum(VALUE[c] for row in self._grids[seat] for c in row if not is_down(c))
            if best < 0 or total > best_sum:
                best, best_sum = seat, total
        self.phase = PLAY
        self.active = best
        self.step = START

    # ------------------------------------------------------------------ kernel protocol
    def to_act(self) -> list[int]:
        """Spec *Decisions*: setup → seats with flips left; play/reveal → the active seat;
        round_over → the next dealer; game_over → nobody."""
        active = self.active
        if active is not None:  # exactly in phases play and reveal
            return [active]
        phase = self.phase
        if phase == SETUP:
            return [s for s, f in enumerate(self.flips_left) if f]
        if phase == ROUND_OVER:
            return [(self.dealer + 1) % self.players]
        return []

    def _legal(self, seat: int) -> list[str]:
        """Legal tokens in the spec's display order (draw, takediscard; swaps; flips; removes, keep;
        closes; deal): :func:`.fast.listing`, exactly the tokens :meth:`_violation` accepts."""
        return fast.listing(self, seat)

    def _apply(self, seat: int, token: str) -> None:
        """Apply a legal token (rules as marked per verb; read by :func:`.notation.parse`)."""
        move = parse(token)
        if isinstance(move, Swap):  # R7, R8: the grid card goes face up onto the discard (D16: before a line)
            held = self.held
            assert held is not None  # steps drawn and taken hold the card (R7, R8)
            row = self._grids[seat][move.row]
            c = move.col
            old = row[c]
            row[c] = held
            self.discard.insert(0, old[1:] if old[0] == "?" else old)
            self._placed(seat)
        elif isinstance(move, Flip):
            row = self._grids[seat][move.row]
            c = move.col
            row[c] = row[c][1:]
            if self.phase == SETUP:  # R4
                self.flips_left[seat] -= 1
                if not any(self.flips_left):
                    self._start_play()
            else:  # R8: the drawn card onto the discard, then a face-down card turned up
                held = self.held
                assert held is not None  # step drawn holds the card (R8)
                self.discard.insert(0, held)
                self._placed(seat)
        elif isinstance(move, Draw):  # R8, R9/D9
            if not self.draw:
                rest = self.discard[1:]
                shuffle(self.rng, rest)
                self.draw = rest
                del self.discard[1:]
            self.held = self.draw.pop(0)
            self.step = DRAWN
        elif isinstance(move, TakeDiscard):  # R7
            self.held = self.discard.pop(0)
            self.step = TAKEN
        elif isinstance(move, Remove):  # R11, chain R13
            if not self._remove(seat, move.line) and self._resolve(seat):
                self._resume()
        elif isinstance(move, Keep):  # options: optional_removal ends this resolution, the lines stay
            self._resume()
        elif isinstance(move, Close):  # R12, chain R13
            gaps = self.gaps
            assert gaps is not None  # step close keeps the grid with its gaps
            self._grids[seat] = close_grid(gaps, move.how)
            self.gaps = None
            if self._resolve(seat):
                self._resume()
        else:  # Deal, R20
            self._new_round()

    # ------------------------------------------------------------------ turn flow (R6, R11–R16)
    def _placed(self, seat: int) -> None:
        """R6: after the swap or flip, resolve completed lines (R11–R13), then end the turn."""
        self.held = None
        if self._resolve(seat):
            self._end_turn()

    def _resolve(self, seat: int) -> bool:
        """R11/R13/D15: remove completed lines of ``seat``'s grid until none is left.

        One completed line is removed automatically; several (or any, with ``optional_removal``)
        open step ``remove`` for the owner; a removed diagonal opens step ``close`` (R12).
        Returns True when the grid is resolved, False when a decision is open.
        """
        while True:
            done = completed_lines(self._grids[seat])
            if not done:
                return True
            if len(done) > 1 or self.options["optional_removal"]:
                self.step = REMOVE
                return False
            if self._remove(seat, done[0]):
                return False

    def _remove(self, seat: int, line: str) -> bool:
        """R11/D12: remove ``line``: its cards go onto the discard highest first (so the lowest is
        on top); rows/columns close up at once (R12). Returns True if step ``close`` opens (diagonal):
        the grid waits with its gaps in :attr:`gaps`."""
        if line in DIAGONALS:
            self.gaps, cards = remove_diagonal(self._grids[seat], line)
            self._grids[seat] = []
            self.step = CLOSE
        else:
            self._grids[seat], cards = remove_line(self._grids[seat], line)
        self.discard[0:0] = sorted(cards, key=VALUE.__getitem__)
        return self.gaps is not None

    def _resume(self) -> None:
        """Continue after a resolution ends: the turn's end in ``play``, the next grid in ``reveal``."""
        if self.phase == PLAY:
            self._end_turn()
        else:
            self._reveal_next()

    def _end_turn(self) -> None:
        """R14/D17 trigger check after the removals, then the next turn (R2) or final turn (R15);
        after the last final turn the round ends (R16)."""
        seat = self.active
        assert seat is not None  # a turn has its active seat (R6)
        n = self.players
        if self.trigger is None:
            if not any(x[0] == "?" for row in self._grids[seat] for x in row):
                self.trigger = seat
                self.final_turns = [(seat + k) % n for k in range(1, n)]
            else:
                self.active = (seat + 1) % n
                self.step = START
                return
        if self.final_turns:
            self.active = self.final_turns.pop(0)
            self.step = START
            return
        self._start_reveal()

    def _start_reveal(self) -> None:
        """R16/D18: turn every face-down card up at once, then resolve the grids from the trigger's
        left neighbour clockwise, the trigger last."""
        for grid in self._grids:
            for row in grid:
                for i, x in enumerate(row):
                    if x[0] == "?":
                        row[i] = x[1:]
        self.phase = REVEAL
        self.held = None
        self.step = None
        trigger = self.trigger if self.trigger is not None else self.active
        assert trigger is not None  # the last turn was the trigger's or a final turn (R14, R15)
        n = self.players
        self.reveal_queue = [(trigger + k) % n for k in range(1, n + 1)]
        self._reveal_next()

    def _reveal_next(self) -> None:
        """R16: resolve the queued grids; stop in phase ``reveal`` at an owner's open choice."""
        while self.reveal_queue:
            seat = self.reveal_queue.pop(0)
            self.active = seat
            if not self._resolve(seat):
                return
        self._score_round()

    def _score_round(self) -> None:
        """R17–R19: score the round, add to totals, end the match or show ``round_over``."""
        values = [[VALUE[x] for row in grid for x in row] for grid in self._grids]
        scores = score_round(values, self.trigger)
        self.scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.active = self.step = self.held = None
        self.reveal_queue = []
        self.final_turns = []
        self.winners = match_winners(self.totals, self.options["end_total"])
        self.phase = GAME_OVER if self.winners else ROUND_OVER

    def _new_round(self) -> None:
        """R20/D21: the next dealer deals round + 1 from all 104 cards shuffled with the match rng."""
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        deck = list(DECK)
        shuffle(self.rng, deck)
        self._deal(deck)

    # ------------------------------------------------------------------ errors
    def _violation(self, seat: int, token: str) -> IllegalAction | None:
        """``None`` if ``token`` is legal for ``seat`` now, else the error naming the rule it breaks
        (spec *Decisions and tokens*): a :class:`MalformedToken` when it is not written in the notation
        (:func:`.notation.parse`), else a plain :class:`IllegalAction`. The game's one legality check,
        behind :meth:`is_legal` and :meth:`apply`'s error; :mod:`.fast` lists exactly the tokens it
        accepts.

        Legal: in setup a flip of an own face-down card (R4); at a round's end ``deal`` by the next
        dealer (R20); a turn starts with ``draw`` (a card to draw: R8, R9) or ``takediscard`` (a
        discard: R7), then places the card in hand by a swap of any own card (R7, R8, R10) or, after a
        draw, a flip of an own face-down card (R8); a completed line is removed (R11; ``keep`` with
        ``optional_removal``), a removed diagonal's grid closed (R12).
        """
        def err(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(f"grid {rule}", reason, seat=seat, token=token)

        try:
            move = parse(token)
        except MalformedToken as exc:
            return MalformedToken(exc.rule, exc.reason, seat=seat, token=token)
        phase, step = self.phase, self.step
        if phase == GAME_OVER:
            return err("R19", "the match is over")
        if seat not in self.to_act():
            if phase == SETUP:
                return err("R4", "this seat has made both of its initial flips")
            if phase == ROUND_OVER:
                return err("R20", f"only the next dealer, seat {(self.dealer + 1) % self.players}, deals")
            if phase == REVEAL:
                return err("R16", f"seat {self.active} is resolving its grid at the reveal")
            if self.trigger is not None and seat == self.trigger:
                return err("R15", "the trigger takes no further turn")
            return err("R6", f"it is seat {self.active}'s turn")
        grid = self._grids[seat]
        if phase == SETUP:
            if not isinstance(move, Flip):
                return err("R4", "in setup every seat flips two of its own face-down cards (flip:r:c)")
            if _face_down_at(grid, move.row, move.col):
                return None
            return err("R4", "(r,c) must be a face-down card of the own grid")
        if phase == ROUND_OVER:
            if isinstance(move, Deal):
                return None
            return err("R20", "the round is over; the next dealer gives 'deal'")
        if step == START:
            if isinstance(move, Draw):
                if self.draw or len(self.discard) >= 2:
                    return None
                return err("R9", "the draw pile is empty and the discard pile holds fewer than 2 cards")
            if isinstance(move, TakeDiscard):
                if self.discard:
                    return None
                return err("R7", "the discard pile is empty")
            return err("R6", "a turn starts with 'draw' or 'takediscard'; passing is not allowed")
        if step in (DRAWN, TAKEN):
            if isinstance(move, Flip) and step == TAKEN:
                return err("R7", "a card taken from the discard pile must be swapped into the grid")
            if isinstance(move, Swap | Flip):
                if not (move.row < len(grid) and move.col < len(grid[move.row])):
                    return err("R10", f"there is no card at {move.row}:{move.col} in a grid of shape {shape(grid)}")
                if isinstance(move, Swap) or _face_down_at(grid, move.row, move.col):
                    return None
                return err("R8", "only a face-down card of the own grid can be flipped")
            if isinstance(move, Draw | TakeDiscard):
                return err("R6", "a turn is exactly one action; the card in hand must be placed")
            rule = "R8" if step == DRAWN else "R7"
            return err(rule, "place the card in hand: swap:r:c" + (" or flip:r:c" if step == DRAWN else ""))
        if step == REMOVE:
            if isinstance(move, Remove):
                if move.line in completed_lines(grid):
                    return None
                return err("R11", f"{move.line!r} is not a completed line of this grid")
            if isinstance(move, Keep):
                if self.options["optional_removal"]:
                    return None
                return err("R11", "removing a completed line is mandatory (option optional_removal is off)")
            return err("R11", "a completed line must be removed first (remove:<line>)")
        if step == CLOSE and isinstance(move, Close):
            return None
        return err("R12", "after a diagonal is removed the grid closes: close:h or close:v")

    # ------------------------------------------------------------------ documents
    @property
    def grids(self) -> list[Grid | OpenGrid]:
        """Every seat's grid as the state document shows it (a new list of the grids themselves):
        in step close the active seat's is :attr:`gaps`, its grid with the removed diagonal's gaps (R12)."""
        grids: list[Grid | OpenGrid] = list(self._grids)
        if self.gaps is not None and self.active is not None:
            grids[self.active] = self.gaps
        return grids

    def _doc(self, seat: int | None, full: bool) -> dict[str, Any]:
        """The state document; ``full`` False hides what ``seat`` may not see (R21, D8)."""
        if full:
            grids = [[list(row) for row in grid] for grid in self.grids]
            draw = list(self.draw)
        else:
            grids = [[[("?" if x is not None and x[0] == "?" else x) for x in row] for row in grid]
                     for grid in self.grids]
            draw = ["?"] * len(self.draw)
        held = self.held
        if not full and self.step == DRAWN and held is not None and seat != self.active:
            held = "?"
        return self.common_doc({
            "grids": grids, "draw": draw, "draw_count": len(self.draw),
            "discard": list(self.discard), "discard_top": self.discard[0] if self.discard else None,
            "active": self.active, "step": self.step, "held": held,
            "flips_left": list(self.flips_left), "trigger": self.trigger,
            "final_turns": list(self.final_turns), "reveal_queue": list(self.reveal_queue),
        })

    def to_doc(self) -> dict[str, Any]:
        """The full state document of the spec (face-down cells as ``"?" + code``)."""
        return self._doc(None, True)

    def view(self, seat: int | None) -> dict[str, Any]:
        """R21/D8: face-down cells and draw cards as ``"?"``; the drawn card only to the drawer."""
        return self._doc(seat, False)

    def clone(self) -> GridState:
        """A cheap independent copy (lists copied by hand, the generator shared lazily)."""
        new = GridState()
        self.copy_common(new)
        new._grids = [[row[:] for row in grid] for grid in self._grids]
        new.gaps = None if self.gaps is None else [row[:] for row in self.gaps]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.active = self.active
        new.step = self.step
        new.held = self.held
        new.flips_left = self.flips_left[:]
        new.trigger = self.trigger
        new.final_turns = self.final_turns[:]
        new.reveal_queue = self.reveal_queue[:]
        return new

    def _determinize(self, seat: int, rng: random.Random) -> GridState:
        """Re-deal every card hidden from ``seat`` (face-down grid cards, the draw pile, another seat's
        drawn card) at random among those places (R21)."""
        new = self.clone()
        held = new.held if new.step == DRAWN and seat != new.active else None
        grids = new.grids
        pool = [x[1:] for grid in grids for row in grid for x in row if x is not None and x[0] == "?"]
        pool += new.draw
        if held is not None:
            pool.append(held)
        sort_shuffle(rng, pool)
        it = iter(pool)
        for grid in grids:
            for row in grid:
                for i, x in enumerate(row):
                    if x is not None and x[0] == "?":
                        row[i] = "?" + next(it)
        new.draw = [next(it) for _ in new.draw]
        if held is not None:
            new.held = next(it)
        return new

    def round_score_now(self) -> list[int]:
        """grid R16–R18 if the round ended now: every card left in a grid counts at its value (a
        face-down one too), the trigger's sum doubled as R18 says. Lines a reveal would complete are
        not removed (an estimate for a search's cut-off rollout)."""
        values = [[VALUE[card_of(x)] for row in grid for x in row if x is not None] for grid in self.grids]
        return score_round(values, self.trigger)

    def cards(self) -> Counter[str]:
        """Every card in grids, draw pile, discard pile and hand."""
        out: Counter[str] = Counter(card_of(x) for grid in self.grids for row in grid for x in row if x is not None)
        out.update(self.draw)
        out.update(self.discard)
        if self.held is not None:
            out[self.held] += 1
        return out


# ----------------------------------------------------------------------------- the game
_OPTIONS: Final[tuple[Option, ...]] = (
    target_option("end_total", 100, label={"en": "Match ends at", "de": "Partie endet bei"}, rule="grid R19",
               help={"en": "The match ends after the round in which someone's total reaches this many points.",
                     "de": "Die Partie endet nach der Runde, in der eine Gesamtsumme diesen Wert erreicht."}),
    bool_option("optional_removal", False, label={"en": "Lines may stay", "de": "Reihen dürfen liegen bleiben"},
                rule="grid R11",
                help={"en": "A complete line of one colour may stay in the grid instead of having to leave it.",
                      "de": "Eine vollständige Reihe einer Farbe darf im Raster bleiben, statt gehen zu müssen."}),
    seat_option("first_dealer", 0, label={"en": "First dealer", "de": "Erster Geber"}, rule="grid D4",
                help={"en": "Who deals the first round; after that the deal passes to the left.",
                      "de": "Wer die erste Runde gibt; danach gibt jeweils der linke Nachbar."}),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may be interpreted Python
class GridGame(Game):
    """``grid``: 3×3 face-down grid, swap in low cards, one-colour lines leave; lowest total wins."""

    id = "grid"
    names = {"en": "Colour Grid", "de": "Farbraster"}
    min_players = 2
    max_players = 6
    score_sign = -1  # grid R19: the lowest total wins
    # rounds too long to play out: rollouts cut after 6 decisions
    search = SearchTuning(reward="margin", depth=6, margin_scale=30, coach_iterations=1500)
    options: ClassVar[Sequence[Option]] = _OPTIONS

    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """R1: all 104 cards in canonical order, for every player count."""
        return list(DECK)

    def _blank(self, players: int, options: dict[str, Any], rng: random.Random) -> GridState:
        state = GridState()
        state.game = self
        state.players = players
        state.options = options
        state.rng = rng
        state.winners = []
        return state

    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> GridState:
        """Round 1 (R3): dealt from the stacked ``deck`` (top first) or a seeded shuffle.

        Raises:
            InvalidState: ``deck`` is not a permutation of the 104 cards (R1).
        """
        if deck is None:
            deck = list(DECK)
            shuffle(rng, deck)
        elif Counter(deck) != Counter(DECK):
            raise InvalidState("grid R1: a stacked deck must hold each of the 104 cards exactly once")
        state = self._blank(players, options, rng)
        state.round = 1
        state.dealer = dealer_of_round(options["first_dealer"], 1, players)
        state.scores = []
        state.totals = [0] * players
        state._deal(deck)
        return state

    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any], rng: random.Random) -> GridState:
        """Validate an explicit state document exactly per the spec's loading section.

        Raises:
            InvalidState: naming the first violated condition; nothing is loaded.
        """
        n = players
        # Decision: winners are derived from the totals like to_act (R19), not taken from the document.
        common = self.load_common(doc, n, phases=PHASES, winners=lambda scores, totals: lowest_seats(totals),
                                  dealer=lambda rnd: dealer_of_round(options["first_dealer"], rnd, n),
                                  scores_per_round=True, recomputed=("to_act", "winners"),
                                  rules={"dealer": "grid D4", "scores": "grid R19", "totals": "grid R19",
                                         "winners": "grid R19"})
        z, phase = common.zones, common.phase

        # active / step / held per phase
        active, step, held = z["active"], z["step"], z["held"]
        flips = z["flips_left"]
        require(isinstance(flips, list) and len(flips) == n and all(is_int(f) and 0 <= f <= 2 for f in flips),
                f"grid load: flips_left must be one integer 0–2 per seat ({n}) (grid R4), not {flips!r}")
        grids = z["grids"]
        require(isinstance(grids, list) and len(grids) == n, f"grid load: grids must be one grid per seat ({n})")
        if phase == SETUP:
            require(any(flips), "grid load: phase setup needs some seat with flips_left > 0 (grid R4)")
            require(active is None and step is None and held is None,
                    "grid load: in phase setup active, step and held must be null (grid R4)")
        elif phase in (PLAY, REVEAL):
            require(not any(flips), f"grid load: in phase {phase} every flips_left must be 0 (grid R5)")
            require(is_int(active) and 0 <= active < n, f"grid load: active must be a seat 0 … {n - 1}, not {active!r}")
            steps = PLAY_STEPS if phase == PLAY else REVEAL_STEPS
            require(step in steps, f"grid load: step in phase {phase} must be one of {', '.join(steps)}, not {step!r}")
            if step in (DRAWN, TAKEN):
                require(isinstance(held, str), f"grid load: step {step} needs the held card (grid R7, R8)")
            else:
                require(held is None, f"grid load: held must be null in step {step}, not {held!r}")
        else:
            require(active is None and step is None and held is None,
                    f"grid load: in phase {phase} active, step and held must be null")

        # cards: each code one of the 104, at most once (R1)
        draw, discard = z["draw"], z["discard"]
        require(isinstance(draw, list) and isinstance(discard, list), "grid load: draw and discard must be lists")
        seen: Counter[str] = Counter()
        for s, grid in enumerate(grids):
            require(isinstance(grid, list) and all(isinstance(row, list) for row in grid),
                    f"grid load: the grid of seat {s} must be a list of rows (grid R10)")
            for row in grid:
                for x in row:
                    require(x is None or isinstance(x, str), f"grid load: bad cell {x!r} in the grid of seat {s}")
                    if x is not None:
                        code = x[1:] if x.startswith("?") else x
                        require(code in VALUE, f"grid load: {x!r} in the grid of seat {s} is not a card code (grid R1)")
                        seen[code] += 1
        for where, pile in (("draw", draw), ("discard", discard), ("held", [held] if held is not None else [])):
            for x in pile:
                require(isinstance(x, str) and x in VALUE, f"grid load: {x!r} in {where} is not a card code (grid R1)")
                seen[x] += 1
        twice = sorted((c for c, k in seen.items() if k > 1), key=DECK.index)
        require(not twice, f"grid load: card {twice[0] if twice else ''} appears more than once (grid R1)")

        # shapes (R10, R12)
        for s, grid in enumerate(grids):
            if step == CLOSE and s == active:
                gaps = {(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x is None}
                require(shape(grid) == (3, 3) and all(len(row) == 3 for row in grid)
                        and gaps in (set(DIAGONALS["d0"]), set(DIAGONALS["d1"])),
                        f"grid load: in step close the grid of seat {s} must be 3×3 with null exactly on d0 or d1 "
                        "(grid R12)")
            else:
                rows, cols = shape(grid)
                require((rows, cols) in SHAPES and all(len(row) == cols for row in grid),
                        f"grid load: the grid of seat {s} has no allowed shape (3×3, 2×3, 1×3, 3×2, 3×1, empty) "
                        "(grid R10)")
                require(all(x is not None for row in grid for x in row),
                        f"grid load: null cells only in step close, in the active grid (seat {s}) (grid R12)")
        if phase in (PLAY, REVEAL):
            require(bool(grids[active]), f"grid load: the active seat {active} has an empty grid (grid R6)")
            if step == REMOVE:
                require(bool(completed_lines(grids[active])),
                        f"grid load: step remove needs a completed line in the grid of seat {active} (grid R11)")
            if step == START:
                require(bool(draw or discard), "grid load: step start needs a non-empty draw or discard pile (grid R9)")

        trigger, final_turns, reveal_queue = z["trigger"], z["final_turns"], z["reveal_queue"]
        require(trigger is None or (is_int(trigger) and 0 <= trigger < n),
                f"grid load: trigger must be null or a seat 0 … {n - 1} (grid R14), not {trigger!r}")
        for name, seats in (("final_turns", final_turns), ("reveal_queue", reveal_queue)):
            require(isinstance(seats, list) and all(is_int(s) and 0 <= s < n for s in seats),
                    f"grid load: {name} must be a list of seats 0 … {n - 1}, not {seats!r}")

        state = self._blank(n, options, rng)
        common.set_on(state)
        state._grids = [[list(row) for row in grid] for grid in grids]
        state.gaps = None
        if step == CLOSE:  # R12: the active grid waits with its gaps
            state.gaps, state._grids[active] = state._grids[active], []
        state.draw = list(draw)
        state.discard = list(discard)
        state.active, state.step, state.held = active, step, held
        state.flips_left = list(flips)
        state.trigger = trigger
        state.final_turns = list(final_turns)
        state.reveal_queue = list(reveal_queue)
        return state

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The rule-based bot ``heuristic`` (see :mod:`kartentisch.games.grid.bot`)."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)
