"""``kartentisch play``'s refusals of what was typed in ``--options`` and ``--bots``: in the terminal's language,
with what is accepted (a fresh user's findings)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.cli.app import app
from kartentisch.games import get_game
from kartentisch.kernel.setup_words import setup_refused

runner = CliRunner()

WRITTEN = {"en": 'Written as: a list of different special cards of "s2", "s3", "s4", "s6", "s13" and "s15", or '
                 '"random".',
           "de": 'Schreibweise: eine Liste verschiedener Sonderkarten aus "s2", "s3", "s4", "s6", "s13" und "s15", '
                 'oder "random".'}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("specials", [["s1"], [2, 13], "rnd", ["s2", "s2"]])
def test_a_refused_special_card_says_how_it_is_written(lang: str, specials: object, tmp_path: Path) -> None:
    """chips R19's words name the special cards by number ("Only the special cards 2, 3 …"): a fresh user typed
    ``[2, 13]`` and was not told the cards are written "s2" … or "random" in --options; the refusal says it."""
    result = runner.invoke(app, ["play", "chips", "--lang", lang, "--options", json.dumps({"specials": specials}),
                                 "--save", str(tmp_path / "m.jsonl")])
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and WRITTEN[lang] in shown, result.output
    assert not re.search(r"\bs1\b|R19|specials", shown), shown  # the refused code, the rule's id, the option's id


def test_a_page_s_refusal_names_no_spelling() -> None:
    """A page offers the special cards to pick (``typed=False``): its refusal keeps to the rule's words."""
    said = setup_refused(get_game("chips"), 2, {"specials": ["s1"]})
    assert all("s2" not in text for text in said.values()), said


@pytest.mark.parametrize(("lang", "raw", "said"), [
    ("de", "{rounds: 2}", "--options: '{rounds: 2}' lässt sich nicht als Einstellungen lesen (ab Zeichen 2). Gib die "
                          "Einstellungen als JSON-Objekt aus Namen und Werten an, Namen und Wörter in doppelten "
                          "Anführungszeichen, etwa '{\"rounds\": 1}'; kartentisch games listet die Einstellungen "
                          "jedes Spiels."),
    ("en", '["s2"]', "--options: '[\"s2\"]' cannot be read as options. Give the options as a JSON object of names and "
                     "values, names and words in double quotes, such as '{\"rounds\": 1}'; kartentisch games lists "
                     "every game's options."),
])
def test_options_that_are_no_json_object_are_refused_in_the_terminal_s_language(lang: str, raw: str, said: str,
                                                                                 tmp_path: Path) -> None:
    """``--options`` that is no JSON object got click's English usage box with the JSON decoder's words, even with
    ``--lang de``: the terminal's language says where it breaks off and gives an example of the game's options;
    exit status 2, as for a usage error, and nothing starts."""
    save = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", "chips", "--lang", lang, "--options", raw, "--save", str(save)])
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and said in shown, result.output
    assert "Usage" not in shown and "Invalid value" not in shown and "Expecting" not in shown and not save.exists()


@pytest.mark.parametrize(("lang", "bots", "said"), [
    ("de", "heurstic", "--bots: Einen Bot „heurstic“ gibt es nicht. Die Bots sind random (spielt zufällig), heuristic "
                       "(solide), ismcts (sucht; ismcts:iterations=1000 ist stark) und policy:DATEI (eine gelernte "
                       "Strategie-Datei). Gib einen an oder mehrere, durch Kommas getrennt, für die anderen Plätze "
                       "der Reihe nach, etwa --bots heuristic oder --bots random,ismcts."),
    ("en", "random,heurstic", "--bots: there is no bot “heurstic”. The bots are random (plays at random), heuristic "
                              "(steady), ismcts (searches; ismcts:iterations=1000 is strong) and policy:FILE"),
    ("de", "ismcts:iterations=x", "--bots: „ismcts:iterations=x“ lässt sich nicht verwenden: Den Bot ismcts gibt es, "
                                  "aber was nach seinem Namen steht, passt nicht zu ihm"),
    ("de", ",", "--bots nennt keinen Bot. Die Bots sind random (spielt zufällig)"),
])
def test_a_bad_bot_is_refused_in_the_terminal_s_language(lang: str, bots: str, said: str, tmp_path: Path) -> None:
    """A fresh user's ``--bots heurstic --lang de`` got click's English "Invalid value: unknown bot": the terminal's
    language names the bots there are and how to give them; exit status 2, and nothing starts."""
    save = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", "chips", "--players", "3", "--lang", lang, "--bots", bots,
                                 "--save", str(save)], input="quit\n")
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and said in shown, result.output
    assert "Usage" not in shown and "Invalid value" not in shown and not save.exists()


def test_resume_refuses_bad_options_in_the_terminal_s_language(tmp_path: Path) -> None:
    """``play --resume FILE --options …`` reads the options as a new match does."""
    save = tmp_path / "m.jsonl"
    assert runner.invoke(app, ["play", "chips", "--seed", "1", "--save", str(save)], input="quit\n").exit_code == 0
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "de", "--options", "{x"])
    assert result.exit_code == 2 and "lässt sich nicht als Einstellungen lesen (ab Zeichen 2)" in result.output


def test_options_nested_too_deeply_are_said_so_and_cut_short(tmp_path: Path) -> None:
    """JSON too deep for the decoder is said so in the terminal's language; a long value is repeated cut short."""
    deep = '{"a":' * 3000 + "1" + "}" * 3000
    result = runner.invoke(app, ["play", "chips", "--lang", "de", "--options", deep])
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and "(es ist zu tief verschachtelt)" in shown and len(result.output) < 600, shown
