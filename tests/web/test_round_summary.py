"""Issue 21: the frame's round fields (lower_wins, score_now, round_summary, hints) for every game, over the API,
and each game's summary part on views made for it (exact words in both languages)."""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kartentisch.games import all_games, get_game
from kartentisch.kernel import Match, Parts, Voice
from kartentisch.kernel.summary import round_summary, score_now
from tests.conftest import GAME_IDS, GAMES

from .conftest import auth, new_table

#: What people read never looks like a token or a card code (the helpers' brief).
TOKEN_LIKE = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
#: Players and options per game for one round: ``until`` the round's end, or the match's with ``over``.
#: Every installed game at three players (its most if fewer) with its defaults; chips over two rounds, grid at two.
ROUND = {g: {"chips": (3, {"rounds": 2}), "grid": (2, {})}.get(g, (min(3, GAMES[g].max_players), {})) for g in GAME_IDS}
OVER = {"grid": (3, {"end_total": 1}), "mayhem": (4, {"point_limit": 1})}
NAMES = ["Ada", "Bo", "Cem", "Dana"]


def play(client: TestClient, game: str, players: int, options: dict, seed: int, over: bool) -> tuple[str, list[str]]:
    """A table of people at ``game`` played with random legal moves (the same the server's match takes: same
    seed) until the first round's end, or the match's with ``over``; returns its id and the seats' tokens."""
    table = new_table(client, game, players, [{"kind": "human", "name": n} for n in NAMES[:players]], seed=seed,
                      options=options)
    tokens = [s["token"] for s in table["seats"]]
    match = Match(get_game(game), players, options, seed)
    rng = random.Random(seed)
    while not (match.state.game_over if over else match.state.round_over):
        seat = match.state.to_act()[0]
        token = match.state.random_action(seat, rng)
        match.apply(seat, token)
        res = client.post(f"/api/tables/{table['id']}/actions", json={"action": token}, headers=auth(tokens[seat]))
        assert res.status_code == 200, res.text
    return table["id"], tokens


def frames(client: TestClient, tid: str, tokens: list[str], lang: str) -> list[dict]:
    """Every seat's frame, then the spectator's, in ``lang``."""
    seats = [client.get(f"/api/tables/{tid}/view?lang={lang}", headers=auth(t)).json() for t in tokens]
    return [*seats, client.get(f"/api/tables/{tid}/view?lang={lang}").json()]


@pytest.mark.parametrize("game", sorted(ROUND))
def test_every_game_s_frame_at_a_round_end_says_how_each_score_came_about(client: TestClient, game: str) -> None:
    players, options = ROUND[game]
    tid, tokens = play(client, game, players, options, seed=5, over=False)
    for lang in ("en", "de"):
        for frame in frames(client, tid, tokens, lang):
            view, summary = frame["view"], frame["round_summary"]
            assert frame["lower_wins"] is (get_game(game).score_sign < 0) and frame["hints"] is False
            assert summary is not None and summary["round"] == 1 == len(view["scores"])
            assert summary["match_over"] is view["game_over"] and summary["winners"] == view["winners"]
            assert summary["lower_wins"] is frame["lower_wins"]
            assert [r["score"] for r in summary["rows"]] == view["scores"][-1]
            assert [r["total"] for r in summary["rows"]] == view["totals"]
            assert [r["name"] for r in summary["rows"]] == [
                ("Du" if lang == "de" else "You") if s == frame["seat"] else NAMES[s] for s in range(players)]
            for row in summary["rows"]:
                assert row["details"] and all(isinstance(d, str) and d for d in row["details"]), row
                assert not any(TOKEN_LIKE.search(d) for d in row["details"]), row["details"]
            assert sorted(summary["standings"]) == list(range(players))
            # score_now is the game's own scoring of the round just ended (mayhem shows none: hands stay hidden)
            assert frame["score_now"] == (None if game == "mayhem" else view["scores"][-1])


@pytest.mark.parametrize("game", sorted(OVER))
def test_standings_put_the_lowest_total_first_where_it_wins(client: TestClient, game: str) -> None:
    players, options = OVER[game]
    tid, tokens = play(client, game, players, options, seed=11, over=True)
    for frame in frames(client, tid, tokens, "en"):
        summary, view = frame["round_summary"], frame["view"]
        assert frame["lower_wins"] is True and summary["match_over"] is True
        totals = view["totals"]
        assert [totals[s] for s in summary["standings"]] == sorted(totals)
        winners = view["winners"]
        assert winners and summary["winners"] == winners
        assert set(summary["standings"][:len(winners)]) == set(winners) == {s for s in range(players)
                                                                              if totals[s] == min(totals)}


def test_before_a_round_ends_there_is_no_summary_and_score_now_follows_the_view(client: TestClient) -> None:
    tid, tokens = play(client, "colors", 2, {}, seed=3, over=False)
    # the next dealer deals: a fresh round, nothing collected yet, nothing scored in it
    seat = client.get(f"/api/tables/{tid}/view").json()["view"]["to_act"][0]
    frame = client.post(f"/api/tables/{tid}/actions", json={"action": "deal"}, headers=auth(tokens[seat])).json()
    assert frame["round_summary"] is None and frame["score_now"] == [0, 0]
    hidden = new_table(client, "grid", 2, [{"kind": "human"}, {"kind": "human"}])
    assert client.get(f"/api/tables/{hidden['id']}/view").json()["score_now"] is None  # face-down cards


def test_games_without_a_summary_part_get_none_and_no_details() -> None:
    game = get_game("colors")
    view = game.new_state(2, seed=1).view(None)
    done = {**view, "phase": "round_over", "scores": [[3, 1]], "totals": [3, 1]}
    summary = round_summary(game, done, Voice("en"))
    assert summary is not None and summary["standings"] == [0, 1] and summary["rows"][1]["score"] == 1
    assert round_summary(game, view, Voice("en")) is None
    assert all(g.parts.score_now is not None and g.parts.round_details is not None for g in all_games())


def test_a_plug_in_game_brings_its_own_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples" / "plugin_game" / "src"))
    highcard = importlib.import_module("highcard").GAME  # the summary part it declares (Game.declare)
    match = Match(highcard, 2, {}, 4)
    rng = random.Random(4)
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.random_action(seat, rng))
    view = match.state.view(0)
    assert score_now(highcard, view) == view["scores"][-1] == view["zones"]["tricks"]
    summary = round_summary(highcard, view, Voice("de", 0, ("Ana", "Ben")))
    assert summary is not None and summary["match_over"] and summary["winners"] == view["winners"]
    tricks = view["zones"]["tricks"]
    assert [r["details"] for r in summary["rows"]] == [[f"{n} Stich" + ("" if n == 1 else "e")] for n in tricks]
    assert summary["standings"][:len(view["winners"])] == view["winners"]


# ---------------------------------------------------------------------- each game's words, exactly
def summary_of(game: str) -> Parts:  # the game's declared parts, its summary functions among them
    return get_game(game).parts


def test_colors_names_each_colour_with_its_points() -> None:
    colors = summary_of("colors")
    view = {"scores": [[1, 6]], "totals": [1, 6], "zones": {"collections": [["b1", "b2", "g4", "g6", "r3"],
                                                                           ["p1", "p2", "y3"]]}}
    assert colors.round_details(view, 0, Voice("en")) == ["Blue: 2 cards, +2", "Green: 2 cards, +2",
                                                          "Red: 1 card, −1"]
    assert colors.round_details(view, 1, Voice("de")) == ["Lila: 2 Karten, +2", "Gelb: 1 Karte, −1"]
    equal = {"zones": {"collections": [["b1", "r2"]]}}
    assert colors.round_details(equal, 0, Voice("en"))[-1] == "All collected colours have the same count: no minus"
    assert colors.round_details({"zones": {"collections": [[]]}}, 0, Voice("de")) == ["Keine Karten gesammelt: 0"]
    three = {"zones": {"collections": [["b1", "b2", "b3", "g1", "g2", "r1"]]}}
    assert colors.round_details(three, 0, Voice("en"))[1] == "Green: 2 cards, not counted"
    # colors R17: a tie on the total goes to the best single round
    assert colors.standings({"scores": [[5, 9], [5, 1]], "totals": [10, 10]}) == [1, 0]


def test_chips_sums_each_row_and_says_what_the_special_cards_change() -> None:
    chips = summary_of("chips")
    display = {"k": ["k3", "k8"], "r": ["-r2", "-r5"], "b": ["b8", "-b1"], "y": []}
    view = {"zones": {"display": [display], "supply": [3], "specials": ["s13", "s15"]}}
    assert chips.score_now(view) == [11 + 7 + 0 - 3]  # the red row left out
    assert chips.round_details(view, 0, Voice("en")) == [
        "Black row: 3 + 8 = 11", "Red row: 2 face down = −2, left out as the lowest row (special card 13)",
        "Blue row: 8 − 1 face down = 7", "Yellow row: empty, 0", "Chips in the supply: 3, −3 (special card 15)"]
    assert chips.round_details(view, 0, Voice("de"))[1] == ("Rote Farbreihe: 2 verdeckt = −2, fällt als "
                                                            "niedrigste Reihe weg (Sonderkarte 13)")


def test_lastcard_says_the_highest_card_the_others_and_the_floor() -> None:
    lastcard = summary_of("lastcard")
    view = {"options": {"floor_zero": True}, "zones": {"hands": [["9", "21", "26", "40"], ["12"]]}}
    assert lastcard.score_now(view) == [0, 12]
    assert lastcard.round_details(view, 0, Voice("de")) == [
        "Höchste Karte: 40, +40", "Übrige Karten: 9, 21 und 26, −56", "Unter 0 zählt als 0"]
    assert lastcard.round_details(view, 1, Voice("en")) == ["Highest card: 12, +12"]


def test_grid_tells_the_trigger_whether_its_sum_was_doubled() -> None:
    grid = summary_of("grid")
    view = {"zones": {"grids": [[["r5", "b7"], ["g1", "y2"]], [["r4", "b4", "g4"]]], "trigger": 0}}
    assert grid.score_now(view) == [30, 12]
    assert grid.round_details(view, 0, Voice("en", 0, ("Ada", "Bo"))) == [
        "4 cards left: 5, 7, 1 and 2, sum 15", "5 cards removed", "Doubled: you ended the round and were not lowest"]
    assert grid.round_details(view, 0, Voice("de", 1, ("Ada", "Bo")))[-1] == (
        "Verdoppelt: Ada hat die Runde beendet und war nicht am niedrigsten")
    alone = {"zones": {"grids": [[["r1"]], [["b9"]]], "trigger": 0}}
    assert grid.round_details(alone, 0, Voice("en", 1, ("Ada", "Bo")))[-1] == (
        "Ada ended the round with the lowest sum alone: not doubled")
    negative = {"zones": {"grids": [[["r-1"]], [["b-1"]]], "trigger": 1}}
    assert grid.round_details(negative, 1, Voice("de", 1))[-1] == (
        "Du hast die Runde beendet; eine Summe von 0 oder weniger wird nie verdoppelt")
    assert grid.score_now({"zones": {"grids": [[["?", "r1"]]], "trigger": None}}) is None


def test_mayhem_names_only_the_cards_the_reader_sees() -> None:
    mayhem = summary_of("mayhem")
    view = {"scores": [[19, 14]], "zones": {"hands": [["r5", "r5", "bskip", "four"], ["?", "?"]],
                                            "events_used": ["market"]}}
    assert mayhem.round_details(view, 0, Voice("en", 0)) == ["2 × Red 5: 10", "Blue Skip: 7", "Fantastic Four: 7"]
    assert mayhem.round_details(view, 1, Voice("de", 0)) == ["2 Karten auf der Hand: 14"]
    doomsday = {**view, "zones": {**view["zones"], "events_used": ["doomsday", "market"]}}
    assert mayhem.round_details(doomsday, 1, Voice("en")) == ["Doomsday ended the round: 50 for everyone"]
    assert mayhem.score_now(view) is None
