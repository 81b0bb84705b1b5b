"""Score-pad entry of ``grid``: per player the values of the cards left in the grid, and who
ended the round (the trigger, R14, whose score may double, R18).

Scoring is the game's :func:`~kartentisch.games.grid.rules.score_round` (R17, R18, D19); the
end and the winners :func:`match_winners` (R19, option ``end_total``); dealers
:func:`dealer_of_round` (D4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...kernel.words import LANGS
from ...scorepad.core import Entry, EntryError, Field, Ruleset, Text
from .cards import COLOURS, VALUES
from .rules import SHAPES, dealer_of_round, match_winners, score_round
from .words import WORDS, count_text

#: Cards a grid can hold at round end: its shapes' sizes (R10, R12): 9, 6, 3 or 0.
_SIZES = sorted({rows * cols for rows, cols in SHAPES}, reverse=True)


class GridRuleset(Ruleset):
    """grid: remaining grid values per player (9, 6, 3 or 0 cards) and the trigger."""

    game_id = "grid"

    def player_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """``grid``: values −1 … 11 of the cards left (at most 9)."""
        return [Field("grid", "values", WORDS.forms("scorepad.grid"),
                      min(VALUES), max(VALUES), max(_SIZES))]

    def round_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """``trigger``: the player who ended the round (R14)."""
        return [Field("trigger", "seat", WORDS.forms("scorepad.trigger"),
                      required=True)]

    def check(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """A grid holds 9, 6, 3 or 0 cards (only whole lines leave it, R11–R12); each value exists
        once per colour, so 8 times in all (D2)."""
        sizes = Text({lang: WORDS.text(lang, "scorepad.sizes", most=", ".join(map(str, _SIZES[:-1])), last=_SIZES[-1])
                      for lang in LANGS})
        for seat, p in enumerate(entry.players):
            if len(p["grid"]) not in _SIZES:
                cards = Text({lang: count_text("cards", len(p["grid"]), lang) for lang in LANGS})
                raise EntryError(WORDS.forms("scorepad.size"), name=names[seat], cards=cards, sizes=sizes)
        count = Counter(v for p in entry.players for v in p["grid"])
        for value, k in sorted(count.items()):
            if k > len(COLOURS):
                raise EntryError(WORDS.forms("scorepad.value"), k=k, v=value, n=len(COLOURS))

    def round_scores(self, entry: Entry, options: Mapping[str, Any]) -> list[int]:
        """grid R17/R18 by :func:`score_round` (the trigger's sum may double)."""
        return score_round([p["grid"] for p in entry.players], entry.round["trigger"])

    def winners_if_over(self, scores: Sequence[Sequence[int]], totals: Sequence[int], round_no: int,
                        options: Mapping[str, Any]) -> list[int] | None:
        """grid R19: :func:`match_winners` is ``[]`` until a total reaches ``end_total``."""
        return match_winners(totals, options["end_total"]) or None

    def first_dealer(self, players: int, options: Mapping[str, Any]) -> int:
        """grid D4: ``first_dealer``."""
        return dealer_of_round(options["first_dealer"], 1, players)

    def next_dealer(self, round_no: int, dealer: int, round_scores: Sequence[int], players: int,
                    options: Mapping[str, Any]) -> int:
        """grid R20, D4: the deal passes one seat to the left."""
        return dealer_of_round(options["first_dealer"], round_no + 1, players)


RULESET = GridRuleset()
