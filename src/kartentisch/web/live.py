"""Live tables: a match in memory, its seats, its log told in words, and the one per-recipient filter.

Every message a client receives — HTTP response or WebSocket frame — is built by
:meth:`LiveTable.frame` for one viewer (a seat, or ``None`` for a spectator): the seat's
``state.view(seat)``, that seat's own legal tokens, and the move log as ``public_token`` shows it to
that viewer, with each move told in words from that viewer's views only (``narrate``, in the viewer's
language; made once per move when it is applied). The god document (``to_doc``) never leaves the server
(boardgame.io's lesson: one filter, tested on every frame).

A table changes only through the :class:`~kartentisch.web.hub.Hub`: check legality on the live state (nothing
changes on error) → commit the tokens to the store → apply them here (:meth:`LiveTable.apply_local`) → push a fresh
frame to every subscriber (:meth:`LiveTable.broadcast`).

The frame's items (seat names, log entries, choices) are built by :mod:`~kartentisch.web.frame_items`, what the
frames of one event share (the seats, the clocks, the rematch offer) by :mod:`~kartentisch.web.event_parts`, and the
subscribers' sockets are served by :mod:`~kartentisch.web.fanout`: this module holds the table and its filter.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sys
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, cast

from ..kernel import GameState, IllegalAction, Match, lookup
from ..kernel.summary import round_summary, score_now
from ..kernel.words import LANGS, Narration, Voice, listing, narrate
from . import clock, fanout, rematch
from .card_names import CardNames
from .chat import message_text
from .errors import ApiError
from .event_parts import EventParts
from .fanout import Subscriber
from .frame_items import choice_items, log_items, seat_names, seat_short_names
from .frames import (
    ChatOut,
    FrameOut,
    LogEntryOut,
    RoundSummaryOut,
    SeatNoteEntry,
    StartEntry,
    Timeout,
)
from .notes import bot_for, mover_names, note_text, own_cards_said, removed_said
from .records import ChatRecord, NoteRecord, SeatRecord, TableRecord
from .refusals import REFUSED, illegal_move, said, table_refused

log = logging.getLogger(__name__)

#: Longest action line (characters), over HTTP and WebSocket alike.
MAX_ACTION = 2000
#: Chat messages a frame carries at most: the latest (a socket's later frames carry only the new ones).
CHAT_FRAME = 200
#: The key of :attr:`LiveTable.timers` for the rematch offer's timer (the others are seats).
REMATCH_TIMER = -1
#: The name of a spectator's chat message.
SPECTATOR_NAME = {"en": "Spectator", "de": "Zuschauer"}


#: Who reads a table's log: a viewer (seat, or ``None`` for a spectator) and a language.
Reader = tuple[int | None, str]


@dataclass(slots=True)
class LogEntry:
    """One applied token: its seat, the token and what it tells each reader who has read the table
    (:class:`~kartentisch.kernel.words.Narration`: public token, sentence, round text), per :data:`Reader`.
    Told once per reader: when the token is applied, or when the reader first reads the table
    (:meth:`LiveTable.read_by`)."""

    seat: int
    token: str
    #: The bot that made it for the seat's person (:func:`~kartentisch.web.notes.bot_for`), else ``None``.
    bot: str | None = None
    told: dict[Reader, Narration] = field(default_factory=dict)


@dataclass(slots=True)
class LiveTable:
    """A table in memory. Use :meth:`from_record`; mutate only through the hub (:meth:`~kartentisch.web.hub.Hub.act`,
    under :attr:`lock`)."""

    record: TableRecord
    match: Match
    log: list[LogEntry] = field(default_factory=list)
    subscribers: dict[int, Subscriber] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    rematch_id: str | None = None
    #: The running timers: a seat's clock (:class:`~kartentisch.web.clock.Deadline`), or the rematch offer's
    #: (:data:`REMATCH_TIMER`), each with its task.
    timers: dict[int, tuple[clock.Deadline, asyncio.Task[None]]] = field(default_factory=dict)
    accessed: float = field(default_factory=time.monotonic)
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: The seats' names where a sentence makes them owners, per language (:func:`~.frame_items.seat_short_names`).
    short_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    chat: list[ChatRecord] = field(default_factory=list)
    #: The readers whose words every log entry holds, told as each token is applied.
    readers: set[Reader] = field(default_factory=set)
    #: The current view of each viewer among :attr:`readers` (a frame's ``view``; the next move's "before").
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    #: Each reader's view of the match's start (round 1 as dealt), and round 1's start told to each reader with the
    #: names it was told with (:meth:`start_text`).
    start_views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    starts: dict[Reader, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    #: The seats' notes in order (:mod:`~kartentisch.web.handover`), shown in the log among the moves.
    notes: list[NoteRecord] = field(default_factory=list)
    #: When each seat's last socket closed here (``time.monotonic``), and when the table was loaded:
    #: :mod:`~kartentisch.web.presence`.
    socket_left: dict[int, float] = field(default_factory=dict)
    loaded: float = field(default_factory=time.monotonic)
    #: The people's seats known to have been at the table (a socket here, a move, a note of theirs):
    #: :func:`~kartentisch.web.presence.came`.
    came: set[int] = field(default_factory=set)
    #: The hub's ``time_scale``: the clocks' and presence's seconds are multiplied by it.
    time_scale: float = 1.0
    #: When each event of :attr:`log` was committed (epoch s), and for each seat asked now the number of events
    #: before its decision began (a seat missing was asked from the start): another seat's move in a simultaneous
    #: step does not begin a new decision for the others (:func:`~kartentisch.web.clock.deadlines`).
    event_at: list[float] = field(default_factory=list)
    asked_from: dict[int, int] = field(default_factory=dict)
    _card_names: CardNames | None = field(default=None, init=False, repr=False)

    @classmethod
    def from_record(cls, record: TableRecord) -> LiveTable:
        """Rebuild a table by replaying its event log from the header (raises KartentischError). The moves are
        told in words when a reader first asks (:meth:`read_by`), not here: a table loaded for one action or
        one viewer does not tell every move to every seat in every language."""
        match = Match(lookup(record.game), record.players, dict(record.options), record.seed)
        table = cls(record=record, match=match, rematch_id=record.rematch_id,
                    names={lang: seat_names(record.seats, lang) for lang in LANGS},
                    short_names={lang: seat_short_names(record.seats, lang) for lang in LANGS}, chat=list(record.chat),
                    notes=list(record.notes))
        times = record.event_at if len(record.event_at) == len(record.events) else ()
        for i, (seat, token) in enumerate(record.events):
            table.apply_local(seat, [token], times[i] if times else record.touched)
        return table

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> GameState:
        """The current position."""
        return self.match.state

    @property
    def id(self) -> str:
        """Table id."""
        return self.record.id

    @property
    def card_names(self) -> CardNames:
        """The names of the cards its frames show (:class:`CardNames`, over the game's deck for these options, one
        per game and deck in the process: :meth:`CardNames.of`)."""
        if self._card_names is None:
            state = self.state
            self._card_names = CardNames.of(state.game, frozenset(state.game.deck(state.players, state.options)))
        return self._card_names

    @property
    def has_person(self) -> bool:
        """A person holds a seat (else only bots play: :data:`~kartentisch.web.workers.BOT_ONLY`)."""
        return any(s.kind == "human" for s in self.record.seats)

    @property
    def waiting_for_seats(self) -> list[int]:
        """The open seats, nobody's yet (the match starts once there is none)."""
        return [s.seat for s in self.record.seats if s.kind == "open"]

    def _listed(self, seats: list[int]) -> dict[str, str]:
        """``seats`` by name as a sentence lists them ("Ada and Ben" / "Ada und Ben"), per language."""
        return {lang: listing([self.names[lang][s] for s in seats], lang) for lang in LANGS}

    def seat_taken(self, seat: SeatRecord) -> None:
        """An open seat is now ``seat`` (committed to the store): the record and the seats' names follow (the last
        open seat taken starts the match, as the store records it)."""
        seats = [seat if s.seat == seat.seat else s for s in self.record.seats]
        started = self.record.started
        if self.waiting_for_seats and not any(s.kind == "open" for s in seats):
            started = time.time()
        self.record = replace(self.record, seats=seats, started=started)
        self.names = {lang: seat_names(seats, lang) for lang in LANGS}
        self.short_names = {lang: seat_short_names(seats, lang) for lang in LANGS}

    def seat_of(self, token: str | None) -> int | None:
        """Seat of a human seat token; ``None`` for no token. Raises ApiError 401 for an unknown token, and
        :meth:`removed` for the token of a seat the host gave to a bot for good (the seat keeps its token so that its
        link is told so, in the players' words, instead of "unknown": a fresh user's friend read a bare error)."""
        if token is None:
            return None
        given = token.encode("utf-8", "surrogateescape")  # compare_digest refuses non-ASCII str
        for s in self.record.seats:
            if s.token is not None and secrets.compare_digest(s.token.encode(), given):
                if s.kind != "human":
                    raise self.removed(s.seat)
                return s.seat
        raise ApiError(401, "unknown seat token for this table")

    def removed(self, seat: int) -> ApiError:
        """The refusal (401) of ``seat``'s own link once the host gave the seat to its bot for the rest of the match
        (:func:`~kartentisch.web.handover.remove`): it names the bot and offers to watch (``said``), never the seat's
        cards."""
        return ApiError(401, f"the host gave {self.names['en'][seat]}'s seat to a bot for the rest of the match; "
                             "this link may watch the table as a spectator",
                        said=removed_said(self.record.seats[seat].bot or "random", seat))

    def apply_local(self, seat: int, tokens: list[str], at: float | None = None) -> None:
        """Apply already checked (and committed) tokens in memory, logging each one as every reader of
        :attr:`readers` reads it (:func:`~kartentisch.kernel.words.narrate` on that viewer's views and public
        token) and keeping their :attr:`views` current; ``at``: when they were committed (``None``: now), kept in
        :attr:`event_at` with :attr:`asked_from`."""
        viewers = {viewer for viewer, _ in self.readers}
        for token in tokens:
            asked = set(self.state.to_act())
            entry = LogEntry(seat, token, bot_for(self.notes, self.log, seat) if self.notes else None)
            if not viewers:
                self.match.apply(seat, token)
            else:
                before = self.state.clone()  # narrate asks the position before the move for the public token
                self.match.apply(seat, token)
                after = {viewer: self.state.view(viewer) for viewer in viewers}
                for viewer, lang in self.readers:
                    entry.told[viewer, lang] = self._told(before, self.state, entry, viewer, lang,
                                                          (self.views[viewer], after[viewer]))
                self.views = after
            self.log.append(entry)
            self.event_at.append(time.time() if at is None else at)
            n = len(self.log)
            self.asked_from = {s: self.asked_from.get(s, 0) if s in asked and s != seat else n
                               for s in self.state.to_act()}

    def voice(self, viewer: int | None, lang: str) -> Voice:
        """The :class:`Voice` of ``viewer`` (a seat, ``None``: a spectator) in ``lang``, with the table's seat names."""
        return Voice(lang, viewer, self.names[lang], self.short_names[lang])

    def mover_voice(self, viewer: int | None, lang: str, entry: LogEntry) -> Voice:
        """The voice that tells ``entry`` to ``viewer``: :meth:`voice`, but a move a bot made for a person's seat names
        the seat as that bot playing for them, in the third person even to the seat's own reader (who is told the
        move as a spectator would be, and then the cards only it saw move, :meth:`_told`)."""
        if entry.bot is None:
            return self.voice(viewer, lang)
        names = mover_names(self.names[lang], entry.seat, entry.bot, viewer, lang)
        # a sentence naming the seat as an owner names the person ("Ada's grid", not "Bot Lena … for Ada's grid")
        shorts = tuple(short or self.names[lang][s] for s, short in enumerate(self.short_names[lang]))
        return Voice(lang, None if viewer == entry.seat else viewer, names, shorts)

    def read_by(self, viewer: int | None, lang: str) -> None:
        """Make ``(viewer, lang)`` one of :attr:`readers`: the first time, tell it every move so far by replaying
        the match from its header (its views only, as :meth:`apply_local` would have), once per table in memory.
        Raises ValueError for a seat that is not the table's."""
        if (viewer, lang) in self.readers:
            return
        if viewer is not None and not 0 <= viewer < self.record.players:
            raise ValueError(f"seat {viewer} is not a seat of this table")
        replay = Match(self.match.game, self.record.players, dict(self.record.options), self.record.seed)
        view = replay.state.view(viewer)
        self.start_views.setdefault(viewer, view)
        for entry in self.log:
            before = replay.state.clone()
            replay.apply(entry.seat, entry.token)
            after = replay.state.view(viewer)
            entry.told[viewer, lang] = self._told(before, replay.state, entry, viewer, lang, (view, after))
            view = after
        self.readers.add((viewer, lang))
        self.views.setdefault(viewer, view)

    def _told(self, before: GameState, after: GameState, entry: LogEntry, viewer: int | None, lang: str,
              views: tuple[dict[str, Any], dict[str, Any]]) -> Narration:
        """``entry`` (the move from ``before`` to ``after``) as ``viewer`` reads it in ``lang`` (``views``: its views
        before and after): in :meth:`mover_voice`, and to the own reader of a seat a bot played for, with what the
        move did with the cards only that seat sees (:func:`~kartentisch.web.notes.own_cards_said`); the round's
        result a bot's move ends is told in the plain :meth:`voice` (the scores and the win are the seat's)."""
        told = self._tell(before, after, entry.seat, entry.token, self.mover_voice(viewer, lang, entry), views)
        if entry.bot is None:
            return told
        round_text = told.round_text
        if round_text is not None:  # the round's result is the seat's, not its bot's ("Ben +36", "You win")
            round_text = self._tell(before, after, entry.seat, entry.token, self.voice(viewer, lang), views).round_text
        more = own_cards_said(before, after, entry.seat, lang) if viewer == entry.seat else ""
        return Narration(told.token, f"{told.text} {more}" if more else told.text, round_text)

    def _tell(self, before: GameState, after: GameState, seat: int, token: str, voice: Voice,
              views: tuple[dict[str, Any], dict[str, Any]]) -> Narration:
        """:func:`narrate` for one reader; if the game's words fail, "Name: token" as for a game without words
        (logged), since the move is committed already and the table must go on."""
        try:
            told = narrate(before, seat, token, after, voice, views)
        except Exception:
            log.exception("%s: describe_move failed for %s %r (table %s, reader %s); plain text instead",
                          self.record.game, voice.lang, token, self.id, voice.viewer)
            public = before.public_token(seat, token, voice.viewer)
            return Narration(public, f"{voice.who(seat)}: {public}", None)
        # Most readers are told the same words: one string kept for all of them.
        return Narration(told.token, sys.intern(told.text),
                         None if told.round_text is None else sys.intern(told.round_text))

    def check(self, seat: int, line: str) -> list[str]:
        """The tokens of ``line`` if ``seat`` may apply them all now; raises ApiError 409/422, changes nothing."""
        if not isinstance(line, str) or not line.strip():
            raise ApiError(422, "an action is a non-empty token string, e.g. \"play:r7\"", said=REFUSED["no_move"])
        if len(line) > MAX_ACTION:
            raise ApiError(422, f"an action line has at most {MAX_ACTION} characters", said=REFUSED["long_move"])
        if self.state.game_over:
            raise ApiError(409, "the match is over", said=table_refused(self.match.game, "over"))
        if waiting := self.waiting_for_seats:
            raise ApiError(409, f"the match starts once every seat is taken; waiting for "
                                f"{', '.join(self.names['en'][s] for s in waiting)}",
                           said=said(table_refused(self.match.game, "waiting_seats"), names=self._listed(waiting)))
        if seat not in self.state.to_act():
            names = self.names["en"]  # the page shows this: names, not 0-based seat numbers
            raise ApiError(409, f"{names[seat]} has no decision now; waiting for "
                                f"{', '.join(names[s] for s in self.state.to_act())}",
                           said=said(REFUSED["not_your_turn"], names=self._listed(self.state.to_act())))
        tokens = line.split()
        try:
            if len(tokens) == 1 and self.state.is_legal(seat, tokens[0]):
                return tokens
            self.state.clone().apply_line(seat, line)
        except IllegalAction as exc:  # the rule goes in its own field, once; the seat by its name, not its index
            move = f"{exc.token!r} is not allowed for {self.names['en'][seat]}: " if exc.token else ""
            said_as = illegal_move(self.state.game, exc.rule)  # the rule in words, no card: any reader may read it
            raise ApiError(422, move + exc.reason, rule=exc.rule, said=said_as) from None
        except Exception:  # a game's own defect (a plug-in's parser): this line is refused, the table goes on
            log.exception("%s: checking %r of seat %d failed (table %s)", self.record.game, line[:80], seat, self.id)
            raise ApiError(422, "the game could not read this move; nothing applied") from None
        return tokens

    # ------------------------------------------------------------------ the filter
    def frame(self, viewer: int | None, log_start: int = 0, lang: str = "en",
              chat_start: int | None = None, parts: EventParts | None = None) -> FrameOut:
        """Everything ``viewer`` (a seat, or ``None``: spectator) may know now, as one frame, its texts in ``lang``
        (one of :data:`~kartentisch.kernel.words.LANGS`; :func:`~kartentisch.web.errors.frame_lang` checks a
        client's).

        Each field is declared, with what it means, once: in :class:`~kartentisch.web.frames.FrameOut`, which this
        builds (and ``/docs`` shows). What a viewer is given: ``view`` is ``state.view(viewer)``, its ``to_act``
        empty while seats are open (:attr:`waiting_for_seats`: nobody can act before the match starts); ``legal`` and
        ``choices`` (:func:`~kartentisch.web.frame_items.choice_items`) are the viewer's own; ``card_names`` names
        the card codes of ``view`` only (:class:`~kartentisch.web.card_names.CardNames`); each ``log`` entry is told
        from the viewer's views only (:meth:`read_by`), with the seats' notes made after ``k`` events before event
        ``k`` (those after the last event at the end); the round's scoring (issue 21,
        :mod:`kartentisch.kernel.summary`) is read from ``view``. None of the seats' entries (issue 32) carries a card.

        Args:
            log_start: the first event of ``log`` (a socket gets the whole log first, then what is new; events,
                not entries).
            chat_start: the first chat message of ``chat`` (:meth:`chat_item`); ``None``: the latest
                :data:`CHAT_FRAME`.
            parts: what the frames of this event share (:class:`~kartentisch.web.event_parts.EventParts`: the seats,
                the clocks, the rematch offer), when the caller builds several; ``None``: made for this frame.
        """
        self.read_by(viewer, lang)
        state = self.state
        view = self.views[viewer]
        game = self.match.game
        waiting = self.waiting_for_seats
        if waiting:  # nobody acts before every seat is taken: the frame names no seat to act (not the rules' first)
            view = {**view, "to_act": []}
        legal = state.legal_actions(viewer) if viewer is not None and not waiting else []
        if chat_start is None:
            chat_start = max(0, len(self.chat) - CHAT_FRAME)
        if parts is None:
            parts = EventParts(self)
        own = parts.running.get(viewer) if viewer is not None else None
        return FrameOut(
            type="state",
            table=self.id,
            game=self.record.game,
            lang=lang,
            seat=viewer,
            seats=parts.seats(viewer, lang),
            view=view,
            phase_text=self.match.game.phase_name(view["phase"], lang),
            legal=legal,
            choices=[] if viewer is None else choice_items(game, viewer, view, legal, self.voice(viewer, lang)),
            page_facts=dict(game.page_facts(view, viewer)),
            card_names=self.card_names.of_view(view, lang),
            spectator_chat=self.record.spectator_chat,
            log=self._log(viewer, lang, log_start),
            log_start=log_start,
            n=len(self.log),
            rematch=self.rematch_id is not None,
            rematch_table=self.rematch_id,
            rematch_offer=parts.offer,
            fixed_seed=self.record.seed if self.record.seed_given else None,
            countdown=None if own is None else round(max(0.0, own.at - parts.now), 1),
            countdown_then=None if own is None else cast(Timeout, own.then),
            lower_wins=game.score_sign < 0,
            score_now=score_now(game, view),
            round_summary=RoundSummaryOut.of(round_summary(game, view, self.voice(viewer, lang))),
            hints=self.record.hints,
            waiting_for_seats=waiting,
            chat=[self.chat_item(m, lang) for m in self.chat[chat_start:]],
            chat_start=chat_start,
        )

    def _log(self, viewer: int | None, lang: str, log_start: int) -> list[LogEntryOut]:
        """The frame's ``log`` from event ``log_start`` on for ``viewer`` in ``lang``, the seats' notes among the
        moves (see :meth:`frame`)."""
        moves = [log_items(e.seat, e.told[viewer, lang], self.card_names, lang) for e in self.log[log_start:]]
        start: list[LogEntryOut] = []
        if log_start == 0 and (text := self.start_text(viewer, lang)):
            start.append(StartEntry("start", text))
        if not self.notes:
            return start + [item for items in moves for item in items]
        voice = self.voice(viewer, lang)
        notes: dict[int, list[LogEntryOut]] = {}
        offered: set[int] = set()
        for note in self.notes:
            first = note.what == rematch.JOIN and note.after not in offered
            if first:
                offered.add(note.after)
            if note.after >= log_start:
                notes.setdefault(note.after, []).append(SeatNoteEntry("seat", note.seat, note_text(note, voice, first)))
        out = start
        for k, items in enumerate(moves, start=log_start):
            out += notes.get(k, [])
            out += items
        return out + notes.get(len(self.log), [])

    def start_text(self, viewer: int | None, lang: str) -> str:
        """Round 1 as the match's start dealt it, told to ``viewer`` in ``lang`` from its own view of the start
        (:meth:`Game.describe_start <kartentisch.kernel.Game.describe_start>`: "Ada deals round 1. The start card is
        Red 1."; later rounds' deals are moves, told as such), or ``""`` for a game that does not tell it. Told again
        when a seat's name changed (a seat taken, a name chosen); ``viewer`` must be a reader (:meth:`read_by`). If
        the game's words fail, ``""`` (logged): the table goes on."""
        game = self.match.game
        if game.parts.describe_start is None:
            return ""
        names = self.names[lang]
        kept = self.starts.get((viewer, lang))
        if kept is not None and kept[0] is names:
            return kept[1]
        try:
            text = game.describe_start(self.start_views[viewer], self.voice(viewer, lang))
        except Exception:
            log.exception("%s: describe_start failed for %s (table %s, reader %s)", self.record.game, lang, self.id,
                          viewer)
            text = ""
        self.starts[viewer, lang] = (names, text)
        return text

    def chat_item(self, message: ChatRecord, lang: str) -> ChatOut:
        """A chat message as a frame carries it: ``{"id", "seat", "name", "text", "at", "reaction"}``, ``name`` the
        seat's in ``lang`` (a spectator's: "Spectator"/"Zuschauer"), a quick reaction's text in ``lang`` too
        (:func:`~kartentisch.web.chat.message_text`), ``at`` an ISO 8601 time in UTC."""
        name = SPECTATOR_NAME[lang] if message.seat is None else self.names[lang][message.seat]
        at = datetime.fromtimestamp(message.at, UTC).isoformat(timespec="seconds")
        return ChatOut(message.id, message.seat, name, message_text(message, lang), at, message.reaction)

    async def broadcast(self) -> None:
        """Push each subscriber its frame with what it has not had yet, one frame built per reader position, a slow
        or failing subscriber dropped (:func:`~kartentisch.web.fanout.broadcast`)."""
        await fanout.broadcast(self)

    async def push(self, sub_id: int, sub: Subscriber) -> None:
        """Send one subscriber its frame with what it has not had yet (:func:`~kartentisch.web.fanout.push`)."""
        await fanout.push(self, sub_id, sub)

    @property
    def idle(self) -> bool:
        """No socket listens, no action is being applied, no bot thinks and no timer runs: the table may leave
        memory (the DB keeps it). Handlers take the lock right after :meth:`~kartentisch.web.hub.Hub.get` without
        yielding, so a table in use is never dropped."""
        return (not self.subscribers and not self.timers and not self.lock.locked()
                and (self.bot_task is None or self.bot_task.done()))


