"""Frames give the page structured choice steps (issue 35; lila-ws's ``dests``): each game's ``choice_steps`` part
says how a person takes each legal token on the table, the frame's choices carry it, and no page script reads a
token."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kartentisch.games import GAME_IDS, get_game
from kartentisch.kernel import Game, Step

HERE = Path(__file__).parent
REFERENCE = HERE / "js" / "steps_reference.mjs"
NODE = shutil.which("node")
#: The random matches played per player count.
SEEDS = (1, 2)
#: Options that keep a match short but longer than one round (a ``deal``), and chips' special card 3 (a 7 to any
#: row, chips R12) and grid's lines that may stay (grid R11: keep or remove), so that every kind of step is met.
OPTIONS: dict[str, dict[str, Any]] = {
    "colors": {"max_rounds": 2}, "chips": {"rounds": 2, "specials": ["s3"]},
    "grid": {"end_total": 60, "optional_removal": True}, "lastcard": {"rounds": 2}, "mayhem": {"game_length": "short"},
}
#: Every kind of step each game's page took before (steps_reference.mjs), so the matches must meet each.
KINDS = {
    "colors": {"hand", "table", "button"}, "chips": {"slot", "row", "button"}, "grid": {"pile", "cell", "button"},
    "lastcard": {"hand", "help", "table", "button"}, "mayhem": {"pile", "hand", "seat", "wish", "table", "button"},
}


def decisions(game: Game, players: int, seed: int) -> list[dict[str, Any]]:
    """``{"game", "view", "tokens", "seat"}`` of each seat to act at each position of a random match (random legal
    tokens, :data:`OPTIONS`)."""
    state = game.new_state(players, OPTIONS[game.id], seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.game_over:
        for seat in state.to_act():
            out.append({"game": game.id, "view": state.view(seat), "tokens": state.legal_actions(seat), "seat": seat})
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page scripts' reference cannot run")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_choice_steps_equal_what_the_page_scripts_made_of_every_legal_token(game_id: str) -> None:
    """For every legal token over random matches at every player count, the game's ``choice_steps`` equal what its
    page script's ``steps`` made of the token before (tests/web/js/steps_reference.mjs, run by node)."""
    game = get_game(game_id)
    cases = [case for players in range(game.min_players, game.max_players + 1) for seed in SEEDS
             for case in decisions(game, players, seed)]
    ran = subprocess.run([str(NODE), str(REFERENCE)], input=json.dumps([{k: c[k] for k in ("game", "view", "tokens")}
                                                                        for c in cases]),
                         capture_output=True, text=True, timeout=300, check=True)
    expected = json.loads(ran.stdout)
    kinds: Counter[str] = Counter()
    sets = rests = 0
    for case, want in zip(cases, expected, strict=True):
        for token, steps in zip(case["tokens"], want, strict=True):
            got = [s.as_json() for s in game.choice_steps(case["seat"], token, case["view"])]
            assert got == steps, f"{game_id} seat {case['seat']} {token!r}: {got} != page script's {steps}"
            kinds.update(s["kind"] for s in got)
            sets += any(s.get("set") for s in got)
            rests += any(s.get("rest") for s in got)
    assert set(kinds) == KINDS[game_id], f"{game_id}: the matches met the kinds of step {kinds}"
    assert (sets > 0) == (game_id in ("lastcard", "mayhem")) and (rests > 0) == (game_id == "mayhem"), (sets, rests)


def test_a_game_without_the_part_offers_each_token_as_one_button() -> None:
    """The kernel's default (a plug-in that declares no ``choice_steps``): the token is one button step, which says
    all of the choice's words."""
    game = get_game("colors")

    class Plain(type(game)):  # type: ignore[misc]
        pass

    plain = Plain()
    assert plain.choice_steps(0, "play:b7", {}) == (Step("button", "play:b7", rest=True),)
    assert Step("hand", ("3", "6"), unordered=True, span=3).as_json() == {"kind": "hand", "value": ["3", "6"],
                                                                           "set": True, "span": 3}



#: A page script splitting a string at ":", the token separator: reading a token (or a view's token-like entry).
TOKEN_SPLIT = re.compile(r"""\.split\(\s*(["'`]):\1\s*\)|\.split\(\s*/:/""")
SRC = HERE.parents[1] / "src" / "kartentisch"


def page_scripts() -> list[Path]:
    """Every page script of the games and the web pages (third-party code in ``vendor`` left out)."""
    scripts = [*SRC.glob("games/*/static/*.js"), *SRC.glob("web/static/**/*.js")]
    return [p for p in scripts if "vendor" not in p.relative_to(SRC).parts]


def test_no_page_script_reads_a_token() -> None:
    """The frame gives the structure (choices' ``path``, log entries' ``cards``, ``page_facts``): no page script
    splits a token, a choice or a move at ":" (issue 35)."""
    scripts = page_scripts()
    assert len(scripts) > 20 and any(p.name == "mayhem.js" for p in scripts)
    found = [f"{p.relative_to(SRC)}:{n}: {line.strip()}" for p in scripts
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if TOKEN_SPLIT.search(line)]
    assert not found, "page scripts that read a token:\n" + "\n".join(found)


def test_lastcard_page_facts_name_the_seat_of_the_last_play_or_lay() -> None:
    """lastcard's page shows the last play or lay (R8–R10) in the log's words of its seat: ``last_seat``."""
    game = get_game("lastcard")
    state = game.new_state(3, {"pass_cards": 0}, seed=4)
    assert game.page_facts(state.view(0), 0) == {"last_seat": None}
    rng = random.Random(4)
    for _ in range(30):
        seat = state.to_act()[0]
        token = rng.choice(state.legal_actions(seat))
        state.apply(seat, token)
        if token.startswith(("play", "lay")) and not state.round_over:
            assert all(game.page_facts(state.view(v), v) == {"last_seat": seat} for v in (0, 1, 2, None))


def test_mayhem_page_facts_hold_the_viewer_s_own_choices_only() -> None:
    """mayhem's page shows the cards a seat chose in a simultaneous event (R43), a given one with its receiver: the
    seat's own, never another's (their entries are hidden in its view), none for a spectator."""
    game = get_game("mayhem")
    met = Counter[str]()
    for seed in range(1, 40):
        state = game.new_state(4, seed=seed)
        rng = random.Random(seed)
        while not state.game_over and sum(met.values()) < 60:
            seat = rng.choice(state.to_act())
            token = rng.choice(state.legal_actions(seat))
            state.apply(seat, token)
            verb, *args = token.split(":")
            pending = state.view(seat)["zones"]["pending"]
            if verb in ("give", "discard", "bet") and pending and "chosen" in pending and pending["chosen"][seat]:
                facts = game.page_facts(state.view(seat), seat)["chosen"]
                assert facts[-1] == {"card": args[0], "to": int(args[1]) if verb == "give" else None}, token
                others = [c for v in range(4) for c in game.page_facts(state.view(v), v)["chosen"]]
                assert "?" not in {c["card"] for c in others}, "another seat's hidden choice"
                assert game.page_facts(state.view(None), None) == {"chosen": []}
                met[verb] += 1
    assert {"give", "discard"} <= set(met), met
