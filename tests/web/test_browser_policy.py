"""The lobby's learned level in a real browser (issue 36): offered for the game and player count of the server's
policy (``serve --policy``), in the page's language, and a whole match against it played by clicking."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kartentisch.bots.levels import lobby_levels

from .browser_kit import api_frame, browser, play_match, seat_token  # noqa: F401
from .test_browser import create_from_lobby

pytestmark = pytest.mark.browser
pytest.importorskip("numpy")

from tests.bots.test_policy import tiny_policy  # noqa: E402


@pytest.fixture
def app_options(tmp_path: Path) -> dict[str, Any]:
    return {"policies": [tiny_policy(tmp_path / "colors.npz", "colors", options={"max_rounds": 1})]}


def test_the_lobby_offers_the_learned_bot_and_a_match_against_it_is_played(browser, live_server: str) -> None:  # noqa: F811
    german = browser.new_context(locale="de-DE").new_page()  # the page follows the browser's language
    german.goto(f"{live_server}/")
    german.wait_for_selector("body[data-ready='1']")
    german.click("li[data-game='colors'] button.choose")
    german.select_option("#players", "2")
    assert "Bot: gelernt" in german.inner_text("#kind-1")
    page = browser.new_page()
    page.goto(f"{live_server}/?lang=en")
    page.wait_for_selector("body[data-ready='1']")
    page.click("li[data-game='colors'] button.choose")
    page.select_option("#players", "2")
    assert "Bot: learned" in page.inner_text("#kind-1")
    # at other settings than it learned at, the server refuses it: the lobby no longer offers it, and a seat that had
    # it gets the steady bot (a fresh session's finding: it was accepted and played at random)
    page.select_option("#kind-1", "learned")
    page.click("#more-options summary")
    page.fill("#opt-target_score", "15")
    page.wait_for_function("!document.querySelector('#kind-1').innerText.includes('learned')")
    assert page.eval_on_selector("#kind-1", "s => s.value") == "medium"
    page.fill("#opt-max_rounds", "1")  # what it learned at: offered again
    assert "Bot: learned" not in page.inner_text("#kind-1")  # the target score still differs
    page.fill("#opt-target_score", "30")
    page.wait_for_function("document.querySelector('#kind-1').innerText.includes('learned')")
    page.select_option("#players", "3")
    assert "learned" not in page.inner_text("#kind-1")  # trained for 2 players only
    page.goto(f"{live_server}/?lang=en")
    page.wait_for_selector("body[data-ready='1']")
    page.click("li[data-game='grid'] button.choose")
    assert "learned" not in page.inner_text("#kind-1")  # no policy of grid on this server
    kinds = page.eval_on_selector_all("#kind-1 option", "options => options.map((o) => o.value)")
    assert kinds == ["open", "human", *lobby_levels("grid")]  # the bot levels weakest first as measured
    tid = create_from_lobby(page, live_server, "colors", {"max_rounds": "1"}, seats=("learned",))
    play_match([page], random.Random(4))
    frame = api_frame(live_server, tid, seat_token(page, tid))
    assert frame["view"]["game_over"] and frame["seats"][1]["name"] == "Bot Max (learned)"
    assert any(e.get("seat") == 1 for e in frame["log"])
