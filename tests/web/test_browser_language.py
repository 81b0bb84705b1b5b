"""Each person's language in a real browser (marker ``browser``, issue 32): a page follows this browser's own
choice (the language switch), else the browser's languages, else a link's ``?lang=``; the app's links carry no
language, so nobody's link decides for another; the table's and the join page's refusals are shown in it, in the
players' words (no 0-based seat numbers, no tokens)."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import playwright.sync_api as playwright_api
import pytest

from .browser_kit import LAPTOP, LOCALES, PHONE, TOKEN_LIKE, browser, shot  # noqa: F401  (the module's Chromium fixture)
from .test_browser_texts import finished_table

pytestmark = pytest.mark.browser


def german_lobby_table(page: playwright_api.Page, base: str) -> None:
    """In the lobby of a German browser: a colors table with a bot and a free seat for a friend (the invite link)."""
    page.goto(f"{base}/?game=colors")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    assert page.evaluate("document.documentElement.lang") == "de"
    page.select_option("#players", "3")
    page.fill("#your-name", "Ada")
    page.select_option("#kind-1", "easy")
    page.select_option("#kind-2", "open")
    page.click("#create")
    page.wait_for_selector("#links")


def test_an_english_browser_opening_a_german_hosts_invite_gets_english(browser, live_server: str) -> None:  # noqa: F811
    """Issue 32: the links a German host's lobby makes carry no language; the English friend who opens the invite
    link reads English on the invite page and at the table, the host German at hers — each by their own browser."""
    host = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    german_lobby_table(host, live_server)
    links = [host.locator(sel).get_attribute("href") for sel in ("a.table-link", "a.spectator-link")]
    invite = host.locator(".invite-url").text_content()
    assert all("lang=" not in link for link in [*links, invite]), (links, invite)
    friend = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    friend.goto(invite)
    friend.wait_for_selector("body[data-ready='1'] .seat-list")
    assert friend.evaluate("document.documentElement.lang") == "en"
    assert "Join the table" in friend.locator("h2").text_content()
    friend.fill("#join-name", "Bo")
    friend.click("li[data-seat='2'] button.take")
    friend.wait_for_selector("body[data-phase] #zones")
    assert friend.evaluate("document.documentElement.lang") == "en" and "lang=" not in friend.url
    assert "Round" in friend.locator("#info").text_content()
    host.click("a.table-link")
    host.wait_for_selector("body[data-phase] #zones")
    assert host.evaluate("document.documentElement.lang") == "de"
    assert "Runde" in host.locator("#info").text_content()
    assert host.locator("header h1 a").get_attribute("href") == "/"
    # an invite link shared before this change, with the host's ?lang=de: the English browser still reads English
    late = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    late.goto(f"{invite}?lang=de")
    late.wait_for_selector("body[data-ready='1'] .seat-list")
    assert late.evaluate("document.documentElement.lang") == "en"


def test_a_persons_own_choice_is_remembered_and_no_link_overrides_it(browser, live_server: str) -> None:  # noqa: F811
    """Issue 32: an English browser switches to German once; every page after it is German, a table's address
    with somebody's ``?lang=en`` too, and the address the switch leaves carries no language. A browser speaking
    neither language follows a link's ``?lang=``."""
    page = browser.new_context(viewport=LAPTOP, locale="en-US").new_page()
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.click("#lang button.lang")
    assert page.evaluate("document.documentElement.lang") == "de" and "lang=" not in page.url
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "lastcard", "players": 2, "seed": 1,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    for address in (f"/t/{table['id']}", f"/t/{table['id']}?lang=en"):
        page.goto(f"{live_server}{address}")
        page.wait_for_selector("body[data-phase] #zones")
        assert page.evaluate("document.documentElement.lang") == "de", address
        assert "Zuschauer" in page.locator("#info").text_content()
    page.click("#lang button.lang")  # back to English: remembered as well, and the address loses its ?lang=
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "lang=" not in page.url
    page.reload()
    page.wait_for_selector("body[data-phase] #zones")
    assert "Spectator" in page.locator("#info").text_content()
    french = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    french.goto(f"{live_server}/t/{table['id']}?lang=de")
    french.wait_for_selector("body[data-phase] #zones")
    assert french.evaluate("document.documentElement.lang") == "de"


def test_the_rematch_and_the_replay_of_a_german_browser_are_german(browser, live_server: str) -> None:  # noqa: F811
    """A finished table in a German browser: the replay link carries no language, and the rematch's new table is
    German too (the browser's language, nothing remembered)."""
    table, tokens, _totals = finished_table(live_server)
    page = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    page.goto(f"{live_server}/t/{table}#seat={tokens[0]}")
    page.wait_for_selector("[data-zone=match-summary] button.rematch")
    assert "lang=" not in page.locator("a.replay-link").get_attribute("href")
    page.evaluate("localStorage.removeItem('kartentisch.lang')")
    page.click("button.rematch")
    page.wait_for_selector("[data-zone=rematch-offer] .progress")  # issue 32: Bo and Cy answer, then it starts
    for token in tokens[1:]:
        httpx.post(f"{live_server}/api/tables/{table}/rematch", json={"join": True},
                   headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    page.wait_for_url(lambda url: table not in url)
    page.wait_for_selector("body[data-phase] #zones")
    assert "lang=" not in page.url and page.evaluate("document.documentElement.lang") == "de"


def own_seat(browser, base: str, lang: str, dev: bool = False) -> playwright_api.Page:  # noqa: F811
    """Ada's page at a 2-player colors table (Bo, a person, does not move: no frame clears a refusal), once she
    must play (seed 3), in ``lang``."""
    table = httpx.post(f"{base}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "seats": [{"kind": "human", "name": "Ada"},
                                                            {"kind": "human", "name": "Bo"}]}).json()
    page = browser.new_page(viewport=PHONE, locale=LOCALES[lang])
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
    assert "Der Tisch war schon weiter" in banner and "nicht gespielt" in banner  # a stale page: no false "arrived"
    assert not re.search(r"\d|seat|event", banner), banner


def test_two_pages_of_one_seat_tap_at_once_and_the_late_one_says_so(browser, live_server: str) -> None:  # noqa: F811
    """Two pages of one seat (fresh-user report, 62-race-f2): the other page's move wins while this page's click is
    on its way, and the refusal reaches this page before the frame of the winning move (Playwright holds that frame
    back until the refusal has passed); the page says what happened in German, and the frame does not wipe it."""
    page = own_seat(browser, live_server, "de")
    token = page.evaluate("location.hash").split("seat=")[1]
    table_id = page.url.split("/t/")[1].split("?")[0]
    held: list[str] = []
    hold = {"on": False}

    def route(ws: playwright_api.WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if hold["on"] and '"state"' in str(message):
                held.append(str(message))  # the winning move's frame: after the refusal
                return
            ws.send(message)
            if hold["on"] and '"error"' in str(message):
                hold["on"] = False
                for frame in held:
                    ws.send(frame)

        def from_page(message: str | bytes) -> None:
            if '"action"' in str(message):
                hold["on"] = True
                view = httpx.get(f"{live_server}/api/tables/{table_id}/view",
                                 headers={"Authorization": f"Bearer {token}"}).json()
                httpx.post(f"{live_server}/api/tables/{table_id}/actions", json={"action": view["legal"][-1],
                                                                                 "n": view["n"]},
                           headers={"Authorization": f"Bearer {token}"})  # the other page of this seat, first
            server.send(message)

        server.on_message(from_server)
        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.reload()
    page.wait_for_selector("body[data-acting='1']")
    n = page.evaluate("document.body.dataset.n")
    page.locator("[data-zone=my-hand] .card.playable").first.click()
    page.wait_for_function(f"document.body.dataset.n !== '{n}'")  # the winning move's frame has come
    page.wait_for_timeout(200)
    assert page.locator("#banner").count() == 1, "the refusal was wiped by the frame that followed it"
    banner = page.locator("#banner").text_content()
    shot(page, "refusal-race-de")
    assert "nicht gespielt" in banner and not re.search(r"\d|seat|event", banner), banner


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


def test_the_join_page_shows_the_servers_refusal_in_its_language(browser, live_server: str) -> None:  # noqa: F811
    """Issue 32: a German friend (a German browser) types the host's name: the refusal is German (the server's
    ``text`` for the language the page asks its API in, the TR39 check of kernel/names.py), not the developers'
    "seat names must be distinct" nor the page's generic "not accepted (error 422)"."""
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seats": [{"kind": "human", "name": "Ada"}, {"kind": "open"}]}).json()
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(table["invite"]["url"] if table["invite"]["url"].startswith("http")
              else f"{live_server}{table['invite']['url']}")
    page.wait_for_selector("body[data-ready='1'] .seat-list")
    page.fill("#join-name", "ada")
    page.click("li[data-seat='1'] button.take")
    note = page.locator("p.error[role=alert]")
    note.wait_for()
    assert note.text_content() == "„ada“ sieht aus wie „Ada“ (Platz 1); wähle einen Namen, der sich anders liest."
    refused = httpx.post(f"{live_server}/api/invites/{table['invite']['code']}/join?lang=en",
                         json={"seat": 1, "name": " "})
    assert refused.status_code == 422 and refused.json()["text"] == "Type your name to take a seat."
    assert "name" in refused.json()["error"]  # the developers' message stays


def test_a_wrong_table_link_says_why_in_the_page_s_language(browser, live_server: str) -> None:  # noqa: F811
    """An unknown table, or a seat link with a wrong token, says why instead of a bare "Fehler" (a fresh user's
    finding): in German for a German browser."""
    table, tokens, _totals = finished_table(live_server)
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{live_server}/t/NICHTDA")
    banner = page.wait_for_selector("#banner")
    assert banner.text_content().startswith("Unter diesem Link gibt es keinen Tisch")
    page.goto(f"{live_server}/t/{table}#seat={tokens[0]}")
    page.wait_for_selector("body[data-phase] #zones")
    page.goto(f"{live_server}/t/{table}#seat=falsch{tokens[0][:4]}")
    page.reload()
    assert page.wait_for_selector("#banner").text_content() == "Den Platz dieses Links gibt es an diesem Tisch nicht."
    # the wrong link did not replace the seat this browser holds (a fresh user's "Meine Tische" was empty after it)
    assert page.evaluate(f"localStorage.getItem('kartentisch.seat.{table}')") == tokens[0]


def test_the_german_lobby_shows_a_refusal_in_german(browser, live_server: str) -> None:  # noqa: F811
    """A browser speaking German: a table the server refuses (a fixed deal larger than it takes, which the page lets
    through) is refused in German players' words, the answer's ``text``, not pydantic's "invalid request:
    body.seed: Input should be less than …"."""
    page = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("li[data-game='colors'] button.choose").click()
    page.click("#more-options summary")
    page.fill("#seed", "10000000000000000000")
    page.click("#create")
    error = page.locator("#lobby-error")
    error.wait_for()
    assert error.text_content() == ("Die feste Kartenverteilung muss kleiner als 9223372036854775808 sein; prüfe die "
                                    "Angabe und versuche es noch einmal.")
    assert not TOKEN_LIKE.search(error.text_content())
    shot(page, "lobby-refused-de")


@pytest.mark.parametrize(("game", "option", "typed", "said"), [
    ("lastcard", "rounds", "21", "Runden: Wähle eine ganze Zahl von 1 bis 20."),
    ("colors", "max_rounds", "0", "Rundenzahl: Wähle eine ganze Zahl ab 1 oder keine.")])
def test_a_number_out_of_range_is_refused_in_the_pages_language(browser, live_server: str, game: str,  # noqa: F811
                                                               option: str, typed: str, said: str) -> None:
    """A fresh user's German lobby refused 21 rounds in the browser's own bubble, in the browser's language (an
    English Chromium): the form leaves the check to the server, whose refusal names the field and its range in the
    page's language (lastcard R2 at a table, colors R16); no table is made."""
    page = browser.new_context(locale=LOCALES["de"], viewport=PHONE).new_page()
    page.goto(f"{live_server}/?game={game}")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    page.fill("#your-name", "Ada")
    if not page.locator(f"#opt-{option}").is_visible():
        page.click("#more-options summary")
    page.fill(f"#opt-{option}", typed)
    page.click("#create")
    assert page.wait_for_selector("#lobby-error").text_content() == said
    assert page.locator("#links").count() == 0
