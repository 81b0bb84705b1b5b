"""The table's status lines speak to their reader (marker ``browser``): the reader's own seat is "du"/"you" with its
verb ("Du gibst die nächste Runde."), never the reader's name in the third person ("Anna gibt …"), and no line
waits for the reader themself; the same way the log speaks (``Voice.who``/``say`` and the ``_you`` texts of the
catalogues, kartentisch/kernel/words.py; the page's side: ``who``/``say``/``seatNames`` of games/kit.js)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_kit import LAPTOP, browser  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

#: Each game's round-over position, Anna (seat 0) dealing the next round (the view's fields the status reads).
ROUND_OVER: dict[str, dict[str, Any]] = {
    "chips": {"phase": "round_over", "to_act": [0], "dealer": 0, "zones": {}},
    "colors": {"phase": "round_over", "to_act": [0], "dealer": 0, "zones": {}},
    "grid": {"phase": "round_over", "to_act": [0], "dealer": 0, "zones": {"trigger": None, "final_turns": []}},
    "lastcard": {"phase": "round_over", "to_act": [0], "dealer": 0, "zones": {}},
    "mayhem": {"phase": "round_over", "to_act": [0], "dealer": 0, "zones": {"pending": None}},
}
#: What the dealer's own page says (the game's word for a round: chips' "Partie", chips D1).
OWN_DEAL = {"de": {"chips": "du gibst die nächste Partie", "lastcard": "Du gibst die nächste Runde",
                   "mayhem": "du gibst die nächste Runde"},
            "en": {"chips": "you deal the next round", "mayhem": "you deal the next round"}}


@pytest.fixture
def status_of(browser, live_server: str):  # noqa: F811
    """``status_of(game, view, seat, lang)``: the game module's status line of ``view`` for the reader at ``seat``
    (``None``: a spectator), seats named Anna, Ben, Cem."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")

    def status(game: str, view: dict[str, Any], seat: int | None, lang: str) -> str:
        return page.evaluate("""async ([game, view, seat, lang]) => {
            const mod = (await import(`/static/games/${game}.js`)).default;
            const names = ["Anna", "Ben", "Cem"];
            const ctx = { seat, lang, t: (k) => k, seatName: (s) => names[s], cardName: (c) => c, face: () => null,
              chooser: { chosen: [] }, offer: () => null, moved: [] };
            return mod.status({ round: 2, players: 3, game_over: false, options: {}, ...view }, ctx);
        }""", [game, view, seat, lang])

    yield status
    page.close()


@pytest.mark.parametrize("game", sorted(ROUND_OVER))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_dealers_own_page_says_you_deal_the_next_round(status_of, game: str, lang: str) -> None:
    """"Anna gibt die nächste Runde" on Anna's own page was the reader in the third person: her page says "Du gibst
    die nächste Runde" / "You deal the next round"; Ben's page and a spectator's still name Anna."""
    own = status_of(game, ROUND_OVER[game], 0, lang)
    assert "Anna" not in own, own
    expected = OWN_DEAL[lang].get(game, "Du gibst die nächste Runde" if lang == "de" else "You deal the next round")
    assert expected in own, own
    for reader in (1, None):
        other = status_of(game, ROUND_OVER[game], reader, lang)
        assert "Anna" in other and "du " not in other.lower() and "you " not in other.lower(), other


@pytest.mark.parametrize("lang", ["de", "en"])
def test_waiting_lines_never_wait_for_the_reader(status_of, lang: str) -> None:
    """grid R4's flips and mayhem R31 (Nice Try): the page waits for the others, never for its own reader
    ("Warte auf Anna." on Anna's page); the lists name the reader as "du"/"you", first ("du und Ben")."""
    grid = {"phase": "setup", "to_act": [0, 1], "zones": {"flips_left": [0, 2, 0], "trigger": None, "final_turns": []}}
    line = status_of("grid", grid, 0, lang)
    assert "Anna" not in line and ("Warte auf Ben." if lang == "de" else "Waiting for Ben.") in line, line
    nicetry = {"phase": "nicetry", "to_act": [1], "zones": {"pending": {"asked": [0, 1]}, "hand_counts": [0, 0, 5]}}
    line = status_of("mayhem", nicetry, 0, lang)
    assert "Anna" not in line, line
    assert ("Keine Karten mehr: du und Ben" if lang == "de" else "No cards left: you and Ben") in line, line
    assert ("Warte auf Ben" if lang == "de" else "Waiting for Ben") in line, line


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_attack_on_the_reader_says_you(status_of, lang: str) -> None:
    """mayhem R21: the open attack names the attacked reader as "dich"/"you", the attacking reader as "Du"/"You"."""
    counter = {"phase": "counter", "to_act": [1], "zones": {"pending": {"kind": "skip", "source": 2, "target": 0,
                                                                         "queue": []}, "discard": []}}
    at_me = status_of("mayhem", counter, 0, lang)
    assert ("Cem greift dich an" if lang == "de" else "Cem attacks you") in at_me, at_me
    by_me = status_of("mayhem", {**counter, "zones": {**counter["zones"], "pending": {
        **counter["zones"]["pending"], "source": 0, "target": 1}}}, 0, lang)
    assert ("Du greifst Ben an" if lang == "de" else "You attack Ben") in by_me, by_me


@pytest.mark.parametrize("lang", ["de", "en"])
def test_whose_turn_comes_next_is_named_in_words(status_of, lang: str) -> None:
    """mayhem R11 (play runs counter-clockwise): the turn line names who comes next, the reader as "du"/"you"; a
    local helper of the status once shadowed the kit's ``who`` and printed "[object Object]_me … danach: 2"."""
    play = {"phase": "play", "players": 3, "to_act": [1], "zones": {"current": 1, "skipped": [False] * 3,
                                                                     "pending": None, "exhausted": False}}
    others = status_of("mayhem", play, 2, lang)
    mine = status_of("mayhem", play, 1, lang)
    before_me = status_of("mayhem", play, 0, lang)
    for line in (others, mine, before_me):
        assert "[object" not in line and "_me" not in line, line
    assert ("Ben ist am Zug" if lang == "de" else "Ben's turn") in others, others
    assert ("danach: du" if lang == "de" else "next: you") in before_me, before_me
    assert ("danach: Anna" if lang == "de" else "next: Anna") in mine, mine


def sentence_starts(line: str) -> list[str]:
    """The first letter of each sentence of a status line (after its start and after each full stop, ? or !)."""
    return [m.group(1) for m in re.finditer(r"(?:^|[.?!]\s+)(\w)", line)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_each_sentence_of_the_status_begins_with_a_capital(status_of, lang: str) -> None:
    """A fresh user read "… (1 Karte ziehen). danach angegriffen: Jörg." and "… (1 card to draw). next attacked:
    Jörg.": mayhem's open Fantastic Four with parts still to come, and the wait in a simultaneous event, each
    sentence begins with a capital letter."""
    four = {"phase": "counter", "to_act": [1], "zones": {"pending": {"kind": "four", "source": 2, "target": 1,
                                                                      "draws": 1, "queue": [[2, 0, 1]]},
                                                          "discard": []}}
    attacked = status_of("mayhem", four, 1, lang)
    assert ("Danach angegriffen: Anna." if lang == "de" else "Next attacked: Anna.") in attacked, attacked
    waiting = {"phase": "gift", "to_act": [1, 2], "zones": {"pending": {"quota": [1, 1, 1], "chosen": [[5], [], []]}}}
    for line in (attacked, status_of("mayhem", waiting, 0, lang)):
        assert all(first.isupper() for first in sentence_starts(line)), line


#: Each game's position where seat 2 is to move (the view's fields the status line reads); chips in its final
#: circuit, which ends after seat 2's turn.
BOT_TURN: dict[str, dict[str, Any]] = {
    "chips": {"phase": "play", "to_act": [2], "zones": {"extra_turn": False, "final_circuit": True,
                                                        "start_player": 0}},
    "colors": {"phase": "play", "to_act": [2], "zones": {}},
    "grid": {"phase": "play", "to_act": [2], "zones": {"active": 2, "step": "start", "trigger": None,
                                                      "final_turns": []}},
    "lastcard": {"phase": "play", "to_act": [2], "zones": {}},
    "mayhem": {"phase": "play", "to_act": [2], "zones": {"current": 2, "pending": None, "skipped": [False] * 3}},
}
#: What a page says of seat 2's turn when a bot plays it: the bot named as people say it.
BOT_TURN_SAID = {
    "en": {"chips": "the round ends after Bot Ida's turn.", "mayhem": "Bot Ida's turn", "*": "It is Bot Ida's turn."},
    "de": {"chips": "nach dem Zug von Bot Ida ist Schluss.", "*": "Bot Ida ist am Zug"},
}


@pytest.mark.parametrize("game", sorted(BOT_TURN))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_bot_s_turn_is_named_as_people_say_it(browser, live_server: str, game: str, lang: str) -> None:  # noqa: F811
    """A fresh user read "Bot Ida (plays at random)'s grid": a possessive built on a bot's full label. The status
    line names a bot's turn "It is Bot Ida's turn." / "Bot Ida ist am Zug." (the frame's ``short_name``); its kind
    and strength stay on the seat chip. The seats are a real table's frame's."""
    import httpx

    made = httpx.post(f"{live_server}/api/tables", json={"game": game, "players": 3, "seed": 3, "seats": [
        {"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Ben"}, {"kind": "bot", "bot": "random"}]}).json()
    seats = httpx.get(f"{live_server}/api/tables/{made['id']}/view?lang={lang}").json()["seats"]
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{live_server}/")
    page.wait_for_selector("body[data-ready='1']")
    line = page.evaluate("""async ([game, view, lang, seats]) => {
        const mod = (await import(`/static/games/${game}.js`)).default;
        const ctx = { seat: 0, lang, t: (k) => k, seatName: (s) => seats[s].name, cardName: (c) => c,
          face: () => null, chooser: { chosen: [] }, offer: () => null, moved: [], frame: { seats } };
        return mod.status({ round: 1, players: 3, dealer: 0, game_over: false, options: {}, ...view }, ctx);
    }""", [game, BOT_TURN[game], lang, seats])
    page.close()
    said = BOT_TURN_SAID[lang]
    assert said.get(game, said["*"]) in line, line
    assert not re.search(r"\)'s|von Bot Ida \(", line), line


@pytest.mark.parametrize("app_options", [{"bot_delay": 60}])  # the bot thinks long: its turn stays on the page
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_table_waits_for_a_bot_in_people_s_words(browser, live_server: str, lang: str) -> None:  # noqa: F811
    """At a real table, while Bot Max moves: the decision line reads "It is Bot Max's turn." / "Bot Max ist am Zug.",
    once (not "It is Bot Max (plays at random)'s turn.", nor followed by "Waiting for Bot Max (plays at random)");
    the seat chip still says which bot it is."""
    import httpx

    from .browser_kit import LOCALES, PHONE, shot

    made = httpx.post(f"{live_server}/api/tables", json={"game": "colors", "players": 2, "seed": 3,
                                                          "options": {"first_player": 1}, "seats": [
        {"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]}).json()
    page = browser.new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()
    page.goto(live_server + made["seats"][0]["url"])
    page.wait_for_selector("#decision .prompt")
    prompt = page.locator("#decision .prompt").inner_text()
    assert prompt == {"en": "It is Bot Max's turn.", "de": "Bot Max ist am Zug."}[lang], prompt
    chip = page.locator("#seats-bar li.seat-chip").nth(1).inner_text()
    assert chip.startswith({"en": "Bot Max (plays at random)", "de": "Bot Max (spielt zufällig)"}[lang]), chip
    shot(page, f"bot-turn-phone-{lang}")
    page.context.close()
