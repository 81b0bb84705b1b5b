"""A learned table of round scores searched by ISMCTS (issue 36 item 3): colors' value key, the ``"tabular"`` file
and its refusals, the leaf values steering the search, the choice reading only the seat's view, the trainer
``kartentisch.rl.tabular`` and the file colors ships."""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from kartentisch.bots import make_bot  # noqa: E402
from kartentisch.bots.ismcts import ISMCTSBot  # noqa: E402
from kartentisch.bots.levels import shipped_policy  # noqa: E402
from kartentisch.bots.policy import PolicyBot, PolicyError, load_policy, save_tabular  # noqa: E402
from kartentisch.bots.tabular import TabularSearchBot  # noqa: E402
from kartentisch.games import get_game  # noqa: E402
from kartentisch.games.colors.bot import Outlook  # noqa: E402
from kartentisch.kernel import KartentischError  # noqa: E402
from kartentisch.rl import tabular  # noqa: E402

COLORS = get_game("colors")


def every_key(value) -> dict[int, float]:
    """Every two-seat colors key of at most 12 collected and 6 held cards, valued ``value(collected, held)``."""
    table = {}
    for got in product(range(11), repeat=3):
        if sum(got) > 12:
            continue
        for held in product(range(7), repeat=3):
            if sum(held) <= 6:
                cards = [[10 * c + k for c in range(3) for k in range(counts[c])] for counts in (got, held)]
                table[Outlook.key(*cards, 3)] = value(sum(got), sum(held))
    return table


def first_moves(count: int, seed: int = 0):
    """Round 1's first decision of two-seat colors deals where one hand card captures and another does not."""
    found = []
    while len(found) < count:
        state = COLORS.new_state(2, None, seed=seed)
        seat = state.to_act()[0]
        takes = {tok: collects(state, seat, tok) for tok in state.legal_actions(seat)}
        if any(takes.values()) and not all(takes.values()):
            found.append((state, seat, takes))
        seed += 1
    return found


def collects(state, seat: int, token: str) -> bool:
    """Whether ``token`` collects its card (captures from the centre, colors R7/R8) in ``state``."""
    after = state.clone()
    before = len(after.collections[seat])
    after.apply(seat, token)
    return len(after.collections[seat]) > before


def test_colors_value_key_is_the_outlook_shape():
    """Collections and hands alike up to a swap of colours share a key (colors R1, R14); another count does not; a
    game without a value key says so."""
    key = Outlook.key([1, 2, 13], [25, 26, 4], 3)  # blue 2, green 1 collected; purple 2, blue 1 held
    assert key == Outlook.key([21, 22, 3], [15, 16, 24], 3)  # purple 2, blue 1; green 2, purple 1
    assert key != Outlook.key([1, 2, 13], [25, 26, 14], 3) and key >= 0
    state = COLORS.new_state(2, None, seed=3)
    assert COLORS.value_key(state, 0) == Outlook.key(state.collections[0], state.hands[0], 3)
    assert get_game("grid").value_key(get_game("grid").new_state(2, None, seed=1), 0) is None


def test_a_tabular_file_round_trips_and_bad_ones_are_refused_naming_the_file(tmp_path: Path):
    path = tmp_path / "t.npz"
    header = save_tabular(path, {5: 1.5, 7: -2.25}, COLORS, 2, {"iterations": 30, "weight": 0.5}, {"seed": 4})
    policy = load_policy(path)
    assert policy.kind == "tabular" and policy.table == {5: 1.5, 7: -2.25} and policy.header == header
    assert policy.players == 2 and header["options"]["target_score"] == 30 and header["seed"] == 4
    with pytest.raises(PolicyError, match="play must hold iterations"):
        save_tabular(path, {}, COLORS, 2, {"iterations": 0, "weight": 0.5})

    def write(name: str, head: dict, **arrays) -> Path:
        target = tmp_path / name
        np.savez(target, header=np.frombuffer(json.dumps(head).encode(), dtype=np.uint8), **arrays)
        return target

    good = {"keys": np.array([1, 2]), "values": np.array([0.5, 1.0], dtype=np.float32)}
    cases = [
        (write("w.npz", {**header, "play": {"iterations": 10, "weight": 2}}, **good), "weight"),
        (write("p.npz", {k: v for k, v in header.items() if k != "play"}, **good), "lacks play"),
        (write("x.npz", {**header, "play": {"iterations": 10, "weight": 0.5, "c": 1}}, **good), "nothing else"),
        (write("n.npz", header, keys=np.array([1, -2]), values=good["values"]), "holds a key below 0"),
        (write("d.npz", header, keys=np.array([2, 2]), values=good["values"]), "holds a key twice"),
        (write("f.npz", header, keys=good["keys"], values=np.array([0.5, np.nan])), "a NaN or infinite value"),
        (write("s.npz", header, keys=np.array([[1, 2]]), values=np.array([[0.5, 1.0]])), "one list each"),
        (write("a.npz", header, keys=good["keys"]), "holds the arrays keys, values"),
    ]
    for bad, says in cases:
        with pytest.raises(PolicyError, match=says) as err:
            load_policy(bad)
        assert bad.name in str(err.value)
    with pytest.raises(KartentischError, match="unknown parameter 'samples'; a tabular file takes iterations, weight"):
        make_bot(f"policy:{path},samples=3", COLORS, 1)
    with pytest.raises(PolicyError, match="weight=1.5 must be a number from 0 to 1"):
        make_bot(f"policy:{path},weight=1.5", COLORS, 1)
    with pytest.raises(PolicyError, match="a table of 'colors', not of 'grid'"):
        make_bot(f"policy:{path}", get_game("grid"), 1)
    with pytest.raises(PolicyError, match="learned at 2 players of colors, not 3"):
        make_bot(f"policy:{path}", COLORS, 1, players=3)
    with pytest.raises(PolicyError, match="t.npz: holds a table, not a policy"):
        PolicyBot(path, COLORS)
    with pytest.raises(PolicyError, match="holds a value network, not a table"):
        TabularSearchBot(shipped_policy("grid"), get_game("grid"))


def test_the_table_s_leaf_values_steer_the_search():
    """A table that scores an empty collection +100 and any other −100 makes a search valued by it alone (weight 1)
    play a card that captures nothing at every first move with such a choice; with weight 0 it is plain ISMCTS,
    which captures at most of them (so the check is not vacuous)."""
    table = every_key(lambda got, held: 100.0 if got == 0 else -100.0)
    captured = {0.0: 0, 1.0: 0}
    for state, seat, takes in first_moves(8):
        for weight in captured:
            bot = ISMCTSBot(COLORS, seed=2, iterations=200)
            bot.leaf_values, bot.leaf_weight = table, weight
            captured[weight] += takes[bot.choose(state, seat)]
    assert captured[1.0] == 0 and captured[0.0] >= 5, captured


def test_the_choice_depends_only_on_the_seat_view(tmp_path: Path):
    """A state and a re-deal of everything hidden from the seat (the same view) give the same move and root
    visits, so the table is read of determinizations only, never of the real hidden cards."""
    path = tmp_path / "t.npz"
    save_tabular(path, every_key(lambda got, held: got - held / 2), COLORS, 2, {"iterations": 60, "weight": 0.5})
    checked = 0
    for state, seat, _ in first_moves(6, seed=40):
        twin = state.determinize(seat, random.Random(checked))
        assert twin.view(seat) == state.view(seat) and twin.to_doc() != state.to_doc()
        bot, twin_bot = TabularSearchBot(path, COLORS, seed=3), TabularSearchBot(path, COLORS, seed=3)
        assert bot.choose(state, seat) == twin_bot.choose(twin, seat)
        assert bot.search.last_visits == twin_bot.search.last_visits
        checked += 1
    assert checked == 6


def test_records_label_each_decision_with_its_seat_s_round_score():
    keys, scores = tabular.records(COLORS, 2, None, 3, seed=7)
    assert len(keys) == len(scores) > 3 * 12 and keys.dtype == np.int64
    assert set(scores.tolist()) <= set(range(-20, 31))
    table = tabular.mean_table(np.array([4, 4, 9, 4]), np.array([1.0, 2.0, 5.0, 6.0]), least=2)
    assert table == {4: 3.0}
    with pytest.raises(KartentischError, match="grid has no value key"):
        tabular.records(get_game("grid"), 2, None, 1, seed=1)


def test_the_trainer_writes_a_playable_file(tmp_path: Path, capsys):
    out = tmp_path / "c.npz"
    tabular.main(["colors", "--out", str(out), "--matches", "30", "--seed", "2", "--iterations", "40"])
    policy = load_policy(out)
    assert policy.kind == "tabular" and len(policy.table) > 50
    assert policy.header["play"] == {"iterations": 40, "weight": 0.5} and "--matches 30" in policy.header["command"]
    assert "kept (seen 5 times or more)" in capsys.readouterr().out
    state = COLORS.new_state(2, None, seed=5)
    bot = make_bot(f"policy:{out}", COLORS, 1, players=2)
    for _ in range(8):
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
    refused = ((["grid"], "grid has no value key"), (["colors", "--players", "7"], "7 players are not allowed"),
               (["colors", "--weight", "2"], "--weight must be a share from 0 to 1"),
               (["colors", "--least", "0"], "--least must be 1 or more"),
               (["colors", "--bots", "nosuchbot"], "--bots: unknown bot 'nosuchbot'"),
               (["colors", "--least", "100000"], "no key was seen 100000 times"))
    for args, says in refused:
        with pytest.raises(SystemExit):
            tabular.main([*args, "--out", str(tmp_path / "x.npz"), "--matches", "3"])
        assert says in capsys.readouterr().err and not (tmp_path / "x.npz").exists()


def test_the_shipped_colors_table_reads_and_plays():
    """colors' shipped ``policy.npz`` (``bench/learned/README.md``): a table of two-seat colors with the command and
    seed that make it, far under 2 MB, played as ISMCTS-150 at weight 0.7; its bot plays a whole match against the
    heuristic."""
    path = shipped_policy("colors")
    policy = load_policy(path)
    assert path.stat().st_size < 2_000_000 and policy.kind == "tabular" and policy.players == 2
    assert "python -m kartentisch.rl.tabular colors" in policy.header["command"] and policy.header["seed"] == 31
    bots = [make_bot(f"policy:{path}", COLORS, 1, players=2), make_bot("heuristic", COLORS, 2)]
    assert bots[0].search.iterations == 150 and bots[0].search.leaf_weight == 0.7
    state = COLORS.new_state(2, None, seed=1)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.winners and max(state.totals) >= 30
