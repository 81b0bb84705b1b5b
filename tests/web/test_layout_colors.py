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
        return [e["token"] for e in self.frame()["log"] if "kind" not in e and e["seat"] == 0]  # moves only

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


def _own_pile_move(base: str, tid: str, tokens: list[str], seed: int) -> dict:
    """Random moves of both seats over the API until Ada's (seat 0) last move put a card into her Auslage below
    another of its colour, the round going on; returns her frame then."""
    import random

    rng = random.Random(seed)
    for _ in range(400):
        frames = [httpx.get(f"{base}/api/tables/{tid}/view", headers=auth(t)).json() for t in tokens]
        seat = next(s for s, f in enumerate(frames) if f["legal"])
        httpx.post(f"{base}/api/tables/{tid}/actions", json={"action": rng.choice(frames[seat]["legal"])},
                   headers=auth(tokens[seat])).raise_for_status()
        mine = httpx.get(f"{base}/api/tables/{tid}/view", headers=auth(tokens[0])).json()
        last = [e for e in mine["log"] if "kind" not in e][-1]
        if mine["view"]["phase"] in ("round_over", "game_over") or last["seat"] != 0:
            continue
        kept = mine["view"]["zones"]["collections"][0]
        if any(c in kept and [x for x in kept if x[0] == c[0]].index(c) > 0 for c in last["cards"]):
            return mine
    raise AssertionError("Ada never took a card below another of its colour")


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "de")])
def test_the_last_move_s_mark_in_the_auslage_leaves_the_card_above_readable(browser, live_server: str,  # noqa: F811
                                                                             size: str, lang: str) -> None:
    """A fresh user's finding: the highlight of the last move's card lifted and grew a card of an Auslage pile over
    the card above it, which could hardly be read. The mark stays inside the card's own box: at every moment of its
    flash the card above looks exactly as it does at rest, and the marked card looks different from an unmarked one.
    On a laptop (1280×800) and a phone (390×844)."""
    from .browser_kit import LAPTOP, LOCALES, PHONE, shot

    made = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 11, "options": {"first_player": 1},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}]}).json()
    _own_pile_move(live_server, made["id"], [s["token"] for s in made["seats"]], seed=2)
    page = browser.new_context(viewport=LAPTOP if size == "laptop" else PHONE, locale=LOCALES[lang]).new_page()
    page.goto(live_server + made["seats"][0]["url"])
    page.wait_for_selector(".kt-me .kt-colour .kt-pile .card.moved")
    page.locator(".kt-me .kt-collection").scroll_into_view_if_needed()
    marked = page.locator(".kt-me .kt-colour .kt-pile .card.moved:not(:first-child)").first
    above = marked.locator("xpath=preceding-sibling::*[1]")
    card, upper = marked.bounding_box(), above.bounding_box()
    assert card and upper
    # the card above, with room around it for a glow, down to just above the marked card's own top (there the
    # pile's cards overlap anyway; a pixel kept clear of its edge's rounding)
    region = {"x": upper["x"] - 4, "y": upper["y"] - 6, "width": upper["width"] + 8,
              "height": int(card["y"]) - 1 - (upper["y"] - 6)}

    # the mark's flash from its start (it may be over by now), held at any moment below
    flashes = marked.evaluate("(el) => { el.classList.remove('moved'); void el.offsetWidth; el.classList.add('moved');"
                              " window.ktFlash = el.getAnimations(); window.ktFlash.forEach((a) => a.pause());"
                              " return window.ktFlash.length; }")
    assert flashes, "the last move's card has no flash to look at"

    def at(ms: float | None) -> None:  # the flash held at ms (None: finished, the card at rest)
        page.evaluate("(ms) => window.ktFlash.forEach((a) => ms === null ? a.finish()"
                      " : (a.pause(), a.currentTime = ms))", ms)

    at(None)
    rest = page.screenshot(clip=region)
    for ms in (0, 100, 250, 500, 800):
        at(ms)
        assert page.screenshot(clip=region) == rest, f"{size}: the mark covers the card above at {ms} ms"
    at(100)
    box = {k: card[k] for k in ("x", "y", "width", "height")}
    flashed = page.screenshot(clip=box)
    shot(page, f"colors-mark-{size}-{lang}")
    marked.evaluate("(el) => { window.ktFlash.forEach((a) => a.cancel()); el.classList.remove('moved'); }")
    assert page.screenshot(clip=box) != flashed, f"{size}: the last move's card is not marked"
    page.context.close()
