"""PettingZoo adapter: the library's own API and seed tests at 2 and the maximum player count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from kartentisch.games import get_game
from kartentisch.rl.pettingzoo import env

from .conftest import SMALL, player_counts


def test_api_and_seed(game_id: str) -> None:
    for players in player_counts(game_id):
        api_test(env(game_id, players=players), num_cycles=60)
        seed_test(lambda players=players: env(game_id, players=players), num_cycles=40)


def _play(e, seed: int) -> dict[str, float]:
    """Random legal play to the end; returns the summed rewards per agent."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
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
    state = e.unwrapped.state
    assert totals == {f"player_{s}": -float(state.totals[s]) for s in range(2)}  # grid: lower is better


def test_illegal_action_is_rejected_and_changes_nothing() -> None:
    e = env("chips", players=2)
    e.reset(seed=1)
    before = e.unwrapped.state.to_doc()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    legal = int(np.flatnonzero(mask)[0])
    for bad in (illegal, legal + 0.5, str(legal), None):  # ids only: no truncated float, no digit string
        with pytest.raises(ValueError, match="not legal"):
            e.unwrapped.step(bad)
    assert e.unwrapped.state.to_doc() == before
    e.step(np.int64(legal))  # a NumPy integer is an id
    assert e.unwrapped.state.to_doc() != before


def test_action_ids_name_tokens() -> None:
    e = env("lastcard", players=3)
    assert e.action_to_token(0) == "pass:1:2:3"  # through the wrapper, as the issue asks
    ids = e.token_to_actions("play:15:5:8")
    assert [e.action_to_token(i) for i in ids] == ["with:15", "help:5", "help:8", "go"]


def test_multi_step_decision_keeps_the_agent() -> None:
    """A lastcard help play takes several steps by the same agent; the token applies at the last."""
    e = env("lastcard", players=2, options={"pass_cards": 0})
    e.reset(seed=0)
    raw = e.unwrapped
    doc = {"game": "lastcard", "players": 2, "options": {"pass_cards": 0}, "round": 1, "phase": "play",
           "to_act": [0], "zones": {"start_player": 0, "hands": [["3", "9", "30"], ["4", "31"]],
                                     "help": [["5", "8"], []], "pile": ["15"]}}
    raw.state = get_game("lastcard").load(doc)
    raw._select()
    for step in ("with:9", "help:5", "help:8"):
        assert e.agent_selection == "player_0"
        e.step(raw.space.index[step])
        assert raw.state.to_doc()["zones"]["pile"] == ["15"]
    e.step(raw.space.index["go"])
    assert raw.state.to_doc()["zones"]["pile"][0] == "9" and e.agent_selection == "player_1"


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        env("colors", render_mode="rgb")
    with pytest.raises(ValueError, match="rewards"):
        env("colors", rewards="dense")
    e = env("colors", players=2, render_mode="ansi")
    e.reset(seed=0)
    assert e.render().startswith("colors round 1 phase play")
