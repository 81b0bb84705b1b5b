"""``kartentisch train`` (issue 36 item 2): batched evaluation, the exported policy, checkpoints, resume, the
learning curve, and a clear message without the train extra."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from kartentisch.bots import make_bot
from kartentisch.bots.policy import Network, load_policy
from kartentisch.cli.app import app
from kartentisch.games import get_game
from kartentisch.rl.observations import Encoder
from kartentisch.rl.train import best_checkpoint, evaluate

runner = CliRunner()


def _said(output: str) -> str:
    """The output as one line, without Rich's box (a message may wrap inside it)."""
    return " ".join(output.replace("│", " ").split())


SMALL = {"end_total": 10}


def _network(game_id: str, players: int, options: dict, seed: int) -> Network:
    encoder = Encoder(get_game(game_id), players, options)
    rng = np.random.default_rng(seed)
    return Network([(rng.normal(0, 0.3, (encoder.size, 8)).astype(np.float32), np.zeros(8, np.float32)),
                    (rng.normal(0, 0.3, (8, len(encoder.space))).astype(np.float32),
                     np.zeros(len(encoder.space), np.float32))])


@pytest.mark.parametrize(("game_id", "options"), [("grid", SMALL), ("lastcard", {"rounds": 1})])
def test_batched_evaluation_equals_playing_each_match_alone(tmp_path: Path, game_id: str, options: dict):
    """All matches stepped together through one network call per round give what one match at a time gives
    with the policy bot (greedy), match by match (lastcard: decisions of several steps)."""
    from kartentisch.bots.policy import Policy, PolicyBot, save_policy

    game = get_game(game_id)
    network = _network(game_id, 2, options, 3)
    wins, matches, decisions = evaluate(network, game, 2, options, "heuristic", 6, seed=50)
    assert matches == 6 and decisions > 0
    save_policy(tmp_path / "p.npz", network, game, 2, options)
    policy: Policy = load_policy(tmp_path / "p.npz")
    alone = 0.0
    for k in range(6):
        state = game.new_state(2, options, 50 + k)
        seat = k % 2
        bots = {seat: PolicyBot(policy, game), 1 - seat: make_bot("heuristic", game, 50 + k + 7919)}
        while not state.game_over:
            s = state.to_act()[0]
            state.apply(s, bots[s].choose(state, s))
        alone += state.returns()[seat]
    assert wins == pytest.approx(alone)


def test_the_file_holds_the_best_checkpoint_the_latest_of_equals():
    """``train`` said the last checkpoint's 0.000 for a file holding an earlier one's 0.05 (a designer's finding): the
    figure it reports is the checkpoint the file holds."""
    curve = [{"seconds": 10, "win_rate": 0.05}, {"seconds": 20, "win_rate": 0.1}, {"seconds": 30, "win_rate": 0.1},
             {"seconds": 40, "win_rate": 0.0}]
    assert best_checkpoint(curve) is curve[2]
    assert best_checkpoint(curve[:1]) is curve[0]


def test_without_the_train_extra_the_command_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now raises ImportError
    done = runner.invoke(app, ["train", "grid", "--out", str(tmp_path / "p.npz"), "--minutes", "0.1"])
    assert done.exit_code == 2
    assert "needs 'torch' (the optional extra 'train'): pip install 'kartentisch[train]'" in _said(done.output)
    assert not (tmp_path / "p.npz").exists()


def test_bad_arguments_are_refused_before_training(tmp_path: Path):
    done = runner.invoke(app, ["train", "grid", "--out", str(tmp_path / "missing" / "p.npz")])
    assert done.exit_code == 2 and "does not exist" in _said(done.output)
    done = runner.invoke(app, ["train", "grid", "--out", str(tmp_path / "p.npz"), "--heuristic", "0.7",
                               "--ismcts", "0.5"])
    assert done.exit_code == 2 and "add up to more than 1" in _said(done.output)
    pytest.importorskip("sb3_contrib")
    done = runner.invoke(app, ["train", "grid", "--out", str(tmp_path / "p.npz"), "--resume"])
    assert done.exit_code == 2 and "no checkpoint" in _said(done.output)


def _train(tmp_path: Path, minutes: float, *extra: str) -> object:
    return runner.invoke(app, ["train", "grid", "--out", str(tmp_path / "grid.npz"), "--minutes", str(minutes),
                               "--every", "6", "--eval-matches", "4", "--envs", "2", "--seed", "3",
                               "--options", json.dumps(SMALL), "--checkpoints", str(tmp_path / "ckpt"), *extra])


def _curve(tmp_path: Path) -> list[dict[str, str]]:
    with (tmp_path / "ckpt" / "curve.csv").open() as src:
        return list(csv.DictReader(src))


def test_train_exports_a_policy_with_checkpoints_curve_and_resume(tmp_path: Path):
    pytest.importorskip("sb3_contrib")
    done = _train(tmp_path, 0.15)
    assert done.exit_code == 0, done.output
    policy = load_policy(tmp_path / "grid.npz")
    assert policy.header["seed"] == 3 and "train grid" in policy.header["command"]
    assert policy.header["options"]["end_total"] == 10 and policy.header["evaluation"]["matches"] == 4
    rows = _curve(tmp_path)
    assert rows and set(rows[0]) == {"seconds", "steps", "win_rate", "ci_low", "ci_high", "matches"}
    assert all(float(r["ci_low"]) <= float(r["win_rate"]) <= float(r["ci_high"]) for r in rows)
    assert (tmp_path / "ckpt" / "curve.png").stat().st_size > 1000
    assert (tmp_path / "ckpt" / "model.zip").exists()
    league = json.loads((tmp_path / "ckpt" / "progress.json").read_text())["league"]
    assert league and all((tmp_path / "ckpt" / name).exists() for name in league)

    # the exported network is the trained model's greedy policy
    from sb3_contrib import MaskablePPO

    from kartentisch.rl.gym import make

    model = MaskablePPO.load(tmp_path / "ckpt" / "model.zip", device="cpu")
    env = make("grid", 2, opponents="heuristic", options=SMALL)
    obs, _ = env.reset(seed=9)
    for _ in range(20):
        masks = env.action_masks()
        ours = int(np.argmax(np.where(masks, policy.network.logits(obs), -np.inf)))
        theirs, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert ours == int(theirs)
        obs, _, term, trunc, _ = env.step(ours)
        if term or trunc:
            obs, _ = env.reset()

    # it plays as a bot, and training resumes from the checkpoint
    assert make_bot(f"policy:{tmp_path / 'grid.npz'}", get_game("grid"), 0, 2, SMALL)
    steps = int(rows[-1]["steps"])
    done = _train(tmp_path, float(rows[-1]["seconds"]) / 60 + 0.15, "--resume")  # 9 s more than it had
    assert done.exit_code == 0, done.output
    more = _curve(tmp_path)
    assert len(more) > len(rows) and more[:len(rows)] == rows and int(more[-1]["steps"]) > steps
    assert float(more[-1]["seconds"]) > float(rows[-1]["seconds"])


@pytest.mark.ray
def test_train_steps_its_environments_as_ray_actors(tmp_path: Path):
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("ray")
    done = _train(tmp_path, 1.5, "--ray")  # Ray's start counts toward the minutes (a minute on a loaded machine)
    assert done.exit_code == 0, done.output
    assert load_policy(tmp_path / "grid.npz").header["game"] == "grid"
    assert int(_curve(tmp_path)[-1]["steps"]) > 0


def test_imitation_fits_the_actor_to_the_teacher():
    """Behaviour cloning: after it, the greedy network picks the heuristic's step far more often than before."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from kartentisch.rl.gym import make
    from kartentisch.rl.train import imitate, network_of, teacher_data

    game = get_game("grid")
    x, masks, targets = teacher_data(game, 2, SMALL, "heuristic", 3000, seed=1)
    assert targets.shape == masks.shape and (targets.max(axis=1) == 1).all()  # one step each, weight 1
    actions = targets.argmax(axis=1)
    assert len(actions) == 3000 and masks[np.arange(3000), actions].all()  # the teacher's steps are legal
    assert (masks.sum(axis=1) > 1).all()  # forced steps are left out
    model = MaskablePPO("MlpPolicy", make("grid", 2, options=SMALL), policy_kwargs={"net_arch": [64]}, seed=0,
                        device="cpu")

    def agreement() -> float:
        logits = np.where(masks, network_of(model).logits(x), -np.inf)
        return float((logits.argmax(axis=1) == actions).mean())

    before = agreement()
    imitate(model, (x, masks, targets), epochs=10, seed=0)
    assert agreement() > before + 0.2


@pytest.mark.parametrize("game_id", ["grid", "lastcard"])
def test_a_search_teacher_gives_its_visit_shares_over_the_legal_steps(game_id: str):
    """Expert iteration's tree policy target (Anthony et al. 2017): ISMCTS's root visits, summed per next step
    (lastcard: tokens of several steps), a distribution over the legal steps whose best step is the one played;
    the teacher plays only its seat against the other bot."""
    from kartentisch.rl.train import teacher_data

    options = SMALL if game_id == "grid" else {"rounds": 1}
    x, masks, targets = teacher_data(get_game(game_id), 2, options, "ismcts:iterations=40", 40, seed=2,
                                     against="heuristic")
    assert len(targets) == 40 and targets.dtype == np.float32
    assert np.allclose(targets.sum(axis=1), 1) and not (targets[~masks] != 0).any()
    assert ((targets > 0).sum(axis=1) > 1).sum() >= 5  # soft where it searched (not where the decision was wide)
    alone = teacher_data(get_game(game_id), 2, options, "ismcts:iterations=40", 40, seed=2)
    assert not np.array_equal(alone[0], x)  # against heuristic the positions differ from ISMCTS at both seats


def test_collection_runs_in_chunks_over_processes_and_keeps_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Chunk ``i`` deals from ``seed + i * CHUNK_SEEDS`` (whatever the processes); finished chunks are kept and
    read back, so a stopped or a larger collection reuses them."""
    from kartentisch.rl import train
    from kartentisch.rl.train import collect, teacher_data

    monkeypatch.setattr(train, "CHUNK", 12)
    game, said = get_game("grid"), []
    options = game.resolve_options(2, SMALL)
    cache = tmp_path / "teacher"
    data = collect(game, 2, options, "heuristic", "random", 30, 5, jobs=1, cache=cache, log=said.append)
    parts = [teacher_data(game, 2, options, "heuristic", n, 5 + i * train.CHUNK_SEEDS, "random")
             for i, n in enumerate((12, 12, 6))]
    for i in range(3):
        assert np.array_equal(data[i], np.concatenate([part[i] for part in parts]))
    assert said[-1].startswith("30 decisions of heuristic against random (0 of 3 chunks read")
    assert len(list(cache.glob("chunk-*.npz"))) == 3
    more = collect(game, 2, options, "heuristic", "random", 48, 5, jobs=2, cache=cache, log=said.append)
    assert said[-1].startswith("48 decisions of heuristic against random (2 of 4 chunks read")  # in 2 processes
    assert all(np.array_equal(a[:24], b[:24]) for a, b in zip(data, more, strict=True))
    again = collect(game, 2, options, "heuristic", "random", 48, 5, jobs=2, cache=cache, log=said.append)
    assert "(4 of 4 chunks read" in said[-1] and all(np.array_equal(a, b) for a, b in zip(more, again, strict=True))


def test_train_imitates_an_ismcts_teacher_and_exports_the_apprentice(tmp_path: Path):
    """``--teacher ismcts:…``: the apprentice is evaluated and exported before any PPO step (curve row at 0
    steps), its header names the teacher, and ``policy:FILE`` plays it."""
    pytest.importorskip("sb3_contrib")
    done = _train(tmp_path, 0, "--imitate", "60", "--teacher", "ismcts:iterations=30", "--imitate-epochs", "2")
    assert done.exit_code == 0, done.output
    said = _said(done.output)
    assert "60 decisions of ismcts:iterations=30 against heuristic (0 of 1 chunks read" in said
    assert "imitated ismcts:iterations=30 on 60 decisions" in said
    rows = _curve(tmp_path)
    assert [int(r["steps"]) for r in rows] == [0]
    policy = load_policy(tmp_path / "grid.npz")
    assert policy.header["trainer"].startswith("imitation of ismcts:iterations=30 against heuristic")
    assert "--teacher ismcts:iterations=30" in policy.header["command"]
    assert len(list((tmp_path / "ckpt" / "teacher").glob("chunk-*.npz"))) == 1
    game = get_game("grid")
    state = game.new_state(2, SMALL, 4)
    bots = [make_bot(f"policy:{tmp_path / 'grid.npz'}", game, 0, 2, SMALL), make_bot("heuristic", game, 1)]
    while not state.game_over:
        s = state.to_act()[0]
        state.apply(s, bots[s].choose(state, s))
    done = runner.invoke(app, ["train", "grid", "--out", str(tmp_path / "grid.npz"), "--imitate", "10",
                               "--teacher", "ismcts:iterations=0"])
    assert done.exit_code == 2 and "iterations" in _said(done.output)


def test_dagger_the_driver_plays_and_the_teacher_only_labels():
    """``driver`` (DAgger, Ross et al. 2011): the positions are those of the driver's own play (here the
    heuristic's, row for row), the targets the teacher's visit shares in them."""
    from kartentisch.rl.train import teacher_data

    game = get_game("grid")
    x, masks, targets = teacher_data(game, 2, SMALL, "ismcts:iterations=30", 40, seed=2, against="random",
                                     driver="heuristic")
    ref_x, ref_masks, ref_targets = teacher_data(game, 2, SMALL, "heuristic", 40, seed=2, against="random")
    assert np.array_equal(x, ref_x) and np.array_equal(masks, ref_masks)
    assert np.allclose(targets.sum(axis=1), 1) and not (targets[~masks] != 0).any()
    assert ((targets > 0).sum(axis=1) > 1).sum() >= 5  # the searcher's shares, not the driver's one-hot moves
    assert (targets.argmax(axis=1) != ref_targets.argmax(axis=1)).any()  # it disagrees with the driver somewhere


def test_init_starts_the_actor_from_a_policy_file_and_refuses_other_layers(tmp_path: Path):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from kartentisch.bots.policy import save_policy
    from kartentisch.kernel import KartentischError
    from kartentisch.rl.gym import make
    from kartentisch.rl.train import load_network, network_of

    game = get_game("grid")
    network = _network("grid", 2, SMALL, 4)
    save_policy(tmp_path / "start.npz", network, game, 2, SMALL)
    start = load_policy(tmp_path / "start.npz")
    model = MaskablePPO("MlpPolicy", make("grid", 2, options=SMALL), policy_kwargs={"net_arch": [8]}, seed=0,
                        device="cpu")
    load_network(model, start)
    for (w, b), (w2, b2) in zip(network_of(model).layers, network.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    other = MaskablePPO("MlpPolicy", make("grid", 2, options=SMALL), policy_kwargs={"net_arch": [16]}, seed=0,
                        device="cpu")
    before = [w.copy() for w, _ in network_of(other).layers]
    with pytest.raises(KartentischError, match=r"--init .*start\.npz: its layers"):
        load_network(other, start)
    assert all(np.array_equal(w, w2) for w, (w2, _) in zip(before, network_of(other).layers, strict=True))


def test_train_fine_tunes_a_policy_on_a_teacher_in_the_drivers_positions(tmp_path: Path):
    """``--init FILE --driver policy:FILE``: the command trains from the file, collects in its positions, names
    both in the header, and the result plays; a driver of another game is refused before any work."""
    pytest.importorskip("sb3_contrib")
    from kartentisch.bots.policy import save_policy

    game = get_game("grid")
    encoder = Encoder(game, 2, SMALL)
    rng = np.random.default_rng(5)
    sizes = [encoder.size, 256, 256, len(encoder.space)]  # the trainer's default network
    layers = [(rng.normal(0, 0.05, (a, b)).astype(np.float32), np.zeros(b, np.float32))
              for a, b in zip(sizes, sizes[1:], strict=False)]
    start = tmp_path / "start.npz"
    save_policy(start, Network(layers), game, 2, SMALL)
    done = _train(tmp_path, 0, "--imitate", "30", "--teacher", "ismcts:iterations=20", "--driver", f"policy:{start}",
                  "--init", str(start), "--imitate-epochs", "1")
    assert done.exit_code == 0, done.output
    header = load_policy(tmp_path / "grid.npz").header
    assert header["trainer"].startswith(f"from {start}: DAgger: policy:{start} playing, imitation of ismcts")
    assert f"--driver policy:{start}" in header["command"] and f"--init {start}" in header["command"]
    state = game.new_state(2, SMALL, 4)
    bots = [make_bot(f"policy:{tmp_path / 'grid.npz'}", game, 0, 2, SMALL), make_bot("heuristic", game, 1)]
    while not state.game_over:
        s = state.to_act()[0]
        state.apply(s, bots[s].choose(state, s))
    colors = tmp_path / "colors.npz"
    save_policy(colors, _network("colors", 2, {}, 1), get_game("colors"), 2, {})
    done = _train(tmp_path, 0, "--imitate", "30", "--driver", f"policy:{colors}")
    assert done.exit_code == 2 and "a policy of 'colors', not of 'grid'" in _said(done.output)


def test_a_driver_policy_file_that_changed_is_collected_again(tmp_path: Path):
    """The chunk cache names a policy bot's file by its content: a retrained driver's chunks are not the old ones."""
    from kartentisch.bots.policy import save_policy
    from kartentisch.rl.train import collect

    game, said = get_game("grid"), []
    options = game.resolve_options(2, SMALL)
    driver = tmp_path / "driver.npz"
    save_policy(driver, _network("grid", 2, SMALL, 1), game, 2, SMALL)
    first = collect(game, 2, options, "heuristic", "random", 12, 5, cache=tmp_path / "t", log=said.append,
                    driver=f"policy:{driver}")
    collect(game, 2, options, "heuristic", "random", 12, 5, cache=tmp_path / "t", log=said.append,
            driver=f"policy:{driver}")
    assert "(1 of 1 chunks read" in said[-1]
    save_policy(driver, _network("grid", 2, SMALL, 2), game, 2, SMALL)
    again = collect(game, 2, options, "heuristic", "random", 12, 5, cache=tmp_path / "t", log=said.append,
                    driver=f"policy:{driver}")
    assert "(0 of 1 chunks read" in said[-1]
    assert not np.array_equal(first[0], again[0])  # the other driver reached other positions
