"""A group's standings as its page and its CSV file show them (issue 34): per game, from the recorded matches
(:mod:`~kartentisch.web.group_store`), with members named as they are now (one who left or was removed marked so,
:func:`~kartentisch.web.group_store.past_names`) and bots by their kind and strength.

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
from .group_store import helped, matches_t, past_names, played_by_bot
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
    plus :func:`~kartentisch.web.standings.standings` of its matches, members named as they are now (one who left
    keeps their results, marked, :func:`~kartentisch.web.group_store.past_names`), and
    ``played_by_bot``: ``[{"key", "name", "matches"}]``, the members a bot played matches for (not counted for them).

    **Whose match it is when a bot played for a person** (a hand-over, a removal from the table, a run-out clock;
    the group's page says the same in its words): a match counts for a member who made at least half of their
    seat's moves themselves. Where a bot made more than half of them
    (:func:`~kartentisch.web.group_store.played_by_bot`), it is the bot's match, not the member's: it is neither
    played nor won for the member (their rating, matches, wins and form leave it out); the seat counts as that kind
    of bot does ("Bot (steady)", only with ``bots``, "Count the bots" / "Bots mitzählen"), so the others keep the
    places they played, and the member is named apart (``played_by_bot``). Where a bot made some but at most half
    of them (:func:`~kartentisch.web.group_store.helped`: a phone that died near the end), the match counts for the
    member with and without the bots and is marked: their line's ``helped`` counts such matches. A fresh user's
    group credited Cleo with a win a bot played 43 of her 46 moves of, and another Ben with a match he never came
    to. The group's list of matches marks both (``BOT_PLAYED``, ``BOT_HELP``). Results recorded before moves were
    counted carry no counts and are the members' own."""
    members = past_names(conn, code, lang)
    rows = conn.execute(select(matches_t.c.game, matches_t.c.ended, matches_t.c.result, matches_t.c.source_id)
                        .where(matches_t.c.group_id == code, matches_t.c.result.is_not(None))
                        .order_by(matches_t.c.ended, matches_t.c.source_id)).all()
    by_game: dict[str, list[Played]] = {}
    by_bot: dict[str, dict[int, int]] = {}
    for game, ended, result, _source_id in rows:
        entries = []
        for e in result:
            if played_by_bot(e):  # the bot's match: counted as the kind of bot that played most of it
                apart = by_bot.setdefault(game, {})
                apart[e["member"]] = apart.get(e["member"], 0) + 1
            if e["member"] is None or played_by_bot(e):
                spec = e["bot"] if e["member"] is None else e.get("stand_in")
                entries.append(Entry(f"bot:{spec}", bot_name(spec or "random", lang), True, e["place"], e["score"]))
            else:
                entries.append(Entry(f"m{e['member']}", members.get(e["member"], e["name"]), False, e["place"],
                                     e["score"], helped(e)))
        by_game.setdefault(game, []).append(Played(ended, tuple(entries)))
    out = [{"game": game, "game_name": game_name(game, lang), **standings(played, bots),
            "played_by_bot": [{"key": f"m{member}", "name": members.get(member, ""), "matches": n}
                              for member, n in sorted(by_bot.get(game, {}).items())]}
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
