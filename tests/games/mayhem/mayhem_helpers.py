"""Helpers for the mayhem tests: explicit play-phase states built from the cards that matter."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from kartentisch.games.mayhem import GAME
from kartentisch.games.mayhem.cards import EVENTS, PLAY_DECK, POS
from kartentisch.games.mayhem.rules import MayhemState


def doc(hands: Sequence[Sequence[str]], discard: Sequence[str], draw_top: Sequence[str] = (),
        events_top: Sequence[str] = (), **fields: Any) -> dict[str, Any]:
    """A phase-``play`` state document: the given cards where named, every other play card in the draw
    pile (after ``draw_top``, canonical order), the events ``events_top`` first. ``fields`` override zones
    (``current``, ``wish``, ``last_color``, ``skipped`` …) or top-level keys (``dealer``, ``options`` …)."""
    n = len(hands)
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(draw_top)
    rest = Counter(PLAY_DECK) - used
    assert not used - Counter(PLAY_DECK), used - Counter(PLAY_DECK)
    zones: dict[str, Any] = {
        "hands": [list(h) for h in hands],
        "draw_pile": list(draw_top) + sorted(rest.elements(), key=POS.__getitem__),
        "discard": list(discard), "wish": None, "last_color": None,
        "event_pile": list(events_top) + [e for e in EVENTS if e not in events_top], "events_used": [],
        "current": 0, "skipped": [False] * n,
    }
    top = {"game": "mayhem", "players": n, "options": {}, "round": 1, "dealer": 0, "phase": "play",
           "scores": [], "totals": [0] * n, "game_over": False, "winners": []}
    for key, value in fields.items():
        (top if key in top else zones)[key] = value
    top["zones"] = zones
    return top


def load(hands: Sequence[Sequence[str]], discard: Sequence[str], draw_top: Sequence[str] = (),
         events_top: Sequence[str] = (), seed: int = 1, **fields: Any) -> MayhemState:
    """:func:`doc`, loaded."""
    state = GAME.load(doc(hands, discard, draw_top, events_top, **fields), seed=seed)
    assert isinstance(state, MayhemState)
    return state


def random_states(players: int, seed: int, every: int = 1) -> Iterator[MayhemState]:
    """Every ``every``-th position of a random match (random legal tokens), as clones."""
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, MayhemState)
    rng = random.Random(seed)
    step = 0
    while not state.game_over:
        if step % every == 0:
            yield state.clone()
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    yield state
