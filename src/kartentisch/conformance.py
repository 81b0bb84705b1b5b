"""Conformance checks any game's author can run on an installed game: ``kartentisch check-game ID``,
or these functions from a test (issue 31 item 2; the start of issue 35's kit).

**Fair play: a seat's bots and coach know only what the seat knows.** ISMCTS bots and the coach
(:mod:`kartentisch.bots.coach`) read a position only through the deciding seat's legal moves and
:meth:`~kartentisch.kernel.GameState.determinize` samples of its information set, so a game is fair
exactly when its determinization is. For random positions of every player count, and every seat
``s`` of each (:func:`check_fairness`):

* ``view`` — a determinization for ``s`` never changes what ``s`` sees: ``sample.view(s) ==
  state.view(s)``, and it holds the same cards (``sample.cards() == state.cards()``).
* ``resample`` — every card hidden from ``s`` is resampled (:func:`hidden_slots`,
  :func:`check_resample`): over many samples each hidden slot takes more than one value, or the
  cards of its container do, wherever the information set allows it. OpenSpiel's resample test
  checks only ``view`` and would not see a game keeping the real hidden cards in every sample (mayhem
  did so with the cards committed face down, issue 31).
* ``seeded`` — the coach's evaluation and the ISMCTS bot's choice, seeded alike, are equal for two
  states with equal ``view(s)`` and equal public history: the position and a determinization of it
  for ``s`` (:func:`check_seeded`). A ``_determinize`` that collects the hidden cards in the order
  they lie fails it (use :func:`~kartentisch.kernel.sort_shuffle`).

A failure raises :class:`ConformanceError`, naming the property, the game, the player count and the
seed of the position: ``kartentisch check-game ID --players N --seed S --positions 1`` checks that
position again. Everything is seeded, so a run repeats exactly. In a plug-in's own tests::

    from kartentisch.conformance import check_fairness
    from highcard import GAME

    def test_bots_and_coach_know_only_what_a_seat_knows():
        check_fairness(GAME, count=4)   # every player count; raises ConformanceError

**The rest of the kit** (issue 35), on seeded random matches of every player count (:func:`check_game`):

* ``invariants`` — the kernel's invariants (:mod:`kartentisch.sim.invariants`): every listed token applies,
  cards are conserved, clones are independent, the state document and the views round-trip through JSON
  and ``Game.load``, views equal those of a determinization, illegal tokens change nothing, the token
  list replays to the same final state (a replay round trip), every match ends.
* ``words`` — every move in words for every seat and the spectator in every language, built only from
  the reader's views (:func:`check_words`, :class:`WordsCheck`): no token or card code in a sentence, no card
  named that the reader cannot see, and every legal move's choice in words, no two alike. It is told on the
  moves of the invariants' match: one match serves both.
* ``scenarios`` — the rules-conformance scenarios the game ships in its package (its ``scenarios`` part,
  CONVENTIONS *Scenario files*) all pass (:func:`check_scenarios`); a failure names the file. Its
  ``short_match`` options are allowed at every player count.
* ``compiled`` — where a compiled (mypyc) build of the game's rules is installed and current, the same
  seeded random matches played by a fresh interpreter on the compiled modules and by one on the pure
  modules (``KARTENTISCH_PURE=1``) give the same state document and legal listing of every seat at
  every decision, and the same tokens (:func:`check_compiled`); without such a build it is not run,
  saying why.
* ``pettingzoo`` and ``openspiel`` — PettingZoo's ``api_test`` and OpenSpiel's ``random_sim_test`` on the
  game's adapters (:func:`check_adapters`), where the ``rl`` extra is installed.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import io
import json
import os
import random
import re
import subprocess
import sys
import warnings
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .kernel import LANGS, Game, GameState, KartentischError, Voice, narrate

#: The fairness properties (module docstring), in the order they are checked.
PROPERTIES = ("view", "resample", "seeded")
#: The other checks of the kit (module docstring), in the order :func:`check_game` runs them.
CHECKS = ("invariants", "words", "scenarios", "compiled", "pettingzoo", "openspiel")
#: A raw token or a card code, as a player must never read them.
RAW = re.compile(r"[a-z]+:[a-z0-9?]|\b[a-z]{1,2}-?\d{1,2}\b")
#: Seat names of the words check.
NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hana")

#: A place in a state document: the keys and list indices leading to it from the top.
Path = tuple[str | int, ...]


class ConformanceError(AssertionError):
    """A game broke a conformance property.

    Attributes:
        prop: the property's name (:data:`PROPERTIES`, :data:`CHECKS`).
        game: the game's id.
        players: the player count.
        seed: the seed of the position (:func:`random_position`) or match that shows it.
        detail: what was found.
        options: the game options the position was played with (``{}``: the defaults).
        again: the command that shows it again (default: ``kartentisch check-game`` on that position; a
            scenario names its file instead, and then the message names neither player count nor seed).
    """

    def __init__(self, prop: str, game: str, players: int, seed: int, detail: str,
                 options: Mapping[str, Any] | None = None, again: str | None = None) -> None:
        self.prop, self.game, self.players, self.seed, self.detail = prop, game, players, seed, detail
        self.options = dict(options or {})
        if again is not None:
            super().__init__(f"{prop}: {game}: {detail} (again: {again})")
            return
        more = f" --options '{json.dumps(self.options)}'" if self.options else ""
        super().__init__(f"{prop}: {game} with {players} players, position seed {seed}: {detail} (again: "
                         f"kartentisch check-game {game} --players {players} --seed {seed} --positions 1{more})")


@dataclass(frozen=True)
class Position:
    """One checked position: the game's state after a seeded random play, the seed that made it and the
    game options given (``{}``: the defaults)."""

    state: GameState
    players: int
    seed: int
    options: dict[str, Any]


def random_position(game: Game, players: int, seed: int, max_steps: int = 300,
                    options: Mapping[str, Any] | None = None) -> Position:
    """A position of a match dealt with ``seed``, after a uniformly random number of its first random
    legal moves (up to ``max_steps``; never the end of a match that ends sooner); the seat moving next
    is drawn at random among ``to_act``, so simultaneous choices are met half made; ``options`` are the
    game's (default: its defaults). Equal arguments give equal positions."""
    rng = random.Random(seed)
    state = game.new_state(players, options, seed=seed)
    play = state.clone()
    moves: list[tuple[int, str]] = []
    while len(moves) < max_steps and not play.game_over:
        seat = rng.choice(play.to_act())
        moves.append((seat, play.random_action(seat, rng)))
        play.apply(*moves[-1])
    for seat, token in moves[:rng.randrange(len(moves)) if play.game_over else rng.randint(0, len(moves))]:
        state.apply(seat, token)
    return Position(state, players, seed, dict(options or {}))


def positions(game: Game, players: int, count: int, seed: int = 0,
              options: Mapping[str, Any] | None = None) -> Iterator[Position]:
    """``count`` random positions (:func:`random_position`) with seeds ``seed``, ``seed + 1``, …"""
    for i in range(count):
        yield random_position(game, players, seed + i, options=options)


# ----------------------------------------------------------------------------- hidden slots
def hidden_slots(doc: Any, view: Any, path: Path = ()) -> dict[Path, Any]:
    """The hidden slots of a state document ``doc`` (``to_doc()``) for the seat whose ``view`` is given:
    every leaf of ``doc`` that the view shows otherwise (a placeholder such as ``"?"``), and every leaf
    under a part the view leaves out or shows in another shape (a pile shown as a count), by path."""
    if doc == view:
        return {}
    out: dict[Path, Any] = {}
    if isinstance(doc, dict) and isinstance(view, dict):
        for key, value in doc.items():
            out.update(hidden_slots(value, view[key], (*path, key)) if key in view else _leaves(value, (*path, key)))
    elif isinstance(doc, list) and isinstance(view, list) and len(doc) == len(view):
        for i, (value, seen) in enumerate(zip(doc, view, strict=True)):
            out.update(hidden_slots(value, seen, (*path, i)))
    else:
        out.update(_leaves(doc, path))
    return out


def _leaves(value: Any, path: Path) -> dict[Path, Any]:
    if isinstance(value, dict):
        return {p: v for key, item in value.items() for p, v in _leaves(item, (*path, key)).items()}
    if isinstance(value, list):
        return {p: v for i, item in enumerate(value) for p, v in _leaves(item, (*path, i)).items()}
    return {path: value}


_MISSING = object()


def _at(doc: Any, path: Path) -> Any:
    """The value at ``path`` in ``doc`` (a sentinel where the sample's document has no such place)."""
    for key in path:
        try:
            doc = doc[key]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return doc


def _where(path: Path) -> str:
    return ".".join(str(k) for k in path)


# ----------------------------------------------------------------------------- the properties
def check_view(state: GameState, seat: int, samples: list[GameState], fail: Callable[[str, str], Exception]) -> None:
    """Property ``view``: every sample shows ``seat`` what ``state`` does and holds the same cards.

    Raises:
        the error ``fail("view", detail)`` makes.
    """
    view, cards = state.view(seat), state.cards()
    for k, sample in enumerate(samples):
        if sample.view(seat) != view:
            slots = hidden_slots(sample.view(seat), view)
            raise fail("view", f"sample {k} for seat {seat} changes its view at {_where(min(slots, default=()))}")
        if sample.cards() != cards:
            raise fail("view", f"sample {k} for seat {seat} holds other cards: "
                               f"{dict(sample.cards() - cards)} more, {dict(cards - sample.cards())} fewer")


def check_resample(state: GameState, seat: int, samples: list[GameState],
                   fail: Callable[[str, str], Exception]) -> int:
    """Property ``resample``: every card hidden from ``seat`` is resampled; returns the slots checked.

    Precisely: a *hidden slot* is a leaf of ``state.to_doc()`` that ``state.view(seat)`` shows
    otherwise (:func:`hidden_slots`); its *container* is the list or object holding it (a hand, a
    pile, a seat's face-down choices); a card is its value written as ``str``. The cards whose place
    ``seat`` knows although the view hides them are the game's
    :meth:`~kartentisch.kernel.GameState.known_hidden` (placed by public moves, or implied by the
    view); the *free pool* is the multiset of cards at all hidden slots less those. A hidden slot
    passes when, over the ``samples``, its card takes two values or more, or its container's
    multiset of hidden cards does (a game may keep a hand sorted, so a slot's index alone may be
    fixed by the order while the hand's cards change). It is exempt — the information set allows it
    one card only — when the free pool has fewer than two distinct cards, when its card is a known
    one, or when its container holds the whole free pool (the seat knows those cards by elimination;
    only their order is open, and a container may be kept sorted). Every other hidden slot that keeps
    one card in every sample fails: the seat's bots and coach would read it.

    Raises:
        the error ``fail("resample", detail)`` makes, naming the first fixed slot and its card.
    """
    slots = hidden_slots(state.to_doc(), state.view(seat))
    known = state.known_hidden(seat)
    free = Counter(str(v) for v in slots.values()) - known
    if len(free) < 2:
        return 0
    docs = [sample.to_doc() for sample in samples]
    inside: dict[Path, list[Path]] = {}
    for path in slots:
        inside.setdefault(path[:-1], []).append(path)
    changes = {where: len({tuple(sorted(str(_at(d, p)) for p in paths)) for d in docs}) > 1
               for where, paths in inside.items()}
    whole = {where for where, paths in inside.items() if Counter(str(slots[p]) for p in paths) - known == free}
    checked = 0
    for path, value in sorted(slots.items(), key=lambda item: _where(item[0])):
        if str(value) in known or path[:-1] in whole:
            continue
        checked += 1
        if changes[path[:-1]] or len({str(_at(d, path)) for d in docs}) > 1:
            continue
        raise fail("resample", f"the hidden {_where(path)} is {value!r} in all {len(samples)} samples for seat "
                               f"{seat} (its container's cards never change either), though {len(free)} "
                               "different cards are hidden from the seat")
    return checked


def check_seeded(state: GameState, seat: int, other: GameState, iterations: int, seed: int,
                 fail: Callable[[str, str], Exception]) -> None:
    """Property ``seeded``: for ``state`` and ``other`` with equal ``view(seat)`` (and equal public
    history), the coach's evaluation (:func:`~kartentisch.bots.coach.evaluate`) and the ISMCTS bot's
    choice (:class:`~kartentisch.bots.ismcts.ISMCTSBot` with the game's defaults), each with ``seed``
    and ``iterations``, are equal.

    Raises:
        the error ``fail("seeded", detail)`` makes.
    """
    from .bots.coach import evaluate
    from .bots.ismcts import ISMCTSBot

    if other.view(seat) != state.view(seat):
        raise fail("seeded", f"the two states differ in seat {seat}'s view")
    a = evaluate(state, seat, iterations=iterations, seed=seed).moves
    b = evaluate(other, seat, iterations=iterations, seed=seed).moves
    if a != b:
        first = next((x, y) for x, y in zip(a, b, strict=False) if x != y) if len(a) == len(b) else (a, b)
        raise fail("seeded", f"the coach's evaluation for seat {seat} differs between two states the seat cannot "
                             f"tell apart (seed {seed}, {iterations} iterations): {first[0]} against {first[1]}")
    game = state.game
    mine = ISMCTSBot(game, seed=seed, iterations=iterations).choose(state, seat)
    theirs = ISMCTSBot(game, seed=seed, iterations=iterations).choose(other, seat)
    if mine != theirs:
        raise fail("seeded", f"the ISMCTS bot of seat {seat} chooses {mine!r} in one state and {theirs!r} in "
                             f"another it cannot tell apart (seed {seed}, {iterations} iterations)")


def check_position(position: Position, samples: int = 64, iterations: int = 12) -> int:
    """Check every fairness property at one position, for every seat (``view`` and ``resample``
    with ``samples`` determinizations each; ``seeded`` for the first seat with a choice of moves, with
    ``iterations`` search iterations). All randomness comes from the position's seed.

    Returns:
        The hidden slots checked for ``resample``.
    Raises:
        ConformanceError: naming the property, the game, the player count and the position's seed.
    """
    state, players, seed = position.state, position.players, position.seed
    game_id = state.game.id

    def fail(prop: str, detail: str) -> ConformanceError:
        return ConformanceError(prop, game_id, players, seed, detail, position.options)

    rng = random.Random(seed)
    checked = 0
    for seat in range(players):
        drawn = [state.determinize(seat, rng) for _ in range(samples)]
        check_view(state, seat, drawn, fail)
        checked += check_resample(state, seat, drawn, fail)
    deciding = [s for s in state.to_act() if len(state.legal_actions(s)) > 1]
    if deciding:
        seat = deciding[0]
        check_seeded(state, seat, state.determinize(seat, rng), iterations, seed, fail)
    return checked


def check_fairness(game: Game, players: int | None = None, count: int = 4, seed: int = 0, samples: int = 64,
                   iterations: int = 12, progress: Callable[[int, int], None] | None = None,
                   options: Mapping[str, Any] | None = None) -> int:
    """Check the fairness properties (module docstring) on ``count`` random positions (seeds ``seed``,
    ``seed + 1``, …) for each player count of ``game`` (or just ``players``).

    Args:
        game: an installed game.
        players: one player count, or every count the game allows.
        count: positions per player count.
        seed: the first position's seed.
        samples: determinizations per seat and position (``view``, ``resample``).
        iterations: search iterations of the coach and the bot (``seeded``).
        progress: called as ``progress(players, positions_done)`` after each position.
        options: the game's options for every match (default: its defaults).

    Returns:
        The hidden slots checked for ``resample`` over all positions and seats.
    Raises:
        ConformanceError: the first property broken (naming it, the player count and the seed).
        KartentischError: ``players`` is outside the game's range (InvalidOptions: bad ``options``).
    """
    counts = range(game.min_players, game.max_players + 1) if players is None else [players]
    if players is not None:
        game.check_players(players)
    checked = 0
    for n in counts:
        for done, position in enumerate(positions(game, n, count, seed, options), start=1):
            checked += check_position(position, samples, iterations)
            if progress is not None:
                progress(n, done)
    return checked


# ----------------------------------------------------------------------------- the rest of the kit
def check_words(game: Game, players: int, seed: int = 0, options: Mapping[str, Any] | None = None,
                max_moves: int = 3000, choices_every: int = 7) -> int:
    """``words``: a random match (dealt and played with ``seed``) told move by move to every seat and the
    spectator in every language through :func:`~kartentisch.kernel.narrate`; every ``choices_every``-th
    decision, every legal move's choice too.

    A sentence must be words (no :data:`RAW` token or card code), non-empty, and name only cards the
    reader can see in its views before or after the move or in the move's public form, which itself
    names no card those views hide (issue 22). Cards named by a bare number are not looked for in the
    sentences (a number there may be a round's or a score's).

    Returns:
        The moves told.
    Raises:
        ConformanceError: ``words``, naming the move, the reader, the language and the sentence.
    """
    state = game.new_state(players, options, seed=seed)
    rng = random.Random(seed)
    told = WordsCheck(game, players, seed, options, choices_every)
    while not state.game_over and told.moves < max_moves:
        seat = state.to_act()[0]
        token = state.random_action(seat, rng)
        before = state.clone()
        state.apply(seat, token)
        told(before, seat, token, state)
    return told.moves


class WordsCheck:
    """The ``words`` check of one match, move by move (:func:`check_words`): call it after each move as
    ``check(before, seat, token, after)``, so it can share a match with another check
    (:func:`~kartentisch.sim.invariants.run_checked_match`'s ``on_move``). ``seed`` and ``options`` only name the
    match in a failure.

    Attributes:
        moves: the moves told so far.
    Raises:
        ConformanceError: ``words`` (when called), naming the move, the reader, the language and the sentence.
    """

    def __init__(self, game: Game, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 choices_every: int = 7) -> None:
        self.game, self.players, self.seed, self.options = game, players, seed, options
        self.choices_every = choices_every
        self.deck = set(game.deck(players, game.resolve_options(players, options)))
        self.patterns = {lang: _card_patterns(game, self.deck, lang) for lang in LANGS}
        self.moves = 0

    def fail(self, detail: str) -> ConformanceError:
        """The error of a broken ``words`` property in this match."""
        return ConformanceError("words", self.game.id, self.players, self.seed, detail, self.options)

    def __call__(self, before: GameState, seat: int, token: str, after: GameState) -> None:
        """Check the move ``token`` of ``seat`` from ``before`` to ``after`` (and, every ``choices_every``-th move,
        every legal move's choice of ``seat`` in ``before``)."""
        if self.moves % self.choices_every == 0:
            _check_choices(before, seat, self.fail)
        self.moves += 1
        for viewer in [*range(self.players), None]:
            views = before.view(viewer), after.view(viewer)
            visible = set(re.findall(r'"([^"]*)"', json.dumps(views)))
            for lang in LANGS:
                told = narrate(before, seat, token, after, Voice(lang, viewer, NAMES[:self.players]), views)
                where = f"move {self.moves} of seat {seat} for reader {viewer} in {lang}"
                for text in filter(None, (told.text, told.round_text)):
                    if not text.strip() or RAW.search(text):
                        raise self.fail(f"{where}: {text!r} is not words (empty, or a token or card code in it)")
                shown = [part for part in told.token.split(":") if part in self.deck and part not in visible]
                if shown:
                    raise self.fail(f"{where}: the move's public form names {shown}, hidden in the reader's views")
                seen = visible | set(told.token.split(":"))
                rest = told.text
                for code, pattern in self.patterns[lang]:  # longest names first, each matched once
                    if pattern.search(rest):
                        if code not in seen:
                            raise self.fail(f"{where}: {told.text!r} names {code}, a card the reader cannot see")
                        rest = pattern.sub("…", rest)


def _card_patterns(game: Game, deck: set[str], lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """Card code → a pattern of its name as a whole phrase in ``lang``, longest names first. A card named by a
    bare number (lastcard's, highcard's) is left out: "round 2" cannot be told from the card 2 by its words."""
    names = sorted(((code, name) for code in deck if not (name := game.card_name(code, lang)).isdigit()),
                   key=lambda item: -len(item[1]))
    return [(code, re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")) for code, name in names]


def _check_choices(state: GameState, seat: int, fail: Callable[[str], Exception]) -> None:
    """Every legal token of ``seat`` as steps of words, and no two alike."""
    view = state.view(seat)
    for lang in LANGS:
        voice = Voice(lang, seat, NAMES[:state.players])
        steps: dict[tuple[str, ...], str] = {}
        for token in state.legal_actions(seat):
            choice = state.game.choice(seat, token, view, voice)
            if not choice.steps or any(not s.strip() or RAW.search(s) for s in choice.steps):
                raise fail(f"the choice of a legal move of seat {seat} in {lang} is not words: {choice.steps}")
            key = tuple(sorted(choice.steps)) if choice.unordered else tuple(choice.steps)
            if key in steps:
                raise fail(f"two legal moves of seat {seat} read alike in {lang}: {list(choice.steps)}")
            steps[key] = token


def check_adapters(game: Game, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> list[str]:
    """``pettingzoo`` and ``openspiel``: PettingZoo's ``api_test`` on :func:`kartentisch.rl.pettingzoo.env` and
    OpenSpiel's ``random_sim_test`` (with serialisation) on the registered ``python_kartentisch_<id>`` game.

    Returns:
        The checks that did not run, each with why (the ``rl`` extra missing, or a game without an action space).
    Raises:
        ConformanceError: ``pettingzoo`` or ``openspiel``, with the library's own message.
    """
    try:
        from pettingzoo.test import api_test

        from .rl.pettingzoo import env
        from .rl.spaces import NotationError
    except ImportError as exc:
        return [f"pettingzoo and openspiel: {exc}"]
    try:
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():  # api_test prints its progress
            warnings.filterwarnings("ignore", "Observation", UserWarning)  # its hard-coded list of dict envs
            api_test(env(game, players=players, options=dict(options or {})), num_cycles=40)
    except NotationError as exc:
        return [f"pettingzoo and openspiel: {exc}"]
    except (AssertionError, KartentischError, ValueError) as exc:
        raise ConformanceError("pettingzoo", game.id, players, seed, f"api_test: {exc}", options) from None
    try:
        import pyspiel

        from .rl import openspiel as adapter
    except ImportError as exc:
        return [f"openspiel: {exc}"]
    try:
        spiel_game = adapter.load(game, players, dict(options) if options else None)
        pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)
    except Exception as exc:  # noqa: BLE001 - pyspiel raises plain errors of several kinds; each is a failure here
        raise ConformanceError("openspiel", game.id, players, seed, f"random_sim_test: {exc}", options) from None
    return []


def check_game(game: Game, players: int | None = None, matches: int = 2, seed: int = 0,
               options: Mapping[str, Any] | None = None) -> list[str]:
    """The kit's checks but fairness (:data:`CHECKS`) on ``matches`` seeded random matches per player count of
    ``game`` (or just ``players``): ``invariants`` (deep checks at every step) and ``words`` share each match
    (every move of the invariants' match is told in words), then ``compiled`` and the adapters; and the game's
    packaged ``scenarios`` (all of them, whatever ``players`` says).

    Returns:
        The checks that did not run, each with why.
    Raises:
        ConformanceError: the first check broken, naming it, the player count and the seed.
    """
    from .sim.invariants import InvariantError, run_checked_match

    counts = range(game.min_players, game.max_players + 1) if players is None else [players]
    skipped: list[str] = []
    for n in counts:
        game.resolve_options(n, options)
        for i in range(matches):
            try:
                run_checked_match(game, n, seed + i, 1, options, WordsCheck(game, n, seed + i, options))
            except InvariantError as exc:
                raise ConformanceError("invariants", game.id, n, seed + i, str(exc), options) from None
        skipped += [s for s in check_adapters(game, n, seed, options) if s not in skipped]
    if not check_scenarios(game):
        skipped.append("scenarios: the game ships none (no scenarios part, or no *.json in its folder)")
    if matches:
        skipped += check_compiled(game, list(counts), [seed + i for i in range(matches)], options)
    return skipped


# ----------------------------------------------------------------------------- packaged scenarios
def check_scenarios(game: Game) -> int:
    """``scenarios``: every scenario file of the game's ``scenarios`` part (``*.json``, recursively) is a scenario
    of this game and passes (:func:`kartentisch.kernel.scenario.run_file`); the ``short_match`` part's options
    are allowed at every player count.

    Returns:
        The scenario files run (0: the game ships none).
    Raises:
        ConformanceError: ``scenarios``, naming the file and its first failure (``again``: the ``kartentisch
            scenario`` command on that file), or the ``short_match`` option refused.
    """
    from .kernel.scenario import run_file, scenario_files

    for n in range(game.min_players, game.max_players + 1):
        try:
            game.resolve_options(n, game.parts.short_match)
        except KartentischError as exc:
            raise ConformanceError("scenarios", game.id, n, 0, f"the short_match part is refused: {exc}") from None
    folder = game.parts.scenarios
    files = scenario_files([folder]) if folder is not None else []
    for path in files:
        try:
            named = json.loads(path.read_text(encoding="utf-8")).get("game")
        except (OSError, ValueError, AttributeError) as exc:
            problem = f"unreadable scenario: {exc}"
        else:
            failures = run_file(path).failures if named == game.id else [f"a scenario of {named!r}, not {game.id!r}"]
            problem = failures[0] if failures else ""
        if problem:
            raise ConformanceError("scenarios", game.id, 0, 0, f"{path}: {problem}",
                                   again=f"kartentisch scenario {path}")
    return len(files)


# ----------------------------------------------------------------------------- compiled = pure
#: A child interpreter's entry: prints :func:`match_trace` lines of the matches its argument names.
_TRACE = "import sys; from kartentisch.conformance import trace_main; trace_main(sys.argv[1:])"
#: Decisions a traced match may take before it counts as endless (the invariants check finds that first).
MAX_TRACE = 200_000


def _crc(value: Any) -> int:
    return zlib.crc32(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())


def match_trace(game: Game, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Iterator[str]:
    """One line per decision of a random match dealt and played with ``seed`` (the seat among ``to_act`` and its
    token drawn as :func:`random_position` does): ``[step, doc, legal, seat, token]`` as JSON, where ``doc`` is
    the CRC-32 of the state document (``to_doc()``, canonical JSON) and ``legal`` that of every seat's legal
    listing; the last line, at the end of the match, has ``seat`` and ``token`` ``null``. Equal builds give
    equal lines; a checksum, not the documents, keeps a mayhem match's trace small."""
    rng = random.Random(seed)
    state = game.new_state(players, options, seed=seed)
    for step in range(MAX_TRACE):
        doc, legal = _crc(state.to_doc()), _crc([state.legal_actions(s) for s in range(players)])
        if state.game_over:
            yield json.dumps([step, doc, legal, None, None])
            return
        seat = rng.choice(state.to_act())
        token = state.random_action(seat, rng)
        yield json.dumps([step, doc, legal, seat, token])
        state.apply(seat, token)


def _is_compiled(module: str) -> bool:
    file = getattr(sys.modules.get(module), "__file__", None) or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def trace_main(argv: Sequence[str]) -> None:
    """A child interpreter of :func:`check_compiled`: ``argv`` is a game id and a JSON object ``{"players": [n, …],
    "seeds": [s, …], "options": {…}}``. Prints which build runs the game's state class (``compiled`` or
    ``pure``), then for each player count and seed a line ``# n s`` and that match's :func:`match_trace`."""
    from .kernel import lookup

    game = lookup(argv[0])
    plan = json.loads(argv[1])
    module = type(game.new_state(plan["players"][0], plan["options"], seed=0)).__module__
    lines = ["compiled" if _is_compiled(module) else "pure"]
    for n in plan["players"]:
        for seed in plan["seeds"]:
            lines += [f"# {n} {seed}", *match_trace(game, n, seed, plan["options"])]
    sys.stdout.write("\n".join(lines) + "\n")


def run_traces(game: Game, counts: Sequence[int], seeds: Sequence[int], options: Mapping[str, Any] | None,
               pure: bool) -> tuple[str, list[str]]:
    """:func:`trace_main` in a fresh interpreter, with the pure modules (``KARTENTISCH_PURE=1``) or without:
    (the build it ran, its trace lines).

    Raises:
        ConformanceError: ``compiled``, the child failed (its last error line quoted).
    """
    env = {k: v for k, v in os.environ.items() if k != "KARTENTISCH_PURE"}
    if pure:
        env["KARTENTISCH_PURE"] = "1"
    plan = json.dumps({"players": list(counts), "seeds": list(seeds), "options": dict(options or {})})
    done = subprocess.run([sys.executable, "-c", _TRACE, game.id, plan], capture_output=True, text=True, env=env,
                          check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ConformanceError("compiled", game.id, counts[0], seeds[0],
                               f"the {'pure' if pure else 'compiled'} build's interpreter failed: {last}", options)
    build, *lines = done.stdout.splitlines()
    return build, lines


def compare_traces(game_id: str, pure: Sequence[str], compiled: Sequence[str],
                   options: Mapping[str, Any] | None = None) -> int:
    """Compare two builds' trace lines (:func:`trace_main`); returns the decisions compared.

    Raises:
        ConformanceError: ``compiled``, naming the player count, the match's seed and the first decision where
            the state document, a legal listing or the token drawn differs (or where one match ended sooner).
    """
    players = seed = 0
    for ours, theirs in zip(pure, compiled, strict=False):
        if ours.startswith("#"):
            players, seed = map(int, ours.split()[1:])
        if ours == theirs:
            continue
        if ours.startswith("#") or theirs.startswith("#"):
            raise ConformanceError("compiled", game_id, players, seed, "the two builds' traces are not of the same "
                                   f"matches: {ours!r} against {theirs!r}", options)
        step, doc, legal, seat, token = json.loads(ours)
        _, doc2, legal2, seat2, token2 = json.loads(theirs)
        what = ("the state documents differ between the pure and the compiled build" if doc != doc2
                else "the legal listings differ between the pure and the compiled build" if legal != legal2
                else f"seat {seat} draws {token!r} in the pure build, seat {seat2} {token2!r} in the compiled one")
        raise ConformanceError("compiled", game_id, players, seed, f"match seed {seed}, decision {step}: {what}",
                               options)
    if len(pure) != len(compiled):
        raise ConformanceError("compiled", game_id, players, seed, f"the pure build's trace has {len(pure)} lines, the "
                               f"compiled build's {len(compiled)}", options)
    return sum(not line.startswith("#") for line in pure)


def check_compiled(game: Game, counts: Sequence[int], seeds: Sequence[int],
                   options: Mapping[str, Any] | None = None) -> list[str]:
    """``compiled``: where the installed compiled build (:func:`kartentisch.compiled_build`) compiles the module of
    the game's state class, the matches of ``counts`` × ``seeds`` (:func:`match_trace`) are the same in a fresh
    interpreter on the pure modules and one on the compiled ones (issue 25's two builds, issue 35's kit).

    Returns:
        ``[]``, or why the check did not run (no current compiled build, or none of this game's rules).
    Raises:
        ConformanceError: ``compiled``, naming the first difference (:func:`compare_traces`), or a child that
            did not load the build it was started for.
    """
    from . import compiled_build

    modules, why = compiled_build()
    module = type(game.new_state(counts[0], options, seed=0)).__module__
    if why is not None:
        return [f"compiled: no compiled build to compare with the pure one ({why})"]
    if module not in modules:
        return [f"compiled: {game.id} has no compiled build ({module} is not among the compiled modules)"]
    runs = {pure: run_traces(game, counts, seeds, options, pure) for pure in (True, False)}
    for pure, (build, _) in runs.items():
        if build != ("pure" if pure else "compiled"):
            raise ConformanceError("compiled", game.id, counts[0], seeds[0], f"the interpreter meant for the "
                                   f"{'pure' if pure else 'compiled'} build ran {module} as {build} Python", options)
    compare_traces(game.id, runs[True][1], runs[False][1], options)
    return []
