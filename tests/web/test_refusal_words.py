"""Every refusal a page can meet answers its ``text`` in the request's language, in the players' words: German for
``?lang=de`` (the specs' terms: Spieler, Platz, Uhr …), naming no field, id or token; ``error`` stays the developer's
text (a fresh user's finding: the German lobby showed "colors: 9 players not allowed" and pydantic's 422s)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.kernel import lookup
from kartentisch.web.refusals import invalid_request, status_text

from .conftest import auth, new_table

HUMAN = {"kind": "human", "name": "Ada"}
BEN = {"kind": "human", "name": "Ben"}
TABLE = {"game": "colors", "players": 2, "seats": [HUMAN, BEN]}
#: What no text for people holds, in any language: a field's or option's id, a request's anatomy, code-like signs.
CODE_WORDS = re.compile(r"\b(token|null|None|JSON|int|str|bool|invalid request|Input should|Bearer|Authorization|"
                        r"ismcts|colors)\b|\b[a-z]+_[a-z_]+\b|[{}<>=]|\b[0-9]+ … [0-9]+\b")
#: The API's English ids that a German text would show only by naming a field or a value as the API spells it.
FIELD_IDS = re.compile(r"\b(players|seats?|clock|kind|options|seed|iterations|name|action|text|human|open|bot "
                       r"spec|heuristic|random|warp|game)\b")
#: Words any German sentence of these refusals has at least one of.
GERMAN = re.compile(r"\b(der|die|das|dein|deine|du|ist|nicht|kein|keine|keinen|gibt|gib|wähle|prüfe|versuche|"
                    r"noch|zu|etwas|Spieler|Platz|Tisch|Zug|heißt|fehlt|muss|darf|geht|Dieser|Diese|Dieses|Wähle)\b")


def refusals(client: TestClient) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """Every refusal route the lobby, the join, table, group, score pad and replay pages ask: ``{what: (method,
    path, request options)}`` (the path without ``lang``)."""
    table = new_table(client, "colors", 2, [HUMAN, BEN], seed=3, options={"first_player": 0})
    tid, ada, ben = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    opened = new_table(client, "colors", 3, [HUMAN, BEN, {"kind": "open"}], seed=4)
    join = f"/api/invites/{opened['invite']['code']}/join"
    group = client.post("/api/groups", json={"name": "Freitag"}).json()
    members = f"/api/groups/{group['code']}/members"
    ana, _ = (client.post(members, json={"name": name}).json()["key"] for name in ("Ana", "Bea"))
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(ada)).json()["legal"]
    illegal = next(f"play:{c}" for c in ("r1", "b1", "g1", "y1", "r9", "b9") if f"play:{c}" not in legal)
    return {
        # the lobby: a new table
        "nine players": ("POST", "/api/tables", {"json": {**TABLE, "players": 9, "seats": [HUMAN] * 9}}),
        "players no number": ("POST", "/api/tables", {"json": {**TABLE, "players": "zwei"}}),
        "unknown clock": ("POST", "/api/tables", {"json": {**TABLE, "clock": "warp"}}),
        "unknown on_timeout": ("POST", "/api/tables", {"json": {**TABLE, "clock": "fast", "on_timeout": "never"}}),
        "reaction at a turn-based table": ("POST", "/api/tables", {"json": {**TABLE, "clock": "day",
                                                                          "reaction_seconds": 30}}),
        "reaction too short": ("POST", "/api/tables", {"json": {**TABLE, "reaction_seconds": 1}}),
        "name too long": ("POST", "/api/tables", {"json": {**TABLE, "seats": [HUMAN, {**BEN, "name": "B" * 81}]}}),
        "unknown seat kind": ("POST", "/api/tables", {"json": {**TABLE, "seats": [HUMAN, {"kind": "robot"}]}}),
        "unknown bot": ("POST", "/api/tables", {"json": {**TABLE, "seats": [HUMAN, {"kind": "bot", "bot": "nope"}]}}),
        "bot over the limit": ("POST", "/api/tables", {"json": {**TABLE, "seats": [
            HUMAN, {"kind": "bot", "bot": "ismcts:time_budget_s=3600"}]}}),
        "too many iterations": ("POST", "/api/tables", {"json": {**TABLE, "seats": [
            HUMAN, {"kind": "bot", "bot": "ismcts", "iterations": 10**9}]}}),
        "seats for players": ("POST", "/api/tables", {"json": {**TABLE, "seats": [HUMAN]}}),
        "bad option value": ("POST", "/api/tables", {"json": {**TABLE, "options": {"target_score": 0}}}),
        "unknown option": ("POST", "/api/tables", {"json": {**TABLE, "options": {"warp_speed": 9}}}),
        "negative seed": ("POST", "/api/tables", {"json": {**TABLE, "seed": -1}}),
        "unknown game": ("POST", "/api/tables", {"json": {**TABLE, "game": "skat"}}),
        "names alike": ("POST", "/api/tables", {"json": {**TABLE, "seats": [HUMAN, {**BEN, "name": "ada"}]}}),
        "no body": ("POST", "/api/tables", {"content": b"{", "headers": {"Content-Type": "application/json"}}),
        "rules of no game": ("GET", "/api/games/skat/rules", {}),
        # the join page
        "no invite": ("GET", "/api/invites/nothing-here", {}),
        "join no seat": ("POST", join, {"json": {"seat": 9, "name": "Cem"}}),
        "join a taken seat": ("POST", join, {"json": {"seat": 0, "name": "Cem"}}),
        "join without a name": ("POST", join, {"json": {"seat": 2, "name": " "}}),
        "join a name alike": ("POST", join, {"json": {"seat": 2, "name": "ADA"}}),
        "join seat no number": ("POST", join, {"json": {"seat": "zwei", "name": "Cem"}}),
        # the table page
        "no table": ("GET", "/api/tables/nothing-here/view", {}),
        "act as a spectator": ("POST", f"/api/tables/{tid}/actions", {"json": {"action": legal[0]}}),
        "act out of turn": ("POST", f"/api/tables/{tid}/actions", {"json": {"action": "pass"}, "headers": auth(ben)}),
        "an illegal move": ("POST", f"/api/tables/{tid}/actions", {"json": {"action": illegal}, "headers": auth(ada)}),
        "act before the start": ("POST", f"/api/tables/{opened['id']}/actions", {
            "json": {"action": "pass"}, "headers": auth(opened["seats"][0]["token"])}),
        "an empty move": ("POST", f"/api/tables/{tid}/actions", {"json": {"action": " "}, "headers": auth(ada)}),
        "unknown seat token": ("GET", f"/api/tables/{tid}/view", {"headers": auth("not-a-seat")}),
        "rematch before the end": ("POST", f"/api/tables/{tid}/rematch", {"headers": auth(ada)}),
        "hand one's own seat": ("POST", f"/api/tables/{tid}/seats/0/handover", {"json": {"bot": "random"},
                                                                               "headers": auth(ada)}),
        "an empty chat message": ("POST", f"/api/tables/{tid}/chat", {"json": {"text": " "}, "headers": auth(ada)}),
        "a spectator's chat": ("POST", f"/api/tables/{tid}/chat?spectator=true", {"json": {"text": "hallo"}}),
        "review before the end": ("GET", f"/api/tables/{tid}/review", {}),
        "replay before the end": ("GET", f"/api/tables/{tid}/replay?n=zwei", {}),
        "mail without a seat": ("POST", f"/api/tables/{tid}/mail", {"json": {"address": "a@b.de", "lang": "de"}}),
        # the group and score pad pages
        "group without a name": ("POST", "/api/groups", {"json": {"name": " "}}),
        "no group": ("GET", "/api/groups/nothing-here", {}),
        "group member without a name": ("POST", f"/api/groups/{group['code']}/members", {"json": {"name": " "}}),
        "a member's new name taken": ("PATCH", f"{members}/1", {"json": {"name": "bea"}, "headers": auth(ana)}),
        "another member's name": ("PATCH", f"{members}/2", {"json": {"name": "Ben"}, "headers": auth(ana)}),
        "removing one not in the group": ("DELETE", f"{members}/7", {"headers": auth(ana)}),
        "removing without a key": ("DELETE", f"{members}/2", {}),
        "score pad names alike": ("POST", "/api/scorepads", {"json": {"game": "grid", "players": ["Ana", "ana"]}}),
        "no score pad": ("GET", "/api/scorepads/nothing-here", {}),
        # no such route at all
        "no route": ("GET", "/api/nothing-here", {}),
    }


def test_every_refusal_a_page_meets_is_said_in_german_in_the_players_words(client: TestClient) -> None:
    asked = refusals(client)
    wrong = {}
    for what, (method, path, options) in asked.items():
        sep = "&" if "?" in path else "?"
        answers = {lang: client.request(method, f"{path}{sep}lang={lang}", **options) for lang in ("de", "en")}
        de, en = answers["de"], answers["en"]
        assert de.status_code >= 400 and de.status_code == en.status_code, (what, de.status_code, de.text)
        text, english = de.json().get("text"), en.json().get("text")
        assert isinstance(de.json().get("error"), str), (what, de.text)  # the developer's text stays
        if not isinstance(text, str) or not isinstance(english, str) or text == english or not GERMAN.search(text) \
                or CODE_WORDS.search(text) or FIELD_IDS.search(text) or CODE_WORDS.search(english) \
                or any(len(part) >= 5 and part in text for part in path.split("?")[0].split("/")[3:]):  # ids
            wrong[what] = (de.status_code, text, english)
    assert not wrong, "\n".join(f"{what}: {answer}" for what, answer in wrong.items())


@pytest.mark.parametrize("body, said", [
    ({**TABLE, "players": 9, "seats": [HUMAN] * 9}, "Farblücke spielen 2 bis 6 Spieler, nicht 9."),
    ({**TABLE, "clock": "warp"}, "Diese Uhr gibt es nicht; wähle eine aus der Liste."),
    ({**TABLE, "players": "zwei"}, "Die Zahl der Spieler muss eine ganze Zahl sein; prüfe die Angabe und versuche es "
                                   "noch einmal."),
    ({**TABLE, "seats": [HUMAN, {**BEN, "name": "B" * 81}]},
     "Platz 2: Der Name ist zu lang: höchstens 80 Zeichen; prüfe die Angabe und versuche es noch einmal."),
    ({**TABLE, "seats": [HUMAN, {**BEN, "name": "B\u200bo"}]},  # a zero-width space: the name looks fine
     "Platz 2: Der Name „Bo“ enthält ein unsichtbares Zeichen oder einen Zeilenumbruch; gib den Namen ohne dieses "
     "Zeichen ein."),  # once what to do, no code point
])
def test_the_lobby_s_refusals_say_what_is_wrong(client: TestClient, body: dict[str, Any], said: str) -> None:
    res = client.post("/api/tables?lang=de", json=body)
    assert res.status_code == 422 and res.json()["text"] == said, res.text


@pytest.mark.parametrize(("game", "option", "high"), [("colors", "target_score", 300), ("grid", "end_total", 1000),
                                                      ("mayhem", "point_limit", 1790), ("lastcard", "rounds", 20),
                                                      ("chips", "rounds", 20)])
def test_a_huge_target_or_round_count_is_refused_naming_the_range(client: TestClient, game: str, option: str,
                                                         high: int) -> None:
    """A fresh user set 10^9 points (and later 100,000 lastcard rounds) and the table was made (a match that never
    ends): a target total is at most ten times the spec's usual one (colors R16, grid R19, mayhem S1), a number of
    rounds at most 20 (chips R11, lastcard R2); the refusal says the range in both languages; the largest allowed
    value still makes a table. The rules keep the spec's "integer ≥ 1": a simulation or a replay file may set more
    (only tables people sit at are bounded, kernel ``target_option``, ``rounds_option``)."""
    body = {**TABLE, "game": game, "options": {option: 10 ** 9}}
    de = client.post("/api/tables?lang=de", json=body)
    en = client.post("/api/tables?lang=en", json=body)
    assert de.status_code == en.status_code == 422, de.text
    assert de.json()["text"].endswith(f": Wähle eine ganze Zahl von 1 bis {high}."), de.text
    assert en.json()["text"].endswith(f": choose a whole number from 1 to {high}."), en.text
    assert client.post("/api/tables", json={**body, "options": {option: high}}).status_code == 201
    assert lookup(game).new_state(2, {option: 10 ** 9}, seed=1).options[option] == 10 ** 9


@pytest.mark.parametrize(("options", "de", "en"), [
    ({"specials": ["s1"]}, "Sonderkarten: Dieser Wert geht hier nicht. Im Spiel sind nur die Sonderkarten 2, 3, 4, "
                           "6, 13 und 15, jede höchstens einmal, oder 3 zufällig gezogene; die anderen haben keinen "
                           "bekannten Text.",
     "Special cards: this value is not possible here. Only the special cards 2, 3, 4, 6, 13 and 15 are in play, each "
     "at most once, or 3 drawn at random; the others have no known text."),
    ({"first_player": 2}, "Startspieler: Wähle einen Platz von 1 bis 2.", "Start player: choose a seat from 1 to 2."),
])
def test_a_refused_chips_option_says_its_rule_or_its_seats(client: TestClient, options: dict[str, Any], de: str,
                                                            en: str) -> None:
    """The lobby's words of a refused chips option are the terminal's (kernel.setup_words): a special card without a
    known text says chips R19 in words (the developer's ``error`` cites the id), a start player the seats allowed."""
    body = {**TABLE, "game": "chips", "options": options}
    answers = {lang: client.post(f"/api/tables?lang={lang}", json=body) for lang in ("de", "en")}
    assert answers["de"].status_code == answers["en"].status_code == 422, answers["de"].text
    assert answers["de"].json()["text"] == de and answers["en"].json()["text"] == en
    if "specials" in options:
        assert "chips R19" in answers["en"].json()["error"]


def test_a_round_limit_below_one_says_what_is_allowed(client: TestClient) -> None:
    """colors' round limit is "null or an integer ≥ 1" (colors R16): 0 was refused with "this value is not possible
    here", which says nothing of what is; the refusal says the lower bound and that it may be none (no limit)."""
    body = {**TABLE, "options": {"max_rounds": 0}}
    assert client.post("/api/tables?lang=de", json=body).json()["text"] == (
        "Rundenzahl: Wähle eine ganze Zahl ab 1 oder keine.")
    assert client.post("/api/tables?lang=en", json=body).json()["text"] == (
        "Round limit: choose a whole number of at least 1, or none.")


def test_a_malformed_request_is_worded_from_its_field_and_problem() -> None:
    """pydantic's problems by field and kind, a list's item by its place counted from 1, a field or kind the
    catalogue lacks without its id; a status without words of its own by the status (an unknown ``lang``: English)."""
    de = [{"loc": ("body", "players", 1), "type": "string_too_long", "ctx": {"max_length": 80}},
          {"loc": ("body", "secret_field"), "type": "missing"},
          {"loc": ("query", "n"), "type": "some_future_type"}]
    # several problems are sentences of their own (after a semicolon a German text read "; Der Server …")
    assert invalid_request(de, "de") == ("Mitspieler 2: Der Name ist zu lang: höchstens 80 Zeichen. Etwas in der "
                                         "Anfrage fehlt. Der Server konnte die Zugnummer nicht lesen. Prüfe die "
                                         "Angaben und versuche es noch einmal.")
    assert invalid_request(de[1:], "en") == ("Something in the request is missing. The server could not read the move "
                                             "number. Check them and try again.")
    assert invalid_request([{"loc": ("body", "seats", 0, "iterations"), "type": "less_than_equal",
                             "ctx": {"le": 1000000}}], "en") == (
        "Seat 1: The bot's strength must be at most 1000000; check it and try again.")
    assert status_text(418, "de") == status_text(400, "de") and status_text(599, "fr") == status_text(503, "en")
    # a field named in the plural is missing in the plural (a fresh user read "Die Plätze fehlt")
    assert invalid_request([{"loc": ("body", "seats"), "type": "missing"}], "de") == (
        "Die Plätze fehlen; prüfe die Angabe und versuche es noch einmal.")
    assert invalid_request([{"loc": ("body", "seats"), "type": "missing"}], "en") == (
        "The seats are missing; check it and try again.")


def test_a_browser_at_an_address_no_route_has_reads_a_page_in_its_language(client: TestClient) -> None:
    """A German browser at ``/nichtda`` read the API's English JSON (a fresh user's finding): a browser's GET of an
    unknown address gets a page in its language (``?lang=``, else Accept-Language as the pages choose) with a link
    to the lobby; an API client still gets JSON."""
    browser = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    de = client.get("/nichtda", headers={**browser, "accept-language": "de-DE,de;q=0.9,en;q=0.8"})
    assert de.status_code == 404 and de.headers["content-type"].startswith("text/html"), de.text
    assert '<html lang="de">' in de.text and "Das gibt es nicht" in de.text and "Zur Startseite" in de.text
    en = client.get("/nichtda?lang=en", headers={**browser, "accept-language": "de-DE"})
    assert '<html lang="en">' in en.text and "This was not found" in en.text and '<a href="/">' in en.text
    fr = client.get("/nothing", headers={**browser, "accept-language": "fr-FR,fr;q=0.9"})
    assert '<html lang="en">' in fr.text
    api = client.get("/api/nothing", headers=browser)
    assert api.status_code == 404 and api.json()["text"].startswith("This was not found")
    assert client.get("/nothing").json()["error"] == "Not Found"


def test_an_illegal_move_says_the_broken_rule_in_the_readers_words(client: TestClient) -> None:
    """A fresh user: the German ``text`` of an illegal move was the generic "Dieser Zug ist jetzt nicht erlaubt."
    while the English ``error`` gave the reason. Now both languages say the rule (colors R5: a card of one's own
    hand), over HTTP and on the socket, in the page's language; the refused card (not in Ada's hand: maybe in Ben's)
    is named in no text, and the developer's ``error`` and ``rule`` stay."""
    table = new_table(client, "colors", 2, [HUMAN, BEN], seed=3, options={"first_player": 0})
    tid, ada = table["id"], table["seats"][0]["token"]
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(ada)).json()["legal"]
    card = next(c for c in ("r1", "b1", "g1", "y1", "r9", "b9") if f"play:{c}" not in legal)
    names = {lang: lookup("colors").card_name(card, lang) for lang in ("en", "de")}
    said = {"en": "That move is not allowed now. You play one card of your own hand, on your turn.",
            "de": "Dieser Zug ist jetzt nicht erlaubt. Du spielst am Zug eine Karte aus deiner eigenen Hand."}
    for lang in ("en", "de"):
        res = client.post(f"/api/tables/{tid}/actions?lang={lang}", json={"action": f"play:{card}"},
                          headers=auth(ada))
        body = res.json()
        assert res.status_code == 422 and body["text"] == said[lang], body
        assert body["rule"] == "colors R5" and card in body["error"] and names[lang] not in body["text"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={ada}&lang={lang}") as ws:
            ws.receive_json()
            ws.send_json({"type": "action", "action": f"play:{card}"})
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["text"] == said[lang], refused


def test_a_move_from_a_page_the_table_has_passed_is_refused_in_words(client: TestClient) -> None:
    """Two pages of one seat tap at once (fresh-user report): one move applies, the other's refusal has its words
    (it had the developer's text only, so a page without its own pattern for it showed nothing)."""
    table = new_table(client, "colors", 2, [HUMAN, BEN], seed=3, options={"first_player": 0})
    url, ada = f"/api/tables/{table['id']}/actions", auth(table["seats"][0]["token"])
    legal = client.get(f"/api/tables/{table['id']}/view", headers=ada).json()["legal"]
    assert client.post(url, json={"action": legal[0], "n": 0}, headers=ada).status_code == 200
    said = {}
    for lang in ("en", "de"):
        late = client.post(f"{url}?lang={lang}", json={"action": legal[-1], "n": 0}, headers=ada)
        assert late.status_code == 409 and "has acted since" in late.json()["error"], late.text
        said[lang] = late.json()["text"]
    assert said["en"].startswith("Your seat has moved since this choice was shown") and "not played" in said["en"]
    assert said["de"].startswith("Dein Platz hat schon gezogen") and "nicht gespielt" in said["de"]
    assert not CODE_WORDS.search(said["de"]) and not FIELD_IDS.search(said["de"])
