"""Research interfaces: PettingZoo (:mod:`.pettingzoo`) and OpenSpiel (:mod:`.openspiel`) adapters.

Both work for every game that follows the kernel protocol and has a ``notation`` module
(``kartentisch.games.<id>.notation.action_space``), see :mod:`.spaces` and :mod:`.observations`.
They need the optional extra ``rl`` (numpy, gymnasium, pettingzoo, open-spiel); importing this
package without numpy, or a submodule without its library, raises an ImportError that says
``pip install 'kartentisch[rl]'``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

INSTALL_HINT = "pip install 'kartentisch[rl]'"


def require(module: str) -> ModuleType:
    """Import ``module`` or raise ImportError telling how to install the ``rl`` extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"kartentisch.rl needs {module!r} (the optional extra 'rl'): {INSTALL_HINT}") from exc


require("numpy")

__all__ = ["INSTALL_HINT", "require"]
