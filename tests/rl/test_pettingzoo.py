"""PettingZoo adapter: the library's own tests without a warning, masks, state, truncation, penalties, bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from kartentisch.games import get_game
from kartentisch.rl.bots import BotAgent
from kartentisch.rl.pettingzoo import env, raw_env

from .conftest import SMALL, player_counts

#: api_test's two warnings for a dict observation (and its Dict space) of an environment missing from its
#: hard-coded lists of classic ones (``env_obs_dicts``, ``env_obs_space``): they name no defect.
NOT_ON_ITS_LIST = {"Observation is not a NumPy array", "Observation space for each agent probably should be "
                   "gymnasium.spaces.box or gymnasium.spaces.discrete"}


def test_api_seed_and_render_with_default_settings(game_id: str) -> None:
    """PettingZoo's own tests pass with default settings, render_test included (it samples from
    ``obs["action_mask"]``, so the mask must be in the observation, as in PettingZoo classic)."""
    for players in player_counts(game_id):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(env(game_id, players=players), num_cycles=60)
            seed_test(lambda players=players: env(game_id, players=players), num_cycles=40)
        assert {str(w.message) for w in caught} <= NOT_ON_ITS_LIST
        render_test(lambda render_mode=None, players=players: env(game_id, players=players, render_mode=render_mode))


def test_the_mask_is_in_the_observation_and_the_info_by_default() -> None:
    e = env("chips", players=3)
    e.reset(seed=2)
    obs, _, _, _, info = e.last()
    assert set(obs) == {"observation", "action_mask"} and obs["action_mask"].any()
    np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])
    other = next(a for a in e.agents if a != e.agent_selection)
    assert not e.observe(other)["action_mask"].any()  # only the selected agent has a decision


def test_legal_action_ids_are_the_masks_ones_at_every_step(game_id: str) -> None:
    """``info["legal_actions"]`` (what an agent may draw from instead of scanning the mask, as RLCard's
    ``state["legal_actions"]``) lists exactly the ids the mask allows, ascending, at every step of seeded
    random play at 2 seats and the most, multi-step decisions included; it is only in the selected agent's
    info, and gone once the match is over."""
    for players in player_counts(game_id):
        e = env(game_id, players=players, options=SMALL[game_id])
        rng = np.random.default_rng(3)
        for seed in range(3):
            e.reset(seed=seed)
            for agent in e.agent_iter():
                _, _, term, trunc, info = e.last()
                if term or trunc:
                    assert "legal_actions" not in info
                    e.step(None)
                    continue
                ids = info["legal_actions"]
                assert ids == np.flatnonzero(info["action_mask"]).tolist() and ids, (seed, agent)
                assert all("legal_actions" not in e.infos[a] for a in e.agents if a != agent)
                e.step(int(rng.choice(ids)))


def test_array_observations_without_warnings() -> None:
    """``action_mask="info"``: the observation is the array alone, the mask in the info; no warning at all."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("chips", players=3, action_mask="info"), num_cycles=30)
    assert [str(w.message) for w in caught] == []
    e = env("chips", players=3, action_mask="info")
    e.reset(seed=2)
    obs, _, _, _, info = e.last()
    assert isinstance(obs, np.ndarray) and info["action_mask"].any()


def _play(e, seed: int) -> dict[str, float]:
    """Random legal play to the end (mask from the info); returns the summed rewards per agent."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        assert e.observation_space(agent).contains(obs)
        totals[agent] += reward
        action = None if term or trunc else int(rng.choice(np.flatnonzero(info["action_mask"])))
        e.step(action)
    return totals


def test_match_rewards_are_the_returns(game_id: str) -> None:
    e = env(game_id, players=2, options=SMALL[game_id])
    totals = _play(e, seed=4)
    assert sum(totals.values()) == pytest.approx(1.0)  # a win, shared among the winners
    assert set(totals.values()) <= {0.0, 0.5, 1.0}


def test_round_rewards_are_signed_round_scores() -> None:
    e = env("grid", players=2, options={"end_total": 10}, rewards="round")
    totals = _play(e, seed=2)
    state = e.unwrapped.game_state
    assert totals == {f"player_{s}": -float(state.totals[s]) for s in range(2)}  # grid: lower is better


def test_margin_rewards_sum_to_zero_and_add_to_the_match_result() -> None:
    e = env("grid", players=3, options={"end_total": 20}, rewards="match+margin")
    totals = _play(e, seed=5)
    state = e.unwrapped.game_state
    assert sum(totals.values()) == pytest.approx(1.0)  # the margins cancel, the win adds 1
    best = min(range(3), key=lambda s: state.totals[s])
    assert max(totals, key=totals.get) == f"player_{best}"


def test_state_is_every_seat_observation() -> None:
    e = env("colors", players=3)
    e.reset(seed=1)
    state = e.state()
    assert state.shape == e.unwrapped.state_space.shape and e.unwrapped.state_space.contains(state)
    size = e.unwrapped.encoder.size
    np.testing.assert_array_equal(state[size:2 * size], e.observe("player_1")["observation"])


def test_max_cycles_truncates_every_agent() -> None:
    e = env("grid", players=2, max_cycles=7)
    e.reset(seed=0)
    steps = 0
    for _agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            assert trunc and not term
            e.step(None)
            continue
        e.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
    assert steps == 7 and not e.unwrapped.game_state.game_over


def test_illegal_action_is_rejected_and_changes_nothing() -> None:
    e = env("chips", players=2)
    e.reset(seed=1)
    before = e.unwrapped.game_state.to_doc()
    mask = e.unwrapped.infos[e.agent_selection]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    legal = int(np.flatnonzero(mask)[0])
    for bad in (illegal, legal + 0.5, str(legal), None):  # ids only: no truncated float, no digit string
        with pytest.raises(ValueError, match="not legal"):
            e.unwrapped.step(bad)
    assert e.unwrapped.game_state.to_doc() == before
    e.step(np.int64(legal))  # a NumPy integer is an id
    assert e.unwrapped.game_state.to_doc() != before


def test_illegal_action_with_penalty_ends_the_episode() -> None:
    e = env("grid", players=2, illegal="penalty", illegal_reward=-2.0)
    e.reset(seed=3)
    offender = e.agent_selection
    mask = e.unwrapped.infos[offender]["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    seen = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        assert term
        seen[agent] = (reward, info.get("illegal_action", False))
        e.step(None)
    assert seen[offender] == (-2.0, True)
    assert all(r == 0.0 for a, (r, _) in seen.items() if a != offender)


def test_bots_play_as_agents(game_id: str) -> None:
    """BotAgent answers with action ids, several steps for a split token, and finishes matches."""
    e = env(game_id, players=2, options=SMALL[game_id])
    e.reset(seed=9)
    bots = {a: BotAgent("heuristic" if s == 0 else "random", game_id, seed=s) for s, a in enumerate(e.possible_agents)}
    total = 0.0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total += reward
        if term or trunc:
            e.step(None)
            continue
        action = bots[agent].act(e)
        assert info["action_mask"][action] == 1
        e.step(action)
    assert e.unwrapped.game_state.game_over and total == pytest.approx(1.0)


def test_a_bot_will_not_finish_someone_else_s_decision() -> None:
    e = raw_env("lastcard", players=2, options={"pass_cards": 0})
    doc = {"game": "lastcard", "players": 2, "options": {"pass_cards": 0}, "round": 1, "phase": "play",
           "to_act": [0], "zones": {"start_player": 0, "hands": [["3", "9", "30"], ["4", "31"]],
                                     "help": [["5", "8"], []], "pile": ["15"]}}
    e.reset(options={"state": doc})
    e.step(e.space.index["with:9"])
    with pytest.raises(ValueError, match="did not plan"):
        BotAgent("heuristic", "lastcard", seed=0).act(e)


def test_action_ids_name_tokens() -> None:
    e = env("lastcard", players=3)
    assert e.action_to_token(0) == "pass:1:2:3"  # through the wrapper, as the issue asks
    ids = e.token_to_actions("play:15:5:8")
    assert [e.action_to_token(i) for i in ids] == ["with:15", "help:5", "help:8", "go"]


def test_multi_step_decision_keeps_the_agent() -> None:
    """A lastcard help play takes several steps by the same agent; the token applies at the last."""
    e = env("lastcard", players=2, options={"pass_cards": 0})
    doc = {"game": "lastcard", "players": 2, "options": {"pass_cards": 0}, "round": 1, "phase": "play",
           "to_act": [0], "zones": {"start_player": 0, "hands": [["3", "9", "30"], ["4", "31"]],
                                     "help": [["5", "8"], []], "pile": ["15"]}}
    e.reset(options={"state": doc})
    raw = e.unwrapped
    for step in ("with:9", "help:5", "help:8"):
        assert e.agent_selection == "player_0"
        e.step(raw.space.index[step])
        assert raw.game_state.to_doc()["zones"]["pile"] == ["15"]
    with_card = next(s for s in raw.encoder.slices if s.name == "with_help")
    chosen = e.observe("player_0")["observation"][with_card.offset:with_card.offset + with_card.size]
    assert sorted(raw.encoder.cards[i] for i in np.flatnonzero(chosen)) == ["5", "8"]
    e.step(raw.space.index["go"])
    assert raw.game_state.to_doc()["zones"]["pile"][0] == "9" and e.agent_selection == "player_1"


def test_calls_before_reset_are_refused_as_pettingzoo_does() -> None:
    e = env("grid", players=2)
    for call in (lambda: e.step(0), lambda: e.observe("player_0"), e.state, e.last):
        with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before"):
            call()


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        env("colors", render_mode="rgb")
    with pytest.raises(ValueError, match="rewards"):
        env("colors", rewards="dense")
    with pytest.raises(ValueError, match="action_mask"):
        env("colors", action_mask="both")
    with pytest.raises(ValueError, match="illegal"):
        env("colors", illegal="ignore")
    with pytest.raises(ValueError, match="max_cycles"):
        env("colors", max_cycles=0)
    with pytest.raises(ValueError, match="does not fit"):
        env("colors", players=3).reset(options={"state": get_game("colors").new_state(2, seed=0)})
    e = env("colors", players=2, render_mode="ansi")
    e.reset(seed=0)
    assert e.render().startswith("colors round 1 phase play")


def test_a_deal_that_ends_the_match_is_dealt_again() -> None:
    # mayhem R46: Doomsday at the deal scores 50 each, which ends a match played to 1 point
    options = {"point_limit": 1}
    over = [s for s in range(300) if get_game("mayhem").new_state(3, options, s).game_over]
    assert over, "no seed below 300 deals Doomsday at once any more: pick the test's seeds anew"
    e = env("mayhem", players=3, options=options)
    for seed in over[:3]:
        e.reset(seed=seed)
        assert not any(e.terminations.values()) and e.game_state.to_act()
        first = e.game_state.to_doc()
        e.reset(seed=seed)
        assert e.game_state.to_doc() == first  # equal seeds, equal (re)deals
    finished = get_game("mayhem").new_state(3, options, over[0])
    e.reset(options={"state": finished})  # a given finished state stays finished, and says so
    assert all(e.terminations.values())
