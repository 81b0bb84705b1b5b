"""Computing a pure function once per argument: the cache in front of every game's ``parse`` (its
``notation.py``) and of other tables a game looks up on every turn.

The same few hundred tokens recur over the turns of a match, the clones of a search and the
playouts of a simulation, so a game reads each once and then looks it up. A plain dictionary
rather than :func:`functools.lru_cache`: a lookup from compiled code is a direct call and one
hash probe, where an ``lru_cache`` wrapper is a Python-level call that also reorders its list
(about 9% of lastcard's random play, compiled, issue 25).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Final, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: Values a memo holds before it starts again (every token a game lists fits many times over; a
#: stream of distinct well-formed tokens from outside cannot grow it without bound).
LIMIT: Final = 1 << 16


class Memo(Generic[K, V]):
    """The values ``compute(key)`` gives, each computed once per key (up to ``limit`` keys, then the
    memo is emptied and fills again: that changes what a lookup costs, never what it gives).

    ``compute`` must be pure and its values immutable and never ``None``. Whatever it raises for a
    key (a game's :class:`~kartentisch.kernel.errors.MalformedToken`) :meth:`get` raises, and
    nothing is stored.

    >>> memo = Memo(int)
    >>> memo.get("12"), memo.get("12") is memo.get("12")
    (12, True)
    """

    def __init__(self, compute: Callable[[K], V], limit: int = LIMIT) -> None:
        self._compute = compute
        self._limit = limit
        self._values: dict[K, V] = {}

    def get(self, key: K) -> V:
        """The value for ``key``, computed now if not yet held. Raises what ``compute`` raises."""
        value = self._values.get(key)
        if value is None:
            value = self._compute(key)
            if len(self._values) >= self._limit:
                self._values.clear()
            self._values[key] = value
        return value
