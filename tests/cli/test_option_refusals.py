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
