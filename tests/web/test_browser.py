"""Real-browser tests: Playwright driving Debian's Chromium against a live server (marker ``browser``).

Every game: from the lobby a table with one person and a bot, a whole (short) match played by clicking only the
table's objects, and at its end the round summary and the match summary checked against the API. Also the hot
seat, a spectator, the log in German, the lobby's options, the rematch and the offline API docs.
"""

from __future__ import annotations

import random

import httpx
import playwright.sync_api as playwright_api
import pytest

from kartentisch.games import all_games

from .browser_kit import (
    LAPTOP,
    LOCALES,
    PHONE,
    TOKEN_LIKE,
    api_frame,
    body,
    browser,  # noqa: F401  (the module's Chromium fixture)
    check_summaries,
    play_match,
    play_one,
    seat_token,
    shot,
    table_id,
)
from .conftest import move_entries

pytestmark = pytest.mark.browser

#: Options (their fields in the lobby) that make each installed game's match short, about one round: the game's
#: ``short_match`` part.
SHORT = {g.id: {name: str(value) for name, value in g.parts.short_match.items()} for g in all_games()}


def create_from_lobby(page: playwright_api.Page, base: str, game: str, options: dict[str, str],
                      seats: tuple[str, ...] = ("easy",), seed: str = "3", name: str = "Ada") -> str:
    """In the lobby: choose ``game``, seats after the own one (``open``, ``human``, ``easy`` …), the options'
    fields, a fixed deal; create the table and open the own seat. Returns the table id."""
    page.goto(f"{base}/?lang=en")
    page.wait_for_selector("body[data-ready='1']")
    page.click(f"li[data-game='{game}'] button.choose")
    page.select_option("#players", str(len(seats) + 1))
    page.fill("#your-name", name)
    for i, kind in enumerate(seats, start=1):
        page.select_option(f"#kind-{i}", kind)
    page.click("#more-options summary")
    for option, value in options.items():
        page.fill(f"#opt-{option}", value)
    page.fill("#seed", seed)
    page.click("#create")
    page.wait_for_selector("#links")
    page.click("a.table-link")
    page.wait_for_selector("body[data-phase]")
    return table_id(page)


@pytest.mark.parametrize("game_id", list(SHORT))
def test_a_whole_match_from_the_lobby_by_clicking_the_table(browser, live_server: str, game_id: str) -> None:  # noqa: F811
    """Lobby → table with a bot → a whole match by clicking table objects only → the summaries as the API says."""
    page = browser.new_page(viewport=LAPTOP)
    tid = create_from_lobby(page, live_server, game_id, SHORT[game_id])
    assert page.locator(".token-form").count() == 0  # the token box is for developers (?dev=1) only
    play_match([page], random.Random(game_id))
    page.wait_for_selector("[data-zone=match-summary]")
    frame = api_frame(live_server, tid, seat_token(page, tid))
    check_summaries(page, frame)
    assert page.locator(".token-form").count() == 0
    shot(page, f"match-{game_id}-over", full_page=True)
    page.close()


def test_a_round_summary_stays_until_the_person_goes_on(browser, live_server: str) -> None:  # noqa: F811
    """colors over two rounds: when round 1 is scored a dialog explains each seat's score (the bot may have dealt
    round 2 already underneath); it stays until closed, then the match goes on to its end."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "options": {"max_rounds": 2},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}{res['seats'][0]['url'].replace('#', '?lang=en#')}")
    rng = random.Random(5)
    dialog = page.locator(".overlay [data-zone=round-summary][role=dialog]")
    for _ in range(200):
        if dialog.count():
            break
        if not play_one(page, rng, go_on=False):  # the summary is this test's to close
            page.wait_for_timeout(40)
    assert dialog.locator("h2").text_content() == "Round 1 scored"
    rows = dialog.locator("tbody tr")
    assert rows.count() == 2 and all(rows.nth(i).locator(".details li").count() >= 1 for i in range(2))
    scores = api_frame(live_server, res["id"], res["seats"][0]["token"])["view"]["scores"][0]
    assert [int(rows.nth(i).locator(".score").text_content().replace("−", "-")) for i in range(2)] == scores
    page.wait_for_timeout(300)
    assert dialog.count() == 1  # it waits for the person
    shot(page, "colors-round-summary")
    dialog.locator("button.primary").click()
    assert dialog.count() == 0
    play_match([page], rng)
    assert page.locator("[data-zone=match-summary] li.winner").count() >= 1


def test_two_people_play_grid_with_their_own_links_and_reconnect(browser, live_server: str) -> None:  # noqa: F811
    """Two browser contexts, each with its own private seat link, play grid; a page opened again is back."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "grid", "players": 2, "seed": 5, "options": {"end_total": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    assert res.status_code == 201, res.text
    links = [s["url"] for s in res.json()["seats"]]
    pages = []
    for url in links:
        page = browser.new_context().new_page()
        page.goto(live_server + url)
        page.wait_for_selector("body[data-phase]")
        pages.append(page)
    rng = random.Random(9)
    for _ in range(6):
        for page in pages:
            play_one(page, rng)
    n = body(pages[0], "n")
    pages[0].close()
    pages[0] = browser.new_context().new_page()
    pages[0].goto(live_server + links[0])
    pages[0].wait_for_function(f"document.body.dataset.n === '{n}'")
    assert "Ada" in pages[0].locator(".seat-chip.me").text_content()
    assert pages[0].locator(".seat-chip.me bdi").text_content() == "Ada"  # a right-to-left name keeps its side
    play_match(pages, rng)
    for page in pages:
        assert page.locator(".seat-chip.me").count() == 1
        assert page.locator("[data-zone=match-summary] li.winner").count() >= 1


def test_hot_seat_hides_the_hand_between_turns_and_spectator_sees_no_moves(browser, live_server: str) -> None:  # noqa: F811
    """Hot-seat from the lobby: a cover names the next person before their cards show; a spectator gets no moves;
    with ?dev=1 a typed token is sent and an illegal one names its rule."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/?game=colors&lang=en")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#your-name", "Ada")
    page.select_option("#kind-1", "human")
    page.fill(".seat-row[data-seat='1'] .name", "Bo")
    page.click("#more-options summary")
    page.check("#hotseat")
    page.click("#create")
    page.wait_for_selector("#cover")
    first = page.locator("#cover-text").text_content()
    assert page.locator("[data-zone=my-hand]").count() == 0
    page.click("#cover-show")
    rng = random.Random(1)
    for _move in range(6):  # a play that opens a pick (colors R9) leaves the same person to act: no cover yet
        play_one(page, rng)
        try:
            page.wait_for_selector("#cover", timeout=3_000)
            break
        except playwright_api.TimeoutError:
            continue
    assert page.locator("#cover-text").text_content() != first  # now the other person is named
    shot(page, "hotseat-cover")
    tid = table_id(page)
    spectator = browser.new_page()
    spectator.goto(f"{live_server}/t/{tid}?lang=en")
    spectator.wait_for_selector("body[data-phase]")
    assert spectator.locator(".card.playable").count() == 0
    assert spectator.locator("[data-zone=my-hand]").count() == 0
    assert spectator.locator("#zones .card:not(.back)").count() > 0  # the open centre cards
    english = spectator.locator("#zones").text_content()
    spectator.click("button.lang")
    german = spectator.locator("#zones").text_content()
    assert "Hand" in english and "Handkarten" not in english
    assert "Handkarten" in german and "Mitte" in german  # German terms of the spec
    # a developer's token box: only with ?dev=1; an illegal token shows its rule
    dev = browser.new_page()
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    dev.goto(f"{live_server}/t/{res.json()['id']}?dev=1&lang=en#seat={res.json()['seats'][0]['token']}")
    dev.wait_for_selector("body[data-acting='1']")
    dev.fill(".token-form input", "play:zz9")
    dev.click(".token-form button")
    dev.wait_for_selector("#banner")
    assert "colors R" in dev.locator("#banner").text_content()


def test_end_of_match_summary_and_rematch_with_progress(browser, live_server: str) -> None:  # noqa: F811
    """A one-round colors match to its end: the summary names the winners; rematch shows its progress and opens a
    fresh table for the same person."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "options": {"max_rounds": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]})
    body_ = res.json()
    page = browser.new_page(viewport=LAPTOP)
    page.goto(live_server + body_["seats"][0]["url"])
    page.wait_for_selector("body[data-acting='1']")
    # the cards of legal moves are clickable on the table itself (here: every card in the own hand)
    hand = page.locator("[data-zone=my-hand] .card.playable")
    assert hand.count() == len(api_frame(live_server, body_["id"], body_["seats"][0]["token"])["legal"])
    play_match([page], random.Random(3))
    page.wait_for_selector("[data-zone=match-summary] li.winner")
    old = page.url
    held: list[playwright_api.Route] = []
    page.route("**/rematch?*", lambda route: held.append(route))  # the server is slow: the request waits here
    page.click("[data-zone=match-summary] button.rematch")
    page.wait_for_selector("[data-zone=match-summary] .progress")
    assert page.locator("button.rematch").is_disabled()
    for _ in range(100):  # let the held request arrive (the route handler runs on Playwright's side)
        if held:
            break
        page.wait_for_timeout(50)
    held[0].continue_()
    page.wait_for_url(lambda url: url != old)
    page.wait_for_selector("body[data-phase='play']")
    assert body(page, "gameOver") == "0"
    assert "Ada" in page.locator(".seat-chip.me").text_content()


def test_the_log_tells_the_moves_in_german_sentences(browser, live_server: str) -> None:  # noqa: F811
    """With ``?lang=de`` the log shows the server's German sentences, not tokens, a separator with the scores
    after the round, the phase and the bot by name; the last move is marked; the switch turns them into English."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "options": {"max_rounds": 1, "first_player": 0},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]})
    tid, token = res.json()["id"], res.json()["seats"][0]["token"]
    context = browser.new_context(locale="de-DE")  # a German browser: German pages (issue 32)
    page = context.new_page()
    page.goto(f"{live_server}/t/{tid}?lang=de#seat={token}")
    page.wait_for_selector("body[data-acting='1']")
    assert page.evaluate("document.documentElement.lang") == "de"
    play_match([page], random.Random(3))
    page.wait_for_selector("[data-zone=log] li.round-end")
    frame = api_frame(live_server, tid, token, "de")
    shown = page.locator("[data-zone=log] li").all_text_contents()
    assert shown == [e["text"] for e in frame["log"]]
    moves = page.locator("[data-zone=log] li.move")
    assert moves.first.get_attribute("data-token") == move_entries(frame["log"])[0]["token"]
    assert page.locator("[data-zone=log] li.move.last").count() == 1
    told = moves.all_text_contents()
    assert told[0].startswith("Du ") and any(t.startswith("Bot Max (spielt zufällig) ") for t in told)
    assert not [t for t in told if TOKEN_LIKE.search(t)], "sentences, not tokens or card codes"
    assert page.locator("[data-zone=log] li.round-end").last.text_content().startswith("Runde 1 ist vorbei")
    assert f"Phase: {frame['phase_text']}" in page.locator("#info").text_content()
    assert "Bot Max (spielt zufällig)" in page.locator("#seats-bar").text_content()
    shot(page, "colors-log-de", full_page=True)
    page.click("#lang button")
    page.wait_for_function("document.querySelector('[data-zone=log] li.move')?.textContent.startsWith('You ')")
    # the switch is this browser's own choice: remembered, and the address no longer names a language
    assert "lang=" not in page.url and page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("localStorage.getItem('kartentisch.lang')") == "en"
    assert page.locator("[data-zone=log] li.round-end").last.text_content().startswith("Round 1 is over")
    context.close()


def test_the_rules_window_draws_a_table_as_a_table(browser, live_server: str) -> None:  # noqa: F811
    """chips' special cards are a markdown table in its rules: cells, not pipes and dashes, in both languages."""
    for lang, head in (("en", "card"), ("de", "Karte")):
        page = browser.new_page(locale=LOCALES[lang], viewport=PHONE)  # a phone: the narrowest column
        page.goto(f"{live_server}/?lang={lang}")
        page.wait_for_selector("body[data-ready='1']")
        page.locator("li[data-game='chips'] button.how").click()
        page.wait_for_selector("dialog.rules[open] table")
        assert page.locator("dialog.rules table th").first.text_content() == head
        lines = page.locator("dialog.rules table th").first.evaluate(  # a column head is whole, not split to fit
            "(th) => { const r = document.createRange(); r.selectNodeContents(th); return r.getClientRects().length; }")
        assert lines == 1, f"{head!r} split over {lines} lines"
        assert page.locator("dialog.rules table tbody tr").count() >= 5
        assert "|---|" not in page.locator("dialog.rules").inner_text()
        page.close()


def test_lobby_options_in_words_presets_and_seats_counted_from_one(browser, live_server: str) -> None:  # noqa: F811
    """Options are labelled in words (no rule id), a preset button sets its value, the full options wait behind
    'more options', a seat option is 1-based in the form and 0-based in the request, the rules open in the
    page's language, and no request of the page fails."""
    from kartentisch.games import get_game

    context = browser.new_context(locale="en-US")
    page = context.new_page()
    failed: list[str] = []
    bodies: list[dict] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.on("request", lambda r: bodies.append(r.post_data_json)
            if r.url.split("?")[0].endswith("/api/tables") else None)  # asked with ?lang=
    page.goto(f"{live_server}/?lang=en")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator(".game-card").count() == 5
    colors = page.locator("li[data-game='colors']")
    assert "2–6 players" in colors.text_content()
    # a preset says what its number is (a bare "(15)" said nothing, a fresh user's finding)
    assert "Length: Short (to 15 points) · Medium (to 30 points) · Long (to 70 points)" in colors.text_content()
    # one style of lengths: colors' presets (with their target score) and mayhem's choice
    assert "Length: Short · Medium · Long" in page.locator("li[data-game='mayhem']").text_content()
    colors.locator("button.how").click()
    page.wait_for_selector("dialog.rules[open] h1")
    assert page.locator("dialog.rules h1").text_content().startswith("Colour Gap")
    page.click("dialog.rules button")
    colors.locator("button.choose").click()
    options = {o.name: o for o in get_game("colors").options}
    target = page.locator(".option[data-option='target_score']")
    assert target.locator("label").text_content() == options["target_score"].label["en"]
    assert target.locator(".help").text_content() == options["target_score"].help["en"]
    assert "R16" not in page.locator("#new-table").text_content()
    assert page.locator("#more-options .option[data-option='first_player']").is_hidden()  # behind the switch
    target.locator("button.preset[data-preset='short']").click()
    assert target.locator("input").input_value() == "15"
    # a target total has a largest value (ten times the spec's usual 30; a fresh user typed 10^9)
    assert target.locator("input").get_attribute("max") == "300" and target.locator("input").get_attribute("min") == "1"
    assert target.locator("button.preset[data-preset='short']").get_attribute("aria-pressed") == "true"
    page.click("#more-options summary")
    page.select_option("#kind-1", "easy")
    first = page.locator("#opt-first_player")  # a seat by what sits there, not a number counted from 0
    assert first.locator("option").all_inner_texts() == ["Seat 1 (you)", "Seat 2: Bot: plays at random"]
    assert first.input_value() == "0"
    first.select_option(label="Seat 2: Bot: plays at random")  # the second seat starts: first_player 1 in the request
    page.click("#create")
    page.wait_for_selector("#links")
    assert bodies[0]["options"] == {"target_score": 15, "first_player": 1}
    assert bodies[0]["seats"][1] == {"kind": "bot", "bot": "random"}
    assert page.locator(".invite-url").count() == 0, "no seat is free: no invite link"
    assert page.locator("#links-title").text_content() == "Your table is ready"
    page.click("a.table-link")
    page.wait_for_selector("body[data-phase]")
    assert "(plays at random)" in page.locator("body").inner_text()  # the lobby's words for the bot, at the table
    info = page.locator("#info").text_content()  # an unnamed person is labelled by the seat, once
    assert "Seat 1" in info and "Seat 1 (Seat 1)" not in info and "Player" not in info
    assert page.locator("link[rel='icon']").count() == 1
    assert failed == []
    context.close()


def test_api_docs_render_without_internet(browser, live_server: str) -> None:  # noqa: F811
    """This machine has no internet: /docs lists the API's operations only because its scripts are served
    by the server itself (fastapi-offline), not by a CDN."""
    page = browser.new_page()
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.goto(f"{live_server}/docs")
    page.wait_for_selector(".opblock", timeout=20_000)
    assert page.locator(".opblock").count() >= 5 and "/api/tables" in page.content()
    assert not failed, failed
    page.close()
