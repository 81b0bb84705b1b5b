"""A group's standings as its page and its CSV file show them (issue 34): per game, from the recorded matches
(:mod:`~kartentisch.web.group_store`), with members named as they are now and bots by their kind and strength.

The rating and counts are :func:`~kartentisch.web.standings.standings` (pure, OpenSkill); here they are read
from the store and worded in the page's language (``en``/``de``), and written as a spreadsheet-safe CSV.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from ..bots import PERSON_NAMES, bot_label
from ..kernel import KartentischError, lookup
from .group_store import helped, matches_t, member_names
from .standings import Entry, Played, standings

#: The standings' words (the CSV's header row, a bot without a known kind).
_WORDS = {
    "en": {"bot": "Bot", "game": "Game", "rank": "Rank", "player": "Player", "rating": "Rating",
           "matches": "Matches", "wins": "Wins", "average": "Average score", "form": "Recent places"},
    "de": {"bot": "Bot", "game": "Spiel", "rank": "Rang", "player": "Spieler",
           "rating": "Wertung", "matches": "Partien", "wins": "Siege", "average": "Punkteschnitt",
           "form": "Letzte Platzierungen"},
}


def game_name(game_id: str, lang: str) -> str:
    """The game ``game_id`` as people call it in ``lang`` (its id if this server has no such game any more)."""
    try:
        return str(lookup(game_id).names.get(lang) or game_id)
    except KartentischError:
        return game_id


def bot_name(spec: str, lang: str) -> str:
    """A bot as the standings name it: its kind and strength ("Bot (steady)"), the same for every seat."""
    try:
        return bot_label(spec, 0, lang).replace(f" {PERSON_NAMES[0]}", "", 1)
    except KartentischError:
        return _WORDS[lang]["bot"]


def group_standings(conn: Connection, code: str, lang: str, bots: bool) -> list[dict[str, Any]]:
    """Per game the group has a recorded match of, best known first (most matches): ``{"game", "game_name"}``
    plus :func:`~kartentisch.web.standings.standings` of its matches, members named as they are now.

    A person's result a bot helped with (:func:`~kartentisch.web.group_store.helped`: a bot made some of the
    seat's moves after a hand-over, a removal or a run-out clock) is partly a bot's: it counts as the bots do,
    only with ``bots`` ("count bots" / "Bots mitzählen"); without, that person is left out of that match like a
    bot (the others' places counted again among themselves). A fresh user's group credited Cleo with a win a bot
    played 43 of her 46 moves of. The group's list of matches marks such a result (``BOT_HELP``)."""
    members = member_names(conn, code)
    rows = conn.execute(select(matches_t.c.game, matches_t.c.ended, matches_t.c.result, matches_t.c.source_id)
                        .where(matches_t.c.group_id == code, matches_t.c.result.is_not(None))
                        .order_by(matches_t.c.ended, matches_t.c.source_id)).all()
    by_game: dict[str, list[Played]] = {}
    for game, ended, result, _source_id in rows:
        entries = tuple(
            Entry(f"m{e['member']}", members.get(e["member"], e["name"]), False, e["place"], e["score"])
            if e["member"] is not None else Entry(f"bot:{e['bot']}", bot_name(e["bot"] or "random", lang), True,
                                                  e["place"], e["score"])
            for e in result if bots or not helped(e))
        by_game.setdefault(game, []).append(Played(ended, entries))
    out = [{"game": game, "game_name": game_name(game, lang), **standings(played, bots)}
           for game, played in by_game.items()]
    return sorted((g for g in out if g["matches"]), key=lambda g: (-g["matches"], g["game_name"]))


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet shows as text: one that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
    carriage return gets a leading ``'`` (OWASP, "CSV Injection"), so ``=HYPERLINK(…)`` is never run as a formula."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(games: list[dict[str, Any]], lang: str) -> str:
    """The standings as CSV (a header row in ``lang``, then one row per game and player, best first); names and
    the game's name go through :func:`_cell`, so no cell starts a formula."""
    words = _WORDS[lang]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([words[k] for k in ("game", "rank", "player", "bot", "rating", "matches", "wins", "average",
                                        "form")])
    for game in games:
        for rank, p in enumerate(game["players"], 1):
            writer.writerow([_cell(game["game_name"]), rank, _cell(p["name"]), "x" if p["bot"] else "", p["rating"],
                             p["matches"],
                             p["wins"], "" if p["average_score"] is None else p["average_score"],
                             " ".join(map(str, p["form"]))])
    return out.getvalue()
