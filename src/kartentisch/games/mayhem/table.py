"""The table every part of the ``mayhem`` rules works on (spec *State document*): phases, zones, turns.

:class:`Table` declares the zones of a match and the small moves of cards every part makes (hand
cards in canonical order, draws that may exhaust the round, R7), and ends a played card's effect
(R6) at the checkpoint (R30). The parts extend it one after the other (single inheritance, which
mypyc compiles; each part uses only :class:`Table`): :class:`~.matching.Matching` (which cards may be
played and with which arguments, R3), :class:`~.attacks.Attacks` (attack parts and the reactions to
them, R20–R22, R31) and :class:`~.events.Events` (event cards, R40–R63); :class:`~.rules.MayhemState`
adds the turn, the round and the documents.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, Final

from ...kernel.game import GameState
from .cards import insert_card, order_from

ID: Final = "mayhem"
HAND_SIZE: Final = 7
FY_HAND_SIZE: Final = 10  # R3: `fy` is legal with exactly 10 cards in hand

# Phases (spec *State document*); Final, so compiled code compares constants instead of reading module globals.
PLAY: Final = "play"
AFTER_DRAW: Final = "after_draw"
CHANCE: Final = "chance"
START: Final = "start"
COUNTER: Final = "counter"
NICETRY: Final = "nicetry"
MARKET: Final = "market"
RECESSION: Final = "recession"
PARTY: Final = "party"
CHRISTMAS: Final = "christmas"
GAMBLE: Final = "gamble"
#: Event phases with simultaneous choices (R43) → the event card that opens them.
CHOICE_PHASES: Final = {RECESSION: "recession", PARTY: "party", CHRISTMAS: "christmas", GAMBLE: "gambler"}


#: Every seat but one, ascending, by table size (up to 8 players) and seat: token listings ask at every step.
_OTHER_SEATS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(t for t in range(n) if t != s) for s in range(n)) for n in range(9))


def copy_json(value: Any) -> Any:
    """A fresh copy of a small JSON-like value (dicts, lists, scalars): the cheap replacement for deepcopy."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def remove_all(hand: list[str], cards: Sequence[str]) -> None:
    """Take each of ``cards`` (a multiset) out of ``hand``, which holds them all."""
    for c in cards:
        hand.remove(c)


class Table(GameState):
    """A ``mayhem`` match's zones and the moves of cards every rule part shares (spec *State document*).

    Zones: ``hands`` (per seat, canonical order), ``draw`` and ``discard`` (top first), ``event_pile``
    (top first), ``events_used`` (most recent first), ``market``; table facts ``wish``, ``last_color``,
    ``current``, ``skipped`` (R11 marks), ``face_up`` (R62), ``exhausted`` (R7), ``revealed`` (R59),
    ``gamble`` (R50) and ``pending`` (see :mod:`.rules`).
    """

    hands: list[list[str]]
    draw: list[str]
    discard: list[str]
    event_pile: list[str]
    events_used: list[str]
    market: list[str]
    skipped: list[bool]
    wish: str | None
    last_color: str | None
    current: int
    face_up: bool
    exhausted: bool
    revealed: list[list[str]] | None
    gamble: dict[str, str] | None
    pending: dict[str, Any] | None

    # ------------------------------------------------------------------ small helpers
    def _next(self, seat: int) -> int:
        """next(s) = the right neighbour (R1: play runs counter-clockwise)."""
        return (seat - 1) % self.players

    def _order(self, seat: int) -> list[int]:
        return order_from(seat, self.players)

    def _others(self, seat: int) -> tuple[int, ...]:
        """The other seats, ascending."""
        return _OTHER_SEATS[self.players][seat]

    def _give_cards(self, seat: int, cards: Sequence[str]) -> None:
        """``seat`` receives ``cards``, each put where it belongs (hands stay in canonical order)."""
        hand = self.hands[seat]
        for card in cards:
            insert_card(hand, card)

    def _draw_cards(self, seat: int, count: int) -> None:
        """``seat`` draws ``count`` cards; missing cards are skipped and exhaust the round (R7, D7)."""
        pile = self.draw
        if count > len(pile):
            self.exhausted = True
            count = len(pile)
        hand = self.hands[seat]
        for _ in range(count):
            insert_card(hand, pile.pop(0))

    # ------------------------------------------------------------------ end of an effect, checkpoint (R6, R30)
    def _after_effect(self) -> None:
        """R6: the played card and all it caused are resolved: the turn ends, a checkpoint follows."""
        self.pending = None
        self._checkpoint()

    def _checkpoint(self) -> None:
        """R30, D8: round end, a Nice Try window, or the next turn (passing over marked seats)."""
        if self.exhausted:
            self._end_round()
            return
        hands = self.hands
        if any(not h for h in hands):  # generator forms compile to loops (no builtins lookup)
            if "nicetry" in self.discard or all(not h for h in hands):
                self._end_round()
            else:
                self.phase = NICETRY
                self.pending = {"type": "nicetry", "asked": [s for s in range(self.players) if hands[s]]}
            return
        p = self._next(self.current)
        while self.skipped[p]:
            self.skipped[p] = False
            p = self._next(p)
        self.current = p
        self.phase = PLAY
        self.pending = None

    @abstractmethod
    def _end_round(self, doomsday: bool = False) -> None:
        """R70–R72: score the round; the match ends or the next dealer deals (:class:`~.rules.MayhemState`)."""
