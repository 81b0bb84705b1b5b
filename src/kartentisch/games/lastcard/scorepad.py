"""Score-pad entry of ``lastcard``: per player the numbers of the cards left in hand (R16).

Scoring is the game's :func:`~kartentisch.games.lastcard.rules.score_round` (R16, D14, option
``floor_zero``); the number of rounds :func:`rounds_in_match` (R2, D16), winners
:func:`match_winners` (R18), dealers :func:`dealer_of` / :func:`start_player_of` (Setup 1, R3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...kernel.words import LANGS, listing
from ...scorepad.core import Entry, EntryError, Field, Ruleset, Text
from .cards import hand_size, highest_card
from .rules import dealer_of, match_winners, rounds_in_match, score_round, start_player_of
from .words import WORDS


class LastCardRuleset(Ruleset):
    """lastcard: hand cards per player; each number once; exactly one player ended with one card."""

    game_id = "lastcard"

    def player_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """``hand``: card numbers 1 … highest in play (R1), at most the hand size."""
        return [Field("hand", "values", WORDS.forms("scorepad.hand"), 1,
                      highest_card(players), hand_size(players))]

    def check(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """Each number exists once (R1); every hand holds a card; the round ended when exactly one
        player held a single card while all others held two or more (R12, R15)."""
        self.check_partial(entry, names, options)
        single = [names[s] for s, p in enumerate(entry.players) if len(p["hand"]) == 1]
        if len(single) != 1:
            here = (Text({lang: WORDS.text(lang, "scorepad.here", count=len(single), names=listing(single, lang))
                          for lang in LANGS}) if single else Text(WORDS.forms("scorepad.here_nobody")))
            raise EntryError(WORDS.forms("scorepad.one_single"), here=here)

    def check_partial(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """The hands typed so far: none empty (R12, R15), no number twice (R1). Whether exactly
        one player holds a single card needs every hand, so only :meth:`check` asks it."""
        holder: dict[int, str] = {}
        for seat, p in enumerate(entry.players):
            if not p["hand"]:
                raise EntryError(WORDS.forms("scorepad.no_card"), name=names[seat])
            for number in p["hand"]:
                if number in holder:
                    if holder[number] == names[seat]:
                        raise EntryError(WORDS.forms("scorepad.twice"), n=number, a=names[seat])
                    raise EntryError(WORDS.forms("scorepad.both"), n=number, a=holder[number], b=names[seat])
                holder[number] = names[seat]

    def round_scores(self, entry: Entry, options: Mapping[str, Any]) -> list[int]:
        """lastcard R16 by :func:`score_round` (highest − rest, ``floor_zero``)."""
        return score_round([p["hand"] for p in entry.players], options["floor_zero"])

    def winners_if_over(self, scores: Sequence[Sequence[int]], totals: Sequence[int], round_no: int,
                        options: Mapping[str, Any]) -> list[int] | None:
        """lastcard R2, R18: over after the last round; highest totals share the win."""
        if round_no < rounds_in_match(len(totals), options["rounds"]):
            return None
        return match_winners(totals)

    def first_dealer(self, players: int, options: Mapping[str, Any]) -> int:
        """lastcard Setup 1: the right neighbour of round 1's start player."""
        return dealer_of(start_player_of(options["first_player"], 1, players), players)

    def next_dealer(self, round_no: int, dealer: int, round_scores: Sequence[int], players: int,
                    options: Mapping[str, Any]) -> int:
        """lastcard R17: the previous start player deals the next round."""
        return dealer_of(start_player_of(options["first_player"], round_no + 1, players), players)


RULESET = LastCardRuleset()
