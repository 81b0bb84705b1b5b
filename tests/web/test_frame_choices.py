"""The frame carries the words of the viewer's decisions and cards (issue 25): ``choices`` (each legal token as steps
in the players' words, and as the steps on the table: ``path``, issue 35), ``card_names`` (every card code the view
shows, and no other) and ``spectator_chat``;
``GET /api/games`` gives every game a pitch and every choice option its values in words."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartentisch.games import all_games, get_game
from kartentisch.kernel import Match
from kartentisch.kernel.options import Option, choice_option
from kartentisch.kernel.words import LANGS

from .browser_kit import TOKEN_LIKE
from .conftest import auth, new_table, replace_parts

MOVES = 150


def strings(value: Any) -> set[str]:
    """The string values of a JSON value and their ``:``-separated parts (keys left out)."""
    if isinstance(value, str):
        return {value, *value.split(":")}
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return set().union(*(strings(v) for v in items)) if items else set()


def words_ok(text: object) -> bool:
    return isinstance(text, str) and bool(text.strip()) and TOKEN_LIKE.search(text) is None


def check_words(frame: dict[str, Any], deck: set[str], where: str) -> None:
    """``choices`` are exactly ``legal`` in words; ``card_names`` names the view's card codes (every code of the
    ``deck`` among its strings) and nothing else."""
    game = get_game(frame["game"])
    assert [c["token"] for c in frame["choices"]] == frame["legal"], f"{where}: a choice per legal token"
    for c in frame["choices"]:
        assert set(c) == {"token", "steps", "unordered", "path"} and isinstance(c["unordered"], bool), where
        assert c["steps"] and all(words_ok(s) for s in c["steps"]), f"{where}: {c}"
        want = [s.as_json() for s in game.choice_steps(frame["seat"], c["token"], frame["view"])]
        assert c["path"] == want, f"{where}: the steps on the table of {c['token']!r} (issue 35)"
    assert frame["page_facts"] == game.page_facts(frame["view"], frame["seat"]), where
    for entry in frame["log"]:
        if "token" in entry:  # a move: the card codes of its token, in order (issue 35: the page reads no token)
            assert entry["cards"] == [p for p in entry["token"].split(":") if p in deck], f"{where}: {entry}"
    names, shown = frame["card_names"], strings(frame["view"])
    assert set(names) <= shown, f"{where}: names of codes the view does not show: {sorted(set(names) - shown)}"
    assert all(words_ok(n) and n == game.card_name(code, frame["lang"]) for code, n in names.items()), where
    assert not (shown & deck) - set(names), f"{where}: card codes of the view without a name"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_frames_carry_choices_and_card_names_in_both_languages(client: TestClient, game) -> None:
    players = min(3, game.max_players)
    table = new_table(client, game.id, players, [{"kind": "human", "name": n} for n in ("Ana", "Ben", "Cem")[:players]],
                      seed=11)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    rng = random.Random(11)
    deck = set(game.deck(players, game.resolve_options(players, {})))
    steps = set()
    for n in range(MOVES):
        lang = LANGS[n % 2]
        spectator = client.get(f"/api/tables/{tid}/view?lang={lang}").json()
        check_words(spectator, deck, f"spectator move {n}")
        assert spectator["choices"] == [] and spectator["spectator_chat"] is False
        to_act = spectator["view"]["to_act"]
        if not to_act:
            break
        seat = to_act[0]
        frame = client.get(f"/api/tables/{tid}/view?lang={lang}", headers=auth(tokens[seat])).json()
        check_words(frame, deck, f"seat {seat} move {n} ({lang})")
        assert frame["choices"], "the seat to act has a choice"
        steps |= {(lang, s) for c in frame["choices"] for s in c["steps"]}
        token = rng.choice(frame["legal"])
        assert client.post(f"/api/tables/{tid}/actions", json={"action": token},
                           headers=auth(tokens[seat])).status_code == 200
    assert {lang for lang, _ in steps} == set(LANGS)
    assert not {s for _, s in steps if ("en", s) in steps and ("de", s) in steps}, \
        "the languages word the steps differently"


def test_a_hidden_card_is_never_named(client: TestClient) -> None:
    """The opponent's hand is in the god document but not in the view: its cards have no name in the frame."""
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
                      seed=3, options={"first_player": 0})
    replica = Match(get_game("colors"), 2, {"first_player": 0}, 3)
    hands = replica.state.to_doc()["zones"]["hands"]
    for seat in (0, 1):
        headers = auth(table["seats"][seat]["token"])
        frame = client.get(f"/api/tables/{table['id']}/view?lang=de", headers=headers).json()
        assert hands[1 - seat] and not set(hands[1 - seat]) & set(frame["card_names"]), \
            "the other hand's cards are not named"
        assert [frame["card_names"][c] for c in hands[seat]] == [get_game("colors").card_name(c, "de")
                                                                 for c in hands[seat]]
    spectator = client.get(f"/api/tables/{table['id']}/view?lang=de").json()
    assert not set(hands[0] + hands[1]) & set(spectator["card_names"])


@pytest.mark.parametrize("part", ["choice", "choice_steps"])
def test_a_failing_choice_is_the_token_itself_and_the_table_goes_on(client: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture, part: str) -> None:
    def broken(*_args: object) -> object:
        raise KeyError("words bug")

    replace_parts(monkeypatch, "colors", **{part: broken})
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
                      seed=3, options={"first_player": 0})
    with caplog.at_level(logging.ERROR):
        frame = client.get(f"/api/tables/{table['id']}/view", headers=auth(table["seats"][0]["token"])).json()
    button = {"kind": "button", "rest": True}
    assert frame["choices"] == [{"token": t, "steps": [t], "unordered": False, "path": [{**button, "value": t}]}
                                for t in frame["legal"]]
    assert "choice failed" in caplog.text


@pytest.mark.parametrize("allowed", [True, False])
def test_the_frame_says_whether_spectators_may_chat(client: TestClient, allowed: bool) -> None:
    table = new_table(client, "colors", 2, [{"kind": "human", "name": "Ana"}, {"kind": "bot"}], seed=3,
                      spectator_chat=allowed)
    assert client.get(f"/api/tables/{table['id']}/view").json()["spectator_chat"] is allowed
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "auth", "token": None})
        assert ws.receive_json()["spectator_chat"] is allowed


def test_games_have_a_pitch_and_choice_options_their_values_in_words(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert {g["id"] for g in games} == {g.id for g in all_games()}
    choice_options = 0
    for g in games:
        assert set(g["pitch"]) == set(LANGS) and all(words_ok(g["pitch"][lang]) for lang in LANGS), g["id"]
        assert g["pitch"]["en"] != g["pitch"]["de"]
        for opt in g["options"]:
            if opt["kind"] != "choice":
                assert opt["choice_labels"] == {}
                continue
            choice_options += 1
            labels = opt["choice_labels"]
            assert set(labels) == set(map(str, opt["choices"])), f"{g['id']} {opt['name']}: a label per value"
            assert all(set(w) == set(LANGS) and all(words_ok(w[lang]) for lang in LANGS) for w in labels.values())
    assert choice_options >= 3, "mayhem's three choice options are checked"


def test_choice_labels_must_name_every_value() -> None:
    with pytest.raises(ValueError, match="choice_labels must name every choice"):
        choice_option("length", "short", ("short", "long"), choice_labels={"short": {"en": "Short", "de": "Kurz"}})
    opt = choice_option("length", "short", ("short", "long"),
                        choice_labels={"short": {"en": "Short", "de": "Kurz"}, "long": {"en": "Long", "de": "Lang"}})
    assert isinstance(opt, Option) and opt.describe()["choice_labels"]["long"] == {"en": "Long", "de": "Lang"}
