"""Browser test of the chips table layout (games/chips/static/chips.js): the row of 7 with its chips, the draw pile,
every seat's colour rows and supply, the special cards, and row cards that take when clicked (marker ``browser``).
"""

from __future__ import annotations

import httpx
import pytest

from .browser_kit import ARTIFACTS, browser  # noqa: F401  (module-scoped Chromium fixture)
from .conftest import move_entries

pytestmark = pytest.mark.browser

SPECIALS = ["s3", "s4", "s13"]


def seat_view(base: str, table: dict, seat: int = 0) -> dict:
    """The seat's frame from the HTTP API (view, legal tokens, log)."""
    token = table["seats"][seat]["token"]
    res = httpx.get(f"{base}/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {token}"})
    assert res.status_code == 200, res.text
    return res.json()


def test_chips_layout_shows_the_table_and_takes_by_clicking_row_cards(browser, live_server: str) -> None:  # noqa: F811
    """Seed 3 deals a 7 at position 4 with special card 3 active: clicking it asks for the colour row."""
    ARTIFACTS.mkdir(exist_ok=True)
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "chips", "players": 3, "seed": 3, "options": {"specials": SPECIALS},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "Bo"},
                  {"kind": "bot", "bot": "random", "name": "Cy"}]}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'en')")
    page.goto(live_server + table["seats"][0]["url"])
    page.wait_for_selector("body[data-acting='1'] .chips-table")
    frame = seat_view(live_server, table)
    zones = frame["view"]["zones"]

    # the row of 7 (position 0 free), chips on cards, the draw pile with its count beside it
    slots = page.locator(".ct-belt .ct-slot")
    assert slots.count() == 7
    assert [slots.nth(i).locator(".card b").first.text_content() for i in range(7)] == \
        [slot["card"][1:] for slot in zones["row"]]
    assert page.locator(".ct-slot[data-pos='0'] .ct-cost").text_content() == "free"
    assert page.locator(".ct-pile").text_content().startswith(str(zones["draw_count"]))
    # the viewer's own display at the bottom, the two opponents above with names, four colour rows each
    assert page.locator(".chips-table > .seat-area.mine[data-seat='0']").count() == 1
    assert page.locator(".chips-table > .seat-area.mine ~ *").count() == 0  # nothing below the own area
    opponents = page.locator(".kt-others .seat-area.opponent")
    assert [opponents.nth(i).get_attribute("data-seat") for i in range(2)] == ["1", "2"]
    assert "Bo" in opponents.nth(0).text_content() and "Cy" in opponents.nth(1).text_content()
    assert page.locator(".seat-area .ct-colour-row").count() == 12
    assert page.locator(".seat-area.mine .chip-disc.supply").text_content() == "7"
    assert page.locator(".ct-special").count() == len(SPECIALS)
    assert "a 7 may go on any colour row" in page.locator(".ct-specials").text_content()
    text = page.locator("#zones").text_content()
    assert "Your turn" in page.locator("#decision").text_content()
    for debug in ("false", "true", "final_circuit", "extra_turn", "draw_count"):
        assert debug not in text

    # exactly the row positions of legal tokens are clickable
    positions = sorted({int(tok.split(":")[1]) for tok in frame["legal"]})
    playable = page.locator(".ct-belt .card.playable")
    assert [int(playable.nth(i).evaluate("e => e.closest('.ct-slot').dataset.pos")) for i in range(playable.count())] \
        == positions
    # a 7 with special card 3: the click lights up the own colour rows, then the card lies on the yellow row
    assert {"take:4:k", "take:4:y"} <= set(frame["legal"]) and zones["row"][4]["card"].endswith("7")
    seven = zones["row"][4]["card"]
    page.locator(".ct-slot[data-pos='4'] .card.playable").click()
    assert page.locator(".seat-area.mine button.ct-row-pick").count() == 4
    # the panel asks for a row, not for "a card on the table" (a fresh user's finding)
    assert page.locator("#decision .hint").text_content() == "Choose one of your rows"
    page.locator(".seat-area.mine .ct-colour-row[data-colour='y'] button.ct-row-pick").click()
    assert frame["n"] == 0  # Ada starts round 1
    page.wait_for_function("document.body.dataset.n !== '0'")
    after = seat_view(live_server, table)
    first = move_entries(after["log"])[0]
    assert (first["seat"], first["token"]) == (0, "take:4:y") and first["text"]
    assert after["view"]["zones"]["display"][0]["y"] == [seven]
    assert page.locator("#banner").count() == 0

    # a few more turns by clicking row cards only (a colour row chosen where the card asks for one)
    for _ in range(6):
        n = page.evaluate("document.body.dataset.n")
        page.wait_for_selector("body[data-acting='1'] .ct-belt .card.playable")
        page.locator(".ct-belt .card.playable").last.click()
        if page.locator(".seat-area.mine button.ct-row-pick").count():
            page.locator(".seat-area.mine button.ct-row-pick").first.click()
        page.wait_for_function(f"document.body.dataset.n !== '{n}'")
    page.wait_for_selector("body[data-acting='1']")
    mine = seat_view(live_server, table)["view"]["zones"]["display"][0]
    assert page.locator(".seat-area.mine .ct-stack .card").count() == sum(len(r) for r in mine.values())
    assert page.locator(".seat-area.mine .ct-stack .card.back").count() == \
        sum(code.startswith("-") for r in mine.values() for code in r)
    page.screenshot(path=str(ARTIFACTS / "layout-chips.png"), full_page=True)
    page.click("button.lang")
    german = page.locator("#zones").text_content()
    assert "Vorrat" in german and "Stapel" in german and "Sonderkarten" in german
    page.close()


COVERED = """() => {
  const out = [];
  for (const stack of document.querySelectorAll('.ct-stack')) {
    const cards = [...stack.querySelectorAll('.card')];
    cards.slice(0, -1).forEach((card, i) => {
      const number = card.querySelector('b').getBoundingClientRect(), next = cards[i + 1].getBoundingClientRect();
      if (Math.abs(next.top - card.getBoundingClientRect().top) < 2 && number.right > next.left + 1)
        out.push(card.textContent);
    });
  }
  return out;
}"""


def test_every_card_of_a_colour_row_shows_its_whole_number(browser, live_server: str) -> None:  # noqa: F811
    """Overlapping cards of a colour row showed a 10 as "1" (face up or face down), at a seat, on a phone and on the
    table display (a fresh user's friends misread their rows): no card's number lies under the next card."""
    people = [{"kind": "human", "name": name} for name in ("Anna", "Ben", "Dörte")]
    table = httpx.post(f"{live_server}/api/tables", json={"game": "chips", "players": 3, "seed": 11,
                                                          "seats": people}).json()
    for _ in range(34):  # late in the round: rows of up to four cards, 10s among them
        frame = seat_view(live_server, table, seat := seat_view(live_server, table)["view"]["to_act"][0])
        httpx.post(f"{live_server}/api/tables/{table['id']}/actions", json={"action": frame["legal"][-1]},
                   headers={"Authorization": f"Bearer {table['seats'][seat]['token']}"}).raise_for_status()
    pages = [(f"{live_server}{table['seats'][2]['url']}", size) for size in ({"width": 390, "height": 844},
                                                                           {"width": 1280, "height": 800})]
    pages.append((f"{live_server}/display/{table['id']}", {"width": 1280, "height": 800}))
    for url, size in pages:
        page = browser.new_page(viewport=size)
        page.goto(url)
        page.wait_for_selector(".ct-stack .card + .card")
        assert any(len(b) == 2 for b in page.locator(".ct-stack .card b").all_text_contents()), "no 10 in a row"
        assert page.evaluate(COVERED) == [], url
        page.close()


UNCOVERED = """() => {
  const panel = document.querySelector('#decision').getBoundingClientRect();
  const rows = [...document.querySelectorAll('.seat-area.mine button.ct-row-pick')];
  return rows.length === 4 && rows.every((b) => b.getBoundingClientRect().bottom <= panel.top
                                                && b.getBoundingClientRect().top >= 0);
}"""


def test_a_phone_shows_every_colour_row_it_asks_for_above_the_decision_panel(browser, live_server: str) -> None:  # noqa: F811
    """On a phone the decision panel sticks to the foot of the screen; asked for a colour row (special card 3), the
    own lowest rows lay under it until scrolled (a fresh user's finding): now the page brings all four above it."""
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "chips", "players": 3, "seed": 3, "options": {"specials": SPECIALS},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "Bo"},
                  {"kind": "bot", "bot": "random", "name": "Cy"}]}).json()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server + table["seats"][0]["url"])
    page.wait_for_selector("body[data-acting='1'] .chips-table")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("getComputedStyle(document.querySelector('#decision')).position") == "sticky"
    page.locator(".ct-slot[data-pos='4'] .card.playable").click()
    page.wait_for_selector(".seat-area.mine button.ct-row-pick")
    page.wait_for_function(UNCOVERED, timeout=3000)
    page.locator(".seat-area.mine .ct-colour-row[data-colour='y'] button.ct-row-pick").click()
    page.wait_for_function("document.body.dataset.n !== '0'")
    assert move_entries(seat_view(live_server, table)["log"])[0]["token"] == "take:4:y"
    page.close()
