"""Accessibility in a real browser (marker ``browser``): axe-core (vendor/axe.min.js) finds no serious or critical
violation on the lobby, the invite page and a table of each game; every legal move can be made with the keyboard
(Tab to a card, Enter; the arrow keys move along the hand) and focus stays visible."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.conftest import GAME_IDS, GAMES

from .browser_kit import (
    LAPTOP,
    api_frame,
    browser,  # noqa: F401  (the module's Chromium fixture)
)
from .conftest import move_entries

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
#: Every installed game at three players (its most if fewer); mayhem at four, where its table is fullest.
PLAYERS = {g: {"mayhem": 4}.get(g, min(3, GAMES[g].max_players)) for g in GAME_IDS}


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on ``page``: rule id, impact and the first offending nodes."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)""")
    return list(found)


def test_the_lobby_and_the_invite_page_have_no_serious_violations(browser, live_server: str) -> None:  # noqa: F811
    page = browser.new_page(locale="de-DE", viewport=LAPTOP)
    page.goto(f"{live_server}/?lang=de")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert serious_violations(page) == []
    page.click("li[data-game='mayhem'] button.choose")
    page.click("#more-options summary")
    page.click("#create")
    page.wait_for_selector("#links")
    assert serious_violations(page) == []
    invite = page.locator(".invite-url").text_content()
    page.click("li[data-game='grid'] button.how")
    page.wait_for_selector("dialog.rules[open] h1")
    assert serious_violations(page) == []
    page.goto(invite)
    page.wait_for_selector("body[data-ready='1'] .seat-list")
    assert serious_violations(page) == []
    page.close()


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_a_table_of_each_game_has_no_serious_violations(browser, live_server: str, game_id: str) -> None:  # noqa: F811
    n = PLAYERS[game_id]
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": game_id, "players": n, "seed": 4, "reaction_seconds": 60,
        "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)})
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}{res.json()['seats'][0]['url'].replace('#', '?lang=en#')}")
    page.wait_for_selector("body[data-acting='1'] [data-zone=my-hand]")
    page.wait_for_timeout(1_000)  # the last move's highlight (a transform) is over: axe reads colours as shown
    assert page.locator("#zones .card[aria-label]").count() > 0  # every card has its name for screen readers
    assert page.locator("#zones .card:not([aria-label]):not([aria-hidden=true])").count() == 0
    assert page.locator("[data-zone=seat-1][aria-label]").count() == 1
    assert serious_violations(page) == []
    page.close()


def test_every_move_can_be_made_with_the_keyboard(browser, live_server: str) -> None:  # noqa: F811
    """colors: Tab reaches the hand, the arrow keys move along it, Enter plays the focused card; the focus ring
    shows. lastcard: Enter and Space choose cards to pass, Escape puts them back."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}{res['seats'][0]['url']}")
    page.wait_for_selector("body[data-acting='1']")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('[data-zone=my-hand]') !== null"):
            break
    first = page.evaluate("document.activeElement.dataset.code")
    assert first is not None
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.code")
    assert second != first and page.evaluate("document.activeElement.closest('[data-zone=my-hand]') !== null")
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.n !== '0'")
    token = move_entries(api_frame(live_server, res["id"], res["seats"][0]["token"])["log"])[0]["token"]
    assert token == f"play:{second}"
    # lastcard: cards chosen to pass are put back with Escape
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "lastcard", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
    page.goto(f"{live_server}{res['seats'][0]['url']}")
    page.wait_for_selector("body[data-acting='1']")
    page.locator("[data-zone=my-hand] .card.playable").first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    assert page.locator("[data-zone=my-hand] .card.selected").count() == 2
    assert page.locator("#decision button.cancel").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("[data-zone=my-hand] .card.selected").count() == 0
    assert page.locator("#decision button.cancel").count() == 0
    page.close()
