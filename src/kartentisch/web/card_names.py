"""The names of the cards a frame shows (issue 25): every card code among a view's strings, named in the frame's
language, and no other card, so a card the view hides is never named."""

from __future__ import annotations

import functools
import threading
from itertools import chain
from typing import Any, Final

from ..kernel import Game

#: The item types of a list of lists (:func:`_values`).
_ROWS: Final = {list}


def _values(value: Any) -> set[Any]:
    """Every scalar value of a JSON value (strings, numbers, ``None``; dict keys left out), as a set.

    Iterative: a list of scalars (most of a view: a hand, a pile, a round's scores) or of lists of scalars (the
    rounds' scores) is added by one ``set.update`` at C speed, the items of any other list or a dict are pushed at
    once; it runs for every frame a table builds (issue 33)."""
    out: set[Any] = set()
    add, update = out.add, out.update
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is list:
            first = type(item[0]) if item else None
            try:
                if first is not list and first is not dict:
                    update(item)
                    continue
                if first is list and set(map(type, item)) == _ROWS:  # a table of rows, e.g. the rounds' scores
                    update(chain.from_iterable(item))
                    continue
            except TypeError:  # a list or dict further in (what it added before is kept: a set)
                pass
            stack.extend(item)
        elif kind is dict:
            stack.extend(item.values())
        else:
            add(item)
    return out


class CardNames:
    """The names of the card codes a view shows, in one language (``Game.card_name``), remembered once per game and
    deck in the process (:meth:`of`), not per table: a live table holds a reference only (issue 33: memory per table).

    A string of the view is a card code when the game names it (``card_name`` raises ValueError for anything
    else) and the name is more than the code itself, or the code is in the game's deck (a game without words
    names every string by itself; lastcard's cards are their numbers).
    """

    __slots__ = ("codes", "compound", "deck", "game", "known", "lock")

    def __init__(self, game: Game, deck: frozenset[str]) -> None:
        self.game = game
        self.deck = deck
        #: Per language, each string asked so far → its card name, or ``None`` when it is no card code.
        self.known: dict[str, dict[str, str | None]] = {}
        #: Per language, the strings of :attr:`known` that have a name; replaced, never changed, so a frame's set
        #: operations read it while another thread learns a name.
        self.codes: dict[str, frozenset[str]] = {}
        #: The ``:``-separated strings seen in a view (e.g. mayhem's gifts ``"r5:2"``), each a compound of parts
        #: that may be card codes; replaced, never changed, as :attr:`codes`.
        self.compound: frozenset[str] = frozenset()
        self.lock = threading.Lock()  # the replacements of codes and compound

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
        if name is not None:  # after known: a code in codes has its name there
            with self.lock:
                self.codes[lang] = self.codes.get(lang, frozenset()) | {code}
        return name

    def of_token(self, token: str, lang: str) -> list[str]:
        """The card codes among the ``:``-separated parts of ``token``, in order; a public token's hidden card
        (``"?"``, which a game may name "a card") is none."""
        return [part for part in token.split(":") if part != "?" and self.name(part, lang) is not None]

    def of_view(self, view: dict[str, Any], lang: str) -> dict[str, str]:
        """``{code: name}`` for every card code among ``view``'s strings and the ``:``-separated parts of each
        (:func:`_values`; dict keys left out), sorted by code; nothing else, so a card the view hides is never named.

        This runs for every frame (issue 33): a string seen before is not asked again, and the view's card codes
        are the intersection of its values with the named ones (:attr:`codes`), not a lookup per string."""
        known = self.known.get(lang) or self.known.setdefault(lang, {})
        values = _values(view)
        if new := [x for x in values.difference(known) if type(x) is str]:
            self._learn(new, lang)
        for text in values & self.compound:
            values.update(text.split(":"))
        return {code: name for code in sorted(values & self.codes.get(lang, frozenset())) if (name := known[code])}

    def _learn(self, strings: list[str], lang: str) -> None:
        """Name each of ``strings`` in ``lang`` (:meth:`name`), and the parts of those with a ``:``, which become
        :attr:`compound`."""
        for text in strings:
            self.name(text, lang)
            if ":" in text:
                for part in text.split(":"):
                    self.name(part, lang)
                with self.lock:
                    self.compound |= {text}
