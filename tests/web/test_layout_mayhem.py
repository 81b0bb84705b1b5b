"""Browser tests of the mayhem table layout (games/mayhem/static/mayhem.js): own hand at the bottom, opponents' backs
above, discard top, wish, piles, the open effect with its countdown, and hand cards that play when clicked
(marker ``browser``).
"""

from __future__ import annotations

import random

import httpx
import pytest

from .browser_kit import ARTIFACTS, browser, play_one  # noqa: F401  (module-scoped Chromium fixture)
from .conftest import move_entries
from .test_layout_chips import seat_view

pytestmark = pytest.mark.browser

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "Bo"},
         {"kind": "bot", "bot": "random", "name": "Cy"}]


def open_table(browser, base: str, seed: int) -> tuple[dict, object]:  # noqa: F811
    """A 3-player table (Ada and two random bots, 60 s reaction timer); Ada's page once she must decide."""
    table = httpx.post(f"{base}/api/tables", json={"game": "mayhem", "players": 3, "seed": seed, "seats": SEATS,
                                                   "reaction_seconds": 60}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'en')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("body[data-acting='1'] .mayhem-table")
    return table, page


def test_mayhem_layout_shows_the_table_and_a_clicked_wish_card_is_played(browser, live_server: str) -> None:  # noqa: F811
    """Seed 4: Ada may play g7, g9, b5 or Counterattack (a colour wish) or draw."""
    ARTIFACTS.mkdir(exist_ok=True)
    table, page = open_table(browser, live_server, 4)
    frame = seat_view(live_server, table)
    z = frame["view"]["zones"]
    assert frame["view"]["phase"] == "play"

    # own hand face up at the bottom; opponents above with names and their hand sizes as backs
    mine = page.locator(".mayhem-table > .seat-area.mine[data-seat='0']")
    assert page.locator(".mayhem-table > .seat-area.mine ~ *").count() == 0
    assert mine.locator(".mh-hand .card").count() == len(z["hands"][0])
    assert mine.locator(".mh-hand .card.back").count() == 0
    for s, name in ((1, "Bo"), (2, "Cy")):
        other = page.locator(f".kt-others .seat-area[data-seat='{s}']")
        assert name in other.locator(".seat-name").text_content()
        assert other.locator(".kt-fan .card.back").count() == min(12, z["hand_counts"][s])
        assert f"{z['hand_counts'][s]} cards" in other.text_content()
    # centre: discard top, wish, draw and event piles with counts, whose turn and the direction of play
    assert page.locator(".mh-top .card").get_attribute("title") is not None
    assert page.locator(".mh-draw").text_content().startswith(str(z["draw_count"]))
    assert page.locator(".mh-events .card.back").count() == 1
    wish = page.locator(".mh-wish").text_content()
    assert ("no wish" in wish) == (z["wish"] is None)
    status = page.locator("#decision .prompt").text_content()
    assert "Your turn" in status and "counter-clockwise" in status
    text = page.locator("#zones").text_content()
    for debug in ("false", "true", "pending", "hand_counts", "after_draw"):
        assert debug not in text

    # exactly the hand cards that start a legal play are clickable, and the draw pile (`draw` is legal)
    playable = {tok.split(":")[1] for tok in frame["legal"] if tok.startswith("play:")}
    shown = mine.locator(".mh-hand .card.playable")
    assert {shown.nth(i).get_attribute("data-code") for i in range(shown.count())} == playable == \
        {"g7", "g9", "b5", "counter"}
    assert page.locator("[data-zone=draw-pile] .card.playable").count() == 1
    # the Counterattack asks for its colour wish among the swatches (each with its symbol and name), then it is played
    mine.locator(".mh-hand .card.playable[data-code='counter']").click()
    swatches = page.locator("#decision button.wish.swatch")
    assert swatches.all_text_contents() == ["♥ Red", "★ Yellow", "▲ Green", "● Blue"]
    page.locator("#decision button.wish[data-step='y']").click()
    page.wait_for_function(f"document.body.dataset.n !== '{frame['n']}'")
    after = seat_view(live_server, table)
    played = move_entries(after["log"])[frame["n"]]
    assert (played["seat"], played["token"]) == (0, "play:counter:y") and played["text"]
    assert "counter" not in after["view"]["zones"]["hands"][0]
    assert page.locator("#banner").count() == 0
    # the next decision made by clicking the table (a card and what it asks for, or the draw pile)
    page.wait_for_selector("body[data-acting='1']")
    n = page.evaluate("document.body.dataset.n")
    assert play_one(page, random.Random(4))
    assert move_entries(seat_view(live_server, table)["log"])[int(n)]["seat"] == 0  # after round 1's start
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "layout-mayhem.png"), full_page=True)
    page.click("button.lang")
    german = page.locator("#zones").text_content()
    assert "Ablagestapel" in german and "Ereignisstapel" in german and "Karten" in german
    page.close()


def test_mayhem_layout_shows_an_attack_window_with_its_countdown(browser, live_server: str) -> None:  # noqa: F811
    """Seed 5: a bot attacks Ada first; her counter window is drawn with attacker, kind and the reaction timer."""
    table, page = open_table(browser, live_server, 5)
    frame = seat_view(live_server, table)
    pending = frame["view"]["zones"]["pending"]
    assert frame["view"]["phase"] == "counter" and pending["target"] == 0
    status = page.locator("#decision .prompt").text_content()
    # Ada's own page names her "you" (the reader's seat in the second person, as the log does)
    assert f"{['Ada', 'Bo', 'Cy'][pending['source']]} attacks you" in status and "Counterattack or pass?" in status
    countdown = page.locator("#decision .countdown")
    assert countdown.text_content().startswith("◷ ")
    first = int(countdown.text_content().split()[1])
    assert 50 <= first <= 60
    page.wait_for_function(f"parseInt(document.querySelector('#decision .countdown').textContent.slice(2)) < {first}")
    assert page.locator("#decision button.choice[data-step='pass']").count() == 1  # passing has no object
    page.screenshot(path=str(ARTIFACTS / "layout-mayhem-counter.png"), full_page=True)
    page.close()


def test_an_empty_draw_pile_can_still_be_drawn_from(browser, live_server: str) -> None:  # noqa: F811
    """mayhem R7: drawing from an empty draw pile is legal (it exhausts the round). The page offers the empty pile
    as a button (it showed a bare dash, and a person whose only move was to draw could not move)."""
    from kartentisch.games.mayhem import GAME

    humans = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
    table = httpx.post(f"{live_server}/api/tables", json={"game": "mayhem", "players": 2, "seed": 1,
                                                          "seats": humans}).json()
    state = GAME.new_state(2, None, 1)  # the table's deal: draw and pass until Ada must act on an empty pile
    while not (state.phase == "play" and state.to_act() == [0] and state.view(0)["zones"]["draw_count"] == 0):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        token = "draw" if "draw" in legal else "pass" if "pass" in legal else legal[0]
        res = httpx.post(f"{live_server}/api/tables/{table['id']}/actions", json={"action": token},
                         headers={"Authorization": f"Bearer {table['seats'][seat]['token']}"})
        assert res.status_code == 200, res.text
        state.apply(seat, token)
    assert "draw" in state.legal_actions(0)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'en')")
    page.goto(live_server + table["seats"][0]["url"])
    page.wait_for_selector("body[data-acting='1'] .mayhem-table")
    pile = page.locator("[data-zone=draw-pile] .card.playable")
    assert pile.count() == 1 and pile.get_attribute("aria-label") == "Draw a card"
    n = page.evaluate("document.body.dataset.n")
    pile.click()
    page.wait_for_function(f"document.body.dataset.n !== '{n}'")
    state.apply(0, "draw")
    assert state.round_over  # R7: the draw exhausted the round
    assert seat_view(live_server, table)["view"] == state.view(0)  # the click was that draw
    page.close()
