"""Issue 23 over the API: hints at the table (allowed, forbidden, out of turn), the review of a finished table
in the background, and replays that show each seat what the live table showed it at every position."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from kartentisch.bots.coach import shown_percent
from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.web import create_app
from kartentisch.web.limits import Limits
from kartentisch.web.replays import only_seen, open_view

from .conftest import auth, move_entries, new_table, played_to_end, sit

TOKEN_LIKE = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
#: Searches per hint and per reviewed decision: enough to rank, small enough for a test.
ITERATIONS = 120
#: A short match of people: chips with one round (about 20 moves for two).
SHORT = ("chips", 2, {"rounds": 1})


@pytest.fixture
def coach_client(db_url: str) -> Iterator[TestClient]:
    """A TestClient around an app whose coach searches :data:`ITERATIONS` times."""
    with TestClient(create_app(db_url, coach_iterations=ITERATIONS)) as c:
        yield c


def people(n: int) -> list[dict]:
    return [{"kind": "human", "name": name} for name in ["Ada", "Bo", "Cem", "Dana"][:n]]


def play_out(client: TestClient, table: dict, seed: int, snap=None) -> Match:
    """Play the table of people to the end with seeded random legal moves (the server's match is the same: same
    seed); ``snap(n)`` is called at each position before its move and at the end. Returns the match."""
    game, players, options = SHORT
    match = Match(get_game(game), players, options, table["seed"])
    tokens = [s["token"] for s in table["seats"]]
    rng = random.Random(seed)
    while True:
        if snap is not None:
            snap(len(match.history))
        if match.state.game_over:
            return match
        seat = match.state.to_act()[0]
        token = match.state.random_action(seat, rng)
        match.apply(seat, token)
        res = client.post(f"/api/tables/{table['id']}/actions", json={"action": token}, headers=auth(tokens[seat]))
        assert res.status_code == 200, res.text


def after_events(log: list[dict], k: int) -> list[dict]:
    """The entries of a frame's log after its first ``k`` events (a round entry belongs to the move before it, round
    1's start comes before them all)."""
    moves = [i for i, e in enumerate(log) if e.get("kind") not in ("round", "start")]
    return log[moves[k]:] if k < len(moves) else []


def short_table(client: TestClient, seed: int = 4, **extra) -> dict:
    game, players, options = SHORT
    return {**new_table(client, game, players, people(players), seed=seed, options=options, **extra), "seed": seed}


# ------------------------------------------------------------------ hints
def test_hints_are_on_by_default_for_one_person_and_off_between_people(coach_client: TestClient) -> None:
    alone = new_table(coach_client, "colors", 2, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    friends = new_table(coach_client, "colors", 2, people(2))
    invited = new_table(coach_client, "colors", 2, [{"kind": "human"}, {"kind": "open"}])
    allowed = new_table(coach_client, "colors", 2, people(2), hints=True)
    refused = new_table(coach_client, "colors", 2, [{"kind": "human"}, {"kind": "bot"}], hints=False)
    for table, on in ((alone, True), (friends, False), (invited, False), (allowed, True), (refused, False)):
        frame = coach_client.get(f"/api/tables/{table['id']}/view", headers=auth(table["seats"][0]["token"])).json()
        assert frame["hints"] is on, table


def test_a_hint_names_the_seat_s_legal_moves_in_words_with_win_chances_best_first(coach_client: TestClient) -> None:
    table = new_table(coach_client, "colors", 2, people(2), hints=True)
    token = table["seats"][0]["token"]
    frame = coach_client.get(f"/api/tables/{table['id']}/view", headers=auth(token)).json()
    assert frame["view"]["to_act"] == [0]
    for lang in ("en", "de"):
        res = coach_client.get(f"/api/tables/{table['id']}/hint?lang={lang}", headers=auth(token))
        assert res.status_code == 200, res.text
        hint = res.json()
        assert hint["n"] == frame["n"] and hint["seat"] == 0 and hint["searches"] == ITERATIONS
        moves = hint["moves"]
        assert {m["token"] for m in moves} <= set(frame["legal"]) and len(moves) == hint["legal"] == len(frame["legal"])
        ranks = [(-shown_percent(m["win"]), -m["searches"]) for m in moves]  # by the chance shown, then searches
        assert ranks == sorted(ranks)
        assert sum(m["searches"] for m in moves) == ITERATIONS
        for m in moves:
            assert 0.0 <= m["win"] <= 1.0 and m["text"] and not TOKEN_LIKE.search(m["text"]), m
        assert moves[0]["text"].startswith("Play" if lang == "en" else "Spiele")
    again = coach_client.get(f"/api/tables/{table['id']}/hint?lang=de", headers=auth(token)).json()
    assert again == hint  # the same position: the same search, not another one
    # the hint's best move is a move the seat may make
    res = coach_client.post(f"/api/tables/{table['id']}/actions", json={"action": moves[0]["token"]},
                            headers=auth(token))
    assert res.status_code == 200, res.text


def test_a_hint_searches_the_coach_s_default_budget_for_the_game(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the server passes the game's budget with its time limit: with the time limit alone the search would run
    # for search_seconds every time
    game = get_game("colors")
    monkeypatch.setattr(type(game), "search", dataclasses.replace(game.search, coach_iterations=77))
    with TestClient(create_app(db_url)) as client:
        table = new_table(client, "colors", 2, [{"kind": "human"}, {"kind": "bot"}])
        res = client.get(f"/api/tables/{table['id']}/hint", headers=auth(table["seats"][0]["token"]))
        assert res.status_code == 200, res.text
        assert res.json()["searches"] == 77


def test_hints_are_refused_where_off_out_of_turn_and_without_a_seat(coach_client: TestClient) -> None:
    off = new_table(coach_client, "colors", 2, people(2))
    res = coach_client.get(f"/api/tables/{off['id']}/hint", headers=auth(off["seats"][0]["token"]))
    assert res.status_code == 403 and "off" in res.json()["error"]
    on = new_table(coach_client, "colors", 2, people(2), hints=True)
    res = coach_client.get(f"/api/tables/{on['id']}/hint", headers=auth(on["seats"][1]["token"]))
    assert res.status_code == 409 and res.json()["error"].startswith("Bo has no decision now")
    assert coach_client.get(f"/api/tables/{on['id']}/hint").status_code == 401
    assert coach_client.get(f"/api/tables/{on['id']}/hint", headers=auth("nope")).status_code == 401
    res = coach_client.get(f"/api/tables/{on['id']}/hint?lang=fr", headers=auth(on["seats"][0]["token"]))
    assert res.status_code == 422
    waiting = new_table(coach_client, "colors", 2, [{"kind": "human"}, {"kind": "open"}], hints=True)
    res = coach_client.get(f"/api/tables/{waiting['id']}/hint", headers=auth(waiting["seats"][0]["token"]))
    assert res.status_code == 409 and "free" in res.json()["error"]


def test_the_coach_s_refusals_name_the_match_in_the_game_s_words(coach_client: TestClient) -> None:
    """chips D1: a "Partie" is one round, the match the "Spiel". The coach's German refusals that name the match
    said "Partie" in every game; chips words them with "Spiel" (its ``common.coach_*``), the others keep "Partie"."""
    for game, options, match in (("chips", {"rounds": 1}, ("Das Spiel", "das Spiel")),
                                 ("colors", {"target_score": 15}, ("Die Partie", "die Partie"))):
        waiting = new_table(coach_client, game, 2, [{"kind": "human"}, {"kind": "open"}], hints=True, options=options)
        res = coach_client.get(f"/api/tables/{waiting['id']}/hint?lang=de", headers=auth(waiting["seats"][0]["token"]))
        assert res.status_code == 409 and res.json()["text"] == \
            f"{match[0]} hat noch nicht begonnen: Ein Platz ist noch frei.", res.text
        running = new_table(coach_client, game, 2, people(2), hints=True, options=options)
        res = coach_client.post(f"/api/tables/{running['id']}/review?lang=de")
        assert res.status_code == 409 and res.json()["text"] == \
            f"Analyse und Nachspielen gibt es, sobald {match[1]} vorbei ist.", res.text
        done, _ = played_to_end(coach_client, game, 2, people(2), seed=2, options=options, hints=True)
        res = coach_client.get(f"/api/tables/{done['id']}/hint?lang=de", headers=auth(done["seats"][0]["token"]))
        assert res.status_code == 409 and res.json()["text"] == \
            f"{match[0]} ist vorbei: Die Analyse zeigt, wie gut jeder Zug war.", res.text
        res = coach_client.get(f"/api/tables/{done['id']}/hint?lang=en", headers=auth(done["seats"][0]["token"]))
        assert res.json()["text"] == "The match is over: its review tells how each move did."


# ------------------------------------------------------------------ review
def wait_review(client: TestClient, url: str, lang: str = "en") -> tuple[dict, list[tuple[int, int]]]:
    """Poll a review until it is done; returns it and the progress seen on the way."""
    seen = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = client.get(f"{url}{'&' if '?' in url else '?'}lang={lang}").json()
        seen.append((status["done"], status["total"]))
        if status["state"] == "done":
            return status, seen
        assert status["state"] == "running", status
        time.sleep(0.1)
    raise AssertionError(f"the review did not end: {seen[-3:]}")


def test_the_review_of_a_finished_table_runs_in_the_background_and_marks_each_decision(
        coach_client: TestClient) -> None:
    table = short_table(coach_client)
    url = f"/api/tables/{table['id']}/review"
    assert coach_client.post(url).status_code == 409  # not before the match is over
    assert coach_client.get(url).status_code == 409
    match = play_out(coach_client, table, seed=1)
    assert coach_client.get(url).json() == {"state": "none"}
    started = coach_client.post(url)
    assert started.status_code == 202 and started.json()["state"] in ("running", "done")
    review, seen = wait_review(coach_client, f"{url}?seat=all")  # every seat's moves with their cards: asked for
    states = list(match.states())
    decisions = [(n, seat) for n, (seat, _tok) in enumerate(match.history, start=1)
                 if len(states[n - 1].legal_actions(seat)) > 1]
    assert [(d["n"], d["seat"]) for d in review["decisions"]] == decisions and review["total"] == len(decisions)
    assert all(done <= total == len(decisions) for done, total in seen)
    assert review["seats"] == [0, 1] and review["result"] == match.state.returns()
    assert review["iterations"] == ITERATIONS and all(d["searches"] == ITERATIONS for d in review["decisions"])
    for d in review["decisions"]:
        assert match.history[d["n"] - 1] == (d["seat"], d["token"])
        assert d["mark"] in ("good", "inaccuracy", "mistake", "blunder") and 0 <= d["win_chosen"] <= 1
        assert abs(d["loss"] - max(0.0, d["win_best"] - d["win_chosen"])) <= 0.0011  # each rounded to 3 places
        assert not TOKEN_LIKE.search(d["text"]) and not TOKEN_LIKE.search(d["best_text"])
    german = coach_client.get(f"{url}?lang=de&seat=all").json()
    assert [d["win_chosen"] for d in german["decisions"]] == [d["win_chosen"] for d in review["decisions"]]
    assert german["decisions"][0]["text"] != review["decisions"][0]["text"]  # worded again, not searched again
    assert coach_client.post(f"{url}?seat=all").json() == review  # started once: asking again gives the same review


def test_a_table_s_review_covers_its_people_only(coach_client: TestClient) -> None:
    table = new_table(coach_client, "chips", 2, [{"kind": "human", "name": "Ada"}, {"kind": "bot"}], seed=2,
                      options={"rounds": 1})
    token = table["seats"][0]["token"]
    for _ in range(200):
        frame = coach_client.get(f"/api/tables/{table['id']}/view", headers=auth(token)).json()
        if frame["view"]["game_over"]:
            break
        if frame["legal"]:
            coach_client.post(f"/api/tables/{table['id']}/actions", json={"action": frame["legal"][0]},
                              headers=auth(token))
        else:
            time.sleep(0.02)
    coach_client.post(f"/api/tables/{table['id']}/review")
    review, _ = wait_review(coach_client, f"/api/tables/{table['id']}/review")
    assert review["seats"] == [0] and review["decisions"] and {d["seat"] for d in review["decisions"]} == {0}


def test_a_table_s_review_leaves_out_the_moves_a_bot_made_for_a_person(db_url: str) -> None:
    """Bo opens his seat once and never moves: his clock runs out every turn and a bot moves for him (``on_timeout:
    bot``). His seat is a
    person's, yet none of those moves is his, so the review judges Ada's decisions only (a fresh user's review
    marked a friend's "mistake" that the bot playing his seat had made)."""
    with TestClient(create_app(db_url, coach_iterations=ITERATIONS, time_scale=0.01)) as client:
        table = new_table(client, *SHORT[:2], people(2), seed=4, options=SHORT[2], clock="fast", on_timeout="bot")
        tid, ada = table["id"], table["seats"][0]["token"]
        sit(client, tid, [ada, table["seats"][1]["token"]])
        deadline = time.monotonic() + 120
        while not (frame := client.get(f"/api/tables/{tid}/view", headers=auth(ada)).json())["view"]["game_over"]:
            assert time.monotonic() < deadline, "the match did not end"
            if frame["legal"]:
                client.post(f"/api/tables/{tid}/actions", json={"action": frame["legal"][0]}, headers=auth(ada))
            else:
                time.sleep(0.05)
        bo_moves = [e for e in move_entries(frame["log"]) if e["seat"] == 1]
        assert bo_moves and all(e["text"].startswith("Bot ") for e in bo_moves), bo_moves[:2]
        client.post(f"/api/tables/{tid}/review")
        review, _ = wait_review(client, f"/api/tables/{tid}/review?seat=all")
        assert review["seats"] == [0, 1] and review["decisions"]
        assert {d["seat"] for d in review["decisions"]} == {0}


# ------------------------------------------------------------------ replays
def test_replay_steps_show_each_seat_what_the_live_table_showed_it(coach_client: TestClient) -> None:
    table = short_table(coach_client, seed=9)
    tokens = [s["token"] for s in table["seats"]]
    live: dict[tuple[int, int, str], dict] = {}

    def snap(n: int) -> None:
        for seat, token in enumerate(tokens):
            for lang in ("en", "de"):
                frame = coach_client.get(f"/api/tables/{table['id']}/view?lang={lang}", headers=auth(token)).json()
                assert frame["n"] == n
                live[seat, n, lang] = frame

    url = f"/api/tables/{table['id']}/replay"
    assert coach_client.get(f"{url}?seat=1").status_code == 409  # a running match has no replay
    match = play_out(coach_client, table, seed=3, snap=snap)
    total = len(match.history)
    for (seat, n, lang), frame in live.items():
        step = coach_client.get(f"{url}?n={n}&seat={seat + 1}&lang={lang}").json()
        assert step["view"] == frame["view"] and step["phase_text"] == frame["phase_text"], (seat, n)
        assert step["card_names"] == frame["card_names"] and step["score_now"] == frame["score_now"]
        assert step["log"] == frame["log"] and step["log_start"] == 0 and step["n"] == n and step["total"] == total
        assert step["seat"] == seat and step["open"] is False and step["only_seen"] is None
        assert [s["name"] for s in step["seats"]] == [s["name"] for s in frame["seats"]]
    part = coach_client.get(f"{url}?n=8&seat=2&since=5").json()
    assert part["log_start"] == 5 and part["log"] == after_events(live[1, 8, "en"]["log"], 5)
    for bad in ("n=-1", f"n={total + 1}", "seat=0", "seat=3", "seat=x", "since=999"):
        assert coach_client.get(f"{url}?{bad}").status_code == 422, bad


def test_every_card_is_open_after_the_match_and_a_replay_file_steps_the_same(coach_client: TestClient) -> None:
    table = short_table(coach_client, seed=6)
    match = play_out(coach_client, table, seed=2)
    states = list(match.states())
    url = f"/api/tables/{table['id']}/replay"
    for n in (0, 5, len(states) - 1):
        step = coach_client.get(f"{url}?n={n}&seat=all").json()
        assert step["open"] is True and step["seat"] is None and step["view"] == open_view(states[n])
        assert step["only_seen"] == [only_seen(states[n], s) for s in range(2)]
        hands = [states[n].view(s)["zones"]["hands"][s] for s in range(2)] if "hands" in states[n].view(0)["zones"] \
            else None
        if hands is not None:
            assert [step["view"]["zones"]["hands"][s] for s in range(2)] == hands
    opened = coach_client.get(f"{url}?n={len(states) - 1}&seat=all").json()  # asked for (the spectator's is default)
    assert opened["open"] is True and all(not TOKEN_LIKE.search(e["text"]) for e in opened["log"])
    assert len(move_entries(opened["log"])) == len(states) - 1
    # the same match as a file
    res = coach_client.post("/api/replays", json={"text": match.dumps()})
    assert res.status_code == 201, res.text
    upload = res.json()
    assert upload["url"] == f"/replay/{upload['id']}" and upload["total"] == len(match.history) and upload["over"]
    for n in (0, 7):
        for seat in range(2):
            mine = coach_client.get(f"/api/replays/{upload['id']}?n={n}&seat={seat + 1}").json()
            assert mine["view"] == states[n].view(seat)
            assert [s["name"] for s in mine["seats"]] == ["Seat 1", "Seat 2"]
    assert coach_client.get("/api/replays/nope").status_code == 404
    for text in ("", "{}", match.dumps().replace('"seed": 6', '"seed": null')):
        assert coach_client.post("/api/replays", json={"text": text}).status_code == 422
    # said as the terminal says it, the line and what belongs there (a fresh user's page said only "no replay")
    for lang, text, said in (
            ("de", match.dumps().replace('"seed": 6', '"seed": null'), "Die Datei, Zeile 1: Die Partie hat keine "
             "Nummer ihrer Kartenverteilung, daher lassen sich Austeilen und Züge nicht nachspielen."),
            ("de", match.dumps().replace('"game": "chips"', '"game": "farbe"'), "Die Datei, Zeile 1: Das Spiel „farbe“ "
             "ist hier unbekannt;"),
            ("en", match.dumps().replace('"players": 2', '"players": 99'), "The file, line 1: Baggage Belt is played "
             "by 2 to 4 players, not 99.")):
        res = coach_client.post(f"/api/replays?lang={lang}", json={"text": text})
        assert res.status_code == 422 and res.json()["text"].startswith(said), res.text
    unfinished = Match(match.game, match.players, match.options, match.seed, history=[])
    for seat, token in match.history[:4]:
        unfinished.apply(seat, token)
    part = coach_client.post("/api/replays", json={"text": unfinished.dumps()}).json()
    assert coach_client.get(f"/api/replays/{part['id']}?seat=all").status_code == 409
    assert coach_client.get(f"/api/replays/{part['id']}?seat=1&n=4").status_code == 200
    assert coach_client.post(f"/api/replays/{part['id']}/review").status_code == 409
    # a file play saved names its seats as play did (a fresh user's read "Platz 1", "Platz 2"); a hand-edited
    # header's seats are by number, and the moves step all the same
    match.seats = [{"bot": "random"}, {"person": "Ana"}]
    named = coach_client.post("/api/replays", json={"text": match.dumps()}).json()
    step = coach_client.get(f"/api/replays/{named['id']}?n=3&seat=2&lang=de").json()
    assert [(s["name"], s["short_name"]) for s in step["seats"]] == [("Bot Lena (spielt zufällig)", "Bot Lena"),
                                                                      ("Ana", "Ana")]
    assert step["seats_note"] is None
    for edit, why in (  # the page says why (it numbered them silently); a name no table takes widened the page
            ([{"bot": "nobody"}, {"person": "Ana"}], "Den Bot „nobody“ auf Platz 1 gibt es nicht."),
            ([{"bot": "random"}, {"person": "Bot Lena (spielt zufällig)"}], "Der für Platz 2 gespeicherte Name wäre "
             "an keinem Tisch erlaubt (eine Zeile sichtbarer Text, höchstens 80 Zeichen,"),
            ([{"bot": "random"}, {"person": "A" * 500}], "Der für Platz 2 gespeicherte Name"),
            ([{"bot": "random"}], "Sie nennen 1 Platz, die Partie hat aber 2."),
            ({"Ana": 1}, "Sie sind keine Liste mit einem Eintrag je Platz.")):
        text = match.dumps()  # the match writes a list only: a header that is no list is a hand edit of the file
        head, rest = text.split("\n", 1)
        edited = coach_client.post("/api/replays", json={"text": json.dumps({**json.loads(head), "seats": edit})
                                                          + "\n" + rest}).json()
        step = coach_client.get(f"/api/replays/{edited['id']}?n=3&seat=2&lang=de").json()
        assert [s["name"] for s in step["seats"]] == ["Platz 1", "Platz 2"]
        assert step["seats_note"].startswith("Die in dieser Datei gespeicherten Plätze (wer wo saß) werden nicht "
                                             "beachtet: ") and why in step["seats_note"], step["seats_note"]
        assert step["seats_note"].endswith("Die Plätze heißen nach ihren Nummern."), step["seats_note"]
        english = coach_client.get(f"/api/replays/{edited['id']}?n=3&seat=2").json()["seats_note"]
        assert english.startswith("The seats saved in this file (who sat where) are not used: "), english


def test_the_coach_pages_are_served(coach_client: TestClient) -> None:
    for path in ("/t/abc/replay", "/replay", "/replay/xyz"):
        res = coach_client.get(path)
        assert res.status_code == 200 and "replay.js" in res.text


def test_uploads_have_their_own_rate_worded_in_the_page_s_language(db_url: str) -> None:
    # issue 31: uploads are counted like actions, on their own (an upload no longer uses up the rate of tables)
    match = Match(get_game("chips"), 2, {"rounds": 1}, 3)
    limits = Limits("1/minute", None, None, None, upload_rate="2/minute")
    with TestClient(create_app(db_url, limits=limits)) as client:
        codes = [client.post("/api/replays", json={"text": match.dumps()}).status_code for _ in range(2)]
        res = client.post("/api/replays?lang=de", json={"text": match.dumps()})
        assert codes == [201, 201] and res.status_code == 429
        assert res.json()["text"].startswith("Zu viele hochgeladene Wiederholungen von diesem Gerät: höchstens 2 "
                                             "pro Minute")
        assert res.json()["error"].startswith("too many replays uploaded from this client: at most 2 per minute")
        assert 1 <= int(res.headers["Retry-After"]) <= 60
        assert client.post("/api/tables", json={"game": "chips", "players": 2, "seats": people(2)}).status_code == 201
