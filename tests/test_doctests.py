"""The docstring examples (python-chess style doctests) of every module that has them run and hold.

In the compiled build (issue 25) a module compiled by mypyc has native functions and classes, whose
docstrings ``doctest`` does not find: its examples run from its source, in a pure-Python interpreter
(``KARTENTISCH_PURE=1``)."""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
MODULES = sorted(".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
                 for p in (SRC / "kartentisch").rglob("*.py") if ">>>" in p.read_text(encoding="utf-8"))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
#: Runs one module's doctests in a pure interpreter; prints "failed attempted" last (the report before it).
PURE_RUN = ("import doctest, importlib, sys; m = importlib.import_module(sys.argv[1]); "
            "assert m.__file__.endswith('.py'), m.__file__; "
            f"r = doctest.testmod(m, optionflags={FLAGS}); print(r.failed, r.attempted)")


def test_there_are_doctests() -> None:
    assert len(MODULES) >= 5, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    if (module.__file__ or "").endswith(".py"):
        result = doctest.testmod(module, optionflags=FLAGS)
        failed, attempted, report = result.failed, result.attempted, ""
    else:  # a compiled module: its source's examples, in the pure build
        run = subprocess.run([sys.executable, "-c", PURE_RUN, name], capture_output=True, text=True, timeout=120,
                             env={**os.environ, "KARTENTISCH_PURE": "1"})
        assert run.returncode == 0, run.stderr
        *lines, last = run.stdout.strip().splitlines()
        failed, attempted = map(int, last.split())
        report = "\n".join(lines)
    assert attempted > 0 and failed == 0, f"{name}: {failed} of {attempted} failed\n{report}"
