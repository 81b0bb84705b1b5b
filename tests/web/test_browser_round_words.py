"""The round-over screen in a real browser (marker ``browser``), in the games' own terms:

* chips calls a round a *Partie* and the circuit of turns a *Runde* (chips D1): the page header, the round's
  summary and the score table say "Partie" in German, never "Runde" for a round;
* the round's summary names the deal as the decision panel does (one action, one wording; the fresh user saw
  "Nächste Runde geben" beside "Teile Runde 2 aus" at lastcard's table).
"""

from __future__ import annotations

import re

import httpx
import pytest

from .browser_kit import LAPTOP, browser  # noqa: F401  (the module's Chromium fixture)
from .conftest import auth

pytestmark = pytest.mark.browser


def _round_over(base: str, game: str, options: dict) -> tuple[str, str]:
    """A two-person table of ``game`` played through the API (each seat's first legal token) until round 1 is
    scored; returns the table's id and the token of the seat that deals round 2."""
    table = httpx.post(f"{base}/api/tables", json={
        "game": game, "players": 2, "seed": 2, "options": options,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    tokens = [s["token"] for s in table["seats"]]
    for _ in range(400):
        frames = [httpx.get(f"{base}/api/tables/{table['id']}/view", headers=auth(tok)).json() for tok in tokens]
        if frames[0]["view"]["phase"] == "round_over":
            return table["id"], next(tok for tok, f in zip(tokens, frames, strict=True) if f["legal"] == ["deal"])
        tok, action = next((tok, f["legal"][0]) for tok, f in zip(tokens, frames, strict=True) if f["legal"])
        httpx.post(f"{base}/api/tables/{table['id']}/actions", headers=auth(tok),
                   json={"action": action}).raise_for_status()
    raise AssertionError(f"{game}: round 1 did not end")


def _open(browser, base: str, table: str, token: str):  # noqa: F811
    page = browser.new_page(viewport=LAPTOP)
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'de')")
    page.goto(f"{base}/t/{table}#seat={token}")
    page.wait_for_selector("[data-zone=round-summary] button.primary")
    return page


def test_chips_says_partie_for_a_round_in_german(browser, live_server: str) -> None:  # noqa: F811
    """chips D1: a round is a *Partie* (the log's "Partie 1 ist vorbei", the lobby's "Partien", the terminal's
    "Partie 1 von 1"), so the page header, the summary and the score table say it too."""
    table, dealer = _round_over(live_server, "chips", {"rounds": 2})
    page = _open(browser, live_server, table, dealer)
    info = page.locator("#info").inner_text()
    assert "Partie 1 · " in info and "Runde" not in info, info
    summary = page.locator("[data-zone=round-summary]").inner_text()
    assert "Partie 1 gewertet" in summary and "diese Partie" in summary and "Runde" not in summary, summary
    assert page.locator("#scores thead th").first.inner_text() == "Partie"
    assert page.locator("[data-zone=round-summary] button.primary").inner_text() == "Gib die 2. Partie"
    page.close()


@pytest.mark.parametrize("game", ["lastcard", "chips"])
def test_the_summary_deals_in_the_decision_panels_words(browser, live_server: str, game: str) -> None:  # noqa: F811
    """One action, one wording: the summary's deal button says what the decision panel's does (lastcard R17:
    "Gib Runde 2", as grid and colors say it)."""
    options = {"rounds": 2, "pass_cards": 0} if game == "lastcard" else {"rounds": 2}
    table, dealer = _round_over(live_server, game, options)
    page = _open(browser, live_server, table, dealer)
    words = page.locator("[data-zone=round-summary] button.primary").inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#decision button.choice[data-step='deal']").inner_text() == words
    if game == "lastcard":
        assert words == "Gib Runde 2"
    page.close()


def test_the_display_heads_a_chips_round_partie_in_german(browser, live_server: str) -> None:  # noqa: F811
    """The table display's header names the round in the game's terms too (chips D1: "Partie 1")."""
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "chips", "players": 2, "seed": 3,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_page(viewport=LAPTOP)
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'de')")
    page.goto(f"{live_server}/display/{table['id']}")
    page.wait_for_selector("#display #zones")
    head = page.locator("header .round").text_content()
    assert head.startswith("Partie 1 · ") and "Runde" not in head, head
    page.close()


def test_round_1_s_start_is_told_in_the_log_as_later_deals_are(browser, live_server: str) -> None:  # noqa: F811
    """A fresh user's finding: the browser's log began with the first play; round 1's deal and its start card (mayhem)
    were told nowhere, while later rounds' deals are told as moves ("Ada deals round 2. The start card is …"). The
    log now begins with round 1's start in the seat's language, told from that seat's own view, and keeps it once
    while the match goes on. Ada reads English on a laptop, Bo German on a phone."""
    import random

    from kartentisch.games import get_game
    from kartentisch.kernel import Match, Voice

    from .browser_kit import LOCALES, PHONE, TOKEN_LIKE, play_one, shot

    seed = 7
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "mayhem", "players": 2, "seed": seed,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    replica = Match(get_game("mayhem"), 2, {}, seed)
    pages = []
    for seat, (size, lang) in enumerate(((LAPTOP, "en"), (PHONE, "de"))):
        page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
        page.goto(f"{live_server}{table['seats'][seat]['url']}")
        page.wait_for_selector("[data-zone=log] li.start")
        told = page.locator("[data-zone=log] li").first.inner_text()
        expected = get_game("mayhem").describe_start(replica.state.view(seat), Voice(lang, seat, ("Ada", "Bo")))
        assert told == expected, told
        deal = {"en": r"^(You deal|Ada deals|Bo deals) round 1\. The start card is ",
                "de": r"^(Du teilst|Ada teilt|Bo teilt) Runde 1 aus\. Die Startkarte ist "}[lang]
        assert re.search(deal, told) and not TOKEN_LIKE.search(told), told
        page.locator("[data-zone=log]").scroll_into_view_if_needed()
        shot(page, f"log-round-1-start-{lang}-{size['width']}")
        pages.append(page)
    rng = random.Random(seed)
    for _ in range(6):  # a few moves on: the start stays, once, at the top
        for page in pages:
            play_one(page, rng)
    for page in pages:
        page.wait_for_function("document.querySelectorAll('[data-zone=log] li').length > 2")
        assert page.locator("[data-zone=log] li.start").count() == 1
        assert page.locator("[data-zone=log] li").first.get_attribute("class") == "start"
        page.context.close()
