"""mayhem's random draw (``random_action`` without listing): the same token as the listing gives at
the same index, the same use of the generator, every legal token equally likely; and the card
arguments of Gift, Exchange and Counterattack (R9, R10, R21) counted and indexed as listed."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from tests.games.mayhem.mayhem_helpers import load

from kartentisch.games.mayhem import GAME
from kartentisch.games.mayhem.cards import PLAY_DECK, POS
from kartentisch.games.mayhem.fast import combo_at, combo_count
from kartentisch.games.mayhem.matching import card_combos
from kartentisch.games.mayhem.rules import MayhemState
from kartentisch.kernel import IllegalAction

#: Phases whose decision is drawn without listing (the others draw from their listing).
DRAWN = {"play", "after_draw", "chance", "counter", "start", "recession", "party", "christmas", "gamble"}


def listed_combos(cards: list[str], left_out: str | None) -> list[str]:
    """The card arguments as the spec defines them: distinct multisets of min(2, E) cards of the
    hand less ``left_out`` and ``fy`` (R9, R19), in the order the pairs first occur."""
    rest = list(cards)
    if left_out is not None:
        rest.remove(left_out)
    named = [c for c in rest if c != "fy"]
    if len(named) < 2:
        return [":" + c for c in named] or [""]
    return list(dict.fromkeys(f":{named[i]}:{named[j]}" for i in range(len(named)) for j in range(i + 1, len(named))))


def test_card_arguments_are_counted_and_indexed_as_listed() -> None:
    """R9, R10, R21: over random hands (duplicates, ``fy``, 0 … 14 cards), :func:`card_combos` is the
    spec's list, :func:`combo_count` its length and :func:`combo_at` its entries."""
    rng = random.Random(3)
    pool = [c for c in PLAY_DECK if c[0] in "rk" or c in ("fant", "counter", "fy")]
    shapes = set()
    for _ in range(600):
        hand = sorted(rng.sample(pool, rng.randrange(0, 15)), key=POS.__getitem__)
        for left_out in [None] + sorted(set(hand)):
            want = listed_combos(hand, left_out)
            assert card_combos(hand, left_out) == want, (hand, left_out)
            assert combo_count(hand, left_out) == len(want), (hand, left_out)
            assert [combo_at(hand, left_out, k) for k in range(len(want))] == want, (hand, left_out)
            shapes.add(min(3, len(want)) if want != [""] else 0)
    assert shapes == {0, 1, 2, 3}  # nothing to name, one card, one pair, several


class Fixed(random.Random):
    """A generator whose draws all give ``value`` (``below(rng, n)`` then gives ``value`` < n)."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def getrandbits(self, k: int) -> int:  # noqa: D102 - random.Random's
        return self.value


def _positions() -> Iterator[tuple[MayhemState, int]]:
    """Decisions of every phase: random matches of 2, 3 and 5 players under both rule variants
    (``counter_target`` any, published Gambler), and hand-made ones (a Gift with doubles and ``fy``,
    a Gift start card, a Counterattack against a Gift)."""
    for players, options in ((2, {}), (3, {"counter_target": "any", "gambling_rule": "published"}), (5, {})):
        for seed in range(3):
            state = GAME.new_state(players, options, seed=seed)
            assert isinstance(state, MayhemState)
            rng = random.Random(seed)
            step = 0
            while not state.game_over and step < 700:
                if step % 3 == 0 or state.phase not in ("play", "after_draw"):
                    yield from ((state.clone(), seat) for seat in state.to_act())
                seat = rng.choice(state.to_act())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                step += 1
    gifts = load([["r3", "r3", "r5", "rgift", "rgift", "k5", "fy", "fant", "four", "equal"], ["r1"], ["y1", "y2"]],
                 ["r9"])
    yield gifts, 0
    start = load([["r3", "r3", "fy", "counter"], ["r1"]], ["ygift"], dealer=0, phase="start",
                 pending={"type": "start", "card": "ygift"})
    yield start, 0
    counter = load([["r1"], ["r3", "r3", "fy", "counter", "counter", "k2"], ["y1"]], ["rgift"], phase="counter",
                   options={"counter_target": "any"},
                   pending={"type": "attack", "kind": "gift", "source": 0, "target": 1, "cards": ["r1"],
                            "draws": 0, "queue": []})
    yield counter, 1


@pytest.fixture(scope="module")
def positions() -> list[tuple[MayhemState, int]]:
    return list(_positions())


def test_every_index_draws_the_listed_token(positions: list[tuple[MayhemState, int]]) -> None:
    """``random_action`` with a draw of k gives ``legal_actions[k]``, for every k of every decision;
    in the phases of :data:`DRAWN` without the listing."""
    phases = set()
    for state, seat in positions:
        legal = state.legal_actions(seat)
        for k in range(len(legal)):
            token = state.random_action(seat, Fixed(k))
            assert token == legal[k], (k, legal, state.to_doc())
            drawn = (state._drawn_seat, state._drawn_token) == (seat, token)
            assert drawn == (state.phase in DRAWN)  # drawn without listing
        phases.add(state.phase)
    assert DRAWN <= phases and {"market", "nicetry", "round_over"} <= phases


def test_a_draw_is_the_listing_at_randrange(positions: list[tuple[MayhemState, int]]) -> None:
    """The drawn token is ``legal[rng.randrange(len(legal))]`` and the generator is left as that
    leaves it: seeded random play (bots, simulations) does not change by drawing without listing."""
    for state, seat in positions[::5]:
        legal = state.legal_actions(seat)
        for seed in range(4):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert state.random_action(seat, ours) == legal[theirs.randrange(len(legal))]
            assert ours.getstate() == theirs.getstate()


def test_random_action_draws_every_legal_token_uniformly(positions: list[tuple[MayhemState, int]]) -> None:
    """Over 100 draws per legal token at wide decisions (over 20 tokens, drawn without listing),
    each token comes up about equally often (chi-square below its mean + 6 standard deviations;
    fixed seeds)."""
    rng = random.Random(5)
    wide = [(s, seat) for s, seat in positions if s.phase in DRAWN and len(s.legal_actions(seat)) > 20][:12]
    assert len(wide) >= 8
    for state, seat in wide:
        legal = state.legal_actions(seat)
        counts = dict.fromkeys(legal, 0)
        for _ in range(100 * len(legal)):
            counts[state.random_action(seat, rng)] += 1
        k = len(legal)
        chi2 = sum((c - 100) ** 2 / 100 for c in counts.values())
        assert chi2 <= k - 1 + 6 * (2 * (k - 1)) ** 0.5, (chi2, k, state.to_doc())


def test_a_drawn_token_applies_as_listed() -> None:
    """A drawn token is trusted by ``apply`` for its seat only (the kernel's ``_drawn_seat``): another seat
    sending it is refused by rule and changes nothing; applied, it acts as the listed token does."""
    state = load([["r3", "r5", "rgift"], ["r1", "y7"]], ["r9"])
    token = state.random_action(0, Fixed(2))  # play:r3, play:r5, then the Gift
    assert token == "play:rgift:1:r3:r5" and (state._drawn_seat, state._drawn_token) == (0, token)
    before = state.to_doc()
    with pytest.raises(IllegalAction, match="not seat 1's decision") as info:
        state.apply(1, token)
    assert info.value.rule == "mayhem R2"
    assert state.to_doc() == before
    state.apply(0, token)
    assert state.phase == "counter" and state.pending is not None and state.pending["cards"] == ["r3", "r5"]
