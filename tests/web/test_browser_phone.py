"""Phone first, in a real browser (marker ``browser``): at 390×844 the own hand (grid, row) and the decision of
every game are inside the viewport without scrolling, the other seats a grid of panels above; screenshots of the
lobby and of a table of each game at 1280×800 and 390×844, in English and German, for people to look at."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import GAME_IDS, GAMES

from .browser_kit import (
    LAPTOP,
    LOCALES,
    PHONE,
    browser,  # noqa: F401  (the module's Chromium fixture)
    shot,
)

pytestmark = pytest.mark.browser

#: Every installed game at four players (its most if fewer); mayhem and grid at five (grid's four other grids are the
#: narrowest panels: a fresh user saw their third column cut off).
PLAYERS = {g: {"mayhem": 5, "grid": 5}.get(g, min(4, GAMES[g].max_players)) for g in GAME_IDS}


def open_table(browser, base: str, game: str, viewport: dict, lang: str):  # noqa: F811
    """A table of ``game`` (Ada and random bots, a fixed deal), opened for Ada once she has a decision."""
    n = PLAYERS[game]
    res = httpx.post(f"{base}/api/tables", json={
        "game": game, "players": n, "seed": 4, "reaction_seconds": 60,
        "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)})
    assert res.status_code == 201, res.text
    page = browser.new_page(locale=LOCALES[lang], viewport=viewport)
    page.goto(f"{base}{res.json()['seats'][0]['url'].replace('#', f'?lang={lang}#')}")
    page.wait_for_selector("body[data-acting='1'] [data-zone=my-hand]")
    page.wait_for_timeout(300)  # the last move's highlight is over
    return page


def inside(page, selector: str) -> bool:
    """The element is wholly inside the viewport as the page opened (scrolled to the top)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 1 \
        and box["y"] + box["height"] <= size["height"] + 1


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_on_a_phone_the_own_hand_and_the_decision_are_in_view(browser, live_server: str, game_id: str) -> None:  # noqa: F811
    for lang in ("en", "de"):
        page = open_table(browser, live_server, game_id, PHONE, lang)
        assert page.evaluate("window.scrollY") == 0
        assert inside(page, "[data-zone=my-hand]"), f"{game_id}: own hand below the fold"
        assert inside(page, "[data-zone=decision]"), f"{game_id}: decision below the fold"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways page
        cut = page.evaluate("[...document.querySelectorAll('.kt-others > .kt-seat')]"
                            ".filter((e) => e.scrollWidth > e.clientWidth).length")
        assert cut == 0, f"{game_id}: {cut} other seats' panels cut off what they show"
        shot(page, f"table-{game_id}-phone-{lang}")
        page.close()
        page = open_table(browser, live_server, game_id, LAPTOP, lang)
        assert inside(page, "[data-zone=my-hand]") and inside(page, "[data-zone=decision]")
        shot(page, f"table-{game_id}-laptop-{lang}")
        page.close()


def test_lobby_screenshots(browser, live_server: str) -> None:  # noqa: F811
    for viewport, size in ((LAPTOP, "laptop"), (PHONE, "phone")):
        for lang in ("en", "de"):
            page = browser.new_page(locale=LOCALES[lang], viewport=viewport)
            page.goto(f"{live_server}/?lang={lang}&game=mayhem")
            page.wait_for_selector("body[data-ready='1'] #new-table")
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            # the score pad for real cards is found from the lobby (a fresh user found it only by its address)
            assert page.locator("a[href='/scorepad']").inner_text() == {
                "en": "Playing with real cards? Open the score pad",
                "de": "Spielt ihr mit echten Karten? Zum Punkteblock"}[lang]
            shot(page, f"lobby-{size}-{lang}", full_page=True)
            page.close()
