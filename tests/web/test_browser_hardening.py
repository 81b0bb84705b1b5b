"""Issue 22 in a real browser (marker ``browser``): the Content-Security-Policy leaves every page working
(no violation reported, the pages draw), and a table with a chosen seed says so on the page."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import playwright.sync_api as playwright_api
import pytest

from .browser_kit import Chromium, browser  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

COLLECT = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"""


@pytest.fixture
def page(browser: Chromium) -> Iterator[playwright_api.Page]:  # noqa: F811
    """A fresh page under the server's policy that records its CSP violations in ``window.__violations``."""
    context = browser.strict.new_context()
    context.add_init_script(COLLECT)
    page = context.new_page()
    yield page
    context.close()


def violations(page: playwright_api.Page, base: str) -> list[str]:
    """The CSP violations of this server's own resources (inline code counts as its own). ReDoc's bundle asks
    a CDN for its logo: blocking a request to the internet is what the policy is for, and this machine has
    none anyway."""
    return [v for v in page.evaluate("window.__violations") if "://" not in v or f" {base}" in v]


def test_every_page_works_under_the_content_security_policy(page: playwright_api.Page, live_server: str) -> None:
    response = page.goto(f"{live_server}/?game=colors")
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#your-name", "Ada")
    page.select_option("#kind-1", "easy")
    page.click("#create")
    page.wait_for_selector("#links")
    page.click("a.table-link")
    page.wait_for_selector("body[data-phase]")
    page.wait_for_selector("#zones .card, #zones button, #zones span")
    assert page.locator(".fixed-deal").count() == 0  # no seed given: a secret deal, nothing to say
    for path in ("/join/unknown", "/scorepad"):
        page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
    page.goto(f"{live_server}/scorepad")
    page.wait_for_load_state("networkidle")
    for docs, selector in (("/docs", ".opblock"), ("/redoc", "[role='navigation'], .menu-content")):
        page.goto(live_server + docs)
        page.wait_for_selector(selector, timeout=20_000)
    assert violations(page, live_server) == []


def test_a_chosen_seed_is_shown_on_the_table_page(page: playwright_api.Page, live_server: str) -> None:
    res = httpx.post(f"{live_server}/api/tables", json={
        "game": "colors", "players": 2, "seed": 7, "seats": [{"kind": "human", "name": "Ada"},
                                                             {"kind": "bot", "bot": "random"}]})
    page.goto(live_server + res.json()["seats"][0]["url"])
    page.wait_for_selector("body[data-phase]")
    assert page.locator("#info .fixed-deal").text_content() == " · fixed deal: seed 7"
    assert "work out every hand" in page.locator("#info .fixed-deal").get_attribute("title")
    assert violations(page, live_server) == []
