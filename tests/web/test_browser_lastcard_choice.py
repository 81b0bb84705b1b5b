"""lastcard's choice flow in a real browser (marker ``browser``; the fresh user's taps, shots 27 and 28):

* a lay (lastcard R9: a lower card laid as a Hilfskarte, a pile card taken) is confirmed like a pass (R5) and a play
  with help cards (R10), even when only one pile card could be taken;
* while help cards are being chosen for a play with help (R10), the pile cards are not offered, so a chosen help
  card is never dropped by a tap on the pile.

The position is reached through the API: Ada (this page, seat 0) and Bo (seat 1) are both people.
"""

from __future__ import annotations

import itertools

import httpx
import pytest

from .browser_kit import browser, shot  # noqa: F401  (the module's Chromium fixture)
from .conftest import auth

pytestmark = pytest.mark.browser


def _hand(base: str, table: str, token: str) -> list[int]:
    frame = httpx.get(f"{base}/api/tables/{table}/view", headers=auth(token)).json()
    return [int(c) for c in frame["view"]["zones"]["hands"][frame["seat"]]]


def _play(base: str, table: str, token: str, action: str) -> None:
    res = httpx.post(f"{base}/api/tables/{table}/actions", json={"action": action}, headers=auth(token))
    assert res.status_code == 200, res.text


def _position(h0: list[int], h1: list[int]) -> tuple[int, int, int, int, int, int] | None:
    """Cards a, b, c, d, x, y: Ada plays a, Bo plays b > a, Ada lays c < b taking b (R9), Bo starts a new pile with
    d; then Ada's x < d makes d with help card c (R10: x + c > d) and her y < d does not (y + c ≤ d: a lay only)."""
    for a, c in itertools.permutations(h0, 2):
        for b, d in itertools.permutations(h1, 2):
            if not (b > a and c < b):
                continue
            rest = [k for k in h0 if k not in (a, c)]
            x = next((k for k in rest if k < d < k + c), None)
            y = next((k for k in rest if k + c <= d), None)
            if x is not None and y is not None:
                return a, b, c, d, x, y
    return None


def test_lastcard_lay_is_confirmed_and_a_chosen_help_card_is_kept(browser, live_server: str) -> None:  # noqa: F811
    """Shots 27/28: tapping a lower card laid it at once; a pile tap dropped a chosen help card (lastcard R9, R10)."""
    base = live_server
    res = httpx.post(f"{base}/api/tables", json={
        "game": "lastcard", "players": 2, "seed": 5, "options": {"pass_cards": 0, "rounds": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    assert res.status_code == 201, res.text
    body = res.json()
    table, ada, bo = body["id"], body["seats"][0]["token"], body["seats"][1]["token"]
    found = _position(_hand(base, table, ada), _hand(base, table, bo))
    assert found is not None, "seed 5 deals no hands for the position"
    a, b, c, d, x, y = found
    for who, action in ((ada, f"play:{a}"), (bo, f"play:{b}"), (ada, f"lay:{c}:{b}"), (bo, f"play:{d}")):
        _play(base, table, who, action)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'en')")
    page.goto(base + body["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=20_000)
    n = page.evaluate("document.body.dataset.n")
    pile = page.locator("[data-zone=discard-pile] .card.playable")
    confirm = page.locator("#decision button.confirm")

    # R10 being built: after a help card is chosen, the pile offers nothing (it would drop the help card)
    page.click(f".kt-me .kt-hand .card[data-code='{x}']")
    assert pile.count() == 1  # nothing chosen yet: the lay is still open
    page.click(f".kt-me .kt-help .card[data-code='{c}']")
    assert page.locator(f".kt-me .kt-help .card.selected[data-code='{c}']").count() == 1
    assert pile.count() == 0
    assert confirm.is_enabled() and str(x + c) in confirm.text_content()
    shot(page, "lastcard-help-chosen")
    page.click("#decision button.cancel")

    # R9 with one pile card to take: the lower card alone sends nothing, the pile card is chosen, then confirmed
    page.click(f".kt-me .kt-hand .card[data-code='{y}']")
    assert confirm.count() == 1 and confirm.is_disabled()
    page.click(f"[data-zone=discard-pile] .card.playable[data-code='{d}']")
    assert page.evaluate("document.body.dataset.n") == n  # still nothing sent
    assert confirm.is_enabled()
    words = confirm.text_content()
    assert f"Take the {d} from the pile" in words and "lay:" not in words, words
    shot(page, "lastcard-lay-confirm")
    confirm.click()
    page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=10_000)
    frame = httpx.get(f"{base}/api/tables/{table}/view", headers=auth(ada)).json()
    assert [e["token"] for e in frame["log"] if e.get("seat") == 0][-1] == f"lay:{y}:{d}"
    page.close()
