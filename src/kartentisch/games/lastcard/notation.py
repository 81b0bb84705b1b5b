"""``lastcard`` move notation for fixed action spaces (spec ``rules/lastcard.md``, "Decisions and tokens").

A *play with help* (R10, ``play:c:h1[:h2…]``) may use any non-empty subset of the actor's help
row (D10), so the tokens that can ever be legal number about ``cards × 2^(cards-1)``: far too many
to list. The fixed action space is therefore a list of **steps**; :func:`split_token` turns a token
into its steps and every other token is a single step:

* ``play:15:5:8`` → ``with:15``, ``help:5``, ``help:8``, ``go``;
* ``pass:a:b:c``, ``play:c``, ``lay:c:t``, ``deal`` → themselves.

No token's steps are a proper prefix of another token's steps (``go`` closes a help play), so a
sequence of steps names exactly one token.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from .cards import deck


def action_space(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every step that can ever be legal with ``players`` seats and ``options``.

    Order, cards ``1 … N`` of the cards in play (R1) throughout: ``pass:a:b:c`` for every
    strictly ascending choice of P = ``options["pass_cards"]`` cards (lexicographic; none when
    P = 0); ``play:c``; ``with:c``; ``help:h``; ``go``; ``lay:c:t`` (c then t ascending, c ≠ t);
    ``deal``. Size with P = 3: C(N,3) + 3N + 1 + N(N−1) + 1 (N = 36: 8 510; N = 60: 37 942).

    Raises:
        KeyError: ``options`` lacks ``pass_cards`` (pass the effective options).
    """
    cards = deck(players)
    passes = options["pass_cards"]
    out = [f"pass:{':'.join(combo)}" for combo in combinations(cards, passes)] if passes else []
    out += [f"play:{c}" for c in cards] + [f"with:{c}" for c in cards] + [f"help:{h}" for h in cards]
    out.append("go")
    out += [f"lay:{c}:{t}" for c in cards for t in cards if c != t]
    out.append("deal")
    return out


def split_token(token: str) -> list[str]:
    """The steps of ``token`` in the action space (see the module docstring)."""
    verb, *args = token.split(":")
    if verb == "play" and len(args) > 1:
        return [f"with:{args[0]}", *(f"help:{h}" for h in args[1:]), "go"]
    return [token]
