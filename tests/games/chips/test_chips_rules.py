"""Rules of ``chips`` (spec ``shared/rules/chips.md``): tokens, errors, placement, end, match layer."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kartentisch.games import get_game
from kartentisch.games.chips.cards import DECK, NO_EFFECTS, SPECIAL_ORDER, effects, face_up
from kartentisch.games.chips.notation import Take, parse
from kartentisch.games.chips.rules import ChipsState
from kartentisch.kernel import IllegalAction, InvalidOptions, InvalidState, MalformedToken, RandomBot

GAME = get_game("chips")
ALL7 = [f"take:{i}" for i in range(7)]


def new(players: int = 3, deck: list[str] | None = None, **options: object) -> ChipsState:
    state = GAME.new_state(players, options, seed=1, deck=list(DECK) if deck is None else deck)
    assert isinstance(state, ChipsState)
    return state


def loaded(players: int, row: list[tuple[str, int]], supply: list[int], to_act: int = 0,
           displays: list[dict[str, list[str]]] | None = None, specials: list[str] | None = None,
           **zones: object) -> ChipsState:
    """A state loaded from a document: the row given, the other cards on the pile in canonical order."""
    displays = displays or [{"k": [], "r": [], "b": [], "y": []} for _ in range(players)]
    used = {c for c, _ in row} | {c.lstrip("-") for d in displays for s in d.values() for c in s}
    doc = {
        "game": "chips", "players": players,
        "options": {"rounds": 1, "first_player": 0, "specials": specials or []},
        "round": 1, "dealer": players - 1, "to_act": [to_act], "phase": "play", "scores": [],
        "totals": [0] * players,
        "zones": {"start_player": 0, "specials": specials or [],
                  "row": [{"card": c, "chips": k} for c, k in row],
                  "draw": [c for c in DECK if c not in used], "supply": supply, "display": displays,
                  "final_circuit": False, "extra_turn": False, **zones},
    }
    state = GAME.load(doc)
    assert isinstance(state, ChipsState)
    return state


def rejected(state: ChipsState, seat: int, token: str) -> IllegalAction:
    """Apply an illegal token; check the state is unchanged; return the error."""
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, token)
    assert state.to_doc() == before
    return info.value


# ------------------------------------------------------------------ setup (R1–R3)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_every_player_count(players: int) -> None:
    """R1/R2: row of 7 from the top of the deck, 33 on the pile, 7 chips each, start seat 0 (D4)."""
    state = new(players)
    doc = state.to_doc()
    assert [e["card"] for e in doc["zones"]["row"]] == list(DECK[:7])
    assert doc["zones"]["draw"] == list(DECK[7:]) and doc["zones"]["draw_count"] == 33
    assert doc["zones"]["supply"] == [7] * players
    assert doc["to_act"] == [0] and doc["dealer"] == players - 1
    assert state.legal_actions(0) == ALL7
    assert all(state.legal_actions(s) == [] for s in range(1, players))


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_out_of_range(players: int) -> None:
    """R1, D2: 2–4 players only."""
    with pytest.raises(InvalidOptions):
        GAME.new_state(players)


def test_stacked_deck_must_be_the_40_cards() -> None:
    """R2 step 3: a stacked deck holds each number card exactly once."""
    with pytest.raises(InvalidState, match="R2"):
        GAME.new_state(2, deck=list(DECK[:-1]) + ["k1"])
    with pytest.raises(InvalidState, match="R2"):
        GAME.new_state(2, deck=list(DECK[:-1]))


def test_seed_shuffles_reproducibly_and_random_specials_drawn_first() -> None:
    """R2, D20: the same seed deals the same round; the special draw comes before the shuffle."""
    a = GAME.new_state(3, {"specials": "random"}, seed=42)
    b = GAME.new_state(3, {"specials": "random"}, seed=42)
    assert a.to_doc() == b.to_doc()
    rng = random.Random(42)
    drawn = set(rng.sample(SPECIAL_ORDER, 3))
    cards = list(DECK)
    rng.shuffle(cards)
    doc = a.to_doc()["zones"]
    assert doc["specials"] == [c for c in SPECIAL_ORDER if c in drawn]
    assert [e["card"] for e in doc["row"]] + doc["draw"] == cards


def test_random_specials_three_in_table_order_each_round() -> None:
    """R2 step 2, D12: 3 distinct defined cards per round, listed in table order; options keep "random"."""
    state = GAME.new_state(2, {"specials": "random", "rounds": 6}, seed=3)
    seen = []
    bot = RandomBot(0)
    while not state.game_over:
        specials = state.to_doc()["zones"]["specials"]
        assert len(specials) == 3 and specials == sorted(specials, key=SPECIAL_ORDER.index)
        seen.append(tuple(specials))
        while state.phase == "play":
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))
        if state.phase == "round_over":
            state.apply(state.to_act()[0], "deal")
    assert state.to_doc()["options"]["specials"] == "random"
    assert len(seen) == 6 and len(set(seen)) > 1


@pytest.mark.parametrize("bad", [["s1"], ["s5"], ["s14"], ["s99"], ["s2", "s2"], "s2", None, 3, ["S2"], "all"])
def test_bad_specials_option_rejected(bad: object) -> None:
    """R19: undefined cards, unknown codes, duplicates and non-lists are rejected when the match is made."""
    with pytest.raises(InvalidOptions, match="R19"):
        GAME.new_state(2, {"specials": bad})


def test_options_defaults_and_order_kept() -> None:
    """Spec *Options*: the document shows all three options; a specials list keeps its given order."""
    assert new(2).to_doc()["options"] == {"rounds": 1, "first_player": 0, "specials": []}
    state = new(2, specials=["s15", "s2"])
    assert state.to_doc()["zones"]["specials"] == ["s15", "s2"]
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, {"rounds": 0})
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, {"first_player": 2})


# ------------------------------------------------------------------ turns (R4–R8)
def test_take_pays_collects_and_refills() -> None:
    """R5/R6/R8, worked example 1: one chip per skipped card, chips on the card collected, row refilled."""
    state = loaded(3, [("r3", 0), ("k9", 2), ("b5", 0), ("y10", 1), ("k2", 0), ("r8", 0), ("b1", 0)],
                   [7, 4, 7], to_act=1)
    state.apply(1, "take:3")
    zones = state.to_doc()["zones"]
    assert zones["supply"] == [7, 2, 7]
    assert [(e["card"], e["chips"]) for e in zones["row"]] == [
        ("r3", 1), ("k9", 3), ("b5", 1), ("k2", 0), ("r8", 0), ("b1", 0), ("k1", 0)]
    assert zones["display"][1]["y"] == ["y10"]
    assert state.to_act() == [2]


def test_placement_rules() -> None:
    """R7 (a)–(d) and R16 through the pure placement function."""
    assert face_up([], 1, NO_EFFECTS)  # (a)
    assert face_up(["r9", "-r2"], 1, NO_EFFECTS)  # (b)
    assert face_up(["r4"], 6, NO_EFFECTS)  # (c)
    assert not face_up(["r4"], 2, NO_EFFECTS)  # (d) lower
    assert not face_up(["k7"], 7, NO_EFFECTS)  # (d) equal (via R14)
    assert face_up(["r8"], 5, effects(["s6"]))  # R16
    assert not face_up(["r8"], 4, effects(["s6"]))


def test_placement_sequence_worked_example_2() -> None:
    """Worked example 2: r4, r2 down, r1 up, r6 up, r5 down."""
    stack = ["r4"]
    for card in ("r2", "r1", "r6", "r5"):
        stack.append(card if face_up(stack, int(card[1:]), NO_EFFECTS) else "-" + card)
    assert stack == ["r4", "-r2", "r1", "r6", "-r5"]


def test_zero_chips_front_card_only() -> None:
    """R5: without chips only position 0 is legal; the error names R5."""
    state = loaded(2, [(c, 0) for c in DECK[:7]], [0, 14])
    assert state.legal_actions(0) == ["take:0"]
    assert rejected(state, 0, "take:1").rule == "chips R5"


def test_collected_chips_cannot_pay() -> None:
    """D6: the cost is checked against the supply before collecting."""
    state = loaded(2, [("k1", 0), ("k2", 0), ("k3", 0), ("k4", 5), ("k5", 0), ("k6", 0), ("k7", 0)], [2, 7])
    assert state.legal_actions(0) == ["take:0", "take:1", "take:2"]
    assert "costs 3" in str(rejected(state, 0, "take:3"))


def test_short_row_lists_only_its_positions() -> None:
    """R5, R9: with the pile empty the row shrinks; a supply above its length lists every position once."""
    state = loaded(2, [("k1", 0), ("r2", 1), ("b3", 0)], [7, 6], displays=[
        {"k": [f"k{v}" for v in range(2, 11)], "r": ["r1"] + [f"r{v}" for v in range(3, 11)], "b": [], "y": []},
        {"k": [], "r": [], "b": ["b1", "b2"] + [f"b{v}" for v in range(4, 11)], "y": [f"y{v}" for v in range(1, 11)]}])
    assert state.legal_actions(0) == ["take:0", "take:1", "take:2"]


@pytest.mark.parametrize("specials", [[], ["s2"], ["s3"], ["s2", "s3", "s4", "s6", "s13", "s15"], "random"])
def test_listing_is_every_affordable_take(specials: object) -> None:
    """R5, R13, R14: the listing is every row position whose cost the supply covers, ascending, an
    ``any_row`` card once per colour row k r b y (computed here from the state document)."""
    rng = random.Random(2)
    for seed in range(6):
        state = GAME.new_state(2 + seed % 3, {"specials": specials}, seed=seed)
        while not state.game_over:
            seat = state.to_act()[0]
            zones = state.to_doc()["zones"]
            eff = effects(zones["specials"])
            expected = []
            for i, entry in enumerate(zones["row"]):
                value = int(entry["card"][1:])
                if (0 if value in eff.free_take else i) <= zones["supply"][seat]:
                    expected += [f"take:{i}:{c}" for c in "krby"] if value in eff.any_row else [f"take:{i}"]
            assert state.legal_actions(seat) == expected
            state.apply(seat, state.random_action(seat, rng))


@pytest.mark.parametrize(("seat", "token", "rule"), [
    (1, "take:0", "chips R4"),          # not this seat's turn
    (0, "deal", "chips R11"),           # deal only between rounds
    (0, "pass", "chips R4"),            # unknown verb
    (0, "take", "chips R4"),            # malformed
    (0, "take:01", "chips R4"),         # leading zero
    (0, "take:-1", "chips R4"),         # sign
    (0, "take:1:x", "chips R4"),        # bad row letter
    (0, "take:1:k:r", "chips R4"),      # too many arguments
    (0, "take:7", "chips R5"),          # no such position
    (0, "take:1:k", "chips R14"),       # suffix without an any_row card
])
def test_errors_name_the_rule(seat: int, token: str, rule: str) -> None:
    """R20: every illegal token names the rule broken and changes nothing."""
    assert rejected(new(3), seat, token).rule == rule


def test_parse_take() -> None:
    """Token grammar: decimal without sign or leading zeros, optional colour k r b y."""
    assert parse("take:0") == Take(0)
    assert parse("take:12") == Take(12)
    assert parse("take:3:y") == Take(3, "y")
    for bad in ("take:", "take:00", "take:٣", "take:1:", "tak:1", "take:1:k:k", "take: 1"):
        with pytest.raises(MalformedToken, match="chips R4"):
            parse(bad)


# ------------------------------------------------------------------ special cards (R12–R18)
def test_s2_free_four_any_position_even_without_chips() -> None:
    """R13, D13: a 4 costs nothing, skipped cards get no chips, its own chips are collected."""
    state = loaded(2, [("k3", 2), ("y9", 0), ("b4", 1), ("r3", 0), ("k4", 0), ("y6", 0), ("k10", 0)], [0, 11],
                   specials=["s2"])
    assert state.legal_actions(0) == ["take:0", "take:2", "take:4"]
    state.apply(0, "take:2")
    zones = state.to_doc()["zones"]
    assert zones["supply"] == [1, 11]
    assert [e["chips"] for e in zones["row"]] == [2, 0, 0, 0, 0, 0, 0]


def test_s3_any_row_tokens_and_errors() -> None:
    """R14, D14: suffixed tokens in k r b y order; plain take of a 7 is R14; a 7 on a face-up 7 goes down."""
    state = loaded(2, [("k3", 0), ("y7", 0), ("r9", 0), ("k7", 0), ("b1", 0), ("b2", 0), ("b3", 0)], [7, 7],
                   displays=[{"k": [], "r": [], "b": ["b7"], "y": []}, {"k": [], "r": [], "b": [], "y": []}],
                   specials=["s3"])
    assert state.legal_actions(0) == ["take:0", "take:1:k", "take:1:r", "take:1:b", "take:1:y", "take:2",
                                      "take:3:k", "take:3:r", "take:3:b", "take:3:y", "take:4", "take:5", "take:6"]
    assert rejected(state, 0, "take:1").rule == "chips R14"
    assert rejected(state, 0, "take:0:k").rule == "chips R14"
    state.apply(0, "take:1:b")
    assert state.to_doc()["zones"]["display"][0]["b"] == ["b7", "-y7"]


def test_s3_unaffordable_seven_is_r5() -> None:
    """R5 still applies to suffixed tokens."""
    state = loaded(2, [("k3", 0), ("k1", 0), ("r9", 0), ("k2", 0), ("b1", 0), ("b2", 0), ("y7", 0)], [1, 13],
                   specials=["s3"])
    assert rejected(state, 0, "take:6:k").rule == "chips R5"


def test_s4_extra_turn_flag() -> None:
    """R15: ≥ 3 chips on the taken card → the same seat again with extra_turn true; otherwise false."""
    state = loaded(3, [("b5", 3), ("k9", 0), ("r2", 1), ("y4", 0), ("k6", 0), ("r7", 0), ("b3", 0)], [6, 6, 5],
                   to_act=2, specials=["s4"])
    state.apply(2, "take:0")
    assert state.to_act() == [2] and state.extra_turn
    assert rejected(state, 0, "take:0").rule == "chips R4"
    state.apply(2, "take:1")
    assert state.to_act() == [0] and not state.extra_turn


def test_no_extra_turn_without_s4() -> None:
    """R15 applies only with its card active."""
    state = loaded(3, [("b5", 3), ("k9", 0), ("r2", 1), ("y4", 0), ("k6", 0), ("r7", 0), ("b3", 0)], [6, 6, 5],
                   to_act=2)
    state.apply(2, "take:0")
    assert state.to_act() == [0] and not state.extra_turn


# ------------------------------------------------------------------ end of round, match (R9–R11)
def _play(state: ChipsState, bots: dict[int, object], turns: Counter[int] | None = None) -> None:
    while state.phase == "play":
        seat = state.to_act()[0]
        if turns is not None:
            turns[seat] += 1
        state.apply(seat, bots[seat].choose(state, seat))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "each"), [(2, 17), (3, 12), (4, 9)])
def test_every_seat_gets_the_same_turns(players: int, each: int) -> None:
    """D8, worked example 3: without extra turns every seat has the same number of turns per round."""
    for seed in range(5):
        state = GAME.new_state(players, {"first_player": seed % players}, seed=seed)
        assert isinstance(state, ChipsState)
        bots = {s: RandomBot(seed * 10 + s) for s in range(players)}
        turns: Counter[int] = Counter()
        _play(state, bots, turns)
        assert dict(turns) == {s: each for s in range(players)}
        assert state.final_circuit and state.draw == []
        assert len(state.row_cards) == 7 - (players * each - 33)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_matches_every_player_count(players: int) -> None:
    """R2–R11: whole matches over 3 rounds: start rotates, scores add up, winners are the best totals."""
    for seed in range(4):
        specials = "random" if seed % 2 else []
        state = GAME.new_state(players, {"rounds": 3, "first_player": 1, "specials": specials}, seed=seed)
        assert isinstance(state, ChipsState)
        bots = {s: (GAME.heuristic_bot(s) if s % 2 else RandomBot(s)) for s in range(players)}
        starts = []
        while True:
            starts.append(state.start_player)
            assert state.dealer == (state.start_player - 1) % players
            assert state.to_doc()["zones"]["supply"] == [7] * players
            _play(state, bots)
            assert not state.extra_turn
            assert Counter(state.cards()) == Counter(DECK)
            if state.game_over:
                break
            assert state.phase == "round_over" and state.to_act() == [state.start_player]
            assert state.winners == [] and not state.game_over
            assert state.legal_actions(state.start_player) == ["deal"]
            assert rejected(state, state.start_player, "take:0").rule == "chips R11"
            state.apply(state.start_player, "deal")
        assert starts == [(1 + r) % players for r in range(3)]
        assert len(state.scores) == 3 and state.round == 3
        assert state.totals == [sum(r[s] for r in state.scores) for s in range(players)]
        best = max(state.totals)
        assert state.winners == [s for s in range(players) if state.totals[s] == best]
        assert state.to_act() == [] and all(state.legal_actions(s) == [] for s in range(players))
        assert rejected(state, 0, "deal").rule == "chips R11"


def test_round_over_only_dealer_deals() -> None:
    """R11: in round_over only the next round's dealer acts; others get R11."""
    state = GAME.new_state(3, {"rounds": 2}, seed=9)
    assert isinstance(state, ChipsState)
    _play(state, {s: RandomBot(s) for s in range(3)})
    assert state.phase == "round_over" and state.to_act() == [0] and state.dealer == 2
    assert rejected(state, 1, "deal").rule == "chips R11"
    state.apply(0, "deal")
    assert state.round == 2 and state.start_player == 1 and state.dealer == 0 and state.to_act() == [1]
    assert state.display == [[[], [], [], []] for _ in range(3)] and not state.final_circuit


@pytest.mark.parametrize(("specials", "expected"), [([], [27, 12]), (["s13"], [25, 12]), (["s15"], [21, 2])])
def test_round_score_now_scores_the_table_as_it_stands(specials: list[str], expected: list[int]) -> None:
    """``round_score_now`` (the provisional round score a search evaluates with) is R10 on the rows and supplies
    now, with R17 (``s13``) and R18 (``s15``) of the active specials; the 6 chips on the row's cards score for
    nobody (D9). Seat 0 is worked example 4 (27; 25 with s13; 21 with s15), seat 1 holds ``r7`` and 5 chips."""
    displays = [{"k": ["k3", "k8"], "r": ["r5", "-r2"], "b": ["b8", "-b1"], "y": ["y2"]},
                {"k": [], "r": ["r7"], "b": [], "y": []}]
    state = loaded(2, [("r3", 6), ("k9", 0), ("b5", 0), ("y10", 0), ("k2", 0), ("r8", 0), ("y9", 0)],
                   [3, 5], displays=displays, specials=specials)
    before = state.to_doc()
    assert state.round_score_now() == expected
    assert state.to_doc() == before  # reading it changes nothing
