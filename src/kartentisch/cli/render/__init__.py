"""Terminal renderers, one module per game (``kartentisch.cli.render.<id>``).

Each module defines ``render(view: dict, seat: int | None, lang: str) -> rich.console.RenderableType``
drawing a seat view (the state document as ``seat`` sees it; ``None`` = spectator/all) as players
know the table. Texts come in ``"de"`` and ``"en"``.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType


def render_view(game_id: str, view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """Draw ``view`` of game ``game_id`` for ``seat`` in language ``lang`` (``de``/``en``)."""
    module = importlib.import_module(f"{__name__}.{game_id}")
    return module.render(view, seat, lang)  # type: ignore[no-any-return]
