"""Table chat in a real browser (marker ``browser``): a message from one seat reaches the other over its socket,
drawn as text (a <script> stays text), quick reactions are sent the same way, and a flood is refused."""

from __future__ import annotations

import httpx
import pytest

from .browser_kit import (
    LAPTOP,
    browser,  # noqa: F401  (the module's Chromium fixture)
)

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
    assert page.locator("#chat .note").text_content() == "Eine Chat-Nachricht ist eine Zeile einfacher Text."


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
