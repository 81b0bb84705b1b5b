"""The grid table layout in a real browser (marker ``browser``): every Raster in its shape, the piles, the held
card; clicking own cells flips, the draw pile draws, a cell takes the drawn card in, and the discard pile throws
it away so that a face-down cell can be turned up."""

from __future__ import annotations

import random

import pytest

from .browser_kit import (
    browser,  # noqa: F401  (the module's Chromium fixture)
    play_one,
)
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
    rng = random.Random(2)
    for _ in range(10):
        assert seat.wait_to_act()
        if "draw" in seat.frame()["legal"]:
            break
        play_one(page, rng)  # the bot's turn came first: any move of ours
    seat.click_and_wait("[data-zone=draw-pile] .card.playable")
    assert page.locator(".kt-held .card:not(.back)").count() == 1
    assert page.locator(".kt-me .kt-cell .card.playable").count() == 9  # a swap into any cell
    face_down = page.locator(".kt-me .kt-grid .card.back").count()
    page.click("[data-zone=discard-pile] .card.playable")  # throw the drawn card away …
    assert "face-down card of your grid" in page.locator("#decision").text_content()
    assert page.locator(".kt-me .kt-cell .card.playable").count() == face_down  # … then only a flip
    assert page.locator(".kt-me .kt-cell .card.playable:not(.back)").count() == 0
    cell = page.locator(".kt-me .kt-cell:has(.card.playable)").first
    r, c = cell.get_attribute("data-r"), cell.get_attribute("data-c")
    seat.click_and_wait(f".kt-me .kt-cell[data-r='{r}'][data-c='{c}'] .card.playable")
    assert seat.my_tokens()[-2:] == ["draw", f"flip:{r}:{c}"]
    seat.screenshot("grid")
    page.close()
