"""The "My tables" page (issue 34) in a real browser (marker ``browser``): a phone in German holding seats at two
turn-based tables and one that no longer exists; the table waiting for this person first, the other's whose turn,
the stale seat forgotten, no token or card code in the text, the lobby's link, the table page's turn-based panel
(no mail promised on a server without ``--smtp``); a screenshot at 390×844. With ``--smtp`` the panel's e-mail field
shows its limit as the name fields do."""

from __future__ import annotations

import email
import email.policy
import time
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from kartentisch.web.smtp import parse_smtp

from .browser_kit import (
    LAPTOP,
    LOCALES,
    PHONE,
    TOKEN_LIKE,
    browser,  # noqa: F401  (the module's Chromium fixture)
    check_limit_note,
    shot,
)
from .conftest import auth, free_port
from .test_browser_a11y import serious_violations
from .test_browser_hardening import COLLECT, violations

pytestmark = pytest.mark.browser

PEOPLE3 = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}, {"kind": "human", "name": "Cem"}]


def turn_based(base: str, clock: str) -> tuple[str, list[str]]:
    res = httpx.post(f"{base}/api/tables", json={"game": "colors", "players": 3, "seats": PEOPLE3, "seed": 5,
                                                 "options": {"first_player": 0}, "clock": clock})
    assert res.status_code == 201, res.text
    return res.json()["id"], [s["token"] for s in res.json()["seats"]]


def test_my_tables_on_a_phone_in_german(browser, live_server: str) -> None:  # noqa: F811
    first, t1 = turn_based(live_server, "day")
    second, t2 = turn_based(live_server, "3days")
    frame = httpx.get(f"{live_server}/api/tables/{second}/view", headers=auth(t2[0])).json()
    httpx.post(f"{live_server}/api/tables/{second}/actions", headers=auth(t2[0]),
               json={"action": frame["legal"][0]}).raise_for_status()  # now Ben's turn there
    context = browser.new_context(viewport=PHONE, locale=LOCALES["de"])
    context.grant_permissions(["notifications"], origin=live_server)
    context.add_init_script(COLLECT)
    page = context.new_page()
    page.goto(f"{live_server}/")
    page.evaluate(f"""() => {{ localStorage.setItem('kartentisch.seat.{second}', '{t2[0]}');
        localStorage.setItem('kartentisch.seat.{first}', '{t1[0]}');
        localStorage.setItem('kartentisch.seat.gonetable', 'nosuchtoken'); }}""")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#my-tables-link").inner_text() == "Meine Tische (3)"
    page.click("#my-tables-link a")
    page.wait_for_url("**/my")
    page.wait_for_selector("body[data-ready='1'] .my-table")
    items = page.locator(".my-table")
    assert [items.nth(i).get_attribute("data-table") for i in range(items.count())] == [first, second]
    top, other = items.nth(0).inner_text(), items.nth(1).inner_text()
    assert "Du bist dran" in top and "mit Ben, Cem" in top and "rundenbasiert: ein Tag pro Zug" in top
    assert "für deinen Zug" in top and "letzte Änderung gerade eben" in top  # not "jetzt" (a fresh user's finding)
    assert "Wartet auf Ben" in other and "rundenbasiert: 3 Tage pro Zug" in other
    assert page.evaluate("localStorage.getItem('kartentisch.seat.gonetable')") is None
    assert page.title().startswith("(1) Meine Tische")
    text = page.locator("main").inner_text()
    assert not TOKEN_LIKE.search(text) and t1[0] not in text
    hand = httpx.get(f"{live_server}/api/tables/{first}/view?lang=de", headers=auth(t1[0])).json()["card_names"]
    assert hand and not any(name in text for name in hand.values())
    assert "Benachrichtigungen sind an" in text
    shot(page, "my-tables-phone-de")
    assert serious_violations(page) == []
    assert violations(page, live_server) == []

    items.nth(0).locator("a").click()
    page.wait_for_url(f"**/t/{first}**")
    page.wait_for_selector("#turn-panel")
    panel = page.locator("#turn-panel").inner_text()
    assert "Ein rundenbasierter Tisch" in panel and "Mail" not in panel  # no --smtp: no mail promised
    assert "rundenbasiert: ein Tag pro Zug" in panel and "für deinen Zug" not in panel  # the seats say it, live
    assert page.locator(".countdown").inner_text().startswith("◷ 23 Std.")  # a day in hours, not 86399 s
    page.locator("#turn-panel").scroll_into_view_if_needed()
    shot(page, "turn-panel-phone-de")


def seat_page(browser: Any, base: str, viewport: dict[str, int], lang: str) -> Any:  # noqa: F811
    """A page at the first seat of a new turn-based colors table (a day a move), its seat kept as the page keeps it."""
    tid, tokens = turn_based(base, "day")
    page = browser.new_page(viewport=viewport, locale=LOCALES[lang])
    page.goto(f"{base}/")
    page.evaluate(f"() => localStorage.setItem('kartentisch.seat.{tid}', '{tokens[0]}')")
    page.goto(f"{base}/t/{tid}")
    return page


def give_address(page: Any, address: str, outcome: str) -> str:
    """Type ``address`` into the turn panel's mail field and send it; the text of the panel's ``outcome`` element
    (``.error`` or ``.mail-on``) once it shows."""
    page.locator("#turn-panel #mail-address").fill(address)
    page.locator("#turn-panel button[type=submit]").click()
    page.wait_for_selector(f"#turn-panel {outcome}")
    return str(page.locator(f"#turn-panel {outcome}").inner_text())


@pytest.mark.parametrize("app_options", [{"smtp": parse_smtp("smtp+plain://127.0.0.1:2525?from=table@example.org")}])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_mail_field_shows_its_limit_like_the_name_fields(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """The turn-based panel's e-mail field (at most 254 characters, the server's limit) showed no word near its
    limit, unlike the name and chat fields (LimitNote): it says the characters left near the limit and that no more
    fit at it, in the page's language; axe finds nothing serious, on a laptop and on a phone."""
    tid, tokens = turn_based(live_server, "day")
    for viewport in (LAPTOP, PHONE):
        page = browser.new_page(viewport=viewport, locale=LOCALES[lang])
        page.goto(f"{live_server}/")
        page.evaluate(f"() => localStorage.setItem('kartentisch.seat.{tid}', '{tokens[0]}')")
        page.goto(f"{live_server}/t/{tid}")
        page.wait_for_selector("#turn-panel #mail-address")
        check_limit_note(page, "#mail-address", "#mail-limit", 254, lang)
        page.locator("#mail-limit").scroll_into_view_if_needed()
        shot(page, f"mail-limit-{lang}-{viewport['width']}")
        assert serious_violations(page) == []
        page.close()


@pytest.mark.parametrize("app_options", [{"smtp": parse_smtp("smtp+plain://127.0.0.1:2525?from=table@example.org")}])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_mail_field_takes_an_international_address_and_refuses_in_the_pages_words(
        browser, live_server: str, lang: str) -> None:  # noqa: F811
    """A fresh user typed "ünï@bücher.de": the browser's own check refused it in English on a German page (and a
    stale refusal of the server stayed beside it). The field leaves the check to the server: its refusal comes in
    the page's language, and an internationalised address is taken; on a laptop and on a phone."""
    said = {"en": ("That is no e-mail address", "Mails go to ünï@bücher.de."),
            "de": ("Das ist keine E-Mail-Adresse", "Mails gehen an ünï@bücher.de.")}[lang]
    for viewport in (LAPTOP, PHONE):
        page = seat_page(browser, live_server, viewport, lang)
        assert said[0] in give_address(page, "a@b", ".error")
        assert give_address(page, "ünï@bücher.de", ".mail-on") == said[1]
        assert page.locator("#turn-panel .error").count() == 0
        page.locator("#turn-panel").scroll_into_view_if_needed()
        shot(page, f"mail-international-{lang}-{viewport['width']}")
        page.close()


#: A port for a real SMTP server without SMTPUTF8, started by the test below (the server's option names it first).
NO_UTF8_PORT = free_port()


@pytest.mark.parametrize("app_options", [{"smtp": parse_smtp(f"smtp+plain://127.0.0.1:{NO_UTF8_PORT}?from=t@ex.org")}])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_mail_field_tells_when_the_server_cannot_mail_an_international_name(
        browser, live_server: str, lang: str) -> None:  # noqa: F811
    """Behind a mail server without SMTPUTF8, "ünï@bücher.de" is refused at the field in the
    page's words, and an ASCII name at the same domain is taken."""
    said = {"en": ("letters such as ü before the @", "Mails go to uni@bücher.de."),
            "de": ("Zeichen wie ü vor dem @", "Mails gehen an uni@bücher.de.")}[lang]
    controller = Controller(object(), hostname="127.0.0.1", port=NO_UTF8_PORT, enable_SMTPUTF8=False)
    controller.start()
    try:
        page = seat_page(browser, live_server, PHONE, lang)
        assert said[0] in give_address(page, "ünï@bücher.de", ".error")
        assert page.locator("#turn-panel .mail-on").count() == 0
        page.locator("#turn-panel .error").scroll_into_view_if_needed()
        shot(page, f"mail-no-smtputf8-{lang}")
        assert give_address(page, "uni@bücher.de", ".mail-on") == said[1]
        assert page.locator("#turn-panel .error").count() == 0
        page.close()
    finally:
        controller.stop()


@pytest.mark.parametrize("app_options", [{"time_scale": 2e-5, "turn_seconds": 0.05}])  # a day is 1.7 s
def test_my_tables_says_whose_day_ran_out(browser, live_server: str) -> None:  # noqa: F811
    """Ada's day ran out (the others may hand her seat to a bot): Ben's "My tables" says so, as something for him to
    do, and Ada's says her time ran out (a fresh user's host read "Waiting for Dörte" a day later)."""
    tid, tokens = turn_based(live_server, "day")
    deadline = time.monotonic() + 30
    while not httpx.get(f"{live_server}/api/tables/{tid}/view").json()["seats"][0]["ran_out"]:
        assert time.monotonic() < deadline, "Ada's day did not run out"
        time.sleep(0.1)
    for token, lang, said in ((tokens[1], "de", "Die Zeit von Ada ist abgelaufen: du darfst den Platz an einen Bot "
                                                "geben"),
                              (tokens[0], "en", "Your time ran out: the others may give your seat to a bot.")):
        page = browser.new_page(viewport=PHONE, locale=LOCALES[lang])
        page.goto(f"{live_server}/")
        page.evaluate(f"() => localStorage.setItem('kartentisch.seat.{tid}', '{token}')")
        page.goto(f"{live_server}/my")
        page.wait_for_selector("body[data-ready='1'] .my-table.your-turn")
        assert said in page.locator(".my-table").inner_text()
        page.close()


#: A port for a real SMTP server catching the mail of the unsubscribe test below.
UNSUB_PORT = free_port()


class _Inbox:
    """The aiosmtpd handler of the test below: the mails it received."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


@pytest.mark.parametrize("app_options", [{"smtp": parse_smtp(f"smtp+plain://127.0.0.1:{UNSUB_PORT}?from=t@ex.org"),
                                          "turn_seconds": 0.05}])
def test_the_unsubscribe_link_asks_in_the_browsers_language_and_its_button_stops_the_mail(
        browser, live_server: str) -> None:  # noqa: F811
    """A fresh user's finding: opening the mail's unsubscribe link stopped the mail at once (link scanners open
    every link), on an English page in a German browser. A German browser now sees a German question; only its
    button stops the mail, and the page after it says so in German."""
    inbox = _Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=UNSUB_PORT)
    controller.start()
    try:
        tid, tokens = turn_based(live_server, "day")
        httpx.post(f"{live_server}/api/tables/{tid}/mail", headers=auth(tokens[1]),
                   json={"address": "ben@example.org", "lang": "en"}).raise_for_status()  # an English mail
        frame = httpx.get(f"{live_server}/api/tables/{tid}/view", headers=auth(tokens[0])).json()
        httpx.post(f"{live_server}/api/tables/{tid}/actions", headers=auth(tokens[0]),
                   json={"action": frame["legal"][0]}).raise_for_status()  # Ben's turn: his mail goes out
        deadline = time.monotonic() + 30
        while not inbox.messages:
            assert time.monotonic() < deadline, "no mail came"
            time.sleep(0.05)
        off = "".join(str(inbox.messages[0]["List-Unsubscribe"]).split()).strip("<>")
        page = browser.new_page(viewport=PHONE, locale=LOCALES["de"])
        page.goto(off)
        assert page.locator("h1").inner_text() == "Keine Mails mehr"
        assert "Keine Mails mehr zu diesem Tisch bekommen?" in page.locator("main").inner_text()
        mail = httpx.get(f"{live_server}/api/tables/{tid}/mail", headers=auth(tokens[1])).json()
        assert mail == {"address": "ben@example.org"}  # opening the link stopped nothing
        shot(page, "mail-off-ask-de")
        page.get_by_role("button", name="Mails abbestellen").click()
        page.wait_for_load_state()
        again = ("Um wieder Mails zu bekommen, öffne deinen Platz am Tisch und gib deine Adresse unter „Mail, wenn du "
                 "dran bist“ an.")
        said = page.locator("main p").all_inner_texts()
        assert said[:2] == ["Zu diesem Tisch bekommst du keine Mails mehr.", again], said
        assert httpx.get(f"{live_server}/api/tables/{tid}/mail", headers=auth(tokens[1])).json() == {"address": None}
        shot(page, "mail-off-done-de")
        page.goto(off)  # opened again: it says plainly that the mail is stopped, and how to get it again
        said = page.locator("main p").all_inner_texts()
        assert said[:2] == ["Die Mails zu diesem Tisch sind schon abbestellt: Diese Adresse bekommt von diesem Tisch "
                            "keine Mails mehr.", again], said
        assert page.locator("form").count() == 0
        shot(page, "mail-off-again-de")
        page.close()
    finally:
        controller.stop()
