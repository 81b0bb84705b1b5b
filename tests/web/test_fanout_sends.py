"""A broadcast's sends (issue 33): a send that does not wait is done without a task of its own, one that waits goes
on in a task with its timeout, and either kind that fails drops its subscriber only (the slow socket's case is
tests/web/test_shared_frames.py)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from kartentisch.web import fanout
from kartentisch.web.fanout import Subscriber
from kartentisch.web.live import LiveTable
from kartentisch.web.records import SeatRecord, TableRecord


def colors_table() -> LiveTable:
    """A live colors table of two people, without store or hub."""
    seats = [SeatRecord(seat=i, kind="human", name=name, bot=None, token=f"t{i}") for i, name in enumerate("AB")]
    record = TableRecord(id="sends", game="colors", players=2, options={}, seed=1, seats=seats, events=[],
                         created=time.time(), touched=time.time(), rematch_id=None)
    return LiveTable.from_record(record)


def test_sends_that_wait_or_fail_each_end_their_own_way() -> None:
    """Six spectators: one takes its frame at once, one after waiting, one fails at once, one fails after waiting,
    one waits past ``SEND_TIMEOUT``, one fails before its send is awaited. The first two get the same frame and
    stay; the other four are dropped; no task is made for the send that did not wait."""
    got: dict[str, list[str]] = {}
    tasks_seen: dict[str, int] = {}

    async def at_once(text: str) -> None:
        tasks_seen["at_once"] = len(asyncio.all_tasks())
        got.setdefault("at_once", []).append(text)

    async def waits(text: str) -> None:
        await asyncio.sleep(0.01)
        got.setdefault("waits", []).append(text)

    async def fails(text: str) -> None:
        raise RuntimeError("closed")

    async def fails_later(text: str) -> None:
        await asyncio.sleep(0.01)
        raise RuntimeError("closed meanwhile")

    async def stuck(text: str) -> None:
        await asyncio.sleep(60)

    def no_send(text: str) -> None:  # a sink that fails before it is awaited
        raise RuntimeError("no socket")

    async def run() -> None:
        table = colors_table()
        for key, sink in enumerate((at_once, waits, fails, fails_later, stuck)):
            table.subscribers[key] = Subscriber(None, sink, lang="en")
        table.subscribers[5] = Subscriber(None, no_send, lang="en")  # type: ignore[arg-type]
        before = len(asyncio.all_tasks())
        await table.broadcast()
        assert tasks_seen["at_once"] == before, "the send that did not wait ran in the broadcasting task"
        assert sorted(table.subscribers) == [0, 1], "the failed and the stuck subscribers are dropped"

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fanout, "SEND_TIMEOUT", 0.2)
        asyncio.run(run())
    assert got["at_once"] == got["waits"] and len(got["at_once"]) == 1
    assert json.loads(got["at_once"][0])["type"] == "state"


def test_a_broadcast_cancelled_while_a_send_waits_cancels_that_send() -> None:
    """A broadcast cancelled (a server shutting down) while a send waits: the send is cancelled where it waits, as a
    task of its own would be, and the broadcast ends cancelled."""
    seen: list[str] = []

    async def waits(text: str) -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise

    async def run() -> None:
        table = colors_table()
        table.subscribers[0] = Subscriber(None, waits, lang="en")
        task = asyncio.create_task(table.broadcast())
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    assert seen == ["cancelled"]


def test_a_push_that_waits_is_sent() -> None:
    """A socket's first frame (:func:`~kartentisch.web.fanout.push`) through a send that waits before it writes."""
    got: list[str] = []

    async def waits(text: str) -> None:
        await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        got.append(text)

    async def run() -> None:
        table = colors_table()
        sub = table.subscribers[0] = Subscriber(0, waits, lang="de")
        await fanout.push(table, 0, sub)
        assert list(table.subscribers) == [0] and sub.sent == 0

    asyncio.run(run())
    assert len(got) == 1 and json.loads(got[0])["lang"] == "de"
