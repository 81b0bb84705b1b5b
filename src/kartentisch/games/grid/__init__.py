"""``grid`` — Colour Grid (Farbraster): 3×3 face-down grid, swap in low cards, three of a colour in a
line leave the grid, lowest total wins. Rules: ``rules/grid.md``; code: :mod:`.rules`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...kernel import Parts
from .rules import GridGame, GridState, score_round


def parts() -> Parts:
    """What grid brings for the faces (:class:`~kartentisch.kernel.Parts`), imported when the game loads (here,
    not in the rules, which import no face)."""
    from . import notation, page, render, scorepad, summary, words

    return Parts(card_name=words.card_name, phase_name=words.phase_name, describe_move=words.describe_move,
                 describe_start=words.describe_start,
                 choice=words.choice, choice_steps=page.choice_steps,
                 words=words.WORDS, rules=words.WORDS.forms("rules"),
                 pitch=words.WORDS.forms("pitch"),
                 score_now=summary.score_now, round_details=summary.round_details, round_facts=summary.round_facts,
                 action_space=notation.action_space, render=render.render,
                 scorepad=scorepad.RULESET, observation=_layout, static=Path(__file__).parent / "static",
                 scenarios=Path(__file__).parent / "scenarios", short_match={"end_total": 1})


def _layout() -> Any:
    """The RL observation layout, loaded by the RL face only (it needs numpy)."""
    from .observation import LAYOUT

    return LAYOUT


#: The registered game instance.
GAME = GridGame(parts)

__all__ = ["GAME", "GridGame", "GridState", "score_round"]
