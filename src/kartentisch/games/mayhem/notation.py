"""``mayhem`` move notation for fixed action spaces (spec ``rules/mayhem.md``, "Decisions and tokens").

Gift, Exchange and a Counterattack against them name up to two cards of the player's hand
(``play:rgift:2:r5:y7``): listing every such token would multiply ~70 card codes squared by
seats and colours. The fixed action space is therefore a list of **steps**; :func:`split_token`
turns such a token into a *head* and one step per named card, every other token is one step:

* ``play:rgift:2:r5:y7`` → ``play:rgift:2``, ``card:r5``, ``card:y7``;
* ``counter:g:1:k3`` → ``counter:g:1``, ``card:k3``;
* ``start:2:r5:y7`` (Gift/Exchange start card, R36) → ``start:2``, ``card:r5``, ``card:y7``.

All tokens legal at one moment for one head name the same number of cards (min(2, E), R9, R10,
R21), so a head never is both a whole token and the start of a longer one: the steps are
prefix-free as :mod:`kartentisch.rl.spaces` requires.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import Any

from .cards import CODES, COLORS, KIND, WISHES

#: Verbs in the spec's listing order (then the ``card:<x>`` steps).
VERBS: tuple[str, ...] = ("play", "draw", "pass", "start", "counter", "nicetry", "pick", "discard", "give",
                          "bet", "deal")


def _four_seats(players: int) -> list[str]:
    """``:s1:s2:s3:s4`` suffixes some seat may name (non-decreasing, the actor excluded), ascending."""
    combos = {c for s in range(players)
              for c in combinations_with_replacement([t for t in range(players) if t != s], 4)}
    return [":" + ":".join(map(str, c)) for c in sorted(combos)]


def _suffixes(kind: str, players: int) -> list[str]:
    """Argument suffixes of a card of ``kind`` in listing order; Gift/Exchange only up to the target."""
    seats = [f":{t}" for t in range(players)]
    if kind in ("gift", "exch"):
        return seats
    if kind == "skip":
        return [""] + seats
    if kind == "fant":
        return [":" + w for w in WISHES]
    if kind == "four":
        named = _four_seats(players)
        return [s for w in WISHES for s in [":" + w] + [f":{w}{n}" for n in named]]
    if kind == "equal":
        return [s for c in COLORS for s in [":" + c] + [f":{c}:{t}" for t in range(players)]]
    if kind in ("counter", "nicetry"):
        return [":" + c for c in COLORS]
    return [""]


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every step that can ever be legal with ``players`` seats (options do not change it).

    Order: by verb as in the spec table (``play``, ``draw``, ``pass``, ``start``, ``counter``,
    ``nicetry``, ``pick``, ``discard``, ``give``, ``bet``, ``deal``), then ``card:<x>`` steps.
    ``play`` by the card's canonical position, then its arguments in the spec's listing order
    (Gift/Exchange only up to the target: the head); ``start`` with every distinct argument
    suffix in the same order; ``counter:<c>:<t>`` heads; ``nicetry:<c>``; ``pick``, ``discard``,
    ``bet`` by card; ``give:<card>:<t>`` by card then seat; ``card:<x>`` by card.
    """
    seats = range(players)
    suffixes = [(card, s) for card in CODES for s in _suffixes(KIND[card], players)]
    out = [f"play:{card}{s}" for card, s in suffixes] + ["draw", "pass"]
    out += ["start" + s for s in dict.fromkeys(s for _, s in suffixes)]
    out += [f"counter:{c}:{t}" for c in COLORS for t in seats] + [f"nicetry:{c}" for c in COLORS]
    out += [f"pick:{c}" for c in CODES] + [f"discard:{c}" for c in CODES]
    out += [f"give:{c}:{t}" for c in CODES for t in seats] + [f"bet:{c}" for c in CODES]
    out.append("deal")
    out += [f"card:{c}" for c in CODES]
    return out


def split_token(token: str) -> list[str]:
    """The steps of ``token`` in the action space (see the module docstring)."""
    parts = token.split(":")
    verb = parts[0]
    if verb == "play" and len(parts) > 3 and KIND.get(parts[1]) in ("gift", "exch"):
        head = 3
    elif verb == "counter" and len(parts) > 3:
        head = 3
    elif verb == "start" and len(parts) > 2 and parts[2] in KIND:
        head = 2
    else:
        return [token]
    return [":".join(parts[:head])] + [f"card:{c}" for c in parts[head:]]
