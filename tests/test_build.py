"""The compiled build behaves as the pure one (issue 25): same seeded matches, same scenario results.

Each run is a fresh interpreter, once with ``KARTENTISCH_PURE=1`` and once without, and reports the
build it loaded first (:func:`kartentisch.build_info`), so a comparison of pure with pure cannot
pass. Without a current compiled build (no C compiler, ``make install`` not run since a source
changed) these tests are skipped, saying why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import GAME_IDS

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "scenarios"

#: Prints the build this interpreter loaded, then runs the command line with the given arguments.
_CLI = ("import sys, kartentisch; print(kartentisch.build_info()['build'], flush=True); "
        "from kartentisch.cli.app import main; sys.argv[0] = 'kartentisch'; main()")

#: Figures of a simulate run that measure the machine, not the matches.
_TIMING = ("seconds", "matches_per_s")


#: Prints the build, then plays seeded random PettingZoo episodes of the game ``argv[1]`` at 2 and 4
#: seats and prints a CRC-32 of every observation vector and mask the acting agents saw.
_RL = """
import random, sys, zlib
import numpy as np
import kartentisch
print(kartentisch.build_info()["build"], flush=True)
from kartentisch.rl.pettingzoo import env
for players in (2, 4):
    e, rng, crc, steps = env(sys.argv[1], players=players), random.Random(5), 0, 0
    for seed in range(4):
        e.reset(seed=seed)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            crc = zlib.crc32(obs["action_mask"].tobytes(), zlib.crc32(obs["observation"].tobytes(), crc))
            steps += 1
            e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    print(players, steps, crc)
"""


def _run(args: list[str], pure: bool, code: str = _CLI) -> tuple[str, str]:
    """``kartentisch <args>`` (or the script ``code`` with ``args``) in a fresh interpreter: (build it
    loaded, the rest of its output)."""
    env = {k: v for k, v in os.environ.items() if k != "KARTENTISCH_PURE"}
    if pure:
        env["KARTENTISCH_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)
    build, _, rest = done.stdout.partition("\n")
    assert done.returncode == 0, (args, pure, done.stdout[-2000:], done.stderr[-2000:])
    return build, rest


@cache
def _compiled_reason() -> str | None:
    """``None`` when a fresh interpreter loads the compiled build, else why not."""
    script = "import json, kartentisch; print(json.dumps(kartentisch.build_info()))"
    env = {k: v for k, v in os.environ.items() if k != "KARTENTISCH_PURE"}
    info = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                                     check=True).stdout)
    return None if info["build"] == "compiled" else info["reason"]


@pytest.fixture
def compiled() -> None:
    """Skip unless the compiled build is installed and current."""
    reason = _compiled_reason()
    if reason is not None:
        pytest.skip(f"no compiled build to compare: {reason}")


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seeded_simulate_is_the_same_in_both_builds(game_id: str, tmp_path: Path) -> None:
    """Every round of seeded matches (heuristic, random and ISMCTS bots) is the same, and so is every
    figure but the timings."""
    docs = {}
    for pure in (True, False):
        out = tmp_path / f"{pure}.json"
        build, _ = _run(["simulate", game_id, "--games", "6", "--seed", "25", "--bots",
                         "heuristic,random,ismcts:iterations=40", "--players", "3", "--json", str(out)], pure)
        assert build == ("pure" if pure else "compiled")
        doc = json.loads(out.read_text(encoding="utf-8"))
        docs[pure] = {k: v for k, v in doc.items() if k not in _TIMING}
    assert docs[True]["ended"] == 6
    assert docs[True] == docs[False]


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rl_observations_and_masks_are_the_same_in_both_builds(game_id: str) -> None:
    """The compiled observation encoder and table (issue 36) give bit for bit the pure build's vectors
    and masks over seeded random episodes at 2 and 4 seats."""
    pytest.importorskip("pettingzoo")
    runs = {pure: _run([game_id], pure, _RL) for pure in (True, False)}
    assert [build for build, _ in runs.values()] == ["pure", "compiled"]
    assert runs[True][1] == runs[False][1]
    assert all(int(line.split()[1]) > 50 for line in runs[True][1].splitlines())  # whole episodes were played


@pytest.mark.usefixtures("compiled")
def test_scenarios_give_the_same_results_in_both_builds() -> None:
    """The scenario runner reports the same for every scenario (the games' packaged ones and the shared ones)."""
    paths = [str(ROOT / "src" / "kartentisch" / "games"), *([str(SHARED)] if SHARED.is_dir() else [])]
    runs = {pure: _run(["scenario", *paths], pure) for pure in (True, False)}
    assert [build for build, _ in runs.values()] == ["pure", "compiled"]
    assert "0 failed" in runs[True][1]
    assert runs[True][1] == runs[False][1]


def test_pure_is_forced_by_the_variable() -> None:
    """``KARTENTISCH_PURE=1`` loads the pure modules whatever is installed, and says so."""
    script = "import json, kartentisch; print(json.dumps(kartentisch.build_info()))"
    env = {**os.environ, "KARTENTISCH_PURE": "1"}
    info = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                                     check=True).stdout)
    assert info == {"build": "pure", "reason": "KARTENTISCH_PURE=1"}
