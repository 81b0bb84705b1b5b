"""Build of kartentisch: the pure-Python package, plus the mypyc-compiled hot modules when possible.

Everything else (metadata, dependencies, packages) is in ``pyproject.toml``; this file only adds the
extension modules. The compiled build (issue 25) is the same Python source compiled by mypyc
(``mypyc.build.mypycify``), as Black ships: the kernel, each game's rules modules and the words and
round summary every frame of its tables tells (:data:`GAME_MODULES`), the ISMCTS search and the RL
environments' step path (:data:`RL_MODULES`: the observation encoder with each game's layout, the
action space, the table; issue 36) and the web's per-frame parts (:data:`WEB_MODULES`, issue 33). Every
``.py`` file is installed as well, so the pure package is always there:

* no C compiler, no Python headers, or mypyc refusing the source: the build says why and installs
  the pure package (``pip`` succeeds either way);
* ``KARTENTISCH_PURE=1`` while building: no extension is built;
* ``KARTENTISCH_PURE=1`` at run time, or a source file changed since the build: the pure modules are
  imported (``kartentisch/__init__.py`` reads the manifest this build writes, :data:`MANIFEST`).
"""

from __future__ import annotations

import json
import os
import sys
import time
import zlib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "kartentisch"
#: A game's modules that rules and search run through, and its words and round summary, which the table server runs
#: for every reader of every move (issue 33: a colors move told −27 to −35 %, its frames −16 to −19 %, bench/README.md);
#: its other faces (texts, render, page …) stay pure.
GAME_MODULES = ("rules", "fast", "cards", "notation", "bot", "cells", "table", "matching", "attacks", "events",
                "observation", "words", "summary")
#: Kernel modules left pure: the scenario runner (pydantic models, whose metaclass native classes cannot
#: have; not a hot path), a game's declared parts (a keyword-only dataclass, read once per game), the name
#: checks (ICU's untyped binding; not a hot path) and the package's ``__init__``, which only re-exports.
KERNEL_PURE = ("scenario.py", "parts.py", "names.py", "__init__.py")
#: The RL environments' step path: the observation encoder, the action space and the table.
RL_MODULES = ("observations", "spaces", "table")
#: The web's frame parts that run for every frame a table sends: the card names of a view and the log entries and
#: choices (issue 33). The rest of the web stays pure (pydantic, Starlette, dataclasses orjson encodes).
WEB_MODULES = ("card_names", "frame_items")
#: Written beside the package after a successful compiled build: the CRC-32 of every compiled source
#: (a checksum, not a hash: it only has to notice an edit, and hashlib would cost every process 4 MiB).
MANIFEST = "_compiled.json"


def compiled_sources() -> list[Path]:
    """The source files the compiled build compiles, in a stable order."""
    kernel = [p for p in sorted((PACKAGE / "kernel").glob("*.py")) if p.name not in KERNEL_PURE]
    games = [p for name in GAME_MODULES for p in sorted((PACKAGE / "games").glob(f"*/{name}.py"))]
    rl = [PACKAGE / "rl" / f"{name}.py" for name in RL_MODULES]
    web = [PACKAGE / "web" / f"{name}.py" for name in WEB_MODULES]
    return [*kernel, *sorted(games), PACKAGE / "bots" / "ismcts.py", *rl, *web]


def manifest(sources: list[Path]) -> dict[str, Any]:
    """The manifest of a compiled build of ``sources``: module name → CRC-32 of its source."""
    modules = {}
    for path in sources:
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        modules[name] = zlib.crc32(path.read_bytes())
    return {"build": "compiled", "modules": modules}


class OptionalBuildExt(build_ext):
    """``build_ext`` that installs the pure package when the extensions cannot be built."""

    def finalize_options(self) -> None:
        """Compile the C files on every core unless ``-j`` says otherwise (one file per module)."""
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        """Build the extensions and write the manifest; on a compiler error say so and build nothing."""
        start = time.perf_counter()
        target = Path("src" if self.inplace else self.build_lib) / "kartentisch" / MANIFEST
        target.unlink(missing_ok=True)  # a failed or pure rebuild must not leave an old manifest behind
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # no compiler, no headers, a compile error: the pure package still works
            _say(f"compiled build failed ({type(exc).__name__}: {exc}); installing the pure-Python package")
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(READ, indent=1), encoding="utf-8")
        _say(f"compiled build: {len(self.extensions)} extension modules in {time.perf_counter() - start:.0f} s")


def _say(message: str) -> None:
    print(f"kartentisch: {message}", file=sys.stderr, flush=True)


#: The manifest of the sources as mypyc read them (:func:`extensions`): a source edited while the build runs must not
#: be recorded as compiled, so the checksums are taken before compiling, not after.
READ: dict[str, Any] = {}


def extensions() -> list[Any]:
    """The mypyc extension modules, or ``[]`` (pure build requested, or mypyc refuses the source)."""
    if os.environ.get("KARTENTISCH_PURE") == "1":
        _say("KARTENTISCH_PURE=1: pure-Python build")
        return []
    try:
        from mypyc.build import mypycify

        READ.update(manifest(compiled_sources()))
        # -O2: -O3 compiled 20% slower for no gain measured (bench/README.md); no C debug info either.
        return list(mypycify([str(p.relative_to(ROOT)) for p in compiled_sources()], opt_level="2",
                             group_name="kartentisch", multi_file=True, debug_level="0"))
    except (Exception, SystemExit) as exc:  # mypyc reports type errors by exiting
        _say(f"mypyc could not compile the sources ({type(exc).__name__}: {exc}); pure-Python build")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
