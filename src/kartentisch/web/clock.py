"""The table's clocks (issue 32): one per-turn clock per person asked to decide, and what happens when it runs out.

A table is created with a clock preset (:data:`CLOCKS`, ``clock`` of ``POST /api/tables``; none by default) and what
its running out does (:data:`ON_TIMEOUT`): ``bot`` (a bot makes that one move for the seat, the person keeps the
seat) or ``ask`` (nothing is played; every other person at the table may now hand the seat to a bot,
:mod:`~kartentisch.web.handover`). Beside it, the table's reaction timer (``reaction_seconds``) passes for a person
asked a decision that allows ``pass`` (mayhem's reaction windows, mayhem R21/R31) — but not on the person's own turn
after drawing (mayhem R2: the seat's previous event is its own draw; that is its turn and its turn clock runs). Both
are the same clock on the page: the frame's ``countdown`` and each seat's ``clock`` (:func:`deadlines`).

A deadline is derived from stored state, so a restarted server (or another process of a shared store) arms the same
one: each seat's counts from when its decision began (:func:`asked_since`: the event after which it was asked, or
the start of the match) or from the seat's own latest note if later. In a simultaneous decision (lastcard's passing)
another seat's move does not start the waiting seats' clocks again: each keeps counting from the start of the step
(a fresh user's finding: the slowest player's deadline moved with every other pass). A live clock starts for a
person once they have opened their seat (:func:`seated`). A clock that ran out with ``ask`` is stored as a note after
the same number of events, so it stays run out after a restart until the seat moves.

Presets are data: a new one is one line of :data:`CLOCKS`. The turn-based ones (``day``, ``3days``; issue 34) run
no timer: :mod:`~kartentisch.web.turns` finds their due deadlines in the store. Their seconds are
multiplied by the hub's ``time_scale`` (1 in play; tests use a small one instead of waiting minutes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fastapi import APIRouter

if TYPE_CHECKING:
    from .live import LiveTable


@dataclass(frozen=True)
class ClockPreset:
    """A table clock: its id (as ``POST /api/tables`` names it), the seconds a person has per decision and its name
    in each language (for the lobby)."""

    id: str
    seconds: float
    names: dict[str, str]
    #: A turn-based clock (hours or days a move, issue 34): no timer runs for it in memory; the turn sweep
    #: (:mod:`~kartentisch.web.turns`) finds its due deadlines in the store, so an idle table costs nothing.
    turn_based: bool = False


#: The clock presets by id; a table without a clock stores none ("off").
CLOCKS: dict[str, ClockPreset] = {p.id: p for p in (
    ClockPreset("relaxed", 120, {"en": "relaxed: 2 minutes a move", "de": "gemütlich: 2 Minuten pro Zug"}),
    ClockPreset("fast", 30, {"en": "fast: 30 seconds a move", "de": "schnell: 30 Sekunden pro Zug"}),
    ClockPreset("day", 86400, {"en": "turn-based: a day a move", "de": "rundenbasiert: ein Tag pro Zug"}, True),
    ClockPreset("3days", 3 * 86400, {"en": "turn-based: 3 days a move", "de": "rundenbasiert: 3 Tage pro Zug"},
                True),
)}
#: The id of "no clock".
OFF = "off"
#: What a clock running out does, in the lobby's words: a bot makes that move, or the others are asked.
ON_TIMEOUT: dict[str, dict[str, str]] = {
    "bot": {"en": "a bot makes that move", "de": "ein Bot macht diesen Zug"},
    "ask": {"en": "the others may give the seat to a bot", "de": "die anderen dürfen den Platz an einen Bot geben"},
}
#: The note of a person's first arrival at a table with a live clock (:func:`seated`).
SEATED = "seated"
#: The bot making the move of a seat whose clock ran out with ``bot`` (the lobby's "medium").
TIMEOUT_BOT = "heuristic"


@dataclass(frozen=True)
class TableClock:
    """A table's stored clock: the preset and what running out does (stored as ``"<preset>:<on_timeout>"``)."""

    preset: ClockPreset
    then: str

    def stored(self) -> str:
        """The form kept in the store's ``clock`` column."""
        return f"{self.preset.id}:{self.then}"

    @classmethod
    def parse(cls, stored: str | None) -> TableClock | None:
        """The clock of a stored ``"<preset>:<then>"`` (``None``: none; a preset this server no longer knows is
        none too, so an old table still loads)."""
        if not stored:
            return None
        preset, _, then = stored.partition(":")
        return cls(CLOCKS[preset], then) if preset in CLOCKS and then in ON_TIMEOUT else None


#: The refusals of :func:`table_clock` (and of a reaction timer at a turn-based table) in the players' words.
REFUSED = {
    "clock": {"en": "There is no such clock; choose one from the list.",
              "de": "Diese Uhr gibt es nicht; wähle eine aus der Liste."},
    "on_timeout": {"en": "Choose what happens when a person's time runs out: a bot moves, or the others decide.",
                   "de": "Wähle, was geschieht, wenn die Zeit abläuft: Ein Bot zieht, oder die anderen entscheiden."},
    "turn_based_reaction": {"en": "A table with a day or more per move has no reaction time: leave it empty.",
                            "de": "Ein Tisch mit einem Tag oder mehr pro Zug hat keine Reaktionszeit: Lass sie leer."},
}


class ClockRefused(ValueError):
    """An unknown clock or ``on_timeout`` (``str()``: for developers); ``texts``: the players' words per language."""

    def __init__(self, message: str, texts: dict[str, str]) -> None:
        super().__init__(message)
        self.texts = texts


def table_clock(preset: str | None, on_timeout: str | None) -> TableClock | None:
    """The clock a creation request asks for (``preset`` ``None`` or :data:`OFF`: none; ``on_timeout`` ``None``:
    ``ask``).

    Raises:
        ClockRefused: an unknown preset or ``on_timeout``, naming the known ones (a ValueError).
    """
    if preset in (None, OFF):
        return None
    if preset not in CLOCKS:
        raise ClockRefused(f"unknown clock {preset!r}; choose one of {', '.join([OFF, *CLOCKS])}", REFUSED["clock"])
    then = on_timeout or "ask"
    if then not in ON_TIMEOUT:
        raise ClockRefused(f"unknown on_timeout {then!r}; choose one of {', '.join(ON_TIMEOUT)}",
                           REFUSED["on_timeout"])
    return TableClock(CLOCKS[preset], then)


@dataclass(frozen=True)
class Deadline:
    """When a person's current decision runs out (epoch s) and what then happens: ``pass`` (the reaction timer),
    ``bot`` or ``ask`` (the table clock)."""

    at: float
    then: str
    #: Of a turn-based clock: the turn sweep runs it out, not a timer (:attr:`ClockPreset.turn_based`).
    swept: bool = False


def is_reaction(table: LiveTable, seat: int) -> bool:
    """``seat`` is asked a decision it may ``pass`` that is not the rest of its own turn: its previous event is
    another seat's (after its own draw, mayhem R2, ``pass`` ends its turn and the turn clock applies)."""
    if not table.state.is_legal(seat, "pass"):
        return False
    return not table.log or table.log[-1].seat != seat


def ran_out(table: LiveTable, seat: int) -> bool:
    """The table clock of ``seat`` ran out with ``ask`` on the current position (a stored ``timeout_ask`` note after
    as many events as there are now)."""
    return any(n.what == "timeout_ask" and n.seat == seat and n.after == len(table.log) for n in table.notes)


def seated(table: LiveTable, seat: int) -> bool:
    """The person of ``seat`` has been at the table: a ``seated`` note (their seat's page opened,
    :func:`~kartentisch.web.handover.seated`) or a move of the seat."""
    return any(n.what == SEATED and n.seat == seat for n in table.notes) or any(e.seat == seat for e in table.log)


def asked_since(table: LiveTable, seat: int) -> float:
    """When the decision ``seat`` is asked now began (epoch s): the commit of the event after which it was asked
    (:attr:`~kartentisch.web.live.LiveTable.asked_from`; another seat's move meanwhile does not count), or the
    start of the match; a note of the seat's own since (``seated``, ``back``: the person is here again) counts
    from the note. A table stored before the match's start was recorded counts from its last change."""
    begun = table.asked_from.get(seat, 0)
    if begun:
        start = table.event_at[begun - 1]
    else:
        start = table.record.started if table.record.started is not None else table.record.touched
    return max([start, *(n.at for n in table.notes if n.seat == seat)])


def deadlines(table: LiveTable, scale: float) -> dict[int, Deadline]:
    """The deadline of every person's decision now (see the module: counted from :func:`asked_since`; the reaction
    timer where it applies, else the table clock; none for a seat whose clock ran out with ``ask`` or a seat a bot
    plays). A live clock (not a turn-based one) runs only for a person who has been at the table (:func:`seated`):
    a friend still copying links, or one who has not opened theirs yet, is not moved for by a bot; a friend who never
    comes is *gone* after a minute and may be handed to a bot (:mod:`~kartentisch.web.presence`). A turn-based
    clock runs from the start, so a friend who never opens the link is handed over after a day."""
    if table.waiting_for_seats or table.state.game_over:
        return {}
    clock = TableClock.parse(table.record.clock)
    people = {s.seat for s in table.record.seats if s.kind == "human" and s.stand_in is None}
    out: dict[int, Deadline] = {}
    for seat in table.state.to_act():
        if seat not in people:
            continue
        start = asked_since(table, seat)
        if table.record.reaction_seconds and is_reaction(table, seat):
            out[seat] = Deadline(start + table.record.reaction_seconds, "pass")
        elif clock is not None and not ran_out(table, seat) and (clock.preset.turn_based or seated(table, seat)):
            out[seat] = Deadline(start + clock.preset.seconds * scale, clock.then, clock.preset.turn_based)
    return out


router = APIRouter()


@router.get("/api/clocks")
async def clocks() -> dict[str, object]:
    """The table clocks a table may be created with (``clock`` of ``POST /api/tables``): each preset's id, seconds
    per move and name in each language, and what running out may do (``on_timeout``) in words."""
    return {"presets": [{"id": p.id, "seconds": p.seconds, "names": p.names, "turn_based": p.turn_based}
                        for p in CLOCKS.values()],
            "off": OFF, "on_timeout": ON_TIMEOUT}
