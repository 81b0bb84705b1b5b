"""ISMCTS: legal in every game and phase, reproducible, time budget, parameter errors, beats random."""

from __future__ import annotations

import pytest

from kartentisch.bots import make_bot
from kartentisch.bots.ismcts import ISMCTSBot
from kartentisch.games import all_games, get_game
from kartentisch.kernel import KartentischError, RandomBot
from kartentisch.sim.engine import rotated_jobs, run_jobs
from kartentisch.sim.stats import summarise

GAMES = {g.id: g for g in all_games()}


def _player_counts(game):
    return sorted({game.min_players, min(game.max_players, 4)})


@pytest.mark.parametrize("game_id", list(GAMES))
def test_legal_in_every_phase_and_for_every_seat_to_act(game_id):
    """Random play drives the match; at each (phase, seats-to-act count) first met — simultaneous
    choices and reaction windows included — ISMCTS chooses for every seat in ``to_act``."""
    game = GAMES[game_id]
    for players in _player_counts(game):
        state = game.new_state(players, seed=11)
        driver = RandomBot(5)
        bot = ISMCTSBot(game, seed=3, iterations=25)
        checked: set[tuple[str, int]] = set()
        decisions = 0
        while not state.game_over and decisions < 3000:
            acting = state.to_act()
            key = (state.phase, min(len(acting), 2))
            if key not in checked:
                checked.add(key)
                for seat in acting:
                    before = state.to_doc()
                    token = bot.choose(state, seat)
                    assert token in state.legal_actions(seat), (game_id, players, key, seat, token)
                    assert state.to_doc() == before, "choose() must not change the state"
            seat = acting[0]
            state.apply(seat, driver.choose(state, seat))
            decisions += 1
        assert checked, game_id


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_choices(game_id):
    game = GAMES[game_id]
    state = game.new_state(game.min_players, seed=4)
    driver = RandomBot(9)
    a, b = ISMCTSBot(game, seed=21, iterations=15), ISMCTSBot(game, seed=21, iterations=15)
    seen = 0
    for _ in range(25):
        if state.game_over:
            break
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            assert a.choose(state, seat) == b.choose(state, seat)
            seen += 1
        state.apply(seat, driver.choose(state, seat))
    assert seen > 0


def test_time_budget_stops_the_search():
    game = get_game("colors")
    state = game.new_state(2, seed=1)
    bot = ISMCTSBot(game, seed=1, iterations=10**9, time_budget_s=0.02)
    token = bot.choose(state, state.to_act()[0])
    assert token in state.legal_actions(state.to_act()[0])
    assert 1 <= bot.last_iterations < 10**9


def test_time_budget_alone_has_no_iteration_cap():
    bot = ISMCTSBot(get_game("colors"), seed=1, time_budget_s=0.01)
    assert bot.iterations is None
    state = get_game("colors").new_state(2, seed=1)
    assert bot.choose(state, state.to_act()[0]) in state.legal_actions(state.to_act()[0])
    assert bot.last_iterations >= 1


def test_forced_decision_runs_no_search():
    game = get_game("colors")
    state = game.new_state(2, seed=2)
    bot = ISMCTSBot(game, seed=0, iterations=50)
    driver = RandomBot(0)
    while not state.game_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            assert bot.choose(state, seat) == legal[0]
            assert bot.last_iterations == 0
            return
        state.apply(seat, driver.choose(state, seat))
    pytest.fail("no forced decision met")


def test_seat_without_decision_is_an_error():
    game = get_game("colors")
    state = game.new_state(2, seed=2)
    idle = 1 - state.to_act()[0]
    with pytest.raises(KartentischError, match="no decision"):
        ISMCTSBot(game, seed=0, iterations=5).choose(state, idle)


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:iterations=0", "iterations"),
    ("ismcts:iterations=1.5", "iterations"),
    ("ismcts:time_budget_s=0", "time_budget_s"),
    ("ismcts:c=-1", "c must"),
    ("ismcts:rollout=smart", "rollout"),
    ("ismcts:depth=0", "depth"),
    ("ismcts:reward=glory", "reward"),
    ("ismcts:temperature=3", "temperature"),
])
def test_bad_parameters_are_named(spec, message):
    with pytest.raises(KartentischError, match=message):
        make_bot(spec, get_game("colors"), 0)


def test_margin_reward_needs_the_game_s_score_scale():
    """``reward=margin`` reads ``Game.search.margin_scale`` (colors declares 8 points); a game that declares none
    (here a colors variant without it) is refused, naming the game."""
    from kartentisch.games.colors.rules import ColorsGame
    from kartentisch.kernel import SearchTuning

    class Unscaled(ColorsGame):
        search = SearchTuning(reward="score")

    assert make_bot("ismcts:reward=margin", get_game("colors"), 0).margin_scale == 8
    with pytest.raises(KartentischError, match=r"colors declares none \(Game.search.margin_scale\)"):
        make_bot("ismcts:reward=margin", Unscaled(), 0)


def test_spec_parameters_reach_the_bot():
    bot = make_bot("ismcts:iterations=7,c=1,rollout=heuristic,depth=30,reward=win", get_game("colors"), 0)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.c, bot.rollout, bot.depth, bot.reward) == (7, 1.0, "heuristic", 30, "win")
    assert bot.policy is not None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_score_reward_is_normalised_in_the_games_direction(game_id):
    bot = ISMCTSBot(GAMES[game_id], seed=0, reward="score")
    best = bot._normalise([3, 10, 3])
    assert best == ([0.0, 1.0, 0.0] if GAMES[game_id].score_sign > 0 else [1.0, 0.0, 1.0])
    assert bot._normalise([4, 4]) == [0.5, 0.5]


def test_margin_reward_is_the_lead_over_the_others_mean_scaled_and_clipped():
    """grid (lower is better, margin scale 30): a 30-point lead over the others' mean gives 1,
    par 0.5, a 15-point deficit 0.25; beyond the scale it is clipped."""
    bot = ISMCTSBot(GAMES["grid"], seed=0, reward="margin")
    assert bot._round_reward([10, 40]) == [1.0, 0.0]
    assert bot._round_reward([7, 7]) == [0.5, 0.5]
    assert bot._round_reward([0, 15, 30]) == [0.875, 0.5, 0.125]
    assert bot._round_reward([-20, 90]) == [1.0, 0.0]
    assert ISMCTSBot(GAMES["grid"], seed=0).reward == "margin"  # the grid default


@pytest.mark.parametrize("game_id", list(GAMES))
def test_depth_capped_rollouts_still_give_legal_choices(game_id):
    game = GAMES[game_id]
    state = game.new_state(game.min_players, seed=8)
    bot = ISMCTSBot(game, seed=2, iterations=30, depth=3, reward="win")
    seat = state.to_act()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)


#: (options, matches, wins needed) per game. One-round matches keep the test short (option names
#: are each spec's); a colors round is too much luck for 12 rounds to tell, so colors plays whole
#: matches. Thresholds: a bot no better than random (p = 0.5) reaches 9/12 with probability 7.3%
#: and 16/24 with 7.6%; one winning 90% misses them with 2.6% and 0.03%. One mayhem round is
#: luckier: ISMCTS wins about 75% of them against random (48 rounds: 0.79 and 0.70 with two
#: determinization streams, 0.77 at 300 iterations), so mayhem plays 40 rounds and needs 25
#: (p = 0.5 passes with 7.7%, p = 0.75 misses with 2.6%).
STRENGTH_CASES = {"colors": ({}, 24, 16), "chips": ({"rounds": 1}, 12, 9), "lastcard": ({"rounds": 1}, 12, 9),
                  "grid": ({"end_total": 1}, 12, 9), "mayhem": ({"point_limit": 1}, 40, 25)}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_beats_random_clearly(game_id):
    """ISMCTS at 100 iterations against random, seats alternated (see :data:`STRENGTH_CASES`)."""
    options, matches, needed = STRENGTH_CASES.get(game_id, ({}, 24, 16))
    spec = "ismcts:iterations=100"
    jobs = list(rotated_jobs(game_id, 2, [spec, "random"], matches, seed=7, options=options))
    summary = summarise(run_jobs(jobs, workers=2))
    assert summary["ended"] == matches
    assert summary["bots"][spec]["wins"] >= needed, summary["bots"]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_defaults_are_the_games_search_tuning(game_id):
    """The bot knows no game: rollout, reward, depth and margin scale come from ``Game.search``."""
    game = GAMES[game_id]
    bot = ISMCTSBot(game)
    assert (bot.rollout, bot.reward) == (game.search.rollout, game.search.reward)
    assert bot.depth == (game.search.depth or 5_000) and bot.margin_scale == (game.search.margin_scale or 1)
    assert (bot.policy is not None) == (bot.rollout == "heuristic")
    assert ISMCTSBot(GAMES[game_id], rollout="random").policy is None


def test_decision_too_wide_for_the_iterations_is_the_heuristic_policys():
    """MIN_VISITS: lastcard's pass (2 players: 3 of 15 cards, 455 tokens) gets < 10 visits per token
    at 1,000 iterations, so the heuristic rollout policy passes; a narrow decision, or random
    rollouts, or enough iterations, still search."""
    from kartentisch.bots.ismcts import MIN_VISITS

    game = GAMES["lastcard"]
    state = game.new_state(2, seed=4)
    seat = state.to_act()[0]
    wide = len(state.legal_actions(seat))
    assert wide * MIN_VISITS > 1000
    bot = ISMCTSBot(game, seed=1, iterations=1000)
    assert bot.choose(state, seat) == game.heuristic_bot(0).choose(state, seat)
    assert bot.last_iterations == 0
    searched = ISMCTSBot(game, seed=1, iterations=20, rollout="random")
    searched.choose(state, seat)
    assert searched.last_iterations == 20
    deep = ISMCTSBot(game, seed=1, iterations=wide * MIN_VISITS)
    deep.choose(state, seat)
    assert deep.last_iterations == wide * MIN_VISITS


def test_last_visits_are_the_root_visits_of_the_last_search():
    """What an apprentice learns (expert iteration, Anthony et al. 2017): the root visits per legal token of the
    search behind the last choice, the chosen token the most visited; empty after a decision without search."""
    game = get_game("grid")
    state = game.new_state(2, None, 3)
    bot = make_bot("ismcts:iterations=60", game, 1)
    heuristic = make_bot("heuristic", game, 2)
    searched = forced = 0
    while not state.game_over and (not searched or not forced):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        token = bot.choose(state, seat)
        visits = bot.last_visits  # type: ignore[attr-defined]
        if len(legal) == 1:
            assert visits == {}
            forced += 1
        elif visits:
            assert set(visits) == set(legal) and sum(visits.values()) == 60
            assert visits[token] == max(visits.values())
            searched += 1
        state.apply(seat, heuristic.choose(state, seat))
    assert searched and forced


def test_a_root_prior_orders_the_search_by_puct():
    """``root_prior`` (a learned prior over the root's tokens, :mod:`kartentisch.bots.valuesearch`): the first
    iterations go to the prior's favourites in its order, an improbable token is tried last, and without it the
    bot searches as before (equal seeds, equal visits)."""
    game = get_game("colors")
    state = game.new_state(2, seed=3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert len(legal) >= 4
    favourite, second, *rest = list(reversed(legal))
    prior = {favourite: 0.6, second: 0.3, **{tok: 0.1 / len(rest) for tok in rest}}
    bot = ISMCTSBot(game, seed=1, iterations=2)
    bot.root_prior = prior
    bot.choose(state, seat)
    assert {tok for tok, n in bot.last_visits.items() if n} == {favourite, second}
    bot = ISMCTSBot(game, seed=1, iterations=200)
    bot.root_prior = prior
    bot.choose(state, seat)
    assert sum(bot.last_visits.values()) == 200 and all(bot.last_visits[tok] >= 1 for tok in legal)
    plain, again = ISMCTSBot(game, seed=1, iterations=50), ISMCTSBot(game, seed=1, iterations=50)
    again.root_prior = {}
    plain.choose(state, seat), again.choose(state, seat)
    assert plain.last_visits == again.last_visits
