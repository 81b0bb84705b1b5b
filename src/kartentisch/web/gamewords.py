"""A game's page texts for its page script (issue 35 item 4): ``GET /api/games/{id}/words``.

lichess's translation catalogues are the model: a game keeps every text players read in one catalogue
(``words.toml`` in its package, :class:`~kartentisch.kernel.words.Catalogue`); the server narrates from it and the
game's page script (``/static/games/<id>.js``) gets the catalogue's ``page`` section from here when it loads, so
no text has a second copy in JavaScript.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from ..games import all_games
from ..kernel.words import LANGS
from .errors import ApiError, frame_lang
from .frames import LANG_HELP

router = APIRouter()


@router.get("/api/games/{game_id}/words")
async def game_words(game_id: str, lang: Annotated[str | None, Query(description=LANG_HELP + "; without it, "
                                                                     "every language")] = None,
                     ) -> dict[str, str | dict[str, dict[str, str]]]:
    """The page texts of a game: ``{"game", "words": {lang: {key: text}}}``, each text with its ``{named}``
    placeholders (in ``lang`` alone when given, else in every language; none for a game without a catalogue).
    404 unknown game, 422 unknown language."""
    game = next((g for g in all_games() if g.id == game_id), None)
    if game is None:
        raise ApiError(404, f"no game {game_id[:80]!r}")
    langs = LANGS if lang is None else (frame_lang(lang),)
    catalogue = game.parts.words
    return {"game": game.id,
            "words": {code: catalogue.section("page", code) if catalogue is not None else {} for code in langs}}
