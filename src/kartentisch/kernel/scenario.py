"""Rules-conformance scenarios (CONVENTIONS.md, *Scenario files*): load, run, check.

:func:`run_scenario` returns the list of failures of one scenario (empty: it passed);
:func:`run_paths` runs files and folders (recursively) — the ``kartentisch scenario`` command.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import IllegalAction, KartentischError
from .game import GameState
from .registry import lookup


@dataclass
class ScenarioResult:
    """Outcome of one scenario file: ``failures`` empty means it passed."""

    path: str
    name: str
    failures: list[str]

    @property
    def passed(self) -> bool:
        """True when every expectation held."""
        return not self.failures


def partial_mismatch(expected: Any, actual: Any, where: str = "state") -> str | None:
    """First difference of a partial document: objects key by key, lists and scalars exactly."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key}: missing (expected {value!r})"
            problem = partial_mismatch(value, actual[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if expected != actual or type(expected) is not type(actual) and not (
        isinstance(expected, (int, float)) and isinstance(actual, (int, float))
        and not isinstance(expected, bool) and not isinstance(actual, bool)
    ):
        return f"{where}: expected {json.dumps(expected)}, got {json.dumps(actual)}"
    return None


def setup_state(sc: Mapping[str, Any]) -> GameState:
    """The scenario's start position: a stacked ``deck``, an explicit ``state`` or a ``seed`` shuffle.

    Raises:
        KartentischError: unknown game, bad options, invalid state or deck.
    """
    game = lookup(sc["game"])
    deck, doc = sc.get("deck"), sc.get("state")
    if deck is not None and doc is not None:
        raise KartentischError("a scenario gives either 'deck' or 'state', not both")
    if doc is not None:
        merged = dict(doc)
        merged["game"] = sc.get("game", doc.get("game"))
        if "players" in sc:
            merged["players"] = sc["players"]
        # CONVENTIONS: the scenario's options merge key by key over the state's own.
        merged["options"] = {**(doc.get("options") or {}), **(sc.get("options") or {})}
        return game.load(merged, seed=sc.get("seed"))
    return game.new_state(sc["players"], sc.get("options") or {}, sc.get("seed"), deck)


def _parse_action(action: str) -> tuple[int, str]:
    seat, _, line = action.partition(":")
    if not (seat.isascii() and seat.isdigit()) or not line:
        raise KartentischError(f"action {action!r} is not '<seat>:<token>'")
    return int(seat), line


def check_expectations(state: GameState, expect: Mapping[str, Any]) -> list[str]:
    """Failures of the end-of-scenario expectations ``legal``, ``illegal``, ``round_over`` … ``state``."""
    failures: list[str] = []
    doc = state.to_doc()
    for seat_key, tokens in (expect.get("legal") or {}).items():
        actual = state.legal_actions(int(seat_key))
        if sorted(actual) != sorted(tokens) or len(actual) != len(set(actual)):
            missing = sorted(set(tokens) - set(actual))
            extra = sorted(set(actual) - set(tokens))
            failures.append(f"legal[{seat_key}]: missing {missing}, unexpected {extra}")
    for seat_key, tokens in (expect.get("illegal") or {}).items():
        for token in tokens:
            before = state.to_doc()
            try:
                state.apply(int(seat_key), token)
            except IllegalAction:
                if state.to_doc() != before:
                    failures.append(f"illegal[{seat_key}]: rejecting {token!r} changed the state")
            else:
                failures.append(f"illegal[{seat_key}]: {token!r} was accepted")
                return failures  # the state moved on; later checks would mislead
    if "round_over" in expect and state.round_over != expect["round_over"]:
        failures.append(f"round_over: expected {expect['round_over']}, phase is {state.phase!r}")
    for key in ("scores", "totals", "game_over", "winners"):
        if key in expect:
            problem = partial_mismatch(expect[key], doc.get(key), key)
            if problem:
                failures.append(problem)
    if expect.get("state") is not None:
        problem = partial_mismatch(expect["state"], doc)
        if problem:
            failures.append(problem)
    return failures


def run_scenario(sc: Mapping[str, Any]) -> list[str]:
    """Run one scenario object; return its failures (empty list: passed)."""
    expect = sc.get("expect") or {}
    try:
        state = setup_state(sc)
    except KartentischError as exc:
        return [f"setup failed: {exc}"]
    error_at = expect.get("error_at")
    for index, action in enumerate(sc.get("actions") or []):
        try:
            seat, line = _parse_action(action)
        except KartentischError as exc:
            return [str(exc)]
        before = state.to_doc()
        try:
            state.apply_line(seat, line)
        except IllegalAction as exc:
            if index != error_at:
                return [f"action {index} {action!r} rejected: {exc}"]
            if state.to_doc() != before:
                return [f"action {index} {action!r}: rejection changed the state"]
            break
        if index == error_at:
            return [f"action {index} {action!r} was accepted, expected a rejection"]
    else:
        if error_at is not None:
            return [f"error_at {error_at}: only {len(sc.get('actions') or [])} actions, none rejected"]
    return check_expectations(state, expect)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files under ``paths`` (folders recursively, ``*.json``), sorted per argument."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(p.rglob("*.json")))
        elif p.exists():
            files.append(p)
        else:
            raise FileNotFoundError(f"no such scenario file or folder: {p}")
    return files


def run_file(path: Path) -> ScenarioResult:
    """Load and run one scenario file (a malformed file is a failure, not a crash)."""
    try:
        sc = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(sc, dict) or "game" not in sc:
            raise ValueError("not a scenario object with a 'game'")
    except (OSError, ValueError) as exc:
        return ScenarioResult(str(path), path.name, [f"unreadable scenario: {exc}"])
    return ScenarioResult(str(path), str(sc.get("name", path.name)), run_scenario(sc))


def run_paths(paths: Iterable[str | Path]) -> list[ScenarioResult]:
    """Run every scenario file under ``paths``."""
    return [run_file(f) for f in scenario_files(paths)]
