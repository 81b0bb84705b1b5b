"""The grid table layout in a real browser (marker ``browser``): every Raster in its shape, the piles, the held
card; clicking own cells flips, the draw pile draws, the mode buttons choose between swap and flip."""

from __future__ import annotations

import pytest

from .test_browser import browser  # noqa: F401  (the module's Chromium fixture)
from .test_layout_colors import Seat

pytestmark = pytest.mark.browser


def test_grid_layout_flips_draws_and_places_by_clicking(browser, live_server: str) -> None:  # noqa: F811
    seat = Seat.open(browser, live_server, "grid", 2)
    page = seat.page
    assert seat.wait_to_act()
    own = page.locator(".kt-me.seat-zone[data-seat='0'] .kt-grid .kt-cell")
    assert own.count() == 9 and page.locator(".kt-me .kt-grid .card.back").count() == 9
    assert page.locator(".kt-others .seat-zone[data-seat='1'] .kt-grid .kt-cell").count() == 9
    assert page.locator(".kt-discard-top:not(.back)").count() == 1
    assert "to flip" in page.locator(".kt-me .kt-seat-head").text_content()
    assert page.locator(".kt-me .kt-cell .card.playable").count() == 9  # flip:r:c for every own cell
    seat.click_and_wait(".kt-me .kt-cell[data-r='0'][data-c='0'] .card.playable")
    assert page.locator(".kt-me .kt-cell[data-r='0'][data-c='0'] .card:not(.back)").count() == 1
    seat.click_and_wait(".kt-me .kt-cell[data-r='1'][data-c='1'] .card.playable")
    assert seat.my_tokens() == ["flip:0:0", "flip:1:1"]
    # the turn: draw from the Nachziehstapel, then discard it and flip a face-down card
    for _ in range(10):
        assert seat.wait_to_act()
        if "draw" in seat.frame()["legal"]:
            break
        page.locator("#moves button.move").first.click()  # the bot's turn came first: any move of ours
        page.wait_for_timeout(300)
    seat.click_and_wait(".kt-middle [data-token='draw']")
    assert page.locator(".kt-held .card:not(.back)").count() == 1
    assert page.locator(".kt-me .kt-cell .card.playable").count() == 9  # swap mode: every cell
    page.click(".kt-mode[data-mode='flip']")
    face_down = page.locator(".kt-me .kt-grid .card.back").count()
    assert page.locator(".kt-me .kt-cell[data-token^='flip:'] .card.playable").count() == face_down
    assert page.locator(".kt-me .kt-cell[data-token^='swap:']").count() == 0
    token = page.locator(".kt-me .kt-cell[data-token^='flip:']").first.get_attribute("data-token")
    seat.click_and_wait(f".kt-me .kt-cell[data-token='{token}'] .card")
    assert seat.my_tokens()[-2:] == ["draw", token]
    seat.screenshot("grid")
    page.close()
