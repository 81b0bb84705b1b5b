"""What people read, in a real browser (marker ``browser``): the score pad's options and the lobby's special cards
in the players' words (no option names, no card codes, no seats counted from 0), and the table's prompts as whole
sentences ("1 card" / "2 cards", never "card(s)"; "Your turn" once)."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.conftest import GAME_IDS

from .browser_kit import LAPTOP, LOCALES, PHONE, TOKEN_LIKE, browser, shot  # noqa: F401  (the module's Chromium fixture)
from .conftest import auth

pytestmark = pytest.mark.browser

#: What a prompt must not look like: a bracketed plural, a doubled or a wrong mark at a sentence's end.
CLUMSY = re.compile(r"\((s|n|en)\)|\?\.|\.\.|[:,]\s*$")


def test_the_score_pads_options_are_in_words(browser, live_server: str) -> None:  # noqa: F811
    """German: each option by its label, the start player by name, the special cards ticked in words; the pad
    keeps what was ticked."""
    page = browser.new_page(locale="de-DE", viewport=PHONE)
    page.goto(f"{live_server}/scorepad?lang=de")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "chips")
    page.wait_for_selector("#options .list-pick label")
    page.fill("#names", "Ana, Ben, Cem")
    shot(page, "scorepad-options-de", full_page=True)
    text = page.locator("#new").inner_text()
    for raw in ("first_player", "specials", "rounds", "ab 0", "[]"):
        assert raw not in text
    assert "Startspieler" in text and "Sonderkarten" in text and not TOKEN_LIKE.search(text)
    start = page.locator("#options select[name=first_player]")
    assert start.locator("option").all_inner_texts() == ["Platz 1: Ana", "Platz 2: Ben", "Platz 3: Cem"]
    start.select_option(label="Platz 2: Ben")
    page.locator(".list-pick label", has_text="eine 7 darf in jede Farbreihe").locator("input").check()
    page.locator(".list-pick label", has_text="kleinste Farbreihe").locator("input").check()
    page.click("#create")
    page.wait_for_selector("body[data-screen=pad]")
    pad = httpx.get(f"{live_server}/api/scorepads/{page.url.split('/scorepad/')[1].split('?')[0].split('#')[0]}").json()
    assert pad["options"]["specials"] == ["s3", "s13"] and pad["options"]["first_player"] == 1
    assert "lang=" not in page.url  # the pad's address carries no language (issue 32)
    # its header on a phone: the home link as white as the title, the title wrapped, not cut ("Punkteblock · G…")
    assert page.evaluate("getComputedStyle(document.getElementById('home')).color") == "rgb(255, 255, 255)"
    assert page.evaluate("(h => h.scrollWidth <= h.clientWidth)(document.querySelector('header h1'))")
    assert "Gepäckband" in page.locator("header h1").inner_text()
    shot(page, "scorepad-pad-phone-de")


def test_the_lobby_offers_the_special_cards_in_words(browser, live_server: str) -> None:  # noqa: F811
    """chips: no code to type; ticking "3 at random" greys the single cards out, and the table gets "random"."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/?lang=en&game=chips")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    page.click("#more-options summary")
    picker = page.locator("[data-option=specials] .list-pick")
    picker.wait_for()
    assert not TOKEN_LIKE.search(picker.inner_text()) and "a 4 never costs chips" in picker.inner_text()
    assert page.locator("[data-option=specials] input[type=text]").count() == 0
    picker.locator("[data-item=s2] input").check()
    picker.locator("[data-item=random] input").check()
    single = picker.locator("[data-item=s2] input")
    assert single.is_disabled() and not single.is_checked()
    page.fill("#your-name", "Ada")
    page.click("#create")
    page.wait_for_selector("#links")
    token = page.locator("a.table-link").get_attribute("href").split("#seat=")[1].split("&")[0]
    table = page.locator("a.table-link").get_attribute("href").split("/t/")[1].split("#")[0].split("?")[0]
    view = httpx.get(f"{live_server}/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"}).json()
    assert view["view"]["options"]["specials"] == "random"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_prompt_is_whole_sentences(browser, live_server: str, game_id: str) -> None:  # noqa: F811
    """At the start of a 3-player table, in both languages: "Your turn" once, counts in words, no clumsy marks."""
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": game_id, "players": 3, "seed": 4, "reaction_seconds": 60,
        "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 2}).json()
    for lang, turn in (("en", "Your turn"), ("de", "Du bist dran")):
        page = browser.new_page(locale=LOCALES[lang], viewport=PHONE)
        page.goto(f"{live_server}/t/{table['id']}?lang={lang}#seat={table['seats'][0]['token']}")
        page.wait_for_selector("body[data-acting='1'] #decision .prompt")
        prompt = page.locator("#decision .prompt").inner_text().strip()
        assert prompt.count(turn) == 1, prompt
        assert not CLUMSY.search(prompt), prompt
        if game_id == "grid":  # the setup: two cards to turn up
            assert ("Flip 2 cards" if lang == "en" else "Decke 2 Karten") in prompt
        page.close()


def finished_table(base: str) -> tuple[str, list[str], list[int]]:
    """A one-round colors match of Ada, Bo and Cy (seed 1), each seat's first legal move through the API, to its
    end: the table id, the seats' tokens and the totals (Ada −3)."""
    table = httpx.post(f"{base}/api/tables", json={
        "game": "colors", "players": 3, "seed": 1, "options": {"max_rounds": 1},
        "seats": [{"kind": "human", "name": name} for name in ("Ada", "Bo", "Cy")]}).json()
    tokens = [s["token"] for s in table["seats"]]
    while True:
        frames = [httpx.get(f"{base}/api/tables/{table['id']}/view", headers=auth(tok)).json() for tok in tokens]
        acting = [(tok, f["legal"][0]) for tok, f in zip(tokens, frames, strict=True) if f["legal"]]
        if frames[0]["view"]["game_over"] or not acting:
            break
        tok, action = acting[0]
        httpx.post(f"{base}/api/tables/{table['id']}/actions", headers=auth(tok),
                   json={"action": action}).raise_for_status()
    assert frames[0]["view"]["game_over"]
    return table["id"], tokens, frames[0]["view"]["totals"]


def test_negative_totals_have_a_minus_sign(browser, live_server: str) -> None:  # noqa: F811
    """Ada ends at −3: every total on the page writes it with a minus sign, as the round's scores are, the log's
    round lines too (a fresh user read "-3" there)."""
    table, tokens, totals = finished_table(live_server)
    assert min(totals) < 0, totals
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/t/{table}?lang=en#seat={tokens[0]}")
    page.wait_for_selector("[data-zone=match-summary]")
    for zone in ("[data-zone=match-summary]", "[data-zone=round-summary]", "#scores", "#seats-bar", "#log"):
        shown = page.locator(zone).inner_text()
        assert f"−{-min(totals)}" in shown and not re.search(r"-\d", shown), (zone, shown)


def test_the_lobby_says_in_words_that_two_people_share_a_name(browser, live_server: str) -> None:  # noqa: F811
    """Two people called Ana: the German lobby says so itself (the server's refusal names seats from 0)."""
    page = browser.new_page(locale="de-DE", viewport=PHONE)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method == "POST" else None)
    page.goto(f"{live_server}/?lang=de&game=colors")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    page.fill("#your-name", "Ana")
    page.select_option("#kind-1", "human")
    page.fill(".seat-row[data-seat='1'] .name", "Ana")
    page.click("#create")
    assert page.locator("#lobby-error").inner_text() == "Zwei Plätze heißen beide Ana: gib jedem seinen eigenen Namen."
    assert requests == []


def test_the_german_lobby_says_what_a_length_presets_number_is(browser, live_server: str) -> None:  # noqa: F811
    """colors R16's suggested target scores read "Kurz (15 Punkte)" on a German lobby, never a bare "(15)"."""
    page = browser.new_page(locale="de-DE", viewport=PHONE)
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")
    facts = page.locator("li[data-game='colors']").text_content()
    assert "Kurz (15 Punkte) · Mittel (30 Punkte) · Lang (70 Punkte)" in facts and "(15)" not in facts, facts
