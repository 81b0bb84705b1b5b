"""No game module imports itself round a cycle (issue 20): the bot needs the rules' state only for
annotations (``TYPE_CHECKING``), the pure helpers both use live in ``cards``/``notation``/``cells``,
and a game's parts import each other one way. Lazy imports inside functions count; imports under
``if TYPE_CHECKING:`` do not (they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "src" / "kartentisch" / "games"
IDS = sorted(p.name for p in GAMES.iterdir() if (p / "rules.py").exists())


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports(package: Path) -> dict[str, set[str]]:
    """Module name → the modules of the same package it imports when it runs."""
    modules = {p.stem for p in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        edges: set[str] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or _type_checking_only(node, parents):
                continue
            dotted = node.module or ""
            if node.level == 1:
                target = dotted.split(".")[0]
            elif node.level == 0 and dotted.startswith(f"kartentisch.games.{package.name}."):
                target = dotted.split(".")[3]
            else:
                continue
            if target:
                edges.add(target)
            else:  # from . import cards
                edges.update(alias.name for alias in node.names if alias.name in modules)
        graph[name] = edges & modules - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as the modules along it, or ``None``."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


@pytest.mark.parametrize("game", IDS)
def test_no_import_cycle_in_a_game(game: str) -> None:
    graph = imports(GAMES / game)
    assert "rules" not in graph["bot"], f"{game}: the bot imports the rules when it runs"
    assert cycle(graph) is None, f"{game}: import cycle {' → '.join(cycle(graph) or [])}"


def test_the_check_finds_a_cycle_and_skips_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    package.mkdir()
    (package / "rules.py").write_text("def bot():\n    from .bot import Bot\n")
    (package / "bot.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .rules import X\n")
    assert imports(package) == {"rules": {"bot"}, "bot": set()} and cycle(imports(package)) is None
    (package / "bot.py").write_text("from .cards import C\nfrom .rules import X\n")
    (package / "cards.py").write_text("")
    assert cycle(imports(package)) == ["bot", "rules", "bot"]
