"""What the real-browser tests share: Debian's Chromium through Playwright, and a person who plays by clicking
the table's objects (a hand card, a seat, a pile, a cell; buttons only for decisions without an object).

Screenshots go to ``test-artifacts/`` (gitignored).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import playwright.sync_api as playwright_api
import pytest

from .conftest import auth

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: The browser's language for a page in each of ours (issue 32: a page follows the browser's language unless this
#: browser chose one; a ``?lang=`` in the address counts only for a browser speaking neither).
LOCALES = {"en": "en-US", "de": "de-DE"}
#: What no text for people may look like: a token (``play:r7``) or a card code (``r7``, ``b-1``).
TOKEN_LIKE = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
#: What a person may click to make a move: the objects on the table, and the decision panel's buttons (wishes,
#: decisions without an object, a finished set of cards). Chosen cards are left alone (a click takes them back).
CLICKABLE = ("#zones .card.playable:not(.selected), #zones button.kt-pick-seat, #zones button.ct-row-pick, "
             "#zones button.kt-throw, #decision button.choice:not([disabled])")


class Chromium:
    """The module's browser, whose pages and contexts bypass the server's Content-Security-Policy: Playwright
    evaluates a ``wait_for_function`` expression with ``eval``, which the policy (rightly) forbids the page.
    ``strict`` is the browser itself, for tests of the pages under the policy (test_browser_hardening.py)."""

    def __init__(self, strict: playwright_api.Browser) -> None:
        self.strict = strict

    def new_context(self, **options: Any) -> playwright_api.BrowserContext:
        """``Browser.new_context`` with ``bypass_csp``."""
        return self.strict.new_context(bypass_csp=True, **options)

    def new_page(self, **options: Any) -> playwright_api.Page:
        """``Browser.new_page`` with ``bypass_csp``."""
        return self.strict.new_page(bypass_csp=True, **options)


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    """One Chromium for the module."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (Debian package chromium; .ci/run installs it)")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield Chromium(b)
        b.close()


def shot(page: playwright_api.Page, name: str, full_page: bool = False) -> None:
    """Save a screenshot of ``page`` as ``test-artifacts/<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def body(page: playwright_api.Page, key: str) -> str | None:
    """The table page's ``document.body.dataset[key]`` (phase, n, acting, gameOver)."""
    return page.evaluate(f"document.body.dataset.{key}")


def close_round_summary(page: playwright_api.Page) -> bool:
    """Go on past an open round summary (its button deals the next round or closes it); True if there was one."""
    button = page.locator(".overlay [data-zone=round-summary] button.primary")
    if not button.count():
        return False
    button.click()
    return True


def play_one(page: playwright_api.Page, rng: random.Random, go_on: bool = True, clickable: str = CLICKABLE) -> bool:
    """If this page's seat has a decision: make one move by clicking random ``clickable`` objects (and the confirm
    button of a set) until a move is sent. Returns whether a move was made. An open round summary is closed
    first, unless ``go_on`` is false (then no move is made while it is open)."""
    if go_on:
        close_round_summary(page)
    elif page.locator(".overlay [data-zone=round-summary]").count():
        return False
    if body(page, "acting") != "1":
        return False
    n = body(page, "n")
    for _click in range(20):
        if body(page, "n") != n:
            return True
        items = page.locator(clickable)
        count = items.count()  # read once: another seat's move may redraw the page between two reads
        confirm = page.locator("#decision button.confirm:not([disabled])")
        if confirm.count() and rng.random() < 0.6:
            target = confirm.first
        elif count:
            target = items.nth(rng.randrange(count))
        else:
            page.wait_for_timeout(50)
            if body(page, "acting") != "1":
                return False
            continue
        try:
            target.click(timeout=2_000)  # a frame may redraw the table under the click: then try again
        except playwright_api.Error:
            continue
        try:
            page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=300)
        except playwright_api.TimeoutError:
            continue
    assert page.locator("#banner").count() == 0, page.locator("#banner").text_content()
    return body(page, "n") != n


def play_match(pages: list[playwright_api.Page], rng: random.Random, max_moves: int = 600,
               clickable: str = CLICKABLE) -> None:
    """Every page plays its seat by clicking (``clickable`` objects) until the match is over on all of them."""
    for _ in range(max_moves):
        if all(body(p, "gameOver") == "1" for p in pages):
            return
        if not any(play_one(p, rng, clickable=clickable) for p in pages):
            pages[0].wait_for_timeout(40)
    raise AssertionError(f"the match is not over after {max_moves} moves")


def seat_token(page: playwright_api.Page, table: str) -> str:
    """The seat token this browser keeps for ``table``."""
    return page.evaluate(f"localStorage.getItem('kartentisch.seat.{table}')")


def api_frame(base: str, table: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    """The seat's (or with ``token`` None the spectator's) frame from the HTTP API."""
    res = httpx.get(f"{base}/api/tables/{table}/view?lang={lang}", headers=auth(token) if token else {})
    assert res.status_code == 200, res.text
    return res.json()


def table_id(page: playwright_api.Page) -> str:
    """The table id of a table page."""
    return page.url.split("/t/")[1].split("#")[0].split("?")[0]


def check_summaries(page: playwright_api.Page, frame: dict[str, Any]) -> None:
    """The finished match's round summary and match summary on ``page`` say what ``frame`` (the API's) says:
    every seat's round score, total and details, the standings in the game's order and the winners."""
    summary = frame["round_summary"]
    view = frame["view"]
    assert summary is not None and summary["match_over"] and view["game_over"]
    rows = page.locator("[data-zone=round-summary] tbody tr")
    assert rows.count() == view["players"]
    for row in summary["rows"]:
        shown = page.locator(f"[data-zone=round-summary] tbody tr[data-seat='{row['seat']}']")
        assert shown.locator(".total").text_content().replace("−", "-") == str(row["total"])
        assert shown.locator(".score").text_content().replace("−", "-").lstrip("+") == str(row["score"])
        assert shown.locator(".details li").all_text_contents() == row["details"]
    order = page.locator("[data-zone=match-summary] ol.standings li")
    seats = [int(order.nth(i).get_attribute("data-seat")) for i in range(order.count())]
    assert seats == summary["standings"]
    totals = [view["totals"][s] for s in seats]
    assert totals == sorted(totals, reverse=not frame["lower_wins"])  # best first: lowest first where it wins
    winners = page.locator("[data-zone=match-summary] li.winner")
    assert sorted(int(winners.nth(i).get_attribute("data-seat")) for i in range(winners.count())) == \
        sorted(view["winners"])
    for i, s in enumerate(seats):
        assert order.nth(i).locator(".total").text_content().replace("−", "-") == str(view["totals"][s])


#: What a text field's limit note says (LimitNote, namefield.js; i18n.js limitLeft, limitReached) per language.
LIMIT_LEFT = {"en": "{left} characters left (at most {most}).", "de": "Noch {left} Zeichen (höchstens {most})."}
LIMIT_REACHED = {"en": "That is the most that fits: {most} characters.",
                 "de": "Mehr passt nicht hinein: höchstens {most} Zeichen."}


def check_limit_note(page: playwright_api.Page, field: str, note: str, most: int, lang: str) -> None:
    """The text field ``field`` (a selector) of at most ``most`` characters and its limit note ``note`` (the
    field's aria-describedby), on a page in ``lang``: no note far from the limit, the characters left 10 before
    it, and once more is typed than fits the text cut to ``most`` and the note saying no more fit."""
    page.fill(field, "a" * (most // 2))
    assert page.locator(note).count() == 0  # far from the limit: no note
    assert page.get_attribute(field, "aria-describedby") == note.removeprefix("#")
    page.fill(field, "a" * (most - 10))
    assert page.locator(note).text_content() == LIMIT_LEFT[lang].format(left=10, most=most)
    page.fill(field, "b" * (most + 1))
    assert page.input_value(field) == "b" * most
    assert page.locator(note).text_content() == LIMIT_REACHED[lang].format(most=most)
