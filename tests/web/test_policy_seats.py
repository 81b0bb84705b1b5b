"""Learned bots at the web table (issue 36 item 1): ``serve --policy`` offers a policy file as the lobby's level
"learned", a seat asks for it as the bot ``policy``, and no request makes the server read another file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from kartentisch.cli.app import app as cli
from kartentisch.web import create_app

from .conftest import auth, move_entries, new_table

pytest.importorskip("numpy")

from tests.bots.test_policy import tiny_policy  # noqa: E402

SMALL = {"max_rounds": 1}


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    return tiny_policy(tmp_path / "colors.npz", "colors", options=SMALL)


@pytest.fixture
def served(db_url: str, policy_file: Path):
    with TestClient(create_app(db_url, policies=[policy_file])) as c:
        yield c


def _wait_over(client: TestClient, tid: str) -> dict:
    for _ in range(1500):
        frame = client.get(f"/api/tables/{tid}/view").json()
        if frame["view"]["game_over"]:
            return frame
        time.sleep(0.02)
    raise AssertionError("the bots did not finish the match")


def test_the_lobby_lists_the_learned_level_for_its_game_and_player_count(served: TestClient):
    games = {g["id"]: g for g in served.get("/api/games").json()}
    assert games["colors"]["learned"]["players"] == 2 and games["colors"]["learned"]["options"]["max_rounds"] == 1
    assert games["grid"]["learned"] is None
    assert games["colors"]["levels"][-1] == "learned"  # a file not measured comes after the measured levels
    assert "learned" not in games["grid"]["levels"]


def test_a_policy_seat_plays_a_whole_match_beside_a_person(served: TestClient):
    table = new_table(served, "colors", 2, [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "policy"}],
                      seed=5, options=SMALL)
    tid, token = table["id"], table["seats"][0]["token"]
    for _ in range(400):
        mine = served.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
        if mine["view"]["game_over"]:
            break
        if mine["legal"]:
            res = served.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]}, headers=auth(token))
            assert res.status_code in (200, 409), res.text
        else:
            time.sleep(0.02)
    frame = served.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
    assert frame["view"]["game_over"]
    assert any(e["seat"] == 1 for e in move_entries(frame["log"]))
    assert [s["name"] for s in frame["seats"]] == ["Ada", "Bot Max (learned)"]
    assert frame["seats"][1]["bot"] == "policy"  # not the file's path on the server
    de = served.get(f"/api/tables/{tid}/view?lang=de", headers=auth(token)).json()
    assert de["seats"][1]["name"] == "Bot Max (gelernt)"


def test_a_table_of_bots_only_plays_the_policy_in_its_worker(served: TestClient):
    table = new_table(served, "colors", 2, [{"kind": "bot", "bot": "policy"}, {"kind": "bot", "bot": "heuristic"}],
                      seed=8, options=SMALL)
    frame = _wait_over(served, table["id"])
    assert {e["seat"] for e in move_entries(frame["log"])} == {0, 1}


@pytest.mark.parametrize(("game", "players", "bot", "message"), [
    ("grid", 2, "policy", "this server offers no learned bot for grid"),
    ("colors", 2, "policy:/etc/passwd", "reads no other policy file"),
    ("colors", 2, "policy:other.npz,temperature=1", "reads no other policy file"),
    ("colors", 3, "policy", "made for 2 players of colors, not 3"),
])
def test_other_policies_and_tables_are_refused(served: TestClient, game: str, players: int, bot: str, message: str):
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
    res = served.post("/api/tables", json={"game": game, "players": players, "seats": seats, "options": SMALL
                                           if game == "colors" else {}})
    assert res.status_code == 422 and message in res.text, res.text


def test_a_policy_seat_at_a_table_of_other_options_is_refused_not_played_at_random(served: TestClient):
    """A fresh session's finding: a mayhem table of the short game took the learned bot (made for the default
    options), whose every move then failed and was made at random under its "learned" label. The table's options
    are checked when the seat is given, at creation and when a seat is handed to it or it is seated later."""
    options = {**SMALL, "target_score": 15}  # colors' points scale is part of the observation
    res = served.post("/api/tables?lang=de", json={"game": "colors", "players": 2, "options": options, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "policy"}]})
    assert res.status_code == 422 and "another observation layout of colors" in res.json()["error"], res.text
    assert res.json()["text"] == ("Platz 2: Der gelernte Bot spielt nur an der Art Tisch, an der er gelernt hat "
                                  "(seine Spielerzahl, die Standardeinstellungen); wähle einen anderen Bot oder "
                                  "diesen Tisch.")
    table = new_table(served, "colors", 2, [{"kind": "human", "name": "Ada"}, {"kind": "open"}], options=options)
    fill = f"/api/tables/{table['id']}/seats/1"
    res = served.post(fill, json={"kind": "bot", "bot": "policy"}, headers=auth(table["host_token"]))
    assert res.status_code == 422 and "another observation layout of colors" in res.text, res.text
    assert served.post(fill, json={"kind": "bot", "bot": "heuristic"}, headers=auth(table["host_token"])).status_code \
        == 200


def test_without_serve_policy_no_policy_is_offered(client: TestClient, policy_file: Path):
    assert all(g["learned"] is None for g in client.get("/api/games").json())
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "options": SMALL, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": f"policy:{policy_file}"}]})
    assert res.status_code == 422 and "offers no learned bot for colors" in res.text


def test_serve_refuses_a_bad_policy_file(tmp_path: Path, policy_file: Path):
    runner = CliRunner()
    done = runner.invoke(cli, ["serve", "--policy", str(tmp_path / "missing.npz")])
    assert done.exit_code == 2 and "--policy: policy file" in done.output and "missing.npz: no such file" in done.output
    done = runner.invoke(cli, ["serve", "--policy", str(policy_file), "--policy", str(policy_file)])
    assert done.exit_code == 2 and "two policies of colors" in done.output
