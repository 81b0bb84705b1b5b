"""Per-client limits of the browser table's server (issue 22): rates of table creation and of actions, open
sockets per client and spectators per table; since issue 31 also the rates of the coach's hints (per client and
per seat), of replay steps and of uploaded replays.

A client is its network address (``request.client.host``; behind a reverse proxy on this machine uvicorn
takes it from ``X-Forwarded-For``). Rates are counted over a moving window by the ``limits`` library
(in memory, so one server process; ``"20/second"``, ``"30/minute"``, several joined by ``;``). A refusal is
:class:`TooManyRequests`: 429 with ``Retry-After`` over HTTP, an error frame with ``retry_after`` on a socket.
A request that names its page's language (``?lang=de``) is refused in that language.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .errors import ApiError


class TooManyRequests(ApiError):
    """429 (or ``status``: 503 when the server, not the client, is at its limit): ``retry_after`` is how many
    whole seconds the client should wait (≥ 1); the app sends it as ``Retry-After`` too. ``said`` is shown to people
    as a sentence (a capital and a full stop; the developers' ``message`` stays as written)."""

    def __init__(self, message: str, retry_after: int, status: int = 429,
                 said: Mapping[str, str] | None = None) -> None:
        if said is not None:
            said = {lang: f"{text[:1].upper()}{text[1:].rstrip('.')}." for lang, text in said.items()}
        super().__init__(status, message, said=said)
        self.retry_after = retry_after

    def body(self, lang: str | None = None) -> dict[str, Any]:
        """``{"error": message, "retry_after": seconds}`` (and ``text`` as :meth:`ApiError.body` says)."""
        return {**super().body(lang), "retry_after": self.retry_after}


def parse_rate(rate: str | None) -> list[RateLimitItem]:
    """The limits of ``rate`` (``"20/second"``, ``"10/minute;100/hour"``); ``None``, ``""`` or ``"off"``: none.

    Raises:
        ValueError: naming the text that is no rate.
    """
    if rate is None or rate.strip().lower() in ("", "off"):
        return []
    try:
        return parse_many(rate)
    except ValueError:
        raise ValueError(f"{rate!r} is not a rate such as '20/second' or '30/minute' (or 'off')") from None


@dataclass(frozen=True)
class Limits:
    """The per-client limits of one server; each ``None`` (a rate also ``"off"``) switches that limit off.
    The options of ``kartentisch serve`` give the defaults.

    Attributes:
        create_rate: tables one client may create (``POST /api/tables``; a rematch is not counted).
        action_rate: actions one client may send, over HTTP and WebSocket together.
        sockets_per_client: WebSockets one client may hold open at once (counted from the connection on).
        spectators_per_table: spectator sockets (no seat token) one table accepts at once.
        hint_rate: hints one client may ask for (``GET …/hint``, an answer from the coach's cache counted too).
        seat_hint_rate: hints one seat may ask for, from any client.
        replay_rate: replay steps one client may ask for (``GET …/replay``, ``GET /api/replays/{id}``); a request
            counts one step plus one per :data:`REPLAY_STEP_MOVES` moves of log it asks for.
        upload_rate: replay files one client may upload (``POST /api/replays``).
    """

    create_rate: str | None
    action_rate: str | None
    sockets_per_client: int | None
    spectators_per_table: int | None
    hint_rate: str | None = None
    seat_hint_rate: str | None = None
    replay_rate: str | None = None
    upload_rate: str | None = None

    @classmethod
    def off(cls) -> Limits:
        """No limit at all (``create_app``'s default, for tests and embedding)."""
        return cls(None, None, None, None)


#: Moves of replay log that count as one more step of :attr:`Limits.replay_rate` (a request for the log of a
#: whole match costs as much as stepping through it this many moves at a time).
REPLAY_STEP_MOVES = 20
#: What each rate of :class:`Guard` counts, in the refusal's words per language.
COUNTED = {
    "create": {"en": "tables created from this client", "de": "neue Tische von diesem Gerät"},
    "action": {"en": "actions from this client", "de": "Aktionen von diesem Gerät"},
    "hint": {"en": "hints asked for from this client", "de": "Tipps von diesem Gerät"},
    "seat-hint": {"en": "hints asked for this seat", "de": "Tipps für diesen Platz"},
    "replay": {"en": "replay steps asked for from this client", "de": "Wiederholungsschritte von diesem Gerät"},
    "upload": {"en": "replays uploaded from this client", "de": "hochgeladene Wiederholungen von diesem Gerät"},
}
#: The refusal over a rate: what was counted, the most allowed, the window, the whole seconds to wait.
OVER_RATE = {"en": "too many {what}: at most {amount} per {per}; try again in {wait} s",
             "de": "zu viele {what}: höchstens {amount} pro {per}; versuch es in {wait} s wieder"}
#: A window's unit in words (singular, plural) per language.
UNITS = {"en": {"second": ("second", "seconds"), "minute": ("minute", "minutes"), "hour": ("hour", "hours"),
                "day": ("day", "days"), "month": ("month", "months"), "year": ("year", "years")},
         "de": {"second": ("Sekunde", "Sekunden"), "minute": ("Minute", "Minuten"), "hour": ("Stunde", "Stunden"),
                "day": ("Tag", "Tage"), "month": ("Monat", "Monate"), "year": ("Jahr", "Jahre")}}


class Guard:
    """Keeps :class:`Limits`: counts each client's creations, actions and open sockets.

    Raises:
        ValueError: a rate of ``limits`` does not parse, or a cap is below 1.
    """

    def __init__(self, limits: Limits) -> None:
        for name in ("sockets_per_client", "spectators_per_table"):
            cap = getattr(limits, name)
            if cap is not None and cap < 1:
                raise ValueError(f"{name} must be at least 1 (or None: no limit), got {cap}")
        self.limits = limits
        self._rates = {"create": parse_rate(limits.create_rate), "action": parse_rate(limits.action_rate),
                       "hint": parse_rate(limits.hint_rate), "seat-hint": parse_rate(limits.seat_hint_rate),
                       "replay": parse_rate(limits.replay_rate), "upload": parse_rate(limits.upload_rate)}
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self._sockets: Counter[str] = Counter()

    def hit(self, what: str, client: str, lang: str = "en", cost: int = 1) -> None:
        """Count ``cost`` of ``what`` (a key of :data:`COUNTED`) for ``client`` (for ``"seat-hint"`` the seat:
        ``"table id:seat"``); TooManyRequests, worded in ``lang``, if over its rate (then nothing is counted, and
        the client is told when the oldest counted one leaves the window)."""
        for item in self._rates[what]:
            if not self._window.hit(item, what, client, cost=min(cost, item.amount)):
                reset = self._window.get_window_stats(item, what, client).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                said = {each: OVER_RATE[each].format(what=COUNTED[what][each], amount=item.amount,
                                                     per=_per(item, each), wait=wait) for each in OVER_RATE}
                raise TooManyRequests(said["en"], wait, said=said)  # error: for developers; text: the reader's

    def open_socket(self, client: str) -> None:
        """Count one more of ``client``'s sockets; TooManyRequests (counting nothing) if it has
        :attr:`Limits.sockets_per_client` open already. Each counted socket ends with :meth:`close_socket`.
        (Two calls rather than a context manager: a generator held per open socket cost memory, issue 33.)"""
        cap = self.limits.sockets_per_client
        if cap is not None and self._sockets[client] >= cap:
            raise TooManyRequests(f"too many open connections from this client: at most {cap}", 5)
        self._sockets[client] += 1

    def close_socket(self, client: str) -> None:
        """One of ``client``'s sockets counted by :meth:`open_socket` closed."""
        self._sockets[client] -= 1
        if not self._sockets[client]:
            del self._sockets[client]

    def admit_spectator(self, spectators: int) -> None:
        """ApiError 503 if a table with ``spectators`` spectator sockets may take no more."""
        cap = self.limits.spectators_per_table
        if cap is not None and spectators >= cap:
            raise ApiError(503, f"this table has its {cap} spectators already; try again later")


def _per(item: RateLimitItem, lang: str = "en") -> str:
    """``"second"``, ``"10 seconds"`` (``"Sekunde"``, ``"10 Sekunden"``): the window of ``item`` in words."""
    one, many = UNITS[lang][item.GRANULARITY.name]
    return one if item.multiples == 1 else f"{item.multiples} {many}"
