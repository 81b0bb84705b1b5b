"""Round scoring of ``chips`` as pure functions (R10, R17, R18, D9, D11, D17, worked example 4)."""

from __future__ import annotations

import pytest

from kartentisch.games.chips.rules import row_value, score_round, seat_score, winners_of

EXAMPLE4 = {"k": ["k3", "k8"], "r": ["r5", "-r2"], "b": ["b8", "-b1"], "y": ["y2"]}
EMPTY = {"k": [], "r": [], "b": [], "y": []}


def test_row_value() -> None:
    """R10: face-up values minus one per face-down card; worked example 2 is worth 9; empty is 0."""
    assert row_value(["r4", "-r2", "r1", "r6", "-r5"]) == 9
    assert row_value([]) == 0
    assert row_value(["-k10"]) == -1


@pytest.mark.parametrize(("specials", "score"), [([], 27), (["s13"], 25), (["s15"], 21), (["s13", "s15"], 19),
                                                 (["s15", "s13"], 19), (["s2", "s3", "s4", "s6"], 27)])
def test_worked_example_4(specials: list[str], score: int) -> None:
    """Worked example 4: 27 basic, 25 with s13 (yellow dropped), 21 with s15, 19 with both."""
    assert seat_score(EXAMPLE4.values(), 3, specials) == score
    assert score_round([EXAMPLE4, EMPTY], [3, 0], specials) == [score, 0]


def test_s13_drops_an_empty_row_and_only_one_on_ties() -> None:
    """R17, D17: an empty row (0) is the one left out; on ties only one row is dropped."""
    assert seat_score([["k10"], ["r3"], ["b5"], []], 0, ["s13"]) == 18
    assert seat_score([["k4"], ["r4"], ["b4"], ["y4"]], 0, ["s13"]) == 12
    assert seat_score([["-k4"], ["r4"], ["b4"], ["y4"]], 1, ["s13"]) == 13


def test_chips_count_only_in_supplies() -> None:
    """D9, D18: the score uses supply chips only; s15 makes each of them −1."""
    assert score_round([EMPTY, EMPTY], [7, 0]) == [7, 0]
    assert score_round([EMPTY, EMPTY], [7, 0], ["s15"]) == [-7, 0]


def test_score_round_needs_one_supply_per_display() -> None:
    """R10: inputs are per seat."""
    with pytest.raises(ValueError, match="R10"):
        score_round([EMPTY], [1, 2])


def test_winners_share_ties() -> None:
    """R11, D11: every seat with the highest total wins, ascending."""
    assert winners_of([168, 168]) == [0, 1]
    assert winners_of([3, 9, 4]) == [1]
    assert winners_of([-2, -2, -5, -2]) == [0, 1, 3]
