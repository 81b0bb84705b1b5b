"""Terminal renderer of ``highcard``: hands, the cards chosen for the trick, tricks taken."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table

from kartentisch.kernel import Voice

_L = {"en": ("Seat", "Hand", "Trick", "Tricks", "face down", "Last trick"),
      "de": ("Platz", "Hand", "Stich", "Stiche", "verdeckt", "Letzter Stich")}


def render(view: dict[str, Any], seat: int | None, voice: Voice) -> RenderableType:
    """Draw ``view`` (as ``seat`` sees it) in ``voice``'s language, seats named by ``voice``."""
    name, hand, trick, tricks, down, last = _L.get(voice.lang, _L["en"])
    z = view["zones"]
    table = Table(name, hand, trick, tricks, title=voice.pick({"en": "High Card", "de": "Höchste Karte"}),
                  caption=f"{last}: {' '.join(z['last_trick'])}" if z["last_trick"] else None)
    for s in range(view["players"]):
        chosen = z["chosen"][s]
        table.add_row(voice.who(s), " ".join(z["hands"][s]), down if chosen == "?" else chosen or "",
                      str(z["tricks"][s]))
    return table
