"""The card names a frame carries (issue 25), read by set operations since issue 33: the same names as a walk over
every string of the view would give, for the shapes views have, and never a card the view does not show."""

from __future__ import annotations

import random
from typing import Any

from kartentisch.games import get_game
from kartentisch.kernel.match import Match
from kartentisch.web.card_names import CardNames


def walked(names: CardNames, view: Any, lang: str) -> dict[str, str]:
    """The reference: every string value of ``view`` (dict keys left out) and each ``:``-separated part of it, named
    one by one (:meth:`CardNames.name`), sorted by code."""
    strings: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            strings.add(value)
            strings.update(value.split(":"))

    walk(view)
    return {code: name for code in sorted(strings) if (name := names.name(code, lang)) is not None}


def colors_names() -> CardNames:
    game = get_game("colors")
    return CardNames(game, frozenset(game.deck(2, {})))


def test_every_shape_of_a_view_is_read() -> None:
    """Scalars before a list in one list, a list of lists, lists in dicts in lists, numbers and ``None`` beside the
    cards, a compound entry (mayhem's gifts ``"r5:2"`` style), a card as a dict key only (not shown: not named)."""
    names = colors_names()
    view = {"b1": 3, "a": [1, None, ["g2", [{"x": "p3:y4"}]]], "rows": [[1, 2], ["b5", "?"], []], "z": "b7",
            "mixed": ["g8", 2, True, 1.5, {"k": ["b9"]}]}
    for lang in ("en", "de"):
        got = names.of_view(view, lang)
        assert got == walked(colors_names(), view, lang)
        assert list(got) == ["b5", "b7", "b9", "g2", "g8", "p3", "y4"]
    assert names.of_view(view, "de")["b5"] == "Blau 5"
    assert "b1" not in names.of_view(view, "en")  # a dict key, not a value the view shows


def test_a_code_named_first_for_a_token_is_named_in_a_view() -> None:
    """A code learned by :meth:`CardNames.of_token` (a log entry) is named when a later view shows it, and only
    then."""
    names = colors_names()
    assert names.of_token("play:g3", "en") == ["g3"]
    assert names.of_view({"hand": ["?", "?"]}, "en") == {}
    assert names.of_view({"hand": ["g3", "?"]}, "en") == {"g3": "Green 3"}


def test_seeded_matches_name_what_the_walk_names() -> None:
    """Every view of every seat and a spectator over seeded random matches of two games, both languages."""
    for game_id, players, moves in (("colors", 2, 400), ("mayhem", 4, 200)):
        game = get_game(game_id)
        match = Match(game, players, {}, 7)
        names = CardNames(game, frozenset(game.deck(players, match.state.options)))
        reference = CardNames(game, frozenset(game.deck(players, match.state.options)))
        rng = random.Random(7)
        for _ in range(moves):
            if match.state.game_over:
                break
            seat = match.state.to_act()[0]
            match.apply(seat, rng.choice(match.state.legal_actions(seat)))
            for viewer in [*range(players), None]:
                view = match.state.view(viewer)
                for lang in ("en", "de"):
                    assert names.of_view(view, lang) == walked(reference, view, lang), (game_id, viewer, lang)
