"""Real-browser tests: Playwright driving Debian's Chromium against a live server (marker ``browser``).

Every game gets a table with bots created from the lobby and a whole round played by clicking random
legal moves; ``grid`` is also played by two people in two browser contexts with their own links.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import playwright.sync_api as playwright_api
import pytest

from kartentisch.games import all_games

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MAX_CLICKS = 600
#: What no text for people may look like: a token (``play:r7``) or a card code (``r7``, ``b-1``).
TOKEN_LIKE = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")


class Chromium:
    """The module's browser, whose pages and contexts bypass the server's Content-Security-Policy: Playwright
    evaluates a ``wait_for_function`` expression with ``eval``, which the policy (rightly) forbids the page.
    ``strict`` is the browser itself, for tests of the pages under the policy (test_browser_hardening.py)."""

    def __init__(self, strict: playwright_api.Browser) -> None:
        self.strict = strict

    def new_context(self, **options: Any) -> playwright_api.BrowserContext:
        """``Browser.new_context`` with ``bypass_csp``."""
        return self.strict.new_context(bypass_csp=True, **options)

    def new_page(self, **options: Any) -> playwright_api.Page:
        """``Browser.new_page`` with ``bypass_csp``."""
        return self.strict.new_page(bypass_csp=True, **options)


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    """One Chromium for the module."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (Debian package chromium; .ci/run installs it)")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield Chromium(b)
        b.close()


def _round_done(page) -> bool:
    return page.evaluate("document.body.dataset.phase") in ("round_over", "game_over")


def click_one_move(page, rng: random.Random) -> None:
    """Wait until this page may act (or the round ended), then click one random legal move through its dialogs.

    With simultaneous decisions a bot's move can redraw the page while we click; a click that hit a button
    being replaced changes nothing, so after 5 s without a new position the move is clicked again (as a
    person would).
    """
    for _attempt in range(4):
        page.wait_for_function("['1'].includes(document.body.dataset.acting) || "
                               "['round_over','game_over'].includes(document.body.dataset.phase)", timeout=20_000)
        if _round_done(page):
            return
        if page.locator("dialog#choice[open]").count():
            page.keyboard.press("Escape")
        n = page.evaluate("document.body.dataset.n")
        buttons = page.locator("#moves button.move")
        buttons.nth(rng.randrange(buttons.count())).click()
        while page.locator("dialog#choice[open]").count():
            choices = page.locator("dialog#choice[open] button.choice")
            try:  # the dialog closes by itself when the position changes under it
                choices.nth(rng.randrange(max(1, choices.count()))).click(timeout=3_000)
            except playwright_api.TimeoutError:
                break
        try:
            page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=5_000)
        except playwright_api.TimeoutError:
            continue
        assert page.locator("#banner").is_hidden(), page.locator("#banner").text_content()
        return
    raise AssertionError("no click changed the position")


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_lobby_table_with_bots_plays_a_round(browser, live_server: str, game_id: str) -> None:
    """Lobby → table with bots → a whole round by clicking only legal-move buttons."""
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page()
    page.goto(f"{live_server}/?game={game_id}")
    page.wait_for_selector("body[data-ready='1']")
    page.screenshot(path=str(ARTIFACTS / f"lobby-{game_id}.png"), full_page=True)
    page.fill("#seed", "3")  # a fixed deal, so the test's length does not vary from run to run
    page.click("#create")
    page.click("a.table-link >> nth=0")
    page.wait_for_selector("body[data-phase]")
    rng = random.Random(game_id)
    page.screenshot(path=str(ARTIFACTS / f"table-{game_id}-start.png"), full_page=True)
    for _ in range(MAX_CLICKS):
        if _round_done(page):
            break
        click_one_move(page, rng)
    assert _round_done(page), f"{game_id}: round not over after {MAX_CLICKS} clicks"
    assert page.locator("#scores table tr").count() >= 3  # header, round 1, totals
    page.screenshot(path=str(ARTIFACTS / f"table-{game_id}-round-over.png"), full_page=True)
    page.close()


def test_two_people_play_grid_with_their_own_links(browser, live_server: str) -> None:
    """Two browser contexts, each with its own seat link, play a round of grid against each other."""
    ARTIFACTS.mkdir(exist_ok=True)
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "grid", "players": 2, "seed": 5,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    assert res.status_code == 201, res.text
    links = [s["url"] for s in res.json()["seats"]]
    pages = []
    for url in links:
        context = browser.new_context()
        page = context.new_page()
        page.goto(live_server + url)
        page.wait_for_selector("body[data-phase]")
        pages.append(page)
    rng = random.Random(9)
    for _ in range(4):
        click_one_move(next(p for p in pages if p.evaluate("document.body.dataset.acting") == "1"), rng)
    # reconnect: close the seat's page, open its link again, the seat is back at the same position
    n = pages[0].evaluate("document.body.dataset.n")
    pages[0].close()
    pages[0] = browser.new_context().new_page()
    pages[0].goto(live_server + links[0])
    pages[0].wait_for_function(f"document.body.dataset.n === '{n}'")
    assert "Ada" in pages[0].locator(".seat-chip.me").text_content()
    for _ in range(MAX_CLICKS):
        if _round_done(pages[0]):
            break
        for page in pages:
            if page.evaluate("document.body.dataset.acting") == "1":
                click_one_move(page, rng)
                break
        else:
            pages[0].wait_for_timeout(50)
    for i, page in enumerate(pages):
        page.wait_for_function("['round_over','game_over'].includes(document.body.dataset.phase)")
        # each person sees their own name marked as "me", and no other seat's legal moves
        assert page.locator(".seat-chip.me").count() == 1
        page.screenshot(path=str(ARTIFACTS / f"grid-two-people-seat{i}.png"), full_page=True)


def test_hot_seat_hides_the_hand_between_turns_and_spectator_sees_no_moves(browser, live_server: str) -> None:
    """Hot-seat from the lobby: a cover names the next person before their cards show; a spectator gets no moves."""
    page = browser.new_page()
    page.goto(f"{live_server}/?game=colors")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option(".seat-row[data-seat='1'] .kind", "human")
    page.fill(".seat-row[data-seat='0'] .name", "Ada")
    page.fill(".seat-row[data-seat='1'] .name", "Bo")
    page.check("#hotseat")
    page.click("#create")
    page.wait_for_selector("#cover:not([hidden])")
    assert page.locator("#table").is_hidden()
    first = page.locator("#cover-text").text_content()
    page.click("#cover-show")
    page.fill(".token-form input", "play:zz9")  # an illegal move typed by hand shows its rule
    page.click(".token-form button")
    page.wait_for_selector("#banner:not([hidden])")
    assert "colors R" in page.locator("#banner").text_content()
    rng = random.Random(1)
    for _move in range(6):  # a play that opens a pick (colors R9) leaves the same person to act: no cover yet
        click_one_move(page, rng)
        try:
            page.wait_for_selector("#cover:not([hidden])", timeout=5_000)
            break
        except playwright_api.TimeoutError:
            continue
    page.wait_for_selector("#cover:not([hidden])")
    assert page.locator("#cover-text").text_content() != first  # now the other person is named
    page.screenshot(path=str(ARTIFACTS / "hotseat-cover.png"))
    table_id = page.url.split("/t/")[1].split("#")[0]
    spectator = browser.new_page()
    spectator.goto(f"{live_server}/t/{table_id}")
    spectator.wait_for_selector("body[data-phase]")
    assert spectator.locator("#moves button.move").count() == 0
    assert spectator.locator("#zones .card:not(.back)").count() > 0  # the open centre cards
    english = spectator.locator("#zones").text_content()
    spectator.click("button.lang")
    german = spectator.locator("#zones").text_content()
    assert "hands" in english and "Handkarten" not in english
    assert "Handkarten" in german and "Mitte" in german  # German terms of the spec


def test_end_of_match_summary_and_rematch(browser, live_server: str) -> None:
    """A one-round colors match to its end: the summary names the winners; rematch opens a fresh table."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "options": {"max_rounds": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]})
    page = browser.new_page()
    page.goto(live_server + res.json()["seats"][0]["url"])
    page.wait_for_selector("body[data-acting='1']")
    # the cards of legal moves are clickable on the table itself (here: a card in the own hand)
    hand = page.locator("#zones .seat-zone[data-seat='0'] .card.playable")
    assert hand.count() == len(httpx.get(f"{live_server}/api/tables/{res.json()['id']}/view",
                                         headers={"Authorization": f"Bearer {res.json()['seats'][0]['token']}"}
                                         ).json()["legal"])
    hand.first.click()
    page.wait_for_function("document.body.dataset.n !== '0'")
    rng = random.Random(3)
    for _ in range(MAX_CLICKS):
        if page.evaluate("document.body.dataset.gameOver") == "1":
            break
        click_one_move(page, rng)
    page.wait_for_selector("#summary:not([hidden]) .winners")
    page.screenshot(path=str(ARTIFACTS / "colors-match-over.png"), full_page=True)
    old = page.url
    page.click("#summary button.rematch")
    page.wait_for_url(lambda url: url != old)
    page.wait_for_selector("body[data-n='0'], body[data-phase='play']")
    assert page.evaluate("document.body.dataset.gameOver") == "0"
    assert "Ada" in page.locator(".seat-chip.me").text_content()


def test_the_log_tells_the_moves_in_german_sentences(browser, live_server: str) -> None:
    """With ``?lang=de`` the log shows the server's German sentences, not tokens, a separator with the scores
    after the round, the phase and the bot by name; the language chooser switches them to English."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "options": {"max_rounds": 1, "first_player": 0},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]})
    tid, token = res.json()["id"], res.json()["seats"][0]["token"]
    context = browser.new_context(locale="en-US")  # the page's language comes from its URL, not the browser's
    page = context.new_page()
    page.goto(f"{live_server}/t/{tid}?lang=de#seat={token}")
    page.wait_for_selector("body[data-acting='1']")
    rng = random.Random(3)
    for _ in range(MAX_CLICKS):
        if page.evaluate("document.body.dataset.gameOver") == "1":
            break
        click_one_move(page, rng)
    page.wait_for_selector("#log li.round-end")
    frame = httpx.get(f"{live_server}/api/tables/{tid}/view?lang=de", headers={"Authorization": f"Bearer {token}"}
                      ).json()
    shown = page.locator("#log li").all_text_contents()
    assert shown == [e["text"] for e in frame["log"]]
    moves = page.locator("#log li.move")
    assert moves.first.get_attribute("data-token") == frame["log"][0]["token"]
    told = moves.all_text_contents()
    assert told[0].startswith("Du ") and any(t.startswith("Bot Max (spielt zufällig) ") for t in told)
    assert not [t for t in told if TOKEN_LIKE.search(t)], "sentences, not tokens or card codes"
    assert page.locator("#log li.round-end").last.text_content().startswith("Runde 1 ist vorbei")
    assert frame["phase_text"] != frame["view"]["phase"] and f"Phase: {frame['phase_text']}" in \
        page.locator("#info").text_content()
    assert "Bot Max (spielt zufällig)" in page.locator("#seats-bar").text_content()
    page.screenshot(path=str(ARTIFACTS / "colors-log-de.png"), full_page=True)
    page.click("#lang button")
    page.wait_for_function("document.querySelector('#log li.move')?.textContent.startsWith('You ')")
    assert "lang=en" in page.url and page.locator("#log li.round-end").last.text_content().startswith(
        "Round 1 is over")
    context.close()


def test_lobby_labels_options_by_help_and_counts_seats_from_one(browser, live_server: str) -> None:
    """Option labels are the help text (id in the tooltip), seats read "Seat 1 …", a seat option is 1-based in
    the form and 0-based in the request, and no request of the page fails (the favicon is inline)."""
    from kartentisch.games import get_game

    context = browser.new_context(locale="en-US")
    page = context.new_page()
    failed: list[str] = []
    bodies: list[dict] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.on("request", lambda r: bodies.append(r.post_data_json) if r.url.endswith("/api/tables") else None)
    page.goto(f"{live_server}/?game=colors")
    page.wait_for_selector("body[data-ready='1']")
    options = {o.name: o for o in get_game("colors").options}
    label = page.locator("label.option[data-option='target_score']")
    assert label.locator(".option-label").text_content() == options["target_score"].help["en"]
    assert label.get_attribute("title").startswith("target_score (")
    box = label.locator(".option-label").bounding_box()
    assert label.locator("input").bounding_box()["x"] >= box["x"] + box["width"] + 8  # a gap before the input
    assert page.locator(".seat-row[data-seat='0'] span").first.text_content() == "Seat 1"
    first = page.locator("label.option[data-option='first_player'] input")
    assert first.input_value() == "1"
    first.fill("2")  # the second seat starts: first_player 1 in the request
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    assert page.locator("#link-list li").first.text_content().startswith("Private link of seat 1 (Player 1)")
    assert bodies[0]["options"]["first_player"] == 1
    page.click("a.table-link >> nth=0")
    page.wait_for_selector("body[data-phase]")
    assert "Player 1 (Seat 1)" in page.locator("#info").text_content()
    assert page.locator("link[rel='icon']").count() == 1
    assert failed == []
    context.close()


def test_api_docs_render_without_internet(browser, live_server: str) -> None:
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
