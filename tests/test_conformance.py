"""Issue 31 item 2: the fairness properties of :mod:`kartentisch.conformance` hold for every installed
game and the example plug-in ``highcard``, fail with the property, game, player count and seed when a
game breaks them, and ``kartentisch check-game ID`` runs them."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch import conformance
from kartentisch.cli.app import app
from kartentisch.conformance import ConformanceError, check_fairness, check_position, hidden_slots, random_position
from kartentisch.games import all_games
from kartentisch.kernel import Game, GameState, lookup, registry, sort_shuffle

PLUGIN = Path(__file__).resolve().parents[1] / "examples" / "plugin_game" / "src"
#: Every installed game (from the registry, not a list of ids), and the example plug-in.
GAME_IDS = list(dict.fromkeys([g.id for g in all_games()] + ["highcard"]))
runner = CliRunner()


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example plug-in ``highcard`` registered for this test only, if it is not installed."""
    if "highcard" not in registry.known_ids():
        monkeypatch.syspath_prepend(str(PLUGIN))
        monkeypatch.setitem(registry._GAMES, "highcard", importlib.import_module("highcard").GAME)
    yield


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_is_fair(game_id: str, installed: None) -> None:
    """view, resample and seeded hold on two random positions per player count (the CLI sweeps more)."""
    assert check_fairness(lookup(game_id), count=2, seed=100, samples=40, iterations=8) >= 0


def test_hidden_slots_are_the_leaves_the_view_shows_otherwise() -> None:
    doc = {"zones": {"hands": [["r1", "g2"], ["b3"]], "stock": ["4", "5"], "top": "y1", "pending": {"c": ["x"]}}}
    view = {"zones": {"hands": [["r1", "g2"], ["?"]], "stock": 2, "top": "y1", "pending": {}}}
    assert hidden_slots(doc, view) == {("zones", "hands", 1, 0): "b3", ("zones", "stock", 0): "4",
                                       ("zones", "stock", 1): "5", ("zones", "pending", "c", 0): "x"}


def _old_determinize(self: GameState, seat: int, rng: random.Random) -> GameState:
    """The example plug-in's ``_determinize`` before issue 31: ``rng.shuffle`` of the hidden cards in the
    order they lie, so a seeded sample depends on that order."""
    sample = self.clone()
    hidden = [c for s in range(self.players) if s != seat for c in self.hands[s]]
    hidden += [c for s, c in enumerate(self.chosen) if s != seat and c is not None] + self.stock
    rng.shuffle(hidden)
    for s in range(self.players):
        if s != seat:
            sample.hands[s] = sorted(hidden.pop() for _ in self.hands[s])
            if self.chosen[s] is not None:
                sample.chosen[s] = hidden.pop()
    sample.stock = hidden
    return sample


def _keeps_chosen(self: GameState, seat: int, rng: random.Random) -> GameState:
    """The mayhem defect of issue 31 in ``highcard``: other seats' face-down choices kept as they are."""
    sample = self.clone()
    hidden = [c for s in range(self.players) if s != seat for c in self.hands[s]] + self.stock
    sort_shuffle(rng, hidden)
    for s in range(self.players):
        if s != seat:
            sample.hands[s] = sorted(hidden.pop() for _ in self.hands[s])
    sample.stock = hidden
    return sample


def _shows_another_hand(self: GameState, seat: int, rng: random.Random) -> GameState:
    """A sample that shows the seat a hand it does not hold."""
    sample = self.clone()
    sample.hands[seat], sample.stock = sample.stock[:len(self.hands[seat])], sample.stock[len(self.hands[seat]):] + \
        sample.hands[seat]
    return sample


UNFAIR = {"keeps chosen": _keeps_chosen, "order": _old_determinize, "view": _shows_another_hand}


def _unfair(monkeypatch: pytest.MonkeyPatch, how: str) -> Game:
    """``highcard`` with its determinization broken as ``how`` says (:data:`UNFAIR`), for this test only."""
    monkeypatch.syspath_prepend(str(PLUGIN))
    rules = importlib.import_module("highcard.rules")
    monkeypatch.setattr(rules.HighcardState, "_determinize", UNFAIR[how])
    game = importlib.import_module("highcard").GAME
    monkeypatch.setitem(registry._GAMES, "highcard", game)
    return game


@pytest.mark.parametrize(("how", "prop"), [("keeps chosen", "resample"), ("order", "seeded"),
                                           ("view", "view")])
def test_each_property_fails_naming_itself_and_a_seed(monkeypatch: pytest.MonkeyPatch, how: str, prop: str) -> None:
    game = _unfair(monkeypatch, how)
    with pytest.raises(ConformanceError) as caught:
        check_fairness(game, players=3, count=10, seed=7, samples=24, iterations=8)
    err = caught.value
    assert (err.prop, err.game, err.players) == (prop, "highcard", 3) and 7 <= err.seed < 17
    assert f"--players 3 --seed {err.seed} --positions 1" in str(err)
    with pytest.raises(ConformanceError):  # the seed it names shows it again, alone
        check_position(random_position(game, 3, err.seed), samples=24, iterations=8)


def test_check_game_command(monkeypatch: pytest.MonkeyPatch, installed: None) -> None:
    ok = runner.invoke(app, ["check-game", "highcard", "--positions", "2", "--samples", "16"])
    assert ok.exit_code == 0, ok.output
    assert "highcard players=4: 2 positions" in ok.output and "view, resample, seeded hold" in ok.output
    assert runner.invoke(app, ["check-game", "highcard", "--players", "5"]).exit_code == 2
    assert "unknown game 'poker'" in runner.invoke(app, ["check-game", "poker"]).output
    published = runner.invoke(app, ["check-game", "mayhem", "--players", "3", "--positions", "1", "--samples", "8",
                                    "--options", '{"gambling_rule": "published", "counter_target": "any", '
                                                 '"point_limit": 1}'])
    assert published.exit_code == 0, published.output
    said = " ".join(published.output.split())
    assert "invariants, words, scenarios, " in said and "pettingzoo, openspiel hold" in said
    assert ("scenarios, compiled, pettingzoo" in said) != ("not run: compiled: " in said)  # compared, or why not
    refused = runner.invoke(app, ["check-game", "mayhem", "--options", '{"gambling_rule": "dice"}'])
    assert refused.exit_code == 2 and "gambling_rule" in refused.output
    _unfair(monkeypatch, "keeps chosen")
    bad = runner.invoke(app, ["check-game", "highcard", "--players", "2", "--positions", "6", "--samples", "16"])
    assert bad.exit_code == 1 and bad.output.startswith("FAIL resample: highcard with 2 players, position seed ")
    assert "again: kartentisch check-game highcard --players 2 --seed" in bad.output.replace("\n", " ")


def test_the_old_highcard_determinization_fails_seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example plug-in's old ``_determinize`` is caught on 2 players' positions as the issue found it:
    its seeded evaluation differs between a position and a sample of what the player knows."""
    with pytest.raises(ConformanceError, match="^seeded: highcard with 2 players"):
        check_fairness(_unfair(monkeypatch, "order"), players=2, count=5, seed=0, iterations=8)


def test_a_failure_names_how_to_check_its_position_again() -> None:
    assert conformance.PROPERTIES == ("view", "resample", "seeded")
    err = ConformanceError("resample", "mayhem", 3, 41, "the hidden x is 'r1'", {"gambling_rule": "published"})
    assert str(err) == ("resample: mayhem with 3 players, position seed 41: the hidden x is 'r1' (again: kartentisch "
                        "check-game mayhem --players 3 --seed 41 --positions 1 --options '{\"gambling_rule\": "
                        "\"published\"}')")


# ----------------------------------------------------------------------------- the rest of the kit (issue 35)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_passes_the_kit(game_id: str, installed: None) -> None:
    """invariants, words, scenarios, compiled, pettingzoo and openspiel on one short match (the game's
    ``short_match`` options) at the fewest players (``check-game`` sweeps every player count with the defaults).
    Every check runs but ``compiled`` where no compiled build of the game's rules is installed (highcard never
    has one; a pure install has none)."""
    game = lookup(game_id)
    short = game.parts.short_match
    skipped = conformance.check_game(game, game.min_players, matches=1, seed=7, options=short)
    assert skipped == conformance.check_compiled(game, [game.min_players], [7], short) and len(skipped) <= 1
    assert all(why.startswith("compiled: ") for why in skipped)


def test_words_built_from_the_state_fail_naming_the_check(installed: None) -> None:
    """A game whose move sentences show the token (or a card the reader cannot see) fails ``words``."""
    highcard = lookup("highcard")
    leaky = type(highcard)(lambda: dataclasses.replace(highcard.parts, describe_move=lambda s, tok, b, a, v: tok))
    with pytest.raises(ConformanceError, match=r"^words: highcard with 2 players, position seed 3: move 1 .*not words"):
        conformance.check_words(leaky, 2, seed=3)
    with pytest.raises(ConformanceError, match=r"^words: highcard with 2 players, position seed 3: move 1 .*not words"):
        conformance.check_game(leaky, 2, matches=1, seed=3)  # the words told on the invariants' match


def test_the_invariants_and_the_words_share_each_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """One match per seed and player count, played with the options given: the words are told on its moves."""
    from kartentisch.sim import invariants

    told: list[tuple[int, int]] = []
    real = invariants.run_checked_match

    def counted(game: Game, players: int, seed: int, deep_every: int = 1, options: dict | None = None,
                on_move: object = None) -> invariants.SoakStats:
        assert isinstance(on_move, conformance.WordsCheck) and options == {"max_rounds": 1}
        stats = real(game, players, seed, deep_every, options, on_move)
        told.append((stats.decisions, on_move.moves))
        assert stats.rounds == 1  # the options reached the match
        return stats

    monkeypatch.setattr(invariants, "run_checked_match", counted)
    monkeypatch.setattr(conformance, "check_words", None)  # no match of its own
    skipped = conformance.check_game(lookup("colors"), 2, matches=2, seed=3, options={"max_rounds": 1})
    assert not any(why.startswith("invariants") for why in skipped)  # run with the options given, not left out
    assert len(told) == 2 and all(decisions == moves > 0 for decisions, moves in told)


def test_check_game_runs_the_whole_kit(installed: None) -> None:
    res = runner.invoke(app, ["check-game", "highcard", "--players", "2", "--positions", "1", "--matches", "1"])
    assert res.exit_code == 0, res.output
    assert "view, resample, seeded hold" in res.output
    said = " ".join(res.output.split())
    assert "invariants, words, scenarios, pettingzoo, openspiel hold" in said
    assert "not run: compiled: " in said  # highcard's rules are never compiled: the line says why


# ----------------------------------------------------------------------------- packaged scenarios
def _with_scenarios(folder: Path) -> Game:
    """``highcard`` with its ``scenarios`` part naming ``folder``."""
    highcard = lookup("highcard")
    return type(highcard)(lambda: dataclasses.replace(highcard.parts, scenarios=folder))


def test_the_example_plugin_ships_scenarios_and_passes_them(installed: None) -> None:
    highcard = lookup("highcard")
    folder = highcard.parts.scenarios
    assert folder is not None and folder.parent == Path(importlib.import_module("highcard").__file__).parent
    assert conformance.check_scenarios(highcard) == len(list(folder.glob("*.json"))) >= 2


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_installed_game_ships_its_scenarios(game_id: str) -> None:
    """The kit runs each game's packaged scenarios (the built-in games ship ours and the shared copies)."""
    assert conformance.check_scenarios(lookup(game_id)) >= 2


@pytest.mark.parametrize(("change", "said"), [
    ({"expect": {"winners": [0]}}, "h02-most-tricks-win-shared.json: winners: expected [0], got [1, 2]"),
    ({"game": "colors"}, "h02-most-tricks-win-shared.json: a scenario of 'colors', not 'highcard'"),
])
def test_a_failing_scenario_fails_the_kit_naming_its_file(tmp_path: Path, installed: None, change: dict,
                                                          said: str) -> None:
    shipped = lookup("highcard").parts.scenarios
    assert shipped is not None
    for case in shipped.glob("*.json"):
        doc = json.loads(case.read_text(encoding="utf-8"))
        if case.name.startswith("h02"):
            doc = {**doc, **change}
        (tmp_path / case.name).write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ConformanceError) as caught:
        conformance.check_scenarios(_with_scenarios(tmp_path))
    assert caught.value.prop == "scenarios" and said in str(caught.value)
    assert str(caught.value).endswith(f"(again: kartentisch scenario {tmp_path / 'h02-most-tricks-win-shared.json'})")


def test_a_short_match_the_game_refuses_fails_the_kit(installed: None) -> None:
    highcard = lookup("highcard")
    odd = type(highcard)(lambda: dataclasses.replace(highcard.parts, short_match={"rounds": 1}))
    with pytest.raises(ConformanceError, match="^scenarios: highcard with 2 players.*the short_match part is refused"):
        conformance.check_scenarios(odd)


# ----------------------------------------------------------------------------- compiled = pure
def test_a_child_interpreter_traces_the_matches_this_one_does() -> None:
    """The pure build's child plays exactly the seeded matches :func:`match_trace` plays here, decision by decision."""
    mayhem = lookup("mayhem")
    build, lines = conformance.run_traces(mayhem, [3], [5], {"point_limit": 1}, pure=True)
    assert build == "pure"
    assert lines == ["# 3 5", *conformance.match_trace(mayhem, 3, 5, {"point_limit": 1})]
    assert json.loads(lines[-1])[3:] == [None, None] and len(lines) > 50


def test_compare_traces_names_the_first_difference() -> None:
    lines = ["# 2 4", *conformance.match_trace(lookup("colors"), 2, 4, {"max_rounds": 1})]
    assert conformance.compare_traces("colors", lines, list(lines)) == len(lines) - 1
    step, doc, legal, seat, token = json.loads(lines[9])
    for changed, what in [([step, doc + 1, legal, seat, token], "the state documents differ"),
                          ([step, doc, legal + 1, seat, token], "the legal listings differ"),
                          ([step, doc, legal, seat, "play:zz"], f"seat {seat} draws {token!r}")]:
        other = [*lines[:9], json.dumps(changed), *lines[10:]]
        with pytest.raises(ConformanceError, match=rf"^compiled: colors with 2 players, position seed 4: match seed 4, "
                                                   rf"decision 8: {re.escape(what)}"):
            conformance.compare_traces("colors", lines, other)
    with pytest.raises(ConformanceError, match="the pure build's trace has"):
        conformance.compare_traces("colors", lines, lines[:-1])


def test_without_a_compiled_build_the_check_says_why(monkeypatch: pytest.MonkeyPatch, installed: None) -> None:
    import kartentisch

    monkeypatch.setattr(kartentisch, "compiled_build", lambda: (frozenset(), "no compiled build installed"))
    assert conformance.check_compiled(lookup("mayhem"), [3], [0]) == [
        "compiled: no compiled build to compare with the pure one (no compiled build installed)"]
    monkeypatch.setattr(kartentisch, "compiled_build", lambda: (frozenset({"kartentisch.games.mayhem.rules"}), None))
    assert conformance.check_compiled(lookup("highcard"), [2], [0]) == [
        "compiled: highcard has no compiled build (highcard.rules is not among the compiled modules)"]


def test_a_compiled_run_on_the_pure_modules_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pure against pure cannot pass as compiled = pure: the child must have loaded the compiled module."""
    import kartentisch

    if kartentisch.compiled_build()[1] is None:
        pytest.skip("a current compiled build is installed, so the child loads it (the kit compares the builds then)")
    monkeypatch.setattr(kartentisch, "compiled_build", lambda: (frozenset({"kartentisch.games.colors.rules"}), None))
    with pytest.raises(ConformanceError, match="^compiled: colors with 2 players.*meant for the compiled build ran "
                                               "kartentisch.games.colors.rules as pure Python"):
        conformance.check_compiled(lookup("colors"), [2], [0], {"max_rounds": 1})
