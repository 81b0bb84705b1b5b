"""Legality is stated once per game (issue 35 item 3): the speed paths agree with the one check.

Each game states legality once, in ``GameState._violation(seat, token)`` (``None``, or the
``IllegalAction`` naming the rule); ``is_legal`` and ``apply``'s error come from it. Its listing
(``_legal``) and its random draw without listing (``_draw``) are speed paths, kept in the game's
``fast`` module. Over random reachable states at every player count and with the options that change
what is legal (Hypothesis; on each random walk its last state and the first state of each phase),
this proves:

* the listing is exactly the set of tokens the check accepts, over the game's whole action space
  where that lists tokens (colors, chips, grid), else over a sample of its steps (lastcard, mayhem
  list steps of multi-part tokens), and over mutated tokens (a field more or less, a digit changed,
  a leading zero, case, blanks, fields swapped, another seat's token); no token is listed twice;
* every error names the game's rule (``"<game> R…"``) and ``is_legal`` says what the check says;
* a seat with no decision now has no legal token;
* the draw is always a listed token, and uniform over the listing (a chi-square bound, fixed seeds).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kartentisch.kernel import Game, GameState, IllegalAction, InvalidOptions
from tests.conftest import GAME_IDS, GAMES

#: Steps of a split action space checked per state (lastcard lists up to 37,942, mayhem 9,742).
STEP_SAMPLE = 300


def options(game: Game) -> st.SearchStrategy[dict[str, Any]]:
    """Options that may change what is legal: every ``bool`` and ``choice`` option, an ``int`` option
    within its bounds when it has both, and a ``list`` option as its default or ``"random"`` (chips'
    special cards, R2); the rest at their defaults."""
    drawn: dict[str, st.SearchStrategy[Any]] = {}
    for option in game.options:
        if option.kind == "bool":
            drawn[option.name] = st.booleans()
        elif option.kind == "choice":
            drawn[option.name] = st.sampled_from(option.choices)
        elif option.kind == "int" and option.minimum is not None and option.maximum is not None:
            drawn[option.name] = st.integers(option.minimum, option.maximum)
        elif option.kind == "list":
            drawn[option.name] = st.sampled_from([option.default, "random"])
    return st.fixed_dictionaries(drawn)


def walk(game: Game, players: int, seed: int, steps: int, opts: dict[str, Any] | None = None) -> Iterator[GameState]:
    """The states of up to ``steps`` random decisions (a random seat of ``to_act`` each) of a match dealt
    with ``seed`` and ``opts``, the deal first; stops early when the match ends. One state, changed."""
    state = game.new_state(players, opts, seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(steps):
        acting = state.to_act()
        if not acting:
            break
        seat = acting[rng.randrange(len(acting))]
        state.apply(seat, state.random_action(seat, rng))
        yield state


def reached(game: Game, players: int, seed: int, steps: int, opts: dict[str, Any] | None = None) -> GameState:
    """The state after up to ``steps`` random decisions of :func:`walk`."""
    *_, state = walk(game, players, seed, steps, opts)
    return state


def check_walk(game: Game, players: int, seed: int, steps: int, opts: dict[str, Any] | None,
               seen: set[tuple[int, str]]) -> None:
    """:func:`check_position` on the last state of a :func:`walk` and on the first state of each phase
    not yet in ``seen`` at this player count (so rare phases, a Second Chance or a Nice Try window,
    are checked too)."""
    rng = random.Random(seed)
    for state in walk(game, players, seed, steps, opts):
        if (players, state.phase) not in seen:
            seen.add((players, state.phase))
            check_position(state, rng)
    check_position(state, rng)


def mutations(token: str) -> set[str]:
    """Look-alikes of ``token`` that a check must judge for itself, not by their likeness."""
    fields = token.split(":")
    out = {token + ":1", token + ":0", token[:-1], token + "x", token.upper(), f" {token}", f"{token} ",
           token.replace(":", "::"), ":".join(fields[:-1]), token + ":" + fields[-1]}
    if len(fields) > 2:
        out.add(":".join([fields[0], *reversed(fields[1:])]))
    for i, ch in enumerate(token):
        if ch.isdigit():
            out |= {token[:i] + d + token[i + 1:] for d in ("0" + ch, str((int(ch) + 1) % 10), "٣", "")}
    return out


def candidates(state: GameState, seat: int, legal: list[str], rng: random.Random) -> set[str]:
    """Tokens to judge for ``seat``: the action space (or a sample of its steps), the listings of every
    seat and their mutations, and some garbage."""
    game = state.game
    space = list(game.parts.action_space(state.players, state.options)) if game.parts.action_space else []
    if game.parts.split_token is not None and len(space) > STEP_SAMPLE:
        space = rng.sample(space, STEP_SAMPLE)
    tokens = set(space) | set(legal) | {"xyzzy", "play", "play:", "deal:0", "pass", "draw", "deal"}
    for other in state.to_act():
        tokens |= set(state.legal_actions(other))
    for token in rng.sample(sorted(tokens), min(40, len(tokens))):
        tokens |= mutations(token)
    return {t for t in tokens if t}


def check_position(state: GameState, rng: random.Random) -> None:
    """Every seat of ``state``: listing = accepted tokens, errors name the rule, draws are listed."""
    game_id = state.game.id
    acting = state.to_act()
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        assert len(set(legal)) == len(legal), f"a token listed twice: {legal}"
        if seat not in acting:
            assert legal == []
        fresh = state.clone()  # no listing cached: is_legal asks the check
        accepted = set()
        for token in sorted(candidates(state, seat, legal, rng)):
            problem = state._violation(seat, token)
            if problem is None:
                accepted.add(token)
            else:
                assert isinstance(problem, IllegalAction)
                assert problem.rule.startswith(f"{game_id} "), (token, problem.rule, problem.reason)
            assert fresh.is_legal(seat, token) is (problem is None), token
        assert accepted == set(legal), (f"seat {seat}: accepted, not listed: {sorted(accepted - set(legal))}; "
                                        f"listed, refused: {sorted(set(legal) - accepted)}")
        if seat in acting:
            for _ in range(5):
                assert state.random_action(seat, rng) in legal


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_listing_equals_the_tokens_the_one_check_accepts(game_id: str) -> None:
    """Random reachable states at every player count: the listing is what ``_violation`` accepts."""
    game = GAMES[game_id]
    seen: set[tuple[int, str]] = set()

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(players=st.integers(game.min_players, game.max_players), seed=st.integers(0, 2**32 - 1),
           steps=st.integers(0, 400), opts=options(game))
    def check(players: int, seed: int, steps: int, opts: dict[str, Any]) -> None:
        try:
            game.resolve_options(players, opts)
        except InvalidOptions:
            assume(False)
        check_walk(game, players, seed, steps, opts, set())  # a set of its own: an example is repeatable

    check()
    for players in range(game.min_players, game.max_players + 1):  # every count, early and late
        for steps in (3, 40, 150):
            check_walk(game, players, players * 1000 + steps, steps, None, seen)


def draw_positions(game: Game) -> list[tuple[GameState, int]]:
    """Decisions of 2 … 80 tokens from random play at every player count (fixed seeds)."""
    chosen = []
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(4):
            for steps in (0, 7, 31, 90):
                state = reached(game, players, 100 * players + seed, steps)
                for seat in state.to_act()[:1]:
                    if 2 <= len(state.legal_actions(seat)) <= 80:
                        chosen.append((state, seat))
    return chosen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_action_is_uniform_over_the_listing(game_id: str) -> None:
    """``random_action`` (the game's draw, listed or not) hits only listed tokens, each about equally
    often: 60 draws per token, chi-square below its mean + 6 standard deviations (fixed seeds)."""
    rng = random.Random(11)
    positions = draw_positions(GAMES[game_id])
    assert len(positions) >= 10
    for state, seat in positions:
        legal = state.legal_actions(seat)
        counts = dict.fromkeys(legal, 0)
        for _ in range(60 * len(legal)):
            token = state.random_action(seat, rng)
            assert token in counts, (token, legal)
            counts[token] += 1
        k = len(legal)
        chi2 = sum((c - 60) ** 2 / 60 for c in counts.values())
        assert chi2 <= k - 1 + 6 * (2 * (k - 1)) ** 0.5, (chi2, k, state.to_doc())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_is_legal_and_the_error_ask_the_check_without_listing(game_id: str) -> None:
    """With no listing built since the last apply, ``is_legal`` and ``apply``'s error come from the
    game's one check (``_violation``), and no listing is built for them; the error is the check's."""
    state = reached(GAMES[game_id], GAMES[game_id].min_players, 5, 30)
    seat = state.to_act()[0]
    token = state.clone().legal_actions(seat)[0]
    assert state.is_legal(seat, token) and state._cached_listing(seat) is None
    assert not state.is_legal(seat, "xyzzy") and state._cached_listing(seat) is None
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, "xyzzy")
    expected = state._violation(seat, "xyzzy")
    assert expected is not None and (info.value.rule, info.value.reason) == (expected.rule, expected.reason)
    assert state._cached_listing(seat) is None
