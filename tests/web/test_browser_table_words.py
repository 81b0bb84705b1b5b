"""Words on the table in a real browser (marker ``browser``, issue 32): what the game's drawing says beside the
cards is true of the position, and says it in the page's language."""

from __future__ import annotations

import random

import httpx
import pytest

from .browser_kit import LAPTOP, body, browser, play_one  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser


def test_mayhem_counterattack_and_nice_try_carry_no_german_initials(browser, live_server: str) -> None:  # noqa: F811
    """"GA"/"NV" were German on English pages, and letters beside a button's name break it (axe:
    label-content-name-mismatch, serious): both cards carry a sign in either language, their name below it."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")
    faces = page.evaluate("""async () => {
        const game = (await import('/static/games/mayhem.js')).default;
        return ['en', 'de'].flatMap((lang) => ['counter', 'nicetry'].map((code) => game.card(code, lang, code)));
    }""")
    assert len(faces) == 4
    for face in faces:
        assert not any(ch.isalnum() for ch in face["label"]), face


def test_colors_shows_the_previous_turns_words_beside_its_cards_during_a_pick(browser, live_server: str) -> None:  # noqa: F811
    """colors R9: while Ada picks from the centre after her play, "Last turn" shows the bot's turn in words beside
    its cards, never "nothing yet"."""
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "Bo"}]}).json()
    page = browser.new_page(viewport=LAPTOP, locale="en-US")
    page.goto(f"{live_server}/t/{table['id']}#seat={table['seats'][0]['token']}")
    page.wait_for_selector("body[data-phase]")
    rng = random.Random(2)
    seen = 0
    for _ in range(300):
        if body(page, "gameOver") == "1" or seen >= 2:
            break
        if body(page, "phase") == "pick" and body(page, "acting") == "1" and page.locator(".kt-last .card").count():
            note = page.locator(".kt-last .kt-note").inner_text()
            assert note != "nothing yet" and note.startswith("Bo "), note
            seen += 1
        if not play_one(page, rng):
            page.wait_for_timeout(40)
    assert seen, "no pick after a turn of Bo's came up"
