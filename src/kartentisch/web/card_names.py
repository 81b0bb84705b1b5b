"""The names of the cards a frame shows (issue 25): every card code among a view's strings, named in the frame's
language, and no other card, so a card the view hides is never named."""

from __future__ import annotations

import functools
from typing import Any

from ..kernel import Game


def _strings(value: Any) -> set[str]:
    """Every string value of a JSON value and each ``:``-separated part of it (dict keys left out).

    Iterative, one pass over each list's or dict's items (no generator per container): it runs for every frame a
    table builds."""
    out: set[str] = set()
    add = out.add
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            item = item.values()
        elif kind is not list:
            if kind is str:
                add(item)
            continue
        for x in item:
            kind = type(x)
            if kind is str:
                add(x)
            elif kind is list or kind is dict:
                stack.append(x)
    for text in [t for t in out if ":" in t]:  # compound entries of a view, e.g. mayhem's gifts "r5:2"
        out.update(text.split(":"))
    return out


class CardNames:
    """The names of the card codes a view shows, in one language (``Game.card_name``), remembered once per game and
    deck in the process (:meth:`of`), not per table: a live table holds a reference only (issue 33: memory per table).

    A string of the view is a card code when the game names it (``card_name`` raises ValueError for anything
    else) and the name is more than the code itself, or the code is in the game's deck (a game without words
    names every string by itself; lastcard's cards are their numbers).
    """

    __slots__ = ("deck", "game", "known")

    def __init__(self, game: Game, deck: frozenset[str]) -> None:
        self.game = game
        self.deck = deck
        #: Per language, each string asked so far → its card name, or ``None`` when it is no card code.
        self.known: dict[str, dict[str, str | None]] = {}

    @staticmethod
    @functools.lru_cache(maxsize=256)
    def of(game: Game, deck: frozenset[str]) -> CardNames:
        """The one :class:`CardNames` of ``game`` over ``deck`` in this process (the names a deck's codes have
        depend on nothing else); thread-safe, since two threads learning a name learn the same."""
        return CardNames(game, deck)

    def name(self, code: str, lang: str) -> str | None:
        """The card's name in ``lang``, or ``None`` when ``code`` is no card code of the game."""
        known = self.known.get(lang) or self.known.setdefault(lang, {})
        if code in known:
            return known[code]
        try:
            name: str | None = self.game.card_name(code, lang)
        except ValueError:
            name = None
        known[code] = name = name if name and (name != code or code in self.deck) else None
        return name

    def of_token(self, token: str, lang: str) -> list[str]:
        """The card codes among the ``:``-separated parts of ``token``, in order; a public token's hidden card
        (``"?"``, which a game may name "a card") is none."""
        return [part for part in token.split(":") if part != "?" and self.name(part, lang) is not None]

    def of_view(self, view: dict[str, Any], lang: str) -> dict[str, str]:
        """``{code: name}`` for every card code among ``view``'s strings (:func:`_strings`); nothing else, so a
        card the view hides is never named."""
        known = self.known.get(lang) or self.known.setdefault(lang, {})
        named = []
        for code in _strings(view):  # a name known already without a call: this runs for every frame (issue 33)
            name = known[code] if code in known else self.name(code, lang)
            if name is not None:
                named.append((code, name))
        named.sort()
        return dict(named)  # sorted by code, the named ones only
