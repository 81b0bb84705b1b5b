"""Gymnasium single-agent environment against the project's bots: the checker, masks, seeds, vectors."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from kartentisch.rl.gym import make, make_vec

from .conftest import SMALL


def _episode(e, seed: int, rng: np.random.Generator) -> tuple[float, int, dict]:
    """Random masked play to the end; returns (summed reward, steps, last info)."""
    obs, info = e.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert e.observation_space.contains(obs)
        np.testing.assert_array_equal(e.action_masks(), info["action_mask"].astype(bool))
        assert info["legal_actions"] == np.flatnonzero(info["action_mask"]).tolist()  # the mask's ids, ascending
        obs, reward, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total, steps, done = total + reward, steps + 1, term or trunc
    return total, steps, info


def test_gymnasium_checker_passes_without_warnings(game_id: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(make(game_id, opponents="random", options=SMALL[game_id], illegal="penalty"),
                  skip_render_check=True)
    assert [str(w.message) for w in caught] == []


def test_episodes_against_bots_end_with_the_match_result(game_id: str) -> None:
    e = make(game_id, players=3 if game_id != "chips" else 2, opponents=["heuristic", "random"],
             options=SMALL[game_id])
    rng = np.random.default_rng(0)
    for seed in range(2):
        total, steps, info = _episode(e, seed, rng)
        assert e.game_state.game_over and steps > 0
        assert total == pytest.approx(e.game_state.returns()[e.seat])
        assert info["seat"] == e.seat and not info["action_mask"].any() and info["legal_actions"] == []
        assert info["result"] == e.game_state.returns()[e.seat]


def test_the_agent_only_acts_on_its_own_decisions() -> None:
    e = make("grid", players=3, opponents="random", seat=2, options={"end_total": 10})
    obs, info = e.reset(seed=1)
    while True:
        assert e.game_state.to_act()[0] == 2
        obs, reward, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        if term:
            break


def test_equal_seeds_give_equal_episodes_and_the_seat_is_drawn() -> None:
    e = make("colors", players=3, opponents="heuristic", options=SMALL["colors"])
    a = [e.reset(seed=5)[0], e.seat, e.game_state.to_doc()]
    b = [e.reset(seed=5)[0], e.seat, e.game_state.to_doc()]
    np.testing.assert_array_equal(a[0], b[0])
    assert a[1:] == b[1:]
    seats = {(e.reset(seed=s), e.seat)[1] for s in range(30)}
    assert seats == {0, 1, 2}


def test_illegal_actions_raise_or_end_with_the_penalty() -> None:
    e = make("chips", opponents="random")
    obs, info = e.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = e.game_state.to_doc()
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)
    assert e.game_state.to_doc() == before
    p = make("chips", opponents="random", illegal="penalty", illegal_reward=-3)
    obs, info = p.reset(seed=0)
    obs, reward, term, trunc, info = p.step(bad)
    assert (reward, term, trunc, info["illegal_action"]) == (-3.0, True, False, True)


def test_max_steps_truncates() -> None:
    e = make("grid", opponents="random", max_steps=5)
    obs, info = e.reset(seed=0)
    for _ in range(5):
        obs, reward, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert trunc and not term


def test_skip_forced_leaves_only_real_choices() -> None:
    e = make("grid", opponents="random", skip_forced=True, options={"end_total": 150})
    rng = np.random.default_rng(2)
    obs, info = e.reset(seed=3)
    done = False
    while not done:
        assert info["action_mask"].sum() > 1
        obs, reward, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
    assert e.game_state.game_over and e.game_state.round > 1  # the deal between rounds was played for it


def test_state_space_holds_every_seat_view() -> None:
    e = make("mayhem", players=3, opponents="random", options=SMALL["mayhem"])
    obs, _ = e.reset(seed=0)
    state = e.state()
    assert e.state_space.contains(state)
    size = obs.shape[0]
    np.testing.assert_array_equal(state[e.seat * size:(e.seat + 1) * size], obs)


def test_registry_and_vector_envs_with_per_env_seeds() -> None:
    single = gymnasium.make("kartentisch/grid-v0", opponents="random", options={"end_total": 10})
    obs, info = single.reset(seed=4)
    assert single.observation_space.contains(obs)
    vec = make_vec("grid", 3, opponents="random", options={"end_total": 10})
    obs, info = vec.reset(seed=10)
    assert obs.shape == (3, single.observation_space.shape[0]) and info["action_mask"].shape[0] == 3
    alone = make("grid", opponents="random", options={"end_total": 10})
    np.testing.assert_array_equal(obs[2], alone.reset(seed=12)[0])  # copy i is seeded 10 + i
    actions = np.array([int(np.flatnonzero(m)[0]) for m in info["action_mask"]])
    obs, reward, term, trunc, info = vec.step(actions)
    assert obs.shape[0] == 3 and reward.shape == (3,)
    vec.close()


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="seat"):
        make("grid", seat=2)
    with pytest.raises(ValueError, match="illegal"):
        make("grid", illegal="skip")
    with pytest.raises(ValueError, match="max_steps"):
        make("grid", max_steps=0)
    with pytest.raises(ValueError, match="rewards"):
        make("grid", rewards="score")
    with pytest.raises(Exception, match="unknown bot"):
        make("grid", opponents="genius")
    with pytest.raises(ValueError, match="vectorization_mode"):
        make_vec("grid", 2, vectorization_mode="threads")
    e = make("grid", opponents="random")
    e.reset(seed=0)
    e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert e.action_to_token(0) == "draw"


def test_a_match_over_before_the_agent_decides_is_dealt_again() -> None:
    # mayhem R46: Doomsday at the deal ends a match played to 1 point; reset deals again instead of failing
    e = make("mayhem", players=3, opponents="random", options={"point_limit": 1})
    for seed in range(60):
        obs, info = e.reset(seed=seed)
        assert not e.game_state.game_over and info["action_mask"].any()
