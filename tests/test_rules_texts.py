"""The rules summaries (``kartentisch rules <id>``, the browser's "How to play") that players read:
one heading form for every game, taken from the Game's names and player range, and only the
players' words in them (QA fix; kept here because the game test folders belong to the game
engineers)."""

from __future__ import annotations

import re

import pytest

from kartentisch.games import all_games, get_game

HEADING = {"en": "# {name} — {lo} to {hi} players", "de": "# {name} — {lo} bis {hi} Spieler"}
#: Developer text a player must never read: a move token (``take:3``, ``pass:a:b:c``, ``take:<i>``)
#: and a card code (``r7``, ``b-1``, ``s13``); the helper brief's two patterns.
TOKEN = re.compile(r"[a-z]+:[a-z0-9?<]")
CARD_CODE = re.compile(r"\b[a-z]{1,2}-?\d{1,2}\b")
QUOTES = "`\"'„“”‚‘’"


def _rules(game, lang: str) -> str:
    return game.rules_text(lang)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_heading_names_the_game_and_its_player_range(game, lang):
    rules = _rules(game, lang)
    assert rules.splitlines()[0] == HEADING[lang].format(name=game.names[lang],
                                                         lo=game.min_players, hi=game.max_players)


def _leaks(rules: str, game) -> list[str]:
    """The developer text in ``rules``: backticks, move tokens, card codes, option ids (an id with an
    underscore anywhere, any of the game's option ids quoted) and ``(<game id>)`` in the title."""
    leaks = ["`"] * ("`" in rules) + TOKEN.findall(rules) + CARD_CODE.findall(rules)
    leaks += [f"({game.id})"] * (f"({game.id})" in rules.splitlines()[0])
    for option in game.options:
        quoted = rf"[{QUOTES}]\s*{re.escape(option.name)}\s*[{QUOTES}]"
        if ("_" in option.name and option.name in rules) or re.search(quoted, rules):
            leaks.append(option.name)
    return leaks


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_text_has_no_developer_text(game, lang):
    """Only the players' words: seats from 1, options by their lobby labels, no ids or codes."""
    assert _leaks(_rules(game, lang), game) == []


@pytest.mark.parametrize(("text", "found"), [
    ("# Last Card (lastcard) — 2 to 6 players", "(lastcard)"), ("gives the token `deal`", "`"),
    ("# T\nPass (pass:a:b:c)", "pass:a"), ("# T\nYour turn: take:<i>", "take:<"),
    ("# T\nworth r7 or b-1", "b-1"), ("# T\n(option `first_player`)", "first_player"),
    ("# T\nwith option \"rounds\"", "rounds"), ("# T\nas 0 (floor_zero)", "floor_zero"),
])
def test_leaks_catch_the_old_developer_text(text, found):
    """The check above finds what the summaries used to show (so it can fail)."""
    lastcard = next(game for game in all_games() if game.id == "lastcard")
    assert found in _leaks(text, lastcard)


@pytest.mark.parametrize(("lang", "kept", "centre"), [("en", "collection", "centre, not"),
                                                      ("de", "Auslage", "Mitte, nicht")])
def test_colors_played_card_goes_to_the_collection_only_after_a_capture(lang, kept, centre):
    """colors R7/R8: a capture puts the played card into the collection; R10: otherwise to the centre."""
    rules = get_game("colors").rules_text(lang)
    points = {m.group(1): m.group(2) for m in re.finditer(r"^(\d)\. (.*?)(?=^\d\. |^$)", rules, re.M | re.S)}
    assert set(points) == {"1", "2", "3"}
    assert kept in points["1"] and kept in points["2"]
    assert centre in points["3"]
