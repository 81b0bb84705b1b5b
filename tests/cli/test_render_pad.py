"""The terminal score pad: drawn once, by ``render_view``, for every game (play and replay alike).

Regression: colors, grid and lastcard drew their own pad and ``show`` added the generic one (two
pads while playing); ``replay`` printed only ``render_view``, so chips and mayhem replays had none.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from kartentisch.cli import app as cli_app
from kartentisch.cli.i18n import t
from kartentisch.cli.render import render_view, score_table
from kartentisch.kernel import GameState, Match, Voice
from tests.conftest import GAME_IDS, GAMES


def _after_round_one(match: Match) -> GameState:
    """Random legal moves (seeded) until round 1 is scored."""
    rng = random.Random(1)
    state = match.state
    while not state.round_over:
        seat = state.to_act()[0]
        match.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _assert_one_pad(text: str, game_id: str, lang: str) -> None:
    assert text.count(t(lang, "round_scores")) == 1, text
    assert sum(line.startswith(f"│ {t(lang, 'totals')} ") for line in text.splitlines()) == 1, text
    # the per-game pads of old were titled with the game's own "scores" label (a game without a catalogue: none)
    words = GAMES[game_id].parts.words
    old = words.section("labels", lang).get("scores") if words is not None else None
    if old and old != t(lang, "round_scores"):
        lines = [line.strip(" │") for line in text.splitlines()]
        assert not any(line == old or line.startswith(f"{old}:") for line in lines), text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_render_view_draws_the_score_pad_once(game_id: str, lang: str) -> None:
    state = _after_round_one(Match(GAMES[game_id], 2, seed=1))
    console = Console(record=True, width=120, color_system=None)
    console.print(render_view(GAMES[game_id], state.view(0), 0, Voice(lang, 0)))
    _assert_one_pad(console.export_text(), game_id, lang)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_and_replay_show_the_score_pad_once(game_id: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(GAMES[game_id], 2, seed=1)
    state = _after_round_one(match)
    console = Console(record=True, width=120, color_system=None)
    monkeypatch.setattr(cli_app, "console", console)
    cli_app.show(state, 0, Voice("en", 0))  # what ``play`` draws before a decision
    _assert_one_pad(console.export_text(), game_id, "en")

    save = tmp_path / "m.jsonl"
    match.save(save)
    console = Console(record=True, width=120, color_system=None)
    monkeypatch.setattr(cli_app, "console", console)
    result = CliRunner().invoke(cli_app.app, ["replay", str(save), "--seat", "1", "--no-step"])
    assert result.exit_code == 0, result.output
    last_step = console.export_text().rsplit(f"Move {len(match.history)}/{len(match.history)}: ", 1)[-1]
    _assert_one_pad(last_step, game_id, "en")


@pytest.mark.parametrize(("game_id", "word"), [("chips", "Partie"), ("lastcard", "Runde")])
def test_the_pad_heads_its_rounds_in_the_games_german_word(game_id: str, word: str) -> None:
    """chips D1: a round is a *Partie* ("Runde" is the circuit of turns), so chips' pad heads its rounds "Partie"
    like its "Partie 1 von 1"; other games say "Runde"."""
    state = _after_round_one(Match(GAMES[game_id], 2, seed=3))
    console = Console(width=160, record=True)
    console.print(render_view(GAMES[game_id], state.view(0), 0, Voice("de", 0)))
    text = console.export_text()
    head = next(line for line in text.splitlines() if line.lstrip("┃ ").startswith(("Partie", "Runde")))
    assert head.lstrip("┃ ").startswith(word), text
    if game_id == "chips":  # "Runde" only for the final circuit (chips R9)
        assert all(line.strip().startswith("Letzte Runde:") for line in text.splitlines() if "Runde" in line), text


def test_the_score_pad_writes_negative_scores_with_the_minus_sign() -> None:
    """The terminal's score pad writes −3 (U+2212) as the table's summaries and the web pad do, not "-3"."""
    view = {"players": 2, "scores": [[-3, 5]], "totals": [-3, 5]}
    console = Console(record=True, width=120, color_system=None)
    console.print(score_table(view, Voice("de", 0), "Runde"))
    text = console.export_text()
    assert text.count("−3") == 2 and "-3" not in text, text
