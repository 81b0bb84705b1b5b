"""The seats' notes in words (issue 32): what happened to a seat beside the moves, as the log tells it (EN/DE).

A note (:class:`~kartentisch.web.store.NoteRecord`) is made by :mod:`~kartentisch.web.handover` (a seat handed to a
bot, taken back, given to a bot for good, a clock run out) and :mod:`~kartentisch.web.rematch` (an answer to the
rematch offer). Seats are named, never "you": the sentence reads the same at every seat and names no card.
"""

from __future__ import annotations

from ..bots import bot_label
from ..kernel.words import Voice
from .store import NoteRecord

#: Each note in words: ``{name}`` the seat's name, ``{by}`` who did it, ``{bot}`` the bot's label.
NOTE_WORDS: dict[str, dict[str, str]] = {
    "handed": {"en": "{by} hands {name}'s seat to {bot}; {name}'s own link takes it back.",
               "de": "{by} gibt den Platz von {name} an {bot} ab; mit dem eigenen Link holt {name} ihn zurück."},
    "back": {"en": "{name} is back and plays again.", "de": "{name} ist zurück und spielt wieder selbst."},
    "removed": {"en": "The host gives {name}'s seat to {bot} for the rest of the match.",
                "de": "Der Gastgeber gibt den Platz von {name} bis zum Ende an {bot}."},
    "timeout_bot": {"en": "{name}'s time ran out: {bot} makes this move.",
                    "de": "Die Zeit von {name} ist abgelaufen: {bot} macht diesen Zug."},
    "timeout_ask": {"en": "{name}'s time ran out: anyone at the table may hand the seat to a bot.",
                    "de": "Die Zeit von {name} ist abgelaufen: alle am Tisch dürfen den Platz an einen Bot geben."},
    "rematch_offer": {"en": "{name} wants a rematch.", "de": "{name} möchte eine Revanche."},
    "rematch_join": {"en": "{name} joins the rematch.", "de": "{name} spielt die Revanche mit."},
    "rematch_leave": {"en": "{name} leaves and does not play the rematch.",
                      "de": "{name} geht und spielt die Revanche nicht mit."},
}
#: Who did it when no seat did: the host.
HOST = {"en": "the host", "de": "der Gastgeber"}


def note_text(note: NoteRecord, voice: Voice, first_rematch: bool = False) -> str:
    """``note`` in words for ``voice`` (seats by name, never "you": the sentence reads the same at every seat).
    ``first_rematch``: a ``rematch_join`` that made the offer ("Ada wants a rematch")."""
    what = "rematch_offer" if note.what == "rematch_join" and first_rematch else note.what
    by = voice.name(note.by) if note.by is not None else voice.pick(HOST)
    bot = bot_label(note.bot, note.seat, voice.lang) if note.bot else ""
    text = voice.pick(NOTE_WORDS[what], name=voice.name(note.seat), by=by, bot=bot)
    return text[0].upper() + text[1:]
