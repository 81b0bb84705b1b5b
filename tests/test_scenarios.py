"""Every installed game's packaged scenario files through the ``scenario`` command, and our copies of the shared
cases against the shared folder.

A game ships its scenarios in its package, in the folder its ``scenarios`` part names (issue 35; for the built-in
games ``kartentisch/games/<id>/scenarios/``): our own cases and, in ``shared/``, a copy of each shared conformance
case (``../shared/scenarios/<id>/<file>``, same file name): the same rule, positions, tokens and expectations, with
the ``name`` in our words. So a clone alone runs the whole conformance set, and so does ``kartentisch check-game``
on an installed game. When the shared folder is present (beside the clone, or where ``KARTENTISCH_SHARED``
points) its files run too and every copy is compared with them, so a change there is noticed at once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kartentisch.cli.app import app
from kartentisch.games import GAME_IDS
from kartentisch.kernel.scenario import scenario_files
from tests.conftest import GAMES, SHARED

#: Every installed game's packaged scenario folder, by game id (a game without one has none).
OURS = {g.id: g.parts.scenarios for g in GAMES.values() if g.parts.scenarios is not None}
SHARED_SCENARIOS = SHARED / "scenarios"
#: Keys a copy words in its own way; the runner ignores them. Every other key must be the shared file's.
WORDING = frozenset({"name"})


def copy_of(case: Path, shared_root: Path, ours: Mapping[str, Path]) -> Path:
    """Where our copy of the shared case ``<shared_root>/<id>/<file>`` lies: ``<ours[id]>/shared/<file>``
    (``<shared_root>/<id>/<file>`` itself, never a file, for a game ``ours`` does not name)."""
    rel = case.relative_to(shared_root)
    return ours.get(rel.parent.name, shared_root / rel.parent) / "shared" / rel.name


def _load(path: Path) -> dict[str, str]:
    """A scenario file's keys, each as canonical JSON (so 1, 1.0 and true differ).

    Raises:
        OSError, ValueError: the file cannot be read or is not a JSON object.
    """
    doc: Any = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    return {k: json.dumps(v, sort_keys=True) for k, v in doc.items()}


def copy_differences(shared_root: Path, ours: Mapping[str, Path]) -> list[str]:
    """One line per shared case whose copy is missing, unreadable, differs outside :data:`WORDING` or keeps
    the shared ``name``, and per copy with no shared case (removed or renamed there); empty: all match.

    ``shared_root`` is laid out as ``<id>/<file>.json``, ``ours`` maps a game id to its scenario folder, laid out
    as ``shared/<file>.json``; the copies are named ``<id>/shared/<file>.json``.
    """
    problems: list[str] = []
    cases = sorted(shared_root.glob("*/*.json"))
    for case in cases:
        rel, copy = case.relative_to(shared_root), copy_of(case, shared_root, ours)
        if not copy.is_file():
            problems.append(f"{rel}: no copy at {rel.parent}/shared/{rel.name}")
            continue
        try:
            theirs, mine = _load(case), _load(copy)
        except (OSError, ValueError) as exc:
            problems.append(f"{rel}: unreadable ({exc})")
            continue
        differing = sorted(k for k in (theirs.keys() | mine.keys()) - WORDING if theirs.get(k) != mine.get(k))
        if differing:
            problems.append(f"{rel}: the copy differs in {', '.join(differing)}")
        elif theirs.get("name") == mine.get("name"):
            problems.append(f"{rel}: the copy keeps the shared name; word it in ours")
    expected = {copy_of(c, shared_root, ours) for c in cases}
    problems += [f"{game_id}/shared/{c.name}: no shared case {game_id}/{c.name}"
                 for game_id, folder in sorted(ours.items()) for c in sorted(folder.glob("shared/*.json"))
                 if c not in expected]
    return problems


def test_copies_match_shared() -> None:
    """Each shared case has a copy equal in everything but its name, and no copy outlives its case."""
    if not SHARED_SCENARIOS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"no shared scenario folder at {SHARED_SCENARIOS} in CI, so a change there would go unseen")
        pytest.skip(f"not compared: no shared scenario folder at {SHARED_SCENARIOS} (our copies run instead)")
    problems = copy_differences(SHARED_SCENARIOS, OURS)
    assert not problems, f"the games' scenarios/shared/ against {SHARED_SCENARIOS}:\n" + "\n".join(problems)


def test_copy_differences_names_each_case(tmp_path: Path) -> None:
    """The comparison names a changed, a missing, an unrenamed and a left-over copy, and passes a matching one."""
    case = {"name": "theirs", "rule": "colors R7", "game": "colors", "players": 2, "seed": 1, "expect": {}}
    for file in ("same", "changed", "missing", "unrenamed"):
        (tmp_path / "shared" / "colors").mkdir(parents=True, exist_ok=True)
        (tmp_path / "shared" / "colors" / f"{file}.json").write_text(json.dumps(case), encoding="utf-8")
    ours = tmp_path / "ours" / "shared"
    ours.mkdir(parents=True)
    for file, change in [("same", {}), ("changed", {"seed": True}), ("unrenamed", {"name": "theirs"}),
                         ("gone", {})]:
        (ours / f"{file}.json").write_text(json.dumps({**case, "name": "ours", **change}), encoding="utf-8")
    assert copy_differences(tmp_path / "shared", {"colors": tmp_path / "ours"}) == [
        "colors/changed.json: the copy differs in seed",  # true is not 1: compared as JSON
        "colors/missing.json: no copy at colors/shared/missing.json",
        "colors/unrenamed.json: the copy keeps the shared name; word it in ours",
        "colors/shared/gone.json: no shared case colors/gone.json",
    ]


def test_every_game_has_its_copies() -> None:
    """Without the shared folder the copies are the conformance set: every game of the shared folder ships its own.
    (The built-in games are those of the shared specs; a plug-in's scenarios are all its own.)"""
    counts = {g: len(list((OURS[g] / "shared").glob("*.json"))) for g in GAME_IDS}
    assert all(counts.values()) and sum(counts.values()) >= 70, counts


def _param(path: Path, root: Path, label: str) -> Any:
    return pytest.param(path, id=f"{label}/{path.relative_to(root).as_posix()}")


FILES = [_param(p, folder, game_id) for game_id, folder in OURS.items() for p in scenario_files([folder])]
if SHARED_SCENARIOS.is_dir():
    FILES += [_param(p, SHARED_SCENARIOS, "shared/scenarios") for p in scenario_files([SHARED_SCENARIOS])]


@pytest.mark.parametrize("path", FILES)
def test_scenario(path: Path) -> None:
    """Each scenario passes through the CLI command's code path (exit 0, '1 passed, 0 failed')."""
    result = CliRunner().invoke(app, ["scenario", str(path)])
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 0 failed", result.stdout
    assert result.exit_code == 0
