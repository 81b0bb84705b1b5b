"""The game-agnostic score pad: a match played with real cards, counted by the games' own rules.

A *pad* is a game id, the players' names (seat order = the order the names are given, seat 0
first, clockwise as in CONVENTIONS), the game's options and a list of round *entries*. An entry is
what the players read off the table at round end, as JSON::

    {"players": [{<per-player fields>}, …], "round": {<per-round fields>}}

Which fields exist is the game's :class:`Ruleset` (its ``scorepad`` part, ``games/<id>/scorepad.py``):
it describes its form (:class:`Field`), cross-checks an entry (impossible combinations) and turns it into the
inputs of the game's own pure scoring, match-end and dealer functions in
``games/<id>/rules.py``; no rule is implemented here. :func:`compute` replays every entry from
round 1, so a correction of an earlier round recomputes all later totals, the end, the winners
and the dealers.

Errors a user can cause raise :class:`EntryError` (a :class:`KartentischError`) whose message
names the round, the player and the field; nothing is changed by a refused entry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..kernel.errors import KartentischError

#: Longest player name (characters).
MAX_NAME = 40

#: Field kinds: ``count`` integer ``minimum … maximum``; ``values`` list of integers each
#: ``minimum … maximum`` (at most ``max_items``); ``bool``; ``seat`` a seat number ``0 … n-1``;
#: ``multi`` a list of distinct ``choices`` (exactly ``max_items`` of them when set).
KINDS = ("count", "values", "bool", "seat", "multi")


class EntryError(KartentischError):
    """A pad or round entry that cannot be accepted; the message says which value and why."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Field:
    """One input of a round entry form (per player, or once per round).

    Attributes:
        key: JSON key inside an entry's player object or ``round`` object.
        kind: one of :data:`KINDS`.
        label: text per language (``{"en": …, "de": …}``).
        minimum, maximum: bounds of a ``count`` or of each item of ``values`` (inclusive;
            ``maximum=None``: unbounded).
        max_items: most items of a ``values`` list; exact number of a ``multi`` selection.
        choices: allowed items of ``multi``.
        required: a ``seat`` or ``multi`` that must be given (others default to 0, ``[]``, ``False``).
    """

    key: str
    kind: str
    label: Mapping[str, str]
    minimum: int = 0
    maximum: int | None = None
    max_items: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = False

    def default(self) -> Any:
        """The value used when the key is left out (``0``, ``[]``, ``False``; ``None`` for a seat)."""
        return {"count": 0, "values": [], "bool": False, "seat": None, "multi": []}[self.kind]

    def describe(self) -> dict[str, Any]:
        """JSON-able description for the web form and the terminal sheet."""
        return {"key": self.key, "kind": self.kind, "label": dict(self.label), "minimum": self.minimum,
                "maximum": self.maximum, "max_items": self.max_items, "choices": list(self.choices),
                "required": self.required}

    def parse(self, value: Any, players: int, where: str) -> Any:
        """Validate ``value`` (JSON) and return it normalised (``values`` sorted ascending).

        Raises:
            EntryError: naming ``where`` (e.g. ``"round 2, Ana, red face down"``) and the problem.
        """
        if value is None and not self.required and self.kind != "seat":
            return self.default()
        bound = f"{self.minimum} … {self.maximum}" if self.maximum is not None else f"≥ {self.minimum}"
        if self.kind == "count":
            if not _is_int(value) or value < self.minimum or (self.maximum is not None and value > self.maximum):
                raise EntryError(f"{where}: {value!r} is not allowed; a whole number {bound}")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise EntryError(f"{where}: {value!r} is not allowed; true or false")
            return value
        if self.kind == "seat":
            if not _is_int(value) or not 0 <= value < players:
                raise EntryError(f"{where}: {value!r} is not a player; choose one of the {players} players")
            return value
        if not isinstance(value, list):
            raise EntryError(f"{where}: {value!r} is not a list")
        if self.kind == "values":
            for item in value:
                if not _is_int(item) or item < self.minimum or (self.maximum is not None and item > self.maximum):
                    raise EntryError(f"{where}: {item!r} is not a card value; values are {bound}")
            if self.max_items is not None and len(value) > self.max_items:
                raise EntryError(f"{where}: {len(value)} cards, at most {self.max_items} are possible")
            return sorted(value)
        # multi
        for item in value:
            if item not in self.choices:
                raise EntryError(f"{where}: {item!r} is unknown; allowed: {', '.join(self.choices)}")
        if len(set(value)) != len(value):
            raise EntryError(f"{where}: {value!r} names a card twice")
        if self.max_items is not None and len(value) != self.max_items:
            raise EntryError(f"{where}: choose exactly {self.max_items}, not {len(value)}")
        return [c for c in self.choices if c in value]


@dataclass(frozen=True)
class Entry:
    """A validated round entry: per-player field values (seat order) and per-round values."""

    players: list[dict[str, Any]]
    round: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The entry as stored and sent: ``{"players": [...], "round": {...}}``."""
        return {"players": [dict(p) for p in self.players], "round": dict(self.round)}


class Ruleset(ABC):
    """What the score pad needs from one game; each method delegates to ``games/<id>/rules.py``.

    ``options`` are always the game's effective options (``Game.resolve_options``); ``names`` the
    players' names in seat order (used in messages).
    """

    game_id: str

    @abstractmethod
    def player_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """The inputs asked of every player at round end."""

    def round_fields(self, players: int, options: Mapping[str, Any]) -> list[Field]:
        """The inputs asked once per round (default: none)."""
        return []

    def check(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:  # noqa: B027
        """Refuse impossible combinations across fields and players (default: none).

        Raises:
            EntryError: naming the players and cards involved and the rule that makes it impossible.
        """

    def check_partial(self, entry: Entry, names: Sequence[str], options: Mapping[str, Any]) -> None:
        """Refuse what the fields typed so far already make impossible, whatever is typed next.

        Used to validate a round field by field as it is typed (the terminal pad). ``entry.round``
        is complete; ``entry.players`` holds seats ``0 … k-1`` only (``k ≤ len(names)``), and the
        fields of seat ``k-1`` not typed yet hold their :meth:`Field.default`. The default runs
        :meth:`check`, which is right while every cross-check is an upper bound (too many cards,
        chips …) that defaults cannot break; a ruleset with a check that needs every player
        overrides this method and leaves that check to :meth:`check`.

        Raises:
            EntryError: as :meth:`check`.
        """
        self.check(entry, names, options)

    @abstractmethod
    def round_scores(self, entry: Entry, options: Mapping[str, Any]) -> list[int]:
        """One score per seat for a checked entry, by the game's own scoring function."""

    @abstractmethod
    def winners_if_over(self, scores: Sequence[Sequence[int]], totals: Sequence[int], round_no: int,
                        options: Mapping[str, Any]) -> list[int] | None:
        """After round ``round_no``: the winners (ascending seats) if the match is over, else ``None``."""

    @abstractmethod
    def first_dealer(self, players: int, options: Mapping[str, Any]) -> int:
        """The dealer of round 1."""

    @abstractmethod
    def next_dealer(self, round_no: int, dealer: int, round_scores: Sequence[int], players: int,
                    options: Mapping[str, Any]) -> int:
        """The dealer of round ``round_no + 1`` given round ``round_no``'s dealer and scores."""

    def parse_entry(self, raw: Any, names: Sequence[str], options: Mapping[str, Any], where: str) -> Entry:
        """Validate a raw JSON entry field by field, then :meth:`check` it as a whole.

        Raises:
            EntryError: the first problem found (unknown key, bad value, impossible combination).
        """
        n = len(names)
        if not isinstance(raw, Mapping):
            raise EntryError(f"{where}: an entry is an object {{\"players\": [...], \"round\": {{...}}}}")
        unknown = sorted(set(raw) - {"players", "round"})
        if unknown:
            raise EntryError(f"{where}: unknown key {unknown[0]!r}; an entry has 'players' and 'round'")
        rows = raw.get("players")
        if not isinstance(rows, list) or len(rows) != n:
            raise EntryError(f"{where}: 'players' must be a list of {n} objects, one per player in seat order")
        pfields = self.player_fields(n, options)
        players = [_parse_object(row, pfields, n, f"{where}, {names[s]}") for s, row in enumerate(rows)]
        table = _parse_object(raw.get("round") or {}, self.round_fields(n, options), n, where)
        entry = Entry(players, table)
        try:
            self.check(entry, names, options)
        except EntryError as exc:
            raise EntryError(f"{where}: {exc}") from None
        return entry


def _parse_object(raw: Any, fields: Sequence[Field], players: int, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise EntryError(f"{where}: expected an object of fields, not {raw!r}")
    by_key = {f.key: f for f in fields}
    unknown = sorted(set(raw) - set(by_key))
    if unknown:
        known = ", ".join(by_key) or "none"
        raise EntryError(f"{where}: unknown field {unknown[0]!r}; fields: {known}")
    out = {}
    for f in fields:
        label = f.label.get("en", f.key)
        if f.required and raw.get(f.key) is None:
            raise EntryError(f"{where}: {label} is missing")
        out[f.key] = f.parse(raw.get(f.key), players, f"{where}, {label}")
    return out


@dataclass(frozen=True)
class RoundResult:
    """One scored round: its number (1-based), dealer, the entry, scores and running totals."""

    number: int
    dealer: int
    entry: Entry
    scores: list[int]
    totals: list[int]


@dataclass(frozen=True)
class Sheet:
    """The computed score sheet of a pad.

    Attributes:
        game: game id. names: players in seat order. options: effective options.
        rounds: every recorded round, scored. totals: sums per seat (zeros before round 1).
        over: the match has ended (by the game's own end rule). winners: ascending seats, ``[]``
            until over. next_round: number of the round to enter next (``None`` when over).
        dealer: dealer of the next round (``None`` when over).
    """

    game: str
    names: list[str]
    options: dict[str, Any]
    rounds: list[RoundResult] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    next_round: int | None = 1
    dealer: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON document of the sheet (the web API's and the CLI's ``--save`` format)."""
        return {
            "game": self.game, "names": list(self.names), "options": dict(self.options),
            "rounds": [{"number": r.number, "dealer": r.dealer, "entry": r.entry.to_json(), "scores": r.scores,
                        "totals": r.totals} for r in self.rounds],
            "totals": list(self.totals), "over": self.over, "winners": list(self.winners),
            "next_round": self.next_round, "dealer": self.dealer,
        }


def check_names(names: Sequence[Any], min_players: int, max_players: int) -> list[str]:
    """Validate player names: ``min_players … max_players`` distinct non-empty names ≤ :data:`MAX_NAME`.

    Returns:
        The names stripped of surrounding spaces.
    Raises:
        EntryError: naming the problem.
    """
    if not isinstance(names, (list, tuple)):
        raise EntryError("players must be a list of names")
    if not all(isinstance(n, str) for n in names):
        raise EntryError("every player name must be text")
    clean = [n.strip() for n in names]
    if not min_players <= len(clean) <= max_players:
        raise EntryError(f"{len(clean)} players; this game is for {min_players} … {max_players}")
    for name in clean:
        if not name:
            raise EntryError("a player name is empty")
        if len(name) > MAX_NAME:
            raise EntryError(f"player name {name[:MAX_NAME]!r}… is longer than {MAX_NAME} characters")
    if len({n.casefold() for n in clean}) != len(clean):
        raise EntryError("two players have the same name; names must differ")
    return clean


def compute(ruleset: Ruleset, names: Sequence[str], options: Mapping[str, Any],
            entries: Sequence[Any]) -> Sheet:
    """Replay ``entries`` (raw JSON) from round 1 and return the sheet.

    Every entry is validated; the match-end rule runs after each round, so an entry after the
    round that ended the match is refused (after a correction: the message says which rounds to
    delete).

    Raises:
        EntryError: the first bad entry (naming its round) or a round recorded after the end.
    """
    n = len(names)
    opts = dict(options)
    totals = [0] * n
    scores: list[list[int]] = []
    rounds: list[RoundResult] = []
    dealer = ruleset.first_dealer(n, opts)
    winners: list[int] | None = None
    for i, raw in enumerate(entries):
        number = i + 1
        if winners is not None:
            raise EntryError(f"the match ended after round {number - 1}, so round {number} cannot be recorded"
                             f" (rounds {number} … {len(entries)} would have to be deleted first)")
        entry = ruleset.parse_entry(raw, names, opts, f"round {number}")
        row = ruleset.round_scores(entry, opts)
        scores.append(row)
        totals = [t + s for t, s in zip(totals, row, strict=True)]
        rounds.append(RoundResult(number, dealer, entry, row, list(totals)))
        winners = ruleset.winners_if_over(scores, totals, number, opts)
        if winners is None:
            dealer = ruleset.next_dealer(number, dealer, row, n, opts)
    if winners is not None:
        return Sheet(ruleset.game_id, list(names), opts, rounds, totals, True, winners, None, None)
    return Sheet(ruleset.game_id, list(names), opts, rounds, totals, False, [], len(rounds) + 1, dealer)
