"""The rules summaries (``kartentisch rules <id>``) that the score pad's users read: one heading
form for every game, taken from the Game's names and player range (QA fix; kept here because the
game test folders belong to the game engineers)."""

from __future__ import annotations

import importlib
import re

import pytest

from kartentisch.games import all_games

HEADING = {"en": "# {name} ({id}) — {lo} to {hi} players", "de": "# {name} ({id}) — {lo} bis {hi} Spieler"}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_heading_names_the_game_its_id_and_player_range(game, lang):
    rules = importlib.import_module(f"kartentisch.games.{game.id}.texts").RULES[lang]
    assert rules.splitlines()[0] == HEADING[lang].format(name=game.names[lang], id=game.id,
                                                         lo=game.min_players, hi=game.max_players)


@pytest.mark.parametrize(("lang", "kept", "centre"), [("en", "collection", "centre, not"),
                                                      ("de", "Auslage", "Mitte, nicht")])
def test_colors_played_card_goes_to_the_collection_only_after_a_capture(lang, kept, centre):
    """colors R7/R8: a capture puts the played card into the collection; R10: otherwise to the centre."""
    rules = importlib.import_module("kartentisch.games.colors.texts").RULES[lang]
    points = {m.group(1): m.group(2) for m in re.finditer(r"^(\d)\. (.*?)(?=^\d\. |^$)", rules, re.M | re.S)}
    assert set(points) == {"1", "2", "3"}
    assert kept in points["1"] and kept in points["2"]
    assert centre in points["3"]
