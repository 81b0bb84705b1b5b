"""Browser tests: what a game's page once read from tokens it now takes from the frame (issue 35) and still shows:
lastcard's last play in the log's words of its seat (``page_facts.last_seat``), mayhem's own choices in a
simultaneous event with their receivers (``page_facts.chosen``) (marker ``browser``)."""

from __future__ import annotations

import random

import httpx
import pytest

from kartentisch.games import get_game
from kartentisch.kernel import Match

from .browser_kit import browser  # noqa: F401  (module-scoped Chromium fixture)
from .conftest import auth, move_entries

pytestmark = pytest.mark.browser


def people_table(base: str, game: str, players: int, seed: int, **extra: object) -> tuple[dict, Match]:
    """A table of ``players`` people (English names) and its replica, to drive it over the API."""
    seats = [{"kind": "human", "name": n} for n in ("Ada", "Ben", "Cem", "Dan")[:players]]
    table = httpx.post(f"{base}/api/tables", json={"game": game, "players": players, "seed": seed, "seats": seats,
                                                    "clock": "relaxed", **extra}).json()
    return table, Match(get_game(game), players, extra.get("options", {}), seed)  # type: ignore[arg-type]


def move(base: str, table: dict, replica: Match, seat: int, token: str) -> None:
    res = httpx.post(f"{base}/api/tables/{table['id']}/actions", json={"action": token},
                     headers=auth(table["seats"][seat]["token"]))
    assert res.status_code == 200, res.text
    replica.apply(seat, token)


def test_lastcard_shows_the_last_play_in_the_words_of_its_seat(browser, live_server: str) -> None:  # noqa: F811
    table, replica = people_table(live_server, "lastcard", 3, 5, options={"pass_cards": 0})
    state = replica.state
    seat = state.to_act()[0]
    token = next(t for t in state.legal_actions(seat) if t.startswith("play:"))
    move(live_server, table, replica, seat, token)
    page = browser.new_page()
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'en')")
    page.goto(live_server + table["seats"][0]["url"])
    frame = httpx.get(f"{live_server}/api/tables/{table['id']}/view", headers=auth(table["seats"][0]["token"])).json()
    assert frame["page_facts"] == {"last_seat": seat}
    said = move_entries(frame["log"])[-1]["text"]
    page.wait_for_function("(said) => document.querySelector('.kt-last .kt-note')?.textContent.includes(said)",
                           arg=said)
    page.close()


def test_mayhem_shows_the_own_cards_given_in_a_surprise_party(browser, live_server: str) -> None:  # noqa: F811
    """Random moves until Ada has given a card (R54, R58) while others still choose: her page shows each card she
    chose, a given one with its receiver."""
    for seed in range(1, 200):
        replica = Match(get_game("mayhem"), 4, {}, seed)
        rng = random.Random(seed)
        path = []
        while not replica.state.game_over and len(path) < 400:
            pending = replica.state.view(0)["zones"]["pending"]
            if pending and any(":" in e for e in pending.get("chosen", [[]])[0]):
                break
            seat = replica.state.to_act()[0]
            token = rng.choice(replica.state.legal_actions(seat))
            path.append((seat, token))
            replica.apply(seat, token)
        else:
            continue
        break
    else:
        pytest.fail("no seed reaches a gift of Ada's in an event")
    table, replica = people_table(live_server, "mayhem", 4, seed)
    for seat, token in path:
        move(live_server, table, replica, seat, token)
    frame = httpx.get(f"{live_server}/api/tables/{table['id']}/view", headers=auth(table["seats"][0]["token"])).json()
    given = [c for c in frame["page_facts"]["chosen"] if c["to"] is not None]
    assert given, frame["page_facts"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('kartentisch.lang', 'en')")
    page.goto(live_server + table["seats"][0]["url"])
    chosen = page.locator(".mh-chosen .mh-choice")
    chosen.first.wait_for()
    assert chosen.count() == len(frame["page_facts"]["chosen"])
    card, receiver = given[0]["card"], frame["seats"][given[0]["to"]]["name"]
    shown = chosen.filter(has=page.locator(f".card[data-code='{card}']"))
    assert shown.count() >= 1 and f"→ {receiver}" in shown.first.text_content()
    page.close()
