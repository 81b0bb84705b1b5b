"""Tournament: seat rotation, the JSON document, ratings, first-seat figures, backends agree."""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import permutations

import pytest
from typer.testing import CliRunner

from kartentisch.bots.levels import shipped_policy
from kartentisch.cli.app import app
from kartentisch.cli.common import bot_specs as split_specs
from kartentisch.kernel import KartentischError
from kartentisch.sim.engine import MatchJob, MatchResult
from kartentisch.sim.ratings import ELO_MEAN, bradley_terry_elo, pairwise_wins
from kartentisch.sim.tournament import first_seat_advantage, play_jobs, tournament_jobs, tournament_summary

runner = CliRunner()


def _result(bots: tuple[str, ...], winners: list[int], totals: list[int] | None = None) -> MatchResult:
    n = len(bots)
    returns = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    return MatchResult(MatchJob("colors", n, 0, bots), True, winners, totals or [0] * n, returns, 1, 1)


def test_every_bot_sits_at_every_seat_equally():
    jobs = tournament_jobs("colors", 2, ["random", "heuristic", "ismcts:iterations=5"], 6, seed=1)
    seats = Counter((s, spec) for job in jobs for s, spec in enumerate(job.bots))
    assert set(seats.values()) == {2} and len(seats) == 6
    assert len({job.seed for job in jobs}) == 6


def test_unbalanced_match_count_is_rejected_with_the_valid_counts():
    with pytest.raises(KartentischError, match="multiple of 6.*e.g. 6 or 12"):
        tournament_jobs("colors", 2, ["random", "heuristic", "ismcts"], 10, seed=1)


def test_more_bots_than_seats_meet_every_other_at_every_seat():
    """4 bots at 2 seats: a round of 12 matches in which every pair meets in both seat orders (a designer's
    tournament left heuristic and ISMCTS unmet, and seated every pair one way only); at 4 seats of 5 bots every
    group of 4 is seated 4 ways; at most as many bots as seats keep the one rotation."""
    bots = ["random", "heuristic", "ismcts:iterations=10", "random"]
    seatings = [job.bots for job in tournament_jobs("colors", 2, bots, 12, seed=1)]
    assert sorted(seatings) == sorted((bots[a], bots[b]) for a, b in permutations(range(4), 2))
    five = [job.bots for job in tournament_jobs("colors", 4, ["random"] * 4 + ["heuristic"], 20, seed=1)]
    assert all(sum(s[seat] == "heuristic" for s in five) == 4 for seat in range(4))
    assert [job.bots for job in tournament_jobs("colors", 3, ["random", "heuristic"], 3, seed=1)] == [
        ("random", "heuristic", "random"), ("heuristic", "random", "random"), ("random", "random", "heuristic")]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "nogame"}, "nogame"),
    ({"players": 9}, "players"),
    ({"bots": ["random", "genius"]}, "genius"),
    ({"bots": []}, "at least one"),
])
def test_bad_tournament_input_is_named(kwargs, message):
    args = {"game": "colors", "players": 2, "bots": ["random", "heuristic"], "matches": 4, "seed": 0} | kwargs
    with pytest.raises(KartentischError, match=message):
        tournament_jobs(**args)


def test_backend_errors():
    jobs = tournament_jobs("colors", 2, ["random"], 2, seed=0)
    with pytest.raises(KartentischError, match="backend 'spark'"):
        play_jobs(jobs, backend="spark")
    with pytest.raises(KartentischError, match="--address needs --backend ray"):
        play_jobs(jobs, address="localhost:6379")


@pytest.mark.parametrize(("address", "message"), [
    ("127.0.0.1:1", "cannot reach a Ray cluster at 127.0.0.1:1"),
    ("ray://127.0.0.1:1", "cannot reach a Ray cluster at ray://127.0.0.1:1"),
    ("headnode", "is not host:port"),
    ("headnode:²", "is not host:port"),  # "²".isdigit() is true, int("²") fails
])
def test_unreachable_ray_address_fails_fast_with_its_name(address, message):
    """An address nothing listens on is named at once instead of ray.init waiting for minutes."""
    pytest.importorskip("ray")
    with pytest.raises(KartentischError, match=message):
        play_jobs(tournament_jobs("colors", 2, ["random"], 2, seed=0), backend="ray", address=address)


def test_missing_ray_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(KartentischError, match=r"pip install 'kartentisch\[ray\]'"):
        play_jobs(tournament_jobs("colors", 2, ["random"], 2, seed=0), backend="ray")


def test_split_specs_keeps_parameters_with_their_bot():
    assert split_specs("ismcts:iterations=1000,c=0.7,heuristic,random") == [
        "ismcts:iterations=1000,c=0.7", "heuristic", "random"]
    assert split_specs("random, heuristic") == ["random", "heuristic"]


def test_jobs_1_and_2_give_identical_results():
    jobs = tournament_jobs("colors", 2, ["ismcts:iterations=10", "heuristic"], 4, seed=3)
    one, two = play_jobs(jobs, 1), play_jobs(jobs, 2)
    assert [r.to_json() for r in one] == [r.to_json() for r in two]


def test_bradley_terry_orders_and_is_symmetric():
    balanced = [_result(("a", "b"), [0]), _result(("b", "a"), [0])]
    elo = bradley_terry_elo(balanced)
    assert elo["a"] == pytest.approx(ELO_MEAN) and elo["b"] == pytest.approx(ELO_MEAN)
    strong = [_result(("a", "b"), [0])] * 8 + [_result(("b", "a"), [0])] * 2 + [_result(("c", "a"), [1])] * 5
    elo = bradley_terry_elo(strong)
    assert elo["a"] > elo["b"] > 1000 and elo["a"] > elo["c"]
    assert sum(elo.values()) / 3 == pytest.approx(ELO_MEAN, abs=1e-6)


def test_pairwise_wins_split_draws_and_skip_same_bot():
    wins = pairwise_wins([_result(("a", "a", "b"), [0, 2])])
    assert wins == {("a", "b"): 0.5, ("b", "a"): 1.5}  # seat 0 draws b, seat 1 loses to b


def test_first_seat_advantage():
    results = [_result(("a", "b"), [0])] * 30 + [_result(("a", "b"), [1])] * 10
    fs = first_seat_advantage(results)
    assert fs["win_rate"] == 0.75 and fs["fair_share"] == 0.5
    assert fs["advantage"] == pytest.approx(0.25)
    assert fs["ci95"][0] < 0.75 < fs["ci95"][1]
    assert fs["advantage_ci95"] == pytest.approx([fs["ci95"][0] - 0.5, fs["ci95"][1] - 0.5])


def test_cli_writes_the_json_document_and_plot(tmp_path):
    out, png = tmp_path / "t.json", tmp_path / "t.png"
    res = runner.invoke(app, ["tournament", "colors", "--players", "2", "--bots", "heuristic,random",
                              "--matches", "6", "--seed", "5", "--json", str(out), "--plot", str(png)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert {"game", "players", "matches", "seed", "bots", "seats", "first_seat"} <= set(doc)
    assert (doc["game"], doc["players"], doc["matches"], doc["seed"]) == ("colors", 2, 6, 5)
    assert set(doc["bots"]) == {"heuristic", "random"}
    for block in doc["bots"].values():
        assert {"win_rate", "ci95", "mean_score", "elo"} <= set(block)
        assert block["ci95"][0] <= block["win_rate"] <= block["ci95"][1]
    assert sum(b["win_rate"] for b in doc["bots"].values()) == pytest.approx(1.0)
    assert [s["seat"] for s in doc["seats"]] == [0, 1]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # one line however narrow the terminal (piped: 80 columns), the seat counted as players count it
    line = next(x for x in res.output.splitlines() if x.startswith("first-seat advantage"))
    assert line.startswith("first-seat advantage: Seat 1 wins ") and line.endswith(")") and len(line) > 80


def test_a_piped_result_table_keeps_a_long_bot_spec_whole():
    """Piped (80 columns), the results table cut "policy:…/lastcard/policy.npz" to "policy:src/karte…"; it is
    whole."""
    spec = f"policy:{shipped_policy('lastcard')}"
    res = runner.invoke(app, ["tournament", "lastcard", "--bots", f"{spec},heuristic", "--matches", "2"])
    assert res.exit_code == 0, res.output
    assert len(spec) > 40 and any(line.startswith(f"│ {spec} ") for line in res.output.splitlines())


def test_cli_rejects_bad_match_count():
    res = runner.invoke(app, ["tournament", "colors", "--bots", "heuristic,random", "--matches", "5"])
    assert res.exit_code != 0
    assert "multiple of 2" in res.output


def test_summary_matches_the_engine_figures():
    jobs = tournament_jobs("colors", 2, ["heuristic", "random"], 4, seed=2)
    results = play_jobs(jobs)
    doc = tournament_summary(results, "colors", 2, 2)
    assert doc["bots"]["heuristic"]["games"] == 4
    assert doc["bots"]["heuristic"]["wins"] == sum(r.returns[r.job.bots.index("heuristic")] for r in results)


@pytest.mark.ray
def test_ray_backend_equals_local():
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        jobs = tournament_jobs("colors", 2, ["ismcts:iterations=10", "random"], 4, seed=9)
        assert [r.to_json() for r in play_jobs(jobs, backend="ray")] == [r.to_json() for r in play_jobs(jobs)]
    finally:
        ray.shutdown()


@pytest.mark.parametrize("n", [1, 6, 7, 400])
def test_wilson_interval_contains_the_rate_at_the_extremes(n):
    from kartentisch.sim.stats import wilson

    assert wilson(n, n)[1] == 1.0 and wilson(n, n)[0] < 1.0
    assert wilson(0, n)[0] == 0.0 and wilson(0, n)[1] > 0.0


def test_head_to_head_counts_each_pair_s_matches():
    """Every pair's share of the matches they met in (a designer counted policy vs heuristic by hand): at two seats,
    the row's win rate in their matches, both directions adding to one, from the results themselves."""
    bots = ["heuristic", "random", "ismcts:iterations=5"]
    results = play_jobs(tournament_jobs("colors", 2, bots, 12, seed=4))
    table = tournament_summary(results, "colors", 2, 4)["head_to_head"]
    for a, b in permutations(bots, 2):
        met = [r for r in results if set(r.job.bots) == {a, b}]
        won = sum(r.returns[r.job.bots.index(a)] for r in met)
        assert table[a][b]["comparisons"] == len(met) == 4
        assert table[a][b]["win_rate"] == pytest.approx(won / 4)
        assert table[a][b]["win_rate"] + table[b][a]["win_rate"] == pytest.approx(1.0)


def test_a_time_budgeted_bot_is_said_to_repeat_unequally():
    """Two runs of ``ismcts:time_budget_s=0.002`` with one seed won 0.600 and 0.900 (a designer's finding): the command
    says that such a bot's moves depend on the machine, and how to repeat a run."""
    result = CliRunner().invoke(app, ["tournament", "colors", "--bots", "ismcts:time_budget_s=0.002,heuristic",
                                      "--matches", "2", "--options", '{"max_rounds": 1}'])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "note: ismcts:time_budget_s=0.002 searches for a time" in said and "give iterations=N" in said
    plain = CliRunner().invoke(app, ["tournament", "colors", "--bots", "heuristic,random", "--matches", "2",
                                     "--options", '{"max_rounds": 1}'])
    assert "note:" not in plain.output


def test_a_negative_seed_is_refused_as_simulate_refuses_it():
    """``simulate --seed -1`` was refused, ``tournament --seed -1`` ran (a designer's finding): both refuse it."""
    for command in (["tournament", "colors", "--bots", "heuristic,random", "--matches", "2"],
                    ["simulate", "colors", "--games", "2"]):
        result = CliRunner().invoke(app, [*command, "--seed", "-1"])
        assert result.exit_code == 2 and "greater than or equal to 0" in result.output, result.output
