"""``lastcard`` — Last Card (Letzte Karte): cards 1–60, play higher or take help cards.

Spec: ``shared/rules/lastcard.md``. :data:`GAME` is registered by ``kartentisch.games``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...kernel import Parts
from .rules import LastCardGame, LastCardState, score_round


def parts() -> Parts:
    """What lastcard brings for the faces (:class:`~kartentisch.kernel.Parts`), imported when the game loads (here,
    not in the rules, which import no face)."""
    from . import notation, page, render, scorepad, summary, words

    return Parts(card_name=words.card_name, phase_name=words.phase_name, describe_move=words.describe_move,
                 describe_start=words.describe_start,
                 choice=words.choice, choice_steps=page.choice_steps, page_facts=page.page_facts,
                 words=words.WORDS, rules=words.WORDS.forms("rules"),
                 pitch=words.WORDS.forms("pitch"),
                 score_now=summary.score_now, round_details=summary.round_details,
                 action_space=notation.action_space, split_token=notation.split_token, render=render.render,
                 scorepad=scorepad.RULESET, observation=_layout, static=Path(__file__).parent / "static",
                 scenarios=Path(__file__).parent / "scenarios", short_match={"rounds": 1})


def _layout() -> Any:
    """The RL observation layout, loaded by the RL face only (it needs numpy)."""
    from .observation import LAYOUT

    return LAYOUT


#: The registered game instance.
GAME = LastCardGame(parts)

__all__ = ["GAME", "LastCardGame", "LastCardState", "score_round"]
