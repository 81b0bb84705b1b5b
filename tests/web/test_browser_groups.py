"""A group ("Spielrunde", issue 34) in a real browser (marker ``browser``): started from the lobby, joined by two
people in two browsers, a table started from the group's page, and its standings after the match; screenshots of
the standings page at laptop and phone size in English and German."""

from __future__ import annotations

import re
import time
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import sqlalchemy

from kartentisch.web.group_store import matches_t

from .browser_kit import (
    LAPTOP,
    LOCALES,
    PHONE,
    TOKEN_LIKE,
    browser,  # noqa: F401  (the module's Chromium fixture)
    check_limit_note,
    shot,
)
from .conftest import auth
from .test_browser_a11y import serious_violations
from .test_browser_hardening import COLLECT, violations

pytestmark = pytest.mark.browser


def finish(base: str, table_id: str, tokens: list[str]) -> None:
    """Every person's first legal move in turn, through the API, until the match is over (a bot at the table
    moves by itself: then wait for it)."""
    for _ in range(3000):
        frames = [httpx.get(f"{base}/api/tables/{table_id}/view", headers=auth(t)).json() for t in tokens]
        if frames[0]["view"]["game_over"]:
            return
        move = next(((t, f["legal"][0]) for t, f in zip(tokens, frames, strict=True) if f["legal"]), None)
        if move is None:  # a bot's turn: it moves by itself
            time.sleep(0.02)
            continue
        token, action = move
        httpx.post(f"{base}/api/tables/{table_id}/actions", headers=auth(token),
                   json={"action": action}).raise_for_status()
    raise AssertionError("the match did not end")


def test_two_members_play_from_the_group_and_see_its_standings(browser, live_server: str) -> None:  # noqa: F811
    ana = browser.new_context(viewport=LAPTOP, locale=LOCALES["en"]).new_page()
    ana.goto(f"{live_server}/")
    ana.wait_for_selector("body[data-ready='1'] #new-group")
    ana.fill("#group-name", "Thursday evenings")
    ana.click("#create-group")
    ana.wait_for_url("**/g/**")
    ana.wait_for_selector("body[data-ready='1'] #member-name")
    ana.fill("#member-name", "Ana")
    ana.click("#join-button")
    ana.wait_for_selector("text=You play here as Ana.")
    link = ana.locator("#group-url").text_content()
    assert link.startswith(live_server) and "/g/" in link and "lang" not in link  # each reads it in their own
    code = link.split("/g/")[1]

    ben = browser.new_context(viewport=PHONE, locale=LOCALES["de"]).new_page()  # a German browser
    ben.clock.install()  # the page's timers run on a clock the test moves on: its look every 10 s, not a wait for it
    ben.goto(link)
    ben.wait_for_selector("body[data-ready='1'] #member-name")
    assert "Der Spielrunde beitreten" in ben.locator("#join").inner_text()
    ben.fill("#member-name", "Ben")
    ben.click("#join-button")
    ben.wait_for_selector("text=Du spielst hier als Ben.")
    ben_key = ben.evaluate(f"localStorage.getItem('kartentisch.group.{code}')")

    ana.reload()
    ana.wait_for_selector("body[data-ready='1'] #start-table")
    assert ana.locator("#start input[type=checkbox]:checked").count() == 2  # Ana and Ben
    ana.select_option("#group-game", "colors")
    assert ana.locator("#group-length option").all_inner_texts() == [
        "Short (to 15 points)", "Medium (to 30 points)", "Long (to 70 points)"]
    ana.select_option("#group-length", label="Short (to 15 points)")
    # hints as the lobby offers them: off where two people play, unless the one who starts it allows them
    assert not ana.is_checked("#start #hints")
    assert "Hints allowed" in ana.locator("#start [data-option=hints]").inner_text()
    ana.check("#start #hints")
    started: list[dict] = []
    ana.on("request", lambda r: started.append(r.post_data_json) if r.url.split("?")[0].endswith("/tables") else None)
    ana.click("#start-table")
    ana.wait_for_url("**/t/**")
    seat_url = urlsplit(ana.url)  # /t/<table>#seat=<token>&host=…, no language (each person reads it in their own)
    fragment = parse_qs(seat_url.fragment)
    table_id, ana_token = seat_url.path.split("/t/")[1], fragment["seat"][0]
    assert "lang" not in ana.url
    assert started == [{"game": "colors", "seats": [{"member": 1}, {"member": 2}], "options": {"target_score": 15},
                        "hints": True}]
    assert httpx.get(f"{live_server}/api/tables/{table_id}/view").json()["hints"] is True
    # Ana started it: her browser holds its host token, as the lobby's host does (a fresh user's host had no removal
    # at a group's table); the server takes it as the host's (409: Ben is not gone yet, not 401: not the host)
    host = ana.evaluate(f"localStorage.getItem('kartentisch.host.{table_id}')")
    assert fragment["host"] == [host]  # and her own link carries it, to her phone too
    res = httpx.post(f"{live_server}/api/tables/{table_id}/seats/1/remove", json={}, headers=auth(host or ""))
    assert res.status_code == 409, res.text
    group = httpx.get(f"{live_server}/api/groups/{code}", headers=auth(ben_key)).json()
    ben_token = group["matches"][0]["url"].split("#seat=")[1]  # Ben's own seat, shown on his group page
    # Ben's open page shows the new table without a reload (a fresh user's friend saw "Nothing played yet")
    ben.clock.run_for(10_000)
    ben.wait_for_selector("#matches a:has-text('Zu meinem Platz')", timeout=5_000)
    assert re.search(r"läuft · begonnen \d{1,2}:\d\d", ben.locator("#matches li").first.inner_text())
    finish(live_server, table_id, [ana_token, ben_token])

    ben.clock.run_for(10_000)
    ben.wait_for_selector(".game-standings[data-game=colors]", timeout=5_000)  # and the result, still no reload
    rows = ben.locator(".game-standings tbody tr")
    assert rows.count() == 2 and {rows.nth(i).get_attribute("data-player") for i in range(2)} == {"Ana", "Ben"}
    assert ben.locator("#standings-title").inner_text() == "Tabelle"
    assert ben.locator(".game-standings svg.chart circle").count() == 2
    assert "Farblücke" in ben.locator(".game-standings h3").inner_text()
    table_text = ben.locator(".game-standings table").inner_text()
    assert re.search(r"\d,\d", table_text) and not re.search(r"\d\.\d", table_text)  # German decimals: 3,4
    assert "Zu meinem Platz" in ben.locator("#matches").inner_text()
    for page in (ana, ben):
        page.goto(f"{live_server}/g/{code}")
        page.wait_for_selector("body[data-ready='1'] #standings .game-standings")
        text = page.locator("main").inner_text()
        assert not TOKEN_LIKE.search(text) and code not in text and table_id not in text, text
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing sideways
    # a second match, with a bot: the chart draws lines, and the bot is marked and can be left out
    ana_key = ana.evaluate(f"localStorage.getItem('kartentisch.group.{code}')")
    second = httpx.post(f"{live_server}/api/groups/{code}/tables", headers=auth(ana_key), json={
        "game": "colors", "options": {"max_rounds": 1}, "seats": [{"member": 2}, {"member": 1}, {"bot": "random"}]})
    second.raise_for_status()
    keys = [ben_key, ana_key]
    tokens = [next(m["url"] for m in httpx.get(f"{live_server}/api/groups/{code}", headers=auth(k)).json()["matches"]
                   if m["url"].startswith(f"/t/{second.json()['id']}")).split("#seat=")[1] for k in keys]
    finish(live_server, second.json()["id"], tokens)
    ana.goto(f"{live_server}/g/{code}")
    ana.wait_for_selector("body[data-ready='1'] .game-standings tr[data-bot]")
    assert ana.locator(".game-standings tbody tr").count() == 3
    ana.uncheck("#with-bots")
    ana.wait_for_function("!document.querySelector('.game-standings tr[data-bot]')")
    assert ana.locator(".game-standings tbody tr").count() == 2
    assert "bots=false" in ana.locator("#csv").get_attribute("href")
    for page, size, langs in ((ana, "laptop", ("en", "de")), (ben, "phone", ("de", "en"))):
        for lang in langs:  # the browser's own language, then the other one chosen with the language button
            if lang != langs[0]:
                page.click("#lang button.lang")
            page.goto(f"{live_server}/g/{code}")
            page.wait_for_selector("body[data-ready='1'] #standings .game-standings")
            assert page.locator("#standings-title").inner_text() == {"en": "Standings", "de": "Tabelle"}[lang]
            page.locator("#standings").scroll_into_view_if_needed()
            shot(page, f"group-standings-{size}-{lang}", full_page=True)


def test_the_group_page_works_under_the_policy_and_has_no_serious_violations(browser, live_server: str) -> None:  # noqa: F811
    """The page draws its standings and chart under the Content-Security-Policy (nothing inline), and axe-core finds
    no serious or critical violation on it, in German, with a member and without."""
    code = httpx.post(f"{live_server}/api/groups", json={"name": "Runde"}).json()["code"]
    key = httpx.post(f"{live_server}/api/groups/{code}/members", json={"name": "Ana"}).json()["key"]
    table = httpx.post(f"{live_server}/api/groups/{code}/tables", headers=auth(key), json={
        "game": "colors", "options": {"max_rounds": 1}, "seats": [{"bot": "random"}, {"bot": "heuristic"}]}).json()
    for _ in range(500):
        if httpx.get(f"{live_server}/api/tables/{table['id']}/view").json()["view"]["game_over"]:
            break
        time.sleep(0.05)
    # the server's policy, violations collected; and a page for axe-core, injected as a script the policy forbids
    strict = browser.strict.new_context(viewport=PHONE, locale=LOCALES["de"])
    strict.add_init_script(COLLECT)
    checked = browser.new_context(viewport=PHONE, locale=LOCALES["de"])
    for context in (strict, checked):
        page = context.new_page()
        page.goto(f"{live_server}/g/{code}")
        page.wait_for_selector("body[data-ready='1'] #standings svg.chart")
        assert page.locator("#standings-title").inner_text() == "Tabelle"
        if context is checked:
            assert serious_violations(page) == []
        page.evaluate(f"localStorage.setItem('kartentisch.group.{code}', {key!r})")
        page.reload()
        page.wait_for_selector("body[data-ready='1'] #start-table")
        if context is checked:
            assert serious_violations(page) == []
        else:
            assert violations(page, live_server) == []
        context.close()


def test_the_chart_fills_its_width_and_the_bots_fit_the_game(browser, live_server: str) -> None:  # noqa: F811
    """A fresh user: the rating chart used half the width at laptop size, and the bot count offered 0–7 whatever the
    game. The chart now spans its section at laptop and phone size (its labels stay at their size), and the bots
    offered are those the chosen game's player range leaves beside the people chosen (chips 2–4, colors 2–6)."""
    code = httpx.post(f"{live_server}/api/groups", json={"name": "Runde"}).json()["code"]
    keys = [httpx.post(f"{live_server}/api/groups/{code}/members", json={"name": name}).json()["key"]
            for name in ("Ana", "Ben")]
    table = httpx.post(f"{live_server}/api/groups/{code}/tables", headers=auth(keys[0]), json={
        "game": "colors", "options": {"max_rounds": 1}, "seats": [{"bot": "random"}, {"bot": "heuristic"}]}).json()
    for _ in range(500):
        if httpx.get(f"{live_server}/api/tables/{table['id']}/view").json()["view"]["game_over"]:
            break
        time.sleep(0.05)
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = browser.new_context(viewport=viewport, locale=LOCALES["en"]).new_page()
        page.goto(f"{live_server}/g/{code}")
        page.evaluate(f"localStorage.setItem('kartentisch.group.{code}', {keys[0]!r})")
        page.reload()
        page.wait_for_selector("body[data-ready='1'] #standings svg.chart")
        # the finished table offers its replay, not "Watch": nothing to watch live any more
        link = page.locator("#matches a")
        assert link.text_content() == "Replay" and link.get_attribute("href").endswith("/replay?n=0&seat=spectator")
        chart = page.locator("#standings svg.chart").bounding_box()
        section = page.evaluate("(() => { const s = getComputedStyle(document.querySelector('#standings'));"
                                " return document.querySelector('#standings').clientWidth"
                                " - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); })()")
        assert chart["width"] >= 0.95 * section, (size, chart, section)
        label = page.locator("#standings svg.chart text").first.bounding_box()
        assert 10 <= label["height"] <= 30, (size, label)  # the labels keep their size, not scaled with the chart
        page.locator("#standings").scroll_into_view_if_needed()
        shot(page, f"group-chart-{size}")
        if size == "laptop":
            for game, most in (("chips", 2), ("colors", 4), ("mayhem", 6)):
                page.select_option("#group-game", game)
                assert page.locator("#group-bots option").all_inner_texts() == [str(n) for n in range(most + 1)], game
            page.select_option("#group-bots", "4")
            page.uncheck("#start input[data-member='2']")  # Ben does not play: one more bot fits colors
            page.select_option("#group-game", "chips")
            assert page.locator("#group-bots option").all_inner_texts() == ["0", "1", "2", "3"]
            assert page.locator("#group-bots").input_value() == "3"  # 4 bots do not fit chips: as many as fit
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_group_s_name_fields_say_their_limit(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """The group's name (lobby) and a member's name (group page) show the same limit note as the chat box and the
    lobby's and invite's name fields (LimitNote): the characters left near the limit, and when it is reached."""
    page = browser.new_context(viewport=LAPTOP, locale=LOCALES[lang]).new_page()
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1'] #new-group")
    check_limit_note(page, "#group-name", "#group-name-limit", 80, lang)
    page.locator("#new-group").scroll_into_view_if_needed()
    shot(page, f"group-name-limit-{lang}")
    page.click("#create-group")
    page.wait_for_url("**/g/**")
    page.wait_for_selector("body[data-ready='1'] #member-name")
    check_limit_note(page, "#member-name", "#member-name-limit", 80, lang)
    shot(page, f"group-member-limit-{lang}")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_double_click_starts_one_group(browser, live_server: str, db_url: str, lang: str) -> None:  # noqa: F811
    """A fresh user double-clicked "Spielrunde gründen" and got two groups of that name (the first one orphaned);
    the lobby's "Create table" already made one table. Now one group, and the browser lands on it."""
    page = browser.new_context(viewport=LAPTOP, locale=LOCALES[lang]).new_page()
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1'] #new-group")
    page.fill("#group-name", "Donnerstagsrunde 🃏")
    page.dblclick("#create-group")
    page.wait_for_url("**/g/**")
    page.wait_for_selector("body[data-ready='1'] #member-name")
    time.sleep(0.3)  # a second request would have been answered by now
    engine = sqlalchemy.create_engine(db_url)
    with engine.connect() as conn:
        codes = list(conn.execute(sqlalchemy.text("SELECT id FROM kt_groups")).scalars())
    engine.dispose()
    assert len(codes) == 1 and page.url.endswith(f"/g/{codes[0]}")
    page.context.close()


def test_on_a_phone_members_rename_leave_and_remove_and_the_bot_rule_is_said(browser, live_server: str,  # noqa: F811
                                                                          db_url: str) -> None:
    """Three friends at phone size, Ben in German, Ana and Cleo in English. A finished match where a bot played all
    of Cleo's moves and two of Ben's six: the page says the rule, lists Cleo's match as the bot's and Ben's as
    helped. Ben's new name that is Ana's is refused in his words; then he is Benedikt everywhere. Ana removes Cleo,
    asked first (cancel, then yes); Cleo's open page says her place is gone, and she joins again as herself.
    Benedikt leaves, asked first."""
    code = httpx.post(f"{live_server}/api/groups", json={"name": "Donnerstag"}).json()["code"]
    keys = {n: httpx.post(f"{live_server}/api/groups/{code}/members", json={"name": n}).json()["key"]
            for n in ("Ana", "Ben", "Cleo")}
    engine = sqlalchemy.create_engine(db_url)
    with engine.begin() as conn:  # as the hook records a finished table of the group
        conn.execute(sqlalchemy.insert(matches_t).values(
            source="table", source_id="done1", group_id=code, game="colors", seats=[1, 2, 3], created=1.0, ended=1.0,
            result=[{"member": 1, "bot": None, "name": "Ana", "place": 2, "score": 9, "moves": 6, "bot_moves": 0},
                    {"member": 2, "bot": None, "name": "Ben", "place": 3, "score": 4, "moves": 6, "bot_moves": 2,
                     "stand_in": "random"},
                    {"member": 3, "bot": None, "name": "Cleo", "place": 1, "score": 15, "moves": 6, "bot_moves": 6,
                     "stand_in": "heuristic"}]))
    engine.dispose()
    pages = {}
    for name, lang in (("Ana", "en"), ("Ben", "de"), ("Cleo", "en")):
        page = browser.new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()
        page.goto(f"{live_server}/")
        page.evaluate(f"localStorage.setItem('kartentisch.group.{code}', {keys[name]!r})")
        page.goto(f"{live_server}/g/{code}")
        page.wait_for_selector("body[data-ready='1'] #standings .game-standings")
        pages[name] = page
    ana, ben, cleo = pages["Ana"], pages["Ben"], pages["Cleo"]
    assert ben.locator("#bot-rule").inner_text().startswith("Spielt ein Bot für jemanden")
    assert "weder als gespielt noch als gewonnen" in ben.locator("#bot-rule").inner_text()
    assert ben.locator(".bot-note.by-bot").inner_text() == ("Von einem Bot gespielte Partien, nicht für das Mitglied "
                                                            "gezählt: Cleo 1.")
    assert ben.locator(".bot-note.helped").inner_text() == "Mit Bot-Hilfe gezählte Partien: Ben 1."
    assert ("Cleo (von einem Bot gespielt: 6 von 6 Zügen; zählt nicht für Cleo)"
            in ben.locator("#matches").inner_text())
    assert ana.locator("#bot-rule").inner_text().startswith("When a bot plays for someone")
    assert "neither as played nor as won" in ana.locator("#bot-rule").inner_text()
    assert ana.locator(".bot-note.by-bot").inner_text() == "Matches a bot played, not counted for the member: Cleo 1."
    assert {ana.locator(".game-standings tbody tr").nth(i).get_attribute("data-player") for i in range(3)} == {
        "Ana", "Ben", "Bot (steady)"}  # Cleo's result is the bot's
    # Ben renames himself: a taken name is refused in his words and changes nothing, then Benedikt
    ben.click("#manage summary")
    ben.fill("#rename-name", "ana")
    ben.click("#rename-button")
    assert ben.locator("#manage .error").inner_text() == "Ein Mitglied heißt schon „Ana“; wähle einen anderen Namen."
    assert ben.locator("ul.members li").all_inner_texts() == ["Ana", "Ben", "Cleo"]
    ben.fill("#rename-name", "Benedikt")
    ben.click("#rename-button")
    ben.wait_for_selector("text=Du spielst hier als Benedikt.")
    assert ben.locator(".news").inner_text() == "Dein Name in der Spielrunde ist jetzt Benedikt."
    assert ben.locator(".bot-note.helped").inner_text() == "Mit Bot-Hilfe gezählte Partien: Benedikt 1."
    shot(ben, "group-members-renamed-phone-de", full_page=True)
    # Ana removes Cleo, asked first
    ana.reload()
    ana.wait_for_selector("body[data-ready='1'] #manage")
    ana.click("#manage summary")
    assert ana.locator("#manage .member-list li").all_inner_texts() == ["Benedikt\nRemove", "Cleo\nRemove"]
    ana.click("#manage li[data-member='3'] button.remove")
    assert ana.locator("#manage .confirm p").inner_text().startswith("Remove Cleo from the group? ")
    assert serious_violations(ana) == []  # axe-core, with the name field, the buttons and the question open
    shot(ana, "group-members-remove-ask-phone-en", full_page=True)
    ana.click("#manage .confirm button:has-text('Cancel')")
    assert ana.locator("#manage .confirm").count() == 0 and ana.locator("ul.members li").count() == 3
    ana.click("#manage li[data-member='3'] button.remove")
    ana.click("#manage .confirm button:has-text('Yes, remove Cleo')")
    ana.wait_for_selector("text=Cleo is no longer in the group.")
    assert ana.locator("ul.members li").all_inner_texts() == ["Ana", "Benedikt"]
    assert ("Cleo (no longer in the group) (played by a bot: 6 of 6 moves; not counted for Cleo)"
            in ana.locator("#matches").inner_text())
    assert "Benedikt (with a bot's help: 2 of 6 moves)" in ana.locator("#matches").inner_text()
    text = ana.locator("main").inner_text()
    assert not TOKEN_LIKE.search(text) and code not in text, text
    assert ana.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(ana, "group-members-removed-phone-en", full_page=True)
    # Cleo's open page finds out by itself (its look every 10 s, or at once when the page is shown again)
    cleo.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    cleo.wait_for_selector("#member-name")
    assert cleo.locator(".news").inner_text().startswith("This browser's place in the group is gone")
    # Cleo joins again under her name: she is Cleo again, her match hers, not a second Cleo beside the one who left
    cleo.fill("#member-name", "Cleo")
    cleo.click("#join-button")
    cleo.wait_for_selector("text=You play here as Cleo.")
    assert cleo.locator("ul.members li").all_inner_texts() == ["Ana", "Benedikt", "Cleo"]
    assert "no longer in the group" not in cleo.locator("main").inner_text()
    assert ("Cleo (played by a bot: 6 of 6 moves; not counted for Cleo)" in cleo.locator("#matches").inner_text())
    # Benedikt leaves, asked first
    ben.reload()
    ben.wait_for_selector("body[data-ready='1'] #manage")
    ben.click("#manage summary")
    ben.click("#leave")
    assert ben.locator("#manage .confirm p").inner_text().startswith("Die Spielrunde verlassen?")
    ben.click("#manage .confirm button:has-text('Ja, verlassen')")
    ben.wait_for_selector("text=Du hast die Spielrunde verlassen.")
    ben.wait_for_selector("#member-name")
    assert ben.locator("ul.members li").all_inner_texts() == ["Ana", "Cleo"]
    assert ben.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(ben, "group-members-left-phone-de", full_page=True)
    for page in pages.values():
        page.context.close()


def test_tables_started_in_the_same_minute_are_told_apart_by_the_second(browser, live_server: str,  # noqa: F811
                                                                        db_url: str) -> None:
    """The group's list says when each table started, to the minute: two started in the same minute read alike
    (a fresh trial's finding), so those say the second too, and those of the same second are counted in the order
    they started; one started in another minute keeps its minute."""
    code = httpx.post(f"{live_server}/api/groups", json={"name": "Donnerstag"}).json()["code"]
    key = httpx.post(f"{live_server}/api/groups/{code}/members", json={"name": "Ana"}).json()["key"]
    httpx.post(f"{live_server}/api/groups/{code}/members", json={"name": "Ben"})
    engine = sqlalchemy.create_engine(db_url)
    with engine.begin() as conn:  # four running tables as the group records them, 14 Nov 2023 22:14:00 + seconds
        for n, created in enumerate((1_700_000_040.0, 1_700_000_055.0, 1_700_000_055.4, 1_700_000_100.0)):
            conn.execute(sqlalchemy.insert(matches_t).values(
                source="table", source_id=f"run{n}", group_id=code, game="colors", seats=[1, 2], created=created,
                ended=None, result=None))
    engine.dispose()
    page = browser.new_context(viewport=PHONE, locale=LOCALES["en"], timezone_id="UTC").new_page()
    page.goto(f"{live_server}/")
    page.evaluate(f"localStorage.setItem('kartentisch.group.{code}', {key!r})")
    page.goto(f"{live_server}/g/{code}")
    page.wait_for_selector("body[data-ready='1'] #matches li")
    states = page.locator("#matches li .state").all_inner_texts()
    assert [re.sub(r".*, ", "", s) for s in states] == ["10:15 PM", "10:14:15 PM (2)", "10:14:15 PM (1)",
                                                       "10:14:00 PM"], states
    assert all(s.startswith("running · started Nov 14, 2023, ") for s in states), states
    page.context.close()
