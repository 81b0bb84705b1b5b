"""A group of people who play together, a "Spielrunde" (issue 34): members, its tables and its standings.

A group is created from the lobby (``POST /api/groups``) and reached through its private link ``/g/<code>``;
whoever holds the link is in it, as with seat links. A person joins once with a name and gets a member key,
which the browser keeps; the link and the same name give the same key back on another device
(``POST /api/groups/{code}/members``). Members start tables from the group (their seats named by the members,
bots beside them), and score pads for matches played with real cards.

A member changes their own name (``PATCH /api/groups/{code}/members/{member}``), checked as a join's name is; and
leaves the group, or any member removes another (a mistaken extra member, a friend who stopped coming:
``DELETE`` on the same path; a group has no admin, so every member may, and the page asks first). A member who left
or was removed keeps their row (``removed``): their key no longer opens the group, their name is free again, and
their number is never given to anyone else, so their past matches and standings stay theirs, named as they were
last and marked as no longer in the group, never a member's now; a renamed member's past results read under their
new name. Joining again under the name of one who left (the same name as :func:`~kartentisch.kernel.names.look_key`
reads it: "ben" or "Ben" for "Ben") gives that member their place back, with their number, past matches and
standings, and a new key: whoever holds the group's link may join, so they may also come back as one who left, as
"I joined before" already gives a member's place to whoever has the link and the name.

Its results are recorded in the store of groups (:mod:`~kartentisch.web.group_store`), its standings read from
them (:mod:`~kartentisch.web.group_standings`); this module is its HTTP routes, an APIRouter, and what they check.

Names follow the table's seat names: 1 to 80 characters of one line of visible text, told apart from every other
member's name as seats are (:func:`~kartentisch.kernel.names.check_names`: a name that only looks like a member's is
refused; the same letters, upper or lower case alike, are that member coming back). Every endpoint takes
``?lang=en|de``: a refusal's ``text`` is in that language, its ``error`` (for developers) in English.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine

from ..games import all_games
from ..kernel import KartentischError, lookup
from ..kernel import names as name_rules
from ..scorepad import EntryError, Text, check_options
from . import creation, refusals
from .deps import client, hub_of, plain_id
from .errors import ApiError, frame_lang
from .group_standings import bot_name, game_name, group_standings, standings_csv
from .group_store import (
    BOT_HELP,
    BOT_PLAYED,
    MAX_NAME,
    find_group,
    groups_t,
    helped,
    matches_t,
    member_names,
    member_of,
    members_t,
    past_names,
    played_by_bot,
    refusal,
    sync,
)
from .invites import replay_url, seat_url, spectator_url
from .schema import seats_t
from .scorepad import PadIn, create_pad

STATIC = Path(__file__).parent / "static"

#: Tables and pads of a group listed on its page (the latest).
LISTED = 30

Lang = Annotated[str, Query(description="language of the answer's words and of a refusal: en or de; another is a 422")]
Auth = Annotated[str | None, Header(description="Bearer <member key>")]


class GroupIn(BaseModel):
    """A new group: its name as its members read it (1 to 80 characters, checked in the page's language)."""

    name: str = Field(max_length=400, examples=["Thursday evenings"])


class MemberIn(BaseModel):
    """Joining a group, or getting one's member key back: the name (as at a table's seat); ``again``: this person
    joined before (on another device) and wants their place back."""

    name: str = Field(max_length=400, examples=["Ana"])
    again: bool = Field(default=False, description="get the place back of the member of this name")


class RenameIn(BaseModel):
    """A member's new name, checked as a join's name is."""

    name: str = Field(max_length=400, examples=["Anna"])


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
    hints: bool | None = Field(default=None, description="a seat may ask the coach for a hint, as at a lobby's "
                               "table (POST /api/tables); null: only where at most one seat is a member's")


class GroupPadIn(BaseModel):
    """A score pad of the group for a match with real cards: game, the members in seat order, options."""

    game: str = Field(max_length=40, examples=["grid"])
    members: list[int] = Field(max_length=16, examples=[[1, 2, 3]])
    options: dict[str, Any] = Field(default_factory=dict)


def check_name(name: str, what: Mapping[str, str]) -> str:
    """``name`` stripped, if it is a name as a table's seat takes one: 1 to :data:`MAX_NAME` characters, one line of
    visible text (:func:`~kartentisch.kernel.names.check_name`); else ApiError 422 naming ``what``
    (``{"en": "a name", …}``; the ``error`` in English, the ``text`` in every language)."""
    clean = name.strip()
    if not clean:
        raise refusal(422, {"en": "{what} is needed: 1 to {k} characters.",
                            "de": "{what} fehlt: 1 bis {k} Zeichen."}, what=Text(what), k=MAX_NAME)
    if len(clean) > MAX_NAME:
        raise refusal(422, {"en": "{what} has at most {k} characters.",
                            "de": "{what} hat höchstens {k} Zeichen."}, what=Text(what), k=MAX_NAME)
    try:
        name_rules.check_name(clean)
    except name_rules.NameRefused as exc:
        raise ApiError(422, exc.text("en"), said=refusals.sentences(exc.texts)) from None
    return clean


_A_NAME = {"en": "a name", "de": "ein Name"}
#: Refusals of a join in the players' words.
_SAID = {
    "name_taken": {"en": "a member is already called \"{name}\": if that is you, tick “I joined before” to get "
                         "your place back; else choose another name.",
                   "de": "ein Mitglied heißt schon „{name}“: wenn du das bist, kreuze „Ich bin schon dabei“ an und "
                         "du bekommst deinen Platz zurück; sonst wähle einen anderen Namen."},
    "no_such_member": {"en": "no member of this group is called \"{name}\".",
                       "de": "in dieser Spielrunde heißt niemand „{name}“."},
    "renamed_taken": {"en": "a member is already called \"{name}\"; choose another name.",
                      "de": "ein Mitglied heißt schon „{name}“; wähle einen anderen Namen."},
    "renamed_left": {"en": "\"{name}\" is the name of a member who left: their past matches read under it, and "
                           "joining as \"{name}\" gives them their place back; choose another name.",
                     "de": "„{name}“ ist der Name eines Mitglieds, das nicht mehr dabei ist: seine früheren Partien "
                           "stehen unter diesem Namen, und wer als „{name}“ beitritt, bekommt diesen Platz zurück; "
                           "wähle einen anderen Namen."},
    "not_your_name": {"en": "you can change only your own name, not another member's.",
                      "de": "du kannst nur deinen eigenen Namen ändern, nicht den eines anderen."},
    "not_a_member": {"en": "this person is not in the group (any more): maybe someone removed them a moment ago.",
                     "de": "diese Person ist nicht (mehr) in der Spielrunde: vielleicht hat sie gerade jemand "
                           "entfernt."},
}
_A_MEMBER = {"en": "a member of the group", "de": "ein Mitglied der Spielrunde"}
_GROUP_NAME = {"en": "the group's name", "de": "der Name der Spielrunde"}


def _engine(request: Request) -> Engine:
    return request.app.state.store.engine  # type: ignore[no-any-return]


def _game(game_id: str) -> Any:
    try:
        return lookup(game_id)
    except KartentischError:
        raise refusal(422, {"en": "there is no game {game!r}; the games are {known}",
                            "de": "es gibt kein Spiel {game!r}; die Spiele sind {known}"},
                      game=game_id, known=", ".join(g.id for g in all_games())) from None


def _check_players(game: Any, n: int) -> None:
    if not game.min_players <= n <= game.max_players:
        raise refusal(422, {"en": "{n} players; {name} is for {lo} to {hi}",
                            "de": "{n} Mitspieler; {name} ist für {lo} bis {hi}"},
                      n=n, name=Text.of(lambda lang: game.names.get(lang, game.id)), lo=game.min_players,
                      hi=game.max_players)


def _chosen_members(members: dict[int, str], chosen: list[int]) -> None:
    """ApiError 422 for a number that is no member's, or a member chosen twice."""
    for number in chosen:
        if number not in members:
            raise refusal(422, {"en": "the group has no member number {n}", "de": "die Spielrunde hat kein "
                                "Mitglied Nummer {n}"}, n=number)
    twice = [members[n] for i, n in enumerate(chosen) if chosen.index(n) != i]
    if twice:
        raise refusal(422, {"en": "{name} can take only one seat", "de": "{name} kann nur einen Platz nehmen"},
                      name=twice[0])


# ---------------------------------------------------------------------------------------------------- routes
router = APIRouter(tags=["groups"])


@router.post("/api/groups", status_code=201)
def create_group(body: GroupIn, request: Request, lang: Lang = "en") -> dict[str, Any]:
    """Start a group: its private ``code`` and link ``url`` (whoever has it can join; keep it among friends)."""
    lang = frame_lang(lang)
    request.app.state.guard.hit("create", client(request))  # the same rate as creating tables
    name = check_name(body.name, _GROUP_NAME)
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
    name another member's could be taken for is a 422. The name of one who left or was removed (as it looks:
    :func:`~kartentisch.kernel.names.look_key`) gives that member back (``recovered`` true, with or without
    ``again``): their number, past matches and standings, under the name as typed now, with a new key (a fresh
    user's "Ben" and "Ben (no longer in the group)" were one person)."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    name = check_name(body.name, _A_NAME)
    hub = hub_of(request)

    def join() -> dict[str, Any]:
        with hub.store.engine.begin() as conn:
            find_group(conn, code)
            everyone = conn.execute(select(members_t).where(members_t.c.group_id == code)).mappings().all()
            rows = [r for r in everyone if r["removed"] is None]  # who left is no longer a name taken
            same = next((r for r in rows if r["name"].casefold() == name.casefold()), None)
            if same is not None and body.again:
                return {"member": same["id"], "name": same["name"], "key": same["key"], "recovered": True}
            if same is not None:
                raise refusal(409, _SAID["name_taken"], name=same["name"])
            # one who left (or was removed) and comes back under their name, as it looks (kernel.names.look_key):
            # their place again, the one who left last if two did
            back = max((r for r in everyone if r["removed"] is not None
                        and name_rules.look_key(r["name"]) == name_rules.look_key(name)),
                       key=lambda r: r["removed"], default=None)
            if body.again and back is None:
                raise refusal(404, _SAID["no_such_member"], name=name)
            try:  # told apart from every member's name as a table's seats are (TR39 skeletons)
                name_rules.check_names([r["name"] for r in rows] + [name], [_A_MEMBER] * len(rows) + [_A_NAME],
                                  newcomer=len(rows))
            except name_rules.NameRefused as exc:
                raise ApiError(422, exc.text("en"), said=refusals.sentences(exc.texts)) from None
            key = secrets.token_urlsafe(24)  # a new key: the one given up when they left opens nothing again
            if back is not None:
                if not conn.execute(update(members_t).where(members_t.c.group_id == code, members_t.c.id == back["id"],
                                                            members_t.c.removed.is_not(None))
                                    .values(name=name, key=key, removed=None)).rowcount:  # back a moment ago
                    raise refusal(409, _SAID["name_taken"], name=back["name"])
                return {"member": back["id"], "name": name, "key": key, "recovered": True}
            number = max((r["id"] for r in everyone), default=0) + 1  # never the number of one who left
            conn.execute(insert(members_t).values(group_id=code, id=number, name=name, key=key, joined=time.time()))
        return {"member": number, "name": name, "key": key, "recovered": False}

    return await asyncio.to_thread(join)


@router.get("/api/groups/{code}")
async def read_group(code: str, request: Request, authorization: Auth = None, lang: Lang = "en") -> dict[str, Any]:
    """The group: its name, members, who the bearer is (``you``: their member number, ``None`` without a key) and
    its latest tables and score pads, each with its game, players (bots in words), whether it is over, when it was
    started (``started``, epoch seconds: two tables of the same game and people are told apart by it), and its
    ``url``: the bearer's own seat link where they sit, else the spectator link while the match runs and its replay
    once it is over (a finished match has nothing to watch live)."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    hub = hub_of(request)
    with hub.store.engine.connect() as conn:
        find_group(conn, code)
    await sync(hub, code)

    def read() -> dict[str, Any]:
        with hub.store.engine.connect() as conn:
            group = find_group(conn, code)
            members = member_names(conn, code)
            named = past_names(conn, code, lang)  # a past match's players: who left too, marked
            plain = past_names(conn, code, None)
            you = None if authorization is None else member_of(conn, code, authorization)
            rows = conn.execute(select(matches_t).where(matches_t.c.group_id == code)
                                .order_by(matches_t.c.created.desc()).limit(LISTED)).mappings().all()
            listed = []
            for row in rows:
                seats = list(row["seats"])
                item: dict[str, Any] = {"kind": row["source"], "game": row["game"],
                                        "game_name": game_name(row["game"], lang), "over": row["result"] is not None,
                                        "started": row["created"]}
                if row["source"] == "table":
                    stored = {s.seat: s for s in conn.execute(select(seats_t).where(
                        seats_t.c.table_id == row["source_id"]))}
                    item["players"] = [named.get(m, "") if m is not None else
                                       bot_name((stored[i].bot if i in stored else None) or "random", lang)
                                       for i, m in enumerate(seats)]
                    for i, entry in enumerate(row["result"] or []):  # a bot's part is said (group_standings)
                        if helped(entry) or played_by_bot(entry):
                            words = BOT_HELP if helped(entry) else BOT_PLAYED
                            item["players"][i] = words[lang].format(
                                name=item["players"][i], who=plain.get(entry["member"], entry["name"]),
                                n=entry["bot_moves"], of=entry["moves"])
                    mine = next((stored[i].token for i, m in enumerate(seats) if m == you and i in stored), None)
                    # one's own seat; else the table live, or once over its replay (nothing to watch live then)
                    other = replay_url(row["source_id"]) if item["over"] else spectator_url(row["source_id"])
                    item["url"] = (seat_url(row["source_id"], mine) if mine else other) if stored else None
                else:
                    item["players"] = [named.get(m, "") for m in seats]
                    item["url"] = f"/scorepad/{row['source_id']}"
                listed.append(item)
        return {"name": group["name"], "url": f"/g/{code}", "you": you,
                "members": [{"member": n, "name": name} for n, name in members.items()], "matches": listed}

    return await asyncio.to_thread(read)


def _live_members(conn: Connection, code: str) -> list[dict[str, Any]]:
    """The rows of the group's members now (not those who left or were removed)."""
    return [dict(r) for r in conn.execute(select(members_t).where(members_t.c.group_id == code,
                                                                   members_t.c.removed.is_(None))
                                          .order_by(members_t.c.id)).mappings()]


@router.patch("/api/groups/{code}/members/{member}")
async def rename_member(code: str, member: int, body: RenameIn, request: Request, authorization: Auth = None,
                        lang: Lang = "en") -> dict[str, Any]:
    """A member changes their own name (the bearer is member ``member``; another's name is a 403). The name is
    checked as a join's is: 1 to 80 characters of visible text (422), not another member's (the same letters, upper
    or lower case alike: 409) nor one that looks like it (422), nor the name of one who left (as it looks: 409,
    joining under it gives them back); the member's own name in other letter cases is theirs. Their past matches
    and standings read under the new name; a running table keeps the seat's name.
    Answers ``{"member", "name"}``; a refusal changes nothing."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    name = check_name(body.name, _A_NAME)
    hub = hub_of(request)

    def rename() -> dict[str, Any]:
        with hub.store.engine.begin() as conn:
            find_group(conn, code)
            you = member_of(conn, code, authorization)
            rows = _live_members(conn, code)
            if not any(r["id"] == member for r in rows):
                raise refusal(404, _SAID["not_a_member"])
            if member != you:
                raise refusal(403, _SAID["not_your_name"])
            others = [r for r in rows if r["id"] != you]
            same = next((r for r in others if r["name"].casefold() == name.casefold()), None)
            if same is not None:
                raise refusal(409, _SAID["renamed_taken"], name=same["name"])
            # a left member's name is theirs: joining under it brings them back (join_group), and two people of
            # one name would share the group's past matches and standings
            gone = next((r for r in conn.execute(select(members_t).where(
                members_t.c.group_id == code, members_t.c.removed.is_not(None))).mappings()
                if name_rules.look_key(r["name"]) == name_rules.look_key(name)), None)
            if gone is not None:
                raise refusal(409, _SAID["renamed_left"], name=gone["name"])
            try:  # told apart from every other member's name, as at a join
                name_rules.check_names([r["name"] for r in others] + [name],
                                       [_A_MEMBER] * len(others) + [_A_NAME], newcomer=len(others))
            except name_rules.NameRefused as exc:
                raise ApiError(422, exc.text("en"), said=refusals.sentences(exc.texts)) from None
            conn.execute(update(members_t).where(members_t.c.group_id == code, members_t.c.id == you)
                         .values(name=name))
        return {"member": you, "name": name}

    return await asyncio.to_thread(rename)


@router.delete("/api/groups/{code}/members/{member}")
async def remove_member(code: str, member: int, request: Request, authorization: Auth = None,
                        lang: Lang = "en") -> dict[str, Any]:
    """Member ``member`` leaves the group (the bearer is them) or is removed by another member (any member may: a
    group has no admin; the page asks first). Their key no longer opens the group and their name is free again;
    their past matches stay in the list and the standings under their name, marked as no longer in the group, and
    their number is never another's, so no result of theirs ever reads as a member's now; joining again under
    that name brings them back (:func:`join_group`). Answers
    ``{"member", "name", "left"}`` (``left``: they removed themselves); 404 if no member now has that number."""
    lang = frame_lang(lang)
    code = plain_id(code, "a group code")
    hub = hub_of(request)

    def remove() -> dict[str, Any]:
        with hub.store.engine.begin() as conn:
            find_group(conn, code)
            you = member_of(conn, code, authorization)
            row = next((r for r in _live_members(conn, code) if r["id"] == member), None)
            done = 0 if row is None else conn.execute(
                update(members_t).where(members_t.c.group_id == code, members_t.c.id == member,
                                        members_t.c.removed.is_(None)).values(removed=time.time())).rowcount
            if row is None or not done:
                raise refusal(404, _SAID["not_a_member"])
        return {"member": member, "name": row["name"], "left": member == you}

    return await asyncio.to_thread(remove)


@router.post("/api/groups/{code}/tables", status_code=201)
async def start_table(code: str, body: GroupTableIn, request: Request, authorization: Auth = None,
                      lang: Lang = "en") -> dict[str, Any]:
    """A member starts a table of the group: its seats are members (each gets a private seat link, shown to them
    on the group's page) and bots. Its result is recorded when the match ends, and so is every rematch's.
    Answers with the table's ``id``, its ``seats``, the bearer's own seat ``url`` (the spectator link if they
    do not sit at it) and the ``host_token``: the member who starts it is its host, with the host's options of a
    lobby's table (removing a person who is gone; a fresh user's host had none at a group's table)."""
    lang = frame_lang(lang)
    request.app.state.guard.hit("create", client(request))  # a table, as POST /api/tables counts it
    code = plain_id(code, "a group code")
    hub = hub_of(request)
    with hub.store.engine.connect() as conn:
        find_group(conn, code)
        you = member_of(conn, code, authorization)
        members = member_names(conn, code)
    game = _game(body.game)
    _check_players(game, len(body.seats))
    for i, seat in enumerate(body.seats):
        if (seat.member is None) == (seat.bot is None):
            raise refusal(422, {"en": "seat {n}: give a member or a bot", "de": "Platz {n}: gib ein Mitglied "
                                "oder einen Bot an"}, n=i + 1)
    _chosen_members(members, [s.member for s in body.seats if s.member is not None])
    seats = [{"kind": "human", "name": members[s.member]} if s.member is not None else
             {"kind": "bot", "bot": s.bot, "iterations": s.iterations} for s in body.seats]
    try:  # the options' refusals in the players' words (the hub checks them again, in English)
        check_options(game, [members[s.member] if s.member is not None else bot_name(s.bot or "random", lang)
                             for s in body.seats], body.options)
    except EntryError as exc:
        raise ApiError(422, exc.text("en"), said=refusals.sentences(exc.texts)) from None
    record = await creation.create(hub, game.id, len(seats), body.options, None, seats, body.reaction_seconds,
                                   hints=body.hints)
    with hub.store.engine.begin() as conn:
        conn.execute(insert(matches_t).values(source="table", source_id=record.id, group_id=code, game=game.id,
                                              seats=[s.member for s in body.seats], created=time.time()))
    await hub.get(record.id)  # bots start now
    mine = next((s.token for s, chosen in zip(record.seats, body.seats, strict=True) if chosen.member == you), None)
    return {"id": record.id, "url": seat_url(record.id, mine) if mine else spectator_url(record.id),
            "host_token": record.host_token,
            "seats": [{"seat": s.seat, "member": chosen.member, "name": members[chosen.member]
                       if chosen.member is not None else bot_name(s.bot or "random", lang)}
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
        find_group(conn, code)
        member_of(conn, code, authorization)
        members = member_names(conn, code)
    _chosen_members(members, body.members)
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
        group = find_group(conn, code)
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
