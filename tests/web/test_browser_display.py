"""Phones as hands around one screen (issue 34, item 3), in a real browser (marker ``browser``).

One display context (a TV at 1920×1080) sets the table up from the lobby as a shared screen and shows the invite
as a QR code; three phone contexts (390×844) open the invite link it shows, take seats with names and play a
whole colors match (one round; a bot fills the fourth seat) in the hand view, by clicking. Every frame the display
receives goes through the hidden-information audit of ``test_hidden_information`` (:class:`Witness`) against a
replica of the stored match: the display never receives a card the spectator may not see. On the display the
smallest card text is at least 28 px (computed styles), and the log, turn and scores follow the match live.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import playwright.sync_api as playwright_api
import pytest

from kartentisch.games import get_game
from kartentisch.kernel import Match
from kartentisch.web.display import qr_svg
from kartentisch.web.store import Store
from tests.conftest import GAME_IDS

from .browser_kit import (
    CLICKABLE,
    LOCALES,
    PHONE,
    TOKEN_LIKE,
    api_frame,
    body,
    browser,  # noqa: F401  (the module's Chromium fixture)
    play_match,
    play_one,
    shot,
)
from .test_browser_a11y import serious_violations
from .test_browser_hardening import COLLECT, violations
from .test_hidden_information import Witness, codes_in

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
#: What a phone in the hand view may click: only what it shows (the hidden table's objects are offered as buttons).
VISIBLE = ", ".join(f"{part.strip()}:visible" for part in CLICKABLE.split(","))
#: The card texts of the display (value, colour symbol, caption) whose computed size is measured.
CARD_TEXT = "#zones .card b, #zones .card i, #zones .card small"


def smallest_card_text(page: playwright_api.Page) -> tuple[int, float]:
    """How many card texts the display draws, and the smallest computed font size among them (px)."""
    sizes = page.eval_on_selector_all(CARD_TEXT, "els => els.filter(e => e.textContent.trim() && e.offsetParent)"
                                                 ".map(e => parseFloat(getComputedStyle(e).fontSize))")
    return len(sizes), min(sizes, default=0.0)


def audit(db_url: str, table: str, frames: list[dict[str, Any]]) -> int:
    """Run every spectator frame of the display, in the order received, through the frame audit against a replica
    of the stored match (its seed and moves); returns how many were checked."""
    record = Store(db_url).load(table)
    assert record is not None and record.events
    game = get_game(record.game)
    replica = Match(game, record.players, record.options, record.seed)
    cards = set(replica.state.cards())
    witness = Witness(game, None, cards, "en")
    witness.observe(replica.state)
    applied = 0
    for frame in frames:
        while applied < frame["n"]:
            seat, token = record.events[applied]
            witness.observe_token(replica.state, seat, token)
            replica.apply(seat, token)
            witness.observe(replica.state)
            applied += 1
        witness.check(frame, replica.state, f"display frame n={frame['n']}")
    assert replica.state.game_over, "the display saw the match to its end"
    assert codes_in(replica.state.to_doc(), cards) - witness.seen, "cards stayed hidden: the audit had work to do"
    return len(frames)


def test_a_display_and_three_phones_play_a_whole_match(browser, live_server: str, db_url: str) -> None:  # noqa: F811
    display = browser.new_context(viewport=TV).new_page()
    received: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []

    def listen(ws: playwright_api.WebSocket) -> None:
        ws.on("framereceived", lambda payload: received.append(json.loads(payload)))
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))

    display.on("websocket", listen)
    display.goto(f"{live_server}/?lang=en")
    display.wait_for_selector("body[data-ready='1']")
    display.click("li[data-game='colors'] button.choose")
    display.select_option("#players", "4")
    display.check("#shared-screen")
    for seat in (1, 2):
        display.select_option(f"#kind-{seat}", "open")
    display.select_option("#kind-3", "medium")
    display.click("#more-options summary")
    display.fill("#opt-max_rounds", "1")
    display.fill("#seed", "5")
    display.click("#create")
    display.wait_for_url("**/display/**")
    table = display.url.split("/display/")[1].split("?")[0]
    invite = display.locator("[data-zone=invite]")
    invite.wait_for()
    shown = invite.locator(".invite-url").text_content()
    assert shown.startswith(f"{live_server}/join/") and shown.endswith("?view=hand")  # no language: each their own
    # the QR code encodes exactly the link shown beside it
    src = invite.locator("img.qr").get_attribute("src")
    svg = httpx.get(f"{live_server}{src}")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text == qr_svg(shown) and f"<title>{shown.replace('&', '&amp;')}</title>" in svg.text
    assert display.locator("img.qr").evaluate("img => img.complete && img.naturalWidth > 0")
    assert display.locator("[data-zone=turn], ol.totals li.to-act").count() == 0  # nobody acts while seats are free
    assert serious_violations(display) == []
    shot(display, "display-invite")

    phones = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page() for _ in range(3)]
    for phone, name in zip(phones, ("Ana", "Ben", "Cem"), strict=True):
        phone.goto(shown)
        phone.wait_for_selector("body[data-ready='1'] .seat-list")
        phone.fill("#join-name", name)
        phone.locator("li[data-kind='open'] button.take").first.click()
        phone.wait_for_selector("body[data-phase]")
        assert "view=hand" in phone.url
    for phone in phones:
        phone.wait_for_function("document.body.dataset.phase === 'play'")
    display.wait_for_selector("[data-zone=invite]", state="detached")
    display.wait_for_selector("[data-zone=turn]")

    # a phone: its own hand and its choices, nothing of the others, the log or the scores; the middle of the
    # table only while it decides
    for phone in phones:
        assert phone.locator("[data-zone=my-hand] .card").count() > 0
        assert phone.locator("[data-zone=my-hand]").is_visible() and phone.locator("#decision").is_visible()
        for hidden in ("#zones .kt-others", "#log", "#scores", "#chat", "#seats-bar"):
            assert not phone.locator(hidden).is_visible(), hidden
        assert phone.locator("#zones .kt-middle").is_visible() == (body(phone, "acting") == "1")
    assert [body(phone, "acting") for phone in phones] == ["1", "0", "0"]  # colors: seat 1 begins (R3)
    shot(phones[0], "display-phone")
    shot(phones[1], "display-phone-waiting")

    rng = random.Random(34)
    for _ in range(3):  # a few moves, then look at the display mid-match
        for p in phones:
            play_one(p, rng, clickable=VISIBLE)
    display.wait_for_function("document.querySelectorAll('.display-log li').length > 0")
    count, smallest = smallest_card_text(display)
    assert count > 10 and smallest >= 28, (count, smallest)
    assert display.locator("[data-zone=my-hand]").count() == 0  # no hand on the shared screen
    shot(display, "display-tv")
    assert serious_violations(display) == [] and serious_violations(phones[0]) == []
    text = display.locator("#app").inner_text()
    assert not TOKEN_LIKE.search(text), TOKEN_LIKE.search(text)

    play_match(phones, rng, clickable=VISIBLE)
    display.wait_for_function("document.body.dataset.gameOver === '1'")
    final = httpx.get(f"{live_server}/api/tables/{table}/view?lang=en").json()
    assert display.locator(".display-log li").last.text_content() == final["log"][-1]["text"]
    shown_totals = {int(li.get_attribute("data-seat")): li.locator(".total").text_content().replace("−", "-")
                    for li in display.locator("ol.totals li").all()}
    assert shown_totals == {s: str(total) for s, total in enumerate(final["view"]["totals"])}
    winners = [int(li.get_attribute("data-seat")) for li in display.locator("ol.totals li.winner").all()]
    assert sorted(winners) == sorted(final["view"]["winners"])
    shot(display, "display-over")

    # the display signed in as a spectator (no token) and every frame it got passes the audit
    assert [m for m in sent if m.get("type") == "auth"] == [{"type": "auth", "token": None}]
    states = [m for m in received if m.get("type") == "state"]
    assert all(m["seat"] is None and m["legal"] == [] for m in states)
    assert audit(db_url, table, states) == len(states) > final["n"] // 2


def test_the_display_speaks_german(browser, live_server: str) -> None:  # noqa: F811
    """The display's own words in German, the server's (log, phase) too; before the start the invite's QR code.
    Under the server's Content-Security-Policy (no violation)."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3, "seats": [{"kind": "open"}, {"kind": "bot", "bot": "random"}]})
    assert res.status_code == 201
    created = res.json()
    context = browser.strict.new_context(viewport=TV, locale=LOCALES["de"])
    context.add_init_script(COLLECT)
    page = context.new_page()
    page.goto(f"{live_server}/")  # the invite is known to the browser that made the table
    page.evaluate(f"localStorage.setItem('kartentisch.invite.{created['id']}', '{created['invite']['url']}')")
    page.evaluate(f"localStorage.setItem('kartentisch.host.{created['id']}', '{created['host_token']}')")
    page.goto(f"{live_server}/display/{created['id']}")
    page.wait_for_selector("[data-zone=invite] img.qr")
    assert "Mit dem Handy scannen" in page.locator("[data-zone=invite]").text_content()
    assert page.locator("header h1").text_content().startswith("Tischanzeige")
    shown = page.locator("[data-zone=invite] .invite-url").text_content()
    assert shown.endswith(f"/join/{created['invite']['code']}?view=hand")  # no language: each their own
    assert qr_of(page, live_server, page.locator("img.qr")) == shown
    assert "Runde 1" in page.locator("header .round").text_content()
    assert violations(page, live_server) == []
    shot(page, "display-invite-de")
    page.click("[data-zone=invite] button.fill-bot[data-seat='0']")  # the host lets a bot play the free seat
    page.wait_for_selector("[data-zone=invite]", state="detached")
    page.wait_for_selector("[data-zone=turn], body[data-game-over='1']")  # two bots: the match runs by itself
    assert page.locator("ol.totals li[data-seat='0'] .name").text_content().startswith("Bot")
    assert violations(page, live_server) == []


def test_a_phone_opening_the_display_gets_one_column(browser, live_server: str) -> None:  # noqa: F811
    """The display opened on a phone (390×844): the scores and the log go below the table, so each seat's panel is
    wide enough for its words (before: a side column of 24 % left each of three panels ~70 px, "Handkarten" broke
    inside the word)."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 3, "seed": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3})
    assert res.status_code == 201
    page = browser.new_context(viewport=PHONE, locale=LOCALES["de"]).new_page()
    page.goto(f"{live_server}/display/{res.json()['id']}")
    page.wait_for_selector("ol.totals li")
    # both boxes in one layout: the bots play on, and two reads could straddle a redraw
    stage_bottom, side_top = page.evaluate("""() => [
      document.querySelector('main#display .stage').getBoundingClientRect().bottom,
      document.querySelector('main#display .side').getBoundingClientRect().top]""")
    assert side_top >= stage_bottom
    # no word of a seat's panel breaks across lines: a range over each word has its boxes on one line
    broken = page.locator("#zones .kt-others").evaluate("""root => {
      const out = [], walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        for (const m of node.textContent.matchAll(/\\S+/g)) {
          const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
          if (new Set([...r.getClientRects()].map((box) => Math.round(box.top))).size > 1) out.push(m[0]);
        }
      }
      return out; }""")
    assert broken == []
    shot(page, "display-phone-de")


def qr_of(page: playwright_api.Page, base: str, image: playwright_api.Locator) -> str:
    """The text the QR code ``image`` on ``page`` encodes (its SVG's title), after checking that the SVG is exactly
    segno's code of that text and that the browser drew it."""
    svg = httpx.get(f"{base}{image.get_attribute('src')}").text
    text = svg.split("<title>")[1].split("</title>")[0].replace("&amp;", "&")
    assert svg == qr_svg(text)
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    return text


def test_the_lobby_and_the_waiting_table_show_the_invite_as_a_qr_code(browser, live_server: str) -> None:  # noqa: F811
    page = browser.new_context(viewport=PHONE, locale=LOCALES["de"]).new_page()
    page.goto(f"{live_server}/?game=colors")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#your-name", "Ada")
    page.click("#create")  # seat 2 is a friend's (the invite link)
    links = page.locator("#links")
    links.wait_for()
    shown = links.locator(".invite-url").text_content()
    assert qr_of(page, live_server, links.locator("img.qr")) == shown and "/join/" in shown and "lang" not in shown
    assert links.locator("a.display-link").text_content() == "Tischanzeige öffnen"
    shot(page, "display-lobby-qr", full_page=True)
    page.click("a.table-link")
    waiting = page.locator("[data-zone=waiting]")
    waiting.wait_for()
    assert qr_of(page, live_server, waiting.locator("img.qr")) == waiting.locator(".invite-url").text_content()


def test_a_phone_in_the_hand_view_sees_the_card_it_drew(browser, live_server: str) -> None:  # noqa: F811
    """grid: the drawn card lies in the middle of the table, seen by the drawer alone while it is hidden (grid D8);
    a phone in the hand view shows the middle while it decides, so it can place the card it holds."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "grid", "players": 2, "seed": 4,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]})
    assert res.status_code == 201
    created = res.json()
    phones = []
    for seat in created["seats"]:
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(f"{live_server}/t/{created['id']}?view=hand&lang=en#seat={seat['token']}")
        phone.wait_for_selector("body[data-phase]")
        phones.append(phone)
    rng = random.Random(8)
    for _ in range(40):
        holding = [p for p in phones if p.locator("#zones .kt-held").count() and body(p, "acting") == "1"]
        if holding:
            break
        for p in phones:
            play_one(p, rng, clickable=VISIBLE)
    assert holding, "nobody drew a card in 40 rounds of clicks"
    assert holding[0].locator("#zones .kt-held .card").is_visible()
    assert not holding[0].locator("#zones .kt-others").is_visible()
    shot(holding[0], "display-phone-grid-held")


def test_the_display_counts_down_the_clock_of_the_seat_to_act(browser, live_server: str) -> None:  # noqa: F811
    """A frame whose seat to act has a clock (``seats[s].clock``, seconds left: the table clocks of issue 32) shows
    it beside whose turn it is, counting down; a frame without one shows none. The clock is put into the server's
    frames on their way to the page (this table has no clock of its own)."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]})
    assert res.status_code == 201
    table = res.json()["id"]
    page = browser.new_context(viewport=TV).new_page()
    page.goto(f"{live_server}/display/{table}?lang=en")
    page.wait_for_selector("[data-zone=turn]")
    assert page.locator("[data-zone=turn] .clock").count() == 0  # no clock in the frame: none shown

    def with_clock(ws: playwright_api.WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "state":
                for seat in frame["view"]["to_act"]:
                    frame["seats"][seat]["clock"] = 42.0
            ws.send(json.dumps(frame))

        server.on_message(to_page)

    page.route_web_socket("**/ws/tables/**", with_clock)
    page.reload()
    clock = page.locator("[data-zone=turn] .clock[data-seat='0']")
    clock.wait_for()
    first = int(clock.text_content().split()[1])
    assert 40 <= first <= 42 and clock.text_content() == f"◷ {first} s left"
    page.wait_for_timeout(2100)
    assert int(clock.text_content().split()[1]) < first


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_s_card_text_is_readable_on_the_display(browser, live_server: str, game: str) -> None:  # noqa: F811
    """At 1920×1080 no card text of any game's table is under 28 px (each game's own sizes are overruled), and
    the table fits the screen's width."""
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": game, "players": 4, "seed": 2,
        "seats": [{"kind": "human", "name": n} for n in ("Ana", "Ben", "Cem", "Dai")]})
    assert res.status_code == 201, res.text
    table = res.json()
    rng = random.Random(game)
    for _ in range(12):  # a few random moves, so that cards lie open on the table
        for seat in table["seats"]:
            legal = api_frame(live_server, table["id"], seat["token"])["legal"]
            if legal:
                headers = {"Authorization": f"Bearer {seat['token']}"}
                moved = httpx.post(f"{live_server}/api/tables/{table['id']}/actions", headers=headers,
                                   json={"action": rng.choice(legal)})
                assert moved.status_code == 200, moved.text
    page = browser.new_context(viewport=TV).new_page()
    page.goto(f"{live_server}/display/{table['id']}?lang=en")
    page.wait_for_selector("#zones .card")
    count, smallest = smallest_card_text(page)
    assert count > 0 and smallest >= 28, (count, smallest)
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    shot(page, f"display-{game}")
