"""Bot players for any seat, named by a spec string ``name[:key=value,...]``.

The same spec works everywhere (play, simulate, tournament, the table): ``random``,
``heuristic`` (the game's rule-based bot), ``ismcts:iterations=1000,c=0.7``, ``policy:PATH`` (a learned
policy file played by NumPy, :mod:`.policy`; ``policy:PATH,temperature=0.5`` samples instead of taking the best
move; a value file is searched one ply, :mod:`.valuesearch`, ``policy:PATH,samples=8,leaves=64,anchor=0.2``; a
tabular file values the leaves of ISMCTS, :mod:`.tabular`, ``policy:PATH,iterations=150,weight=0.7``; the path may
not contain a comma).
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Mapping
from typing import Any

from ..kernel import LANGS, Bot, Game, KartentischError, RandomBot
from ..kernel.names import MAX_LENGTH, NameRefused, check_names
from ..kernel.words import common_text

BOT_NAMES = ("random", "heuristic", "ismcts", "policy")

#: Person-like names of bot seats, one per seat (a table has at most 8 seats).
PERSON_NAMES = ("Lena", "Max", "Ida", "Jonas", "Mia", "Paul", "Ella", "Noah")

_KINDS: dict[str, dict[str, str]] = {
    "en": {"random": "plays at random", "heuristic": "steady", "weak": "weak", "medium": "medium", "strong": "strong",
           "policy": "learned", "bot": "Bot {name} ({kind})", "short": "Bot {name}"},
    "de": {"random": "spielt zufällig", "heuristic": "solide", "weak": "schwach", "medium": "mittel", "strong": "stark",
           "policy": "gelernt", "bot": "Bot {name} ({kind})", "short": "Bot {name}"},
}

#: ISMCTS iterations from which a bot is called strong and medium (weak below). Measured in every game's round robin
#: (two players, bench/strength/README.md, :mod:`.levels`): ISMCTS-1000 is rated above the heuristic in every game,
#: ISMCTS-100 above it in colors and lastcard, below it in chips, grid and mayhem (it won 0.48-0.58 of its matches
#: against the heuristic, in grid 0.29), so from 100 iterations a bot is "medium", the heuristic's level
#: (:data:`SCALE`), not "weak" below it (as with the old threshold of 300). The words do not depend on the game, so
#: grid's weaker ISMCTS-100 shares the level too. Below 100 iterations (not measured) it is called weak.
STRENGTHS: tuple[tuple[int, str], ...] = ((1000, "strong"), (100, "medium"), (0, "weak"))

#: The strength scale of the kinds :func:`bot_kind` names, weakest first; the kinds of one entry are one level (the
#: round robins do not order them alike in every game). ``policy`` ("learned") is not on it: the lobby places the
#: learned bot by its game's measurement (:func:`.levels.lobby_levels`).
SCALE: tuple[tuple[str, ...], ...] = (("random",), ("weak",), ("heuristic", "medium"), ("strong",))


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name[:key=value,...]`` into the name and typed parameters (int, float, or str).

    A ``policy`` spec's first item is its file's path (``policy:grid.npz,temperature=0.5`` gives
    ``("policy", {"path": "grid.npz", "temperature": 0.5})``).

    Raises:
        KartentischError: unknown bot name, a parameter without ``=``, or a parameter given twice (which one
            counts would be a guess).
    """
    name, _, rest = spec.strip().partition(":")
    if name not in BOT_NAMES:
        raise KartentischError(f"unknown bot {name!r}; known bots: {', '.join(BOT_NAMES)}")
    params: dict[str, Any] = {}
    items = [item for item in rest.split(",") if item]
    if name == "policy":
        if not items or "=" in items[0]:
            raise KartentischError(f"bot spec {spec!r}: name the policy file, as policy:PATH")
        params["path"] = items.pop(0).strip()
    for item in items:
        key, eq, raw = item.partition("=")
        if not eq or not key:
            raise KartentischError(f"bot spec {spec!r}: parameter {item!r} is not key=value")
        if key in params:
            raise KartentischError(f"bot spec {spec!r}: {key!r} is given twice; give each parameter once")
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                continue
        params[key] = value
    return name, params


def bot_kind(spec: str) -> str:
    """The kind of bot ``spec`` names in its label: ``random``, ``heuristic``, ``policy``, or an ISMCTS bot's strength
    ``weak``/``medium``/``strong`` by its iterations (:data:`STRENGTHS`; a time budget counts as 1,000).

    Raises:
        KartentischError: ``spec`` is not a bot spec (:func:`parse_spec`).
    """
    name, params = parse_spec(spec)
    if name != "ismcts":
        return name
    iterations = params.get("iterations", 1000) if "time_budget_s" not in params else 1000
    return next(k for least, k in STRENGTHS if not isinstance(iterations, int) or iterations >= least)


def bot_label(spec: str, seat: int, lang: str = "en") -> str:
    """A bot seat as players read it: a person-like name and its kind and strength (:func:`bot_kind`),
    ``bot_label("ismcts:iterations=1000", 1) == "Bot Max (strong)"``; German with ``lang="de"``.

    Raises:
        KartentischError: ``spec`` is not a bot spec (:func:`parse_spec`).
    """
    texts = _KINDS.get(lang, _KINDS["en"])
    return texts["bot"].format(name=PERSON_NAMES[seat % len(PERSON_NAMES)], kind=texts[bot_kind(spec)])


def bot_name(seat: int, lang: str = "en") -> str:
    """A bot seat's name without its kind and strength, as a sentence names an owner ("Bot Ida's grid", not "Bot Ida
    (plays at random)'s grid"; :meth:`~kartentisch.kernel.words.Voice.short`): ``bot_name(2) == "Bot Ida"``."""
    return _KINDS.get(lang, _KINDS["en"])["short"].format(name=PERSON_NAMES[seat % len(PERSON_NAMES)])


#: Who sat where, as ``kartentisch play`` saves it in a replay file's header (``"seats"``,
#: :class:`~kartentisch.kernel.Match`): the person's seat, the bots' specs by seat, the person's name (``""``: none
#: given).
SavedSeats = tuple[int, dict[int, str], str]


class SeatsUnread(ValueError):
    """A replay header's ``seats`` not in the shape ``play`` writes (:func:`read_seats`): ``key`` names what is
    wrong (``seats_not_list``, ``seats_count``, ``seats_count_one``, ``seats_entry``, ``seats_bot``,
    ``seats_people``, ``seats_name``; a reader words it in its language) and ``values`` its particulars (``k``,
    ``n``, ``seat`` counted from 1, ``bot``, ``most``)."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values


def header_seats(text: str) -> Any:
    """The ``seats`` of replay file ``text``'s header as written (``None`` without them or without a header that
    reads): the match's reader keeps only a list (:meth:`Match.loads <kartentisch.kernel.Match.loads>`), so a
    reader that says why they are not used reads them again here (:func:`read_seats`)."""
    try:
        head = json.loads(next(line for line in text.splitlines() if line.strip()))
    except (ValueError, StopIteration, RecursionError):
        return None
    return head.get("seats") if isinstance(head, dict) else None


def read_seats(seats: Any, players: int) -> SavedSeats:
    """Who sat where, from a replay header's ``seats`` as ``play`` writes them: a list of one ``{"person": name}``
    and a ``{"bot": spec}`` for every other seat.

    Raises:
        SeatsUnread: not a list, another number of entries than ``players``, an entry of another shape, an unknown
            bot, not exactly one person, or a person's name a table would not take (longer than
            :data:`~kartentisch.kernel.names.MAX_LENGTH`, not one line of visible text, or one that reads as a bot's:
            a hand edit; the moves replay either way, so a reader says why and goes on).
    """
    if not isinstance(seats, list):
        raise SeatsUnread("seats_not_list")
    if len(seats) != players:
        raise SeatsUnread("seats_count_one" if len(seats) == 1 else "seats_count", k=len(seats), n=players)
    people: list[int] = []
    specs: dict[int, str] = {}
    for s, who in enumerate(seats):
        if not (isinstance(who, dict) and len(who) == 1 and isinstance(next(iter(who.values())), str)
                and next(iter(who)) in ("person", "bot")):
            raise SeatsUnread("seats_entry", seat=s + 1)
        if "person" in who:
            people.append(s)
            continue
        try:
            parse_spec(who["bot"])
        except KartentischError:
            raise SeatsUnread("seats_bot", seat=s + 1, bot=who["bot"]) from None
        specs[s] = who["bot"]
    if len(people) != 1:
        raise SeatsUnread("seats_people", k=len(people))
    saved = people[0], specs, seats[people[0]]["person"]
    if len(saved[2]) > MAX_LENGTH or not all(_name_taken(saved, players, lang) for lang in LANGS):
        raise SeatsUnread("seats_name", seat=saved[0] + 1, most=MAX_LENGTH)
    return saved


def _name_taken(saved: SavedSeats, players: int, lang: str) -> bool:
    """Whether the person's name of ``saved`` is one a table takes in ``lang`` (:func:`check_person`)."""
    try:
        check_person(saved_seat_names(saved, players, lang)[0], saved[0])
    except NameRefused:
        return False
    return True


def check_person(names: tuple[str, ...], seat: int) -> None:
    """Refuse the name at ``seat`` of a match's seat names (:func:`saved_seat_names`) that a table would not take
    beside the others (:func:`~kartentisch.kernel.names.check_names`, as a web table's seats): a "Bot Max
    (solide)" or a name with a line break would read as another seat or break the lines it is told in.

    Raises:
        NameRefused: the reason in every language, the seats named "Seat n" / "Platz n" in it.
    """
    check_names(names, [{k: common_text(k, "seat", n=s + 1) for k in LANGS} for s in range(len(names))], seat)


def saved_seat_names(saved: SavedSeats | None, players: int, lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seats' names and short names (:class:`~kartentisch.kernel.Voice`) of a saved match, as ``play`` named
    them: bots by :func:`bot_label` ("Bot Lena (steady)"), the person by the name saved; without saved seats (or
    a person without a name) "Seat n" (both ``()``)."""
    if saved is None:
        return (), ()
    _, specs, person = saved
    names = tuple(bot_label(specs[s], s, lang) if s in specs else person for s in range(players))
    return names, tuple(bot_name(s, lang) if s in specs else "" for s in range(players))


def make_bot(spec: str, game: Game, seed: int | None = None, players: int | None = None,
             options: Mapping[str, Any] | None = None) -> Bot:
    """Build the bot named by ``spec`` for ``game``, seeded with ``seed``.

    With ``players`` (and ``options``), a bot made for one kind of table (a policy) is checked against that
    table now, so a tournament or a table fails before its first match, not in it.

    Raises:
        KartentischError: unknown bot, bad parameters, a game without that bot, or a policy file that cannot be
            read or was made for another game or table (:class:`~.policy.PolicyError`, naming the file).
    """
    name, params = parse_spec(spec)
    if name == "random":
        if params:
            raise KartentischError(f"bot 'random' takes no parameters, got {sorted(params)}")
        return RandomBot(seed)
    if name == "heuristic":
        if params:
            raise KartentischError(f"bot 'heuristic' takes no parameters, got {sorted(params)}")
        return game.heuristic_bot(seed)
    if name == "ismcts":
        return _ismcts(spec, game, seed, params)
    return _learned(spec, game, seed, params, players, options)


def _learned(spec: str, game: Game, seed: int | None, params: dict[str, Any], players: int | None,
             options: Mapping[str, Any] | None) -> Bot:
    """``policy:PATH``: a policy file's :class:`~.policy.PolicyBot`, a value file's
    :class:`~.valuesearch.ValueSearchBot` or a tabular file's :class:`~.tabular.TabularSearchBot` (the file's
    ``kind`` says which)."""
    from .policy import PolicyBot, cached_policy
    from .tabular import TabularSearchBot
    from .valuesearch import ValueSearchBot

    policy = cached_policy(params.pop("path"))
    takes = {"value": ("samples", "leaves", "anchor", "search"), "tabular": ("iterations", "weight")}.get(
        policy.kind, ("temperature",))
    unknown = sorted(set(params) - set(takes))
    if unknown:
        raise KartentischError(f"bot spec {spec!r}: unknown parameter {unknown[0]!r}; a {policy.kind} file takes "
                               f"{', '.join(takes)}")
    bot: PolicyBot | ValueSearchBot | TabularSearchBot
    if policy.kind == "value":
        bot = ValueSearchBot(policy, game, seed, **params)
    elif policy.kind == "tabular":
        bot = TabularSearchBot(policy, game, seed, **params)
    else:
        bot = PolicyBot(policy, game, seed, params.get("temperature", 0.0))
    if players is not None:
        bot.check(players, game.resolve_options(players, options))
    return bot


def _ismcts(spec: str, game: Game, seed: int | None, params: dict[str, Any]) -> Bot:
    bot_class = importlib.import_module(f"{__name__}.ismcts").ISMCTSBot
    allowed = [p for p in inspect.signature(bot_class).parameters if p not in ("game", "seed")]
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise KartentischError(f"bot spec {spec!r}: unknown parameter {unknown[0]!r}; "
                               f"ismcts takes {', '.join(allowed)}")
    return bot_class(game, seed=seed, **params)  # type: ignore[no-any-return]
