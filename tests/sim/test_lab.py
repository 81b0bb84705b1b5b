"""The balance lab: statistics, round records, first-mover and seat analyses, sweeps, plots and reports."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.bots import make_bot
from kartentisch.cli.app import app
from kartentisch.games import get_game
from kartentisch.kernel import KartentischError
from kartentisch.sim.engine import MatchJob, MatchResult, derive_seed, play_match
from kartentisch.sim.lab import offset_label, parse_values, simulate, sweep, value_label
from kartentisch.sim.plots import integer_bins
from kartentisch.sim.records import RoundRecord
from kartentisch.sim.stats import (
    Summary,
    chi2_sf,
    chi_square_equal,
    describe,
    diff_of_means,
    diff_of_shares,
)

runner = CliRunner()


# ----------------------------------------------------------------------------- statistics
def test_describe_gives_mean_spread_and_the_t_interval() -> None:
    d = describe([2, 4, 4, 4, 5, 5, 7, 9])
    assert d["mean"] == 5 and d["sd"] == pytest.approx(2.138, abs=1e-3)
    half = 2.365 * d["sd"] / 8 ** 0.5  # t(0.975, 7)
    assert d["ci95"] == pytest.approx([5 - half, 5 + half])
    assert (d["min"], d["max"], d["p50"]) == (2, 9, 5)
    assert describe([3])["ci95"] == [3, 3] and describe([])["n"] == 0


@pytest.mark.parametrize(("x", "df", "p"), [(3.841, 1, 0.05), (5.991, 2, 0.05), (9.488, 4, 0.05),
                                            (0.0, 3, 1.0), (1.0, 1, 0.3173), (30.0, 5, 1.47e-5)])
def test_chi_square_tail_matches_the_tables(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=2e-3, abs=1e-6)


def test_chi_square_of_win_shares() -> None:
    assert chi_square_equal([25, 25, 25, 25])["p"] == pytest.approx(1.0)
    test = chi_square_equal([40, 20, 20, 20])  # (15² + 3 · 5²) / 25 = 12
    assert test["statistic"] == pytest.approx(12.0) and test["df"] == 3 and test["p"] < 0.01


def test_differences_carry_their_intervals() -> None:
    a, b = describe([10, 12, 11, 13, 9] * 10), describe([14, 15, 13, 16, 12] * 10)
    d = diff_of_means(a, b)
    assert d["diff"] == pytest.approx(3.0) and 0 < d["ci95"][0] < 3 < d["ci95"][1]
    same = diff_of_means(a, a)
    assert same["ci95"][0] < 0 < same["ci95"][1]
    s = diff_of_shares(30, 100, 50, 100)
    assert s["diff"] == pytest.approx(0.2) and 0 < s["ci95"][0] < 0.2 < s["ci95"][1] < 0.4


# ----------------------------------------------------------------------------- records
def test_round_records_follow_the_match(game_id: str) -> None:
    """Per round: decisions add up, scores are the scored rows, and the first mover is the seat of
    the round's first decision in phase play (replayed here with the same seeds)."""
    job = MatchJob(game_id, 3 if game_id != "chips" else 2, 17, ("heuristic", "random", "heuristic")[:3])
    job = MatchJob(job.game, job.players, job.seed, job.bots[:job.players])
    result = play_match(job)
    assert sum(r.decisions for r in result.records) == result.decisions
    assert [r.scores for r in result.records] == [list(row) for row in _replayed_scores(job)]
    for r in result.records:
        assert sum(r.seat_decisions) == r.decisions
    assert [r.first_mover for r in result.records] == _first_movers(job)


def _replay(job: MatchJob):
    game = get_game(job.game)
    state = game.new_state(job.players, job.options, derive_seed(job.seed, "match"))
    bots = [make_bot(spec, game, derive_seed(job.seed, "bot", s)) for s, spec in enumerate(job.bots)]
    while not state.game_over:
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, bots[seat].choose(state, seat))
    yield state, None


def _replayed_scores(job: MatchJob) -> list[list[int]]:
    *_, (state, _) = _replay(job)
    return state.scores


def _first_movers(job: MatchJob) -> list[int]:
    movers: dict[int, int] = {}
    for state, seat in _replay(job):
        if seat is not None and state.phase == "play":
            movers.setdefault(len(state.scores), seat)
    return [movers[k] for k in sorted(movers)]


def test_grid_rounds_count_removed_lines_and_the_doubling() -> None:
    result = play_match(MatchJob("grid", 2, 3, ("heuristic", "heuristic"), {"end_total": 60}))
    doubled = [r for r in result.records if r.ended == "trigger doubled"]
    assert {r.ended for r in result.records} <= {"trigger doubled", "trigger not doubled"}
    assert all(r.events["lines removed"] >= 0 for r in result.records)
    for r in doubled:  # a doubled trigger scored an even number above the other's
        assert any(x % 2 == 0 and x > 0 for x in r.scores)


def test_mayhem_rounds_say_how_they_ended() -> None:
    seen = set()
    for seed in range(6):
        for r in play_match(MatchJob("mayhem", 3, seed, ("heuristic",) * 3, {"point_limit": 60})).records:
            assert r.ended in ("doomsday", "exhausted", "hand emptied")
            assert (r.ended == "doomsday") == ("doomsday" in r.events)
            if r.ended == "doomsday":
                assert r.scores == [50, 50, 50]  # R46
            seen.add(r.ended)
    assert "hand emptied" in seen


# ----------------------------------------------------------------------------- analyses
def _synthetic(first_wins: bool, matches: int = 60) -> list[MatchResult]:
    """2-player matches of one round; the round's first mover alternates; it wins iff ``first_wins``."""
    out = []
    for i in range(matches):
        first = i % 2
        winner = first if first_wins else 1 - first
        scores = [10 if s == winner else 5 for s in range(2)]  # colors: higher is better
        rec = RoundRecord(1, 1 - first, first, 20, [10, 10], scores)
        returns = [1.0 if s == winner else 0.0 for s in range(2)]
        out.append(MatchResult(MatchJob("colors", 2, i, ("heuristic", "random")), True, [winner], scores, returns,
                               1, 20, [rec]))
    return out


def test_first_mover_analysis_finds_an_advantage() -> None:
    summary = Summary()
    for r in _synthetic(True):
        summary.add(r)
    fm = summary.to_json()["first_mover"]
    assert fm["round_win_rate"] == 1.0 and fm["match_win_rate"] == 1.0 and fm["advantage"] == 0.5
    assert fm["chi_square_rounds"]["p"] < 1e-6
    assert [b["offset"] for b in fm["by_offset"]] == [0, 1] and fm["by_offset"][1]["win_rate"] == 0.0
    seats = summary.to_json()["seat_positions"]["chi_square"]
    assert seats["p"] == pytest.approx(1.0)  # the first mover alternated: seats are even


def test_seat_analysis_covers_every_seat() -> None:
    doc = simulate("colors", 3, ["heuristic"], 30, 2, {"max_rounds": 1})
    assert [s["seat"] for s in doc["seats"]] == [0, 1, 2]
    assert doc["seat_positions"]["chi_square"]["df"] == 2
    assert 0 <= doc["seat_positions"]["chi_square"]["p"] <= 1
    assert len(doc["records"]) == 30 and doc["records"][0]["rounds"][0]["first_mover"] in (0, 1, 2)
    score = doc["seats"][0]["score"]
    assert score["ci95"][0] <= score["mean"] <= score["ci95"][1] and score["sd"] > 0


# ----------------------------------------------------------------------------- sweeps
@pytest.mark.parametrize(("raw", "name", "values"), [
    ("end_total=50,100", "end_total", [50, 100]),
    ('specials=[],["s2"],[s3,s4]', "specials", [[], ["s2"], ["s3", "s4"]]),
    ("optional_removal=false,true", "optional_removal", [False, True]),
    ("game_length=short,long", "game_length", ["short", "long"]),
])
def test_option_values_are_parsed(raw: str, name: str, values: list) -> None:
    assert parse_values(raw) == (name, values)


@pytest.mark.parametrize(("raw", "message"), [("end_total", "NAME=V1"), ("end_total=50", "at least two"),
                                              ("end_total=5,5", "twice"), ("=1,2", "NAME=V1")])
def test_bad_option_values_are_named(raw: str, message: str) -> None:
    with pytest.raises(KartentischError, match=message):
        parse_values(raw)


def test_value_labels_use_card_names() -> None:
    chips = get_game("chips")
    assert value_label(chips, []) == "none"
    assert value_label(chips, ["s2", "s13"]) == "Special card 2, Special card 13"
    assert value_label(chips, True) == "on" and offset_label(2) == "3rd to move"


def test_a_sweep_compares_every_value_with_the_first() -> None:
    doc = sweep("grid", 2, ["heuristic"], 12, 1, "end_total", [20, 60])
    rounds = next(m for m in doc["metrics"] if m["key"] == "rounds")
    base, longer = rounds["values"]
    assert base["diff"] == 0 and longer["estimate"] > base["estimate"]
    assert longer["diff"] == pytest.approx(longer["estimate"] - base["estimate"])
    assert longer["diff_ci95"][0] > 0  # more rounds to reach 60 than 20, beyond doubt
    assert [r["options"] for r in doc["runs"]] == [{"end_total": 20}, {"end_total": 60}]
    assert doc["labels"] == ["20", "60"] and "records" not in doc["runs"][0]


def test_a_sweep_refuses_unknown_options_and_bad_values() -> None:
    with pytest.raises(KartentischError, match="no option 'end'"):
        sweep("grid", 2, ["heuristic"], 4, 0, "end", [1, 2])
    with pytest.raises(KartentischError, match="end_total=0 is refused"):
        sweep("grid", 2, ["heuristic"], 4, 0, "end_total", [10, 0])


# ----------------------------------------------------------------------------- the commands
CODE = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")


def _text(html: str) -> str:
    """The HTML's visible text (tags, the style block and the inline image removed)."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_simulate_writes_json_plot_and_report(tmp_path: Path) -> None:
    out, png, page = tmp_path / "s.json", tmp_path / "s.png", tmp_path / "s.html"
    res = runner.invoke(app, ["simulate", "mayhem", "--players", "3", "--games", "8", "--bots", "heuristic",
                              "--options", '{"point_limit": 60}', "--json", str(out), "--plot", str(png),
                              "--html", str(page)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert doc["rounds"]["count"] == sum(len(m["rounds"]) for m in doc["records"])
    assert "first mover" in res.output and "How rounds ended" in res.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = page.read_text()
    assert "data:image/png;base64," in html and "Seat 1" in html and "first mover" in html
    assert not CODE.findall(_text(html))


def test_sweep_command_answers_with_differences(tmp_path: Path) -> None:
    out, png, page = tmp_path / "w.json", tmp_path / "w.png", tmp_path / "w.html"
    res = runner.invoke(app, ["sweep", "chips", "--option", "specials=[],[s13]", "--bots", "heuristic",
                              "--matches", "10", "--json", str(out), "--plot", str(png), "--html", str(page)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert doc["values"] == [[], ["s13"]] and doc["labels"] == ["none", "Special card 13"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Special card 13" in page.read_text() and not CODE.findall(_text(page.read_text()))


def test_sweep_help_shows_how_to_write_a_list() -> None:
    """Rich read "[a,b]" in the help as markup and dropped it ("a list as ), e.g."); the help shows it."""
    res = runner.invoke(app, ["sweep", "--help"])
    assert res.exit_code == 0
    assert "a list as [a,b])" in " ".join(res.output.replace("│", " ").split())


@pytest.mark.parametrize(("args", "message"), [
    (["sweep", "grid", "--option", "end_total=10"], "at least two values"),
    (["sweep", "grid", "--option", "nope=1,2"], "no option 'nope'"),
    (["sweep", "grid", "--option", "end_total=10,20", "--options", '{"end_total": 5}'], "which --option sweeps"),
    (["sweep", "grid", "--option", "end_total=10,20", "--html", "/tmp/r.txt"], "ending in .html"),
    (["simulate", "grid", "--plot", "/tmp/p.txt"], "format '.txt' not"),
])
def test_bad_lab_arguments_are_refused(args: list[str], message: str) -> None:
    res = runner.invoke(app, args)
    assert res.exit_code == 2
    assert message in " ".join(res.output.replace("│", " ").split())


def test_tournament_report_has_the_lab_tables(tmp_path: Path) -> None:
    page = tmp_path / "t.html"
    res = runner.invoke(app, ["tournament", "grid", "--bots", "heuristic,random", "--matches", "4",
                              "--options", '{"end_total": 20}', "--html", str(page)])
    assert res.exit_code == 0, res.output
    html = page.read_text()
    assert "The round's first mover" in unescape(html) and "heuristic bot" in html
    assert "first-seat advantage" in res.output and "Seat 2" in res.output


def test_the_summary_figure_keeps_every_event_and_labels_seats_apart_from_places(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib.axes

    from kartentisch.sim.plots import plot_summary, round_bars

    doc = simulate("mayhem", 4, ["heuristic"], 6, 3)
    rounds = doc["rounds"]
    bars = round_bars(get_game("mayhem"), rounds)
    assert len(bars) == len(rounds["ended"]) + len(rounds["events"]) > 14  # the figure drew only 14
    ticks: list[list[str]] = []
    drawn: list[int] = []
    real_ticks, real_barh = matplotlib.axes.Axes.set_xticks, matplotlib.axes.Axes.barh
    monkeypatch.setattr(matplotlib.axes.Axes, "set_xticks",
                        lambda self, at, labels=None, **kw: (ticks.append(list(labels or [])),
                                                             real_ticks(self, at, labels, **kw))[1])
    monkeypatch.setattr(matplotlib.axes.Axes, "barh",
                        lambda self, ys, *a, **kw: (drawn.append(len(ys)), real_barh(self, ys, *a, **kw))[1])
    plot_summary(doc, tmp_path / "s.png", "mayhem")
    assert drawn == [len(bars)]
    seats = next(labels for labels in ticks if "Seat 1" in labels)
    assert seats[:4] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]  # no "Seat 1 / first mover" pairs
    assert [label.replace("\n", " ") for label in seats[4:]] == ["first mover", "2nd to move", "3rd to move",
                                                                "4th to move"]


def test_a_sweep_compares_match_length_and_pipes_whole_table_rows() -> None:
    res = runner.invoke(app, ["sweep", "grid", "--option", "end_total=20,60", "--bots", "heuristic",
                              "--matches", "6"])
    assert res.exit_code == 0, res.output
    row = next(line for line in res.output.splitlines() if "decisions per match (match length)" in line)
    assert "│ 20 " in row and len(row) > 80  # a whole row on one line, wider than Rich's default 80 columns
    doc = sweep("grid", 2, ["heuristic"], 12, 1, "end_total", [20, 60])
    length = next(m for m in doc["metrics"] if m["key"] == "match_decisions")
    per_round = next(m for m in doc["metrics"] if m["key"] == "decisions")
    assert length["values"][1]["estimate"] > length["values"][0]["estimate"] > per_round["values"][0]["estimate"]


@pytest.mark.ray
def test_simulate_and_sweep_on_ray_equal_local() -> None:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        local = simulate("colors", 2, ["heuristic", "random"], 4, 5)
        assert simulate("colors", 2, ["heuristic", "random"], 4, 5, backend="ray") == local
        args = ("grid", 2, ["heuristic"], 4, 1, "end_total", [20, 40])
        assert sweep(*args, backend="ray") == sweep(*args)
    finally:
        ray.shutdown()
    res = runner.invoke(app, ["simulate", "colors", "--games", "2", "--backend", "moon"])
    assert res.exit_code == 2
    assert "--backend 'moon'; allowed: local, ray" in " ".join(res.output.replace("│", " ").split())


@pytest.mark.parametrize("values", [[57, 58, 59, 60, 60, 63], list(range(100, 300)), [5], [0, 1000]])
def test_integer_bins_give_every_bin_as_many_whole_numbers(values: list[int]) -> None:
    """A histogram of round lengths held one value in a bin, two in the next (a designer read peaks that were not
    there): every bin spans the same whole number of values, edges halfway between, at most 40 bins."""
    edges = integer_bins(values)
    widths = {b - a for a, b in zip(edges, edges[1:], strict=False)}
    assert len(widths) == 1 and widths.pop() == int(edges[1] - edges[0]) >= 1 and len(edges) - 1 <= 40
    assert edges[0] == min(values) - 0.5 and edges[-1] >= max(values) + 0.5
    assert all(e % 1 == 0.5 for e in edges)


def test_a_match_stopped_at_the_decision_limit_is_said_and_exits_1() -> None:
    """A designer's 20-digit target printed "ended 0/2" and figures of matches without a result, the limit unnamed:
    the matches that stopped are counted, the limit named, the exit status 1."""
    result = runner.invoke(app, ["simulate", "grid", "--games", "1", "--options", '{"end_total": 100000000000}'])
    assert result.exit_code == 1, result.output
    assert "1 of 1 matches did not end within 200,000 decisions (the simulation's limit)" in " ".join(
        result.output.split())


def test_a_sweep_value_a_bot_cannot_play_is_named() -> None:
    """A policy made at grid's target of 100 cannot play a sweep's 50: the refusal named neither (a designer's
    finding); it names the value, the bot and both options."""
    with pytest.raises(KartentischError) as refused:
        sweep("grid", 2, ["policy:src/kartentisch/games/grid/policy.npz", "heuristic"], 2, 0, "end_total", [100, 50])
    said = str(refused.value)
    assert said.startswith("sweep: at end_total=50, bot policy:") and '"end_total": 100' in said, said
