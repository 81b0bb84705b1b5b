"""Kernel pieces that need no particular game: options, registry, bot specs, statistics, scenario matching."""

from __future__ import annotations

import pytest

from kartentisch.bots import parse_spec
from kartentisch.kernel import InvalidOptions, KartentischError, lookup
from kartentisch.kernel.options import bool_option, choice_option, int_option, resolve_options, seat_option
from kartentisch.kernel.scenario import partial_mismatch
from kartentisch.sim.engine import derive_seed, rotated_jobs
from kartentisch.sim.stats import wilson

SPECS = [
    int_option("target_score", 30, 1),
    int_option("max_rounds", None, 1, nullable=True),
    seat_option("first_player"),
    bool_option("floor_zero", True),
    choice_option("game_length", "medium", ["short", "medium", "long"]),
]


def test_options_defaults_and_merge() -> None:
    assert resolve_options(SPECS, {"target_score": 15}, 4) == {
        "target_score": 15, "max_rounds": None, "first_player": 0, "floor_zero": True, "game_length": "medium"}


@pytest.mark.parametrize(("given", "fragment"), [
    ({"nope": 1}, "unknown option 'nope'; known options: first_player, floor_zero, game_length"),
    ({"target_score": 0}, "option 'target_score': 0 is not allowed; allowed: integer ≥ 1"),
    ({"target_score": True}, "option 'target_score': True is not allowed"),
    ({"max_rounds": "3"}, "allowed: null or integer ≥ 1"),
    ({"first_player": 4}, "allowed: seat 0 … 3"),
    ({"floor_zero": 1}, "allowed: true or false"),
    ({"game_length": "huge"}, "allowed: 'short', 'medium', 'long'"),
])
def test_bad_options_name_the_allowed_values(given: dict, fragment: str) -> None:
    with pytest.raises(InvalidOptions) as err:
        resolve_options(SPECS, given, 4)
    assert fragment in str(err.value)


def test_unknown_game_lists_known_ids() -> None:
    with pytest.raises(KartentischError, match="unknown game 'poker'; known games: chips, colors, grid, lastcard"):
        lookup("poker")


def test_bot_spec_parsing() -> None:
    assert parse_spec("ismcts:iterations=1000,c=0.7,rollout=heuristic") == (
        "ismcts", {"iterations": 1000, "c": 0.7, "rollout": "heuristic"})
    assert parse_spec("random") == ("random", {})
    with pytest.raises(KartentischError, match="unknown bot 'genius'"):
        parse_spec("genius")
    with pytest.raises(KartentischError, match="is not key=value"):
        parse_spec("ismcts:1000")


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(85, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.7672, 0.9069)  # Wilson 1927, z = 1.96
    assert wilson(0, 0) == (0.0, 1.0)


def test_seeds_and_rotation_are_deterministic() -> None:
    assert derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(1, 3)
    jobs = list(rotated_jobs("colors", 2, ["heuristic", "random"], 4, seed=5))
    assert [j.bots for j in jobs] == [("heuristic", "random"), ("random", "heuristic")] * 2
    assert len({j.seed for j in jobs}) == 4


def test_partial_document_matching() -> None:
    actual = {"a": 1, "b": {"c": [1, 2], "d": None}, "e": True}
    assert partial_mismatch({"b": {"c": [1, 2]}}, actual) is None
    assert partial_mismatch({"b": {"c": [2, 1]}}, actual) == "state.b.c: expected [2, 1], got [1, 2]"
    assert partial_mismatch({"x": 1}, actual) == "state.x: missing (expected 1)"
    assert partial_mismatch({"e": 1}, actual) is not None  # true is not 1 in a JSON document


def test_sort_shuffle_is_uniform_and_seeded():
    """All 24 orders of 4 items appear about equally often (chi-square, 23 degrees of freedom:
    99.9% quantile 49.7), the items are kept, and equal seeds give equal orders."""
    import random
    from collections import Counter

    from kartentisch.kernel import sort_shuffle

    rng = random.Random(3)
    n = 24_000
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        items = [0, 1, 2, 3]
        sort_shuffle(rng, items)
        counts[tuple(items)] += 1
    assert len(counts) == 24
    expected = n / 24
    assert sum((k - expected) ** 2 / expected for k in counts.values()) < 49.7
    a, b = list(range(50)), list(range(50))
    sort_shuffle(random.Random(9), a)
    sort_shuffle(random.Random(9), b)
    assert a == b and sorted(a) == list(range(50)) and a != list(range(50))


def test_shuffle_is_random_shuffle():
    """The deal shuffle gives ``Random.shuffle``'s order and leaves the generator in the same state,
    for every length 0 … 130 (item counts of the five decks) and many seeds: seeded deals,
    scenarios and saved replays depend on it."""
    import random

    from kartentisch.kernel import shuffle

    for seed in range(40):
        for length in (0, 1, 2, 3, 7, 30, 36, 48, 60, 64, 65, 110, 130):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(length)), list(range(length))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b, (seed, length)
            assert ours.getstate() == theirs.getstate(), (seed, length)


def test_a_line_names_the_tokens_before_the_one_that_failed():
    """In 'play:x play:zz' the second token fails on the position after the first: the reason says so."""
    import pytest

    from kartentisch.games import get_game
    from kartentisch.kernel import IllegalAction

    state = get_game("colors").new_state(2, seed=1)
    seat = state.to_act()[0]
    first = state.legal_actions(seat)[0]
    before = state.to_doc()
    with pytest.raises(IllegalAction, match=f"'play:zz' is illegal: after '{first}': ") as err:
        state.apply_line(seat, f"{first} play:zz")
    assert err.value.rule.startswith("colors R") and state.to_doc() == before
    with pytest.raises(IllegalAction, match="'play:zz' is illegal: (?!after)"):
        state.apply_line(seat, f"play:zz {first}")


def test_games_are_found_through_entry_points_and_bad_loaders_are_named():
    """The kernel imports no game: a lookup finds the games of the ``kartentisch.games`` entry
    points (the built-in five among them) without importing ``kartentisch.games``; a loader that
    gives something else than a Game of its id is refused by name."""
    import subprocess
    import sys

    from kartentisch.kernel import KartentischError, registry

    code = ("import sys\nfrom kartentisch.kernel import lookup\n"
            "print(lookup('grid').id, 'kartentisch.games.colors' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True).stdout
    assert out.split() == ["grid", "False"]
    registry.register_loader("broken_game", lambda: lookup("colors"))
    try:
        with pytest.raises(KartentischError, match="loader of game 'broken_game' gave .*not a Game with that id"):
            registry.lookup("broken_game")
    finally:
        del registry._LOADERS["broken_game"]


def test_random_action_is_a_choice_from_the_listing():
    """By default ``random_action`` is ``rng.choice(legal_actions)``: same token, same generator
    state; a seat that is not one, or has no decision, is refused as ``apply`` refuses it."""
    import random
    from unittest import mock

    from kartentisch.games import get_game
    from kartentisch.kernel import IllegalAction

    state = get_game("colors").new_state(2, seed=3)
    seat = state.to_act()[0]
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert state.random_action(seat, ours) == theirs.choice(state.legal_actions(seat))
        assert ours.getstate() == theirs.getstate()
    other = 1 - seat
    for bad_seat, message in ((other, f"seat {other}: no decision now"), (2, "seat 2: no decision now"),
                              (-1, "seat -1: no decision now"), (True, "no seat True at a table of 2"),
                              ("0", "no seat '0' at a table of 2")):
        with pytest.raises(IllegalAction, match=message):
            state.random_action(bad_seat, random.Random(0))  # type: ignore[arg-type]

    class Seat(int):
        """An int subclass is a seat number for apply, so it is for random_action too."""

    assert state.random_action(Seat(seat), random.Random(4)) == random.Random(4).choice(state.legal_actions(seat))
    before = state.to_doc()
    with pytest.raises(IllegalAction, match="a token is a non-empty string"):  # equal to every listed token
        state.apply(seat, mock.ANY)
    assert state.to_doc() == before
