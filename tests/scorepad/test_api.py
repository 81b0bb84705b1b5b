"""Score-pad HTTP API: create, read (public), add, correct, delete; refusals change nothing."""

from __future__ import annotations

from sqlalchemy import create_engine, func, select

from kartentisch.web.scorepad import pad_rounds_t, pads_t


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def grid_entry(grids: list[list[int]], trigger: int) -> dict:
    return {"players": [{"grid": g} for g in grids], "round": {"trigger": trigger}}


def new_pad(client, game="grid", players=("Ana", "Ben"), **options) -> dict:
    res = client.post("/api/scorepads", json={"game": game, "players": list(players), "options": options})
    assert res.status_code == 201, res.text
    return res.json()


def test_create_read_add_correct_delete(client, db_url):
    pad = new_pad(client, end_total=30)
    assert pad["edit_url"] == f"/scorepad/{pad['id']}#key={pad['key']}" and pad["view_url"] == f"/scorepad/{pad['id']}"
    assert pad["form"]["players"][0]["key"] == "grid" and pad["form"]["round"][0]["kind"] == "seat"
    assert pad["totals"] == [0, 0] and pad["dealer"] == 0 and pad["next_round"] == 1
    key = pad["key"]
    url = f"/api/scorepads/{pad['id']}"
    r1 = client.post(f"{url}/rounds", json=grid_entry([[11, 5, 0], [2, 0, 0]], 0), headers=bearer(key)).json()
    assert r1["rounds"][0]["scores"] == [32, 2] and r1["totals"] == [32, 2] and r1["over"] and r1["winners"] == [1]
    # Correction: Ana ended with less, so she is not doubled; the match goes on and the deal passes.
    fixed = client.put(f"{url}/rounds/1", json=grid_entry([[1, 0, 0], [2, 0, 0]], 0), headers=bearer(key))
    assert fixed.status_code == 200, fixed.text
    assert fixed.json()["totals"] == [1, 2] and not fixed.json()["over"] and fixed.json()["dealer"] == 1
    r2 = client.post(f"{url}/rounds", json=grid_entry([[11, 11, 11], [0, 0, 0]], 1), headers=bearer(key)).json()
    assert r2["totals"] == [34, 2] and r2["over"] and r2["winners"] == [1]
    # Reading is public and gives the same sheet.
    public = client.get(url).json()
    assert public["totals"] == [34, 2] and "key" not in public
    # A correction of round 1 recomputes round 2's totals.
    again = client.put(f"{url}/rounds/1", json=grid_entry([[3, 0, 0], [2, 0, 0]], 1), headers=bearer(key)).json()
    assert again["rounds"][0]["scores"] == [3, 2] and again["rounds"][1]["totals"] == [36, 2]
    gone = client.delete(f"{url}/rounds/2", headers=bearer(key)).json()
    assert len(gone["rounds"]) == 1 and gone["totals"] == [3, 2] and not gone["over"]
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(pad_rounds_t)).scalar() == 1
        assert conn.execute(select(pads_t.c.revision)).scalar() == 5
    engine.dispose()


def test_refusals_save_nothing(client, db_url):
    pad = new_pad(client, game="mayhem", players=("Ana", "Ben", "Cem"))
    url, key = f"/api/scorepads/{pad['id']}", pad["key"]
    good = {"players": [{"numbers": [5]}, {}, {"specials": 1}]}
    assert client.post(f"{url}/rounds", json=good, headers=bearer(key)).status_code == 200
    before = client.get(url).json()
    both_fy = {"players": [{"fy": True}, {"fy": True}, {}]}
    res = client.post(f"{url}/rounds", json=both_fy, headers=bearer(key))
    assert res.status_code == 422 and "unique card exists once" in res.json()["error"]
    res = client.put(f"{url}/rounds/1", json={"players": [{"specials": -1}, {}, {}]}, headers=bearer(key))
    assert res.status_code == 422 and "round 1, Ana, special cards: -1" in res.json()["error"]
    assert client.post(f"{url}/rounds", json=good).status_code == 401
    assert client.post(f"{url}/rounds", json=good, headers=bearer("nope")).status_code == 403
    assert client.put(f"{url}/rounds/3", json=good, headers=bearer(key)).status_code == 404
    assert client.delete(f"{url}/rounds/1", headers=bearer(key)).status_code == 200  # last round: allowed
    assert client.post(f"{url}/rounds", json=good, headers=bearer(key)).status_code == 200
    assert client.post(f"{url}/rounds", json=good, headers=bearer(key)).status_code == 200
    res = client.delete(f"{url}/rounds/1", headers=bearer(key))
    assert res.status_code == 409 and "only the last round" in res.json()["error"]
    after = client.get(url).json()
    assert after["rounds"][0]["entry"] == before["rounds"][0]["entry"] and len(after["rounds"]) == 2


def test_bad_pads_are_refused(client):
    cases = [
        ({"game": "nope", "players": ["A", "B"]}, "nope"),
        ({"game": "grid", "players": ["Ana"]}, "this game is for 2 … 6"),
        ({"game": "grid", "players": ["Ana", "ana"]}, '"ana" looks like "Ana" (player 1)'),
        ({"game": "grid", "players": ["Ana", " "]}, "empty"),
        ({"game": "grid", "players": ["Ana", "Ben"], "options": {"end_total": 0}}, "Match ends at: 0 is not allowed"),
        ({"game": "grid", "players": ["Ana", "Ben"], "options": {"colour": 1}}, "unknown option"),
        ({"game": "grid", "players": ["Ana", "Be\u202en"]}, 'The name "Ben" holds an invisible character'),
    ]
    for body, words in cases:
        res = client.post("/api/scorepads", json=body)
        assert res.status_code == 422 and words in res.json()["error"], (body, res.text)
    assert client.get("/api/scorepads/unknown").status_code == 404


def test_pages_are_served(client):
    pad = new_pad(client)
    for path in ("/scorepad", pad["view_url"]):
        res = client.get(path)
        assert res.status_code == 200 and "scorepad.js" in res.text


def test_a_change_racing_another_writer_is_refused_and_writes_nothing(client, db_url, monkeypatch):
    import kartentisch.web.scorepad as web_pad

    pad = new_pad(client)
    url, key = f"/api/scorepads/{pad['id']}", pad["key"]
    real = web_pad._sheet
    engine = create_engine(db_url)

    def other_writer_first(p, entries, lang):  # another request commits between our read and our write
        with engine.begin() as conn:
            conn.execute(pads_t.update().values(revision=pads_t.c.revision + 1))
        return real(p, entries, lang)

    monkeypatch.setattr(web_pad, "_sheet", other_writer_first)
    res = client.post(f"{url}/rounds", json=grid_entry([[1, 0, 0], [2, 0, 0]], 0), headers=bearer(key))
    assert res.status_code == 409 and "changed meanwhile" in res.json()["error"]
    res = client.post(f"{url}/rounds?lang=de", json=grid_entry([[1, 0, 0], [2, 0, 0]], 0), headers=bearer(key))
    assert res.status_code == 409 and res.json()["error"] == ("der Punkteblock wurde inzwischen geändert; lade ihn "
                                                              "neu und trage die Runde noch einmal ein")
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(pad_rounds_t)).scalar() == 0
    engine.dispose()


def test_refusals_come_in_the_language_asked_for(client):
    """``?lang=de``: the entry, the pad and the key refused in German; without it (or ``en``) in English; the error's
    shape stays ``{"error": …}``; another language is a 422 and saves nothing."""
    pad = new_pad(client, game="chips", players=("Ana", "Ben"))
    url, key = f"/api/scorepads/{pad['id']}", pad["key"]
    twice = {"players": [{"r_up": [5]}, {"r_up": [5]}]}
    german = client.post(f"{url}/rounds?lang=de", json=twice, headers=bearer(key))
    assert german.status_code == 422
    said = "Partie 1: Rot 5 gibt es nur einmal, aber Ana und Ben haben sie beide offen liegen"
    assert german.json() == {"error": said, "text": said}
    for query in ("", "?lang=en"):
        english = client.post(f"{url}/rounds{query}", json=twice, headers=bearer(key))
        assert english.json() == {"error": "round 1: the red 5 exists once, but both Ana and Ben have it face up",
                                  "text": "round 1: the red 5 exists once, but both Ana and Ben have it face up"}
    res = client.post(f"{url}/rounds?lang=fr", json={"players": [{}, {}]}, headers=bearer(key))
    assert res.status_code == 422 and "unknown language 'fr'" in res.json()["error"]
    assert client.get(url).json()["rounds"] == []
    res = client.put(f"{url}/rounds/1?lang=de", json={"players": [{}, {}]}, headers=bearer(key))
    assert res.status_code == 404 and res.json()["error"] == ("Partie 1 ist nicht eingetragen; noch ist keine Partie "
                                                              "eingetragen")
    res = client.post(f"{url}/rounds?lang=de", json={"players": [{}, {}]}, headers=bearer("nope"))
    assert res.status_code == 403 and res.json()["error"].startswith("falscher Schlüssel für diesen Punkteblock")
    res = client.post("/api/scorepads?lang=de", json={"game": "grid", "players": ["Ana", "Ben"],
                                                      "options": {"first_dealer": 2}})
    said = "Erster Geber: Platz 3 ist nicht erlaubt; erlaubt ist einer der Mitspieler: Ana, Ben"
    assert res.status_code == 422 and res.json() == {"error": said, "text": said}
    res = client.post("/api/scorepads?lang=de", json={"game": "grid", "players": [f"P{i}" for i in range(17)]})
    said = "17 Mitspieler; dieses Spiel ist für 2 … 6 Spieler"
    assert res.status_code == 422 and res.json() == {"error": said, "text": said}
    res = client.post("/api/scorepads?lang=de", json={"game": "nope", "players": ["Ana", "Ben"]})
    assert res.status_code == 422 and res.json() == {"error": "unbekanntes Spiel 'nope'", "text": "unbekanntes Spiel "
                                                                                                   "'nope'"}
    assert client.get("/api/scorepads/unknown?lang=de").json() == {
        "error": "es gibt keinen Punkteblock 'unknown'",
        "text": "Unter diesem Link gibt es keinen Punkteblock; vielleicht ist er vertippt."}
