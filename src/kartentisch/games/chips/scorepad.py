"""Score-pad entry of ``chips``: per player and colour row the face-up values and the number of
face-down cards, and the chips left in the supply; the active special cards once per round.

Scoring is the game's :func:`~kartentisch.games.chips.rules.score_round` (R10, R17, R18) on
display rows built from the entry. A face-down card enters as ``"-"`` + row colour + ``"?"``:
R10 counts a face-down card −1 whatever it is, so its identity (unknown at the table) is not
needed. The end is :func:`match_over` (R11), the winners :func:`winners_of` (R11, D11), dealers
:func:`dealer_of` / :func:`start_player_of` (R3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...kernel.words import LANGS
from ...scorepad.core import Entry, EntryError, Field, Ruleset, Text
from .cards import CHIPS_PER_SEAT, COLOURS, DECK, FACE_DOWN, RANDOM_SPECIALS, SPECIAL_ORDER, VALUE
from .rules import dealer_of, effects, match_over, score_round, start_player_of, winners_of
from .words import WORDS, card_name

_LOW, _HIGH = min(VALUE.values()), max(VALUE.values())
_PER_COLOUR = len(DECK) // len(COLOURS)


def _pad(colour: str, key: str, names: str = "scorepad.colour", **kwargs: Any) -> dict[str, str]:
    """The score pad's text ``key`` in every language with the colour ``colour`` named by the texts ``names.<c>``
    (``{"en": "black face up", "de": "schwarz offen"}``)."""
    return {lang: WORDS.text(lang, key, colour=WORDS.get(lang, f"{names}.{colour}"), **kwargs) for lang in LANGS}


def _specials(entry: Entry, options: Mapping[str, Any]) -> list[str]:
    """The special cards active in this round: the option's list, or the entry's for ``"random"``."""
    chosen = options["specials"]
    return list(entry.round["specials"]) if chosen == "random" else list(chosen)


class ChipsRuleset(Ruleset):
    """chips: rows ``k r b y`` as face-up values + face-down count, chips in the supply (R10)."""

    game_id = "chips"
    round_word = Text(WORDS.forms("scorepad.round"))  # chips D1: a round is a "Partie"
    match_word = Text(WORDS.forms("scorepad.match"))  # chips D1: the match is the "Spiel"

    def player_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """Per colour row ``<c>_up`` (values 1 … 10) and ``<c>_down`` (count); ``chips`` (0 … 7n)."""
        out: list[Field] = []
        for c in COLOURS:
            out.append(Field(f"{c}_up", "values", _pad(c, "scorepad.up"), _LOW, _HIGH, len(DECK)))
            out.append(Field(f"{c}_down", "count", _pad(c, "scorepad.down"), 0, len(DECK)))
        out.append(Field("chips", "count", WORDS.forms("scorepad.chips"), 0, CHIPS_PER_SEAT * players))
        return out

    def round_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """With ``specials: "random"`` the round's three active special cards (R2 step 2)."""
        if options["specials"] != "random":
            return []
        return [Field("specials", "multi", WORDS.forms("scorepad.specials"),
                      choices=SPECIAL_ORDER, max_items=RANDOM_SPECIALS, required=True,
                      choice_labels={c: {lang: card_name(c, lang) for lang in LANGS} for c in SPECIAL_ORDER})]

    def check(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """Every number card exists once (R2): a face-up card of a row's colour is held by one player
        only; a row holds at most the 10 cards of its colour; all rows at most the 40 cards; the
        supplies at most the 7 chips per seat in play. An ``any_row`` value (R14, ``s3``) may lie on
        any row, so it is checked against the four cards of that value instead."""
        any_row = effects(_specials(entry, options)).any_row
        where: dict[str, str] = {}
        roaming: Counter[int] = Counter()
        for seat, p in enumerate(entry.players):
            for c in COLOURS:
                for v in p[f"{c}_up"]:
                    if v in any_row:
                        roaming[v] += 1
                        continue
                    code = f"{c}{v}"
                    if code in where:
                        card = Text(_pad(c, "scorepad.card", "scorepad.card_colour", value=v))
                        if where[code] == names[seat]:
                            raise EntryError(WORDS.forms("scorepad.twice"), card=card, a=names[seat])
                        raise EntryError(WORDS.forms("scorepad.both"), card=card, a=where[code], b=names[seat])
                    where[code] = names[seat]
        for v, k in roaming.items():
            if k > len(COLOURS):
                raise EntryError(WORDS.forms("scorepad.same_value"), k=k, v=v, n=len(COLOURS))
        for c in COLOURS:
            held = sum(len(p[f"{c}_up"]) + p[f"{c}_down"] for p in entry.players)
            limit = _PER_COLOUR + (len(COLOURS) - 1) * len(any_row)
            if held > limit:
                raise EntryError(WORDS.forms("scorepad.colour_rows"), colour=Text(WORDS.forms(f"scorepad.colour.{c}")),
                                 held=held, limit=limit)
        total = sum(len(p[f"{c}_up"]) + p[f"{c}_down"] for p in entry.players for c in COLOURS)
        if total > len(DECK):
            raise EntryError(WORDS.forms("scorepad.cards"), total=total, n=len(DECK))
        chips = sum(p["chips"] for p in entry.players)
        if chips > CHIPS_PER_SEAT * len(names):
            raise EntryError(WORDS.forms("scorepad.all_chips"), chips=chips, n=CHIPS_PER_SEAT * len(names),
                             k=CHIPS_PER_SEAT)

    def round_scores(self, entry: Entry, options: Mapping[str, Any]) -> list[int]:
        """chips R10/R17/R18 by :func:`score_round` on the rows and supplies entered."""
        displays = [{c: [f"{c}{v}" for v in p[f"{c}_up"]] + [f"{FACE_DOWN}{c}?"] * p[f"{c}_down"] for c in COLOURS}
                    for p in entry.players]
        return score_round(displays, [p["chips"] for p in entry.players], _specials(entry, options))

    def winners_if_over(self, scores: Sequence[Sequence[int]], totals: Sequence[int], round_no: int,
                        options: Mapping[str, Any]) -> list[int] | None:
        """chips R11: over after the last of ``rounds`` rounds; highest totals share the win."""
        return winners_of(totals) if match_over(round_no, options["rounds"]) else None

    def first_dealer(self, players: int, options: Mapping[str, Any]) -> int:
        """chips R3: the right neighbour of round 1's start player."""
        return dealer_of(start_player_of(options["first_player"], 1, players), players)

    def next_dealer(self, round_no: int, dealer: int, round_scores: Sequence[int], players: int,
                    options: Mapping[str, Any]) -> int:
        """chips R3, R11: the right neighbour of the next round's start player."""
        return dealer_of(start_player_of(options["first_player"], round_no + 1, players), players)


RULESET = ChipsRuleset()
