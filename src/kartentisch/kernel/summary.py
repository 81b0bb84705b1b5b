"""A round's scoring as people read it: the score now, and at a round's end how each score came about.

A game may declare summary parts (:class:`~kartentisch.kernel.Parts`, usually from its ``summary.py``), pure
functions of a reader's **view** (``state.view(viewer)``), so nothing hidden from the reader can reach a text:

- ``score_now(view) -> list[int] | None``: each seat's round score if the round ended now, where the view shows
  enough to say (``None``: not from this view); at a round's end the round's score.
- ``round_details(view, seat, voice) -> list[str]``: at a round's end, how ``seat``'s score came about, in
  ``voice``'s language ("Blue: 5 cards, +5").
- optionally ``standings(view) -> list[int]``: every seat, best first, where the game breaks ties on the total
  (colors R17); without it :func:`standings` orders by the total in the game's direction.

This module turns them into the one record every face shows (:func:`round_summary`); a game without the
part has no score now and no details. Scores are written by :func:`~kartentisch.kernel.words.signed` and
:func:`~kartentisch.kernel.words.number`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import GAME_OVER, ROUND_OVER
from .words import Voice

if TYPE_CHECKING:
    from .game import Game


def score_now(game: Game, view: dict[str, Any]) -> list[int] | None:
    """The game's ``score_now`` of ``view`` (see the module docstring); ``None`` for a game without one."""
    own = game.parts.score_now
    return None if own is None else own(view)


def standings(game: Game, view: dict[str, Any]) -> list[int]:
    """Every seat of ``view``, best first: the game's own ``standings``, else the view's winners first, then
    the best total in the game's direction (``score_sign``; the lowest first where the lowest wins), then seat
    order."""
    own = game.parts.standings
    if own is not None:
        return list(own(view))
    totals, winners = view["totals"], set(view["winners"])
    return sorted(range(len(totals)), key=lambda s: (s not in winners, -game.score_sign * totals[s], s))


def round_summary(game: Game, view: dict[str, Any], voice: Voice) -> dict[str, Any] | None:
    """The round just scored, while ``view``'s phase is ``round_over`` or ``game_over``; else ``None``.

    Returns:
        ``{"round", "match_over", "lower_wins", "rows", "standings", "winners"}``: ``rows`` one per seat
        ``{"seat", "name", "score", "total", "details"}`` (``name`` as ``voice`` calls the seat, "You" for its
        own; ``details`` the game's ``round_details`` in ``voice``'s language, ``[]`` for a game without them),
        ``standings`` from :func:`standings`, ``winners`` as the view's.
    """
    if view["phase"] not in (ROUND_OVER, GAME_OVER) or not view["scores"]:
        return None
    details = game.parts.round_details
    last = view["scores"][-1]
    return {
        "round": len(view["scores"]),
        "match_over": view["phase"] == GAME_OVER,
        "lower_wins": game.score_sign < 0,
        "rows": [{"seat": s, "name": voice.who(s), "score": last[s], "total": view["totals"][s],
                  "details": [] if details is None else list(details(view, s, voice))} for s in range(len(last))],
        "standings": standings(game, view),
        "winners": list(view["winners"]),
    }
