"""Terminal renderers, one module per game (``kartentisch.cli.render.<id>``).

Each module defines ``render(view: dict, seat: int | None, lang: str) -> rich.console.RenderableType``
drawing a seat view (the state document as ``seat`` sees it; ``None`` = spectator/all) as players
know the table. Texts come in ``"de"`` and ``"en"``. The score pad is not the modules' job:
:func:`render_view` adds the one shared :func:`score_table` below every game's table.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

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

    The game's own drawing, followed by the score pad (:func:`score_table`) once a round is scored.
    """
    module = importlib.import_module(f"{__name__}.{game_id}")
    table: RenderableType = module.render(view, seat, lang)
    if view.get("scores"):
        return Group(table, score_table(view, lang))
    return table
