"""The lastcard table layout in a real browser (marker ``browser``): passing as a set of cards with confirm, the
Ablagestapel, the sorted hand, Hilfskarten; a lower card lights up the pile cards it may take (laying it as a
Hilfskarte, then confirmed), a higher one is played at once."""

from __future__ import annotations

import pytest

from .browser_kit import browser  # noqa: F401  (the module's Chromium fixture)
from .test_layout_colors import Seat

pytestmark = pytest.mark.browser


def test_lastcard_layout_passes_plays_and_lays_by_clicking(browser, live_server: str) -> None:  # noqa: F811
    seat = Seat.open(browser, live_server, "lastcard", 3)
    page = seat.page
    assert seat.wait_to_act()
    hand = page.locator(".kt-me.seat-zone[data-seat='0'] .kt-hand .card")
    numbers = [int(x) for x in hand.all_text_contents()]
    assert len(numbers) == 12 and numbers == sorted(numbers)
    assert page.locator(".kt-others .seat-zone").count() == 2
    assert page.locator(".kt-others .kt-fan").count() == 2
    confirm = page.locator("#decision button.confirm")
    assert confirm.is_disabled()
    for i in (5, 0, 9):
        hand.nth(i).click()
    assert page.locator(".kt-me .kt-hand .card.selected").count() == 3
    assert page.locator(".kt-me .kt-hand .card.playable:not(.selected)").count() == 0  # no fourth card
    assert confirm.is_enabled()
    seat.click_and_wait("#decision button.confirm")
    assert seat.my_tokens() == ["pass:" + ":".join(str(numbers[i]) for i in (0, 5, 9))]
    laid = played = False
    for _ in range(12):
        if not seat.wait_to_act():
            break
        legal = seat.frame()["legal"]
        lays = [t for t in legal if t.startswith("lay:")]
        singles = [t for t in legal if t.startswith("play:") and t.count(":") == 1]
        if lays and (not laid or not singles):  # a lower card: choose it, then the pile card to take
            card, take = lays[0].split(":")[1:]
            n = page.evaluate("document.body.dataset.n")
            page.click(f".kt-me .kt-hand .card[data-code='{card}']")
            takes = sum(t.startswith(f"lay:{card}:") for t in legal)
            assert page.locator("[data-zone=discard-pile] .card.playable").count() == takes
            page.click(f"[data-zone=discard-pile] .card.playable[data-code='{take}']")
            assert page.evaluate("document.body.dataset.n") == n  # a lay is confirmed, even with one card to take
            seat.click_and_wait("#decision button.confirm")
            assert seat.my_tokens()[-1] == lays[0]
            page.wait_for_function(f"[...document.querySelectorAll('.kt-me .kt-help .card')]"
                                   f".some((c) => c.textContent === '{card}')")
            laid = True
        else:  # a card higher than the top (or any card on an empty pile) plays at once
            top = singles[-1]
            seat.click_and_wait(f".kt-me .kt-hand .card.playable[data-code='{top.split(':')[1]}']")
            assert seat.my_tokens()[-1] == top
            played = True
        if laid and played:
            break
    assert laid and played
    assert page.locator(".kt-pile-row .card, .kt-pile-row .kt-note").count() >= 1
    seat.screenshot("lastcard")
    page.close()
