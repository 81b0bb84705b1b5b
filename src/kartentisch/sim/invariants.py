"""The kernel's invariants, checked on random matches of any registered game.

Used by the property tests (``tests/test_properties.py``, through Hypothesis) and by the soak
command (``kartentisch soak``), so both check the same things:

* every listed legal token applies; seats outside ``to_act`` have none; no duplicates;
* cards are conserved (``state.cards()`` equals the game's deck) at every checked step;
* ``clone()`` is independent of the original;
* the state document round-trips through JSON and ``Game.load``;
* seat and spectator views are JSON, and equal the same view of a determinization (so a view
  shows nothing that a re-deal of the hidden cards would change: no hidden card leaks);
* sampled illegal tokens are rejected with ``IllegalAction`` and leave the state unchanged;
* the token list replays to the same final state; every match ends; winners have the best total.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..kernel import Game, GameState, IllegalAction

MAX_DECISIONS = 200_000


class InvariantError(AssertionError):
    """An invariant failed; the message names the game, seed, step and what broke."""


@dataclass
class SoakStats:
    """What one checked match did."""

    decisions: int
    rounds: int
    deep_checks: int
    redealt: int  # determinizations that changed the full state (hidden information was re-dealt)


def _fail(game: Game, players: int, seed: int, step: int, what: str) -> InvariantError:
    return InvariantError(f"{game.id} players={players} seed={seed} step={step}: {what}")


def _illegal_samples(state: GameState, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    """Tokens that must be illegal for ``seat``: garbage, mangled legal tokens, other seats' tokens."""
    samples = ["", "xyzzy", "play", "play:", "deal:0", "pass:pass", "take:-1", "flip:9:9", "play:zz99"]
    for token in rng.sample(legal, min(3, len(legal))):
        samples += [token + ":0", token + "x", token.upper()]
        digit = next((i for i, ch in enumerate(token) if ch.isdigit()), None)
        if digit is not None:  # non-canonical numbers: a leading zero, digits int() reads or refuses
            samples += [token[:digit] + other + token[digit + 1:] for other in ("0" + token[digit], "²", "٣", "３")]
    for other in state.to_act():
        if other != seat:
            samples += rng.sample(state.legal_actions(other), min(2, len(state.legal_actions(other))))
    return [t for t in samples if t not in legal]


def check_state(game: Game, state: GameState, seat: int, legal: list[str], rng: random.Random,
                deck: Counter[str], where: str) -> bool:
    """Deep checks of one position (see module doc). Returns whether a determinization re-dealt.

    Raises:
        InvariantError: naming the broken invariant.
    """
    doc = state.to_doc()
    text = json.dumps(doc)
    if state.cards() != deck:
        extra, missing = state.cards() - deck, deck - state.cards()
        raise InvariantError(f"{where}: cards not conserved: extra {dict(extra)}, missing {dict(missing)}")
    loaded = game.load(json.loads(text))
    if loaded.to_doc() != doc:
        raise InvariantError(f"{where}: state document does not round-trip through load()")
    twin = state.clone()
    if legal:
        twin.apply(seat, rng.choice(legal))
    if state.to_doc() != doc:
        raise InvariantError(f"{where}: applying to a clone changed the original")
    for bad in _illegal_samples(state, seat, legal, rng):
        try:
            state.apply(seat, bad)
        except IllegalAction as exc:
            if not exc.rule:
                raise InvariantError(f"{where}: rejection of {bad!r} names no rule") from exc
        else:
            raise InvariantError(f"{where}: illegal token {bad!r} was accepted")
        if state.to_doc() != doc:
            raise InvariantError(f"{where}: rejected token {bad!r} changed the state")
    redealt = False
    for viewer in [*range(state.players), None]:
        view = state.view(viewer)
        json.dumps(view)
        if viewer is None:
            continue
        sample = state.determinize(viewer, rng)
        if sample.view(viewer) != view:
            raise InvariantError(f"{where}: view of seat {viewer} differs in a determinization "
                                 "(the view leaks hidden cards, or determinize breaks what the seat knows)")
        if sample.cards() != deck:
            raise InvariantError(f"{where}: determinization for seat {viewer} breaks card conservation")
        redealt |= sample.to_doc() != doc
        if state.to_doc() != doc:
            raise InvariantError(f"{where}: determinize changed the original state")
    return redealt


def run_checked_match(game: Game, players: int, seed: int, deep_every: int = 1,
                      options: Mapping[str, Any] | None = None,
                      on_move: Callable[[GameState, int, str, GameState], None] | None = None) -> SoakStats:
    """Play one random match (random legal tokens, random interleaving of simultaneous seats).

    Tokens are drawn by :meth:`GameState.random_action`, as the random bot plays, and each draw
    must be in the seat's listing.

    Args:
        deep_every: run :func:`check_state` every this many decisions (0: never; the cheap checks
            and the replay check always run).
        options: the game's options (default: its defaults), for the match and its replay.
        on_move: called after each decision as ``on_move(before, seat, token, after)`` (``before`` a clone of
            the state the token was applied to), so another check shares the match
            (:func:`kartentisch.conformance.check_game` tells each move in words).
    Raises:
        InvariantError: the first invariant that failed (and whatever ``on_move`` raises).
    """
    rng = random.Random(seed)
    state = game.new_state(players, options, seed)
    deck = Counter(game.deck(players, state.options))
    history: list[tuple[int, str]] = []
    deep = redealt = 0
    while not state.game_over:
        step = len(history)
        if step >= MAX_DECISIONS:
            raise _fail(game, players, seed, step, f"match did not end within {MAX_DECISIONS} decisions")
        to_act = state.to_act()
        if not to_act:
            raise _fail(game, players, seed, step, f"nobody to act in phase {state.phase!r}")
        seat = rng.choice(to_act)
        legal = state.legal_actions(seat)
        if not legal or len(set(legal)) != len(legal):
            raise _fail(game, players, seed, step, f"seat {seat} legal list empty or with duplicates: {legal}")
        for other in range(players):
            if other not in to_act and state.legal_actions(other):
                raise _fail(game, players, seed, step, f"seat {other} not in to_act but has legal tokens")
        if deep_every and step % deep_every == 0:
            redealt += check_state(game, state, seat, legal, rng, deck,
                                   f"{game.id} players={players} seed={seed} step={step}")
            deep += 1
        token = state.random_action(seat, rng)  # as the random bot plays (a game may draw without listing)
        if token not in legal:
            raise _fail(game, players, seed, step, f"random_action drew {token!r}, which is not a legal token")
        before = state.clone() if on_move is not None else None
        state.apply(seat, token)
        history.append((seat, token))
        if on_move is not None and before is not None:
            on_move(before, seat, token, state)
    if state.cards() != deck:
        raise _fail(game, players, seed, len(history), "cards not conserved at the end")
    replayed = game.new_state(players, options, seed)
    for seat, token in history:
        replayed.apply(seat, token)
    if replayed.to_doc() != state.to_doc():
        raise _fail(game, players, seed, len(history), "the token list does not replay to the same state")
    if not state.winners or not all(0 <= w < players for w in state.winners):
        raise _fail(game, players, seed, len(history), f"bad winners at the end: {state.winners}")
    best = max(game.score_sign * t for t in state.totals)
    if any(game.score_sign * state.totals[w] != best for w in state.winners):
        raise _fail(game, players, seed, len(history),
                    f"winners {state.winners} lack the best total ({state.totals}, score_sign {game.score_sign})")
    return SoakStats(len(history), len(state.scores), deep, redealt)
