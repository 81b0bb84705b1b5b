"""How a round of ``lastcard`` scores, in the players' words, from a reader's view (a face part).

Hands are hidden during play and shown to everyone once the round is scored (R17), so the score now is
known only then (:func:`score_now`); :func:`round_details` says how each hand scored (R16, with the rules' own
:func:`~.rules.score_round`).

>>> from kartentisch.kernel.words import Voice
>>> view = {"options": {"floor_zero": True}, "zones": {"hands": [["5", "30", "47"], ["?"]]}}
>>> score_now(view) is None
True
>>> round_details(view, 0, Voice("en"))
['Highest card: 47, +47', 'Other cards: 5 and 30, −35']
"""

from __future__ import annotations

from typing import Any

from ...kernel.words import Voice, listing, signed
from .cards import NUMBER
from .rules import HIDDEN, score_round
from .words import WORDS


def score_now(view: dict[str, Any]) -> list[int] | None:
    """Each seat's round score from the hands (R16), once every hand is shown (round end, R17); ``None`` while
    a hand the reader may not see is hidden."""
    hands = view["zones"]["hands"]
    if any(HIDDEN in hand for hand in hands):
        return None
    return score_round([[NUMBER[c] for c in hand] for hand in hands], view["options"]["floor_zero"])


def round_details(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    """How ``seat``'s hand scored at the round's end (R16): its highest card plus, the sum of the others minus,
    and whether a result below 0 counted as 0 (the ``floor_zero`` option, D14)."""
    texts = WORDS.section("summary", voice.lang)
    hand = sorted(NUMBER[c] for c in view["zones"]["hands"][seat])
    if not hand:
        return [texts["empty"]]
    *others, highest = hand
    lines = [texts["highest"].format(card=highest, points=signed(highest))]
    if others:
        lines.append(texts["others"].format(cards=listing([str(n) for n in others], voice.lang),
                                            points=signed(-sum(others))))
    if score_round([hand], view["options"]["floor_zero"])[0] != score_round([hand], False)[0]:
        lines.append(texts["floor"])
    return lines
