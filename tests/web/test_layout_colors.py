"""The colors table layout in a real browser (marker ``browser``): own hand at the bottom, opponents' backs,
the Tischmitte, collections by colour; a click on a legal hand card plays it, the last move is highlighted.

Also home of ``Seat``, the small helper the grid and lastcard layout tests import.
"""

from __future__ import annotations

from dataclasses import dataclass

import httpx
import pytest

from .browser_kit import ARTIFACTS, browser  # noqa: F401  (the module's Chromium fixture)
from .conftest import auth

pytestmark = pytest.mark.browser


@dataclass
class Seat:
    """Seat 0 of a fresh table (a person) against random bots, opened in a browser page."""

    page: object
    base: str
    table: str
    token: str

    @classmethod
    def open(cls, browser, base: str, game: str, players: int, seed: int = 3, lang: str = "en",  # noqa: F811
             **extra) -> Seat:
        seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        res = httpx.post(f"{base}/api/tables", json={"game": game, "players": players, "seed": seed, "seats": seats,
                                                      **extra})
        assert res.status_code == 201, res.text
        body = res.json()
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.add_init_script(f"localStorage.setItem('kartentisch.lang', '{lang}')")
        page.goto(base + body["seats"][0]["url"])
        page.wait_for_selector(f".kt-table.kt-game-{game}")
        return cls(page, base, body["id"], body["seats"][0]["token"])

    def frame(self) -> dict:
        """The seat's frame from the API (view, legal tokens, log)."""
        return httpx.get(f"{self.base}/api/tables/{self.table}/view", headers=auth(self.token)).json()

    def wait_to_act(self) -> bool:
        """Wait until this seat has a decision (True) or the round is over (False)."""
        self.page.wait_for_function("document.body.dataset.acting === '1' || "
                                    "['round_over','game_over'].includes(document.body.dataset.phase)", timeout=20_000)
        return self.page.evaluate("document.body.dataset.acting") == "1"

    def click_and_wait(self, selector: str) -> None:
        """Click the element and wait for the position to change (a new frame number)."""
        n = self.page.evaluate("document.body.dataset.n")
        self.page.locator(selector).first.click()
        self.page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=10_000)
        assert self.page.locator("#banner").count() == 0, self.page.locator("#banner").text_content()

    def my_tokens(self) -> list[str]:
        """Tokens of this seat in the log, in order."""
        return [e["token"] for e in self.frame()["log"] if e["seat"] == 0]

    def screenshot(self, game: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"layout-{game}.png"), full_page=True)


def test_colors_layout_shows_the_table_and_plays_a_clicked_card(browser, live_server: str) -> None:  # noqa: F811
    seat = Seat.open(browser, live_server, "colors", 3)
    page = seat.page
    assert seat.wait_to_act()
    own = page.locator(".kt-me.seat-zone[data-seat='0']")
    hand = own.locator(".kt-hand .card")
    assert hand.count() == 6 and own.locator(".kt-hand .card.back").count() == 0
    legal = seat.frame()["legal"]
    assert own.locator(".card.playable").count() == len(legal) == 6  # only the legal cards are clickable
    others = page.locator(".kt-others .seat-zone")
    assert others.count() == 2
    for i in range(2):
        assert others.nth(i).locator(".kt-fan .card.back").count() == 6
        assert others.nth(i).locator(".kt-colour").count() == 4  # b g p r with 3 players
    assert page.locator(".kt-centre .card:not(.back)").count() == 4
    assert page.locator(".kt-stack").first.text_content().strip() == "18"  # draw pile of 3 players
    assert "Your turn" in page.locator("#decision .prompt").text_content()
    assert page.title().startswith("▶ Your turn")  # the tab tells a person in another tab
    code = hand.first.get_attribute("data-code")
    seat.click_and_wait(".kt-me .kt-hand .card.playable >> nth=0")
    assert seat.my_tokens()[0] == f"play:{code}"
    page.wait_for_function("document.querySelectorAll('.kt-me .kt-hand .card').length === 5")
    assert page.locator(f".kt-me .kt-hand .card[data-code='{code}']").count() == 0
    assert page.locator("#zones .card.moved").count() >= 1  # the last move's cards are highlighted
    # the last turn is told in the log's words, and the German table uses the spec's terms
    page.wait_for_function("document.querySelector('.kt-last .kt-note').textContent.includes(' play')")
    assert seat.wait_to_act()  # the bots have moved: the page and the API show the same position
    last = [e for e in seat.frame()["log"] if e.get("kind") != "round"][-1]
    assert last["text"] in page.locator(".kt-last .kt-note").text_content()
    seat.screenshot("colors")
    page.click("button.lang")
    german = page.locator("#zones").text_content()
    assert "Tischmitte" in german and "Handkarten" in german and "Auslage" in german
    page.click("button.lang")
    page.close()


def test_colors_spectator_sees_every_hand_as_backs(browser, live_server: str) -> None:  # noqa: F811
    seat = Seat.open(browser, live_server, "colors", 2)
    spectator = browser.new_page()
    spectator.goto(f"{live_server}/t/{seat.table}")
    spectator.wait_for_selector(".kt-table.kt-game-colors")
    assert spectator.locator(".kt-me").count() == 0
    assert spectator.locator(".kt-others .seat-zone").count() == 2
    assert spectator.locator(".kt-hand .card:not(.back)").count() == 0
    assert spectator.locator(".card.playable").count() == 0
    spectator.close()
    seat.page.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_colors_page_words_come_from_the_catalogue(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """Issue 35: colors.js reads its words from the game's catalogue (words.toml, /api/games/colors/words) and fills
    the named placeholders: the prompt, a seat's value badge and the table's labels, in the page's language."""
    from kartentisch.games.colors.words import WORDS

    seat = Seat.open(browser, live_server, "colors", 2, lang=lang)
    page = seat.page
    assert seat.wait_to_act()
    page_words = WORDS.section("page", lang)
    assert page_words["your_turn"] in page.locator(".prompt").text_content()
    badges = page.locator(".kt-me .kt-badge").all_text_contents()
    assert page_words["value"].format(score=0) in badges, badges
    table = page.locator(".kt-table").text_content()
    for key in ("centre", "draw", "collection", "rule"):
        assert page_words[key] in table, key
    assert "{" not in table  # every placeholder filled
