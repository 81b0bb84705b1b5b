"""Issue 34 item 1: turn-based tables. A day-long clock arms no timer and runs out through the turn sweep (also
after a restart, from the store alone); the "My tables" summaries (waiting for this person first, never a card);
the mails of one's turn through a real SMTP server (aiosmtpd, started here): at most one per table and turn, none
after the unsubscribe link, the one pending at a restart sent by the next server, never a card."""

from __future__ import annotations

import email
import email.policy
import html
import time
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from kartentisch.cli.app import app as cli
from kartentisch.web import create_app
from kartentisch.web.clock import CLOCKS
from kartentisch.web.notify import REFUSED
from kartentisch.web.smtp import PASSWORD_ENV, SmtpConfig, parse_smtp

from .conftest import auth, free_port, move_entries, new_table, sit

PEOPLE3 = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}, {"kind": "human", "name": "Cem"}]
#: A day is 0.864 s at this scale (presence's "gone" 0.0006 s: nobody is "here" without a page).
SCALE = 1e-5


def colors3(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    table = new_table(client, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0}, **extra)
    return table["id"], [s["token"] for s in table["seats"]]


def move(client: TestClient, tid: str, token: str) -> None:
    """The seat of ``token`` makes its first legal move."""
    frame = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
    res = client.post(f"/api/tables/{tid}/actions", json={"action": frame["legal"][0], "n": frame["n"]},
                      headers=auth(token))
    assert res.status_code == 200, res.text


def play_to(client: TestClient, tid: str, tokens: list[str], seat: int) -> None:
    """The others move (at least once) until it is ``seat``'s turn."""
    moved = False
    while True:
        legal = [bool(client.get(f"/api/tables/{tid}/view", headers=auth(t)).json()["legal"]) for t in tokens]
        if legal[seat] and moved:
            return
        move(client, tid, tokens[next(i for i, has in enumerate(legal) if has and (i != seat or not moved))])
        moved = True


def wait_for(check: Any, seconds: float = 30.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if value := check():
            return value
        time.sleep(0.05)
    pytest.fail("waited in vain")


def test_turn_based_presets_are_data_and_arm_no_timer(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        presets = {p["id"]: p for p in client.get("/api/clocks").json()["presets"]}
        assert presets["day"]["turn_based"] and presets["3days"]["turn_based"] and not presets["fast"]["turn_based"]
        assert presets["day"]["seconds"] == 86400 and presets["3days"]["seconds"] == 3 * 86400
        assert presets["day"]["names"]["de"] == "rundenbasiert: ein Tag pro Zug"
        hub = client.app.state.hub  # type: ignore[attr-defined]
        live, live_tokens = colors3(client, clock="fast")
        sit(client, live, live_tokens)  # a live clock runs once its person opened the seat (a day-long one at once)
        daily, _ = colors3(client, clock="day")
        for tid in (live, daily):
            assert client.get(f"/api/tables/{tid}/view").status_code == 200  # loaded: its clock armed
        assert set(hub.tables[live].timers) == {0}  # a live clock: a timer task
        assert hub.tables[daily].timers == {} and hub.tables[daily].idle  # a day-long one: none, it may leave memory
        frame = client.get(f"/api/tables/{daily}/view").json()  # yet its seat bar shows the day running out
        acting = frame["view"]["to_act"][0]
        assert 86400 - 60 < frame["seats"][acting]["clock"] <= 86400 and frame["seats"][acting]["clock_then"]
        assert all(s["clock"] is None for s in frame["seats"] if s["seat"] != acting)


def test_the_turn_sweep_runs_out_a_day_clock_also_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, time_scale=SCALE, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day", on_timeout="bot")
        frame = wait_for(lambda: (f := client.get(f"/api/tables/{tid}/view", headers=auth(tokens[1])).json())
                         and f["n"] >= 1 and f)
        assert move_entries(frame["log"])[0]["seat"] == 0  # a bot made Ada's move, the table went on
        assert any(e.get("kind") == "seat" for e in frame["log"])
    # Ben's turn now; the server is down when his day runs out; a new one finds it in the store and runs it out,
    # though nobody asks for the table.
    time.sleep(CLOCKS["day"].seconds * SCALE + 0.2)
    with TestClient(create_app(db_url, time_scale=SCALE, turn_seconds=0.05)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        wait_for(lambda: tid in hub.tables and len(hub.tables[tid].log) >= 2)
        assert hub.tables[tid].log[1].seat == 1
        assert all(not t.timers or set(t.timers) <= {-1} for t in hub.tables.values())


def test_my_tables_waiting_for_me_first_and_never_a_card(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        first, t1 = colors3(client, clock="day")
        second, t2 = colors3(client, clock="3days")
        move(client, second, t2[0])  # at the second table it is Ben's turn now: Ada waits
        asked = [{"table": second, "token": t2[0]}, {"table": first, "token": t1[0]},
                 {"table": "nosuchtable", "token": "x"}, {"table": first, "token": "wrong"}]
        mine = client.post("/api/my?lang=de", json={"seats": asked}).json()
        assert [s["table"] for s in mine["tables"]] == [first, second]  # Ada's turn at the first table first
        top, other = mine["tables"]
        assert top["your_turn"] and top["you"] == "Ada" and top["others"] == ["Ben", "Cem"]
        assert top["to_act"] == ["Ada"] and top["clock"] == "rundenbasiert: ein Tag pro Zug" and top["turn_based"]
        assert 86000 < top["deadline"] <= 86400
        assert not other["your_turn"] and other["to_act"] == ["Ben"] and other["deadline"] is None
        assert mine["gone"] == ["nosuchtable", first]
        hand = client.get(f"/api/tables/{first}/view", headers=auth(t1[0])).json()["card_names"]
        text = str(mine)
        assert hand and not any(f"'{code}'" in text or name in text for code, name in hand.items())
        res = client.post("/api/my?lang=fr", json={"seats": []})
        assert res.status_code == 422


class Inbox:
    """The aiosmtpd handler of the tests' SMTP server: every message it received."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.recipients: list[list[str]] = []  # each message's envelope (RCPT TO)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 OK"


def smtp_server(utf8: bool) -> Iterator[tuple[Inbox, SmtpConfig]]:
    """A real SMTP server on 127.0.0.1 (aiosmtpd; ``utf8``: it offers SMTPUTF8, RFC 6531) and the config that sends
    to it."""
    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port, enable_SMTPUTF8=utf8)
    controller.start()
    try:
        yield inbox, parse_smtp(f"smtp+plain://127.0.0.1:{port}?from=table@example.org")
    finally:
        controller.stop()


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, SmtpConfig]]:
    """A real SMTP server without SMTPUTF8 (as aiosmtpd starts by default)."""
    yield from smtp_server(utf8=False)


@pytest.fixture
def smtp_utf8() -> Iterator[tuple[Inbox, SmtpConfig]]:
    """A real SMTP server offering SMTPUTF8, as most mail servers do (Postfix, Exim, the big providers)."""
    yield from smtp_server(utf8=True)


def body_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def test_mail_once_per_turn_unsubscribe_and_a_restart_loses_none(db_url: str, smtp: tuple[Inbox, SmtpConfig]) -> None:
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        assert client.get("/api/mail").json() == {"enabled": True}
        tid, tokens = colors3(client, clock="day")
        res = client.post(f"/api/tables/{tid}/mail", json={"address": "not an address"}, headers=auth(tokens[1]))
        assert res.status_code == 422 and "not an e-mail address" in res.json()["error"]
        assert client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org"}).status_code == 401
        res = client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org", "lang": "de"},
                          headers=auth(tokens[1]))
        assert res.status_code == 200 and res.json() == {"address": "ben@example.org"}
        assert client.get(f"/api/tables/{tid}/mail", headers=auth(tokens[1])).json() == {"address": "ben@example.org"}
        move(client, tid, tokens[0])  # Ben's turn
        wait_for(lambda: len(inbox.messages) == 1)
        time.sleep(0.3)  # several more passes: still one mail for this turn
        assert len(inbox.messages) == 1
        mail = inbox.messages[0]
        text = body_of(mail)
        assert mail["To"] == "ben@example.org" and mail["Subject"].startswith("Du bist dran: ")
        assert email.utils.parsedate_to_datetime(mail["Date"]) and mail["Message-ID"].endswith("@example.org>")
        assert "Hallo Ben" in text and "Ada, Cem" in text and f"/t/{tid}#seat={tokens[1]}" in text
        hand = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[1])).json()["card_names"]
        assert hand and not any(name in text for name in hand.values())
        off = "".join(str(mail["List-Unsubscribe"]).split()).strip("<>")  # the header may be folded
        assert off in text
    # The server restarts: the turn mailed already is not mailed again.
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        time.sleep(0.5)
        assert len(inbox.messages) == 1
        play_to(client, tid, tokens, 1)  # Ben's turn again (the others' turns between: no address, no mail)
        wait_for(lambda: len(inbox.messages) == 2)
        path = off.split("://", 1)[1].split("/", 1)[1]
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # a mail program's one-click POST (RFC 8058) stops the mail without asking
        page = client.post(f"/{path}", data={"List-Unsubscribe": "One-Click"}, headers={"Accept-Language": "de"})
        assert page.status_code == 200 and "keine Mails mehr" in page.text
        assert client.get(f"/api/tables/{tid}/mail", headers=auth(tokens[1])).json() == {"address": None}
        play_to(client, tid, tokens, 1)  # Ben's turn, but he unsubscribed
        time.sleep(0.4)
        assert len(inbox.messages) == 2
        for used in (client.get(f"/{path}"), client.post(f"/{path}")):  # the link opened again: stopped already
            assert used.status_code == 200 and "stopped already" in used.text
        assert client.get("/mail/off/nosuchlink").status_code == 404


#: To get mail again (the table page's panel "Mail when it is your turn"), as the pages after stopping say it.
AGAIN = {"de": "Um wieder Mails zu bekommen, öffne deinen Platz am Tisch und gib deine Adresse unter „Mail, wenn du "
               "dran bist“ an.",
         "en": "To get mail again, open your seat at the table and give your address under “Mail when it is your "
               "turn”."}


@pytest.mark.parametrize(("accept", "said"), [
    ("de-DE,de;q=0.9,en;q=0.8", ("Keine Mails mehr zu diesem Tisch bekommen?", "Mails abbestellen",
                                 "Zu diesem Tisch bekommst du keine Mails mehr.",
                                 "Die Mails zu diesem Tisch sind schon abbestellt: Diese Adresse bekommt von diesem "
                                 "Tisch keine Mails mehr.")),
    ("en-US,en;q=0.9", ("Get no more mail for this table?", "Stop the mail",
                        "You will get no more mail for this table.",
                        "The mail for this table was stopped already: this address gets no more mail from it.")),
])
def test_opening_the_unsubscribe_link_only_asks_in_the_readers_language(
        db_url: str, smtp: tuple[Inbox, SmtpConfig], accept: str, said: tuple[str, str, str, str]) -> None:
    """A fresh user's finding: mail scanners and link previews open every link of a mail, and the first GET of the
    unsubscribe link stopped the mail, on an English page in a German browser. A GET now asks (and changes
    nothing), its button posts; every page is in the browser's language, whatever the mail's."""
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day")
        lang = "en" if accept.startswith("de") else "de"  # the mail in the other language: the page follows the reader
        client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org", "lang": lang},
                    headers=auth(tokens[1]))
        move(client, tid, tokens[0])
        wait_for(lambda: len(inbox.messages) == 1)
        off = "".join(str(inbox.messages[0]["List-Unsubscribe"]).split()).strip("<>")
        path = "/" + off.split("://", 1)[1].split("/", 1)[1]
        headers = {"Accept-Language": accept}
        for _ in range(2):  # a scanner, then the person
            page = client.get(path, headers=headers)
            assert page.status_code == 200 and said[0] in page.text and said[1] in page.text
            assert f'lang="{accept[:2]}"' in page.text and '<form method="post">' in page.text
            assert client.get(f"/api/tables/{tid}/mail", headers=auth(tokens[1])).json() == {
                "address": "ben@example.org"}
        page = client.post(path, headers=headers)  # the page's button
        again = html.escape(AGAIN[accept[:2]])
        assert page.status_code == 200 and said[2] in page.text and again in page.text and "<form" not in page.text
        assert client.get(f"/api/tables/{tid}/mail", headers=auth(tokens[1])).json() == {"address": None}
        # a fresh user's finding: the used link opened again said only "This link stops no mail (any more)."; it says
        # plainly that this address gets no more mail from the table, and how to get it again
        for used in (client.get(path, headers=headers), client.post(path, headers=headers)):
            assert used.status_code == 200 and "<form" not in used.text
            assert html.escape(said[3]) in used.text and again in used.text, used.text
        # Ben gives an address again: the old link stops nothing and says so; the new mails have their own link
        client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org"}, headers=auth(tokens[1]))
        renewed = {"de": "Dieser Link stammt aus einer früheren Mail. Die Mails zu diesem Tisch gehen weiter an die "
                         "seither angegebene Adresse; ihre neueste Mail hat einen eigenen Link zum Abbestellen.",
                   "en": "This link is from an earlier mail. Mail for this table goes on to the address given since; "
                         "its latest mail has its own link to stop it."}[accept[:2]]
        for used in (client.get(path, headers=headers), client.post(path, headers=headers)):
            assert used.status_code == 200 and html.escape(renewed) in used.text and "<form" not in used.text
        assert client.get(f"/api/tables/{tid}/mail", headers=auth(tokens[1])).json() == {"address": "ben@example.org"}


def test_a_turn_reached_while_no_pass_ran_is_mailed_by_the_next_server(db_url: str,
                                                                       smtp: tuple[Inbox, SmtpConfig]) -> None:
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=3600)) as client:  # its one pass ran at start
        tid, tokens = colors3(client, clock="day")
        client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org"}, headers=auth(tokens[1]))
        move(client, tid, tokens[0])
        time.sleep(0.3)
        assert inbox.messages == []  # pending when the server stops
    # the next server: its people count as here for the moment their pages take to reconnect (presence), 0.1 s here
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05, time_scale=0.01)):
        wait_for(lambda: len(inbox.messages) == 1)  # derived from the store at the first pass once Ben is away
        assert inbox.messages[0]["Subject"].startswith("Your turn: ")


def test_no_mail_without_smtp_and_the_url_is_checked(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        assert client.get("/api/mail").json() == {"enabled": False}
        tid, tokens = colors3(client, clock="day")
        res = client.post(f"/api/tables/{tid}/mail", json={"address": "a@example.org"}, headers=auth(tokens[0]))
        assert res.status_code == 409 and "without --smtp" in res.json()["error"]
    with pytest.raises(ValueError, match=PASSWORD_ENV):
        parse_smtp("smtp://ada@mail.example.org:587", environ={})
    with pytest.raises(ValueError, match="carries a password"):
        parse_smtp("smtp://ada:secret@mail.example.org")
    with pytest.raises(ValueError, match="starts with smtp://"):
        parse_smtp("http://mail.example.org")
    got = parse_smtp("smtp://ada@mail.example.org", environ={PASSWORD_ENV: "pw"})
    assert (got.host, got.port, got.security, got.user, got.password) == ("mail.example.org", 587, "starttls", "ada",
                                                                          "pw")


def test_mail_only_for_turn_based_tables(db_url: str, smtp: tuple[Inbox, SmtpConfig]) -> None:
    with TestClient(create_app(db_url, smtp=smtp[1])) as client:
        tid, tokens = colors3(client, clock="fast")
        res = client.post(f"/api/tables/{tid}/mail", json={"address": "a@example.org"}, headers=auth(tokens[0]))
        assert res.status_code == 409 and "turn-based tables only" in res.json()["error"]


def test_no_mail_while_the_seat_has_a_page_open_then_one_when_it_leaves(db_url: str,
                                                                       smtp: tuple[Inbox, SmtpConfig]) -> None:
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day")
        client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org"}, headers=auth(tokens[1]))
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws:
            ws.receive_json()
            move(client, tid, tokens[0])  # Ben's turn, his page open: the page tells him
            ws.receive_json()
            time.sleep(0.4)
            assert inbox.messages == []
        wait_for(lambda: len(inbox.messages) == 1)  # he left without moving: mailed at the next pass


def test_no_mail_while_the_frames_show_the_seat_here(db_url: str, smtp: tuple[Inbox, SmtpConfig]) -> None:
    """A fresh user's finding: a person looking at the table ("● here") was mailed "Your turn" seconds later. While
    the frames show a seat ``connected`` (here: its page reloading, its socket closed a moment ago) no mail goes
    out; once it is away, it does."""
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05, time_scale=0.2)) as client:  # away after 2 s
        tid, tokens = colors3(client, clock="day")
        client.post(f"/api/tables/{tid}/mail", json={"address": "ben@example.org"}, headers=auth(tokens[1]))
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws:
            ws.receive_json()
        move(client, tid, tokens[0])  # Ben's turn while his page reloads
        time.sleep(0.8)
        assert client.get(f"/api/tables/{tid}/view").json()["seats"][1]["presence"] == "connected"
        assert inbox.messages == []
        wait_for(lambda: len(inbox.messages) == 1)
        assert client.get(f"/api/tables/{tid}/view").json()["seats"][1]["presence"] == "away"


def test_a_clock_run_out_with_ask_is_not_loaded_again_by_later_passes(db_url: str) -> None:
    with TestClient(create_app(db_url, time_scale=SCALE, turn_seconds=0.05)) as client:
        app: Any = client.app
        hub, sweep = app.state.hub, app.state.turns
        tid, tokens = colors3(client, clock="day", on_timeout="ask")
        frame = wait_for(lambda: (f := client.get(f"/api/tables/{tid}/view", headers=auth(tokens[1])).json())
                         and f["seats"][0]["ran_out"] and f)
        assert frame["n"] == 0  # nothing played for Ada: the others may hand her seat to a bot
        wait_for(lambda: tid in sweep.settled)  # due again a day after the note, with nothing left to run out
        hub.tables.pop(tid)
        time.sleep(0.5)  # ten more passes
        assert tid not in hub.tables and tid in sweep.settled


def test_my_tables_says_whose_clock_ran_out(db_url: str) -> None:
    """A fresh user's host read "Waiting for Dörte" on My tables a day after Dörte's clock had run out (``ask``), and
    Dörte's own entry only lost its "23 hours left": each is told now, the others that they may act."""
    with TestClient(create_app(db_url, time_scale=SCALE, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day", on_timeout="ask")
        wait_for(lambda: client.get(f"/api/tables/{tid}/view").json()["seats"][0]["ran_out"])
        ben = client.post("/api/my?lang=de", json={"seats": [{"table": tid, "token": tokens[1]}]}).json()["tables"][0]
        assert ben["ran_out"] == ["Ada"] and not ben["your_time_ran_out"] and not ben["your_turn"]
        ada = client.post("/api/my", json={"seats": [{"table": tid, "token": tokens[0]}]}).json()["tables"][0]
        assert ada["ran_out"] == [] and ada["your_time_ran_out"] and ada["your_turn"] and ada["deadline"] is None


def test_serve_refuses_a_bad_smtp_url_naming_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    runner = CliRunner()
    for url, why in (("http://mail.example.org", "starts with smtp://"),
                     ("smtp://ada@mail.example.org", f"set its password in {PASSWORD_ENV}"),
                     ("smtp://ada:secret@mail.example.org", "carries a password")):
        result = runner.invoke(cli, ["serve", "--smtp", url, "--db", "sqlite://"])
        assert result.exit_code != 0 and why in result.output, result.output


def test_a_friend_away_for_days_keeps_the_seat_until_the_clock_runs_out(db_url: str) -> None:
    """At a turn-based table everyone is gone between their moves: a seat goes to a bot (handed over, or removed by
    the host) only once its day-long clock ran out, not because its person is gone (at a live table it may)."""
    with TestClient(create_app(db_url, time_scale=1e-3)) as client:  # gone after 0.06 s, a day is 86.4 s
        daily = new_table(client, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0}, clock="day",
                          on_timeout="ask")
        live = new_table(client, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0})
        for table in (daily, live):  # in the server's memory from here on: nobody's page is open
            assert client.get(f"/api/tables/{table['id']}/view").status_code == 200
        time.sleep(0.2)
        for table, may in ((daily, False), (live, True)):
            tid, ben = table["id"], table["seats"][1]["token"]
            seat = client.get(f"/api/tables/{tid}/view", headers=auth(ben)).json()["seats"][0]
            assert seat["presence"] == "never_came" and seat["hand_over"] is may  # Ada never came
        url = f"/api/tables/{daily['id']}/seats/0"
        res = client.post(f"{url}/handover?lang=de", json={}, headers=auth(daily["seats"][1]["token"]))
        assert res.status_code == 409 and "turn-based" in res.json()["error"]
        # the words say the clock alone counts there (not "… and the person is not gone" beside "● weg")
        assert res.json()["text"] == ("An einem rundenbasierten Tisch geht ein Platz erst an einen Bot, wenn seine "
                                      "Uhr abgelaufen ist."), res.json()
        res = client.post(f"{url}/remove", json={}, headers=auth(daily["host_token"]))
        assert res.status_code == 409 and "turn-based" in res.json()["error"]
        assert client.get(f"/api/tables/{daily['id']}/view").json()["seats"][0]["stand_in"] is False


def test_a_turn_based_table_has_no_reaction_timer(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        assert games["mayhem"]["reaction_windows"] and not games["grid"]["reaction_windows"]
        res = client.post("/api/tables", json={"game": "mayhem", "players": 3, "seats": PEOPLE3, "clock": "day",
                                               "reaction_seconds": 30})
        assert res.status_code == 422 and "turn-based" in res.json()["error"]


def test_the_invite_says_the_table_is_turn_based(db_url: str) -> None:
    """A friend learns before sitting down that a move may take a day (the join page showed no clock)."""
    with TestClient(create_app(db_url)) as client:
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "open"}]
        daily = new_table(client, "colors", 2, seats, clock="day")
        untimed = new_table(client, "colors", 2, seats)
        shown = client.get(f"/api/invites/{daily['invite']['code']}?lang=de").json()
        assert shown["clock"] == "rundenbasiert: ein Tag pro Zug"
        assert client.get(f"/api/invites/{untimed['invite']['code']}").json()["clock"] is None


def test_an_address_too_long_not_one_or_injected_is_told_so_and_changes_nothing(
        db_url: str, smtp: tuple[Inbox, SmtpConfig]) -> None:
    """A fresh user's 300-character address was told it is no address; now its own words (max 254, RFC 5321)."""
    with TestClient(create_app(db_url, smtp=smtp[1])) as client:
        tid, tokens = colors3(client, clock="day")
        url, ben = f"/api/tables/{tid}/mail", auth(tokens[1])
        long = "x" * 288 + "@example.org"
        for lang in ("de", "en"):
            res = client.post(f"{url}?lang={lang}", json={"address": long, "lang": lang}, headers=ben)
            assert res.status_code == 422 and res.json()["text"] == REFUSED["too_long"][lang]
            assert "254" in res.json()["text"] and "300 characters" in res.json()["error"]
            for bad in ("a@b", "not an address", "ana@@example.org", "ana@example..org"):
                res = client.post(f"{url}?lang={lang}", json={"address": bad, "lang": lang}, headers=ben)
                assert res.status_code == 422 and res.json()["text"] == REFUSED["address"][lang], bad
        assert "zu lang" in REFUSED["too_long"]["de"] and "too long" in REFUSED["too_long"]["en"]
        at_most = "x" * 242 + "@example.org"  # 254 characters: taken
        assert client.post(url, json={"address": at_most}, headers=ben).json() == {"address": at_most}
        for injected in ("ana@example.org\r\nBcc: eve@example.org", "ana@example.org\nBcc: eve@example.org"):
            res = client.post(url, json={"address": injected}, headers=ben)
            assert res.status_code == 422 and "control" in res.text
        assert client.get(url, headers=ben).json() == {"address": at_most}  # the refusals changed nothing


def test_an_international_address_is_taken_and_its_mail_arrives(db_url: str,
                                                                 smtp_utf8: tuple[Inbox, SmtpConfig]) -> None:
    """A fresh user's "ünï@bücher.de" was refused: an internationalised address (RFC 6531) is taken, normalised
    (NFC), and its mail arrives through a server offering SMTPUTF8, by that address."""
    inbox, config = smtp_utf8
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day")
        decomposed = "u\u0308ni\u0308@bu\u0308cher.de"  # the same address as typed with combining marks
        res = client.post(f"/api/tables/{tid}/mail", json={"address": decomposed, "lang": "de"},
                          headers=auth(tokens[1]))
        assert res.status_code == 200 and res.json() == {"address": "ünï@bücher.de"}
        move(client, tid, tokens[0])  # Ben's turn
        wait_for(lambda: len(inbox.messages) == 1)
        assert inbox.recipients == [["ünï@bücher.de"]] and inbox.messages[0]["To"] == "ünï@bücher.de"
        assert "Hallo Ben" in body_of(inbox.messages[0])


def test_an_international_name_is_refused_at_the_field_where_the_server_cannot_mail_it(
        db_url: str, smtp: tuple[Inbox, SmtpConfig]) -> None:
    """A server without SMTPUTF8 refuses every mail to "ünï@…": the person is told so when they give the address,
    in their words, and nothing is stored (before, the address was taken and its mails were refused at each pass)."""
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day")
        url, ben = f"/api/tables/{tid}/mail", auth(tokens[1])
        for lang in ("en", "de"):
            res = client.post(f"{url}?lang={lang}", json={"address": "ünï@bücher.de", "lang": lang}, headers=ben)
            assert res.status_code == 422 and res.json()["text"] == REFUSED["no_smtputf8"][lang]
            assert "SMTPUTF8" in res.json()["error"]
        assert client.get(url, headers=ben).json() == {"address": None}
        assert client.post(url, json={"address": "uni@bücher.de"}, headers=ben).json() == {"address": "uni@bücher.de"}
        move(client, tid, tokens[0])
        wait_for(lambda: len(inbox.messages) == 1)
        assert inbox.recipients == [["uni@xn--bcher-kva.de"]]


def test_an_international_domain_is_mailed_as_idna_by_any_server(db_url: str,
                                                                 smtp: tuple[Inbox, SmtpConfig]) -> None:
    """An ASCII name at an internationalised domain needs no SMTPUTF8: its mail goes to the domain's IDNA form, so a
    server without SMTPUTF8 takes it too."""
    inbox, config = smtp
    with TestClient(create_app(db_url, smtp=config, turn_seconds=0.05)) as client:
        tid, tokens = colors3(client, clock="day")
        res = client.post(f"/api/tables/{tid}/mail", json={"address": "ben@bücher.de"}, headers=auth(tokens[1]))
        assert res.status_code == 200 and res.json() == {"address": "ben@bücher.de"}
        move(client, tid, tokens[0])
        wait_for(lambda: len(inbox.messages) == 1)
        assert inbox.recipients == [["ben@xn--bcher-kva.de"]] and inbox.messages[0]["To"] == "ben@xn--bcher-kva.de"


def lastcard3(client: TestClient, clock: str, **extra: Any) -> tuple[str, list[str]]:
    """A Last Card table of three people with ``clock``: the match begins with a simultaneous step (each passes
    three cards to the right)."""
    table = new_table(client, "lastcard", 3, PEOPLE3, seed=5, clock=clock, **extra)
    return table["id"], [s["token"] for s in table["seats"]]


def clocks(client: TestClient, tid: str) -> list[float]:
    return [s["clock"] for s in client.get(f"/api/tables/{tid}/view").json()["seats"]]


@pytest.mark.parametrize("preset", ["day", "fast"])
def test_another_seats_pass_does_not_start_the_waiting_seats_clocks_again(db_url: str, preset: str) -> None:
    """A fresh user's finding: at a turn-based Last Card table each pass of another player set the waiting
    players' clocks back to a full day. Each seat's clock counts from the start of the passing step, also after a
    restart (derived from the store), at a live table (its seats opened) as at a turn-based one."""
    seconds = CLOCKS[preset].seconds
    with TestClient(create_app(db_url)) as client:
        tid, tokens = lastcard3(client, preset)
        if preset == "fast":  # a live clock runs once the person is at the table (a seated note)
            for token in tokens:
                with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
                    ws.receive_json()
        time.sleep(0.6)
        move(client, tid, tokens[0])  # Ada passes
        ada, ben, cem = clocks(client, tid)
        assert ada is None and ben <= seconds - 0.5 and cem <= seconds - 0.5
        time.sleep(0.3)
        move(client, tid, tokens[1])  # Ben passes; Cem still has the step's clock, not a new one
        assert clocks(client, tid)[2] <= seconds - 0.8
    with TestClient(create_app(db_url)) as client:  # a restarted server derives the same clock
        assert clocks(client, tid)[2] <= seconds - 0.8


def test_the_turn_sweep_runs_out_a_waiting_seat_from_the_start_of_the_step(db_url: str) -> None:
    """The sweep finds a clock that ran out although the table changed since (another seat passed): Cem's day
    (8.64 s here) runs out a day after the passing step began, not a day after Ben's pass."""
    with TestClient(create_app(db_url, time_scale=1e-4, turn_seconds=0.05)) as client:
        began = time.monotonic()
        tid, tokens = lastcard3(client, "day", on_timeout="ask")
        time.sleep(6)  # the passes 6 s in: Cem's day ends 8.64 s in, a day after them 14.64 s (margins for load)
        move(client, tid, tokens[0])
        move(client, tid, tokens[1])
        wait_for(lambda: client.get(f"/api/tables/{tid}/view").json()["seats"][2]["ran_out"])
        assert time.monotonic() - began < 6 + 8.64 - 1  # before a day after the passes
