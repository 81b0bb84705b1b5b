"""A bad replay position or seat is answered in words before anything is counted (fresh-user report: ``n=9999``
answered "too many replay steps", ``n=86``, ``n=-1`` and ``seat=7`` a generic refusal), and a 429's ``error`` is
for developers (English) while its ``text`` is in the reader's language."""

from __future__ import annotations

from fastapi.testclient import TestClient

from kartentisch.kernel import Match
from kartentisch.web import create_app
from kartentisch.web.limits import Limits

from .conftest import played_to_end
from .test_review_reader import PLAYERS, finished


def test_a_bad_position_or_seat_is_told_in_words_and_costs_no_replay_step(db_url: str) -> None:
    limits = Limits(None, None, None, None, replay_rate="3/minute")
    with TestClient(create_app(db_url, limits=limits, coach_iterations=20)) as client:
        table, match = finished(client)
        total = len(match.history)
        url = f"/api/tables/{table['id']}/replay"
        said = {
            "n=9999": (f"Diese Partie hat {total} Züge: wähle eine Stelle von 0 bis {total}.",
                       f"This match has {total} moves: choose a position from 0 to {total}."),
            f"n={total + 1}": (f"Diese Partie hat {total} Züge: wähle eine Stelle von 0 bis {total}.",
                               f"This match has {total} moves: choose a position from 0 to {total}."),
            "n=-1": (f"Diese Partie hat {total} Züge: wähle eine Stelle von 0 bis {total}.",
                     f"This match has {total} moves: choose a position from 0 to {total}."),
            "seat=7": (f"Platz 7 gibt es hier nicht: wähle einen Platz von 1 bis {PLAYERS}, die Zuschauersicht "
                       "oder „Alle Karten offen“.",
                       f"There is no seat 7 here: choose a seat from 1 to {PLAYERS}, the spectator's view or all "
                       "cards open."),
        }
        for ask, (de, en) in said.items():
            for lang, words in (("de", de), ("en", en)):
                res = client.get(f"{url}?{ask}&lang={lang}")
                assert res.status_code == 422 and res.json()["text"] == words, (ask, res.text)
        assert [client.get(f"{url}?n={n}&seat=1").status_code for n in range(3)] == [200] * 3  # nothing charged
        over = client.get(f"{url}?n=3&seat=1&lang=de")
        assert over.status_code == 429
        assert over.json()["text"].startswith("Zu viele Wiederholungsschritte von diesem Gerät: höchstens 3 pro")
        assert over.json()["error"].startswith("too many replay steps asked for from this client: at most 3 per")


def test_a_bad_position_of_a_chips_replay_names_its_match_spiel(client: TestClient) -> None:
    """chips D1: the match is the "Spiel" (a "Partie" is one round): the replay's German refusals of a bad position
    and of every card open too early say "Dieses Spiel" / "nach dem Spiel" (lastcard's above keep "Partie")."""
    table, match = played_to_end(client, "chips", 2, [{"kind": "human"}, {"kind": "human"}], 3, {"rounds": 1})
    total = len(match.history)
    res = client.get(f"/api/tables/{table['id']}/replay?n={total + 1}&lang=de")
    assert res.status_code == 422 and res.json()["text"] == \
        f"Dieses Spiel hat {total} Züge: wähle eine Stelle von 0 bis {total}.", res.text
    res = client.get(f"/api/tables/{table['id']}/replay?n=1&since={total + 1}&lang=de")
    assert res.json()["text"] == \
        f"Dieses Spiel hat {total} Züge: das Protokoll beginnt bei einem Zug von 0 bis {total}."
    unfinished = Match(match.game, match.players, match.options, match.seed, history=[])
    for seat, token in match.history[:4]:
        unfinished.apply(seat, token)
    part = client.post("/api/replays", json={"text": unfinished.dumps()}).json()
    res = client.get(f"/api/replays/{part['id']}?seat=all&lang=de")
    assert res.status_code == 409 and res.json()["text"] == \
        "Alle Karten gibt es erst nach dem Spiel offen: wähle einen Platz oder die Zuschauersicht."
