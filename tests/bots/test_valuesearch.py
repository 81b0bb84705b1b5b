"""A learned evaluation searched one ply (issue 36 item 3): the value file (format version 2, ``kind="value"``),
its refusals, the search reading only its seat's view, seeded play, and ``policy:PATH`` reaching it; the trainer
``kartentisch.rl.value``."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from kartentisch.bots import make_bot  # noqa: E402
from kartentisch.bots.levels import shipped_policy  # noqa: E402
from kartentisch.bots.policy import Network, PolicyBot, PolicyError, load_policy, save_policy  # noqa: E402
from kartentisch.bots.valuesearch import ValueSearchBot  # noqa: E402
from kartentisch.games import get_game  # noqa: E402
from kartentisch.kernel import KartentischError, Match  # noqa: E402
from kartentisch.rl import value  # noqa: E402
from kartentisch.rl.observations import Encoder  # noqa: E402
from kartentisch.sim.lab import simulate  # noqa: E402

SHORT = {"end_total": 10}  # grid R19: a short match


def tiny_value(path: Path, seed: int = 0, hidden: int = 16, options: dict | None = SHORT,
               target: str = "round margin", game_id: str = "grid") -> Path:
    """A random two-layer value network for two seats of ``game_id`` (the test's own, untrained)."""
    game = get_game(game_id)
    size = Encoder(game, 2, options).size
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(0, 0.5, (size, hidden)), rng.normal(0, 0.1, hidden)),
              (rng.normal(0, 0.5, (hidden, 1)), rng.normal(0, 0.1, 1))]
    save_policy(path, Network(layers), game, 2, options,
                {"command": "tests", "seed": seed, "scale": 30, "target": target}, kind="value")
    return path


@pytest.fixture
def grid_value(tmp_path: Path) -> Path:
    return tiny_value(tmp_path / "value.npz")


def searched_positions(count: int, seed: int = 11):
    """(state, seat) pairs of a random two-seat grid match where the seat has more than one legal token."""
    game = get_game("grid")
    state = game.new_state(2, SHORT, seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.game_over and len(found) < count:
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            found.append((state.clone(), seat))
        state.apply(seat, state.random_action(seat, rng))
    return found


def test_value_file_round_trip_and_version_1_policies_still_read(tmp_path: Path, grid_value: Path):
    policy = load_policy(grid_value)
    assert policy.kind == "value" and policy.header["version"] == 2 and policy.network.outputs == 1
    assert policy.header["command"] == "tests" and policy.header["scale"] == 30
    # a version-1 file (written before kinds existed: no "kind") is still a policy
    game = get_game("grid")
    encoder = Encoder(game, 2, SHORT)
    old = tmp_path / "v1.npz"
    save_policy(old, Network([(np.zeros((encoder.size, len(encoder.space))), np.zeros(len(encoder.space)))]), game,
                2, SHORT)
    with np.load(old) as data:
        arrays = {k: data[k] for k in data.files}
    header = json.loads(arrays["header"].tobytes())
    del header["kind"]
    header["version"] = 1
    arrays["header"] = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
    with old.open("wb") as out:
        np.savez(out, **arrays)
    assert load_policy(old).kind == "policy"
    assert isinstance(make_bot(f"policy:{old}", game), PolicyBot)


def test_wrong_value_files_and_specs_are_refused_naming_the_file(tmp_path: Path, grid_value: Path):
    game = get_game("grid")
    size = Encoder(game, 2, SHORT).size
    with pytest.raises(PolicyError, match="the value network maps 395 inputs to 2 outputs"):
        save_policy(tmp_path / "two.npz", Network([(np.zeros((size, 2)), np.zeros(2))]), game, 2, SHORT,
                    kind="value")
    with pytest.raises(PolicyError, match="kind 'q'"):
        save_policy(tmp_path / "q.npz", Network([(np.zeros((size, 1)), np.zeros(1))]), game, 2, SHORT, kind="q")
    # a value file whose header was edited to a kind nobody plays, or whose last layer is not one wide
    with np.load(grid_value) as data:
        arrays = {k: data[k] for k in data.files}
    for name, change in (("odd.npz", {"kind": "oracle"}), ("future.npz", {"version": 3})):
        header = {**json.loads(arrays["header"].tobytes()), **change}
        path = tmp_path / name
        with path.open("wb") as out:
            np.savez(out, **{**arrays, "header": np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)})
        with pytest.raises(PolicyError, match=rf"{name.replace('.', chr(92) + '.')}: .*(kind 'oracle'|version 3)"):
            make_bot(f"policy:{path}", game)
    wide = tmp_path / "wide.npz"
    with wide.open("wb") as out:
        np.savez(out, **{**arrays, "w1": np.zeros((16, 3), np.float32), "b1": np.zeros(3, np.float32)})
    with pytest.raises(PolicyError, match=r"wide\.npz: a value network gives one output; its last layer gives 3"):
        load_policy(wide)
    with pytest.raises(PolicyError, match=r"value\.npz: holds a value network, not a policy"):
        PolicyBot(grid_value, game)
    with pytest.raises(KartentischError, match="unknown parameter 'temperature'; a value file takes samples, leaves"):
        make_bot(f"policy:{grid_value},temperature=1", game)
    with pytest.raises(PolicyError, match=r"samples=0 must be an integer ≥ 1"):
        make_bot(f"policy:{grid_value},samples=0", game)
    with pytest.raises(PolicyError, match=r"value\.npz: a value network of 'grid', not of 'colors'"):
        make_bot(f"policy:{grid_value}", get_game("colors"))
    with pytest.raises(PolicyError, match=r"value\.npz: made for 2 players of grid, not 3"):
        make_bot(f"policy:{grid_value}", game, 1, players=3, options=SHORT)


def test_the_choice_depends_only_on_the_seat_view(grid_value: Path):
    """A state and a re-deal of everything hidden from the seat (same view) give the same values and move; a
    different view (another position) gives other values, so the check is not vacuous."""
    game = get_game("grid")
    checked = 0
    for state, seat in searched_positions(12):
        twin = state.determinize(seat, random.Random(checked + 100))
        assert twin.view(seat) == state.view(seat)
        if checked == 0:
            assert twin.to_doc() != state.to_doc()  # the hidden cards did move
        bot, twin_bot = ValueSearchBot(grid_value, game, seed=3), ValueSearchBot(grid_value, game, seed=3)
        assert bot.choose(state, seat) == twin_bot.choose(twin, seat)
        assert bot.last_values == twin_bot.last_values and len(bot.last_values) > 1
        checked += 1
    assert checked >= 10
    values = [ValueSearchBot(grid_value, game, seed=3) for _ in range(2)]
    (a, sa), (b, sb) = searched_positions(2, seed=5)
    values[0].choose(a, sa)
    values[1].choose(b, sb)
    assert values[0].last_values != values[1].last_values


def committed_face_down(count: int, seed: int = 0):
    """(state, seat) pairs of random two-seat mayhem matches where the seat has a choice while the other seat has
    cards committed face down: a Gift/Exchange source's named cards (mayhem R9, R10, R21) or its ``give``, ``bet``
    or ``discard`` choices of an event (R43)."""
    game = get_game("mayhem")
    found: list = []
    while len(found) < count:
        state, rng = game.new_state(2, None, seed=seed), random.Random(seed)
        while not state.game_over and len(found) < count:
            seat = state.to_act()[0]
            pending, other = state.pending, 1 - seat
            hidden = pending is not None and (
                (pending["type"] == "attack" and pending["source"] == other and bool(pending["cards"]))
                or bool(pending.get("chosen", [[], []])[other]))
            if hidden and len(state.legal_actions(seat)) > 1:
                found.append((state.clone(), seat))
            state.apply(seat, state.random_action(seat, rng))
        seed += 1
    return found


def test_mayhem_face_down_commitments_are_resampled_so_the_choice_reads_only_the_view(tmp_path: Path):
    """mayhem: a state and its re-deal (same view of the seat) whose other seat's face-down commitments (R9, R10,
    R21 Gift/Exchange cards; R43 give/bet/discard choices) differ give the same values and move. Not vacuous: a
    search on the states as they lie (:class:`AsItLies`: no card re-dealt) reads the hidden cards — its
    values change with them."""
    game = get_game("mayhem")
    path = tiny_value(tmp_path / "mayhem.npz", options=None, target="round margin minus provisional",
                      game_id="mayhem")
    positions = committed_face_down(40)
    twins = [state.determinize(seat, random.Random(i + 100)) for i, (state, seat) in enumerate(positions)]
    moved = 0
    for (state, seat), twin in zip(positions, twins, strict=True):
        assert twin.view(seat) == state.view(seat)
        moved += twin.pending != state.pending  # the committed cards were drawn again
        bot, twin_bot = ValueSearchBot(path, game, seed=3), ValueSearchBot(path, game, seed=3)
        assert bot.choose(state, seat) == twin_bot.choose(twin, seat)
        assert bot.last_values == twin_bot.last_values and len(bot.last_values) > 1
    assert moved >= 10
    leaked = 0
    for (state, seat), twin in zip(positions, twins, strict=True):
        bot, twin_bot = ValueSearchBot(path, game, seed=3), ValueSearchBot(path, game, seed=3)
        bot.choose(AsItLies(state), seat)
        twin_bot.choose(AsItLies(twin), seat)
        leaked += bot.last_values != twin_bot.last_values
    assert leaked >= 1


class AsItLies:
    """A state whose determinization is a plain copy (no card re-dealt): a search over it reads the hidden cards.
    A wrapper, not a patch of the state's class, which a compiled build cannot take."""

    def __init__(self, state) -> None:
        self.state = state

    def determinize(self, seat: int, rng: random.Random):
        return self.state.clone()

    def __getattr__(self, name: str):
        return getattr(self.state, name)


@pytest.mark.parametrize("residual", [False, True])
def test_the_search_plays_the_best_mean_value_over_determinizations(tmp_path: Path, residual: bool):
    """The values are the network's (plus the sample's provisional margin for a residual file; the round's exact
    margin when the move ends it) averaged over the bot's determinizations, and the move is their argmax:
    recomputed here by hand with the same generator."""
    game = get_game("grid")
    grid_value = tiny_value(tmp_path / "v.npz", target="round margin minus provisional" if residual else "round margin")
    policy = load_policy(grid_value)
    encoder = Encoder(game, 2, game.resolve_options(2, SHORT))
    for state, seat in searched_positions(6, seed=8):
        bot = ValueSearchBot(grid_value, game, seed=9, samples=3, leaves=1000)
        token = bot.choose(state, seat)
        rng = random.Random(9)
        legal = state.legal_actions(seat)
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(3):
            sample = state.determinize(seat, rng)
            for tok in legal:
                after = sample.clone()
                after.apply(seat, tok)
                if len(after.scores) > len(state.scores):
                    mine, other = after.scores[-1][seat], after.scores[-1][1 - seat]
                    totals[tok] += (other - mine) / 30  # grid: lower is better
                else:
                    totals[tok] += float(policy.network.logits(encoder.encode(after.view(seat), seat))[0])
                    if residual:  # grid R17/R18: the cards left in each grid, face down ones at the sample's value
                        mine, other = after.round_score_now()[seat], after.round_score_now()[1 - seat]
                        totals[tok] += (other - mine) / 30
        expected = {tok: v / 3 for tok, v in totals.items()}
        assert bot.last_values == pytest.approx(expected, abs=1e-5)
        assert token == max(legal, key=lambda t: (expected[t], -legal.index(t)))


def test_samples_shrink_on_wide_decisions_and_a_seeded_bot_replays(grid_value: Path):
    game = get_game("grid")
    logs = []
    for _ in range(2):
        match = Match(game, players=2, options=SHORT, seed=4)
        bots = [make_bot(f"policy:{grid_value},samples=4,leaves=20", game, 1), make_bot("heuristic", game, 2)]
        while not match.state.game_over:
            seat = match.state.to_act()[0]
            match.apply(seat, bots[seat].choose(match.state, seat))
        logs.append(match.history)
    assert logs[0] == logs[1] and len(logs[0]) > 10
    doc = simulate("grid", 2, [f"policy:{grid_value},samples=2", "heuristic"], 2, seed=1, options=SHORT)
    assert doc["ended"] == 2


def test_value_data_targets_are_round_margins_and_fit_learns():
    game = get_game("grid")
    x, y = value.positions(game, 2, SHORT, matches=3, seed=1, keep=0.5, residual=False)
    assert x.shape[0] == y.shape[0] > 50 and x.shape[1] == Encoder(game, 2, SHORT).size
    assert abs(float(y.mean())) < 0.5 and float(y.std()) > 0  # zero-sum margins, not constant
    # the residual leaves out what the cards lying there would score now: smaller than the margin itself
    xr, yr = value.positions(game, 2, SHORT, matches=3, seed=1, keep=0.5)
    assert np.array_equal(x, xr) and 0 < float(np.abs(yr).mean()) < float(np.abs(y).mean())
    # a horizon beyond every round is the round's end; one decision ahead changes less than a whole round
    _, far = value.positions(game, 2, SHORT, matches=3, seed=1, keep=0.5, horizon=10_000)
    _, near = value.positions(game, 2, SHORT, matches=3, seed=1, keep=0.5, horizon=1)
    assert np.array_equal(far, yr) and 0 < float(np.abs(near).mean()) < float(np.abs(yr).mean())
    with pytest.raises(KartentischError, match="horizon=3, residual=False"):
        value.positions(game, 2, SHORT, matches=1, seed=1, residual=False, horizon=3)
    assert value.margins(game, [10, 4], 30) == pytest.approx([-0.2, 0.2])  # grid: lower is better
    with pytest.raises(KartentischError, match="keep=0"):
        value.positions(game, 2, SHORT, matches=1, seed=1, keep=0)
    from kartentisch.games.colors.rules import ColorsGame
    from kartentisch.kernel import SearchTuning

    class Unscaled(ColorsGame):  # a game variant that declares no Game.search.margin_scale
        search = SearchTuning(reward="score")

    with pytest.raises(KartentischError, match="colors declares no score scale"):
        value.positions(Unscaled(), 2, None, matches=1, seed=1)
    # a learnable target: the fit gets well under the target's variance
    rng = np.random.default_rng(0)
    xs = rng.normal(0, 1, (2000, 8)).astype(np.float32)
    ys = (np.tanh(xs[:, 0]) - 0.5 * xs[:, 1]).astype(np.float32)
    network, figures = value.fit(xs, ys, hidden=(16,), epochs=20, seed=0)
    assert figures["valid_mse"] < 0.1 * figures["valid_var"] and network.outputs == 1


def test_value_data_of_mayhem_and_lastcard_use_their_scale_and_provisional_score():
    """mayhem declares its margin scale (30 points, R70) and lastcard its provisional score (R16), so both get
    residual targets: the margin minus what the round would score now, smaller than the margin itself."""
    for game_id in ("mayhem", "lastcard"):
        game = get_game(game_id)
        _, plain = value.positions(game, 2, None, matches=2, seed=1, keep=0.3, residual=False)
        _, residual = value.positions(game, 2, None, matches=2, seed=1, keep=0.3)
        assert 0 < float(np.abs(residual).mean()) < float(np.abs(plain).mean()), game_id


def test_trainer_command_writes_a_playable_value_file(tmp_path: Path):
    out = tmp_path / "v.npz"
    value.main(["grid", "--out", str(out), "--matches", "2", "--epochs", "1", "--hidden", "8", "--seed", "3"])
    policy = load_policy(out)
    assert policy.kind == "value" and policy.header["seed"] == 3
    assert policy.header["command"].startswith("python -m kartentisch.rl.value grid --out ")
    state = get_game("grid").new_state(2, None, seed=1)
    seat = state.to_act()[0]
    assert make_bot(f"policy:{out}", get_game("grid"), 1).choose(state, seat) in state.legal_actions(seat)


def test_a_value_file_is_offered_by_the_server_and_opposes_in_the_gym_env(grid_value: Path):
    """``policy:PATH`` reaches the value bot wherever a policy file is accepted: the server's ``--policy`` list and
    the environments' opponents (tournament and simulate: above)."""
    pytest.importorskip("gymnasium")
    from kartentisch.rl.gym import make
    from kartentisch.web.app import offered_policies

    assert offered_policies([grid_value]) == {"grid": (str(grid_value.resolve()), 2)}
    env = make("grid", 2, opponents=f"policy:{grid_value},samples=2", options=SHORT)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    done, info = False, {}
    while not done:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        done = term or trunc
    assert "result" in info


def test_the_shipped_grid_value_file_reads_and_plays():
    """grid's shipped ``policy.npz`` (the value file measured in ``bench/learned/README.md`` as ``grid-value-h3.npz``):
    a value of two-seat grid with the command that makes it, under 2 MB, and its bot plays legal moves."""
    path = shipped_policy("grid")
    policy = load_policy(path)
    assert path.stat().st_size < 2_000_000 and policy.kind == "value" and policy.players == 2
    assert "--horizon 3" in policy.header["command"] and policy.header["seed"] == 36307
    game = get_game("grid")
    state = game.new_state(2, None, seed=1)
    bot = make_bot(f"policy:{path}", game, 1, players=2)
    for _ in range(12):
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))


def test_the_shipped_mayhem_value_file_is_anchored():
    """mayhem's shipped ``policy.npz`` (``bench/learned/README.md``: 0.613 of 400 matches against the heuristic): a
    horizon-3 value of two-seat mayhem with its anchor of 0.3 in the header (the trainer's ``--anchor``), under
    2 MB. The anchor is read and used: the bot plays its search's best move, or a move (the heuristic's) whose value
    is within 0.3 of the best; over a few dozen decisions it does both."""
    path = shipped_policy("mayhem")
    policy = load_policy(path)
    assert path.stat().st_size < 2_000_000 and policy.kind == "value" and policy.players == 2
    assert "--horizon 3" in policy.header["command"] and "--anchor 0.3" in policy.header["command"]
    assert policy.header["anchor"] == 0.3 and policy.header["seed"] == 21003
    game = get_game("mayhem")
    bot = make_bot(f"policy:{path}", game, 1)
    assert bot.anchor == 0.3
    state, kinds = game.new_state(2, None, seed=4), set()
    for _ in range(80):
        seat = state.to_act()[0]
        choice = bot.choose(state, seat)
        if bot.last_values:
            best = max(bot.last_values.values())
            assert bot.last_values[choice] == best or bot.last_values[choice] + 0.3 >= best
            kinds.add("best" if bot.last_values[choice] == best else "anchored")
        state.apply(seat, choice)
        if state.game_over:
            break
    assert kinds == {"best", "anchored"}


def test_the_chips_value_file_reads_and_plays():
    """chips' value file (``bench/learned/chips-value-h6.npz``, measured there: 0.705 of 400 matches against the
    heuristic): a horizon-6 value of two-seat chips over chips' margin scale (20 points), under 2 MB, whose bot
    plays a whole match of legal moves."""
    path = Path(__file__).resolve().parents[2] / "bench" / "learned" / "chips-value-h6.npz"
    policy = load_policy(path)
    assert path.stat().st_size < 2_000_000 and policy.kind == "value" and policy.players == 2
    assert "--horizon 6" in policy.header["command"] and policy.header["seed"] == 36806
    assert policy.header["scale"] == 20
    game = get_game("chips")
    state = game.new_state(2, None, seed=1)
    bot = make_bot(f"policy:{path}", game, 1, players=2)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))


def test_rollout_data_labels_each_move_of_a_decision_by_its_advantage():
    """``rollout_positions``: each kept decision gives one row per legal move, twice the observation wide (the seat's
    observation before the move, then the move's change of it, :data:`~kartentisch.bots.policy.CHANGE`); the rows of
    one decision share their first half and their advantages sum to zero; the changes differ between moves. The
    halves (one rollout each here) average to the label and are advantages too."""
    game = get_game("lastcard")
    size = Encoder(game, 2, None).size
    x, y, halves = value.rollout_positions(game, 2, None, 3, seed=4, keep=0.3, rollouts=2)
    assert x.shape == (len(y), 2 * size) and len(y) > 20 and halves.shape == (len(y), 2)
    assert np.allclose(halves.mean(axis=1), y, atol=1e-5) and not np.allclose(halves[:, 0], halves[:, 1])
    runs: list[list[int]] = []
    for i in range(len(y)):
        if runs and np.array_equal(x[i, :size], x[runs[-1][0], :size]):
            runs[-1].append(i)
        else:
            runs.append([i])
    assert len(runs) >= 3 and all(len(run) >= 2 for run in runs)
    for run in runs:
        assert abs(float(y[run].sum())) < 1e-4 and np.allclose(halves[run].sum(axis=0), 0, atol=1e-4)
        assert len({x[i, size:].tobytes() for i in run}) == len(run)  # each move changes the observation its way
    assert float(np.abs(y).max()) > 0.01  # not all moves alike


def test_label_reliability_is_the_signal_share_of_the_labels():
    """``reliability``: halves of a signal with noise of its variance each correlate 0.5, stepped up to 2/3 for both
    together (Spearman–Brown); noise alone gives about 0; identical halves 1; halves without a split are refused."""
    gen = np.random.default_rng(7)
    signal = gen.standard_normal(20000)
    noisy = np.stack([signal + gen.standard_normal(20000), signal + gen.standard_normal(20000)], axis=1)
    assert value.reliability(noisy) == pytest.approx(2 / 3, abs=0.02)
    assert abs(value.reliability(gen.standard_normal((20000, 2)))) < 0.05
    assert value.reliability(np.stack([signal, signal], axis=1)) == pytest.approx(1.0)
    for bad in (np.zeros((10, 2)), signal[:10, None], noisy[:2]):
        with pytest.raises(KartentischError, match="reliability: need ≥ 3 labels in two varying halves"):
            value.reliability(bad)


def test_an_advantage_file_ranks_by_the_network_and_its_anchor_keeps_the_heuristic_s_move(tmp_path: Path):
    """The trainer with ``--rollouts`` writes a value file reading the observation and its change, with the anchor
    given; the bot plays it. An anchor no move can beat gives the heuristic's moves exactly (lastcard's heuristic is
    deterministic); without an anchor the network's best, which differs from the heuristic's somewhere, and the
    same on a re-deal of what the seat cannot see."""
    out = tmp_path / "adv.npz"
    value.main(["lastcard", "--out", str(out), "--matches", "2", "--epochs", "1", "--hidden", "8", "--rollouts", "2",
                "--anchor", "0.3", "--seed", "3"])
    policy = load_policy(out)
    game = get_game("lastcard")
    assert policy.header["inputs"] == "before and change" and policy.header["anchor"] == 0.3
    assert policy.header["target"] == "advantage over 2 rollouts per move"
    assert -1 <= policy.header["label_reliability"] <= 1
    assert policy.network.inputs == 2 * Encoder(game, 2, None).size
    assert make_bot(f"policy:{out}", game, 1).anchor == 0.3
    heuristic = game.heuristic_bot(0)
    state, rng, moves, own = game.new_state(2, None, seed=5), random.Random(5), 0, 0
    while not state.game_over and moves < 60:
        seat = state.to_act()[0]
        if not state.round_over and 1 < len(state.legal_actions(seat)) <= 64:
            anchored = make_bot(f"policy:{out},anchor=1000", game, 1)
            assert anchored.choose(state, seat) == heuristic.choose(state, seat)
            free = ValueSearchBot(out, game, seed=1, anchor=0)
            choice = free.choose(state, seat)
            assert free.last_values[choice] == max(free.last_values.values())
            twin, twin_bot = state.determinize(seat, random.Random(moves)), ValueSearchBot(out, game, seed=1, anchor=0)
            assert twin_bot.choose(twin, seat) == choice and twin_bot.last_values == free.last_values  # the view only
            own += choice != heuristic.choose(state, seat)
            moves += 1
        state.apply(seat, state.random_action(seat, rng))
    assert moves >= 20 and own >= 1


def test_change_inputs_and_anchors_are_checked(tmp_path: Path, grid_value: Path):
    game = get_game("grid")
    size = Encoder(game, 2, SHORT).size
    with pytest.raises(PolicyError, match=r"p\.npz: kind 'policy' with inputs 'before and change'"):
        save_policy(tmp_path / "p.npz", Network([(np.zeros((2 * size, 3)), np.zeros(3))]), game, 2, SHORT,
                    inputs="before and change")
    with pytest.raises(PolicyError, match=rf"c\.npz: the value network maps {size} inputs .* needs {2 * size} inputs"):
        save_policy(tmp_path / "c.npz", Network([(np.zeros((size, 1)), np.zeros(1))]), game, 2, SHORT, kind="value",
                    inputs="before and change")
    odd = tmp_path / "odd.npz"
    with np.load(grid_value) as data:
        arrays = {k: data[k] for k in data.files}
    header = json.loads(arrays["header"].tobytes().decode()) | {"inputs": "tomorrow's cards"}
    np.savez(odd, **(arrays | {"header": np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)}))
    with pytest.raises(PolicyError, match=r"odd\.npz: inputs \"tomorrow's cards\": this kartentisch reads"):
        load_policy(odd)
    for bad in (-0.5, "much", True):
        with pytest.raises(PolicyError, match=r"anchor=.* must be a number ≥ 0"):
            ValueSearchBot(grid_value, game, anchor=bad)


def test_value_data_in_chunks_is_each_chunks_own_run():
    """``--jobs``: each process makes a contiguous chunk of the matches; one job is the run of before (match 0 draws
    from the seed itself), a later chunk plays the same deals from its first match with its own generator."""
    game = get_game("grid")
    make = functools.partial(value.positions, game, 2, SHORT, seed=1, keep=0.5)
    whole = value._chunked(make, 4, 1)
    assert all(np.array_equal(a, b) for a, b in zip(whole, value.positions(game, 2, SHORT, 4, 1, keep=0.5),
                                                    strict=True))
    x, y = value._chunked(make, 4, 2)
    head = value.positions(game, 2, SHORT, 2, 1, keep=0.5)
    tail = value.positions(game, 2, SHORT, 2, 1, keep=0.5, first=2)
    assert np.array_equal(x, np.concatenate([head[0], tail[0]])) and np.array_equal(y, np.concatenate([head[1],
                                                                                                          tail[1]]))
    assert not np.array_equal(tail[0], whole[0][len(head[0]):])  # the second chunk's keep draws are its own
    with pytest.raises(SystemExit):
        value.main(["grid", "--out", "unused.npz", "--matches", "2", "--jobs", "3"])


def test_visit_data_labels_each_move_by_the_teacher_s_share_of_visits():
    """``visit_positions``: one row per legal move of each kept decision (the observation before, then the move's
    change), labelled with the teacher search's share of its root visits: a decision's shares sum to 1, its rows
    share their group number and first half; a teacher that does not search is refused."""
    game = get_game("colors")
    size = Encoder(game, 2, None).size
    x, y, groups = value.visit_positions(game, 2, None, 2, seed=4, teacher="ismcts:iterations=40", keep=0.3)
    assert x.shape == (len(y), 2 * size) and len(y) == len(groups) > 20
    assert np.all(np.diff(groups) >= 0)
    for g in np.unique(groups):
        rows = np.flatnonzero(groups == g)
        assert len(rows) >= 2 and float(y[rows].sum()) == pytest.approx(1.0, abs=1e-5)
        assert all(np.array_equal(x[i, :size], x[rows[0], :size]) for i in rows)
    assert float(y.max()) > float(y.min())  # the teacher preferred some moves
    with pytest.raises(KartentischError, match=r"the teacher 'heuristic' is not a search"):
        value.visit_positions(game, 2, None, 1, seed=4, teacher="heuristic", keep=1.0)


def test_a_listwise_fit_learns_which_move_of_each_decision_the_teacher_prefers():
    """``fit`` with groups: decisions of 3 to 6 moves whose preferred move has the largest first input; the
    network's top move is the teacher's in nearly every held-out decision, its cross-entropy near the targets'."""
    gen = np.random.default_rng(3)
    xs, ys, groups = [], [], []
    for g in range(600):
        k = int(gen.integers(3, 7))
        feats = gen.standard_normal((k, 4)).astype(np.float32)
        shares = np.exp(3 * feats[:, 0])
        xs.append(feats), ys.append(shares / shares.sum()), groups.extend([g] * k)
    net, figures = value.fit(np.concatenate(xs), np.concatenate(ys).astype(np.float32), hidden=(16,), epochs=30,
                             seed=1, groups=np.asarray(groups))
    assert figures["valid_top1"] > 0.9
    assert figures["valid_ce"] < figures["valid_entropy"] + 0.05 < figures["train_ce"] + 1
    assert net.inputs == 4


def test_a_prior_file_guides_an_ismcts_search(tmp_path: Path):
    """The trainer with ``--teacher`` and ``--search`` writes a listwise move scorer whose default play is ISMCTS
    with the scores' softmax as its root prior: the search receives the prior of the decision it plays (and clears
    it after), ``search=0`` plays the one-ply ranking, and ``search`` with an anchor is refused."""
    out = tmp_path / "prior.npz"
    value.main(["colors", "--out", str(out), "--matches", "2", "--epochs", "1", "--hidden", "8", "--teacher",
                "ismcts:iterations=30", "--search", "40", "--keep", "0.5", "--seed", "3"])
    policy = load_policy(out)
    game = get_game("colors")
    assert policy.header["target"] == "visit shares of ismcts:iterations=30 (listwise)"
    assert policy.header["search"] == 40 and policy.header["inputs"] == "before and change"
    bot = make_bot(f"policy:{out}", game, 1)
    assert bot.searcher is not None and bot.searcher.iterations == 40
    assert make_bot(f"policy:{out},search=0", game, 1).searcher is None
    with pytest.raises(PolicyError, match=r"search=40 and anchor=0\.1 exclude each other"):
        make_bot(f"policy:{out},anchor=0.1", game, 1)
    with pytest.raises(PolicyError, match=r"search=-1 must be an integer ≥ 0"):
        make_bot(f"policy:{out},search=-1", game, 1)
    # one iteration: PUCT visits the prior's favourite (all untried), which plain ISMCTS would draw at random
    one = make_bot(f"policy:{out},search=1", game, 1)
    state, rng, searched = game.new_state(2, None, seed=2), random.Random(2), 0
    while searched < 8:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        choice = one.choose(state, seat)
        assert choice in legal and one.searcher.root_prior == {}
        if len(legal) > 1:
            assert choice == max(one.last_values, key=one.last_values.get)
            assert one.searcher.last_visits[choice] == 1
            searched += 1
        state.apply(seat, state.random_action(seat, rng))
