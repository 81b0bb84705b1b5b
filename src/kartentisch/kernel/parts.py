"""What a game brings for the faces, declared once as one typed structure (issue 35).

Model: boardgame.io's ``interface Game`` (every optional hook in one typed object, defaults filled by
``ProcessGameConfig`` once) and OpenSpiel's ``make_py_observer``. A game returns its :class:`Parts`
from :meth:`~kartentisch.kernel.Game.declare`; the registry checks them when the game loads, so a
misspelt or mistyped part is an error naming it then, never a silent fall-back to a face's generic
stand-in. A part left out is ``None`` (or empty), and the face says what it does without it (the
:class:`~kartentisch.kernel.Game` word methods, :mod:`kartentisch.kernel.summary`, …).

This module is pure Python in the compiled build too (``setup.py``): it is read once per game.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, NamedTuple

from .errors import KartentischError
from .words import Catalogue, Voice

#: A view document (:meth:`~kartentisch.kernel.GameState.view`).
View = dict[str, Any]

#: Where a step is taken: on the table (a card of the ``hand``, a ``help`` card, a ``table`` card, a
#: ``seat``, a grid ``cell``, a ``pile``, a row ``slot``, a display ``row``) or on the decision panel
#: (a ``wish``, a ``button``).
StepKind = Literal["hand", "help", "table", "seat", "cell", "pile", "slot", "row", "wish", "button"]


class Step(NamedTuple):
    """One step a person takes on the table to choose a legal token (issue 35; lila-ws's ``dests``: the server
    sends the structure, the page never reads a token).

    Attributes:
        kind: where the step is taken (:data:`StepKind`).
        value: what is picked there: a card code, a seat number, a cell ``"row:col"``, a pile (``"draw"``,
            ``"discard"``), a wish, or for a button a key of its own; for a set step, the cards (a tuple).
        unordered: the step is a set of cards (``value``) picked one by one in any order, then confirmed.
        span: how many of the choice's words (:class:`~kartentisch.kernel.Choice` steps) this step takes;
            ``None``: one (a set step: one per card).
        rest: the step takes every word of the choice left (then ``span`` is ignored).

    The page offers the distinct next steps of all legal tokens (``web/static/choose.js``), so an object
    that is no step of any legal token is never clickable. A named tuple, as :class:`~kartentisch.kernel.Choice`
    (cheap to make: a frame makes one per step of every legal token).
    """

    kind: StepKind
    value: str | tuple[str, ...]
    unordered: bool = False
    span: int | None = None
    rest: bool = False

    def as_json(self) -> dict[str, Any]:
        """The step as a frame carries it: ``{"kind", "value"}`` (a set's value a list) plus ``"set": true``
        (unordered),
        ``"span": n`` and ``"rest": true`` where they apply."""
        out: dict[str, Any] = {"kind": self.kind,
                               "value": list(self.value) if isinstance(self.value, tuple) else self.value}
        if self.unordered:
            out["set"] = True
        if self.span is not None:
            out["span"] = self.span
        if self.rest:
            out["rest"] = True
        return out


@dataclass(frozen=True, kw_only=True)
class Parts:
    """Every optional part of a game, by the face that uses it. Each is ``None`` (or empty) when absent.

    Words (:mod:`kartentisch.kernel.words`; the :class:`~kartentisch.kernel.Game` methods of the same names):
        card_name: ``(code, lang) -> str``, the card's full name ("Blue 7", "Blau 7").
        phase_name: ``(phase, lang) -> str | None``, the phase as players call it.
        describe_move: ``(seat, public_token, before_view, after_view, voice) -> str``, a move in words.
        describe_start: ``(view, voice) -> str``, round 1 as the match's start dealt it (no move deals it), in words
            for the log's first line; nothing when absent.
        choice: ``(seat, token, view, voice) -> tuple`` of :class:`~kartentisch.kernel.Choice`'s fields.
        choice_steps: ``(seat, token, view) -> tuple[Step, ...]``, the legal ``token`` of ``seat`` as the steps
            a person takes on the table (``view``: the seat's own view); one button step when absent.
        page_facts: ``(view, viewer) -> Mapping[str, Any]``, what the game's page script needs of ``view`` (the
            viewer's own) that the view keeps only inside a token (lastcard's last move, mayhem's chosen cards),
            as JSON values, so the page never reads a token; none when absent.
    Texts:
        words: the game's catalogue of texts (:class:`~kartentisch.kernel.words.Catalogue`, its ``words.toml``),
            whose ``page`` section the page script reads (``/api/games/{id}/words``).
        rules: the players' rules summary per language (markdown), ``{"en": …, "de": …}``.
        pitch: what the game is like in two lines per language (the lobby).
        common: the kernel's round and match sentences as this game words them, ``{lang: {key: text}}``
            (:meth:`~kartentisch.kernel.Game.common_text`; chips calls a round a "Partie"), and any refusal of the
            server that names the match or a round, by its key (:func:`kartentisch.web.refusals.in_game_words`).
    Round summary (:mod:`kartentisch.kernel.summary`, :mod:`kartentisch.sim.records`):
        score_now: ``(view) -> list[int] | None``, each seat's round score if the round ended now.
        standings: ``(view) -> Sequence[int]``, every seat, best first.
        round_details: ``(view, seat, voice) -> Sequence[str]``, how a seat's round score came about.
        round_facts: ``(doc) -> (how_the_round_ended | None, {event: count})`` for simulation records.
    Notation (RL action spaces, :mod:`kartentisch.rl.spaces`):
        action_space: ``(players, options) -> Sequence[str]``, every step string of a fixed action space.
        split_token: ``(token) -> list[str]``, a token as its steps (a one-step token when absent).
    Faces:
        render: ``(view, seat, voice) -> rich renderable``, the terminal drawing (:mod:`kartentisch.cli.render`).
        scorepad: the score pad's ``Ruleset`` (:mod:`kartentisch.scorepad`).
        observation: ``() -> Layout``, the RL observation layout (:mod:`kartentisch.rl.observations`); a loader,
            since a layout needs numpy, which only the ``rl`` extra installs.
        static: the folder holding the browser renderer ``<id>.js`` (and ``<id>.css``).
    Checks (:mod:`kartentisch.conformance`, the project's own tests):
        scenarios: the folder of the game's rules-conformance scenario files (``*.json``, searched
            recursively; CONVENTIONS *Scenario files*), shipped as package data; ``kartentisch check-game``
            runs them and the project's tests run every installed game's.
        short_match: game options that keep a match short (one round, or a low target, where the game allows
            it) for tests, demos and the kit; ``{}``: the defaults are short already. Checked against the
            game's options by the kit.
    """

    card_name: Callable[[str, str], str] | None = None
    phase_name: Callable[[str, str], str | None] | None = None
    describe_move: Callable[[int, str, View, View, Voice], str] | None = None
    describe_start: Callable[[View, Voice], str] | None = None
    choice: Callable[[int, str, View, Voice], Sequence[Any]] | None = None
    choice_steps: Callable[[int, str, View], tuple[Step, ...]] | None = None
    page_facts: Callable[[View, int | None], Mapping[str, Any]] | None = None
    words: Catalogue | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    pitch: Mapping[str, str] = field(default_factory=dict)
    common: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    score_now: Callable[[View], list[int] | None] | None = None
    standings: Callable[[View], Sequence[int]] | None = None
    round_details: Callable[[View, int, Voice], Sequence[str]] | None = None
    round_facts: Callable[[Mapping[str, Any]], tuple[str | None, dict[str, int]]] | None = None
    action_space: Callable[[int, Mapping[str, Any]], Sequence[str]] | None = None
    split_token: Callable[[str], list[str]] | None = None
    render: Callable[[View, int | None, Voice], Any] | None = None
    scorepad: Any = None
    observation: Callable[[], Any] | None = None
    static: Path | None = None
    scenarios: Path | None = None
    short_match: Mapping[str, Any] = field(default_factory=dict)

    def check(self, game_id: str) -> None:
        """Raise :class:`KartentischError` naming the first part of ``game_id`` that has the wrong kind of value:
        a function part that is not callable, a text part that is not a mapping of language to text, a
        ``static`` or ``scenarios`` folder that does not exist, or a ``short_match`` that is not a mapping of
        option name to value."""
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("rules", "pitch"):
                ok = isinstance(value, Mapping) and all(isinstance(k, str) and isinstance(v, str)
                                                        for k, v in value.items())
                want = "a mapping of language to text"
            elif f.name == "common":
                ok = isinstance(value, Mapping) and all(
                    isinstance(lang, str) and isinstance(texts, Mapping)
                    and all(isinstance(k, str) and isinstance(v, str) for k, v in texts.items())
                    for lang, texts in value.items())
                want = "a mapping of language to a mapping of sentence key to text"
            elif f.name == "words":
                ok = value is None or isinstance(value, Catalogue)
                want = "None or a Catalogue (kartentisch.kernel.words)"
            elif f.name in ("static", "scenarios"):
                ok = value is None or (isinstance(value, Path) and value.is_dir())
                want = "None or an existing folder (a pathlib.Path)"
            elif f.name == "short_match":
                ok = isinstance(value, Mapping) and all(isinstance(k, str) for k in value)
                want = "a mapping of option name to value"
            elif f.name == "scorepad":
                ok = True  # a Ruleset of kartentisch.scorepad: the kernel knows no face's types
                want = ""
            else:
                ok = value is None or callable(value)
                want = "None or a function"
            if not ok:
                raise KartentischError(f"game {game_id!r}: part {f.name!r} must be {want}, not {value!r}")

    @classmethod
    def names(cls) -> list[str]:
        """Every part's name, in declaration order."""
        return [f.name for f in fields(cls)]


def declared(game_id: str, declare: Callable[[], Parts]) -> Parts:
    """Call a game's ``declare`` and check what it gives (see :meth:`Parts.check`).

    Raises:
        KartentischError: ``declare`` named a part that does not exist (the message names it and the
            nearest known part), gave a value of the wrong kind, or returned something other than Parts.
    """
    try:
        parts = declare()
    except TypeError as err:
        unknown = next((name for name in str(err).split("'")[1::2] if name not in Parts.names()), None)
        if unknown is None or "unexpected keyword argument" not in str(err):
            raise
        near = difflib.get_close_matches(unknown, Parts.names(), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise KartentischError(f"game {game_id!r} declares an unknown part {unknown!r}{hint} "
                               f"(parts: {', '.join(Parts.names())})") from None
    if not isinstance(parts, Parts):
        raise KartentischError(f"game {game_id!r}: declare() must return kartentisch.kernel.Parts, not {parts!r}")
    parts.check(game_id)
    return parts
