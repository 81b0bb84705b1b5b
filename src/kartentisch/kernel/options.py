"""Declarative game options: defaults, allowed values, validation.

A game lists its options as :class:`Option` objects (its spec's *Options* table). The kernel
merges given values over the defaults and rejects unknown names or values outside the allowed
set with :class:`InvalidOptions` naming the allowed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import InvalidOptions

#: The rule id a check's problem text starts with, as error messages cite rules (``"chips R19: …"``).
CITED_RULE = re.compile(r"([a-z]+ [A-Z]+[0-9]+):")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Option:
    """One option of a game.

    Attributes:
        name: JSON key in the state document's ``options``.
        default: value used when the option is not given (may depend on nothing but itself).
        kind: ``"int"``, ``"bool"``, ``"choice"``, ``"seat"`` (integer ``0 … n-1``) or ``"list"``;
            faces use it to draw an input.
        allowed: human description of the allowed values, used in error messages.
        help: a one-line explanation per language (``{"en": …, "de": …}``) in the players' words.
        label: a short name per language, as the lobby and ``kartentisch games`` show it.
        rule: the spec's rule id the option changes (``"colors R16"``), for a help link.
        presets: named values the spec suggests, ``(("short", 15), ("medium", 30), ("long", 70))``.
        choice_labels: for ``choice``: each allowed value in the players' words per language,
            ``{"short": {"en": "Short", "de": "Kurz"}, …}`` (every value or none).
        minimum, maximum: bounds for ``int`` (inclusive; ``None`` = unbounded), the rules' bounds.
        table_maximum: for ``int``, the largest value a table people sit at may set (the web API and lobby,
            ``kartentisch play``; ``None``: ``maximum``): simulations, sweeps and replays take any value the rules
            allow, a table must end (:func:`target_option`).
        nullable: ``None`` (JSON ``null``) is allowed.
        choices: allowed values for ``choice`` (and the elements of ``list``).
        check: extra validator ``(value, players) -> error text or None`` for ``list`` options; a text that starts
            with a rule id (``"chips R19: …"``) gives the :class:`InvalidOptions` its ``rule``.
        allowed_words: for ``list``, :attr:`allowed` per language (``kartentisch games --lang de``); the other kinds
            are worded from their bounds and choices (:func:`~kartentisch.kernel.setup_words.option_range`).
        null_words: for a ``nullable`` option, what ``None`` (JSON ``null``) means in the match, per language, as the
            spec says it (colors R16's round limit: "no limit, until someone reaches the target score"); without
            them a face says "none", which reads as "no rounds" for a number of rounds.
    """

    name: str
    default: Any
    kind: str
    allowed: str
    help: Mapping[str, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    table_maximum: int | None = None
    nullable: bool = False
    choices: tuple[Any, ...] = ()
    check: Callable[[Any, int], str | None] | None = None
    label: Mapping[str, str] = field(default_factory=dict)
    rule: str = ""
    presets: tuple[tuple[str, Any], ...] = ()
    choice_labels: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)
    allowed_words: Mapping[str, str] = field(default_factory=dict)
    null_words: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Raise ValueError unless ``choice_labels`` is empty or names exactly the ``choices``."""
        if self.choice_labels and set(self.choice_labels) != set(self.choices):
            raise ValueError(f"option {self.name!r}: choice_labels must name every choice "
                             f"({', '.join(map(repr, self.choices))}), not {', '.join(map(repr, self.choice_labels))}")

    def largest(self, at_table: bool = False) -> int | None:
        """The largest ``int`` value allowed (``None``: unbounded): :attr:`table_maximum` at a table, where set."""
        return self.table_maximum if at_table and self.table_maximum is not None else self.maximum

    def validate(self, value: Any, players: int, at_table: bool = False) -> None:
        """Raise :class:`InvalidOptions` unless ``value`` is allowed with ``players`` seats (``at_table``: at a
        table people sit at, :attr:`table_maximum`)."""
        if value is None and self.nullable:
            return
        ok = True
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind in ("int", "seat"):
            hi = players - 1 if self.kind == "seat" else self.largest(at_table)
            lo = 0 if self.kind == "seat" else self.minimum
            ok = _is_int(value) and (lo is None or value >= lo) and (hi is None or value <= hi)
        elif self.kind == "choice":
            ok = any(value == c and type(value) is type(c) for c in self.choices)
        problem = self.check(value, players) if ok and self.check is not None else None
        if not ok or problem:
            allowed = self.allowed.replace("n-1", str(players - 1))
            if at_table and self.table_maximum is not None:
                allowed = f"at a table, integer {self.minimum} … {self.table_maximum}"
            cited = CITED_RULE.match(problem) if problem else None
            raise InvalidOptions(
                f"option {self.name!r}: {value!r} is not allowed"
                + (f" ({problem})" if problem else "")
                + f"; allowed: {allowed}",
                rule=cited.group(1) if cited else "",
            )

    def describe(self) -> dict[str, Any]:
        """JSON-able description for ``kartentisch games`` and the web lobby."""
        return {
            "name": self.name, "default": self.default, "kind": self.kind, "allowed": self.allowed,
            "help": dict(self.help), "minimum": self.minimum, "maximum": self.maximum,
            "table_maximum": self.table_maximum,
            "nullable": self.nullable, "choices": list(self.choices), "label": dict(self.label),
            "rule": self.rule, "presets": [{"name": n, "value": v} for n, v in self.presets],
            "choice_labels": {value: dict(words) for value, words in self.choice_labels.items()},
            "null_words": dict(self.null_words),
        }


def int_option(name: str, default: int | None, minimum: int = 1, maximum: int | None = None, *,
               nullable: bool = False, help: Mapping[str, str] | None = None, **words: Any) -> Option:
    """An integer option in ``minimum … maximum`` (``maximum=None``: unbounded); ``words``: ``label``,
    ``rule``, ``presets`` (see :class:`Option`)."""
    rng = f"integer ≥ {minimum}" if maximum is None else f"integer {minimum} … {maximum}"
    return Option(name, default, "int", ("null or " if nullable else "") + rng, help or {},
                  minimum=minimum, maximum=maximum, nullable=nullable, **words)


#: How far above a game's usual target total a table may set it (:func:`target_option`).
TARGET_FACTOR = 10


def target_option(name: str, default: int | None, usual: int | None = None, *, nullable: bool = False,
                  help: Mapping[str, str] | None = None, **words: Any) -> Option:
    """A target total that ends the match (colors R16, grid R19, mayhem S1): by the rules any integer ≥ 1, at a
    table people sit at (:attr:`Option.table_maximum`) at most :data:`TARGET_FACTOR` × ``usual`` (the spec's
    default; ``usual`` for an option whose default is ``None``, as mayhem's point limit).

    **Decision:** the specs say "integer ≥ 1" and are silent on a largest target, so the rules (and with them
    simulations, sweeps, replay files) keep that; a table set to 10^9 points would never end, so the faces that
    seat people (the web API and lobby, ``kartentisch play``) refuse more than ten times the usual target, naming
    the range (a fresh user's finding)."""
    reference = default if usual is None else usual
    if reference is None:
        raise ValueError(f"option {name!r}: a target without a default needs its usual value")
    return replace(int_option(name, default, 1, nullable=nullable, help=help, **words),
                   table_maximum=TARGET_FACTOR * reference)


#: The most rounds a table people sit at may set (:func:`rounds_option`).
TABLE_ROUNDS = 20


def rounds_option(name: str, default: int | None, *, nullable: bool = False,
                  help: Mapping[str, str] | None = None, **words: Any) -> Option:
    """A number of rounds the match lasts (chips R11, lastcard R2): by the rules any integer ≥ 1, at a table people
    sit at (:attr:`Option.table_maximum`) at most :data:`TABLE_ROUNDS`.

    **Decision:** as for :func:`target_option`, the specs set no largest count; a table of 100,000 rounds would never
    end (a fresh user's finding), so the faces that seat people refuse more than 20 (five times the usual four-player
    match of lastcard), naming the range; simulations, sweeps and replay files keep the rules' bound."""
    return replace(int_option(name, default, 1, nullable=nullable, help=help, **words), table_maximum=TABLE_ROUNDS)


def seat_option(name: str, default: int = 0, *, help: Mapping[str, str] | None = None, **words: Any) -> Option:
    """A seat number ``0 … n-1`` (faces show it counted from 1); ``words`` as for :func:`int_option`."""
    return Option(name, default, "seat", "seat 0 … n-1", help or {}, **words)


def bool_option(name: str, default: bool, *, help: Mapping[str, str] | None = None, **words: Any) -> Option:
    """``true`` or ``false``; ``words`` as for :func:`int_option`."""
    return Option(name, default, "bool", "true or false", help or {}, **words)


def choice_option(name: str, default: Any, choices: Sequence[Any], *,
                  help: Mapping[str, str] | None = None, **words: Any) -> Option:
    """One of a fixed set of values; ``words`` as for :func:`int_option`, and ``choice_labels`` (each value in
    words, see :class:`Option`; ValueError unless it names every choice)."""
    return Option(name, default, "choice", ", ".join(repr(c) for c in choices), help or {},
                  choices=tuple(choices), **words)


def resolve_options(specs: Sequence[Option], given: Mapping[str, Any] | None, players: int,
                    at_table: bool = False) -> dict[str, Any]:
    """Merge ``given`` over the defaults of ``specs`` and validate every value (``at_table``: as a table people
    sit at allows, :attr:`Option.table_maximum`).

    Returns:
        A new dict with every option of ``specs``, in spec order.
    Raises:
        InvalidOptions: an unknown name (the message lists the known ones) or a bad value.
    """
    given = dict(given or {})
    known = {o.name for o in specs}
    unknown = sorted(set(given) - known)
    if unknown:
        raise InvalidOptions(f"unknown option {unknown[0]!r}; known options: {', '.join(sorted(known)) or 'none'}")
    out: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        spec.validate(value, players, at_table)
        out[spec.name] = value
    return out
