"""Hot-seat in a real browser (marker ``browser``, issue 32): the lobby asks each player's name, the cover names
the next person by it, and the end of the match names everyone — no "Du" for whoever happened to move last."""

from __future__ import annotations

import random
import re

import pytest

from .browser_kit import LAPTOP, body, browser, play_one, shot  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser


def test_hot_seat_asks_names_and_its_end_names_everyone(browser, live_server: str) -> None:  # noqa: F811
    page = browser.new_page(viewport=LAPTOP, locale="de-DE")
    page.goto(f"{live_server}/?game=colors")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    page.fill("#your-name", "Ada")
    page.select_option("#kind-1", "open")
    assert page.locator(".seat-row[data-seat='1'] .name").count() == 0  # a friend with the invite link types it
    page.click("#more-options summary")
    page.check("#hotseat")
    page.fill(".seat-row[data-seat='1'] .name", "Bo")  # on this device: asked here
    page.fill("#opt-max_rounds", "1")
    page.click("#create")
    page.wait_for_selector("#cover")
    covers = set()
    rng = random.Random(5)
    for _ in range(400):
        if body(page, "gameOver") == "1":
            break
        if page.locator("#cover").count():
            covers.add(page.locator("#cover-text").text_content())
            page.click("#cover-show")
            continue
        if not play_one(page, rng):
            page.wait_for_timeout(40)
    page.wait_for_selector("[data-zone=match-summary]")
    assert covers == {"Gib das Gerät weiter an Ada", "Gib das Gerät weiter an Bo"}, covers
    shot(page, "hotseat-over-de")
    end = page.locator("#log").inner_text() + page.locator("[data-zone=match-summary]").inner_text()
    assert not re.search(r"\b[Dd]u\b|\b[Dd]ein", end), end
    assert re.search(r"\b(Ada|Bo)\b.*(gewinnt|teilen sich)", end)
    assert page.locator("button.rematch").count() == 1  # the rematch is still offered on the shared device
    assert page.locator("#info").text_content().startswith("Ada und Bo · ")  # not "Zuschauer": everyone's device
