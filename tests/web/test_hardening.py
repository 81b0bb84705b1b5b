"""Issue 22: input hygiene, secret and fixed deals, response headers and HEAD, the OpenAPI schema.

Names and ids with control characters are refused with 422 on SQLite and PostgreSQL alike (PostgreSQL
refuses a NUL in a string, and its driver's message once reached the client as a 503); a database
failure never puts the driver's message into a response.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from kartentisch.kernel import Match
from kartentisch.kernel.registry import lookup
from kartentisch.web import create_app
from kartentisch.web.limits import Limits
from kartentisch.web.records import ChatRecord, SeatRecord
from kartentisch.web.store import Store

from .conftest import new_table, pg_test_url

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A TestClient on SQLite, then on PostgreSQL (skipped without ``KARTENTISCH_TEST_PG_URL``)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'kt.db'}"
    else:
        url = pg_test_url()
    with TestClient(create_app(url)) as client:
        yield client


@pytest.mark.parametrize("field, value", [
    ("name", "Ada\x00"), ("name", "\x1b[31mAda"), ("name", "A\nB"), ("name", "Ada\x7f"), ("name", "Ada\x85"),
    ("name", "A\u202ena"), ("name", "\u200b"), ("name", "Ada\u2066"), ("bot", "random\x00"),
])
def test_control_characters_in_names_are_a_422_on_every_store(any_store: TestClient, field: str, value: str) -> None:
    seat = {"kind": "bot", "bot": "random"} if field == "bot" else {"kind": "human"}
    res = any_store.post("/api/tables", json={"game": "colors", "players": 2, "seats": [{**seat, field: value},
                                                                                         HUMANS[1]]})
    assert res.status_code == 422, res.text
    bad = next(c for c in value if unicodedata.category(c) in ("Cc", "Cf"))
    assert f"seats.0.{field}" in res.json()["error"] and f"U+{ord(bad):04X}" in res.json()["error"]


def test_a_name_with_an_emoji_sequence_is_plain_text(any_store: TestClient) -> None:
    """The zero-width joiner glues emoji sequences: the one format character a name may hold."""
    family = "Ada \U0001F469\u200d\U0001F467"
    res = any_store.post("/api/tables", json={"game": "colors", "players": 2,
                                              "seats": [{"kind": "human", "name": family}, HUMANS[1]]})
    assert res.status_code == 201, res.text
    assert res.json()["seats"][0]["name"] == family


def test_control_characters_in_a_game_id_are_a_422(any_store: TestClient) -> None:
    res = any_store.post("/api/tables", json={"game": "colors\x00", "players": 2, "seats": HUMANS})
    assert res.status_code == 422 and "game" in res.json()["error"] and "U+0000" in res.json()["error"]


def test_control_characters_in_a_table_id_are_a_422_over_http_and_websocket(any_store: TestClient) -> None:
    for path in ("/api/tables/ab%00cd/view", "/api/tables/ab%1bcd/view"):
        res = any_store.get(path)
        assert res.status_code == 422 and "control or format characters" in res.json()["error"], res.text
    with any_store.websocket_connect("/ws/tables/ab%00cd?token=x") as ws:
        frame = ws.receive_json()
        assert frame["status"] == 422 and "U+0000" in frame["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4422
    # plain names still work, including letters far from ASCII
    table = new_table(any_store, "colors", 2, [{"kind": "human", "name": "Åsa 李"}, HUMANS[1]])
    assert any_store.get(f"/api/tables/{table['id']}/view").status_code == 200


def test_a_database_failure_never_shows_the_driver_s_message(any_store: TestClient,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("INSERT INTO kt_tables … 'hunter2'", {}, Exception("driver says: hunter2"))

    monkeypatch.setattr(any_store.app.state.store, "create_table", broken)  # type: ignore[attr-defined]
    res = any_store.post("/api/tables", json={"game": "colors", "players": 2, "seats": HUMANS})
    assert res.status_code == 503 and "hunter2" not in res.text and "INSERT" not in res.text
    assert res.json()["error"].startswith("the database failed (OperationalError)")
    monkeypatch.setattr(any_store.app.state.store, "load", broken)  # type: ignore[attr-defined]
    res = any_store.get("/api/tables/some-table/view")
    assert res.status_code == 503 and "hunter2" not in res.text and "cannot be read from the database" in res.text


# ---------------------------------------------------------------------- secret and fixed deals (item 2)
def test_a_table_without_a_seed_gets_a_secret_128_bit_one_that_survives_the_store(any_store: TestClient) -> None:
    store = any_store.app.state.store  # type: ignore[attr-defined]
    seeds = []
    for _ in range(4):
        table = new_table(any_store, "colors", 2, HUMANS, seed=None)  # type: ignore[arg-type]
        seeds.append(store.load(table["id"]).seed)
        frames = [any_store.get(f"/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {s['token']}"})
                  .json() for s in table["seats"]]
        frames.append(any_store.get(f"/api/tables/{table['id']}/view").json())
        assert [f["fixed_seed"] for f in frames] == [None, None, None]
        assert str(seeds[-1]) not in str(frames)  # the secret seed reaches no client
        # the table replays from the store: the same deal as a match of that (big) seed
        replica = Match(lookup("colors"), 2, table_options(store, table["id"]), seeds[-1])
        assert frames[0]["view"] == replica.state.view(0)
    assert len(set(seeds)) == 4 and max(seeds) >= 2**100 and all(s < 2**128 for s in seeds)


def table_options(store: Store, table_id: str) -> dict:
    """The stored (resolved) options of a table."""
    record = store.load(table_id)
    assert record is not None
    return record.options


def test_a_chosen_seed_is_shown_to_every_seat_and_spectator(any_store: TestClient) -> None:
    table = new_table(any_store, "colors", 3, [*HUMANS, {"kind": "bot", "bot": "random"}], seed=7)
    tid = table["id"]
    for token in (s["token"] for s in table["seats"] if s["kind"] == "human"):
        frame = any_store.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"})
        assert frame.json()["fixed_seed"] == 7
        with any_store.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            assert ws.receive_json()["fixed_seed"] == 7
    assert any_store.get(f"/api/tables/{tid}/view").json()["fixed_seed"] == 7
    with any_store.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "auth", "token": None})
        assert ws.receive_json()["fixed_seed"] == 7
    assert any_store.post("/api/tables", json={"game": "colors", "players": 2, "seats": HUMANS,
                                                "seed": 2**63}).status_code == 422


def test_an_older_database_gets_the_seed_columns_and_its_tables_are_not_marked(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    Store(url).create_table("old", "colors", 2, {}, 5, [SeatRecord(0, "human", "A", None, "t0"),
                                                          SeatRecord(1, "human", "B", None, "t1")])
    with sqlite3.connect(tmp_path / "old.db") as conn:  # the schema before issue 22
        conn.execute("ALTER TABLE kt_tables DROP COLUMN secret_seed")
        conn.execute("ALTER TABLE kt_tables DROP COLUMN seed_given")
    with TestClient(create_app(url)) as client:
        frame = client.get("/api/tables/old/view").json()
        assert frame["fixed_seed"] is None and frame["view"] == Match(lookup("colors"), 2, {}, 5).state.view(None)
        assert client.app.state.store.load("old").seed_given is None  # type: ignore[attr-defined]
        assert new_table(client, "colors", 2, HUMANS, seed=3)["id"]


def test_an_older_database_gets_the_chat_s_reaction_column_and_keeps_its_messages(tmp_path: Path) -> None:
    """A chat stored before quick reactions went by id: the column is added, old messages read as they were."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    store.create_table("old", "colors", 2, {}, 5, [SeatRecord(0, "human", "A", None, "t0"),
                                                     SeatRecord(1, "human", "B", None, "t1")])
    store.add_chat("old", ChatRecord(1, 0, "Gutes Spiel!", 1.0))
    with sqlite3.connect(tmp_path / "old.db") as conn:  # the schema before reactions by id
        conn.execute("ALTER TABLE kt_chat DROP COLUMN reaction")
    with TestClient(create_app(url)) as client:
        assert [m["text"] for m in client.get("/api/tables/old/view?lang=en").json()["chat"]] == ["Gutes Spiel!"]
        res = client.post("/api/tables/old/chat?lang=en", json={"reaction": "oops"},
                          headers={"Authorization": "Bearer t0"})
        assert res.status_code == 201 and res.json()["text"] == "Oops!", res.text


# ---------------------------------------------------------------------- headers and HEAD (item 6)
PAGES = ["/", "/t/some-table", "/scorepad", "/static/kt.css", "/static/table.js", "/api/health", "/api/games",
         "/docs", "/redoc", "/openapi.json"]


@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_security_headers_and_head_works(client: TestClient, path: str) -> None:
    got, head = client.get(path), client.head(path)
    assert got.status_code == 200 and head.status_code == 200, (got.text[:200], head.text[:200])
    assert head.content == b"" and head.headers["content-length"] == str(len(got.content))
    for res in (got, head):
        assert res.headers["x-content-type-options"] == "nosniff"
        assert res.headers["x-frame-options"] == "DENY"
        assert res.headers["referrer-policy"] == "no-referrer"
        policy = res.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
        # inline code only on the two documentation pages, whose HTML starts its scripts inline
        assert ("'unsafe-inline'" in policy) == (path in ("/docs", "/redoc")) and "unsafe-eval" not in policy


def test_refusals_carry_the_security_headers_too(client: TestClient) -> None:
    for res in (client.get("/api/nothing"), client.post("/api/tables", content=b"x" * 70_000),
                client.get("/api/tables/unknown/view")):
        assert res.status_code in (404, 413) and res.headers["referrer-policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in res.headers["content-security-policy"]
    assert client.head("/api/tables").status_code == 405  # HEAD is GET without a body: no GET, no HEAD


# ---------------------------------------------------------------------- the OpenAPI schema (item 6)
def test_the_schema_lists_the_refusals_the_server_really_answers(db_url: str) -> None:
    limits = Limits(create_rate="3/minute", action_rate="4/minute", sockets_per_client=None, spectators_per_table=None)
    with TestClient(create_app(db_url, limits=limits)) as client:
        table = new_table(client, "colors", 2, HUMANS, options={"first_player": 0})
        tid, tokens = table["id"], [s["token"] for s in table["seats"]]
        seat = [{"Authorization": f"Bearer {t}"} for t in tokens]
        actions = "/api/tables/{table_id}/actions"
        seen: dict[tuple[str, str], set[int]] = {}

        def ask(method: str, template: str, path: str, **kwargs: object) -> None:
            seen.setdefault((method, template), set()).add(client.request(method.upper(), path, **kwargs).status_code)

        ask("post", actions, f"/api/tables/{tid}/actions", json={"action": "pass"})  # 401: no token
        ask("post", actions, "/api/tables/nothing/actions", json={"action": "pass"}, headers=seat[0])  # 404
        ask("post", actions, f"/api/tables/{tid}/actions", json={"action": "play:zz9"}, headers=seat[1])  # 409
        ask("post", actions, f"/api/tables/{tid}/actions", json={"action": "play:zz9"}, headers=seat[0])  # 422
        ask("post", actions, f"/api/tables/{tid}/actions", json={"action": "x"}, headers=seat[0])  # 429
        ask("post", actions, f"/api/tables/{tid}/actions", content=b"{" * 70_000, headers=seat[0])  # 413
        for _ in range(3):
            ask("post", "/api/tables", "/api/tables", json={"game": "colors", "players": 2, "seats": HUMANS})
        ask("post", "/api/tables", "/api/tables", json={"game": "nope", "players": 2, "seats": HUMANS})  # 429
        view = "/api/tables/{table_id}/view"
        ask("get", view, f"/api/tables/{tid}/view", headers={"Authorization": "Bearer wrong"})  # 401
        ask("get", view, "/api/tables/none/view")  # 404
        ask("get", view, "/api/tables/a%00b/view")  # 422
        rematch = "/api/tables/{table_id}/rematch"
        ask("post", rematch, f"/api/tables/{tid}/rematch")  # 401
        ask("post", rematch, f"/api/tables/{tid}/rematch", headers=seat[0])  # 409: not over
        schema = client.get("/openapi.json").json()
    assert seen[("post", actions)] == {401, 404, 409, 413, 422, 429}
    assert seen[("post", "/api/tables")] == {201, 429} and seen[("get", view)] == {401, 404, 422}
    for (method, template), statuses in seen.items():
        documented = schema["paths"][template][method]["responses"]
        assert {str(s) for s in statuses} <= set(documented), (method, template, statuses, sorted(documented))
    refusal = schema["paths"][actions]["post"]["responses"]["429"]
    assert refusal["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/ErrorOut"
    assert "Retry-After" in refusal["headers"]
    assert set(schema["components"]["schemas"]["ErrorOut"]["properties"]) == {"error", "text", "rule", "detail",
                                                                             "retry_after"}


def test_a_database_failure_on_a_socket_is_an_error_frame_and_the_socket_stays(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(client, "colors", 2, HUMANS, options={"first_player": 0})
    token = table["seats"][0]["token"]

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("INSERT INTO kt_events … 'hunter2'", {}, Exception("driver says: hunter2"))

    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        first = ws.receive_json()
        monkeypatch.setattr(client.app.state.store, "commit_moves", broken)  # type: ignore[attr-defined]
        ws.send_json({"type": "action", "action": first["legal"][0]})
        frame = ws.receive_json()
        assert frame["status"] == 503 and "hunter2" not in str(frame) and "OperationalError" in frame["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert client.get(f"/api/tables/{table['id']}/view").json()["n"] == 0  # nothing was applied


def test_a_database_failure_while_a_socket_signs_in_is_an_error_frame_and_close_4503(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # the table's socket answers its own refusals (TableApp: it skips the app's exception handlers, which
    # only logged this one and ended the socket without a word)
    table = new_table(client, "colors", 2, HUMANS)

    async def broken(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("SELECT … FROM kt_tables … 'hunter2'", {}, Exception("driver says: hunter2"))

    monkeypatch.setattr(client.app.state.hub, "get", broken)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['seats'][0]['token']}") as ws:
        frame = ws.receive_json()
        assert frame["status"] == 503 and "hunter2" not in str(frame) and "OperationalError" in frame["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4503


def test_a_table_s_socket_skips_fastapi_s_layers_and_http_goes_through_them(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's socket is served above FastAPI and Starlette (TableApp: each layer is a coroutine held for as long
    as the socket is open, issue 33 goal 6), and works there; HTTP requests and other sockets still pass through
    Starlette's application call (its middlewares, exception handlers and router)."""
    from starlette.applications import Starlette

    table = new_table(client, "colors", 2, HUMANS)
    seen: list[str] = []
    through = Starlette.__call__

    async def recorded(self: Starlette, scope: dict, receive: object, send: object) -> None:
        seen.append(scope["path"])
        await through(self, scope, receive, send)  # type: ignore[arg-type]

    monkeypatch.setattr(Starlette, "__call__", recorded)
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['seats'][0]['token']}&lang=de") as ws:
        frame = ws.receive_json()
        assert frame["seat"] == 0 and frame["lang"] == "de"
    assert client.get(f"/api/tables/{table['id']}/view").status_code == 200
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/tables/abc/more") as ws:
        ws.receive_json()
    assert seen == [f"/api/tables/{table['id']}/view", "/ws/tables/abc/more"]


@pytest.mark.parametrize("path", ["/ws/tables/", "/ws/tables/abc/more", "/ws/other"])
def test_a_socket_to_no_table_s_path_is_refused_by_the_router(client: TestClient, path: str) -> None:
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as ws:
        ws.receive_json()
