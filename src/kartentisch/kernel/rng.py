"""The kernel's random algorithms: the draws of the games' chance and of random play, from one generator.

Each equals CPython's :class:`random.Random` method of the same purpose exactly (the same result and the
same use of the generator, pinned by kernel tests), so seeded deals, scenarios and replays stay as they were,
without the interpreted calls of the standard library's bodies; :func:`sort_shuffle` is the one exception,
a shuffle whose result depends only on which items there are (determinizations). Kept apart from the state
protocol (:mod:`.game`) so the rules of a game and the protocol read without them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")

#: The Mersenne Twister's state in 32-bit words: :class:`random.Random` makes that many at a time, and
#: ``getstate()[1]`` holds them and, last, how many of them it has handed out (624 when it is seeded).
MT_WORDS: Final = 624


def sort_shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` (mutually comparable) in place, uniformly: sorted first, then a stable sort on
    one ``rng.random()`` key per item.

    The first sort makes the result depend on *which* items there are, not on the order they lay in:
    a determinization drawn with a seed is then the same from the real state and from any other
    state of the same information set (the coach's "reads no hidden card" property, issue 23).
    About twice as fast as :meth:`random.Random.shuffle` on the 20–130 cards of a determinization
    (the keys come from C, not from ``_randbelow``); ties, of probability about n²/2⁵⁴, keep their
    order. For :meth:`GameState._determinize` only: deals use :func:`shuffle`, so every seeded
    deal stays as it was.
    """
    items.sort()
    key = rng.random
    items.sort(key=lambda _: key())


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does: same order, same stream.

    The deal shuffle of every game (seeded deals, scenarios and replays depend on its order). It
    is CPython's Fisher–Yates with ``_randbelow`` drawn as :func:`below` draws it, inlined so that
    ``getrandbits`` is looked up once per shuffle. A kernel test pins the equality with
    :meth:`random.Random.shuffle`.
    """
    getrandbits = rng.getrandbits  # looked up once, not once per card
    for i in range(len(items) - 1, 0, -1):
        k = (i + 1).bit_length()  # below(rng, i + 1), inlined for the bound method
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)`` exactly: the same item and the same use of ``rng`` (a kernel test pins
    it), without its two interpreted calls (the random play of every game draws through it).

    Raises:
        IndexError: ``items`` is empty, as :meth:`random.Random.choice` raises.
    """
    if not items:
        raise IndexError("Cannot choose from an empty sequence")
    return items[below(rng, len(items))]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` exactly: the same items in the same order and the same use of
    ``rng`` (a kernel test pins it), without its interpreted body. The chance of the games' rules
    (mayhem's Thief, lastcard's random pass) draws through it, so seeded matches stay as they were.

    Raises:
        ValueError: ``k`` is negative or larger than ``population``, as :meth:`random.Random.sample`.
    """
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    result: list[T] = []
    setsize = 21  # CPython's choice between its two methods, kept so the stream is the same
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:  # pool: draw among the items not chosen yet
        pool = list(population)
        for i in range(k):
            j = below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
        return result
    selected: set[int] = set()  # set: draw again on a repeat
    for _ in range(k):
        j = below(rng, n)
        while j in selected:
            j = below(rng, n)
        selected.add(j)
        result.append(population[j])
    return result


def below(rng: random.Random, n: int) -> int:
    """A uniform integer ``0 … n-1`` (``n`` ≥ 1) drawn exactly as CPython's ``Random._randbelow``
    draws it: ``getrandbits`` of ``n.bit_length()`` bits, redrawn while ≥ ``n``."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def seeded(seed: object, words: int = 0) -> random.Random:
    """``random.Random(seed)`` after it has drawn ``words`` 32-bit words: the generator of a match seeded with
    ``seed`` once its draws have taken that many (each of this module's draws and of :class:`random.Random`'s takes
    whole words: ``getrandbits(k)`` ⌈k/32⌉, ``random()`` 2). :func:`words_drawn` finds ``words``.

    Raises:
        TypeError: ``seed`` is not an integer (the kernel's seeds are, :meth:`Game.new_state
            <kartentisch.kernel.game.Game.new_state>`; ``random.Random`` would take a string. ``object``, so the
            compiled build says the same as the pure one).
        ValueError: ``words`` is negative.
    """
    if not isinstance(seed, int):
        raise TypeError(f"a generator is remade from an integer seed, not {type(seed).__name__}")
    if words < 0:
        raise ValueError(f"a generator cannot have drawn {words} words")
    rng = random.Random(seed)
    if words:
        rng.getrandbits(32 * words)  # one call draws exactly ``words`` words, as ``words`` 32-bit draws do
    return rng


def words_drawn(rng: random.Random, seed: int, most: int = 1024 * MT_WORDS) -> int | None:
    """How many 32-bit words ``rng`` has drawn since it was ``random.Random(seed)``: the ``n`` with
    ``seeded(seed, n)`` in exactly ``rng``'s state, or ``None`` if there is none up to ``most`` words (another
    seed, a state set by hand, a pending ``gauss`` value).

    Only the counts ``n`` that leave the generator's position where ``rng``'s is are tried (one per block of
    :data:`MT_WORDS`, oldest first), each compared in full: a ``None`` is never a wrong count. The cost is about
    that of drawing ``n`` words again plus a state comparison per block (tens of microseconds for a match's
    deals); it lets a match keep a seed and a count instead of the generator's 2.5 KiB while no chance event
    needs it (:meth:`GameState.park_rng <kartentisch.kernel.game.GameState.park_rng>`, issue 33).
    """
    state = rng.getstate()
    if state[2] is not None:  # a gauss() value waits: not a state whole words reach
        return None
    n: int = state[1][-1] % MT_WORDS  # after n ≥ 1 words the position is (n - 1) % 624 + 1; seeded, it is 624
    probe = seeded(seed, n) if n <= most else None
    while probe is not None:
        if probe.getstate() == state:
            return n
        if n + MT_WORDS > most:
            return None
        probe.getrandbits(32 * MT_WORDS)
        n += MT_WORDS
    return None
