"""The terminal's drawing of a table: the game's own ``render`` part, the score pad, the winners.

A game draws its table in its declared ``render`` part (usually ``<package>/render.py``'s function,
:attr:`~kartentisch.kernel.Game.parts`): ``render(view, seat, voice) -> rich.console.RenderableType``
draws a seat view (``None`` = spectator/all cards) as players know the table, seats named by the
:class:`~kartentisch.kernel.words.Voice`. A game without one gets :func:`generic`. The score pad
and the winners are not the game's job: :func:`render_view` adds the one shared
:func:`score_table` and, at the end of the match, one line naming the winners.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ...kernel.game import Game
from ...kernel.words import Voice, number, winners_line
from ..i18n import t


def round_word(game: Game, lang: str) -> str:
    """What ``game``'s players call a round in ``lang``, capitalised as a heading: its score pad's word
    (``Ruleset.round_word``: chips says "Partie", chips D1), else the terminal's ("Round"/"Runde")."""
    pad = game.parts.scorepad
    if pad is None:
        return t(lang, "round")
    word: str = pad.round_word[lang]
    return word[:1].upper() + word[1:]


def score_table(view: dict[str, Any], voice: Voice, round_heading: str) -> Table:
    """The score pad of ``view``: one row per scored round (``view["scores"]``; the first column headed
    ``round_heading``, :func:`round_word`), one column per seat (named by ``voice``, counted from 1), and a last
    row of match totals (``view["totals"]``), negative numbers with the minus sign U+2212
    (:func:`~kartentisch.kernel.words.number`) as every summary writes them."""
    players = view["players"]
    table = Table(title=t(voice.lang, "round_scores"))
    table.add_column(round_heading)
    for s in range(players):
        table.add_column(escape(voice.who(s)), justify="right")
    for i, row in enumerate(view.get("scores", []), start=1):
        table.add_row(str(i), *map(number, row))
    table.add_row(t(voice.lang, "totals"), *(f"[bold]{number(v)}[/]" for v in view.get("totals", [0] * players)))
    return table


def generic(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """A plain drawing for a game without a ``render`` part: its phase and every zone as the view shows it."""
    table = Table(title=f"{voice.pick({'en': 'Round', 'de': 'Runde'})} {view['round']}", show_header=False)
    for name, value in view["zones"].items():
        table.add_row(escape(str(name)), escape(str(value)))
    return table


def render_view(game: Game, view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw ``view`` of ``game`` for ``seat`` in ``voice``'s language (``de``/``en``), seats named by ``voice``.

    The game's own drawing (its ``render`` part, :attr:`Game.parts`; :func:`generic` without one),
    followed by the score pad (:func:`score_table`) once a round is scored and, once the match is
    over, who won (:func:`~kartentisch.kernel.words.winners_line`).
    """
    own = game.parts.render
    parts: list[RenderableType] = [own(view, seat, voice) if own else generic(view, seat, voice)]
    if view.get("scores"):
        parts.append(score_table(view, voice, round_word(game, voice.lang)))
    if view["game_over"]:
        parts.append(Text(winners_line(view, voice, game), style="bold green"))
    return Group(*parts)
