"""A person names their own seat (web.seatname; a fresh user's finding: the friend with a private seat link played
under the host's name for them, or "Seat 2", and was never asked): the name is checked as a join checks it,
committed with a note the log tells, read back by another server process, and refusals change nothing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kartentisch.web import create_app

from .conftest import auth, new_table, pg_test_url

PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def _notes(frame: dict) -> list[str]:
    return [e["text"] for e in frame["log"] if e.get("kind") == "seat"]


def test_a_private_link_s_person_names_their_seat_and_everyone_reads_it(client: TestClient, db_url: str) -> None:
    table = new_table(client, "colors", 3, PEOPLE)
    tid, tokens = table["id"], [s.get("token") for s in table["seats"]]
    res = client.post(f"/api/tables/{tid}/seats/1/name?lang=de", json={"name": "  Ben "}, headers=auth(tokens[1]))
    assert res.status_code == 200, res.text
    frame = res.json()
    assert frame["seats"][1]["name"] == "Ben" and _notes(frame) == ["Du hast deinen Namen gewählt."]
    ana = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()
    assert ana["seats"][1]["name"] == "Ben" and _notes(ana) == ["Ben chose this name."]
    again = client.post(f"/api/tables/{tid}/seats/1/name", json={"name": "Ben"}, headers=auth(tokens[1])).json()
    assert _notes(again) == ["You chose your name."]  # the same name again: no second note
    with TestClient(create_app(db_url)) as other:  # another server process reads the name from the store
        assert other.get(f"/api/tables/{tid}/view").json()["seats"][1]["name"] == "Ben"


def test_a_seat_s_name_is_refused_as_a_join_refuses_it_and_nothing_changes(client: TestClient) -> None:
    table = new_table(client, "colors", 3, PEOPLE)
    tid, tokens = table["id"], [s.get("token") for s in table["seats"]]
    url = f"/api/tables/{tid}/seats/1/name"
    for body, token, lang, status, said in (
            ({"name": "„Ana“"}, tokens[1], "de",
             422, "„„Ana““ sieht aus wie „Ana“ (Platz 1); wähle einen Namen, der sich anders liest."),
            ({"name": "Bo\u200b"}, tokens[1], "en", 422,
             'The name "Bo" holds an invisible character or a line break; type the name without it.'),
            ({"name": "\u3164"}, tokens[1], "de", 422,
             "Dieser Name ist beim Schreiben unsichtbar; wähle einen Namen mit Buchstaben, Ziffern oder Zeichen."),
            ({"name": " "}, tokens[1], "de", 422, "Gib deinen Namen ein, um mitzuspielen."),
            ({"name": "Ben"}, tokens[0], "de", 401, "Nur mit dem eigenen Link des Platzes gibst du ihm einen Namen."),
            ({"name": "Ben"}, None, "en", 401, "Only the seat's own link gives it a name.")):
        res = client.post(f"{url}?lang={lang}", json=body, headers=auth(token) if token else {})
        assert res.status_code == status and res.json()["text"] == said, (body, res.text)
    frame = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[1])).json()
    assert frame["seats"][1]["name"] == "Seat 2" and _notes(frame) == []


@pytest.mark.postgres
def test_another_server_process_with_the_table_in_memory_reads_the_new_name() -> None:
    """Two apps on one PostgreSQL database (two server processes), both holding the table: a name given through one
    reaches the other's frames with its note (the note's seat row is read back on refresh)."""
    url = pg_test_url()
    with TestClient(create_app(url)) as one, TestClient(create_app(url)) as two:
        table = new_table(one, "colors", 3, PEOPLE)
        tid, tokens = table["id"], [s.get("token") for s in table["seats"]]
        assert two.get(f"/api/tables/{tid}/view").json()["seats"][1]["name"] == "Seat 2"  # loaded in both
        res = one.post(f"/api/tables/{tid}/seats/1/name", json={"name": "Ben"}, headers=auth(tokens[1]))
        assert res.status_code == 200, res.text
        frame = two.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()
        assert frame["seats"][1]["name"] == "Ben" and _notes(frame) == ["Ben chose this name."]
        res = two.post(f"/api/tables/{tid}/seats/1/name", json={"name": "ana"}, headers=auth(tokens[1]))
        assert res.status_code == 422 and res.json()["text"].startswith('"ana" looks like "Ana"'), res.text
