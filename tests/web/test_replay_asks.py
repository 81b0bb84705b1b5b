"""A bad replay position or seat is answered in words before anything is counted (fresh-user report: ``n=9999``
answered "too many replay steps", ``n=86``, ``n=-1`` and ``seat=7`` a generic refusal), and a 429's ``error`` is
for developers (English) while its ``text`` is in the reader's language."""

from __future__ import annotations

from fastapi.testclient import TestClient

from kartentisch.web import create_app
from kartentisch.web.limits import Limits

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
        assert over.json()["text"].startswith("zu viele Wiederholungsschritte von diesem Gerät: höchstens 3 pro")
        assert over.json()["error"].startswith("too many replay steps asked for from this client: at most 3 per")
