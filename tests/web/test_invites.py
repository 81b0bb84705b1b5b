"""Issue 21: open seats taken through the invite link, the host filling seats with bots, and the match starting
only once no seat is open; every refusal names what was wrong and changes nothing."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, insert
from sqlalchemy.exc import OperationalError

from kartentisch.web import create_app
from kartentisch.web.schema import notes_t

from .conftest import auth, new_table, pg_test_url

OPEN = {"kind": "open"}


def invite_of(client: TestClient, table: dict) -> dict:
    """GET the table's invite (asserting 200)."""
    res = client.get(f"/api/invites/{table['invite']['code']}")
    assert res.status_code == 200, res.text
    return res.json()


def join(client: TestClient, table: dict, seat: int, name: str) -> httpx.Response:
    return client.post(f"/api/invites/{table['invite']['code']}/join", json={"seat": seat, "name": name})


def test_three_people_join_and_the_match_starts_with_the_last(client: TestClient) -> None:
    table = new_table(client, "colors", 4, [{"kind": "human", "name": "Ada"}, OPEN, OPEN, OPEN],
                      options={"first_player": 0})
    code = table["invite"]["code"]
    assert table["invite"]["url"] == f"/join/{code}" and table["host_token"]
    assert [s["kind"] for s in table["seats"]] == ["human", "open", "open", "open"]
    assert [s["name"] for s in table["seats"]][1:] == ["Seat 2", "Seat 3", "Seat 4"]
    ada = auth(table["seats"][0]["token"])
    shown = invite_of(client, table)
    assert shown["table"] == table["id"] and shown["game"] == "colors" and shown["players"] == 4
    assert shown["game_name"] == {"en": "Colour Gap", "de": "Farblücke"} and shown["started"] is False
    assert shown["seats"][0] == {"seat": 0, "kind": "human", "name": "Ada"}
    assert shown["seats"][1] == {"seat": 1, "kind": "open", "name": None}
    tokens = {}
    for seat, name in ((2, "Cem"), (1, "Bo"), (3, "Dana")):
        frame = client.get(f"/api/tables/{table['id']}/view", headers=ada).json()
        assert frame["legal"] == [] and seat in frame["waiting_for_seats"]  # Ada starts, but not yet
        refused = client.post(f"/api/tables/{table['id']}/actions", json={"action": "play:b0"}, headers=ada)
        assert refused.status_code == 409 and "waiting for" in refused.json()["error"]
        assert "Seat" in refused.json()["error"] and "seat 0" not in refused.json()["error"].lower()
        res = join(client, table, seat, name)
        assert res.status_code == 200, res.text
        body = res.json()
        assert body["table"] == table["id"] and body["seat"] == seat
        assert body["url"] == f"/t/{table['id']}#seat={body['token']}"
        tokens[seat] = body["token"]
        mine = client.get(f"/api/tables/{table['id']}/view", headers=auth(body["token"])).json()
        assert mine["seat"] == seat and mine["seats"][seat]["name"] == name and mine["seats"][seat]["kind"] == "human"
    frame = client.get(f"/api/tables/{table['id']}/view", headers=ada).json()
    assert frame["waiting_for_seats"] == [] and frame["legal"] and invite_of(client, table)["started"] is True
    assert client.post(f"/api/tables/{table['id']}/actions", json={"action": frame["legal"][0]},
                       headers=ada).status_code == 200
    late = join(client, table, 1, "Eve")
    assert late.status_code == 409 and "Seat 2 is taken: Bo sits there; the match has started" in late.json()["error"]


def test_the_frame_names_nobody_to_act_until_every_seat_is_taken(client: TestClient) -> None:
    """A frame's ``view.to_act`` named the rules' first seat while seats were open (an API client or a bot reading
    the frame was told a seat is to act that cannot act; the page already showed nobody): until the last seat is
    taken it is empty in every frame (a seat's, a spectator's, over HTTP and the socket), then the rules' own."""
    table = new_table(client, "colors", 3, [{"kind": "human", "name": "Ada"}, OPEN, OPEN],
                      options={"first_player": 0})
    tid, ada = table["id"], table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={ada}") as ws:
        assert ws.receive_json()["view"]["to_act"] == []
        for viewer in (auth(ada), {}):
            frame = client.get(f"/api/tables/{tid}/view", headers=viewer).json()
            assert frame["waiting_for_seats"] == [1, 2] and frame["view"]["to_act"] == [], frame["view"]
        assert join(client, table, 1, "Bo").status_code == 200
        pushed = ws.receive_json()
        assert pushed["waiting_for_seats"] == [2] and pushed["view"]["to_act"] == []
        assert join(client, table, 2, "Cem").status_code == 200
        pushed = ws.receive_json()
        assert pushed["waiting_for_seats"] == [] and pushed["view"]["to_act"] == [0]  # first_player 0: Ada
    assert client.get(f"/api/tables/{tid}/view").json()["view"]["to_act"] == [0]


def test_join_refusals_name_the_problem_and_leave_the_seat_open(client: TestClient) -> None:
    table = new_table(client, "grid", 3, [{"kind": "human", "name": "Ada"}, OPEN, {"kind": "bot"}])
    code = table["invite"]["code"]
    for body, status, fragment in (
            ({"seat": 1, "name": "  "}, 422, "a name is needed"),
            ({"seat": 1, "name": "ada"}, 422, '"ada" looks like "Ada" (Seat 1); choose a name that reads differently.'),
            ({"seat": 1, "name": "Bo\x1b[31m"}, 422, "U+001B"),
            ({"seat": 1, "name": "x" * 81}, 422, "name"),
            ({"seat": 7, "name": "Bo"}, 422, "there is no seat 7 at this table"),
            ({"seat": 0, "name": "Bo"}, 409, "Seat 1 is taken: Ada sits there"),
            ({"seat": 2, "name": "Bo"}, 409, "Seat 3 is taken: Bot"),
            ({"name": "Bo"}, 422, "seat")):
        res = client.post(f"/api/invites/{code}/join", json=body)
        assert res.status_code == status and fragment in res.json()["error"], (body, res.text)
    assert client.get("/api/invites/nosuchcode").status_code == 404
    res = client.post("/api/invites/nosuchcode/join", json={"seat": 1, "name": "Bo"})
    assert res.status_code == 404 and "no table has the invite" in res.json()["error"]
    assert client.get("/api/invites/a%00b").status_code == 422
    assert invite_of(client, table)["seats"][1] == {"seat": 1, "kind": "open", "name": None}
    assert join(client, table, 1, "Bo").status_code == 200


def test_the_host_fills_an_open_seat_with_a_bot_and_the_bot_then_plays(client: TestClient) -> None:
    table = new_table(client, "colors", 3, [OPEN, {"kind": "human", "name": "Ada"}, OPEN],
                      options={"first_player": 0})
    tid, host = table["id"], auth(table["host_token"])
    seats = f"/api/tables/{tid}/seats"
    for headers, status in (({}, 401), (auth("forged"), 401), (auth(table["seats"][1]["token"]), 401)):
        res = client.post(f"{seats}/0", json={"kind": "bot", "bot": "heuristic"}, headers=headers)
        assert res.status_code == status and "host" in res.json()["error"]
    res = client.post(f"{seats}/0", json={"kind": "bot", "bot": "genius"}, headers=host)
    assert res.status_code == 422 and "unknown bot" in res.json()["error"]
    res = client.post(f"{seats}/1", json={"kind": "bot"}, headers=host)
    assert res.status_code == 409 and "Ada sits there" in res.json()["error"]
    assert client.post(f"{seats}/0", json={"kind": "human"}, headers=host).status_code == 422
    res = client.post(f"{seats}/0", json={"kind": "bot", "bot": "heuristic"}, headers=host)
    assert res.status_code == 200, res.text
    assert res.json()["seats"][0]["kind"] == "bot" and res.json()["seats"][0]["name"].startswith("Bot ")
    assert res.json()["started"] is False
    time.sleep(0.3)
    assert client.get(f"/api/tables/{tid}/view").json()["n"] == 0  # seat 0 (a bot) starts, but seat 2 is open
    assert client.post(f"{seats}/2", json={"kind": "bot", "bot": "random"}, headers=host).json()["started"] is True
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{tid}/view").json()["n"] == 0:  # now the bots play
        assert time.monotonic() < deadline, "the bot did not move once every seat was taken"
        time.sleep(0.05)
    res = client.post(f"{seats}/2", json={"kind": "bot"}, headers=host)
    assert res.status_code == 409 and "the match has started" in res.json()["error"]


def test_a_server_without_bot_only_tables_refuses_filling_the_last_person_s_seat(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_only_searches=0)) as client:
        table = new_table(client, "colors", 2, [{"kind": "bot"}, OPEN])
        res = client.post(f"/api/tables/{table['id']}/seats/1", json={"kind": "bot"},
                          headers=auth(table["host_token"]))
        assert res.status_code == 422 and "no table without a person" in res.json()["error"]
        assert invite_of(client, table)["seats"][1]["kind"] == "open"


def test_two_people_racing_for_one_seat_get_exactly_one_seat(live_server: str) -> None:
    res = httpx.post(f"{live_server}/api/tables", json={"game": "lastcard", "players": 6, "seats": [
        {"kind": "human", "name": "Host"}, *[OPEN] * 5]})
    table = res.json()
    url = f"{live_server}/api/invites/{table['invite']['code']}/join"
    for seat in range(1, 6):
        barrier = threading.Barrier(2)
        answers: dict[str, httpx.Response] = {}

        def take(name: str, seat: int = seat, barrier: threading.Barrier = barrier,
                 answers: dict[str, httpx.Response] = answers) -> None:
            barrier.wait()
            answers[name] = httpx.post(url, json={"seat": seat, "name": name}, timeout=10)

        racers = [threading.Thread(target=take, args=(f"P{seat}{who}",)) for who in "ab"]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(15)
        assert sorted(r.status_code for r in answers.values()) == [200, 409], {k: r.text for k, r in answers.items()}
        winner = next(name for name, r in answers.items() if r.status_code == 200)
        loser = next(r for r in answers.values() if r.status_code == 409)
        assert f"{winner} sits there" in loser.json()["error"]
        shown = httpx.get(f"{live_server}/api/invites/{table['invite']['code']}").json()
        assert shown["seats"][seat] == {"seat": seat, "kind": "human", "name": winner}
    assert shown["started"] is True


def test_taken_seats_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        table = new_table(client, "chips", 3, [{"kind": "human", "name": "Ada"}, OPEN, OPEN])
        bo = join(client, table, 1, "Bo").json()["token"]
    with TestClient(create_app(db_url)) as client:
        shown = invite_of(client, table)
        assert [s["kind"] for s in shown["seats"]] == ["human", "human", "open"] and shown["started"] is False
        frame = client.get(f"/api/tables/{table['id']}/view", headers=auth(bo)).json()
        assert frame["seat"] == 1 and frame["waiting_for_seats"] == [2] and frame["legal"] == []
        assert join(client, table, 2, "Cem").status_code == 200
        assert client.get(f"/api/tables/{table['id']}/view").json()["waiting_for_seats"] == []


@pytest.mark.parametrize("path", ["/api/invites/{code}", "/api/invites/{code}/join",
                                  "/api/tables/{table_id}/seats/{seat}"])
def test_the_schema_documents_the_invite_routes(client: TestClient, path: str) -> None:
    schema = client.get("/openapi.json").json()
    operation = next(iter(schema["paths"][path].values()))
    assert {"404", "422"} <= set(operation["responses"])


def finished_invited(client: TestClient) -> dict:
    """A chips table (one round) whose second seat was taken through its invite, played to the end."""
    table = new_table(client, "chips", 2, [{"kind": "human", "name": "Ada"}, OPEN], seed=4, options={"rounds": 1})
    tokens = [table["seats"][0]["token"], join(client, table, 1, "Bo").json()["token"]]
    rng = random.Random(4)
    for _ in range(500):
        frames = [client.get(f"/api/tables/{table['id']}/view", headers=auth(t)).json() for t in tokens]
        if frames[0]["view"]["game_over"]:
            return table
        seat = next(s for s, f in enumerate(frames) if f["legal"])
        res = client.post(f"/api/tables/{table['id']}/actions", json={"action": rng.choice(frames[seat]["legal"])},
                          headers=auth(tokens[seat]))
        assert res.status_code == 200, res.text
    raise AssertionError("the match did not end")


def test_the_invite_of_a_finished_match_says_it_is_over_and_offers_its_replay(client: TestClient) -> None:
    # fresh-user report: it said "this match has started", and joining "choose another seat" with none free
    table = finished_invited(client)
    invite = invite_of(client, table)
    assert invite["over"] is True and invite["replay"] == f"/t/{table['id']}/replay?n=0&seat=spectator"
    assert client.get(invite["replay"]).status_code == 200
    for lang, words in (("en", "This match is over: nobody joins it any more."),
                        ("de", "Dieses Spiel ist vorbei: niemand kann mehr mitspielen.")):  # chips D1: "Spiel"
        res = client.post(f"/api/invites/{table['invite']['code']}/join?lang={lang}", json={"seat": 1, "name": "Cem"})
        assert res.status_code == 409 and res.json()["text"].startswith(words), res.text
        assert "choose another seat" not in res.json()["text"]
    assert invite_of(client, table)["seats"][1]["name"] == "Bo"  # nothing changed
    running = new_table(client, "chips", 2, [{"kind": "human", "name": "Ada"}, OPEN], options={"rounds": 1})
    assert invite_of(client, running)["over"] is False and invite_of(client, running)["replay"] is None


def test_the_invite_offers_watching_only_while_the_match_runs(client: TestClient) -> None:
    """A finished match has nothing to watch live (its spectator link shows the last position and the review, as
    the replay does): the invite's ``watch`` is the spectator link while the match runs and None once it is over,
    so the invite page offers the replay alone (its "Watch" stood beside "this match is over")."""
    running = new_table(client, "chips", 2, [{"kind": "human", "name": "Ada"}, OPEN], options={"rounds": 1})
    assert invite_of(client, running)["watch"] == running["spectator_url"] == f"/t/{running['id']}"
    finished = invite_of(client, finished_invited(client))
    assert finished["over"] is True and finished["watch"] is None and finished["replay"] is not None


def test_the_log_says_who_put_a_bot_in_a_seat(client: TestClient) -> None:
    """The host's click on "Put a bot in seat 3" changed the seat silently (a fresh user's table): the log says it,
    "You put …" to the host who sits at the table, her name to the others, "the host" where she sends no seat;
    an unknown seat token is refused and the seat stays open."""
    table = new_table(client, "colors", 4, [{"kind": "human", "name": "Anke"}, {"kind": "human", "name": "Ben"},
                                            OPEN, OPEN])
    tid, host, tokens = table["id"], auth(table["host_token"]), [s.get("token") for s in table["seats"]]
    seats = f"/api/tables/{tid}/seats"
    res = client.post(f"{seats}/2", json={"kind": "bot", "seat_token": "forged"}, headers=host)
    assert res.status_code == 401 and invite_of(client, table)["seats"][2]["kind"] == "open"
    res = client.post(f"{seats}/2", json={"kind": "bot", "bot": "heuristic", "seat_token": tokens[0]}, headers=host)
    assert res.status_code == 200, res.text
    assert client.post(f"{seats}/3", json={"kind": "bot", "bot": "random"}, headers=host).status_code == 200

    def notes(token: str | None, lang: str) -> list[str]:
        frame = client.get(f"/api/tables/{tid}/view?lang={lang}", headers=auth(token) if token else {}).json()
        return [e["text"] for e in frame["log"] if e.get("kind") == "seat"]

    assert notes(tokens[0], "en") == ["You put Bot Ida (steady) in seat 3.",
                                      "The host puts Bot Jonas (plays at random) in seat 4."]
    assert notes(tokens[1], "de") == ["Anke setzt Bot Ida (solide) auf Platz 3.",
                                      "Der Gastgeber setzt Bot Jonas (spielt zufällig) auf Platz 4."]


@pytest.mark.parametrize("store", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_a_bot_put_in_a_seat_and_its_log_line_are_committed_together(store: str, tmp_path: Path) -> None:
    """The seat given to a bot and the ``filled`` note that tells it ("Anke puts Bot Ida (steady) in seat 3.") are
    one transaction, on SQLite and on PostgreSQL: they were two, so a failure between them (here the note's write
    fails, as a crash or a lost connection would) left the seat filled without its line. Now neither is written,
    the host is told the database failed (503) and the seat stays open; her second click commits both."""
    url = f"sqlite:///{tmp_path / 'kt.db'}" if store == "sqlite" else pg_test_url()
    with TestClient(create_app(url)) as client:
        table = new_table(client, "colors", 3, [{"kind": "human", "name": "Anke"}, OPEN, OPEN])
        tid, db = table["id"], client.app.state.store  # type: ignore[attr-defined]

        def crash_at_the_note(conn: object, cursor: object, statement: str, *args: object) -> None:
            if statement.lstrip().upper().startswith("INSERT INTO KT_NOTES"):
                raise OperationalError(statement, None, ConnectionError("injected: the server stopped here"))

        fill = {"kind": "bot", "bot": "heuristic", "seat_token": table["seats"][0]["token"]}
        event.listen(db.engine, "before_cursor_execute", crash_at_the_note)
        try:
            res = client.post(f"/api/tables/{tid}/seats/2", json=fill, headers=auth(table["host_token"]))
        finally:
            event.remove(db.engine, "before_cursor_execute", crash_at_the_note)
        assert res.status_code == 503 and "database failed" in res.json()["error"], res.text
        stored = db.load(tid)
        assert stored.seats[2].kind == "open" and stored.notes == ()
        assert invite_of(client, table)["seats"][2]["kind"] == "open"
        res = client.post(f"/api/tables/{tid}/seats/2", json=fill, headers=auth(table["host_token"]))
        assert res.status_code == 200, res.text
        stored = db.load(tid)
        assert stored.seats[2].kind == "bot" and [n.what for n in stored.notes] == ["filled"]
        said = [e["text"] for e in client.get(f"/api/tables/{tid}/view?lang=de",
                                              headers=auth(table["seats"][0]["token"])).json()["log"]
                if e.get("kind") == "seat"]
        assert said == ["Du setzt Bot Ida (solide) auf Platz 3."]


@pytest.mark.postgres
def test_another_server_s_note_first_leaves_the_seat_open_and_without_a_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a shared store another server may write a note of the table just before the host's bot is seated (here
    "Anke chose this name", its notification not yet heard): the ``filled`` note's number is taken, so the seat's
    transaction is refused whole (409, the table catches up), the seat stays open and nothing is told; the host's
    second click seats the bot with its line after the other note."""
    with TestClient(create_app(pg_test_url())) as client:
        table = new_table(client, "colors", 3, [{"kind": "human", "name": "Anke"}, OPEN, OPEN])
        tid, db = table["id"], client.app.state.store  # type: ignore[attr-defined]
        take_seat = db.take_seat

        def another_server_first(*args: object) -> bool:
            with db.engine.begin() as conn:  # another server's note, number 1, without its notification
                conn.execute(insert(notes_t).values(table_id=tid, id=1, after=0, seat=0, what="named",
                                                    by_seat=None, bot=None, at=time.time()))
            monkeypatch.setattr(db, "take_seat", take_seat)  # once
            return take_seat(*args)

        monkeypatch.setattr(db, "take_seat", another_server_first)
        fill = {"kind": "bot", "bot": "heuristic", "seat_token": table["seats"][0]["token"]}
        res = client.post(f"/api/tables/{tid}/seats/2", json=fill, headers=auth(table["host_token"]))
        assert res.status_code == 409 and "nothing applied" in res.json()["error"], res.text
        stored = db.load(tid)
        assert stored.seats[2].kind == "open" and [n.what for n in stored.notes] == ["named"]
        assert invite_of(client, table)["seats"][2]["kind"] == "open"
        res = client.post(f"/api/tables/{tid}/seats/2", json=fill, headers=auth(table["host_token"]))
        assert res.status_code == 200, res.text
        stored = db.load(tid)
        assert stored.seats[2].kind == "bot"
        assert [(n.id, n.what) for n in stored.notes] == [(1, "named"), (2, "filled")]
        said = [e["text"] for e in client.get(f"/api/tables/{tid}/view?lang=de",
                                              headers=auth(table["seats"][0]["token"])).json()["log"]
                if e.get("kind") == "seat"]
        assert said == ["Du hast deinen Namen gewählt.", "Du setzt Bot Ida (solide) auf Platz 3."]


def test_the_table_s_refusals_name_a_chips_match_spiel(client: TestClient) -> None:
    """chips D1: a round is a "Partie", the match a "Spiel", so the table's refusals that name the match say
    "Spiel" in German at a chips table (a move once it is over, a move before every seat is taken, a rematch
    before the end); another game keeps "Partie"."""
    waiting = new_table(client, "chips", 2, [{"kind": "human", "name": "Ada"}, OPEN], options={"rounds": 1})
    mine = auth(waiting["seats"][0]["token"])
    res = client.post(f"/api/tables/{waiting['id']}/actions?lang=de", json={"action": "pass"}, headers=mine)
    assert res.status_code == 409 and res.json()["text"].startswith("Das Spiel beginnt, sobald"), res.text
    res = client.post(f"/api/tables/{waiting['id']}/rematch?lang=de", headers=mine)
    assert res.status_code == 409 and res.json()["text"] == "Eine Revanche gibt es, sobald das Spiel vorbei ist."
    finished = finished_invited(client)
    res = client.post(f"/api/tables/{finished['id']}/actions?lang=de", json={"action": "pass"},
                      headers=auth(finished["seats"][0]["token"]))
    assert res.status_code == 409 and res.json()["text"] == "Das Spiel ist vorbei.", res.text
    colors = new_table(client, "colors", 2, [{"kind": "human", "name": "Ada"}, OPEN])
    res = client.post(f"/api/tables/{colors['id']}/rematch?lang=de", headers=auth(colors["seats"][0]["token"]))
    assert res.status_code == 409 and res.json()["text"] == "Eine Revanche gibt es, sobald die Partie vorbei ist."
