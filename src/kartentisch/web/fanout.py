"""The socket fan-out of a live table: its subscribers, the JSON text they are sent, and how a fresh frame reaches
each of them (built and encoded once per distinct reader position, issue 33; a slow or closed socket dropped).

What a frame holds is :meth:`LiveTable.frame <kartentisch.web.live.LiveTable.frame>`'s (the one per-viewer filter);
this module only decides which frames to build, encodes them and sends them.
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Awaitable, Callable, Coroutine, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from starlette.responses import Response

from .event_parts import EventParts
from .frames import FrameOut

if TYPE_CHECKING:
    from .live import LiveTable

#: A socket's sink: takes one message already encoded as JSON text (:func:`encode`), so a frame shared by many
#: subscribers is encoded once (issue 33).
Send = Callable[[str], Awaitable[None]]


def encode(message: dict[str, Any] | FrameOut) -> str:
    """One message as the JSON text a socket sends: compact, UTF-8 text as is (what Starlette's ``send_json``
    sends), by orjson: 3.7–10.8× faster than ``json.dumps`` on a frame (issue 33, bench/README.md). A frame
    (:class:`~kartentisch.web.frames.FrameOut`) is encoded as declared, its fields in order, by orjson's own
    dataclass encoder. A message's keys are strings and its integers below 2**63 (a table's seed is, ``TableIn``);
    orjson refuses anything else with ``TypeError``."""
    return orjson.dumps(message).decode()


def frame_response(frame: FrameOut) -> Response:
    """An HTTP answer of one frame: the bytes a socket gets as text (:func:`encode`), not re-encoded by FastAPI."""
    return Response(orjson.dumps(frame), media_type="application/json")


#: Seconds a subscriber may take to accept one frame before it is dropped.
SEND_TIMEOUT = 10.0


@dataclass(slots=True)
class Subscriber:
    """A socket listening to a table: its viewer, its sink, its language, how many events it has been sent, and
    how many chat messages (``None``: none yet, its first frame carries the latest
    :data:`~kartentisch.web.live.CHAT_FRAME`)."""

    viewer: int | None
    send: Send
    sent: int = 0
    lang: str = "en"
    chat_sent: int | None = None


async def broadcast(table: LiveTable) -> None:
    """Push each subscriber its frame with the log entries it has not had yet, all at once (a slow or failing
    subscriber is dropped).

    A frame is built and encoded once per distinct reader position: subscribers of the same viewer (all
    spectators, or two pages of one seat), language, events sent and chat messages sent get the same text
    (issue 33), since :meth:`LiveTable.frame <kartentisch.web.live.LiveTable.frame>` depends on nothing else; a
    seat's frame is built for that seat only, so nothing of a seat's view reaches a spectator. All frames are built
    before the first is sent, from one state, sharing what no viewer changes
    (:class:`~kartentisch.web.event_parts.EventParts`). Each send then goes as far as it can in this task
    (:func:`_start`); those that wait go on together, each in a task of its own."""
    built: dict[tuple[int | None, str, int, int | None], tuple[str, int, int]] = {}
    texts = []
    parts = EventParts(table)
    for sub_id, sub in list(table.subscribers.items()):
        key = (sub.viewer, sub.lang, sub.sent, sub.chat_sent)
        if key not in built:
            built[key] = _encoded_frame(table, sub, parts)
        text, sub.sent, sub.chat_sent = built[key]
        texts.append((sub_id, sub, text))
    rest = [r for sub_id, sub, text in texts if (r := _start(table, sub_id, sub, text)) is not None]
    if rest:
        await asyncio.gather(*rest)


async def push(table: LiveTable, sub_id: int, sub: Subscriber) -> None:
    """Send one subscriber its frame with the log entries it has not had yet (see :func:`_start`)."""
    text, sub.sent, sub.chat_sent = _encoded_frame(table, sub)
    if (rest := _start(table, sub_id, sub, text)) is not None:
        await rest


def _encoded_frame(table: LiveTable, sub: Subscriber, parts: EventParts | None = None) -> tuple[str, int, int]:
    """``sub``'s next frame as JSON text, with the events and chat messages it will then have had (``parts``: what
    the frames of this event share, :meth:`LiveTable.frame <kartentisch.web.live.LiveTable.frame>`)."""
    frame = table.frame(sub.viewer, sub.sent, sub.lang, sub.chat_sent, parts)
    return encode(frame), frame.n, frame.chat_start + len(frame.chat)


def _start(table: LiveTable, sub_id: int, sub: Subscriber, text: str) -> Coroutine[Any, Any, None] | None:
    """Send ``text`` to one subscriber as far as it goes without waiting: ``None`` when that sent it (a socket that
    can take it writes at once) or it failed (the subscriber is dropped), else the rest of the send (:func:`_finish`)
    for the caller to await.

    Issue 33: a task and a timer per subscriber per event cost more than most sends, which never wait; a send that
    waits (a full socket buffer) goes on in a task of its own, with its :data:`SEND_TIMEOUT`, as every send did.
    (Python 3.12's eager tasks do this for a whole event loop.)"""
    try:
        step = sub.send(text).__await__()
        waiting = step.send(None)
    except StopIteration:
        return None
    except Exception:  # closed: forget it, keep serving the others
        table.subscribers.pop(sub_id, None)
        return None
    return _finish(table, sub_id, step, waiting)


async def _finish(table: LiveTable, sub_id: int, step: Generator[Any, None, None], waiting: Any) -> None:
    """The rest of a send :func:`_start` began, ``waiting`` for what it yielded. A subscriber whose socket is closed,
    or that does not take the frame within :data:`SEND_TIMEOUT` seconds, is dropped (it gets the whole log again
    when it reconnects)."""
    try:
        async with asyncio.timeout(SEND_TIMEOUT):  # no task of its own per send, as wait_for makes
            await _resume(step, waiting)
    except Exception:  # closed or stuck: forget it, keep serving the others
        table.subscribers.pop(sub_id, None)


@types.coroutine
def _resume(step: Generator[Any, None, None], waiting: Any) -> Generator[Any, None, None]:
    """Go on with a started send ``step`` in the running task: hand the task what the send waits for (``waiting``:
    a future, or ``None`` for a bare yield), then resume the send as the task would have (``yield from``); a
    cancellation thrown in while it waits is thrown into the send."""
    try:
        yield waiting
    except BaseException as exc:
        try:
            waiting = step.throw(exc)
        except StopIteration:
            return
        yield from _resume(step, waiting)
        return
    yield from step
