"""kartentisch: a rules engine and play platform for five modern card games.

Start with :func:`kartentisch.games.get_game` and :class:`kartentisch.kernel.Match`.
"""

__version__ = "0.1.0"
