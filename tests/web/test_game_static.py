"""Each game's browser renderer lives in its package (issue 20) and is served at /static/games/<file>; the rules
summary of each game comes over HTTP in either language (issue 21's lobby)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kartentisch.games import all_games
from kartentisch.kernel import LANGS
from kartentisch.web import create_app
from kartentisch.web.table_routes import STATIC


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_a_games_renderer_comes_from_its_package(client: TestClient, game: str) -> None:
    package = Path(__import__(f"kartentisch.games.{game}", fromlist=["x"]).__file__).parent
    for ext, kind in (("js", "text/javascript"), ("css", "text/css")):
        res = client.get(f"/static/games/{game}.{ext}")
        assert res.status_code == 200 and res.headers["content-type"].startswith(kind)
        assert res.text == (package / "static" / f"{game}.{ext}").read_text()
    assert not (STATIC / "games" / f"{game}.js").exists()  # one place only


def test_shared_files_and_refusals_of_the_games_folder(client: TestClient) -> None:
    assert client.get("/static/games/kit.js").text == (STATIC / "games" / "kit.js").read_text()
    assert client.get("/static/games/generic.js").status_code == 200
    for name in ("nothing.js", "..", "colors.py", "..%2Fapp.py"):
        assert client.get(f"/static/games/{name}").status_code == 404


def test_a_name_longer_than_the_file_system_allows_is_a_404(db_url: str) -> None:
    """Issue 31: a 300-character name made the file lookup fail with ENAMETOOLONG, a 500."""
    with TestClient(create_app(db_url), raise_server_exceptions=False) as client:
        for name in ("a" * 300, "b" * 300 + ".js"):
            res = client.get(f"/static/games/{name}")
            assert res.status_code == 404 and "no file" in res.json()["error"], res.text


def test_the_rules_summary_in_either_language(client: TestClient) -> None:
    for game in all_games():
        for lang in ("en", "de"):
            res = client.get(f"/api/games/{game.id}/rules?lang={lang}")
            assert res.status_code == 200 and res.json() == {"game": game.id, "lang": lang,
                                                              "text": game.rules_text(lang)}
    assert client.get("/api/games/nothing/rules").status_code == 404
    assert client.get("/api/games/colors/rules?lang=fr").status_code == 422


@pytest.mark.parametrize("game", [g for g in all_games() if g.parts.words is not None], ids=lambda g: g.id)
def test_the_page_gets_its_catalogue_from_the_server(client: TestClient, game) -> None:
    """Issue 35: the page script reads the `page` texts of the game's catalogue (words.toml) from here."""
    both = client.get(f"/api/games/{game.id}/words")
    assert both.status_code == 200
    assert both.json() == {"game": game.id, "words": {lang: game.parts.words.section("page", lang) for lang in LANGS}}
    de = client.get(f"/api/games/{game.id}/words", params={"lang": "de"}).json()
    assert de == {"game": game.id, "words": {"de": game.parts.words.section("page", "de")}}
    assert de["words"]["de"] != both.json()["words"]["en"]


def test_the_words_route_refuses_an_unknown_game_or_language(client: TestClient) -> None:
    res = client.get("/api/games/nothing/words")
    assert res.status_code == 404 and "no game 'nothing'" in res.json()["error"]
    res = client.get("/api/games/colors/words", params={"lang": "fr"})
    assert res.status_code == 422 and "unknown language 'fr'" in res.json()["error"]
