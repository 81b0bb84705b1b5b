"""The seats' notes in words (issue 32): what happened to a seat beside the moves, as the log tells it (EN/DE).

A note (:class:`~kartentisch.web.records.NoteRecord`) is made by :mod:`~kartentisch.web.handover` (a seat handed to a
bot, taken back, given to a bot for good, a clock run out, a person's first visit at a table with a live clock),
:mod:`~kartentisch.web.rematch` (an answer to the rematch offer) and :mod:`~kartentisch.web.seatname` (a person named
their seat). Like the rest of the log, a note speaks to its reader: the reader's own seat is "you"/"du", the others
are named (a spectator reads every seat by name). A note names no card; what a bot's move for a person's seat did
with that seat's own cards is told to the seat's reader alone (:func:`own_cards_said`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from ..bots import bot_label
from ..kernel import GameState
from ..kernel.words import Voice, listing
from .records import NoteRecord
from .replays import seen_where

#: Each note in words, per reader: ``other`` for a reader who is neither the seat nor the one who did it, ``own`` for
#: the seat's own reader, ``by_own`` (where someone else can do it) for the reader who did it. ``{name}`` the seat's
#: name, ``{by}`` who did it, ``{bot}`` the bot's label.
NOTE_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "handed": {
        "other": {"en": "{by} hands {name}'s seat to {bot}; {name}'s own link takes it back.",
                  "de": "{by} gibt den Platz von {name} an {bot} ab; mit dem eigenen Link holt {name} ihn zurück."},
        "own": {"en": "{by} hands your seat to {bot}; your own link takes it back.",
                "de": "{by} gibt deinen Platz an {bot} ab; mit deinem eigenen Link holst du ihn zurück."},
        "by_own": {"en": "You hand {name}'s seat to {bot}; {name}'s own link takes it back.",
                   "de": "Du gibst den Platz von {name} an {bot} ab; mit dem eigenen Link holt {name} ihn zurück."},
    },
    "back": {"other": {"en": "{name} is back and plays again.", "de": "{name} ist zurück und spielt wieder selbst."},
             "own": {"en": "You are back and play again.", "de": "Du bist zurück und spielst wieder selbst."}},
    # back once the match is over: nothing is left to play (a fresh user read "You are back and play again.")
    "back_over": {"other": {"en": "{name} is back.", "de": "{name} ist zurück."},
                  "own": {"en": "You are back.", "de": "Du bist zurück."}},
    "removed": {  # {by}: the host's seat where the host sits at the table, else "the host"
        "other": {"en": "{by} gives {name}'s seat to {bot} for the rest of the match.",
                  "de": "{by} gibt den Platz von {name} bis zum Ende an {bot}."},
        "own": {"en": "{by} gives your seat to {bot} for the rest of the match.",
                "de": "{by} gibt deinen Platz bis zum Ende an {bot}."},
        "by_own": {"en": "You give {name}'s seat to {bot} for the rest of the match.",
                   "de": "Du gibst den Platz von {name} bis zum Ende an {bot}."},
    },
    "timeout_bot": {"other": {"en": "{name}'s time ran out: {bot} makes this move.",
                              "de": "Die Zeit von {name} ist abgelaufen: {bot} macht diesen Zug."},
                    "own": {"en": "Your time ran out: {bot} makes this move.",
                            "de": "Deine Zeit ist abgelaufen: {bot} macht diesen Zug."}},
    "timeout_ask": {
        "other": {"en": "{name}'s time ran out: anyone at the table may hand the seat to a bot.",
                  "de": "Die Zeit von {name} ist abgelaufen: alle am Tisch dürfen den Platz an einen Bot geben."},
        "own": {"en": "Your time ran out: the others at the table may hand your seat to a bot.",
                "de": "Deine Zeit ist abgelaufen: die anderen am Tisch dürfen deinen Platz an einen Bot geben."},
    },
    # the host gave an open seat to a bot before the start (web.invites): {n} the seat's number from 1
    "filled": {"other": {"en": "{by} puts {bot} in seat {n}.", "de": "{by} setzt {bot} auf Platz {n}."},
               "by_own": {"en": "You put {bot} in seat {n}.", "de": "Du setzt {bot} auf Platz {n}."}},
    # a person named their own seat (web.seatname): {name} is the new name
    "named": {"other": {"en": "{name} chose this name.", "de": "{name} hat diesen Namen gewählt."},
              "own": {"en": "You chose your name.", "de": "Du hast deinen Namen gewählt."}},
    # a person opened their seat at a table with a live clock for the first time: their clock runs from now on
    # (web.handover.seated; a fresh user's friends had bots move for them before they had opened their links)
    "seated": {"other": {"en": "{name} is at the table; {name}'s clock runs from now on.",
                         "de": "{name} ist am Tisch; die Uhr von {name} läuft ab jetzt."},
               "own": {"en": "You are at the table; your clock runs from now on.",
                       "de": "Du bist am Tisch; deine Uhr läuft ab jetzt."}},
    "rematch_offer": {"other": {"en": "{name} wants a rematch.", "de": "{name} möchte eine Revanche."},
                      "own": {"en": "You want a rematch.", "de": "Du möchtest eine Revanche."}},
    "rematch_join": {"other": {"en": "{name} joins the rematch.", "de": "{name} spielt die Revanche mit."},
                     "own": {"en": "You join the rematch.", "de": "Du spielst die Revanche mit."}},
    "rematch_leave": {"other": {"en": "{name} leaves and does not play the rematch.",
                                "de": "{name} geht und spielt die Revanche nicht mit."},
                      "own": {"en": "You leave and do not play the rematch.",
                              "de": "Du gehst und spielst die Revanche nicht mit."}},
    "rematch_stand_in": {
        "other": {"en": "{name} has not answered yet: {bot} plays for {name} until {name} joins.",
                  "de": "{name} hat noch nicht geantwortet: {bot} spielt für {name}, bis {name} mitspielt."},
        "own": {"en": "You had not answered yet: {bot} plays for you until you join.",
                "de": "Du hattest noch nicht geantwortet: {bot} spielt für dich, bis du mitspielst."}},
    # the seat is the bot's now (unnamed: labelled by the bot), so the person who left is not named here
    "rematch_left": {"other": {"en": "{bot} takes the seat of the player who did not want a rematch.",
                               "de": "{bot} übernimmt den Platz der Person, die keine Revanche wollte."}},
}
#: The notes after which a bot plays a person's seat (until a ``back`` note; ``removed``: to the end), and the one
#: after which a bot makes the seat's next move only.
PLAYS_FOR, BACK, ONE_MOVE = frozenset({"handed", "removed", "rematch_stand_in"}), frozenset({"back", "back_over"}), \
    "timeout_bot"
#: How the log names a seat in a move a bot made for its person (:func:`mover_names`).
FOR_SEAT = {"en": "{bot} for {name}", "de": "{bot} für {name}"}
FOR_YOU = {"en": "{bot} for you", "de": "{bot} für dich"}


class Seated(Protocol):
    """An event as :func:`bot_for` reads it: the seat that made it."""

    seat: int


class Moved(Seated, Protocol):
    """A log entry as :func:`move_counts` reads it: the seat that made it and the bot spec that made it for the
    seat's person (``None``: the person, or the seat's own bot)."""

    bot: str | None


def move_counts(log: Sequence[Moved], players: int) -> list[tuple[int, int]]:
    """Each seat's ``(moves, of them made by a bot for its person)`` in ``log`` (:func:`bot_for` set each entry's
    ``bot``), for the ``players`` seats: what a group's standings and a match's result mark as a bot's help."""
    counts = [[0, 0] for _ in range(players)]
    for entry in log:
        counts[entry.seat][0] += 1
        counts[entry.seat][1] += entry.bot is not None
    return [(moves, by_bot) for moves, by_bot in counts]


def bot_for(notes: Sequence[NoteRecord], log: Sequence[Seated], seat: int) -> str | None:
    """The bot spec that makes the next event, of ``seat``, for the seat's person, or ``None``: the person (or the
    seat's own bot) makes it. ``log``: the events so far (the next is event ``len(log)``); ``notes``: the table's
    notes, by :data:`PLAYS_FOR`, :data:`BACK` and :data:`ONE_MOVE` (a run-out clock's bot makes that seat's first
    move after the note)."""
    k = len(log)
    playing = once = None
    for note in notes:
        if note.after > k or note.seat != seat:
            continue
        if note.what in PLAYS_FOR:
            playing = note.bot
        elif note.what in BACK:
            playing = None
        elif note.what == ONE_MOVE and not any(log[i].seat == seat for i in range(note.after, k)):
            once = note.bot
    return once or playing


#: The cards a bot's move for a person's seat moved unseen by the others, to the seat's own reader
#: (:func:`own_cards_said`): those it got, those it gave face down.
GOT = {"en": "You got {cards}.", "de": "Du bekommst {cards}."}
GAVE = {"en": "Given face down: {cards}.", "de": "Verdeckt abgegeben: {cards}."}


def own_cards_said(before: GameState, after: GameState, seat: int, lang: str) -> str:
    """The cards only ``seat`` sees that a bot's move for its person moved, for the seat's own reader, who is told
    the move itself as everyone is ("Bot Lena for you passes three cards to Cem.", :func:`mover_names`): the cards
    it got, new in its sight (a draw, a pass received: "You got Green 2."), and those that left a place in its sight
    without being laid open ("Given face down: 16, 29 and 34.": a pass, a card given); ``""`` when neither. A card
    played face up is in the move's own words and not named again. Cards are named by the game
    (``Game.card_name``), never by code, in the order the seat's view lists them, and only cards of ``seat``'s own
    view (:func:`~kartentisch.web.replays.seen_where`), so nothing hidden from that seat is told."""
    was, now = seen_where(before, seat), seen_where(after, seat)
    shown = _strings(after.view(None)) - _strings(before.view(None))  # what the move laid open to everyone
    # counted, not collected: a second copy of a card the seat holds is a card got too (mayhem's decks hold two
    # of most cards; a fresh user's stand-in drew a second Yellow 8 that his log never named)
    got = _beyond([card for _, card in now], Counter(card for _, card in was))
    gave = [card for _, card in _beyond(was, Counter(now)) if card not in shown]
    name = before.game.card_name
    return " ".join(words[lang].format(cards=listing([name(card, lang) for card in cards], lang))
                    for words, cards in ((GAVE, gave), (GOT, got)) if cards)


T = TypeVar("T")


def _beyond(items: Sequence[T], than: Counter[T]) -> list[T]:
    """The items of ``items`` beyond the counts of ``than``, in ``items``' order: a multiset difference."""
    extra = Counter(items) - than
    out = []
    for item in items:
        if extra[item] > 0:
            extra[item] -= 1
            out.append(item)
    return out


def _strings(view: Any) -> Counter[str]:
    """Every string of a JSON document, counted (dict keys left out)."""
    out: Counter[str] = Counter()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            out[item] += 1
    return out


def mover_names(names: Sequence[str], seat: int, bot: str, viewer: int | None, lang: str) -> tuple[str, ...]:
    """``names`` with ``seat`` named as ``bot`` playing for its person ("Bot Lena (plays at random) for Ada"; "… for
    you" where ``viewer`` is the seat): a bot's move is not told as the person's own (a fresh user read "You play
    Purple 0" for a move a bot made for them)."""
    label = bot_label(bot, seat, lang)
    words = FOR_YOU if viewer == seat else FOR_SEAT
    return tuple(words[lang].format(bot=label, name=name) if s == seat else name for s, name in enumerate(names))


#: What a removed person's own link is told instead of the seat (handover ``remove``): the host gave the seat to
#: ``{bot}`` until the match ends; the link may still watch the table as a spectator.
REMOVED_SEAT = {"en": "The host gave your seat to {bot} for the rest of the match. You can still watch the table.",
                "de": "Der Gastgeber hat deinen Platz bis zum Ende der Partie an {bot} gegeben. Zuschauen kannst du "
                      "weiterhin."}


def removed_said(bot: str, seat: int) -> dict[str, str]:
    """:data:`REMOVED_SEAT` in every language for ``seat`` removed to the bot spec ``bot`` (named by its label)."""
    return {lang: words.format(bot=bot_label(bot, seat, lang)) for lang, words in REMOVED_SEAT.items()}


#: Who did it when no seat did: the host.
HOST = {"en": "the host", "de": "der Gastgeber"}


def note_text(note: NoteRecord, voice: Voice, first_rematch: bool = False) -> str:
    """``note`` in words for the reader ``voice`` (its seat ``voice.viewer`` in the second person, the other seats by
    name; :data:`NOTE_WORDS`). ``first_rematch``: a ``rematch_join`` that made the offer ("Ada wants a rematch")."""
    what = "rematch_offer" if note.what == "rematch_join" and first_rematch else note.what
    words = NOTE_WORDS[what]
    reader = voice.viewer is not None
    perspective = ("own" if reader and note.seat == voice.viewer
                   else "by_own" if reader and note.by == voice.viewer and "by_own" in words else "other")
    by = voice.name(note.by) if note.by is not None else voice.pick(HOST)
    bot = bot_label(note.bot, note.seat, voice.lang) if note.bot else ""
    text = voice.pick(words[perspective], name=voice.name(note.seat), by=by, bot=bot, n=note.seat + 1)
    return text[0].upper() + text[1:]
