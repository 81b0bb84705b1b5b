"""Click's refusals of a command line (an unknown option or command, a missing file, a missing value, words left
over) in the language the line asks for: Typer's own box said them in English under ``--lang de`` (a fresh user's
finding). Run through the console script's entry point, as a person's shell runs it."""

from __future__ import annotations

import sys

import pytest

from kartentisch.cli.app import main

CASES = [
    (["play", "colors", "--bogus"], {"en": "“kartentisch play” has no option --bogus. Did you mean --bots?",
                                     "de": "„kartentisch play“ kennt keine Option --bogus. Meintest du --bots?"}),
    (["replay"], {"en": "“kartentisch replay” needs {file}.",
                  "de": "„kartentisch replay“ braucht noch die Angabe {file}."}),
    (["play", "colors", "--seed"], {"en": "The option --seed needs a value after it.",
                                    "de": "Nach der Option --seed fehlt ihr Wert."}),
    (["rules", "colors", "nochmal", "bitte"], {"en": "“kartentisch rules” does not know what to do with nochmal bitte.",
                                               "de": "Mit nochmal bitte kann „kartentisch rules“ nichts anfangen."}),
    (["spiel"], {"en": "There is no command “spiel”; the commands are games, rules, play,",
                 "de": "Einen Befehl „spiel“ gibt es nicht; die Befehle sind games, rules, play,"}),
]


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The exit status and what ``kartentisch ARGS`` wrote (both streams, whitespace as single spaces)."""
    monkeypatch.setattr(sys, "argv", ["kartentisch", *args])
    with pytest.raises(SystemExit) as ended:
        main()
    out = capsys.readouterr()
    return int(ended.value.code or 0), " ".join((out.out + out.err).split())


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("args", "said"), CASES, ids=["option", "argument", "value", "extra", "command"])
def test_a_refused_command_line_is_said_in_its_language(args: list[str], said: dict[str, str], lang: str,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """What was wrong, the usage line and where the help is, in the language asked for; exit status 2 as Click's."""
    code, shown = run([args[0], "--lang", lang, *args[1:]], monkeypatch, capsys)
    assert code == 2 and said[lang] in shown, shown
    help_line = {"en": "Help: kartentisch", "de": "Hilfe (auf Englisch): kartentisch"}[lang]
    assert help_line in shown and "--help" in shown, shown
    if lang == "de":
        assert not any(word in shown for word in ("No such", "Missing", "requires", "unexpected", "Usage")), shown


def test_the_language_is_read_however_it_is_written(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang=de`` as well as ``--lang de``; the last one given counts; an unknown language is English."""
    assert "kennt keine Option" in run(["play", "--lang=de", "--bogus"], monkeypatch, capsys)[1]
    assert "has no option" in run(["play", "--lang", "de", "--lang", "en", "--bogus"], monkeypatch, capsys)[1]
    assert "has no option" in run(["play", "--bogus", "--lang", "fr"], monkeypatch, capsys)[1]


def test_commands_end_as_before(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A command that runs ends with 0, one that refuses with its own status and words, no command at all with the
    help and 2 (nothing added to it)."""
    code, shown = run(["games", "--lang", "de"], monkeypatch, capsys)
    assert code == 0 and "Farblücke" in shown
    code, shown = run(["rules", "farbe", "--lang", "de"], monkeypatch, capsys)
    assert code == 2 and "Ein Spiel „farbe“ gibt es hier nicht" in shown, shown
    code, shown = run([], monkeypatch, capsys)
    assert code == 2 and "Commands" in shown and "Help:" not in shown, shown
