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
    with pytest.raises(KartentischError, match="'iterations' is given twice"):  # issue 31: which one would count?
        parse_spec("ismcts:iterations=10,iterations=20")


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


def test_choice_is_random_choice():
    """The kernel's draw from a listing gives ``Random.choice``'s item and leaves the generator in the
    same state (seeded random play depends on it); an empty listing raises as ``choice`` does."""
    import random

    from kartentisch.kernel.rng import choice

    for seed in range(40):
        for length in (1, 2, 3, 5, 8, 33, 64, 65, 455):
            ours, theirs = random.Random(seed), random.Random(seed)
            items = list(range(length))
            assert [choice(ours, items) for _ in range(5)] == [theirs.choice(items) for _ in range(5)]
            assert ours.getstate() == theirs.getstate(), (seed, length)
    with pytest.raises(IndexError):
        choice(random.Random(0), [])


def test_sample_is_random_sample():
    """The kernel's sample gives ``Random.sample``'s items in its order and leaves the generator in the
    same state, on both of CPython's methods (a pool for small populations, a set for large ones)."""
    import random

    from kartentisch.kernel.rng import sample

    for seed in range(30):
        for n, k in ((1, 1), (2, 0), (12, 3), (12, 12), (21, 5), (22, 2), (60, 3), (60, 6), (130, 20), (500, 7)):
            ours, theirs = random.Random(seed), random.Random(seed)
            population = [f"c{i}" for i in range(n)]
            assert sample(ours, population, k) == theirs.sample(population, k), (seed, n, k)
            assert ours.getstate() == theirs.getstate(), (seed, n, k)
    for k in (-1, 4):
        with pytest.raises(ValueError):
            sample(random.Random(0), [1, 2, 3], k)


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


def test_words_drawn_finds_the_count_that_remakes_the_generator():
    """``words_drawn`` gives the number of 32-bit words a generator has drawn since its seed, across the
    Mersenne Twister's blocks of 624 and for every kind of draw the games make (shuffles, samples, floats, wide
    ``getrandbits``), and ``seeded`` remakes it in exactly that state; another seed, a pending ``gauss`` value or
    a count beyond ``most`` give ``None`` (issue 33: a parked match generator)."""
    import random

    from kartentisch.kernel.rng import MT_WORDS, seeded, shuffle, words_drawn

    draws = [lambda r: r.getrandbits(32), lambda r: r.getrandbits(5), lambda r: r.getrandbits(70),
             lambda r: r.random(), lambda r: shuffle(r, list(range(110))), lambda r: r.sample(range(60), 6)]
    for seed in (0, 1, 7, 2**63 - 1, 2**127 + 5):
        rng = random.Random(seed)
        assert words_drawn(rng, seed) == 0 and seeded(seed).getstate() == rng.getstate()
        for step in range(90):
            draws[step % len(draws)](rng)
            n = words_drawn(rng, seed)
            assert n is not None and seeded(seed, n).getstate() == rng.getstate(), (seed, step)
        assert n is not None and n > 3 * MT_WORDS  # the last counts crossed several blocks
        assert words_drawn(rng, seed + 1) is None
        assert words_drawn(rng, seed, most=n - 1) is None
    for n in (MT_WORDS - 1, MT_WORDS, MT_WORDS + 1, 2 * MT_WORDS):  # the positions at a block's ends
        rng = random.Random(5)
        rng.getrandbits(32 * n)
        assert words_drawn(rng, 5) == n
    rng = random.Random(3)
    rng.gauss()
    assert words_drawn(rng, 3) is None
    with pytest.raises(ValueError, match="cannot have drawn -1 words"):
        seeded(3, -1)
    with pytest.raises(TypeError, match="from an integer seed, not str"):
        seeded("3")


#: Options under which a random match deals more than once (chips R11: one round unless asked; grid R19: a total
#: of 100 often ends random play's match after its first round).
LONGER: dict[str, dict[str, int]] = {"chips": {"rounds": 3}, "grid": {"end_total": 300}}


@pytest.mark.parametrize("game_id", ["colors", "chips", "lastcard", "grid", "mayhem"])
def test_a_match_parks_its_generator_and_plays_exactly_as_before(game_id: str) -> None:
    """A :class:`Match` keeps its generator as a seed and a count between chance events (issue 33 goal 6), and
    plays exactly as a state that keeps it: seeded random play over several deals gives the same document after
    every move and the same generator at the end."""
    import random

    from kartentisch.games import get_game
    from kartentisch.kernel import Match

    game = get_game(game_id)
    for seed in (4, 2**100 + 9):
        options = LONGER.get(game_id, {})
        match = Match(game, 3, options, seed)
        kept = game.new_state(3, options, seed)
        assert match.state.to_doc() == kept.to_doc()
        bot, parked, counts = random.Random(seed), 0, set()
        for _ in range(1500):
            if match.state.game_over:
                break
            seat = match.state.to_act()[0]
            token = match.state.random_action(seat, bot)
            match.apply(seat, token)
            kept.apply(seat, token)
            assert match.state.to_doc() == kept.to_doc(), (seed, token)
            parked += match.state._rng_seed == seed
            counts.add(match.state._rng_skip)
        assert parked and len(counts) > 1, (parked, counts)  # parked, then made again by a deal, parked again
        assert match.state.rng.getstate() == kept.rng.getstate()


def test_a_parked_generator_frees_its_memory_and_is_made_again_when_drawn() -> None:
    """Parked, a match's state holds no Mersenne Twister of its own (about 2.5 KiB less, traced); drawn from, it
    has its generator again in the state it was parked in; a generator not from the seed, a proxy, or a match
    without a seed is not parked."""
    import random
    import tracemalloc

    from kartentisch.games import get_game
    from kartentisch.kernel import Match

    state = Match(get_game("colors"), 2, {}, 11).state  # parked after the deal
    tracemalloc.start()
    try:
        reference = state.rng.getstate()  # made again from the seed and the count (traced from here)
        before = tracemalloc.get_traced_memory()[0]
        assert state.park_rng(11)
        freed = before - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert freed >= 2400, freed
    assert state.rng.getstate() == reference
    assert state.rng.getstate() == get_game("colors").new_state(2, {}, 11).rng.getstate()  # as after the deal
    assert not state.park_rng(12) and state.rng.getstate() == reference  # another seed: kept as it is
    assert not state.park_rng(None) and not state.park_rng(-11)

    class Proxy(random.Random):
        """A generator of another kind (a recorder): never parked."""

    state.rng = Proxy(11)
    assert not state.park_rng(11)


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


# ----------------------------------------------------------------- Game.load_common (issue 20)
def _common_doc(**changes: object) -> dict:
    doc = {"game": "colors", "players": 3, "options": {}, "round": 2, "dealer": 1, "phase": "play",
           "scores": [[1, 2, 3]], "totals": [1, 2, 3], "game_over": False, "winners": [], "to_act": [0],
           "zones": {"z": 1}}
    doc.update(changes)
    return doc


def _common(doc: dict, **kw: object):
    from kartentisch.games import get_game

    args: dict = {"phases": ("play", "round_over", "game_over"), "winners": lambda scores, totals: [2],
                  "dealer": lambda rnd: rnd - 1, "rules": {"dealer": "colors R3", "winners": "colors R17"}}
    args.update(kw)
    return get_game("colors").load_common(doc, 3, **args)


def test_load_common_reads_the_common_fields() -> None:
    common = _common(_common_doc())
    assert (common.zones, common.phase, common.round, common.dealer) == ({"z": 1}, "play", 2, 1)
    assert (common.scores, common.totals, common.winners, common.to_act) == ([[1, 2, 3]], [1, 2, 3], [], [0])
    done = _common(_common_doc(phase="game_over", game_over=True, winners=[2], to_act=[]))
    assert done.winners == [2]


def test_load_common_defaults_implied_and_recomputed_fields() -> None:
    doc = _common_doc()
    for name in ("dealer", "totals", "game_over", "winners", "to_act", "scores"):
        del doc[name]
    common = _common(doc, optional={"dealer": None, "totals": None, "game_over": None, "winners": None,
                                    "to_act": None, "scores": []})
    assert (common.dealer, common.scores, common.totals, common.to_act) == (1, [], [0, 0, 0], None)
    ignored = _common(_common_doc(to_act="x", winners=[0]), recomputed=("to_act", "winners"))
    assert ignored.to_act is None and ignored.winners == []
    assert _common(_common_doc(dealer=2), dealer=None).dealer == 2  # any seat, as given


@pytest.mark.parametrize(("changes", "kw", "message"), [
    ({"round": "x"}, {}, "colors load: round must be an integer ≥ 1, not 'x'"),
    ({"round": True}, {}, "colors load: round must be an integer ≥ 1, not True"),
    ({"round": 4}, {"last_round": 3}, "colors load: round must be an integer 1 … 3, the number of rounds, not 4"),
    ({"dealer": 0}, {}, "colors load: dealer must be seat 1, the dealer of round 2 (colors R3), not 0"),
    ({"dealer": 3}, {"dealer": None}, "colors load: dealer must be a seat 0 … 2, not 3"),
    ({"phase": "dance"}, {}, "colors load: phase must be one of play, round_over, game_over, not 'dance'"),
    ({"scores": [[1, 2]]}, {}, "colors load: scores must be a list of scored rounds, each a list of 3 integers, "
                               "not [[1, 2]]"),
    ({"scores": [[1, 2, True]]}, {}, "colors load: scores must be a list of scored rounds, each a list of 3 "
                                     "integers, not [[1, 2, True]]"),
    ({"round": 3, "dealer": 2}, {"scores_per_round": True, "rules": {"scores": "grid R19"}},
     "colors load: scores must hold 2 round lists in phase play of round 3 (grid R19), not 1"),
    ({"totals": [1, 2]}, {}, "colors load: totals must be a list of 3 integers, not [1, 2]"),
    ({"totals": [0, 0, 0]}, {}, "colors load: totals must be [1, 2, 3], the per-seat sums of scores, not [0, 0, 0]"),
    ({"game_over": True}, {}, "colors load: game_over must be false in phase play, not True"),
    ({"phase": "game_over", "game_over": 1}, {}, "colors load: game_over must be true in phase game_over, not 1"),
    ({"winners": [0]}, {}, "colors load: winners must be [] before the match ends, not [0]"),
    ({"phase": "game_over", "game_over": True, "winners": [0]}, {},
     "colors load: winners must be [2] (colors R17), not [0]"),
    ({"phase": "game_over", "game_over": True}, {"winners": lambda scores, totals: []},
     "colors load: phase game_over needs a finished match (colors R17), but no seat has won with totals [1, 2, 3]"),
    ({"to_act": [3]}, {}, "colors load: to_act must be a list of seats 0 … 2, not [3]"),
    ({"to_act": None}, {"optional": {"to_act": None}}, "colors load: to_act must be a list of seats 0 … 2, not None"),
    ({"zones": []}, {}, "colors load: zones must be an object, not list"),
])
def test_load_common_names_field_rule_and_value(changes: dict, kw: dict, message: str) -> None:
    from kartentisch.kernel import InvalidState

    with pytest.raises(InvalidState) as err:
        _common(_common_doc(**changes), **kw)
    assert str(err.value) == message


@pytest.mark.parametrize("name", ["zones", "phase", "round", "dealer", "scores", "totals", "game_over", "winners",
                                  "to_act"])
def test_load_common_requires_what_is_not_optional(name: str) -> None:
    from kartentisch.kernel import InvalidState

    doc = _common_doc()
    del doc[name]
    with pytest.raises(InvalidState, match=f"^colors load: required field '{name}' is missing$"):
        _common(doc)


def test_is_int_refuses_bools() -> None:
    from kartentisch.kernel.game import is_int

    assert is_int(0) and is_int(-3) and not is_int(True) and not is_int(1.0) and not is_int("1")


def test_a_memo_computes_once_forgets_when_full_and_stores_no_error():
    """``Memo`` computes a value once per key; past its limit it starts again (same values); a key
    whose computation raises raises every time and is not held."""
    from kartentisch.kernel.memo import Memo

    calls: list[str] = []

    def read(token: str) -> int:
        calls.append(token)
        if not token.isdigit():
            raise ValueError(f"no number: {token!r}")
        return int(token)

    memo = Memo(read, limit=3)
    assert [memo.get(t) for t in ("1", "2", "1", "3", "2")] == [1, 2, 1, 3, 2] and calls == ["1", "2", "3"]
    assert memo.get("4") == 4 and memo.get("1") == 1 and calls[-2:] == ["4", "1"]  # full: emptied, read again
    for _ in range(2):
        with pytest.raises(ValueError, match="no number: 'x'"):
            memo.get("x")
    assert calls.count("x") == 2
