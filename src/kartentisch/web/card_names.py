"""The names of the cards a frame shows (issue 25): every card code among a view's strings, named in the frame's
language, and no other card, so a card the view hides is never named."""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class CardNames:
    """The names of the card codes a view shows, in one language (``Game.card_name``), remembered per table.

    A string of the view is a card code when the game names it (``card_name`` raises ValueError for anything
    else) and the name is more than the code itself, or the code is in the game's deck (a game without words
    names every string by itself; lastcard's cards are their numbers).
    """

    game: Game
    deck: frozenset[str]
    known: dict[tuple[str, str], str | None] = field(default_factory=dict)

    def name(self, code: str, lang: str) -> str | None:
        """The card's name in ``lang``, or ``None`` when ``code`` is no card code of the game."""
        key = (code, lang)
        if key not in self.known:
            try:
                name: str | None = self.game.card_name(code, lang)
            except ValueError:
                name = None
            self.known[key] = name if name and (name != code or code in self.deck) else None
        return self.known[key]

    def of_token(self, token: str, lang: str) -> list[str]:
        """The card codes among the ``:``-separated parts of ``token``, in order; a public token's hidden card
        (``"?"``, which a game may name "a card") is none."""
        return [part for part in token.split(":") if part != "?" and self.name(part, lang) is not None]

    def of_view(self, view: dict[str, Any], lang: str) -> dict[str, str]:
        """``{code: name}`` for every card code among ``view``'s strings (:func:`_strings`); nothing else, so a
        card the view hides is never named."""
        named = {code: name for code in _strings(view) if (name := self.name(code, lang)) is not None}
        return dict(sorted(named.items()))  # sorted by code, the named ones only
