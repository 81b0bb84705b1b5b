"""Replays of finished matches (issue 23): a match stepped through position by position, and the replays kept.

A finished table (``GET /api/tables/{id}/replay``) or an uploaded replay file (``POST /api/replays``, kept in
memory) is a :class:`Replay`: position ``n`` (after ``n`` moves) from one seat's view as the table showed it to
that seat then (``state.view(seat)`` and the log told to it), as a spectator saw it, or with every card open
(:func:`open_view`) once the match is over. Seats count from 1 in the ``seat`` query parameter, as in the page's
address ``/t/{id}/replay?n=42&seat=2``.

Decision (fresh-user report, "fair play"): a replay and a review open in the reader's own view: a seat's page
links ``seat=<its seat>``, a spectator's ``seat=spectator`` (also the default of the API and the page); every
card open (``seat=all``) is an explicit choice of the seat chooser after the match, never the default.

A position costs at most :data:`CHECKPOINT_MOVES` moves replayed plus the moves of log asked for (issue 31), and
the replays kept in memory are bounded in bytes (:class:`ReplayCache`). The routes are
:mod:`~kartentisch.web.coach_routes`; the coach (:mod:`~kartentisch.web.coach`) reviews a replay's decisions.
"""

from __future__ import annotations

import functools
import pickle
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ..bots import SeatsUnread, header_seats, read_seats, saved_seat_names
from ..bots.coach import review_todo
from ..kernel import LANGS, GameState, InvalidReplay, KartentischError, Match, Voice
from ..kernel.errors import first_line
from ..kernel.replay_words import replay_refused, seats_numbered
from ..kernel.summary import score_now
from ..kernel.words import narrate
from .card_names import CardNames
from .errors import ApiError
from .frame_items import log_items
from .frames import LogEntryOut, MoveEntry, StartEntry
from .refusals import in_game_words

#: Moves between two kept positions of a :class:`Replay`.
CHECKPOINT_MOVES = 32
#: ``seat`` value of a replay with every card open.
ALL_SEATS: Final = "all"
#: ``seat`` value of a replay as a spectator saw it (the default).
SPECTATOR = "spectator"
#: Who reads a replay: a seat (0-based), ``None`` a spectator, or :data:`ALL_SEATS` (every card open).
Reader = int | None | Literal["all"]


def viewer_of(reader: Reader) -> int | None:
    """The view a ``reader`` sees cards from: its seat, ``None`` (the spectator's) for a spectator and for
    :data:`ALL_SEATS` (whose hidden cards :func:`open_view` opens)."""
    return None if isinstance(reader, str) else reader

#: The refusals of a bad position or seat in the players' words (``{total}``: the match's moves, ``{players}``);
#: those naming the match in the game's own words where its ``common`` part has ``replay_<key>`` (chips: "Spiel",
#: chips D1; :func:`.refusals.in_game_words`).
BAD_ASK = {
    "n": {"en": "This match has {total} moves: choose a position from 0 to {total}.",
          "de": "Diese Partie hat {total} Züge: wähle eine Stelle von 0 bis {total}."},
    "since": {"en": "This match has {total} moves: the log starts at a move from 0 to {total}.",
              "de": "Diese Partie hat {total} Züge: das Protokoll beginnt bei einem Zug von 0 bis {total}."},
    "seat": {"en": "There is no seat {seat} here: choose a seat from 1 to {players}, the spectator's view or "
                   "all cards open.",
             "de": "Platz {seat} gibt es hier nicht: wähle einen Platz von 1 bis {players}, die Zuschauersicht "
                   "oder „Alle Karten offen“."},
    "open": {"en": "Every card is shown only once the match is over: choose a seat or the spectator's view.",
             "de": "Alle Karten gibt es erst nach der Partie offen: wähle einen Platz oder die Zuschauersicht."},
}


def open_view(state: GameState) -> dict[str, Any]:
    """The state document with every card some seat knew at ``state`` face up: the spectator's view with each
    hidden (``"?"``) value replaced by the one a seat's own view shows there. Cards nobody knew (the draw pile,
    face-down cards of a grid) stay hidden. For a finished match only (the replay's "all cards open")."""
    return functools.reduce(_reveal, (state.view(s) for s in range(state.players)), state.view(None))


def _reveal(shown: Any, seen: Any) -> Any:
    """``shown`` with its hidden leaves replaced by ``seen``'s where both documents have the same shape there."""
    if isinstance(shown, dict) and isinstance(seen, dict) and shown.keys() == seen.keys():
        return {key: _reveal(shown[key], seen[key]) for key in shown}
    if isinstance(shown, list) and isinstance(seen, list) and len(shown) == len(seen):
        return [_reveal(a, b) for a, b in zip(shown, seen, strict=True)]
    return seen if shown == "?" else shown


def only_seen(state: GameState, seat: int) -> list[str]:
    """The cards ``seat``'s view shows face up that the spectator's shows hidden, in the document's order (its
    hand, a card it holds or passed): what only that seat saw at ``state``."""
    return [card for _, card in seen_where(state, seat)]


def seen_where(state: GameState, seat: int) -> list[tuple[tuple[Any, ...], str]]:
    """:func:`only_seen` with where each card lies: ``(path, card)``, ``path`` the keys down to the card's list
    (``("zones", "hands", 0)``), without its place in that list."""
    out: list[tuple[tuple[Any, ...], str]] = []

    def walk(shown: Any, seen: Any, path: tuple[Any, ...]) -> None:
        if isinstance(shown, dict) and isinstance(seen, dict) and shown.keys() == seen.keys():
            for key in shown:
                walk(shown[key], seen[key], (*path, key))
        elif isinstance(shown, list) and isinstance(seen, list) and len(shown) == len(seen):
            for i, (a, b) in enumerate(zip(shown, seen, strict=True)):
                walk(a, b, (*path, i))
        elif shown == "?" and isinstance(seen, str) and seen != "?":
            out.append((path[:-1] if path and isinstance(path[-1], int) else path, seen))

    walk(state.view(None), state.view(seat), ())
    return out


@dataclass
class Replay:
    """A match to step through: its seats' names per language (``()``: "Seat n"), the moves (numbered from 1) a
    bot made for a person's seat (``by_bot``: a stand-in's, a removed person's; not reviewed), whether it is over
    (then every card may be shown), and its positions as checkpoints (issue 31): the position after every
    :data:`CHECKPOINT_MOVES` moves is kept, any other one is replayed from the checkpoint before it, so a position
    costs at most ``CHECKPOINT_MOVES - 1`` state applications plus one per move of log asked for, and a replay
    holds ``total / CHECKPOINT_MOVES`` positions instead of all of them.

    Attributes:
        applied: moves applied to a position since the replay was made (its work, which the tests count).
        nbytes: its size for :class:`ReplayCache`: the pickled size of its checkpoints and history.
    """

    match: Match
    names: dict[str, tuple[str, ...]]
    by_bot: frozenset[int] = frozenset()
    #: The seats' names where a sentence makes them owners, per language (a table's
    #: :attr:`~kartentisch.web.live.LiveTable.short_names`; ``{}``: the names).
    short_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Why the seats are named by number, per language (an uploaded file whose saved seats are not used); ``{}``.
    seats_note: dict[str, str] = field(default_factory=dict)
    checkpoints: list[GameState] = field(init=False)
    over: bool = field(init=False)
    cards: CardNames = field(init=False)
    applied: int = field(init=False, default=0)
    nbytes: int = field(init=False)
    _todo: dict[tuple[int, ...], list[tuple[int, int, str]]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.checkpoints = []
        for n, state in enumerate(self.match.states()):
            if n % CHECKPOINT_MOVES == 0:
                self.checkpoints.append(state)
        self.over = state.game_over
        first = self.checkpoints[0]
        self.cards = CardNames(first.game, frozenset(first.game.deck(first.players, first.options)))
        self.nbytes = len(pickle.dumps((self.checkpoints, self.match.history), pickle.HIGHEST_PROTOCOL))

    @property
    def total(self) -> int:
        """Moves in the match (positions ``0 … total``)."""
        return len(self.match.history)

    def state_at(self, n: int) -> GameState:
        """Position ``n`` (after ``n`` moves; ``0 ≤ n ≤ total``), a state of its own: the checkpoint before it
        plus at most ``CHECKPOINT_MOVES - 1`` moves."""
        state = self.checkpoints[n // CHECKPOINT_MOVES].clone()
        self._advance(state, n - n % CHECKPOINT_MOVES, n)
        return state

    def _advance(self, state: GameState, start: int, end: int) -> None:
        """Apply moves ``start … end-1`` of the history to ``state`` (at position ``start``)."""
        for seat, token in self.match.history[start:end]:
            state.apply(seat, token)
        self.applied += end - start

    def states_at(self, ns: Iterable[int]) -> Iterator[GameState]:
        """The positions ``ns`` (ascending), each a state of its own, walking forward from one to the next when
        that is shorter than starting from its checkpoint."""
        state: GameState | None = None
        at = 0
        for n in ns:
            if state is None or not at <= n < at + CHECKPOINT_MOVES:
                state = self.state_at(n)
            else:
                self._advance(state, at, n)
            at = n
            yield state.clone()

    def todo(self, seats: list[int]) -> list[tuple[int, int, str]]:
        """The decisions of ``seats`` a review judges (:func:`~kartentisch.bots.coach.review_todo`), found once per
        seats: every poll of a review asks for them. The moves of :attr:`by_bot` are not the person's and are left
        out (a fresh user's review blamed a friend for a move the bot playing her seat had made)."""
        key = tuple(seats)
        if key not in self._todo:
            todo = review_todo(self.match, seats, self.match.states())
            self._todo[key] = [d for d in todo if d[0] not in self.by_bot]
        return self._todo[key]

    def voice(self, lang: str, viewer: int | None) -> Voice:
        """Who reads, in ``lang``."""
        return Voice(lang, viewer, self.names.get(lang, ()), self.short_names.get(lang, ()))

    def reader(self, seat: str | None) -> Reader:
        """The reader of a ``seat`` query value: ``"1"`` … ``"players"`` (counted from 1) a 0-based seat,
        :data:`SPECTATOR` (also when not given) ``None``, :data:`ALL_SEATS` itself.

        Raises:
            ApiError 422: another value; 409: every card open before the match is over (both worded, :data:`BAD_ASK`).
        """
        if seat is None or seat == SPECTATOR:
            return None
        if seat == ALL_SEATS:
            if not self.over:
                raise ApiError(409, "every card is shown only once the match is over; choose a seat (seat=1 …) or "
                                    f"{SPECTATOR!r}",
                               said=in_game_words(self.match.game, "replay_open", BAD_ASK["open"]))
            return ALL_SEATS
        players = self.match.players
        if not seat.isdigit() or not 1 <= int(seat) <= players:
            said = {lang: text.format(seat=seat[:20], players=players) for lang, text in BAD_ASK["seat"].items()}
            raise ApiError(422, f"seat is a seat counted from 1 (1 … {players}), {SPECTATOR!r} or {ALL_SEATS!r}, "
                                f"not {seat[:20]!r}", said=said)
        return int(seat) - 1

    def check(self, n: int, since: int = 0) -> None:
        """ApiError 422 (worded, :data:`BAD_ASK`) unless ``n`` and ``since`` are positions ``0 … total``."""
        for name, value in (("n", n), ("since", since)):
            if not 0 <= value <= self.total:
                words = in_game_words(self.match.game, f"replay_{name}", BAD_ASK[name])
                said = {lang: text.format(total=self.total) for lang, text in words.items()}
                what = "a position from 0 (the deal)" if name == "n" else "a move number from 0"
                raise ApiError(422, f"{name} is {what} to {self.total} (the last move), not {value}", said=said)

    def told(self, i: int, before: GameState, after: GameState, reader: Reader, lang: str,
             opened: tuple[dict[str, Any], dict[str, Any]] | None = None) -> list[LogEntryOut]:
        """The log entries of move ``i`` (from ``before`` to ``after``) as the table told it to ``reader`` (a seat or
        ``None``, a spectator: its frames' log entries); for :data:`ALL_SEATS` the move in full (the cards of every
        hand open: ``opened``, the :func:`open_view` of ``before`` and ``after`` if the caller has them) followed by
        its round's end."""
        seat, token = self.match.history[i]
        viewer = viewer_of(reader)
        items = log_items(seat, narrate(before, seat, token, after, self.voice(lang, viewer)), self.cards, lang)
        if reader == ALL_SEATS:
            shown, then = opened or (open_view(before), open_view(after))
            items[0] = MoveEntry(seat, token, self.match.game.describe_move(seat, token, shown, then,
                                                                            self.voice(lang, None)),
                                 self.cards.of_token(token, lang))
        return items

    def position(self, n: int, reader: Reader, lang: str, since: int) -> dict[str, Any]:
        """Position ``n`` as ``reader`` saw it (a seat, ``None`` a spectator, :data:`ALL_SEATS` every card open),
        with the log of moves ``since … n-1``: at most ``CHECKPOINT_MOVES - 1 + (n - since)`` moves applied.

        Returns:
            ``{"type": "replay", "game", "lang", "players", "n", "total", "over", "seat", "open", "seats",
            "view", "card_names", "phase_text", "lower_wins", "score_now", "legal", "choices", "page_facts", "log",
            "log_start", "seats_note", "only_seen"}``: ``seat`` 0-based as in frames (``None`` for a spectator and
            with every card open), ``log`` from 0 first round 1's start as the table tells it, ``seats``
            ``[{"seat", "name", "short_name"}]``, ``card_names``, ``score_now`` and ``page_facts`` as a frame's,
            ``legal`` and ``choices`` empty (nobody moves in a replay), ``only_seen`` per seat the cards only it saw
            (every card open only, else ``None``), ``seats_note`` why the seats are named by number (``None``).
        Raises:
            ApiError 422: ``n`` or ``since`` out of ``0 … total`` (:meth:`check`).
        """
        self.check(n, since)
        opened = reader == ALL_SEATS
        viewer = viewer_of(reader)
        start = min(since, n)
        state = self.state_at(start)
        log: list[LogEntryOut] = []
        shown = open_view(state) if opened else None  # each open view serves two moves (and the last)
        if start == 0:  # round 1's start, first, as the table's log tells it (LiveTable.start_text)
            game = self.match.game
            told = game.describe_start(shown if shown is not None else state.view(viewer), self.voice(lang, viewer))
            log += [StartEntry("start", told)] if told else []
        for i in range(start, n):
            before = state.clone()
            self._advance(state, i, i + 1)
            then = open_view(state) if opened else None
            log += self.told(i, before, state, reader, lang, (shown, then) if shown and then else None)
            shown = then
        view = state.view(viewer) if shown is None else shown
        game = self.match.game
        voice = self.voice(lang, viewer)
        return {
            "type": "replay", "game": game.id, "lang": lang, "players": self.match.players, "n": n,
            "total": self.total, "over": self.over, "seat": viewer, "open": opened,
            "seats": [{"seat": s, "name": voice.name(s), "short_name": voice.short(s)}
                      for s in range(self.match.players)],
            "view": view, "card_names": self.cards.of_view(view, lang),
            "phase_text": game.phase_name(view["phase"], lang), "lower_wins": game.score_sign < 0,
            "score_now": score_now(game, view), "legal": [], "choices": [], "page_facts": game.page_facts(view, viewer),
            "log": log, "log_start": start, "seats_note": self.seats_note.get(lang),
            "only_seen": [only_seen(state, s) for s in range(self.match.players)] if opened else None,
        }


class ReplayCache:
    """Replays kept in memory (uploads, finished tables), least recently used first out once their
    :attr:`Replay.nbytes` add up to more than ``max_bytes`` (the newest one is always kept).

    Raises:
        ValueError: ``max_bytes`` below 1.
    """

    def __init__(self, max_bytes: int) -> None:
        if max_bytes < 1:
            raise ValueError(f"the replay cache needs at least 1 byte, got {max_bytes}")
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[str, Replay] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> Replay | None:
        """The replay kept as ``key`` (now the most recently used), or ``None``."""
        replay = self._items.get(key)
        if replay is not None:
            self._items.move_to_end(key)
        return replay

    def put(self, key: str, replay: Replay) -> None:
        """Keep ``replay`` as ``key``, forgetting the least recently used ones over :attr:`max_bytes`."""
        old = self._items.pop(key, None)
        self.bytes += replay.nbytes - (old.nbytes if old is not None else 0)
        self._items[key] = replay
        while self.bytes > self.max_bytes and len(self._items) > 1:
            self.bytes -= self._items.popitem(last=False)[1].nbytes


#: How a refusal calls an uploaded file (:func:`replay_of`): "The file, line 3: …".
UPLOADED = {"en": "The file", "de": "Die Datei"}


def replay_of(text: str) -> Replay:
    """The :class:`Replay` of a replay file's text, its seats named as ``kartentisch play`` saved them (the header's
    ``seats``: :func:`~kartentisch.bots.read_seats`; without them, or not in that shape, "Seat n"); ApiError 422 if
    it does not read or replay, or has no seed (then it cannot replay): the line and what belongs there in the
    players' words (:func:`~kartentisch.kernel.replay_words.replay_refused`), the parser's for developers."""
    try:
        match = Match.loads(text, "replay")
        if match.seed is None:
            raise InvalidReplay("replay:1: the header has no seed, so the deal cannot be replayed", line=1,
                                problem="no_seed")
    except InvalidReplay as exc:  # in the players' words, as the terminal says it (the page shows them)
        raise ApiError(422, first_line(exc), said={lang: replay_refused(exc, UPLOADED[lang], lang)
                                                   for lang in LANGS}) from None
    except KartentischError as exc:
        raise ApiError(422, first_line(exc)) from None
    note: dict[str, str] = {}
    try:
        seats = header_seats(text)  # as written: the match keeps only a list
        saved = None if seats is None else read_seats(seats, match.players)
    except SeatsUnread as exc:  # a hand edit: the moves replay either way, the seats by number, and the page says why
        saved, note = None, {lang: seats_numbered(exc.key, exc.values, lang) for lang in LANGS}
    named = {lang: saved_seat_names(saved, match.players, lang) for lang in LANGS}
    return Replay(match, {lang: names for lang, (names, _) in named.items()},
                  short_names={lang: shorts for lang, (_, shorts) in named.items()}, seats_note=note)
