"""Live tables: a match in memory, its seats, its subscribers, and the one per-recipient filter.

Every message a client receives — HTTP response or WebSocket frame — is built by
:meth:`LiveTable.frame` for one viewer (a seat, or ``None`` for a spectator): the seat's
``state.view(seat)``, that seat's own legal tokens, and the move log as ``public_token`` shows it to
that viewer, with each move told in words from that viewer's views only (``narrate``, in the viewer's
language; made once per move when it is applied). The god document (``to_doc``) never leaves the server
(boardgame.io's lesson: one filter, tested on every frame).

Order of an action: check legality on the live state (nothing changes on error) → commit the tokens
to the store → apply them in memory → push a fresh frame to every subscriber. Bots act the same way,
choosing in a worker thread on a clone so the event loop never waits for them.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..bots import bot_label, make_bot, parse_spec
from ..kernel import Choice, Game, GameState, IllegalAction, KartentischError, Match, lookup
from ..kernel.errors import first_line
from ..kernel.names import NameRefused, check_names
from ..kernel.summary import round_summary, score_now
from ..kernel.words import LANGS, Narration, Voice, check_lang, common_text, narrate
from . import clock, presence, rematch
from .notes import note_text
from .store import CHANNEL, ChatRecord, NoteRecord, SeatRecord, Store, TableRecord

#: A socket's sink: takes one message already encoded as JSON text (:func:`encode`), so a frame shared by many
#: subscribers is encoded once (issue 33).
Send = Callable[[str], Awaitable[None]]
log = logging.getLogger(__name__)


def encode(message: dict[str, Any]) -> str:
    """One message as the JSON text a socket sends: compact, UTF-8 text as is (what Starlette's ``send_json``
    sends), by orjson: 3.7–10.8× faster than ``json.dumps`` on a frame (issue 33, bench/README.md).
    A message's keys are strings and its integers below 2**63 (a table's seed is, ``TableIn``); orjson refuses
    anything else with ``TypeError``."""
    return orjson.dumps(message).decode()

#: Seconds a subscriber may take to accept one frame before it is dropped.
SEND_TIMEOUT = 10.0
#: Largest ``iterations`` of an ISMCTS seat, given as the seat's ``iterations`` field or inside its bot spec.
MAX_ITERATIONS = 1_000_000
#: Default wall-clock limit of one server-side ISMCTS decision (seconds; :class:`Hub` ``search_seconds``).
SEARCH_SECONDS = 5.0
#: Longest action line (characters), over HTTP and WebSocket alike.
MAX_ACTION = 2000
#: Bits of a seed the server draws for a table created without one (``secrets``: not predictable).
SECRET_SEED_BITS = 128
#: The worker pool of tables without a person (every bot kind), behind the pools of people's tables.
BOT_ONLY = "bot-only"
#: Scheduling priority (``nice``) of the bot-only workers: a person's table wins the CPU from them.
BOT_ONLY_NICE = 10
#: The worker pool of the coach's hints and reviews (:mod:`~kartentisch.web.coach`; issue 31): its own, so a person's
#: bot never waits for a hint, and at :data:`COACH_NICE`, between the people's bots (0) and the tables without a
#: person (:data:`BOT_ONLY_NICE`), so on a busy machine the bots' searches get the CPU first.
COACH_POOL = "coach"
COACH_NICE = 5
#: The CPU priority (``nice``) of each kind of worker pool (the others: 0).
POOL_NICE = {BOT_ONLY: BOT_ONLY_NICE, COACH_POOL: COACH_NICE}
#: Tables deleted from the store per transaction when expired ones are swept.
SWEEP_BATCH = 500
#: Chat messages a frame carries at most: the latest (a socket's later frames carry only the new ones).
CHAT_FRAME = 200
#: The key of :attr:`LiveTable.timers` for the rematch offer's timer (the others are seats).
REMATCH_TIMER = -1
#: The name of a spectator's chat message.
SPECTATOR_NAME = {"en": "Spectator", "de": "Zuschauer"}


class ApiError(Exception):
    """An error a client caused: HTTP ``status`` plus a message (and the rule id for illegal moves).

    ``said``: the refusal in the players' words, one text per language (:data:`~kartentisch.kernel.words.LANGS`),
    for a page to show as it is (issue 32: the join page showed the English message on a German page); the
    answer carries it as ``text`` in the language the request asked for (``?lang=``).
    """

    def __init__(self, status: int, message: str, rule: str | None = None,
                 said: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.said = said

    def body(self, lang: str | None = None) -> dict[str, Any]:
        """JSON error body: ``{"error": message, "rule"?: id, "text"?: the players' words in lang}``."""
        out: dict[str, Any] = {"error": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        if self.said is not None and lang is not None and lang in self.said:
            out["text"] = self.said[lang]
        return out


def frame_lang(lang: str) -> str:
    """``lang`` if frames come in it (:data:`~kartentisch.kernel.words.LANGS`); else ApiError 422 naming those."""
    try:
        return check_lang(lang)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None


def seat_names(seats: list[SeatRecord], lang: str) -> tuple[str, ...]:
    """The seats' names as people read them in ``lang``: the name given at creation, else a bot's label
    ("Bot Lena (strong)" / "Bot Lena (stark)", :func:`~kartentisch.bots.bot_label`: a person-like name per seat
    with its kind and strength), else "Seat n" counted from 1. Raises KartentischError for a stored bot spec that
    does not parse."""
    voice = Voice(lang)
    return tuple(s.name or (bot_label(s.bot or "random", s.seat, lang) if s.kind == "bot" else voice.name(s.seat))
                 for s in seats)


def bot_seed(table_seed: int, seat: int, n: int) -> int:
    """Seed of the bot deciding for ``seat`` at event number ``n``: the same after a restart."""
    digest = hashlib.blake2b(f"{table_seed}:{seat}:{n}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def format_spec(name: str, params: dict[str, Any]) -> str:
    """The spec string ``name[:key=value,...]`` of a parsed spec (inverse of :func:`~kartentisch.bots.parse_spec`)."""
    return name + (":" + ",".join(f"{key}={value}" for key, value in params.items()) if params else "")


def limited_spec(spec: str, seconds: float) -> str:
    """``spec`` with its ISMCTS search limited to ``seconds`` of wall-clock time per decision.

    An ISMCTS spec without ``time_budget_s`` (or with a larger one, stored before a lower limit) gets
    ``time_budget_s=seconds``; other bots are returned unchanged.
    """
    name, params = parse_spec(spec)
    budget = params.get("time_budget_s")
    if name != "ismcts" or (isinstance(budget, int | float) and budget <= seconds):
        return spec
    return format_spec(name, {**params, "time_budget_s": seconds})


def choose_move(spec: str, game: Game, seed: int, state: GameState, seat: int) -> str:
    """One bot decision: build the bot ``spec`` with ``seed`` and let it choose for ``seat`` (runs in a worker)."""
    return make_bot(spec, game, seed).choose(state, seat)


@dataclass
class Subscriber:
    """A socket listening to a table: its viewer, its sink, its language, how many events it has been sent, and
    how many chat messages (``None``: none yet, its first frame carries the latest :data:`CHAT_FRAME`)."""

    viewer: int | None
    send: Send
    sent: int = 0
    lang: str = "en"
    chat_sent: int | None = None


#: Who reads a table's log: a viewer (seat, or ``None`` for a spectator) and a language.
Reader = tuple[int | None, str]


@dataclass
class LogEntry:
    """One applied token: its seat, the token and what it tells each reader who has read the table
    (:class:`~kartentisch.kernel.words.Narration`: public token, sentence, round text), per :data:`Reader`.
    Told once per reader: when the token is applied, or when the reader first reads the table
    (:meth:`LiveTable.read_by`)."""

    seat: int
    token: str
    told: dict[Reader, Narration] = field(default_factory=dict)


def _log_items(seat: int, told: Narration) -> list[dict[str, Any]]:
    """The frame's log entries of one event: the move, then the round's end if it ended one."""
    move: dict[str, Any] = {"seat": seat, "token": told.token, "text": told.text}
    return [move] if told.round_text is None else [move, {"kind": "round", "text": told.round_text}]


def _strings(value: Any) -> set[str]:
    """Every string value of a JSON value and each ``:``-separated part of it (dict keys left out).

    Iterative, one pass over each list's or dict's items (no generator per container): it runs for every frame a
    table builds."""
    out: set[str] = set()
    add = out.add
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            item = item.values()
        elif kind is not list:
            if kind is str:
                add(item)
            continue
        for x in item:
            kind = type(x)
            if kind is str:
                add(x)
            elif kind is list or kind is dict:
                stack.append(x)
    for text in [t for t in out if ":" in t]:  # compound entries of a view, e.g. mayhem's gifts "r5:2"
        out.update(text.split(":"))
    return out


@dataclass
class CardNames:
    """The names of the card codes a view shows, in one language (``Game.card_name``), remembered per table.

    A string of the view is a card code when the game names it (``card_name`` raises ValueError for anything
    else) and the name is more than the code itself, or the code is in the game's deck (a game without words
    names every string by itself; lastcard's cards are their numbers).
    """

    game: Game
    deck: frozenset[str]
    known: dict[tuple[str, str], str | None] = field(default_factory=dict)

    def name(self, code: str, lang: str) -> str | None:
        """The card's name in ``lang``, or ``None`` when ``code`` is no card code of the game."""
        key = (code, lang)
        if key not in self.known:
            try:
                name: str | None = self.game.card_name(code, lang)
            except ValueError:
                name = None
            self.known[key] = name if name and (name != code or code in self.deck) else None
        return self.known[key]

    def of_view(self, view: dict[str, Any], lang: str) -> dict[str, str]:
        """``{code: name}`` for every card code among ``view``'s strings (:func:`_strings`); nothing else, so a
        card the view hides is never named."""
        named = {code: name for code in _strings(view) if (name := self.name(code, lang)) is not None}
        return dict(sorted(named.items()))  # sorted by code, the named ones only


def choice_items(game: Game, seat: int, view: dict[str, Any], legal: list[str], voice: Voice) -> list[dict[str, Any]]:
    """The legal tokens of ``seat`` as the person chooses them (``Game.choice`` on the seat's ``view``, for
    ``voice`` of that seat):
    ``[{"token", "steps": [str, …], "unordered": bool}]`` in the order of ``legal``. A token the game's words
    cannot tell is its own single step (logged, as for a game without words), so the table goes on."""
    items = []
    for token in legal:
        try:
            choice = game.choice(seat, token, view, voice)
        except Exception:
            log.exception("%s: choice failed for %s %r (seat %d); the token itself instead", game.id, voice.lang,
                          token, seat)
            choice = Choice((token,))
        items.append({"token": token, "steps": list(choice.steps), "unordered": choice.unordered})
    return items


@dataclass
class LiveTable:
    """A table in memory. Use :meth:`from_record`; mutate only through :meth:`act` (under :attr:`lock`)."""

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
    chat: list[ChatRecord] = field(default_factory=list)
    #: The readers whose words every log entry holds, told as each token is applied.
    readers: set[Reader] = field(default_factory=set)
    #: The current view of each viewer among :attr:`readers` (a frame's ``view``; the next move's "before").
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    #: The seats' notes in order (:mod:`~kartentisch.web.handover`), shown in the log among the moves.
    notes: list[NoteRecord] = field(default_factory=list)
    #: When each seat's last socket closed here (``time.monotonic``), and when the table was loaded:
    #: :mod:`~kartentisch.web.presence`.
    socket_left: dict[int, float] = field(default_factory=dict)
    loaded: float = field(default_factory=time.monotonic)
    #: The hub's ``time_scale``: the clocks' and presence's seconds are multiplied by it.
    time_scale: float = 1.0

    @classmethod
    def from_record(cls, record: TableRecord) -> LiveTable:
        """Rebuild a table by replaying its event log from the header (raises KartentischError). The moves are
        told in words when a reader first asks (:meth:`read_by`), not here: a table loaded for one action or
        one viewer does not tell every move to every seat in every language."""
        match = Match(lookup(record.game), record.players, dict(record.options), record.seed)
        table = cls(record=record, match=match, rematch_id=record.rematch_id,
                    names={lang: seat_names(record.seats, lang) for lang in LANGS}, chat=list(record.chat),
                    notes=list(record.notes))
        for seat, token in record.events:
            table.apply_local(seat, [token])
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

    @functools.cached_property
    def card_names(self) -> CardNames:
        """The names of the cards its frames show (:class:`CardNames`, over the game's deck for these options)."""
        state = self.state
        return CardNames(state.game, frozenset(state.game.deck(state.players, state.options)))

    @property
    def has_person(self) -> bool:
        """A person holds a seat (else only bots play: :data:`BOT_ONLY`)."""
        return any(s.kind == "human" for s in self.record.seats)

    @property
    def waiting_for_seats(self) -> list[int]:
        """The open seats, nobody's yet (the match starts once there is none)."""
        return [s.seat for s in self.record.seats if s.kind == "open"]

    def seat_taken(self, seat: SeatRecord) -> None:
        """An open seat is now ``seat`` (committed to the store): the record and the seats' names follow."""
        seats = [seat if s.seat == seat.seat else s for s in self.record.seats]
        self.record = replace(self.record, seats=seats)
        self.names = {lang: seat_names(seats, lang) for lang in LANGS}

    def seat_of(self, token: str | None) -> int | None:
        """Seat of a human seat token; ``None`` for no token. Raises ApiError 401 for an unknown token."""
        if token is None:
            return None
        given = token.encode("utf-8", "surrogateescape")  # compare_digest refuses non-ASCII str
        for s in self.record.seats:
            if s.token is not None and secrets.compare_digest(s.token.encode(), given):
                return s.seat
        raise ApiError(401, "unknown seat token for this table")

    def apply_local(self, seat: int, tokens: list[str]) -> None:
        """Apply already checked (and committed) tokens in memory, logging each one as every reader of
        :attr:`readers` reads it (:func:`~kartentisch.kernel.words.narrate` on that viewer's views and public
        token) and keeping their :attr:`views` current."""
        viewers = {viewer for viewer, _ in self.readers}
        for token in tokens:
            entry = LogEntry(seat, token)
            if not viewers:
                self.match.apply(seat, token)
            else:
                before = self.state.clone()  # narrate asks the position before the move for the public token
                self.match.apply(seat, token)
                after = {viewer: self.state.view(viewer) for viewer in viewers}
                for viewer, lang in self.readers:
                    entry.told[viewer, lang] = self._tell(before, self.state, seat, token, self.voice(viewer, lang),
                                                          (self.views[viewer], after[viewer]))
                self.views = after
            self.log.append(entry)

    def voice(self, viewer: int | None, lang: str) -> Voice:
        """The :class:`Voice` of ``viewer`` (a seat, ``None``: a spectator) in ``lang``, with the table's seat names."""
        return Voice(lang, viewer, self.names[lang])

    def read_by(self, viewer: int | None, lang: str) -> None:
        """Make ``(viewer, lang)`` one of :attr:`readers`: the first time, tell it every move so far by replaying
        the match from its header (its views only, as :meth:`apply_local` would have), once per table in memory.
        Raises ValueError for a seat that is not the table's."""
        if (viewer, lang) in self.readers:
            return
        if viewer is not None and not 0 <= viewer < self.record.players:
            raise ValueError(f"seat {viewer} is not a seat of this table")
        voice = self.voice(viewer, lang)
        replay = Match(self.match.game, self.record.players, dict(self.record.options), self.record.seed)
        view = replay.state.view(viewer)
        for entry in self.log:
            before = replay.state.clone()
            replay.apply(entry.seat, entry.token)
            after = replay.state.view(viewer)
            entry.told[viewer, lang] = self._tell(before, replay.state, entry.seat, entry.token, voice, (view, after))
            view = after
        self.readers.add((viewer, lang))
        self.views.setdefault(viewer, view)

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
            raise ApiError(422, "an action is a non-empty token string, e.g. \"play:r7\"")
        if len(line) > MAX_ACTION:
            raise ApiError(422, f"an action line has at most {MAX_ACTION} characters")
        if self.state.game_over:
            raise ApiError(409, "the match is over")
        if waiting := self.waiting_for_seats:
            raise ApiError(409, f"the match starts once every seat is taken; waiting for "
                                f"{', '.join(self.names['en'][s] for s in waiting)}")
        if seat not in self.state.to_act():
            names = self.names["en"]  # the page shows this: names, not 0-based seat numbers
            raise ApiError(409, f"{names[seat]} has no decision now; waiting for "
                                f"{', '.join(names[s] for s in self.state.to_act())}")
        tokens = line.split()
        try:
            if len(tokens) == 1 and self.state.is_legal(seat, tokens[0]):
                return tokens
            self.state.clone().apply_line(seat, line)
        except IllegalAction as exc:  # the rule goes in its own field, once; the seat by its name, not its index
            move = f"{exc.token!r} is not allowed for {self.names['en'][seat]}: " if exc.token else ""
            raise ApiError(422, move + exc.reason, rule=exc.rule) from None
        except Exception:  # a game's own defect (a plug-in's parser): this line is refused, the table goes on
            log.exception("%s: checking %r of seat %d failed (table %s)", self.record.game, line[:80], seat, self.id)
            raise ApiError(422, "the game could not read this move; nothing applied") from None
        return tokens

    # ------------------------------------------------------------------ the filter
    def frame(self, viewer: int | None, log_start: int = 0, lang: str = "en",
              chat_start: int | None = None) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or ``None``: spectator) may know now, as one JSON-able dict, its texts
        in ``lang`` (one of :data:`~kartentisch.kernel.words.LANGS`; :func:`frame_lang` checks a client's).

        Keys: ``type`` ("state"), ``table``, ``game``, ``lang``, ``seat``, ``seats`` (``seat``, ``kind``,
        ``name`` as people read it in ``lang``, ``bot`` spec or ``None``), ``view`` (``state.view(viewer)``),
        ``phase_text`` (the view's phase in words, ``Game.phase_name``), ``legal`` (the viewer's own legal
        tokens), ``log``, ``log_start``, ``n`` (events so far), ``rematch`` (the rematch table exists),
        ``rematch_offer`` (:func:`~kartentisch.web.rematch.offer`), ``countdown`` (seconds until the viewer's own
        decision runs out, else ``None``) with ``countdown_then`` (what then happens: ``pass``, ``bot``, ``ask``) and
        ``fixed_seed``: the seed if the table's
        creator chose it (then anyone who knows it can work out every hand, so every seat is told), ``None`` for
        a seed the server drew secretly.

        Who is at the table (issue 32): each entry of ``seats`` also holds ``presence`` (``connected`` / ``away`` /
        ``gone`` for a person's seat, :mod:`~kartentisch.web.presence`; ``None`` for a bot's or an open one),
        ``stand_in`` (a bot plays this person's seat until their link takes it back), ``clock`` (seconds left of its
        current decision, ``None`` without a running clock), ``clock_then`` (what happens then), ``ran_out`` (its
        clock ran out and it may be handed to a bot) and ``hand_over`` (the viewer may hand it to a bot now); the
        log holds the seats' notes among the moves as ``{"kind": "seat", "text"}``. None of it carries a card.

        The words of the viewer's decisions and cards (issue 25): ``choices`` (each legal token as the person
        chooses it, :func:`choice_items`: ``{"token", "steps", "unordered"}`` in the order of ``legal``),
        ``card_names`` (``{code: name}`` for every card code ``view`` shows and no other, :class:`CardNames`) and
        ``spectator_chat`` (spectators may write in the table's chat).

        ``log`` holds the events ``log_start …`` only (a socket gets the whole log first, then what is new),
        each as ``{"seat", "token", "text"}``: the token in its public form for ``viewer`` and the move in
        words for ``viewer``; an event that ended a round is followed by ``{"kind": "round", "text"}`` (the
        round's scores, and the winners when the match ended); the notes made after ``k`` events come before event
        ``k`` (those after the last event at the end). ``log_start`` and ``n`` count events, not entries.

        The round's scoring (issue 21, :mod:`kartentisch.kernel.summary`, from ``viewer``'s view only):
        ``lower_wins`` (the lowest total wins), ``score_now`` (each seat's score if the round ended now, or
        ``None`` where the game shows none) and ``round_summary`` (while the phase is ``round_over`` or
        ``game_over``: each seat's score, total and how it came about in words, the standings best first and the
        winners; else ``None``); ``hints`` (a seat may ask the coach for a hint at this table, issue 23).

        The table: ``waiting_for_seats`` (the open seats; while any is, nobody has a legal move), ``chat``
        (messages ``chat_start …`` as :meth:`chat_item` gives them; ``chat_start`` ``None``: the latest
        :data:`CHAT_FRAME`) and ``chat_start``.
        """
        self.read_by(viewer, lang)
        state = self.state
        view = self.views[viewer]
        names = self.names[lang]
        game = self.match.game
        waiting = self.waiting_for_seats
        legal = state.legal_actions(viewer) if viewer is not None and not waiting else []
        if chat_start is None:
            chat_start = max(0, len(self.chat) - CHAT_FRAME)
        now = time.time()
        running = self.running_deadlines()
        own = running.get(viewer) if viewer is not None else None
        return {
            "type": "state",
            "table": self.id,
            "game": self.record.game,
            "lang": lang,
            "seat": viewer,
            "seats": self._seat_items(viewer, names, now, running),
            "view": view,
            "phase_text": self.match.game.phase_name(view["phase"], lang),
            "legal": legal,
            "choices": [] if viewer is None else choice_items(game, viewer, view, legal, self.voice(viewer, lang)),
            "card_names": self.card_names.of_view(view, lang),
            "spectator_chat": self.record.spectator_chat,
            "log": self._log(viewer, lang, log_start),
            "log_start": log_start,
            "n": len(self.log),
            "rematch": self.rematch_id is not None,
            "rematch_offer": rematch.offer(self, self.time_scale),
            "fixed_seed": self.record.seed if self.record.seed_given else None,
            "countdown": None if own is None else round(max(0.0, own.at - now), 1),
            "countdown_then": None if own is None else own.then,
            "lower_wins": game.score_sign < 0,
            "score_now": score_now(game, view),
            "round_summary": round_summary(game, view, self.voice(viewer, lang)),
            "hints": self.record.hints,
            "waiting_for_seats": waiting,
            "chat": [self.chat_item(m, lang) for m in self.chat[chat_start:]],
            "chat_start": chat_start,
        }

    def running_deadlines(self) -> dict[int, clock.Deadline]:
        """Each seat's running deadline: its armed timer's, or, with a turn-based clock, which arms no timer (the
        turn sweep runs it out, issue 34), the stored one (:func:`~kartentisch.web.clock.deadlines`)."""
        running = {seat: timer[0] for seat, timer in self.timers.items()}
        clock_doc = clock.TableClock.parse(self.record.clock) if self.record.clock else None
        if clock_doc is not None and clock_doc.preset.turn_based:
            running.update({seat: d for seat, d in clock.deadlines(self, self.time_scale).items() if d.swept})
        return running

    def _seat_items(self, viewer: int | None, names: tuple[str, ...], now: float,
                    running: dict[int, clock.Deadline]) -> list[dict[str, Any]]:
        """The frame's ``seats`` for ``viewer`` (see :meth:`frame`); ``running``: :meth:`running_deadlines`."""
        viewer_sits = viewer is not None and self.record.seats[viewer].kind == "human"
        connected = {sub.viewer for sub in self.subscribers.values()}
        items = []
        for s in self.record.seats:
            timer = running.get(s.seat)
            items.append({
                "seat": s.seat, "kind": s.kind, "name": names[s.seat], "bot": s.bot or s.stand_in,
                "presence": presence.presence(self, s.seat, self.time_scale, connected),
                "stand_in": s.stand_in is not None,
                "clock": None if timer is None else round(max(0.0, timer.at - now), 1),
                "clock_then": None if timer is None else timer.then,
                "ran_out": clock.ran_out(self, s.seat),
                "hand_over": (viewer_sits and s.seat != viewer
                              and presence.hand_over_refusal(self, s.seat, self.time_scale, connected) is None),
            })
        return items

    def _log(self, viewer: int | None, lang: str, log_start: int) -> list[dict[str, Any]]:
        """The frame's ``log`` from event ``log_start`` on for ``viewer`` in ``lang``, the seats' notes among the
        moves (see :meth:`frame`)."""
        moves = [_log_items(e.seat, e.told[viewer, lang]) for e in self.log[log_start:]]
        if not self.notes:
            return [item for items in moves for item in items]
        voice = Voice(lang, viewer, self.names[lang])
        notes: dict[int, list[dict[str, Any]]] = {}
        offered: set[int] = set()
        for note in self.notes:
            first = note.what == rematch.JOIN and note.after not in offered
            if first:
                offered.add(note.after)
            if note.after >= log_start:
                notes.setdefault(note.after, []).append({"kind": "seat", "seat": note.seat,
                                                         "text": note_text(note, voice, first)})
        out: list[dict[str, Any]] = []
        for k, items in enumerate(moves, start=log_start):
            out += notes.get(k, [])
            out += items
        return out + notes.get(len(self.log), [])

    def chat_item(self, message: ChatRecord, lang: str) -> dict[str, Any]:
        """A chat message as a frame carries it: ``{"id", "seat", "name", "text", "at"}``, ``name`` the seat's in
        ``lang`` (a spectator's: "Spectator"/"Zuschauer"), ``at`` an ISO 8601 time in UTC."""
        name = SPECTATOR_NAME[lang] if message.seat is None else self.names[lang][message.seat]
        at = datetime.fromtimestamp(message.at, UTC).isoformat(timespec="seconds")
        return {"id": message.id, "seat": message.seat, "name": name, "text": message.text, "at": at}

    async def broadcast(self) -> None:
        """Push each subscriber its frame with the log entries it has not had yet, all at once (a slow or failing
        subscriber is dropped).

        A frame is built and encoded once per distinct reader position: subscribers of the same viewer (all
        spectators, or two pages of one seat), language, events sent and chat messages sent get the same text
        (issue 33), since :meth:`frame` depends on nothing else; a seat's frame is built for that seat only, so
        nothing of a seat's view reaches a spectator. All frames are built before the first is sent, from one
        state."""
        built: dict[tuple[int | None, str, int, int | None], tuple[str, int, int]] = {}
        sends = []
        for sub_id, sub in list(self.subscribers.items()):
            key = (sub.viewer, sub.lang, sub.sent, sub.chat_sent)
            if key not in built:
                built[key] = self._encoded_frame(sub)
            text, sub.sent, sub.chat_sent = built[key]
            sends.append(self._send(sub_id, sub, text))
        await asyncio.gather(*sends)

    async def push(self, sub_id: int, sub: Subscriber) -> None:
        """Send one subscriber its frame with the log entries it has not had yet (see :meth:`_send`)."""
        text, sub.sent, sub.chat_sent = self._encoded_frame(sub)
        await self._send(sub_id, sub, text)

    def _encoded_frame(self, sub: Subscriber) -> tuple[str, int, int]:
        """``sub``'s next frame as JSON text, with the events and chat messages it will then have had."""
        frame = self.frame(sub.viewer, sub.sent, sub.lang, sub.chat_sent)
        return encode(frame), frame["n"], frame["chat_start"] + len(frame["chat"])

    async def _send(self, sub_id: int, sub: Subscriber, text: str) -> None:
        """Send ``text`` to one subscriber. A subscriber whose socket is closed, or that does not take the frame
        within :data:`SEND_TIMEOUT` seconds, is dropped (it gets the whole log again when it reconnects)."""
        try:
            await asyncio.wait_for(sub.send(text), SEND_TIMEOUT)
        except Exception:  # closed or stuck: forget it, keep serving the others
            self.subscribers.pop(sub_id, None)

    @property
    def idle(self) -> bool:
        """No socket listens, no action is being applied, no bot thinks and no timer runs: the table may leave
        memory (the DB keeps it). Handlers take the lock right after :meth:`Hub.get` without yielding, so a
        table in use is never dropped."""
        return (not self.subscribers and not self.timers and not self.lock.locked()
                and (self.bot_task is None or self.bot_task.done()))


#: Seconds a process's lease of a table's bots lasts unless renewed; then another process takes them over.
LEASE_SECONDS = 3.0
#: Seconds between two renewals of a process's bot leases, and between two looks for expired ones.
LEASE_EVERY = 1.0
#: Seconds before a lost LISTEN connection to a shared store is opened again.
RELISTEN_SECONDS = 1.0
#: Writer threads of a shared store: commits of different tables go in parallel (each table's in order).
SHARED_WRITERS = 8


class Conflict(ApiError):
    """409: another server process committed the same event number first (optimistic concurrency on the
    table's event count); nothing was applied here and the table has caught up from the store."""


class Hub:
    """All live tables of one server process: creation, loading, actions, bots, subscriptions.

    On a shared store (PostgreSQL, :attr:`~kartentisch.web.store.Store.shared`; issue 26) several processes
    serve the same tables, any seat through any process. A table here is a cache of the store: under its lock it
    catches up (:meth:`refresh`) before an action, a bot's or a timer's move is judged, and an event number is
    committed once (a second process appending it gets :class:`Conflict`, nothing applied). :meth:`listen` hears
    the store's notifications and catches up the tables held here, pushing their subscribers; the bots of a table
    move in the one process holding its lease, and :meth:`keep_leases` takes over those of a process that died.

    Args:
        store: the database.
        executor: where ``random`` bots choose (a thread pool; the event loop never runs a bot). The
            others run in worker processes spawned on first use, so they hold neither the loop nor the
            server's GIL (profiled: a heuristic move costs milliseconds of Python): ``heuristic`` in one
            process, ISMCTS searches in ``search_workers`` others, so a long search never delays a rule bot.
            These pools serve tables with a person only.
        bot_only_workers: worker processes (run at ``nice`` :data:`BOT_ONLY_NICE`) for every decision of
            the tables without a person, so a dozen of them searching at the full budget never delay a
            person's table: they wait for these workers, one decision per table at a time (first come, first
            served, so the tables take turns). 0: such tables are refused (422) and stored ones stand still.
        coach_workers: worker processes (at ``nice`` :data:`COACH_NICE`) for the coach's searches
            (:data:`COACH_POOL`, ≥ 1).
        bot_delay: seconds to wait before each bot move (lets people follow the play; 0 in tests).
        ttl: seconds of inactivity after which a table expires (410 Gone).
        max_live: tables kept in memory; beyond it, idle ones (least recently used first) are dropped
            and replayed from the store when next used.
        search_seconds: wall-clock limit of one ISMCTS decision (> 0), so no search holds a worker for
            long; it is also the largest ``time_budget_s`` a bot spec may ask for.
        time_scale: the table clocks', the rematch offer's and presence's seconds are multiplied by it (> 0; tests
            use a small one, :mod:`~kartentisch.web.clock`); the reaction timer keeps its own seconds.

    Expired tables (``ttl``) leave the store through :meth:`sweep`.

    Raises:
        ValueError: ``search_seconds`` or ``time_scale`` not > 0, or a worker count below 0 (``search_workers``
            below 1).
    """

    def __init__(self, store: Store, executor: Executor, bot_delay: float = 0.0, ttl: float = 30 * 86400,
                 search_workers: int = 2, max_live: int = 2000, search_seconds: float = SEARCH_SECONDS,
                 bot_only_workers: int = 1, coach_workers: int = 1, time_scale: float = 1.0) -> None:
        if not search_seconds > 0:
            raise ValueError(f"search_seconds must be > 0, got {search_seconds!r}")
        if not time_scale > 0:
            raise ValueError(f"time_scale must be > 0, got {time_scale!r}")
        if search_workers < 1 or bot_only_workers < 0 or coach_workers < 1:
            raise ValueError(f"search_workers and coach_workers must be ≥ 1 and bot_only_workers ≥ 0, got "
                             f"{search_workers}, {coach_workers} and {bot_only_workers}")
        self.store = store
        self.time_scale = float(time_scale)
        self.search_seconds = float(search_seconds)
        self.executor = executor
        self.pool_sizes = {"heuristic": 1, "ismcts": search_workers, COACH_POOL: coach_workers}
        self.bot_only_workers = bot_only_workers
        if bot_only_workers:
            self.pool_sizes[BOT_ONLY] = bot_only_workers
        self.pools: dict[str, ProcessPoolExecutor] = {}
        self.bot_delay = bot_delay
        self.ttl = ttl
        self.tables: dict[str, LiveTable] = {}
        self.max_live = max_live
        self.shared = store.shared
        # SQLite: one writer thread, so commits never contend for its write lock (whose busy wait sleeps).
        self.writer = ThreadPoolExecutor(max_workers=SHARED_WRITERS if self.shared else 1, thread_name_prefix="kt-db")
        self._load_lock = asyncio.Lock()
        self._next_sub = 0
        #: This process as a bot lease's owner (host, process id and a random part: ids are reused).
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        #: Tables whose bot lease this process holds (renewed by :meth:`keep_leases`).
        self.leased: set[str] = set()
        self._dirty: set[str] = set()
        self._catching: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Run (as tasks) when a match ends with an event committed by this process: a group records it (issue 34).
        self.on_match_over: list[Callable[[LiveTable], Coroutine[Any, Any, None]]] = []
        #: The learned bots this server offers (``serve --policy``): game id → (policy file, its player count). A
        #: seat asks for one as the bot ``policy``; no other policy file is ever read for a request (issue 36).
        self.policies: dict[str, tuple[str, int]] = {}

    # ------------------------------------------------------------------ creation and loading
    async def create(self, game_id: str, players: int, options: dict[str, Any], seed: int | None,
                     seats: list[dict[str, Any]], reaction_seconds: int | None = None,
                     spectator_chat: bool = False, hints: bool | None = None,
                     rematch_of: str | None = None, lang: str = "en",
                     table_clock: clock.TableClock | None = None) -> TableRecord:
        """Validate and store a new table with its invite; returns its record (with the human seats' tokens, the
        invite code and the host token).

        ``seed``: the match seed as the creator chose it (0 … 2**63 - 1; every seat's frame then shows it as
        ``fixed_seed``), or ``None``: the server draws a secret one of :data:`SECRET_SEED_BITS` bits.

        ``reaction_seconds``: a person whose decision can be answered with ``pass`` (reaction windows,
        simultaneous choices that allow passing) gets that long, then passes automatically. A person or a bot
        without a name is stored without, so each language labels it (:func:`seat_names`: "Seat n" / "Platz n",
        a bot's label).
        An ``open`` seat is a person's that nobody holds yet: it is taken through the invite, and the match starts
        once no seat is open. ``spectator_chat``: spectators may write in the table's chat. ``hints``: a seat may ask
        the coach for a hint (:mod:`~kartentisch.web.coach`); ``None``: yes where at most one seat is a person's
        (``human`` or ``open``), so hints stay off between people unless the table's creator allows them.
        ``rematch_of``: the new table is this finished table's rematch (linked in the same transaction). ``lang``:
        the language of a refused name's message (:meth:`check_seats`). ``table_clock``: the per-move clock (issue
        32, :mod:`~kartentisch.web.clock`). A person's seat may come with a ``stand_in`` bot spec (a rematch's seat
        of a person who has not answered yet).

        Raises:
            ApiError 422: unknown game, bad player count/options/seats, a seat name blank when written or two alike
            in a language, or a bot that cannot be built. Conflict: ``rematch_of`` has a rematch already (another
            process made it).
        """
        try:
            game = lookup(game_id)
            resolved = game.resolve_options(players, options)
        except KartentischError as exc:
            raise ApiError(422, str(exc)) from None
        if len(seats) != players:
            raise ApiError(422, f"{len(seats)} seats given for {players} players; give one per player")
        seed_given = seed is not None
        if seed is None:  # nobody may know the deal: 128 bits from the OS, too many to search offline
            seed = secrets.randbits(SECRET_SEED_BITS)
        elif not 0 <= seed < 2**63:
            raise ApiError(422, f"a chosen seed is an integer from 0 to 2**63 - 1, got {seed}")
        records: list[SeatRecord] = []
        for i, seat in enumerate(seats):
            name = str(seat.get("name") or "").strip()[:80]
            if seat.get("kind") == "human":
                records.append(SeatRecord(i, "human", name, None, secrets.token_urlsafe(24),  # unnamed: labelled
                                          seat.get("stand_in")))
            elif seat.get("kind") == "bot":
                records.append(SeatRecord(i, "bot", name, self.bot_spec(game, i, seat, players), None))  # labelled
            elif seat.get("kind") == "open":
                records.append(SeatRecord(i, "open", "", None, None))  # taken through the invite (issue 21)
            else:
                raise ApiError(422, f"seat {i + 1}: kind must be \"human\", \"bot\" or \"open\", "
                                    f"got {seat.get('kind')!r}")
        self.check_seats(records, lang)
        table_id = secrets.token_urlsafe(12)
        invite = (secrets.token_urlsafe(9), secrets.token_urlsafe(24))  # the invite link's code, the host's token
        if hints is None:
            hints = sum(r.kind != "bot" for r in records) <= 1
        if not await asyncio.to_thread(functools.partial(
                self.store.create_table, table_id, game_id, players, resolved, seed, records, reaction_seconds,
                seed_given=seed_given, spectator_chat=spectator_chat, invite=invite, hints=hints,
                rematch_of=rematch_of, clock=None if table_clock is None else table_clock.stored())):
            raise Conflict(409, "the rematch was made a moment ago through another server")
        record = await asyncio.to_thread(self.store.load, table_id)
        assert record is not None
        return record

    def bot_spec(self, game: Game, i: int, seat: dict[str, Any], players: int | None = None) -> str:
        """The checked bot spec of seat ``i`` (a ``bot`` and ``iterations`` of a seat in a request), built once for
        ``game`` (at a table of ``players``, when given); ApiError 422 if it does not parse, is over a limit or
        cannot be built here. The bot ``policy`` is the learned bot this server offers for ``game``
        (:attr:`policies`); a request naming a policy file of its own is refused, so no request makes the server
        read a file it did not offer."""
        spec = self._policy_spec(game, i, seat) or self._bot_spec(i, seat)
        try:
            make_bot(spec, game, 0, players)
        except ImportError as exc:
            raise ApiError(422, f"seat {i + 1}: bot {spec!r} is not available on this server ({exc})") from None
        except (KartentischError, NotImplementedError) as exc:
            raise ApiError(422, f"seat {i + 1}: {exc}") from None
        return spec

    def check_seats(self, records: list[SeatRecord], lang: str = "en", newcomer: int | None = None) -> None:
        """ApiError 422 (its message in ``lang``) if a seat's given name shows nothing when written, or two seats'
        names look alike in a language (:func:`~kartentisch.kernel.names.check_names`, TR39 skeletons: the log and
        the page name seats, two alike could not be told apart; ``newcomer``: only that seat's name is checked,
        against the others'), or only bots play and this server plays no table without a person."""
        try:
            for each in LANGS:
                where = [{k: common_text(k, "seat", n=r.seat + 1) for k in LANGS} for r in records]
                check_names(seat_names(records, each), where, newcomer)
        except NameRefused as exc:
            raise ApiError(422, exc.text(lang), said=exc.texts) from None
        if not self.bot_only_workers and all(r.kind == "bot" for r in records):
            raise ApiError(422, "this server plays no table without a person; give at least one seat to a person")

    def _policy_spec(self, game: Game, i: int, seat: dict[str, Any]) -> str | None:
        """``policy:FILE`` for a seat asking for the bot ``policy`` (or for the file offered), ``None`` for another
        bot; ApiError 422 when this server offers no learned bot for ``game`` or the seat names another file."""
        spec = str(seat.get("bot") or "").strip()
        if spec.partition(":")[0] != "policy":
            return None
        offered = self.policies.get(game.id)
        if offered is None:
            raise ApiError(422, f"seat {i + 1}: this server offers no learned bot for {game.id}")
        if spec not in ("policy", f"policy:{offered[0]}"):
            raise ApiError(422, f"seat {i + 1}: give the learned bot as 'policy'; this server reads no other "
                                f"policy file")
        return f"policy:{offered[0]}"

    def _bot_spec(self, i: int, seat: dict[str, Any]) -> str:
        """The bot spec of seat ``i``: its ``bot`` (default ``random``) with its ``iterations`` field merged in,
        checked against :data:`MAX_ITERATIONS` and ``search_seconds`` (raises ApiError 422)."""
        spec = str(seat.get("bot") or "random").strip()
        try:
            name, params = parse_spec(spec)
        except KartentischError as exc:
            raise ApiError(422, f"seat {i + 1}: {exc}") from None
        if seat.get("iterations") is not None:
            if "iterations" in params:
                raise ApiError(422, f"seat {i + 1}: iterations given twice (in the bot spec {spec!r} and as "
                                    f"'iterations'); give it once")
            params["iterations"] = seat["iterations"]
            spec = format_spec(name, params)
        if name != "ismcts":
            return spec
        iterations, budget = params.get("iterations"), params.get("time_budget_s")
        if isinstance(iterations, int | float) and iterations > MAX_ITERATIONS:
            raise ApiError(422, f"seat {i + 1}: bot {spec!r}: iterations={iterations} is over this server's limit "
                                f"of {MAX_ITERATIONS} per decision")
        if isinstance(budget, int | float) and budget > self.search_seconds:
            raise ApiError(422, f"seat {i + 1}: bot {spec!r}: time_budget_s={budget} is over this server's limit "
                                f"of {self.search_seconds:g} s per decision")
        return spec

    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (loaded and replayed on first use; bots resume).

        Raises:
            ApiError 404 (unknown), 410 (expired) or 503 (its game or log no longer loads here).
        """
        table = self.tables.get(table_id)
        if table is None:
            async with self._load_lock:
                table = self.tables.get(table_id)
                if table is None:
                    try:
                        record = await asyncio.to_thread(self.store.load, table_id)
                        if record is None:
                            raise ApiError(404, f"no table {table_id[:80]!r}")
                        # in a thread: telling every move in words to every viewer takes a while (mayhem, 6 seats,
                        # 400 moves: 0.4 s), and other tables go on meanwhile
                        table = await asyncio.to_thread(LiveTable.from_record, record)
                    except SQLAlchemyError as exc:  # the driver's message goes to the log only
                        log.error("table %r cannot be read from the database: %s", table_id, first_line(exc))
                        raise ApiError(503, f"table {table_id!r} cannot be read from the database now; the "
                                            "server's log has the details") from None
                    # Stored rows that do not read back (damaged file, hand-edited values) are named, not a 500.
                    except (KartentischError, TypeError, ValueError) as exc:
                        raise ApiError(503, f"table {table_id!r} cannot be restored on this server: "
                                            f"{first_line(exc)}") from None
                    self._evict()
                    table.time_scale = self.time_scale
                    self.tables[table_id] = table
                    self.after_change(table)
                    self.heard(f"{table_id}:")  # what was committed since it was read: a shared store's others'
        table.accessed = time.monotonic()
        if time.time() - table.record.touched > self.ttl:
            raise ApiError(410, f"table {table_id!r} expired after {self.ttl:.0f} s without a move")
        return table

    def _evict(self) -> None:
        """Make room for one more table: drop idle ones, least recently used first."""
        excess = len(self.tables) + 1 - self.max_live
        if excess <= 0:
            return
        idle = sorted((t for t in self.tables.values() if t.idle), key=lambda t: t.accessed)
        for table in idle[:excess]:
            del self.tables[table.id]
            if table.id in self.leased:  # expired, not dropped: a move elsewhere may be waiting for its bots
                self.leased.discard(table.id)
                self.spawn(asyncio.to_thread(self.store.expire_leases, self.owner, [table.id]))

    # ------------------------------------------------------------------ actions
    async def act(self, table: LiveTable, seat: int, line: str, seen: int | None = None) -> None:
        """Apply ``line`` for ``seat``: check, commit, apply, broadcast; bots then take their turns.

        ``seen``: the events the client had seen when it chose, if it says. If ``seat`` itself has acted
        since, the line is refused: a retried request or a second click never applies twice. Other
        seats' moves since do not refuse it (in simultaneous decisions they arrive at any moment);
        the legality check then judges the line on the position as it is. On a shared store the table catches
        up first, and a move another process committed at the same moment (:class:`Conflict`) is such a move
        since: the line is judged again after it.

        A person whose seat a bot plays (:mod:`~kartentisch.web.handover`) takes it back with this action.

        Raises:
            ApiError 409/422: nothing changed.
        """
        if table.record.seats[seat].kind != "human":
            raise ApiError(401, f"unknown seat token for this table: {table.names['en'][seat]}'s seat was given to a "
                                "bot by the host")
        if table.record.seats[seat].stand_in is not None:
            from .handover import take_back  # the hand-over module builds on this one

            await take_back(self, table, seat)
        async with table.lock:
            while True:
                await self.refresh(table)
                if seen is not None and seen > len(table.log):
                    raise ApiError(422, f"n {seen} is ahead of the table ({len(table.log)} events)")
                if seen is not None and any(e.seat == seat for e in table.log[seen:]):
                    raise ApiError(409, f"{table.names['en'][seat]} has acted since this choice was shown; nothing "
                                        "applied (a repeated request?)")
                try:
                    await self._commit_and_apply(table, seat, table.check(seat, line))
                    break
                except Conflict:
                    # Another process's move took the event number: judged again on the position after it, as
                    # the lock orders two moves in one process (the same move twice is then refused with 409).
                    continue
        self.after_change(table)
        await table.broadcast()

    async def _commit_and_apply(self, table: LiveTable, seat: int, tokens: list[str]) -> None:
        """Commit ``seat``'s ``tokens`` as the table's next events, then apply them (call under ``table.lock``).

        Raises:
            Conflict: another process committed that event number first; the table caught up, nothing applied.
        """
        n = len(table.log)
        try:
            await asyncio.get_running_loop().run_in_executor(
                self.writer, self.store.append_events, table.id, n, [(seat, t) for t in tokens])
        except IntegrityError:
            if self.shared:
                await self.refresh(table)
            if len(table.log) == n:
                raise  # not a number taken first: a real failure
            who = table.names["en"][table.log[n].seat]
            raise Conflict(409, f"{who}'s move came in at the same moment through another server and counts first; "
                                "nothing applied: decide again on the table as it is now") from None
        table.apply_local(seat, tokens)
        table.record = _touched(table.record)
        if table.state.game_over:
            for hook in self.on_match_over:
                self.spawn(hook(table))

    async def refresh(self, table: LiveTable) -> bool:
        """Catch ``table`` up from a shared store (call under ``table.lock``): the events, chat messages, seats, notes
        and rematch other processes committed since it was read; returns whether anything changed. Then its timers and
        bots follow (:meth:`after_change`) and its subscribers are pushed their frames once the caller yields.
        Nothing on SQLite: one process, whose memory has every commit.

        Raises:
            ApiError 410: the table was deleted from the store meanwhile (expired).
        """
        if not self.shared:
            return False
        try:
            new = await asyncio.to_thread(self.store.changes, table.id, len(table.log), len(table.chat),
                                          bool(table.waiting_for_seats), len(table.notes))
        except LookupError:
            raise ApiError(410, f"table {table.id!r} expired and was deleted") from None
        seats = [s for s in new.seats or () if s != table.record.seats[s.seat]]
        for seat in seats:
            table.seat_taken(seat)
        for seat_no, token in new.events:
            table.apply_local(seat_no, [token])
        table.chat += new.chat
        table.notes += new.notes
        changed = bool(seats or new.events or new.chat or new.notes or new.rematch_id != table.rematch_id)
        table.rematch_id = new.rematch_id
        table.record = replace(table.record, touched=new.touched)
        if changed:
            self.after_change(table)
            self.spawn(table.broadcast())
        return changed

    async def latest(self, table: LiveTable) -> LiveTable:
        """``table`` caught up from a shared store (:meth:`refresh` under its lock), for a read that must show what
        was committed through another process a moment ago (reading one's own move made there); returns it."""
        if self.shared:
            async with table.lock:
                await self.refresh(table)
        return table

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` as a task of the hub (kept until done, so it is not collected mid-way)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ a shared store: notifications, leases
    def heard(self, payload: str) -> None:
        """A notification ``<table id>:<what>`` of the shared store (:data:`~kartentisch.web.store.CHANNEL`): a
        table held here catches up unless it has that event count already (its own commit); one catch-up per table
        at a time, and one more for whatever is heard during it."""
        table_id, _, what = payload.rpartition(":")
        table = self.tables.get(table_id)
        if table is None or (what.isdigit() and int(what) <= len(table.log)):
            return
        self._dirty.add(table_id)
        if table_id not in self._catching:
            self._catching[table_id] = asyncio.get_running_loop().create_task(self._catch_up(table))

    async def _catch_up(self, table: LiveTable) -> None:
        try:
            while table.id in self._dirty:
                self._dirty.discard(table.id)
                async with table.lock:
                    await self.refresh(table)
        except (ApiError, SQLAlchemyError) as exc:  # the next action catches up again, or says what is wrong
            log.warning("table %s could not catch up from the database: %s", table.id, first_line(exc))
        finally:
            self._catching.pop(table.id, None)

    async def listen(self) -> None:
        """Hear the shared store's notifications for as long as the server runs, on a LISTEN connection of its own
        (psycopg 3, asynchronous), each passed to :meth:`heard`. A lost connection is opened again after
        :data:`RELISTEN_SECONDS`; then every table held here catches up (what was notified meanwhile went unheard).
        """
        import psycopg  # the PostgreSQL driver: only a shared store listens

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.store.conninfo(), autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for table_id in list(self.tables):
                        self.heard(f"{table_id}:")
                    async for note in conn.notifies():
                        self.heard(note.payload)
            except psycopg.Error as exc:
                log.warning("the database's notifications were lost (%s); listening again in %g s", first_line(exc),
                            RELISTEN_SECONDS)
            await asyncio.sleep(RELISTEN_SECONDS)

    async def keep_leases(self) -> None:
        """Every :data:`LEASE_EVERY` seconds, for as long as the server runs: renew the bot leases held here (a
        lease lost meanwhile, after this process stalled, stops its driver before the next decision) and take
        over the tables whose lease expired, driving their bots from here: a process that died hands its tables
        on within :data:`LEASE_SECONDS` + :data:`LEASE_EVERY`. A database failure is logged and tried again."""
        while True:
            await asyncio.sleep(LEASE_EVERY)
            try:
                held = set(self.leased)
                self.leased -= held - await asyncio.to_thread(self.store.renew_leases, self.owner, held, LEASE_SECONDS)
                for table_id in await asyncio.to_thread(self.store.expired_leases):
                    await self._take_over(table_id)
            except SQLAlchemyError as exc:
                log.error("bot leases could not be renewed or taken over: %s", first_line(exc))

    async def _take_over(self, table_id: str) -> None:
        """Drive the bots of ``table_id`` from here if its expired lease is still to be had (another process may
        be faster), holding the table in memory from now on."""
        if not await asyncio.to_thread(self.store.take_lease, table_id, self.owner, LEASE_SECONDS):
            return
        try:
            table = await self.get(table_id)
        except ApiError as exc:  # expired or not restorable here: nobody's bots are to move there
            log.warning("bots of table %s not taken over: %s", table_id, exc.message)
            await asyncio.to_thread(self.store.release_lease, table_id, self.owner)
            return
        self.leased.add(table_id)
        self.kick_bots(table)

    async def sweep(self) -> list[str]:
        """Delete the tables without a move for ``ttl`` seconds from the store (in transactions of
        :data:`SWEEP_BATCH` tables, on the writer thread between commits) and from memory; returns their ids.
        A deleted table is unknown from then on (404, where an expired one answered 410)."""
        loop = asyncio.get_running_loop()
        gone: list[str] = []
        while True:
            batch = await loop.run_in_executor(self.writer, self.store.delete_untouched, time.time() - self.ttl,
                                               SWEEP_BATCH)
            gone += batch
            for table_id in batch:
                table = self.tables.pop(table_id, None)
                if table is not None:
                    self._stop(table)
            if len(batch) < SWEEP_BATCH:
                return gone

    async def sweep_logged(self) -> None:
        """:meth:`sweep`, logging how many tables left; a database failure is logged, not raised."""
        try:
            if gone := await self.sweep():
                log.info("deleted %d tables without a move for %.0f s", len(gone), self.ttl)
        except SQLAlchemyError as exc:
            log.error("expired tables could not be deleted: %s", first_line(exc))

    async def sweep_forever(self, every: float) -> None:
        """:meth:`sweep_logged` every ``every`` seconds, the first after ``every`` seconds."""
        while True:
            await asyncio.sleep(every)
            await self.sweep_logged()

    @staticmethod
    def _stop(table: LiveTable) -> None:
        """Cancel the table's bot driver and reaction timers."""
        if table.bot_task is not None:
            table.bot_task.cancel()
        for _deadline, task in table.timers.values():
            task.cancel()

    def close(self) -> None:
        """Stop the bot drivers, the timers, the catch-ups and the writer thread (after the last commit), let this
        process's bot leases expire (another process takes them over at once), and end the bot worker processes at
        once: a search still running is abandoned (its table's bot thinks again after a restart, or in the process
        taking over, which replays the log), so shutdown never waits for it."""
        for table in self.tables.values():
            self._stop(table)
        for task in [*self._catching.values(), *self._tasks]:
            task.cancel()
        self.writer.shutdown(wait=True)
        if self.shared:
            try:
                self.store.expire_leases(self.owner)
            except SQLAlchemyError as exc:  # they expire by themselves within LEASE_SECONDS
                log.error("bot leases could not be handed on at shutdown: %s", first_line(exc))
        for pool in self.pools.values():
            _terminate(pool)
        self.pools.clear()

    @staticmethod
    def _pool_kind(spec: str, table: LiveTable) -> str:
        """The worker pool a decision of ``spec`` at ``table`` belongs to (a key of :attr:`pool_sizes`)."""
        return spec.partition(":")[0] if table.has_person else BOT_ONLY

    def _drop_pool(self, kind: str) -> None:
        self.pool_sizes.pop(kind, None)
        pool = self.pools.pop(kind, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _executor_for(self, kind: str) -> Executor:
        if kind not in self.pool_sizes:
            return self.executor
        if kind not in self.pools:
            self.pools[kind] = ProcessPoolExecutor(self.pool_sizes[kind], initializer=_exit_with_server,
                                                   initargs=(POOL_NICE.get(kind, 0),),
                                                   mp_context=multiprocessing.get_context("spawn"))
        return self.pools[kind]

    def after_change(self, table: LiveTable) -> None:
        """After every applied token (and a seat taken): (re)arm the reaction timers, then let the bots take their
        turns; nothing while a seat is open (the match has not started)."""
        if table.waiting_for_seats:
            return
        self.arm_timers(table)
        self.kick_bots(table)

    def arm_timers(self, table: LiveTable) -> None:
        """Arm a timer for each person's deadline now (:func:`~kartentisch.web.clock.deadlines`: the reaction timer
        or the table clock; a running one is kept while it still applies) and for the rematch offer; drop stale
        ones."""
        due = {seat: deadline for seat, deadline in clock.deadlines(table, self.time_scale).items()
               if not deadline.swept}  # a turn-based clock runs no timer: the turn sweep finds it (issue 34)
        if (end := rematch.deadline(table, self.time_scale)) is not None:
            due[REMATCH_TIMER] = clock.Deadline(end, "rematch")
        for key in list(table.timers):
            if key not in due or due[key].then != table.timers[key][0].then:
                table.timers.pop(key)[1].cancel()
        loop = asyncio.get_running_loop()
        for key in due.keys() - table.timers.keys():
            table.timers[key] = (due[key], loop.create_task(self._expire(table, key, due[key])))

    async def _expire(self, table: LiveTable, key: int, deadline: clock.Deadline) -> None:
        """At ``deadline``: pass for the seat ``key`` (the reaction timer), let its table clock run out
        (:func:`~kartentisch.web.handover.run_out`), or make the rematch without those who did not answer. Every
        process holding the table times it: the first one acts, the others find it done when they catch up."""
        from .handover import run_out  # the hand-over module builds on this one

        await asyncio.sleep(max(0.0, deadline.at - time.time()))
        async with table.lock:
            if table.timers.get(key, (None,))[0] is deadline:
                table.timers.pop(key)
            await self.refresh(table)
            try:
                if key == REMATCH_TIMER:
                    if rematch.deadline(table, self.time_scale) is not None:
                        await self._make_rematch(table)
                elif clock.deadlines(table, self.time_scale).get(key, deadline).then != deadline.then:
                    return  # the decision changed meanwhile (its own timer is armed for it)
                elif deadline.then == "pass":
                    if not table.state.is_legal(key, "pass"):
                        return
                    await self._commit_and_apply(table, key, ["pass"])
                elif key in table.state.to_act():
                    await run_out(self, table, key, deadline.then)
                else:
                    return
            except Conflict:
                return  # another process acted for the seat, or the seat answered there
        self.after_change(table)
        await table.broadcast()

    async def bot_move(self, table: LiveTable, seat: int, spec: str) -> str:
        """A move of the bot ``spec`` for ``seat`` on the table's position now (in the bot's worker, as
        :meth:`_bot_turns` asks; a random move if it fails)."""
        game, n = table.match.game, len(table.log)
        seed, snapshot = bot_seed(table.record.seed, seat, n), table.state.clone()
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._executor_for(self._pool_kind(spec, table)), choose_move, limited_spec(spec, self.search_seconds),
                game, seed, snapshot, seat)
        except Exception:
            log.exception("bot %s failed (table %s, seat %d); a random move is made instead", spec, table.id, seat)
            return choose_move("random", game, seed, snapshot, seat)

    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot driver unless it runs already or no bot has a decision. A bot lease held here
        for a table whose bots will never move here (its match is over, or this process plays no table without
        a person) is let go."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        self._let_go(table)
        if self._bot_seat(table) is None or not (table.has_person or self.bot_only_workers):
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(table))

    def _let_go(self, table: LiveTable) -> None:
        """Drop the bot lease held here of a table whose bots will never move here (see :meth:`kick_bots`)."""
        if table.id in self.leased and (table.state.game_over or not (table.has_person or self.bot_only_workers)):
            self.leased.discard(table.id)
            self.spawn(asyncio.to_thread(self.store.release_lease, table.id, self.owner))

    @staticmethod
    def _bot_seat(table: LiveTable) -> int | None:
        """The first seat to act that a bot plays: a bot's, or a person's handed to a bot (its ``stand_in``)."""
        bots = {s.seat for s in table.record.seats if s.kind == "bot" or s.stand_in is not None}
        return next((s for s in table.state.to_act() if s in bots), None)

    async def _drive_bots(self, table: LiveTable) -> None:
        """Move the table's bots while one has a decision. On a shared store only in the process holding the
        table's bot lease (another process holding it drives them: it hears of the move that gave them a turn).
        It is taken here unless held already, and kept while the table is in memory here and its match goes on
        (:meth:`keep_leases` renews it), so the bots' next turn needs no write for it; it goes at the match's end,
        and when the table leaves memory (:meth:`_evict`)."""
        if self.shared and table.id not in self.leased:
            if not await asyncio.to_thread(self.store.take_lease, table.id, self.owner, LEASE_SECONDS):
                return
            self.leased.add(table.id)
        await self._bot_turns(table)
        self._let_go(table)

    async def _bot_turns(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        game = table.match.game
        while (seat := self._bot_seat(table)) is not None:
            if self.shared and table.id not in self.leased:
                return  # the lease was lost (this process stalled) and another process drives the bots
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            n = len(table.log)
            spec = table.record.seats[seat].bot or table.record.seats[seat].stand_in or "random"
            seed = bot_seed(table.record.seed, seat, n)
            snapshot = table.state.clone()
            kind = self._pool_kind(spec, table)
            try:
                token = await loop.run_in_executor(self._executor_for(kind), choose_move,
                                                   limited_spec(spec, self.search_seconds), game, seed, snapshot,
                                                   seat)
            except BrokenExecutor:
                log.warning("worker processes for %s bots failed; they run in threads from now on", kind)
                self._drop_pool(kind)
                continue
            except Exception:
                log.exception("bot %s failed (table %s, seat %d); a random move is made instead", spec, table.id, seat)
                token = choose_move("random", game, seed, snapshot, seat)
            async with table.lock:
                await self.refresh(table)
                if len(table.log) != n:
                    continue  # someone acted meanwhile: think again on the new position
                if not table.state.is_legal(seat, token):
                    log.error("bot %s chose the illegal %r (table %s, seat %d); a random move is made instead",
                              spec, token, table.id, seat)
                    token = choose_move("random", game, seed, table.state.clone(), seat)
                try:
                    await self._commit_and_apply(table, seat, [token])
                except Conflict:
                    continue  # a person's move through another process came first: think again
            self.arm_timers(table)
            await table.broadcast()

    # ------------------------------------------------------------------ subscriptions
    async def subscribe(self, table: LiveTable, viewer: int | None, send: Send, lang: str = "en") -> int:
        """Register a frame sink for ``viewer`` with texts in ``lang`` and send it the first (full) frame;
        returns the id. A seat that was not connected turns ``connected`` for everyone
        (:mod:`~kartentisch.web.presence`): the others are pushed a frame."""
        was = None if viewer is None else presence.presence(table, viewer, self.time_scale)
        self._next_sub += 1
        sub = Subscriber(viewer, send, lang=lang)
        table.subscribers[self._next_sub] = sub
        await table.push(self._next_sub, sub)
        if was not in (None, "connected"):
            self.spawn(table.broadcast())
        for seat in presence.never_here(table):  # seats whose person never opened the page count from the load
            table.socket_left[seat] = table.loaded
            self.spawn(presence.announce(table, seat, self.time_scale))
        return self._next_sub

    def unsubscribe(self, table: LiveTable, sub_id: int) -> None:
        """Forget a subscriber; when it was its seat's last socket, the others hear when the seat turns away and
        gone (:func:`~kartentisch.web.presence.announce`)."""
        sub = table.subscribers.pop(sub_id, None)
        if sub is None or sub.viewer is None or any(s.viewer == sub.viewer for s in table.subscribers.values()):
            return
        table.socket_left[sub.viewer] = time.monotonic()
        self.spawn(presence.announce(table, sub.viewer, self.time_scale))

    # ------------------------------------------------------------------ rematch
    async def rematch(self, table: LiveTable, seat: int, join: bool = True) -> tuple[str | None, str | None]:
        """``seat``'s answer to the rematch of a finished table (:mod:`~kartentisch.web.rematch`: the first join
        offers it, every seat sees the offer); the rematch is made (same seats, fresh seed) once every person
        answered, or by the offer's timer. An answer given again changes nothing.

        Returns:
            ``(new table id, the new token of the same seat)`` once the rematch exists (the token ``None`` for a
            seat that left: a bot's now), else ``(None, None)``.
        Raises:
            ApiError 409: the match is not over, or the seat leaves a rematch that exists already.
        """
        if not table.state.game_over:
            raise ApiError(409, "a rematch is possible once the match is over")
        async with table.lock:
            while True:
                await self.refresh(table)
                said = rematch.answers(table).get(seat)
                try:
                    if table.rematch_id is None and said != join:
                        from .handover import commit_note  # the hand-over module builds on this one

                        await commit_note(self, table, rematch.JOIN if join else rematch.LEAVE, seat)
                    if table.rematch_id is None and rematch.due(table):
                        await self._make_rematch(table)
                    break
                except Conflict:
                    continue  # another process's answer came first: judged again after it
            rematch_id = table.rematch_id
        self.after_change(table)
        await table.broadcast()
        if rematch_id is None:
            return None, None
        if not join:
            raise ApiError(409, "the rematch has started already; its table is open to watch")
        new_table = await self.get(rematch_id)
        new_seat = new_table.record.seats[seat]
        return new_table.id, new_seat.token

    async def _make_rematch(self, table: LiveTable) -> None:
        """Create the rematch of ``table`` (call under its lock): seats as :func:`~kartentisch.web.rematch.new_seats`
        says, the same options, clock and settings, a fresh seed."""
        old = table.record
        try:
            new = await self.create(old.game, old.players, old.options, None, rematch.new_seats(table),
                                    old.reaction_seconds, old.spectator_chat, old.hints, rematch_of=old.id,
                                    table_clock=clock.TableClock.parse(old.clock))
            table.rematch_id = new.id
        except Conflict:  # another process made it a moment ago: this one is its table too
            await self.refresh(table)


def _exit_with_server(nice: int = 0) -> None:
    """Bot worker initializer: the worker ends as soon as the server process is gone, even after SIGKILL, and
    runs ``nice`` steps below the server's scheduling priority.

    A spawned pool worker otherwise waits for calls forever once its parent died without shutting the
    pool down; a daemon thread waits on the parent's sentinel (``multiprocessing.parent_process``).

    The worker ignores SIGINT: Ctrl-C in a terminal reaches the whole process group, and a worker's
    KeyboardInterrupt printed a traceback; the server ends its workers itself when it shuts down.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_when_parent_ends, args=(parent.sentinel,), daemon=True).start()


def _exit_when_parent_ends(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Cancel the pool's pending calls and end its worker processes without waiting for running calls.

    ``ProcessPoolExecutor.shutdown`` has no way to stop a running call (``terminate_workers`` arrives in
    Python 3.14), so the processes are taken from the pool before the shutdown forgets them.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


def _touched(record: TableRecord) -> TableRecord:
    return replace(record, touched=time.time())
