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


def test_the_rl_extra_brings_what_openspiels_learning_algorithms_import() -> None:
    """OpenSpiel's NFSP, DQN and Deep CFR (``open_spiel.python.pytorch``) import ``tree`` (dm-tree) beside the
    deep-learning library of the user's choice; the ``rl`` extra installs it (issue 36)."""
    import tree

    assert tree.flatten({"a": [1, 2], "b": (3,)}) == [1, 2, 3]
