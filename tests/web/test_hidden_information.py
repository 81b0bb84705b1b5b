"""Hidden information: every frame and response a seat receives in a full random match shows it nothing more
than the kernel's per-seat filters allow (``view(seat)``, its own ``legal_actions``, ``public_token``).

All seats are people driven by this test (random legal tokens, half sent over HTTP, half over WebSocket);
a spectator socket listens too. A local replica of the match is the ground truth. For each frame we check:

* ``view`` equals the replica's ``view(viewer)`` and ``legal`` its ``legal_actions(viewer)`` exactly;
* every card code anywhere in the frame (values, token arguments, the choices' steps on the table) is one
  the viewer has seen: in one of its views so far or in a token's public form shown to it. A frame carrying
  the god document would fail this (checked at the start, so the check is not vacuous);
* no log sentence (``text`` of a move or a round entry, a seat's note, round 1's start, in the frame's language),
  choice step or card name (``choices``, ``card_names``) names a card the viewer has not seen by its full name
  (``Game.card_name``), unless a card it has seen has the same name; ``card_names`` names seen codes only;
* round 1's start (``Game.describe_start``) comes first in every log from event 0 of a game that tells it, and
  nowhere else.
"""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.games import all_games, get_game
from kartentisch.kernel import Game, GameState, Match, Step
from kartentisch.web import live

from .conftest import auth, new_table, replace_parts

SPLIT = re.compile(r"[:\s]+")
NUMBER = re.compile(r"[-+]?\d+")


def codes_in(value: Any, cards: set[str]) -> set[str]:
    """Card codes among the string values (and their ``:``-separated parts) of a JSON value; keys ignored."""
    if isinstance(value, str):
        return {p for p in SPLIT.split(value) if p in cards}
    if isinstance(value, dict):
        return set().union(*(codes_in(v, cards) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(codes_in(v, cards) for v in value)) if value else set()
    return set()


def events_of(log: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """A frame's log entries grouped by event: each move entry with the round entry that may follow it."""
    events: list[list[dict[str, Any]]] = []
    for entry in log:
        if entry.get("kind") in ("seat", "start"):  # a note, round 1's start: no event; check() reads their words
            continue
        if entry.get("kind") == "round":
            assert events and len(events[-1]) == 1, f"a round entry follows a move: {entry}"
            events[-1].append(entry)
        else:
            assert set(entry) == {"seat", "token", "text", "cards"}, f"a move entry: {entry}"
            events.append([entry])
    return events


def unseen_names(game: Game, lang: str, cards: set[str], seen: set[str]) -> re.Pattern[str] | None:
    """The full names of the cards not ``seen`` that no seen card shares and that are more than a number (a
    sentence counts points and cards too), as one pattern (None: no such name)."""
    known = {game.card_name(c, lang) for c in seen}
    names = {n for n in (game.card_name(c, lang) for c in cards - seen) if NUMBER.fullmatch(n) is None} - known
    return re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names))) if names else None


class Witness:
    """What one viewer may know so far: card codes seen in its views and in public tokens.

    Frames are checked in order; a frame's log must extend the last one seen, so only new log
    events need scanning (each is scanned once, in the frame that first carries it). Socket frames
    carry the log from event ``log_start`` on; HTTP responses the whole log.
    """

    def __init__(self, game: Game, viewer: int | None, cards: set[str], lang: str) -> None:
        self.game = game
        self.viewer = viewer
        self.lang = lang
        self.cards = cards
        self.seen: set[str] = set()
        self.log: list[list[dict[str, Any]]] = []

    def observe(self, state: GameState) -> None:
        self.seen |= codes_in(state.view(self.viewer), self.cards)

    def observe_token(self, state: GameState, seat: int, token: str) -> None:
        self.seen |= codes_in(state.public_token(seat, token, self.viewer), self.cards)

    def check(self, frame: dict[str, Any], state: GameState, where: str) -> None:
        view = state.view(self.viewer)
        if frame["waiting_for_seats"]:  # nobody acts before every seat is taken: the frame names no seat to act
            view = {**view, "to_act": []}
        assert frame["view"] == view, f"{where}: view differs from the kernel's filter"
        expected_legal = state.legal_actions(self.viewer) if self.viewer is not None else []
        assert frame["legal"] == expected_legal, f"{where}: legal tokens are not exactly the viewer's own"
        assert frame["lang"] == self.lang, f"{where}: texts in {frame['lang']}, asked for {self.lang}"
        start = frame["log_start"]
        assert start <= len(self.log), f"{where}: log events {len(self.log)} … {start - 1} were skipped"
        opening = [i for i, e in enumerate(frame["log"]) if e.get("kind") == "start"]
        told = start == 0 and self.game.parts.describe_start is not None
        assert opening == ([0] if told else []), f"{where}: round 1's start belongs first in a log from event 0"
        assert all(set(e) == {"kind", "text"} for e in frame["log"] if e.get("kind") == "start"), where
        log = self.log[:start] + events_of(frame["log"])
        assert log[: len(self.log)] == self.log, f"{where}: the log changed its past (its texts included)"
        new = log[len(self.log):]
        self.log = log
        assert len(log) == frame["n"], f"{where}: log has {len(log)} events, n is {frame['n']}"
        texts = [e["text"] for event in new for e in event]
        assert all(isinstance(t, str) and t for t in texts), f"{where}: a log entry without text"
        # Codes outside the words (a lastcard card is a plain number, and so is a score or a sum), names inside:
        # the sentences, the choices' steps and the card names.
        tokens = [{k: v for k, v in e.items() if k != "text"} for event in new for e in event]
        words = [s for c in frame["choices"] for s in c["steps"]] + list(frame["card_names"].values())
        # the choices' tokens and their steps on the table (``path``, issue 35) hold codes, not words; so do the
        # log entries' cards and the page facts (in ``frame``)
        plain = {**frame, "log": tokens, "choices": [[c["token"], c["path"]] for c in frame["choices"]],
                 "card_names": {}}
        leaked = (codes_in(plain, self.cards) | (set(frame["card_names"]) & self.cards)) - self.seen
        assert not leaked, f"{where}: viewer {self.viewer} received unseen cards {sorted(leaked)}"
        hidden = unseen_names(self.game, self.lang, self.cards, self.seen)
        notes = [e["text"] for e in frame["log"] if e.get("kind") in ("seat", "start")]
        named = [t for t in texts + words + notes if hidden is not None and hidden.search(t)]
        assert not named, f"{where}: viewer {self.viewer} was told of unseen cards: {named}"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_no_frame_leaks_a_hidden_card(client: TestClient, game) -> None:
    players = min(3, game.max_players)
    seed = 20
    table = new_table(client, game.id, players, [{"kind": "human", "name": f"P{i}"} for i in range(players)],
                      seed=seed, clock="relaxed")  # the frames carry each seat's presence and clock (issue 32)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    replica = Match(game, players, {}, seed)
    cards = set(replica.state.cards())
    viewers: list[int | None] = [*range(players), None]
    langs = {v: "de" if v in (1, None) else "en" for v in viewers}  # both languages, each viewer one
    witnesses = {v: Witness(game, v, cards, langs[v]) for v in viewers}
    for w in witnesses.values():
        w.observe(replica.state)
    assert any(codes_in(replica.state.to_doc(), cards) - w.seen for w in witnesses.values()), \
        "the god document must hold cards some viewer has not seen, else this test proves nothing"
    rng = random.Random(seed)
    frames = 0
    with ExitStack() as stack:
        conns = [stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?token={t}&lang={langs[s]}"))
                 for s, t in enumerate(tokens)]
        spectator_ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?lang={langs[None]}"))
        spectator_ws.send_json({"type": "auth", "token": None})
        conns.append(spectator_ws)
        latest: dict[int | None, dict[str, Any]] = {}
        arrivals = 0
        for v, ws in zip(viewers, conns, strict=True):
            latest[v] = ws.receive_json()
            witnesses[v].check(latest[v], replica.state, "first frame")
            frames += 1
            # each person coming after this page opened is told to it (presence, issue 32; the clock's note)
            while not all(s["presence"] == "connected" for s in latest[v]["seats"]):
                latest[v] = ws.receive_json()
                # (from event 0 on, as the notes after it: round 1's start too, where the game tells it)
                assert latest[v]["n"] == 0 and all(e.get("kind") in ("seat", "start") for e in latest[v]["log"]), \
                    "an arrival's frame tells nothing more than who came (a live clock runs from then on)"
                witnesses[v].check(latest[v], replica.state, "arrival frame")
                arrivals += 1
        step = 0
        while not replica.state.game_over:
            seat = replica.state.to_act()[0]
            if step % 10 == 0:  # HTTP views too (each carries the whole log, so not every step)
                response = client.get(f"/api/tables/{tid}/view?lang={langs[seat]}", headers=auth(tokens[seat])).json()
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
                res = client.post(f"/api/tables/{tid}/actions?lang={langs[seat]}", json={"action": token},
                                  headers=auth(tokens[seat]))
                assert res.status_code == 200, res.text
                witnesses[seat].check(res.json(), replica.state, f"POST response step {step}")
            for v, ws in zip(viewers, conns, strict=True):
                frame = latest[v] = ws.receive_json()
                assert frame["n"] == step + 1
                witnesses[v].check(frame, replica.state, f"WS frame step {step}")
                frames += 1
            step += 1
        spectator = client.get(f"/api/tables/{tid}/view?lang={langs[None]}").json()
        witnesses[None].check(spectator, replica.state, "final spectator view")
    assert replica.state.game_over and frames == (step + 1) * (players + 1) and arrivals >= players - 1


def test_a_sentence_naming_a_hidden_card_is_caught(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of the sentences is not vacuous: a narrate that names every card in play fails it."""
    real = live.narrate

    def leaky(before: GameState, seat: int, token: str, after: GameState, voice: Any, views: Any = None) -> Any:
        told = real(before, seat, token, after, voice, views)
        every = ", ".join(after.game.card_name(c, voice.lang) for c in after.cards())
        return told._replace(text=f"{told.text} {every}")

    monkeypatch.setattr(live, "narrate", leaky)
    game = get_game("colors")
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "P0"}, {"kind": "human", "name": "P1"}],
                      seed=20, options={"first_player": 0})
    replica = Match(game, 2, {"first_player": 0}, 20)
    witness = Witness(game, None, set(replica.state.cards()), "de")
    witness.observe(replica.state)
    token = replica.state.legal_actions(0)[0]
    res = client.post(f"/api/tables/{table['id']}/actions", json={"action": token},
                      headers=auth(table["seats"][0]["token"]))
    assert res.status_code == 200, res.text
    witness.observe_token(replica.state, 0, token)
    replica.apply(0, token)
    witness.observe(replica.state)
    with pytest.raises(AssertionError, match="was told of unseen cards"):
        witness.check(client.get(f"/api/tables/{table['id']}/view?lang=de").json(), replica.state, "leaky")


def test_a_step_naming_a_hidden_card_is_caught(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan of the choices' steps on the table (``path``, issue 35) is not vacuous: steps that name a card of
    another seat's hand fail it."""
    game = get_game("colors")
    replica = Match(game, 2, {"first_player": 0}, 20)
    other = replica.state.view(1)["zones"]["hands"][1][0]  # seat 1's card, hidden from seat 0

    def leaky(seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
        return (Step("hand", other),)

    replace_parts(monkeypatch, "colors", choice_steps=leaky)
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "P0"}, {"kind": "human", "name": "P1"}],
                      seed=20, options={"first_player": 0})
    witness = Witness(game, 0, set(replica.state.cards()), "en")
    witness.observe(replica.state)
    assert other not in witness.seen
    frame = client.get(f"/api/tables/{table['id']}/view?lang=en", headers=auth(table["seats"][0]["token"])).json()
    with pytest.raises(AssertionError, match="received unseen cards"):
        witness.check(frame, replica.state, "leaky steps")


def test_a_start_naming_a_hidden_card_is_caught(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of round 1's start (``describe_start``, told in the log) is not vacuous: a start that names every
    card of the deal fails it, for a seat and for a spectator."""
    game = get_game("mayhem")
    real = game.parts.describe_start
    replica = Match(game, 2, {}, 20)
    every = ", ".join(game.card_name(c, "en") for c in replica.state.cards())

    def leaky(view: dict[str, Any], voice: Any) -> str:
        return f"{real(view, voice)} {every}"

    replace_parts(monkeypatch, "mayhem", describe_start=leaky)
    table = new_table(client, "mayhem", 2, [{"kind": "human", "name": "P0"}, {"kind": "human", "name": "P1"}],
                      seed=20)
    for viewer in (0, None):
        witness = Witness(game, viewer, set(replica.state.cards()), "en")
        witness.observe(replica.state)
        headers = auth(table["seats"][0]["token"]) if viewer == 0 else {}
        frame = client.get(f"/api/tables/{table['id']}/view?lang=en", headers=headers).json()
        assert frame["log"][0]["kind"] == "start"
        with pytest.raises(AssertionError, match="was told of unseen cards"):
            witness.check(frame, replica.state, "leaky start")
