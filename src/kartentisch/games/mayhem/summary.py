"""How a round of ``mayhem`` scores, in the players' words, from a reader's view (a face part).

Other seats' hands stay hidden, even after the round (spec *Seat view*), so there is no score now
(:func:`score_now`); at the round's end :func:`round_details` names the cards of a hand the reader sees with
their score values (R70, the rules' own :func:`~.rules.score_round`) and counts the cards of one it does not.

>>> from kartentisch.kernel.words import Voice
>>> view = {"scores": [[12, 9]], "zones": {"hands": [["r5", "r5", "fy"], ["?", "?"]], "events_used": []}}
>>> round_details(view, 0, Voice("en", 0))
['2 × Red 5: 10', 'Unique card: 42']
>>> round_details(view, 1, Voice("en", 0))
['2 cards left in the hand: 9']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...kernel.words import Voice
from .cards import POS
from .rules import DOOMSDAY_SCORE, score_round
from .words import WORDS, card_name

HIDDEN = "?"

def score_now(view: dict[str, Any]) -> None:
    """Always ``None``: another seat's hand is never shown, so no view says what it would score."""
    return None


def round_details(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    """How ``seat``'s round score came about (R70): Doomsday's 50 for everyone (R46); else each kind of card
    left in a hand the reader sees, with its count and score value ("2 × Red 5: 10", "Unique card: 42"), or the
    number of cards of a hidden hand with the round's score."""
    texts = WORDS.section("summary", voice.lang)
    zones = view["zones"]
    if zones["events_used"][:1] == ["doomsday"]:  # Doomsday ends the round at once (R46)
        return [texts["doomsday"].format(points=DOOMSDAY_SCORE)]
    hand = zones["hands"][seat]
    if not hand:
        return [texts["empty"]]
    if HIDDEN in hand:
        points = view["scores"][-1][seat]
        return [texts["hidden_one" if len(hand) == 1 else "hidden"].format(n=len(hand), points=points)]
    lines = []
    for card, n in sorted(Counter(hand).items(), key=lambda item: POS[item[0]]):
        points = score_round([[card] * n])[0]
        name = card_name(card, voice.lang)
        lines.append(texts["card"].format(card=name, points=points) if n == 1 else
                     texts["cards"].format(n=n, card=name, points=points))
    return lines


def round_facts(doc: Mapping[str, Any]) -> tuple[str | None, dict[str, int]]:
    """For the balance lab (``kartentisch.sim.records``): how the scored round in ``doc`` (a full state
    document) ended, and its event counts.

    mayhem: every event card used this round; Doomsday (R46), an exhausted draw (D7) or an empty hand."""
    zones = doc["zones"]
    events: dict[str, int] = {}
    for code in zones["events_used"]:
        events[code] = events.get(code, 0) + 1
    if "doomsday" in events:
        return "doomsday", events
    return ("exhausted" if zones["exhausted"] else "hand emptied"), events
