"""A person names their own seat (a fresh user's finding): the friend who opens a private seat link is asked for a
name and plays under it, not under the name the host chose (or "Seat 2").

``POST /api/tables/{id}/seats/{seat}/name`` with the seat's own token and ``{"name": …}``: the name is checked as a
join checks it (:func:`~kartentisch.web.seating.check_seats`: one line of visible text that looks like no other
seat's name, quotes around it not counting) and committed as a seat's *note* ``named`` with the seat's new row
(:func:`~kartentisch.web.handover.commit_note`), so every server process reads the new name and the log says it
("Ada chose this name." / „Ada hat diesen Namen gewählt.“) at its place among the moves; the moves told before keep
the name they were told with. The same name again changes nothing (no note). Until the match is over: its result
is recorded under the names it ended with.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Header, Query, Request, Response
from pydantic import BaseModel, Field

from .deps import PlainText, bearer, hub_of, plain_id
from .errors import ApiError, frame_lang
from .fanout import frame_response
from .frames import LANG_HELP, FrameOut
from .handover import commit_note, seated
from .refusals import table_refused
from .seating import check_seats

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

#: The note a seat's new name is committed as (:data:`~kartentisch.web.notes.NOTE_WORDS`).
NAMED = "named"
#: The refusals of naming a seat in the players' words (a name itself is refused by :func:`check_seats`).
REFUSED = {
    "empty": {"en": "Type your name to play.", "de": "Gib deinen Namen ein, um mitzuspielen."},
    "not_yours": {"en": "Only the seat's own link gives it a name.",
                  "de": "Nur mit dem eigenen Link des Platzes gibst du ihm einen Namen."},
}


class SeatNameIn(BaseModel):
    """A seat's new name: 1 to 80 characters after trimming."""

    name: PlainText = Field(max_length=80, examples=["Ada"], description="1 to 80 characters after trimming")


async def name_seat(hub: Hub, table: LiveTable, seat: int, name: str, lang: str) -> None:
    """Give ``seat`` the (trimmed, non-empty) ``name``: checked against the other seats' names, committed with a
    ``named`` note, applied to the table in memory and pushed to its sockets; nothing for the name it has.

    Raises:
        ApiError 409: the match is over. ApiError 422 (in ``lang``): the name is refused (it looks like another
            seat's, shows nothing, …). Conflict 409: another process changed the table a moment ago.
    """
    async with table.lock:
        await hub.refresh(table)
        if table.state.game_over:
            raise ApiError(409, "the match is over; a seat's name stays as the match ended with it",
                           said=table_refused(table.match.game, "over"))
        record = table.record.seats[seat]
        if record.name == name:
            return
        named = replace(record, name=name)
        check_seats([named if s.seat == seat else s for s in table.record.seats], lang, seat,
                    bot_only=hub.bot_only_workers > 0)
        await commit_note(hub, table, NAMED, seat, record=named)
    hub.after_change(table)
    await table.broadcast()


router = APIRouter()


@router.post("/api/tables/{table_id}/seats/{seat}/name", response_model=None, responses={200: {"model": FrameOut}})
async def seat_name(table_id: str, seat: int, body: SeatNameIn, request: Request,
                    authorization: Annotated[str | None, Header()] = None,
                    lang: Annotated[str, Query(description=LANG_HELP)] = "en") -> Response:
    """The seat's person (``Authorization: Bearer <seat token>``) gives their seat a name; answers with the seat's
    frame. 401 not that seat's token, 409 the match is over, 422 an empty name or one refused as a join refuses it
    (in ``lang``)."""
    lang = frame_lang(lang)
    hub = hub_of(request)
    table = await hub.get(plain_id(table_id))
    if table.seat_of(bearer(authorization)) != seat:
        raise ApiError(401, "only the seat's own link names it: send its seat token", said=REFUSED["not_yours"])
    name = body.name.strip()
    if not name:
        raise ApiError(422, "a name is needed: 1 to 80 characters", said=REFUSED["empty"])
    await name_seat(hub, table, seat, name, lang)
    await seated(hub, table, seat)  # named, the person is at the table: a live clock runs from now (the page's
    # socket said it had not arrived while the name was asked)
    return frame_response(table.frame(seat, lang=lang))
