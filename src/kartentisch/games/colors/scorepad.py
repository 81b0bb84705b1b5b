"""Score-pad entry of ``colors``: per player the collected cards per colour (colors R14–R18).

The round score is the game's :func:`~kartentisch.games.colors.rules.colour_score`; the end is
:func:`match_over` (R16), the winners :func:`match_winners` (R17), dealers :func:`dealer_of` (R3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...scorepad.core import Entry, EntryError, Field, Ruleset, Text
from .cards import CODES, COLOURS, colours_in_play
from .rules import colour_score, dealer_of, match_over, match_winners
from .words import WORDS

#: Cards per colour in the box (colors *Components*: numbers 0–9, one card each).
_PER_COLOUR = len(CODES) // len(COLOURS)


class ColorsRuleset(Ruleset):
    """colors: one count per colour in play (R1) and player; a colour has 10 cards in all."""

    game_id = "colors"

    def player_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """One ``count`` per colour in play (R1), 0 … 10."""
        return [Field(c, "count", WORDS.forms(f"colour.{c}"), 0, _PER_COLOUR)
                for c in colours_in_play(players)]

    def check(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """A colour's counts over all players cannot exceed the 10 cards of that colour."""
        for c in colours_in_play(len(names)):
            held = sum(p[c] for p in entry.players)
            if held > _PER_COLOUR:
                colour = WORDS.forms(f"colour.{c}")
                raise EntryError(WORDS.forms("scorepad.too_many"),
                                 colour=Text({**colour, "de": colour["de"].capitalize()}),
                                 held=held, k=_PER_COLOUR)  # German: the colour as a noun ("Blau")

    def round_scores(self, entry: Entry, options: Mapping[str, Any]) -> list[int]:
        """colors R14/R15 via :func:`colour_score` of each player's per-colour counts."""
        return [colour_score(p.values()) for p in entry.players]

    def winners_if_over(self, scores: Sequence[Sequence[int]], totals: Sequence[int], round_no: int,
                        options: Mapping[str, Any]) -> list[int] | None:
        """colors R16 (:func:`match_over`) and R17 (:func:`match_winners`)."""
        if not match_over(totals, round_no, options["target_score"], options["max_rounds"]):
            return None
        return match_winners(scores, totals)

    def first_dealer(self, players: int, options: Mapping[str, Any]) -> int:
        """colors R3: :func:`dealer_of` round 1."""
        return dealer_of(options["first_player"], 1, players)

    def next_dealer(self, round_no: int, dealer: int, round_scores: Sequence[int], players: int,
                    options: Mapping[str, Any]) -> int:
        """colors R3, R18: :func:`dealer_of` the next round."""
        return dealer_of(options["first_player"], round_no + 1, players)


RULESET = ColorsRuleset()
