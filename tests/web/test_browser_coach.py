"""The coach in a real browser (marker ``browser``, issue 23): a person asks for a hint and plays it; after the match
the review is made in the background (progress shown) and draws its curve and marked moves; the replay steps
through the match with the buttons and the arrow keys, from a seat's view and with every card open, and its address
names the position. Screenshots of the hint panel, the review and the replay at laptop and phone size."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.web.coach_limits import CoachLimits

from ..bots.test_coach import CHANCES
from .browser_kit import (
    LAPTOP,
    PHONE,
    TOKEN_LIKE,
    body,
    browser,  # noqa: F401  (the module's Chromium fixture)
    shot,
)
from .conftest import auth, played_to_end
from .test_browser_a11y import serious_violations
from .test_coach_api import people, play_out, short_table

pytestmark = pytest.mark.browser


def last_text(base: str, source: str, n: int, kind: str = "replays") -> str:
    """The last move's sentence at position ``n`` with every card open, of an uploaded replay (or of a table)."""
    url = f"{base}/api/tables/{source}/replay" if kind == "tables" else f"{base}/api/replays/{source}"
    step = httpx.get(f"{url}?n={n}&seat=all&lang=en").json()
    return [e for e in step["log"] if e.get("kind") != "round"][-1]["text"]


#: Searches per hint and per reviewed decision, and the decisions of a review judged with them (issue 31).
ITERATIONS, FULL = 150, 5


@pytest.fixture
def app_options() -> dict[str, Any]:
    """Small coach budgets: a hint or a reviewed decision in a fraction of a second; a review's first :data:`FULL`
    decisions at full effort."""
    return {"coach_iterations": ITERATIONS, "coach": CoachLimits(review_budget=FULL * ITERATIONS)}


def test_a_person_asks_for_a_hint_and_plays_it(browser, live_server: str) -> None:  # noqa: F811
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 11, "options": {"target_score": 15},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
    seat = table["seats"][0]
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(f"{live_server}{seat['url'].replace('#', '?lang=en#')}")
        page.wait_for_function("document.body.dataset.acting === '1'")
        page.click("[data-zone=hint] .ask-hint")
        page.wait_for_selector("[data-zone=hint] .hint-moves li")
        moves = page.locator("[data-zone=hint] .hint-moves li")
        assert 1 <= moves.count() <= 3
        shown = [int(moves.nth(i).locator(".win").text_content().split()[0]) for i in range(moves.count())]
        assert shown == sorted(shown, reverse=True), shown  # best first by the chance the reader sees
        for i in range(moves.count()):
            text = moves.nth(i).locator(".text").text_content()
            assert text.startswith("Play ") and not TOKEN_LIKE.search(text)
            assert moves.nth(i).locator(".win").text_content().strip().split()[0].isdigit()
        page.locator("[data-zone=hint]").scroll_into_view_if_needed()
        shot(page, f"coach-hint-{size}")
        assert serious_violations(page) == []
        if size == "phone":
            break
        token = moves.first.get_attribute("data-token")
        n = body(page, "n")
        moves.first.locator(".play-hint").click()
        page.wait_for_function(f"document.body.dataset.n !== '{n}'")
        frame = httpx.get(f"{live_server}/api/tables/{table['id']}/view", headers=auth(seat["token"])).json()
        mine = [e for e in frame["log"] if e.get("seat") == 0]
        assert mine[0]["token"] == token  # the hinted move was played
        page.context.close()


def test_after_the_match_the_review_and_the_replay(browser, live_server: str, tmp_path: Path) -> None:  # noqa: F811
    with httpx.Client(base_url=live_server) as client:
        table = short_table(client, seed=5)
        match = play_out(client, table, seed=8)
    total = len(match.history)
    seat = table["seats"][0]
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{live_server}{seat['url'].replace('#', '?lang=en#')}")
    page.wait_for_selector("[data-zone=review] button.start-review")
    page.click("[data-zone=review] button.start-review")
    page.wait_for_selector("[data-zone=review][data-state=running], [data-zone=review][data-state=done]")
    page.wait_for_selector("[data-zone=review][data-state=done] figure.curve svg polyline", timeout=60_000)
    review = httpx.get(f"{live_server}/api/tables/{table['id']}/review?seat=1").json()
    mine = [d for d in review["decisions"] if d["seat"] == 0 and d["mark"] != "good"]
    assert all("Better: " in page.locator(f"[data-zone=review] ol.marked li[data-n='{d['n']}']").text_content()
               for d in mine)
    marked = [d for d in review["decisions"] if d["mark"] != "good"]
    assert page.locator("[data-zone=review] ol.marked li").count() == len(marked)
    assert page.locator("[data-zone=review] figure.curve polyline").count() == 2
    assert marked, "the match has no marked move: the legend of the marks is not shown"
    legend = page.locator("[data-zone=review] .mark-legend").inner_text()
    assert all(w in legend for w in ("?! inaccuracy", "? mistake", "?? blunder", "chance to win")), legend
    titles = page.locator("[data-zone=review] figure.curve .axis-title").all_text_contents()
    assert titles == ["Move number", "Chance to win in %"]
    ticks = page.locator("[data-zone=review] figure.curve .tick").all_text_contents()
    assert ticks[:3] == ["0 %", "50 %", "100 %"] and ticks[3] == "0" and int(ticks[-1]) <= total, ticks
    low = review["low_iterations"]
    assert page.locator("[data-zone=review] p.effort").text_content() == (
        f"The first {FULL} of {review['total']} decisions were judged from {ITERATIONS} simulated games each, the "
        f"rest from {low} (this server's limit per review).")
    page.locator("[data-zone=review]").scroll_into_view_if_needed()
    shot(page, "coach-review-laptop")
    assert serious_violations(page) == []
    page.evaluate("localStorage.setItem('kartentisch.lang', 'de')")  # this browser's choice: German
    page.reload()
    page.wait_for_selector("[data-zone=review][data-state=done] .mark-legend")
    legend = page.locator("[data-zone=review] .mark-legend").inner_text()
    assert all(w in legend for w in ("?! Ungenauigkeit", "? Fehler", "?? grober Fehler", "Siegchance")), legend
    titles = page.locator("[data-zone=review] figure.curve .axis-title").all_text_contents()
    assert titles == ["Zugnummer", "Siegchance in %"]
    page.evaluate("localStorage.setItem('kartentisch.lang', 'en')")
    page.reload()
    page.wait_for_selector("[data-zone=review][data-state=done] a.replay-link")

    page.click("[data-zone=review] a.replay-link")
    page.wait_for_url(re.compile(r"/t/[^/]+/replay"))  # the replay page has loaded: it has a body to read
    page.wait_for_function("document.body.dataset.ready === '1'")
    # from a seat's page the replay opens in that seat's view (fresh-user report "fair play"), not every card open
    assert body(page, "n") == "0" and body(page, "seat") == "1" and body(page, "total") == str(total)
    assert page.locator(".only-seen").count() == 0  # chips: no seat holds a hidden card
    assert page.locator("ol.replay-log li.move").count() == 0
    for n in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.body.dataset.n === '{n}'")
    assert page.locator("ol.replay-log li.move").count() == 3
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.body.dataset.n === '2'")
    assert "n=2" in page.url and "seat=1" in page.url
    page.select_option(".view-as select", "all")  # every card open: an explicit choice after the match
    page.wait_for_function("document.body.dataset.seat === 'all'")
    assert "seat=all" in page.url and page.locator("#info").text_content().startswith("All cards open")
    page.click(".replay-controls button.last")
    page.wait_for_function(f"document.body.dataset.n === '{total}'")
    assert page.locator("ol.replay-log li.move").count() == total
    assert page.locator("ol.replay-log li .badge").count() == len(marked)  # the review's marks beside the log
    winners = match.state.winners  # the last position names the match's winners, as the table's result does
    for s in range(2):
        chip = page.locator(f"#seats-bar li[data-seat='{s}']").inner_text()
        assert chip.endswith("★ winner") == (s in winners), chip
    shot(page, "coach-replay-laptop")
    assert serious_violations(page) == []
    # the second seat's view, from a shared link
    page.goto(f"{live_server}/t/{table['id']}/replay?n=6&seat=2&lang=en")
    page.wait_for_function("document.body.dataset.ready === '1'")
    step = httpx.get(f"{live_server}/api/tables/{table['id']}/replay?n=6&seat=2&lang=en").json()
    assert body(page, "n") == "6" and body(page, "seat") == "2" and page.locator(".only-seen").count() == 0
    assert page.locator("ol.replay-log li .text").all_text_contents() == [e["text"] for e in step["log"]
                                                                           if e.get("kind") not in ("round", "start")]
    # round 1's deal first, as the table's log told it (a fresh user's log began with the first move)
    assert step["log"][0]["kind"] == "start" and step["log"][0]["text"].startswith("You deal round 1.")
    assert page.locator("ol.replay-log li").first.inner_text() == step["log"][0]["text"]
    page.click(".replay-controls button.first")
    page.wait_for_function("document.body.dataset.n === '0'")
    phone = browser.new_context(locale="de-DE", viewport=PHONE).new_page()
    phone.goto(f"{live_server}/t/{table['id']}/replay?n={total}&seat=2&lang=de")
    phone.wait_for_function("document.body.dataset.ready === '1'")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert [s for s in range(2) if phone.locator(f"#seats-bar li[data-seat='{s}']").inner_text().endswith(
        "★ gewinnt")] == sorted(winners)
    shot(phone, "coach-replay-phone")
    phone.locator("[data-zone=review]").scroll_into_view_if_needed()
    phone.wait_for_selector("[data-zone=review][data-state=done]")
    titles = [b.get_attribute("title") for b in phone.locator("ol.replay-log li .badge").all()]
    assert titles and not any("undefined" in t for t in titles), titles  # the other seat's marks: no better move
    # chips' own words (chips D1): the match is the "Spiel", a round a "Partie", as on its table
    assert phone.locator("[data-zone=review] p.effort").text_content().startswith(
        f"Die ersten {FULL} von {review['total']} Entscheidungen wurden aus je {ITERATIONS} durchgespielten Spielen")
    assert phone.locator("[data-zone=review] figcaption").text_content().startswith("Siegchance im Lauf des Spiels")
    assert " · Partie 1 · " in phone.locator("#info").text_content()
    shot(phone, "coach-review-phone")
    for ask, said in (("n=9999&seat=1", f"Dieses Spiel hat {total} Züge: wähle eine Stelle von 0 bis {total}."),
                      ("n=3&seat=7", "Platz 7 gibt es hier nicht: wähle einen Platz von 1 bis 2")):
        phone.goto(f"{live_server}/t/{table['id']}/replay?{ask}")  # a bad address: told what to choose
        phone.wait_for_selector("#banner")
        assert phone.locator("#banner").text_content().startswith(said)
    shot(phone, "replay-bad-seat-de")
    # the same match as a replay file, opened from the lobby's link
    replay_file = tmp_path / "match.jsonl"
    match.save(replay_file)
    page.goto(f"{live_server}/?lang=en")
    page.click(".replay-file a")
    page.wait_for_selector("body[data-ready='1'] form.upload")
    assert serious_violations(page) == []
    page.set_input_files("form.upload input[type=file]", str(replay_file))
    page.click("form.upload button[type=submit]")
    page.wait_for_url(re.compile(r"/replay/[^/?]+"))
    page.wait_for_function("document.body.dataset.ready === '1' && document.body.dataset.total !== undefined")
    assert "/replay/" in page.url and body(page, "total") == str(total) and body(page, "seat") == "spectator"
    page.select_option(".view-as select", "all")
    page.wait_for_function("document.body.dataset.seat === 'all'")
    page.keyboard.press("End")
    page.wait_for_function(f"document.body.dataset.n === '{total}'")
    upload = page.url.split("/replay/")[1].split("?")[0]
    assert page.locator("ol.replay-log li .text").last.text_content() == last_text(live_server, upload, total)
    assert last_text(live_server, upload, total).removeprefix("Seat 2") == \
        last_text(live_server, table["id"], total, "tables").removeprefix("Bo")  # the file has no names


def test_the_coach_names_the_match_in_the_game_s_own_words(browser, live_server: str) -> None:  # noqa: F811
    """chips D1: a round is a *Partie*, the match the *Spiel*. The coach's hint and the review panel named the whole
    match "Partie" in German, which in chips reads as one round; they take the game's words as its table does
    (ui.js ownWord), and another game keeps "Partie"."""
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "chips", "players": 2, "seed": 3, "options": {"rounds": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    page.goto(f"{live_server}{table['seats'][0]['url']}")
    page.wait_for_function("document.body.dataset.acting === '1'")
    page.click("[data-zone=hint] .ask-hint")
    page.wait_for_selector("[data-zone=hint] .hint-moves li")
    assert page.locator("[data-zone=hint] .hint-head small").text_content() == \
        f"aus {ITERATIONS} durchgespielten Spielen"
    page.locator("[data-zone=hint]").scroll_into_view_if_needed()
    shot(page, "coach-hint-chips-de")
    page.goto(f"{live_server}/t/{table['id']}/replay")  # still running: the replay opens at its end
    page.wait_for_selector("#banner")
    banner = page.locator("#banner").text_content()
    assert banner.startswith("Analyse und Nachspielen gibt es, sobald das Spiel vorbei ist."), banner
    for game, options, review, replay in (("chips", {"rounds": 1}, "Spiel analysieren", "Spiel nachspielen"),
                                          ("colors", {"target_score": 15}, "Partie analysieren", "Partie nachspielen")):
        with httpx.Client(base_url=live_server) as client:
            done, _ = played_to_end(client, game, 2, people(2), seed=4, options=options)
        page.goto(f"{live_server}{done['seats'][0]['url']}")
        page.wait_for_selector("[data-zone=review] button.start-review")
        assert page.locator("[data-zone=review] button.start-review").text_content() == review
        assert page.locator("[data-zone=review] a.replay-link").text_content() == replay
        page.locator("[data-zone=review]").scroll_into_view_if_needed()
        shot(page, f"coach-review-words-{game}-de")
    page.context.close()


def test_a_file_that_is_no_replay_is_refused_in_the_pages_words(browser, live_server: str,  # noqa: F811
                                                                 tmp_path: Path) -> None:
    """A German page: what is wrong in German, with its line; the parser's words (tokens) only behind
    "Einzelheiten"."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "kartentisch-replay/1", "game": "colors", "players": 2, "options": {}, "seed": 1}\n'
                   '{"seat": 0, "token": "play:zz"}\n', encoding="utf-8")
    page = browser.new_page(locale="de-DE")
    page.goto(f"{live_server}/replay?lang=de")
    page.wait_for_selector("body[data-ready='1'] form.upload")
    page.set_input_files("form.upload input[type=file]", str(bad))
    page.click("form.upload button[type=submit]")
    page.wait_for_selector("#banner")
    banner = page.locator("#banner").text_content()
    # the line and what belongs there, as the terminal says it (a fresh user read only "keine Wiederholung")
    assert banner.startswith("Die Datei, Zeile 2: Zug 1 von Platz 1 lässt sich nicht nachspielen: Was dort steht, "
                             "ist kein Zug von Farblücke."), banner
    assert "play:" not in banner and "seat" not in banner
    detail = page.locator("details.error-detail")
    assert detail.count() == 1 and not detail.locator("code").is_visible()  # closed until asked
    page.close()


@pytest.mark.parametrize(("game_id", "lang", "said"), [
    ("colors", "de", "Diese Partie wurde gespeichert, bevor sie zu Ende war: Der Coach analysiert eine Partie, sobald "
                     "sie vorbei ist."),
    ("chips", "de", "Dieses Spiel wurde gespeichert, bevor es zu Ende war: Der Coach analysiert ein Spiel, sobald es "
                    "vorbei ist."),  # chips D1: the match is the "Spiel"
    ("colors", "en", "This match was saved before it ended: the coach reviews a match once it is over."),
])
def test_a_file_saved_before_the_end_steps_and_says_when_it_can_be_reviewed(
        browser, live_server: str, tmp_path: Path, game_id: str, lang: str, said: str) -> None:  # noqa: F811
    """A match left with quit steps through as any file, named as play saved it; a fresh user pressed "Review the
    match" there and read "The review failed: … once the match is over": the page says so instead of offering it."""
    match = Match(get_game(game_id), 2, {}, 4)
    for _ in range(6):
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    match.seats = [{"person": "Ana"}, {"bot": "heuristic"}]
    saved = tmp_path / "left.jsonl"
    saved.write_text(match.dumps(), encoding="utf-8")
    page = browser.new_page(viewport=PHONE, locale="de-DE" if lang == "de" else "en-GB")
    page.goto(f"{live_server}/replay?lang={lang}")
    page.wait_for_selector("body[data-ready='1'] form.upload")
    page.set_input_files("form.upload input[type=file]", str(saved))
    page.click("form.upload button[type=submit]")
    page.wait_for_selector("[data-zone=review][data-state=not-over]")
    assert page.locator("[data-zone=review] .not-over").text_content() == said
    assert page.locator("button.start-review").count() == 0
    assert "Ana" in page.locator("select").first.inner_text()  # the seats as play named them
    page.close()


def test_a_hand_edited_file_s_seats_are_numbered_and_the_page_says_why(browser, live_server: str,  # noqa: F811
                                                                         tmp_path: Path) -> None:
    """A header naming a seat as no table would (500 letters) steps with the seats by number, as the terminal
    does, and says why (the page numbered them without a word), in the page's language and within a phone's width."""
    match = Match(get_game("lastcard"), 2, {}, 4)
    match.seats = [{"person": "A" * 500}, {"bot": "heuristic"}]
    saved = tmp_path / "edited.jsonl"
    saved.write_text(match.dumps(), encoding="utf-8")
    page = browser.new_page(viewport=PHONE, locale="de-DE")
    page.goto(f"{live_server}/replay?lang=de")
    page.wait_for_selector("body[data-ready='1'] form.upload")
    page.set_input_files("form.upload input[type=file]", str(saved))
    page.click("form.upload button[type=submit]")
    note = page.locator("#seats-note")
    note.wait_for()
    assert note.text_content() == ("Die in dieser Datei gespeicherten Plätze (wer wo saß) werden nicht beachtet: Der "
                                   "für Platz 1 gespeicherte Name wäre an keinem Tisch erlaubt (eine Zeile sichtbarer "
                                   "Text, höchstens 80 Zeichen, nicht mit dem Namen eines anderen Platzes zu "
                                   "verwechseln). Die Plätze heißen nach ihren Nummern.")
    assert "Platz 1" in page.locator("#seats-bar").inner_text() and "AAAA" not in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.close()


def test_the_curve_leaves_out_a_seat_without_reviewed_moves(browser, live_server: str) -> None:  # noqa: F811
    """A person whose every move a bot made has no reviewed move (the review leaves bot moves out): the curve draws
    no line, no result mark and no legend key for that seat. The review's answer is trimmed to seat 1's moves
    here, as a seat fully played by a bot would leave it."""
    with httpx.Client(base_url=live_server) as client:
        table = short_table(client, seed=5)
        play_out(client, table, seed=8)
    page = browser.new_context(viewport=LAPTOP).new_page()

    def seat_one_only(route: Any) -> None:
        res = route.fetch()
        review = res.json()
        if review.get("state") == "done":
            review["decisions"] = [d for d in review["decisions"] if d["seat"] == 1]
        route.fulfill(response=res, json=review)

    page.route("**/api/tables/*/review*", seat_one_only)
    page.goto(f"{live_server}{table['seats'][0]['url'].replace('#', '?lang=en#')}")
    page.wait_for_selector("[data-zone=review] button.start-review")
    page.click("[data-zone=review] button.start-review")
    page.wait_for_selector("[data-zone=review][data-state=done] figure.curve", timeout=60_000)
    assert page.locator("figure.curve .legend .key").evaluate_all("ks => ks.map((k) => k.dataset.seat)") == ["1"]
    assert page.locator("figure.curve polyline").count() == 1
    assert page.locator("figure.curve rect.result").count() == 1
    page.context.close()


def test_the_page_words_an_estimate_as_the_terminal_does(browser, live_server: str) -> None:  # noqa: F811
    """The hint's and the review's chances (coachwords.js ``chance``) are worded as coach.py's ``chance_text``:
    "> 99 %" and "< 1 %", never a certain "100 %" or "0 %"."""
    page = browser.new_page()
    page.goto(f"{live_server}/")
    worded = page.evaluate("wins => import('/static/coachwords.js').then((m) => wins.map(m.chance))", list(CHANCES))
    assert dict(zip(CHANCES, worded, strict=True)) == CHANCES
    page.close()


@pytest.mark.parametrize(("lang", "none", "said"), [
    ("en", "No certain mistakes found.", "Unsure: Move {n} ({who}: −18 % chance to win). The estimate says it gave "
     "away chance to win against the coach's best move, but the simulated games cannot tell that from chance"),
    ("de", "Keine sicheren Fehler gefunden.", "Unklar: Zug {n} ({who}: −18 % Siegchance). Laut Schätzung "
     "verschenkte er Siegchance gegenüber dem besten Zug des Coachs"),
])
def test_the_review_says_which_moves_it_is_unsure_of(browser, live_server: str, lang: str,  # noqa: F811
                                                     none: str, said: str) -> None:
    """A move the review calls good only because its searches cannot tell its loss from noise (coach.py ``unsure``)
    is named with its loss, and the page does not claim "every move was about as good as the coach's best". The
    review's answer is rewritten here (every mark good, one move unsure), as a server's small budget leaves it."""
    with httpx.Client(base_url=live_server) as client:
        table = short_table(client, seed=5)
        play_out(client, table, seed=8)
    page = browser.new_context(viewport=LAPTOP, locale="de-DE" if lang == "de" else "en-GB").new_page()
    picked: dict[str, Any] = {}

    def one_unsure(route: Any) -> None:
        res = route.fetch()
        review = res.json()
        if review.get("state") == "done":
            for d in review["decisions"]:
                d["mark"], d["unsure"] = "good", False
            first = next(d for d in review["decisions"] if d["seat"] == 0)
            first["unsure"], first["loss"] = True, 0.18
            picked["n"] = first["n"]
        route.fulfill(response=res, json=review)

    page.route("**/api/tables/*/review*", one_unsure)
    page.goto(f"{live_server}{table['seats'][0]['url']}")
    page.click("[data-zone=review] button.start-review")
    page.wait_for_selector("[data-zone=review][data-state=done] p.unsure", timeout=60_000)
    assert page.locator("[data-zone=review] p.no-marks").inner_text() == none
    who = page.evaluate("() => document.querySelector('[data-zone=review] p.unsure').textContent")
    assert said.format(n=picked["n"], who=re.search(r"\((.+?):", who).group(1)) in who  # type: ignore[union-attr]
    page.context.close()
