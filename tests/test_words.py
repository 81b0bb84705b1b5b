"""Every move of every game in words (issue 19): for every seat and the spectator, in both languages.

A random match per game and player count is told move by move through :func:`narrate`; each
sentence must be words (no token, no card code, no 0-based seat), and may name only cards the reader
can see: a card whose name appears in the text is in the reader's view before or after the move, or
in the move's public form for that reader; and that public form (the log's token) names no card the
reader's views still hide (issue 22: the log agrees with the view). Every legal move's choice is words
too, and no two legal moves read the same.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from kartentisch.conformance import check_words
from kartentisch.games import get_game
from kartentisch.kernel import LANGS, GameState, Voice, narrate
from kartentisch.kernel.words import score_line, winners_line
from tests.conftest import GAMES

#: One round of each installed game, as the game declares it (its ``short_match`` part; the match ends soon after).
SHORT = {game_id: dict(game.parts.short_match) for game_id, game in GAMES.items()}
CASES = [(g, n) for g, game in GAMES.items() for n in range(game.min_players, game.max_players + 1)]
NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hana")


def _card_pattern(state: GameState, lang: str) -> dict[str, re.Pattern[str]]:
    """Card code → a pattern of its name as a whole phrase in ``lang``, longest names first (so
    "Fantastic Four" is matched before "Fantastic")."""
    names = {code: state.game.card_name(code, lang) for code in set(state.game.deck(state.players, state.options))}
    return {code: re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
            for code, name in sorted(names.items(), key=lambda item: -len(item[1]))}


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_move_reads_as_words_and_names_only_visible_cards(game_id: str, players: int) -> None:
    """The conformance kit's ``words`` check (:func:`kartentisch.conformance.check_words`) over one short match
    of every installed game at every player count, choices every 7th decision; the match must end."""
    moves = check_words(get_game(game_id), players, seed=100 + players, options=SHORT[game_id])
    assert moves < 3000, f"{game_id} with {players}: the short match did not end in {moves} moves"


def test_you_is_capitalised_only_where_it_begins_the_round_and_winner_lines() -> None:
    """Issue 32: "Seat 1 and you share the win", "Round 1 is over: Seat 1 +3 (total 3), you +2 (total 2)." """
    view = {"scores": [[3, 2]], "totals": [3, 2], "winners": [0, 1], "game_over": True}
    assert winners_line(view, Voice("en", 1)) == "Seat 1 and you share the win."
    assert winners_line(view, Voice("de", 0)) == "Du und Platz 2 teilen sich den Sieg."
    assert score_line(view, Voice("en", 1)) == "Round 1 is over: Seat 1 +3 (total 3), you +2 (total 2)."
    assert score_line(view, Voice("de", 0)).startswith("Runde 1 ist vorbei: Du +3 (gesamt 3), Platz 2 +2")


def test_the_log_writes_scores_with_the_score_tables_minus_sign() -> None:
    """A fresh user read "-5" in the log and "−5" in the score table: the log's round line writes a negative
    score and total with the minus sign (U+2212) too, a positive score with its plus, zero bare."""
    view = {"scores": [[-5, 0, 4]], "totals": [-12, 0, 4]}
    line = score_line(view, Voice("de", 1, ("Ana", "Ben", "Cem")))
    assert line == "Runde 1 ist vorbei: Ana −5 (gesamt −12), du 0 (gesamt 0), Cem +4 (gesamt 4)."
    assert "-" not in score_line(view, Voice("en"))


def test_seat_names_count_from_one_and_you_is_the_reader() -> None:
    voice = Voice("de", viewer=2)
    assert [voice.who(s) for s in range(3)] == ["Platz 1", "Platz 2", "Du"]
    assert Voice("en", None, ("Ana", "")).name(1) == "Seat 2"
    assert voice.say(2, "{who} zieht.", "{who} ziehst.") == "Du ziehst."
    assert voice.say(0, "{who} zieht.", "{who} ziehst.") == "Platz 1 zieht."


#: Where a sentence may name a card that did not move in its step (issue 32), per game and language: the rule's
#: own words for a kind of card ("may answer with a Counterattack", "turns the Fantastic Four against"), the one
#: card a lastcard hand keeps ("You keep only the 36", lastcard's last-card call) and grid's top discard that
#: stays face up when the pile is shuffled into a new draw pile.
ALLOWED = {
    "mayhem": {"en": re.compile(r"answer with (a Counterattack|Nice Try)|play Nice Try|turns? the "
                                r"(Gift|Exchange|Skip|Fantastic Four|Equality) against"),
               "de": re.compile(r"mit (einem Gegenangriff|Netter Versuch) antworten|keinen Netten Versuch|"
                                r"richtes?t (das Geschenk|den Tausch|das Aussetzen|die Fantastische Vier|"
                                r"den Gleichstand)|vom Markt")},
    "lastcard": {"en": re.compile(r"keeps? only the \d+"), "de": re.compile(r"behält(st)? nur die \d+")},
    "grid": {"en": re.compile(r"[A-Z][a-z]+ -?\d+ stays face up"),
             "de": re.compile(r"[A-ZÄÖÜ][a-zäöü]+ -?\d+ bleibt offen")},
}


def _places(doc: object, path: tuple[object, ...] = ()) -> Counter[tuple[str, tuple[object, ...]]]:
    """Every string of a view's zones with the zone it lies in: its path, list positions left out except where a
    list holds lists (one hand per seat), so a card that only shifts within its pile stays in place."""
    out: Counter[tuple[str, tuple[object, ...]]] = Counter()
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _places(value, (*path, key))
    elif isinstance(doc, list):
        for k, value in enumerate(doc):
            out += _places(value, (*path, k) if isinstance(value, list) else path)
    elif isinstance(doc, str):
        out[doc, path] += 1
    return out


def _moved(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The card codes whose zone (or face: a hidden card turned up) changed between two views."""
    old, new = _places(before["zones"]), _places(after["zones"])
    return {code for code, _ in (old - new) + (new - old)}


@pytest.mark.parametrize(("game_id", "players"), [(g, n) for g in SHORT for n in (2, get_game(g).max_players)])
def test_a_sentence_names_only_cards_that_moved_in_its_step(game_id: str, players: int) -> None:
    """Issue 32: over a random match, for every reader seat, the spectator and both languages, every card a
    move's sentence names changed zone in that step (as the reader's views show it), is named by the move itself
    (a card chosen to give, bet or discard before the choices take effect, R43-like) or stands in :data:`ALLOWED`.
    (mayhem's "You give away Black 1" — the Black 1 just played, not given — is its own test.)"""
    game = get_game(game_id)
    state = game.new_state(players, SHORT[game_id], seed=7 + players)
    rng = random.Random(players)
    patterns = {lang: _card_pattern(state, lang) for lang in LANGS}
    moves = 0
    while not state.game_over and moves < 3000:
        seat = state.to_act()[0]
        token = state.random_action(seat, rng)
        before = state.clone()
        state.apply(seat, token)
        moves += 1
        for viewer in [*range(players), None]:
            views = before.view(viewer), state.view(viewer)
            moved = _moved(*views)
            for lang in LANGS:
                told = narrate(before, seat, token, state, Voice(lang, viewer, NAMES[:players]), views)
                named_by_move = set(told.token.split(":"))
                rest = ALLOWED.get(game_id, {}).get(lang, re.compile("$^")).sub("…", told.text)
                for code, pattern in patterns[lang].items():
                    if pattern.search(rest):
                        assert code in moved or code in named_by_move, (
                            f"{game_id} move {moves} ({seat}:{token}) for viewer {viewer} in {lang}: "
                            f"{told.text!r} names {code}, which did not move")
                        rest = pattern.sub("…", rest)
