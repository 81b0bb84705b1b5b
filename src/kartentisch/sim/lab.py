"""The balance lab: sweeps of one game option, and the labels designers read.

:func:`sweep` plays one simulation per value of an option, every one with the same seeds and
bots (common random numbers: the same deals wherever the option leaves them alone), and compares
each value's figures with the first value's: differences of means with Welch's 95% interval,
differences of shares with Newcombe's. :func:`parse_values` reads the ``--option NAME=V1,V2,…``
syntax.

Labels (:func:`value_label`, :func:`event_label`, :func:`seat_label`) are in the players' words:
card codes become card names (``Game.card_name``), seats are counted from 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import make_bot, parse_spec
from ..games import get_game
from ..kernel import Game, KartentischError
from .engine import rotated_jobs
from .stats import Summary, describe, diff_of_means, diff_of_shares, wilson
from .tournament import play_jobs


def _split_top(raw: str) -> list[str]:
    """``raw`` split at the commas outside brackets, braces and quotes."""
    items, depth, quote, start = [], 0, False, 0
    for i, ch in enumerate(raw):
        if ch == '"':
            quote = not quote
        elif not quote and ch in "[{":
            depth += 1
        elif not quote and ch in "]}":
            depth -= 1
        elif not quote and ch == "," and depth == 0:
            items.append(raw[start:i])
            start = i + 1
    items.append(raw[start:])
    return [item.strip() for item in items]


def _value(item: str) -> Any:
    """One value: JSON (``3``, ``true``, ``null``, ``["s2"]``), a bare list ``[s2,s3]`` of words, or a word."""
    try:
        return json.loads(item)
    except json.JSONDecodeError:
        pass
    if item.startswith("[") and item.endswith("]"):
        inner = item[1:-1].strip()
        return [_value(x) for x in _split_top(inner)] if inner else []
    return item


def parse_values(raw: str) -> tuple[str, list[Any]]:
    """``NAME=V1,V2,…`` as ``(name, values)``; values are JSON or bare words (``[s2,s3]`` a list).

    Raises:
        KartentischError: no ``=``, no name, fewer than two values, or a value twice.
    """
    name, eq, rest = raw.partition("=")
    name = name.strip()
    if not eq or not name:
        raise KartentischError(f"--option {raw!r}: write NAME=V1,V2,… (e.g. end_total=50,100)")
    values = [_value(item) for item in _split_top(rest)]
    if len(values) < 2 or any(item == "" for item in _split_top(rest)):
        raise KartentischError(f"--option {raw!r}: give at least two values, separated by commas")
    seen = [json.dumps(v, sort_keys=True) for v in values]
    if len(set(seen)) != len(seen):
        raise KartentischError(f"--option {raw!r}: a value is given twice")
    return name, values


def _card_or(game: Game, code: str, lang: str) -> str:
    try:
        return game.card_name(code, lang)
    except (KartentischError, ValueError, KeyError):
        return code


def value_label(game: Game, value: Any, lang: str = "en") -> str:
    """An option value in words: card codes as card names, lists joined, ``none``/``on``/``off``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, str):
        return _card_or(game, value, lang)
    if isinstance(value, list):
        return ", ".join(value_label(game, v, lang) for v in value) if value else "none"
    return str(value)


def event_label(game: Game, code: str, lang: str = "en") -> str:
    """A round event or ending in words: an event card by its name, else the label itself."""
    return _card_or(game, code, lang) if code.isalnum() and code.islower() else code


def bot_words(spec: str) -> str:
    """A bot spec as a designer reads it: ``heuristic bot``, ``ISMCTS, 200 iterations``, ``ISMCTS, 0.5 s a move``."""
    name, params = parse_spec(spec)
    if name != "ismcts":
        return f"{name} bot"
    extra = ", ".join(f"{v} s a move" if k == "time_budget_s" else f"{v} {k.replace('_', ' ')}"
                      for k, v in params.items())
    return "ISMCTS" + (f", {extra}" if extra else "")


def unreproducible(specs: Sequence[str]) -> list[str]:
    """The specs whose moves depend on the machine's speed, not only on the seed: ISMCTS with a ``time_budget_s``
    (as many iterations as fit the time; :class:`~kartentisch.bots.ismcts.ISMCTSBot`)."""
    return [spec for spec in specs if spec.startswith("ismcts:") and "time_budget_s" in _params(spec)]


def _params(spec: str) -> dict[str, Any]:
    """``spec``'s parameters, none for a spec that does not parse (it is refused where the bots are made)."""
    try:
        return parse_spec(spec)[1]
    except KartentischError:
        return {}


def seat_label(seat: int) -> str:
    """A seat as players count it: ``Seat 1`` for seat 0."""
    return f"Seat {seat + 1}"


def offset_label(offset: int) -> str:
    """A place after the first mover: ``first mover``, ``2nd to move``, …"""
    if offset == 0:
        return "first mover"
    k = offset + 1
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix} to move"


def simulate(game: str, players: int, bots: Sequence[str], matches: int, seed: int,
             options: dict[str, Any] | None = None, workers: int = 1,
             progress: Callable[[int], None] | None = None, records: bool = True,
             backend: str = "local", address: str | None = None) -> dict[str, Any]:
    """Play ``matches`` rotated matches and return the :class:`~.stats.Summary` document.

    ``backend``/``address`` as :func:`~.tournament.play_jobs` (``"ray"``: Ray tasks, on a cluster at
    ``address``); the document is the same with either backend and any ``workers``.

    Raises:
        KartentischError: unknown game, bad players, options, bot specs or backend; Ray missing.
    """
    g = get_game(game)
    g.resolve_options(players, options)
    for spec in bots:
        make_bot(spec, g, 0, players, options)
    summary = Summary(records)
    jobs = list(rotated_jobs(game, players, list(bots), matches, seed, options))
    for result in play_jobs(jobs, workers, backend, address, progress):
        summary.add(result)
    doc = summary.to_json()
    doc.update(seed=seed, options=dict(options or {}), scores=describe([t for s in summary.seat_totals.values()
                                                                       for t in s]))
    return doc


def _metrics(run: dict[str, Any]) -> dict[str, tuple[str, str, Any]]:
    """The figures a sweep compares: key → (label, kind, estimate block)."""
    rounds = run["rounds"]
    fm = run["first_mover"]
    out: dict[str, tuple[str, str, Any]] = {
        "score": ("mean match total per seat", "mean", run["scores"]),
        "margin": ("winner's lead over the runner-up", "mean", rounds["margin"]),
        "rounds": ("rounds per match", "mean", rounds["per_match"]),
        "decisions": ("decisions per round", "mean", rounds["decisions"]),
        "match_decisions": ("decisions per match (match length)", "mean", rounds["decisions_per_match"]),
        "first_mover": ("first mover's share of round wins", "share",
                        {"k": fm["round_win_rate"] * fm["rounds"], "n": fm["rounds"]}),
    }
    for label, block in rounds["ended"].items():
        out[f"ended:{label}"] = (f"rounds ended: {label}", "share", {"k": block["count"], "n": rounds["count"]})
    for code, block in rounds["events"].items():
        out[f"event:{code}"] = (f"{code} per round", "mean", block["per_round"])
    if len(run["bots"]) > 1:
        for spec, block in run["bots"].items():
            out[f"win:{spec}"] = (f"win rate of the {bot_words(spec)}", "share",
                                  {"k": block["wins"], "n": block["games"]})
    return out


def _estimate(kind: str, block: Any) -> tuple[float, list[float]]:
    if kind == "mean":
        return block["mean"], list(block["ci95"])
    lo, hi = wilson(block["k"], block["n"])
    return (block["k"] / block["n"] if block["n"] else 0.0), [lo, hi]


def _zero_mean() -> dict[str, Any]:
    return describe([])


def compare(runs: Sequence[dict[str, Any]], game: Game, values: Sequence[Any]) -> list[dict[str, Any]]:
    """Every metric of every run, with its difference from the first run (95% intervals).

    A metric a run lacks (an event that never happened there) counts as 0 in it.
    """
    per_run = [_metrics(r) for r in runs]
    keys = list(dict.fromkeys(k for m in per_run for k in m))
    rows = []
    for key in keys:
        label, kind, _ = next(m[key] for m in per_run if key in m)
        blocks = []
        for m, run in zip(per_run, runs, strict=True):
            if key in m:
                blocks.append(m[key][2])
            elif kind == "mean":
                blocks.append(dict(_zero_mean(), n=run["rounds"]["count"]))
            else:
                blocks.append({"k": 0, "n": run["rounds"]["count"]})
        base = blocks[0]
        entries = []
        for value, block in zip(values, blocks, strict=True):
            estimate, ci = _estimate(kind, block)
            diff = (diff_of_means(base, block) if kind == "mean"
                    else diff_of_shares(base["k"], base["n"], block["k"], block["n"]))
            entries.append({"value": value, "label": value_label(game, value), "estimate": estimate, "ci95": ci,
                            "diff": diff["diff"], "diff_ci95": diff["ci95"]})
        code = key.partition(":")[2]
        if key.startswith("event:"):
            label = f"{event_label(game, code)} per round"
        elif key.startswith("ended:"):
            label = f"rounds ended: {event_label(game, code)}"
        rows.append({"key": key, "label": label, "kind": kind, "values": entries})
    return rows


def sweep(game: str, players: int, bots: Sequence[str], matches: int, seed: int, option: str,
          values: Sequence[Any], options: dict[str, Any] | None = None, workers: int = 1,
          progress: Callable[[int], None] | None = None, backend: str = "local",
          address: str | None = None) -> dict[str, Any]:
    """One simulation per value of ``option`` (the same seeds and bots each time), compared with the first
    (each by :func:`simulate`, with ``workers``, ``backend`` and ``address`` as there).

    Returns:
        ``{"game", "players", "bots", "matches", "seed", "option", "values", "labels", "options",
        "score_direction", "runs": [summary per value, without match records], "metrics": [{"key",
        "label", "kind": "mean"|"share", "values": [{"value", "label", "estimate", "ci95", "diff",
        "diff_ci95"}]}]}`` — ``diff`` is the value's estimate minus the first value's.
    Raises:
        KartentischError: unknown game or option, a value the option refuses (naming it), bad bots.
    """
    g = get_game(game)
    known = {o.name for o in g.options}
    if option not in known:
        raise KartentischError(f"sweep: {game} has no option {option!r}; options: {', '.join(sorted(known))}")
    base = dict(options or {})
    for value in values:  # each value's options, and each bot at them (a policy is made for one layout)
        try:
            g.resolve_options(players, base | {option: value})
        except KartentischError as exc:
            raise KartentischError(f"sweep: {option}={json.dumps(value)} is refused: {exc}") from None
        for spec in bots:
            try:
                make_bot(spec, g, 0, players, base | {option: value})
            except KartentischError as exc:
                raise KartentischError(f"sweep: at {option}={json.dumps(value)}, bot {spec}: {exc}") from None
    runs = [simulate(game, players, bots, matches, seed, base | {option: value}, workers, progress, records=False,
                     backend=backend, address=address) for value in values]
    return {"game": game, "players": players, "bots": list(bots), "matches": matches, "seed": seed,
            "option": option, "values": list(values), "labels": [value_label(g, v) for v in values],
            "options": base, "score_direction": runs[0]["score_direction"], "runs": runs,
            "metrics": compare(runs, g, values)}
