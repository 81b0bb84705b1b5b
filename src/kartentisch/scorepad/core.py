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
names the round, the player and the field, in every language of the pages (:class:`Text`, built once
per message by :func:`say`); nothing is changed by a refused entry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..kernel.errors import InvalidOptions, KartentischError
from ..kernel.names import NameRefused
from ..kernel.names import check_names as check_player_names
from ..kernel.words import LANGS, common_text

if TYPE_CHECKING:
    from ..kernel.game import Game
    from ..kernel.options import Option

#: Longest player name (characters).
MAX_NAME = 40

#: Field kinds: ``count`` integer ``minimum … maximum``; ``values`` list of integers each
#: ``minimum … maximum`` (at most ``max_items``); ``bool``; ``seat`` a seat number ``0 … n-1``;
#: ``multi`` a list of distinct ``choices`` (exactly ``max_items`` of them when set).
KINDS = ("count", "values", "bool", "seat", "multi")


class Text(dict[str, str]):
    """One text in every language of :data:`~kartentisch.kernel.words.LANGS`: ``{"en": …, "de": …}``.

    A plain ``dict`` (a value typed into an entry) is never taken for one: :func:`say` fills a
    ``Text`` value in each language's own words and shows every other value as it is.
    """

    @classmethod
    def of(cls, make: Callable[[str], str]) -> Text:
        """The text ``make(lang)`` for every language (for words built per language, e.g. a listing)."""
        return cls({lang: make(lang) for lang in LANGS})


def say(templates: Mapping[str, str], **values: Any) -> Text:
    """Each language's template of ``templates`` (English where one lacks it) formatted with ``values``; a
    :class:`Text` value gives its text in that language: ``say({"en": "{n} cards", "de": "{n} Karten"}, n=3)``."""
    return Text.of(lambda lang: templates.get(lang, templates["en"]).format(
        **{k: v[lang] if isinstance(v, Text) else v for k, v in values.items()}))


def _text(words: str | Mapping[str, str]) -> Text:
    """``words`` as a :class:`Text`: a plain string is the same in every language."""
    if isinstance(words, str):
        return Text.of(lambda _lang: words)
    return Text.of(lambda lang: words.get(lang, words["en"]))


class EntryError(KartentischError):
    """A pad or round entry that cannot be accepted; the message says which value and why, in each language.

    ``EntryError(templates, **values)`` builds the message once for every language (:func:`say`); a plain
    string is taken as it is, the same in every language. ``str(error)`` is the English text.

    Attributes:
        texts: the message per language (:class:`Text`).
    """

    def __init__(self, message: str | Mapping[str, str], **values: Any) -> None:
        self.texts = say(_text(message), **values) if values else _text(message)
        super().__init__(self.texts["en"])

    def text(self, lang: str) -> str:
        """The message in ``lang`` (English for a language the pages do not have)."""
        return self.texts.get(lang, self.texts["en"])

    def within(self, where: Mapping[str, str]) -> EntryError:
        """The same refusal prefixed with ``where`` (``"round 2: …"`` / ``"Runde 2: …"``) in each language."""
        return EntryError(_WITHIN, where=_text(where), problem=self.texts)


_WITHIN = {"en": "{where}: {problem}"}  # the same in every language, as _then's ", "
_NONE = Text({"en": "none", "de": "keine"})
#: What a value may be, per kind of field or option, and the refusal naming it.
_BOOL = Text({"en": "true or false", "de": "ja oder nein (true oder false)"})
_NOT_ALLOWED = {"en": "{where}: {value} is not allowed; {allowed}",
                "de": "{where}: {value} ist nicht erlaubt; erlaubt ist {allowed}"}


def _bound(minimum: int | None, maximum: int | None) -> str:
    """A whole number's range as the messages write it: ``"0 … 20"``, ``"≥ 1"``, ``"≤ 9"``, ``""`` (any)."""
    if maximum is None:
        return "" if minimum is None else f"≥ {minimum}"
    return f"≤ {maximum}" if minimum is None else f"{minimum} … {maximum}"


def _whole(minimum: int | None, maximum: int | None) -> Text:
    """"a whole number 0 … 20" / "eine ganze Zahl 0 … 20" (no range: just the words)."""
    words = say({"en": "a whole number {bound}", "de": "eine ganze Zahl {bound}"}, bound=_bound(minimum, maximum))
    return Text.of(lambda lang: words[lang].rstrip())


def _then(where: Text, part: str | Text) -> Text:
    """``where`` narrowed by ``part`` in each language: "round 2" + "Ana" → "round 2, Ana"."""
    return say({"en": "{where}, {part}"}, where=where, part=part)


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
        choice_labels: each choice in the players' words per language, for the messages
            (``{"s2": {"en": "Special card 2", "de": "Sonderkarte 2"}, …}``; a choice without one is named as it is).
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
    choice_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def default(self) -> Any:
        """The value used when the key is left out (``0``, ``[]``, ``False``; ``None`` for a seat)."""
        return {"count": 0, "values": [], "bool": False, "seat": None, "multi": []}[self.kind]

    def describe(self) -> dict[str, Any]:
        """JSON-able description for the web form and the terminal sheet."""
        return {"key": self.key, "kind": self.kind, "label": dict(self.label), "minimum": self.minimum,
                "maximum": self.maximum, "max_items": self.max_items, "choices": list(self.choices),
                "required": self.required}

    def words(self) -> Text:
        """The field's label in every language (its key where a label lacks one)."""
        return Text.of(lambda lang: self.label.get(lang) or self.label.get("en") or self.key)

    def _choice(self, choice: str) -> Text:
        words = self.choice_labels.get(choice, {})
        return Text.of(lambda lang: words.get(lang) or words.get("en") or choice)

    def parse(self, value: Any, players: int, where: str | Mapping[str, str]) -> Any:
        """Validate ``value`` (JSON) and return it normalised (``values`` sorted ascending).

        ``where`` starts every message (``"round 2, Ana, red face down"``): per language, or one string
        for every language.

        Raises:
            EntryError: naming ``where`` and the problem.
        """
        if value is None and not self.required and self.kind != "seat":
            return self.default()
        at = _text(where)
        if self.kind == "count":
            if not _is_int(value) or value < self.minimum or (self.maximum is not None and value > self.maximum):
                raise EntryError(_NOT_ALLOWED, where=at, value=repr(value), allowed=_whole(self.minimum, self.maximum))
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise EntryError(_NOT_ALLOWED, where=at, value=repr(value), allowed=_BOOL)
            return value
        if self.kind == "seat":
            if not _is_int(value) or not 0 <= value < players:
                raise EntryError({"en": "{where}: {value!r} is not a player; choose one of the {n} players",
                                  "de": "{where}: {value!r} ist kein Spieler; wähle einen der {n} Spieler"},
                                 where=at, value=value, n=players)
            return value
        if not isinstance(value, list):
            raise EntryError({"en": "{where}: {value!r} is not a list", "de": "{where}: {value!r} ist keine Liste"},
                             where=at, value=value)
        if self.kind == "values":
            for item in value:
                if not _is_int(item) or item < self.minimum or (self.maximum is not None and item > self.maximum):
                    raise EntryError({"en": "{where}: {item!r} is not a card value; values are {bound}",
                                      "de": "{where}: {item!r} ist kein Kartenwert; die Werte sind {bound}"},
                                     where=at, item=item, bound=_bound(self.minimum, self.maximum))
            if self.max_items is not None and len(value) > self.max_items:
                raise EntryError({"en": "{where}: {n} cards, at most {k} are possible",
                                  "de": "{where}: {n} Karten, möglich sind höchstens {k}"},
                                 where=at, n=len(value), k=self.max_items)
            return sorted(value)
        # multi
        for item in value:
            if item not in self.choices:
                raise EntryError({"en": "{where}: {item!r} is unknown; allowed: {allowed}",
                                  "de": "{where}: {item!r} gibt es nicht; erlaubt: {allowed}"}, where=at, item=item,
                                 allowed=Text.of(lambda lang: ", ".join(self._choice(c)[lang] for c in self.choices)))
        twice = next((c for i, c in enumerate(value) if c in value[:i]), None)
        if twice is not None:
            raise EntryError({"en": "{where}: {choice} is chosen twice", "de": "{where}: {choice} ist zweimal gewählt"},
                             where=at, choice=self._choice(twice))
        if self.max_items is not None and len(value) != self.max_items:
            raise EntryError({"en": "{where}: choose exactly {k}, not {n}",
                              "de": "{where}: wähle genau {k}, nicht {n}"}, where=at, k=self.max_items, n=len(value))
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

    Attributes:
        game_id: the game's id.
        round_word: what the game's players call a round, per language, as the messages write it
            ("round 2" / "Runde 2"; chips says "Partie" in German, chips D1).
        match_word: what they call the whole match, per language ("match" / "Partie"; chips says "Spiel" in
            German, where a "Partie" is one round, chips D1).
    """

    game_id: str
    round_word: Text = Text({"en": "round", "de": "Runde"})
    match_word: Text = Text({"en": "match", "de": "Partie"})

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

    def round_name(self, number: int) -> Text:
        """Round ``number`` (1-based) as the messages name it: "round 2" / "Runde 2"."""
        return say({"en": "{round} {n}"}, round=self.round_word, n=number)

    def parse_entry(self, raw: Any, names: Sequence[str], options: Mapping[str, Any],
                    where: str | Mapping[str, str]) -> Entry:
        """Validate a raw JSON entry field by field, then :meth:`check` it as a whole.

        ``where`` starts every message (:meth:`round_name`), per language or one string for all.

        Raises:
            EntryError: the first problem found (unknown key, bad value, impossible combination).
        """
        n = len(names)
        at = _text(where)
        if not isinstance(raw, Mapping):
            raise EntryError({"en": '{where}: an entry is an object {{"players": [...], "round": {{...}}}}',
                              "de": '{where}: ein Eintrag ist ein Objekt {{"players": [...], "round": {{...}}}}'},
                             where=at)
        unknown = sorted(set(raw) - {"players", "round"})
        if unknown:
            raise EntryError({"en": "{where}: unknown key {key!r}; an entry has 'players' and 'round'",
                              "de": "{where}: unbekannter Schlüssel {key!r}; ein Eintrag hat 'players' und 'round'"},
                             where=at, key=unknown[0])
        rows = raw.get("players")
        if not isinstance(rows, list) or len(rows) != n:
            raise EntryError({"en": "{where}: 'players' must be a list of {n} objects, one per player in seat order",
                              "de": "{where}: 'players' muss eine Liste von {n} Objekten sein, eines je Spieler "
                                    "in Sitzreihenfolge"}, where=at, n=n)
        pfields = self.player_fields(n, options)
        players = [_parse_object(row, pfields, n, _then(at, names[s])) for s, row in enumerate(rows)]
        table = _parse_object(raw.get("round") or {}, self.round_fields(n, options), n, at)
        entry = Entry(players, table)
        try:
            self.check(entry, names, options)
        except EntryError as exc:
            raise exc.within(at) from None
        return entry


def _parse_object(raw: Any, fields: Sequence[Field], players: int, where: Text) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise EntryError({"en": "{where}: expected an object of fields, not {raw!r}",
                          "de": "{where}: erwartet ist ein Objekt mit Feldern, nicht {raw!r}"}, where=where, raw=raw)
    by_key = {f.key: f for f in fields}
    unknown = sorted(set(raw) - set(by_key))
    if unknown:
        raise EntryError({"en": "{where}: unknown field {key!r}; fields: {known}",
                          "de": "{where}: unbekanntes Feld {key!r}; Felder: {known}"},
                         where=where, key=unknown[0], known=", ".join(by_key) or _NONE)
    out = {}
    for f in fields:
        if f.required and raw.get(f.key) is None:
            raise EntryError({"en": "{where}: {label} is missing", "de": "{where}: „{label}“ fehlt"},
                             where=where, label=f.words())
        out[f.key] = f.parse(raw.get(f.key), players, _then(where, f.words()))
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
    """Validate player names: ``min_players … max_players`` non-empty names ≤ :data:`MAX_NAME`, each one line of
    visible text, none looking like another (:func:`kartentisch.kernel.names.check_names`: TR39 skeletons).

    Returns:
        The names stripped of surrounding spaces.
    Raises:
        EntryError: naming the problem.
    """
    if not isinstance(names, (list, tuple)):
        raise EntryError({"en": "players must be a list of names", "de": "die Mitspieler sind eine Liste von Namen"})
    if not all(isinstance(n, str) for n in names):
        raise EntryError({"en": "every player name must be text", "de": "jeder Name muss ein Text sein"})
    clean = [n.strip() for n in names]
    if not min_players <= len(clean) <= max_players:
        raise EntryError({"en": "{n} players; this game is for {lo} … {hi}",
                          "de": "{n} Mitspieler; dieses Spiel ist für {lo} … {hi} Spieler"},
                         n=len(clean), lo=min_players, hi=max_players)
    for name in clean:
        if not name:
            raise EntryError({"en": "a player's name is empty; give every player a name.",
                              "de": "ein Name ist leer; gib jedem Mitspieler einen Namen."})
        if len(name) > MAX_NAME:
            raise EntryError({"en": "the name \"{name}…\" is longer than {k} characters.",
                              "de": "der Name „{name}…“ ist länger als {k} Zeichen."}, name=name[:MAX_NAME], k=MAX_NAME)
    try:  # one line of visible text, none looking like another (issue 31)
        check_player_names(clean, [{"en": f"player {i + 1}", "de": f"Mitspieler {i + 1}"} for i in range(len(clean))])
    except NameRefused as exc:
        raise EntryError(exc.texts) from None
    return clean


def check_options(game: Game, names: Sequence[str], given: Mapping[str, Any]) -> dict[str, Any]:
    """The effective options of a pad of ``game`` for ``names`` (:meth:`Game.resolve_options` as at a table people
    sit at, which decides: a target score at most :attr:`~kartentisch.kernel.options.Option.table_maximum`),
    each refusal in the players' words: the option by its label, a seat by its player.

    Raises:
        EntryError: an unknown option (naming the known ones) or a value the option does not allow (naming what it
            allows).
    """
    known = [o.name for o in game.options]
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise EntryError({"en": "unknown option {name!r}; known options: {known}",
                          "de": "unbekannte Option {name!r}; bekannt sind: {known}"},
                         name=unknown[0], known=", ".join(sorted(known)) or _NONE)
    for spec in game.options:
        value = given.get(spec.name, spec.default)
        try:
            spec.validate(value, len(names), at_table=True)
        except InvalidOptions:
            label = Text({lang: spec.label.get(lang) or spec.label.get("en") or spec.name for lang in LANGS})
            if value is None:
                raise EntryError({"en": "{where}: a value is needed; {allowed}",
                                  "de": "{where}: hier fehlt ein Wert; erlaubt ist {allowed}"},
                                 where=label, allowed=_option_allows(spec, names)) from None
            shown: str | Text = repr(value)
            if spec.kind == "seat" and _is_int(value):  # a seat number counted from 1, as the pages show seats
                shown = Text({lang: common_text(lang, "seat", n=value + 1) for lang in LANGS})
            raise EntryError(_NOT_ALLOWED, where=label, value=shown, allowed=_option_allows(spec, names)) from None
    return game.resolve_options(len(names), given, at_table=True)


def _option_allows(spec: Option, names: Sequence[str]) -> Text:
    """What option ``spec`` allows, in the players' words (a seat: the players by name)."""
    if spec.kind == "int":
        whole = _whole(spec.minimum, spec.largest(at_table=True))
        return say({"en": "{whole} or empty", "de": "{whole} oder leer"}, whole=whole) if spec.nullable else whole
    if spec.kind == "seat":
        return say({"en": "one of the players: {names}", "de": "einer der Mitspieler: {names}"},
                   names=", ".join(names))
    if spec.kind == "bool":
        return _BOOL
    if spec.kind == "choice":
        return say({"en": "one of: {choices}", "de": "eines von: {choices}"}, choices=Text.of(lambda lang: ", ".join(
            spec.choice_labels[c].get(lang, spec.choice_labels[c]["en"]) if c in spec.choice_labels else repr(c)
            for c in spec.choices)))
    return say({"en": "{allowed}", "de": "eine Auswahl aus dem Angebot"}, allowed=spec.allowed)


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
            later = (say({"en": "rounds {n} … {k} would", "de": "müssten {this} bis {k}"}, n=number, k=len(entries),
                         this=ruleset.round_name(number)) if number < len(entries)
                     else say({"en": "{this} would", "de": "müsste {this}"}, this=ruleset.round_name(number)))
            raise EntryError({"en": "the match ended after {last}, so {this} cannot be recorded"
                                    " ({later} have to be deleted first)",
                              "de": "{last} hat das Spiel beendet, {this} kann daher nicht eingetragen werden"
                                    " (zuerst {later} gelöscht werden)"},
                             last=ruleset.round_name(number - 1), this=ruleset.round_name(number), later=later)
        entry = ruleset.parse_entry(raw, names, opts, ruleset.round_name(number))
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
