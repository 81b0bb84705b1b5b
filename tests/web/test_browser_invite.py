"""Invites in a real browser (marker ``browser``): the host's one invite link, opened in two other browsers,
seats two friends who type their names (someone faster gets told), and the three play a whole grid match; a
host fills a free seat with a bot before the start."""

from __future__ import annotations

import json
import random
import time

import httpx
import pytest
from websockets.sync.client import connect

from kartentisch.web.limits import Limits

from .browser_kit import (
    LAPTOP,
    LOCALES,
    PHONE,
    body,
    browser,  # noqa: F401  (the module's Chromium fixture)
    play_match,
    seat_token,
    shot,
    table_id,
)
from .test_browser import create_from_lobby
from .test_browser_a11y import serious_violations
from .test_invites import finished_invited

pytestmark = pytest.mark.browser


def test_three_browsers_join_one_grid_table_through_the_invite_link(browser, live_server: str) -> None:  # noqa: F811
    host = browser.new_context(viewport=LAPTOP).new_page()
    tid = create_from_lobby(host, live_server, "grid", {"end_total": "1"}, seats=("open", "open"))
    waiting = host.locator("[data-zone=waiting]")
    assert "Waiting for players" in waiting.text_content()
    invite = waiting.locator(".invite-url").text_content()
    assert "/join/" in invite and "lang=" not in invite and body(host, "acting") == "0"  # never the host's language
    friends = [browser.new_context(viewport=PHONE).new_page() for _ in range(2)]
    for page in friends:
        page.goto(invite)
        page.wait_for_selector("body[data-ready='1'] .seat-list")
    assert friends[0].locator("li[data-kind='open'] button.take").count() == 2
    # both want seat 2: Bo is faster, and Cy's open page follows the table without a reload (a fresh user's friends
    # tapped a seat taken long before and read "Someone was faster", one of them twice): seat 2 shows Bo, no button
    friends[0].fill("#join-name", "Bo")
    friends[1].fill("#join-name", "Cy")
    friends[0].click("li[data-seat='1'] button.take")
    friends[0].wait_for_selector("body[data-phase]")
    friends[1].wait_for_selector("li[data-seat='1'][data-kind='human']", timeout=10_000)
    assert "Bo" in friends[1].locator("li[data-seat='1']").text_content()
    assert friends[1].locator("li[data-seat='1'] button.take").count() == 0
    assert friends[1].locator("#join [role=alert]").count() == 0
    friends[1].click("li[data-seat='2'] button.take")
    friends[1].wait_for_selector("body[data-phase]")
    pages = [host, *friends]
    for page in pages:  # the match starts once every seat is taken
        page.wait_for_function("document.body.dataset.phase === 'setup'")
        page.wait_for_selector("[data-zone=waiting]", state="detached")
    for page, name in zip(pages, ("Ada", "Bo", "Cy"), strict=True):
        assert name in page.locator(".seat-chip.me").text_content()
        assert table_id(page) == tid
    # the seat's token stays in the browser: the bare table link opens the friend's own seat again
    friends[0].goto(f"{live_server}/t/{tid}")
    friends[0].wait_for_selector("[data-zone=my-hand]")
    assert "Bo" in friends[0].locator(".seat-chip.me").text_content()
    play_match(pages, random.Random(21))
    for page in pages:
        assert page.locator("[data-zone=match-summary] li.winner").count() >= 1
    shot(friends[1], "invite-grid-over-phone")


def test_the_host_fills_a_free_seat_with_a_bot(browser, live_server: str) -> None:  # noqa: F811
    """The host fills a free seat; on another device too: the host's own link carries the host's rights (a fresh
    user's host opened her seat link on her phone and could no longer remove a friend who had gone)."""
    page = browser.new_page(viewport=LAPTOP)
    create_from_lobby(page, live_server, "colors", {}, seats=("open",))
    page.wait_for_selector("[data-zone=waiting] button.fill-bot")
    phone = browser.new_context(viewport=PHONE).new_page()  # nothing of the laptop's browser storage
    phone.goto(page.url)
    phone.wait_for_selector("[data-zone=waiting] button.fill-bot[data-seat='1']")
    assert "Ada" in phone.locator(".seat-chip.me").text_content()
    friend = browser.new_context(viewport=PHONE).new_page()  # the seat's link without the host's part: no rights
    friend.goto(page.url.split("&host=")[0])
    friend.wait_for_selector("[data-zone=waiting]")
    assert friend.locator("button.fill-bot").count() == 0
    assert body(page, "acting") == "0"
    # an action, not a statement (a fresh user read "Platz 3: ein Bot spielt" as what already happened)
    assert page.locator("button.fill-bot[data-seat='1']").text_content() == "Put a bot in seat 2"
    # nobody is to act before the table is full (a fresh user's host read "to act" and "Play a card from your hand.")
    assert page.locator(".kt-turn, .seat-chip.to-act, #decision").count() == 0
    shot(page, "invite-fill-button-en")
    page.click("[data-zone=waiting] button.fill-bot[data-seat='1']")
    page.wait_for_selector("[data-zone=waiting]", state="detached")
    page.wait_for_selector("body[data-acting='1']")  # Ada starts the first round
    assert "Bot" in page.locator("[data-zone=seat-2]").text_content()
    said = page.locator("[data-zone=log] li.seat-note").all_text_contents()  # the click is told, to the host as hers
    assert len(said) == 1 and said[0].startswith("You put Bot ") and said[0].endswith(" in seat 2."), said
    shot(page, "invite-filled-en")


#: A server whose tables take one spectator socket each (every other limit off).
ONE_SPECTATOR = Limits(**{**dict.fromkeys(Limits.__dataclass_fields__), "spectators_per_table": 1})


@pytest.mark.parametrize("app_options", [{"limits": ONE_SPECTATOR}])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_invite_page_follows_the_seats_when_the_table_has_its_spectators(
        browser, live_server: str, lang: str) -> None:  # noqa: F811
    """The invite page follows the seats over the table's spectator socket; a table that has its most spectators
    refuses it, and the list never changed (a friend took a seat and the page still offered it). Now the page reads
    the invite every 5 s instead, and stops once every seat is taken."""
    res = httpx.post(f"{live_server}/api/tables", json={"game": "colors", "players": 3, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "open"}, {"kind": "open"}]})
    assert res.status_code == 201, res.text
    table, code = res.json()["id"], res.json()["invite"]["code"]
    with connect(f"{live_server.replace('http', 'ws')}/ws/tables/{table}") as watcher:  # the one spectator
        watcher.send(json.dumps({"type": "auth", "token": None}))
        assert json.loads(watcher.recv(timeout=10))["type"] == "state"
        for viewport, seat, name in ((LAPTOP, 1, "Bo"), (PHONE, 2, "Cem")):  # Cem's seat is the last open one
            page = browser.new_page(viewport=viewport, locale=LOCALES[lang])
            page.clock.install()  # the page's 5 s reads run on a clock the test moves on, not waited for
            refused = []
            page.on("websocket", lambda ws: ws.on("close", lambda _: refused.append(True)))  # noqa: B023
            reads = []
            page.on("request", lambda r: reads.append(r) if f"/api/invites/{code}?" in r.url else None)  # noqa: B023
            page.goto(f"{live_server}/join/{code}")
            page.wait_for_selector(f"body[data-ready='1'] li[data-seat='{seat}'] button.take")
            deadline = time.monotonic() + 10
            while not refused:  # the table has its spectator: the page's socket is closed
                assert time.monotonic() < deadline, "the spectator socket was not refused"
                page.wait_for_timeout(100)
            assert httpx.post(f"{live_server}/api/invites/{code}/join",
                              json={"seat": seat, "name": name}).status_code == 200
            taken = page.locator(f"li[data-seat='{seat}'][data-kind='human']")
            page.clock.run_for(5_000)
            taken.wait_for(timeout=5_000)  # read again within the 5 s
            assert name in taken.text_content() and taken.locator("button.take").count() == 0
            shot(page, f"invite-polled-{lang}-{viewport['width']}")
            assert serious_violations(page) == []
            if viewport is PHONE:  # the table is full: the page says so and reads the invite no more
                page.wait_for_selector("#join li[data-kind='open']", state="detached")
                before = len(reads)
                page.clock.run_for(12_000)
                page.wait_for_timeout(500)  # a read started would be seen by now
                assert len(reads) == before, "the invite was read again after the table was full"
            page.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_invite_page_says_the_deal_is_fixed_and_refuses_a_lookalike_name_in_its_language(
        browser, live_server: str, lang: str) -> None:  # noqa: F811
    """Issue 31: whoever opens the invite reads that the deal was fixed before anyone sat down (and that the host
    may know it, where the host chose the seed); a name like a seated one is refused in the page's language."""
    import httpx

    words = {"en": ("the deal is fixed before anyone takes a seat", "anyone who knows it can work out every hand",
                    '"\u0410da" looks like "Ada" (Seat 1)'),
             "de": ("die Kartenverteilung steht fest, bevor jemand Platz nimmt",
                    "wer ihn kennt, kann jedes Blatt ausrechnen", "„\u0410da“ sieht aus wie „Ada“ (Platz 1)")}[lang]
    page = browser.new_page(viewport=LAPTOP, locale=LOCALES[lang])  # a browser speaking the language
    for seed, chosen in ((None, False), (7, True)):
        res = httpx.post(f"{live_server}/api/tables", json={
            "game": "colors", "players": 2, "seed": seed,
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "open"}]})
        assert res.status_code == 201, res.text
        page.goto(f"{live_server}/join/{res.json()['invite']['code']}")
        page.wait_for_selector("body[data-ready='1'] #deal-fixed")
        said = page.locator("#deal-fixed").text_content()
        assert words[0] in said and (words[1] in said) == chosen, said
    page.fill("#join-name", "\u0410da")
    page.click("li[data-seat='1'] button.take")
    page.wait_for_selector("#join [role=alert]")
    assert words[2] in page.locator("#join [role=alert]").text_content()
    assert page.locator("li[data-seat='1'] button.take").count() == 1  # still open


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_private_seat_link_asks_its_person_s_name_once(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """A fresh user's finding: the friend who opened a private seat link played under the host's name for them without
    being asked. The lobby's private link asks the name when first opened (the host's prefilled, on a phone), refuses
    one like another seat's in the page's language, and the table opens under the name given; a reload with the seat
    kept asks no more. The host's own seat is not asked."""
    import httpx

    words = {"en": ("What is your name?", '"„Ada“" looks like "Ada" (Seat 1); choose a name that reads differently.',
                    "You chose your name."),
             "de": ("Wie heißt du?", "„„Ada““ sieht aus wie „Ada“ (Platz 1); wähle einen Namen, der sich anders liest.",
                    "Du hast deinen Namen gewählt.")}[lang]
    host = browser.new_page(viewport=LAPTOP)
    host.goto(f"{live_server}/?lang=en")
    host.wait_for_selector("body[data-ready='1']")
    host.click("li[data-game='colors'] button.choose")
    host.select_option("#players", "3")
    host.fill("#your-name", "Ada")
    host.select_option("#kind-1", "human")
    host.select_option("#kind-2", "human")
    host.fill(".seat-row[data-seat='1'] input.name", "Bo")  # the host names the friend's seat; seat 3 stays unnamed
    host.click("#create")
    host.wait_for_selector("#links")
    links = [host.locator("#link-list a.seat-link").nth(i).get_attribute("href") for i in range(2)]
    host.click("a.table-link")
    host.wait_for_selector(".seat-chip.me")
    assert host.locator("#name-ask").count() == 0  # the host's own seat: the name typed in the lobby
    tid = table_id(host)
    page = browser.new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()
    page.goto(f"{live_server}{links[0]}")
    page.wait_for_selector("#name-ask #seat-name")
    assert page.locator("#name-ask h2").text_content() == words[0] and page.input_value("#seat-name") == "Bo"
    shot(page, f"private-link-name-{lang}-phone")
    page.fill("#seat-name", "„Ada“")
    page.click("#name-ask button[type=submit]")
    page.wait_for_selector("#name-ask [role=alert]")
    assert page.locator("#name-ask [role=alert]").text_content() == words[1]
    shot(page, f"private-link-name-refused-{lang}-phone")
    assert serious_violations(page) == []  # axe-core: the asked name, its label and the refusal
    page.fill("#seat-name", " Bea ")
    page.click("#name-ask button[type=submit]")
    page.wait_for_selector("#name-ask", state="detached")
    page.wait_for_selector(".seat-chip.me")
    assert "Bea" in page.locator(".seat-chip.me").text_content()
    shot(page, f"private-link-named-{lang}-phone")
    ada = httpx.get(f"{live_server}/api/tables/{tid}/view?lang=en",
                    headers={"Authorization": f"Bearer {seat_token(host, tid)}"}).json()
    assert ada["seats"][1]["name"] == "Bea" and [e["text"] for e in ada["log"] if e.get("kind") == "seat"] == [
        "Bea chose this name."]
    page.reload()
    page.wait_for_selector(".seat-chip.me")
    assert page.locator("#name-ask").count() == 0 and "Bea" in page.locator(".seat-chip.me").text_content()
    assert words[2] in page.locator("ol.log").text_content()
    fresh = browser.new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()  # the seat the host left unnamed
    fresh.goto(f"{live_server}{links[1]}")
    fresh.wait_for_selector("#name-ask #seat-name")
    assert fresh.input_value("#seat-name") == "" and fresh.locator("#name-ask button[type=submit]").is_disabled()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_invite_page_of_a_finished_match_says_it_is_over_and_links_its_replay(
        browser, live_server: str, lang: str) -> None:  # noqa: F811
    """Fresh-user report (51-invite-full): the invite of a finished match said "this match has started"; it says
    the match is over and offers its replay and review (as a spectator saw it)."""
    import httpx

    with httpx.Client(base_url=live_server) as client:
        table = finished_invited(client)
    page = browser.new_page(viewport=PHONE, locale=LOCALES[lang])
    page.goto(f"{live_server}/join/{table['invite']['code']}")
    page.wait_for_selector("body[data-ready='1'] #join-over")
    said = {"en": ("This match is over: nobody joins it any more.", "Step through and review the match"),
            # chips D1: the match is the "Spiel" (a "Partie" is one round), as chips' table says it
            "de": ("Dieses Spiel ist vorbei: niemand kann mehr mitspielen.", "Spiel nachspielen und analysieren")}
    assert page.locator("#join-over").text_content() == said[lang][0]
    assert page.locator("#join").text_content().count(said[lang][0]) == 1 and "begonnen" not in page.content()
    # nothing to watch live any more: the replay and review alone (it offered "Watch" beside "this match is over")
    assert page.locator("#join a").all_text_contents() == [said[lang][1]]
    shot(page, f"invite-over-{lang}")
    page.click("#join a.replay-link")
    page.wait_for_url("**/replay**")  # mid-navigation the page has no body yet (once seen in CI: "null.dataset")
    page.wait_for_function("document.body?.dataset.ready === '1'")
    assert body(page, "seat") == "spectator" and body(page, "n") == "0"


def test_the_invite_of_a_started_match_names_it_in_the_game_s_words(browser, live_server: str) -> None:  # noqa: F811
    """chips D1: the match is the "Spiel" (a "Partie" is one round): a started chips table's invite says "Dieses
    Spiel hat schon begonnen." in German, another game's "Diese Partie …", each from its game's words."""
    import httpx

    page = browser.new_page(viewport=PHONE, locale=LOCALES["de"])
    for game, said in (("chips", "Dieses Spiel hat schon begonnen."), ("colors", "Diese Partie hat schon begonnen.")):
        table = httpx.post(f"{live_server}/api/tables", json={"game": game, "players": 2, "seats": [
            {"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]}).json()
        page.goto(f"{live_server}/join/{table['invite']['code']}")
        page.wait_for_selector("body[data-ready='1'] .seat-list")
        assert page.locator("#join > p").first.text_content() == said
    page.close()
