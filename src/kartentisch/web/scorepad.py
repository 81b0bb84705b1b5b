"""Score pad of the browser table app: the ``/scorepad`` page and the ``/api/scorepads`` JSON API.

Pads live in the same database as the tables (:data:`~kartentisch.web.schema.metadata`):
``kt_scorepads`` (game, names, options, a SHA-256 of the edit key, a revision counter) and
``kt_scorepad_rounds`` (one JSON entry per round). Every write first recomputes the whole sheet
from the stored entries plus the change (:func:`kartentisch.scorepad.compute`, which validates
every entry), then writes in one transaction guarded by the revision counter, so a refused entry
or a concurrent change writes nothing (422 / 409).

Links: the creator gets ``/scorepad/<id>#key=<edit key>`` (can enter and correct rounds); the
shareable read-only link is ``/scorepad/<id>``. Writes need ``Authorization: Bearer <edit key>``.

Every endpoint takes ``?lang=en|de`` (another is a 422): a refusal's ``{"error": …}`` is in that language, in
the players' words (an :class:`~kartentisch.scorepad.EntryError` carries its message in every language).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, String, Table, delete, insert, select, update
from sqlalchemy.engine import Connection, Engine

from ..games import get_game
from ..kernel.errors import KartentischError
from ..kernel.words import LANGS
from ..scorepad import EntryError, Ruleset, Sheet, check_names, check_options, compute, get_ruleset, say
from .errors import ApiError, frame_lang
from .schema import metadata

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
    """A new score pad: game id, the players' names in seat order (clockwise), options (spec defaults fill the rest).

    The number of players is the game's to check (:func:`~kartentisch.scorepad.check_names`), so its refusal is in
    the page's language; the request's size is bounded by the app's body limit.
    """

    game: str = Field(max_length=40, examples=["grid"])
    players: list[str] = Field(examples=[["Ana", "Ben", "Cem"]])  # checked by check_names, in the page's language
    options: dict[str, Any] = Field(default_factory=dict)


#: The ``lang`` query parameter of every score-pad endpoint.
Lang = Annotated[str, Query(description="language of a refusal's message: en or de; another is a 422")]


def _entry_refused(exc: EntryError, lang: str) -> ApiError:
    """ApiError 422 of a score pad entry or setup that breaks a rule: its message in ``lang``, its ``text`` in every
    language (as the message: the page shows it after "Fehler:" / "Error:")."""
    return ApiError(422, exc.text(lang), said={each: exc.text(each) for each in LANGS})


def _refusal(status: int, lang: str, texts: Mapping[str, str], **values: Any) -> ApiError:
    """ApiError ``status`` whose message is ``texts`` (per language, :func:`~kartentisch.scorepad.say`) in ``lang``,
    its ``text`` in the players' words of every language."""
    text = say(texts, **values)
    return ApiError(status, text[lang], said={each: text[each] for each in LANGS})


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _engine(request: Request) -> Engine:
    return request.app.state.store.engine  # type: ignore[no-any-return]


def _load(conn: Connection, pad_id: str, lang: str) -> tuple[dict[str, Any], list[Any]]:
    row = conn.execute(select(pads_t).where(pads_t.c.id == pad_id)).mappings().first()
    if row is None:
        said = {"en": "There is no score pad at this link; it may be mistyped.",
                "de": "Unter diesem Link gibt es keinen Punkteblock; vielleicht ist er vertippt."}
        raise ApiError(404, say({"en": "no score pad {id!r}", "de": "es gibt keinen Punkteblock {id!r}"},
                                id=pad_id)[lang], said=said)
    entries = conn.execute(select(pad_rounds_t.c.entry).where(pad_rounds_t.c.pad_id == pad_id)
                           .order_by(pad_rounds_t.c.n)).scalars().all()
    return dict(row), list(entries)


def _sheet(pad: dict[str, Any], entries: list[Any], lang: str) -> Sheet:
    try:
        return compute(get_ruleset(pad["game"]), pad["names"], pad["options"], entries)
    except EntryError as exc:
        raise _entry_refused(exc, lang) from None


def _frame(pad_id: str, pad: dict[str, Any], sheet: Sheet) -> dict[str, Any]:
    """The JSON answer of every endpoint: the sheet plus what a client needs to draw the form (``round_word`` and
    ``match_word``: what the game's players call a round and the match, per language; chips D1)."""
    game = get_game(pad["game"])
    ruleset = get_ruleset(pad["game"])
    n = len(pad["names"])
    return {
        "id": pad_id, "revision": pad["revision"], "game_names": dict(game.names),
        "round_word": dict(ruleset.round_word), "match_word": dict(ruleset.match_word),
        "form": {"players": [f.describe() for f in ruleset.player_fields(n, sheet.options)],
                 "round": [f.describe() for f in ruleset.round_fields(n, sheet.options)]},
        "view_url": f"/scorepad/{pad_id}", **sheet.to_json(),
    }


def _authorize(pad: dict[str, Any], authorization: str | None, lang: str) -> None:
    if authorization is None:
        raise _refusal(401, lang, {"en": "the edit key is needed to change a score pad (Authorization: Bearer <key>)",
                                   "de": "zum Ändern eines Punkteblocks braucht es seinen Link zum Eintragen "
                                         "(Authorization: Bearer <Schlüssel>)"})
    scheme, _, key = authorization.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise _refusal(401, lang, {"en": "Authorization header must be 'Bearer <edit key>'",
                                   "de": "der Authorization-Header muss 'Bearer <Schlüssel>' lauten"})
    if not hmac.compare_digest(_hash(key.strip()), pad["key_hash"]):
        raise _refusal(403, lang, {"en": "wrong edit key for this score pad (the shared link is read-only)",
                                   "de": "falscher Schlüssel für diesen Punkteblock (der geteilte Link ist nur zum "
                                         "Lesen)"})


def _change(request: Request, pad_id: str, authorization: str | None, lang: str, edit: Any) -> dict[str, Any]:
    """Load, apply ``edit(entries, ruleset) -> (new entries, first changed round index)``, recompute, write once;
    refusals in ``lang`` (already checked)."""
    engine = _engine(request)
    with engine.connect() as conn:
        pad, entries = _load(conn, pad_id, lang)
    _authorize(pad, authorization, lang)
    ruleset = get_ruleset(pad["game"])
    new_entries, first = edit(entries, ruleset)
    sheet = _sheet(pad, new_entries, lang)  # validates everything before anything is written
    stored = [r.entry.to_json() for r in sheet.rounds]
    with engine.begin() as conn:
        done = conn.execute(update(pads_t).where(pads_t.c.id == pad_id, pads_t.c.revision == pad["revision"])
                            .values(revision=pad["revision"] + 1, touched=time.time()))
        if done.rowcount != 1:
            raise _refusal(409, lang, {"en": "the score pad was changed meanwhile; reload it and enter the {round} "
                                             "again",
                                       "de": "der Punkteblock wurde inzwischen geändert; lade ihn neu und trage die "
                                             "{round} noch einmal ein"}, round=ruleset.round_word)
        conn.execute(delete(pad_rounds_t).where(pad_rounds_t.c.pad_id == pad_id, pad_rounds_t.c.n > first))
        if stored[first:]:
            conn.execute(insert(pad_rounds_t), [{"pad_id": pad_id, "n": first + 1 + i, "entry": e}
                                                for i, e in enumerate(stored[first:])])
    pad["revision"] += 1
    return _frame(pad_id, pad, sheet)


def _round_index(entries: list[Any], n: int, ruleset: Ruleset, lang: str) -> int:
    if not 1 <= n <= len(entries):
        raise _refusal(404, lang, {"en": "{this} is not recorded; rounds 1 … {k} are",
                                   "de": "{this} ist nicht eingetragen; eingetragen sind {first} bis {k}"}
                       if entries else {"en": "{this} is not recorded; no round is yet",
                                        "de": "{this} ist nicht eingetragen; noch ist keine {round} eingetragen"},
                       this=ruleset.round_name(n), first=ruleset.round_name(1), k=len(entries),
                       round=ruleset.round_word)
    return n - 1


router = APIRouter()


@router.post("/api/scorepads", status_code=201, tags=["scorepad"])
def create_pad(body: PadIn, request: Request, lang: Lang = "en") -> dict[str, Any]:
    """Start a score pad; the answer holds the secret edit ``key``, the ``edit_url`` and the read-only ``view_url``.
    422 names what is wrong (the game, a name, an option), in ``lang``."""
    lang = frame_lang(lang)
    try:
        ruleset = get_ruleset(body.game)
        game = get_game(body.game)
        names = check_names(body.players, game.min_players, game.max_players)
        options = check_options(game, names, body.options)
    except KartentischError as exc:
        if isinstance(exc, EntryError):
            raise _entry_refused(exc, lang) from None
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
def read_pad(pad_id: str, request: Request, lang: Lang = "en") -> dict[str, Any]:
    """The sheet of a pad (public: anyone with the id may read it)."""
    lang = frame_lang(lang)
    with _engine(request).connect() as conn:
        pad, entries = _load(conn, pad_id, lang)
    return _frame(pad_id, pad, _sheet(pad, entries, lang))


@router.post("/api/scorepads/{pad_id}/rounds", tags=["scorepad"])
def add_round(pad_id: str, request: Request, entry: Annotated[dict[str, Any], Body()],
              authorization: Annotated[str | None, Header()] = None, lang: Lang = "en") -> dict[str, Any]:
    """Record the next round. 422 names what is wrong (nothing saved, the message in ``lang``); 409 if the pad
    changed meanwhile."""
    lang = frame_lang(lang)
    return _change(request, pad_id, authorization, lang, lambda entries, _: ([*entries, entry], len(entries)))


@router.put("/api/scorepads/{pad_id}/rounds/{n}", tags=["scorepad"])
def correct_round(pad_id: str, n: int, request: Request, entry: Annotated[dict[str, Any], Body()],
                  authorization: Annotated[str | None, Header()] = None, lang: Lang = "en") -> dict[str, Any]:
    """Correct round ``n``; every later total, the end, winners and dealers are recomputed."""
    lang = frame_lang(lang)

    def edit(entries: list[Any], ruleset: Ruleset) -> tuple[list[Any], int]:
        i = _round_index(entries, n, ruleset, lang)
        return [*entries[:i], entry, *entries[i + 1:]], i
    return _change(request, pad_id, authorization, lang, edit)


@router.delete("/api/scorepads/{pad_id}/rounds/{n}", tags=["scorepad"])
def delete_round(pad_id: str, n: int, request: Request,
                 authorization: Annotated[str | None, Header()] = None, lang: Lang = "en") -> dict[str, Any]:
    """Delete round ``n`` (only the last recorded round, so no later round changes its number)."""
    lang = frame_lang(lang)

    def edit(entries: list[Any], ruleset: Ruleset) -> tuple[list[Any], int]:
        i = _round_index(entries, n, ruleset, lang)
        if i != len(entries) - 1:
            raise _refusal(409, lang, {"en": "only the last {round} ({k}) can be deleted; correct {this} instead",
                                       "de": "nur die letzte {round} ({k}) kann gelöscht werden; korrigiere "
                                             "stattdessen {this}"},
                           round=ruleset.round_word, k=len(entries), this=ruleset.round_name(n))
        return entries[:i], i
    return _change(request, pad_id, authorization, lang, edit)


@router.get("/scorepad", include_in_schema=False)
def scorepad_page() -> FileResponse:
    return FileResponse(STATIC / "scorepad.html")


@router.get("/scorepad/{pad_id}", include_in_schema=False)
def scorepad_pad_page(pad_id: str) -> FileResponse:
    return FileResponse(STATIC / "scorepad.html")
