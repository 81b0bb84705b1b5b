"""Fixtures of the web tests: an app on a temp SQLite file, a live uvicorn server, helpers."""

from __future__ import annotations

import dataclasses
import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.web import create_app


def pg_test_url() -> str:
    """The test PostgreSQL database's URL (``KARTENTISCH_TEST_PG_URL``, which scripts/with-postgres.sh sets): the
    calling test is skipped without one, and fails in CI (``CI`` set), where it must be there."""
    url = os.environ.get("KARTENTISCH_TEST_PG_URL", "")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("KARTENTISCH_TEST_PG_URL is not set in CI; run the suite under scripts/with-postgres.sh")
        pytest.skip("no PostgreSQL server (KARTENTISCH_TEST_PG_URL unset; scripts/with-postgres.sh sets it)")
    return url


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite file database."""
    return f"sqlite:///{tmp_path / 'kt.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A TestClient around a fresh app (bots move without delay)."""
    with TestClient(create_app(db_url)) as c:
        yield c


@pytest.fixture
def app_options() -> dict[str, Any]:
    """Keyword arguments of ``create_app`` for :func:`live_server` (a test module overrides this fixture)."""
    return {}


@pytest.fixture
def live_server(db_url: str, app_options: dict[str, Any]) -> Iterator[str]:
    """A real uvicorn server on 127.0.0.1 in a thread (the app made with ``app_options``); yields its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(db_url, **app_options), host="127.0.0.1", port=port,
                                           log_level="warning",
                                           ws_max_size=1024 * 1024))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def child_pids(pid: int) -> set[int]:
    """Process ids whose parent is ``pid`` (from /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def living(pids: set[int], within_s: float) -> set[int]:
    """Those of ``pids`` still running (zombies count as gone) after waiting up to ``within_s`` for them to end."""
    def alive() -> set[int]:
        out = set()
        for pid in pids:
            try:
                if "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]:
                    out.add(pid)
            except OSError:
                continue
        return out

    gone_by = time.monotonic() + within_s
    while alive() and time.monotonic() < gone_by:
        time.sleep(0.1)
    return alive()


def auth(token: str) -> dict[str, str]:
    """The bearer header of a seat token."""
    return {"Authorization": f"Bearer {token}"}


def move_entries(log: list[dict]) -> list[dict]:
    """The move entries of a frame's log, one per event (the round entries that follow round ends and the seats'
    notes left out)."""
    return [e for e in log if "kind" not in e]


def new_table(client: TestClient, game: str, players: int, seats: list[dict], seed: int = 1, **extra) -> dict:
    """POST /api/tables and return the JSON body (asserting 201)."""
    res = client.post("/api/tables", json={"game": game, "players": players, "seats": seats, "seed": seed, **extra})
    assert res.status_code == 201, res.text
    return res.json()


def sit(client: TestClient, tid: str, tokens: list[str]) -> None:
    """Each of ``tokens`` opens its seat's page once (a socket, its first frame), as a person following their link
    does: a live table clock runs for a person only from then on (:func:`kartentisch.web.clock.seated`)."""
    for token in tokens:
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            ws.receive_json()


def played_to_end(client: TestClient, game: str, players: int, seats: list[dict], seed: int,
                  options: dict[str, Any], **extra: Any) -> tuple[dict, Match]:
    """A table made by :func:`new_table` (``extra``: more of its body) and played to the end through the API with
    seeded random legal moves; returns its JSON body and the same match played in memory."""
    table = new_table(client, game, players, seats, seed=seed, options=options, **extra)
    match = Match(get_game(game), players, options, seed)
    rng = random.Random(seed)
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        token = match.state.random_action(seat, rng)
        match.apply(seat, token)
        res = client.post(f"/api/tables/{table['id']}/actions", json={"action": token},
                          headers=auth(table["seats"][seat]["token"]))
        assert res.status_code == 200, res.text
    return table, match


def replace_parts(monkeypatch: pytest.MonkeyPatch, game_id: str, **parts: Any) -> None:
    """Give the registered game ``game_id`` other declared parts for this test (:class:`kartentisch.kernel.Parts`:
    the faces read a game's words through them, so patching a words module would change nothing)."""
    game = get_game(game_id)
    monkeypatch.setattr(game, "_parts", dataclasses.replace(game.parts, **parts))
