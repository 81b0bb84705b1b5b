"""Issue 21: a table's chat: stored with the table on SQLite and PostgreSQL (a restart keeps it), pushed to every
socket, plain text only, limited in length and rate, spectators' chat off unless the table allows it; and the
invite's seats taken once under a race on either store."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import get_args

import pytest
from fastapi.testclient import TestClient

from kartentisch.web import create_app
from kartentisch.web.chat import MAX_TEXT, REACTIONS, Reaction
from kartentisch.web.live import CHAT_FRAME
from kartentisch.web.records import SeatRecord
from kartentisch.web.store import Store

from .conftest import auth, new_table, pg_test_url

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL: a SQLite file, then PostgreSQL (skipped without ``KARTENTISCH_TEST_PG_URL``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kt.db'}"
    return pg_test_url()


def say(client: TestClient, tid: str, text: str, token: str | None = None, query: str = ""):  # noqa: ANN201
    """POST a chat message (as the seat of ``token``, or without one)."""
    return client.post(f"/api/tables/{tid}/chat{query}", json={"text": text}, headers=auth(token) if token else {})


def test_a_message_reaches_another_seat_s_socket_as_plain_text(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS)
    tid, (ada, bo) = table["id"], [s["token"] for s in table["seats"]]
    with client.websocket_connect(f"/ws/tables/{tid}?token={bo}&lang=de") as ws:
        first = ws.receive_json()
        assert first["chat"] == [] and first["chat_start"] == 0
        res = say(client, tid, "  <script>alert(1)</script> gg  ", ada)
        assert res.status_code == 201, res.text
        sent = res.json()
        assert sent["text"] == "<script>alert(1)</script> gg" and sent["seat"] == 0 and sent["name"] == "Ada"
        assert sent["id"] == 1 and sent["at"].endswith("+00:00")
        pushed = ws.receive_json()
        assert pushed["chat"] == [sent] and pushed["chat_start"] == 0
        assert say(client, tid, "Viel Glück!", bo).status_code == 201
        later = ws.receive_json()
        assert [m["text"] for m in later["chat"]] == ["Viel Glück!"] and later["chat_start"] == 1  # only the new one
    frame = client.get(f"/api/tables/{tid}/view").json()  # spectators read the table's chat
    assert [m["text"] for m in frame["chat"]] == ["<script>alert(1)</script> gg", "Viel Glück!"]


@pytest.mark.parametrize("text, fragment", [
    ("", "needs some text"), ("   ", "needs some text"), ("x" * (MAX_TEXT + 1), f"at most {MAX_TEXT} characters"),
    ("line\nbreak", "U+000A"), ("bell\x07", "U+0007"), ("nul\x00", "U+0000"),
])
def test_bad_messages_are_a_422_naming_the_problem_and_store_nothing(client: TestClient, text: str,
                                                                     fragment: str) -> None:
    table = new_table(client, "grid", 2, HUMANS)
    res = say(client, table["id"], text, table["seats"][0]["token"])
    assert res.status_code == 422 and fragment in res.json()["error"], res.text
    assert client.get(f"/api/tables/{table['id']}/view").json()["chat"] == []
    assert say(client, table["id"], "x" * MAX_TEXT, table["seats"][0]["token"]).status_code == 201


def test_a_flood_gets_429_with_retry_after_and_others_may_still_talk(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS)
    tid, (ada, bo) = table["id"], [s["token"] for s in table["seats"]]
    assert all(say(client, tid, f"spam {i}", ada).status_code == 201 for i in range(5))
    res = say(client, tid, "spam 5", ada)
    assert res.status_code == 429 and 1 <= int(res.headers["Retry-After"]) <= 10
    assert res.json()["retry_after"] == int(res.headers["Retry-After"]) and "Ada" in res.json()["error"]
    assert say(client, tid, "stop it", bo).status_code == 201  # every sender has its own window
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/view").json()["chat"]][-2:] == ["spam 4", "stop it"]


def test_spectators_chat_only_where_the_table_allows_it(client: TestClient) -> None:
    closed = new_table(client, "colors", 2, HUMANS)
    res = say(client, closed["id"], "hello", query="?spectator=1")
    assert res.status_code == 403 and "spectators do not chat at this table" in res.json()["error"]
    res = say(client, closed["id"], "hello")
    assert res.status_code == 401 and "seat token" in res.json()["error"]
    assert say(client, closed["id"], "hello", "forged").status_code == 401
    assert client.get(f"/api/tables/{closed['id']}/view").json()["chat"] == []
    opened = new_table(client, "colors", 2, HUMANS, spectator_chat=True)
    res = say(client, opened["id"], "hello", query="?spectator=1&lang=de")
    assert res.status_code == 201 and res.json()["seat"] is None and res.json()["name"] == "Zuschauer"
    seat_frame = client.get(f"/api/tables/{opened['id']}/view", headers=auth(opened["seats"][0]["token"])).json()
    assert seat_frame["chat"][0]["name"] == "Spectator" and seat_frame["chat"][0]["text"] == "hello"


def test_a_full_frame_carries_the_latest_messages(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS)
    assert say(client, table["id"], "first", table["seats"][0]["token"]).status_code == 201
    live = client.app.state.hub.tables[table["id"]]  # more messages than a frame carries, without the rate
    message = live.chat[0]
    live.chat.extend(type(message)(i, 1, f"m{i}", message.at) for i in range(2, CHAT_FRAME + 10))
    frame = client.get(f"/api/tables/{table['id']}/view").json()
    assert len(frame["chat"]) == CHAT_FRAME and frame["chat_start"] == 9 and frame["chat"][-1]["text"] == "m209"


def test_a_quick_reaction_is_sent_as_its_id_and_read_in_each_language(client: TestClient) -> None:
    """A quick reaction is sent by its id (the page's buttons: GET /api/chat/reactions) and each reader's frame
    says it in the reader's language; an unknown id, or text and a reaction at once, are refused in words."""
    table = new_table(client, "colors", 2, HUMANS)
    tid, (ada, bo) = table["id"], [s["token"] for s in table["seats"]]
    listed = client.get("/api/chat/reactions").json()
    assert {"id": "good_game", "words": {"en": "Good game!", "de": "Gutes Spiel!"}} in listed
    with client.websocket_connect(f"/ws/tables/{tid}?token={bo}&lang=en") as ws:
        ws.receive_json()
        sent = client.post(f"/api/tables/{tid}/chat?lang=de", json={"reaction": "good_game"}, headers=auth(ada))
        assert sent.status_code == 201 and sent.json()["text"] == "Gutes Spiel!", sent.text
        pushed = ws.receive_json()["chat"][0]
        assert (pushed["text"], pushed["reaction"]) == ("Good game!", "good_game")
    unknown = client.post(f"/api/tables/{tid}/chat?lang=de", json={"reaction": "gg_ez"}, headers=auth(ada))
    assert unknown.status_code == 422 and "Die schnelle Reaktion ist keine der Möglichkeiten" in unknown.json()["text"]
    both = client.post(f"/api/tables/{tid}/chat?lang=de", json={"reaction": "oops", "text": "hi"}, headers=auth(ada))
    assert both.status_code == 422 and both.json()["text"] == (
        "Schick entweder eine Nachricht oder eine schnelle Reaktion, nicht beides.")
    assert len(client.get(f"/api/tables/{tid}/view").json()["chat"]) == 1  # nothing refused was stored
    assert set(get_args(Reaction)) == set(REACTIONS)  # the request's schema lists every reaction, no other


def test_the_chat_survives_a_restart_on_every_store(any_url: str) -> None:
    with TestClient(create_app(any_url, bot_only_searches=0)) as client:
        table = new_table(client, "mayhem", 3, [*HUMANS, {"kind": "open"}], seed=uuid.uuid4().int % 1000,
                          spectator_chat=True)
        tid, ada = table["id"], table["seats"][0]["token"]
        assert say(client, tid, "Hallo", ada).status_code == 201
        assert say(client, tid, "ich schaue zu", query="?spectator=1").status_code == 201
        assert client.post(f"/api/tables/{tid}/chat", json={"reaction": "oops"}, headers=auth(ada)).status_code == 201
        assert client.post(f"/api/invites/{table['invite']['code']}/join",
                           json={"seat": 2, "name": "Cem"}).status_code == 200
        before = client.get(f"/api/tables/{tid}/view", headers=auth(ada)).json()
    with TestClient(create_app(any_url, bot_only_searches=0)) as client:
        after = client.get(f"/api/tables/{tid}/view", headers=auth(ada)).json()
        assert after["chat"] == before["chat"] and [m["seat"] for m in after["chat"]] == [0, None, 0]
        german = client.get(f"/api/tables/{tid}/view?lang=de", headers=auth(ada)).json()["chat"][2]
        assert (german["text"], german["reaction"]) == ("Hoppla!", "oops")  # the reaction, read in German
        assert after["seats"][2]["name"] == "Cem" and after["waiting_for_seats"] == []
        assert say(client, tid, "weiter", ada).json()["id"] == 4  # numbered on from the stored ones


def test_racing_takers_of_one_seat_get_it_once_on_every_store(any_url: str) -> None:
    store = Store(any_url)
    tid = f"race-{uuid.uuid4().hex[:8]}"
    store.create_table(tid, "colors", 2, {}, 1, [SeatRecord(0, "human", "Ada", None, uuid.uuid4().hex),
                                                 SeatRecord(1, "open", "", None, None)], invite=(tid, "host"))
    barrier = threading.Barrier(4)
    won: list[str] = []

    def take(name: str) -> None:
        barrier.wait()
        if store.take_seat(tid, SeatRecord(1, "human", name, None, uuid.uuid4().hex)):
            won.append(name)

    racers = [threading.Thread(target=take, args=(name,)) for name in ("Bo", "Cem", "Dana", "Eve")]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    record = store.load(tid)
    assert record is not None and len(won) == 1 and record.seats[1].name == won[0]
    assert store.invited_table(tid) == tid and record.host_token == "host"
    store.dispose()
