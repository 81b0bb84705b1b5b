"""``kartentisch review``: the coach's table in words, the JSON with tokens beside texts, the curve,
seats counted from 1, and clear errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.cli import review as review_cli
from kartentisch.cli.app import app

#: A chips match whose last take (seat 2) loses where Blue 10 would have won (tests/bots).
REPLAY = Path(__file__).parent / "bots" / "coach_chips_59.jsonl"
TOKENISH = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")

runner = CliRunner()
# The command's console takes its width once, at import (Rich reads COLUMNS then): wide enough here
# that no column header wraps, whatever the terminal of the test run.
review_cli.console.width = 200


def _review(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["review", str(REPLAY), *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_review_of_one_seat_in_words_with_json_and_curve(tmp_path: Path) -> None:
    out_json, out_png = tmp_path / "review.json", tmp_path / "curve.png"
    code, output = _review("--seat", "2", "--iterations", "30", "--json", str(out_json), "--plot", str(out_png))
    assert code == 0, output
    assert "Review of Seat 2" in output and "Take Blue 10" in output and "blunder" in output
    assert "Seat 2 loses the match." in output
    assert not TOKENISH.search(output), "the table is in words, without tokens or card codes"
    doc = json.loads(out_json.read_text(encoding="utf-8"))
    assert doc["seat"] == 1 and doc["seats"] == [1] and doc["lang"] == "en" and doc["iterations"] == 30
    last = doc["decisions"][-1]
    assert {"n", "token", "text", "win_chosen", "best", "best_text", "win_best", "mark"} <= set(last)
    assert (last["n"], last["token"], last["best"], last["best_text"]) == (34, "take:1", "take:4", "Take Blue 10")
    assert (last["win_chosen"], last["win_best"], last["mark"]) == (0.0, 1.0, "blunder")
    assert all(d["seat"] == 1 for d in doc["decisions"])
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_review_names_the_seats_as_play_saved_them(tmp_path: Path) -> None:
    """A fresh user's review of their own match read "Platz 1" and "Platz 2" where play had seated "Ana" and
    "Bot Max": the review names seats as the replay's header saved them (a bot short in the table's column)."""
    lines = REPLAY.read_text(encoding="utf-8").splitlines()
    header = {**json.loads(lines[0]), "seats": [{"person": "Ana"}, {"bot": "heuristic"}]}
    named = tmp_path / "named.jsonl"
    named.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["review", str(named), "--iterations", "10", "--lang", "de"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Ana gewinnt das Spiel." in result.output and "Bot Max (solide) verliert das Spiel." in result.output
    assert "│ Bot Max " in result.output and "Platz" not in result.output.replace("Platz ", "", 1)
    assert re.search(r"│ +\d+ │ Ana +│", result.output), result.output


def test_review_in_german_of_every_seat_is_repeatable(tmp_path: Path) -> None:
    runs = []
    for k in range(2):
        path = tmp_path / f"r{k}.json"
        code, output = _review("--iterations", "20", "--lang", "de", "--seed", "4", "--json", str(path))
        assert code == 0, output
        runs.append(json.loads(path.read_text(encoding="utf-8")))
    assert runs[0] == runs[1]
    assert "Analyse von allen Plätzen" in output and "Bester Zug" in output and "Nimm Blau 10" in output
    assert "Seine Siegchance" in output  # the best move's chance has its own header (two "Siegch…" at 80 columns)
    # chips D1: the match is the "Spiel" (a "Partie" is one round), as chips' table says it
    assert "grober Fehler" in output and "Platz 1 gewinnt das Spiel." in output
    assert "Platz 2 verliert das Spiel." in output and "Partie" not in output
    assert re.search(r"mittlerer Verlust \d+,\d Prozentpunkte", output), output  # a German decimal comma
    assert runs[0]["seat"] is None and {d["seat"] for d in runs[0]["decisions"]} == {0, 1}


@pytest.mark.parametrize(("lang", "word", "note"), [("en", "unsure", "Unsure: by the estimate the move lost 5 points"),
                                                    ("de", "unklar", "Unklar: Laut Schätzung verlor der Zug 5")])
def test_a_small_review_says_where_it_is_unsure(tmp_path: Path, lang: str, word: str, note: str) -> None:
    """With 40 searches a decision most losses of 5 points or more cannot be told from noise: the table says
    "unsure" there (not "good"), counts such moves apart, and says what would decide them."""
    path = tmp_path / "r.json"
    code, output = _review("--iterations", "40", "--seed", "4", "--lang", lang, "--json", str(path))
    assert code == 0, output
    unsure = [d for d in json.loads(path.read_text(encoding="utf-8"))["decisions"] if d["unsure"]]
    assert unsure and all(d["mark"] == "good" and d["loss"] >= 0.05 for d in unsure)
    counted = [int(k) for k in re.findall(rf"(\d+) × {word}\b", output)]  # a line per seat
    assert sum(counted) == len(unsure), output
    assert note in " ".join(output.split()), output


def test_the_review_ends_in_each_game_s_words_for_the_match() -> None:
    """The review's last lines are the game's match sentences (Game.common_text): "Partie" in German for most
    games, "Spiel" for chips, whose "Partie" is one round (chips D1)."""
    from kartentisch.games import get_game

    said = {(g, key): get_game(g).common_text("de", key, names="Ana") for g in ("colors", "chips")
            for key in ("winners_one", "loser_one", "not_over")}
    assert said == {("colors", "winners_one"): "Ana gewinnt die Partie.",
                    ("colors", "loser_one"): "Ana verliert die Partie.",
                    ("colors", "not_over"): "Die Partie ist nicht zu Ende.",
                    ("chips", "winners_one"): "Ana gewinnt das Spiel.",
                    ("chips", "loser_one"): "Ana verliert das Spiel.",
                    ("chips", "not_over"): "Das Spiel ist nicht zu Ende."}


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "3"], "--seat 3: this match has seats 1 to 2."),
    (["--seat", "0"], "--seat 0: this match has seats 1 to 2."),
    (["--lang", "fr"], "unknown language 'fr'"),
    (["--plot", "curve.txt"], "format '.txt' not supported"),
    (["--iterations", "0"], "Searches per decision (--iterations): 0 is too small; give a whole number of at least 1."),
])
def test_bad_options_are_refused(args: list[str], message: str) -> None:
    code, output = _review(*args)
    assert code == 2 and message in output


def test_a_broken_replay_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(REPLAY.read_text(encoding="utf-8").replace('"take:4"', '"take:zz"', 1), encoding="utf-8")
    result = runner.invoke(app, ["review", str(bad)])
    assert result.exit_code == 1 and "bad.jsonl, line 24: move 23, by Seat 1, does not replay: what is written there " \
        "is no move of Baggage Belt." in " ".join(result.output.split()), result.output
