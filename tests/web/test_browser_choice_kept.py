"""The move being made survives other seats' moves, in a real browser (marker ``browser``; a fresh user's lastcard
session: Hanna chose two of her three cards to pass (lastcard R5), Ben passed, and her two cards were unmarked
without a word).

Ada (this page, seat 0) and Bo (seat 1) are both people; Bo moves through the API.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .browser_kit import LAPTOP, LOCALES, PHONE, browser, shot  # noqa: F401  (the module's Chromium fixture)
from .conftest import auth

pytestmark = pytest.mark.browser

#: What the decision panel says when another seat's move left part of the choice illegal (i18n.js choiceDropped).
DROPPED = {"en": "Your choice no longer fits the game.", "de": "Deine Auswahl passt nicht mehr zum Spielstand."}
CHOSEN = {"en": "Choose 3 cards (2 chosen)", "de": "Wähle 3 Karten (2 gewählt)"}


def _table(base: str) -> tuple[str, str, str, str]:
    """A two-seat lastcard table in its passing phase (R5, three cards each): (id, Ada's token, Bo's, Ada's url)."""
    res = httpx.post(f"{base}/api/tables", json={
        "game": "lastcard", "players": 2, "seed": 7, "options": {"pass_cards": 3, "rounds": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    assert res.status_code == 201, res.text
    body = res.json()
    return body["id"], body["seats"][0]["token"], body["seats"][1]["token"], body["seats"][0]["url"]


def _frame(base: str, table: str, token: str) -> dict[str, Any]:
    """The seat's frame from the HTTP API."""
    return httpx.get(f"{base}/api/tables/{table}/view", headers=auth(token)).json()


def _opened(chromium: Any, base: str, lang: str, viewport: dict[str, int]) -> tuple[str, str, str, Any, Any]:
    """A new two-seat lastcard table (:func:`_table`) opened as the first seat in ``lang`` at ``viewport``, once the
    page offers the pass: (table, first seat's token, second's, context, page)."""
    table, ada, bo, url = _table(base)
    context = chromium.new_context(viewport=viewport, locale=LOCALES[lang])
    page = context.new_page()
    page.goto(base + url)
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=20_000)
    return table, ada, bo, context, page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_half_made_pass_survives_the_other_seats_pass(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """lastcard R5: two of three cards chosen, the other seat passes; the two stay chosen, the third completes the
    pass, and the action sent carries the newest frame's ``n`` (the table takes it)."""
    base = live_server
    table, ada, bo, context, page = _opened(browser, base, lang, LAPTOP)
    hand = [str(c) for c in _frame(base, table, ada)["view"]["zones"]["hands"][0]]
    mine = page.locator(".kt-me .kt-hand")
    for code in hand[:2]:
        mine.locator(f".card.playable[data-code='{code}']").click()
    assert mine.locator(".card.selected").count() == 2
    n = page.evaluate("document.body.dataset.n")

    res = httpx.post(f"{base}/api/tables/{table}/actions", headers=auth(bo),
                     json={"action": _frame(base, table, bo)["legal"][0]})
    assert res.status_code == 200, res.text
    page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=10_000)
    assert sorted(mine.locator(".card.selected").evaluate_all("cs => cs.map((c) => c.dataset.code)")) == \
        sorted(hand[:2])
    assert page.locator("#decision .set-size").text_content() == CHOSEN[lang]
    assert page.locator("#decision .dropped").count() == 0  # nothing dropped: nothing to say
    shot(page, f"choice-kept-{lang}")

    mine.locator(f".card.playable[data-code='{hand[2]}']").click()
    page.locator("#decision button.confirm").click()
    page.wait_for_function("document.body.dataset.acting === '0' || document.body.dataset.phase !== 'pass'",
                           timeout=10_000)
    frame = _frame(base, table, ada)
    assert sorted(str(c) for c in frame["view"]["zones"]["passed"][0]) == sorted(hand[:3])
    assert page.locator("#banner").count() == 0
    context.close()


@pytest.mark.parametrize(("lang", "viewport"), [("en", PHONE), ("de", LAPTOP)])
def test_a_half_made_pass_the_position_outran_is_dropped_with_a_word(browser, live_server: str, lang: str,  # noqa: F811
                                                                     viewport: dict[str, int]) -> None:
    """lastcard R5: two cards chosen on this page, the seat's pass made elsewhere (its other device): the picks no
    longer lead to a legal token, so they are dropped and the panel says so in one line."""
    base = live_server
    table, ada, _bo, context, page = _opened(browser, base, lang, viewport)
    mine = page.locator(".kt-me .kt-hand")
    for card in mine.locator(".card.playable").all()[:2]:
        card.click()
    n = page.evaluate("document.body.dataset.n")
    res = httpx.post(f"{base}/api/tables/{table}/actions", headers=auth(ada),
                     json={"action": _frame(base, table, ada)["legal"][-1]})
    assert res.status_code == 200, res.text
    page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=10_000)
    assert page.locator("#decision .dropped").text_content() == DROPPED[lang]
    assert page.locator(".kt-me .card.selected").count() == 0
    assert page.locator("#banner").count() == 0
    shot(page, f"choice-dropped-{lang}-{viewport['width']}", full_page=True)
    context.close()


def test_a_half_made_pass_survives_a_reload(browser, live_server: str) -> None:  # noqa: F811
    """A phone drops a page it keeps in the background: two of three cards chosen (lastcard R5), the page is loaded
    again: the two are still chosen; Bo passes, Ada closes the page and opens her link in a new tab (as one comes
    back to a turn-based table): still chosen; once the pass is sent, the browser keeps nothing of it."""
    base = live_server
    table, ada, bo, context, page = _opened(browser, base, "en", PHONE)
    hand = [str(c) for c in _frame(base, table, ada)["view"]["zones"]["hands"][0]]
    mine = page.locator(".kt-me .kt-hand")
    for code in hand[:2]:
        mine.locator(f".card.playable[data-code='{code}']").click()
    page.reload()
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=20_000)
    picked = "cs => cs.map((c) => c.dataset.code)"
    assert sorted(mine.locator(".card.selected").evaluate_all(picked)) == sorted(hand[:2])
    assert page.locator("#decision .set-size").text_content() == CHOSEN["en"]

    res = httpx.post(f"{base}/api/tables/{table}/actions", headers=auth(bo),
                     json={"action": _frame(base, table, bo)["legal"][0]})
    assert res.status_code == 200, res.text
    url = page.url
    page.close()
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=20_000)
    mine = page.locator(".kt-me .kt-hand")
    assert sorted(mine.locator(".card.selected").evaluate_all(picked)) == sorted(hand[:2])
    mine.locator(f".card.playable[data-code='{hand[2]}']").click()
    page.locator("#decision button.confirm").click()
    page.wait_for_function("document.body.dataset.acting === '0' || document.body.dataset.phase !== 'pass'",
                           timeout=10_000)
    assert sorted(str(c) for c in _frame(base, table, ada)["view"]["zones"]["passed"][0]) == sorted(hand[:3])
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('kartentisch.choice'))") == []
    context.close()


def test_the_card_chosen_as_a_move_s_first_step_stays_marked(browser, live_server: str) -> None:  # noqa: F811
    """A fresh user's finding: after tapping a card whose move goes on (mayhem's Exchange: then a player, then a card,
    R10) the card looked like every other. It is marked while the move is made; tapping it again takes the move
    back."""
    people = [{"kind": "human", "name": name} for name in ("Anna", "Ben", "Cem", "Dörte")]
    made = httpx.post(f"{live_server}/api/tables", json={"game": "mayhem", "players": 4, "seed": 8,
                                                         "seats": people}).json()
    seat = 3  # Dörte starts (mayhem R1: counter-clockwise from the dealer)
    frame = _frame(live_server, made["id"], made["seats"][seat]["token"])
    aimed = next(c for c in frame["choices"] if [s["kind"] for s in c["path"]][:2] == ["hand", "seat"])
    code = aimed["path"][0]["value"]
    page = browser.new_page(viewport=PHONE)
    page.goto(live_server + made["seats"][seat]["url"])
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=20_000)
    card = page.locator(f".kt-me .kt-hand .card[data-code='{code}']").first
    assert "selected" not in (card.get_attribute("class") or "")
    card.click()
    page.wait_for_selector("#decision .chosen")
    assert "selected" in (card.get_attribute("class") or "")
    assert page.locator(".kt-me .kt-hand .card.selected").count() == 1
    card.click()
    page.wait_for_selector("#decision .chosen", state="detached")
    assert page.locator(".kt-me .kt-hand .card.selected").count() == 0
    page.close()
