"""The score pad in a real browser on a phone-sized viewport (360×740): a whole ``grid`` match.

Creates the pad from the page, enters every round with the keypad (one refused round shows its
reason and is fixed), corrects a round by tapping it, plays on to the end and checks the winner,
then opens the shared read-only link. Marker ``browser``; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import playwright.sync_api as playwright_api
import pytest

from tests.web.browser_kit import ARTIFACTS, TOKEN_LIKE, browser  # noqa: F401  (one Chromium per module)

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phone(live_server: str, browser) -> Iterator[object]:  # noqa: F811  (the shared Chromium fixture)
    """A page on a 360×740 touch viewport, English."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    yield page
    context.close()


def enter_grid(page, player: int, values: list[int]) -> None:
    """Tap the keypad buttons of ``values`` in the card of ``player``."""
    card = page.locator(f"#entry-players .player[data-seat='{player}']")
    for v in values:
        card.locator(".keypad").get_by_role("button", name=str(v), exact=True).click()


def enter_round(page, grids: list[list[int]], trigger: str) -> None:
    for seat, values in enumerate(grids):
        enter_grid(page, seat, values)
    page.locator("#entry-round select").select_option(label=trigger)
    page.locator("#save").click()


def totals(page) -> list[str]:
    return page.locator("#totals td").all_inner_texts()[1:]


def test_whole_grid_match_on_a_phone(phone, live_server):
    page = phone
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(f"{live_server}/scorepad")
    page.locator("#game").select_option("grid")
    page.locator("#names").fill("Ana, Ben")
    page.locator("#options input[name=end_total]").fill("60")
    page.locator("#create").click()
    page.wait_for_selector("body[data-screen=pad]")
    assert page.locator("#status").inner_text() == "Round 1: Ana deals"
    # Nothing sticks out of a 360 px screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Round 1: Ben's grid is entered with 2 cards: refused with the reason, then fixed.
    page.locator("#add").click()
    enter_round(page, [[5, 5, 5], [1, 1]], "Ben")
    playwright_api.expect(page.locator("#entry-error")).to_contain_text("Ben: 2 cards")
    page.screenshot(path=str(ARTIFACTS / "scorepad-refused.png"), full_page=True)
    enter_grid(page, 1, [1])
    page.locator("#save").click()
    page.wait_for_selector("body[data-screen=pad][data-rounds='1']")
    assert totals(page) == ["15", "3"]

    # Round 2: Ana ends with 6 while Ben has 2: doubled to 12 (grid R18).
    page.locator("#add").click()
    enter_round(page, [[6, 0, 0], [2, 0, 0]], "Ana")
    page.wait_for_selector("body[data-rounds='2']")
    assert totals(page) == ["27", "5"] and page.locator("#status").inner_text() == "Round 3: Ana deals"

    # Correction: tap round 1; Ana really had 5 5 4 (-> 14); every total is recomputed.
    page.locator("#sheet tbody tr[data-round='1']").click()
    page.locator("#entry-players .player[data-seat='0'] .chosen button.chip").last.click()
    enter_grid(page, 0, [4])
    page.locator("#save").click()
    page.wait_for_selector("body[data-screen=pad]")
    assert totals(page) == ["26", "5"]

    # Round 3 ends the match: Ana 11 11 11 = 33, total 59 < 60; round 4 takes her past 60.
    page.locator("#add").click()
    enter_round(page, [[11, 11, 11], [0, 0, 0]], "Ben")
    page.wait_for_selector("body[data-rounds='3']")
    assert totals(page) == ["59", "5"] and page.locator("body").get_attribute("data-over") == "false"
    page.locator("#add").click()
    enter_round(page, [[1, 0, 0, 0, 0, 0], [9, 9, 9, 9, 9, 9, 9, 9, 8]], "Ana")
    page.wait_for_selector("body[data-over=true]")
    assert totals(page) == ["60", "85"]
    assert page.locator("#status").inner_text() == "Match over. Winner: Ana"
    assert page.locator("#add").is_hidden()
    page.screenshot(path=str(ARTIFACTS / "scorepad-over.png"), full_page=True)

    # The shared link shows the same sheet, read-only.
    share = page.locator("#share-url").input_value()
    viewer = page.context.new_page()
    viewer.goto(share)
    viewer.wait_for_selector("body[data-screen=pad]")
    assert totals(viewer) == ["60", "85"] and viewer.locator("#readonly").is_visible()
    assert viewer.locator("#add").is_hidden() and viewer.locator("#undo").is_hidden()
    viewer.locator("#sheet tbody tr").first.click()
    assert viewer.evaluate("document.body.dataset.screen") == "pad"
    viewer.locator("#lang").click()  # German
    playwright_api.expect(viewer.locator("#status")).to_have_text("Partie beendet. Sieger: Ana")
    assert viewer.locator("#title").inner_text() == "Punkteblock · Farbraster"
    assert viewer.locator("#home").get_attribute("href") == "/"  # back to the lobby: in German, this browser's choice
    assert viewer.evaluate("localStorage.getItem('kartentisch.lang')") == "de"


def test_options_are_those_of_the_game_chosen_last(phone, live_server):
    """The first game's module arriving after another game was chosen does not draw the first game's options."""
    page = phone
    first = httpx.get(f"{live_server}/api/games").json()[0]["id"]
    assert first != "grid"
    held: list = []
    page.route(f"**/static/games/{first}.js", lambda route: held.append(route))  # waits until let through
    page.goto(f"{live_server}/scorepad")
    page.locator("#game").select_option("grid")
    page.wait_for_selector("#options input[name=end_total]")
    assert len(held) == 1
    held[0].continue_()
    # the page's own import of that module has resolved, and what waited on it has run, once this one resolves
    page.evaluate(f"import('/static/games/{first}.js').then(() => new Promise((r) => setTimeout(r, 0)))")
    assert page.locator("#options input[name=end_total]").count() == 1


def test_the_german_page_refuses_in_german(phone, live_server):
    """A German browser: a pad with one player and a chips round with two special cards of three are refused in
    German, in the players' words (chips calls a round "Partie"), and nothing is saved."""
    page = phone
    page.goto(f"{live_server}/")
    page.evaluate("localStorage.setItem('kartentisch.lang', 'de')")  # this person chose German (issue 32)
    page.goto(f"{live_server}/scorepad?lang=de")
    page.wait_for_selector("#game option", state="attached")
    page.locator("#game").select_option("grid")
    page.locator("#names").fill("Ana")
    page.locator("#create").click()
    playwright_api.expect(page.locator("#new-error")).to_have_text(
        "Fehler: 1 Mitspieler; dieses Spiel ist für 2 … 6 Spieler")

    pad = httpx.post(f"{live_server}/api/scorepads", json={"game": "chips", "players": ["Ana", "Ben"],
                                                           "options": {"specials": "random"}}).json()
    page.goto(f"{live_server}/scorepad/{pad['id']}?lang=de#key={pad['key']}")
    page.wait_for_selector("body[data-screen=pad]")
    assert page.locator("#add").inner_text() == "Partie 1 eintragen"
    page.locator("#add").click()
    assert page.locator("#entry-title").inner_text() == "Partie 1 eintragen"
    ticks = page.locator("#entry-round input[type=checkbox]")
    ticks.nth(0).check()
    ticks.nth(1).check()
    page.locator("#save").click()
    error = page.locator("#entry-error")
    playwright_api.expect(error).to_have_text("Fehler: Partie 1, Sonderkarten dieser Partie: wähle genau 3, nicht 2")
    assert not TOKEN_LIKE.search(error.inner_text())
    page.screenshot(path=str(ARTIFACTS / "scorepad-refused-de.png"), full_page=True)
    # Switching to English keeps what was ticked (the German refusal goes); the refusal comes again in English.
    page.locator("#lang").click()
    assert error.inner_text() == "" and page.locator("#entry-round input[type=checkbox]:checked").count() == 2
    page.locator("#save").click()
    playwright_api.expect(error).to_have_text("Error: round 1, special cards this round: choose exactly 3, not 2")
    assert httpx.get(f"{live_server}/api/scorepads/{pad['id']}").json()["rounds"] == []


def test_a_finished_chips_pad_says_spiel_for_the_match_in_german(phone, live_server):
    """chips D1: a round is a *Partie*, the match the *Spiel*: the German pad of a finished chips match says "Spiel
    beendet" (it said "Partie beendet", one round in chips); another game's keeps "Partie beendet"."""
    pad = httpx.post(f"{live_server}/api/scorepads", json={"game": "chips", "players": ["Ana", "Ben"],
                                                           "options": {"rounds": 1}}).json()
    url = f"{live_server}/api/scorepads/{pad['id']}/rounds"
    res = httpx.post(url, headers={"Authorization": f"Bearer {pad['key']}"},
                     json={"players": [{"k_up": [3]}, {"k_up": [2]}], "round": {}})
    assert res.status_code == 200 and res.json()["over"], res.text
    phone.goto(f"{live_server}/scorepad/{pad['id']}")
    playwright_api.expect(phone.locator("#status")).to_have_text("Match over. Winner: Ana")
    phone.locator("#lang").click()  # German
    playwright_api.expect(phone.locator("#status")).to_have_text("Spiel beendet. Sieger: Ana")
    phone.screenshot(path=str(ARTIFACTS / "scorepad-chips-over-de.png"), full_page=True)
