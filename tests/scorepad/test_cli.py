"""``kartentisch scorepad``: a terminal score sheet, round by round, with refusals and corrections."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from kartentisch.cli import scorepad
from kartentisch.cli.app import app


def run(args: list[str], lines: list[str]):
    return CliRunner().invoke(app, ["scorepad", *args], input="\n".join(lines) + "\n")


def test_whole_colors_match_with_refusal_and_correction(tmp_path):
    path = tmp_path / "pad.json"
    lines = [
        "", "6", "0", "0", "5",  # round 1: 6 + 5 blue -> Ben's blue is re-asked (only 10 exist)
        "4", "0", "0",  # round 1: Ben 4 blue -> 6 : 4
        "c 1", "4", "4", "0", "3", "3", "",  # correct round 1: Ana 8, Ben 3 3 -> 6
        "", "0", "0", "7", "0", "0", "3",  # round 2: 7 : 3 -> totals 15 : 9, target 15 reached
        "",  # Enter after the end quits
    ]
    res = run(["colors", "--players", "Ana,Ben", "--options", '{"target_score": 15}', "--file", str(path)], lines)
    assert res.exit_code == 0, res.output
    assert "Not possible: blue: 11 cards counted, but only 10 exist\nBen – blue" in res.output
    assert "* = dealer of that round" in res.output
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


@pytest.mark.parametrize(("args", "words"), [
    (["grid", "--players", "Ana"], "this game is for 2 … 6"),
    (["grid"], '--players is required (names, e.g. "Ana,Ben")'),
])
def test_bad_start_is_refused(args, words):
    res = run(args, [])
    assert res.exit_code != 0 and words in " ".join(res.output.replace("│", " ").split())


def test_players_are_typed_and_shown_one_based(tmp_path):
    """grid's trigger: 3, 12, ² and Cem are refused as typed, 2 is Ben (seat 1); correcting shows 2."""
    path = tmp_path / "pad.json"
    # ... and "c 1" corrects round 1, emptying Ana's grid ("c²" is no command)
    lines = ["", "3", "12", "²", "Cem", "2", "1 2 3", "", "c²", "c 1", "", "-", "", "q"]
    res = run(["grid", "--players", "Ana,Ben", "--file", str(path)], lines)
    assert res.exit_code == 0, res.output
    for typed in ("3", "12", "²", "Cem"):
        assert f"\n{typed} is not a player; type a name or a number 1 … 2\n" in res.output
    assert "1 Ana, 2 Ben" in res.output and "0 is not a player" not in res.output
    assert "who ended the round (a player's name or number: 1 Ana, 2 Ben) [2]:" in res.output  # the correction
    assert json.loads(path.read_text())["rounds"][0]["entry"] == {"players": [{"grid": []}, {"grid": []}],
                                                                  "round": {"trigger": 1}}


def test_each_field_is_checked_as_typed_and_only_it_is_asked_again(tmp_path):
    path = tmp_path / "pad.json"
    lines = ["", "1", "1 2 3 4", "x", "1 1 1", "1 1 1 1 1 1", "1 2 3", "q"]
    res = run(["grid", "--players", "Ana,Ben", "--file", str(path)], lines)
    assert res.exit_code == 0, res.output
    assert "Not possible: Ana: 4 cards; a grid holds 9, 6, 3 or 0 cards" in res.output
    assert "'x' is not understood; type values -1 … 11" in res.output
    assert "Not possible: 9 cards of value 1 entered, but only 8 exist\nBen – cards left in the grid" in res.output
    doc = json.loads(path.read_text())
    assert [r["entry"]["players"] for r in doc["rounds"]] == [[{"grid": [1, 1, 1]}, {"grid": [1, 2, 3]}]]
    assert res.output.count("Ana – cards left in the grid") == 3  # 1 2 3 4, x, 1 1 1: not asked again after


def test_a_round_impossible_as_a_whole_is_checked_again_with_its_values_kept(tmp_path):
    """lastcard R15 needs every hand: the round is re-asked with the typed values as defaults."""
    path = tmp_path / "pad.json"
    lines = ["", "5 6", "7", "8", "", "", "8 9", "q"]
    res = run(["lastcard", "--players", "Ana,Ben,Cem", "--file", str(path)], lines)
    assert res.exit_code == 0, res.output
    assert "Not possible: exactly one player ends the round holding a single card (lastcard R15); here 2: Ben and Cem" \
        in res.output
    assert "Ana – cards in hand (values 1 … 36 separated by spaces, at most 12, empty for none) [5 6]:" in res.output
    assert [r["entry"]["players"] for r in json.loads(path.read_text())["rounds"]] == \
        [[{"hand": [5, 6]}, {"hand": [7]}, {"hand": [8, 9]}]]


def test_help_cancel_and_quit_inside_a_round_and_at_the_main_prompt(tmp_path):
    path = tmp_path / "pad.json"
    lines = ["help", "", "help", "2", "cancel", "", "2", "", "", "", "", "", "c 1", "q"]
    res = run(["colors", "--players", "Ana,Ben", "--file", str(path), "--lang", "de"], lines)
    assert res.exit_code == 0, res.output
    assert "Befehle: Enter = nächste Runde eingeben; c N = Runde N korrigieren" in res.output
    assert "Nicht verstanden" not in res.output
    assert "Für jeden Spieler gefragt (Ana, Ben):\n  blau: eine ganze Zahl 0 … 10\n" in res.output
    assert "Runde 1 nicht eingetragen (abgebrochen)." in res.output
    assert "* = Geber dieser Runde" in res.output
    assert "Nicht korrigiert; Runde 1 bleibt unverändert.\n" in res.output  # q inside the correction
    doc = json.loads(path.read_text())
    assert [r["scores"] for r in doc["rounds"]] == [[2, 0]]  # the round typed after cancel only


def test_unknown_command_and_missing_round_at_the_main_prompt():
    res = run(["colors", "--players", "Ana,Ben"], ["hello", "c 2", "d", "q"])
    assert "Not understood: hello (help lists the commands)" in res.output
    assert "Not recorded" not in res.output
    assert res.output.count("No round recorded yet.") == 2


@pytest.mark.parametrize(("content", "words"), [
    ("[]", "not a score pad file"),
    ("null", "not a score pad file"),
    ('{"game": "grid"}', "not a score pad file"),
    ('{"game": "grid", "names": ["Ana"], "options": {}, "rounds": []}', "this game is for 2 … 6"),
    ('{"game": "grid", "names": ["Ana", "Ben"], "options": {"x": 1}, "rounds": []}', "unknown option"),
    ('{"game": "colors", "names": ["Ana", "Ben"], "options": {}, "rounds": []}', "holds a 'colors' pad, not 'grid'"),
    ("{", "not a readable score pad file"),
])
def test_a_bad_pad_file_is_refused_with_its_name(tmp_path, content, words):
    path = tmp_path / "pad.json"
    path.write_text(content)
    res = run(["grid", "--players", "Ana,Ben", "--file", str(path)], ["q"])
    text = " ".join(res.output.replace("│", " ").split())
    assert res.exit_code == 2 and words in text, res.output


def test_the_german_terminal_pad_refuses_in_german():
    """``--lang de``: an impossible round is explained in German, then asked again."""
    lines = ["", "6", "0", "0", "5", "4", "0", "0", "q"]
    res = run(["colors", "--players", "Ana,Ben", "--lang", "de"], lines)
    assert res.exit_code == 0, res.output
    assert "Nicht möglich: Blau: 11 Karten gezählt, aber es gibt nur 10\nBen – blau" in res.output, res.output
    assert "cards counted" not in res.output


def test_the_german_chips_pad_says_partie_for_a_round_and_spiel_for_the_match(tmp_path):
    """chips D1: a round is a *Partie* (the match the *Spiel*; *Runde* is a pass of turns). Every label the German
    terminal pad shows for chips says so (it said "Runde"); the other games keep "Runde" and "Partie beendet"."""
    path = tmp_path / "chips.json"
    pad = {"game": "chips", "names": ["Ana", "Ben"], "options": {"rounds": 1},
           "rounds": [{"entry": {"players": [{"k_up": [3]}, {"k_up": [2]}], "round": {}}}]}
    path.write_text(json.dumps(pad), encoding="utf-8")
    lines = ["hilfe", "c 5", "d", "", "hilfe", "abbrechen", "d", "q"]
    res = run(["chips", "--file", str(path), "--lang", "de"], lines)
    assert res.exit_code == 0, res.output
    for said in ("┃ Partie ┃", "* = Geber dieser Partie", "Spiel beendet. Sieger: Ana",
                 "Befehle: Enter = nächste Partie eingeben; c N = Partie N korrigieren (Enter behält einen Wert); "
                 "d = letzte Partie löschen", "Es gibt keine Partie 5 (eingetragen: 1 … 1).", "Partie 1: Ben gibt.",
                 "Partie 1 (hilfe erklärt die Felder, abbrechen verwirft diese Partie",
                 "verwirft diese Partie, q beendet",
                 "Partie 1 nicht eingetragen (abgebrochen).", "Noch keine Partie eingetragen."):
        assert said in res.output, said
    assert "Runde" not in res.output
    colors = run(["colors", "--players", "Ana,Ben", "--lang", "de"], ["c 5", "q"])
    assert "┃ Runde ┃" in colors.output and "Noch keine Runde eingetragen." in colors.output


def test_a_cancelled_correction_says_the_round_is_unchanged(tmp_path):
    """A fresh user read "Round 1 not recorded (cancelled)" after cancelling a correction; round 1 was kept."""
    path = tmp_path / "pad.json"
    lines = ["", "2", "", "", "", "", "", "c 1", "cancel", "q"]  # round 1 is 2 : 0, then its correction cancelled
    res = run(["colors", "--players", "Ana,Ben", "--file", str(path)], lines)
    assert res.exit_code == 0, res.output
    assert "Correction cancelled; round 1 unchanged." in res.output and "not recorded" not in res.output
    assert [r["scores"] for r in json.loads(path.read_text())["rounds"]] == [[2, 0]]


def test_a_new_rounds_prompt_shows_what_an_empty_answer_records():
    """Help says Enter keeps the value in [brackets]: a new round's count shows its [0], a yes/no its [n]."""
    res = run(["colors", "--players", "Ana,Ben"], ["", "11", "", "q"])
    assert "Ana – blue (a whole number 0 … 10) [0]:" in res.output
    assert res.output.count("Ana – blue") == 2 and "Ana – green (a whole number 0 … 10) [0]:" in res.output


@pytest.mark.parametrize(("lang", "start", "stopped"), [
    ("de", "Ohne --file wird nichts aufbewahrt", "Abgebrochen; nichts wird aufbewahrt"),
    ("en", "Without --file nothing is kept", "Stopped; nothing is kept (start with --file to keep the pad)."),
])
def test_ctrl_c_is_said_in_the_pads_language_and_without_a_file_nothing_is_kept(lang, start, stopped):
    """Ctrl-C (or the end of input) at a prompt: click's English "Aborted!" came in a German session, and nothing
    had said that a pad without --file is lost."""
    res = run(["grid", "--players", "Ana,Ben", "--lang", lang], [""])  # the input ends inside round 1
    assert res.exit_code == 1
    assert start in res.output and stopped in res.output and "Aborted" not in res.output


def test_ctrl_c_with_a_file_names_where_the_pad_is(tmp_path):
    path = tmp_path / "pad.json"
    res = run(["colors", "--players", "Ana,Ben", "--file", str(path)], ["", "2", "", "", "", "", ""])
    assert res.exit_code == 1 and f"Stopped; what is recorded is saved in {path}." in res.output
    assert "Without --file" not in res.output and json.loads(path.read_text())["totals"] == [2, 0]


def test_help_lines_are_wrapped_at_words_by_the_pad_not_cut_by_the_terminal(monkeypatch):
    """In a terminal the pad wraps its texts itself (a help line was cut "roun" / "d" by a 120-column terminal)."""
    narrow = Console(highlight=False, width=60, force_terminal=True, color_system=None)
    monkeypatch.setattr(scorepad, "console", narrow)
    res = run(["colors", "--players", "Ana,Ben"], ["help", "", "help", "q"])
    assert res.exit_code == 0, res.output
    said = [line for line in res.output.splitlines() if not line.startswith("Enter = next round")]  # typer's prompt
    assert max(len(line) for line in said) <= 60
    assert "cancel drops this round, q quits (nothing is kept: the pad was started without --file)." \
        in " ".join(res.output.split())


@pytest.mark.parametrize(("lang", "kept", "dropped"), [
    ("en", "cancel keeps this round as it was", "cancel drops this round"),
    ("de", "abbrechen lässt diese Runde, wie sie war", "abbrechen verwirft diese Runde"),
])
def test_the_help_during_a_correction_says_cancel_keeps_the_round(tmp_path, lang, kept, dropped):
    """A fresh user read "cancel drops this round" in the help while correcting round 1; cancelling there keeps the
    round as it was (the pad says so after the cancel): the hint and the help say what cancel does there."""
    path = tmp_path / "pad.json"
    lines = ["", "2", "", "", "", "", "", "c 1", "help", "cancel", "q"]
    res = run(["colors", "--players", "Ana,Ben", "--file", str(path), "--lang", lang], lines)
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    new, correction = said.split("1 (", 2)[1:]  # round 1 typed, then round 1 corrected
    assert dropped in new and kept not in new
    assert said.count(kept) == 2 and dropped not in correction  # the correction's hint and its help
    assert [r["scores"] for r in json.loads(path.read_text())["rounds"]] == [[2, 0]]
