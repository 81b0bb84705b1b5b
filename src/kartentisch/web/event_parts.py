"""What the frames of one event share, built once for all of them (issue 33): the seats' items in a language, the
running clocks, the sockets present, the rematch offer.

:meth:`LiveTable.frame <kartentisch.web.live.LiveTable.frame>` filters per viewer; these parts are the same for
every viewer (each is made from the table alone, nothing of any seat's view), so a broadcast
(:func:`~kartentisch.web.fanout.broadcast`) makes them once per event and hands them to every frame it builds, where
each frame made them again before. The only viewer-dependent field among them, a seat's ``hand_over``, is applied
per viewer to the shared items (:meth:`EventParts.seats`). All frames of an event read one clock time.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from ..bots import bot_label
from . import clock, presence, rematch
from .frame_items import shown_spec
from .frames import Presence, RematchOfferOut, SeatKind, SeatOut, Timeout
from .notes import bot_for, move_counts

if TYPE_CHECKING:
    from .live import LiveTable


def running_deadlines(table: LiveTable) -> dict[int, clock.Deadline]:
    """Each seat's running deadline: its armed timer's, or, with a turn-based clock, which arms no timer (the turn
    sweep runs it out, issue 34), the stored one (:func:`~kartentisch.web.clock.deadlines`)."""
    running = {seat: timer[0] for seat, timer in table.timers.items()}
    clock_doc = clock.TableClock.parse(table.record.clock) if table.record.clock else None
    if clock_doc is not None and clock_doc.preset.turn_based:
        running.update({seat: d for seat, d in clock.deadlines(table, table.time_scale).items() if d.swept})
    return running


class EventParts:
    """The parts of ``table``'s frames now that do not depend on the viewer, each made when first asked and then
    kept (for the frames of one event only: make a new one after anything changes).

    Attributes:
        now: the clock time the frames' seconds are counted from (epoch s).
        running: :func:`running_deadlines`.
        connected: the viewers with a socket at the table (:mod:`~kartentisch.web.presence`).
        offer: the frame's ``rematch_offer`` (:func:`~kartentisch.web.rematch.offer`).
    """

    __slots__ = ("_hand_over", "_seats", "connected", "now", "offer", "running", "table")

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.now = time.time()
        self.running = running_deadlines(table)
        self.connected: set[int | None] = {sub.viewer for sub in table.subscribers.values()}
        self.offer: RematchOfferOut | None = rematch.offer(table, table.time_scale)
        self._seats: dict[str, list[SeatOut]] = {}
        self._hand_over: list[bool] | None = None

    def seats(self, viewer: int | None, lang: str) -> list[SeatOut]:
        """The frame's ``seats`` for ``viewer`` in ``lang`` (:class:`~kartentisch.web.frames.SeatOut`): the shared
        items, with ``hand_over`` true where a person's seat (the viewer's own) may hand that seat to a bot now
        (:func:`~kartentisch.web.presence.hand_over_refusal` says nothing against it). The items are shared by the
        frames of the event: read them, never change them."""
        items = self._seats.get(lang)
        if items is None:
            items = self._seats[lang] = self._seat_items(lang)
        table = self.table
        if viewer is None or table.record.seats[viewer].kind != "human":
            return items
        if self._hand_over is None:
            self._hand_over = [presence.hand_over_refusal(table, s.seat, table.time_scale, self.connected) is None
                               for s in table.record.seats]
        if not any(may for seat, may in enumerate(self._hand_over) if seat != viewer):
            return items
        return [replace(s, hand_over=True) if may and s.seat != viewer else s
                for s, may in zip(items, self._hand_over, strict=True)]

    def _seat_items(self, lang: str) -> list[SeatOut]:
        """The seats as every viewer sees them in ``lang``, ``hand_over`` false (see :meth:`seats`); ``played_by``
        the label of the bot playing a person's seat now (the notes' :func:`~.notes.bot_for`, as the log names its
        moves, else the seat's ``stand_in``), ``bot_moves`` once the match is over (:func:`bot_moves`). The casts name
        their types as strings: ``cast(Presence | None, …)`` built that union on every call (2 % of a colors move)."""
        table, now = self.table, self.now
        names, shorts = table.names[lang], table.short_names[lang]
        helped = bot_moves(table) if table.state.game_over else {}
        items = []
        for s in table.record.seats:
            timer = self.running.get(s.seat)
            playing = (bot_for(table.notes, table.log, s.seat) if table.notes else None) or s.stand_in
            items.append(SeatOut(
                seat=s.seat, kind=cast("SeatKind", s.kind), name=names[s.seat],
                short_name=shorts[s.seat] or names[s.seat], bot=shown_spec(s.bot or s.stand_in),
                presence=cast("Presence | None", presence.presence(table, s.seat, table.time_scale, self.connected)),
                stand_in=s.stand_in is not None,
                clock=None if timer is None else round(max(0.0, timer.at - now), 1),
                clock_then=None if timer is None else cast("Timeout", timer.then),
                ran_out=clock.ran_out(table, s.seat),
                hand_over=False,
                played_by=None if playing is None else bot_label(playing, s.seat, lang),
                bot_moves=helped.get(s.seat),
            ))
        return items


def bot_moves(table: LiveTable) -> dict[int, list[int]]:
    """``{seat: [moves a bot made for its person, all its moves]}`` of the seats a bot made moves for (a hand-over, the
    host's removal, a run-out clock, a rematch's stand-in: :func:`~.notes.move_counts`), as a group's standings
    count them (:func:`~.group_store.table_result`); a seat a bot never moved for is absent."""
    return {seat: [by_bot, moves] for seat, (moves, by_bot) in enumerate(move_counts(table.log, table.record.players))
            if by_bot}
