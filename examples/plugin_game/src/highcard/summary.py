"""How ``highcard`` scores, in the players' words (a face part): each seat scores its tricks (H4), and tricks
are public, so every reader knows every seat's score at any moment.

>>> from kartentisch.kernel import Voice
>>> view = {"zones": {"tricks": [3, 1]}}
>>> score_now(view), round_details(view, 1, Voice("de"))
([3, 1], ['1 Stich'])
"""

from __future__ import annotations

from typing import Any

from kartentisch.kernel import Voice

_T = {"en": ("1 trick", "{n} tricks"), "de": ("1 Stich", "{n} Stiche")}


def score_now(view: dict[str, Any]) -> list[int]:
    """The tricks each seat has taken (H4): its score if the round ended now."""
    return list(view["zones"]["tricks"])


def round_details(view: dict[str, Any], seat: int, voice: Voice) -> list[str]:
    """The tricks ``seat`` took, which are its score (H4): "3 tricks" / "3 Stiche"."""
    one, many = _T.get(voice.lang, _T["en"])
    n = view["zones"]["tricks"][seat]
    return [one if n == 1 else many.format(n=n)]
