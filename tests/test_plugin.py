"""A game from outside: ``examples/plugin_game`` (``highcard``) installed alone works in every face.

The package is installed with pip into a folder of its own (``--target``, no network: the build
uses this environment's setuptools) and every command runs in a fresh process with that folder on
``PYTHONPATH``, so the game is found only through its entry point, as for a user who ran
``pip install -e examples/plugin_game``. Nothing outside the package knows the game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "examples" / "plugin_game"
KT = [str(Path(sys.executable).parent / "kartentisch")]


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    target = tmp_path_factory.mktemp("plugin")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                    "--target", str(target), str(PLUGIN)], check=True, capture_output=True, timeout=300)
    return {**os.environ, "PYTHONPATH": str(target), "PYTHONWARNINGS": "ignore"}


def run(env: dict[str, str], *args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), env=env, input=stdin, capture_output=True, text=True, timeout=300, cwd=cwd)


def test_the_plugin_is_unknown_without_its_package() -> None:
    out = run({**os.environ}, *KT, "rules", "highcard")
    assert out.returncode != 0 and "There is no game “highcard” here" in out.stdout + out.stderr


def test_games_rules_and_scenarios(plugin_env: dict[str, str]) -> None:
    games = run(plugin_env, *KT, "games")
    assert games.returncode == 0 and "highcard" in games.stdout and "High Card / Höchste Karte" in games.stdout
    rules = run(plugin_env, *KT, "rules", "highcard", "--lang", "de")
    assert rules.returncode == 0 and "Höchste Karte" in rules.stdout and "Stich" in rules.stdout
    scenarios = run(plugin_env, *KT, "scenario", str(PLUGIN / "src" / "highcard" / "scenarios"))
    assert scenarios.returncode == 0 and "4 passed, 0 failed" in scenarios.stdout, scenarios.stdout
    kit = run(plugin_env, *KT, "check-game", "highcard", "--players", "2", "--positions", "1", "--matches", "1")
    said = " ".join(kit.stdout.split())  # the installed package ships its scenarios: the kit runs them
    assert kit.returncode == 0 and "invariants, words, scenarios, pettingzoo, openspiel hold" in said, kit.stdout


def test_play_in_the_terminal_in_words(plugin_env: dict[str, str], tmp_path: Path) -> None:
    out = run(plugin_env, *KT, "play", "highcard", "--players", "3", "--bots", "heuristic,random", "--seed", "4",
              "--lang", "de", "--save", str(tmp_path / "m.jsonl"), stdin="1\n" * 10)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Du wählst verdeckt die" in out.stdout and "Die Karten werden aufgedeckt" in out.stdout
    assert "Partie" in out.stdout.splitlines()[-2] + out.stdout.splitlines()[-3]  # who won, in words
    replay = run(plugin_env, *KT, "replay", str(tmp_path / "m.jsonl"), "--seat", "1", "--no-step")
    assert replay.returncode == 0 and "Move 15/15" in replay.stdout


def test_simulate_and_a_tournament_with_ismcts(plugin_env: dict[str, str], tmp_path: Path) -> None:
    sim = run(plugin_env, *KT, "simulate", "highcard", "--players", "4", "--games", "50", "--bots", "heuristic,random",
              "--json", str(tmp_path / "s.json"))
    assert sim.returncode == 0, sim.stdout + sim.stderr
    assert json.loads((tmp_path / "s.json").read_text())["ended"] == 50
    tour = run(plugin_env, *KT, "tournament", "highcard", "--bots", "ismcts:iterations=30,random", "--matches", "6",
               "--json", str(tmp_path / "t.json"))
    assert tour.returncode == 0, tour.stdout + tour.stderr
    assert json.loads((tmp_path / "t.json").read_text())["matches"] == 6


WEB = """
import random, sys, tempfile, time
from fastapi.testclient import TestClient
from kartentisch.web.app import create_app

if __name__ == "__main__":  # bot workers are spawned: they import this script

    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(f"sqlite:///{tmp}/w.db")) as c:
        assert "highcard" in [g["id"] for g in c.get("/api/games").json()]
        t = c.post("/api/tables", json={"game": "highcard", "players": 2, "seed": 5, "seats": [
            {"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "heuristic"}]}).json()
        auth = {"Authorization": "Bearer " + t["seats"][0]["token"]}
        rng = random.Random(1)
        for _ in range(200):
            frame = c.get(f"/api/tables/{t['id']}/view?lang=en", headers=auth).json()
            if frame["view"]["game_over"]:
                break
            if frame["legal"]:
                c.post(f"/api/tables/{t['id']}/actions", json={"action": rng.choice(frame["legal"])}, headers=auth)
            else:
                time.sleep(0.05)
        assert frame["view"]["game_over"], frame
        texts = [e["text"] for e in frame["log"]]
        tricks = [x for x in texts if "turned over" in x]  # each says who takes it ("You take", "Ana takes")
        assert tricks and all("take the trick" in x or "takes the trick" in x for x in tricks), texts
        assert all(e["token"] == "play:?" for e in frame["log"] if e.get("seat") == 1), frame["log"]  # H6
        page = c.get(f"/t/{t['id']}")
        assert page.status_code == 200
        print("web ok")
"""


def test_the_browser_table_api(plugin_env: dict[str, str], tmp_path: Path) -> None:
    script = tmp_path / "web_check.py"
    script.write_text(WEB)
    out = run(plugin_env, sys.executable, str(script), cwd=tmp_path)
    assert out.returncode == 0 and "web ok" in out.stdout, out.stdout + out.stderr


RL = """
import random

from pettingzoo.test import api_test
from kartentisch.rl.pettingzoo import env
from kartentisch.rl.openspiel import load

api_test(env("highcard", players=3), num_cycles=100)
game = load("highcard", 2)
state = game.new_initial_state()
rng = random.Random(0)
while not state.is_terminal():
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice(outcomes)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
assert sum(state.returns()) > 0
print("rl ok")
"""


def test_pettingzoo_and_openspiel(plugin_env: dict[str, str], tmp_path: Path) -> None:
    pytest.importorskip("pettingzoo")
    script = tmp_path / "rl_check.py"
    script.write_text(RL)
    out = run(plugin_env, sys.executable, str(script), cwd=tmp_path)
    assert out.returncode == 0 and "rl ok" in out.stdout, out.stdout + out.stderr


#: The project's per-game test modules: each iterates over the installed games (the registry), never a list of ids.
PER_GAME = ["tests/test_words.py", "tests/test_cli.py", "tests/test_scenarios.py", "tests/test_properties.py",
            "tests/sim", "tests/cli", "tests/rl"]


def test_the_project_s_per_game_tests_pick_up_an_installed_game(plugin_env: dict[str, str]) -> None:
    """Issue 35: installed beside the five games, highcard is a case of every per-game test module, and passes."""
    out = run(plugin_env, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "highcard",
              "-W", "ignore::DeprecationWarning", *PER_GAME)
    assert out.returncode == 0, out.stdout[-3000:]
    ran = [line.split("::")[0] for line in run(plugin_env, sys.executable, "-m", "pytest", "-q", "-p",
                                               "no:cacheprovider", "--collect-only", "-k", "highcard",
                                               *PER_GAME).stdout.splitlines() if "highcard" in line]
    assert {module.split("/")[1] for module in ran} >= {"test_words.py", "test_cli.py", "test_scenarios.py",
                                                         "test_properties.py", "sim", "cli", "rl"}, ran
