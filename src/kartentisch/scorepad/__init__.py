"""Score pad for matches played with real cards (issue 12): count rounds with the games' own rules.

:mod:`.core` holds the game-agnostic pad (entries, validation, replay, corrections);
``entries/<id>.py`` the per-game entry forms; :mod:`.store` the database tables.
"""

from __future__ import annotations

from .core import EntryError, Field, Ruleset, Sheet, check_names, compute
from .entries import get_ruleset

__all__ = ["EntryError", "Field", "Ruleset", "Sheet", "check_names", "compute", "get_ruleset"]
