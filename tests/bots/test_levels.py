"""The lobby's bot levels and the labels' strength words follow each game's measured round robin (issue 36).

Reads the committed ``bench/strength/round-robin-<game>-2p.json`` (``bench/strength/round_robin.py``): a new
measurement that changes an order fails here until :data:`kartentisch.bots.levels.MEASURED` follows it.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kartentisch.bots import SCALE, bot_kind, bot_label
from kartentisch.bots.levels import LEVEL_SPECS, MEASURED, lobby_levels, shipped_policy
from kartentisch.games import all_games

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g.id for g in all_games()]


def _measured(game: str) -> dict[str, Any]:
    return json.loads((ROOT / "bench" / "strength" / f"round-robin-{game}-2p.json").read_text(encoding="utf-8"))


def _spec(name: str) -> str:
    """A bot as the round robin's file names it, as :data:`MEASURED` does (``policy``: the shipped file)."""
    return "policy" if name.startswith("policy:") else name


def _elo(doc: dict[str, Any]) -> dict[str, float]:
    return {_spec(name): r["elo"] for name, r in doc["ratings"].items()}


@pytest.mark.parametrize("game", GAMES)
def test_measured_order_is_the_round_robins(game: str) -> None:
    doc = _measured(game)
    assert doc["players"] == 2 and len(doc["pairs"]) == len(doc["bots"]) * (len(doc["bots"]) - 1) // 2
    assert all(p["matches"] > 0 for p in doc["pairs"])
    assert MEASURED[game] == tuple(_spec(name) for name in reversed(doc["order"]))


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_policy_is_the_one_measured(game: str) -> None:
    doc = _measured(game)
    hashes = {_spec(name): sha for name, sha in doc["policy_sha256"].items()}
    if shipped_policy(game).exists():
        assert hashes == {"policy": hashlib.sha256(shipped_policy(game).read_bytes()).hexdigest()}, \
            f"{game} ships another policy than the one measured: run bench/strength/round_robin.py {game} again"
    else:
        assert hashes == {}


@pytest.mark.parametrize("game", GAMES)
def test_the_lobbys_levels_are_in_rating_order(game: str) -> None:
    elo = _elo(_measured(game))
    learned = shipped_policy(game) if shipped_policy(game).exists() else None
    levels = lobby_levels(game, learned)
    assert set(levels) == set(LEVEL_SPECS) - ({"learned"} if learned is None else set())
    ratings = [elo[LEVEL_SPECS[kind]] for kind in levels]
    assert ratings == sorted(ratings), f"{game}: {list(zip(levels, ratings, strict=True))}"


LARGER = sorted((ROOT / "bench" / "strength").glob("round-robin-*-[3-9]p.json"))


@pytest.mark.parametrize("path", LARGER, ids=[p.stem for p in LARGER])
def test_the_lobbys_levels_keep_their_order_at_more_seats(path: Path) -> None:
    """The measured order holds at a larger table too (issue 36: "≥ 3 players"): random, the heuristic and
    ISMCTS-1000 in the lobby's order, every pair of them having played."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["players"] > 2 and doc["game"] in GAMES
    played = {frozenset(map(_spec, p["bots"])) for p in doc["pairs"] if p["matches"] > 0}
    elo = _elo(doc)
    levels = [kind for kind in lobby_levels(doc["game"]) if LEVEL_SPECS[kind] in elo]
    assert len(levels) >= 3, f"{path.name} rates too few of the lobby's levels"
    assert all(frozenset({LEVEL_SPECS[a], LEVEL_SPECS[b]}) in played for a in levels for b in levels if a != b)
    ratings = [elo[LEVEL_SPECS[kind]] for kind in levels]
    assert ratings == sorted(ratings), f"{path.name}: {list(zip(levels, ratings, strict=True))}"


def test_larger_tables_were_measured() -> None:
    assert {json.loads(p.read_text(encoding="utf-8"))["game"] for p in LARGER} == set(GAMES)  # every game at 4 seats


@pytest.mark.parametrize("game", GAMES)
def test_the_labels_strength_words_are_in_rating_order(game: str) -> None:
    elo = _elo(_measured(game))
    place = {kind: i for i, kinds in enumerate(SCALE) for kind in kinds}
    bots = sorted((spec for spec in elo if spec != "policy"), key=elo.__getitem__)
    places = [place[bot_kind(spec)] for spec in bots]
    assert places == sorted(places), f"{game}: {[(s, bot_kind(s), round(elo[s])) for s in bots]}"


def test_ismcts_100_is_not_called_weaker_than_the_heuristic() -> None:
    # colors: ISMCTS-100 rated above the heuristic (issue 36), once labelled "weak" below "steady"
    assert bot_label("ismcts:iterations=100", 1) == "Bot Max (medium)"
    assert bot_label("ismcts:iterations=100", 1, "de") == "Bot Max (mittel)"
    assert bot_kind("ismcts:iterations=99") == "weak" and bot_kind("ismcts:iterations=1000") == "strong"


def test_an_unmeasured_policy_comes_last_and_an_unmeasured_game_keeps_the_default_order(tmp_path: Path) -> None:
    assert lobby_levels("grid", tmp_path / "other.npz")[-1] == "learned"
    assert lobby_levels("no-such-game", tmp_path / "p.npz") == list(LEVEL_SPECS)
    assert "learned" not in lobby_levels("grid")


def test_the_lobby_page_plays_the_levels_specs() -> None:
    script = (ROOT / "src" / "kartentisch" / "web" / "static" / "lobby.js").read_text(encoding="utf-8")
    found = re.search(r"const BOTS = \{(.*?)\};", script, re.S)
    assert found is not None
    bots = {kind: (bot, iterations) for kind, bot, iterations in
            re.findall(r'(\w+): \{ bot: "(\w+)"(?:, iterations: (\d+))? \}', found.group(1))}
    assert {kind: f"{bot}:iterations={n}" if n else bot for kind, (bot, n) in bots.items()} == LEVEL_SPECS
