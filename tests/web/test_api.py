"""HTTP and WebSocket API: creation, views, actions, errors that change nothing, limits, rematch, storage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.bots.levels import lobby_levels
from kartentisch.games import all_games, get_game
from kartentisch.kernel import Match
from kartentisch.web import create_app, workers
from kartentisch.web.middleware import MAX_BODY
from kartentisch.web.table_routes import MAX_FRAME

from .conftest import auth, move_entries, new_table

HUMANS2 = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


def test_health_and_games(client: TestClient) -> None:
    assert client.get("/api/health").status_code == 200
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == [g.id for g in all_games()]
    assert games[0] == {**all_games()[0].describe(), "pitch": dict(all_games()[0].parts.pitch), "learned": None,
                        "levels": lobby_levels(all_games()[0].id)}
    assert "/api/tables" in client.get("/openapi.json").json()["paths"]
    assert client.get("/docs").status_code == 200


@pytest.mark.parametrize("body, fragment", [
    ({"game": "nosuch", "players": 2, "seats": HUMANS2}, "unknown game"),
    ({"game": "colors", "players": 99, "seats": HUMANS2}, "players are not allowed"),
    ({"game": "colors", "players": 2, "options": {"bogus": 1}, "seats": HUMANS2}, "unknown option"),
    ({"game": "colors", "players": 2, "seats": HUMANS2[:1]}, "1 seats given for 2 players"),
    ({"game": "colors", "players": 2, "seats": [HUMANS2[0], {"kind": "bot", "bot": "genius"}]}, "unknown bot"),
    ({"game": "colors", "players": 2, "seats": [HUMANS2[0], {"kind": "bot", "bot": "random:x=1"}]},
     "takes no parameters"),
])
def test_create_rejects_bad_tables_with_a_clear_422(client: TestClient, body: dict, fragment: str) -> None:
    res = client.post("/api/tables", json=body)
    assert res.status_code == 422
    assert fragment in res.json()["error"]


def test_create_rejects_malformed_json_and_wrong_fields(client: TestClient) -> None:
    res = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert res.status_code == 422 and "invalid request" in res.json()["error"]
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [{"kind": "alien"}]})
    assert res.status_code == 422 and "seats.0.kind" in res.json()["error"]
    for number in (b"1e400", b"NaN", b"-Infinity"):  # Python's json reads them; JSON cannot echo them
        body = b'{"game": "colors", "players": ' + number + b', "seats": []}'
        res = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
        assert res.status_code == 422 and "players" in res.json()["error"], res.text


def test_unavailable_ismcts_is_a_422_not_a_crash(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "kartentisch.bots.ismcts", None)  # makes the import fail
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [
        HUMANS2[0], {"kind": "bot", "bot": "ismcts", "iterations": 50}]})
    assert res.status_code == 422
    assert "ismcts:iterations=50" in res.json()["error"] and "not available" in res.json()["error"]
    assert client.get("/api/health").status_code == 200


def test_seat_view_spectator_view_and_tokens(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=4)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    assert table["spectator_url"] == f"/t/{tid}" and table["seats"][0]["url"].endswith(tokens[0])
    state = get_game("colors").new_state(2, seed=4)
    for seat, token in enumerate(tokens):
        frame = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
        assert frame["seat"] == seat and frame["view"] == state.view(seat)
        assert frame["legal"] == state.legal_actions(seat)
    spectator = client.get(f"/api/tables/{tid}/view").json()
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["view"] == state.view(None)
    assert client.get(f"/api/tables/{tid}/view", headers=auth("forged")).status_code == 401
    assert client.get(f"/api/tables/{tid}/view", headers={"Authorization": "Basic x"}).status_code == 401
    assert client.get("/api/tables/nosuch/view").status_code == 404


def test_action_errors_change_nothing_and_a_legal_action_applies(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=4)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    other_table = new_table(client, "colors", 2, HUMANS2, seed=4)
    before = client.get(f"/api/tables/{tid}/view").json()
    mover = before["view"]["to_act"][0]
    idle = 1 - mover
    url = f"/api/tables/{tid}/actions"
    cases = [
        (client.post(url, json={"action": "deal"}, headers=auth("unknown")), 401),
        (client.post(url, json={"action": "deal"}, headers=auth(other_table["seats"][0]["token"])), 401),
        (client.post(url, json={"action": "deal"}), 401),
        (client.post(url, json={"action": before["view"]["zones"]["centre"][0]}, headers=auth(tokens[idle])), 409),
        (client.post(url, json={"action": "play:zz9"}, headers=auth(tokens[mover])), 422),
        (client.post(url, json={"action": ""}, headers=auth(tokens[mover])), 422),
        (client.post(url, json={"wrong": 1}, headers=auth(tokens[mover])), 422),
        (client.post(url, content=b"{", headers={**auth(tokens[mover]), "Content-Type": "application/json"}), 422),
    ]
    for res, status in cases:
        assert res.status_code == status, res.text
        assert client.get(f"/api/tables/{tid}/view").json() == before
    illegal = cases[4][0].json()
    assert illegal["rule"].startswith("colors ") and illegal["error"]
    assert illegal["error"].startswith(f"'play:zz9' is not allowed for {before['seats'][mover]['name']}: "), illegal
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[mover])).json()["legal"][0]
    res = client.post(url, json={"action": legal}, headers=auth(tokens[mover]))
    assert res.status_code == 200
    (entry,) = move_entries(res.json()["log"])  # after round 1's start
    assert entry == {"seat": mover, "token": legal, "text": entry["text"], "cards": entry["cards"]} and entry["text"]
    assert res.json()["n"] == 1 and entry["cards"] == [legal.split(":")[1]]  # colors: play:<card>


def test_oversized_body_is_refused(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2)
    res = client.post(f"/api/tables/{table['id']}/actions", headers=auth(table["seats"][0]["token"]),
                      content=json.dumps({"action": "x" * (MAX_BODY + 1)}).encode(),)
    assert res.status_code == 413
    assert client.get("/api/health").status_code == 200


def test_oversized_chunked_body_is_refused_and_a_small_one_read(client: TestClient) -> None:
    """Without Content-Length (chunked), a body over the limit is a 413 too, not FastAPI's 400."""
    big = json.dumps({"game": "colors", "players": 2, "seats": [{"kind": "human", "name": "x" * MAX_BODY}]}).encode()
    res = client.post("/api/tables", content=iter([big[:1000], big[1000:]]),
                      headers={"Content-Type": "application/json"})
    assert res.status_code == 413 and "request body too large" in res.json()["error"]
    small = json.dumps({"game": "colors", "players": 2, "seats": HUMANS2}).encode()
    res = client.post("/api/tables", content=iter([small[:10], small[10:]]),
                      headers={"Content-Type": "application/json"})
    assert res.status_code == 201, res.text


def test_expired_table_is_gone(db_url: str) -> None:
    with TestClient(create_app(db_url, ttl=-1.0)) as client:
        table = new_table(client, "colors", 2, HUMANS2)
        res = client.get(f"/api/tables/{table['id']}/view")
        assert res.status_code == 410 and "expired" in res.json()["error"]
        assert client.post(f"/api/tables/{table['id']}/actions", json={"action": "deal"},
                           headers=auth(table["seats"][0]["token"])).status_code == 410


def arrived(ws: Any) -> dict[str, Any]:
    """The frame on ``ws`` once every seat's person has come: a page open before another person came is told so
    in a frame of its own (presence, issue 32)."""
    frame = ws.receive_json()
    while not all(seat["presence"] == "connected" for seat in frame["seats"]):
        frame = ws.receive_json()
    return frame


def test_websocket_frames_actions_and_error_frames(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=4)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        ws1.send_json({"type": "auth", "token": tokens[1]})
        frames = [arrived(ws0), arrived(ws1)]
        assert [f["seat"] for f in frames] == [0, 1]
        mover = frames[0]["view"]["to_act"][0]
        ws = (ws0, ws1)[mover]
        for bad, status in [("{nope", 400), ("[1]", 400), (json.dumps({"type": "dance"}), 400),
                            (json.dumps({"type": "action", "action": "play:zz9"}), 422),
                            (json.dumps({"type": "action", "action": 7}), 422),
                            ("x" * (MAX_FRAME + 1), 413)]:
            ws.send_text(bad)
            err = ws.receive_json()
            assert err["type"] == "error" and err["status"] == status, err
            assert err["text"] and err["text"] != err["error"]  # the players' words, never the developer's only
        (ws0, ws1)[1 - mover].send_json({"type": "action", "action": frames[mover]["legal"][0]})
        assert (ws0, ws1)[1 - mover].receive_json()["status"] == 409
        ws.send_json({"type": "action", "action": frames[mover]["legal"][0]})
        after = [ws0.receive_json(), ws1.receive_json()]
        assert [f["n"] for f in after] == [1, 1] and [f["seat"] for f in after] == [0, 1]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_websocket_refuses_a_bad_token(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2)
    for token in ("forged", "ä"):  # compare_digest refuses non-ASCII str: it was a dropped socket
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "auth", "token": token})
            assert ws.receive_json()["status"] == 401
    res = client.get(f"/api/tables/{table['id']}/view", headers={"Authorization": "Bearer ä".encode()})
    assert res.status_code == 401 and res.json()["error"] == "unknown seat token for this table"


def test_websocket_answers_binary_and_deeply_nested_frames_with_an_error(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2)
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['seats'][0]['token']}") as ws:
        ws.receive_json()  # the first frame: the table
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {"type": "error", "status": 400, "error": "frames are JSON text, not binary",
                                     "text": "The server could not read this request. Reload the page and try again."}
        ws.send_text("[" * 5000 + "]" * 5000)
        assert "nested too deeply" in ws.receive_json()["error"]
        ws.send_json({"type": "ping"})  # the socket is still open
        assert ws.receive_json() == {"type": "pong"}
    with client.websocket_connect(f"/ws/tables/{table['id']}?lang=de") as ws:
        ws.send_bytes(b"{}")  # as the auth frame
        refused = ws.receive_json()
        assert refused["status"] == 400 and refused["text"].startswith("Der Server konnte diese Anfrage nicht lesen")


def test_bots_play_server_side_until_a_person_must_decide(client: TestClient) -> None:
    table = new_table(client, "colors", 2, [{"kind": "bot", "bot": "heuristic"}, HUMANS2[1]], seed=2,
                      options={"first_player": 0})
    tid, token = table["id"], table["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        frame = ws.receive_json()
        while 1 not in frame["view"]["to_act"]:
            frame = ws.receive_json()
        assert move_entries(frame["log"])[0]["seat"] == 0 and frame["legal"]


def test_match_is_rebuilt_from_the_store_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        table = new_table(client, "grid", 3, [*HUMANS2, {"kind": "human"}], seed=11)
        tid, tokens = table["id"], [s["token"] for s in table["seats"]]
        for _ in range(12):
            frame = client.get(f"/api/tables/{tid}/view").json()
            seat = frame["view"]["to_act"][0]
            legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[seat])).json()["legal"]
            assert client.post(f"/api/tables/{tid}/actions", json={"action": legal[-1]},
                               headers=auth(tokens[seat])).status_code == 200
        before = [client.get(f"/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens]
    with TestClient(create_app(db_url)) as client:
        after = [client.get(f"/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens]
    # presence is what this process sees: nobody's page was open, so the first server said "away"; the restarted one
    # gives everyone its grace to reconnect (kartentisch.web.presence)
    assert [s["presence"] for s in before[0]["seats"]] == ["away"] * 3
    assert [s["presence"] for s in after[0]["seats"]] == ["connected"] * 3
    for frame in (*before, *after):
        for seat in frame["seats"]:
            del seat["presence"]
    assert after == before and after[0]["n"] == 12
    match = Match.from_header({"game": "grid", "players": 3, "options": {}, "seed": 11},
                              [(e["seat"], e["token"]) for e in move_entries(before[0]["log"])])
    assert after[1]["view"] == match.state.view(1)


def test_sqlite_runs_in_wal_mode(client: TestClient) -> None:
    assert client.app.state.store.journal_mode() == "wal"


def test_rematch_after_the_match(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=3, options={"max_rounds": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    url = f"/api/tables/{tid}/rematch"
    assert client.post(url, headers=auth(tokens[0])).status_code == 409
    frame = client.get(f"/api/tables/{tid}/view").json()
    while not frame["view"]["game_over"]:
        seat = frame["view"]["to_act"][0]
        legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[seat])).json()["legal"]
        frame = client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]}, headers=auth(tokens[seat])).json()
    offered = client.post(url, headers=auth(tokens[0])).json()  # issue 32: an offer, made once both answered
    assert offered["id"] is None and offered["waiting"] == [1]
    second = client.post(url, headers=auth(tokens[1])).json()
    first = client.post(url, headers=auth(tokens[0])).json()  # asked again: the seat's new link
    assert first["id"] == second["id"] != tid and first["token"] != second["token"]
    new_view = client.get(f"/api/tables/{first['id']}/view", headers=auth(second["token"])).json()
    assert new_view["seat"] == 1 and new_view["n"] == 0 and [s["name"] for s in new_view["seats"]] == ["Ada", "Bo"]
    assert client.get(f"/api/tables/{tid}/view").json()["rematch"] is True


def test_reaction_timer_counts_down_and_passes_for_a_silent_person(client: TestClient) -> None:
    """A person asked a reaction (a decision that allows ``pass``, after another seat's move: mayhem R21/R31) gets a
    countdown; at zero the server passes for them. Not on the own turn after drawing (mayhem R2, issue 32): that
    ``pass`` ends one's own turn, and no reaction clock runs there."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
    table = new_table(client, "mayhem", 2, seats, seed=6, reaction_seconds=3)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    after_draw = 0
    for _ in range(300):
        frames = [client.get(f"/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens]
        asked = [f for f in frames if "pass" in f["legal"] and move_entries(f["log"])[-1]["seat"] != f["seat"]]
        if asked:
            break
        seat = frames[0]["view"]["to_act"][0]
        legal = frames[seat]["legal"]
        if frames[seat]["view"]["phase"] == "after_draw":
            assert frames[seat]["countdown"] is None  # one's own turn: no reaction clock
            after_draw += 1
        token = legal[0] if after_draw % 2 or "draw" not in legal else "draw"
        assert client.post(f"/api/tables/{tid}/actions", json={"action": token},
                           headers=auth(tokens[seat])).status_code == 200
    else:
        pytest.fail("no reaction window came up")
    assert after_draw
    seat = asked[0]["seat"]
    assert 0 < asked[0]["countdown"] <= 3
    assert all(f["countdown"] is None for f in frames if "pass" not in f["legal"])
    n = asked[0]["n"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
        frame = ws.receive_json()
        while frame["n"] == n:
            frame = ws.receive_json()  # arrives when the timer fires
    last = move_entries(frame["log"])[-1]
    assert frame["n"] == n + 1 and (last["seat"], last["token"]) == (seat, "pass")


def test_no_timer_without_reaction_seconds(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2)
    assert client.get(f"/api/tables/{table['id']}/view", headers=auth(table["seats"][0]["token"])).json()[
        "countdown"] is None


def test_ismcts_bot_searches_in_a_worker_process(client: TestClient) -> None:
    """An ISMCTS seat moves through the process pool while the server keeps answering."""
    table = new_table(client, "colors", 2, [{"kind": "bot", "bot": "ismcts", "iterations": 200}, HUMANS2[1]],
                      seed=2, options={"first_player": 0})
    tid, token = table["id"], table["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        frame = ws.receive_json()
        while frame["n"] == 0:
            assert client.get("/api/health").status_code == 200
            frame = ws.receive_json()
    assert move_entries(frame["log"])[-1]["seat"] == 0
    assert "ismcts" in client.app.state.hub.workers.pools


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_a_cheap_bot_moves_in_a_thread_without_a_worker_process(client: TestClient, bot: str) -> None:
    """Issue 33 goal 4: a heuristic or random bot beside a person chooses in the server's thread pool (cheaper than
    a worker process's round trip, measured in bench/README.md), its own move as its seed makes it, and no worker
    process is started."""
    table = new_table(client, "colors", 2, [{"kind": "bot", "bot": bot}, HUMANS2[1]], seed=2,
                      options={"first_player": 0})
    tid, token = table["id"], table["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        frame = ws.receive_json()
        while frame["n"] == 0:
            frame = ws.receive_json()
    game = get_game("colors")
    start = Match(game, 2, game.resolve_options(2, {"first_player": 0}), 2).state
    expected = workers.choose_move(bot, game, workers.bot_seed(2, 0, 0), start.clone(), 0)
    assert move_entries(frame["log"])[0]["token"] == start.public_token(0, expected, 1)
    assert client.app.state.hub.workers.pools == {}, "no worker process for a cheap bot"


def test_a_table_whose_log_no_longer_replays_is_a_503_not_a_crash(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=4)
    store = client.app.state.store
    other = new_table(client, "colors", 2, HUMANS2, seed=4)
    store.append_events(other["id"], 0, [(0, "play:zz9")])  # a corrupted log written behind the server's back
    client.app.state.hub.tables.pop(other["id"], None)
    res = client.get(f"/api/tables/{other['id']}/view")
    assert res.status_code == 503 and "cannot be restored" in res.json()["error"]
    assert client.get(f"/api/tables/{table['id']}/view").status_code == 200


def test_idle_tables_leave_memory_and_come_back_from_the_store(db_url: str) -> None:
    with TestClient(create_app(db_url, max_live=2)) as client:
        tables = [new_table(client, "colors", 2, HUMANS2, seed=i) for i in range(3)]
        first = tables[0]
        token = first["seats"][0]["token"]
        seat0 = client.get(f"/api/tables/{first['id']}/view", headers=auth(token)).json()
        mover = seat0["view"]["to_act"][0]
        mover_token = first["seats"][mover]["token"]
        legal = client.get(f"/api/tables/{first['id']}/view", headers=auth(mover_token)).json()["legal"]
        client.post(f"/api/tables/{first['id']}/actions", json={"action": legal[0]}, headers=auth(mover_token))
        before = client.get(f"/api/tables/{first['id']}/view", headers=auth(token)).json()
        for t in tables[1:]:
            client.get(f"/api/tables/{t['id']}/view")
        hub = client.app.state.hub
        assert len(hub.tables) == 2 and first["id"] not in hub.tables
        assert client.get(f"/api/tables/{first['id']}/view", headers=auth(token)).json() == before


@pytest.mark.parametrize("failure", ["raises", "illegal"])
def test_a_failing_bot_does_not_stall_the_table(client: TestClient, monkeypatch: pytest.MonkeyPatch,
                                                failure: str) -> None:
    """A bot that raises or answers an illegal token is replaced by a random move for that turn (and logged)."""
    from kartentisch.web import bot_turns

    original = bot_turns.choose_move

    def broken(spec, game, seed, state, seat):
        if spec == "random":
            return original(spec, game, seed, state, seat)
        if failure == "raises":
            raise RuntimeError("bot bug")
        return "not:a:token"

    monkeypatch.setattr(bot_turns, "choose_move", broken)
    client.app.state.hub.workers.pool_sizes.clear()  # every bot in threads, where the patch applies
    table = new_table(client, "colors", 2, [{"kind": "bot", "bot": "heuristic"}, HUMANS2[1]], seed=2,
                      options={"first_player": 0})
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['seats'][1]['token']}") as ws:
        frame = ws.receive_json()
        while frame["n"] == 0:
            frame = ws.receive_json()
    assert move_entries(frame["log"])[-1]["seat"] == 0 and frame["legal"]


def test_a_database_failure_is_a_503_naming_its_kind(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy.exc import OperationalError

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("INSERT …", {}, Exception("disk I/O error"))

    monkeypatch.setattr(client.app.state.store, "create_table", broken)  # type: ignore[attr-defined]
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": HUMANS2})
    # issue 22: the driver's message stays in the server's log (tests/web/test_hardening.py)
    assert res.status_code == 503 and res.json()["error"].startswith("the database failed (OperationalError)")


def test_unknown_routes_and_ids_answer_in_the_api_s_own_shape(client: TestClient) -> None:
    res = client.get("/api/nothing-here")
    assert res.status_code == 404 and res.json() == {
        "error": "Not Found", "text": "This was not found: the link may be mistyped, or it is gone."}
    res = client.get(f"/api/tables/{'x' * 10_000}/view")
    assert res.status_code == 404 and len(res.json()["error"]) < 120


def test_a_websocket_action_line_is_capped_like_an_http_one(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, options={"first_player": 0})
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['seats'][0]['token']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "play:b0 " * 300})
        frame = ws.receive_json()
        assert frame["status"] == 422 and "at most 2000 characters" in frame["error"]


def test_a_repeated_action_is_refused_when_n_is_given(client: TestClient) -> None:
    """A retried POST (its response was lost) must not move twice: with n, a seat that has acted since is
    refused. Other seats' moves since do not refuse it: in simultaneous decisions they come at any time."""
    table = new_table(client, "colors", 2, HUMANS2, options={"first_player": 0})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    url = f"/api/tables/{tid}/actions"
    first = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()
    body = {"action": first["legal"][0], "n": first["n"]}
    assert client.post(url, json=body, headers=auth(tokens[0])).status_code == 200
    seat1 = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[1])).json()
    res = client.post(url, json={"action": seat1["legal"][0], "n": 0}, headers=auth(tokens[1]))
    assert res.status_code == 200 and res.json()["n"] == 2  # seat 0's move since n=0 does not matter
    res = client.post(url, json=body, headers=auth(tokens[0]))  # the first request, sent again
    name = seat1["seats"][0]["name"]  # the seat by the name people read, not a number counted from 0
    assert res.status_code == 409 and f"{name} has acted since this choice was shown; nothing applied" \
        in res.json()["error"]
    assert client.get(f"/api/tables/{tid}/view").json()["n"] == 2  # nothing applied
    res = client.post(url, json={"action": body["action"], "n": 9}, headers=auth(tokens[0]))
    assert res.status_code == 422 and "ahead of the table" in res.json()["error"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": body["action"], "n": "1"})
        assert ws.receive_json()["status"] == 422
        ws.send_json({"type": "action", "action": body["action"], "n": 0})
        assert ws.receive_json()["status"] == 409


def test_seat_names_must_differ(client: TestClient) -> None:
    for seats, said in (([{"kind": "human", "name": "A"}, {"kind": "human", "name": "A"}],
                         'Seat 1 is called "A" already'),
                        ([{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "ada"}],
                         '"ada" looks like "Ada" (Seat 1)')):
        res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": seats})
        assert res.status_code == 422 and said in res.json()["error"], res.text
