"""Rules tests of ``colors`` (spec: shared/rules/colors.md); each test names the rule it checks."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import kartentisch.games  # noqa: F401  (registers the games)
from kartentisch.games.colors import GAME, colour_score, match_winners, score_round
from kartentisch.games.colors.cards import deck_codes, hand_size
from kartentisch.kernel import IllegalAction, InvalidOptions, InvalidState, RandomBot
from kartentisch.kernel.scenario import run_paths

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT / "src" / "kartentisch" / "games" / "colors" / "scenarios" / "shared"
CANON = deck_codes(4)


def base_doc() -> dict[str, Any]:
    """A valid 3-player play-phase document (shared scenario 05's start)."""
    sc = json.loads((SHARED / "05-neighbours-both-sides.json").read_text(encoding="utf-8"))
    return copy.deepcopy(sc["state"])


def pick_doc() -> dict[str, Any]:
    """A valid 3-player pick-phase document (shared scenario 15's start)."""
    sc = json.loads((SHARED / "15-load-open-pick.json").read_text(encoding="utf-8"))
    return copy.deepcopy(sc["state"])


def round_over_doc() -> dict[str, Any]:
    """A valid 3-player round_over document (shared scenario 14's start)."""
    sc = json.loads((SHARED / "14-next-round-deal.json").read_text(encoding="utf-8"))
    return copy.deepcopy(sc["state"])


# ----------------------------------------------------------------------------- scoring (R14-R17)
@pytest.mark.parametrize(("counts", "score"), [
    ([4, 2, 2, 1], 3),            # worked example 4: 4 - 1
    ([1, 1, 1, 2], -1),           # 2 - (1+1+1)
    ([5, 5, 1, 1, 2], 8),         # (5+5) - (1+1)
    ([2, 2, 2, 2, 2], 10),        # R15: all equal, no minus
    ([3, 2, 2, 2, 2], -5),        # 3 - 8
    ([0, 4, 0], 4),               # R15: a single colour
    ([], 0), ([0, 0, 0], 0),      # R15: nothing collected
])
def test_colour_score_worked_examples(counts: list[int], score: int) -> None:
    """colors R14, R15, D10 (worked example 4)."""
    assert colour_score(counts) == score


def test_score_round_counts_colours_not_numbers() -> None:
    """colors R14: only colours count; one score per seat in seat order."""
    assert score_round([["b0", "b9", "g5"], [], ["y1", "y2", "y3"]]) == [2 - 1, 0, 3]


def test_match_winners_tie_breaks() -> None:
    """colors R17, D12 (worked example 5): best single round breaks a tie; else shared."""
    assert match_winners([[10, 6], [8, 12], [7, 9], [5, 3]], [30, 30]) == [1]
    assert match_winners([[5, 3], [3, 5]], [8, 8]) == [0, 1]
    assert match_winners([[9, 1, 9]], [9, 1, 9]) == [0, 2]
    assert match_winners([[1, 2]], [1, 2]) == [1]


# ----------------------------------------------------------------------------- setup (R1-R4)
@pytest.mark.parametrize(("players", "cards", "hand", "draw"), [
    (2, 30, 6, 14), (3, 40, 6, 18), (4, 50, 6, 22), (5, 50, 5, 21), (6, 50, 5, 16),
])
def test_setup_table(players: int, cards: int, hand: int, draw: int) -> None:
    """colors R1, R2, R4: the setup table for every player count."""
    state = GAME.new_state(players, seed=players)
    doc = state.to_doc()
    assert len(GAME.deck(players, state.options)) == cards == sum(state.cards().values())
    assert hand_size(players) == hand
    assert all(len(h) == hand for h in doc["zones"]["hands"])
    assert len(doc["zones"]["centre"]) == 4
    assert len(doc["zones"]["draw"]) == draw
    assert state.cards() == Counter(deck_codes(players))


def test_canonical_deal_example() -> None:
    """colors R4 example: 4 players, canonical deck."""
    doc = GAME.new_state(4, deck=deck_codes(4)).to_doc()
    assert doc["zones"]["hands"][0] == ["b0", "b4", "b8", "g2", "g6", "p0"]
    assert doc["zones"]["centre"] == ["p4", "p5", "p6", "p7"]
    assert doc["zones"]["draw"][:3] == ["p8", "p9", "r0"]
    assert (doc["dealer"], doc["to_act"]) == (3, [0])


@pytest.mark.parametrize("deck", [
    deck_codes(2)[:-1],                          # too short
    deck_codes(2)[:-1] + ["b0"],                 # a duplicate
    deck_codes(2)[:-1] + ["y9"],                 # a colour not in play (R1)
    deck_codes(3),                               # wrong count for 2 players
])
def test_bad_stacked_deck_rejected(deck: list[str]) -> None:
    """colors R4: a deck that is not a permutation of the cards in play is rejected at setup."""
    with pytest.raises(InvalidState, match="colors R4"):
        GAME.new_state(2, deck=deck)


@pytest.mark.parametrize("options", [
    {"target_score": 0}, {"target_score": "30"}, {"max_rounds": 0}, {"first_player": 2}, {"first_player": -1},
    {"nonsense": 1}, {"target_score": True},
])
def test_bad_options_rejected(options: dict[str, Any]) -> None:
    """colors *Options*: unknown names and out-of-range values are rejected."""
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, options)


def test_player_range() -> None:
    """colors: 2–6 players."""
    for players in (1, 7):
        with pytest.raises(InvalidOptions):
            GAME.new_state(players)


def test_defaults_filled_in() -> None:
    """colors *Options*: effective options with defaults."""
    assert GAME.new_state(2, seed=1).to_doc()["options"] == {"target_score": 30, "max_rounds": None, "first_player": 0}


@pytest.mark.parametrize("first", [0, 1, 2, 3, 4])
def test_start_player_and_dealer_rotate(first: int) -> None:
    """colors R3, R18, D3: start player (first + r - 1) mod n, dealer to its right, both move clockwise."""
    n = 5
    state = GAME.new_state(n, {"first_player": first, "target_score": 1000}, seed=first)
    bots = RandomBot(first)
    for rnd in range(1, 4):
        start = (first + rnd - 1) % n
        assert (state.round, state.to_act(), state.dealer) == (rnd, [start], (start - 1) % n)
        while state.phase in ("play", "pick"):
            seat = state.to_act()[0]
            state.apply(seat, bots.choose(state, seat))
        assert state.to_act() == [start]  # R18: the start player of the scored round deals
        state.apply(start, "deal")


# ----------------------------------------------------------------------------- errors (R19)
@pytest.mark.parametrize(("seat", "token", "rule"), [
    (1, "play:b1", "colors R5"),      # out of turn
    (0, "play:b1", "colors R5"),      # not in own hand
    (0, "pick:b3", "colors R9"),      # no pick open
    (0, "deal", "colors R18"),        # deal outside round_over
    (0, "draw", "colors R19"),        # unknown verb
])
def test_errors_name_the_rule_and_change_nothing(seat: int, token: str, rule: str) -> None:
    """colors R19: the error names the rule broken; the state is unchanged."""
    state = GAME.load(base_doc(), seed=1)
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, token)
    assert info.value.rule == rule
    assert rule in str(info.value)
    assert state.to_doc() == before


def test_pick_errors() -> None:
    """colors R9, R19: play while a pick is open; a pick that is not a candidate of the open side."""
    state = GAME.load(pick_doc(), seed=1)
    before = state.to_doc()
    for token in ("play:b1", "pick:b9", "pick:b4", "deal"):
        with pytest.raises(IllegalAction) as info:
            state.apply(1, token)
        assert info.value.rule == ("colors R18" if token == "deal" else "colors R9")
        assert state.to_doc() == before


def test_after_match_end_everything_rejected() -> None:
    """colors R16, R19: after the match ended every token is rejected naming R16."""
    state = GAME.new_state(2, {"max_rounds": 1}, seed=3)
    bot = RandomBot(3)
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
    assert state.to_act() == [] and state.round == 1
    for seat in (0, 1):
        assert state.legal_actions(seat) == []
        with pytest.raises(IllegalAction, match="colors R16"):
            state.apply(seat, "deal")


def test_round_over_only_deal() -> None:
    """colors R18: in round_over the start player's only token is deal; others act out of turn."""
    state = GAME.load(round_over_doc(), seed=1)
    assert state.legal_actions(0) == ["deal"]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="colors R18"):
        state.apply(0, "play:b0")
    with pytest.raises(IllegalAction, match="colors R5"):
        state.apply(1, "deal")


def test_deal_reshuffles_all_cards_with_seed() -> None:
    """colors R4, R18: deal gathers all cards in play and shuffles with the match generator."""
    a, b, c = (GAME.load(round_over_doc(), seed=s) for s in (7, 7, 8))
    for state in (a, b, c):
        state.apply(0, "deal")
        assert state.cards() == Counter(deck_codes(3))
        assert [len(h) for h in state.to_doc()["zones"]["hands"]] == [6, 6, 6]
        assert state.scores == [[3, -1, 5]] and state.totals == [3, -1, 5]
    assert a.to_doc() == b.to_doc()
    assert a.to_doc()["zones"]["draw"] != c.to_doc()["zones"]["draw"]


# ----------------------------------------------------------------------------- loading
def _mutations() -> list[tuple[str, Any]]:
    def m(fn: Any) -> Any:
        return fn
    return [
        ("duplicate card", m(lambda d: d["zones"]["centre"].append("b0"))),
        ("missing card", m(lambda d: d["zones"]["draw"].pop())),
        ("card not in play", m(lambda d: d["zones"]["draw"].append("y0"))),
        ("bad colours", m(lambda d: d["zones"].__setitem__("colours", ["b", "g", "p"]))),
        ("hands per seat", m(lambda d: d["zones"]["hands"].pop())),
        ("collections per seat", m(lambda d: d["zones"]["collections"].append([]))),
        ("round 0", m(lambda d: d.__setitem__("round", 0))),
        ("wrong dealer", m(lambda d: d.__setitem__("dealer", 0))),
        ("bad phase", m(lambda d: d.__setitem__("phase", "draw"))),
        ("game_over flag", m(lambda d: d.__setitem__("game_over", True))),
        ("totals mismatch", m(lambda d: d.__setitem__("totals", [1, 0, 0]))),
        ("scores per seat", m(lambda d: (d.__setitem__("scores", [[1, 2]]), d.__setitem__("totals", [1, 2, 0])))),
        ("to_act two seats", m(lambda d: d.__setitem__("to_act", [0, 1]))),
        ("to_act empty hand", m(lambda d: (d["zones"]["draw"].extend(d["zones"]["hands"][1]),
                                           d["zones"]["hands"].__setitem__(1, []), d.__setitem__("to_act", [1])))),
        ("pending in play", m(lambda d: d["zones"].__setitem__("pending", pick_doc()["zones"]["pending"]))),
        ("winners before end", m(lambda d: d.__setitem__("winners", [0]))),
        ("bad last", m(lambda d: d["zones"].__setitem__("last", {"seat": 9}))),
        ("zones missing", m(lambda d: d.__delitem__("zones"))),
    ]


@pytest.mark.parametrize(("what", "mutate"), _mutations(), ids=[w for w, _ in _mutations()])
def test_invalid_play_state_rejected(what: str, mutate: Any) -> None:
    """colors *State document* loading rules: every violation raises InvalidState."""
    doc = base_doc()
    GAME.load(doc)  # the unmutated document is valid
    mutate(doc)
    with pytest.raises(InvalidState, match="colors"):
        GAME.load(doc)


@pytest.mark.parametrize(("what", "change"), [
    ("options not all centre cards", lambda p: p.__setitem__("options", ["p6"])),
    ("number not the neighbour", lambda p: p.__setitem__("number", 4)),
    ("card not collected", lambda p: p.__setitem__("card", "b2") or p.__setitem__("number", 3)),
    ("taken not collected", lambda p: p.__setitem__("taken", ["b9"])),
    ("taken on lower side", lambda p: p.__setitem__("side", "lower") or p.__setitem__("number", 4)),
    ("bad side", lambda p: p.__setitem__("side", "left")),
])
def test_invalid_pending_rejected(what: str, change: Any) -> None:
    """colors R9, *State document*: a pick-phase document needs a complete, consistent pending."""
    doc = pick_doc()
    GAME.load(doc)
    change(doc["zones"]["pending"])
    with pytest.raises(InvalidState):
        GAME.load(doc)


def test_pick_phase_needs_pending() -> None:
    """colors *State document*: phase pick without pending is rejected."""
    doc = pick_doc()
    doc["zones"]["pending"] = None
    with pytest.raises(InvalidState, match="pending"):
        GAME.load(doc)


def test_round_over_rules() -> None:
    """colors *State document*: round_over needs empty hands and the start player in to_act."""
    doc = round_over_doc()
    doc["to_act"] = [1]
    with pytest.raises(InvalidState, match="R18"):
        GAME.load(doc)
    doc = round_over_doc()
    doc["zones"]["hands"][0] = [doc["zones"]["draw"].pop()]
    with pytest.raises(InvalidState, match="R13"):
        GAME.load(doc)


def test_game_over_winners_follow_r17() -> None:
    """Decision: a game_over document's winners are R17's; missing ones are computed, wrong ones rejected."""
    doc = round_over_doc()
    doc.update(phase="game_over", game_over=True, to_act=[])
    del doc["winners"]
    assert GAME.load(doc).winners == [2]
    doc["winners"] = [0]
    with pytest.raises(InvalidState, match="R17"):
        GAME.load(doc)


def test_loading_defaults_and_round_trip() -> None:
    """colors *State document*: pending/last/game_over/winners default; load(to_doc()) is identical."""
    doc = base_doc()
    for key in ("game_over", "winners"):
        del doc[key]
    for key in ("pending", "last", "colours"):
        del doc["zones"][key]
    state = GAME.load(doc)
    assert state.to_doc()["zones"]["pending"] is None and state.to_doc()["winners"] == []
    for src in (base_doc(), pick_doc(), round_over_doc()):
        state = GAME.load(src, seed=2)
        assert GAME.load(state.to_doc()).to_doc() == state.to_doc()


# ----------------------------------------------------------------------------- views, clone, determinize
def test_views_hide_other_hands_and_draw() -> None:
    """colors R20: a seat sees its own hand; other hands and the draw pile only as '?'."""
    state = GAME.load(base_doc())
    full = state.to_doc()
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        zones = view["zones"]
        for s, hand in enumerate(zones["hands"]):
            assert hand == (full["zones"]["hands"][s] if s == seat else ["?"] * len(full["zones"]["hands"][s]))
        assert zones["draw"] == ["?"] * len(full["zones"]["draw"])
        assert zones["centre"] == full["zones"]["centre"] and zones["collections"] == full["zones"]["collections"]
        hidden = {c for s, h in enumerate(full["zones"]["hands"]) if s != seat for c in h} | set(full["zones"]["draw"])
        assert not hidden & set(json.dumps(view).replace('"', " ").replace(",", " ").split())


def test_determinize_keeps_the_view() -> None:
    """Kernel contract: determinize re-deals hidden cards only; view(seat) unchanged; self unchanged."""
    state = GAME.load(pick_doc(), seed=1)
    before = state.to_doc()
    rng = random.Random(5)
    moved = False
    for seat in range(3):
        for _ in range(5):
            world = state.determinize(seat, rng)
            assert world.view(seat) == state.view(seat)
            assert world.cards() == state.cards()
            moved |= world.to_doc() != before
    assert moved
    assert state.to_doc() == before


def test_clone_is_independent() -> None:
    """Kernel contract: a clone shares no mutable zone and replays the same generator."""
    state = GAME.load(round_over_doc(), seed=4)
    twin = state.clone()
    twin.apply(0, "deal")
    assert state.phase == "round_over" and state.round == 1
    state.apply(0, "deal")
    assert state.to_doc() == twin.to_doc()


# ----------------------------------------------------------------------------- whole matches
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_full_matches(players: int, seed: int) -> None:
    """colors R5–R18 end to end: conservation, round-trip, sorted zones, scores, winners."""
    state = GAME.new_state(players, {"target_score": 15}, seed=seed)
    bot = RandomBot(seed)
    cards = Counter(deck_codes(players))
    steps = 0
    while not state.game_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        shown = [t.partition(":")[2] for t in legal]
        assert legal == ["deal"] or shown == sorted(shown, key=CANON.index)  # display order: canonical
        assert all(state.legal_actions(s) == [] for s in range(players) if s != seat)
        state.apply(seat, bot.choose(state, seat))
        steps += 1
        assert state.cards() == cards
        doc = state.to_doc()
        assert GAME.load(doc).to_doc() == doc
        assert doc["zones"]["centre"] == sorted(doc["zones"]["centre"], key=CANON.index)
        if state.phase == "round_over":
            collections = doc["zones"]["collections"]
            assert state.scores[-1] == score_round(collections)
            assert not any(doc["zones"]["hands"])
        assert steps < 100_000
    assert max(state.totals) >= 15
    assert state.winners == match_winners(state.scores, state.totals)
    assert state.totals == [sum(r[s] for r in state.scores) for s in range(players)]


def test_all_conformance_scenarios_pass() -> None:
    """Every colors scenario passes, ours and our copies of the shared ones (CONVENTIONS *Scenario files*)."""
    results = run_paths([ROOT / "src" / "kartentisch" / "games" / "colors" / "scenarios"])
    assert len(results) >= 30
    assert [(r.path, r.failures) for r in results if r.failures] == []


def test_round_score_now_scores_the_collections_as_they_stand() -> None:
    """``round_score_now`` (the provisional round score a search evaluates with) is R14/R15 applied to each
    collection now, cards in hands, centre and draw pile counting nothing (R13); a play's capture (R8) shows at
    once, and once the round is over it equals the round's entry in ``scores`` (R16). Hand-computed."""
    draw = ["b0", "b1", "b2", "g6", "g7", "g8", "g9", "p3", "p4", "p5", "p6"]
    doc = {"game": "colors", "players": 2, "round": 1, "dealer": 1, "to_act": [0], "phase": "play",
           "scores": [], "totals": [0, 0],
           "zones": {"hands": [["b6"], ["p9"]], "centre": ["b8", "b9", "g4", "g5"], "draw": draw,
                     "collections": [["b3", "b4", "b5", "b7", "g0", "g1", "p0"],   # 4 b, 2 g, 1 p: 4 − 1 = 3
                                     ["g2", "g3", "p1", "p2", "p7", "p8"]]}}       # 2 g, 4 p: 4 − 2 = 2
    state = GAME.load(doc, seed=1)
    assert state.round_score_now() == [3, 2]
    assert state.to_doc()["zones"]["draw"] == draw  # nothing read changed the state
    state.apply(0, "play:b6")  # R8: no 6 in the centre; the lone 5 (g5) is taken, no 7 there
    assert state.round_score_now() == [4, 2]       # 5 b, 3 g, 1 p: 5 − 1
    state.apply(1, "play:p9")  # R7: equal number, takes b9: 1 b, 2 g, 5 p: 5 − 1 = 4; the round ends (R13)
    assert state.round_over and state.scores == [[4, 4]] and state.round_score_now() == [4, 4]
    empty = GAME.new_state(3, None, seed=2)
    assert empty.round_score_now() == [0, 0, 0]  # R15: nothing collected scores 0
