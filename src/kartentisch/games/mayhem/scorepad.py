"""Score-pad entry of ``mayhem``: per player the cards left in hand (number values, the number of
other special cards, the unique card ``fy``), or "round ended by Doomsday" (R46).

The entry is turned into real card codes of the play deck (numbers of each value and specials
taken in canonical order; score values depend only on the kind of card) and scored by the game's
:func:`~kartentisch.games.mayhem.rules.score_round` (R70, R46). The end and the winners are
:func:`match_winners` with :func:`point_limit` (R71, S1), the next dealer :func:`next_dealer`
(R72, D4), round 1's dealer the option ``first_dealer`` (S2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kernel.words import LANGS, listing
from ...scorepad.core import Entry, EntryError, Field, Ruleset, Text
from .cards import PLAY_DECK, VALUE
from .rules import match_winners, next_dealer, point_limit, score_round
from .words import WORDS

_UNIQUE = "fy"
#: Copies of each number value in the play deck (coloured ×2 per colour + one black).
_NUMBERS: dict[int, list[str]] = {}
for _c in PLAY_DECK:
    _v = VALUE[_c]
    if _v is not None:
        _NUMBERS.setdefault(_v, []).append(_c)
#: Every other special card (one-colour and wish specials), canonical order.
_SPECIALS = [c for c in PLAY_DECK if VALUE[c] is None and c != _UNIQUE]


class MayhemRuleset(Ruleset):
    """mayhem: hand numbers, special count and ``fy`` per player; or Doomsday for the round."""

    game_id = "mayhem"

    def player_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """``numbers`` (values 1 … 9), ``specials`` (count), ``fy`` (yes/no)."""
        return [
            Field("numbers", "values", WORDS.forms("scorepad.numbers"), min(_NUMBERS), max(_NUMBERS),
                  len(PLAY_DECK)),
            Field("specials", "count", WORDS.forms("scorepad.specials"), 0, len(_SPECIALS)),
            Field("fy", "bool", WORDS.forms("scorepad.fy")),
        ]

    def round_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """``doomsday``: the round ended by the Doomsday event (R46)."""
        return [Field("doomsday", "bool", WORDS.forms("scorepad.doomsday"))]

    def check(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """No more cards of a kind than the deck holds (9 of each number, 47 specials, one ``fy``);
        after Doomsday hands are not counted (R46), so none may be entered."""
        self._hands(entry, names)

    def _hands(self, entry: Entry, names: Sequence[str]) -> list[list[str]]:
        if entry.round["doomsday"]:
            full = [names[s] for s, p in enumerate(entry.players) if p["numbers"] or p["specials"] or p["fy"]]
            if full:
                raise EntryError(WORDS.forms("scorepad.doomsday_hands"),
                                 names=Text({lang: listing(full, lang) for lang in LANGS}))
            return [[] for _ in entry.players]
        numbers = {v: list(cards) for v, cards in _NUMBERS.items()}
        specials = list(_SPECIALS)
        unique_holder: str | None = None
        hands: list[list[str]] = []
        for seat, p in enumerate(entry.players):
            hand = []
            for v in p["numbers"]:
                if not numbers[v]:
                    raise EntryError(WORDS.forms("scorepad.too_many_numbers"), v=v, n=len(_NUMBERS[v]))
                hand.append(numbers[v].pop(0))
            if p["specials"] > len(specials):
                raise EntryError(WORDS.forms("scorepad.too_many_specials"), n=len(_SPECIALS))
            hand += [specials.pop(0) for _ in range(p["specials"])]
            if p["fy"]:
                if unique_holder is not None:
                    raise EntryError(WORDS.forms("scorepad.unique_twice"), a=unique_holder, b=names[seat])
                unique_holder = names[seat]
                hand.append(_UNIQUE)
            hands.append(hand)
        return hands

    def round_scores(self, entry: Entry, options: Mapping[str, Any]) -> list[int]:
        """mayhem R70/R46 by :func:`score_round` on the hands entered."""
        seats = [f"seat {s}" for s in range(len(entry.players))]  # a checked entry raises nothing here
        return score_round(self._hands(entry, seats), entry.round["doomsday"])

    def winners_if_over(self, scores: Sequence[Sequence[int]], totals: Sequence[int], round_no: int,
                        options: Mapping[str, Any]) -> list[int] | None:
        """mayhem R71: over once a total exceeds the point limit; the lowest totals win."""
        return match_winners(totals, point_limit(len(totals), options))

    def first_dealer(self, players: int, options: Mapping[str, Any]) -> int:
        """mayhem S2: ``first_dealer``."""
        return int(options["first_dealer"])

    def next_dealer(self, round_no: int, dealer: int, round_scores: Sequence[int], players: int,
                    options: Mapping[str, Any]) -> int:
        """mayhem R72: highest round score deals; ties to the earliest seat in order from the dealer."""
        return next_dealer(round_scores, dealer)


RULESET = MayhemRuleset()
