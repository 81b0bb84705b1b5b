"""Score pad of the browser table app: the ``/scorepad`` page and the ``/api/scorepads`` JSON API.

Pads live in the same database as the tables (:data:`~kartentisch.web.store.metadata`):
``kt_scorepads`` (game, names, options, a SHA-256 of the edit key, a revision counter) and
``kt_scorepad_rounds`` (one JSON entry per round). Every write first recomputes the whole sheet
from the stored entries plus the change (:func:`kartentisch.scorepad.compute`, which validates
every entry), then writes in one transaction guarded by the revision counter, so a refused entry
or a concurrent change writes nothing (422 / 409).

Links: the creator gets ``/scorepad/<id>#key=<edit key>`` (can enter and correct rounds); the
shareable read-only link is ``/scorepad/<id>``. Writes need ``Authorization: Bearer <edit key>``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, String, Table, delete, insert, select, update
from sqlalchemy.engine import Connection, Engine

from ..games import get_game
from ..kernel.errors import KartentischError
from ..scorepad import EntryError, Sheet, check_names, compute, get_ruleset
from .store import metadata
from .tables import ApiError

STATIC = Path(__file__).parent / "static"

pads_t = Table(
    "kt_scorepads", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("names", JSON, nullable=False),
    Column("options", JSON, nullable=False),
    Column("key_hash", String(64), nullable=False),
    Column("revision", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("touched", Float, nullable=False),
)

pad_rounds_t = Table(
    "kt_scorepad_rounds", metadata,
    Column("pad_id", String(40), ForeignKey("kt_scorepads.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("entry", JSON, nullable=False),
)


class PadIn(BaseModel):
    """A new score pad: game id, the players' names in seat order (clockwise), options (spec defaults fill the rest)."""

    game: str = Field(max_length=40, examples=["grid"])
    players: list[str] = Field(max_length=16, examples=[["Ana", "Ben", "Cem"]])
    options: dict[str, Any] = Field(default_factory=dict)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _engine(request: Request) -> Engine:
    return request.app.state.store.engine  # type: ignore[no-any-return]


def _load(conn: Connection, pad_id: str) -> tuple[dict[str, Any], list[Any]]:
    row = conn.execute(select(pads_t).where(pads_t.c.id == pad_id)).mappings().first()
    if row is None:
        raise ApiError(404, f"no score pad {pad_id!r}")
    entries = conn.execute(select(pad_rounds_t.c.entry).where(pad_rounds_t.c.pad_id == pad_id)
                           .order_by(pad_rounds_t.c.n)).scalars().all()
    return dict(row), list(entries)


def _sheet(pad: dict[str, Any], entries: list[Any]) -> Sheet:
    try:
        return compute(get_ruleset(pad["game"]), pad["names"], pad["options"], entries)
    except EntryError as exc:
        raise ApiError(422, str(exc)) from None


def _frame(pad_id: str, pad: dict[str, Any], sheet: Sheet) -> dict[str, Any]:
    """The JSON answer of every endpoint: the sheet plus what a client needs to draw the form."""
    game = get_game(pad["game"])
    ruleset = get_ruleset(pad["game"])
    n = len(pad["names"])
    return {
        "id": pad_id, "revision": pad["revision"], "game_names": dict(game.names),
        "form": {"players": [f.describe() for f in ruleset.player_fields(n, sheet.options)],
                 "round": [f.describe() for f in ruleset.round_fields(n, sheet.options)]},
        "view_url": f"/scorepad/{pad_id}", **sheet.to_json(),
    }


def _authorize(pad: dict[str, Any], authorization: str | None) -> None:
    if authorization is None:
        raise ApiError(401, "the edit key is needed to change a score pad (Authorization: Bearer <key>)")
    scheme, _, key = authorization.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise ApiError(401, "Authorization header must be 'Bearer <edit key>'")
    if not hmac.compare_digest(_hash(key.strip()), pad["key_hash"]):
        raise ApiError(403, "wrong edit key for this score pad (the shared link is read-only)")


def _change(request: Request, pad_id: str, authorization: str | None, edit: Any) -> dict[str, Any]:
    """Load, apply ``edit(entries) -> (new entries, first changed round index)``, recompute, write once."""
    engine = _engine(request)
    with engine.connect() as conn:
        pad, entries = _load(conn, pad_id)
    _authorize(pad, authorization)
    new_entries, first = edit(entries)
    sheet = _sheet(pad, new_entries)  # validates everything before anything is written
    stored = [r.entry.to_json() for r in sheet.rounds]
    with engine.begin() as conn:
        done = conn.execute(update(pads_t).where(pads_t.c.id == pad_id, pads_t.c.revision == pad["revision"])
                            .values(revision=pad["revision"] + 1, touched=time.time()))
        if done.rowcount != 1:
            raise ApiError(409, "the score pad was changed meanwhile; reload it and enter the round again")
        conn.execute(delete(pad_rounds_t).where(pad_rounds_t.c.pad_id == pad_id, pad_rounds_t.c.n > first))
        if stored[first:]:
            conn.execute(insert(pad_rounds_t), [{"pad_id": pad_id, "n": first + 1 + i, "entry": e}
                                                for i, e in enumerate(stored[first:])])
    pad["revision"] += 1
    return _frame(pad_id, pad, sheet)


def _round_index(entries: list[Any], n: int) -> int:
    if not 1 <= n <= len(entries):
        raise ApiError(404, f"round {n} is not recorded; rounds 1 … {len(entries)} are" if entries
                       else f"round {n} is not recorded; no round is yet")
    return n - 1


router = APIRouter()


@router.post("/api/scorepads", status_code=201, tags=["scorepad"])
def create_pad(body: PadIn, request: Request) -> dict[str, Any]:
    """Start a score pad; the answer holds the secret edit ``key``, the ``edit_url`` and the read-only ``view_url``."""
    try:
        game = get_game(body.game)
        names = check_names(body.players, game.min_players, game.max_players)
        options = game.resolve_options(len(names), body.options)
        ruleset = get_ruleset(game.id)
    except KartentischError as exc:
        raise ApiError(422, str(exc)) from None
    pad_id = secrets.token_urlsafe(9)
    key = secrets.token_urlsafe(18)
    now = time.time()
    pad = {"id": pad_id, "game": game.id, "names": names, "options": options, "key_hash": _hash(key),
           "revision": 0, "created": now, "touched": now}
    sheet = compute(ruleset, names, options, [])
    with _engine(request).begin() as conn:
        conn.execute(insert(pads_t).values(**pad))
    return {**_frame(pad_id, pad, sheet), "key": key, "edit_url": f"/scorepad/{pad_id}#key={key}"}


@router.get("/api/scorepads/{pad_id}", tags=["scorepad"])
def read_pad(pad_id: str, request: Request) -> dict[str, Any]:
    """The sheet of a pad (public: anyone with the id may read it)."""
    with _engine(request).connect() as conn:
        pad, entries = _load(conn, pad_id)
    return _frame(pad_id, pad, _sheet(pad, entries))


@router.post("/api/scorepads/{pad_id}/rounds", tags=["scorepad"])
def add_round(pad_id: str, request: Request, entry: Annotated[dict[str, Any], Body()],
              authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Record the next round. 422 names what is wrong (nothing saved); 409 if the pad changed meanwhile."""
    return _change(request, pad_id, authorization, lambda entries: ([*entries, entry], len(entries)))


@router.put("/api/scorepads/{pad_id}/rounds/{n}", tags=["scorepad"])
def correct_round(pad_id: str, n: int, request: Request, entry: Annotated[dict[str, Any], Body()],
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Correct round ``n``; every later total, the end, winners and dealers are recomputed."""
    def edit(entries: list[Any]) -> tuple[list[Any], int]:
        i = _round_index(entries, n)
        return [*entries[:i], entry, *entries[i + 1:]], i
    return _change(request, pad_id, authorization, edit)


@router.delete("/api/scorepads/{pad_id}/rounds/{n}", tags=["scorepad"])
def delete_round(pad_id: str, n: int, request: Request,
                 authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Delete round ``n`` (only the last recorded round, so no later round changes its number)."""
    def edit(entries: list[Any]) -> tuple[list[Any], int]:
        i = _round_index(entries, n)
        if i != len(entries) - 1:
            raise ApiError(409, f"only the last round ({len(entries)}) can be deleted; correct round {n} instead")
        return entries[:i], i
    return _change(request, pad_id, authorization, edit)


@router.get("/scorepad", include_in_schema=False)
def scorepad_page() -> FileResponse:
    return FileResponse(STATIC / "scorepad.html")


@router.get("/scorepad/{pad_id}", include_in_schema=False)
def scorepad_pad_page(pad_id: str) -> FileResponse:
    return FileResponse(STATIC / "scorepad.html")
