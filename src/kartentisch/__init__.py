"""kartentisch: a rules engine and play platform for five modern card games.

Start with :func:`kartentisch.games.get_game` and :class:`kartentisch.kernel.Match`.

Two builds of one source (issue 25, ``setup.py``): the *compiled* build has the kernel, the games'
rules modules and the ISMCTS search as mypyc extension modules beside their ``.py`` files; the
*pure* build is the ``.py`` files alone. The compiled modules are imported only when the build's
manifest (``_compiled.json``, the CRC-32 of every compiled source) matches the sources now, so an
edited source never runs as its stale extension, and never as a mix: one changed file makes the
whole package pure until ``make install`` compiles again. ``KARTENTISCH_PURE=1`` forces the pure
modules. :func:`build_info` says which build is loaded and why.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import json
import os
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__version__ = "0.1.0"

_HERE = Path(__file__).resolve().parent


def compiled_build() -> tuple[frozenset[str], str | None]:
    """The installed compiled build, whatever ``KARTENTISCH_PURE`` says for this process: the names of its
    compiled modules and ``None`` when it is present and current, else an empty set and why it cannot be
    loaded (none installed, or the source file that changed since the build)."""
    try:
        modules: dict[str, int] = json.loads((_HERE / "_compiled.json").read_text(encoding="utf-8"))["modules"]
    except FileNotFoundError:
        return frozenset(), "no compiled build installed"
    for name, digest in modules.items():
        source = _HERE.parent.joinpath(*name.split(".")).with_suffix(".py")
        if zlib.crc32(source.read_bytes()) != digest:
            return frozenset(), f"{source.relative_to(_HERE.parent)} changed since the compiled build (make compiled)"
    return frozenset(modules), None


def _pure_reason() -> str | None:
    """Why the pure modules must be imported (``None``: the compiled build is present and current)."""
    if os.environ.get("KARTENTISCH_PURE") == "1":
        return "KARTENTISCH_PURE=1"
    return compiled_build()[1]


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds ``kartentisch.*`` modules among ``.py`` files only, so an extension module beside its
    source (an editable compiled install) is not imported."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """The spec of ``fullname``'s source file in ``path`` (``None``: not ours, or no source)."""
        if not fullname.startswith(__name__ + ".") or path is None:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


_PURE_REASON = _pure_reason()
if _PURE_REASON is not None:
    sys.meta_path.insert(0, _SourceOnly())


def build_info() -> dict[str, str]:
    """Which build of kartentisch this process runs.

    Returns:
        ``{"build": "compiled"}`` when the kernel is the mypyc extension module, else
        ``{"build": "pure", "reason": …}`` (``KARTENTISCH_PURE=1``, no compiled build installed, or
        the source file that changed since the build).
    """
    from .kernel import game

    if game.__file__ is not None and game.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return {"build": "compiled"}
    return {"build": "pure", "reason": _PURE_REASON or "the kernel was imported from its source"}
