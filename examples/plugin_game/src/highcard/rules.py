"""``highcard`` rules (H1–H6, see the package docstring): the state, its views and its loading.

Cards are their numbers (ints) inside the state; codes (``"17"``) appear only in documents.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kartentisch.kernel import GAME_OVER, Bot, Game, GameState, IllegalAction, require, shuffle, sort_shuffle

from .notation import CARDS, parse

HAND = 5
PLAY = "play"
PHASES = (PLAY, GAME_OVER)


class HighcardState(GameState):
    """One match of High Card.

    Zones: ``hands`` (per seat, ascending), ``chosen`` (per seat: the card chosen for the current
    trick, or ``None``), ``tricks`` (per seat), ``last_trick`` (per seat: the cards of the last
    revealed trick, or ``None`` before the first), ``out`` (every revealed card, in order) and
    ``stock`` (the undealt cards, hidden from every seat).
    """

    game: HighcardGame

    def __init__(self, game: HighcardGame, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.game, self.players, self.options, self.rng = game, players, options, rng
        self.phase, self.round, self.dealer = PLAY, 1, 0
        self.scores, self.totals, self.winners = [], [0] * players, []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.chosen: list[int | None] = [None] * players
        self.tricks = [0] * players
        self.last_trick: list[int] | None = None
        self.out: list[int] = []
        self.stock: list[int] = []

    def _deal(self, deck: list[int]) -> None:
        """H1: 5 cards to each seat from the top of ``deck``; the rest stays undealt."""
        for s in range(self.players):
            self.hands[s] = sorted(deck[s * HAND:(s + 1) * HAND])
        self.stock = deck[self.players * HAND:]

    # ----------------------------------------------------------------- the kernel's template methods
    def to_act(self) -> list[int]:
        """H2: every seat that has not chosen for this trick yet (all at once)."""
        if self.phase != PLAY:
            return []
        return [s for s in range(self.players) if self.chosen[s] is None]

    def _legal(self, seat: int) -> list[str]:
        """H2: ``play:<card>`` for each card in the hand, ascending."""
        return [f"play:{c}" for c in self.hands[seat]]

    def _apply(self, seat: int, token: str) -> None:
        """H2 (choose face down), then H3–H5 once every seat has chosen."""
        card = parse(token).card
        self.hands[seat].remove(card)
        self.chosen[seat] = card
        if any(c is None for c in self.chosen):
            return
        trick = [c for c in self.chosen if c is not None]
        self.tricks[trick.index(max(trick))] += 1  # H3: the highest card; the cards are all different
        self.last_trick, self.out = trick, self.out + trick
        self.chosen = [None] * self.players
        if not self.hands[0]:
            self._end_match()

    def _end_match(self) -> None:
        """H4, H5: the round scores the tricks; the match is one round, the most tricks wins."""
        self.scores, self.totals = [list(self.tricks)], list(self.tricks)
        self.winners = [s for s in range(self.players) if self.tricks[s] == max(self.tricks)]
        self.phase = GAME_OVER

    def _explain(self, seat: int, token: str) -> IllegalAction:
        """Why ``token`` is illegal: malformed (H2), the match is over (H5), already chosen (H2),
        or the card is not in the hand (H2)."""
        card = parse(token).card  # raises MalformedToken
        if self.phase == GAME_OVER:
            return IllegalAction("highcard H5", "the match is over", seat=seat, token=token)
        if self.chosen[seat] is not None:
            return IllegalAction("highcard H2", "this seat has chosen its card for the trick", seat=seat, token=token)
        return IllegalAction("highcard H2", f"the {card} is not in this seat's hand", seat=seat, token=token)

    def public_token(self, seat: int, token: str, viewer: int | None) -> str:
        """H6: another seat's choice is face down: ``play:?`` (the trick's reveal shows it in the view)."""
        return token if viewer == seat else "play:?"

    def to_doc(self) -> dict[str, Any]:
        """The full state document (every card shown)."""
        return self.common_doc({
            "hands": [[str(c) for c in h] for h in self.hands],
            "chosen": [None if c is None else str(c) for c in self.chosen],
            "tricks": list(self.tricks),
            "last_trick": None if self.last_trick is None else [str(c) for c in self.last_trick],
            "out": [str(c) for c in self.out],
            "stock": [str(c) for c in self.stock],
        })

    def view(self, seat: int | None) -> dict[str, Any]:
        """H6: own hand and choice only; other hands and unrevealed choices as ``"?"``, the stock as a count."""
        doc = self.to_doc()
        zones = doc["zones"]
        for s in range(self.players):
            if s != seat:
                zones["hands"][s] = ["?"] * len(self.hands[s])
                zones["chosen"][s] = None if self.chosen[s] is None else "?"
        zones["stock"] = len(self.stock)
        return doc

    def clone(self) -> HighcardState:
        """An independent copy."""
        other = HighcardState.__new__(HighcardState)
        self.copy_common(other)
        other.hands = [list(h) for h in self.hands]
        other.chosen, other.tricks = list(self.chosen), list(self.tricks)
        other.last_trick = None if self.last_trick is None else list(self.last_trick)
        other.out, other.stock = list(self.out), list(self.stock)
        return other

    def _determinize(self, seat: int, rng: random.Random) -> HighcardState:
        """Other hands, their unrevealed choices and the stock re-dealt from the cards ``seat`` cannot see.

        :func:`~kartentisch.kernel.sort_shuffle` sorts the hidden cards before it shuffles them, so a
        seeded sample depends only on which cards are hidden, not on where they lie: the coach and the
        ISMCTS bot, seeded alike, then judge every state ``seat`` cannot tell apart alike (issue 31;
        ``kartentisch check-game highcard`` checks it).
        """
        sample = self.clone()
        hidden = [c for s in range(self.players) if s != seat for c in self.hands[s]]
        hidden += [c for s, c in enumerate(self.chosen) if s != seat and c is not None] + self.stock
        sort_shuffle(rng, hidden)
        for s in range(self.players):
            if s != seat:
                sample.hands[s] = sorted(hidden.pop() for _ in self.hands[s])
                if self.chosen[s] is not None:
                    sample.chosen[s] = hidden.pop()
        sample.stock = hidden
        return sample

    def cards(self) -> Counter[str]:
        """Every card in every zone."""
        held = [c for h in self.hands for c in h] + [c for c in self.chosen if c is not None]
        return Counter(str(c) for c in held + self.out + self.stock)


class HighcardGame(Game):
    """``highcard`` — High Card, 2–4 players: five simultaneous tricks, the most tricks wins."""

    id = "highcard"
    names = {"en": "High Card", "de": "Höchste Karte"}
    min_players = 2
    max_players = 4
    score_sign = 1  # H5: the most tricks wins
    options = ()

    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """H1: the cards 1–20 in canonical order."""
        return [str(c) for c in CARDS]

    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> HighcardState:
        """H1: shuffled by ``rng``, or dealt from ``deck`` (top first)."""
        state = HighcardState(self, players, options, rng)
        if deck is None:
            cards = list(CARDS)
            shuffle(state.rng, cards)
        else:
            require(Counter(deck) == Counter(self.deck(players, options)),
                    "highcard H1: a stacked deck is the cards 1 … 20, each once")
            cards = [int(c) for c in deck]
        state._deal(cards)
        return state

    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any],
              rng: random.Random) -> HighcardState:
        """A state from a full document: every card 1–20 exactly once, hands of equal size (H1–H5)."""
        state = HighcardState(self, players, options, rng)
        zones = doc["zones"]
        state.hands = [sorted(_cards(h, "hands")) for h in zones["hands"]]
        state.chosen = [None if c is None else _cards([c], "chosen")[0] for c in zones["chosen"]]
        state.tricks = [int(t) for t in zones["tricks"]]
        state.last_trick = None if zones.get("last_trick") is None else _cards(zones["last_trick"], "last_trick")
        state.out, state.stock = _cards(zones["out"], "out"), _cards(zones["stock"], "stock")
        require(len(state.hands) == len(state.chosen) == len(state.tricks) == players,
                f"highcard load: hands, chosen and tricks need one entry per seat ({players})")
        require(state.cards() == Counter(self.deck(players, options)),
                "highcard load: every card 1 … 20 must be in exactly one place (H1)")
        require(len({len(h) + (c is not None) for h, c in zip(state.hands, state.chosen, strict=True)}) == 1,
                "highcard load: every seat holds the same number of cards for the trick (H2)")
        state.phase = doc.get("phase", PLAY)
        require(state.phase in PHASES, f"highcard load: phase must be one of {', '.join(PHASES)}")
        require((state.phase == GAME_OVER) == (not any(state.hands) and all(c is None for c in state.chosen)),
                "highcard load: the match is over exactly when every card is played (H4)")
        if state.phase == GAME_OVER:
            state._end_match()
        return state

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The rule-based bot of :mod:`highcard.bot`."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)


def _cards(codes: Sequence[Any], where: str) -> list[int]:
    """Card codes of a document as numbers (InvalidState names the zone)."""
    require(isinstance(codes, list), f"highcard load: {where} must be a list of cards")
    require(all(isinstance(c, str) and c.isascii() and c.isdigit() and int(c) in CARDS and str(int(c)) == c
                for c in codes),
            f"highcard load: {where} holds a card that is not 1 … 20")
    return [int(c) for c in codes]
