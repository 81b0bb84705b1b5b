"""Terminal renderers, one module per game (``kartentisch.cli.render.<id>``).

Each module defines ``render(view: dict, seat: int | None, lang: str) -> rich.console.RenderableType``
drawing a seat view (the state document as ``seat`` sees it; ``None`` = spectator/all) as players
know the table. Texts come in ``"de"`` and ``"en"``. The score pad and the winners are not the
modules' job: :func:`render_view` adds the one shared :func:`score_table` and, at the end of the
match, one line naming the winners below every game's table.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import t


def score_table(view: dict[str, Any], lang: str) -> Table:
    """The score pad of ``view``: one row per scored round (``view["scores"]``), one column per seat,
    and a last row of match totals (``view["totals"]``), titled ``round_scores`` in ``lang``."""
    players = view["players"]
    table = Table(title=t(lang, "round_scores"))
    table.add_column(t(lang, "round"))
    for s in range(players):
        table.add_column(f"{t(lang, 'seat')} {s}", justify="right")
    for i, row in enumerate(view.get("scores", []), start=1):
        table.add_row(str(i), *map(str, row))
    table.add_row(t(lang, "totals"), *(f"[bold]{v}[/]" for v in view.get("totals", [0] * players)))
    return table


def render_view(game_id: str, view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """Draw ``view`` of game ``game_id`` for ``seat`` in language ``lang`` (``de``/``en``).

    The game's own drawing, followed by the score pad (:func:`score_table`) once a round is scored
    and, once the match is over, the winners (seats numbered as in the pad).
    """
    module = importlib.import_module(f"{__name__}.{game_id}")
    parts: list[RenderableType] = [module.render(view, seat, lang)]
    if view.get("scores"):
        parts.append(score_table(view, lang))
    if view["game_over"]:
        winners = ", ".join(f"{t(lang, 'seat')} {s}" for s in view["winners"])
        parts.append(Text(t(lang, "over", winners=winners), style="bold green"))
    return Group(*parts)
