"""Issue 32 over the API: presence in every frame, the table clock, a seat handed to a bot and taken back, the host
removing a person, the refusals (each changes nothing), the stored hand-over read back from the database, and the
rematch offered to every seat."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.bots import bot_label
from kartentisch.kernel import Match
from kartentisch.kernel import lookup as get_game
from kartentisch.web import create_app, presence
from kartentisch.web.clock import CLOCKS, TIMEOUT_BOT
from kartentisch.web.group_standings import bot_name
from kartentisch.web.notes import own_cards_said
from kartentisch.web.presence import GONE_SECONDS
from kartentisch.web.rematch import REMATCH_SECONDS

from .conftest import auth, move_entries, new_table, sit

#: Every clock, presence threshold and the rematch offer 50 times faster: the fast clock is 0.6 s, "gone" 1.2 s.
SCALE = 0.02
PEOPLE3 = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}, {"kind": "human", "name": "Cem"}]


@pytest.fixture
def fast(db_url: str) -> Iterator[TestClient]:
    """A TestClient around an app whose clocks run 50 times faster."""
    with TestClient(create_app(db_url, time_scale=SCALE)) as c:
        yield c


def view(client: TestClient, tid: str, token: str | None = None, lang: str = "en") -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}/view?lang={lang}", headers=auth(token) if token else {}).json()


def wait_for(check: Any, seconds: float = 60.0) -> Any:
    """Poll ``check()`` until it returns something true (the value), failing after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if value := check():
            return value
        time.sleep(0.05)
    pytest.fail("waited in vain")


#: The notes of a person's first visit at a table with a live clock (``seated``), in either language.
SEATED = re.compile(r"(is|are) at the table; .*clock runs from now on|(ist|bist) am Tisch; .*Uhr .*läuft ab jetzt")


def seat_notes(frame: dict[str, Any]) -> list[str]:
    """The seat notes of a frame's log but those of a person's first visit (:data:`SEATED`)."""
    return [e["text"] for e in frame["log"] if e.get("kind") == "seat" and not SEATED.search(e["text"])]


def colors3(client: TestClient, sitting: tuple[int, ...] = (0, 1, 2), **extra: Any) -> tuple[str, list[str]]:
    """A colors table of Ada, Ben and Cem (``extra``: more of its body); at a live clock the seats ``sitting`` have
    opened their page once (:func:`~.conftest.sit`), so that their clocks run (only theirs)."""
    table = new_table(client, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0}, **extra)
    tokens = [s["token"] for s in table["seats"]]
    if extra.get("clock") in ("fast", "relaxed"):
        sit(client, table["id"], [tokens[seat] for seat in sitting])
    return table["id"], tokens


def test_the_clock_presets_are_data_and_a_table_says_its_clock(fast: TestClient) -> None:
    listed = fast.get("/api/clocks").json()
    assert [p["id"] for p in listed["presets"]] == list(CLOCKS) and listed["off"] == "off"
    assert set(listed["on_timeout"]) == {"bot", "ask"}
    res = fast.post("/api/tables", json={"game": "colors", "players": 3, "seats": PEOPLE3, "clock": "slow"})
    assert res.status_code == 422 and "unknown clock 'slow'" in res.json()["error"]
    res = fast.post("/api/tables", json={"game": "colors", "players": 3, "seats": PEOPLE3, "clock": "fast",
                                         "on_timeout": "later"})
    assert res.status_code == 422 and "unknown on_timeout 'later'" in res.json()["error"]
    tid, tokens = colors3(fast, clock="fast")
    frame = view(fast, tid, tokens[0])
    clock = CLOCKS["fast"].seconds * SCALE
    assert 0 < frame["countdown"] <= clock and frame["countdown_then"] == "ask"
    assert [(s["clock"] is not None, s["clock_then"]) for s in frame["seats"]] == [(True, "ask"), (False, None),
                                                                                  (False, None)]
    assert view(fast, tid, tokens[1])["countdown"] is None  # Ben's own clock: none while Ada decides
    untimed, untimed_tokens = colors3(fast)
    assert view(fast, untimed, untimed_tokens[0])["countdown"] is None


def test_presence_connected_away_gone(fast: TestClient) -> None:
    tid, tokens = colors3(fast)
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws:
        assert ws.receive_json()["seats"][1]["presence"] == "connected"
        frame = wait_for(lambda: (f := view(fast, tid)) and f["seats"][0]["presence"] == "never_came" and f)
        # Ben's page is open; Ada's and Cem's never were: they have not left, they never came
        assert [s["presence"] for s in frame["seats"]] == ["never_came", "connected", "never_came"]
    assert wait_for(lambda: view(fast, tid)["seats"][1]["presence"] == "away")
    assert wait_for(lambda: view(fast, tid)["seats"][1]["presence"] == "gone")
    bots = new_table(fast, "colors", 2, [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    assert view(fast, bots["id"])["seats"][1]["presence"] is None


def test_a_friend_who_never_opened_the_link_may_be_handed_over_on_the_open_pages(fast: TestClient) -> None:
    """Ada and Cem never open their links: Ben's open page is pushed frames that say so (it read "here" until the
    next move, found by a fresh user): not here yet, and after a while their seats may go to a bot."""
    tid, tokens = colors3(fast)
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws:
        first = ws.receive_json()
        assert [(s["presence"], s["hand_over"]) for s in first["seats"]] == [
            ("not_yet", False), ("connected", False), ("not_yet", False)]
        told: list[dict[str, Any]] = []

        def read() -> None:  # frames pushed to Ben's page, until one says Ada may be handed over
            while not told:
                frame = ws.receive_json()
                if frame.get("seats") and frame["seats"][0]["presence"] == "never_came":
                    told.append(frame)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(15)
        assert told, "Ben's page was never told that Ada, who never came, may be handed to a bot"
        assert [(s["presence"], s["hand_over"]) for s in told[0]["seats"]] == [
            ("never_came", True), ("connected", False), ("never_came", True)]


def test_gone_is_pushed_even_when_the_timer_fires_early(fast: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """uvloop's timers may fire a little early (libuv counts from the loop time cached at the start of a busy
    iteration): the announcement of "gone" (here "never_came") waits until the seat reads so, else its one frame said
    "away" and the
    open pages were never told (a host in CI never got the removal button)."""
    real_sleep = asyncio.sleep

    async def early(seconds: float) -> None:  # wakes 50 ms before it was asked to
        await real_sleep(max(0.0, seconds - 0.05))

    monkeypatch.setattr(presence, "asyncio", SimpleNamespace(sleep=early))
    test_a_friend_who_never_opened_the_link_may_be_handed_over_on_the_open_pages(fast)


def test_a_friend_who_never_came_is_not_here_yet_from_the_first_frame(db_url: str) -> None:
    """Found by a fresh user: a seat whose person never opened the link read "here" for the first 10 s of a new
    table (the grace meant for a restart). At scale 1 that grace would last the whole test. A person arriving is
    told to the open pages in one frame, and the newcomer gets one first frame, not two."""
    ws = "/ws/tables/{}?token={}"
    with TestClient(create_app(db_url)) as client:
        tid, tokens = colors3(client)
        assert [s["presence"] for s in view(client, tid)["seats"]] == ["not_yet"] * 3
        with client.websocket_connect(ws.format(tid, tokens[0])) as ada:
            first = ada.receive_json()
            assert [s["presence"] for s in first["seats"]] == ["connected", "not_yet", "not_yet"]
            with client.websocket_connect(ws.format(tid, tokens[1])) as ben:
                assert [s["presence"] for s in ben.receive_json()["seats"]] == ["connected", "connected", "not_yet"]
                told = ada.receive_json()  # Ada's page hears that Ben came, and nothing else happened
                # (its log from event 0 on, as before the first move: round 1's start again, nothing new)
                assert told["n"] == first["n"] and [e.get("kind") for e in told["log"]] == ["start"]
                assert [s["presence"] for s in told["seats"]] == ["connected", "connected", "not_yet"]
                ben.send_json({"type": "ping"})
                assert ben.receive_json() == {"type": "pong"}  # Ben's page got its first frame only


def test_after_a_restart_the_people_keep_their_grace_to_reconnect(db_url: str) -> None:
    """A server restarted (a fresh process reads the table back) cannot know who was here: every person counts as
    here for AWAY_SECONDS, time to reconnect, so nobody flickers "away" (scale 1: 10 s)."""
    with TestClient(create_app(db_url)) as client:
        tid, tokens = colors3(client)
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:
            ada.receive_json()
    with TestClient(create_app(db_url)) as client:
        assert [s["presence"] for s in view(client, tid)["seats"]] == ["connected"] * 3


def test_a_clock_run_out_lets_the_others_hand_the_seat_to_a_bot_and_the_link_takes_it_back(fast: TestClient) -> None:
    tid, tokens = colors3(fast, sitting=(0,), clock="fast")  # Ben's clock, once the bot moved for Ada, never runs out
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:  # Ada is here, but does not move
        ada.receive_json()
        res = fast.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "heuristic"}, headers=auth(tokens[1]))
        assert res.status_code == 409 and "Ada is at the table (connected)" in res.json()["error"]
        frame = wait_for(lambda: (f := view(fast, tid, tokens[1])) and f["seats"][0]["ran_out"] and f)
        assert frame["seats"][0]["hand_over"] and not frame["seats"][1]["hand_over"]  # not one's own seat
        assert seat_notes(frame) == ["Ada's time ran out: anyone at the table may hand the seat to a bot."]
        assert view(fast, tid, tokens[0])["countdown"] is None  # run out: nothing more is played for her
        n = frame["n"]
        res = fast.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "random"}, headers=auth(tokens[1]))
        assert res.status_code == 200, res.text
        after = wait_for(lambda: (f := view(fast, tid, tokens[2])) and f["n"] > n and f)
    assert move_entries(after["log"])[n]["seat"] == 0  # the bot moved for Ada at once
    assert after["seats"][0]["stand_in"] and after["seats"][0]["kind"] == "human" and after["seats"][0]["name"] == "Ada"
    handed = "Ben hands Ada's seat to Bot Lena (plays at random); Ada's own link takes it back."
    assert seat_notes(after)[-1] == handed
    assert seat_notes(view(fast, tid, tokens[2], "de"))[-1] == (
        "Ben gibt den Platz von Ada an Bot Lena (spielt zufällig) ab; mit dem eigenen Link holt Ada ihn zurück.")
    # Ada's link opens again: the seat is hers once more; the bot's move stays
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:
        frame = ada.receive_json()
        assert not frame["seats"][0]["stand_in"] and seat_notes(frame)[-1] == "You are back and play again."
        assert move_entries(frame["log"])[n]["seat"] == 0


def test_a_seat_s_notes_speak_to_their_reader(fast: TestClient) -> None:
    """A note says "you"/"du" to the seat it is about and to the seat that did it, names the seat to the others and
    to a spectator (issue 32's notes, as the rest of the log speaks to its reader). Only Ada's clock runs: no other
    note comes between these."""
    tid, tokens = colors3(fast, sitting=(0,), clock="fast")
    wait_for(lambda: view(fast, tid, tokens[1])["seats"][0]["ran_out"])
    res = fast.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "random"}, headers=auth(tokens[1]))
    assert res.status_code == 200, res.text
    readers = {"Ada": tokens[0], "Ben": tokens[1], "Cem": tokens[2], "spectator": None}
    told = {(who, lang): seat_notes(view(fast, tid, token, lang))
            for who, token in readers.items() for lang in ("en", "de")}
    others_en = ["Ada's time ran out: anyone at the table may hand the seat to a bot.",
                 "Ben hands Ada's seat to Bot Lena (plays at random); Ada's own link takes it back."]
    others_de = ["Die Zeit von Ada ist abgelaufen: alle am Tisch dürfen den Platz an einen Bot geben.",
                 "Ben gibt den Platz von Ada an Bot Lena (spielt zufällig) ab; mit dem eigenen Link holt Ada ihn "
                 "zurück."]
    assert told["Ada", "en"] == ["Your time ran out: the others at the table may hand your seat to a bot.",
                                 "Ben hands your seat to Bot Lena (plays at random); your own link takes it back."]
    assert told["Ada", "de"] == [
        "Deine Zeit ist abgelaufen: die anderen am Tisch dürfen deinen Platz an einen Bot geben.",
        "Ben gibt deinen Platz an Bot Lena (spielt zufällig) ab; mit deinem eigenen Link holst du ihn zurück."]
    assert told["Ben", "en"] == [others_en[0], "You hand Ada's seat to Bot Lena (plays at random); Ada's own link "
                                               "takes it back."]
    assert told["Ben", "de"] == [others_de[0], "Du gibst den Platz von Ada an Bot Lena (spielt zufällig) ab; mit dem "
                                               "eigenen Link holt Ada ihn zurück."]
    assert told["Cem", "en"] == told["spectator", "en"] == others_en
    assert told["Cem", "de"] == told["spectator", "de"] == others_de
    res = fast.post(f"/api/tables/{tid}/seats/0/back", headers=auth(tokens[0]))
    assert res.status_code == 200, res.text
    assert seat_notes(view(fast, tid, tokens[0]))[-1] == "You are back and play again."
    assert seat_notes(view(fast, tid, tokens[0], "de"))[-1] == "Du bist zurück und spielst wieder selbst."
    assert seat_notes(view(fast, tid, tokens[2], "de"))[-1] == "Ada ist zurück und spielt wieder selbst."


def test_on_timeout_bot_makes_the_move_and_keeps_the_seat_a_persons(fast: TestClient) -> None:
    tid, tokens = colors3(fast, clock="fast", on_timeout="bot")
    frame = wait_for(lambda: (f := view(fast, tid, tokens[1])) and f["n"] >= 1 and f)
    assert move_entries(frame["log"])[0]["seat"] == 0
    assert seat_notes(frame)[0] == "Ada's time ran out: Bot Lena (steady) makes this move."
    assert frame["seats"][0]["kind"] == "human" and not frame["seats"][0]["stand_in"]
    # the note comes before the move it tells of (after round 1's start)
    assert [e.get("kind") for e in frame["log"]][:2] == ["start", "seat"]


def test_each_refusal_names_why_and_changes_nothing(fast: TestClient) -> None:
    table = new_table(fast, "colors", 3, [*PEOPLE3[:2], {"kind": "bot", "bot": "random"}], seed=5,
                      options={"first_player": 0})
    tid, tokens, host = table["id"], [s["token"] for s in table["seats"][:2]], table["host_token"]
    url = f"/api/tables/{tid}/seats"
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:
        ada.receive_json()
        before = view(fast, tid)
        cases = [
            (f"{url}/0/handover", {}, None, 401, "a seat token is needed"),
            (f"{url}/0/handover", {}, "nonsense", 401, "unknown seat token"),
            (f"{url}/0/handover", {}, tokens[0], 409, "Ada cannot hand their own seat"),
            (f"{url}/0/handover", {}, tokens[1], 409, "Ada is at the table (connected)"),
            (f"{url}/2/handover", {}, tokens[1], 409, "not a person's seat"),
            (f"{url}/7/handover", {}, tokens[1], 422, "there is no seat 7"),
            (f"{url}/0/handover", {"bot": "chess"}, tokens[1], 422, "seat 1"),
            (f"{url}/1/back", {}, tokens[0], 401, "only the seat's own link"),
            (f"{url}/0/back", {}, tokens[0], 409, "Ada plays this seat already"),
            (f"{url}/0/remove", {}, tokens[1], 401, "only the table's host"),
            (f"{url}/0/remove", {}, host, 409, "Ada is at the table (connected)"),
            (f"{url}/2/remove", {}, host, 409, "not a person's seat"),
        ]
        for path, body, token, status, words in cases:
            res = fast.post(path, json=body, headers=auth(token) if token else {})
            assert res.status_code == status and words in res.json()["error"], (path, token, res.text)
        assert stable(view(fast, tid)) == stable(before)


def stable(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame`` without what time alone changes (presence, and with it who may be handed over)."""
    seats = [{k: v for k, v in s.items() if k not in ("presence", "hand_over")} for s in frame["seats"]]
    return {**frame, "seats": seats}


def test_the_host_removes_a_person_who_is_gone(fast: TestClient) -> None:
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=5, options={"first_player": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    view(fast, tid)  # the table is in the server's memory from here on: nobody's page is open
    time.sleep(GONE_SECONDS * SCALE + 0.1)
    res = fast.post(f"/api/tables/{tid}/seats/0/remove", json={"bot": "random"},
                    headers=auth(table["host_token"]))
    assert res.status_code == 200, res.text
    frame = view(fast, tid, tokens[1])
    assert frame["seats"][0]["kind"] == "bot" and frame["seats"][0]["name"] == "Ada"
    assert seat_notes(frame) == ["The host gives Ada's seat to Bot Lena (plays at random) for the rest of the match."]
    assert fast.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).status_code == 401  # her link is closed


def test_a_removed_persons_link_is_told_in_words_and_may_watch(fast: TestClient) -> None:
    """A friend the host removed opens their own link again (a fresh user's Ben got a bare "This link's seat is not
    known at this table."): the view and the socket say, in the reader's language, that the host gave the seat to
    the bot for the rest of the match and that the link may watch, with no frame of the seat; the spectator's view
    still opens. The refusal changes nothing."""
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=5, options={"first_player": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    view(fast, tid)
    time.sleep(GONE_SECONDS * SCALE + 0.1)
    assert fast.post(f"/api/tables/{tid}/seats/0/remove", json={"bot": "heuristic"},
                     headers=auth(table["host_token"])).status_code == 200
    before = view(fast, tid)
    for lang, words in (("en", "The host gave your seat to Bot Lena (steady) for the rest of the match. "
                               "You can still watch the table."),
                        ("de", "Der Gastgeber hat deinen Platz bis zum Ende der Partie an Bot Lena (solide) gegeben. "
                               "Zuschauen kannst du weiterhin.")):
        res = fast.get(f"/api/tables/{tid}/view?lang={lang}", headers=auth(tokens[0]))
        assert res.status_code == 401 and res.json()["text"] == words and "view" not in res.json()
        with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}&lang={lang}") as ada:
            frame = ada.receive_json()
            assert frame["type"] == "error" and frame["text"] == words and "view" not in frame
    res = fast.post(f"/api/tables/{tid}/actions", json={"action": "play:b5"}, headers=auth(tokens[0]))
    assert res.status_code == 401 and "gave Ada's seat to a bot" in res.json()["error"]
    after = view(fast, tid)
    assert after["n"] == before["n"] and after["seats"][0]["kind"] == "bot"  # the spectator's view opens


def test_a_stored_hand_over_survives_a_reload_from_the_database(db_url: str) -> None:
    with TestClient(create_app(db_url, time_scale=SCALE)) as client:
        tid, tokens = colors3(client, sitting=(0,), clock="fast")  # only Ada's clock runs
        wait_for(lambda: view(client, tid, tokens[1])["seats"][0]["ran_out"])
        res = client.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "random"}, headers=auth(tokens[2]))
        assert res.status_code == 200, res.text
        before = wait_for(lambda: (f := view(client, tid, tokens[1])) and f["n"] >= 1 and f)
        # the bot's moves for Ada are told as the bot's, to Ada too (a fresh user read "You play …" for them)
        bots = [e["text"] for e in move_entries(before["log"]) if e["seat"] == 0]
        assert bots and all(t.startswith("Bot Lena (plays at random) for Ada ") for t in bots), bots
        own = [e["text"] for e in move_entries(view(client, tid, tokens[0], "de")["log"]) if e["seat"] == 0]
        assert own and all(t.startswith("Bot Lena (spielt zufällig) für dich ") for t in own), own
    with TestClient(create_app(db_url, time_scale=SCALE)) as client:  # a fresh server reads the table back
        after = view(client, tid, tokens[1])
        assert after["seats"][0]["stand_in"] and after["seats"][0]["bot"] == "random"
        assert seat_notes(after) == seat_notes(before) == [
            "Ada's time ran out: anyone at the table may hand the seat to a bot.",
            "Cem hands Ada's seat to Bot Lena (plays at random); Ada's own link takes it back."]
        assert move_entries(after["log"])[:before["n"]] == move_entries(before["log"])
        res = client.post(f"/api/tables/{tid}/seats/0/back", headers=auth(tokens[0]))
        assert res.status_code == 200 and not res.json()["seats"][0]["stand_in"]


def test_a_stand_in_s_hidden_cards_are_named_to_its_own_seat_only(fast: TestClient) -> None:
    """A bot passing for Ada (lastcard R5) was told to her as to everyone, "… passes three cards to Cem.", so her log
    never said which of her cards went: her own reader is now told them too, in her language, by their names;
    the others' logs name none (the cards are hidden from them, lastcard R19)."""
    table = new_table(fast, "lastcard", 3, PEOPLE3, seed=5, clock="fast")
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    sit(fast, tid, tokens)
    wait_for(lambda: view(fast, tid, tokens[1])["seats"][0]["ran_out"])
    res = fast.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "random"}, headers=auth(tokens[2]))
    assert res.status_code == 200, res.text
    wait_for(lambda: any(e["seat"] == 0 for e in move_entries(view(fast, tid)["log"])))
    ada = view(fast, tid, tokens[0])
    passed = ada["view"]["zones"]["passed"][0]
    assert len(passed) == 3 and "?" not in passed
    said = {"en": "Bot Lena (plays at random) for you passes three cards to Cem. Given face down: {} and {}.",
            "de": "Bot Lena (spielt zufällig) für dich gibt drei Karten an Cem weiter. Verdeckt abgegeben: {} und {}."}
    for lang, words in said.items():
        own = [e["text"] for e in move_entries(view(fast, tid, tokens[0], lang)["log"]) if e["seat"] == 0]
        assert own == [words.format(", ".join(passed[:2]), passed[2])], own
    for token, whom in ((tokens[1], "Cem"), (tokens[2], "you"), (None, "Cem")):
        others = [e["text"] for e in move_entries(view(fast, tid, token)["log"]) if e["seat"] == 0]
        assert others == [f"Bot Lena (plays at random) for Ada passes three cards to {whom}."], others


def test_the_round_a_stand_in_ends_is_the_person_s_and_coming_back_after_the_match_plays_nothing(
        fast: TestClient) -> None:
    """Ben's bot made the round's last move (colors: Ada starts, so Ben plays twelfth): the round's result named the
    bot ("Bot Lena (plays at random) for you +5 … wins the match", a fresh user's finding); it is Ben's, in every
    reader's log. Ben's link once the match is over says he is back, not that he plays again."""
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=5, options={"first_player": 0, "max_rounds": 1},
                      clock="fast", on_timeout="ask")
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    sit(fast, tid, tokens)
    first = {"action": view(fast, tid, tokens[0])["legal"][0]}
    assert fast.post(f"/api/tables/{tid}/actions", json=first, headers=auth(tokens[0])).status_code == 200
    wait_for(lambda: view(fast, tid, tokens[0])["seats"][1]["ran_out"])
    res = fast.post(f"/api/tables/{tid}/seats/1/handover", json={"bot": "random"}, headers=auth(tokens[0]))
    assert res.status_code == 200, res.text
    while not (frame := view(fast, tid, tokens[0]))["view"]["game_over"]:
        if frame["legal"]:
            fast.post(f"/api/tables/{tid}/actions", json={"action": frame["legal"][0]}, headers=auth(tokens[0]))
        else:
            time.sleep(0.02)
    assert move_entries(frame["log"])[-1]["seat"] == 1  # the bot's move ended the round
    for token, lang, ben in ((tokens[1], "en", "you"), (tokens[0], "en", "Ben"), (None, "de", "Ben")):
        rounds = [e["text"] for e in view(fast, tid, token, lang)["log"] if e.get("kind") == "round"]
        assert len(rounds) == 1 and f", {ben} " in rounds[0] and "Bot" not in rounds[0], rounds
    assert fast.post(f"/api/tables/{tid}/seats/1/back", headers=auth(tokens[1])).status_code == 200
    assert seat_notes(view(fast, tid, tokens[1]))[-1] == "You are back."
    assert seat_notes(view(fast, tid, tokens[0], "de"))[-1] == "Ben ist zurück."


def test_a_stand_in_s_draw_is_named_and_a_card_played_face_up_is_not_told_twice() -> None:
    """:func:`own_cards_said` on mayhem moves: a drawn card (hidden from all others, mayhem R20) is named; a card
    played onto the open pile is in the move's own words already, so nothing is added."""
    match = Match(get_game("mayhem"), 2, {}, 7)
    said: dict[str, str] = {}
    while len(said) < 2:
        seat = match.state.to_act()[0]
        legal = match.state.legal_actions(seat)
        token = "draw" if "draw" in legal and "draw" not in said else next(
            (t for t in legal if t.startswith("play:")), legal[0])
        before = match.state.clone()
        match.apply(seat, token)
        if token == "draw" or token.startswith("play:"):
            said.setdefault("draw" if token == "draw" else "play", own_cards_said(before, match.state, seat, "de"))
            if token == "draw":
                drawn = (Counter(match.state.view(seat)["zones"]["hands"][seat])
                         - Counter(before.view(seat)["zones"]["hands"][seat]))
    assert said["draw"] == f"Du bekommst {get_game('mayhem').card_name(next(iter(drawn)), 'de')}.", said
    assert said["play"] == "", said


def test_a_stand_in_s_draw_of_a_second_copy_is_named() -> None:
    """A fresh user's finding: his stand-in drew a second Yellow 8 (mayhem's deck holds two of most cards) and his
    log said only that it drew a card: the cards got are counted, so a copy of a card the seat holds is named too."""
    game = get_game("mayhem")
    for seed in range(40):
        match = Match(game, 2, {}, seed)
        for _ in range(60):
            seat = match.state.to_act()[0]
            legal = match.state.legal_actions(seat)
            if match.state.game_over or "draw" not in legal:
                break
            before = match.state.clone()
            match.apply(seat, "draw")
            hand_before = Counter(before.view(seat)["zones"]["hands"][seat])
            drawn = Counter(match.state.view(seat)["zones"]["hands"][seat]) - hand_before
            if len(drawn) == 1 and hand_before[card := next(iter(drawn))] >= 1:
                said = own_cards_said(before, match.state, seat, "en")
                assert said == f"You got {game.card_name(card, 'en')}.", said
                return
    pytest.fail("no draw of a second copy in 40 seeds")


def finish(client: TestClient, tid: str, tokens: list[str]) -> None:
    """Play the table's match to its end, each seat its first legal move."""
    frame = view(client, tid)
    while not frame["view"]["game_over"]:
        seat = frame["view"]["to_act"][0]
        legal = view(client, tid, tokens[seat])["legal"]
        frame = client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]}, headers=auth(tokens[seat])).json()


def test_a_rematch_is_offered_to_every_seat_and_starts_when_all_answered(client: TestClient) -> None:
    """At real time: the offer lasts its minute (scaled, 1.2 s lapsed on a loaded CI machine mid-test)."""
    table = new_table(client, "colors", 3, PEOPLE3, seed=3, options={"max_rounds": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    finish(client, tid, tokens)
    url = f"/api/tables/{tid}/rematch"
    assert client.post(url, headers=auth(tokens[0])).json() == {"id": None, "token": None, "url": None,
                                                              "waiting": [1, 2]}
    for token in tokens[1:]:  # every seat sees the offer at once
        offer = view(client, tid, token)["rematch_offer"]
        assert offer["by"] == 0 and offer["answers"] == ["join", None, None] and not offer["made"]
    assert seat_notes(view(client, tid, tokens[1], "de")) == ["Ada möchte eine Revanche."]
    assert seat_notes(view(client, tid, tokens[0], "de")) == ["Du möchtest eine Revanche."]
    assert client.post(url, json={"join": False}, headers=auth(tokens[2])).json()["id"] is None
    made = client.post(url, json={"join": True}, headers=auth(tokens[1])).json()
    assert made["id"] and made["url"].endswith(made["token"])
    assert seat_notes(view(client, tid)) == ["Ada wants a rematch.", "Cem leaves and does not play the rematch.",
                                             "Ben joins the rematch."]
    assert seat_notes(view(client, tid, tokens[2])) == [
        "Ada wants a rematch.", "You leave and do not play the rematch.", "Ben joins the rematch."]
    new = view(client, made["id"], made["token"])
    assert [(s["kind"], s["name"]) for s in new["seats"]][:2] == [("human", "Ada"), ("human", "Ben")]
    assert new["seats"][2]["kind"] == "bot"
    # the rematch's log says who the bot plays for (a fresh user's host was dropped into a match against it unsaid)
    bot = new["seats"][2]["name"]
    assert seat_notes(new) == [f"{bot} takes the seat of the player who did not want a rematch."]
    assert seat_notes(view(client, made["id"], made["token"], "de")) == [
        f"{view(client, made['id'], None, 'de')['seats'][2]['name']} übernimmt den Platz der Person, die keine "
        "Revanche wollte."]
    assert view(client, tid)["rematch_offer"]["made"]
    res = client.post(url, json={"join": False}, headers=auth(tokens[0]))
    assert res.status_code == 409 and "has started already" in res.json()["error"]


def test_a_rematch_starts_after_its_time_and_a_late_answer_takes_the_seat(fast: TestClient) -> None:
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=3, options={"max_rounds": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    finish(fast, tid, tokens)
    fast.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[0]))
    wait_for(lambda: view(fast, tid)["rematch"], REMATCH_SECONDS * SCALE + 5)
    late = fast.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[1])).json()
    new = view(fast, late["id"], late["token"])
    assert new["seats"][1]["stand_in"]  # a bot played for Ben until he answered; his link takes the seat back
    bot = bot_label(TIMEOUT_BOT, 1)
    assert seat_notes(view(fast, late["id"]))[0] == f"Ben has not answered yet: {bot} plays for Ben until Ben joins."
    assert seat_notes(new)[0] == f"You had not answered yet: {bot} plays for you until you join."
    fast.post(f"/api/tables/{late['id']}/seats/1/back", headers=auth(late["token"]))
    assert not view(fast, late["id"])["seats"][1]["stand_in"]


def test_a_hand_over_through_one_process_is_seen_and_undone_through_another() -> None:
    """On a shared store (issue 26): the note and the seat's stand-in committed through A reach B's table in memory
    (catch-up reads the notes and the seats), and Ada takes her seat back through B."""
    from .conftest import pg_test_url

    url = pg_test_url()
    with TestClient(create_app(url, time_scale=SCALE)) as a, TestClient(create_app(url, time_scale=SCALE)) as b:
        tid, tokens = colors3(a, sitting=(0,), clock="fast")  # only Ada's clock runs
        view(b, tid)  # B holds the table in memory too
        wait_for(lambda: view(a, tid, tokens[1])["seats"][0]["ran_out"])
        res = a.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "random"}, headers=auth(tokens[1]))
        assert res.status_code == 200, res.text
        seen = wait_for(lambda: (f := view(b, tid, tokens[2])) and f["n"] >= 1 and f["seats"][0]["stand_in"] and f)
        assert seat_notes(seen)[-1].startswith("Ben hands Ada's seat to Bot Lena")
        res = b.post(f"/api/tables/{tid}/seats/0/back", headers=auth(tokens[0]))
        assert res.status_code == 200, res.text
        assert wait_for(lambda: not view(a, tid)["seats"][0]["stand_in"])


def test_a_removed_persons_open_page_is_told_and_sees_and_plays_no_more(fast: TestClient) -> None:
    """Ada's page stays open while a bot plays for her (her clock ran out, Ben handed the seat over); the host then
    gives the seat to a bot for good: her socket gets a 401 error frame instead of the bot's hand, and an action
    through it is refused."""
    table = new_table(fast, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0}, clock="fast")
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:
        assert ada.receive_json()["seat"] == 0
        wait_for(lambda: view(fast, tid, tokens[1])["seats"][0]["ran_out"])
        assert fast.post(f"/api/tables/{tid}/seats/0/handover", json={}, headers=auth(tokens[1])).status_code == 200
        res = fast.post(f"/api/tables/{tid}/seats/0/remove", json={}, headers=auth(table["host_token"]))
        assert res.status_code == 200, res.text
        frame = ada.receive_json()
        while frame["type"] == "state":
            frame = ada.receive_json()
        assert frame["type"] == "error" and frame["status"] == 401 and "hand" not in frame
        assert frame["text"] == ("The host gave your seat to Bot Lena (steady) for the rest of the match. "
                                 "You can still watch the table.")
        ada.send_json({"type": "action", "action": "play:b5"})
        refusal = ada.receive_json()
        assert refusal["type"] == "error" and refusal["status"] == 401
        assert "gave Ada's seat to a bot" in refusal["error"]


def test_a_clock_survives_a_restart(db_url: str) -> None:
    """The deadline comes from the stored table (its last change), not from a timer in memory: a fresh server
    counts on where the old one stopped instead of starting the clock again."""
    scale = 0.2  # the fast clock: 6 s
    with TestClient(create_app(db_url, time_scale=scale)) as client:
        tid, tokens = colors3(client, clock="fast")
        assert view(client, tid, tokens[0])["countdown"] > 5
    time.sleep(1.5)
    with TestClient(create_app(db_url, time_scale=scale)) as client:
        assert view(client, tid, tokens[0])["countdown"] <= CLOCKS["fast"].seconds * scale - 1.5
        frame = wait_for(lambda: (f := view(client, tid, tokens[1])) and f["seats"][0]["ran_out"] and f)
        assert seat_notes(frame) == ["Ada's time ran out: anyone at the table may hand the seat to a bot."]


def test_the_host_may_remove_a_person_at_a_rematch_and_at_a_group_s_table(fast: TestClient) -> None:
    """The host's options are the same at every table (README: "the host may give it to a bot for good"): a fresh
    user's host had the removal at a lobby's table but not at its rematch (a new host token nobody held) nor at a
    table started from the group's page (its starter got no host token). The rematch keeps the original's host;
    the member who starts a group's table is its host."""
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=3, options={"max_rounds": 1})
    tokens = [s["token"] for s in table["seats"]]
    finish(fast, table["id"], tokens)
    for token in tokens:
        fast.post(f"/api/tables/{table['id']}/rematch", headers=auth(token))
    rematch = fast.post(f"/api/tables/{table['id']}/rematch", headers=auth(tokens[0])).json()["id"]
    code = fast.post("/api/groups", json={"name": "Donnerstag"}).json()["code"]
    anke = fast.post(f"/api/groups/{code}/members", json={"name": "Anke"}).json()
    fast.post(f"/api/groups/{code}/members", json={"name": "Ben"})
    started = fast.post(f"/api/groups/{code}/tables", headers=auth(anke["key"]), json={
        "game": "colors", "seats": [{"member": 1}, {"member": 2}]}).json()
    for tid in (rematch, started["id"]):
        view(fast, tid)  # in the server's memory from here on: Ben's time away counts
    time.sleep(GONE_SECONDS * SCALE + 0.1)
    for tid, host in ((rematch, table["host_token"]), (started["id"], started["host_token"])):
        res = fast.post(f"/api/tables/{tid}/seats/1/remove", json={}, headers=auth(host))
        assert res.status_code == 200, res.text
        assert res.json()["seats"][1]["kind"] == "bot"


def _group_table_with_ben_handed_over(fast: TestClient) -> tuple[str, dict[str, Any], str, str, str]:
    """A group (Ana, Ben) whose table of two has Ben gone from the start and his seat handed by Ana to a random bot:
    ``(code, Ana's member, table id, Ana's seat token, Ben's)``."""
    from .test_groups import join, new_group, seat_tokens

    code = new_group(fast)
    ana, ben = join(fast, code, "Ana"), join(fast, code, "Ben")
    started = fast.post(f"/api/groups/{code}/tables", headers=auth(ana["key"]), json={
        "game": "colors", "options": {"max_rounds": 1, "first_player": 0},
        "seats": [{"member": 1}, {"member": 2}]}).json()
    tid = started["id"]
    mine, his = seat_tokens(fast, code, [ana["key"], ben["key"]], tid)
    view(fast, tid)
    time.sleep(GONE_SECONDS * SCALE + 0.1)
    res = fast.post(f"/api/tables/{tid}/seats/1/handover", json={"bot": "random"}, headers=auth(mine))
    assert res.status_code == 200, res.text
    return code, ana, tid, mine, his


def test_a_match_a_bot_played_for_a_person_is_not_counted_for_them(fast: TestClient) -> None:
    """Ben never comes and Ana hands his seat to a bot, which plays every one of his moves (a fresh user's group
    credited Ben with that match, as an earlier one credited Cleo with a win a bot played 43 of her 46 moves of):
    the group's list of matches says it was a bot's, in the reader's language, and the standings count it for the
    bot that played it, never for Ben (neither played nor won), naming Ben apart; without the bots, Ana alone is no
    match among people."""
    code, ana, tid, mine, _ = _group_table_with_ben_handed_over(fast)
    while not (frame := view(fast, tid, mine))["view"]["game_over"]:
        if frame["legal"]:
            fast.post(f"/api/tables/{tid}/actions", json={"action": frame["legal"][0]}, headers=auth(mine))
        time.sleep(0.02)
    n = sum(e["seat"] == 1 for e in move_entries(frame["log"]))
    for lang, words in (("en", f"Ben (played by a bot: {n} of {n} moves; not counted for Ben)"),
                        ("de", f"Ben (von einem Bot gespielt: {n} von {n} Zügen; zählt nicht für Ben)")):
        listed = fast.get(f"/api/groups/{code}?lang={lang}", headers=auth(ana["key"])).json()["matches"][0]
        assert listed["over"] and listed["players"] == ["Ana", words]
    counted = fast.get(f"/api/groups/{code}/standings").json()["games"][0]
    assert counted["matches"] == 1 and [p["key"] for p in counted["players"] if not p["bot"]] == ["m1"]
    assert [(p["key"], p["name"], p["matches"]) for p in counted["players"] if p["bot"]] == [
        ("bot:random", bot_name("random", "en"), 1)]  # the bot that played Ben's seat has the result
    assert counted["played_by_bot"] == [{"key": "m2", "name": "Ben", "matches": 1}]
    people_only = fast.get(f"/api/groups/{code}/standings?bots=false").json()["games"]
    assert people_only == []


def test_a_match_a_bot_helped_with_counts_for_the_person_and_is_marked(fast: TestClient) -> None:
    """A bot makes Ben's first move, then Ben is back and plays the rest himself: the match is his, with and
    without the bots, and both the list of matches and his line of the standings say a bot helped."""
    code, ana, tid, mine, his = _group_table_with_ben_handed_over(fast)
    while True:  # Ana moves first; then the bot makes Ben's first move
        frame = view(fast, tid, mine)
        if any(e["seat"] == 1 for e in move_entries(frame["log"])):
            break
        if frame["legal"]:
            fast.post(f"/api/tables/{tid}/actions", json={"action": frame["legal"][0]}, headers=auth(mine))
        time.sleep(0.02)
    back = fast.post(f"/api/tables/{tid}/seats/1/back", headers=auth(his))
    assert back.status_code == 200, back.text
    k = sum(e["seat"] == 1 for e in move_entries(back.json()["log"]))  # the bot's moves (one, or a few in a row)
    while not (frame := view(fast, tid, mine))["view"]["game_over"]:
        for token in (mine, his):
            if (own := view(fast, tid, token))["legal"]:
                fast.post(f"/api/tables/{tid}/actions", json={"action": own["legal"][0]}, headers=auth(token))
        time.sleep(0.02)
    n = sum(e["seat"] == 1 for e in move_entries(frame["log"]))
    assert 1 <= 2 * k <= n
    for lang, words in (("en", f"Ben (with a bot's help: {k} of {n} moves)"),
                        ("de", f"Ben (mit Bot-Hilfe: {k} von {n} Zügen)")):
        listed = fast.get(f"/api/groups/{code}?lang={lang}", headers=auth(ana["key"])).json()["matches"][0]
        assert listed["players"] == ["Ana", words]
    for bots in ("true", "false"):
        counted = fast.get(f"/api/groups/{code}/standings?bots={bots}").json()["games"][0]
        ben = next(p for p in counted["players"] if p["key"] == "m2")
        assert counted["matches"] == 1 and ben["matches"] == 1 and ben["helped"] == 1
        assert counted["played_by_bot"] == []


def test_the_host_at_the_table_reads_her_removal_as_her_own(fast: TestClient) -> None:
    """Ada hosts and sits at the table: her removal of Ben is "You give …" on her page (a fresh user's host read
    "Der Gastgeber gibt …" about herself), Ada's on the others'; an unknown seat token is refused and changes
    nothing."""
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=5, options={"first_player": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    view(fast, tid)
    time.sleep(GONE_SECONDS * SCALE + 0.1)
    url, host = f"/api/tables/{tid}/seats/1/remove", auth(table["host_token"])
    res = fast.post(url, json={"bot": "random", "seat_token": "not-a-seat"}, headers=host)
    assert res.status_code == 401 and seat_notes(view(fast, tid)) == []
    res = fast.post(url, json={"bot": "random", "seat_token": tokens[0]}, headers=host)
    assert res.status_code == 200, res.text
    assert seat_notes(view(fast, tid, tokens[0])) == [
        "You give Ben's seat to Bot Max (plays at random) for the rest of the match."]
    assert seat_notes(view(fast, tid, tokens[0], "de")) == [
        "Du gibst den Platz von Ben bis zum Ende an Bot Max (spielt zufällig)."]
    assert seat_notes(view(fast, tid, None, "de")) == [
        "Ada gibt den Platz von Ben bis zum Ende an Bot Max (spielt zufällig)."]


def test_a_bot_playing_a_person_s_seat_is_named_on_it_and_in_the_result(fast: TestClient) -> None:
    """The host removed Ben and Bot Max played his seat to the end, yet the seats said just "Ben" and the result
    "Ben 0 ★ winner" (a fresh user's report): every frame names the bot playing a person's seat (``played_by``, in
    the frame's language), and once the match is over ``bot_moves`` counts the moves a bot made for it, as a
    group's standings do; a seat its person played alone carries neither."""
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=5, options={"first_player": 0, "max_rounds": 1})
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    assert [s["played_by"] for s in view(fast, tid)["seats"]] == [None, None]
    time.sleep(GONE_SECONDS * SCALE + 0.1)
    res = fast.post(f"/api/tables/{tid}/seats/1/remove", json={"bot": "heuristic"},
                    headers=auth(table["host_token"]))
    assert res.status_code == 200, res.text
    for lang, label in (("en", "Bot Max (steady)"), ("de", "Bot Max (solide)")):
        seats = view(fast, tid, tokens[0], lang)["seats"]
        assert seats[1]["name"] == "Ben" and seats[1]["played_by"] == label and seats[0]["played_by"] is None
        assert [s["bot_moves"] for s in seats] == [None, None]  # counted once the match is over
    frame = view(fast, tid, tokens[0])
    while not frame["view"]["game_over"]:
        if frame["legal"]:
            fast.post(f"/api/tables/{tid}/actions", json={"action": frame["legal"][0]}, headers=auth(tokens[0]))
        time.sleep(0.02)
        frame = view(fast, tid, tokens[0])
    ben = sum(e["seat"] == 1 for e in move_entries(frame["log"]))
    assert ben > 0 and [s["bot_moves"] for s in frame["seats"]] == [None, [ben, ben]]
    assert view(fast, tid)["seats"][1]["bot_moves"] == [ben, ben]  # the spectator's frame says it too


def test_a_hand_over_names_its_bot_until_the_person_is_back_and_the_result_counts_its_moves(fast: TestClient) -> None:
    """A seat handed to a bot names the bot while it plays (``played_by``), no longer once its person is back; at the
    end its ``bot_moves`` count only the bot's moves of all the seat's."""
    table = new_table(fast, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0, "max_rounds": 1}, clock="fast")
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    sit(fast, tid, tokens)
    wait_for(lambda: view(fast, tid, tokens[1])["seats"][0]["ran_out"])
    n = view(fast, tid)["n"]
    res = fast.post(f"/api/tables/{tid}/seats/0/handover", json={"bot": "random"}, headers=auth(tokens[1]))
    assert res.status_code == 200, res.text
    assert view(fast, tid, tokens[2], "de")["seats"][0]["played_by"] == "Bot Lena (spielt zufällig)"
    wait_for(lambda: view(fast, tid)["n"] > n)  # the bot moved for Ada
    assert fast.post(f"/api/tables/{tid}/seats/0/back", headers=auth(tokens[0])).status_code == 200
    assert view(fast, tid)["seats"][0]["played_by"] is None
    finish(fast, tid, tokens)
    frame = view(fast, tid)
    ada = [e for e in move_entries(frame["log"]) if e["seat"] == 0]
    assert frame["seats"][0]["bot_moves"] == [1, len(ada)] and len(ada) > 1
    assert [s["bot_moves"] for s in frame["seats"][1:]] == [None, None]


def test_a_live_clock_runs_for_a_person_only_once_they_opened_their_seat(fast: TestClient) -> None:
    """A fresh user's host spent 35 s copying the links: the 30-second clock had run out and a bot had moved for
    her friend, who had not opened his link yet. A live clock runs for a person from their first visit on (told to
    everyone); a turn-based one from the start (a friend who never comes is handed over after a day)."""
    table = new_table(fast, "colors", 3, PEOPLE3, seed=5, options={"first_player": 0}, clock="fast", on_timeout="bot")
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    clock = CLOCKS["fast"].seconds * SCALE
    time.sleep(3 * clock)
    frame = view(fast, tid, tokens[1])
    assert frame["n"] == 0 and [s["clock"] for s in frame["seats"]] == [None, None, None]
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:
        first = ada.receive_json()
        assert 0 < first["countdown"] <= clock
        assert seat_notes_all(first) == ["You are at the table; your clock runs from now on."]
    assert seat_notes_all(view(fast, tid, tokens[1], "de"))[0] == (
        "Ada ist am Tisch; die Uhr von Ada läuft ab jetzt.")
    frame = wait_for(lambda: (f := view(fast, tid)) and f["n"] >= 1 and f)  # her clock ran out: the bot moved
    assert move_entries(frame["log"])[0]["text"].startswith("Bot ")
    with fast.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada:  # told once, not at every visit
        assert sum("at the table" in e["text"] for e in ada.receive_json()["log"]) == 1
    daily, _ = colors3(fast, clock="day")
    assert view(fast, daily)["seats"][0]["clock"] > 0


def test_a_live_clock_waits_while_the_page_asks_the_name(fast: TestClient) -> None:
    """Ben's page asked his name (his private link's first visit) while his clock ran and a bot moved for him (a
    helper's finding): a socket that says it has not arrived (``"arrive": false``) starts no clock; naming the seat
    does, with the note."""
    table = new_table(fast, "colors", 2, PEOPLE3[:2], seed=5, options={"first_player": 1}, clock="fast",
                      on_timeout="bot")
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    with fast.websocket_connect(f"/ws/tables/{tid}") as ben:
        ben.send_json({"type": "auth", "token": tokens[1], "arrive": False})
        assert ben.receive_json()["countdown"] is None
        time.sleep(3 * CLOCKS["fast"].seconds * SCALE)
        assert view(fast, tid)["n"] == 0 and not seat_notes_all(view(fast, tid))
        res = fast.post(f"/api/tables/{tid}/seats/1/name", json={"name": "Benjamin"}, headers=auth(tokens[1]))
        assert res.status_code == 200, res.text
        frame = view(fast, tid, tokens[1])
        assert 0 < frame["countdown"] <= CLOCKS["fast"].seconds * SCALE
        assert seat_notes_all(frame) == ["You chose your name.", "You are at the table; your clock runs from now on."]


def seat_notes_all(frame: dict[str, Any]) -> list[str]:
    """Every seat note of a frame's log, a person's first visit's too."""
    return [e["text"] for e in frame["log"] if e.get("kind") == "seat"]
