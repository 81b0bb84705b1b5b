"""Rules of ``mayhem`` (Kartenchaos) exactly as ``shared/rules/mayhem.md`` specifies.

Every rule (S*, R*) and decision (D*) has one place, named in its docstring or comment: the turn,
the round, the documents, loading and the game here; the table's zones, the end of an effect and
the checkpoint in :mod:`.table`; cards and matching (R3) in :mod:`.matching`; attacks and reactions
(R20–R22, R31) in :mod:`.attacks`; events (R40–R63) in :mod:`.events`. :class:`MayhemState` is the
table with those three parts mixed in. The state is plain lists; ``pending`` is a small JSON-able
dict (the spec's ``pending`` field) that holds everything needed to resume an open attack part,
event or reaction window:

* ``{"type": "start", "card": c}`` — phase ``start``, the dealer gives the start card's arguments (R36).
* ``{"type": "attack", "kind": k, "source": s, "target": t, "cards": [...], "draws": d,
  "queue": [[s, t, d], ...]}`` — phase ``counter``, the open attack part and the parts still to come (R20–R22).
* ``{"type": "nicetry", "asked": [...]}`` — phase ``nicetry``, the seats still asked (R31).
* ``{"type": "event", "event": e, "initiator": i, ...}`` — an event while it resolves (R40); with
  ``picker`` for Market (R52), with ``quota`` (per seat) and ``chosen`` (per seat: cards, or
  ``"card:seat"`` for gifts) for Recession, Surprise Party, Merry Christmas and Gambler (R43),
  Gambler adding ``drawers`` for the published variant (R50).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ...kernel.errors import IllegalAction, MalformedToken
from ...kernel.game import (
    GAME_OVER,
    ROUND_OVER,
    Bot,
    Game,
    SearchTuning,
    is_int,
    require,
)
from ...kernel.options import choice_option, seat_option, target_option
from ...kernel.rng import sample, shuffle, sort_shuffle
from . import fast
from .cards import (
    CODES,
    COLOR,
    COLORS,
    EVENT_POS,
    EVENTS,
    KIND,
    PLAY_DECK,
    POS,
    SCORE,
    WISHES,
    order_from,
    sort_cards,
)
from .events import Events
from .matching import PLAIN_PLAYS, card_matches
from .notation import (
    KIND_SHAPE,
    NO_EFFECT,
    Bet,
    Counterattack,
    Deal,
    Discard,
    Draw,
    Effect,
    Give,
    Move,
    NiceTry,
    Pass,
    Pick,
    Play,
    Start,
    chosen_card,
    chosen_entry,
    parse,
)
from .table import (
    AFTER_DRAW,
    CHANCE,
    CHOICE_PHASES,
    CHRISTMAS,
    COUNTER,
    GAMBLE,
    HAND_SIZE,
    ID,
    MARKET,
    NICETRY,
    PARTY,
    PLAY,
    RECESSION,
    START,
    copy_json,
)

#: S1 point limits: (2–4 players, 5–8 players) per game length.
POINT_LIMITS: Final = {"short": (137, 113), "medium": (154, 137), "long": (179, 154)}
#: What no ``point_limit`` means (S1): the limit of the match length, by the player count.
_LIMIT_BY_LENGTH: Final = {
    lang: text.format(*(POINT_LIMITS[k][i] for i in (0, 1) for k in ("short", "medium", "long")))
    for lang, text in (("en", "by the match length: short {}, medium {}, long {} points with 2 to 4 players, {}, {}, "
                              "{} with 5 to 8"),
                       ("de", "nach der Spieldauer: kurz {}, mittel {}, lang {} Punkte bei 2 bis 4 Spielern, {}, {}, "
                              "{} bei 5 bis 8"))
}
DOOMSDAY_SCORE: Final = 50  # R46
#: The one ``fy`` (R19): a Gift/Exchange never names it.
FY: Final = frozenset(("fy",))

PHASES: Final = (PLAY, AFTER_DRAW, CHANCE, START, COUNTER, NICETRY, MARKET, RECESSION, PARTY, CHRISTMAS, GAMBLE,
          ROUND_OVER, GAME_OVER)
#: The rule that governs who decides in each phase (used by error messages).
PHASE_RULE: Final = {PLAY: "R2", AFTER_DRAW: "R2", CHANCE: "R8", START: "R36", COUNTER: "R21", NICETRY: "R31",
              MARKET: "R52", RECESSION: "R56", PARTY: "R58", CHRISTMAS: "R54", GAMBLE: "R50",
              ROUND_OVER: "R72", GAME_OVER: "R71"}
#: Verbs a phase accepts (spec table *Decisions and tokens*).
PHASE_VERBS: Final = {PLAY: ("play", "draw"), AFTER_DRAW: ("play", "pass"), CHANCE: ("play", "draw"), START: ("start",),
               COUNTER: ("pass", "counter"), NICETRY: ("pass", "nicetry"), MARKET: ("pick",),
               RECESSION: ("discard",), PARTY: ("give",), CHRISTMAS: ("give",), GAMBLE: ("bet",),
               ROUND_OVER: ("deal",), GAME_OVER: ()}

# ----------------------------------------------------------------------------- pure helpers
def score_round(hands: Sequence[Sequence[str]], doomsday: bool = False) -> list[int]:
    """Round scores (mayhem R70, R46): per seat the sum of its hand's score values.

    Args:
        hands: one list of card codes per seat (what is left on the table at round end).
        doomsday: the round ended by Doomsday (R46): every seat scores 50, hands are not counted.
    Returns:
        One score per seat. Raises KeyError for an unknown card code.
    """
    if doomsday:
        return [DOOMSDAY_SCORE] * len(hands)
    return [sum(SCORE[c] for c in hand) for hand in hands]


def next_dealer(round_scores: Sequence[int], previous_dealer: int) -> int:
    """Next dealer (mayhem R72, D4): highest round score; ties to the earliest in order from the previous dealer."""
    best = max(round_scores)
    return next(s for s in order_from(previous_dealer, len(round_scores)) if round_scores[s] == best)


def match_winners(totals: Sequence[int], limit: int) -> list[int] | None:
    """Winners if the match is over (mayhem R71, D34), else None.

    The match ends once a total is strictly above ``limit``; every seat with the lowest total wins.
    """
    if max(totals) <= limit:
        return None
    low = min(totals)
    return [s for s, t in enumerate(totals) if t == low]


def point_limit(players: int, options: Mapping[str, Any]) -> int:
    """The match's point limit (mayhem S1): ``point_limit`` if set, else by ``game_length`` and player count."""
    if options.get("point_limit") is not None:
        return int(options["point_limit"])
    short_table, long_table = POINT_LIMITS[options.get("game_length", "medium")]
    return short_table if players <= 4 else long_table


# ----------------------------------------------------------------------------- state
class MayhemState(Events):
    """A ``mayhem`` match at one moment (spec *State document*; the zones are :class:`~.table.Table`'s).

    Here: the listing and applying of tokens, a played card's effect (R4–R19), the round and the
    match (R70–R72, S3–S5), errors, documents and copies; R3 matching, attacks and events come
    from the parts it extends.
    """

    @classmethod
    def fresh(cls, game: Game, players: int, options: dict[str, Any], rng: random.Random) -> MayhemState:
        """A match of ``players`` before its first deal (options already validated). States are built
        blank and filled in, here and in :meth:`clone` (a compiled class has no ``__new__`` bypass)."""
        state = cls()
        state.start_match(game, players, options, rng, PLAY, options.get("first_dealer", 0))
        state.hands = [[] for _ in range(players)]
        state.draw, state.discard, state.event_pile, state.events_used, state.market = [], [], [], [], []
        state.skipped = [False] * players
        state.wish = state.last_color = None
        state.current = state.dealer
        state.face_up = state.exhausted = False
        state.revealed = state.gamble = state.pending = None
        return state

    # ------------------------------------------------------------------ token listing (speed paths: .fast)
    def _legal(self, seat: int) -> list[str]:
        """Legal tokens of ``seat`` in the spec's listing order: :func:`.fast.listing`, exactly the tokens
        :meth:`_violation` accepts (the kernel caches the listing)."""
        return fast.listing(self, seat)

    def _draw(self, seat: int, rng: random.Random) -> str | None:
        """A uniform draw among the legal tokens of ``seat`` without listing them: :func:`.fast.draw`."""
        return fast.draw(self, seat, rng)

    def to_act(self) -> list[int]:
        """Seats with an open decision (ascending; one seat except in R31 and R43 windows)."""
        phase = self.phase
        if phase in (PLAY, AFTER_DRAW, CHANCE, START):
            return [self.current]
        pending = self.pending
        if phase == COUNTER:
            assert pending is not None
            return [pending["target"]]
        if phase == NICETRY:
            assert pending is not None
            return list(pending["asked"])
        if phase == MARKET:
            assert pending is not None
            return [pending["picker"]]
        if phase in CHOICE_PHASES:
            assert pending is not None
            quota, chosen = pending["quota"], pending["chosen"]
            return [s for s in range(self.players) if len(chosen[s]) < quota[s]]
        if phase == ROUND_OVER:
            return [self.dealer]
        return []

    # ------------------------------------------------------------------ applying tokens
    def _apply(self, seat: int, token: str) -> None:
        # The commonest tokens first, without parsing: they are most of every match (random play, search).
        if token == "draw":
            self._draw_token(seat)
            return
        if token == "pass":
            self._pass(seat)
            return
        card = PLAIN_PLAYS.get(token)
        if card is not None:
            self._play(seat, card, NO_EFFECT)
            return
        move = parse(token)
        if isinstance(move, Play):
            self._play(seat, move.card, move.effect)
        elif isinstance(move, Draw):
            self._draw_token(seat)
        elif isinstance(move, Pass):
            self._pass(seat)
        elif isinstance(move, (Give, Discard, Bet)):  # R43
            self._choose(seat, chosen_entry(move))
        elif isinstance(move, Pick):
            self._pick(seat, move.card)
        elif isinstance(move, Counterattack):
            self._counter(seat, move)
        elif isinstance(move, NiceTry):
            self._nicetry(seat, move.wish)
        elif isinstance(move, Start):
            assert self.pending is not None
            card = self.pending["card"]
            self.pending = None
            self._resolve(seat, card, move.effect(KIND[card]))
        else:  # Deal
            self._deal(None)

    def _play(self, seat: int, card: str, effect: Effect) -> None:
        """R4, R5, R19: put the card on the discard pile, then resolve its effect."""
        self.hands[seat].remove(card)
        if card == "fy":  # R19, D19: slid beneath the top card; top and wish stay; no effect
            self.discard.insert(1, card)
            self._after_effect()
            return
        self.discard.insert(0, card)
        self.wish = None  # R4
        color = COLOR[card]
        if color is not None:
            self.last_color = color  # R5
        self._resolve(seat, card, effect)

    def _resolve(self, seat: int, card: str, effect: Effect) -> None:
        """The effect of ``card`` played (or turned up as start card, R36) by ``seat`` with its arguments."""
        kind = KIND[card]
        self.current = seat
        target = effect.target
        if kind in ("black", "troub"):  # R12, R13
            self._event(seat)
        elif kind == "chance":  # R8: the same player must play again
            self.phase = CHANCE
        elif kind in ("gift", "exch", "skip") and target is not None:  # R9, R10, R11
            self._attack(kind, [[seat, target, 0]], list(effect.cards))
        elif kind in ("fant", "four", "equal", "counter", "nicetry"):  # R14–R18: the wish is mandatory
            self.wish = effect.wish
            seats = effect.seats
            if seats:  # R15: a part per named seat (drawing as often as named), by target in order from source
                self._attack(kind, [[seat, t, seats.count(t)] for t in self._order(seat) if t in seats], [])
            elif target is not None:  # R16
                self._attack(kind, [[seat, target, 0]], [])
            else:
                self._after_effect()
        else:  # coloured number card, fy start card, bare Skip (R11: no effect)
            self._after_effect()

    def _draw_token(self, seat: int) -> None:
        """R2, R7, R8: draw one card; from an empty pile this exhausts the round and ends the turn."""
        self._draw_cards(seat, 1)
        if self.exhausted:
            self._after_effect()
        else:
            self.phase = AFTER_DRAW

    def _pass(self, seat: int) -> None:
        phase = self.phase
        if phase == AFTER_DRAW:  # R2
            self._after_effect()
        elif phase == COUNTER:  # R21: the part applies
            assert self.pending is not None
            self._apply_part(self.pending)
            self._next_part()
        else:  # NICETRY, R31: the seat leaves to_act; all passed → round ends
            assert self.pending is not None
            self.pending["asked"].remove(seat)
            if not self.pending["asked"]:
                self._end_round()

    # ------------------------------------------------------------------ round and match (R70–R72, S3–S5)
    def _end_round(self, doomsday: bool = False) -> None:
        """R70–R72: score the round; the match ends above the limit, else the next dealer deals."""
        round_scores = score_round(self.hands, doomsday)
        self.scores.append(round_scores)
        self.totals = [t + s for t, s in zip(self.totals, round_scores, strict=True)]
        self.pending = None
        winners = match_winners(self.totals, point_limit(self.players, self.options))
        if winners is not None:
            self.phase = GAME_OVER
            self.winners = winners
        else:
            self.dealer = next_dealer(round_scores, self.dealer)
            self.phase = ROUND_OVER

    def _deal(self, deck: list[str] | None) -> None:
        """S3–S5, D5: a clean table, a fresh deal (``deck`` stacked, else shuffled), the start card resolved."""
        n = self.players
        if deck is None:
            play = list(PLAY_DECK)
            shuffle(self.rng, play)
            events = list(EVENTS)
            shuffle(self.rng, events)
        else:
            play = [c for c in deck if c not in EVENT_POS]
            events = [c for c in deck if c in EVENT_POS]
            if not events:
                events = list(EVENTS)
                shuffle(self.rng, events)
        if self.phase == ROUND_OVER:
            self.round += 1
        first = self._next(self.dealer)
        self.hands = [[] for _ in range(n)]
        for k in range(HAND_SIZE * n):
            self.hands[(first - k) % n].append(play[k])
        for h in self.hands:
            sort_cards(h)
        start = play[HAND_SIZE * n]
        self.draw = play[HAND_SIZE * n + 1:]
        self.discard = [start]
        self.event_pile, self.events_used, self.market = events, [], []
        self.wish = None
        self.last_color = COLOR[start]  # R5
        self.skipped = [False] * n
        self.face_up = self.exhausted = False
        self.revealed = self.gamble = self.pending = None
        self.current = self.dealer
        self._start_card(start)

    def _start_card(self, card: str) -> None:
        """R36, S5, D6: the start card counts as played by the dealer."""
        kind = KIND[card]
        if kind in ("num", "fy", "black", "troub", "chance"):
            self._resolve(self.dealer, card, NO_EFFECT)
        else:
            self.phase = START
            self.pending = {"type": "start", "card": card}

    # ------------------------------------------------------------------ the one legality check
    def _violation(self, seat: int, token: str) -> IllegalAction | None:
        """``None`` if ``token`` is legal for ``seat`` now, else the error naming the rule it breaks:
        a :class:`MalformedToken` when the notation cannot read it, else the rule of :meth:`_problem`.
        The game's one legality check, behind :meth:`is_legal` and :meth:`apply`'s error;
        :mod:`.fast` lists and draws exactly the tokens it accepts."""
        try:
            move = parse(token)
        except MalformedToken as exc:  # not written as the notation says, whoever sends it now
            return MalformedToken(exc.rule, exc.reason, seat=seat, token=token)
        problem = self._problem(seat, move, token)
        return None if problem is None else IllegalAction(f"{ID} {problem[0]}", problem[1], seat=seat, token=token)

    def _problem(self, seat: int, move: Move, token: str) -> tuple[str, str] | None:
        """``None`` if the well-formed ``move`` (written ``token``) is legal for ``seat`` now, else the
        rule it breaks and why (spec *Decisions and tokens*).

        The seat must be in ``to_act`` and the verb one of its phase's (R2 for ``pass`` before a draw and
        a second ``draw``); then a play as :meth:`_play_problem` says (R2, R3, R9–R18); ``draw`` in
        phase chance only without a legal card (R8, D20); ``pass`` wherever its phase offers it (R2,
        R21, R31); ``start`` with the start card's arguments (R36); a Counterattack held, with its
        wish, target and cards as :meth:`_counter_tokens` states them (R21); a Nice Try held (R31); a
        market card (R52); a card still to choose (R43: R50 bet, R56 discard, R54/R58 give to another
        seat); ``deal`` by the dealer (R72). Decision: the arguments of a card, of a start card and of
        a Counterattack are checked against their own lists of arguments (a handful per card, the
        spec's shapes in listing order), not against a listing of the whole decision.
        """
        phase = self.phase
        if seat not in self.to_act():
            who = self.to_act()
            return PHASE_RULE[phase], f"it is not seat {seat}'s decision in phase {phase} (to act: {who})"
        verb = token.partition(":")[0]  # every move is written "<verb>[:<args>]"
        if verb not in PHASE_VERBS[phase]:
            if verb == "pass" and phase == PLAY:
                return "R2", "pass only after drawing; play a legal card or draw"
            if verb == "draw" and phase == AFTER_DRAW:
                return "R2", "one draw per turn: play a legal card or pass"
            return PHASE_RULE[phase], f"{verb!r} is not a decision of phase {phase}"
        if isinstance(move, Play):
            return self._play_problem(seat, move.card, token)
        if isinstance(move, Draw):  # R2, R7: always, but after a Second Chance only without a legal card
            if phase == CHANCE and self._playable_cards(seat):
                return "R8", "after a Second Chance you may draw only without a legal card"
            return None
        if isinstance(move, (Pass, Deal)):  # R2, R21, R31, R72: the phase offers it (checked above)
            return None
        hand = self.hands[seat]
        if isinstance(move, Start):
            if token in self._effect_tokens(seat, self.discard[0], hand, None, "start"):
                return None
            return "R36", f"the start card's arguments are wrong: {KIND_SHAPE.get(KIND[self.discard[0]], '')}"
        if isinstance(move, Counterattack):
            if "counter" not in hand:
                return "R21", "you hold no Counterattack"
            if token in self._counter_tokens(seat):
                return None
            assert self.pending is not None
            attacker = f"the attacker (seat {self.pending['source']})"
            target = attacker if self.options["counter_target"] == "attacker" else "any other seat"
            return "R21", (f"a Counterattack wishes a colour, targets {target} and, against Gift/Exchange, names "
                           "exactly min(2, E) of your own cards (not fy) in canonical order")
        if isinstance(move, NiceTry):
            return None if "nicetry" in hand else ("R31", "you hold no Nice Try")
        if isinstance(move, Pick):
            return None if move.card in self.market else ("R52", f"pick one of the market cards {self.market}")
        chosen = move.card in self._choice_cards(seat)
        if isinstance(move, Discard):
            return None if chosen else ("R56", "discard a card of your hand not yet chosen")
        if isinstance(move, Give):
            if chosen and move.target in self._others(seat):
                return None
            return "R58" if phase == PARTY else "R54", "give a card of your hand not yet given to another seat"
        if chosen:  # a Bet
            return None
        if self.options["gambling_rule"] == "published":
            return "R50", f"bet a coloured number card of the last colour {self.last_color!r} from your hand"
        return "R50", "bet one card of your hand"

    # ------------------------------------------------------------------ documents
    def to_doc(self) -> dict[str, Any]:
        """The omniscient state document (spec *State document*)."""
        return self.common_doc({
            "hands": [list(h) for h in self.hands], "hand_counts": [len(h) for h in self.hands],
            "draw_pile": list(self.draw), "draw_count": len(self.draw), "draw_face_up": self.face_up,
            "discard": list(self.discard), "wish": self.wish, "last_color": self.last_color,
            "event_pile": list(self.event_pile), "event_count": len(self.event_pile),
            "events_used": list(self.events_used), "current": self.current, "skipped": list(self.skipped),
            "exhausted": self.exhausted, "market": list(self.market),
            "revealed": copy_json(self.revealed), "gamble": copy_json(self.gamble),
            "pending": copy_json(self.pending),
        })

    def view(self, seat: int | None) -> dict[str, Any]:
        """The document as ``seat`` sees it (``None``: spectator): hidden cards are ``"?"`` (spec *Seat view*)."""
        doc = self.to_doc()
        zones = doc["zones"]
        zones["hands"] = [h if s == seat else ["?"] * len(h) for s, h in enumerate(zones["hands"])]
        pile = zones["draw_pile"]
        zones["draw_pile"] = ["?"] * len(pile)
        if self.face_up and pile:
            zones["draw_pile"][0] = pile[0]
        zones["event_pile"] = ["?"] * len(zones["event_pile"])
        pending = zones["pending"]
        if pending is not None:
            if pending["type"] == "attack" and pending["source"] != seat:
                pending["cards"] = ["?"] * len(pending["cards"])
            if "chosen" in pending:  # Decision: another seat's whole choice (card and recipient) is one "?"
                pending["chosen"] = [c if s == seat else ["?"] * len(c) for s, c in enumerate(pending["chosen"])]
        return doc

    def public_token(self, seat: int, token: str, viewer: int | None) -> str:
        """``token`` of ``seat`` as ``viewer`` may read it in a log: hidden cards as ``?`` (spec *Public
        form of tokens*, R43, D27). Call it on the state the token is about to be applied to, as
        :func:`~kartentisch.kernel.words.narrate` does: what the token reveals depends on that moment.

        The chooser reads its whole token. The cards of Gift, Exchange and a Counterattack against them
        stay ``?`` to everyone else. A simultaneous choice (R43) stays hidden until the choices take
        effect together: only the token that completes them shows its card, a ``give`` to its receiver
        (who holds the card once the move is applied), a ``bet`` or ``discard`` to everyone (the
        card is then revealed in ``gamble`` or lies on the discard pile); earlier ones stay ``?``, the
        receiver of a ``give`` named. Decision: ``discard`` is hidden so too (R43), though the spec's
        list names only ``give`` and ``bet``.
        """
        if viewer == seat:
            return token
        move = parse(token)
        if isinstance(move, (Play, Start, Counterattack)):
            return str(move.masked())
        if isinstance(move, (Give, Discard, Bet)):
            if self._completes_choices(seat) and (not isinstance(move, Give) or viewer == move.target):
                return token
            return str(move.masked())
        return token

    # ------------------------------------------------------------------ copies
    def clone(self) -> MayhemState:
        """An independent copy (lists copied by hand, the generator shared lazily)."""
        new = MayhemState()
        self.copy_common(new)
        new.hands = [list(h) for h in self.hands]
        new.draw, new.discard = list(self.draw), list(self.discard)
        new.event_pile, new.events_used, new.market = list(self.event_pile), list(self.events_used), list(self.market)
        new.skipped = list(self.skipped)
        new.wish, new.last_color, new.current = self.wish, self.last_color, self.current
        new.face_up, new.exhausted = self.face_up, self.exhausted
        new.revealed = [list(h) for h in self.revealed] if self.revealed is not None else None
        new.gamble = dict(self.gamble) if self.gamble is not None else None
        new.pending = copy_json(self.pending)
        return new

    def _determinize(self, seat: int, rng: random.Random) -> MayhemState:
        """A state consistent with ``view(seat)`` with every card hidden from ``seat`` re-dealt (issue 31).

        Hidden: other seats' hands, the cards they committed face down in ``pending`` (Gift/Exchange
        cards of a source, R9, R10, R21; ``give``, ``bet`` and ``discard`` choices, R43, D27: ``?`` in the
        view and in the log, spec *Public form of tokens*), the draw pile (except its public top while
        face up, R62) and the order of the event pile. Every hidden card is pooled, sorted and shuffled
        (:func:`~kartentisch.kernel.game.sort_shuffle`: the sample depends on which cards are hidden, not
        where they lie), hands are dealt again at their sizes, and each other seat's commitments are drawn
        again as legal choices from its new hand (:meth:`_redraw_commitments`); what ``seat`` itself
        committed stays, as does everything public (a choice's count and a gift's receiver).

        What the view implies about a hand is kept (:meth:`_hand_constraints`): a Gift/Exchange source
        naming fewer than two cards beside others holds ``fy`` (E = min(2, E) < 2, R9, R19), one naming its
        whole hand holds none; a published Gambler bettor holds a coloured number card of ``last_color``,
        a seat that must draw instead holds none (R50). A seat that must hold such a card gets the first
        one of the shuffled pool before the deal (exact for ``fy``; for bettors it slightly favours hands
        with several); a seat that must hold none is dealt from the others, and the rest is shuffled again.
        So every open decision keeps a legal token, and ``result.view(seat) == self.view(seat)``.

        Decision: what a seat remembers beyond its view (an All-Seeing Eye snapshot, bets revealed by a
        Gambler, cards it gave away) is not used to constrain the re-deal; ``revealed`` and ``gamble``
        themselves stay as they are.
        """
        new = self.clone()
        others = [s for s in range(self.players) if s != seat]
        first = 1 if new.face_up and new.draw else 0
        pool = [c for s in others for c in new.hands[s]] + new.draw[first:]
        sort_shuffle(rng, pool)
        need, avoid = self._hand_constraints(seat)
        hands: dict[int, list[str]] = {s: [] for s in others}
        for s, wanted in need.items():
            k = next((i for i, c in enumerate(pool) if c in wanted), -1)
            if k >= 0:
                hands[s].append(pool.pop(k))
        if avoid:
            for s, banned in avoid.items():
                rest: list[str] = []
                for c in pool:
                    if c in banned or len(hands[s]) == len(self.hands[s]):
                        rest.append(c)
                    else:
                        hands[s].append(c)
                pool = rest
            sort_shuffle(rng, pool)
        for s in others:
            hand = hands[s]
            size = len(self.hands[s]) - len(hand)
            hand.extend(pool[:size])
            del pool[:size]
            sort_cards(hand)
            new.hands[s] = hand
        new.draw[first:] = pool
        new._redraw_commitments(seat, rng)
        sort_shuffle(rng, new.event_pile)
        return new

    def known_hidden(self, seat: int) -> Counter[str]:
        """Hidden cards whose place ``seat`` knows (kernel hook): ``fy`` in a Gift/Exchange source's hand
        when its named count says so (:meth:`_hand_constraints`), and every hidden play card when they
        have one place only (one other seat's hand, the draw pile spent or public), by elimination."""
        known: Counter[str] = Counter()
        need, _ = self._hand_constraints(seat)
        if FY in need.values():
            known["fy"] += 1
        first = 1 if self.face_up and self.draw else 0
        hidden_draw = self.draw[first:]
        places = [h for s, h in enumerate(self.hands) if s != seat and h] + ([hidden_draw] if hidden_draw else [])
        if len(places) == 1:
            known.update(places[0])
        return known

    def _hand_constraints(self, seat: int) -> tuple[dict[int, frozenset[str]], dict[int, frozenset[str]]]:
        """What ``view(seat)`` implies about other seats' hands (for :meth:`_determinize`): the seats that
        must hold at least one card of a set, and the seats that must hold none of a set.

        * An open Gift/Exchange part of another source names ``m = min(2, E)`` cards, E its cards but
          ``fy`` (R9, R10, R19, R21): with ``m < 2`` and more cards in hand, the rest is the one ``fy``;
          with its whole hand named, it holds no ``fy``.
        * A published Gambler (R50): a bettor holds a coloured number card of ``last_color``; a seat in
          ``drawers`` (it held cards but none of them when the event turned up) holds none.
        """
        need: dict[int, frozenset[str]] = {}
        avoid: dict[int, frozenset[str]] = {}
        pending = self.pending
        if pending is None:
            return need, avoid
        if pending["type"] == "attack":
            source = pending["source"]
            if source != seat and pending["kind"] in ("gift", "exch"):
                named, held = len(pending["cards"]), len(self.hands[source])
                if named < 2 and held > named:
                    need[source] = FY
                elif held == named:
                    avoid[source] = FY
        elif self.phase == GAMBLE and self.options["gambling_rule"] == "published":
            kind = frozenset(c for c in CODES if KIND[c] == "num" and COLOR[c] == self.last_color)
            for s in range(self.players):
                if s != seat and pending["quota"][s]:
                    need[s] = kind
            for s in pending["drawers"]:
                if s != seat:
                    avoid[s] = kind
        return need, avoid

    def _redraw_commitments(self, seat: int, rng: random.Random) -> None:
        """Draw again, as legal choices from the (re-dealt) hands, the face-down commitments of the seats
        other than ``seat`` in ``pending`` (for :meth:`_determinize`): a Gift/Exchange source's named cards
        (R9, R10, R21: as many, never ``fy``, canonical order) and each seat's ``give``/``bet``/``discard``
        cards so far (R43; distinct cards of its hand, a published bet of ``last_color``'s numbers, R50),
        each gift to the receiver it names (public: ``give:?:t``). Counts and receivers stay."""
        pending = self.pending
        if pending is None:
            return
        if pending["type"] == "attack":
            source = pending["source"]
            if source != seat and pending["cards"]:
                cards = sample(rng, [c for c in self.hands[source] if c != "fy"], len(pending["cards"]))
                sort_cards(cards)
                pending["cards"] = cards
            return
        if "chosen" not in pending:
            return
        published = self.phase == GAMBLE and self.options["gambling_rule"] == "published"
        chosen: list[list[str]] = pending["chosen"]
        for s, entries in enumerate(chosen):
            if s == seat or not entries:
                continue
            hand = self.hands[s]
            if published:
                hand = [c for c in hand if KIND[c] == "num" and COLOR[c] == self.last_color]
            cards = sample(rng, hand, len(entries))
            chosen[s] = [card + entry[len(chosen_card(entry)):] for card, entry in zip(cards, entries, strict=True)]

    def round_score_now(self) -> list[int]:
        """mayhem R70 if the round ended now: the score values of the cards in every hand."""
        return score_round(self.hands)

    def cards(self) -> Counter[str]:
        """Every play and event card in every zone (hands, draw, discard, market, event piles, a resolving event)."""
        out: Counter[str] = Counter()
        for h in self.hands:
            out.update(h)
        out.update(self.draw)
        out.update(self.discard)
        out.update(self.market)
        out.update(self.event_pile)
        out.update(self.events_used)
        if self.pending is not None and self.pending["type"] == "event":
            out[self.pending["event"]] += 1
        return out


# ----------------------------------------------------------------------------- loading
def _check_cards(cards: Any, where: str) -> list[str]:
    require(isinstance(cards, list), f"{ID} load: {where} must be a list of card codes")
    for c in cards:
        require(isinstance(c, str) and c in KIND, f"{ID} load: {where}: unknown card code {c!r}")
    return [sys.intern(c) for c in cards]  # the deck's objects (see cards.PLAY_DECK)


def _check_seat(value: Any, players: int, where: str) -> int:
    require(is_int(value) and 0 <= value < players,
            f"{ID} load: {where} must be a seat 0 … {players - 1}, not {value!r}")
    return int(value)


def _check_pending(phase: str, pending: Any, players: int) -> dict[str, Any] | None:
    """Decision: the spec's loading rule (phase ``play``, ``pending`` null) is the scenario form; a document
    written by ``to_doc`` in any other phase loads too (resume, round-trip) when ``pending`` fits its phase."""
    if phase in (PLAY, AFTER_DRAW, CHANCE, ROUND_OVER, GAME_OVER):
        require(pending is None, f"{ID} load: pending must be null in phase {phase} (no part, event or window is open)")
        return None
    require(isinstance(pending, dict), f"{ID} load: phase {phase} needs its pending object")
    kind = pending.get("type")
    expected = {START: "start", COUNTER: "attack", NICETRY: "nicetry"}.get(phase, "event")
    require(kind == expected, f"{ID} load: phase {phase} needs a pending of type {expected!r}, not {kind!r}")
    if kind == "start":
        card = pending.get("card")
        require(card in KIND, f"{ID} load: pending.card must be a card code, not {card!r}")
    elif kind == "attack":
        attack = pending.get("kind")
        require(attack in ("gift", "exch", "skip", "four", "equal"),
                f"{ID} load: pending.kind must be gift, exch, skip, four or equal, not {attack!r}")
        _check_seat(pending.get("source"), players, "pending.source")
        _check_seat(pending.get("target"), players, "pending.target")
        _check_cards(pending.get("cards"), "pending.cards")
        draws = pending.get("draws")
        require(is_int(draws), f"{ID} load: pending.draws must be an integer, not {draws!r}")
        for part in pending.get("queue"):
            require(isinstance(part, list) and len(part) == 3,
                    f"{ID} load: pending.queue parts must be [source, target, k], not {part!r}")
            _check_seat(part[0], players, "pending.queue source")
            _check_seat(part[1], players, "pending.queue target")
    elif kind == "nicetry":
        for s in pending.get("asked"):
            _check_seat(s, players, "pending.asked")
    else:
        event = pending.get("event")
        require(event in EVENT_POS, f"{ID} load: pending.event must be an event code, not {event!r}")
        _check_seat(pending.get("initiator"), players, "pending.initiator")
        if phase == MARKET:
            require(event == "market", f"{ID} load: phase market needs the pending event market, not {event!r}")
            _check_seat(pending.get("picker"), players, "pending.picker")
        else:
            require(event == CHOICE_PHASES[phase], f"{ID} load: phase {phase} needs the pending event "
                                                   f"{CHOICE_PHASES[phase]}, not {event!r}")
            quota, chosen = pending.get("quota"), pending.get("chosen")
            require(isinstance(quota, list) and len(quota) == players,
                    f"{ID} load: pending.quota must be one count per seat, not {quota!r}")
            require(isinstance(chosen, list) and len(chosen) == players,
                    f"{ID} load: pending.chosen must be one list per seat, not {chosen!r}")
            for s in range(players):
                require(isinstance(chosen[s], list) and len(chosen[s]) <= quota[s],
                        f"{ID} load: pending.chosen of seat {s} exceeds its quota")
    return copy_json(pending)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may be interpreted Python
class MayhemGame(Game):
    """The game ``mayhem`` (Kartenchaos): metadata, options and factories."""

    id = ID
    names = {"en": "Mayhem", "de": "Kartenchaos"}
    min_players = 2
    max_players = 8
    score_sign = -1  # mayhem R71: the lowest total wins
    reaction_windows = True  # mayhem R21/R31: counter-attacks outside one's turn
    # rounds too long to play out (depth); margin_scale: the spread of a two-seat round's margin (mayhem R70), sd
    # 29.7 points over 3,198 rounds of heuristic self-play (400 matches), the unit of the learned value's target
    # (kartentisch.rl.value); ISMCTS plays mayhem with reward "score", which does not read it
    search = SearchTuning(reward="score", depth=16, margin_scale=30, coach_iterations=250)
    options = (
        choice_option("game_length", "medium", ("short", "medium", "long"), label={
            "en": "Match length", "de": "Spieldauer"}, rule="mayhem S1", help={
            "en": "How high the point limit is: short, medium or long (lower limits with 5 or more players).",
            "de": "Wie hoch die Punktgrenze liegt: kurz, mittel oder lang (niedriger ab 5 Spielern)."},
            choice_labels={"short": {"en": "Short", "de": "Kurz"}, "medium": {"en": "Medium", "de": "Mittel"},
                           "long": {"en": "Long", "de": "Lang"}}),
        target_option("point_limit", None, POINT_LIMITS["long"][0], nullable=True, label={
            "en": "Point limit", "de": "Punktgrenze"}, rule="mayhem S1", help={
            "en": "The match ends once someone has more points than this; replaces the match length.",
            "de": "Die Partie endet, sobald jemand mehr Punkte hat; ersetzt die Spieldauer."},
            null_words=_LIMIT_BY_LENGTH),
        seat_option("first_dealer", 0, label={"en": "First dealer", "de": "Erster Geber"}, rule="mayhem S2",
                    help={"en": "Who deals the first round.", "de": "Wer die erste Runde gibt."}),
        choice_option("counter_target", "attacker", ("attacker", "any"), label={
            "en": "Counterattack target", "de": "Ziel des Gegenangriffs"}, rule="mayhem R21", help={
            "en": "A Counterattack turns the attack back on the attacker, or on any other player (published rule).",
            "de": "Ein Gegenangriff trifft den Angreifer oder einen beliebigen anderen Mitspieler (Verlagsregel)."},
            choice_labels={"attacker": {"en": "Back at the attacker", "de": "Zurück auf den Angreifer"},
                           "any": {"en": "Any other player (published rule)",
                                   "de": "Beliebiger anderer Mitspieler (Verlagsregel)"}}),
        choice_option("gambling_rule", "summary", ("summary", "published"), label={
            "en": "Gambler rule", "de": "Glücksspieler-Regel"}, rule="mayhem R50", help={
            "en": "Gambler: everyone bets any card and the second lowest takes all, or the published rule.",
            "de": "Glücksspieler: alle setzen eine beliebige Karte, die zweitniedrigste nimmt alles, "
                  "oder die Verlagsregel."},
            choice_labels={"summary": {"en": "Second lowest bet takes all",
                                       "de": "Zweitniedrigster Einsatz nimmt alles"},
                           "published": {"en": "Published rule: highest bet of the last colour takes all",
                                         "de": "Verlagsregel: höchster Einsatz der letzten Farbe nimmt alles"}}),
    )

    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The 129 play cards then the 20 events, each in canonical order (the same for every player count)."""
        return list(PLAY_DECK) + list(EVENTS)

    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> MayhemState:
        """Deal round 1 (S2–S5); a stacked ``deck`` holds the 129 play cards, optionally all 20 events (S3, D36)."""
        if deck is not None:
            unknown = [c for c in deck if c not in KIND and c not in EVENT_POS]
            require(not unknown, f"{ID}: unknown card codes in the deck: {unknown[:5]}")
            play = Counter(c for c in deck if c in KIND)
            require(play == Counter(PLAY_DECK), f"{ID} S3: the deck must hold each of the 129 play cards exactly "
                    f"once (differences: {dict((play - Counter(PLAY_DECK)) + (Counter(PLAY_DECK) - play))})")
            events = [c for c in deck if c in EVENT_POS]
            # Decision (S3): a deck holds all 20 event codes (their order is the event pile) or none.
            require(not events or sorted(events) == sorted(EVENTS),
                    f"{ID} S3: a deck holds no event codes or each of the 20 exactly once")
        state = MayhemState.fresh(self, players, options, rng)
        state._deal(deck)
        return state

    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any], rng: random.Random) -> MayhemState:
        """Validate and build a state (spec *State document*): every card and event exactly once, derived fields
        consistent, ``pending`` fitting the phase. Raises InvalidState naming the problem."""
        # Decision: totals must be the column sums of scores (R70 adds every round to them); a document may
        # leave out the common fields (phase play, round 1, the first dealer, no scores).
        limit = point_limit(players, options)
        common = self.load_common(
            doc, players, phases=PHASES, winners=lambda scores, totals: match_winners(totals, limit) or [],
            optional={"phase": PLAY, "round": 1, "dealer": options["first_dealer"], "scores": [], "totals": None,
                      "game_over": None, "winners": None, "to_act": None},
            rules={"totals": f"{ID} R70", "winners": f"{ID} R71"})
        z, phase = common.zones, common.phase
        hands = z["hands"]
        require(isinstance(hands, list) and len(hands) == players,
                f"{ID} load: zones.hands must be one list per seat ({players})")
        # Decision: hands are accepted in any order and kept in canonical order (spec *Components*).
        hands = [sorted(_check_cards(h, f"hands[{s}]"), key=POS.__getitem__) for s, h in enumerate(hands)]
        draw = _check_cards(z["draw_pile"], "draw_pile")
        discard = _check_cards(z["discard"], "discard")
        require(bool(discard), f"{ID} load: the discard pile needs its top card ({ID} R3 plays against it)")  # Decision
        market = _check_cards(z.get("market", []), "market")
        have = Counter(draw) + Counter(discard) + Counter(market)
        for h in hands:
            have.update(h)
        want = Counter(PLAY_DECK)
        require(have == want, f"{ID} load: every one of the 129 play cards must be in hands, draw pile and discard "
                f"pile exactly once; missing {dict(want - have)}, extra {dict(have - want)}")
        event_pile, used = z["event_pile"], z["events_used"]
        require(isinstance(event_pile, list) and isinstance(used, list),
                f"{ID} load: event_pile and events_used must be lists")
        pending = _check_pending(phase, z.get("pending"), players)
        resolving = [pending["event"]] if pending is not None and pending["type"] == "event" else []
        require(sorted(map(str, event_pile + used + resolving)) == sorted(EVENTS),
                f"{ID} load: each of the 20 events must be in event_pile or events_used exactly once")
        wish = z.get("wish")
        require(wish is None or wish in WISHES, f"{ID} load: wish must be null or one of {' '.join(WISHES)}, "
                                                f"not {wish!r}")
        last_color = z.get("last_color")
        require(last_color is None or last_color in COLORS,
                f"{ID} load: last_color must be null or one of {' '.join(COLORS)}, not {last_color!r}")
        skipped = z.get("skipped", [False] * players)
        require(isinstance(skipped, list) and len(skipped) == players and all(isinstance(b, bool) for b in skipped),
                f"{ID} load: skipped must be one true/false per seat, not {skipped!r}")
        face_up, exhausted = z.get("draw_face_up", False), z.get("exhausted", False)
        require(isinstance(face_up, bool) and isinstance(exhausted, bool),
                f"{ID} load: draw_face_up and exhausted must be true or false")
        revealed = z.get("revealed")
        if revealed is not None:
            require(isinstance(revealed, list) and len(revealed) == players,
                    f"{ID} load: revealed must be null or one list per seat")
            revealed = [_check_cards(h, "revealed") for h in revealed]
        gamble = z.get("gamble")
        if gamble is not None:
            require(isinstance(gamble, dict), f"{ID} load: gamble must be null or map seats to bet cards")
            for key, card in gamble.items():
                require(key.isdigit() and int(key) < players and card in KIND,
                        f"{ID} load: gamble must map seats to bet cards, not {key!r} to {card!r}")
            gamble = dict(gamble)

        state = MayhemState.fresh(self, players, options, rng)
        common.set_on(state)
        state.current = _check_seat(z["current"], players, "current")
        state.hands, state.draw, state.discard, state.market = hands, draw, discard, market
        state.event_pile, state.events_used = list(event_pile), list(used)
        state.wish, state.last_color, state.skipped = wish, last_color, list(skipped)
        state.face_up, state.exhausted, state.revealed, state.gamble = face_up, exhausted, revealed, gamble
        state.pending = pending
        if phase == START:
            require(pending is not None and pending["card"] == discard[0],
                    f"{ID} load: the pending start card must be the discard pile's top card")
        derived = {"hand_counts": [len(h) for h in hands], "draw_count": len(draw), "event_count": len(event_pile)}
        for key, value in derived.items():
            require(z.get(key, value) == value, f"{ID} load: zones.{key} must be {value!r} as the zones give, "
                                                f"not {z.get(key)!r}")
        require(common.to_act is None or common.to_act == state.to_act(),
                f"{ID} load: to_act must be {state.to_act()!r} as the state gives, not {common.to_act!r}")
        return state

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The rule-based ``heuristic`` bot (see :mod:`kartentisch.games.mayhem.bot`)."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)


__all__ = ["MayhemGame", "MayhemState", "card_matches", "match_winners", "next_dealer", "order_from", "point_limit",
           "score_round"]
