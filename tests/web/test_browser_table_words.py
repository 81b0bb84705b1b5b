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


def test_mayhem_s_gift_chooser_says_how_many_cards_and_how_many_are_chosen(browser, live_server: str) -> None:  # noqa: F811
    """mayhem R9: a Gift gives exactly min(2, E) cards; a fresh user's chooser did not say how many. After the Gift
    and its receiver, the decision says "Choose 2 cards (0 chosen)", then "(1 chosen)", in both languages."""
    from kartentisch.games import get_game
    from kartentisch.kernel import Match

    from .conftest import auth

    for seed in range(1, 300):  # random moves until Ada (seat 0) may play a Gift giving two cards
        replica, rng, path = Match(get_game("mayhem"), 3, {}, seed), random.Random(seed), []
        while not replica.state.game_over and len(path) < 200:
            state = replica.state
            gifts = [t for t in state.legal_actions(0) if "gift:" in t and t.count(":") == 4] \
                if state.to_act() == [0] and state.phase == "play" else []
            if gifts:
                break
            seat = state.to_act()[0]
            path.append((seat, rng.choice(state.legal_actions(seat))))
            replica.apply(*path[-1])
        if gifts:
            break
    else:
        pytest.fail("no seed lets Ada play a Gift of two cards")
    seats = [{"kind": "human", "name": n} for n in ("Ada", "Ben", "Cem")]
    table = httpx.post(f"{live_server}/api/tables", json={"game": "mayhem", "players": 3, "seed": seed,
                                                          "seats": seats}).json()
    for seat, token in path:
        assert httpx.post(f"{live_server}/api/tables/{table['id']}/actions", json={"action": token},
                          headers=auth(table["seats"][seat]["token"])).status_code == 200
    _, gift, target, first, _second = gifts[0].split(":")
    for lang, said in (("en", ("Choose 2 cards (0 chosen)", "Choose 2 cards (1 chosen)")),
                       ("de", ("Wähle 2 Karten (0 gewählt)", "Wähle 2 Karten (1 gewählt)"))):
        page = browser.new_page(viewport=LAPTOP)
        page.add_init_script(f"localStorage.setItem('kartentisch.lang', '{lang}')")
        page.goto(live_server + table["seats"][0]["url"])
        page.locator(f"[data-zone=my-hand] .card.playable[data-code='{gift}']").first.click()
        page.click(f"[data-seat='{target}'] .kt-pick-seat")
        hint = page.locator("#decision .set-size")
        hint.wait_for()
        assert hint.text_content() == said[0]
        page.locator(f"[data-zone=my-hand] .card.playable[data-code='{first}']").first.click()
        page.wait_for_function("(said) => document.querySelector('#decision .set-size')?.textContent === said",
                               arg=said[1])
        page.close()
