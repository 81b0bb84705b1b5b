"""The examples run (small arguments) and do what they say."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_agent_loop() -> None:
    totals = _load("pettingzoo_random").main("chips", 3, 5)
    assert sum(totals.values()) == pytest.approx(1.0)


def test_ismcts_against_the_heuristic_bot() -> None:
    results = _load("openspiel_ismcts_vs_heuristic").play("colors", matches=1, simulations=3)
    assert len(results) == 1 and results[0] in (0.0, 0.5, 1.0)


def test_replay_as_action_history() -> None:
    history = _load("openspiel_replay").replay("grid", 3)
    assert history[:4] == list((3).to_bytes(4, "big"))


@pytest.mark.slow
def test_maskable_ppo_example_trains_and_evaluates(tmp_path: Path) -> None:
    """A few thousand steps of the training example: it learns nothing yet, but every part runs."""
    pytest.importorskip("sb3_contrib")
    figures = _load("train_maskable_ppo").main(["--max-steps", "2048", "--envs", "2", "--checkpoints", "0",
                                                "--eval-matches", "4", "--out", str(tmp_path / "c.png"),
                                                "--json", str(tmp_path / "c.json")])
    assert figures["env_steps"] >= 2048 and figures["final"]["matches"] == 4
    assert 0 <= figures["final"]["win_rate"] <= 1 and (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"
