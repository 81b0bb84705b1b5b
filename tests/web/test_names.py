"""Issue 31, item 6 and the cluster part of item 7: names that look like another seat's, names that show nothing,
and line separators in one-line text are refused in the asker's language; the look-alike rule holds across
server processes (a unique key in the store), also on a database made before the rule."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from kartentisch.kernel.names import NameRefused, blank, check_names, look_key
from kartentisch.web import create_app
from kartentisch.web.records import NameTaken, SeatRecord
from kartentisch.web.store import Store

from .conftest import auth, new_table, pg_test_url

OPEN = {"kind": "open"}
#: The issue's look-alikes of "Ana": a combining grapheme joiner, a Cyrillic А, a braille blank, full-width letters,
#: another case; a zero-width joiner inside it (a fresh user's second "Anna" at one table).
LOOKALIKES = ["Ana\u034f", "\u0410na", "Ana\u2800", "\uff21\uff4e\uff41", "ana", "A\u200dna"]
#: Names that show nothing when written: the Hangul fillers, the braille blank, a default-ignorable mix.
BLANKS = ["\u3164", "\u2800\u2800", "\u115f\u1160", "\uffa0", "\u034f\u3164"]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL: a SQLite file, then PostgreSQL (skipped without ``KARTENTISCH_TEST_PG_URL``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kt.db'}"
    return pg_test_url()


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_lookalike_of_another_seat_s_name_is_refused_in_english_and_german(client: TestClient, name: str) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": name}]
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": seats})
    assert res.status_code == 422, res.text
    assert res.json()["error"] == f'"{name}" looks like "Ana" (Seat 1); choose a name that reads differently.'
    res = client.post("/api/tables?lang=de", json={"game": "colors", "players": 2, "seats": seats})
    assert res.json()["error"] == f"„{name}“ sieht aus wie „Ana“ (Platz 1); wähle einen Namen, der sich anders liest."


def test_a_name_like_another_seat_s_own_says_which_seats_are_alike(client: TestClient) -> None:
    """Neither "'Platz 1' sieht aus wie 'Platz 1' (Platz 1)" nor "'Ana' looks like 'Ana'": the very same name names
    the seat that has it already, a seat's name without a given one ("Platz 1") names that seat."""
    for seats, said in (
            ([{"kind": "human"}, {"kind": "human", "name": "Platz 1"}],
             {"en": '"Platz 1" is what Seat 1 is called without a name of its own; choose a name that reads '
                    'differently.',
              "de": "„Platz 1“ heißt Platz 1 ohne eigenen Namen; wähle einen Namen, der sich anders liest."}),
            ([{"kind": "open"}, {"kind": "human", "name": "seat 1"}],
             {"en": '"seat 1" is what Seat 1 is called without a name of its own; choose a name that reads '
                    'differently.',
              "de": "„seat 1“ heißt Platz 1 ohne eigenen Namen; wähle einen Namen, der sich anders liest."}),
            ([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ana"}],
             {"en": 'Seat 1 is called "Ana" already; choose a name that reads differently.',
              "de": "Platz 1 heißt schon „Ana“; wähle einen Namen, der sich anders liest."})):
        for lang, text in said.items():
            res = client.post(f"/api/tables?lang={lang}", json={"game": "colors", "players": 2, "seats": seats})
            assert res.status_code == 422 and res.json()["error"] == text, res.text


@pytest.mark.parametrize("name", BLANKS)
def test_a_name_that_shows_nothing_is_refused(client: TestClient, name: str) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": name}]
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": seats})
    assert res.status_code == 422 and res.json()["error"] == (
        "This name shows nothing when written; choose a name with letters, digits or signs."), res.text


def test_names_that_read_differently_pass() -> None:
    where = [{"en": f"seat {i}", "de": f"Platz {i}"} for i in range(1, 7)]
    check_names(["Ana", "Anna", "Ana B", "Аня", "Jürgen", "👩\u200d👩\u200d👧"], where)  # Cyrillic Аня reads "Anya"
    assert look_key("Ian") == look_key("lan")  # a capital I and a small L: one glyph in many fonts
    assert not blank("A\u3164") and blank("") and blank(" \u2800 ")


def test_a_join_with_a_lookalike_or_blank_name_is_refused_in_the_page_s_language(client: TestClient) -> None:
    table = new_table(client, "colors", 3, [{"kind": "human", "name": "Ana"}, OPEN, OPEN])
    join = f"/api/invites/{table['invite']['code']}/join"
    res = client.post(f"{join}?lang=de", json={"seat": 2, "name": "\u0410na"})
    assert res.status_code == 422 and res.json()["error"] == (
        "„\u0410na“ sieht aus wie „Ana“ (Platz 1); wähle einen Namen, der sich anders liest."), res.text
    res = client.post(join, json={"seat": 1, "name": "\u3164"})
    assert res.status_code == 422 and "shows nothing when written" in res.json()["error"], res.text
    assert client.post(join, json={"seat": 1, "name": "Ben"}).status_code == 200
    res = client.post(join, json={"seat": 2, "name": "BEN\u034f"})
    assert res.status_code == 422 and 'looks like "Ben" (Seat 2)' in res.json()["error"], res.text
    assert client.get(f"/api/invites/{table['invite']['code']}").json()["seats"][2]["kind"] == "open"


def test_a_name_stacking_marks_on_a_letter_is_refused_and_real_writing_passes(client: TestClient) -> None:
    """A fresh user's finding: "Z" with 79 combining accents was taken and drew over the prompt, the seats and the
    score table. More than four marks on one letter are refused, the name quoted without them; Vietnamese, Thai
    and Devanagari names pass."""
    table = new_table(client, "colors", 3, [{"kind": "human", "name": "Ana"}, OPEN, OPEN])
    join = f"/api/invites/{table['invite']['code']}/join"
    for lang, text in (("en", 'The name "Zoe" stacks too many accents or marks on one letter; type it with at most '
                              '4 on each.'),
                       ("de", "Der Name „Zoe“ stapelt zu viele Akzente oder Zeichen auf einem Buchstaben; gib ihn "
                              "mit höchstens 4 je Buchstabe ein.")):
        res = client.post(f"{join}?lang={lang}", json={"seat": 1, "name": "Z" + "\u0301\u0316" * 20 + "oe"})
        assert res.status_code == 422 and res.json()["text"] == text, res.text
    assert client.get(f"/api/invites/{table['invite']['code']}").json()["seats"][1]["kind"] == "open"
    where = [{"en": f"seat {i}", "de": f"Platz {i}"} for i in range(1, 5)]
    check_names(["Nguyễn Thị Ngọc", "น้ำ", "किशोर", "Z\u0301\u0316\u0301\u0316"], where)  # four marks still pass


def test_a_person_cannot_take_a_bot_s_name(client: TestClient) -> None:
    """A fresh user's finding: a person joined as "Bot Ida (steady)" and nobody could tell that seat from a bot. A
    name reading as any bot label (any person-like name, kind and language, look-alikes too) is refused; "Bot" in
    a name of one's own is not."""
    table = new_table(client, "colors", 3, [{"kind": "human", "name": "Ana"}, OPEN, OPEN])
    join = f"/api/invites/{table['invite']['code']}/join"
    for lang, name, text in (("en", "Bot Ida (steady)", '"Bot Ida (steady)" is a bot\'s name here; choose a name of '
                                                        'your own.'),
                             ("de", "bot noah (gelernt)", "„bot noah (gelernt)“ ist hier der Name eines Bots; wähle "
                                                          "einen eigenen Namen."),
                             ("en", "Bot Max (stark)", None), ("en", "B\u043et Mia (plays at random)", None)):
        res = client.post(f"{join}?lang={lang}", json={"seat": 1, "name": name})
        assert res.status_code == 422 and res.json()["text"] == (text or f'"{name}" is a bot\'s name here; choose a '
                                                                        'name of your own.'), res.text
    res = client.post("/api/tables?lang=de", json={"game": "colors", "players": 2, "seats": [
        {"kind": "human", "name": "Bot Lena (stark)"}, {"kind": "bot", "bot": "heuristic"}]})
    assert res.status_code == 422 and "ist hier der Name eines Bots" in res.json()["text"], res.text
    assert client.post(join, json={"seat": 1, "name": "Bot Ida"}).status_code == 200


def test_line_and_paragraph_separators_are_refused_in_names_and_chat(client: TestClient) -> None:
    for sep in ("\u2028", "\u2029"):
        res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [
            {"kind": "human", "name": f"An{sep}a"}, {"kind": "human", "name": "Ben"}]})
        assert res.status_code == 422 and f"U+{ord(sep):04X}" in res.json()["error"], res.text
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}])
    res = client.post(f"/api/tables/{table['id']}/chat", json={"text": "hi\u2028there"},
                      headers=auth(table["seats"][0]["token"]))
    assert res.status_code == 422 and "line-break character U+2028" in res.json()["error"], res.text


def test_refusal_texts_exist_in_every_language() -> None:
    with pytest.raises(NameRefused) as err:
        check_names(["Ana", "\u0410na"], [{"en": "seat 1", "de": "Platz 1"}, {"en": "seat 2", "de": "Platz 2"}])
    assert set(err.value.texts) == {"en", "de"} and err.value.text("fr") == err.value.texts["en"]


def test_two_stores_taking_seats_with_lookalike_names_seat_exactly_one(any_url: str) -> None:
    """Two Store instances (two server processes) on one database race for two open seats with names alike."""
    stores = [Store(any_url), Store(any_url)]
    tid = f"names-{uuid.uuid4().hex[:8]}"
    stores[0].create_table(tid, "colors", 3, {}, 1, [SeatRecord(0, "human", "Ben", None, uuid.uuid4().hex),
                                                     SeatRecord(1, "open", "", None, None),
                                                     SeatRecord(2, "open", "", None, None)])
    barrier = threading.Barrier(2)
    won: list[str] = []
    refused: list[str] = []

    def take(store: Store, seat: int, name: str) -> None:
        barrier.wait()
        try:
            if store.take_seat(tid, SeatRecord(seat, "human", name, None, uuid.uuid4().hex)):
                won.append(name)
        except NameTaken:
            refused.append(name)

    racers = [threading.Thread(target=take, args=(stores[i], i + 1, name))
              for i, name in enumerate(("Ana", "\u0410na"))]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    record = stores[1].load(tid)
    assert record is not None and len(won) == 1 and len(refused) == 1, (won, refused)
    assert sorted(s.name for s in record.seats if s.kind == "human") == sorted(["Ben", won[0]])
    for store in stores:
        store.dispose()


def test_two_server_processes_joining_with_lookalike_names_seat_exactly_one(any_url: str) -> None:
    """Through two apps on one database (two server processes), each having loaded the table before: of two
    joins with names alike on two open seats, exactly one is seated; the other gets the look-alike 422."""
    with TestClient(create_app(any_url)) as one, TestClient(create_app(any_url)) as two:
        table = new_table(one, "colors", 3, [{"kind": "human", "name": "Ben"}, OPEN, OPEN])
        join = f"/api/invites/{table['invite']['code']}/join"
        assert two.get(f"/api/invites/{table['invite']['code']}").status_code == 200  # loaded in both
        barrier = threading.Barrier(2)
        answers: dict[str, tuple[int, str]] = {}

        def take(client: TestClient, seat: int, name: str) -> None:
            barrier.wait()
            res = client.post(join, json={"seat": seat, "name": name})
            answers[name] = (res.status_code, res.text)

        racers = [threading.Thread(target=take, args=(c, s, n)) for c, s, n in ((one, 1, "Ana"), (two, 2, "ana"))]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(30)
        codes = sorted(code for code, _ in answers.values())
        assert codes == [200, 422], answers
        assert all("looks like" in text for code, text in answers.values() if code == 422), answers
    store = Store(any_url)  # what the database holds (a SQLite process does not hear of the other's seat)
    record = store.load(table["id"])
    assert record is not None and [s.kind for s in record.seats].count("open") == 1
    store.dispose()


def test_an_older_database_gets_the_name_key_and_its_unique_index(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    with store.engine.begin() as conn:  # as a database made before issue 31 was
        conn.exec_driver_sql("DROP INDEX kt_seats_name_key")
        conn.exec_driver_sql("ALTER TABLE kt_seats DROP COLUMN name_key")
    store.dispose()
    store = Store(url)
    found = inspect(store.engine)
    assert "name_key" in {c["name"] for c in found.get_columns("kt_seats")}
    assert any(i["name"] == "kt_seats_name_key" and i["unique"] for i in found.get_indexes("kt_seats"))
    store.create_table("t", "colors", 2, {}, 1, [SeatRecord(0, "human", "Ana", None, "tok"),
                                                 SeatRecord(1, "open", "", None, None)])
    with pytest.raises(NameTaken):
        store.take_seat("t", SeatRecord(1, "human", "\u0410na", None, "tok2"))
    store.dispose()


#: "Ana" in quotation marks, brackets or with punctuation around it: people read each as "Ana".
QUOTED = ["„Ana“", '"Ana"', "'Ana'", "«Ana»", "(Ana)", "[Ana]", "<Ana>", "`Ana´", "Ana!", "„ Ana “", "-Ana-"]


@pytest.mark.parametrize("name", QUOTED)
def test_a_name_in_quotes_beside_the_same_name_is_refused_at_a_join_and_a_group(client: TestClient,
                                                                                 name: str) -> None:
    """A fresh user's finding: „Ana“ joined a table where Ana sat; the quotes around a name do not count
    (kernel.names.look_key), in a join as in a new table and a group's members."""
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, OPEN])
    res = client.post(f"/api/invites/{table['invite']['code']}/join?lang=de", json={"seat": 1, "name": name})
    assert res.status_code == 422 and res.json()["text"] == (
        f"„{name}“ sieht aus wie „Ana“ (Platz 1); wähle einen Namen, der sich anders liest."), res.text
    assert client.get(f"/api/invites/{table['invite']['code']}").json()["seats"][1]["kind"] == "open"
    res = client.post("/api/tables", json={"game": "colors", "players": 2, "seats": [
        {"kind": "human", "name": name}, {"kind": "human", "name": "Ana"}]})
    assert res.status_code == 422 and res.json()["text"] == (
        f'"Ana" looks like "{name}" (Seat 1); choose a name that reads differently.'), res.text
    code = client.post("/api/groups", json={"name": "Runde"}).json()["code"]
    assert client.post(f"/api/groups/{code}/members", json={"name": "Ana"}).status_code == 200
    res = client.post(f"/api/groups/{code}/members", json={"name": name})
    assert res.status_code == 422 and res.json()["text"].startswith(f'"{name}" looks like "Ana"'), res.text


def test_quotes_inside_a_name_are_allowed_and_count() -> None:
    """Decision (kernel.names.look_key): quotes and brackets inside a name are part of it (a nickname, O'Neil);
    only those around it do not count, and a name of punctuation only stays itself."""
    where = [{"en": f"seat {i}", "de": f"Platz {i}"} for i in range(1, 6)]
    check_names(['Ana "Ace" B', "Ana Ace B", "O'Neil", "!!!", "???"], where)
    assert look_key("„Ana“") == look_key("Ana") == look_key("(ana)") != look_key("Ana (2)")


def test_a_name_that_differs_only_in_its_spaces_is_refused_at_a_table_and_a_group(client: TestClient) -> None:
    """A fresh user's finding: "An na" joined a group beside "Anna" as another member. Spaces inside a name do not
    count (kernel.names.look_key), also around punctuation ("Ana - Lena", "Ana-Lena"), and the refusal says the two
    differ only in their spaces."""
    for first, second in (("Anna", "An na"), ("Ana-Lena", "Ana - Lena"), ("Jo Ann", "JoAnn")):
        seats = [{"kind": "human", "name": first}, {"kind": "human", "name": second}]
        for lang, text in (
                ("en", f'"{second}" differs from "{first}" (Seat 1) only in its spaces; choose a name that reads '
                       "differently."),
                ("de", f"„{second}“ unterscheidet sich von „{first}“ (Platz 1) nur in den Leerzeichen; wähle einen "
                       "Namen, der sich anders liest.")):
            res = client.post(f"/api/tables?lang={lang}", json={"game": "colors", "players": 2, "seats": seats})
            assert res.status_code == 422 and res.json()["text"] == text, res.text
    code = client.post("/api/groups", json={"name": "Runde"}).json()["code"]
    assert client.post(f"/api/groups/{code}/members", json={"name": "Anna"}).status_code == 200
    for lang, text in (
            ("en", '"An na" differs from "Anna" (a member of the group) only in its spaces; choose a name that '
                   "reads differently."),
            ("de", "„An na“ unterscheidet sich von „Anna“ (ein Mitglied der Spielrunde) nur in den Leerzeichen; "
                   "wähle einen Namen, der sich anders liest.")):
        res = client.post(f"/api/groups/{code}/members?lang={lang}", json={"name": "An na"})
        assert res.status_code == 422 and res.json()["text"] == text, res.text
    assert [m["name"] for m in client.get(f"/api/groups/{code}").json()["members"]] == ["Anna"]
    check_names(["Anna", "Anne", "Ann B."], [{"en": f"seat {i}", "de": f"Platz {i}"} for i in range(1, 4)])


def _refusals(client: TestClient, lang: str) -> list[tuple[str, str | None]]:
    """Every refusal of a name a person can meet, as ``(the page's text, the name it must quote or None)``: a seat
    of a new table, a join through the invite, a private link's person naming their seat, a group's member (and
    the refusals that name no name: empty)."""
    said: list[tuple[str, str | None]] = []

    def refused(res: Any, name: str | None) -> None:
        assert res.status_code in (404, 409, 422), res.text
        said.append((res.json()["text"], name))

    def new(*names: str | None) -> Any:
        return client.post(f"/api/tables?lang={lang}", json={"game": "colors", "players": 2, "seats": [
            {"kind": "human", **({} if n is None else {"name": n})} for n in names]})

    refused(new("Ana", "\u0410na"), "\u0410na")  # looks like
    refused(new("Ana", "Ana"), "Ana")  # the same
    refused(new(None, "Platz 1"), "Platz 1")  # a seat's name without a given one
    refused(new("Ana", "\u3164"), None)  # shows nothing
    refused(new("Ana", "B\u200bo"), "Bo")  # a zero-width space (the schema refuses it)
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, OPEN])
    join = f"/api/invites/{table['invite']['code']}/join?lang={lang}"
    refused(client.post(join, json={"seat": 1, "name": "„Ana“"}), "„Ana“")
    refused(client.post(join, json={"seat": 1, "name": "Bo\u2028"}), "Bo")
    refused(client.post(join, json={"seat": 1, "name": " "}), None)
    refused(client.post(join, json={"seat": 1, "name": "x" * 81}), None)  # too long (the schema refuses it)
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, {"kind": "human"}])
    rename, token = f"/api/tables/{table['id']}/seats/1/name?lang={lang}", auth(table["seats"][1]["token"])
    refused(client.post(rename, json={"name": "(Ana)"}, headers=token), "(Ana)")  # a private link's own name
    refused(client.post(rename, json={"name": "Bo\u2029"}, headers=token), "Bo")
    refused(client.post(rename, json={"name": " "}, headers=token), None)
    code = client.post("/api/groups", json={"name": "Runde"}).json()["code"]
    members = f"/api/groups/{code}/members?lang={lang}"
    assert client.post(members, json={"name": "Ana"}).status_code == 200
    refused(client.post(members, json={"name": "ana"}), "Ana")  # taken: "I joined before"?
    refused(client.post(members, json={"name": "Bea", "again": True}), "Bea")  # nobody of that name
    refused(client.post(members, json={"name": "An\u202ea"}), "Ana")
    refused(client.post(members, json={"name": "\u0410na"}), "\u0410na")
    refused(client.post(members, json={"name": "A na"}), "A na")  # only the spaces differ
    refused(client.post(members, json={"name": "\u2800"}), None)
    refused(client.post(members, json={"name": ""}), None)
    refused(client.post(members, json={"name": "x" * 81}), None)
    return said


@pytest.mark.parametrize(("lang", "open_quote", "close_quote"), [("en", '"', '"'), ("de", "„", "“")])
def test_every_name_refusal_is_one_style_in_english_and_german(client: TestClient, lang: str, open_quote: str,
                                                                close_quote: str) -> None:
    """A fresh user's finding: German refusals ended with and without a full stop, one showed "U+200B". Each is a
    sentence (a capital first letter, a full stop at the end), names no code point and quotes the name as the
    language does."""
    wrong = []
    for text, name in _refusals(client, lang):
        quoted = name is None or f"{open_quote}{name}{close_quote}" in text
        first = next(c for c in text if c.isalpha())  # a sentence may open with the quoted name
        if not (first.isupper() and text.endswith(".") and not text.endswith("..") and "U+" not in text
                and quoted and "'" not in text.replace("'s ", "")):  # no name in 'single quotes' (Python's repr)
            wrong.append(text)
    assert not wrong, "\n".join(wrong)
