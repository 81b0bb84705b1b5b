"""Server limits: the ISMCTS caps (iterations, time budget, a time limit on every search), prompt shutdown
of ``kartentisch serve`` during a search, start-up validation of its port and database, default bot
names."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from kartentisch.web import create_app
from kartentisch.web.tables import MAX_ITERATIONS, limited_spec

from .conftest import child_pids, free_port, living, new_table

HUMAN = {"kind": "human", "name": "Ada"}
SERVE = [sys.executable, "-c", "from kartentisch.cli.app import main; main()", "serve"]


@pytest.mark.parametrize("seat, fragment", [
    ({"bot": "ismcts:iterations=1000000000"}, f"iterations=1000000000 is over this server's limit of {MAX_ITERATIONS}"),
    ({"bot": "ismcts:c=0.5,iterations=1000001"}, "iterations=1000001 is over"),
    ({"bot": "ismcts:time_budget_s=3600"}, "time_budget_s=3600 is over this server's limit of 5 s"),
    ({"bot": "ismcts:time_budget_s=inf"}, "time_budget_s=inf is over"),
    ({"bot": "ismcts:iterations=10", "iterations": 20}, "iterations given twice"),
    ({"bot": "ismcts", "iterations": MAX_ITERATIONS + 1}, "seats.1.iterations"),
])
def test_ismcts_caps_apply_to_the_parsed_spec(client: TestClient, seat: dict, fragment: str) -> None:
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [HUMAN, {"kind": "bot", **seat}]})
    assert res.status_code == 422, res.text
    assert fragment in res.json()["error"]


def test_iterations_field_merges_into_a_spec_with_parameters(client: TestClient) -> None:
    table = new_table(client, "colors", 2, [HUMAN, {"kind": "bot", "bot": "ismcts:c=0.5,time_budget_s=2",
                                                    "iterations": 30}])
    view = client.get(f"/api/tables/{table['id']}/view").json()
    assert view["seats"][1]["bot"] == "ismcts:c=0.5,time_budget_s=2,iterations=30"


@pytest.mark.parametrize("spec, limited", [
    ("ismcts", "ismcts:time_budget_s=5.0"),
    ("ismcts:iterations=200", "ismcts:iterations=200,time_budget_s=5.0"),
    ("ismcts:time_budget_s=2", "ismcts:time_budget_s=2"),
    ("ismcts:time_budget_s=60,c=1", "ismcts:time_budget_s=5.0,c=1"),  # stored before a lower limit
    ("heuristic", "heuristic"),
    ("random", "random"),
])
def test_every_server_search_gets_a_time_limit(spec: str, limited: str) -> None:
    assert limited_spec(spec, 5.0) == limited


def test_a_huge_search_still_moves_within_the_time_limit(db_url: str) -> None:
    """1,000,000 iterations would take hours on colors; the server's time limit makes the bot move anyway."""
    with TestClient(create_app(db_url, search_seconds=0.5)) as client:
        table = new_table(client, "colors", 2, [{"kind": "bot", "bot": "ismcts", "iterations": MAX_ITERATIONS}, HUMAN],
                          seed=2, options={"first_player": 0})
        token = table["seats"][1]["token"]
        with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
            frame = ws.receive_json()
            while frame["n"] == 0:
                frame = ws.receive_json()
        assert frame["log"][0]["seat"] == 0


def test_unnamed_bots_get_a_person_like_name_with_kind_in_each_language(client: TestClient) -> None:
    seats = [HUMAN, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"},
             {"kind": "bot", "bot": "random", "name": "Kai"}]
    table = new_table(client, "colors", 4, seats)
    names = {"en": ["Ada", "Bot Max (steady)", "Bot Ida (plays at random)", "Kai"],
             "de": ["Ada", "Bot Max (solide)", "Bot Ida (spielt zufällig)", "Kai"]}
    assert [s["name"] for s in table["seats"]] == names["en"]
    for lang, expected in names.items():
        frame = client.get(f"/api/tables/{table['id']}/view?lang={lang}").json()
        assert [s["name"] for s in frame["seats"]] == expected
        assert [s["bot"] for s in frame["seats"]] == [None, "heuristic", "random", "random"]  # for developers
    # a name given like a bot's label in either language would make two seats alike
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [
        {"kind": "human", "name": "bot max (solide)"}, {"kind": "bot", "bot": "heuristic"}]})
    assert res.status_code == 422 and "seat names must differ" in res.json()["error"]


def test_an_illegal_move_names_its_rule_once(client: TestClient) -> None:
    table = new_table(client, "colors", 2, [HUMAN, {"kind": "human", "name": "Bo"}], options={"first_player": 0})
    res = client.post(f"/api/tables/{table['id']}/actions", json={"action": "play:zz9"},
                      headers={"Authorization": f"Bearer {table['seats'][0]['token']}"})
    assert res.status_code == 422
    body = res.json()
    assert body["rule"].startswith("colors R") and body["rule"] not in body["error"] and "zz9" in body["error"]


# ---------------------------------------------------------------------- the serve command
def wait_for_health(proc: subprocess.Popen[bytes], base: str) -> float:
    """Wait until the server ``proc`` at ``base`` answers /api/health (fails after 30 s or if it exits);
    returns that deadline, for the caller's next waits."""
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None, proc.communicate()
        try:
            if httpx.get(f"{base}/api/health").status_code == 200:
                return deadline
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.1)


def test_serve_stops_promptly_on_sigterm_during_a_search(tmp_path: Path) -> None:
    """SIGTERM while an ISMCTS worker is mid-search (limit 120 s): the server and its workers are gone in seconds."""
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'kt.db'}",
                             "--bot-delay", "0", "--search-seconds", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = wait_for_health(proc, base)
        res = httpx.post(f"{base}/api/tables", json={
            "game": "colors", "players": 2, "seed": 2, "options": {"first_player": 0},
            "seats": [{"kind": "bot", "bot": "ismcts:time_budget_s=120", "iterations": MAX_ITERATIONS}, HUMAN]})
        assert res.status_code == 201, res.text
        httpx.get(f"{base}/api/tables/{res.json()['id']}/view")  # loads the table: its bot starts thinking
        while not child_pids(proc.pid):
            assert time.monotonic() < deadline, "no worker process started"
            time.sleep(0.1)
        time.sleep(3)  # the spawned worker imports the games and is searching now
        workers = child_pids(proc.pid)
        assert httpx.get(f"{base}/api/tables/{res.json()['id']}/view").json()["n"] == 0  # still thinking
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=15)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert took < 10, f"serve took {took:.1f} s to stop"

    # Workers are terminated before serve exits; multiprocessing's resource tracker (also a child) leaves
    # when it sees its parent's pipe close, a moment later. Nothing may outlive that by seconds.
    assert not living(workers, within_s=5)


def test_ctrl_c_after_bot_games_shuts_the_workers_down_quietly(tmp_path: Path) -> None:
    """Ctrl-C in a terminal sends SIGINT to the whole process group, bot workers included: neither they nor
    the server may print a traceback (KeyboardInterrupt in a worker printed one in 2 of 4 shutdowns)."""
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'kt.db'}",
                             "--bot-delay", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)  # its own process group, as a terminal's job
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_health(proc, base)
        res = httpx.post(f"{base}/api/tables", json={
            "game": "colors", "players": 3, "seed": 2, "options": {"first_player": 0},
            "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "ismcts", "iterations": 50}, HUMAN]})
        assert res.status_code == 201, res.text
        deadline = time.monotonic() + 60
        while httpx.get(f"{base}/api/tables/{res.json()['id']}/view").json()["n"] < 2:  # both bots moved
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.1)
        assert len(child_pids(proc.pid)) >= 2  # the heuristic and the ISMCTS worker (and the resource tracker)
        os.killpg(proc.pid, signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode(errors="replace")


@pytest.mark.parametrize("args, fragment", [
    (["--db", "nonsense://x"], "database 'nonsense://x' cannot be used: Can't load plugin"),
    (["--db", "not a url"], "database 'not a url' cannot be used"),
    (["--port", "99999"], "--port must be between 1 and 65535, got 99999"),
    (["--port", "0"], "--port must be between 1 and 65535, got 0"),
    (["--search-seconds", "0"], "--search-seconds must be a number > 0"),
    (["--search-seconds", "inf"], "--search-seconds must be a number > 0, got inf"),
    (["--bot-delay", "nan"], "--bot-delay must be a number ≥ 0, got nan"),
    (["--bot-delay", "-1"], "--bot-delay must be a number ≥ 0, got -1"),
])
def test_serve_rejects_bad_start_up_values_in_one_line(tmp_path: Path, args: list[str], fragment: str) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}  # the default database, should one be opened
    done = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kartentisch serve: error: ")
    assert fragment in done.stderr and "Traceback" not in done.stderr and "open http" not in done.stdout
