"""The frame carries the words (issue 19): every log entry has a sentence for its viewer in the asked language,
round entries follow round ends, ``?lang`` is checked, and the sentences come from the viewer's views only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.kernel.words import LANGS, Voice

from .conftest import auth, move_entries, new_table, replace_parts

HUMANS2 = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


def play_out(client: TestClient, tid: str, tokens: list[str], seed: int, limit: int = 2000) -> int:
    """Random legal moves over HTTP until the match is over; returns the number of moves."""
    rng = random.Random(seed)
    for n in range(limit):
        to_act = client.get(f"/api/tables/{tid}/view").json()["view"]["to_act"]
        if not to_act:
            return n
        legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[to_act[0]])).json()["legal"]
        res = client.post(f"/api/tables/{tid}/actions", json={"action": rng.choice(legal)},
                          headers=auth(tokens[to_act[0]]))
        assert res.status_code == 200, res.text
    raise AssertionError(f"the match did not end within {limit} moves")


def test_every_entry_has_a_sentence_and_round_ends_follow_their_move(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=3, options={"max_rounds": 2})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    moves = play_out(client, tid, tokens, seed=3)
    game = get_game("colors")
    texts: dict[str, list[str]] = {}
    for lang in LANGS:
        for viewer, headers in ((0, auth(tokens[0])), (1, auth(tokens[1])), (None, {})):
            frame = client.get(f"/api/tables/{tid}/view?lang={lang}", headers=headers).json()
            log, view = frame["log"], frame["view"]
            assert frame["lang"] == lang and frame["n"] == moves == len(move_entries(log))
            assert frame["phase_text"] == game.phase_name(view["phase"], lang) != view["phase"]
            assert all(set(e) == {"seat", "token", "text", "cards"} and e["text"] for e in move_entries(log))
            rounds = [i for i, e in enumerate(log) if e.get("kind") == "round"]
            assert len(rounds) == len(view["scores"]) == 2, "one round entry per scored round"
            assert all(set(log[i]) == {"kind", "text"} and "seat" in log[i - 1] for i in rounds)
            assert rounds[-1] == len(log) - 1, "the match ended with the last move"
            assert log[rounds[0]]["text"].startswith({"en": "Round 1 is over", "de": "Runde 1 ist vorbei"}[lang])
            winners = [frame["seats"][s]["name"] for s in view["winners"]]
            if viewer is None:  # the seats' own frames say "You win"
                assert all(name in log[-1]["text"] for name in winners)
            texts.setdefault(lang, []).append(log[0]["text"])
    assert not set(texts["en"]) & set(texts["de"]), "the languages tell the same move differently"
    assert len(set(texts["en"])) > 1, "the mover is told its own move in the second person"


def test_an_unknown_language_is_a_422_naming_the_allowed_ones(client: TestClient) -> None:
    table = new_table(client, "colors", 2, HUMANS2, seed=3, options={"first_player": 0})
    tid, token = table["id"], table["seats"][0]["token"]
    res = client.get(f"/api/tables/{tid}/view?lang=xx")
    assert res.status_code == 422 and res.json()["error"] == "unknown language 'xx'; allowed: en, de"
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["legal"][0]
    res = client.post(f"/api/tables/{tid}/actions?lang=fr", json={"action": legal}, headers=auth(token))
    assert res.status_code == 422 and "allowed: en, de" in res.json()["error"]
    assert client.get(f"/api/tables/{tid}/view").json()["n"] == 0, "a refused language applies nothing"
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}&lang=EN") as ws:
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["status"] == 422 and "allowed: en, de" in frame["error"]
    params = client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/view"]["get"]["parameters"]
    assert any(p["name"] == "lang" and p["in"] == "query" for p in params)


def test_openapi_documents_the_frame_and_its_log_entries(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    schema = doc["paths"]["/api/tables/{table_id}/view"]["get"]["responses"]["200"]["content"]["application/json"]
    assert schema["schema"]["$ref"].endswith("/FrameOut")
    schemas = doc["components"]["schemas"]
    assert {"seat", "token", "text"} <= set(schemas["MoveEntry"]["properties"])
    assert {"kind", "text"} <= set(schemas["RoundEntry"]["properties"])
    assert {"log", "log_start", "n", "phase_text", "lang"} <= set(schemas["FrameOut"]["properties"])


def test_each_viewer_is_told_from_its_own_views_once_per_move(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A describe_move that writes out what it was given: each viewer's sentence holds exactly its own views
    (its hand, the others' as backs) and its public token, with its language and the seat names. A move is
    told to a reader once: when it is applied to a reader who has read the table, else when the reader first
    reads it (then from the position replayed), never again for later frames."""
    game = get_game("colors")
    calls: list[Any] = []

    def describe(seat: int, token: str, before: dict, after: dict, voice: Voice) -> str:
        calls.append((voice.viewer, voice.lang))
        return json.dumps({"seat": seat, "token": token, "before": before, "after": after,
                           "lang": voice.lang, "viewer": voice.viewer, "names": voice.names})

    replace_parts(monkeypatch, "colors", describe_move=describe)
    table = new_table(client, "colors", 2, HUMANS2, seed=5, options={"first_player": 0})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    replica = Match(game, 2, {"first_player": 0}, 5)
    before = {v: replica.state.view(v) for v in (0, 1, None)}
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()["legal"][0]
    assert client.post(f"/api/tables/{tid}/actions", json={"action": legal}, headers=auth(tokens[0])).status_code == 200
    replica.apply(0, legal)
    assert calls == [(0, "en")], "the move is told at once only to the one reader who has read the table"

    def frames() -> dict[Any, Any]:
        told = {}
        for lang in LANGS:
            for viewer, headers in ((0, auth(tokens[0])), (1, auth(tokens[1])), (None, {})):
                frame = client.get(f"/api/tables/{tid}/view?lang={lang}", headers=headers).json()
                told[viewer] = said = json.loads(move_entries(frame["log"])[0]["text"])  # after round 1's start
                assert said == {"seat": 0, "token": legal, "before": before[viewer],
                                "after": replica.state.view(viewer), "lang": lang, "viewer": viewer,
                                "names": [s["name"] for s in frame["seats"]]}
        return told

    told = frames()
    assert sorted(calls, key=str) == sorted(((v, lang) for v in (0, 1, None) for lang in LANGS), key=str), \
        "each reader is told the move once, from its own views"
    hands = {v: told[v]["after"]["zones"]["hands"] for v in (0, 1, None)}
    assert "?" not in hands[0][0] and set(hands[1][0]) == set(hands[None][0]) == {"?"}, \
        "seat 0 is told from its own hand, seat 1 and the spectator from its backs"
    frames()
    assert len(calls) == 3 * len(LANGS), "later frames reuse the sentences"
    # a table rebuilt from its event log tells the same, to the reader who asks
    frame = client.get(f"/api/tables/{tid}/view?lang=de", headers=auth(tokens[1])).json()
    del client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    assert client.get(f"/api/tables/{tid}/view?lang=de", headers=auth(tokens[1])).json()["log"] == frame["log"]
    assert calls[3 * len(LANGS):] == [(1, "de")]


def test_a_failing_sentence_does_not_stop_the_table(client: TestClient, monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    def broken(*_args: object) -> str:
        raise KeyError("words bug")

    replace_parts(monkeypatch, "colors", describe_move=broken)
    table = new_table(client, "colors", 2, HUMANS2, seed=3, options={"first_player": 0})
    tid, token = table["id"], table["seats"][0]["token"]
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["legal"][0]
    res = client.post(f"/api/tables/{tid}/actions?lang=de", json={"action": legal}, headers=auth(token))
    assert res.status_code == 200 and res.json()["n"] == 1
    assert move_entries(res.json()["log"])[0] == {"seat": 0, "token": legal, "text": f"Du: {legal}",  # plain form
                                                  "cards": [legal.split(":")[1]]}
    assert "describe_move failed" in caplog.text


def test_a_game_that_fails_to_read_a_move_refuses_it_and_goes_on(client: TestClient,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    """A defect in a game's own parser (a plug-in's ``int("²")``) is a 422 for that line, logged; not a 500."""
    table = new_table(client, "colors", 2, HUMANS2, seed=3, options={"first_player": 0})
    tid, token = table["id"], table["seats"][0]["token"]
    assert client.get(f"/api/tables/{tid}/view").status_code == 200  # in memory now
    live = client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    real = live.match

    class Broken:  # the match with a state whose legality check raises what no game should
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        @property
        def state(self) -> Any:
            class State:
                def __getattr__(self, name: str) -> Any:
                    return getattr(real.state, name)

                def is_legal(self, seat: int, token: str) -> bool:
                    raise ValueError("invalid literal for int() with base 10: '²'")
            return State()

    live.match = Broken()
    res = client.post(f"/api/tables/{tid}/actions", json={"action": "play:²"}, headers=auth(token))
    assert res.status_code == 422 and res.json()["error"] == "the game could not read this move; nothing applied"
    assert "checking 'play:²' of seat 0 failed" in caplog.text
    live.match = real
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
    assert legal["n"] == 0 and client.post(f"/api/tables/{tid}/actions", json={"action": legal["legal"][0]},
                                           headers=auth(token)).status_code == 200


def test_a_move_out_of_turn_is_refused_naming_the_seats(client: TestClient) -> None:
    """The page shows this refusal: it names the people, not 0-based seat numbers."""
    table = new_table(client, "colors", 2, HUMANS2, seed=3, options={"first_player": 0})
    res = client.post(f"/api/tables/{table['id']}/actions", json={"action": "play:b1"},
                      headers=auth(table["seats"][1]["token"]))
    assert res.status_code == 409 and res.json()["error"] == "Bo has no decision now; waiting for Ada"


#: A grid position (grid's worked example 3): its seat takes Green −1 and swaps it in, its diagonal leaves; closing
#: the gaps then makes a line that leaves too, and the grid's new shape is told.
BOT_GRID = [["g2", "r7", "r1"], ["r5", "?y8", "?p9"], ["?o4", "?m5", "g6"]]
QUIET_GRIDS = [[["?g10", "?g11", "?m10"], ["?o10", "?p10", "?t11"], ["?y10", "?b10", "?r11"]],
               [["?m11", "?o11", "?p11"], ["?t8", "?y11", "?b11"], ["?g9", "?o7", "?m9"]]]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_s_grid_is_named_as_people_say_it(client: TestClient, lang: str) -> None:
    """A fresh user read "Bot Ida (plays at random)'s grid now has …": a sentence making a seat an owner names a bot
    without its kind and strength ("Bot Ida's grid", "das Raster von Bot Ida"), which its own moves' sentences and
    the seat chips still say; a person's seat a bot plays for is named as the person ("Ben's grid")."""
    from kartentisch.kernel import narrate
    from kartentisch.web.live import LogEntry
    from tests.games.grid.grid_helpers import doc

    made = new_table(client, "grid", 3, [*HUMANS2, {"kind": "bot", "bot": "random"}], seed=3)
    frame = client.get(f"/api/tables/{made['id']}/view?lang={lang}").json()
    label = {"en": "Bot Ida (plays at random)", "de": "Bot Ida (spielt zufällig)"}[lang]
    assert [(s["name"], s["short_name"]) for s in frame["seats"]] == [("Ada", "Ada"), ("Bo", "Bo"), (label, "Bot Ida")]
    table = client.app.state.hub.tables[made["id"]]
    game = get_game("grid")
    state = game.load(doc([*QUIET_GRIDS, BOT_GRID], ["t9"], ["g-1", "t10"], 2))
    state.apply_line(2, "takediscard swap:1:1")
    after = state.clone()
    after.apply(2, "close:v")
    said = narrate(state, 2, "close:v", after, table.voice(0, lang)).text
    shape = {"en": "Bot Ida's grid now has 1 row and 3 columns.",
             "de": "Das Raster von Bot Ida hat jetzt 1 Reihe und 3 Spalten."}[lang]
    assert said.startswith(label) and said.endswith(shape), said  # the move names the bot in full, the grid not
    assert f"{label}'s" not in said and f"von {label}" not in said
    # Bo's seat (seat 1) played by a bot: its move is the bot's, its grid Bo's
    state = game.load(doc([QUIET_GRIDS[0], BOT_GRID, QUIET_GRIDS[1]], ["t9"], ["g-1", "t10"], 1))
    state.apply_line(1, "takediscard swap:1:1")
    after = state.clone()
    after.apply(1, "close:v")
    voice = table.mover_voice(0, lang, LogEntry(1, "close:v", bot="random"))
    said = narrate(state, 1, "close:v", after, voice).text
    shape = {"en": "Bo's grid now has 1 row and 3 columns.", "de": "Das Raster von Bo hat jetzt 1 Reihe und 3 Spalten."}
    assert said.endswith(shape[lang]), said
