"""Table chat in a real browser (marker ``browser``): a message from one seat reaches the other over its socket,
drawn as text (a <script> stays text), quick reactions are sent the same way, and a flood is refused."""

from __future__ import annotations

import httpx
import pytest

from .browser_kit import (
    LAPTOP,
    LIMIT_LEFT,
    LIMIT_REACHED,
    LOCALES,
    browser,  # noqa: F401  (the module's Chromium fixture)
    check_limit_note,
    shot,
)
from .test_browser_a11y import serious_violations

pytestmark = pytest.mark.browser

EVIL = "<script>window.__pwned = 1</script><b>hi</b>"


def test_a_message_reaches_the_other_seat_as_text_and_a_flood_is_refused(browser, live_server: str) -> None:  # noqa: F811
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    pages = []
    for seat in res["seats"]:
        page = browser.new_context(viewport=LAPTOP).new_page()
        page.goto(f"{live_server}{seat['url'].replace('#', '?lang=en#')}")
        page.wait_for_selector("[data-zone=chat]")
        pages.append(page)
    ada, bo = pages
    ada.fill("#chat-text", EVIL)
    ada.click(".chat-form button")
    bo.wait_for_selector("[data-zone=chat] li .text")
    assert bo.locator("[data-zone=chat] li .text").text_content() == EVIL
    assert bo.locator("[data-zone=chat] li .who").text_content() == "Ada"
    assert bo.locator("[data-zone=chat] script, [data-zone=chat] li b:not(.who)").count() == 0
    assert bo.evaluate("window.__pwned") is None and ada.input_value("#chat-text") == ""
    bo.locator("[data-zone=chat] button.quick-reaction").first.click()  # a quick reaction
    ada.wait_for_function("document.querySelectorAll('[data-zone=chat] li').length === 2")
    assert ada.locator("[data-zone=chat] li .who").last.text_content() == "Bo"
    # a flood: at most 5 messages in 10 s per sender; the sixth is refused and the page says so
    for _ in range(5):
        ada.locator("[data-zone=chat] button.quick-reaction").first.click()
    ada.wait_for_selector("#chat .note")
    assert "Slow down" in ada.locator("#chat .note").text_content()
    bo.wait_for_function("document.querySelectorAll('[data-zone=chat] li').length === 6")
    assert len(httpx.get(f"{live_server}/api/tables/{res['id']}/view").json()["chat"]) == 6


def test_a_refused_message_is_said_in_the_page_s_language(browser, live_server: str) -> None:  # noqa: F811
    """A German page's chat refusal in German (the page's requests carry its language; it showed English)."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    page = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    page.goto(f"{live_server}{res['seats'][0]['url']}")
    page.wait_for_selector("[data-zone=chat]")
    page.fill("#chat-text", "hallo \u202egegen")
    page.click(".chat-form button")
    page.wait_for_selector("#chat .note")
    assert page.locator("#chat .note").text_content() == (
        "Eine Chat-Nachricht ist eine Zeile einfacher Text: entferne den Zeilenumbruch oder das unsichtbare Zeichen.")


def test_a_quick_reaction_is_read_in_each_reader_s_language(browser, live_server: str) -> None:  # noqa: F811
    """A German host's "Gutes Spiel!" reached the English friend in German: a quick reaction is sent as its id and
    every page reads it in its own language (the frames of each socket say it in the socket's language)."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Ben"}]}).json()
    anna = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    anna.goto(f"{live_server}{res['seats'][0]['url']}")
    ben = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US").new_page()
    ben.goto(f"{live_server}{res['seats'][1]['url']}")
    for page in (anna, ben):
        page.wait_for_selector("[data-zone=chat] button.quick-reaction")
    sent: list[dict] = []
    anna.on("request", lambda r: sent.append(r.post_data_json) if "/chat" in r.url else None)
    anna.locator("[data-zone=chat] button.quick-reaction[data-reaction=good_game]").click()
    assert anna.locator("button.quick-reaction[data-reaction=good_game]").text_content() == "Gutes Spiel!"
    # each reader in their words; Anna's own reaction reads as her own on her page ("Du", as the log and the status
    # lines say it: a fresh user found it under her own name), and under her name on Ben's
    for page, words, writer in ((anna, "Gutes Spiel!", "Du"), (ben, "Good game!", "Anna")):
        page.wait_for_selector("[data-zone=chat] li .text")
        assert page.locator("[data-zone=chat] li .text").text_content() == words
        assert page.locator("[data-zone=chat] li .who").text_content() == writer
    ben.locator("[data-zone=chat] button.quick-reaction[data-reaction=good_game]").click()
    ben.wait_for_function("document.querySelectorAll('[data-zone=chat] li').length === 2")
    assert ben.locator("[data-zone=chat] li .who").last.text_content() == "You"
    anna.wait_for_function("document.querySelectorAll('[data-zone=chat] li').length === 2")
    assert anna.locator("[data-zone=chat] li .who").last.text_content() == "Ben"
    assert sent == [{"reaction": "good_game"}]
    # a new reader in German reads it in German too (the stored message is the reaction, not Anna's words)
    view = httpx.get(f"{live_server}/api/tables/{res['id']}/view?lang=de").json()
    assert [(m["text"], m["reaction"]) for m in view["chat"]] == [("Gutes Spiel!", "good_game")] * 2


def test_a_spectator_reads_why_it_cannot_write_and_the_lobby_offers_to_allow_it(browser, live_server: str) -> None:  # noqa: F811
    """Fresh-user report: a spectator's page showed the table chat with no input box and no reason; the option
    that allows spectators to write (``spectator_chat``) was in the API only. Both now in the players' words."""
    closed = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    for lang, words in (("de", "Zuschauer schreiben hier nicht mit: der Gastgeber hat es nicht erlaubt."),
                        ("en", "Spectators do not write here: the host has not allowed it.")):
        page = browser.new_context(viewport=LAPTOP, locale=LOCALES[lang]).new_page()
        page.goto(f"{live_server}/t/{closed['id']}")
        page.wait_for_selector("[data-zone=chat] .chat-closed")
        assert page.locator("[data-zone=chat] .chat-closed").text_content() == words
        assert page.locator("#chat-text").count() == 0
        shot(page, f"chat-spectator-{lang}")
        page.context.close()
    host = browser.new_context(viewport=LAPTOP).new_page()
    create_from_lobby_with(host, live_server, lambda: host.check("#spectator-chat"))
    tid = host.url.split("/t/")[1].split("?")[0].split("#")[0]
    assert httpx.get(f"{live_server}/api/tables/{tid}/view").json()["spectator_chat"] is True
    watcher = browser.new_context(viewport=LAPTOP).new_page()
    watcher.goto(f"{live_server}/t/{tid}?lang=en")
    watcher.wait_for_selector("#chat-text")
    assert watcher.locator("[data-zone=chat] .chat-closed").count() == 0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_spectator_s_reason_is_a_neutral_note_not_an_error(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """Why a spectator does not write ("Zuschauer schreiben hier nicht mit: …") is information: drawn in the page's
    muted colour like its other notes, not in the red of a refused chat message, and readable (axe-core's contrast
    check finds nothing serious)."""
    closed = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    page = browser.new_context(viewport=LAPTOP, locale=LOCALES[lang]).new_page()
    page.goto(f"{live_server}/t/{closed['id']}")
    page.wait_for_selector("[data-zone=chat] .chat-closed")
    colour = page.evaluate("getComputedStyle(document.querySelector('[data-zone=chat] .chat-closed')).color")
    muted = page.evaluate("""(() => { const probe = document.createElement('span'); probe.style.color = 'var(--muted)';
        document.body.append(probe); const c = getComputedStyle(probe).color; probe.remove(); return c; })()""")
    assert colour == muted, (colour, muted)
    assert serious_violations(page) == []
    page.locator("[data-zone=chat]").scroll_into_view_if_needed()
    shot(page, f"chat-spectator-note-{lang}")
    page.context.close()


def create_from_lobby_with(page, base: str, choose) -> None:
    """In the English lobby: colors for two (a bot), ``choose()`` under "More options", create, open the seat."""
    page.goto(f"{base}/?lang=en")
    page.wait_for_selector("body[data-ready='1']")
    page.click("li[data-game='colors'] button.choose")
    page.fill("#your-name", "Ada")
    page.click("#more-options summary")
    assert "Spectators may write in the table chat" in page.locator("#more-options").text_content()
    choose()
    page.locator("#spectator-chat").scroll_into_view_if_needed()
    shot(page, "lobby-spectator-chat")
    page.click("#create")
    page.wait_for_selector("#links")
    page.click("a.table-link")
    page.wait_for_selector("body[data-phase]")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_input_says_its_limit_before_it_is_cut(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """Fresh-user report (26-lc-ann-longchat): the chat box stopped at 200 characters and a name at 80 without a
    word. Near the limit a note counts the characters left; at the limit it says no more fit."""
    reached = LIMIT_REACHED[lang].format(most=80)
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "open"}]}).json()
    page = browser.new_context(viewport=LAPTOP, locale=LOCALES[lang]).new_page()
    page.goto(f"{live_server}{res['seats'][0]['url']}")
    page.wait_for_selector("#chat-text")
    check_limit_note(page, "#chat-text", "#chat-limit", 200, lang)
    shot(page, f"chat-limit-{lang}")
    page.goto(f"{live_server}/join/{res['invite']['code']}")
    page.wait_for_selector("body[data-ready='1'] #join-name")
    page.fill("#join-name", "N" * 81)
    assert page.input_value("#join-name") == "N" * 80 and page.locator("#join-name-limit").text_content() == reached
    # counted as the server counts (code points), cut only between whole characters: the browser's maxlength had
    # counted UTF-16 units and cut a name of family emoji (seven code points each) inside the last family
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
    page.fill("#join-name", family * 12)
    assert page.input_value("#join-name") == family * 11
    assert page.locator("#join-name-limit").text_content() == LIMIT_LEFT[lang].format(left=80 - 77, most=80)
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("li[data-game='colors'] button.choose")
    page.fill("#your-name", "N" * 81)
    assert page.locator("#your-name-limit").text_content() == reached
    page.select_option("#kind-1", "human")
    page.fill("[data-seat='1'] input.name", "M" * 81)
    assert page.locator("#name-1-limit").text_content() == reached
    shot(page, f"lobby-name-limit-{lang}")
