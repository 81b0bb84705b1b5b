"""A group ("Spielrunde", issue 34): members, tables started from it, recorded matches, standings, CSV, pads."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, insert

from kartentisch.web import create_app
from kartentisch.web.group_store import matches_t
from kartentisch.web.limits import Limits
from kartentisch.web.standings import Entry, Played, placings, standings

from .conftest import auth, pg_test_url

#: A one-round Colour Gap match (colors R16: max_rounds ends the match after that round).
SHORT = {"max_rounds": 1}


def new_group(client: TestClient, name: str = "Donnerstag") -> str:
    res = client.post("/api/groups", json={"name": name})
    assert res.status_code == 201, res.text
    assert res.json()["url"] == f"/g/{res.json()['code']}"
    return str(res.json()["code"])


def join(client: TestClient, code: str, name: str, lang: str = "en") -> dict:
    res = client.post(f"/api/groups/{code}/members?lang={lang}", json={"name": name})
    assert res.status_code == 200, res.text
    return dict(res.json())


def play_out(client: TestClient, table_id: str, tokens: list[str]) -> None:
    """Every person's first legal move, in turn, until the match is over (bots move on the server)."""
    for _ in range(2000):
        frames = [client.get(f"/api/tables/{table_id}/view", headers=auth(t)).json() for t in tokens]
        if frames[0]["view"]["game_over"]:
            return
        acting = [(t, f["legal"][0]) for t, f in zip(tokens, frames, strict=True) if f["legal"]]
        if not acting:
            time.sleep(0.02)  # a bot thinks
            continue
        token, action = acting[0]
        res = client.post(f"/api/tables/{table_id}/actions", json={"action": action}, headers=auth(token))
        assert res.status_code in (200, 409), res.text
    raise AssertionError("the match did not end")


def wait_over(client: TestClient, table_id: str) -> None:
    for _ in range(500):
        if client.get(f"/api/tables/{table_id}/view").json()["view"]["game_over"]:
            return
        time.sleep(0.02)
    raise AssertionError("the bots did not finish the match")


def seat_tokens(client: TestClient, code: str, keys: list[str], table_id: str) -> list[str]:
    """Each member's seat token of ``table_id`` as the group's page gives it to them (their own link only)."""
    tokens = []
    for key in keys:
        item = next(m for m in client.get(f"/api/groups/{code}", headers=auth(key)).json()["matches"]
                    if m["url"].startswith(f"/t/{table_id}"))
        tokens.append(item["url"].split("#seat=")[1])
    return tokens


def test_placings_share_places_on_ties() -> None:
    assert placings([1], [10, 12, 7], +1) == [2, 1, 3]
    assert placings([0, 2], [3, 9, 3, 9], -1) == [1, 3, 1, 3]  # grid: the lowest wins, ties share
    assert placings([0], [5, 5, 5], +1) == [1, 2, 2]  # colors R17: a tie on the total broken by the best round


def test_ratings_follow_places_and_ties() -> None:
    matches = [Played(1.0, (Entry("a", "Ana", False, 1, 30), Entry("b", "Ben", False, 2, 20),
                            Entry("c", "Cem", False, 3, 10))),
               Played(2.0, (Entry("a", "Ana", False, 1, 25), Entry("b", "Ben", False, 1, 25),
                            Entry("c", "Cem", False, 3, 5)))]
    out = standings(matches)
    assert [p["name"] for p in out["players"]] == ["Ana", "Ben", "Cem"]
    assert out["players"][0]["wins"] == 2 and out["players"][1]["wins"] == 1
    assert out["players"][0]["form"] == [1, 1] and out["players"][2]["average_score"] == 7.5
    ab = next(p for p in out["head_to_head"] if {p["a"], p["b"]} == {"a", "b"})
    assert (ab["a"], ab["a_ahead"], ab["b_ahead"], ab["level"], ab["met"]) == ("a", 1, 0, 1, 2)
    # a tie between two equal players leaves their ratings equal
    tied = standings([Played(1.0, (Entry("x", "X", False, 1, 0), Entry("y", "Y", False, 1, 0)))])
    assert tied["players"][0]["rating"] == tied["players"][1]["rating"]
    assert len(tied["history"]["x"]) == 1


def test_eight_players_rated_and_bots_left_out_on_request() -> None:
    people = tuple(Entry(f"m{i}", f"P{i}", False, i + 1, 10 - i) for i in range(7))
    entries = (*people, Entry("bot:x", "B", True, 1, 10))
    out = standings([Played(1.0, entries)])
    assert len(out["players"]) == 8 and out["matches"] == 1
    without = standings([Played(1.0, entries)], bots=False)
    assert [p["key"] for p in without["players"]] == [f"m{i}" for i in range(7)]
    assert without["players"][0]["form"] == [1]  # the bot ahead no longer counts
    only_one = standings([Played(1.0, (Entry("m1", "A", False, 2, 0), Entry("bot:x", "B", True, 1, 1)))], bots=False)
    assert only_one["matches"] == 0 and only_one["players"] == []


def test_join_recover_and_refusals(client: TestClient) -> None:
    code = new_group(client)
    ana = join(client, code, "Ana")
    assert ana["recovered"] is False and ana["member"] == 1
    res = client.post(f"/api/groups/{code}/members?lang=de", json={"name": "ana"})  # a second Ana is not the first
    assert res.status_code == 409 and res.json()["text"].startswith("Ein Mitglied heißt schon „Ana“: wenn du das bist")
    assert res.json()["error"].startswith('a member is already called "Ana"')  # the API's error stays English
    again = client.post(f"/api/groups/{code}/members", json={"name": "  ana ", "again": True}).json()
    assert again == {**ana, "recovered": True}  # the link, the name and "I joined before" give the same key back
    res = client.post(f"/api/groups/{code}/members?lang=de", json={"name": "Bea", "again": True})
    assert res.status_code == 404 and res.json()["text"] == "In dieser Spielrunde heißt niemand „Bea“."
    assert res.json()["error"] == 'no member of this group is called "Bea".'
    assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Ana"]  # nothing changed
    res = client.post(f"/api/groups/{code}/members?lang=de", json={"name": "  "})
    assert res.status_code == 422 and res.json()["text"] == "Ein Name fehlt: 1 bis 80 Zeichen."
    assert res.json()["error"] == "a name is needed: 1 to 80 characters."
    res = client.post(f"/api/groups/{code}/members?lang=de", json={"name": "A\u202eB"})
    assert res.status_code == 422 and res.json()["text"] == (
        "Der Name „AB“ enthält ein unsichtbares Zeichen oder einen Zeilenumbruch; gib den Namen ohne dieses "
        "Zeichen ein.")
    res = client.post(f"/api/groups/{code}/members", json={"name": "x" * 81})
    assert res.status_code == 422 and "at most 80" in res.json()["error"]
    res = client.post("/api/groups/nope/members?lang=de", json={"name": "Ben"})
    assert res.status_code == 404 and "Spielrunde" in res.json()["text"] and "no group" in res.json()["error"]
    res = client.post("/api/groups?lang=de", json={"name": ""})
    assert res.status_code == 422 and res.json()["text"] == "Der Name der Spielrunde fehlt: 1 bis 80 Zeichen."
    group = client.get(f"/api/groups/{code}", headers=auth(ana["key"])).json()
    assert group["you"] == 1 and group["members"] == [{"member": 1, "name": "Ana"}] and group["name"] == "Donnerstag"
    res = client.get(f"/api/groups/{code}?lang=de", headers=auth("wrong"))
    assert res.status_code == 401 and "Spielrunde" in res.json()["text"] and "member" in res.json()["error"]


def rematch_of(client: TestClient, table_id: str, tokens: list[str]) -> list[dict[str, Any]]:
    """Every person answers the rematch offer (issue 32: it starts once all answered); each seat's ``{id, token}``."""
    for token in tokens:
        client.post(f"/api/tables/{table_id}/rematch", headers=auth(token))
    return [client.post(f"/api/tables/{table_id}/rematch", headers=auth(token)).json() for token in tokens]


def test_a_table_from_the_group_is_recorded_and_its_rematch_too(client: TestClient) -> None:
    code = new_group(client)
    ana, ben = join(client, code, "Ana"), join(client, code, "Ben")
    body = {"game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}, {"bot": "random"}]}
    res = client.post(f"/api/groups/{code}/tables", json=body)
    assert res.status_code == 401  # members only
    res = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"]))
    assert res.status_code == 201, res.text
    table = res.json()
    assert [s["name"] for s in table["seats"]] == ["Ana", "Ben", "Bot (plays at random)"]
    tokens = seat_tokens(client, code, [ana["key"], ben["key"]], table["id"])
    assert table["url"] == f"/t/{table['id']}#seat={tokens[0]}"
    assert client.get(f"/api/groups/{code}/standings").json()["games"] == []
    play_out(client, table["id"], tokens)
    first = client.get(f"/api/groups/{code}/standings").json()["games"]
    assert len(first) == 1 and first[0]["game"] == "colors" and first[0]["matches"] == 1
    final = client.get(f"/api/tables/{table['id']}/view").json()["view"]
    names = {p["name"]: p for p in first[0]["players"]}
    assert set(names) == {"Ana", "Ben", "Bot (plays at random)"} and names["Bot (plays at random)"]["bot"]
    assert names["Ana"]["average_score"] == final["totals"][0]
    assert sum(p["wins"] for p in names.values()) == len(final["winners"])
    # the rematch lands in the group without anyone typing a result
    rematch, again = rematch_of(client, table["id"], tokens)
    play_out(client, rematch["id"], [rematch["token"], again["token"]])
    games = client.get(f"/api/groups/{code}/standings?lang=de").json()["games"]
    assert games[0]["matches"] == 2 and games[0]["game_name"] == "Farblücke"
    assert "Bot (spielt zufällig)" in {p["name"] for p in games[0]["players"]}
    people = client.get(f"/api/groups/{code}/standings?bots=false").json()["games"][0]
    assert {p["name"] for p in people["players"]} == {"Ana", "Ben"} and people["matches"] == 2
    listed = client.get(f"/api/groups/{code}", headers=auth(ben["key"])).json()["matches"]
    assert len(listed) == 2 and all(m["over"] for m in listed)
    assert listed[0]["url"] == f"/t/{rematch['id']}#seat={again['token']}"  # Ben's own link of the rematch


def test_a_bots_only_table_is_recorded_by_the_hook(client: TestClient) -> None:
    code = new_group(client)
    ana = join(client, code, "Ana")
    body = {"game": "colors", "options": SHORT, "seats": [{"bot": "random"}, {"bot": "heuristic"}]}
    table = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"])).json()
    assert table["url"] == f"/t/{table['id']}"  # Ana does not sit at it: the spectator's link
    wait_over(client, table["id"])
    store = client.app.state.store
    from kartentisch.web.group_store import matches_t
    for _ in range(100):  # the hook records as a task right after the last move
        with store.engine.connect() as conn:
            if conn.execute(matches_t.select()).mappings().one()["result"] is not None:
                break
        time.sleep(0.02)
    else:
        raise AssertionError("the hook did not record the match")
    games = client.get(f"/api/groups/{code}/standings").json()["games"]
    assert {p["name"] for p in games[0]["players"]} == {"Bot (plays at random)", "Bot (steady)"}
    assert client.get(f"/api/groups/{code}/standings?bots=false").json()["games"] == []
    # over, it has nothing to watch live: Ana's list leads to its replay, as the invite does
    listed = client.get(f"/api/groups/{code}", headers=auth(ana["key"])).json()["matches"]
    assert listed[0]["over"] and listed[0]["url"] == f"/t/{table['id']}/replay?n=0&seat=spectator"


def test_bad_tables_are_refused_in_the_page_s_language_and_change_nothing(client: TestClient) -> None:
    code = new_group(client)
    ana = join(client, code, "Ana")
    cases = [
        ({"game": "nope", "seats": [{"member": 1}, {"bot": "random"}]}, "Es gibt kein Spiel 'nope'"),
        ({"game": "colors", "seats": [{"member": 1}]}, "1 Mitspieler; Farblücke ist für 2 bis 6"),
        ({"game": "colors", "seats": [{"member": 1}, {"member": 1}]}, "Ana kann nur einen Platz nehmen"),
        ({"game": "colors", "seats": [{"member": 1}, {"member": 7}]}, "kein Mitglied Nummer 7"),
        ({"game": "colors", "seats": [{"member": 1}, {}]}, "Platz 2: gib ein Mitglied oder einen Bot an"),
        ({"game": "colors", "seats": [{"member": 1}, {"bot": "random"}], "options": {"nope": 1}},
         "Unbekannte Option 'nope'"),
        ({"game": "colors", "seats": [{"member": 1}, {"bot": "random"}], "options": {"first_player": 5}},
         "nicht erlaubt"),
    ]
    for body, words in cases:
        res = client.post(f"/api/groups/{code}/tables?lang=de", json=body, headers=auth(ana["key"]))
        assert res.status_code == 422 and words in res.json()["text"], res.text
    assert client.get(f"/api/groups/{code}").json()["matches"] == []


def test_csv_export(client: TestClient) -> None:
    code = new_group(client)
    ana, ben = join(client, code, "Ana"), join(client, code, "Ben")
    body = {"game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}
    table = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"])).json()
    play_out(client, table["id"], seat_tokens(client, code, [ana["key"], ben["key"]], table["id"]))
    standing = client.get(f"/api/groups/{code}/standings?lang=de").json()["games"][0]["players"]
    res = client.get(f"/api/groups/{code}/standings.csv?lang=de")
    assert res.status_code == 200 and res.headers["content-type"].startswith("text/csv")
    assert 'filename="tabelle.csv"' in res.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(res.text)))
    assert rows[0] == ["Spiel", "Rang", "Spieler", "Bot", "Wertung", "Partien", "Siege", "Punkteschnitt",
                       "Letzte Platzierungen"]
    assert [r[2] for r in rows[1:]] == [p["name"] for p in standing]
    assert rows[1][0] == "Farblücke" and rows[1][4] == str(standing[0]["rating"]) and rows[1][5] == "1"


def test_csv_cells_never_start_a_formula(client: TestClient) -> None:
    """Member names such as ``=HYPERLINK(…)`` or ``+Ben`` are written so a spreadsheet shows them as text (a fresh
    user's finding: they ran as formulas)."""
    code = new_group(client)
    ana, ben = join(client, code, '=HYPERLINK("http://x","a")'), join(client, code, "+Ben")
    body = {"game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}
    table = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"])).json()
    play_out(client, table["id"], seat_tokens(client, code, [ana["key"], ben["key"]], table["id"]))
    rows = list(csv.reader(io.StringIO(client.get(f"/api/groups/{code}/standings.csv").text)))[1:]
    assert sorted(r[2] for r in rows) == ["'+Ben", "'=HYPERLINK(\"http://x\",\"a\")"]
    assert not [cell for row in rows for cell in row if cell and cell[0] in "=+@"]


def test_standings_are_the_same_after_a_restart(db_url: str) -> None:
    same_after_restart(db_url)


@pytest.mark.postgres
def test_standings_are_the_same_after_a_restart_on_postgresql() -> None:
    same_after_restart(pg_test_url())


def same_after_restart(db_url: str) -> None:
    """Three matches of three members, the standings (both languages, with and without bots) and the CSV; then a
    new app on the same database answers the same."""
    with TestClient(create_app(db_url)) as client:
        code = new_group(client)
        ana, ben, cem = (join(client, code, n) for n in ("Ana", "Ben", "Cem"))
        for seats in ([1, 2, 3], [3, 1], [2, 3, 1]):
            body = {"game": "colors", "options": SHORT, "seats": [{"member": m} for m in seats]}
            table = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"])).json()
            keys = [[ana, ben, cem][m - 1]["key"] for m in seats]
            play_out(client, table["id"], seat_tokens(client, code, keys, table["id"]))
        before = [client.get(f"/api/groups/{code}/standings?lang={lang}&bots={bots}").json()
                  for lang in ("en", "de") for bots in ("true", "false")]
        csv_before = client.get(f"/api/groups/{code}/standings.csv").text
    assert before[0]["games"][0]["matches"] == 3
    with TestClient(create_app(db_url)) as client:
        after = [client.get(f"/api/groups/{code}/standings?lang={lang}&bots={bots}").json()
                 for lang in ("en", "de") for bots in ("true", "false")]
        assert client.get(f"/api/groups/{code}/standings.csv").text == csv_before
    assert after == before


def test_a_score_pad_of_the_group_counts_in_its_standings(client: TestClient) -> None:
    code = new_group(client)
    ana, _ben = join(client, code, "Ana"), join(client, code, "Ben")
    res = client.post(f"/api/groups/{code}/scorepads?lang=de", json={"game": "grid", "members": [1, 3]},
                      headers=auth(ana["key"]))
    assert res.status_code == 422 and "kein Mitglied Nummer 3" in res.json()["text"]
    res = client.post(f"/api/groups/{code}/scorepads", json={"game": "grid", "members": [1, 2],
                                                              "options": {"end_total": 30}}, headers=auth(ana["key"]))
    assert res.status_code == 201, res.text
    pad = res.json()
    assert pad["names"] == ["Ana", "Ben"]
    entry = {"players": [{"grid": [11, 5, 0]}, {"grid": [2, 0, 0]}], "round": {"trigger": 0}}  # grid: 32 and 2
    written = client.post(f"/api/scorepads/{pad['id']}/rounds", json=entry, headers=auth(pad["key"]))
    assert written.status_code == 200, written.text
    assert written.json()["over"], written.json()
    games = client.get(f"/api/groups/{code}/standings").json()["games"]
    assert games[0]["game"] == "grid" and games[0]["matches"] == 1
    assert [(p["name"], p["wins"]) for p in games[0]["players"]] == [("Ben", 1), ("Ana", 0)]
    # the last round deleted: the pad's match is not over, and no longer counts
    assert client.delete(f"/api/scorepads/{pad['id']}/rounds/1", headers=auth(pad["key"])).status_code == 200
    assert client.get(f"/api/groups/{code}/standings").json()["games"] == []
    listed = client.get(f"/api/groups/{code}").json()["matches"]
    assert listed == [{"kind": "pad", "game": "grid", "game_name": "Colour Grid", "over": False,
                       "started": listed[0]["started"], "players": ["Ana", "Ben"], "url": f"/scorepad/{pad['id']}"}]


def record(client: TestClient, code: str, source_id: str, result: list[dict[str, Any]], ended: float = 1.0) -> None:
    """A finished table's result in the group's records, as the hook writes it (``group_store._result``)."""
    with client.app.state.store.engine.begin() as conn:
        conn.execute(insert(matches_t).values(source="table", source_id=source_id, group_id=code, game="colors",
                                              seats=[e["member"] for e in result], created=ended, ended=ended,
                                              result=result))


def test_a_match_counts_for_a_member_who_made_at_least_half_of_their_moves(client: TestClient) -> None:
    """The rule of group_standings: Ana played her seat; a bot made 3 of Ben's 6 moves (half: his match, marked);
    a bot made 4 of Cem's 6 (the bot's match: not Cem's, neither played nor won, Cem named apart). Cem's seat came
    first: with the bots it is the bot's win; without them Ana wins among the people who played."""
    code = new_group(client)
    for name in ("Ana", "Ben", "Cem"):
        join(client, code, name)
    record(client, code, "t1", [
        {"member": 1, "bot": None, "name": "Ana", "place": 2, "score": 9, "moves": 6, "bot_moves": 0},
        {"member": 2, "bot": None, "name": "Ben", "place": 3, "score": 4, "moves": 6, "bot_moves": 3,
         "stand_in": "random"},
        {"member": 3, "bot": None, "name": "Cem", "place": 1, "score": 15, "moves": 6, "bot_moves": 4,
         "stand_in": "heuristic"}])
    game = client.get(f"/api/groups/{code}/standings").json()["games"][0]
    lines = {p["key"]: p for p in game["players"]}
    assert set(lines) == {"m1", "m2", "bot:heuristic"} and game["matches"] == 1
    assert (lines["bot:heuristic"]["wins"], lines["bot:heuristic"]["bot"]) == (1, True)
    assert (lines["m2"]["matches"], lines["m2"]["helped"], lines["m1"]["helped"]) == (1, 1, 0)
    assert game["played_by_bot"] == [{"key": "m3", "name": "Cem", "matches": 1}]
    people = client.get(f"/api/groups/{code}/standings?bots=false").json()["games"][0]
    assert [(p["name"], p["wins"], p["form"]) for p in people["players"]] == [("Ana", 1, [1]), ("Ben", 0, [2])]
    assert people["played_by_bot"] == [{"key": "m3", "name": "Cem", "matches": 1}]
    listed = client.get(f"/api/groups/{code}?lang=de").json()["matches"][0]["players"]
    assert listed == ["Ana", "Ben (mit Bot-Hilfe: 3 von 6 Zügen)",
                      "Cem (von einem Bot gespielt: 4 von 6 Zügen; zählt nicht für Cem)"]
    csv_rows = list(csv.reader(io.StringIO(client.get(f"/api/groups/{code}/standings.csv").text)))
    assert "Cem" not in {row[2] for row in csv_rows}


@pytest.mark.parametrize("path", ["/api/groups/x%00y", "/api/groups/x%00y/standings"])
def test_a_control_character_in_a_code_is_a_422(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 422


def test_a_result_the_hook_missed_is_recorded_from_the_stored_table(client: TestClient) -> None:
    """As after a crash between the last move and its record: the group's next read records the finished table."""
    client.app.state.hub.on_match_over.clear()
    code = new_group(client)
    ana, ben = join(client, code, "Ana"), join(client, code, "Ben")
    body = {"game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}
    table = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"])).json()
    play_out(client, table["id"], seat_tokens(client, code, [ana["key"], ben["key"]], table["id"]))
    games = client.get(f"/api/groups/{code}/standings").json()["games"]
    assert games[0]["matches"] == 1 and {p["name"] for p in games[0]["players"]} == {"Ana", "Ben"}


def test_a_name_that_looks_like_a_member_s_is_refused_in_the_page_s_language(client: TestClient) -> None:
    """Members' names are told apart as a table's seats are (kernel.names.check_names, TR39 skeletons): a Cyrillic
    А in "Аna" looks like Ana's name, so it is refused (in the page's language) and nobody joins; a blank name too."""
    code = new_group(client)
    join(client, code, "Ana")
    res = client.post(f"/api/groups/{code}/members?lang=de", json={"name": "\u0410na"})
    assert res.status_code == 422, res.text
    assert res.json()["text"] == ("„\u0410na“ sieht aus wie „Ana“ (ein Mitglied der Spielrunde); wähle einen "
                                  "Namen, der sich anders liest.")
    assert res.json()["error"].startswith('"\u0410na" looks like "Ana"')
    res = client.post(f"/api/groups/{code}/members", json={"name": "\u3164"})
    assert res.status_code == 422 and "shows nothing when written" in res.json()["error"]
    assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Ana"]


def test_the_schema_documents_the_groups_refusals(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    code = new_group(client)
    statuses = {client.get(f"/api/groups/{code}", headers=auth("x")).status_code,
                client.get("/api/groups/none").status_code, client.get("/api/groups/a%00b").status_code}
    assert {str(s) for s in statuses} <= set(paths["/api/groups/{code}"]["get"]["responses"])


def test_groups_and_their_tables_count_against_the_creation_rate(db_url: str) -> None:
    """Starting a table from a group is creating a table: the same per-client rate (issue 22's limits)."""
    limits = Limits(create_rate="2/minute", action_rate=None, sockets_per_client=None, spectators_per_table=None)
    with TestClient(create_app(db_url, limits=limits)) as client:
        code = new_group(client)
        key = join(client, code, "Ana")["key"]
        body = {"game": "colors", "seats": [{"member": 1}, {"bot": "random"}]}
        assert client.post(f"/api/groups/{code}/tables", json=body, headers=auth(key)).status_code == 201
        res = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(key))
        assert res.status_code == 429 and "Retry-After" in res.headers
        assert len(client.get(f"/api/groups/{code}").json()["matches"]) == 1


def test_a_chain_of_rematches_is_listed_in_the_group_before_any_ends(client: TestClient) -> None:
    """A rematch of a rematch of a group's table is the group's too: listed (with each member's own seat) at once."""
    code = new_group(client)
    ana, ben = join(client, code, "Ana"), join(client, code, "Ben")
    body = {"game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}
    table = client.post(f"/api/groups/{code}/tables", json=body, headers=auth(ana["key"])).json()
    tokens = seat_tokens(client, code, [ana["key"], ben["key"]], table["id"])
    client.app.state.hub.on_match_over.clear()  # nothing recorded by the hook: the group's reads find them
    play_out(client, table["id"], tokens)
    second, second_ben = rematch_of(client, table["id"], tokens)
    play_out(client, second["id"], [second["token"], second_ben["token"]])
    third, _ = rematch_of(client, second["id"], [second["token"], second_ben["token"]])
    listed = client.get(f"/api/groups/{code}", headers=auth(ana["key"])).json()["matches"]
    assert [m["url"] for m in listed][0] == f"/t/{third['id']}#seat={third['token']}"
    assert [m["over"] for m in listed] == [False, True, True]
    assert client.get(f"/api/groups/{code}/standings").json()["games"][0]["matches"] == 2


def test_a_pad_of_a_game_without_a_score_pad_is_refused_in_the_page_s_language(client: TestClient) -> None:
    code = new_group(client)
    key = join(client, code, "Ana")["key"]
    join(client, code, "Ben")
    res = client.post(f"/api/groups/{code}/scorepads?lang=de", json={"game": "nope", "members": [1, 2]},
                      headers=auth(key))
    assert res.status_code == 422 and res.json()["error"] == "unbekanntes Spiel 'nope'"
    assert client.get(f"/api/groups/{code}").json()["matches"] == []


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def either(request: pytest.FixtureRequest, db_url: str) -> Iterator[TestClient]:
    """A TestClient on a SQLite file, then on PostgreSQL (skipped without ``KARTENTISCH_TEST_PG_URL``)."""
    with TestClient(create_app(db_url if request.param == "sqlite" else pg_test_url())) as c:
        yield c


def said(res: Any) -> tuple[int, str, str]:
    """A refusal's status, its players' words and its English ``error``."""
    return res.status_code, res.json().get("text", ""), res.json().get("error", "")


def test_a_member_renames_themselves_and_their_past_results_follow(either: TestClient) -> None:
    """Ben becomes Benedikt: the group, its list of matches and its standings name him so, his result stays his.
    A name another member has, or that looks like one, someone else's name, a member who is not there, or no key
    are refused in the players' words (the error in English) and change nothing."""
    client = either
    code = new_group(client)
    ana, ben, cem = (join(client, code, n) for n in ("Ana", "Ben", "Cem"))
    table = client.post(f"/api/groups/{code}/tables", headers=auth(ana["key"]), json={
        "game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}).json()
    play_out(client, table["id"], seat_tokens(client, code, [ana["key"], ben["key"]], table["id"]))
    url = f"/api/groups/{code}/members"
    for lang, body, member, key, answer in (
            ("de", "ana", 2, ben, (409, "Ein Mitglied heißt schon „Ana“; wähle einen anderen Namen.",
                                   'a member is already called "Ana"; choose another name.')),
            ("en", " CEM ", 2, ben, (409, 'A member is already called "Cem"; choose another name.',
                                     'a member is already called "Cem"; choose another name.')),
            ("de", "\u0410na", 2, ben, (422, "„\u0410na“ sieht aus wie „Ana“ (ein Mitglied der Spielrunde); wähle "
                                        "einen Namen, der sich anders liest.",
                                        '"\u0410na" looks like "Ana" (a member of the group); choose a name that '
                                        "reads differently.")),
            ("de", " ", 2, ben, (422, "Ein Name fehlt: 1 bis 80 Zeichen.", "a name is needed: 1 to 80 characters.")),
            ("de", "Ben", 3, ben, (403, "Du kannst nur deinen eigenen Namen ändern, nicht den eines anderen.",
                                   "you can change only your own name, not another member's.")),
            ("de", "Ben", 7, ben, (404, "Diese Person ist nicht (mehr) in der Spielrunde: vielleicht hat sie gerade "
                                   "jemand entfernt.", "this person is not in the group (any more): maybe someone "
                                   "removed them a moment ago.")),
            ("de", "Ben", 2, None, (401, "Das darf nur, wer in der Spielrunde ist: tritt ihr erst mit deinem Namen "
                                    "bei", "only a member of the group may do this: join it with your name first"))):
        res = client.patch(f"{url}/{member}?lang={lang}", json={"name": body},
                           headers=auth(key["key"]) if key else {})
        assert said(res) == answer, (body, res.text)
    assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Ana", "Ben", "Cem"]
    res = client.patch(f"{url}/2", json={"name": " Benedikt "}, headers=auth(ben["key"]))
    assert res.status_code == 200 and res.json() == {"member": 2, "name": "Benedikt"}
    assert client.patch(f"{url}/2", json={"name": "BENEDIKT"}, headers=auth(ben["key"])).status_code == 200
    group = client.get(f"/api/groups/{code}", headers=auth(ben["key"])).json()
    assert group["you"] == 2 and [m["name"] for m in group["members"]] == ["Ana", "BENEDIKT", "Cem"]
    assert group["matches"][0]["players"] == ["Ana", "BENEDIKT"]
    game = client.get(f"/api/groups/{code}/standings").json()["games"][0]
    assert {(p["key"], p["name"]) for p in game["players"]} == {("m1", "Ana"), ("m2", "BENEDIKT")}
    # the old name is free again; the same name and "I joined before" find him under the new one
    assert join(client, code, "Ben")["member"] == 4
    again = client.post(url, json={"name": "benedikt", "again": True}).json()
    assert again["member"] == 2 and again["key"] == ben["key"] and cem["member"] == 3


def test_a_member_leaves_or_is_removed_and_their_past_matches_stay_theirs(either: TestClient) -> None:
    """Cem removes Ben (any member may: a group has no admin): Ben's key no longer opens the group, his past match
    stays listed and in the standings under his name, marked in the reader's language. Cem leaves himself.
    Removing someone not there is refused and changes nothing. Ben joining again under his name is Ben again:
    his number, his match and his standings, not a second Ben beside "Ben (no longer in the group)" (a fresh
    user's finding); so is Cem with "I joined before"."""
    client = either
    code = new_group(client)
    ana, ben, cem = (join(client, code, n) for n in ("Ana", "Ben", "Cem"))
    table = client.post(f"/api/groups/{code}/tables", headers=auth(ana["key"]), json={
        "game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}).json()
    play_out(client, table["id"], seat_tokens(client, code, [ana["key"], ben["key"]], table["id"]))
    url = f"/api/groups/{code}/members"
    res = client.delete(f"{url}/2", headers=auth(cem["key"]))
    assert res.status_code == 200 and res.json() == {"member": 2, "name": "Ben", "left": False}
    assert said(client.get(f"/api/groups/{code}", headers=auth(ben["key"])))[0] == 401
    assert said(client.delete(f"{url}/1", headers=auth(ben["key"])))[0] == 401  # Ben can no longer remove anyone
    for lang, gone in (("en", "Ben (no longer in the group)"), ("de", "Ben (nicht mehr dabei)")):
        group = client.get(f"/api/groups/{code}?lang={lang}", headers=auth(ana["key"])).json()
        assert [m["name"] for m in group["members"]] == ["Ana", "Cem"]
        assert group["matches"][0]["players"] == ["Ana", gone]
        game = client.get(f"/api/groups/{code}/standings?lang={lang}").json()["games"][0]
        assert {(p["key"], p["name"]) for p in game["players"]} == {("m1", "Ana"), ("m2", gone)}
    res = client.post(f"/api/groups/{code}/tables", headers=auth(ana["key"]), json={
        "game": "colors", "seats": [{"member": 1}, {"member": 2}]})
    assert res.status_code == 422  # a table is for the members now
    for member in (2, 9):
        assert said(client.delete(f"{url}/{member}?lang=de", headers=auth(ana["key"]))) == (
            404, "Diese Person ist nicht (mehr) in der Spielrunde: vielleicht hat sie gerade jemand entfernt.",
            "this person is not in the group (any more): maybe someone removed them a moment ago.")
    assert said(client.delete(f"{url}/3"))[0] == 401
    # Ben's name stays his: Cem cannot take it (the group's past matches would read as one person's)
    assert said(client.patch(f"{url}/3?lang=de", json={"name": "ben"}, headers=auth(cem["key"]))) == (
        409, "„Ben“ ist der Name eines Mitglieds, das nicht mehr dabei ist: seine früheren Partien stehen unter "
             "diesem Namen, und wer als „Ben“ beitritt, bekommt diesen Platz zurück; wähle einen anderen Namen.",
        '"Ben" is the name of a member who left: their past matches read under it, and joining as "Ben" gives them '
        "their place back; choose another name.")
    res = client.delete(f"{url}/3", headers=auth(cem["key"]))
    assert res.status_code == 200 and res.json() == {"member": 3, "name": "Cem", "left": True}
    assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Ana"]
    # Ben comes back under his name (as names are compared: "ben" is "Ben"): member 2 again, with a new key
    back = join(client, code, "ben")
    assert back["member"] == 2 and back["name"] == "ben" and back["recovered"] is True
    assert back["key"] != ben["key"] and said(client.get(f"/api/groups/{code}", headers=auth(ben["key"])))[0] == 401
    group = client.get(f"/api/groups/{code}", headers=auth(back["key"])).json()
    assert group["you"] == 2 and [m["name"] for m in group["members"]] == ["Ana", "ben"]
    assert group["matches"][0]["players"] == ["Ana", "ben"]
    assert group["matches"][0]["url"].startswith(f"/t/{table['id']}#seat=")  # his own seat's link again
    game = client.get(f"/api/groups/{code}/standings").json()["games"][0]
    assert {(p["key"], p["name"], p["matches"]) for p in game["players"]} == {("m1", "Ana", 1), ("m2", "ben", 1)}
    assert said(client.post(url, json={"name": "BEN"}))[0] == 409  # a member now: "I joined before"?
    again = client.post(url, json={"name": "Cem", "again": True}).json()  # "I joined before" brings him back too
    assert (again["member"], again["recovered"]) == (3, True)
    assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Ana", "ben", "Cem"]
    assert join(client, code, "Dora")["member"] == 4


def test_an_older_database_gets_the_members_removed_column(db_url: str) -> None:
    """A database made before members could leave lacks kt_group_members.removed: the store adds it, as it adds the
    other newer columns, and the group's members are all still there."""
    with TestClient(create_app(db_url)) as client:
        code = new_group(client)
        ana = join(client, code, "Ana")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE kt_group_members DROP COLUMN removed")
    engine.dispose()
    with TestClient(create_app(db_url)) as client:
        assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Ana"]
        assert client.delete(f"/api/groups/{code}/members/1", headers=auth(ana["key"])).status_code == 200
        assert client.get(f"/api/groups/{code}").json()["members"] == []


def test_a_group_table_allows_hints_where_its_starter_says_so(client: TestClient) -> None:
    """As a lobby's table: hints are off between two members unless the one who starts the table allows them."""
    code = new_group(client)
    ana, _ben = join(client, code, "Ana"), join(client, code, "Ben")
    body: dict[str, Any] = {"game": "colors", "options": SHORT, "seats": [{"member": 1}, {"member": 2}]}
    for asked, expected in ((None, False), (True, True), (False, False)):
        res = client.post(f"/api/groups/{code}/tables", json=body if asked is None else {**body, "hints": asked},
                          headers=auth(ana["key"]))
        assert res.status_code == 201, res.text
        assert client.get(f"/api/tables/{res.json()['id']}/view").json()["hints"] is expected
    # three tables of the same game and people: told apart by when each was started, the newest first
    listed = client.get(f"/api/groups/{code}", headers=auth(ana["key"])).json()["matches"]
    started = [m["started"] for m in listed]
    assert len(started) == 3 and started == sorted(started, reverse=True) and abs(started[0] - time.time()) < 60
