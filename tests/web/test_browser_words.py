"""The page's words are the server's (issue 25), in a real browser (marker ``browser``): the lobby shows each game's
pitch and a choice option's values in words; at the table every card is named as the frame's ``card_names`` names
it, a clickable card says what choosing it does (the frame's ``choices``), decision buttons carry the choices' words,
no text looks like a token or a card code, and a spectator may write in the chat only where the table allows it."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.conftest import GAME_IDS, GAMES

from .browser_kit import (
    LAPTOP,
    LOCALES,
    TOKEN_LIKE,
    api_frame,
    browser,  # noqa: F401  (the module's Chromium fixture)
    play_one,
)

pytestmark = pytest.mark.browser

#: Every installed game at three players (its most if fewer); grid at two.
PLAYERS = {g: {"grid": 2}.get(g, min(3, GAMES[g].max_players)) for g in GAME_IDS}


def open_seat(browser, base: str, game: str, seed: int, lang: str, **extra):  # noqa: F811
    """Ada and random bots at a fresh table; Ada's page (in ``lang``) once she has a decision, and the table."""
    players = PLAYERS[game]
    table = httpx.post(f"{base}/api/tables", json={
        "game": game, "players": players, "seed": seed, **extra,
        "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)}).json()
    page = browser.new_page(locale=LOCALES[lang], viewport=LAPTOP)
    page.goto(f"{base}{table['seats'][0]['url'].replace('#', f'?lang={lang}#')}")
    page.wait_for_selector("body[data-acting='1'] #zones .kt-table")
    return page, table


def test_the_lobby_shows_each_pitch_and_the_choice_options_in_words(browser, live_server: str) -> None:  # noqa: F811
    games = httpx.get(f"{live_server}/api/games").json()
    page = browser.new_page(locale="de-DE", viewport=LAPTOP)
    page.goto(f"{live_server}/?lang=de&game=mayhem")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    for g in games:
        assert page.locator(f"li[data-game='{g['id']}'] .pitch").text_content() == g["pitch"]["de"]
    mayhem = next(g for g in games if g["id"] == "mayhem")
    length = next(o for o in mayhem["options"] if o["name"] == "game_length")
    words = [length["choice_labels"][c]["de"] for c in length["choices"]]
    assert " · ".join(words) in page.locator("li[data-game='mayhem'] .facts").text_content()
    assert page.locator(".option[data-option='game_length'] button.preset").all_text_contents() == words
    page.click("#more-options summary")
    for name in ("counter_target", "gambling_rule"):
        opt = next(o for o in mayhem["options"] if o["name"] == name)
        shown = page.locator(f"#opt-{name} option").all_text_contents()
        assert shown == [opt["choice_labels"][c]["de"] for c in opt["choices"]]
    assert not TOKEN_LIKE.search(page.locator("#lobby").text_content())
    page.close()


def test_an_empty_number_field_is_not_called_none_where_empty_means_more(browser, live_server: str) -> None:  # noqa: F811
    """lastcard's rounds field read "Runden: keine" (none) where its help said "leer: eine Runde pro Spieler": a
    field whose empty value means something (the option's ``null_words``) shows no "keine"; its help says it."""
    rounds = next(o for o in next(g for g in httpx.get(f"{live_server}/api/games").json() if g["id"] == "lastcard")[
        "options"] if o["name"] == "rounds")
    assert rounds["null_words"] == {"en": "one round per player", "de": "eine Runde pro Spieler"}
    page = browser.new_page(locale="de-DE", viewport=LAPTOP)
    page.goto(f"{live_server}/?lang=de&game=lastcard")
    page.wait_for_selector("body[data-ready='1'] #new-table")
    page.click("#more-options summary")
    assert page.locator("#opt-rounds").get_attribute("placeholder") == ""
    assert "leer: eine Runde pro Spieler" in page.locator(".option[data-option='rounds'] .help").text_content()
    page.close()


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_cards_and_decisions_in_the_servers_words(browser, live_server: str, game_id: str) -> None:  # noqa: F811
    """A few of Ada's moves in German: each time every card is named as the frame names it, a clickable card says
    one of her choices' steps, and nothing on the table or in the decision looks like a token or a card code."""
    page, table = open_seat(browser, live_server, game_id, 6, "de")
    rng = random.Random(game_id)
    checked = 0
    for _move in range(4):
        page.wait_for_selector("body[data-acting='1']")
        page.wait_for_timeout(200)  # the frame drawn
        frame = api_frame(live_server, table["id"], table["seats"][0]["token"], "de")
        if str(frame["n"]) != page.evaluate("document.body.dataset.n"):
            continue  # a bot moved meanwhile
        cards = page.locator("#zones .card[data-code]")
        for i in range(cards.count()):
            card = cards.nth(i)
            code = card.get_attribute("data-code")
            if code in frame["card_names"]:
                assert card.get_attribute("title") == frame["card_names"][code], code
        steps = {" · ".join(c["steps"][:k]) for c in frame["choices"] for k in range(1, len(c["steps"]) + 1)}
        steps |= {s for c in frame["choices"] for s in c["steps"]}
        playable = page.locator("#zones .card.playable")
        labels = [playable.nth(i).get_attribute("aria-label") for i in range(playable.count())]
        assert all(label in steps for label in labels), labels
        checked += len(labels)
        for where in ("#zones", "#decision"):
            text = page.locator(where).inner_text()
            assert not TOKEN_LIKE.search(text), f"{game_id} {where}: {TOKEN_LIKE.search(text)}"
        if not play_one(page, rng):
            break
    assert checked, "some clickable card was checked"
    page.close()


def test_a_colors_hand_card_says_what_playing_it_does(browser, live_server: str) -> None:  # noqa: F811
    page, table = open_seat(browser, live_server, "colors", 3, "de")
    frame = api_frame(live_server, table["id"], table["seats"][0]["token"], "de")
    hand = page.locator("[data-zone=my-hand] .card.playable")
    by_code = {hand.nth(i).get_attribute("data-code"): hand.nth(i).get_attribute("aria-label")
               for i in range(hand.count())}
    assert by_code == {c["token"].split(":")[1]: c["steps"][0] for c in frame["choices"]}
    assert all(label.startswith("Spiele ") for label in by_code.values())
    page.close()


def test_a_decision_button_carries_the_choice_words(browser, live_server: str) -> None:  # noqa: F811
    """mayhem seed 5: a bot attacks Ada first; her pass button says the choice's words ("Nicht kontern")."""
    players = 3
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "mayhem", "players": players, "seed": 5, "reaction_seconds": 60,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "Bo"},
                  {"kind": "bot", "bot": "random", "name": "Cy"}]}).json()
    page = browser.new_page(locale="de-DE", viewport=LAPTOP)
    page.goto(f"{live_server}{table['seats'][0]['url'].replace('#', '?lang=de#')}")
    page.wait_for_selector("body[data-acting='1'] .mayhem-table")
    frame = api_frame(live_server, table["id"], table["seats"][0]["token"], "de")
    assert frame["view"]["phase"] == "counter"
    words = next(c["steps"][0] for c in frame["choices"] if c["token"] == "pass")
    assert page.locator("#decision button.choice[data-step='pass']").text_content() == words
    page.close()


@pytest.mark.parametrize("allowed", [False, True])
def test_a_spectator_writes_in_the_chat_only_where_the_table_allows_it(browser, live_server: str,  # noqa: F811
                                                                      allowed: bool) -> None:
    table = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "spectator_chat": allowed,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/t/{table['id']}?lang=en")
    page.wait_for_selector("body[data-phase] [data-zone=chat]")
    assert page.locator("[data-zone=chat] form.chat-form").count() == int(allowed)
    if allowed:
        page.fill("#chat-text", "Hello from the rail")
        page.click("form.chat-form button[type=submit]")
        page.wait_for_selector("[data-zone=chat] li .text")
        assert page.locator("[data-zone=chat] li .text").text_content() == "Hello from the rail"
        assert page.locator("[data-zone=chat] li .who").text_content() == "Spectator"
    page.close()
