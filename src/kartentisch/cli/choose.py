"""Choosing a move in steps: the legal tokens of a decision as the words a person picks from.

Each legal token has a :class:`~kartentisch.kernel.words.Choice` (its steps in words, from the
game's ``choice``). :class:`Picker` offers the distinct next steps of the tokens still possible
and narrows with each pick, so a wide decision (lastcard's 220 passes, mayhem's wishes) becomes a
few short lists: the cards to pass one at a time in any order, a wish as colour, number, targets.
"""

from __future__ import annotations

from collections import Counter

from ..kernel.words import Choice


class Picker:
    """The state of one stepwise choice among ``choices`` (legal token → :class:`Choice`).

    ``options()`` lists the labels a person may pick next; ``pick(k)`` takes one; ``back()`` undoes the
    last pick; ``done()`` is the token once only one is left and all its steps are picked (or a
    token's steps are all picked while longer ones remain: then ``options`` offers it as ``finish``).
    """

    def __init__(self, choices: dict[str, Choice], finish: str) -> None:
        """``finish``: the label that takes a token whose steps are all picked while others go on."""
        if not choices:
            raise ValueError("a choice needs at least one legal token")
        self.choices = choices
        self.finish = finish
        self.picked: list[str] = []

    def candidates(self) -> list[str]:
        """The tokens still possible after the steps picked so far, in listing order."""
        k = len(self.picked)
        out = []
        for token, choice in self.choices.items():
            if choice.unordered:
                if not Counter(self.picked) - Counter(choice.steps):
                    out.append(token)
            elif list(choice.steps[:k]) == self.picked:
                out.append(token)
        return out

    def _complete(self, token: str) -> bool:
        return len(self.choices[token].steps) <= len(self.picked)

    def options(self) -> list[str]:
        """The labels to offer next, in the order the tokens are listed (``finish`` first if a
        candidate is complete while longer ones remain)."""
        finish = False
        out: list[str] = []
        for token in self.candidates():
            choice = self.choices[token]
            if self._complete(token):
                finish = True
                continue
            if choice.unordered:
                rest = Counter(choice.steps) - Counter(self.picked)
                labels = [s for s in choice.steps if rest[s] > 0]
            else:
                labels = [choice.steps[len(self.picked)]]
            out.extend(s for s in labels if s not in out)
        return [self.finish, *out] if finish else out

    def pick(self, label: str) -> None:
        """Take one of :meth:`options` (ValueError for anything else)."""
        if label not in self.options():
            raise ValueError(f"{label!r} is not one of the options")
        if label == self.finish:
            self.picked = list(self.choices[self._finished()].steps)
            return
        self.picked.append(label)
        self._skip_forced()

    def _finished(self) -> str:
        return next(t for t in self.candidates() if self._complete(t))

    def _skip_forced(self) -> None:
        """Take a step at once when every remaining token has the same one (nothing to choose)."""
        while not self.done():
            options = self.options()
            if len(options) != 1 or options[0] == self.finish:
                return
            self.picked.append(options[0])

    def back(self) -> bool:
        """Undo the last pick; False when nothing was picked."""
        if not self.picked:
            return False
        self.picked.pop()
        return True

    def done(self) -> str | None:
        """The chosen token, once the picks leave exactly one, with all its steps picked."""
        candidates = self.candidates()
        if len(candidates) == 1 and self._complete(candidates[0]):
            return candidates[0]
        complete = [t for t in candidates if self._complete(t)]
        if complete and all(self._complete(t) for t in candidates):
            return complete[0]
        return None

