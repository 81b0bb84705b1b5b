"""``kartentisch scorepad``: a terminal score sheet, round by round, with refusals and corrections."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kartentisch.cli.app import app


def run(args: list[str], lines: list[str]):
    return CliRunner().invoke(app, ["scorepad", *args], input="\n".join(lines) + "\n")


def test_whole_colors_match_with_refusal_and_correction(tmp_path):
    path = tmp_path / "pad.json"
    lines = [
        "", "6", "0", "0", "5", "0", "0",  # round 1: 6 + 5 blue -> refused (only 10 exist)
        "", "5", "5", "0", "3", "3", "0",  # round 1: 10 : 6
        "c 1", "4", "4", "0", "", "", "",  # correct round 1: Ana 8, Ben keeps 3 3 -> 6
        "", "0", "0", "7", "0", "0", "3",  # round 2: 7 : 3 -> totals 15 : 9, target 15 reached
        "",  # Enter after the end quits
    ]
    res = run(["colors", "--players", "Ana,Ben", "--options", '{"target_score": 15}', "--file", str(path)], lines)
    assert res.exit_code == 0, res.output
    assert "Not recorded: round 1: blue: 11 cards counted, but only 10 exist" in res.output
    assert "Match over. Winners: Ana" in res.output
    doc = json.loads(path.read_text())
    assert [r["scores"] for r in doc["rounds"]] == [[8, 6], [7, 3]] and doc["totals"] == [15, 9]
    assert doc["over"] and doc["winners"] == [0]


def test_resume_from_file_and_delete_last_round(tmp_path):
    path = tmp_path / "pad.json"
    first = run(["lastcard", "--players", "Ana,Ben", "--file", str(path)], ["", "30 2", "7", "q"])
    assert first.exit_code == 0, first.output
    assert json.loads(path.read_text())["totals"] == [28, 7]
    again = run(["lastcard", "--file", str(path), "--lang", "de"], ["d", "q"])
    assert again.exit_code == 0 and "Runde 1: Ben gibt." in again.output
    assert json.loads(path.read_text())["rounds"] == []


def test_bad_start_is_refused():
    res = run(["grid", "--players", "Ana"], [])
    assert res.exit_code != 0 and "this game is for 2 … 6" in res.output
