"""Observations: exactly one seat's view, bounded and normalised; the fast way in equals the view's."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from kartentisch.games import GAME_IDS as BUILT_IN
from kartentisch.games import get_game
from kartentisch.kernel import GameState
from kartentisch.rl.observations import Encoder, Layout, Part, cards, one
from kartentisch.rl.spaces import NotationError

from .conftest import SMALL, player_counts, random_play


def _positions(game_id: str, players: int, seed: int, limit: int = 400) -> list[GameState]:
    """Positions of random matches (every decision), at most ``limit``."""
    game = get_game(game_id)
    out: list[GameState] = []
    rng = random.Random(seed)
    k = 0
    while len(out) < limit:
        state = game.new_state(players, SMALL[game_id], seed=seed + k)
        k += 1
        while not state.game_over and len(out) < limit:
            out.append(state.clone())
            seat = state.to_act()[0]
            state.apply(seat, state.random_action(seat, rng))
    return out


def test_the_state_way_equals_the_view_way_and_stays_in_bounds(game_id: str) -> None:
    """encode_state (no view document) gives exactly encode(view) for every seat of every position."""
    game = get_game(game_id)
    for players in player_counts(game_id):
        enc = Encoder(game, players, SMALL[game_id])
        assert enc.fast or game_id not in BUILT_IN  # the built-in games' layouts all take the fast way
        for state in _positions(game_id, players, seed=3):
            for seat in range(players):
                a = enc.encode(state.view(seat), seat)
                b = enc.encode_state(state, seat)
                assert a.dtype == np.float32 and a.shape == (enc.size,)
                np.testing.assert_array_equal(a, b)
                assert (a >= enc.low).all() and (a <= enc.high).all()


#: Options beyond the short match that reach more of a game's slices (chips: every special card, R12–R19).
MORE: dict[str, dict[str, Any]] = {"chips": {"specials": ["s2", "s3", "s4", "s6", "s13", "s15"]}}


def test_the_tables_observations_equal_the_view_way_at_every_step(game_id: str) -> None:
    """What an environment observes (``Table.observe``: the layout's direct writer or zones, with the chosen
    steps of an unfinished decision) is bit for bit ``encode(view)``, the reference, for every seat at every
    step of seeded random play, at 2 seats and at the most."""
    from kartentisch.rl.table import Table

    game = get_game(game_id)
    for players in player_counts(game_id):
        table = Table(game, players, {**SMALL[game_id], **MORE.get(game_id, {})})
        enc = table.encoder
        steps = 0
        for state in random_play(table, 4, random.Random(5)):
            acting = None if state.game_over else state.to_act()[0]  # the match's end: every hand the game shows
            for seat in range(players):
                chosen = table.steps if seat == acting else []
                np.testing.assert_array_equal(table.observe(seat), enc.encode(state.view(seat), seat, chosen))
            steps += bool(table.steps)
        assert steps or table.space.split.__name__ == "_single"  # split games did take multi-step decisions


def _match_positions(game_id: str, players: int, seed: int) -> list[GameState]:
    """Every decision's position of one seeded random match (short options)."""
    game = get_game(game_id)
    state = game.new_state(players, SMALL[game_id], seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.game_over:
        out.append(state.clone())
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, rng))
    return [*out, state]


def _check_every_seat(e: Any, enc: Encoder) -> None:
    """Every seat's observation from the PettingZoo env ``e`` equals ``enc.encode(view)``, seat 0 first."""
    state = e.game_state
    acting = e.table.acting()
    for seat, agent in enumerate(e.possible_agents):
        chosen = e.table.steps if seat == acting else []
        np.testing.assert_array_equal(e.observe(agent)["observation"], enc.encode(state.view(seat), seat, chosen))


def test_the_incremental_way_equals_the_view_way_after_resets_and_given_states(game_id: str) -> None:
    """The PettingZoo environment observes incrementally (``Encoder.observe``: each seat's vector kept between
    steps, only what changed rewritten); it is bit for bit ``encode(view)`` for every seat, observed one after
    the other, at every step of seeded random play: after each new deal, after a position given with
    ``reset(options={"state": …})`` (mid-match, from another match), and when play goes on from there."""
    from kartentisch.rl.pettingzoo import env as make_env

    game = get_game(game_id)
    for players in player_counts(game_id):
        e = make_env(game, players, SMALL[game_id])
        enc = Encoder(game, players, SMALL[game_id])
        rng = random.Random(7)
        given = _match_positions(game_id, players, seed=21)
        played = []
        for round_ in range(4):
            if round_ % 2:  # a position of another match, a quarter or three quarters in
                e.reset(options={"state": given[(len(given) * round_) // 4].clone()})
            else:
                e.reset(seed=round_)
            _check_every_seat(e, enc)
            steps = 0
            while steps < 60 and not e.terminations[e.agent_selection]:
                mask = e.infos[e.agent_selection]["action_mask"]
                e.step(rng.choice(np.flatnonzero(mask).tolist()))
                _check_every_seat(e, enc)
                steps += 1
            played.append(steps)
        e.reset(options={"state": given[-1].clone()})  # a finished match given: every hand shown where shown
        _check_every_seat(e, enc)
        assert all(played), played  # play went on after every deal and every given position


def test_the_incremental_way_keeps_no_seat_s_hidden_cards_for_another(game_id: str) -> None:
    """One encoder observes every seat in turn at every position of random play (so each seat's kept vector
    follows states the other seats saw with their own hidden cards): each seat's observation equals a fresh
    encoding of a state whose cards hidden from that seat were re-dealt (``determinize``). A vector that kept
    anything of another seat's view, or of the hidden cards, would differ."""
    game = get_game(game_id)
    for players in player_counts(game_id):
        enc = Encoder(game, players, SMALL[game_id])
        fresh = Encoder(game, players, SMALL[game_id])
        redealt = 0
        for k, state in enumerate(_match_positions(game_id, players, seed=31)):
            for seat in [*range(players), *range(players - 1, -1, -1)]:  # forwards and back: A B … B A
                other = state.determinize(seat, random.Random(k))
                redealt += other.to_doc() != state.to_doc()
                np.testing.assert_array_equal(enc.observe(state, seat), fresh.encode_state(other, seat))
        assert redealt > 0  # hidden cards really were re-dealt


def test_mayhem_face_down_commitments_reach_no_other_seat() -> None:
    """mayhem's face-down commitments — the cards a Gift, Exchange or Counterattack names (R9, R10, R21: the
    source's secret) and each seat's ``give``/``bet``/``discard`` choices until they take effect together (R43,
    D27) — stay with their seat in the incremental way: at every position of seeded random play where one is
    open, every seat's observation (one encoder, the seats observed in turn, so each kept vector follows the
    others') equals a fresh encoding of the position with the commitments hidden from it drawn again
    (``determinize``), and what the writer keeps of the pending block (``seen_pending``) is the same in both."""
    from kartentisch.games.mayhem.observation import seen_pending

    game = get_game("mayhem")
    for players in player_counts("mayhem"):
        enc = Encoder(game, players, SMALL["mayhem"])
        fresh = Encoder(game, players, SMALL["mayhem"])
        hidden = {"attack": 0, "chosen": 0}
        for seed in range(6):
            for k, state in enumerate(_match_positions("mayhem", players, seed=40 + seed)):
                pending: Any = state.pending  # type: ignore[attr-defined]
                if pending is None:
                    continue
                for seat in [*range(players), *range(players - 1, -1, -1)]:
                    attack = pending["type"] == "attack" and pending["source"] != seat and pending["cards"]
                    chosen = any(c for s, c in enumerate(pending.get("chosen") or []) if s != seat)
                    if not (attack or chosen):
                        continue
                    hidden["attack" if attack else "chosen"] += 1
                    other = state.determinize(seat, random.Random(k))
                    assert seen_pending(other.pending, seat) == seen_pending(pending, seat)  # type: ignore[attr-defined]
                    np.testing.assert_array_equal(enc.observe(state, seat), fresh.encode_state(other, seat))
        assert hidden["attack"] > 0 and hidden["chosen"] > 0, hidden  # both kinds were open and hidden


@pytest.mark.parametrize("game_id", ["mayhem", "lastcard"])
def test_observation_of_another_game_s_state_is_refused_and_leaves_nothing(game_id: str) -> None:
    """mayhem's and lastcard's writers read their own game's state only: another game's state is a TypeError
    naming it, and the seat's kept vector is dropped, so the next observation of its own game's state is still
    exactly ``encode(view)``."""
    game = get_game(game_id)
    enc = Encoder(game, 2, SMALL[game_id])
    state = game.new_state(2, SMALL[game_id], seed=2)
    enc.observe(state, 0)
    with pytest.raises(TypeError, match=f"{game_id}'s observation reads a {game_id} state, not .*Chips"):
        enc.observe(get_game("chips").new_state(2, seed=1), 0)
    np.testing.assert_array_equal(enc.observe(state, 0), enc.encode(state.view(0), 0))


def test_update_cards_turns_one_count_into_another() -> None:
    """``update_cards`` (the incremental writers' card lists): after any change of a list — cards put on or taken
    from either end, from the middle of a sorted hand, or a list replaced — the counts equal a fresh count."""
    import array

    from kartentisch.rl.observations import update_cards

    codes = ["a", "b", "c", "d", "e"]
    index = {c: i for i, c in enumerate(codes)}
    rng = random.Random(3)
    buf = array.array("f", bytes(4 * (2 + len(codes))))
    was: list[str] = []
    for _ in range(300):
        now = list(was)
        change = rng.randrange(4)
        if change == 0:
            now[:0] = rng.choices(codes, k=rng.randrange(1, 3))
        elif change == 1 and now:
            del now[rng.randrange(len(now))]
        elif change == 2:
            now = sorted(now + [rng.choice(codes)])
        else:
            now = rng.choices(codes, k=rng.randrange(6))
        update_cards(buf, 2, index, was, now)
        assert list(buf) == [0.0, 0.0] + [float(now.count(c)) for c in codes]
        was = now


def test_no_leak_equal_views_give_equal_observations(game_id: str) -> None:
    """``determinize`` keeps ``view(seat)`` and re-deals everything hidden: the vector must not change."""
    game = get_game(game_id)
    for players in player_counts(game_id):
        enc = Encoder(game, players, SMALL[game_id])
        checked = differs = 0
        for state in _positions(game_id, players, seed=11, limit=150):
            for seat in range(players):
                other = state.determinize(seat, random.Random(checked))
                assert other.view(seat) == state.view(seat)
                np.testing.assert_array_equal(enc.encode_state(state, seat), enc.encode_state(other, seat))
                differs += other.to_doc() != state.to_doc()
                checked += 1
        assert differs > 0  # hidden cards really were re-dealt, so the check had teeth


def test_observation_changes_with_what_the_seat_sees(game_id: str) -> None:
    """Different seats of the same position see different things (their own hands/relative seats)."""
    game = get_game(game_id)
    enc = Encoder(game, 2, SMALL[game_id])
    state = game.new_state(2, SMALL[game_id], seed=3)
    assert not np.array_equal(enc.encode_state(state, 0), enc.encode_state(state, 1))


def test_slices_tile_the_vector_and_are_documented(game_id: str) -> None:
    game = get_game(game_id)
    for players in player_counts(game_id):
        enc = Encoder(game, players, SMALL[game_id])
        offset = 0
        for row in enc.describe():
            assert row["offset"] == offset and row["meaning"] and row["high"] == 1 and row["low"] in (-1, 0)
            offset += int(np.prod(row["shape"]))
            lo = enc.low[row["offset"]:offset]
            assert (lo == row["low"]).all()
        assert offset == enc.size


def test_totals_are_scaled_by_the_target() -> None:
    """grid totals read over end_total, signed: a total of 15 at end_total 30 is 0.5."""
    game = get_game("grid")
    enc = Encoder(game, 2, {"end_total": 30})
    state = game.new_state(2, {"end_total": 30}, seed=1)
    state.totals = [15, -3]
    totals = next(s for s in enc.slices if s.name == "totals")
    np.testing.assert_allclose(enc.encode_state(state, 1)[totals.offset:totals.offset + 2], [-0.1, 0.5])


def test_own_hand_slice_holds_the_hand() -> None:
    game = get_game("colors")
    enc = Encoder(game, 3)
    state = game.new_state(3, seed=2)
    vec = enc.encode_state(state, 1)
    hands = next(s for s in enc.slices if s.name == "hands")
    own, other = vec[hands.offset:hands.offset + hands.size].reshape(hands.shape)[:2]
    assert sorted(enc.cards[i] for i in np.flatnonzero(own)) == sorted(state.view(1)["zones"]["hands"][1])
    assert not other.any()


def test_grid_cells_read_colour_and_value() -> None:
    """A face-up grid card is its colour one-hot and (v+1)/12; a face-down one only 'face down'."""
    from kartentisch.games.grid.observation import CELL, SEAT

    game = get_game("grid")
    enc = Encoder(game, 2)
    state = game.new_state(2, seed=5)
    state.grids[0][0][0] = "r11"  # type: ignore[attr-defined]
    grids = next(s for s in enc.slices if s.name == "grids")
    vec = enc.encode_state(state, 0)[grids.offset:grids.offset + grids.size].reshape(grids.shape)
    first, second = vec[0, :CELL], vec[0, CELL:2 * CELL]
    assert first[5] == 1 and first[8] == 1 and first.sum() == 2  # red (index 5 of b g m o p r t y), value 1
    assert second[CELL - 2] == 1 and second.sum() == 1
    assert vec[0, SEAT - 2] == pytest.approx(11 / 50) and vec[0, SEAT - 1] == pytest.approx(8 / 9)


def test_a_layout_with_plain_fillers_works_through_the_view() -> None:
    """A plug-in's plain fillers ``fill(out, view, ctx)`` still work; encode_state then reads the view."""
    chips = get_game("chips")

    def draw_count(out: np.ndarray, view: Mapping[str, Any], ctx: Any) -> None:
        out[0] = len(view["zones"]["draw"])

    def row_cards(out: np.ndarray, view: Mapping[str, Any], ctx: Any) -> None:
        ctx.add_cards(out, [slot["card"] for slot in view["zones"]["row"]])

    layout = Layout(("play", "round_over", "game_over"),
                    (Part("draw", one, "draw pile", draw_count, scale=40.0), Part("row", cards, "row", row_cards)))

    plain = type(chips)(lambda: dataclasses.replace(chips.parts, observation=lambda: layout))
    enc = Encoder(plain, 2)
    assert not enc.fast
    state = chips.new_state(2, seed=4)
    vec = enc.encode_state(state, 0)
    np.testing.assert_array_equal(vec, enc.encode(state.view(0), 0))
    draw = next(s for s in enc.slices if s.name == "draw")
    assert vec[draw.offset] == pytest.approx(len(state.view(0)["zones"]["draw"]) / 40)
    row = next(s for s in enc.slices if s.name == "row")
    assert vec[row.offset:row.offset + row.size].sum() == len(state.view(0)["zones"]["row"])


def test_unknown_game_layout_is_named() -> None:
    class Other(type(get_game("chips"))):  # type: ignore[misc]
        id = "othergame"


    with pytest.raises(NotationError, match="othergame: no observation layout"):
        Encoder(Other(lambda: dataclasses.replace(get_game("chips").parts, observation=None)), 2)


def test_a_copied_table_observes_its_own_state() -> None:
    """A deep copy of a table (a search's or a user's) keeps observing right: each seat's kept vector and the
    NumPy view the scale and clip read must stay one memory in the copy too."""
    import copy

    from kartentisch.rl.table import Table

    game = get_game("chips")
    table = Table(game, 2, SMALL["chips"])
    table.reset(1)
    rng = random.Random(0)
    for _ in range(5):
        for seat in range(2):
            table.observe(seat)
        table.step(rng.choice(sorted(table.next_steps())))
    try:
        copied = copy.deepcopy(table)
    except TypeError:  # the compiled build's native classes cannot be deep-copied (as before this encoder)
        pytest.skip("the compiled table cannot be deep-copied; the pure build checks this")
    for _ in range(20):
        for seat in range(2):
            np.testing.assert_array_equal(copied.observe(seat), copied.encoder.encode(copied.state.view(seat), seat))
        if copied.over:
            break
        copied.step(rng.choice(sorted(copied.next_steps())))
