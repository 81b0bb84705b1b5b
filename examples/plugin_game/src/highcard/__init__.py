"""``highcard`` — High Card, an example plug-in game for kartentisch (2–4 players).

Everything the game brings lives in this package and is found through its :class:`~kartentisch.kernel.Game`
(the entry point ``highcard = "highcard:GAME"`` in ``pyproject.toml``): the rules (:mod:`.rules`),
the move notation (:mod:`.notation`), the words (:mod:`.words`), the rules summary (:mod:`.texts`),
the terminal renderer (:mod:`.render`) and the RL observation layout (:mod:`.observation`).

Rules (the whole spec; rule ids H1–H6 are cited in the code):

- **H1** The deck is the cards 1–20, one of each. Each seat is dealt 5 cards.
- **H2** A trick: every seat that holds cards chooses one of them face down, at the same time
  (token ``play:<card>``, e.g. ``play:17``); a choice is final.
- **H3** When every seat has chosen, the cards are revealed; the highest card takes the trick.
  The cards of the trick leave the game.
- **H4** After 5 tricks the round ends; each seat scores its tricks.
- **H5** The match is one round: the most tricks wins; a tie shares the win.
- **H6** A seat sees its own hand and choice; others' hands and unrevealed choices are hidden
  (``"?"``), so the log shows another seat's choice as ``play:?``.
"""

from __future__ import annotations

from .rules import HighcardGame, HighcardState

GAME = HighcardGame()

__all__ = ["GAME", "HighcardGame", "HighcardState"]
