"""Issue 31 item 2: the fairness properties of :mod:`kartentisch.conformance` hold for every installed
game and the example plug-in ``highcard``, fail with the property, game, player count and seed when a
game breaks them, and ``kartentisch check-game ID`` runs them."""

from __future__ import annotations

import dataclasses
import importlib
import random
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
                                    "--options", '{"gambling_rule": "published", "counter_target": "any"}'])
    assert published.exit_code == 0, published.output
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
    """invariants, words, pettingzoo and openspiel on one match at the fewest players (``check-game`` sweeps every
    player count)."""
    game = lookup(game_id)
    assert conformance.check_game(game, game.min_players, matches=1, seed=7) == []  # every check ran


def test_words_built_from_the_state_fail_naming_the_check(installed: None) -> None:
    """A game whose move sentences show the token (or a card the reader cannot see) fails ``words``."""
    highcard = lookup("highcard")
    leaky = type(highcard)(lambda: dataclasses.replace(highcard.parts, describe_move=lambda s, tok, b, a, v: tok))
    with pytest.raises(ConformanceError, match=r"^words: highcard with 2 players, position seed 3: move 1 .*not words"):
        conformance.check_words(leaky, 2, seed=3)


def test_check_game_runs_the_whole_kit(installed: None) -> None:
    res = runner.invoke(app, ["check-game", "highcard", "--players", "2", "--positions", "1", "--matches", "1"])
    assert res.exit_code == 0, res.output
    assert "view, resample, seeded hold" in res.output
    assert "invariants, words, pettingzoo, openspiel hold" in " ".join(res.output.split())
