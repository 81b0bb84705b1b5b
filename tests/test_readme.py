"""The README's Python examples run and print what they say (python-chess runs ``doctest README.rst``)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write a replay file
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 15, result
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed"
    assert (tmp_path / "colors.jsonl").is_file()
