"""``highcard`` in words (kernel ``words`` API): cards, phases, moves and choices in German and English, from the
game's catalogue ``words.toml`` (the texts; this module picks and fills them).

Only the reader's views and the move's public form are read, so a face-down card is never named.
"""

from __future__ import annotations

from typing import Any, Final

from kartentisch.kernel import Choice, Voice
from kartentisch.kernel.words import Catalogue, listing

from .notation import parse

#: Every text of highcard players read (``words.toml`` beside this module), loaded once.
WORDS: Final = Catalogue.read(__package__)


def card_name(code: str, lang: str) -> str:
    """A card is its number: ``"17"``."""
    return code


def phase_name(phase: str, lang: str) -> str | None:
    """The phase ``play`` in the players' words (``None``: a phase the kernel names)."""
    return WORDS.get(lang, "words.phase_play") if phase == "play" else None


def describe_move(seat: int, token: str, before: dict[str, Any], after: dict[str, Any], voice: Voice) -> str:
    """A choice (the reader's own with its card, another's face down), and the trick it completed."""
    # H6: another seat's token is public (``play:?``), so its card is named only for the reader's own choice.
    card = WORDS.text(voice.lang, "words.card", card=parse(token).card) if voice.viewer == seat else ""
    text = WORDS.say(voice, seat, "words.choose", card=card)
    if after["zones"]["tricks"] != before["zones"]["tricks"]:  # H3: this choice completed the trick
        trick = after["zones"]["last_trick"]
        cards = listing([f"{voice.who(s)} {c}" for s, c in enumerate(trick)], voice.lang)
        winner = trick.index(max(trick, key=int))
        reveal = WORDS.text(voice.lang, "words.reveal", cards=cards)
        text += f" {reveal} {WORDS.say(voice, winner, 'words.takes')}"
    return text


def choice(seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
    """``play:17`` → "Play the 17"."""
    card = WORDS.text(voice.lang, "words.card", card=parse(token).card)
    return Choice((WORDS.text(voice.lang, "words.play", card=card),))
