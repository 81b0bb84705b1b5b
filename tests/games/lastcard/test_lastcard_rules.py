"""Rules of lastcard (spec ``shared/rules/lastcard.md``): setup, tokens, errors, scoring, matches."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from tests.games.lastcard.lastcard_helpers import codes, example_state, play_doc, random_states

from kartentisch.games.lastcard import GAME, score_round
from kartentisch.games.lastcard.cards import CANONICAL, deck, hand_size, highest_card, set_aside_count
from kartentisch.games.lastcard.fast import help_sets
from kartentisch.games.lastcard.rules import LastCardState, match_winners
from kartentisch.kernel import IllegalAction, InvalidOptions, InvalidState, RandomBot

COUNTS = range(2, 7)


def new(players: int, **kw: object) -> LastCardState:
    state = GAME.new_state(players, **kw)  # type: ignore[arg-type]
    assert isinstance(state, LastCardState)
    return state


# ---------------------------------------------------------------- components and setup (R1–R4)
@pytest.mark.parametrize("players", COUNTS)
def test_r1_cards_in_play_and_deal_sizes(players: int) -> None:
    state = new(players, seed=players)
    hi, h = highest_card(players), hand_size(players)
    assert GAME.deck(players, state.options) == list(CANONICAL[:hi])
    assert all(len(hand) == h for hand in state.hands)
    assert len(state.set_aside) == set_aside_count(players) == (12 if players == 2 else 0)
    assert players * h + len(state.set_aside) == hi
    assert sorted(state.cards().elements(), key=int) == deck(players)


def test_r4_stacked_deck_one_card_at_a_time_from_start_player() -> None:
    order = codes(*range(48, 0, -1))
    state = new(4, options={"first_player": 2}, deck=order)
    # k-th card to seat (2 + k) mod 4: seat 2 gets 48, 44, …; seat 3 gets 47, …
    assert state.hands[2] == sorted(range(48, 0, -4))
    assert state.hands[3] == sorted(range(47, 0, -4))
    assert state.hands[0] == sorted(range(46, 0, -4))
    assert (state.start, state.dealer, state.phase) == (2, 1, "pass")


def test_d3_two_players_last_twelve_set_aside() -> None:
    order = codes(*random.Random(5).sample(range(1, 37), 36))
    state = new(2, deck=order)
    assert state.set_aside == sorted(int(c) for c in order[24:])


@pytest.mark.parametrize("bad", [
    codes(*range(1, 36)),                 # a card missing
    codes(*range(1, 36)) + ["1"],         # a card twice
    codes(*range(2, 38)),                 # 37 is not in play with 3 players
    codes(*range(1, 36)) + ["036"],       # not a canonical code
    list(range(1, 37)),                   # not strings
])
def test_d19_stacked_deck_must_be_the_cards_in_play(bad: list) -> None:
    with pytest.raises(InvalidState, match="D19"):
        GAME.new_state(3, deck=bad)


@pytest.mark.parametrize("options", [{"pass_cards": 4}, {"pass_cards": -1}, {"rounds": 0}, {"first_player": 3},
                                     {"floor_zero": 1}, {"colour": "red"}])
def test_options_out_of_range_rejected(options: dict) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, options)


def test_options_defaults_kept_in_state() -> None:
    assert new(3, seed=1).options == {"first_player": 0, "rounds": None, "pass_cards": 3, "floor_zero": True}


# ---------------------------------------------------------------- passing (R5, D5, D21)
def test_r5_pass_listing_is_every_ascending_choice_in_order() -> None:
    state = new(3, seed=2)
    legal = state.legal_actions(1)
    assert len(legal) == comb(12, 3)
    keys = [[int(x) for x in t.split(":")[1:]] for t in legal]
    assert keys == sorted(keys) and all(k == sorted(k) for k in keys)


@pytest.mark.parametrize("players", COUNTS)
def test_r5_cards_go_to_the_right_neighbour(players: int) -> None:
    state = new(players, seed=11)
    before = [h[:] for h in state.hands]
    chosen = {}
    for seat in reversed(range(players)):  # any order of the simultaneous decisions
        assert state.phase == "pass"
        chosen[seat] = before[seat][-3:]
        state.apply(seat, "pass:" + ":".join(codes(*chosen[seat])))
        assert seat not in state.to_act() or state.phase == "play"
        assert not set(chosen[seat]) & set(state.hands[seat])
    assert state.phase == "play" and state.to_act() == [state.start]
    for seat in range(players):
        right = (seat - 1) % players
        assert set(chosen[seat]) <= set(state.hands[right])
        assert state.passed[seat] == chosen[seat]
    assert all(len(h) == hand_size(players) for h in state.hands)


def test_d21_no_passing_starts_play_at_once() -> None:
    state = new(5, options={"pass_cards": 0, "first_player": 3}, seed=1)
    assert state.phase == "play" and state.to_act() == [3]
    assert state.passed == [None] * 5


# ---------------------------------------------------------------- turns and tokens (R6–R12)
def test_display_order_of_play_tokens() -> None:
    state = example_state()
    assert state.legal_actions(1) == [
        "play:9:5:8", "play:15:5:8", "play:15:8", "play:22",
        "lay:2:12", "lay:2:18", "lay:2:20", "lay:9:12", "lay:9:18", "lay:9:20",
        "lay:15:12", "lay:15:18", "lay:15:20"]


def test_help_sets_lexicographic_and_complete() -> None:
    row = [3, 5, 8, 13]
    for need in range(0, 32):
        expected = sorted(s for k in range(1, 5) for s in itertools.combinations(row, k) if sum(s) >= need)
        assert help_sets(row, need) == expected


@pytest.mark.parametrize("players", COUNTS)
def test_r19_is_legal_agrees_with_listing(players: int) -> None:
    """Every listed token is legal; other plausible tokens (a sample) are rejected, naming a lastcard rule."""
    rng = random.Random(players)
    for state in random_states(players, seed=players * 7, limit=150)[::5]:
        for seat in range(players):
            legal = state.legal_actions(seat)
            assert len(set(legal)) == len(legal)
            assert all(state.is_legal(seat, t) for t in legal)
            cards = sorted({c for h in state.hands for c in h} | {c for h in state.help for c in h} | set(state.pile))
            candidates = {"deal"} | {f"play:{c}" for c in cards} | {f"lay:{c}:{t}" for c in cards for t in cards}
            candidates |= {f"play:{c}:{h}" for c in cards for h in cards}
            for token in rng.sample(sorted(candidates - set(legal)), 60):
                with pytest.raises(IllegalAction) as info:
                    state.apply(seat, token)
                assert info.value.rule.startswith("lastcard R")


def test_is_legal_of_a_seat_without_a_decision_is_false() -> None:
    """As ``legal_actions`` lists nothing for them, ``is_legal`` is false (not an error) for seats
    outside the table, a bool, a string, and a seat that has already passed (R5)."""
    state = new(3, seed=2)
    tokens = [t for seat in state.to_act() for t in state.legal_actions(seat)[:5]]
    state.apply(0, state.legal_actions(0)[0])
    for seat in (0, -1, 3, True, "0", 0.5):
        assert state.legal_actions(seat) == []  # type: ignore[arg-type]
        assert not any(state.is_legal(seat, t) for t in tokens)  # type: ignore[arg-type]
    assert not state.is_legal(1, None)  # type: ignore[arg-type]


def _draw_positions() -> list[tuple[LastCardState, int]]:
    """Decisions of every kind: passes of 12 and 10 cards, turns with help plays and lays, an empty
    pile, a deal, and a sample of random positions for every player count."""
    chosen = [(new(2, seed=1), 0), (new(6, seed=2), 3), (example_state(), 1)]
    chosen.append((GAME.load(play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [], 1)), 1))
    for players in COUNTS:
        for state in random_states(players, seed=100 + players, limit=300)[3::37]:
            chosen += [(state, seat) for seat in state.to_act()[:1]]
    return chosen


def test_random_action_draws_every_legal_token_uniformly() -> None:
    """``random_action`` draws R5 passes and turns (R8–R10) without listing them: over 150 draws per
    legal token, it must hit exactly the listing, each token about equally often (chi-square
    below its mean + 6 standard deviations; the seeds are fixed)."""
    rng = random.Random(5)
    kinds = set()
    for state, seat in _draw_positions():
        legal = state.legal_actions(seat)
        kinds.add((state.phase, len(legal) > 100, bool(state.pile), bool(state.help[seat])))
        draws = 150 * len(legal)
        counts = dict.fromkeys(legal, 0)
        for _ in range(draws):
            token = state.random_action(seat, rng)
            assert token in counts, (token, state.to_doc())
            counts[token] += 1
        k = len(legal)
        chi2 = sum((c - 150) ** 2 / 150 for c in counts.values())
        assert chi2 <= k - 1 + 6 * (2 * max(k - 1, 1)) ** 0.5, (chi2, k, state.to_doc())
    # every kind of decision was drawn: a wide pass, turns on a pile with and without help cards,
    # on an empty pile, and a deal
    assert {("pass", True, False, False), ("play", False, True, True), ("play", False, True, False),
            ("play", False, False, True), ("round_over", False, True, False)} <= kinds


def test_a_turn_is_drawn_as_the_listing_would_be_indexed() -> None:
    """A turn's draw (R8–R10) is the listing's entry at ``randrange(len(listing))``: the same token
    from the same generator as ``rng.choice(legal_actions)``, so seeded random play is unchanged by
    drawing without listing."""
    checked = 0
    for state, seat in _draw_positions():
        if state.phase != "play":
            continue
        legal = state.legal_actions(seat)
        for seed in range(20):
            assert state.random_action(seat, random.Random(seed)) == legal[random.Random(seed).randrange(len(legal))]
            checked += 1
    assert checked >= 200


def test_a_drawn_token_is_taken_without_a_second_check_only_as_drawn() -> None:
    """``apply`` trusts a token drawn by ``_draw`` for the seat it was drawn for, until the next
    apply; another seat, a bool seat or a look-alike token is checked (R5) and changes nothing."""
    from unittest import mock

    state = new(3, seed=4)
    token = state.random_action(0, random.Random(1))
    assert (state._drawn_seat, state._drawn_token) == (0, token)
    assert state._cached_listing(0) is None  # drawn, not listed
    before = state.to_doc()
    with pytest.raises(IllegalAction, match="lastcard R5"):  # seat 1 does not hold seat 0's cards
        state.apply(1, token)
    with pytest.raises(IllegalAction, match="no seat False"):
        state.apply(False, token)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="a token is a non-empty string"):
        state.apply(0, mock.ANY)
    assert state.to_doc() == before and (state._drawn_seat, state._drawn_token) == (0, token)
    state.apply(0, token)
    assert state._drawn_seat == -1 and state.passed[0] == [int(c) for c in token.split(":")[1:]]
    with pytest.raises(IllegalAction, match="lastcard R5"):  # drawn once, applied once
        state.apply(0, token)


def _sort_key(token: str) -> tuple:
    verb, *args = token.split(":")
    return (("pass", "play", "lay", "deal").index(verb), [int(a) for a in args])


@pytest.mark.parametrize("players", COUNTS)
def test_listing_follows_display_order(players: int) -> None:
    for state in random_states(players, seed=players, limit=200):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            assert legal == sorted(legal, key=_sort_key)


ERRORS = [
    # (document, seat, token, rule)
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [18, 12], 0), 1, "play:22", "R6"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [], 1), 1, "lay:2:5", "R7"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [], 1), 1, "play:2:5", "R7"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [18, 12], 0), 0, "play:4", "R8"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [18, 12], 0), 0, "play:9", "R8"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [18, 12], 0), 0, "lay:20:12", "R9"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [18, 12], 0), 0, "lay:4:31", "R9"),
    (play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [5], []], [18, 12], 0), 0, "lay:9:12", "R9"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play:15:5", "R10"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play:22:5", "R10"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play:15:8:5", "R10"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play:15:9", "R10"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play:15:7", "R11"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "pass:2:9:15", "R5"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "deal", "R17"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "take:2", "R19"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play:022", "R19"),
    (play_doc(3, [[4, 31], [2, 9, 15, 22], [6, 17]], [[], [5, 8], [7]], [20, 18], 1), 1, "play", "R19"),
]


@pytest.mark.parametrize(("doc", "seat", "token", "rule"), ERRORS)
def test_r19_errors_name_the_rule_and_change_nothing(doc: dict, seat: int, token: str, rule: str) -> None:
    state = GAME.load(doc)
    before = state.to_doc()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, token)
    assert info.value.rule == f"lastcard {rule}"
    assert info.value.seat == seat and info.value.token == token
    assert rule in str(info.value)
    assert state.to_doc() == before


def test_r5_errors_in_phase_pass() -> None:
    state = new(3, deck=codes(*range(36, 0, -1)))
    for token in ("pass:3:6", "pass:6:3:9", "pass:2:5:8", "play:3", "deal"):
        with pytest.raises(IllegalAction, match="lastcard R5"):
            state.apply(0, token)
    state.apply(0, "pass:3:6:9")
    with pytest.raises(IllegalAction, match="lastcard R5: seat 0.*already passed"):
        state.apply(0, "pass:12:15:18")


def test_r17_and_r18_errors() -> None:
    doc = play_doc(3, [[25, 34], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [20], 0)
    state = GAME.load(doc)
    state.apply(0, "play:25")
    assert state.phase == "round_over" and state.to_act() == [0]
    with pytest.raises(IllegalAction, match="lastcard R17"):
        state.apply(1, "deal")
    with pytest.raises(IllegalAction, match="lastcard R17"):
        state.apply(0, "play:34")
    state = GAME.load({**doc, "options": {"rounds": 1}})
    state.apply(0, "play:25")
    assert state.phase == "game_over"
    with pytest.raises(IllegalAction, match="lastcard R18"):
        state.apply(0, "deal")


def test_r8_play_higher_and_r6_clockwise() -> None:
    state = GAME.load(play_doc(3, [[4, 20, 31], [2, 9, 15, 22], [6, 11, 27]], [[], [], []], [18, 12], 2))
    state.apply(2, "play:27")
    assert state.pile[-1] == 27 and state.to_act() == [0] and state.last_move == "2:play:27"
    assert state.legal_actions(0)[0] == "play:31"


def test_r9_lay_takes_any_pile_card_rest_goes_out() -> None:
    for take in (20, 18, 12):
        state = example_state()
        state.apply(1, f"lay:2:{take}")
        assert state.help[1] == [2, 5, 8] and take in state.hands[1] and 2 not in state.hands[1]
        assert state.out == sorted({20, 18, 12} - {take}) and state.pile == []
        assert state.legal_actions(2) == ["play:6", "play:17", "play:27"]


def test_r10_play_with_help_top_is_played_card() -> None:
    state = example_state()
    state.apply(1, "play:9:5:8")
    assert state.pile[-1] == 9 and state.help[1] == [] and state.out == [5, 8]
    assert "play:17" in state.legal_actions(2) and "play:6" not in state.legal_actions(2)  # D11


def test_r12_always_a_legal_action_and_rounds_end() -> None:
    for players in COUNTS:
        for state in random_states(players, seed=100 + players):
            if state.phase == "play":
                assert state.legal_actions(state.to_act()[0])
                assert all(len(h) >= 2 for h in state.hands)


def test_r15_lay_with_two_cards_never_ends_round() -> None:
    state = GAME.load(play_doc(4, [[3, 14, 29], [10, 41], [7, 44], [1, 16, 22, 35]], [[2], [], [6], []],
                               [33, 25], 2))
    state.apply(2, "lay:7:25")
    assert state.phase == "play" and state.hands[2] == [25, 44] and state.scores == []


def test_r15_only_the_acting_seat_ends_the_round() -> None:
    state = GAME.load(play_doc(3, [[5, 34], [3, 8, 14], [1, 2, 9, 30]], [[], [], []], [20], 0))
    state.apply(0, "play:34")  # seat 0 keeps 5: round ends with its lower card
    assert state.round_over and state.scores == [[5, 3, 18]]


# ---------------------------------------------------------------- scoring and match (R16–R18)
def test_r16_worked_example_5() -> None:
    assert score_round([[5, 30, 47], [12], [9, 21, 26, 40], [8, 44]]) == [12, 12, 0, 36]
    assert score_round([[5, 30, 47], [12], [9, 21, 26, 40], [8, 44]], floor_zero=False) == [12, 12, -16, 36]


@pytest.mark.parametrize("seed", range(20))
def test_r16_score_is_highest_minus_rest(seed: int) -> None:
    rng = random.Random(seed)
    hands = [rng.sample(range(1, 61), rng.randint(1, 8)) for _ in range(4)]
    for floor in (True, False):
        for hand, score in zip(hands, score_round(hands, floor), strict=True):
            raw = max(hand) - (sum(hand) - max(hand))
            assert score == (max(raw, 0) if floor else raw)


@pytest.mark.parametrize("players", [2, 4])
def test_r16_round_score_now_is_what_the_round_would_score(players: int) -> None:
    """The search's provisional score (``round_score_now``): R16 on the hands as they are; once a round is scored,
    that round's row; during the pass (R5) the passed cards count for their receiver, ``(s − 1) mod n``."""
    checked = passing = 0
    for state in random_states(players, seed=players, limit=2000):
        now = state.round_score_now()
        if state.round_over or state.game_over:
            assert now == state.scores[-1]
            checked += 1
            continue
        held = [list(h) for h in state.hands]
        for s, cards in enumerate(state.passed):
            if state.phase == "pass" and cards:
                held[(s - 1) % players] += cards
                passing += 1
        assert now == score_round(held, state.options["floor_zero"])
    assert checked >= 2 and passing >= 1


def test_r18_winners_share_ties() -> None:
    assert match_winners([53, 53, 31]) == [0, 1]
    assert match_winners([0, 0]) == [0, 1]
    assert match_winners([1, 9, 3]) == [1]


def test_r17_deal_collects_shuffles_and_rotates() -> None:
    state = GAME.load(play_doc(3, [[25, 34], [3, 8, 14], [1, 2, 9, 30]], [[4], [], []], [20], 0,
                               zones={"out": ["11"], "start_player": 2}))
    state.apply(0, "play:25")
    assert state.to_act() == [2]
    state.apply(2, "deal")
    assert (state.round, state.start, state.dealer, state.phase) == (2, 0, 2, "pass")
    assert sorted(state.cards().elements(), key=int) == deck(3)
    assert state.help == [[], [], []] and state.out == [] and state.last_move is None


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", range(3))
def test_full_matches_every_player_count(players: int, seed: int) -> None:
    """Whole random matches (random and heuristic seats) end after the right number of rounds."""
    options = {"rounds": None} if seed else {"rounds": 1 + seed % 3, "pass_cards": seed % 4}
    state = new(players, options=options, seed=seed * 31 + players)
    bots = [GAME.heuristic_bot(s) if s % 2 else RandomBot(s + seed) for s in range(players)]
    decisions = 0
    while not state.game_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
        decisions += 1
        assert decisions < 5000
        assert sorted(state.cards().elements(), key=int) == deck(players)
    rounds = options["rounds"] or players
    assert state.round == rounds and len(state.scores) == rounds
    assert state.totals == [sum(r[s] for r in state.scores) for s in range(players)]
    assert state.winners == [s for s in range(players) if state.totals[s] == max(state.totals)]
    assert all(v >= 0 for row in state.scores for v in row)
    assert state.to_act() == [] and state.returns() and abs(sum(state.returns()) - 1) < 1e-9


def test_clone_is_independent() -> None:
    state = example_state()
    twin = state.clone()
    twin.apply(1, "lay:2:20")
    assert state.to_doc() == example_state().to_doc()
    assert twin.to_doc() != state.to_doc()
    assert twin.rng.getstate() == state.rng.getstate()


def test_kernel_line_all_or_nothing() -> None:
    state = new(3, deck=codes(*range(36, 0, -1)))
    before = state.to_doc()
    with pytest.raises(IllegalAction):
        state.apply_line(0, "pass:3:6:9 pass:12:15:18")
    assert state.to_doc() == before
