"""A learned policy as a bot (issue 36 item 1): the file, greedy and sampled play, the seat's view only,
clear errors, and ``policy:PATH`` wherever a bot spec is accepted."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from typer.testing import CliRunner  # noqa: E402

from kartentisch.bots import bot_label, make_bot, parse_spec  # noqa: E402
from kartentisch.bots.policy import Network, PolicyBot, PolicyError, load_policy, save_policy  # noqa: E402
from kartentisch.cli.app import app  # noqa: E402
from kartentisch.games import get_game  # noqa: E402
from kartentisch.kernel import KartentischError, Match  # noqa: E402
from kartentisch.rl.observations import Encoder  # noqa: E402
from kartentisch.sim.lab import simulate  # noqa: E402
from kartentisch.sim.tournament import tournament_jobs  # noqa: E402

runner = CliRunner()
SMALL = {"grid": {"end_total": 10}, "lastcard": {"rounds": 1}, "colors": {"max_rounds": 1}}


def tiny_policy(path: Path, game_id: str = "grid", players: int = 2, options: dict | None = None, seed: int = 0,
                hidden: int = 16) -> Path:
    """A random two-layer policy for ``game_id`` written to ``path`` (the test's own network, no training)."""
    game = get_game(game_id)
    encoder = Encoder(game, players, options)
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(0, 0.3, (encoder.size, hidden)), rng.normal(0, 0.1, hidden)),
              (rng.normal(0, 0.3, (hidden, len(encoder.space))), rng.normal(0, 0.1, len(encoder.space)))]
    save_policy(path, Network(layers), game, players, options, {"command": "tests", "seed": seed})
    return path


@pytest.fixture
def grid_policy(tmp_path: Path) -> Path:
    return tiny_policy(tmp_path / "grid.npz", options=SMALL["grid"])


def test_file_round_trip_keeps_header_and_weights(grid_policy: Path):
    policy = load_policy(grid_policy)
    header = policy.header
    assert header["format"] == "kartentisch-policy" and header["game"] == "grid" and header["players"] == 2
    assert header["command"] == "tests" and header["seed"] == 0
    assert header["options"]["end_total"] == 10
    assert header["observation"]["size"] == policy.network.inputs
    assert header["actions"]["size"] == policy.network.outputs


def test_greedy_policy_takes_the_best_legal_action(tmp_path: Path):
    """A network whose last bias prefers one action plays it whenever legal, and never an illegal one."""
    game = get_game("grid")
    encoder = Encoder(game, 2, SMALL["grid"])
    state = game.new_state(2, SMALL["grid"], seed=3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    favourite = encoder.space.index[encoder.space.split(legal[-1])[0]]
    bias = np.zeros(len(encoder.space))
    bias[favourite] = 5.0
    illegal = [i for i in range(len(encoder.space)) if encoder.space.actions[i] not in
               {s for t in legal for s in encoder.space.split(t)}]
    bias[illegal[0]] = 50.0  # the network's best overall is illegal: the mask must exclude it
    layers = [(np.zeros((encoder.size, 4)), np.zeros(4)), (np.zeros((4, len(encoder.space))), bias)]
    path = save_policy(tmp_path / "fav.npz", Network(layers), game, 2, SMALL["grid"]) and tmp_path / "fav.npz"
    assert PolicyBot(path, game).choose(state, seat) == legal[-1]


def test_policy_input_is_the_seat_observation_only(grid_policy: Path):
    """Two states the seat cannot tell apart (hidden cards re-dealt) give the network the same input and move."""
    game = get_game("grid")
    state = game.new_state(2, SMALL["grid"], seed=11)
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        if state.game_over:
            break
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            bot, twin_bot = PolicyBot(grid_policy, game), PolicyBot(grid_policy, game)
            twin = state.determinize(seat, random.Random(checked))
            assert twin.to_doc() != state.to_doc() or checked  # a re-deal differs somewhere (first position)
            token = bot.choose(state, seat)
            assert twin_bot.choose(twin, seat) == token
            assert np.array_equal(bot.last_input, twin_bot.last_input)
            encoder = Encoder(game, 2, SMALL["grid"])
            assert np.array_equal(bot.last_input, encoder.encode(state.view(seat), seat))
            checked += 1
        state.apply(seat, state.random_action(seat, rng))
    assert checked >= 5


def test_temperature_samples_reproducibly_and_greedy_is_deterministic(grid_policy: Path):
    game = get_game("grid")
    state = game.new_state(2, SMALL["grid"], seed=2)
    seat = state.to_act()[0]
    picks = [PolicyBot(grid_policy, game, seed=s, temperature=5.0).choose(state, seat) for s in range(30)]
    again = [PolicyBot(grid_policy, game, seed=s, temperature=5.0).choose(state, seat) for s in range(30)]
    assert picks == again and len(set(picks)) > 1
    assert len({PolicyBot(grid_policy, game, seed=s).choose(state, seat) for s in range(10)}) == 1


def test_spec_parses_path_and_temperature_and_labels_in_both_languages():
    assert parse_spec("policy:a/b.npz,temperature=0.5") == ("policy", {"path": "a/b.npz", "temperature": 0.5})
    with pytest.raises(KartentischError, match="name the policy file"):
        parse_spec("policy:temperature=1")
    assert bot_label("policy:x.npz", 1) == "Bot Max (learned)"
    assert bot_label("policy:x.npz", 0, "de") == "Bot Lena (gelernt)"


def test_bad_files_are_refused_naming_the_file_and_the_fault(tmp_path: Path, grid_policy: Path):
    game = get_game("grid")
    with pytest.raises(PolicyError, match=r"missing\.npz: no such file"):
        make_bot(f"policy:{tmp_path / 'missing.npz'}", game)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip at all")
    with pytest.raises(PolicyError, match=r"junk\.npz: not a \.npz policy file") as refused:
        make_bot(f"policy:{junk}", game)
    assert "pickle" not in str(refused.value)  # numpy's advice to load unsafely is not passed on
    text = tmp_path / "text.npz"
    text.write_bytes(b"hello")
    with pytest.raises(PolicyError, match=r"text\.npz: not a \.npz policy file") as refused:
        make_bot(f"policy:{text}", game)
    assert "pickle" not in str(refused.value)
    # a header whose fields have the wrong type: named, no traceback (a designer's "players": "two")
    with np.load(grid_policy) as data:
        arrays = {name: data[name] for name in data.files}
    header = json.loads(arrays["header"].tobytes().decode())
    for key, value, said in (("players", "two", "players a whole number"), ("scale", -1, "scale must be a number > 0"),
                             ("game", 7, "players a whole number"), ("observation", {"size": "9"}, "observation size")):
        bad = tmp_path / f"bad-{key}.npz"
        with bad.open("wb") as out:
            np.savez(out, **{**arrays, "header": np.frombuffer(json.dumps({**header, key: value}).encode(), np.uint8)})
        with pytest.raises(PolicyError, match=said):
            make_bot(f"policy:{bad}", game)
    no_header = tmp_path / "noheader.npz"
    with no_header.open("wb") as out:
        np.savez(out, w0=np.zeros((2, 2)))
    with pytest.raises(PolicyError, match=r"noheader\.npz: no 'header'"):
        make_bot(f"policy:{no_header}", game)
    cut = tmp_path / "cut.npz"
    with zipfile.ZipFile(grid_policy) as src, zipfile.ZipFile(cut, "w") as dst:
        for name in src.namelist():
            if name != "w1.npy":
                dst.writestr(name, src.read(name))
    with pytest.raises(PolicyError, match=r"cut\.npz: layer 1 lacks w1 or b1"):
        make_bot(f"policy:{cut}", game)
    with pytest.raises(PolicyError, match=r"grid\.npz: a policy of 'grid', not of 'colors'"):
        make_bot(f"policy:{grid_policy}", get_game("colors"))
    with pytest.raises(KartentischError, match="unknown parameter 'depth'"):
        make_bot(f"policy:{grid_policy},depth=3", game)
    with pytest.raises(PolicyError, match="temperature=-1"):
        make_bot(f"policy:{grid_policy},temperature=-1", game)


def test_a_table_the_policy_was_not_made_for_is_refused(grid_policy: Path):
    game = get_game("grid")
    bot = make_bot(f"policy:{grid_policy}", game)
    three = game.new_state(3, SMALL["grid"], seed=1)
    with pytest.raises(PolicyError, match=r"grid\.npz: made for 2 players of grid, not 3"):
        bot.choose(three, three.to_act()[0])
    other = game.new_state(2, {"end_total": 100}, seed=1)
    with pytest.raises(PolicyError, match="another observation layout"):
        bot.choose(other, other.to_act()[0])
    with pytest.raises(PolicyError, match="made for 2 players of grid, not 3"):  # before any match is played
        tournament_jobs("grid", 3, [f"policy:{grid_policy}", "heuristic"], 6, seed=1, options=SMALL["grid"])
    with pytest.raises(PolicyError, match="made for 2 players of grid, not 4"):
        simulate("grid", 4, [f"policy:{grid_policy}"], 4, seed=1, options=SMALL["grid"])


@pytest.mark.parametrize("game_id", ["grid", "lastcard", "colors"])
def test_policy_plays_whole_matches(tmp_path: Path, game_id: str):
    """Whole matches through the simulation engine (lastcard: decisions of several steps)."""
    path = tiny_policy(tmp_path / f"{game_id}.npz", game_id, options=SMALL[game_id])
    doc = simulate(game_id, 2, [f"policy:{path}", "heuristic"], 4, seed=1, options=SMALL[game_id])
    assert doc["matches"] == 4 and doc["ended"] == 4
    assert sum(b["games"] for b in doc["bots"].values()) == 8


def test_tournament_and_simulate_commands_take_a_policy(grid_policy: Path):
    spec = f"policy:{grid_policy}"
    done = runner.invoke(app, ["tournament", "grid", "--players", "2", "--bots", f"{spec},heuristic",
                               "--matches", "4", "--options", json.dumps(SMALL["grid"])])
    assert done.exit_code == 0, done.output
    assert "Bot" in done.output or "policy" in done.output
    done = runner.invoke(app, ["simulate", "grid", "--players", "2", "--games", "2", "--bots", f"{spec},random",
                               "--options", json.dumps(SMALL["grid"])])
    assert done.exit_code == 0, done.output


def test_gym_opponent_and_pettingzoo_bot_agent_take_a_policy(grid_policy: Path):
    pytest.importorskip("gymnasium")
    from kartentisch.rl.bots import BotAgent
    from kartentisch.rl.gym import make
    from kartentisch.rl.pettingzoo import env as aec_env

    gym = make("grid", 2, opponents=f"policy:{grid_policy}", options=SMALL["grid"])
    obs, info = gym.reset(seed=1)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, _, term, trunc, info = gym.step(int(rng.choice(np.flatnonzero(gym.action_masks()))))
        done = term or trunc
    assert "result" in info
    e = aec_env("grid", players=2, options=SMALL["grid"])
    e.reset(seed=3)
    first, second = e.possible_agents
    agents = {first: BotAgent(f"policy:{grid_policy}", "grid", seed=1), second: BotAgent("heuristic", "grid", seed=2)}
    for agent in e.agent_iter():
        _, _, termination, truncation, _ = e.last()
        e.step(None if termination or truncation else agents[agent].act(e))
    assert sum(e.unwrapped.game_state.returns()) == pytest.approx(1.0)


def test_match_replays_with_a_policy_bot(grid_policy: Path):
    """The policy's seeded choices replay: the same seed gives the same match."""
    game = get_game("grid")
    logs = []
    for _ in range(2):
        match = Match(game, players=2, options=SMALL["grid"], seed=4)
        bots = [make_bot(f"policy:{grid_policy}", game, 1), make_bot("heuristic", game, 2)]
        while not match.state.game_over:
            seat = match.state.to_act()[0]
            match.apply(seat, bots[seat].choose(match.state, seat))
        logs.append(match.history)
    assert logs[0] == logs[1] and len(logs[0]) > 10
