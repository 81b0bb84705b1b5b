"""``highcard`` in words (kernel ``words`` API): cards, phases, moves and choices in German and English.

Only the reader's views and the move's public form are read, so a face-down card is never named.
"""

from __future__ import annotations

from typing import Any

from kartentisch.kernel import Choice, Voice
from kartentisch.kernel.words import listing

from .notation import parse

_T: dict[str, dict[str, str]] = {
    "en": {"card": "the {card}", "phase_play": "Tricks", "choose_own": "{who} choose {card} face down.",
           "choose": "{who} chooses a card face down.", "reveal": "The cards are turned over: {cards}.",
           "takes": "{who} takes the trick.", "takes_own": "{who} take the trick.", "play": "Play {card}"},
    "de": {"card": "die {card}", "phase_play": "Stiche", "choose_own": "{who} wählst verdeckt {card}.",
           "choose": "{who} wählt verdeckt eine Karte.", "reveal": "Die Karten werden aufgedeckt: {cards}.",
           "takes": "{who} gewinnt den Stich.", "takes_own": "{who} gewinnst den Stich.", "play": "Spiele {card}"},
}


def card_name(code: str, lang: str) -> str:
    """A card is its number: ``"17"``."""
    return code


def phase_name(phase: str, lang: str) -> str | None:
    """The phase ``play`` in the players' words (``None``: a phase the kernel names)."""
    return _T.get(lang, _T["en"])["phase_play"] if phase == "play" else None


def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """A choice (the reader's own with its card, another's face down), and the trick it completed."""
    t = _T.get(voice.lang, _T["en"])
    if voice.viewer == seat:
        text = voice.say(seat, t["choose"], t["choose_own"], card=t["card"].format(card=parse(token).card))
    else:
        text = voice.say(seat, t["choose"], t["choose"])
    if after["zones"]["tricks"] != before["zones"]["tricks"]:  # H3: this choice completed the trick
        trick = after["zones"]["last_trick"]
        cards = listing([f"{voice.who(s)} {c}" for s, c in enumerate(trick)], voice.lang)
        winner = trick.index(max(trick, key=int))
        text += " " + t["reveal"].format(cards=cards) + " " + voice.say(winner, t["takes"], t["takes_own"])
    return text


def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """``play:17`` → "Play the 17"."""
    t = _T.get(voice.lang, _T["en"])
    return Choice((t["play"].format(card=t["card"].format(card=parse(token).card)),))
