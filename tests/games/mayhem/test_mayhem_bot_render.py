"""mayhem heuristic bot (legal, beats random) and the terminal renderer (every phase, seat and spectator)."""

from __future__ import annotations

import random

from rich.console import Console
from tests.games.mayhem.mayhem_helpers import load, random_states

from kartentisch.cli.render import render_view
from kartentisch.games.mayhem import GAME
from kartentisch.games.mayhem.words import WORDS
from kartentisch.kernel import RandomBot
from kartentisch.kernel.words import Voice, narrate


def play_match(players: int, seed: int, heuristic_seat: int) -> list[int]:
    state = GAME.new_state(players, seed=seed)
    bots = [RandomBot(seed + s) for s in range(players)]
    hero = GAME.heuristic_bot(seed)
    while not state.game_over:
        seat = state.to_act()[0]
        bot = hero if seat == heuristic_seat else bots[seat]
        token = bot.choose(state, seat)
        assert token in state.legal_actions(seat)
        state.apply(seat, token)
    return state.winners


def test_heuristic_beats_random_two_players() -> None:
    games = 60
    wins = sum(1 for g in range(games) if g % 2 in play_match(2, g, g % 2))
    assert wins >= 0.75 * games


def test_heuristic_plays_every_player_count() -> None:
    for players in range(2, 9):
        assert play_match(players, players, 0)


def test_heuristic_counters_and_sheds_high_cards() -> None:
    state = load([["r5", "y9", "g7", "rgift"], ["g1", "g2", "counter"], ["b1"]], ["r3"], last_color="r")
    bot = GAME.heuristic_bot(1)
    assert bot.choose(state, 0) == "play:rgift:2:y9:g7"  # fewest cards, highest-valued cards
    state.apply(0, "play:rgift:1:y9:g7")
    assert bot.choose(state, 1).startswith("counter:")


def test_heuristic_does_not_read_hidden_cards() -> None:
    """The bot's choice depends only on the seat's view: changing hidden cards changes nothing."""
    rng = random.Random(5)
    for state in random_states(3, seed=5, every=11):
        if state.game_over:
            continue
        seat = state.to_act()[0]
        sample = state.determinize(seat, rng)
        assert GAME.heuristic_bot(3).choose(state, seat) == GAME.heuristic_bot(3).choose(sample, seat)


def test_rules_texts_both_languages() -> None:
    RULES = WORDS.forms("rules")  # noqa: N806
    assert "Gegenangriff" in RULES["de"] and "Counterattack" in RULES["en"] and "42" in RULES["de"]


def test_render_every_phase_seat_and_spectator() -> None:
    console = Console(record=True, width=120)
    phases = set()
    for players in (2, 5):
        for step, state in enumerate(random_states(players, seed=players)):
            phases.add(state.phase)
            if step % 40 and not state.round_over:
                continue
            for seat in (state.to_act() or [0])[:1] + [None]:
                for lang in ("de", "en"):
                    console.print(render_view(GAME, state.view(seat), seat, Voice(lang, seat)))
    text = console.export_text()
    assert "Ablage" in text and "Discard" in text and "Zuschauer" in text and "counter-clockwise" in text
    assert {"play", "round_over", "game_over"} <= phases


def test_render_hides_other_hands() -> None:
    state = load([["fy", "r1"], ["g9", "g8"], ["b1"]], ["r5"], last_color="r")
    for seat in (2, None):
        console = Console(record=True, width=120)
        console.print(render_view(GAME, state.view(seat), seat, Voice("en", seat)))
        text = console.export_text()
        assert "fy" not in text and "9" not in text
    assert "▒" in text  # the spectator sees card backs


def test_render_names_who_deals_next_once_a_round_is_over() -> None:
    """R72: a scored round's view names the next round's dealer; the header says so instead of calling that seat
    the dealer of the round just over (a fresh user read "Round 1 · dealer: Bot Ida" after they had dealt it)."""
    state = next(s for s in random_states(3, seed=3) if s.phase == "round_over")
    for lang, label, wrong in (("en", "Deals next:", "Dealer:"), ("de", "Gibt als Nächstes:", "Geber:")):
        console = Console(record=True, width=120)
        console.print(render_view(GAME, state.view(0), 0, Voice(lang, 0)))
        head = next(line for line in console.export_text().splitlines() if "Phase" in line)
        assert label in head and wrong not in head


def test_the_all_seeing_eye_is_told_and_shown_as_a_snapshot() -> None:
    """R59: ``revealed`` is every hand at the moment the Eye is turned up, not kept current; the sentence and the
    board's label say so (a fresh user read the old cards as the other seats' hands after a Tornado)."""
    state = load([["k5", "r2"], ["g1"], ["g2"]], ["r5"], events_top=["eye"])
    before = state.clone()
    state.apply(0, "play:k5")
    cases = (("en", "as it is now", "Hand when the All-Seeing Eye was turned up, Ben: "),
             ("de", "wie sie jetzt ist", "Hand beim Aufdecken des Allsehenden Auges, Ben: "))
    for lang, told, label in cases:
        text = narrate(before, 0, "play:k5", state, Voice(lang, 1, ("Ana", "Ben", "Cem"))).text
        assert told in text and "until" not in text and "bis zum Rundenende" not in text
        console = Console(record=True, width=120)
        console.print(render_view(GAME, state.view(1), 1, Voice(lang, 1, ("Ana", "Ben", "Cem"))))
        assert label in console.export_text()
