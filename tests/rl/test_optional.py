"""The rl extra is optional: a missing library gives an ImportError that says how to install it."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(("blocked", "module"), [
    ("numpy", "kartentisch.rl"),
    ("pettingzoo", "kartentisch.rl.pettingzoo"),
    ("pyspiel", "kartentisch.rl.openspiel"),
])
def test_missing_library_names_the_extra(blocked: str, module: str) -> None:
    code = (f"import sys; sys.modules[{blocked!r}] = None\n"
            f"try:\n    import {module}\nexcept ImportError as exc:\n    print(exc)\nelse:\n    print('imported')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pip install 'kartentisch[rl]'" in out and blocked in out
