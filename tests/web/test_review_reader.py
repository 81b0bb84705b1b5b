"""The replay and the review of a finished match open in the reader's own view (fresh-user report, "fair play"):
a seat's own decisions in full, the other seats' moves as that seat saw them; a spectator (no token) sees no card
a seat held hidden; every card open only when asked for (``seat=all``), and never before the match ended."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from kartentisch.kernel import Match
from kartentisch.web import create_app

from .conftest import auth, move_entries, new_table, played_to_end
from .test_coach_api import wait_review

#: A short lastcard match of two people with one card passed (lastcard R5: a pass is hidden from the others).
GAME, PLAYERS, OPTIONS = "lastcard", 2, {"rounds": 1, "pass_cards": 1}


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A TestClient whose coach searches little (the words are under test here, not the judging)."""
    with TestClient(create_app(db_url, coach_iterations=20)) as c:
        yield c


def finished(client: TestClient, seed: int = 5) -> tuple[dict, Match]:
    """A table of two people played to the end with seeded random moves, and its match."""
    return played_to_end(client, GAME, PLAYERS, [{"kind": "human", "name": n} for n in ("Ada", "Bo")], seed, OPTIONS)


def hidden_moves(match: Match) -> list[int]:
    """The move numbers (from 1) whose spectator form hides cards (lastcard R5's passes)."""
    states = list(match.states())
    return [n for n, (seat, token) in enumerate(match.history, start=1)
            if states[n - 1].public_token(seat, token, None) != token]


def test_the_review_is_worded_for_its_reader_and_open_only_when_asked(client: TestClient) -> None:
    table, match = finished(client)
    tid = table["id"]
    url = f"/api/tables/{tid}/review"
    secret = hidden_moves(match)
    assert secret, "the match has a hidden pass (lastcard R5)"
    assert client.post(url).status_code == 202
    spectator, _ = wait_review(client, url)
    replay = f"/api/tables/{tid}/replay?n={len(match.history)}"
    told = {who: move_entries(client.get(f"{replay}&seat={who}").json()["log"])
            for who in ("spectator", "1", "2", "all")}
    # no token: every move as a spectator saw it, no card a seat held hidden, no better move of anyone's
    assert spectator["reader"] is None
    for d in spectator["decisions"]:
        assert "best" not in d and "best_text" not in d, d
        assert d["text"] == told["spectator"][d["n"] - 1]["text"]
        assert d["token"] == told["spectator"][d["n"] - 1]["token"]
    assert any(d["n"] in secret and "?" in d["token"] for d in spectator["decisions"])
    # a seat's token: its own decisions in full, the other's as it saw them (its pass without the card)
    for seat in (0, 1):
        mine = client.get(url, headers=auth(table["seats"][seat]["token"])).json()
        assert mine["reader"] == seat
        for d in mine["decisions"]:
            if d["seat"] == seat:
                assert (d["seat"], d["token"]) == match.history[d["n"] - 1] and d["best_text"], d
            else:
                assert "best" not in d and d["text"] == told[str(seat + 1)][d["n"] - 1]["text"], d
        assert client.get(f"{url}?seat={seat + 1}").json() == mine  # the same asked for by seat
    # every seat's moves with their cards: asked for explicitly, in both languages
    for lang in ("en", "de"):
        opened = client.get(f"{url}?seat=all&lang={lang}").json()
        assert opened["reader"] == "all"
        assert all((d["seat"], d["token"]) == match.history[d["n"] - 1] and d["best_text"]
                   for d in opened["decisions"])
    bad = client.get(f"{url}?seat=7&lang=de")
    assert bad.status_code == 422 and bad.json()["text"].startswith("Platz 7 gibt es hier nicht")


def test_the_replay_opens_as_a_spectator_and_every_card_only_when_asked(client: TestClient) -> None:
    table, match = finished(client, seed=8)
    states = list(match.states())
    url = f"/api/tables/{table['id']}/replay"
    n = hidden_moves(match)[0]
    default = client.get(f"{url}?n={n}").json()
    assert default["open"] is False and default["seat"] is None and default["view"] == states[n].view(None)
    assert client.get(f"{url}?n={n}&seat=spectator").json() == default
    for seat in range(PLAYERS):
        own = client.get(f"{url}?n={n}&seat={seat + 1}").json()
        assert own["seat"] == seat and own["open"] is False and own["view"] == states[n].view(seat)
    opened = client.get(f"{url}?n={n}&seat=all").json()
    assert opened["open"] is True and opened["only_seen"] is not None


def test_before_the_end_neither_every_card_nor_the_review_opens(client: TestClient) -> None:
    table = new_table(client, GAME, PLAYERS, [{"kind": "human"}, {"kind": "human"}], options=OPTIONS)
    for query in ("", "?seat=all", "?seat=1"):
        assert client.get(f"/api/tables/{table['id']}/replay{query}").status_code == 409, query
    assert client.get(f"/api/tables/{table['id']}/review?seat=all").status_code == 409
