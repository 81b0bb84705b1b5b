"""Rules-conformance scenarios (CONVENTIONS.md, *Scenario files*): load, run, check.

:func:`run_scenario` returns the list of failures of one scenario (empty: it passed);
:func:`run_paths` runs files and folders (recursively) — the ``kartentisch scenario`` command.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from .errors import IllegalAction, KartentischError
from .game import GameState
from .registry import lookup

#: A seat as a JSON key or an action's prefix: a canonical number (no sign, no leading zero, ASCII).
_SEAT = r"(0|[1-9][0-9]{0,2})"
SeatKey = Annotated[str, StringConstraints(pattern=f"^{_SEAT}$")]
Action = Annotated[str, StringConstraints(pattern=f"^{_SEAT}:.+$")]


class Expect(BaseModel):
    """``expect`` of a scenario file (CONVENTIONS *Scenario files*): every key optional."""

    model_config = ConfigDict(strict=True, extra="forbid")
    error_at: Annotated[int, Field(ge=0)] | None = None
    legal: dict[SeatKey, list[str]] | None = None
    illegal: dict[SeatKey, list[str]] | None = None
    round_over: bool | None = None
    scores: list[Any] | None = None
    totals: list[Any] | None = None
    game_over: bool | None = None
    winners: list[Any] | None = None
    state: dict[str, Any] | None = None


class Scenario(BaseModel):
    """The shape of a scenario file (CONVENTIONS *Scenario files*), checked before it runs.

    Unknown keys are refused, so a misspelt ``expect`` cannot pass by checking nothing.
    """

    model_config = ConfigDict(strict=True, extra="forbid")
    name: str | None = None
    rule: str | None = None
    game: str
    players: Annotated[int, Field(ge=1)] | None = None
    options: dict[str, Any] | None = None
    seed: int | None = None
    deck: list[str] | None = None
    state: dict[str, Any] | None = None
    actions: list[Action] = []
    expect: Expect = Expect()

    @model_validator(mode="after")
    def _start(self) -> Scenario:
        if self.deck is not None and self.state is not None:
            raise ValueError("a scenario gives either 'deck' or 'state', not both")
        if self.state is None and self.players is None:
            raise ValueError("'players' is required unless a 'state' is given")
        return self


def scenario_problems(sc: Any) -> list[str]:
    """What is wrong with the shape of scenario object ``sc`` (empty: nothing), one line per error."""
    try:
        Scenario.model_validate(sc)
    except ValidationError as exc:
        return [f"{'.'.join(map(str, e['loc'])) or 'scenario'}: {e['msg']}" for e in exc.errors()]
    return []


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

    ``sc`` has the shape :class:`Scenario` checks (:func:`run_scenario` checks it first).

    Raises:
        KartentischError: unknown game, bad options, invalid state or deck.
    """
    game = lookup(sc["game"])
    deck, doc = sc.get("deck"), sc.get("state")  # not both: :class:`Scenario` checked the shape
    if doc is not None:
        if not isinstance(doc.get("options") or {}, Mapping):
            raise KartentischError(f"state.options must be an object, not {doc['options']!r}")
        merged = dict(doc)
        merged["game"] = sc.get("game", doc.get("game"))
        if "players" in sc:
            merged["players"] = sc["players"]
        # CONVENTIONS: the scenario's options merge key by key over the state's own.
        merged["options"] = {**(doc.get("options") or {}), **(sc.get("options") or {})}
        return game.load(merged, seed=sc.get("seed"))
    return game.new_state(sc["players"], sc.get("options") or {}, sc.get("seed"), deck)


def check_expectations(state: GameState, expect: Mapping[str, Any]) -> list[str]:
    """Failures of the end-of-scenario expectations ``legal``, ``illegal``, ``round_over`` … ``state``."""
    failures: list[str] = []
    doc = state.to_doc()
    seats = {**(expect.get("legal") or {}), **(expect.get("illegal") or {})}
    failures += [f"expect: no seat {key} at a table of {state.players}" for key in seats if int(key) >= state.players]
    if failures:
        return failures
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
    """Run one scenario object; return its failures (empty list: passed).

    A malformed object (see :class:`Scenario`) fails with what is wrong with it, and runs nothing.
    """
    problems = scenario_problems(sc)
    if problems:
        return [f"malformed scenario: {p}" for p in problems]
    expect = sc.get("expect") or {}
    try:
        state = setup_state(sc)
    except KartentischError as exc:
        return [f"setup failed: {exc}"]
    error_at = expect.get("error_at")
    for index, action in enumerate(sc.get("actions") or []):
        seat, _, line = action.partition(":")  # shape checked by Scenario: "<seat>:<token…>"
        before = state.to_doc()
        try:
            state.apply_line(int(seat), line)
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
    except (OSError, ValueError, RecursionError) as exc:  # RecursionError: JSON nested too deeply
        return ScenarioResult(str(path), path.name, [f"unreadable scenario: {exc}"])
    return ScenarioResult(str(path), str(sc.get("name", path.name)), run_scenario(sc))


def run_paths(paths: Iterable[str | Path]) -> list[ScenarioResult]:
    """Run every scenario file under ``paths``."""
    return [run_file(f) for f in scenario_files(paths)]
