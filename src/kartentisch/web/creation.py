"""Table creation: a new table's request checked (game, options, seats, seed) and stored with its invite, nothing
stored when anything is refused. Apart from the :class:`~kartentisch.web.hub.Hub`, which holds the tables once they
exist, since creating one needs only the hub's store and limits (the table is loaded by
:meth:`~kartentisch.web.hub.Hub.get` when first used).
"""

from __future__ import annotations

import asyncio
import functools
import secrets
from typing import TYPE_CHECKING, Any

from ..kernel import KartentischError, lookup
from ..kernel.setup_words import setup_refused
from . import clock
from .errors import ApiError, Conflict
from .records import SeatRecord, TableRecord
from .refusals import REFUSED, said
from .seating import bot_spec, check_seats

if TYPE_CHECKING:
    from .hub import Hub

#: Bits of a seed the server draws for a table created without one (``secrets``: not predictable).
SECRET_SEED_BITS = 128


async def create(hub: Hub, game_id: str, players: int, options: dict[str, Any], seed: int | None,
                 seats: list[dict[str, Any]], reaction_seconds: int | None = None,
                 spectator_chat: bool = False, hints: bool | None = None,
                 rematch_of: str | None = None, lang: str = "en",
                 table_clock: clock.TableClock | None = None, host_token: str | None = None) -> TableRecord:
    """Validate and store a new table with its invite; returns its record (with the human seats' tokens, the
    invite code and the host token).

    ``seed``: the match seed as the creator chose it (0 … 2**63 - 1; every seat's frame then shows it as
    ``fixed_seed``), or ``None``: the server draws a secret one of :data:`SECRET_SEED_BITS` bits.

    ``reaction_seconds``: a person whose decision can be answered with ``pass`` (reaction windows,
    simultaneous choices that allow passing) gets that long, then passes automatically. A person or a bot
    without a name is stored without, so each language labels it
    (:func:`~kartentisch.web.frame_items.seat_names`: "Seat n" / "Platz n", a bot's label).
    An ``open`` seat is a person's that nobody holds yet: it is taken through the invite, and the match starts
    once no seat is open. ``spectator_chat``: spectators may write in the table's chat. ``hints``: a seat may ask
    the coach for a hint (:mod:`~kartentisch.web.coach`); ``None``: yes where at most one seat is a person's
    (``human`` or ``open``), so hints stay off between people unless the table's creator allows them.
    ``rematch_of``: the new table is this finished table's rematch (linked in the same transaction). ``lang``:
    the language of a refused name's message (:func:`~kartentisch.web.seating.check_seats`). ``table_clock``: the
    per-move clock (issue 32, :mod:`~kartentisch.web.clock`). A person's seat may come with a ``stand_in`` bot
    spec (a rematch's seat of a person who has not answered yet). ``host_token``: the host's credential to keep (a
    rematch keeps its original's host, so the host's options are the same at every table: a fresh user's host lost
    the removal at a rematch); ``None``: a new one.

    Raises:
        ApiError 422: unknown game, bad player count/options/seats, a seat name blank when written or two alike
        in a language, or a bot that cannot be built. Conflict: ``rematch_of`` has a rematch already (another
        process made it).
    """
    try:
        game = lookup(game_id)
    except KartentischError as exc:
        raise ApiError(422, str(exc), said=REFUSED["no_game"]) from None
    try:
        resolved = game.resolve_options(players, options, at_table=True)
    except KartentischError as exc:
        raise ApiError(422, str(exc), said=setup_refused(game, players, options)) from None
    if len(seats) != players:
        raise ApiError(422, f"{len(seats)} seats given for {players} players; give one per player",
                       said=said(REFUSED["seat_count"], n=players))
    seed_given = seed is not None
    if seed is None:  # nobody may know the deal: 128 bits from the OS, too many to search offline
        seed = secrets.randbits(SECRET_SEED_BITS)
    elif not 0 <= seed < 2**63:
        raise ApiError(422, f"a chosen seed is an integer from 0 to 2**63 - 1, got {seed}", said=REFUSED["seed"])
    records: list[SeatRecord] = []
    for i, seat in enumerate(seats):
        name = str(seat.get("name") or "").strip()[:80]
        if seat.get("kind") == "human":
            records.append(SeatRecord(i, "human", name, None, secrets.token_urlsafe(24),  # unnamed: labelled
                                      seat.get("stand_in")))
        elif seat.get("kind") == "bot":
            spec = bot_spec(game, i, seat, hub.search_seconds, hub.policies, players, resolved)
            records.append(SeatRecord(i, "bot", name, spec, None))  # unnamed: labelled
        elif seat.get("kind") == "open":
            records.append(SeatRecord(i, "open", "", None, None))  # taken through the invite (issue 21)
        else:
            raise ApiError(422, f"seat {i + 1}: kind must be \"human\", \"bot\" or \"open\", "
                                f"got {seat.get('kind')!r}", said=said(REFUSED["seat_kind"], n=i + 1))
    check_seats(records, lang, bot_only=hub.bot_only_workers > 0)
    table_id = secrets.token_urlsafe(12)
    invite = (secrets.token_urlsafe(9), host_token or secrets.token_urlsafe(24))  # the invite's code, the host's
    if hints is None:
        hints = sum(r.kind != "bot" for r in records) <= 1
    if not await asyncio.to_thread(functools.partial(
            hub.store.create_table, table_id, game_id, players, resolved, seed, records, reaction_seconds,
            seed_given=seed_given, spectator_chat=spectator_chat, invite=invite, hints=hints,
            rematch_of=rematch_of, clock=None if table_clock is None else table_clock.stored())):
        raise Conflict(409, "the rematch was made a moment ago through another server")
    record = await asyncio.to_thread(hub.store.load, table_id)
    assert record is not None
    return record
