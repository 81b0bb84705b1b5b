"""All scenario files (the shared conformance folder and our own) through the ``scenario`` command."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.cli.app import app
from kartentisch.kernel.scenario import scenario_files
from tests.conftest import ROOT, SHARED

FOLDERS = [SHARED / "scenarios", ROOT / "tests" / "scenarios"]
FILES = scenario_files([f for f in FOLDERS if f.exists()])


def test_shared_scenarios_exist() -> None:
    """The shared folder is there (CI lays it beside the clone); without it this suite means nothing."""
    assert (SHARED / "scenarios").is_dir(), f"no shared scenarios at {SHARED / 'scenarios'}"
    assert len(scenario_files([SHARED / "scenarios"])) >= 70


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_scenario(path: Path) -> None:
    """Each scenario passes through the CLI command's code path (exit 0, '1 passed, 0 failed')."""
    result = CliRunner().invoke(app, ["scenario", str(path)])
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 0 failed", result.stdout
    assert result.exit_code == 0
