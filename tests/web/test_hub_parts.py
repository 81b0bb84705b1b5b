"""The hub's public interface (issue 33): other modules reach the hub only through its public names.

The coach ran its searches through ``hub._executor_for`` and ``hub._drop_pool`` and the turn sweep through
``hub._expire``; now they use :attr:`Hub.workers <kartentisch.web.hub.Hub.workers>` and :attr:`Hub.timers
<kartentisch.web.hub.Hub.timers>`. This test reads every module of the web package and refuses a private attribute
taken from a hub (``hub._x``, ``self.hub._x``) outside :mod:`~kartentisch.web.hub` itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kartentisch.web

WEB = Path(kartentisch.web.__file__).parent


def _private_hub_uses(source: str) -> list[str]:
    """``hub._x`` and ``<anything>.hub._x`` attributes in ``source``, as ``line: hub._x``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            owner = node.value
            name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if name == "hub":
                found.append(f"{node.lineno}: hub.{node.attr}")
    return found


def test_the_check_finds_a_private_hub_call() -> None:
    """Not vacuous: the calls the coach and the turn sweep made before are found."""
    assert _private_hub_uses("hub._executor_for(COACH_POOL)\nawait self.hub._expire(t, s, d)\n") == [
        "1: hub._executor_for", "2: hub._expire"]


def test_no_module_uses_a_private_part_of_the_hub() -> None:
    uses = {path.name: found for path in sorted(WEB.glob("*.py")) if path.name != "hub.py"
            if (found := _private_hub_uses(path.read_text(encoding="utf-8")))}
    assert uses == {}
