"""A group's standings (issue 34): placings of a finished match, and per game a rating, counts and history.

Pure functions of the recorded matches, so the standings are the same whenever and wherever they are computed
(after a restart too): :func:`placings` turns a match's winners and totals into places, :func:`standings`
rates every match of a game in the order they ended.

The rating is OpenSkill's Plackett-Luce model (Weng & Lin 2011, "A Bayesian Approximation Method for Online
Ranking", JMLR 12; the ``openskill`` library): one rating per player and game, 2 to 8 players a match, ties
by equal ranks. The number people read is its *ordinal* ``mu − 3·sigma`` (0 before the first match), which
rises as a player wins and as the system grows sure of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

#: Matches of a player shown as their recent form (latest last).
FORM = 5


def placings(winners: Sequence[int], totals: Sequence[int], score_sign: int) -> list[int]:
    """The place of every seat of a finished match, 1 the best, ties sharing a place ("1, 1, 3").

    The spec's winners share place 1 (every game's winners rule: colors R17, chips D11, lastcard R18, grid and
    mayhem: the lowest total wins). Below them the specs rank nobody; here the seats follow by their total in the
    game's direction (``score_sign`` +1: higher is better, −1: lower), equal totals sharing a place.

    >>> placings([1], [10, 12, 7], +1)
    [2, 1, 3]
    >>> placings([0, 2], [3, 9, 3, 9], -1)
    [1, 3, 1, 3]
    """
    key = [(s not in winners, -score_sign * totals[s]) for s in range(len(totals))]
    return [1 + sum(k < key[s] for k in key) for s in range(len(totals))]


@dataclass(frozen=True)
class Entry:
    """One participant of a recorded match: who (``key``: ``m<member id>`` for a member, ``bot:<spec>`` for a
    bot), as people read them (``name``), whether a bot, their place (1 best) and final total; ``helped``: a bot
    made some of a person's moves (counted in :attr:`Line.helped`)."""

    key: str
    name: str
    bot: bool
    place: int
    score: int
    helped: bool = False


@dataclass(frozen=True)
class Played:
    """A recorded match of one game: when it ended (epoch s) and its participants in seat order."""

    ended: float
    entries: tuple[Entry, ...]


@dataclass
class Line:
    """One player's line of a game's standings (see :func:`standings`)."""

    key: str
    name: str
    bot: bool
    rating: float = 0.0
    matches: int = 0
    wins: int = 0
    total: int = 0
    places: list[int] = field(default_factory=list)
    helped: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"key", "name", "bot", "rating", "matches", "wins", "helped", "average_score", "form"}``: the rating
        (ordinal) rounded to 0.1, ``helped`` how many of the matches a bot helped with, the average final total
        rounded to 0.1, the form the places of the last :data:`FORM` matches, latest last."""
        return {"key": self.key, "name": self.name, "bot": self.bot, "rating": round(self.rating, 1),
                "matches": self.matches, "wins": self.wins, "helped": self.helped,
                "average_score": round(self.total / self.matches, 1) if self.matches else None,
                "form": self.places[-FORM:]}


def _without_bots(entries: Sequence[Entry]) -> list[Entry]:
    """The people of a match, their places counted again among themselves (a bot ahead no longer counts)."""
    people = [e for e in entries if not e.bot]
    return [Entry(e.key, e.name, False, 1 + sum(o.place < e.place for o in people), e.score, e.helped)
            for e in people]


def standings(matches: Sequence[Played], bots: bool = True) -> dict[str, Any]:
    """The standings of one game from its recorded ``matches`` (any order: they are rated by when they ended,
    then as given).

    ``bots`` false leaves the bots out: each match counts among its people only (places counted again), and a
    match with fewer than two people does not count.

    Returns:
        ``{"matches", "players", "head_to_head", "history"}``: ``matches`` the number counted; ``players``
        :meth:`Line.to_json` best rating first (then more wins, then name); ``head_to_head`` one item per pair
        who met, ``{"a", "b", "met", "a_ahead", "b_ahead", "level"}`` (keys in the order of ``players``);
        ``history`` per player key the rating after each of their matches as ``[match number, ended, rating]``
        (match numbers count this game's matches from 1).
    """
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    lines: dict[str, Line] = {}
    history: dict[str, list[list[float]]] = {}
    meetings: dict[tuple[str, str], list[int]] = {}
    counted = 0
    for played in sorted(matches, key=lambda m: m.ended):
        entries = list(played.entries) if bots else _without_bots(played.entries)
        if len(entries) < 2:
            continue
        counted += 1
        for e in entries:
            ratings.setdefault(e.key, model.rating(name=e.key))
            line = lines.setdefault(e.key, Line(e.key, e.name, e.bot))
            line.name, line.matches, line.total = e.name, line.matches + 1, line.total + e.score
            line.wins += e.place == 1
            line.helped += e.helped
            line.places.append(e.place)
        rated = model.rate([[ratings[e.key]] for e in entries], ranks=[e.place for e in entries])
        for e, (new,) in zip(entries, rated, strict=True):
            ratings[e.key] = new
            lines[e.key].rating = new.ordinal()
            history.setdefault(e.key, []).append([counted, played.ended, round(new.ordinal(), 1)])
        for one in entries:
            for other in entries:
                if one.key < other.key:
                    tally = meetings.setdefault((one.key, other.key), [0, 0, 0])
                    tally[0 if one.place < other.place else 1 if other.place < one.place else 2] += 1
    order = sorted(lines.values(), key=lambda line: (-round(line.rating, 1), -line.wins, line.name.casefold()))
    rank = {line.key: i for i, line in enumerate(order)}
    pairs: list[dict[str, Any]] = []
    for (a, b), (a_ahead, b_ahead, level) in meetings.items():
        if rank[a] > rank[b]:
            a, b, a_ahead, b_ahead = b, a, b_ahead, a_ahead
        pairs.append({"a": a, "b": b, "met": a_ahead + b_ahead + level, "a_ahead": a_ahead, "b_ahead": b_ahead,
                      "level": level})
    pairs.sort(key=lambda p: (rank[p["a"]], rank[p["b"]]))
    return {"matches": counted, "players": [line.to_json() for line in order], "head_to_head": pairs,
            "history": history}
