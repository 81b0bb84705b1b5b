"""An option whose default is ``null`` is listed with what ``null`` means in the match, as its spec says (a fresh
user read ``rounds: null (keine)`` as "no rounds")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kartentisch.cli.app import app
from kartentisch.games import all_games

runner = CliRunner()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["max_rounds [null] (Round limit): null (no limit, until someone reaches the target score) or a whole "
            "number of at least 1",
            "rounds [null] (Rounds): null (one round per player) or a whole number of at least 1",
            "point_limit [null] (Point limit): null (by the match length: short 137, medium 154, long 179 points with "
            "2 to 4 players, 113, 137, 154 with 5 to 8) or a whole number of at least 1"]),
    ("de", ["max_rounds [null] (Rundenzahl): null (keine Grenze, bis jemand die Zielpunktzahl erreicht) oder eine "
            "ganze Zahl ab 1",
            "rounds [null] (Runden): null (eine Runde pro Spieler) oder eine ganze Zahl ab 1",
            "point_limit [null] (Punktgrenze): null (nach der Spieldauer: kurz 137, mittel 154, lang 179 Punkte bei 2 "
            "bis 4 Spielern, 113, 137, 154 bei 5 bis 8) oder eine ganze Zahl ab 1"]),
])
def test_games_says_what_null_means_for_each_option(lang: str, said: list[str]) -> None:
    """colors R16 (no round limit: the target score alone ends the match), lastcard R2 (one round per player),
    mayhem S1 (the match length's limit by the player count)."""
    result = runner.invoke(app, ["games", "--lang", lang])
    shown = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 0 and "(none)" not in shown and "(keine)" not in shown, shown
    for text in said:
        assert text in shown, (text, shown)


def test_every_option_that_may_be_null_says_what_null_means() -> None:
    """Every game's nullable option names its meaning in both languages (kernel.options ``null_words``)."""
    for game in all_games():
        for option in game.options:
            if option.nullable:
                assert set(option.null_words) >= {"en", "de"}, (game.id, option.name)


def test_resume_says_a_saved_null_option_by_its_meaning(tmp_path) -> None:
    """``play --resume … --options`` that does not fit lists the saved options; a null one by what it means."""
    save = tmp_path / "m.jsonl"
    assert runner.invoke(app, ["play", "colors", "--seed", "1", "--save", str(save)], input="quit\n").exit_code == 0
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "de", "--options", '{"target_score": 9}'])
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and "Rundenzahl: keine Grenze, bis jemand die Zielpunktzahl erreicht" in shown, shown
