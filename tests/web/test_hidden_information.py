"""Hidden information: every frame and response a seat receives in a full random match shows it nothing more
than the kernel's per-seat filters allow (``view(seat)``, its own ``legal_actions``, ``public_token``).

All seats are people driven by this test (random legal tokens, half sent over HTTP, half over WebSocket);
a spectator socket listens too. A local replica of the match is the ground truth. For each frame we check:

* ``view`` equals the replica's ``view(viewer)`` and ``legal`` its ``legal_actions(viewer)`` exactly;
* every card code anywhere in the frame (values, token arguments) is one the viewer has seen: in one of
  its views so far or in a token's public form shown to it. A frame carrying the god document would fail
  this (checked at the start, so the check is not vacuous).
"""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.games import all_games
from kartentisch.kernel import GameState, Match

from .conftest import auth, new_table

SPLIT = re.compile(r"[:\s]+")


def codes_in(value: Any, cards: set[str]) -> set[str]:
    """Card codes among the string values (and their ``:``-separated parts) of a JSON value; keys ignored."""
    if isinstance(value, str):
        return {p for p in SPLIT.split(value) if p in cards}
    if isinstance(value, dict):
        return set().union(*(codes_in(v, cards) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(codes_in(v, cards) for v in value)) if value else set()
    return set()


class Witness:
    """What one viewer may know so far: card codes seen in its views and in public tokens.

    Frames are checked in order; a frame's log must extend the last one seen, so only new log
    entries need scanning (each entry is scanned once, in the frame that first carries it). Socket frames
    carry the log from ``log_start`` on; HTTP responses the whole log.
    """

    def __init__(self, viewer: int | None, cards: set[str]) -> None:
        self.viewer = viewer
        self.cards = cards
        self.seen: set[str] = set()
        self.log: list[dict[str, Any]] = []

    def observe(self, state: GameState) -> None:
        self.seen |= codes_in(state.view(self.viewer), self.cards)

    def observe_token(self, state: GameState, seat: int, token: str) -> None:
        self.seen |= codes_in(state.public_token(seat, token, self.viewer), self.cards)

    def check(self, frame: dict[str, Any], state: GameState, where: str) -> None:
        assert frame["view"] == state.view(self.viewer), f"{where}: view differs from the kernel's filter"
        expected_legal = state.legal_actions(self.viewer) if self.viewer is not None else []
        assert frame["legal"] == expected_legal, f"{where}: legal tokens are not exactly the viewer's own"
        start = frame["log_start"]
        assert start <= len(self.log), f"{where}: log entries {len(self.log)} … {start - 1} were skipped"
        log = self.log[:start] + frame["log"]
        assert log[: len(self.log)] == self.log, f"{where}: the log changed its past"
        new = log[len(self.log):]
        self.log = log
        assert len(log) == frame["n"], f"{where}: log has {len(log)} entries, n is {frame['n']}"
        leaked = codes_in({**frame, "log": new}, self.cards) - self.seen
        assert not leaked, f"{where}: viewer {self.viewer} received unseen cards {sorted(leaked)}"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_no_frame_leaks_a_hidden_card(client: TestClient, game) -> None:
    players = min(3, game.max_players)
    seed = 20
    table = new_table(client, game.id, players, [{"kind": "human", "name": f"P{i}"} for i in range(players)],
                      seed=seed)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    replica = Match(game, players, {}, seed)
    cards = set(replica.state.cards())
    viewers: list[int | None] = [*range(players), None]
    witnesses = {v: Witness(v, cards) for v in viewers}
    for w in witnesses.values():
        w.observe(replica.state)
    assert any(codes_in(replica.state.to_doc(), cards) - w.seen for w in witnesses.values()), \
        "the god document must hold cards some viewer has not seen, else this test proves nothing"
    rng = random.Random(seed)
    frames = 0
    with ExitStack() as stack:
        conns = [stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?token={t}")) for t in tokens]
        spectator_ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
        spectator_ws.send_json({"type": "auth", "token": None})
        conns.append(spectator_ws)
        latest: dict[int | None, dict[str, Any]] = {}
        for v, ws in zip(viewers, conns, strict=True):
            latest[v] = ws.receive_json()
            witnesses[v].check(latest[v], replica.state, "first frame")
            frames += 1
        step = 0
        while not replica.state.game_over:
            seat = replica.state.to_act()[0]
            if step % 10 == 0:  # HTTP views too (each carries the whole log, so not every step)
                response = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[seat])).json()
                witnesses[seat].check(response, replica.state, f"GET view step {step}")
            token = rng.choice(latest[seat]["legal"])
            for w in witnesses.values():
                w.observe_token(replica.state, seat, token)
            replica.apply(seat, token)
            for w in witnesses.values():
                w.observe(replica.state)
            if step % 4:
                conns[seat].send_json({"type": "action", "action": token})
            else:
                res = client.post(f"/api/tables/{tid}/actions", json={"action": token}, headers=auth(tokens[seat]))
                assert res.status_code == 200, res.text
                witnesses[seat].check(res.json(), replica.state, f"POST response step {step}")
            for v, ws in zip(viewers, conns, strict=True):
                frame = latest[v] = ws.receive_json()
                assert frame["n"] == step + 1
                witnesses[v].check(frame, replica.state, f"WS frame step {step}")
                frames += 1
            step += 1
        spectator = client.get(f"/api/tables/{tid}/view").json()
        witnesses[None].check(spectator, replica.state, "final spectator view")
    assert replica.state.game_over and frames == (step + 1) * (players + 1)
