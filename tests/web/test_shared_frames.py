"""A broadcast builds and encodes one frame per distinct viewer class, not one per socket (issue 33).

All spectators of a table in one language share one frame, sent as the same encoded text; each seat's frame is
its own, so a spectator's text holds nothing of a seat's view (the frame audit of every viewer is
tests/web/test_hidden_information.py, which runs over these shared frames too).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.web import fanout
from kartentisch.web.event_parts import EventParts
from kartentisch.web.fanout import Subscriber
from kartentisch.web.frames import FrameOut, SeatOut
from kartentisch.web.live import LiveTable

from .conftest import auth, new_table

SPECTATORS_EN = 6
SPECTATORS_DE = 2


def test_one_frame_per_viewer_class_per_event(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_table(client, "colors", 2, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}])
    tid, tokens = created["id"], [s["token"] for s in created["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None, "the TestClient runs its app (used as a context manager)"
    table: LiveTable = portal.call(hub.get, tid)
    received: dict[int, list[str]] = {}

    def sink(key: int) -> Any:
        async def send(text: str) -> None:
            received.setdefault(key, []).append(text)
        return send

    viewers: list[tuple[int | None, str]] = [(0, "en"), (1, "de")]
    viewers += [(None, "en")] * SPECTATORS_EN + [(None, "de")] * SPECTATORS_DE
    for key, (viewer, lang) in enumerate(viewers, start=1000):
        sub = Subscriber(viewer, sink(key), lang=lang)
        table.subscribers[key] = sub
        portal.call(table.push, key, sub)  # the first (full) frame, as Hub.subscribe sends it
    before = {key: (sub.sent, sub.chat_sent) for key, sub in table.subscribers.items()}

    built: list[tuple[int | None, str]] = []
    encoded: list[str] = []
    frame, encode = LiveTable.frame, fanout.encode

    def counting_frame(self: LiveTable, viewer: int | None, log_start: int = 0, lang: str = "en",
                       chat_start: int | None = None, parts: EventParts | None = None) -> FrameOut:
        built.append((viewer, lang))
        return frame(self, viewer, log_start, lang, chat_start, parts)

    def counting_encode(message: dict[str, Any] | FrameOut) -> str:
        text = encode(message)
        encoded.append(text)
        return text

    seat_items: list[str] = []
    made_seats = EventParts._seat_items

    def counting_seats(self: EventParts, lang: str) -> list[SeatOut]:
        seat_items.append(lang)
        return made_seats(self, lang)

    monkeypatch.setattr(LiveTable, "frame", counting_frame)
    monkeypatch.setattr(fanout, "encode", counting_encode)
    monkeypatch.setattr(EventParts, "_seat_items", counting_seats)
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()["legal"]
    built.clear()
    seat_items.clear()
    res = client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]}, headers=auth(tokens[0]))
    assert res.status_code == 200, res.text
    monkeypatch.undo()

    # the action's answer is seat 0's own frame; the broadcast builds one per (viewer, language) class
    assert sorted(built, key=repr) == sorted([(0, "en"), (0, "en"), (1, "de"), (None, "en"), (None, "de")], key=repr)
    assert len(encoded) == 4, "one encoding per viewer class of the broadcast"
    assert sorted(seat_items) == ["de", "en", "en"], "the seats' items once per language of the broadcast (and " \
        "once for the action's answer), not once per frame"
    last = {key: texts[-1] for key, texts in received.items()}
    by_class: dict[tuple[int | None, str], set[int]] = {}
    for key, (viewer, lang) in enumerate(viewers, start=1000):
        by_class.setdefault((viewer, lang), set()).add(id(last[key]))
    assert by_class[None, "en"] == {id(last[1002])} and by_class[None, "de"] == {id(last[1008])}, \
        "every spectator of a class is sent the very same text"
    # the shared text is exactly a spectator's own frame: nothing of seat 0's or seat 1's view in it
    spectator = json.loads(last[1002])
    sent, chat_sent = before[1002]
    assert spectator == json.loads(fanout.encode(table.frame(None, sent, "en", chat_sent)))
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["choices"] == []
    seat0 = json.loads(last[1000])
    assert seat0["view"] != spectator["view"], "a seat's frame is its own"
    assert spectator["n"] == seat0["n"] == 1


def test_tables_share_their_card_names_and_hold_no_dict(client: TestClient) -> None:
    """A live table keeps no per-table copy of what all tables of its game and deck share (issue 33, memory per
    table): the card names of two colors tables are one object, and a table, its log entries and its subscribers
    are slotted (no ``__dict__`` each)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None, "the TestClient runs its app (used as a context manager)"
    people = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}]
    first, second = (portal.call(hub.get, new_table(client, "colors", 2, people, seed=seed)["id"]) for seed in (1, 2))
    assert first is not second and first.card_names is second.card_names
    other = portal.call(hub.get, new_table(client, "mayhem", 3, [*people, {"kind": "human", "name": "Cleo"}])["id"])
    assert other.card_names is not first.card_names, "another game names other cards"
    first.read_by(0, "en")
    first.apply_local(0, [first.state.legal_actions(0)[0]])
    subscriber = Subscriber(None, lambda text: None, lang="en")  # type: ignore[arg-type,return-value]
    for thing in (first, first.log[0], subscriber):
        assert not hasattr(thing, "__dict__"), type(thing).__name__


def test_a_stuck_socket_is_dropped_and_the_others_are_served(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A subscriber that does not take its frame within ``SEND_TIMEOUT`` is dropped (it gets the whole log again
    when it reconnects); the broadcast does not wait for it to serve the others."""
    import asyncio

    monkeypatch.setattr(fanout, "SEND_TIMEOUT", 0.2)
    created = new_table(client, "colors", 2, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None, "the TestClient runs its app (used as a context manager)"
    table: LiveTable = portal.call(hub.get, created["id"])
    got: list[str] = []

    async def stuck(text: str) -> None:
        await asyncio.sleep(60)

    async def quick(text: str) -> None:
        got.append(text)

    table.subscribers[1] = Subscriber(None, stuck, lang="en")
    table.subscribers[2] = Subscriber(None, quick, lang="en")
    portal.call(table.broadcast)
    assert list(table.subscribers) == [2], "the stuck socket is dropped, the quick one kept"
    assert len(got) == 1 and json.loads(got[0])["type"] == "state"
