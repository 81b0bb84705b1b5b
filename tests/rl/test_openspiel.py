"""OpenSpiel adapter: random_sim_test per game, ISMCTS plays whole matches, chance and info states."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from tests.conftest import GAME_IDS

from kartentisch.games import get_game
from kartentisch.kernel import Match, RandomBot
from kartentisch.rl.openspiel import OUTCOMES, history_from_match, load

from .conftest import SMALL


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"python_kartentisch_{g}" for g in GAME_IDS} <= names


def test_random_sim_with_serialisation(game_id: str) -> None:
    pyspiel.random_sim_test(load(game_id, 2, SMALL[game_id]), num_sims=1, serialize=True, verbose=False)


def test_information_state_tensor_is_the_observation_and_the_round_memory(game_id: str) -> None:
    """The tensor is obs ⊕ memory; memory ≥ obs entrywise, it never forgets within a round."""
    game = load(game_id, 2, SMALL[game_id])
    assert game.get_type().provides_information_state_tensor
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == 2 * size
    state = game.new_initial_state()
    rs = np.random.RandomState(3)
    last: dict[int, np.ndarray] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(OUTCOMES)))
            continue
        player = state.current_player()
        info = np.asarray(state.information_state_tensor(player))
        obs, memory = info[:size], info[size:]
        np.testing.assert_array_equal(obs, state.observation_tensor(player))
        if not state._steps:  # mid-decision steps are in the observation only
            assert (memory >= obs).all()
        if player in last and state.inner.round == last[player][1]:
            assert (memory >= last[player][0]).all()
        last[player] = (memory.copy(), state.inner.round)
        state.apply_action(int(rs.choice(state.legal_actions())))


def test_max_game_length_is_measured_and_enforced() -> None:
    game = load("grid", 2, {"end_total": 10})
    assert 0 < game.max_game_length() < 100_000
    short = load("grid", 2, {"end_total": 10}, max_game_length=12)
    state = short.new_initial_state()
    rs = np.random.RandomState(0)
    moves = 0
    while not state.is_terminal():
        actions = [int(rs.randint(OUTCOMES))] if state.is_chance_node() else state.legal_actions()
        state.apply_action(actions[0] if state.is_chance_node() else int(rs.choice(actions)))
        moves += 1
    assert moves == 12 and state.returns() == [0.0, 0.0] and not state.inner.game_over
    with pytest.raises(Exception, match="over"):
        state.apply_action(0)


def test_ismcts_plays_a_match_to_the_end(game_id: str) -> None:
    """OpenSpiel's ISMCTSBot (resampling through resample_from_infostate) plays seat 0 to the end."""
    game = load(game_id, 2, SMALL[game_id])
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=2,
                           random_state=rs, allow_inconsistent_action_sets=True)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(OUTCOMES)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert decisions > 0
    assert sum(state.returns()) == pytest.approx(1.0)


def test_first_deal_is_a_chance_node_and_seeds_replay() -> None:
    game = load("colors", 2, seed_bytes=2)
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.is_chance_node() and len(a.chance_outcomes()) == OUTCOMES
    for s in (a, b):
        s.apply_action(3)
        assert s.is_chance_node()  # two seed bytes
        s.apply_action(200)
    assert not a.is_chance_node() and str(a) == str(b)
    c = game.new_initial_state()
    c.apply_action(3)
    c.apply_action(201)
    assert str(c) != str(a)


def test_randomised_step_gets_a_chance_node_and_others_do_not() -> None:
    """In colors only 'deal' shuffles: it alone is followed by chance nodes."""
    game = load("colors", 2, {"target_score": 100, "max_rounds": 2}, seed_bytes=1)
    state = game.new_initial_state()
    state.apply_action(0)
    chance_after: dict[str, set[bool]] = {}
    rs = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(OUTCOMES)))
            continue
        action = int(rs.choice(state.legal_actions()))
        verb = state.action_to_string(state.current_player(), action).split(":")[0]
        state.apply_action(action)
        chance_after.setdefault(verb, set()).add(state.is_chance_node())
    assert chance_after.pop("deal") == {True}
    assert chance_after.pop("play") == {False}
    assert chance_after in ({}, {"pick": {False}})


def test_information_state_hides_the_opponent_and_survives_resampling() -> None:
    game = load("lastcard", 2, {"rounds": 1})
    state = game.new_initial_state()
    for b in (1, 2, 3, 4):
        state.apply_action(b)
    rs = np.random.RandomState(1)
    while state.inner.phase == "pass":
        state.apply_action(int(rs.choice(state.legal_actions())))
    player = state.current_player()
    other = 1 - player
    info = state.information_state_string(player)
    view = json.loads(info.split("\n")[-1])
    assert set(view["zones"]["hands"][other]) == {"?"}
    assert f"{other}:pass:?" in info  # the other seat's passed cards stay hidden in the move log
    hidden = state.inner.to_doc()["zones"]["passed"][other]
    assert f"{other}:pass:{':'.join(hidden)}" not in info
    resampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert resampled.information_state_string(player) == info
    assert resampled.observation_tensor(player) == state.observation_tensor(player)
    assert resampled.inner.to_doc()["zones"]["hands"] != state.inner.to_doc()["zones"]["hands"]


def test_bad_parameters_are_named() -> None:
    with pytest.raises(Exception, match="seed_bytes"):
        load("chips", 2, seed_bytes=9)
    with pytest.raises(Exception, match="max_game_length -1 must be ≥ 1"):
        load("chips", 2, max_game_length=-1)
    with pytest.raises(Exception, match="JSON"):
        pyspiel.load_game("python_kartentisch_chips", {"options": "{nope"})


def test_match_mode_replays_a_kartentisch_match_exactly(game_id: str) -> None:
    """chance='match': seed bytes + token steps rebuild the recorded match, later rounds included."""
    options = {"colors": {"max_rounds": 2}, "chips": {"rounds": 2}, "lastcard": {"rounds": 2},
               "grid": {"end_total": 30}, "mayhem": {"point_limit": 30}}.get(game_id, SMALL[game_id])  # 2 rounds
    match = Match(get_game(game_id), 3, options, seed=70_000)
    bot = RandomBot(3)
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, bot.choose(match.state, seat))
    game = load(game_id, 3, options, chance="match")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    for action in history_from_match(match):
        state.apply_action(action)
    assert state.is_terminal()
    assert state.inner.to_doc() == match.state.to_doc()


def test_history_needs_a_seeded_match() -> None:
    with pytest.raises(ValueError, match="seed"):
        history_from_match(Match(get_game("chips"), 2, seed=None))
    with pytest.raises(ValueError, match="seed"):
        history_from_match(Match(get_game("chips"), 2, seed=256**2), seed_bytes=2)


def test_a_chance_outcome_outside_a_byte_is_refused_and_changes_nothing() -> None:
    state = load("grid", 2).new_initial_state()
    state.apply_action(7)
    for bad in (256, 1000):
        with pytest.raises(ValueError, match=f"chance outcome {bad} is not a byte 0 … 255"):
            state.apply_action(bad)
    for byte in (0, 0, 0):  # three more bytes complete the 4-byte seed
        state.apply_action(byte)
    assert not state.is_chance_node()


def test_illegal_action_is_named_and_changes_nothing() -> None:
    state = load("chips", 2).new_initial_state()
    for b in (0, 0, 0, 9):
        state.apply_action(b)
    before = str(state)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(35)  # deal: not legal in phase play
    assert str(state) == before


def test_a_game_pickles_with_its_parameters() -> None:
    """Multiprocessing workers receive games by pickle (pyspiel's own games pickle by name)."""
    import pickle

    game = load("lastcard", 3, {"rounds": 1}, seed_bytes=2)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.get_parameters() == game.get_parameters() and copy.num_players() == 3
    pyspiel.random_sim_test(copy, num_sims=1, serialize=False, verbose=False)


def test_options_of_several_items_survive_serialisation() -> None:
    """OpenSpiel's game string splits parameters at every comma, so options of two items written as plain JSON did
    not load again from a serialized game ('Unknown parameter'); :func:`load` writes them with ';' between items."""
    options = {"gambling_rule": "published", "counter_target": "any", "point_limit": 30}
    game = load("mayhem", 3, options)
    assert "," not in game.get_parameters()["options"]
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()  # the game string loads again
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
