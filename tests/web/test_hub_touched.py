"""A move's record (issue 33): the hub keeps the table's record with ``touched`` now after every move, a copy made
without :func:`dataclasses.replace` (which ran the record's ``__init__`` on every move)."""

from __future__ import annotations

import dataclasses
import time

import pytest

from kartentisch.web.hub import _touched
from kartentisch.web.records import SeatRecord, TableRecord


def _record() -> TableRecord:
    seats = [SeatRecord(seat=i, kind="human", name=f"P{i + 1}", bot=None, token=f"t{i}") for i in range(2)]
    return TableRecord(id="t1", game="colors", players=2, options={"target_score": 300}, seed=7, seats=seats,
                       events=[(0, "take:1")], created=100.0, touched=100.0, rematch_id=None, spectator_chat=True)


def test_touched_is_now_and_every_other_field_the_same() -> None:
    record = _record()
    before = time.time()
    new = _touched(record)
    assert before <= new.touched <= time.time()
    assert type(new) is TableRecord and new is not record
    for field in dataclasses.fields(TableRecord):
        if field.name != "touched":
            assert getattr(new, field.name) is getattr(record, field.name), field.name


def test_the_record_before_is_unchanged_and_the_copy_still_frozen() -> None:
    record = _record()
    new = _touched(record)
    assert record.touched == 100.0  # a reader holding the record before the move still reads it as it was
    assert dataclasses.replace(new, touched=100.0) == record
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.touched = 1.0  # type: ignore[misc]
