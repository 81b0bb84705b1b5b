"""The ``heuristic`` bot, the rules texts and the terminal renderer of ``chips``."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from kartentisch.games import get_game
from kartentisch.games.chips.render import render
from kartentisch.games.chips.texts import LABELS, RULES, SPECIAL_TEXTS
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
                assert LABELS[lang]["title"] in text
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
    """RULES, labels and special-card texts exist in en and de with the spec's German terms."""
    assert set(RULES) == set(LABELS) == set(SPECIAL_TEXTS) == {"en", "de"}
    for term in ("Vorrat", "Auslage", "Farbreihe", "Minuspunkt", "Sonderkarten", "Reihe auffüllen"):
        assert term in RULES["de"]
    assert set(LABELS["en"]) == set(LABELS["de"])
    assert set(SPECIAL_TEXTS["en"]) == set(SPECIAL_TEXTS["de"]) == {"s2", "s3", "s4", "s6", "s13", "s15"}
