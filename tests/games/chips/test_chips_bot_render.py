"""The ``heuristic`` bot, the rules texts and the terminal renderer of ``chips``."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from kartentisch.games import get_game
from kartentisch.games.chips.bot import BLOCK_WEIGHT, EXTRA_TURN_BONUS, GIFT_WEIGHT
from kartentisch.games.chips.cards import effects, face_up
from kartentisch.games.chips.render import render
from kartentisch.games.chips.words import WORDS, special_text
from kartentisch.kernel import RandomBot, Voice
from kartentisch.kernel.words import common_text

GAME = get_game("chips")


def test_bot_beats_random() -> None:
    """Target ≥ 85 % of 2-player matches against random (alternating seats); here 200 matches."""
    wins = 0.0
    for m in range(200):
        hseat = m % 2
        bots = {hseat: GAME.heuristic_bot(m), 1 - hseat: RandomBot(m)}
        state = GAME.new_state(2, {}, seed=m)
        while not state.game_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        if hseat in state.winners:
            wins += 1 / len(state.winners)
    assert wins / 200 >= 0.85


@pytest.mark.parametrize("specials", [[], ["s2", "s3", "s4", "s6", "s13", "s15"], "random"])
def test_bot_plays_legal_tokens_and_ignores_the_pile(specials: object) -> None:
    """The bot always picks a legal token and its choice does not depend on the hidden pile."""
    bot = GAME.heuristic_bot(0)
    state = GAME.new_state(3, {"specials": specials, "rounds": 2}, seed=7)
    rng = random.Random(1)
    while not state.game_over:
        seat = state.to_act()[0]
        token = bot.choose(state, seat)
        assert token in state.legal_actions(seat)
        assert bot.choose(state.determinize(seat, rng), seat) == token
        state.apply(seat, token)


def _reference_choice(view: dict, seat: int, legal: list[str]) -> str:
    """The heuristic's rules 1–5 as its docstring states them, read off ``seat``'s view document with
    card-code sets (an oracle for the bot's table and bit-mask shortcuts)."""
    zones = view["zones"]
    eff = effects(zones["specials"])
    placed = {code.lstrip("-") for display in zones["display"] for stack in display.values() for code in stack}
    best, best_score = legal[0], float("-inf")
    for token in legal:
        _, position, *named = token.split(":")
        i = int(position)
        card, collected = zones["row"][i]["card"], zones["row"][i]["chips"]
        value, colour = int(card[1:]), named[0] if named else card[0]
        stack = zones["display"][seat][colour]
        cost = 0 if value in eff.free_take else i
        score = (collected - cost) * eff.chip_points - GIFT_WEIGHT * cost
        if face_up(stack, value, eff):
            top = 0 if not stack or stack[-1].startswith("-") else int(stack[-1][1:])
            score += value
            score -= BLOCK_WEIGHT * len({f"{colour}{v}" for v in range(top + 1, value)} - placed)
        else:
            score -= 1
        if eff.extra_turn_min is not None and collected >= eff.extra_turn_min:
            score += EXTRA_TURN_BONUS
        if score > best_score:
            best, best_score = token, score
    return best


@pytest.mark.parametrize("specials", [[], ["s3"], ["s2", "s3", "s4", "s6", "s13", "s15"], "random"])
def test_bot_scores_every_take_as_its_rules_say(specials: object) -> None:
    """Every choice of the bot is the best take by rules 1–5 computed from the view with sets of cards
    (positions from mixed bot and random play, so rows fill with face-down and any-row cards)."""
    bot, rng = GAME.heuristic_bot(0), random.Random(3)
    checked = 0
    for seed in range(12):
        state = GAME.new_state(2 + seed % 3, {"specials": specials, "rounds": 2}, seed=seed)
        while not state.game_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            token = bot.choose(state, seat)
            if legal != ["deal"]:
                assert token == _reference_choice(state.view(seat), seat, legal)
                checked += 1
            state.apply(seat, token if rng.random() < 0.5 else rng.choice(legal))
    assert checked > 300


def _text(view: dict, seat: int | None, lang: str) -> str:
    console = Console(record=True, width=140, file=io.StringIO())
    console.print(render(view, seat, Voice(lang, seat)))
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_render_every_view_and_phase_hides_the_pile(lang: str) -> None:
    """The renderer draws seat and spectator views in every phase; pile cards never appear."""
    state = GAME.new_state(4, {"rounds": 2, "specials": "random"}, seed=3)
    bots = [RandomBot(s) for s in range(4)]
    step = 0
    while True:
        if step % 7 == 0 or state.phase != "play":
            hidden = set(state.to_doc()["zones"]["draw"])
            for seat in (None, 0, 1, 2, 3):
                text = _text(state.view(seat), seat, lang)
                assert WORDS.get(lang, "labels.title") in text
                assert Voice(lang).name(3) in text and Voice(lang).name(0) in text  # seats counted from 1
                assert common_text(lang, "seat", n=0) not in text
                shown = set(re.findall(r"[krby](?:10|[1-9])(?![0-9])", text))
                assert not shown & hidden
        if state.game_over:
            break
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
        step += 1


def test_texts_both_languages() -> None:
    """The rules use the spec's German terms; every defined special card (R12) has its text, and the page's
    special texts are the same (one copy, ``page.special``)."""
    for term in ("Vorrat", "Auslage", "Farbreihe", "Minuspunkt", "Sonderkarten", "Reihe auffüllen"):
        assert term in GAME.rules_text("de")
    assert set(WORDS.section("page", "de")) >= {f"special.{c}" for c in ("s2", "s3", "s4", "s6", "s13", "s15")}
    # R16 (D16): a 5 is placed face up automatically, so the card's text says it is, not that it may be
    assert (special_text("s6", "de"), special_text("s6", "en")) == ("eine 5 liegt immer offen", "a 5 is always face up")


def test_the_next_dealers_own_terminal_says_you_deal() -> None:
    """Between rounds the dealer's own terminal reads "du gibst die nächste Partie" / "you deal the next round",
    the others read the dealer's name (chips D1: a round is a "Partie")."""
    state = GAME.new_state(3, {"rounds": 2}, seed=4)
    bots = [RandomBot(s) for s in range(3)]
    while state.phase != "round_over":
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    dealer = state.to_act()[0]
    assert "Partie gewertet; du gibst die nächste Partie." in _text(state.view(dealer), dealer, "de")
    assert "Round scored; you deal the next round." in _text(state.view(dealer), dealer, "en")
    other = (dealer + 1) % 3
    named = f"Partie gewertet; {Voice('de').name(dealer)} gibt die nächste Partie."
    assert named in _text(state.view(other), other, "de")


def test_a_row_worth_less_than_nothing_shows_the_minus_sign() -> None:
    """chips R10: a row of face-down cards is worth −1 each; the terminal writes it as the score pad and the summaries
    do (U+2212), not with the hyphen."""
    view = GAME.new_state(2, seed=1).view(0)
    view["zones"]["display"][0]["r"] = ["-r7", "-r9"]
    text = _text(view, 0, "de")
    assert "−2" in text and "-2" not in text


def test_the_supply_says_one_chip_in_the_singular() -> None:
    """A fresh user read "Vorrat: 1 Chips"; the supply counts its chips as the sentences do."""
    view = GAME.new_state(2, seed=1).view(0)
    view["zones"]["supply"] = [1, 2]
    for lang, one, two in (("en", "Supply: 1 chip", "Supply: 2 chips"), ("de", "Vorrat: 1 Chip", "Vorrat: 2 Chips")):
        text = _text(view, 0, lang)
        assert re.search(re.escape(one) + r"(?!s)", text) and two in text


def test_the_final_board_says_nothing_more_is_played() -> None:
    """A fresh user's final board still said the round is played to its end, after the winner was named."""
    state = GAME.new_state(2, {"rounds": 1}, seed=2)
    bots = [RandomBot(s) for s in range(2)]
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    view = state.view(0)
    assert view["zones"]["final_circuit"]  # the last move left it set (the round ended in its final circuit, R9)
    for lang in ("en", "de"):
        assert WORDS.get(lang, "labels.final_circuit") not in _text(view, 0, lang)


def test_the_row_heading_is_not_wrapped_to_the_rows_width() -> None:
    """As the row table's title the heading wrapped to a short row's width ("Reihe (Position = zu zahlende" /
    "Chips)"); on its own line it stays whole."""
    view = GAME.new_state(2, seed=1).view(0)
    view["zones"]["row"] = view["zones"]["row"][:2]
    assert "Reihe (Position = zu zahlende Chips)" in _text(view, 0, "de")
