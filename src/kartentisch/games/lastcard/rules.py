"""Rules of ``lastcard`` (Last Card / Letzte Karte), exactly as ``shared/rules/lastcard.md`` says.

Cards are the numbers 1 … 60 (codes are the numbers as strings, lastcard D1). Each round every
seat passes P cards to its right neighbour (R5), then the seats take turns clockwise (R6): play a
higher card on the pile (R8, token ``play:c``), lay a lower card as a help card and take one pile
card (R9, ``lay:c:t``) or beat the top with a lower card plus own help cards (R10,
``play:c:h1[:h2…]``). The round ends as soon as the acting seat holds one card (R15) and every seat
scores its highest hand card minus the rest (R16, :func:`score_round`). After the last round the
highest totals win (R18).

Internally cards are ``int``; hands, help rows, ``out``, ``set_aside`` and ``passed`` entries are
kept sorted ascending; the pile is kept **bottom first** (``pile[-1]`` is the top) so a play is an
``append``; documents show it top first as the spec's schema says.

Example::

    >>> from kartentisch.games.lastcard import GAME
    >>> state = GAME.new_state(players=3, seed=1)
    >>> state.phase, state.to_act()
    ('pass', [0, 1, 2])
"""

from __future__ import annotations

import random
from bisect import insort
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
from ...kernel.options import Option, bool_option, int_option, rounds_option, seat_option
from ...kernel.rng import sample, shuffle, sort_shuffle
from . import cards as C
from . import fast
from .cards import CODE, NUMBER
from .notation import HIDDEN, PASS, PHASES, PLAY, Deal, HelpPlay, HiddenPass, Lay, Pass, Play, parse


def score_round(hands: Sequence[Sequence[int]], floor_zero: bool = True) -> list[int]:
    """Round scores in seat order from the hands at round end (lastcard R16, D14, D22).

    Each seat scores its highest hand card minus the sum of its other hand cards
    (``2·max − sum``); with ``floor_zero`` a negative result counts as 0. The seat that ended the
    round holds one card and so scores that card. Help cards, pile, ``out`` and ``set_aside``
    count nothing, so they are not arguments. An empty hand (never reachable) scores 0.

    Args:
        hands: one sequence of card numbers per seat.
        floor_zero: the ``floor_zero`` option.
    Returns:
        One integer per seat.

    >>> score_round([[5, 30, 47], [12], [9, 21, 26, 40], [8, 44]])
    [12, 12, 0, 36]
    >>> score_round([[9, 21, 26, 40]], floor_zero=False)
    [-16]
    """
    result = []
    for hand in hands:
        value = 2 * max(hand) - sum(hand) if hand else 0
        result.append(max(value, 0) if floor_zero else value)
    return result


def rounds_in_match(players: int, rounds: int | None) -> int:
    """lastcard R2, D16: rounds of a match: the ``rounds`` option, or one per player when ``None``."""
    return rounds if rounds is not None else players


def start_player_of(first_player: int, round_no: int, players: int) -> int:
    """lastcard Setup 1, R3, D4: start player of round ``round_no`` (1-based): ``(first_player + r − 1) mod n``."""
    return (first_player + round_no - 1) % players


def dealer_of(start_player: int, players: int) -> int:
    """lastcard Setup 1, R3: the dealer is the start player's right neighbour (``start − 1 mod n``)."""
    return (start_player - 1) % players


def match_winners(totals: Sequence[int]) -> list[int]:
    """Seats with the highest total, ascending; ties share the win (lastcard R18, D15)."""
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]


def _codes(numbers: Sequence[int]) -> list[str]:
    return [CODE[n] for n in numbers]


class LastCardState(GameState):
    """One ``lastcard`` match at one moment (table plus match record).

    Attributes (beyond the kernel's common ones):
        start: start player of the current round (``zones.start_player``, lastcard R3).
        turn: the seat whose turn it is in phase ``play`` (R6).
        hands, help: per seat, sorted card numbers (R11: help rows are public).
        pile: card numbers **bottom first** (``pile[-1]`` is the top, R7).
        out, set_aside: sorted card numbers removed face down (R9, R10, R13; D3).
        passed: per seat the sorted cards it passed this round, or ``None`` (R5).
        last_move: the last ``play``/``lay`` as ``"<seat>:<token>"`` or ``None`` (a property over
            ``_last``, the pair ``(seat, token)``: a turn stores the pair, a document joins it).
        taken: per seat, cards it took by R9 that are still in its hand. The choice is public
            (R9, D7), so every seat knows where these cards are; :meth:`determinize` keeps them.
            Not part of the document (a loaded state starts without this memory).
    """

    rounds_total: int
    pass_count: int
    hands: list[list[int]]
    help: list[list[int]]
    pile: list[int]
    out: list[int]
    set_aside: list[int]
    passed: list[list[int] | None]
    _last: tuple[int, str] | None
    taken: list[list[int]]
    start: int
    turn: int

    @classmethod
    def fresh(cls, game: Game, players: int, options: dict[str, Any], rng: random.Random) -> LastCardState:
        """A match of ``players`` before its first deal (options already validated). States are built
        blank and filled in, here and in :meth:`clone` (a compiled class has no ``__new__`` bypass)."""
        state = cls()
        start = start_player_of(options["first_player"], 1, players)
        state.start_match(game, players, options, rng, PASS, dealer_of(start, players))
        state.rounds_total = rounds_in_match(players, options["rounds"])  # R2, D16
        state.pass_count = options["pass_cards"]
        state.start = state.turn = start
        state.hands = [[] for _ in range(players)]
        state.help = [[] for _ in range(players)]
        state.pile = []
        state.out = []
        state.set_aside = []
        state.passed = [None] * players
        state._last = None
        state.taken = [[] for _ in range(players)]
        return state

    @property
    def last_move(self) -> str | None:
        """The last ``play``/``lay`` as ``"<seat>:<token>"`` (spec schema ``zones.last_move``), or ``None``."""
        return None if self._last is None else f"{self._last[0]}:{self._last[1]}"

    # ------------------------------------------------------------------ setup (R3, R4, R5, R17)
    def _deal(self, deck: Sequence[int]) -> None:
        """Deal ``deck`` (top first) for the current round (lastcard R4, Setup steps 3–4).

        The k-th card goes to seat ``(start + k) mod n`` until every seat holds H cards; the rest
        (2 players: 12) goes face down to ``set_aside`` (R1, D3). Then phase ``pass`` (R5), or with
        P = 0 phase ``play`` with the start player to act (D21).
        """
        n = self.players
        dealt = n * C.hand_size(n)
        hands: list[list[int]] = [[] for _ in range(n)]
        for j in range(n):  # seat start + j gets cards j, j + n, j + 2n … of the dealt part
            hands[(self.start + j) % n] = sorted(deck[j:dealt:n])
        self.hands = hands
        self.set_aside = sorted(deck[dealt:])
        self.help = [[] for _ in range(n)]
        self.pile = []
        self.out = []
        self.passed = [None] * n
        self._last = None
        self.taken = [[] for _ in range(n)]
        self.turn = self.start
        self.phase = PASS if self.pass_count else PLAY

    def _next_round(self) -> None:
        """The ``deal`` token (lastcard R17, D4, D17): next round, start moves left, shuffle, deal."""
        self.round += 1
        self.start = (self.start + 1) % self.players
        self.dealer = dealer_of(self.start, self.players)  # R3: the previous start player
        deck = list(range(1, C.highest_card(self.players) + 1))
        shuffle(self.rng, deck)  # R4: all cards in play, shuffled by the match generator
        self._deal(deck)

    # ------------------------------------------------------------------ decisions
    def to_act(self) -> list[int]:
        """Seats with an open decision (spec *Decisions and tokens*, ``to_act``).

        ``pass``: seats that have not passed, ascending (R5); ``play``: the seat whose turn it is
        (R6); ``round_over``: the next dealer = this round's start player (R17); ``game_over``: none.
        """
        if self.phase == PLAY:
            return [self.turn]
        if self.phase == PASS:
            return [s for s in range(self.players) if self.passed[s] is None]
        if self.phase == ROUND_OVER:
            return [self.start]
        return []

    def _legal(self, seat: int) -> list[str]:
        """Legal tokens of ``seat`` in the spec's display order: :func:`.fast.listing`, exactly the
        tokens :meth:`_violation` accepts."""
        return fast.listing(self, seat)

    def _draw(self, seat: int, rng: random.Random) -> str | None:
        """A uniform draw among the legal tokens without listing them: :func:`.fast.draw`."""
        return fast.draw(self, seat, rng)

    def _violation(self, seat: int, token: str) -> IllegalAction | None:
        """``None`` if ``token`` is legal for ``seat``, else the error naming the broken rule.

        The game's one legality check (lastcard R19), behind :meth:`is_legal` and :meth:`apply`'s
        error; :mod:`.fast` lists and draws exactly the tokens it accepts (``tests/test_legality.py``). Rules named:
        R5 (passing), R6 (out of turn), R7 (empty pile: only R8), R8, R9, R10, R11 (another seat's
        help card), R17 (deal), R18 (match over), R19 (not written in the notation: a
        :class:`~kartentisch.kernel.errors.MalformedToken` from :func:`.notation.parse`).
        """

        def bad(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(f"lastcard {rule}", reason, seat=seat, token=token)

        try:
            move = parse(token)
        except MalformedToken as exc:  # R19: not written in the notation; say which seat tried it
            return MalformedToken(exc.rule, exc.reason, seat=seat, token=token)
        if self.phase == GAME_OVER:
            return bad("R18", "the match is over; nobody has a decision")
        if self.phase == PASS:
            if not isinstance(move, Pass):
                return bad("R5", "every seat first passes cards to its right neighbour (phase pass)")
            return self._pass_violation(seat, move.cards, bad)
        if self.phase == ROUND_OVER:
            if not isinstance(move, Deal):
                return bad("R17", f"the round is over; seat {self.start} deals the next round with 'deal'")
            if seat != self.start:
                return bad("R17", f"only seat {self.start}, the next round's dealer, deals")
            return None
        # phase play
        if isinstance(move, Pass):
            return bad("R5", "passing is over for this round")
        if isinstance(move, Deal):
            return bad("R17", "'deal' is only given once a round is over")
        if seat != self.turn:
            return bad("R6", f"it is seat {self.turn}'s turn; only the seat in to_act may act")
        if isinstance(move, Lay):
            return self._lay_violation(seat, move.card, move.take, bad)
        if isinstance(move, Play):
            return self._play_violation(seat, move.card, bad)
        return self._help_violation(seat, move.card, move.helpers, bad)

    def _pass_violation(self, seat: int, nums: Sequence[int], bad: Any) -> IllegalAction | None:
        """lastcard R5 (D5, D20): exactly P distinct own cards, strictly ascending, once per round."""
        if self.passed[seat] is not None:
            return bad("R5", "this seat has already passed this round")
        p = self.pass_count
        if len(nums) != p:
            return bad("R5", f"pass exactly {p} cards, e.g. pass:{':'.join(['a', 'b', 'c'][:p])}")
        if any(a >= b for a, b in zip(nums, nums[1:], strict=False)):
            return bad("R5", "list the passed cards once each, strictly ascending (D20)")
        hand = self.hands[seat]
        for c in nums:
            if c not in hand:
                return bad("R5", f"card {c} is not in your hand")
        return None

    def _play_violation(self, seat: int, c: int, bad: Any) -> IllegalAction | None:
        """lastcard R8: ``play:c`` needs ``c`` in hand and an empty pile or ``c`` above the top."""
        if c not in self.hands[seat]:
            return bad("R8", f"card {c} is not in your hand")
        if self.pile and c < self.pile[-1]:
            return bad("R8", f"{c} is not higher than the top {self.pile[-1]}; a lower card needs help cards "
                             "(R10, play:c:h…) or is laid as a help card (R9, lay:c:t)")
        return None

    def _help_violation(self, seat: int, c: int, hs: Sequence[int], bad: Any) -> IllegalAction | None:
        """lastcard R10 (D8–D10, R11): ``play:c:h…`` with ``c`` < top and ``c + Σh`` > top."""
        if not self.pile:
            return bad("R7", "the pile is empty: start it with any hand card alone (play:c, R8)")
        top = self.pile[-1]
        if c not in self.hands[seat]:
            return bad("R10", f"card {c} is not in your hand")
        if c > top:
            return bad("R10", f"{c} is higher than the top {top}: play it alone (R8, D8)")
        if any(a >= b for a, b in zip(hs, hs[1:], strict=False)):
            return bad("R10", "list the help cards once each, strictly ascending (D20)")
        own = self.help[seat]
        for h in hs:
            if h not in own:
                if any(h in row for row in self.help):
                    return bad("R11", f"help card {h} belongs to another seat; only its owner may use it")
                return bad("R10", f"{h} is not in your help row")
        if c + sum(hs) <= top:
            return bad("R10", f"{c} + {' + '.join(map(str, hs))} = {c + sum(hs)} is not higher than "
                              f"the top {top} (D9)")
        return None

    def _lay_violation(self, seat: int, c: int, t: int, bad: Any) -> IllegalAction | None:
        """lastcard R9 (D6, D7): ``lay:c:t`` needs a pile, ``c`` in hand below the top, ``t`` on the pile."""
        if not self.pile:
            return bad("R7", "the pile is empty: start it with any hand card (play:c, R8); no help card now (D6)")
        top = self.pile[-1]
        if c not in self.hands[seat]:
            return bad("R9", f"card {c} is not in your hand")
        if c > top:
            return bad("R9", f"only a card lower than the top {top} becomes a help card (D6)")
        if t not in self.pile:
            return bad("R9", f"card {t} is not in the pile")
        return None

    # ------------------------------------------------------------------ effects
    def _apply(self, seat: int, token: str) -> None:
        """Apply a legal token: R5 (pass), R8/R10 (play), R9 (lay), R17 (deal); then R15 for play/lay."""
        move = parse(token)
        hand = self.hands[seat]
        # ``type(…) is`` tests, the turns first: this runs once per decision
        if type(move) is Lay:
            self._apply_lay(seat, move.card, move.take)
        elif type(move) is Play or type(move) is HelpPlay:
            c = move.card
            hand.remove(c)
            if c in self.taken[seat]:
                self.taken[seat].remove(c)
            if type(move) is HelpPlay:
                for h in move.helpers:  # R10: the chosen help cards go face down to out; unchosen stay
                    self.help[seat].remove(h)
                    insort(self.out, h)
            self.pile.append(c)  # R8/R10, D11: the top is now c's own number
        elif type(move) is Pass:
            self._apply_pass(seat, move.cards)
            return
        else:
            self._next_round()  # deal (R17)
            return
        self._last = (seat, token)
        if len(hand) == 1:  # R15, D12: only the acting seat is tested
            self._end_round()
        else:
            self.turn = (seat + 1) % self.players  # R6: clockwise

    def _apply_pass(self, seat: int, nums: Sequence[int]) -> None:
        """lastcard R5: the chosen cards leave the hand at once; when the last seat has chosen, each
        seat's cards go to its right neighbour ``(s − 1) mod n`` and the start player leads."""
        hand = self.hands[seat]
        for c in nums:
            hand.remove(c)
        self.passed[seat] = list(nums)
        if any(p is None for p in self.passed):
            return
        n = self.players
        for s, cards in enumerate(self.passed):
            receiver = self.hands[(s - 1) % n]
            receiver.extend(cards or ())
            receiver.sort()
        self.phase = PLAY
        self.turn = self.start

    def _apply_lay(self, seat: int, c: int, t: int) -> None:
        """lastcard R9 (D7): ``c`` joins the help row, ``t`` joins the hand, the rest of the pile
        goes face down to ``out``; the pile is empty (R7)."""
        hand = self.hands[seat]
        hand.remove(c)
        if c in self.taken[seat]:
            self.taken[seat].remove(c)
        insort(self.help[seat], c)
        self.pile.remove(t)
        insort(hand, t)
        self.taken[seat].append(t)
        self.out.extend(self.pile)
        self.out.sort()
        self.pile = []

    def _end_round(self) -> None:
        """lastcard R16–R18: score the round, then ``round_over`` (dealer to act) or ``game_over``."""
        row = score_round(self.hands, self.options["floor_zero"])
        self.scores.append(row)
        self.totals = [t + r for t, r in zip(self.totals, row, strict=True)]
        if self.round >= self.rounds_total:
            self.phase = GAME_OVER
            self.winners = match_winners(self.totals)
        else:
            self.phase = ROUND_OVER

    def round_score_now(self) -> list[int]:
        """lastcard R16 if the round ended now (kernel hook for search): every seat's highest hand card minus the
        sum of its other hand cards, floored at 0 with ``floor_zero``; after a round end, that round's scores.

        Decision (R16 scores a finished round only): during the pass (R5) a card a seat has passed counts in its
        receiver's hand, ``(s − 1) mod n``, where it will be once every seat has chosen.
        """
        hands = [list(h) for h in self.hands]
        if self.phase == PASS:
            for s, cards in enumerate(self.passed):
                hands[(s - 1) % self.players] += cards or ()
        return score_round(hands, self.options["floor_zero"])

    # ------------------------------------------------------------------ documents and views
    def to_doc(self) -> dict[str, Any]:
        """The full state document (spec *State document*): common fields plus ``zones``."""
        pile = self.pile[::-1]
        return self.common_doc({
            "start_player": self.start,
            "hands": [_codes(h) for h in self.hands],
            "help": [_codes(h) for h in self.help],
            "pile": _codes(pile),
            "pile_top": CODE[pile[0]] if pile else None,
            "out": _codes(self.out),
            "set_aside": _codes(self.set_aside),
            "passed": [None if p is None else _codes(p) for p in self.passed],
            "last_move": self.last_move,
        })

    def view(self, seat: int | None) -> dict[str, Any]:
        """The document as ``seat`` sees it (``None``: a spectator), spec *Seat view*, R14, D18.

        Other seats' hands become ``"?"`` lists of their size (all hands are shown in phases
        ``round_over``/``game_over``); ``set_aside`` and ``out`` are all ``"?"``; ``passed[s]`` is
        shown to s itself, and to its right neighbour once passing is complete, else P × ``"?"``.
        Help rows, pile, scores and ``last_move`` are public.
        """
        doc = self.to_doc()
        zones = doc["zones"]
        n = self.players
        if self.phase not in (ROUND_OVER, GAME_OVER):
            zones["hands"] = [h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(zones["hands"])]
        zones["set_aside"] = [HIDDEN] * len(self.set_aside)
        zones["out"] = [HIDDEN] * len(self.out)
        complete = self.phase != PASS
        zones["passed"] = [
            p if p is None or s == seat or (complete and seat == (s - 1) % n) else [HIDDEN] * len(p)
            for s, p in enumerate(zones["passed"])
        ]
        return doc

    def public_token(self, seat: int, token: str, viewer: int | None) -> str:
        """``token`` as ``viewer`` may read it in a move log: passed cards stay hidden (R5).

        Decision: a log shows ``pass:?:?:?`` to everyone but the passer; the receiver reads its
        received cards in ``passed`` of its view once passing is complete.
        """
        if viewer != seat:
            move = parse(token)
            if isinstance(move, Pass):
                return str(HiddenPass(len(move.cards)))
        return token

    def clone(self) -> LastCardState:
        """An independent copy (lists copied by hand, the generator shared lazily)."""
        new = LastCardState()
        self.copy_common(new)
        new.rounds_total = self.rounds_total
        new.pass_count = self.pass_count
        new.start = self.start
        new.turn = self.turn
        new.hands = [h[:] for h in self.hands]
        new.help = [h[:] for h in self.help]
        new.pile = self.pile[:]
        new.out = self.out[:]
        new.set_aside = self.set_aside[:]
        new.passed = [None if p is None else p[:] for p in self.passed]
        new._last = self._last
        new.taken = [t[:] for t in self.taken]
        return new

    def _hidden_places(self, seat: int) -> list[tuple[list[int], list[int]]]:
        """The places of this state that :meth:`_determinize` refills for ``seat``, each with the cards
        that stay in it: other seats' hands (not after the round ends), ``set_aside``, and in phase
        ``pass`` the other seats' passed cards in transit. Cards stay that ``seat`` knows the place of:
        cards taken publicly by R9 (D7), and in phase ``play`` the cards ``seat`` passed to its right
        neighbour that are still in that hand (R5)."""
        n = self.players
        places: list[tuple[list[int], list[int]]] = []
        if self.phase in (PASS, PLAY):
            mine = self.passed[seat]
            for s in range(n):
                if s == seat:
                    continue
                placed = set(self.taken[s])
                if self.phase == PLAY and s == (seat - 1) % n and mine is not None:
                    placed.update(mine)
                hand = self.hands[s]
                places.append((hand, [c for c in hand if c in placed]))
                passed = self.passed[s]
                if self.phase == PASS and passed is not None:
                    places.append((passed, []))
        places.append((self.set_aside, []))
        return places

    def known_hidden(self, seat: int) -> Counter[str]:
        """Cards ``view(seat)`` hides whose place ``seat`` knows (kernel hook): ``out`` (every card in it
        was face up before, D3), the cards that stay in :meth:`_hidden_places`, and, when the other
        cards hidden from ``seat`` have one place only to be in, those (by elimination)."""
        places = self._hidden_places(seat)
        known = list(self.out)
        for _, stay in places:
            known += stay
        free = [place for place, stay in places if len(place) > len(stay)]
        if len(free) == 1:
            known = list(self.out) + [c for place, _ in places for c in place]
        return Counter(CODE[c] for c in known)

    def _determinize(self, seat: int, rng: random.Random) -> LastCardState:
        """A clone in which every card hidden from ``seat`` is re-dealt at random (kernel contract).

        The places of :meth:`_hidden_places` are refilled from their pooled cards, the cards ``seat``
        knows staying put. Decision: ``out`` is not re-dealt: every card in it was face up before
        (pile cards, help cards), so an attentive seat knows it. Place sizes are kept, so
        ``result.view(seat) == self.view(seat)``.

        After passing, ``passed[s]`` is a record (no rule reads it) of what s gave its right
        neighbour r, hidden from seats other than s and r; it is drawn again (issue 31) as a sample of
        the cards r holds or has laid in its help row, or, when those are no more than the record
        (r has played the rest away), of those and the cards in ``pile``, ``out`` and every hand; so
        no sample keeps another pair's real passed cards, and none is the same in every sample.
        """
        new = self.clone()
        n = self.players
        places = new._hidden_places(seat)
        pool: list[int] = []
        for cards, stay in places:
            pool.extend(c for c in cards if c not in stay)
        sort_shuffle(rng, pool)
        for cards, stay in places:
            free = len(cards) - len(stay)
            cards[:] = sorted(stay + pool[:free])
            del pool[:free]
        if self.phase != PASS:
            for s, record in enumerate(new.passed):
                r = (s - 1) % n
                if record is not None and seat not in (s, r):
                    held = sorted({*new.hands[r], *new.help[r]})
                    if len(held) <= len(record):
                        held = sorted({*held, *new.pile, *new.out, *(c for h in new.hands for c in h)})
                    new.passed[s] = sorted(sample(rng, held, len(record)))
        return new

    def cards(self) -> Counter[str]:
        """Every card in every zone (passed cards count only while in transit, phase ``pass``)."""
        numbers: list[int] = self.pile + self.out + self.set_aside
        for s in range(self.players):
            numbers += self.hands[s] + self.help[s]
            passed = self.passed[s]
            if self.phase == PASS and passed is not None:
                numbers += passed
        return Counter(CODE[c] for c in numbers)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may be interpreted Python
class LastCardGame(Game):
    """``lastcard``: metadata, options, setup (R1–R4) and explicit-state loading; its words are in
    :mod:`.words`, found by the kernel as the game's words part."""

    id = "lastcard"
    names = {"en": "Last Card", "de": "Letzte Karte"}  # D1
    min_players = 2
    max_players = 6
    score_sign = 1  # lastcard R18: the highest total wins
    # a seat scores 0 … 36 a round
    search = SearchTuning(reward="margin", rollout="heuristic", margin_scale=30, coach_iterations=3000)
    options: ClassVar[Sequence[Option]] = (
        seat_option("first_player", 0, label={"en": "Start player", "de": "Startspieler"}, rule="lastcard R3", help={
            "en": "Who starts the first round; the role moves one seat to the left every round.",
            "de": "Wer die erste Runde beginnt; danach wandert die Rolle jede Runde einen Platz nach links."}),
        rounds_option("rounds", None, nullable=True, label={"en": "Rounds", "de": "Runden"},
                   rule="lastcard R2", help={
            "en": "How many rounds the match has; empty: one round per player.",
            "de": "Wie viele Runden die Partie hat; leer: eine Runde pro Spieler."},
            null_words={"en": "one round per player", "de": "eine Runde pro Spieler"}),  # R2
        int_option("pass_cards", 3, minimum=0, maximum=3, label={"en": "Cards to pass", "de": "Karten weitergeben"},
                   rule="lastcard R5", help={
            "en": "How many cards everyone passes to the right neighbour before the first turn; 0: no passing.",
            "de": "Wie viele Karten jeder vor dem ersten Zug an den rechten Nachbarn gibt; 0: kein Weitergeben."}),
        bool_option("floor_zero", True, label={"en": "No negative results", "de": "Keine Minuspunkte"},
                    rule="lastcard R16", help={
            "en": "A round result below 0 counts as 0.",
            "de": "Ein Rundenergebnis unter 0 zählt als 0."}),
    )

    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The cards in play in canonical order (lastcard R1); options do not change them."""
        return C.deck(players)

    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> LastCardState:
        """Round 1 (lastcard R3, R4, D19): the stacked ``deck`` (top first) or a shuffle of the cards in play.

        Raises:
            InvalidState: ``deck`` is not exactly the cards in play, each once (D19).
        """
        state = LastCardState.fresh(self, players, options, rng)
        if deck is None:
            order = list(range(1, C.highest_card(players) + 1))
            shuffle(rng, order)
        else:
            in_play = C.deck(players)
            given: list[object] = list(deck)  # the caller's cards: any values until checked (D19)
            require(all(isinstance(c, str) for c in given) and sorted(deck, key=lambda c: NUMBER.get(c, 0)) == in_play,
                    f"lastcard D19: a stacked deck holds exactly the cards in play with {players} players, "
                    f"'1' … '{C.highest_card(players)}', each once")
            order = [NUMBER[c] for c in deck]
        state._deal(order)
        return state

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The rule-based ``heuristic`` bot (see :class:`kartentisch.games.lastcard.bot.HeuristicBot`)."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)

    # ------------------------------------------------------------------ loading
    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any], rng: random.Random) -> LastCardState:
        """Build a state from an explicit document, validating it as the spec's *Explicit states* says.

        Raises:
            InvalidState: naming the first violation; nothing is loaded.
        """
        return _Loader(self, doc, players, options, rng).build()


_TOP_KEYS: Final = {"game", "players", "options", "round", "dealer", "to_act", "phase", "scores", "totals",
             "game_over", "winners", "zones"}
_ZONE_KEYS: Final = {"start_player", "hands", "help", "pile", "pile_top", "out", "set_aside", "passed", "last_move"}


class _Loader:
    """Validation of an explicit state document (spec *State document*, *Explicit states*)."""

    def __init__(self, game: LastCardGame, doc: dict[str, Any], players: int, options: dict[str, Any],
                 rng: random.Random) -> None:
        self.game, self.doc, self.n, self.options, self.rng = game, doc, players, options, rng
        self.highest = C.highest_card(players)

    def fail(self, message: str) -> InvalidState:
        return InvalidState(f"lastcard load: {message}")

    def cards(self, value: Any, where: str) -> list[int]:
        """A list of card codes in play, distinct within the list, as numbers."""
        if not isinstance(value, list):
            raise self.fail(f"{where} must be a list of card codes, not {value!r}")
        numbers = []
        for code in value:
            number = NUMBER.get(code, 0) if isinstance(code, str) else 0
            if not number:
                raise self.fail(f"{where}: {code!r} is not a card code ('1' … '60', a string without leading zeros)")
            if number > self.highest:
                raise self.fail(f"{where}: card {code} is not in play with {self.n} players "
                                f"('1' … '{self.highest}', R1)")
            numbers.append(number)
        if len(set(numbers)) != len(numbers):
            raise self.fail(f"{where}: a card is listed twice")
        return numbers

    def per_seat(self, value: Any, where: str) -> list[Any]:
        """``value`` checked to be a list with one entry per seat."""
        if not isinstance(value, list) or len(value) != self.n:
            raise self.fail(f"{where} must have one entry per seat ({self.n})")
        return value

    def seat_cards(self, value: Any, where: str) -> list[list[int]]:
        """One card list per seat (hands, help rows)."""
        return [self.cards(v, f"{where}[{s}]") for s, v in enumerate(self.per_seat(value, where))]

    def start_player(self, zones: dict[str, Any]) -> int:
        """The zones' ``start_player`` (a seat), once no zone is unknown and the required ones are there."""
        unknown = sorted(set(zones) - _ZONE_KEYS)
        if unknown:
            raise self.fail(f"unknown zone {unknown[0]!r}")
        for key in ("start_player", "hands", "help", "pile"):
            if key not in zones:
                raise self.fail(f"required zone {key!r} is missing")
        start = zones["start_player"]
        if not is_int(start) or not 0 <= start < self.n:
            raise self.fail(f"start_player must be a seat 0 … {self.n - 1}, not {start!r}")
        return int(start)

    def build(self) -> LastCardState:
        doc, n = self.doc, self.n
        unknown = sorted(set(doc) - _TOP_KEYS)
        if unknown:
            raise self.fail(f"unknown field {unknown[0]!r}")
        if "game" not in doc:
            raise self.fail("required field 'game' is missing")
        raw: Any = doc.get("zones")
        # Not an object (or missing): load_common says so before it asks for the dealer.
        start = self.start_player(raw) if isinstance(raw, dict) else 0

        state = LastCardState.fresh(self.game, n, self.options, self.rng)
        rounds = state.rounds_total
        p = state.pass_count
        common = self.game.load_common(
            doc, n, phases=PHASES, winners=lambda scores, totals: match_winners(totals),
            dealer=lambda rnd: dealer_of(start, n), last_round=rounds, scores_per_round=True,
            optional={"dealer": None, "scores": [], "totals": None, "game_over": None, "winners": None},
            rules={"round": "lastcard R2", "dealer": "lastcard R3", "winners": "lastcard R18"})
        zones, phase, rnd, to_act = common.zones, common.phase, common.round, common.to_act
        assert to_act is not None  # required: load_common raises when it is missing

        hands = self.seat_cards(zones["hands"], "hands")
        helps = self.seat_cards(zones["help"], "help")
        pile = self.cards(zones["pile"], "pile")  # top first, kept as given
        out = self.cards(zones.get("out", []), "out")
        set_aside = self.cards(zones.get("set_aside", []), "set_aside")
        passed: list[list[int] | None] = [
            None if v is None else self.cards(v, f"passed[{s}]")
            for s, v in enumerate(self.per_seat(zones.get("passed", [None] * n), "passed"))]
        if "pile_top" in zones:
            derived = CODE[pile[0]] if pile else None
            if zones["pile_top"] != derived:
                raise self.fail(f"pile_top must be the pile's first card {derived!r}, not {zones['pile_top']!r}")

        # Every card at most once (R1, *Explicit states*); passed cards count only in transit.
        seen: dict[int, str] = {}
        places: list[tuple[str, list[int] | None]] = [(f"hands[{s}]", h) for s, h in enumerate(hands)]
        places += [(f"help[{s}]", h) for s, h in enumerate(helps)]
        places += [("pile", pile), ("out", out), ("set_aside", set_aside)]
        for s, cards in enumerate(passed):
            if cards is not None and len(cards) != p:
                raise self.fail(f"passed[{s}] must hold exactly pass_cards = {p} cards or be null (lastcard R5)")
            if phase == PASS:
                places.append((f"passed[{s}] (in transit)", cards))
        for where, cards in places:
            for c in cards or ():
                if c in seen:
                    raise self.fail(f"card {c} appears in both {seen[c]} and {where}")
                seen[c] = where

        # Phase and to_act (spec *Explicit states*).
        if phase == PASS:
            waiting = [s for s in range(n) if passed[s] is None]
            if p < 1:
                raise self.fail("phase pass needs pass_cards ≥ 1 (lastcard R5)")
            if not waiting or to_act != waiting:
                raise self.fail(f"in phase pass to_act must be the seats that have not passed, ascending "
                                f"(here {waiting}), at least one (lastcard R5), not {to_act!r}")
            for s in waiting:
                if len(hands[s]) < p:
                    raise self.fail(f"seat {s} must hold at least {p} cards to pass (lastcard R5)")
        elif phase == PLAY:
            if len(to_act) != 1:
                raise self.fail(f"in phase play to_act must be exactly one seat (lastcard R6), not {to_act!r}")
            for s, h in enumerate(hands):
                if len(h) < 2:
                    raise self.fail(f"in phase play every hand holds at least 2 cards; seat {s} holds {len(h)} "
                                    "(lastcard R15)")
        elif phase == ROUND_OVER:
            if rnd >= rounds:
                raise self.fail(f"phase round_over needs a round below the number of rounds {rounds} (lastcard R17)")
            if to_act != [start]:
                raise self.fail(f"in phase round_over to_act must be [{start}], the start player (lastcard R17), "
                                f"not {to_act!r}")
        else:
            if rnd != rounds:
                raise self.fail(f"phase game_over needs round = the number of rounds {rounds} (lastcard R18)")
            if to_act != []:
                raise self.fail(f"in phase game_over to_act must be empty (lastcard R18), not {to_act!r}")

        last_move = zones.get("last_move")
        last = None if last_move is None else self.check_last_move(last_move)

        common.set_on(state)
        state.start = start
        state.turn = to_act[0] if phase == PLAY else start
        state.hands = [sorted(h) for h in hands]
        state.help = [sorted(h) for h in helps]
        state.pile = pile[::-1]
        state.out = sorted(out)
        state.set_aside = sorted(set_aside)
        state.passed = [None if c is None else sorted(c) for c in passed]
        state._last = last
        return state

    def check_last_move(self, last_move: Any) -> tuple[int, str]:
        """``last_move`` ``"<seat>:<play or lay token>"`` (spec schema) as ``(seat, token)``.

        Raises:
            InvalidState: not a canonical seat number, or not a well-formed play or lay token.
        """
        seat_text, _, token = last_move.partition(":") if isinstance(last_move, str) else ("", "", "")
        try:
            move = parse(token)
        except MalformedToken:
            move = None
        if seat_text not in [str(seat) for seat in range(self.n)] or not isinstance(move, Play | HelpPlay | Lay):
            raise self.fail(f"last_move {last_move!r} must be null or '<seat>:<play or lay token>'")
        return int(seat_text), token
