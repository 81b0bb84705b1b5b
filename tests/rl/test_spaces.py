"""Fixed action spaces: every legal token met in random matches is in the space (as its steps)."""

from __future__ import annotations

import random

import pytest
from tests.conftest import GAME_IDS

from kartentisch.games import get_game
from kartentisch.rl.spaces import ActionSpace, NotationError

from .conftest import SMALL, player_counts, random_play


def test_every_legal_token_is_in_the_space(game_id: str) -> None:
    game = get_game(game_id)
    for players in player_counts(game_id):
        space = ActionSpace(game, players, SMALL[game_id])
        assert len(set(space.actions)) == len(space)
        met = 0
        for seed in range(3):
            state = game.new_state(players, SMALL[game_id], seed=seed)
            rng = random.Random(seed)
            while not state.game_over:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                for token in legal:
                    ids = space.steps(token)
                    assert ids and all(0 <= i < len(space) for i in ids)
                    met += 1
                state.apply(seat, rng.choice(legal))
        assert met > 0


def test_steps_of_a_token_play_it_back() -> None:
    """Choosing a legal token's steps one by one completes exactly that token (lastcard help play)."""
    game = get_game("lastcard")
    doc = {"game": "lastcard", "players": 2, "round": 1, "phase": "play", "to_act": [0],
           "zones": {"start_player": 0, "hands": [["3", "9", "30"], ["4", "31"]], "help": [["5", "8"], []],
                     "pile": ["15"]}}
    state = game.load(doc)
    space = ActionSpace(game, 2)
    legal = state.legal_actions(0)
    assert "play:9:8" in legal and "play:9:5:8" in legal
    prefix: list[int] = []
    for i in space.steps("play:9:5:8"):
        nxt = space.next_steps(legal, prefix)
        assert i in nxt
        if nxt[i] is not None:
            assert nxt[i] == "play:9:5:8"
        prefix.append(i)
    assert [space.actions[i] for i in prefix] == ["with:9", "help:5", "help:8", "go"]


def test_out_of_range_action_is_rejected() -> None:
    space = ActionSpace(get_game("chips"), 2)
    assert space.action_to_token(0) == "take:0"
    with pytest.raises(ValueError, match="outside 0"):
        space.action_to_token(len(space))


def test_prefix_clash_is_reported() -> None:
    """A notation whose steps are not prefix-free is named in the error."""
    legal = ["play:9:5", "play:9:5:8"]
    good = ActionSpace(get_game("lastcard"), 2)
    with_9 = good.index["with:9"]
    assert good.next_steps(legal, [with_9]) == {good.index["help:5"]: None}  # the go step keeps it prefix-free
    bad = ActionSpace(get_game("lastcard"), 2)
    bad.split = _steps_without_go
    with pytest.raises(NotationError, match="lastcard: steps of 'play:9:5"):
        bad.next_steps(legal, [with_9])


def _steps_without_go(token: str) -> list[str]:
    from kartentisch.games.lastcard.notation import split_token

    return [s for s in split_token(token) if s != "go"]


def test_step_outside_the_space_is_reported() -> None:
    space = ActionSpace(get_game("chips"), 2)
    with pytest.raises(NotationError, match="outside the action space"):
        space.steps("take:99")


def test_continuing_keeps_the_tokens_that_go_on_with_the_step() -> None:
    """``continuing`` narrows a decision's tokens to those whose step at ``depth`` is the one chosen."""
    space = ActionSpace(get_game("lastcard"), 2)
    legal = ["play:3:1:2", "play:3:2", "play:4:1", "play:9"]
    with3 = space.index["with:3"]
    assert space.continuing(legal, 0, with3) == ["play:3:1:2", "play:3:2"]
    assert space.continuing(["play:3:1:2", "play:3:2"], 1, space.index["help:2"]) == ["play:3:2"]
    assert space.continuing(legal, 0, space.index["deal"]) == []


def test_table_masks_equal_a_fresh_listing_at_every_step(game_id: str) -> None:
    """The table lists a decision's tokens once and narrows them step by step: at every step of seeded
    random play its mask and next steps are those of ``ActionSpace.mask`` / ``next_steps`` on a fresh
    ``legal_actions`` listing with the steps chosen so far."""
    from kartentisch.rl.table import Table

    game = get_game(game_id)
    for players in player_counts(game_id):
        table = Table(game, players, SMALL[game_id])
        multi = 0
        for state in random_play(table, 3, random.Random(7)):
            if state.game_over:
                continue
            legal = state.legal_actions(state.to_act()[0])
            assert table.next_steps() == table.space.next_steps(legal, table.steps)
            assert (table.mask() == table.space.mask(legal, table.steps)).all()
            multi += bool(table.steps)
        assert multi or table.space.split.__name__ == "_single"  # split games did take multi-step decisions


#: The games whose observation layout lists legal steps from the state (``Layout.legal_steps``).
LEGAL_STEPS = [g for g in GAME_IDS if getattr(get_game(g).parts.observation(), "legal_steps", None) is not None]


#: Rule variants the legal steps are compared under besides the short match (mayhem: a Counterattack on any
#: seat, R21, and the published Gambler, R50).
VARIANTS: dict[str, list[dict[str, object]]] = {"mayhem": [{"counter_target": "any", "gambling_rule": "published"}]}


@pytest.mark.parametrize("game_id", LEGAL_STEPS)
def test_a_games_legal_steps_equal_the_token_listing(game_id: str) -> None:
    """A layout's ``legal_steps`` (ids from the state, no token listed) answers exactly what
    ``ActionSpace.next_steps`` answers on ``legal_actions``: the same ids and, for each, the same token
    or ``None``, at every step of seeded random play (40 matches at 2 seats and at the most, in each rule
    variant), multi-step decisions included."""
    from kartentisch.rl.table import Table

    game = get_game(game_id)
    for players in player_counts(game_id):
        for variant in [{}, *VARIANTS.get(game_id, [])]:
            table = Table(game, players, {**SMALL[game_id], **variant})
            legal = table.legal
            assert legal is not None
            rng = random.Random(11)
            multi = 0
            for seed in range(40):
                state = table.reset(seed)
                while not state.game_over:
                    seat = state.to_act()[0]
                    reference = table.space.next_steps(state.legal_actions(seat), table.steps)
                    ids = legal.ids(state, seat, table.steps)
                    assert sorted(ids) == sorted(reference), (seed, table.steps)
                    assert {i: legal.token(state, seat, table.steps, i) for i in ids} == reference
                    multi += reference != {i: table.space.actions[i] for i in reference}
                    table.step(rng.choice(ids))
            assert multi > 40, (players, variant)  # many decisions had a step that completes no token or another
