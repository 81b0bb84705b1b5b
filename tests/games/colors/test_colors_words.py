"""Moves as values and moves in words of ``colors`` (notation.parse, words.py; colors R5, R9, R18, R19)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import kartentisch.games  # noqa: F401  (registers the games)
from kartentisch.games.colors import GAME, ColorsState
from kartentisch.games.colors.cards import CODES, deck_codes
from kartentisch.games.colors.notation import Deal, Pick, Play, action_space, parse
from kartentisch.games.colors.rules import PHASES
from kartentisch.kernel import IllegalAction, MalformedToken
from kartentisch.kernel.words import LANGS, Voice, narrate

TOKEN_LIKE = re.compile(r"[a-z]+:[a-z0-9?]")
CODE_LIKE = re.compile(r"\b[a-z]{1,2}-?\d{1,2}\b")
NAMES = ("Ana", "Ben", "Cem", "Dana")


def table(players: int, hands: dict[int, list[str]], centre: list[str], draw: list[str], to_act: int,
          rest_to: int) -> ColorsState:
    """A round-1 play-phase state (first_player 0): the given hands, centre and draw pile (top
    first); every other card in play lies in seat ``rest_to``'s collection."""
    used = {c for h in hands.values() for c in h} | set(centre) | set(draw)
    collections: list[list[str]] = [[] for _ in range(players)]
    collections[rest_to] = [c for c in deck_codes(players) if c not in used]
    doc: dict[str, Any] = {
        "game": "colors", "players": players, "options": {}, "round": 1, "dealer": players - 1,
        "to_act": [to_act], "phase": "play", "scores": [], "totals": [0] * players,
        "zones": {"hands": [hands.get(s, []) for s in range(players)], "centre": centre, "draw": draw,
                  "collections": collections},
    }
    state = GAME.load(doc, seed=1)
    assert isinstance(state, ColorsState)
    return state


def said(state: ColorsState, seat: int, token: str) -> dict[tuple[str, int | None], str]:
    """Apply ``token`` and return its narration per (language, viewer) for the actor (``seat``) and
    the next seat, who know the seats by :data:`NAMES`, and for a spectator, who counts seats from 1."""
    before = state.clone()
    state.apply(seat, token)
    other = (seat + 1) % state.players
    out = {}
    for lang in LANGS:
        for viewer in (seat, other, None):
            voice = Voice(lang, viewer, NAMES if viewer is not None else ())
            out[lang, viewer] = narrate(before, seat, token, state, voice).text
    return out


# ----------------------------------------------------------------------------- notation
@pytest.mark.parametrize("players", range(2, 7))
def test_every_token_of_the_action_space_round_trips(players: int) -> None:
    """str(parse(t)) == t for every token that can ever be legal, and the value has the verb's type."""
    space = action_space(players, {})
    for token in space:
        move = parse(token)
        assert str(move) == token
        assert isinstance(move, {"play": Play, "pick": Pick, "deal": Deal}[token.split(":")[0]])
    assert parse("play:b7") == Play("b7") != Pick("b7")


MALFORMED = ["draw", "play", "play:", "play:b7:b8", "deal:now", "pick:B7", "Play:b7", "play:b07", "play:x3",
             "play:7b", "pick:", "play b7", ":b7"]


@pytest.mark.parametrize("token", MALFORMED)
def test_malformed_tokens_name_r19_and_change_nothing(token: str) -> None:
    """colors R19: a token not written as play:<card>, pick:<card> or deal is malformed, for the
    acting seat, another seat, in a pick, after a round and after the match; nothing changes."""
    with pytest.raises(MalformedToken) as direct:
        parse(token)
    assert direct.value.rule == "colors R19" and repr(token) in str(direct.value)
    picking = table(4, {2: ["p4"], 0: ["b1"]}, ["b3", "g3", "r8", "y5"], ["b0"], to_act=2, rest_to=3)
    picking.apply(2, "play:p4")
    over = GAME.new_state(2, {"max_rounds": 1}, seed=3)
    rng = random.Random(3)
    while not over.game_over:
        over.apply(over.to_act()[0], over.random_action(over.to_act()[0], rng))
    for state, seat in ((GAME.new_state(3, seed=1), 0), (GAME.new_state(3, seed=1), 1), (picking, 2), (over, 0)):
        before = state.to_doc()
        with pytest.raises(MalformedToken) as info:
            state.apply(seat, token)
        assert info.value.rule == "colors R19" and info.value.seat == seat and info.value.token == token
        assert "colors R19" in str(info.value) and repr(token) in str(info.value)
        assert state.to_doc() == before


@pytest.mark.parametrize(("token", "rule"), [
    ("play:y3", "colors R5"),  # a card of a colour not in play with 2 players: not in the hand
    ("pick:b3", "colors R9"),  # no pick open
    ("deal", "colors R18"),    # not after a round
])
def test_well_formed_illegal_tokens_are_not_malformed(token: str, rule: str) -> None:
    """A well-formed token the rules forbid now is a plain IllegalAction naming its rule."""
    state = GAME.new_state(2, seed=1)
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(state.to_act()[0], token)
    assert not isinstance(info.value, MalformedToken)
    assert info.value.rule == rule and state.to_doc() == before


# ----------------------------------------------------------------------------- names
def test_card_and_phase_names() -> None:
    """Card names are colour and number in the spec's German terms; every phase has a name."""
    assert [GAME.card_name(c, "en") for c in ("b0", "g3", "p7", "r8", "y9")] == [
        "Blue 0", "Green 3", "Purple 7", "Red 8", "Yellow 9"]
    assert [GAME.card_name(c, "de") for c in ("b0", "g3", "p7", "r8", "y9")] == [
        "Blau 0", "Grün 3", "Lila 7", "Rot 8", "Gelb 9"]
    for lang in LANGS:
        assert len({GAME.card_name(c, lang) for c in CODES}) == len(CODES)
        names = [GAME.phase_name(p, lang) for p in PHASES]
        assert all(names) and len(set(names)) == len(PHASES)
    assert GAME.phase_name("pick", "de") == "Nachbarkarte wählen"
    assert GAME.phase_name("round_over", "de") == "Runde vorbei"
    with pytest.raises(ValueError, match=re.escape("'?'")):
        GAME.card_name("?", "en")
    with pytest.raises(ValueError, match="passing"):
        GAME.phase_name("passing", "en")


def test_options_have_labels_rules_presets_and_plain_help() -> None:
    """Options: a label and a one-line help without rule ids in both languages, the rule apart,
    and the spec's short/medium/long targets (colors R16) as presets."""
    by_name = {o.name: o for o in GAME.options}
    assert by_name["target_score"].presets == (("short", 15), ("medium", 30), ("long", 70))
    assert by_name["first_player"].rule == "colors R3" and by_name["max_rounds"].rule == "colors R16"
    for option in GAME.options:
        assert option.rule.startswith("colors R")
        for lang in LANGS:
            assert option.label[lang] and option.help[lang]
            assert "\n" not in option.help[lang] and not re.search(r"\b[RD]\d+\b|colors", option.help[lang])


# ----------------------------------------------------------------------------- sentences
def test_equal_number_and_refill() -> None:
    """colors R7, R11 (worked example 1): the equal numbers are taken, one card is refilled."""
    state = table(4, {1: ["y7", "b1"], 2: ["b2"]}, ["b7", "g6", "p7", "r8", "y2"], ["r9", "b0"], to_act=1, rest_to=3)
    text = said(state, 1, "play:y7")
    assert text["en", 1] == "You play Yellow 7 and take Blue 7 and Purple 7. Red 9 is turned up in the centre."
    assert text["en", 2] == "Ben plays Yellow 7 and takes Blue 7 and Purple 7. Red 9 is turned up in the centre."
    assert text["de", 1] == "Du spielst Gelb 7 und nimmst Blau 7 und Lila 7. Rot 9 wird in der Tischmitte aufgedeckt."
    assert text["de", None] == ("Platz 2 spielt Gelb 7 und nimmt Blau 7 und Lila 7. "
                                "Rot 9 wird in der Tischmitte aufgedeckt.")


def test_no_capture_goes_to_the_centre() -> None:
    """colors R10: nothing to take; the centre keeps 5 cards, so nothing is refilled (R11)."""
    state = table(4, {0: ["b5"], 1: ["b1"]}, ["b0", "g1", "p2", "r8"], ["r9"], to_act=0, rest_to=3)
    text = said(state, 0, "play:b5")
    assert text["en", 0] == "You put Blue 5 in the centre (nothing to take)."
    assert text["en", None] == "Seat 1 puts Blue 5 in the centre (nothing to take)."
    assert text["de", 0] == "Du legst Blau 5 in die Tischmitte (nichts zu nehmen)."
    assert text["de", 1] == "Ana legt Blau 5 in die Tischmitte (nichts zu nehmen)."


def test_pick_then_automatic_higher_side_and_the_pile_runs_out() -> None:
    """colors R9 (worked example 3): a pick opens for the two 3s; after it the lone 5 is taken
    automatically, two cards are refilled and the draw pile is used up (R11, D9)."""
    state = table(4, {2: ["p4", "b9"], 3: ["b1"]}, ["b3", "g3", "r8", "y5"], ["b0", "g0"], to_act=2, rest_to=0)
    text = said(state, 2, "play:p4")
    assert text["en", 2] == "You play Purple 4 and must choose a 3: Blue 3 or Green 3."
    assert text["en", 3] == "Cem plays Purple 4 and must choose a 3: Blue 3 or Green 3."
    assert text["de", 2] == "Du spielst Lila 4 und musst eine 3 wählen: Blau 3 oder Grün 3."
    assert text["de", None] == "Platz 3 spielt Lila 4 und muss eine 3 wählen: Blau 3 oder Grün 3."
    text = said(state, 2, "pick:g3")
    assert text["en", 2] == ("You choose Green 3 and take Yellow 5. Blue 0 and Green 0 are turned up in the centre. "
                             "The draw pile is used up.")
    assert text["en", None] == ("Seat 3 chooses Green 3 and takes Yellow 5. Blue 0 and Green 0 are turned up in "
                                "the centre. The draw pile is used up.")
    assert text["de", 2] == ("Du wählst Grün 3 und nimmst Gelb 5. Blau 0 und Grün 0 werden in der Tischmitte "
                             "aufgedeckt. Der Stapel ist aufgebraucht.")
    assert text["de", 3] == ("Cem wählt Grün 3 und nimmt Gelb 5. Blau 0 und Grün 0 werden in der Tischmitte "
                             "aufgedeckt. Der Stapel ist aufgebraucht.")


def test_lower_side_automatic_then_a_pick_for_the_higher() -> None:
    """colors R9: the lone 6 is taken at once, then a pick for the two 8s opens ("an 8")."""
    state = table(4, {0: ["y7", "b1"], 1: ["b2"]}, ["b8", "g6", "p1", "r8"], ["r9"], to_act=0, rest_to=3)
    text = said(state, 0, "play:y7")
    assert text["en", 0] == "You play Yellow 7, take Green 6 and must choose an 8: Blue 8 or Red 8."
    assert text["de", 1] == "Ana spielt Gelb 7, nimmt Grün 6 und muss eine 8 wählen: Blau 8 oder Rot 8."
    text = said(state, 0, "pick:r8")
    assert text["en", 0] == "You choose Red 8. Red 9 is turned up in the centre. The draw pile is used up."
    assert text["de", None] == ("Platz 1 wählt Rot 8. Rot 9 wird in der Tischmitte aufgedeckt. "
                                "Der Stapel ist aufgebraucht.")


def test_two_picks_in_a_row() -> None:
    """colors R9: both sides have two candidates; the lower pick opens the higher one."""
    state = table(4, {0: ["p4", "b1"], 1: ["b2"]}, ["b3", "g3", "b5", "r5"], ["r9", "b0", "g0"], to_act=0, rest_to=3)
    said(state, 0, "play:p4")
    text = said(state, 0, "pick:b3")
    assert text["en", 0] == "You choose Blue 3 and must choose a 5: Blue 5 or Red 5."
    assert text["de", 0] == "Du wählst Blau 3 und musst eine 5 wählen: Blau 5 oder Rot 5."
    assert text["en", 1] == "Ana chooses Blue 3 and must choose a 5: Blue 5 or Red 5."
    text = said(state, 0, "pick:r5")
    assert text["en", 1] == "Ana chooses Red 5. Blue 0 and Red 9 are turned up in the centre."
    assert text["de", 0] == "Du wählst Rot 5. Blau 0 und Rot 9 werden in der Tischmitte aufgedeckt."


def test_last_turn_ends_the_round_and_the_deal() -> None:
    """colors R13, R18: the last card's narration leaves the scores to the kernel; the deal says
    who deals, the new centre, the reader's own new hand (never another's) and who starts."""
    state = table(2, {0: ["b5"]}, ["b0", "g1", "p2", "p8"], [], to_act=0, rest_to=1)
    before = state.clone()
    state.apply(0, "play:b5")
    told = narrate(before, 0, "play:b5", state, Voice("en", 1, NAMES))
    assert told.text == "Ana puts Blue 5 in the centre (nothing to take)."
    assert told.round_text is not None and told.round_text.startswith("Round 1 is over: Ana 0 (total 0), you −7")
    assert state.phase == "round_over" and state.to_act() == [0]
    after_deal = state.clone()
    after_deal.apply(0, "deal")
    centre = after_deal.to_doc()["zones"]["centre"]
    hands = after_deal.to_doc()["zones"]["hands"]
    names = {lang: [GAME.card_name(c, lang) for c in centre] for lang in LANGS}
    text = said(state, 0, "deal")
    assert text["en", None] == (f"Seat 1 shuffles and deals round 2. In the centre: {', '.join(names['en'][:3])} "
                                f"and {names['en'][3]}. Seat 2 starts.")
    assert text["de", 0].startswith(f"Du mischst und gibst Runde 2. In der Tischmitte liegen {names['de'][0]}, ")
    assert text["de", 0].endswith(" Ben beginnt.")
    assert text["en", 1].endswith(" You start.")
    mine = ", ".join(GAME.card_name(c, "de") for c in hands[0][:-1])
    assert f"Deine Karten: {mine} und {GAME.card_name(hands[0][-1], 'de')}." in text["de", 0]
    for card in hands[1]:
        assert GAME.card_name(card, "de") not in text["de", 0] and GAME.card_name(card, "en") not in text["en", None]


def test_choices_are_imperative() -> None:
    """A legal move as the player chooses it: one step each, imperative, in both languages."""
    state = table(4, {0: ["p4", "b1"], 1: ["b2"]}, ["b3", "g3", "b5", "r8"], ["r9"], to_act=0, rest_to=3)
    view = state.view(0)
    assert GAME.choice(0, "play:p4", view, Voice("en", 0)).steps == ("Play Purple 4",)
    assert GAME.choice(0, "play:b1", view, Voice("de", 0)).steps == ("Spiele Blau 1",)
    state.apply(0, "play:p4")
    assert GAME.choice(0, "pick:g3", state.view(0), Voice("de", 0)).steps == ("Wähle Grün 3",)
    assert GAME.choice(0, "pick:b3", state.view(0), Voice("en", 0)).steps == ("Choose Blue 3",)
    done = table(2, {0: ["b5"]}, ["b0", "g1", "p2", "p8"], [], to_act=0, rest_to=1)
    done.apply(0, "play:b5")
    assert GAME.choice(0, "deal", done.view(0), Voice("en", 0)).steps == ("Shuffle and deal round 2",)
    assert GAME.choice(0, "deal", done.view(0), Voice("de", 0)).steps == ("Mische und gib Runde 2",)


# ----------------------------------------------------------------------------- random matches
def _clean(text: str) -> bool:
    return bool(text) and not TOKEN_LIKE.search(text) and not CODE_LIKE.search(text)


@pytest.mark.parametrize("players", range(2, 7))
def test_random_matches_are_told_in_words_for_every_reader(players: int) -> None:
    """Every move of seeded random matches, for every seat and the spectator in both languages:
    words only (no token, no card code), never a card hidden from the reader; every legal token's
    choice is words and the choices of one decision are all different."""
    rng = random.Random(players)
    for match in range(3):
        state = GAME.new_state(players, {"max_rounds": 2}, seed=100 * players + match)
        while not state.game_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for lang in LANGS:
                steps = [GAME.choice(seat, t, state.view(seat), Voice(lang, seat)).steps for t in legal]
                assert len(set(steps)) == len(legal)
                assert all(s and all(_clean(step) for step in s) for s in steps)
            token = rng.choice(legal)
            before = state.clone()
            state.apply(seat, token)
            doc = state.to_doc()["zones"]
            for viewer in [*range(players), None]:
                hidden = [c for s, h in enumerate(doc["hands"]) if s != viewer for c in h] + doc["draw"]
                for lang in LANGS:
                    told = narrate(before, seat, token, state, Voice(lang, viewer))
                    assert _clean(told.text), told.text
                    assert told.round_text is None or _clean(told.round_text)
                    for card in hidden:
                        assert not re.search(rf"\b{GAME.card_name(card, lang)}\b", told.text), (card, told.text)
