"""E-mail when it is a person's turn at a turn-based table (issue 34), through any SMTP server.

``kartentisch serve --smtp URL`` (the server's side in :mod:`kartentisch.web.smtp`) lets a person give an address at
their seat of a turn-based table (``POST /api/tables/{id}/mail`` with the seat's token; without ``--smtp`` it is
refused, and ``GET /api/mail`` tells the page not to offer it). Each mail names the table's game, whose turn it is
and links the seat and an unsubscribe link (``/mail/off/<token>``, also the ``List-Unsubscribe`` header) — never a
card. Opening that link (GET) only asks to confirm, since mail scanners open every link; a POST stops the mail: the
page's button, or a mail program's one-click ``List-Unsubscribe-Post`` (RFC 8058). A stopped link is kept
(``kt_mail_off``, without the address): opened again it says plainly that this address gets no more mail from the
table and how to get it again (a fresh user's page said only "This link stops no mail (any more).").

At most one mail per table, seat and turn: the mail of the turn after ``n`` events is recorded in ``kt_mailed``
before it goes out (the primary key takes ``(table, seat, n)`` once), so a restart or a second pass never sends it
again; a mail the SMTP server refused is un-recorded and tried at the next pass. A crash between recording and
sending loses that one mail (at most once, not at least once). What is pending is derived from the store after a
restart: :meth:`Notifier.once` looks at every table with an address whose events have not all been looked at by
this process, so a turn reached while the server was down is mailed at the first pass once its person is away. A
seat the frames show as ``connected`` (:func:`~kartentisch.web.presence.presence`: a page open here, or closed a
moment ago, a reload; after a restart every person, for the seconds their pages take to reconnect) gets no mail (the
page notifies, ``table.js``); it is mailed once it is away, at a later pass.

Sending runs in a thread (aiosmtpd, the tests' real SMTP server, is a test extra only). An address is checked by the
email-validator library (:func:`checked_address`: at most 254 characters, internationalised ones taken, sent as
:func:`mail_to` says).
"""

from __future__ import annotations

import asyncio
import html
import logging
import secrets
import smtplib
import time
from email.message import EmailMessage
from typing import TYPE_CHECKING, Annotated, Any

from email_validator import EmailNotValidError, validate_email
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlalchemy import Column, Float, Integer, String, Table, delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from ..kernel import lookup
from . import clock
from .deps import PlainText, bearer, hub_of, plain_id
from .errors import ApiError, frame_lang
from .frames import LANG_HELP
from .invites import seat_url
from .presence import presence
from .refusals import page_lang
from .schema import events_t, metadata, tables_t
from .smtp import SmtpConfig, offers_smtputf8, send_mail
from .store import Store

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

log = logging.getLogger(__name__)

#: The longest address taken (characters): RFC 5321's path of 256 octets less its angle brackets (RFC 3696 errata).
MAIL_MAX = 254
#: Seconds a server's answer to "SMTPUTF8?" is kept (:meth:`Notifier.reaches`): a server is reconfigured rarely.
SMTPUTF8_KEPT = 600.0
#: The mail settings' refusals in the players' words (``ApiError.said``).
REFUSED = {
    "address": {"en": "That is no e-mail address: write it as name@example.org.",
                "de": "Das ist keine E-Mail-Adresse: Schreib sie als name@example.org."},
    "too_long": {"en": f"That e-mail address is too long: at most {MAIL_MAX} characters.",
                 "de": f"Diese E-Mail-Adresse ist zu lang: höchstens {MAIL_MAX} Zeichen."},
    "no_mail": {"en": "This server sends no e-mail.", "de": "Dieser Server verschickt keine E-Mails."},
    "no_smtputf8": {"en": "This server's mail cannot reach an address with letters such as ü before the @: please "
                          "give another address.",
                    "de": "Die E-Mails dieses Servers erreichen keine Adresse mit Zeichen wie ü vor dem @: Gib bitte "
                          "eine andere Adresse an."},
    "not_turn_based": {"en": "E-mail comes only at tables with a clock of a day or more per move.",
                       "de": "E-Mails gibt es nur an Tischen mit einer Uhr von einem Tag oder mehr pro Zug."},
}

mail_t = Table(
    "kt_mail", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("address", String(254), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("base", String(300), nullable=False),  # the server's address as the person's page reached it
    Column("off_token", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)
#: The unsubscribe links used (:func:`_off`): the seat and table each stopped, never the address; a link opened again
#: says the mail is stopped already (or goes on to an address given since). Dropped with their table.
mail_off_t = Table(
    "kt_mail_off", metadata,
    Column("off_token", String(64), primary_key=True),
    Column("table_id", String(40), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", Float, nullable=False),
)
mailed_t = Table(
    "kt_mailed", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),  # the turn: the table's event count when it was mailed
    Column("at", Float, nullable=False),
)


#: The mail's words per language: subject, body (``{game}``, ``{name}``, ``{others}``, ``{link}``, ``{off}``),
#: the unsubscribe pages (the question with its button, done, a link that stops nothing).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "subject": "Your turn: {game}",
        "body": "Hello {name},\n\nit is your turn at {game} with {others}.\n\nYour seat: {link}\n\n"
                "The link is your seat: keep it to yourself.\n\nNo more mail for this table: {off}\n",
        "off_title": "No more mail",
        "off_ask": "Get no more mail for this table?",
        "off_button": "Stop the mail",
        "off_text": "You will get no more mail for this table.",
        "off_already": "The mail for this table was stopped already: this address gets no more mail from it.",
        "off_again": "To get mail again, open your seat at the table and give your address under “Mail when it is "
                     "your turn”.",
        "off_renewed": "This link is from an earlier mail. Mail for this table goes on to the address given since; "
                       "its latest mail has its own link to stop it.",
        "off_unknown": "This link stops no mail (any more).",
    },
    "de": {
        "subject": "Du bist dran: {game}",
        "body": "Hallo {name},\n\ndu bist dran bei {game} mit {others}.\n\nDein Platz: {link}\n\n"
                "Der Link ist dein Platz: gib ihn nicht weiter.\n\nKeine Mails mehr zu diesem Tisch: {off}\n",
        "off_title": "Keine Mails mehr",
        "off_ask": "Keine Mails mehr zu diesem Tisch bekommen?",
        "off_button": "Mails abbestellen",
        "off_text": "Zu diesem Tisch bekommst du keine Mails mehr.",
        "off_already": "Die Mails zu diesem Tisch sind schon abbestellt: Diese Adresse bekommt von diesem Tisch keine "
                       "Mails mehr.",
        "off_again": "Um wieder Mails zu bekommen, öffne deinen Platz am Tisch und gib deine Adresse unter „Mail, "
                     "wenn du dran bist“ an.",
        "off_renewed": "Dieser Link stammt aus einer früheren Mail. Die Mails zu diesem Tisch gehen weiter an die "
                       "seither angegebene Adresse; ihre neueste Mail hat einen eigenen Link zum Abbestellen.",
        "off_unknown": "Dieser Link bestellt (inzwischen) keine Mails ab.",
    },
}


def turn_mail(table: LiveTable, seat: int, address: str, lang: str, base: str, off_token: str) -> EmailMessage:
    """The mail telling ``seat`` it is their turn (see :data:`WORDS`): the game's name, the seat's and the others'
    names, the seat's link and the unsubscribe link — no card."""
    words, names = WORDS[lang], table.names[lang]
    game = lookup(table.record.game).names.get(lang, table.record.game)
    others = ", ".join(n for i, n in enumerate(names) if i != seat)
    link = base + seat_url(table.id, table.record.seats[seat].token or "")
    off = f"{base}/mail/off/{off_token}"
    message = EmailMessage()
    message["To"] = mail_to(address)
    message["Subject"] = words["subject"].format(game=game)
    message["List-Unsubscribe"] = f"<{off}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(words["body"].format(name=names[seat], game=game, others=others, link=link, off=off))
    return message


def pending_tables(store: Store) -> dict[str, int]:
    """``{table id: event count}`` of every stored table with an address given (its rows of tables deleted since
    are dropped first)."""
    with store.engine.begin() as conn:
        for kept in (mail_t, mailed_t, mail_off_t):  # a write only when a table was deleted (SQLite has one writer)
            orphans = kept.c.table_id.not_in(select(tables_t.c.id))
            if conn.execute(select(kept.c.table_id).where(orphans).limit(1)).first() is not None:
                conn.execute(delete(kept).where(orphans))
        count = select(func.count()).where(events_t.c.table_id == mail_t.c.table_id).scalar_subquery()
        rows = conn.execute(select(mail_t.c.table_id, count.label("n")).distinct())
        return {row.table_id: row.n for row in rows}


class Notifier:
    """The e-mail notifications of one server process (see the module); ``config`` ``None``: no mail at all.

    ``looked``: the event count at which each table was last looked at with nothing left to mail (in memory only:
    after a restart every table with an address is looked at once)."""

    def __init__(self, hub: Hub, config: SmtpConfig | None) -> None:
        self.hub = hub
        self.config = config
        self.looked: dict[str, int] = {}
        self._smtputf8: tuple[float, bool] | None = None  # (time.monotonic(), offered) of the last answer

    async def reaches(self, address: str) -> bool:
        """Whether mail to the stored ``address`` can go through this server: an address :func:`mail_to` names in
        ASCII always; one with a non-ASCII name before the ``@`` only through a server offering SMTPUTF8
        (:func:`offers_smtputf8`, asked once per :data:`SMTPUTF8_KEPT` seconds). A server that cannot be asked
        now counts as reaching it (its mail is tried at each pass and logged when refused)."""
        if self.config is None or mail_to(address).isascii():
            return True
        kept = self._smtputf8
        if kept is None or time.monotonic() - kept[0] >= SMTPUTF8_KEPT:
            try:
                kept = (time.monotonic(), await asyncio.to_thread(offers_smtputf8, self.config))
            except (OSError, smtplib.SMTPException) as exc:
                log.warning("could not ask the mail server whether it takes SMTPUTF8: %s", exc)
                return True
            self._smtputf8 = kept
        return kept[1]

    async def once(self) -> int:
        """Mail every person whose turn it is at a turn-based table with their address who is not at the table now
        (presence ``connected``), once per turn; returns how many mails went out."""
        if self.config is None:
            return 0
        pending = await asyncio.to_thread(pending_tables, self.hub.store)
        self.looked = {k: v for k, v in self.looked.items() if k in pending}
        sent = 0
        for table_id, n in pending.items():
            if self.looked.get(table_id) == n:
                continue
            try:
                table = await self.hub.get(table_id)
            except ApiError:
                continue
            mailed, waiting = await self._mail(table)
            sent += mailed
            if not waiting:
                self.looked[table_id] = n
        return sent

    async def _mail(self, table: LiveTable) -> tuple[int, bool]:
        """Mail the seats of ``table`` asked now (see :meth:`once`); returns the mails sent and whether one is left
        for a later pass (its person is at the table, or the server refused)."""
        stored = clock.TableClock.parse(table.record.clock)
        if stored is None or not stored.preset.turn_based or table.state.game_over or table.waiting_for_seats:
            return 0, False
        n, sent, waiting = len(table.log), 0, False
        here: set[int | None] = {sub.viewer for sub in table.subscribers.values()}
        people = {s.seat for s in table.record.seats if s.kind == "human" and s.stand_in is None}
        for seat in table.state.to_act():
            if seat not in people:
                continue
            if presence(table, seat, self.hub.time_scale, here) == "connected":  # as the frames say: "here"
                waiting = True
                continue
            if not await self._send(table, seat, n):
                waiting = True
            else:
                sent += 1
        return sent, waiting

    async def _send(self, table: LiveTable, seat: int, n: int) -> bool:
        """Record and send the mail of ``seat``'s turn after ``n`` events if it has an address and was not mailed
        for it; returns ``False`` only when the server refused it (un-recorded, tried again)."""
        store = self.hub.store
        assert self.config is not None
        row = await asyncio.to_thread(_claim, store, table.id, seat, n)
        if row is None:
            return True  # no address, or mailed already
        message = turn_mail(table, seat, row["address"], row["lang"], row["base"], row["off_token"])
        try:
            await asyncio.to_thread(send_mail, self.config, message)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("mail for table %s could not be sent (tried again later): %s", table.id, exc)
            await asyncio.to_thread(_unclaim, store, table.id, seat, n)
            return False
        return True


def _claim(store: Store, table_id: str, seat: int, n: int) -> dict[str, Any] | None:
    """Record the mail of ``seat``'s turn after ``n`` events (once) and return its address row; ``None`` when the
    seat gave no address or the turn was mailed already."""
    with store.engine.begin() as conn:
        mine = select(mail_t).where(mail_t.c.table_id == table_id, mail_t.c.seat == seat)
        row = conn.execute(mine).mappings().first()
        if row is None:
            return None
        try:
            with conn.begin_nested():
                conn.execute(insert(mailed_t).values(table_id=table_id, seat=seat, n=n, at=time.time()))
        except IntegrityError:
            return None
        return dict(row)


def _unclaim(store: Store, table_id: str, seat: int, n: int) -> None:
    with store.engine.begin() as conn:
        conn.execute(delete(mailed_t).where(mailed_t.c.table_id == table_id, mailed_t.c.seat == seat,
                                            mailed_t.c.n == n))


class MailIn(BaseModel):
    """An address for the mails of one's turns at this table, and the language they come in."""

    # longer than MAIL_MAX here, so that checked_address tells a person their address is too long in their words
    address: PlainText = Field(max_length=4 * MAIL_MAX, description=f"at most {MAIL_MAX} characters (RFC 5321); "
                               "internationalised addresses (RFC 6531) too", examples=["ada@example.org"])
    lang: str = Field(default="en", description=LANG_HELP)


router = APIRouter(tags=["turn-based"])


def checked_address(text: str) -> str:
    """The address ``text`` (spaces around it dropped) as it is stored and mailed: checked and normalised by
    email-validator (RFC 5322 syntax, no deliverability lookup), internationalised addresses taken (RFC 6531:
    ``ünï@bücher.de``; :func:`mail_to` sends them). A control character (CR/LF: a header injection) never gets
    here: :data:`~kartentisch.web.deps.PlainText` refuses it first.

    Raises:
        ApiError: 422 for more than :data:`MAIL_MAX` characters (RFC 5321) or no address, in the players' words
            (:data:`REFUSED` ``too_long``, ``address``).
    """
    address = text.strip()
    if len(address) > MAIL_MAX:
        raise ApiError(422, f"the e-mail address has {len(address)} characters; at most {MAIL_MAX} (RFC 5321)",
                       said=REFUSED["too_long"])
    try:
        return validate_email(address, check_deliverability=False, allow_smtputf8=True).normalized
    except EmailNotValidError as exc:
        raise ApiError(422, f"{address!r} is not an e-mail address (name@example.org): {exc}",
                       said=REFUSED["address"]) from None


def mail_to(address: str) -> str:
    """The recipient a mail to the stored ``address`` names: its ASCII form where it has one (an internationalised
    domain as IDNA, ``ana@xn--bcher-kva.de``: any SMTP server takes it), else the address itself, which only a
    server offering SMTPUTF8 (RFC 6531) takes (:mod:`smtplib` then sends it so; :meth:`Notifier.reaches` refuses such
    an address when the server does not offer it)."""
    return validate_email(address, check_deliverability=False, allow_smtputf8=True).ascii_email or address


def _own_seat(table: LiveTable, authorization: str | None) -> int:
    seat = table.seat_of(bearer(authorization))
    if seat is None:
        raise ApiError(401, "a seat token is needed: mail goes only to a person at the table, for their own seat")
    return seat


@router.get("/api/mail")
async def mail_offered(request: Request) -> dict[str, bool]:
    """Whether this server sends mail (``serve --smtp``): without it, no page promises any."""
    return {"enabled": request.app.state.notifier.config is not None}


@router.post("/api/tables/{table_id}/mail")
async def mail_on(table_id: str, body: MailIn, request: Request,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """The seat (``Authorization: Bearer <seat token>``) gives an address for the mails of its turns here (given
    again: replaced; :func:`checked_address`). 401 no seat token, 409 no mail on this server or not a turn-based table,
    422 not an address, a too long one, or one this server's mail cannot reach (:meth:`Notifier.reaches`)."""
    lang = frame_lang(body.lang)
    address = checked_address(body.address)
    if request.app.state.notifier.config is None:
        raise ApiError(409, "this server sends no mail (it was started without --smtp)", said=REFUSED["no_mail"])
    hub = hub_of(request)
    table = await hub.get(plain_id(table_id))
    seat = _own_seat(table, authorization)
    stored = clock.TableClock.parse(table.record.clock)
    if stored is None or not stored.preset.turn_based:
        raise ApiError(409, "mail is sent for turn-based tables only (a clock of a day or more a move)",
                       said=REFUSED["not_turn_based"])
    if not await request.app.state.notifier.reaches(address):
        raise ApiError(422, f"the mail server does not offer SMTPUTF8 (RFC 6531), which mail to {address!r} needs",
                       said=REFUSED["no_smtputf8"])
    base = str(request.base_url).rstrip("/")
    row = {"address": address, "lang": lang, "base": base, "off_token": secrets.token_urlsafe(24),
           "created": time.time()}
    await asyncio.to_thread(_put, hub.store, table.id, seat, row)
    return {"address": address}


def _put(store: Store, table_id: str, seat: int, row: dict[str, Any]) -> None:
    with store.engine.begin() as conn:
        conn.execute(delete(mail_t).where(mail_t.c.table_id == table_id, mail_t.c.seat == seat))
        conn.execute(insert(mail_t).values(table_id=table_id, seat=seat, **row))


@router.get("/api/tables/{table_id}/mail")
async def mail_of(table_id: str, request: Request,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """The address the seat (its token) gave for this table, ``None`` without one. 401 no seat token."""
    hub = hub_of(request)
    table = await hub.get(plain_id(table_id))
    seat = _own_seat(table, authorization)

    def read() -> str | None:
        with hub.store.engine.connect() as conn:
            return conn.execute(select(mail_t.c.address).where(mail_t.c.table_id == table.id,
                                                               mail_t.c.seat == seat)).scalar()

    return {"address": await asyncio.to_thread(read)}


def _known(store: Store, token: str) -> str | None:
    """What the unsubscribe ``token`` does now (read only: a GET changes nothing): ``"on"`` it stops its seat's mail,
    ``"off"`` it stopped it already, ``"renewed"`` it stopped it and the seat gave an address again since (with a link
    of its own), ``None`` no such link (or its table is gone)."""
    with store.engine.connect() as conn:
        if conn.execute(select(mail_t.c.seat).where(mail_t.c.off_token == token)).first() is not None:
            return "on"
        used = conn.execute(select(mail_off_t).where(mail_off_t.c.off_token == token)).mappings().first()
        if used is None:
            return None
        again = select(mail_t.c.seat).where(mail_t.c.table_id == used["table_id"], mail_t.c.seat == used["seat"])
        return "renewed" if conn.execute(again).first() is not None else "off"


def _off(store: Store, token: str) -> bool:
    """Forget the address of the unsubscribe ``token``, keeping the link as used (:data:`mail_off_t`); ``False``: no
    address has that link."""
    with store.engine.begin() as conn:
        row = conn.execute(select(mail_t.c.table_id, mail_t.c.seat).where(mail_t.c.off_token == token)).first()
        if row is None:
            return False
        conn.execute(delete(mail_t).where(mail_t.c.off_token == token))
        conn.execute(insert(mail_off_t).values(off_token=token, table_id=row.table_id, seat=row.seat, at=time.time()))
        return True


def _off_page(lang: str, *texts: str, button: str | None = None) -> str:
    """The unsubscribe page in ``lang`` saying ``texts`` (a paragraph each), with a ``button`` that posts to this same
    address."""
    words = WORDS[lang]
    form = (f'<form method="post"><button type="submit">{html.escape(button)}</button></form>'
            if button is not None else "")
    said = "".join(f"<p>{html.escape(text)}</p>" for text in texts)
    return (f'<!doctype html><html lang="{lang}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(words["off_title"])}</title><link rel="stylesheet" href="/static/kt.css">'
            f'<body class="lobby-page"><main><h1>{html.escape(words["off_title"])}</h1>{said}'
            f'{form}<p><a href="/my">kartentisch</a></p></main></body></html>')


def _stopped_page(lang: str, state: str | None) -> HTMLResponse:
    """The page of a link that stops nothing now (:func:`_known`): stopped already (plainly, and how to get mail
    again), renewed since, or unknown (404)."""
    words = WORDS[lang]
    if state == "off":
        return HTMLResponse(_off_page(lang, words["off_already"], words["off_again"]))
    if state == "renewed":
        return HTMLResponse(_off_page(lang, words["off_renewed"]))
    return HTMLResponse(_off_page(lang, words["off_unknown"]), status_code=404)


@router.get("/mail/off/{token}", include_in_schema=False)
async def mail_off_ask(token: str, request: Request,
                       lang: Annotated[str | None, Query(description=LANG_HELP)] = None) -> HTMLResponse:
    """The mail's unsubscribe link opened in a browser: a page asking to confirm with a button (a POST, below).
    A GET stops nothing, since mail scanners and link previews open every link of a mail. The page is in the
    reader's language (:func:`~kartentisch.web.refusals.page_lang`, as the pages decide theirs)."""
    said = page_lang(lang, request.headers.get("accept-language"))
    state = await asyncio.to_thread(_known, hub_of(request).store, token[:64])
    if state != "on":
        return _stopped_page(said, state)
    return HTMLResponse(_off_page(said, WORDS[said]["off_ask"], button=WORDS[said]["off_button"]))


@router.post("/mail/off/{token}", include_in_schema=False)
async def mail_off(token: str, request: Request,
                   lang: Annotated[str | None, Query(description=LANG_HELP)] = None) -> HTMLResponse:
    """Unsubscribe: the confirming page's button, or a mail program's one-click POST (``List-Unsubscribe-Post``,
    RFC 8058, which asks nobody). No more mail for that seat and table; a page says so in the reader's language, and
    how to get mail again. A link used already says so again (:func:`_stopped_page`)."""
    said = page_lang(lang, request.headers.get("accept-language"))
    store = hub_of(request).store
    if await asyncio.to_thread(_off, store, token[:64]):
        return HTMLResponse(_off_page(said, WORDS[said]["off_text"], WORDS[said]["off_again"]))
    return _stopped_page(said, await asyncio.to_thread(_known, store, token[:64]))
