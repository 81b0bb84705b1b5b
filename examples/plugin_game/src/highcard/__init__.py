"""``highcard`` — High Card, an example plug-in game for kartentisch (2–4 players).

Everything the game brings lives in this package and is found through its :class:`~kartentisch.kernel.Game`
(the entry point ``highcard = "highcard:GAME"`` in ``pyproject.toml``): the rules (:mod:`.rules`), and the
parts it declares for the faces in :func:`parts` (:class:`kartentisch.kernel.Parts`): the move
notation (:mod:`.notation`), the words (:mod:`.words`, its texts and the rules summary in ``words.toml``), the round
summary (:mod:`.summary`), the terminal renderer (:mod:`.render`), the RL observation layout (:mod:`.observation`)
and its rules-conformance scenarios (``scenarios/*.json``, package data: ``kartentisch check-game highcard`` runs them).

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

from pathlib import Path
from typing import Any

from kartentisch.kernel import Parts

from .rules import HighcardGame, HighcardState


def parts() -> Parts:
    """Everything highcard brings for the faces, checked when the game loads (a part named here that
    kartentisch does not know is refused, naming it). No score pad and no browser renderer: the faces
    use their generic stand-ins. A match is one round of five tricks, short as it is: no ``short_match``."""
    from . import notation, render, summary, words

    return Parts(card_name=words.card_name, phase_name=words.phase_name, describe_move=words.describe_move,
                 choice=words.choice, words=words.WORDS, rules=words.WORDS.forms("rules"),
                 pitch=words.WORDS.forms("pitch"), score_now=summary.score_now,
                 round_details=summary.round_details, action_space=notation.action_space,
                 render=render.render, observation=_layout, scenarios=Path(__file__).parent / "scenarios")


def _layout() -> Any:
    """The RL observation layout, loaded by the RL face only (it needs numpy)."""
    from .observation import LAYOUT

    return LAYOUT


GAME = HighcardGame(parts)

__all__ = ["GAME", "HighcardGame", "HighcardState"]
