"""Every enabled button of the decision panel does what its words say, in four-seat matches in a real browser
(marker ``browser``).

A fresh user's four-person sessions (mayhem, lastcard) reported panel buttons ("Kontere nicht", "Passe",
"Bestätigen: Nimm die 46 vom Ablagestapel", a Gift's "Bestätigen") clicked 5–40 times with nothing sent, and a
reload making them work. Their clicker (``auto.py``) marked the clickable elements with ``data-kt-idx`` and clicked
``[data-kt-idx=i]`` first in the page: a table card marked in an earlier round kept its old mark, so the click
went to that card, before the panel in the page, not to the button (a reload cleared the marks). This test clicks
the buttons themselves, at random over whole positions with four pages acting at once, and checks every click
of a panel button: a move is sent (the position changes) or the panel shows the next step of the move.
"""

from __future__ import annotations

import random

import httpx
import playwright.sync_api as playwright_api
import pytest

from .browser_kit import CLICKABLE, LAPTOP, LOCALES, PHONE, body, browser, close_round_summary  # noqa: F401

pytestmark = pytest.mark.browser

#: What a click of the decision panel changes: the position (a move sent), else the panel itself (a step taken).
CHANGED = "([n, panel]) => document.body.dataset.n !== n || document.querySelector('#decision')?.innerHTML !== panel"


def _click_checked(page: playwright_api.Page, rng: random.Random) -> str | None:
    """One random click of what the page offers; a panel button's must change something. Returns what was clicked
    ("panel", "table") or None."""
    close_round_summary(page)
    if body(page, "acting") != "1":
        return None
    items = page.locator(CLICKABLE)
    count = items.count()  # read once: another seat's move may redraw the page between two reads
    if not count:
        return None
    target = items.nth(rng.randrange(count))
    try:
        words = target.text_content(timeout=1_000) or ""
        panel = target.evaluate("(e) => e.closest('#decision') !== null", timeout=1_000)
        before = [body(page, "n"), page.locator("#decision").inner_html()]
        target.click(timeout=1_000)
    except playwright_api.Error:
        return None  # another seat's move redrew the table under the click: nothing to check
    if panel:
        try:
            page.wait_for_function(CHANGED, arg=before, timeout=5_000)
        except playwright_api.TimeoutError:
            raise AssertionError(f"the panel's button {words!r} did nothing") from None
        return "panel"
    return "table"


@pytest.mark.parametrize(("game_id", "options", "lang"), [
    ("lastcard", {"pass_cards": 3, "rounds": 2}, "en"),  # two rounds: one may end before 20 panel clicks
    ("mayhem", {"game_length": "short"}, "de"),
])
def test_every_panel_button_of_four_seats_acts(browser, live_server: str, game_id: str,  # noqa: F811
                                               options: dict[str, object], lang: str) -> None:
    """Four people (a laptop and three phones) click at random; no click of an enabled panel button is lost."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": game_id, "players": 4, "seed": 11, "options": options,
        "seats": [{"kind": "human", "name": name} for name in ("Hanna", "Ben", "Chloe", "Dieter")]})
    assert res.status_code == 201, res.text
    pages = []
    for i, seat in enumerate(res.json()["seats"]):
        context = browser.new_context(viewport=LAPTOP if i == 0 else PHONE, locale=LOCALES[lang])
        page = context.new_page()
        page.goto(live_server + seat["url"])
        pages.append(page)
    for page in pages:
        page.wait_for_function("document.body.dataset.n !== undefined", timeout=20_000)
    rng = random.Random(5)
    clicks: list[str] = []
    for _ in range(600):  # 20 panel clicks tell (every one is checked; the lost ones were 5–40 in a row)
        if clicks.count("panel") >= 20 or len(clicks) >= 200 or all(body(p, "gameOver") == "1" for p in pages):
            break
        clicks += [what for p in pages if (what := _click_checked(p, rng))]
    assert clicks.count("panel") >= 15, f"{clicks.count('panel')} panel clicks of {len(clicks)}: too few to tell"
    for page in pages:
        assert page.locator("#banner").count() == 0, page.locator("#banner").text_content()
        page.context.close()
