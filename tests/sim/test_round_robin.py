"""bench/strength/round_robin.py: every pair plays with seats alternated, counts and cuts, ratings with CIs."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from kartentisch.sim.engine import MatchJob
from kartentisch.sim.ratings import ELO_MEAN, elo_from_wins

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("round_robin", ROOT / "bench" / "strength" / "round_robin.py")
assert _spec is not None and _spec.loader is not None
rr = importlib.util.module_from_spec(_spec)
sys.modules["round_robin"] = rr
_spec.loader.exec_module(rr)


def test_every_pair_plays_its_count_with_seats_alternated_and_limits(tmp_path: Path) -> None:
    out = tmp_path / "rr.json"
    rr.main(["colors", "--bots", "random,heuristic,ismcts:iterations=5", "--matches", "6",
             "--limit", "ismcts:iterations=5=4", "--seed", "3", "--bootstrap", "50", "--json", str(out)])
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [p["bots"] for p in doc["pairs"]] == [["random", "heuristic"], ["random", "ismcts:iterations=5"],
                                                 ["heuristic", "ismcts:iterations=5"]]
    assert [p["matches"] for p in doc["pairs"]] == [6, 4, 4]
    for i, pair in enumerate(doc["pairs"]):
        seats = Counter(tuple(m["seats"]) for m in doc["matches"] if m["pair"] == i)
        a, b = pair["bots"]
        assert seats[(a, b)] == seats[(b, a)] == pair["matches"] // 2
        assert pair["wins"][0] + pair["wins"][1] == pair["matches"]
        assert pair["ci95"][0] <= pair["win_rate"] <= pair["ci95"][1]
    assert len({m["seed"] for m in doc["matches"]}) == len(doc["matches"])
    for spec, r in doc["ratings"].items():
        assert r["ci95"][0] <= r["elo"] <= r["ci95"][1], spec
    assert doc["order"][-1] == "random"  # 14 matches against bots that play the rules' way: never ahead
    assert doc["order"] == sorted(doc["bots"], key=lambda s: -doc["ratings"][s]["elo"])


def test_load_prints_the_same_order_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rr.json"
    rr.main(["colors", "--bots", "random,heuristic", "--matches", "4", "--bootstrap", "20", "--json", str(out)])
    first = json.loads(out.read_text(encoding="utf-8"))["order"]
    capsys.readouterr()
    rr.main(["colors", "--load", str(out), "--bootstrap", "20"])
    printed = capsys.readouterr().out
    assert "win rate of the row against the column" in printed
    assert printed.index(first[0]) < printed.index(first[1])
    rr.main(["colors", "--load", str(out), "--bootstrap", "20", "--markdown"])
    table = capsys.readouterr().out
    assert "| rank | bot | Elo | 95% CI |" in table
    assert table.index(f"| 1 | {first[0]} |") < table.index(f"| 2 | {first[1]} |")


def test_the_schedule_advances_every_pair_together_and_stops_at_the_deadline() -> None:
    pairs = [("a", "b"), ("a", "c")]
    jobs = {p: [MatchJob("colors", 2, k, p) for k in range(n)] for p, n in zip(pairs, (8, 4), strict=True)}
    order = [p for p, _ in rr.schedule(pairs, [8, 4], 2, jobs, None)]
    assert order == [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1]  # by the share of its count a rotation completes
    assert list(rr.schedule(pairs, [8, 4], 2, jobs, time.monotonic() - 1)) == []


def test_a_limit_naming_no_bot_is_refused() -> None:
    with pytest.raises(SystemExit, match="--limit 'ismcts=4'.*random, heuristic"):
        rr.main(["colors", "--bots", "random,heuristic", "--limit", "ismcts=4"])


def test_elo_from_wins_is_centred_and_ordered() -> None:
    elo = elo_from_wins(["a", "b", "c"], {("a", "b"): 8, ("b", "a"): 2, ("b", "c"): 7, ("c", "b"): 3})
    assert elo["a"] > elo["b"] > elo["c"]
    assert sum(elo.values()) / 3 == pytest.approx(ELO_MEAN)
    assert elo_from_wins(["a"], {}) == {"a": ELO_MEAN}
