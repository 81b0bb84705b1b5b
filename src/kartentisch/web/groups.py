"""A group of people who play together, a "Spielrunde" (issue 34): members, its tables and its standings.

A group is created from the lobby (``POST /api/groups``) and reached through its private link ``/g/<code>``;
whoever holds the link is in it, as with seat links. A person joins once with a name and gets a member key,
which the browser keeps; the link and the same name give the same key back on another device
(``POST /api/groups/{code}/members``). Members start tables from the group (their seats named by the members,
bots beside them), and score pads for matches played with real cards.

Every finished match of a group's table is recorded (``kt_group_matches``): when its last event is committed
(:func:`recorder`, the hub's ``on_match_over``), and again whenever the group is read (:func:`sync`), which
also links a table's rematch to the group (the same seats) and catches a result a crash lost between the last
move and its record. A score pad's result is read from its stored rounds at every read, so a corrected round
changes it. The standings (:mod:`~kartentisch.web.standings`) are computed from these records alone, so they are
the same after a restart.

Names follow the table's seat names: 1 to 80 characters of one line of visible text, told apart from every other
member's name as seats are (:func:`~kartentisch.kernel.names.check_names`: a name that only looks like a member's is
refused; the same letters, upper or lower case alike, are that member coming back). Every endpoint takes
``?lang=en|de`` and refuses in it.
"""

from __future__ import annotations

import asyncio
import csv
import functools
import io
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Mapping
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, String, Table, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ..bots import PERSON_NAMES, bot_label
from ..games import all_games
from ..kernel import KartentischError, lookup
from ..kernel import names as name_rules
from ..kernel.words import LANGS
from ..scorepad import EntryError, check_options, compute, get_ruleset, say
from . import creation, refusals
from .deps import bearer, client, hub_of, plain_id
from .errors import ApiError, frame_lang
from .hub import Hub
from .invites import seat_url
from .live import LiveTable
from .scorepad import PadIn, create_pad, pad_rounds_t, pads_t
from .standings import Entry, Played, placings, standings
from .store import Store, metadata, seats_t, tables_t

STATIC = Path(__file__).parent / "static"
log = logging.getLogger(__name__)

#: Longest name of a group or a member (a table's seat names have the same limit).
MAX_NAME = 80
#: Tables and pads of a group listed on its page (the latest).
LISTED = 30
#: Steps followed back along a table's rematches to find the group it belongs to.
REMATCH_CHAIN = 100

groups_t = Table(
    "kt_groups", metadata,
    Column("id", String(40), primary_key=True),  # the code of the group's private link
    Column("name", String(MAX_NAME), nullable=False),
    Column("created", Float, nullable=False),
)

members_t = Table(
    "kt_group_members", metadata,
    Column("group_id", String(40), ForeignKey("kt_groups.id"), primary_key=True),
    Column("id", Integer, primary_key=True),  # from 1, per group
    Column("name", String(MAX_NAME), nullable=False),
    Column("key", String(64), nullable=False, unique=True),
    Column("joined", Float, nullable=False),
)

#: A table or score pad of a group (``source`` ``table``/``pad``, ``source_id`` its id; no foreign key: an
#: expired table leaves the store, its record stays): ``seats`` each seat's member id (``None``: a bot), the
#: result once it ended (:func:`_result`) and when (epoch s).
matches_t = Table(
    "kt_group_matches", metadata,
    Column("source", String(10), primary_key=True),
    Column("source_id", String(40), primary_key=True),
    Column("group_id", String(40), ForeignKey("kt_groups.id"), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created", Float, nullable=False),
    Column("ended", Float, nullable=True),
    Column("result", JSON(none_as_null=True), nullable=True),
)

Lang = Annotated[str, Query(description="language of the answer's words and of a refusal: en or de; another is a 422")]
Auth = Annotated[str | None, Header(description="Bearer <member key>")]

_WORDS = {
    "en": {"group": "group", "bot": "Bot", "game": "Game", "rank": "Rank", "player": "Player", "rating": "Rating",
           "matches": "Matches", "wins": "Wins", "average": "Average score", "form": "Recent places"},
    "de": {"group": "Spielrunde", "bot": "Bot", "game": "Spiel", "rank": "Rang", "player": "Spieler",
           "rating": "Wertung", "matches": "Partien", "wins": "Siege", "average": "Punkteschnitt",
           "form": "Letzte Platzierungen"},
}


def refusal(status: int, lang: str, texts: Mapping[str, str], **values: Any) -> ApiError:
    """ApiError ``status`` whose message is ``texts`` (per language, :func:`~kartentisch.scorepad.say`) in ``lang``,
    its ``text`` in the players' words of every language."""
    text = say(texts, **values)
    return ApiError(status, text[lang], said=refusals.sentences({each: text[each] for each in LANGS}))


class GroupIn(BaseModel):
    """A new group: its name as its members read it (1 to 80 characters, checked in the page's language)."""

    name: str = Field(max_length=400, examples=["Thursday evenings"])


class MemberIn(BaseModel):
    """Joining a group, or getting one's member key back: the name (as at a table's seat); ``again``: this person
    joined before (on another device) and wants their place back."""

    name: str = Field(max_length=400, examples=["Ana"])
    again: bool = Field(default=False, description="get the place back of the member of this name")


class GroupSeatIn(BaseModel):
    """One seat of a group's table: a member (``member``, their number in the group) or a bot (``bot`` spec)."""

    member: int | None = Field(default=None, examples=[1])
    bot: str | None = Field(default=None, max_length=200, examples=["heuristic"])
    iterations: int | None = Field(default=None, ge=1, description="ISMCTS strength")


class GroupTableIn(BaseModel):
    """A table started from the group: game, seats in order, options (spec defaults fill the rest)."""

    game: str = Field(max_length=40, examples=["colors"])
    seats: list[GroupSeatIn] = Field(max_length=16)
    options: dict[str, Any] = Field(default_factory=dict)
    reaction_seconds: int | None = Field(default=None, ge=3, le=3600)


class GroupPadIn(BaseModel):
    """A score pad of the group for a match with real cards: game, the members in seat order, options."""

    game: str = Field(max_length=40, examples=["grid"])
    members: list[int] = Field(max_length=16, examples=[[1, 2, 3]])
    options: dict[str, Any] = Field(default_factory=dict)


def check_name(name: str, lang: str, what: Mapping[str, str]) -> str:
    """``name`` stripped, if it is a name as a table's seat takes one: 1 to :data:`MAX_NAME` characters, one line of
    visible text (:func:`~kartentisch.kernel.names.check_name`); else ApiError 422 in ``lang`` naming ``what``
    (``{"en": "a name", …}``)."""
    clean = name.strip()
    if not clean:
        raise refusal(422, lang, {"en": "{what} is needed: 1 to {k} characters",
                                  "de": "{what} fehlt: 1 bis {k} Zeichen"}, what=what[lang], k=MAX_NAME)
    if len(clean) > MAX_NAME:
        raise refusal(422, lang, {"en": "{what} has at most {k} characters", "de": "{what} hat höchstens {k} Zeichen"},
                      what=what[lang], k=MAX_NAME)
    try:
        name_rules.check_name(clean)
    except name_rules.NameRefused as exc:
        raise ApiError(422, exc.text(lang), said=refusals.sentences(exc.texts)) from None
    return clean


_A_NAME = {"en": "a name", "de": "ein Name"}
#: Refusals of a join in the players' words.
_SAID = {
    "name_taken": {"en": "a member is already called {name}: if that is you, tick \"I joined before\" to get your "
                         "place back; else choose another name",
                   "de": "ein Mitglied heißt schon {name}: wenn du das bist, kreuze „Ich bin schon dabei“ an und du "
                         "bekommst deinen Platz zurück; sonst wähle einen anderen Namen"},
    "no_such_member": {"en": "no member of this group is called {name}",
                       "de": "in dieser Spielrunde heißt niemand {name}"},
}
_A_MEMBER = {"en": "a member of the group", "de": "ein Mitglied der Spielrunde"}
_GROUP_NAME = {"en": "the group's name", "de": "der Name der Spielrunde"}


def _engine(request: Request) -> Engine:
    return request.app.state.store.engine  # type: ignore[no-any-return]


def _group(conn: Connection, code: str, lang: str) -> dict[str, Any]:
    row = conn.execute(select(groups_t).where(groups_t.c.id == code)).mappings().first()
    if row is None:
        raise refusal(404, lang, {"en": "there is no group with this link; it may be mistyped",
                                  "de": "zu diesem Link gibt es keine Spielrunde; vielleicht ist er vertippt"})
    return dict(row)


def _members(conn: Connection, code: str) -> dict[int, str]:
    rows = conn.execute(select(members_t.c.id, members_t.c.name).where(members_t.c.group_id == code)
                        .order_by(members_t.c.id))
    return {row.id: row.name for row in rows}


def _member_of(conn: Connection, code: str, authorization: str | None, lang: str) -> int:
    """The member whose key the bearer header holds; ApiError 401 in ``lang`` without one, or another's."""
    try:
        key = bearer(authorization)
    except ApiError:
        key = None
    found = None if key is None else conn.execute(
        select(members_t.c.id).where(members_t.c.group_id == code, members_t.c.key == key)).scalar()
    if found is None:
        raise refusal(401, lang, {"en": "only a member of the group may do this: join it with your name first",
                                  "de": "das darf nur, wer in der Spielrunde ist: tritt ihr erst mit deinem Namen "
                                        "bei"})
    return int(found)


def _game_name(game_id: str, lang: str) -> str:
    try:
        return str(lookup(game_id).names.get(lang) or game_id)
    except KartentischError:
        return game_id


def _game(game_id: str, lang: str) -> Any:
    try:
        return lookup(game_id)
    except KartentischError:
        raise refusal(422, lang, {"en": "there is no game {game!r}; the games are {known}",
                                  "de": "es gibt kein Spiel {game!r}; die Spiele sind {known}"},
                      game=game_id, known=", ".join(g.id for g in all_games())) from None


def _check_players(game: Any, n: int, lang: str) -> None:
    if not game.min_players <= n <= game.max_players:
        raise refusal(422, lang, {"en": "{n} players; {name} is for {lo} to {hi}",
                                  "de": "{n} Mitspieler; {name} ist für {lo} bis {hi}"},
                      n=n, name=game.names.get(lang, game.id), lo=game.min_players, hi=game.max_players)


def _chosen_members(members: dict[int, str], chosen: list[int], lang: str) -> None:
    """ApiError 422 in ``lang`` for a number that is no member's, or a member chosen twice."""
    for number in chosen:
        if number not in members:
            raise refusal(422, lang, {"en": "the group has no member number {n}", "de": "die Spielrunde hat kein "
                                      "Mitglied Nummer {n}"}, n=number)
    twice = [members[n] for i, n in enumerate(chosen) if chosen.index(n) != i]
    if twice:
        raise refusal(422, lang, {"en": "{name} can take only one seat", "de": "{name} kann nur einen Platz nehmen"},
                      name=twice[0])


# ---------------------------------------------------------------------------------------------------- results
def _result(seats: list[int | None], names: list[str], bots: list[str | None], totals: list[int],
            winners: list[int], score_sign: int) -> list[dict[str, Any]]:
    """A finished match's record, one item per seat: ``{"member", "bot", "name", "place", "score"}``."""
    places = placings(winners, totals, score_sign)
    return [{"member": seats[s], "bot": bots[s], "name": names[s], "place": places[s], "score": totals[s]}
            for s in range(len(seats))]


def table_result(table: LiveTable, seats: list[int | None]) -> list[dict[str, Any]]:
    """The record of ``table``'s finished match (from the public view: totals and winners, never a hand)."""
    view = table.state.view(None)
    return _result(seats, list(table.names["en"]), [s.bot for s in table.record.seats], list(view["totals"]),
                   list(view["winners"]), table.match.game.score_sign)


def _link_rematches(conn: Connection, table_id: str) -> dict[str, Any] | None:
    """The group row of ``table_id``; a table not linked yet is linked when it is the rematch (of the rematch …)
    of a group's table, with the same seats (a rematch keeps them, in order)."""
    chain = [table_id]
    while len(chain) <= REMATCH_CHAIN:
        row = conn.execute(select(matches_t).where(matches_t.c.source == "table",
                                                   matches_t.c.source_id == chain[-1])).mappings().first()
        if row is not None:
            for later in reversed(chain[:-1]):
                try:
                    with conn.begin_nested():
                        conn.execute(insert(matches_t).values(source="table", source_id=later, group_id=row["group_id"],
                                                              game=row["game"], seats=row["seats"],
                                                              created=time.time()))
                except IntegrityError:
                    pass  # linked meanwhile by another process
            if len(chain) == 1:
                return dict(row)
            return dict(conn.execute(select(matches_t).where(matches_t.c.source == "table",
                                                             matches_t.c.source_id == table_id)).mappings().one())
        before = conn.execute(select(tables_t.c.id).where(tables_t.c.rematch_id == chain[-1])).scalar()
        if before is None:
            return None
        chain.append(before)
    return None


def record_table(store: Store, table_id: str, result_of: Callable[[list[int | None]], list[dict[str, Any]]],
                 ended: float) -> bool:
    """Record the result of the finished table ``table_id`` if it is a group's (directly or as a rematch) and not
    recorded yet (``result_of(seats)``: its record for the group's seats); returns whether it was recorded now."""
    with store.engine.begin() as conn:
        row = _link_rematches(conn, table_id)
        if row is None or row["result"] is not None:
            return False
        done = conn.execute(update(matches_t).where(matches_t.c.source == "table", matches_t.c.source_id == table_id,
                                                    matches_t.c.result.is_(None))
                            .values(result=result_of(list(row["seats"])), ended=ended)).rowcount
    return bool(done)


def recorder(store: Store) -> Callable[[LiveTable], Coroutine[Any, Any, None]]:
    """The hub's hook for a match that ended (``Hub.on_match_over``): record it if it is a group's table."""
    async def match_over(table: LiveTable) -> None:
        try:
            await asyncio.to_thread(record_table, store, table.id, lambda seats: table_result(table, seats),
                                    table.record.touched)
        except Exception:  # the next read of the group records it (sync)
            log.exception("the result of table %s could not be recorded for its group", table.id)
    return match_over


async def sync(hub: Hub, code: str) -> None:
    """Bring the group's records up to date from the stored tables and pads: rematches of its tables are linked,
    a finished table not recorded yet (a crash between its last move and the record) is recorded, and every pad's
    result is read from its rounds (``None`` again while it is not over, after its last round was deleted)."""
    engine = hub.store.engine

    def pending() -> tuple[list[str], list[dict[str, Any]]]:
        with engine.begin() as conn:
            rows = conn.execute(select(matches_t).where(matches_t.c.group_id == code)).mappings().all()
            for row in rows:  # each rematch after a group's table, and the rematch of that one, …
                later, steps = row["source_id"], 0
                while row["source"] == "table" and steps < REMATCH_CHAIN:
                    later = conn.execute(select(tables_t.c.rematch_id).where(tables_t.c.id == later)).scalar()
                    if later is None:
                        break
                    _link_rematches(conn, later)
                    steps += 1
            rows = conn.execute(select(matches_t).where(matches_t.c.group_id == code)).mappings().all()
        return ([r["source_id"] for r in rows if r["source"] == "table" and r["result"] is None],
                [dict(r) for r in rows if r["source"] == "pad"])

    tables, pads = await asyncio.to_thread(pending)
    for table_id in tables:
        try:
            table = await hub.get(table_id)
        except ApiError:
            continue  # expired, or not restorable here: its result was never recorded
        if table.state.game_over:
            await asyncio.to_thread(record_table, hub.store, table_id, functools.partial(table_result, table),
                                    table.record.touched)
    if pads:
        await asyncio.to_thread(_sync_pads, engine, pads)


def _sync_pads(engine: Engine, pads: list[dict[str, Any]]) -> None:
    """Each pad's result from its stored rounds (:func:`~kartentisch.scorepad.compute`), ended when it was last
    written; written only where it changed."""
    with engine.begin() as conn:
        for row in pads:
            pad = conn.execute(select(pads_t).where(pads_t.c.id == row["source_id"])).mappings().first()
            if pad is None:
                continue
            entries = conn.execute(select(pad_rounds_t.c.entry).where(pad_rounds_t.c.pad_id == pad["id"])
                                   .order_by(pad_rounds_t.c.n)).scalars().all()
            sheet = compute(get_ruleset(pad["game"]), pad["names"], pad["options"], list(entries))
            result = None if not sheet.over else _result(
                list(row["seats"]), list(pad["names"]), [None] * len(pad["names"]), list(sheet.totals),
                list(sheet.winners), lookup(pad["game"]).score_sign)
            ended = pad["touched"] if sheet.over else None
            if (result, ended) != (row["result"], row["ended"]):
                conn.execute(update(matches_t).where(matches_t.c.source == "pad", matches_t.c.source_id == pad["id"])
                             .values(result=result, ended=ended))


# ---------------------------------------------------------------------------------------------------- standings
def _bot_name(spec: str, lang: str) -> str:
    """A bot as the standings name it: its kind and strength ("Bot (steady)"), the same for every seat."""
    try:
        return bot_label(spec, 0, lang).replace(f" {PERSON_NAMES[0]}", "", 1)
    except KartentischError:
        return _WORDS[lang]["bot"]


def group_standings(conn: Connection, code: str, lang: str, bots: bool) -> list[dict[str, Any]]:
    """Per game the group has a recorded match of, best known first (most matches): ``{"game", "game_name"}``
    plus :func:`~kartentisch.web.standings.standings` of its matches, members named as they are now."""
    members = _members(conn, code)
    rows = conn.execute(select(matches_t.c.game, matches_t.c.ended, matches_t.c.result, matches_t.c.source_id)
                        .where(matches_t.c.group_id == code, matches_t.c.result.is_not(None))
                        .order_by(matches_t.c.ended, matches_t.c.source_id)).all()
    by_game: dict[str, list[Played]] = {}
    for game, ended, result, _source_id in rows:
        entries = tuple(
            Entry(f"m{e['member']}", members.get(e["member"], e["name"]), False, e["place"], e["score"])
            if e["member"] is not None else Entry(f"bot:{e['bot']}", _bot_name(e["bot"] or "random", lang), True,
                                                  e["place"], e["score"])
            for e in result)
        by_game.setdefault(game, []).append(Played(ended, entries))
    out = [{"game": game, "game_name": _game_name(game, lang), **standings(played, bots)}
           for game, played in by_game.items()]
    return sorted((g for g in out if g["matches"]), key=lambda g: (-g["matches"], g["game_name"]))


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet shows as text: one that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
    carriage return gets a leading ``'`` (OWASP, "CSV Injection"), so ``=HYPERLINK(…)`` is never run as a formula."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(games: list[dict[str, Any]], lang: str) -> str:
    """The standings as CSV (a header row in ``lang``, then one row per game and player, best first); names and
    the game's name go through :func:`_cell`, so no cell starts a formula."""
    words = _WORDS[lang]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([words[k] for k in ("game", "rank", "player", "bot", "rating", "matches", "wins", "average",
                                        "form")])
    for game in games:
        for rank, p in enumerate(game["players"], 1):
            writer.writerow([_cell(game["game_name"]), rank, _cell(p["name"]), "x" if p["bot"] else "", p["rating"],
                             p["matches"],
                             p["wins"], "" if p["average_score"] is None else p["average_score"],
                             " ".join(map(str, p["form"]))])
    return out.getvalue()


# ---------------------------------------------------------------------------------------------------- routes
router = APIRouter(tags=["groups"])


@router.post("/api/groups", status_code=201)
def create_group(body: GroupIn, request: Request, lang: Lang = "en") -> dict[str, Any]:
    """Start a group: its private ``code`` and link ``url`` (whoever has it can join; keep it among friends)."""
    lang = frame_lang(lang)
    request.app.state.guard.hit("create", client(request))  # the same rate as creating tables
    name = check_name(body.name, lang, _GROUP_NAME)
    code = secrets.token_urlsafe(12)
    with _engine(request).begin() as conn:
        conn.execute(insert(groups_t).values(id=code, name=name, created=time.time()))
    return {"code": code, "name": name, "url": f"/g/{code}"}


@router.post("/api/groups/{code}/members")
async def join_group(code: str, body: MemberIn, request: Request, lang: Lang = "en") -> dict[str, Any]:
    """Join the group with a name; the answer's ``key`` is the member's (kept by the browser). With ``again``, the name
    of a member already in the group (the same letters, upper or lower case alike) gives that member's key back
    (``recovered`` true): the link and the name are enough on a new device (404 when no member has the name).
    Without it such a name is a 409, so a second Anna never silently becomes the first (a fresh user's finding;
    anyone holding the group's link can still ask for a member's place: the link is the group's credential). A
    name another member's could be taken for is a 422."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    name = check_name(body.name, lang, _A_NAME)
    hub = hub_of(request)

    def join() -> dict[str, Any]:
        with hub.store.engine.begin() as conn:
            _group(conn, code, lang)
            rows = conn.execute(select(members_t).where(members_t.c.group_id == code)).mappings().all()
            same = next((r for r in rows if r["name"].casefold() == name.casefold()), None)
            if same is not None and body.again:
                return {"member": same["id"], "name": same["name"], "key": same["key"], "recovered": True}
            if same is not None:
                raise refusal(409, lang, _SAID["name_taken"], name=same["name"])
            if body.again:
                raise refusal(404, lang, _SAID["no_such_member"], name=name)
            try:  # told apart from every member's name as a table's seats are (TR39 skeletons)
                name_rules.check_names([r["name"] for r in rows] + [name], [_A_MEMBER] * len(rows) + [_A_NAME],
                                  newcomer=len(rows))
            except name_rules.NameRefused as exc:
                raise ApiError(422, exc.text(lang), said=refusals.sentences(exc.texts)) from None
            number = max((r["id"] for r in rows), default=0) + 1
            key = secrets.token_urlsafe(24)
            conn.execute(insert(members_t).values(group_id=code, id=number, name=name, key=key, joined=time.time()))
        return {"member": number, "name": name, "key": key, "recovered": False}

    return await asyncio.to_thread(join)


@router.get("/api/groups/{code}")
async def read_group(code: str, request: Request, authorization: Auth = None, lang: Lang = "en") -> dict[str, Any]:
    """The group: its name, members, who the bearer is (``you``: their member number, ``None`` without a key) and
    its latest tables and score pads, each with its game, players (bots in words), whether it is over, and the
    bearer's own seat link where they sit."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    hub = hub_of(request)
    with hub.store.engine.connect() as conn:
        _group(conn, code, lang)
    await sync(hub, code)

    def read() -> dict[str, Any]:
        with hub.store.engine.connect() as conn:
            group = _group(conn, code, lang)
            members = _members(conn, code)
            you = None if authorization is None else _member_of(conn, code, authorization, lang)
            rows = conn.execute(select(matches_t).where(matches_t.c.group_id == code)
                                .order_by(matches_t.c.created.desc()).limit(LISTED)).mappings().all()
            listed = []
            for row in rows:
                seats = list(row["seats"])
                item: dict[str, Any] = {"kind": row["source"], "game": row["game"],
                                        "game_name": _game_name(row["game"], lang), "over": row["result"] is not None}
                if row["source"] == "table":
                    stored = {s.seat: s for s in conn.execute(select(seats_t).where(
                        seats_t.c.table_id == row["source_id"]))}
                    item["players"] = [members.get(m, "") if m is not None else
                                       _bot_name((stored[i].bot if i in stored else None) or "random", lang)
                                       for i, m in enumerate(seats)]
                    mine = next((stored[i].token for i, m in enumerate(seats) if m == you and i in stored), None)
                    item["url"] = (seat_url(row["source_id"], mine) if mine else f"/t/{row['source_id']}") \
                        if stored else None
                else:
                    item["players"] = [members.get(m, "") for m in seats]
                    item["url"] = f"/scorepad/{row['source_id']}"
                listed.append(item)
        return {"name": group["name"], "url": f"/g/{code}", "you": you,
                "members": [{"member": n, "name": name} for n, name in members.items()], "matches": listed}

    return await asyncio.to_thread(read)


@router.post("/api/groups/{code}/tables", status_code=201)
async def start_table(code: str, body: GroupTableIn, request: Request, authorization: Auth = None,
                      lang: Lang = "en") -> dict[str, Any]:
    """A member starts a table of the group: its seats are members (each gets a private seat link, shown to them
    on the group's page) and bots. Its result is recorded when the match ends, and so is every rematch's.
    Answers with the table's ``id``, its ``seats`` and the bearer's own seat ``url`` (the spectator link if they
    do not sit at it)."""
    lang = frame_lang(lang)
    request.app.state.guard.hit("create", client(request))  # a table, as POST /api/tables counts it
    code = plain_id(code, "a group code")
    hub = hub_of(request)
    with hub.store.engine.connect() as conn:
        _group(conn, code, lang)
        you = _member_of(conn, code, authorization, lang)
        members = _members(conn, code)
    game = _game(body.game, lang)
    _check_players(game, len(body.seats), lang)
    for i, seat in enumerate(body.seats):
        if (seat.member is None) == (seat.bot is None):
            raise refusal(422, lang, {"en": "seat {n}: give a member or a bot", "de": "Platz {n}: gib ein Mitglied "
                                      "oder einen Bot an"}, n=i + 1)
    _chosen_members(members, [s.member for s in body.seats if s.member is not None], lang)
    seats = [{"kind": "human", "name": members[s.member]} if s.member is not None else
             {"kind": "bot", "bot": s.bot, "iterations": s.iterations} for s in body.seats]
    try:  # the options' refusals in the players' words (the hub checks them again, in English)
        check_options(game, [members[s.member] if s.member is not None else _bot_name(s.bot or "random", lang)
                             for s in body.seats], body.options)
    except EntryError as exc:
        raise ApiError(422, exc.text(lang), said=refusals.sentences(exc.texts)) from None
    record = await creation.create(hub, game.id, len(seats), body.options, None, seats, body.reaction_seconds)
    with hub.store.engine.begin() as conn:
        conn.execute(insert(matches_t).values(source="table", source_id=record.id, group_id=code, game=game.id,
                                              seats=[s.member for s in body.seats], created=time.time()))
    await hub.get(record.id)  # bots start now
    mine = next((s.token for s, chosen in zip(record.seats, body.seats, strict=True) if chosen.member == you), None)
    return {"id": record.id, "url": seat_url(record.id, mine) if mine else f"/t/{record.id}",
            "seats": [{"seat": s.seat, "member": chosen.member, "name": members[chosen.member]
                       if chosen.member is not None else _bot_name(s.bot or "random", lang)}
                      for s, chosen in zip(record.seats, body.seats, strict=True)]}


@router.post("/api/groups/{code}/scorepads", status_code=201)
def start_pad(code: str, body: GroupPadIn, request: Request, authorization: Auth = None,
              lang: Lang = "en") -> dict[str, Any]:
    """A member starts a score pad of the group for a match played with real cards (its players: members, in seat
    order); once the pad's match is over it counts in the standings like a table's. Answers as
    ``POST /api/scorepads`` does (the edit ``key`` and ``edit_url``)."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    with _engine(request).connect() as conn:
        _group(conn, code, lang)
        _member_of(conn, code, authorization, lang)
        members = _members(conn, code)
    _chosen_members(members, body.members, lang)
    pad = create_pad(PadIn(game=body.game, players=[members[m] for m in body.members], options=body.options),
                     request, lang)
    with _engine(request).begin() as conn:
        conn.execute(insert(matches_t).values(source="pad", source_id=pad["id"], group_id=code, game=body.game,
                                              seats=list(body.members), created=time.time()))
    return pad


@router.get("/api/groups/{code}/standings")
async def read_standings(code: str, request: Request, lang: Lang = "en",
                         bots: Annotated[bool, Query(description="count the bots (false: people only)")] = True
                         ) -> dict[str, Any]:
    """The group's standings per game (:func:`group_standings`): rating (OpenSkill), matches, wins, average score,
    recent places, head to head and the rating after each match; ``bots=false`` leaves the bots out."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    hub = hub_of(request)
    with hub.store.engine.connect() as conn:
        group = _group(conn, code, lang)
    await sync(hub, code)
    with hub.store.engine.connect() as conn:
        games = group_standings(conn, code, lang, bots)
    return {"name": group["name"], "bots": bots, "games": games}


@router.get("/api/groups/{code}/standings.csv", response_class=Response)
async def standings_file(code: str, request: Request, lang: Lang = "en",
                         bots: Annotated[bool, Query(description="count the bots (false: people only)")] = True
                         ) -> Response:
    """The standings as a CSV file (:func:`standings_csv`), headed in ``lang``."""
    data = await read_standings(code, request, lang, bots)
    name = "standings" if frame_lang(lang) == "en" else "tabelle"
    return Response(standings_csv(data["games"], frame_lang(lang)), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})


@router.get("/g/{code}", include_in_schema=False)
def group_page(code: str) -> FileResponse:
    """The group's page (``static/group.html``): join, start tables, standings."""
    return FileResponse(STATIC / "group.html")
