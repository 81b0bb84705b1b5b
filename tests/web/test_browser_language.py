"""The chosen language in a real browser (marker ``browser``): every link and redirect between the lobby, the
invite page, the table and the replay keeps it, a page opened with ``?lang=`` remembers it, and the table's
refusals are shown in it, in the players' words (no 0-based seat numbers, no tokens)."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import playwright.sync_api as playwright_api
import pytest

from .browser_kit import LAPTOP, PHONE, TOKEN_LIKE, browser, shot  # noqa: F401  (the module's Chromium fixture)
from .test_browser_texts import finished_table

pytestmark = pytest.mark.browser


def german_lobby_table(page: playwright_api.Page, base: str) -> None:
    """In the German lobby: a colors table with a bot and a free seat for a friend (the invite link)."""
    page.goto(f"{base}/?lang=de&game=colors")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    page.select_option("#players", "3")
    page.fill("#your-name", "Ada")
    page.select_option("#kind-1", "easy")
    page.select_option("#kind-2", "open")
    page.click("#create")
    page.wait_for_selector("#links")


def test_the_german_lobbys_links_open_german_pages(browser, live_server: str) -> None:  # noqa: F811
    """"Zu meinem Platz", the spectator link and the invite link keep German, and so does the table the friend
    reaches through the invite page, in a browser that never chose a language."""
    host = browser.new_context(viewport=LAPTOP, locale="en-US").new_page()
    german_lobby_table(host, live_server)
    links = [host.locator(sel).get_attribute("href") for sel in ("a.table-link", "a.spectator-link")]
    invite = host.locator(".invite-url").text_content()
    assert all("lang=de" in link for link in [*links, invite]), (links, invite)
    friend = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    friend.goto(invite)
    friend.wait_for_selector("body[data-ready='1'] .seat-list")
    assert friend.evaluate("document.documentElement.lang") == "de"
    bot = friend.locator("li[data-seat='1']").inner_text()
    assert "spielt" in bot and "plays" not in bot and "(Bot)" not in bot  # the bot's German label, once
    friend.fill("#join-name", "Bo")
    friend.click("li[data-seat='2'] button.take")
    friend.wait_for_selector("body[data-phase]")
    assert friend.evaluate("document.documentElement.lang") == "de"
    assert "Platz 3" in friend.locator("#info").text_content()
    host.click("a.table-link")
    host.wait_for_selector("body[data-phase] #zones")
    assert host.evaluate("document.documentElement.lang") == "de"
    assert "Runde" in host.locator("#info").text_content()
    assert host.locator("header h1 a").get_attribute("href") == "/?lang=de"


def test_a_page_opened_with_lang_remembers_it(browser, live_server: str) -> None:  # noqa: F811
    """The German lobby once, then a table's bare address (no ?lang=): German; ?lang=en still wins."""
    page = browser.new_context(viewport=LAPTOP, locale="en-US").new_page()
    page.goto(f"{live_server}/?lang=de")
    page.wait_for_selector("body[data-ready='1']")
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "lastcard", "players": 2, "seed": 1,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    page.goto(f"{live_server}/t/{table['id']}")
    page.wait_for_selector("body[data-phase] #zones")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "Zuschauer" in page.locator("#info").text_content()
    page.goto(f"{live_server}/t/{table['id']}?lang=en")
    page.wait_for_selector("body[data-phase] #zones")
    assert "Spectator" in page.locator("#info").text_content()


def test_the_rematch_and_the_replay_keep_german(browser, live_server: str) -> None:  # noqa: F811
    """A finished table in German: the replay link and the rematch's new table are German too."""
    table, tokens, _totals = finished_table(live_server)
    page = browser.new_context(viewport=LAPTOP, locale="en-US").new_page()
    page.goto(f"{live_server}/t/{table}?lang=de#seat={tokens[0]}")
    page.wait_for_selector("[data-zone=match-summary] button.rematch")
    assert "lang=de" in page.locator("a.replay-link").get_attribute("href")
    page.evaluate("localStorage.clear()")  # only the address may carry the language now
    page.click("button.rematch")
    page.wait_for_selector("[data-zone=rematch-offer] .progress")  # issue 32: Bo and Cy answer, then it starts
    for token in tokens[1:]:
        httpx.post(f"{live_server}/api/tables/{table}/rematch", json={"join": True},
                   headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    page.wait_for_url(lambda url: table not in url)
    page.wait_for_selector("body[data-phase] #zones")
    assert "lang=de" in page.url and page.evaluate("document.documentElement.lang") == "de"


def own_seat(browser, base: str, lang: str, dev: bool = False) -> playwright_api.Page:  # noqa: F811
    """Ada's page at a 2-player colors table (Bo, a person, does not move: no frame clears a refusal), once she
    must play (seed 3), in ``lang``."""
    table = httpx.post(f"{base}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "seats": [{"kind": "human", "name": "Ada"},
                                                            {"kind": "human", "name": "Bo"}]}).json()
    page = browser.new_page(viewport=PHONE)
    query = f"?lang={lang}" + ("&dev=1" if dev else "")
    page.goto(f"{base}/t/{table['id']}{query}#seat={table['seats'][0]['token']}")
    page.wait_for_selector("body[data-acting='1']")
    return page


def refused_click(page: playwright_api.Page, action: Callable[[str, playwright_api.WebSocketRoute,
                                                                playwright_api.WebSocketRoute], None]) -> str:
    """The banner after a click on the page's first playable hand card, its socket routed through Playwright:
    ``action(message, page_side, server_side)`` does what becomes of each action frame the page sends (the others
    reach the server unchanged)."""

    def route(ws: playwright_api.WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: action(str(m), ws, server) if '"action"' in str(m) else server.send(m))

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.reload()
    page.wait_for_selector("body[data-acting='1']")
    page.locator("[data-zone=my-hand] .card.playable").first.click()
    page.wait_for_selector("#banner")
    return page.locator("#banner").text_content()


def test_a_move_sent_twice_is_refused_in_german_without_seat_numbers(browser, live_server: str) -> None:  # noqa: F811
    """A double click: the socket carries the move twice (Playwright doubles it); the table applies it once and
    refuses the second ("seat 0 has acted since …"); the page says so in German, without numbers from 0."""
    page = own_seat(browser, live_server, "de")
    banner = refused_click(page, lambda m, _page, server: [server.send(m), server.send(m)])
    shot(page, "refusal-twice-de")
    assert "Dein Zug war schon angekommen" in banner
    assert not re.search(r"\d|seat|event", banner), banner


def test_an_illegal_token_is_refused_in_german_and_the_developer_sees_the_rule(browser, live_server: str) -> None:  # noqa: F811
    """?dev=1: a token the rules forbid; the player's words in German first, the rule and the server's text after."""
    page = own_seat(browser, live_server, "de", dev=True)
    page.fill(".token-form input", "play:zz9")
    page.click(".token-form button")
    page.wait_for_selector("#banner")
    banner = page.locator("#banner").text_content()
    assert banner.startswith("Dieser Zug ist jetzt nicht erlaubt.") and "colors R" in banner
    assert "Regel" in banner  # the developer's part in German too


def test_a_rule_refusal_shows_no_token_and_no_seat_number(browser, live_server: str) -> None:  # noqa: F811
    """A player's (no ?dev) click answered by a rule refusal whose text names seat 0 and a token: the page shows
    only its own words."""
    page = own_seat(browser, live_server, "en")
    refusal = ('{"type": "error", "status": 422, "rule": "colors R19",'
               ' "error": "seat 0: \'play:r7\' is illegal: r7 is not in the hand"}')
    banner = refused_click(page, lambda _m, page_side, _server: page_side.send(refusal))
    assert banner == "This move is not allowed now."
    assert not TOKEN_LIKE.search(banner)
