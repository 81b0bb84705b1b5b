"""A table's chat (issue 21): short plain-text messages of the seats (and of spectators where the table allows).

``POST /api/tables/{id}/chat`` with a seat's token (or ``?spectator=1`` without one, where the table was
created with ``"spectator_chat": true``) stores one message with the table (``kt_chat``, so it survives a
restart) and pushes a frame to every socket of the table; frames carry the chat
(:meth:`~kartentisch.web.live.LiveTable.frame`). A message is 1 to :data:`MAX_TEXT` characters after
trimming, without control characters; a sender (a seat, or a spectator's address) may send :data:`CHAT_RATE`
(the ``limits`` library's moving window, as the server's other rates). The page shows a message as text,
never as HTML.

A quick reaction ("Good game!") is sent as its id (``{"reaction": "good_game"}``, :data:`REACTIONS`, listed by
``GET /api/chat/reactions`` for the page's buttons) and each reader reads it in their own language: a German
host's "Gutes Spiel!" is "Good game!" on an English friend's phone.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Query, Request
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, Field

from . import refusals
from .deps import bearer, client, control_character, hub_of, plain_id
from .errors import ApiError, frame_lang
from .frames import LANG_HELP, ChatOut
from .limits import TooManyRequests
from .records import ChatRecord

#: Longest message (characters, after trimming).
MAX_TEXT = 200
#: Messages one sender may send: at most 5 in any 10 seconds.
CHAT_RATE = "5 per 10 seconds"


#: The chat's quick reactions by id, in the players' words per language (the page's buttons and each reader's
#: message: :func:`message_text`).
REACTIONS: dict[str, dict[str, str]] = {
    "nice_move": {"en": "Nice move!", "de": "Guter Zug!"},
    "well_played": {"en": "Well played!", "de": "Gut gespielt!"},
    "good_game": {"en": "Good game!", "de": "Gutes Spiel!"},
    "oops": {"en": "Oops!", "de": "Hoppla!"},
    "your_turn": {"en": "Your turn!", "de": "Du bist dran!"},
}
#: The ids of :data:`REACTIONS`, as the request's schema lists them.
Reaction = Literal["nice_move", "well_played", "good_game", "oops", "your_turn"]


class ChatIn(BaseModel):
    """A chat message: plain text, 1 to 200 characters after trimming, or a quick reaction by its id (then no
    text)."""

    text: str | None = Field(None, max_length=4 * MAX_TEXT, examples=["Good game!"])
    reaction: Reaction | None = Field(None, description="a quick reaction's id (GET /api/chat/reactions)",
                                      examples=["good_game"])


class ReactionOut(BaseModel):
    """One quick reaction of the chat: its id and its words per language."""

    id: str = Field(examples=["good_game"])
    words: dict[str, str] = Field(examples=[{"en": "Good game!", "de": "Gutes Spiel!"}])


def message_text(message: ChatRecord, lang: str) -> str:
    """What ``message`` says to a reader in ``lang``: a quick reaction in that language, else its text."""
    words = REACTIONS.get(message.reaction or "")
    return message.text if words is None else words.get(lang, words["en"])


#: The chat's refusals in the players' words (``ApiError.said``).
_REFUSED = {
    "empty": {"en": "Write something first.", "de": "Schreib zuerst etwas."},
    "long": {"en": "A chat message has at most {k} characters.",
             "de": "Eine Chat-Nachricht hat höchstens {k} Zeichen."},
    # what a person can act on: the character that is refused may not show at all (a right-to-left override)
    "plain": {"en": "A chat message is one line of plain text: remove the line break or the invisible character.",
              "de": "Eine Chat-Nachricht ist eine Zeile einfacher Text: entferne den Zeilenumbruch oder das "
                    "unsichtbare Zeichen."},
    "both": {"en": "Send either a message or a quick reaction, not both.",
             "de": "Schick entweder eine Nachricht oder eine schnelle Reaktion, nicht beides."},
    "spectators": {"en": "Spectators do not chat at this table: its creator did not allow it.",
                   "de": "Zuschauer schreiben an diesem Tisch nicht im Chat: Wer ihn angelegt hat, hat es nicht "
                         "erlaubt."},
}


def checked_text(text: str) -> str:
    """``text`` trimmed, if it is a chat message; else ApiError 422 naming what is wrong."""
    text = text.strip()
    if not text:
        raise ApiError(422, "a chat message needs some text", said=_REFUSED["empty"])
    if len(text) > MAX_TEXT:
        raise ApiError(422, f"a chat message has at most {MAX_TEXT} characters; this one has {len(text)}",
                       said=refusals.said(_REFUSED["long"], k=MAX_TEXT))
    if (bad := control_character(text)) is not None:
        raise ApiError(422, f"a chat message is one line of plain text; this one holds the control, format or "
                            f"line-break character {bad}", said=_REFUSED["plain"])
    return text


def chat_router(rate: str = CHAT_RATE) -> APIRouter:
    """The chat route, counting each sender's messages against ``rate`` (its own window per app).

    Raises:
        ValueError: ``rate`` is not a rate the ``limits`` library reads.
    """
    limit = parse(rate)
    window = MovingWindowRateLimiter(MemoryStorage())
    router = APIRouter()

    @router.get("/api/chat/reactions")
    def reactions() -> list[ReactionOut]:
        """The chat's quick reactions: each id with its words in every language (the table page's buttons)."""
        return [ReactionOut(id=key, words=words) for key, words in REACTIONS.items()]

    @router.post("/api/tables/{table_id}/chat", status_code=201)
    async def post_chat(table_id: str, body: ChatIn, request: Request,
                        authorization: Annotated[str | None, Header()] = None,
                        spectator: Annotated[bool, Query(description="send as a spectator (no seat token), where "
                                                                     "the table allows spectators' chat")] = False,
                        lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> ChatOut:
        """Send a message to the table's chat as the bearer seat (or as a spectator): the message as frames carry
        it. 401 without a seat token (and not as a spectator), 403 spectators' chat is off at this table, 422
        an empty, too long or not plain text, 429 over the sender's rate."""
        lang = frame_lang(lang)
        hub = hub_of(request)
        table = await hub.get(plain_id(table_id))
        seat = table.seat_of(bearer(authorization))
        if seat is None and not spectator:
            raise ApiError(401, "a seat token is needed to chat (spectators send with ?spectator=1 where the table "
                                "allows it)")
        if seat is None and not table.record.spectator_chat:
            raise ApiError(403, "spectators do not chat at this table; its creator did not allow it",
                           said=_REFUSED["spectators"])
        if body.reaction is not None and body.text is not None:
            raise ApiError(422, "send either text or a reaction, not both", said=_REFUSED["both"])
        text = REACTIONS[body.reaction]["en"] if body.reaction is not None else checked_text(body.text or "")
        sender = f"seat {seat}" if seat is not None else f"spectator {client(request)}"  # whose window
        if not window.hit(limit, table.id, sender):
            reset = window.get_window_stats(limit, table.id, sender).reset_time
            who = "this spectator" if seat is None else table.names["en"][seat]
            raise TooManyRequests(f"too many chat messages from {who}: at most {rate}",
                                  max(1, math.ceil(reset - time.time())))
        loop = asyncio.get_running_loop()
        async with table.lock:
            await hub.refresh(table)  # another server process's messages first: numbers are per table
            message = ChatRecord(len(table.chat) + 1, seat, text, time.time(), body.reaction)
            await loop.run_in_executor(hub.writer, hub.store.add_chat, table.id, message)
            table.chat.append(message)
        await table.broadcast()
        return table.chat_item(message, lang)

    return router
