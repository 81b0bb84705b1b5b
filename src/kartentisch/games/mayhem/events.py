"""Events of ``mayhem`` (R40–R63): the event cards a black card or a Troublemaker turns up.

Most events act at once (:meth:`Events._event`); Market (R52) asks the seats to pick in turn, and
Recession, Surprise Party, Merry Christmas and Gambler open simultaneous choices (R43) that take
effect together once every seat has chosen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...kernel.rng import below, shuffle
from .attacks import Attacks
from .cards import COLOR, KIND, POS, SCORE, VALUE, sort_cards
from .notation import chosen_card, chosen_target
from .table import CHOICE_PHASES, CHRISTMAS, GAMBLE, MARKET, PARTY, RECESSION, remove_all


class Events(Attacks):
    """The event part of a ``mayhem`` state: every event card (``_ev_<name>``), Market, the R43 choices."""

    # ------------------------------------------------------------------ events (R40–R63)
    def _discard_block(self, per_seat: Mapping[int, Sequence[str]], initiator: int) -> None:
        """R42/D24: event discards go as one block directly beneath the top card.

        Seats in order from the initiator, each seat's cards in canonical order, first card nearest the top.
        """
        block: list[str] = []
        for s in self._order(initiator):
            cards = sorted(per_seat.get(s, ()), key=POS.__getitem__)
            remove_all(self.hands[s], cards)
            block.extend(cards)
        self.discard[1:1] = block

    def _event(self, initiator: int) -> None:
        """R40: turn up the top event card and resolve it; an empty event pile does nothing (D33)."""
        if not self.event_pile:
            self._after_effect()
            return
        name = self.event_pile.pop(0)
        self.pending = {"type": "event", "event": name, "initiator": initiator}
        if name == "doomsday":  # R46, D31
            self.events_used.insert(0, name)
            self._end_round(doomsday=True)
            return
        if getattr(self, "_ev_" + name)(initiator):
            self._event_done()

    def _event_done(self) -> None:
        assert self.pending is not None
        self.events_used.insert(0, self.pending["event"])
        self._after_effect()

    def _open_choices(self, phase: str, quota: list[int], chosen: list[list[str]] | None = None,
                      **extra: Any) -> bool:
        """R43: open simultaneous choices; True (event resolved) when nobody owes a choice, else False."""
        assert self.pending is not None
        chosen = chosen if chosen is not None else [[] for _ in range(self.players)]
        self.pending.update(quota=quota, chosen=chosen, **extra)
        if all(len(chosen[s]) >= quota[s] for s in range(self.players)):
            self._finish_choices()
            return True
        self.phase = phase
        return False

    def _ev_charity(self, i: int) -> bool:
        """R44, D23: seats holding the most give; each other seat takes one random card from each giver."""
        sizes = [len(h) for h in self.hands]
        m = max(sizes)
        if min(sizes) == m:
            return True
        order = self._order(i)
        givers = [s for s in order if sizes[s] == m]
        takers = [s for s in order if sizes[s] < m]
        for taker in takers:
            for giver in givers:
                hand = self.hands[giver]
                if hand:
                    self._give_cards(taker, [hand.pop(below(self.rng, len(hand)))])
        return True

    def _ev_communism(self, i: int) -> bool:
        """R45: each seat in order from I draws up to the largest hand size."""
        m = max(len(h) for h in self.hands)
        for s in self._order(i):
            self._draw_cards(s, m - len(self.hands[s]))
        return True

    def _ev_earthquake(self, i: int) -> bool:
        """R47: every hand passes to next(s), the right neighbour."""
        old = self.hands
        self.hands = [old[(s + 1) % self.players] for s in range(self.players)]
        return True

    def _ev_expansion(self, i: int) -> bool:
        """R48: the k-th seat in order from I draws k cards."""
        for k, s in enumerate(self._order(i), start=1):
            self._draw_cards(s, k)
        return True

    def _ev_friday13(self, i: int) -> bool:
        """R49: nothing happens."""
        return True

    def _ev_gambler(self, i: int) -> bool:
        """R50, D26: bets (``bet``), or the published variant by option ``gambling_rule``."""
        n = self.players
        if self.options["gambling_rule"] == "summary":
            quota = [1 if self.hands[s] else 0 for s in range(n)]
            if sum(quota) < 2:
                return True
            return self._open_choices(GAMBLE, quota, drawers=[])
        color = self.last_color
        if color is None:
            return True

        def has_kind(s: int) -> bool:
            return any(KIND[c] == "num" and COLOR[c] == color for c in self.hands[s])

        quota = [1 if has_kind(s) else 0 for s in range(n)]
        drawers = [s for s in self._order(i) if self.hands[s] and not quota[s]]
        if sum(quota) < 2:
            quota = [0] * n
        return self._open_choices(GAMBLE, quota, drawers=drawers)

    def _ev_lostfound(self, i: int) -> bool:
        """R51, D29: up to 3 cards beneath the top, dealt face up one at a time in order from I."""
        cards = self.discard[1:4]
        del self.discard[1:4]
        order = self._order(i)
        for k, card in enumerate(cards):
            self._give_cards(order[k % self.players], [card])
        return True

    def _ev_market(self, i: int) -> bool:
        """R52, D28: reveal min(n, draw size) cards; seats pick in order from I, the last card automatically."""
        n = self.players
        if len(self.draw) < n:
            self.exhausted = True
        self.market = self.draw[:n]
        del self.draw[:n]
        self.pending = {"type": "event", "event": "market", "initiator": i, "picker": self._next(i)}
        return self._market_step()

    def _market_step(self) -> bool:
        """R52: hand the lone last card to the picker at once; True once the market is empty."""
        assert self.pending is not None
        if len(self.market) == 1:
            self._give_cards(self.pending["picker"], [self.market.pop()])
        if not self.market:
            return True
        self.phase = MARKET
        return False

    def _pick(self, seat: int, card: str) -> None:
        assert self.pending is not None
        self.market.remove(card)
        self._give_cards(seat, [card])
        self.pending["picker"] = self._next(seat)
        if self._market_step():
            self._event_done()

    def _ev_mating(self, i: int) -> bool:
        """R53, D25: each seat discards every number card whose value occurs twice or more among its numbers."""
        out: dict[int, list[str]] = {}
        for s in range(self.players):
            counts = Counter(VALUE[c] for c in self.hands[s] if VALUE[c] is not None)
            out[s] = [c for c in self.hands[s] if VALUE[c] is not None and counts[VALUE[c]] >= 2]
        self._discard_block(out, i)
        return True

    def _ev_christmas(self, i: int) -> bool:
        """R54, D27: each seat gives its whole hand away, card by card, to seats of its choice."""
        return self._open_choices(CHRISTMAS, [len(h) for h in self.hands])

    def _ev_standoff(self, i: int) -> bool:
        """R55: every seat discards its whole hand (R42), then each draws 3 in order from I."""
        self._discard_block({s: list(h) for s, h in enumerate(self.hands)}, i)
        for s in self._order(i):
            self._draw_cards(s, 3)
        return True

    def _ev_recession(self, i: int) -> bool:
        """R56, D32: the k-th seat in order from I discards k cards; k or fewer: its whole hand, automatically."""
        quota = [0] * self.players
        chosen: list[list[str]] = [[] for _ in range(self.players)]
        for k, s in enumerate(self._order(i), start=1):
            hand = self.hands[s]
            if len(hand) <= k:
                quota[s], chosen[s] = len(hand), list(hand)
            else:
                quota[s] = k
        return self._open_choices(RECESSION, quota, chosen)

    def _ev_robinhood(self, i: int) -> bool:
        """R57: most and fewest cards swap hands (ties: earliest in order from I); all equal: nothing."""
        order = self._order(i)
        sizes = [len(h) for h in self.hands]
        if min(sizes) == max(sizes):
            return True
        most = next(s for s in order if sizes[s] == max(sizes))
        fewest = next(s for s in order if sizes[s] == min(sizes))
        self.hands[most], self.hands[fewest] = self.hands[fewest], self.hands[most]
        return True

    def _ev_party(self, i: int) -> bool:
        """R58, D27: each seat holding a card gives exactly one card to another seat of its choice."""
        return self._open_choices(PARTY, [1 if h else 0 for h in self.hands])

    def _ev_eye(self, i: int) -> bool:
        """R59, D31: every hand becomes public (a snapshot) until the round ends."""
        self.revealed = [list(h) for h in self.hands]
        return True

    def _ev_third(self, i: int) -> bool:
        """R60: each seat in order from I draws 3."""
        for s in self._order(i):
            self._draw_cards(s, 3)
        return True

    def _ev_tornado(self, i: int) -> bool:
        """R61: all hands collected, shuffled with the match RNG, dealt one at a time in order from I."""
        pool = [c for h in self.hands for c in h]  # Decision: collected seat 0 … n-1, then shuffled
        shuffle(self.rng, pool)
        order = self._order(i)
        hands: list[list[str]] = [[] for _ in range(self.players)]
        for k, card in enumerate(pool):
            hands[order[k % self.players]].append(card)
        for h in hands:
            sort_cards(h)
        self.hands = hands
        return True

    def _ev_upside(self, i: int) -> bool:
        """R62, D30: the draw pile is reversed and lies face up for the rest of the round."""
        self.draw.reverse()
        self.face_up = True
        return True

    def _ev_vandalism(self, i: int) -> bool:
        """R63: each seat discards all its coloured cards of ``last_color`` (nothing if it is null)."""
        color = self.last_color
        if color is None:
            return True
        self._discard_block({s: [c for c in h if COLOR[c] == color] for s, h in enumerate(self.hands)}, i)
        return True

    # ------------------------------------------------------------------ simultaneous choices (R43)
    def _choice_cards(self, seat: int) -> list[str]:
        """R43: the distinct cards ``seat`` may still choose in the open simultaneous choice (a Gambler
        bet, R50; a Recession discard, R56; a gift, R54, R58), in canonical order."""
        left = list(self.hands[seat])  # in canonical order, as every hand is kept
        if self.phase == GAMBLE:  # one bet per seat (R50)
            if self.options["gambling_rule"] == "published":
                left = [c for c in left if KIND[c] == "num" and COLOR[c] == self.last_color]
            return list(dict.fromkeys(left))
        assert self.pending is not None
        for entry in self.pending["chosen"][seat]:  # ``code`` (recession) or ``code:seat`` (party, christmas)
            left.remove(chosen_card(entry))
        return list(dict.fromkeys(left))

    def _choose(self, seat: int, choice: str) -> None:
        """R43: record one hidden choice; once every seat has finished, they take effect together."""
        pending = self.pending
        assert pending is not None
        pending["chosen"][seat].append(choice)
        if not self.to_act():
            self._finish_choices()
            self._event_done()

    def _finish_choices(self) -> None:
        """R43: apply the simultaneous choices of Recession (R56), Party (R58), Christmas (R54), Gambler (R50)."""
        pending = self.pending
        assert pending is not None
        event, initiator, chosen = pending["event"], pending["initiator"], pending["chosen"]
        n = self.players
        if event == "recession":
            self._discard_block(dict(enumerate(chosen)), initiator)
        elif event in ("party", "christmas"):
            received: list[list[str]] = [[] for _ in range(n)]
            for s in range(n):
                for gift in chosen[s]:
                    card = chosen_card(gift)
                    self.hands[s].remove(card)
                    received[chosen_target(gift)].append(card)
            for s in range(n):
                self._give_cards(s, received[s])
        else:  # gambler
            bets = {s: chosen[s][0] for s in range(n) if chosen[s]}
            if bets:
                rank = {s: k for k, s in enumerate(self._order(initiator))}
                if self.options["gambling_rule"] == "summary":  # second-lowest score value takes all
                    taker = sorted(bets, key=lambda s: (SCORE[bets[s]], rank[s]))[1]
                else:  # published: highest bet value takes all
                    taker = sorted(bets, key=lambda s: (-(VALUE[bets[s]] or 0), rank[s]))[0]
                self.gamble = {str(s): bets[s] for s in sorted(bets)}
                for s, card in bets.items():
                    self.hands[s].remove(card)
                self._give_cards(taker, sorted(bets.values(), key=POS.__getitem__))
            for s in pending.get("drawers", []):
                self._draw_cards(s, 2)

    def _completes_choices(self, seat: int) -> bool:
        """Whether one more choice of ``seat`` completes the open simultaneous choices (R43)."""
        pending = self.pending
        if self.phase not in CHOICE_PHASES or pending is None:
            return False
        quota, chosen = pending["quota"], pending["chosen"]
        return all(len(chosen[s]) + (s == seat) >= quota[s] for s in range(self.players))
