"""Issue 31 items 3–5: no request can starve a table. Hints are searched once per position, rate-limited per client
and per seat, queued within bounds and dropped when their asker leaves, and never take a person's bot's worker;
a replay position costs the moves asked for and replays are kept within a byte budget; reviews have a budget, a
fair queue and per-client quotas, and a person's review of their own match is never refused because of uploads.

The coach's searches run in threads here (its pool replaced before the first search), so a search can be held
on an event and counted: every ordering below is forced, none is timed."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.bots import coach as bots_coach
from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.web import coach as web_coach
from kartentisch.web import create_app
from kartentisch.web.coach_limits import HINT, TABLE_REVIEW, UPLOAD_REVIEW, CoachLimits, SearchQueue
from kartentisch.web.coach_routes import CLIENT_GONE
from kartentisch.web.limits import Limits
from kartentisch.web.replays import CHECKPOINT_MOVES, Replay, ReplayCache
from kartentisch.web.workers import COACH_POOL

from .conftest import auth, new_table, played_to_end

ITERATIONS = 60
PEOPLE = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


@dataclass
class Held:
    """The coach's searches of one test, held until :attr:`go` is set, counted by kind."""

    go: threading.Event = field(default_factory=threading.Event)
    calls: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wrap(self, kind: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **kwargs: Any) -> Any:
            with self.lock:
                self.calls.append(kind)
            assert self.go.wait(60), "a held search was never let go"
            return fn(*args, **kwargs)
        return held

    def count(self, kind: str) -> int:
        with self.lock:
            return self.calls.count(kind)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    """Every hint search and reviewed decision waits for ``held.go`` (set at the end in any case)."""
    state = Held()
    monkeypatch.setattr(web_coach, "hint_search", state.wrap("hint", bots_coach.hint_search))
    monkeypatch.setattr(web_coach, "judge_decision", state.wrap("judge", bots_coach.judge_decision))
    yield state
    state.go.set()


@contextmanager
def threaded_app(db_url: str, coach: CoachLimits | None = None, limits: Limits | None = None,
                 bot_threads: bool = False) -> Iterator[TestClient]:
    """A TestClient whose coach searches in threads, as many as ``coach.workers``; with ``bot_threads`` the people's
    ISMCTS bots search in one thread of their own too."""
    with TestClient(create_app(db_url, coach_iterations=ITERATIONS, coach=coach, limits=limits)) as client:
        hub = client.app.state.hub
        hub.workers.pools[COACH_POOL] = ThreadPoolExecutor((coach or CoachLimits()).workers,
                                                           thread_name_prefix="test-coach")
        if bot_threads:
            hub.workers.pools["ismcts"] = ThreadPoolExecutor(1, thread_name_prefix="test-bots")
        yield client


def until(check: Callable[[], bool], what: str, seconds: float = 60) -> None:
    """Wait until ``check()`` holds (a deadline only against a hang: nothing here depends on how long it takes)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.02)


def ask_hint_later(client: TestClient, table: dict, answers: list, lang: str = "en") -> threading.Thread:
    """Ask for seat 0's hint at ``table`` in a thread; its answer goes to ``answers``."""
    def ask() -> None:
        answers.append(client.get(f"/api/tables/{table['id']}/hint?lang={lang}",
                                  headers=auth(table["seats"][0]["token"])))
    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return thread


# ------------------------------------------------------------------ hints
def test_hints_over_the_seat_s_or_the_client_s_rate_get_429_with_retry_after_in_the_page_s_language(
        db_url: str) -> None:
    limits = Limits(None, None, None, None, hint_rate="3/minute", seat_hint_rate="2/minute")
    with threaded_app(db_url, limits=limits) as client:
        table = new_table(client, "colors", 2, PEOPLE, hints=True)
        ada, bo = (s["token"] for s in table["seats"])
        url = f"/api/tables/{table['id']}/hint"
        assert [client.get(url, headers=auth(ada)).status_code for _ in range(2)] == [200, 200]
        res = client.get(f"{url}?lang=de", headers=auth(ada))
        assert res.status_code == 429, res.text
        assert res.json()["text"].startswith("Zu viele Tipps für diesen Platz: höchstens 2 pro Minute")
        assert res.json()["error"].startswith("too many hints asked for this seat: at most 2 per minute")  # developers'
        wait = int(res.headers["Retry-After"])
        assert 1 <= wait <= 60 and res.json()["retry_after"] == wait
        res = client.get(url, headers=auth(bo))  # Bo's seat may ask, but this client asked 3 times already
        assert res.status_code == 429 and res.json()["error"].startswith("too many hints asked for from this client")
        assert "Retry-After" in res.headers


def test_a_hint_is_searched_once_per_position_whatever_the_language(db_url: str, held: Held) -> None:
    held.go.set()
    with threaded_app(db_url) as client:
        table = new_table(client, "colors", 2, PEOPLE, hints=True)
        url, ada = f"/api/tables/{table['id']}/hint", auth(table["seats"][0]["token"])
        en, de, again = (client.get(f"{url}?lang={lang}", headers=ada).json() for lang in ("en", "de", "en"))
        assert held.count("hint") == 1
        assert [(m["token"], m["win"]) for m in en["moves"]] == [(m["token"], m["win"]) for m in de["moves"]]
        assert en["moves"][0]["text"].startswith("Play") and de["moves"][0]["text"].startswith("Spiele")
        assert again == en


def test_a_hint_nobody_waits_for_leaves_the_queue_and_is_never_searched(db_url: str, held: Held) -> None:
    with threaded_app(db_url) as client:
        coach = client.app.state.coach
        first, second = (new_table(client, "colors", 2, PEOPLE, hints=True) for _ in range(2))
        answers: list = []
        asking = ask_hint_later(client, first, answers)
        until(lambda: held.count("hint") == 1, "the first hint holds the coach's worker")

        async def ask_and_leave() -> int:
            """GET the second table's hint through the app, the client leaving once it waits in the queue."""
            left, sent = asyncio.Event(), []
            messages = iter([{"type": "http.request", "body": b"", "more_body": False}])

            async def receive() -> dict:
                message = next(messages, None)
                if message is None:
                    await left.wait()
                    return {"type": "http.disconnect"}
                return message

            async def send(message: dict) -> None:
                sent.append(message)

            scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
                     "scheme": "http", "path": f"/api/tables/{second['id']}/hint", "raw_path": b"",
                     "query_string": b"", "root_path": "", "server": ("test", 80), "client": ("127.0.0.1", 9),
                     "headers": [(b"authorization", f"Bearer {second['seats'][0]['token']}".encode())]}
            request = asyncio.ensure_future(client.app(scope, receive, send))
            while not coach.queue.waiting(HINT):
                await asyncio.sleep(0.01)
            left.set()
            await asyncio.wait_for(request, 30)
            return next(m["status"] for m in sent if m["type"] == "http.response.start")

        assert client.portal.call(ask_and_leave) == CLIENT_GONE
        assert coach.queue.waiting(HINT) == 0 and all(key[0] != second["id"] for key in coach.hints)
        held.go.set()
        asking.join(30)
        assert answers[0].status_code == 200 and held.count("hint") == 1  # the second one never ran


def test_a_person_s_bot_moves_while_hints_wait_and_a_full_queue_refuses_one_more_with_503(
        db_url: str, held: Held) -> None:
    with threaded_app(db_url, coach=CoachLimits(workers=1, hint_queue=2), bot_threads=True) as client:
        tables = [new_table(client, "colors", 2, PEOPLE, hints=True) for _ in range(4)]
        answers: list = []
        asking = [ask_hint_later(client, tables[0], answers)]
        until(lambda: held.count("hint") == 1, "one hint holds the coach's worker")
        asking += [ask_hint_later(client, t, answers) for t in tables[1:3]]
        until(lambda: client.app.state.coach.queue.waiting(HINT) == 2, "two hints wait")
        res = client.get(f"/api/tables/{tables[3]['id']}/hint?lang=de", headers=auth(tables[3]["seats"][0]["token"]))
        assert res.status_code == 503 and res.json()["text"].startswith("Der Coach ist beschäftigt: 2 Tipps warten")
        assert int(res.headers["Retry-After"]) >= 1
        # a person's table with an ISMCTS bot: the bot answers although the coach's worker is held
        victim = new_table(client, "colors", 2, [PEOPLE[0], {"kind": "bot", "bot": "ismcts", "iterations": 30}])
        token = victim["seats"][0]["token"]
        frame = client.get(f"/api/tables/{victim['id']}/view", headers=auth(token)).json()
        client.post(f"/api/tables/{victim['id']}/actions", json={"action": frame["legal"][0]}, headers=auth(token))
        until(lambda: client.get(f"/api/tables/{victim['id']}/view",
                                 headers=auth(token)).json()["view"]["to_act"] == [0], "the bot moved")
        assert not held.go.is_set() and held.count("hint") == 1
        held.go.set()
        for thread in asking:
            thread.join(30)
        assert sorted(a.status_code for a in answers) == [200, 200, 200]


def test_the_queue_serves_hints_then_own_reviews_then_uploads_and_clients_take_turns() -> None:
    order: list[str] = []
    go = threading.Event()

    def search(name: str) -> Callable[[], str]:
        def run() -> str:
            go.wait(30)
            order.append(name)
            return name
        return run

    async def scenario() -> list[str]:
        queue = SearchQueue(workers=1, hint_room=8)
        pool = ThreadPoolExecutor(1)
        first = asyncio.ensure_future(queue.run(lambda: pool, search("busy"), HINT, "x"))
        await asyncio.sleep(0)
        asked = [("upload c1", UPLOAD_REVIEW, "c1"), ("hint c1 a", HINT, "c1"), ("hint c1 b", HINT, "c1"),
                 ("table c2", TABLE_REVIEW, "c2"), ("hint c2", HINT, "c2"), ("hint c3 gone", HINT, "c3")]
        tasks = {name: asyncio.ensure_future(queue.run(lambda: pool, search(name), lane, owner))
                 for name, lane, owner in asked}
        await asyncio.sleep(0.05)
        assert queue.waiting(HINT) == 4 and queue.waiting(UPLOAD_REVIEW) == 1
        tasks.pop("hint c3 gone").cancel()  # its asker left: it never runs
        await asyncio.sleep(0)
        assert queue.waiting(HINT) == 3
        go.set()
        await asyncio.gather(first, *tasks.values())
        pool.shutdown()
        assert queue.free == 1
        return order

    assert asyncio.run(scenario()) == ["busy", "hint c1 a", "hint c2", "hint c1 b", "table c2", "upload c1"]


# ------------------------------------------------------------------ replays
def long_match(game: str = "colors", players: int = 4, seed: int = 5, moves: int = 300) -> Match:
    """A match of seeded random legal moves, finished or cut at ``moves`` moves."""
    match = Match(get_game(game), players, {}, seed)
    rng = random.Random(seed)
    while not match.state.game_over and len(match.history) < moves:
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.random_action(seat, rng))
    return match


def test_a_replay_position_costs_the_moves_asked_for_from_a_checkpoint(db_url: str) -> None:
    match = long_match()
    states = list(match.states())
    total = len(match.history)
    assert total > 6 * CHECKPOINT_MOVES
    with TestClient(create_app(db_url)) as client:
        upload = client.post("/api/replays", json={"text": match.dumps()}).json()
        replay = client.app.state.coach.replays.get(f"upload:{upload['id']}")
        for n, since in [(total, total), (total - 1, total - 1), (total, total - 5), (100, 90), (37, 0), (0, 0)]:
            before = replay.applied
            res = client.get(f"/api/replays/{upload['id']}?n={n}&since={since}&seat=2")
            assert res.status_code == 200, res.text
            assert replay.applied - before <= CHECKPOINT_MOVES - 1 + (n - since), (n, since)
            assert res.json()["view"] == states[n].view(1) and res.json()["log_start"] == since
            assert sum(1 for e in res.json()["log"] if "kind" not in e) == n - since  # moves only
        assert len(replay.checkpoints) == total // CHECKPOINT_MOVES + 1


def test_replays_are_kept_within_their_byte_budget_and_come_back_from_the_store(db_url: str) -> None:
    matches = [long_match(seed=s, moves=150) for s in (1, 2, 3)]
    one = Replay(matches[0], {}).nbytes
    with TestClient(create_app(db_url, coach=CoachLimits(replay_bytes=2 * one + one // 2))) as client:
        ids = [client.post("/api/replays", json={"text": m.dumps()}).json()["id"] for m in matches]
        cache: ReplayCache = client.app.state.coach.replays
        assert cache.bytes <= cache.max_bytes and len(cache) == 2
        assert cache.get(f"upload:{ids[0]}") is None  # the least recently used one went
        res = client.get(f"/api/replays/{ids[0]}?n=3&seat=1")  # read again from the store
        assert res.status_code == 200 and cache.bytes <= cache.max_bytes


def test_replay_steps_are_counted_per_client_a_long_log_as_several(db_url: str) -> None:
    match = long_match(moves=120)
    with TestClient(create_app(db_url, limits=Limits(None, None, None, None, replay_rate="5/minute"))) as client:
        upload = client.post("/api/replays", json={"text": match.dumps()}).json()
        url = f"/api/replays/{upload['id']}"
        assert client.get(f"{url}?n=60&since=0&seat=1").status_code == 200  # 1 + 60 // 20 = 4 steps
        assert client.get(f"{url}?n=1&since=0&seat=1").status_code == 200
        res = client.get(f"{url}?n=3&since=2&seat=1&lang=de")
        assert res.status_code == 429 and res.json()["text"].startswith("Zu viele Wiederholungsschritte")
        assert "Retry-After" in res.headers


# ------------------------------------------------------------------ reviews
def finished_table(client: TestClient, seed: int = 4) -> dict:
    """A chips table of two people (one round) played to the end with seeded random legal moves."""
    return played_to_end(client, "chips", 2, PEOPLE, seed, {"rounds": 1})[0]


def test_a_review_judges_its_budget_at_full_effort_and_the_rest_at_a_tenth(db_url: str) -> None:
    budget = 3 * ITERATIONS
    with threaded_app(db_url, coach=CoachLimits(review_budget=budget)) as client:
        table = finished_table(client)
        assert client.post(f"/api/tables/{table['id']}/review").status_code == 202
        until(lambda: client.get(f"/api/tables/{table['id']}/review").json()["state"] == "done", "the review ends")
        review = client.get(f"/api/tables/{table['id']}/review").json()
    low = max(bots_coach.ROOT_VISITS, ITERATIONS // 10)
    assert review["full_effort"] == 3 and review["low_iterations"] == low and review["total"] > 3
    assert [d["searches"] for d in review["decisions"]] == [ITERATIONS] * 3 + [low] * (review["total"] - 3)


def test_uploads_reviews_have_a_quota_and_never_take_the_room_of_one_s_own_match(db_url: str, held: Held) -> None:
    limits = CoachLimits(upload_reviews=2, reviews_per_client=1, table_reviews=1)
    with threaded_app(db_url, coach=limits) as client:
        table = finished_table(client)
        uploads = [client.post("/api/replays", json={"text": long_match("chips", 2, seed=s).dumps()}).json()
                   for s in (1, 2)]
        assert all(u["over"] for u in uploads)
        assert client.post(f"/api/replays/{uploads[0]['id']}/review").status_code == 202
        res = client.post(f"/api/replays/{uploads[1]['id']}/review?lang=de")
        assert res.status_code == 429 and res.json()["text"].startswith(
            "Von diesem Gerät werden schon so viele hochgeladene Partien analysiert, wie es darf (1)")
        assert int(res.headers["Retry-After"]) >= 1
        # the uploads' room and this client's quota are taken: the person's own match is reviewed all the same
        res = client.post(f"/api/tables/{table['id']}/review")
        assert res.status_code == 202 and res.json()["state"] == "running"
        other = finished_table(client, seed=5)
        res = client.post(f"/api/tables/{other['id']}/review")  # the tables' own room (1) is full
        assert res.status_code == 503 and "Retry-After" in res.headers
        held.go.set()
        until(lambda: client.get(f"/api/tables/{table['id']}/review").json()["state"] == "done", "the review ends")


def test_one_client_s_reviews_of_finished_tables_have_a_quota_too(db_url: str, held: Held) -> None:
    with threaded_app(db_url, coach=CoachLimits(table_reviews=2, reviews_per_client=1)) as client:
        first, second = finished_table(client, seed=4), finished_table(client, seed=5)
        assert client.post(f"/api/tables/{first['id']}/review").status_code == 202
        res = client.post(f"/api/tables/{second['id']}/review")
        assert res.status_code == 429 and "Retry-After" in res.headers
        assert res.json()["error"].startswith("this client has as many finished tables under review as it may (1)")
        assert client.post(f"/api/tables/{first['id']}/review").status_code == 202  # its own review answers
        held.go.set()
        until(lambda: client.get(f"/api/tables/{first['id']}/review").json()["state"] == "done", "the review ends")
        assert client.post(f"/api/tables/{second['id']}/review").status_code == 202
