"""The game-agnostic core: :class:`Game` (metadata and factory) and :class:`GameState`.

Modelled on OpenSpiel's ``Game``/``State`` split and python-chess's ``Board``: a game module
subclasses both and implements the template methods (``_legal``, ``_apply``, ``_violation`` …);
the base class validates, applies atomically and never lets an illegal token change a state.

Legality is stated once per game (python-chess derives ``count()``, membership and the error from
one check): :meth:`GameState._violation` says for a seat and a token "legal" (``None``) or returns
the :class:`IllegalAction` naming the rule; :meth:`GameState.is_legal` and the error of
:meth:`GameState.apply` both come from it. The listing (:meth:`GameState._legal`) and a random draw
without listing (:meth:`GameState._draw`) are speed paths that must agree with it; a game keeps them
in one module (``games/<id>/fast.py``) proven equal to the check by a property test
(``tests/test_legality.py``). A game may instead list and explain (``_legal`` and ``_explain``, as the
example ``highcard`` does): its check is then the listing's membership.

Vocabulary (CONVENTIONS.md): a *seat* is ``0 … n-1`` clockwise; a *token* is one atomic
decision (``play:r7``); ``to_act`` lists the seats that must decide now (several for
simultaneous choices, reaction windows ask seats in a defined order).

Example (python-chess style)::

    >>> from kartentisch.games import get_game
    >>> state = get_game("colors").new_state(players=2, seed=7)
    >>> seat = state.to_act()[0]
    >>> state.apply(seat, state.legal_actions(seat)[0])
    >>> state.round
    1
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Protocol, TypeGuard, TypeVar

from mypy_extensions import mypyc_attr

from .errors import IllegalAction, InvalidState
from .options import Option, resolve_options
from .parts import Parts, Step, declared
from .rng import choice, seeded, words_drawn
from .words import Choice, Voice, common_text

S = TypeVar("S", bound="GameState")
T = TypeVar("T")

#: Phases shared by every game (CONVENTIONS: a scored round is shown, then the next dealer deals).
ROUND_OVER: Final = "round_over"
GAME_OVER: Final = "game_over"
#: What a parked state's :attr:`GameState._rng` points to (:meth:`GameState.park_rng`): never drawn from, since
#: :attr:`GameState.rng` makes the state's own generator first; one object for all, so parking frees the state's.
_PARKED: Final = random.Random(0)
#: The immutable JSON scalars an option value may be (:meth:`GameState.common_doc` keeps them uncopied).
_SCALARS: Final = frozenset({bool, int, float, str, type(None)})


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in game's state is interpreted Python
class GameState(ABC):
    """One match of one game at one moment: the table plus the match record.

    Attributes every game sets:
        game: the :class:`Game` this state belongs to.
        players: number of seats.
        options: effective options (defaults filled in).
        rng: the match's seeded generator; the only source of chance (shuffles, reshuffles).
        phase, round, dealer, scores, totals, winners: the common fields of CONVENTIONS.

    Template methods a game implements: :meth:`to_act`, :meth:`_legal`, :meth:`_apply`,
    :meth:`_violation` (the one legality check; or :meth:`_explain`, see there), :meth:`to_doc`,
    :meth:`view`, :meth:`clone`, :meth:`_determinize`, :meth:`cards`; optionally :meth:`_draw` (a
    random draw without listing a wide decision).
    """

    game: Game
    players: int
    options: dict[str, Any]
    phase: str
    round: int
    dealer: int
    scores: list[list[int]]
    totals: list[int]
    winners: list[int]

    # ----------------------------------------------------------------- template methods
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats with an open decision now, ascending unless the spec fixes another order."""

    @abstractmethod
    def _legal(self, seat: int) -> list[str]:
        """Legal tokens of ``seat`` (which is in :meth:`to_act`) in the spec's display order: exactly
        the tokens :meth:`_violation` accepts (a speed path of the game's ``fast`` module, proven
        equal to the check by ``tests/test_legality.py``)."""

    @abstractmethod
    def _apply(self, seat: int, token: str) -> None:
        """Apply a token already known to be legal for ``seat`` (mutates ``self``)."""

    def _violation(self, seat: int, token: str) -> IllegalAction | None:
        """The game's one legality check: ``None`` if ``token`` is legal for ``seat`` now, else the
        error saying why, naming the spec's rule id (``"lastcard R8"``).

        ``seat`` is a seat number ``0 … players-1`` (in :meth:`to_act` or not: a seat without a
        decision gets the rule that says whose decision it is); ``token`` a non-empty string, well
        written or not (a :class:`~kartentisch.kernel.errors.MalformedToken` then). Behind
        :meth:`is_legal` and :meth:`apply`'s error; :meth:`_legal` lists exactly the tokens it
        accepts and :meth:`_draw` draws among them.

        A game implements this, or else lists and explains separately (:meth:`_explain`): the check
        is then whether the listing holds ``token``, and the error :meth:`_explain`'s (the example
        ``highcard``). One of the two must be implemented (each defaults to the other).
        """
        return None if token in self._listing(seat) else self._explain(seat, token)

    def _explain(self, seat: int, token: str) -> IllegalAction:
        """Say why an illegal ``token`` of ``seat`` is illegal, naming the spec's rule id.

        Default: the error of :meth:`_violation`, the game's one check. A game without that check
        implements this instead (see :meth:`_violation`).
        """
        problem = self._violation(seat, token)
        if problem is None:
            raise AssertionError(f"{self.game.id}: _explain called for the legal token {token!r}")
        return problem

    @abstractmethod
    def to_doc(self) -> dict[str, Any]:
        """The full (god) state document of the spec, JSON-able, freshly built."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """The state document as ``seat`` may see it (``None``: a spectator).

        Hidden cards appear only as the spec's placeholders (``"?"``, counts). Computed from the
        state, never stored (OpenSpiel's observer pattern).
        """

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy (the generator via :meth:`share_rng`); cheap, used by bots."""

    @abstractmethod
    def _determinize(self: S, seat: int, rng: random.Random) -> S:
        """A clone where every card hidden from ``seat`` is re-dealt at random (using ``rng`` only),
        consistent with everything ``seat`` knows. Called by :meth:`determinize`."""

    @abstractmethod
    def cards(self) -> Counter[str]:
        """Multiset of every card in every zone (for the conservation invariant)."""

    # ----------------------------------------------------------------- provided
    _rng: random.Random
    _rng_shared: bool = False
    #: A seed the generator is still to be made from (:meth:`determinize`, :meth:`park_rng`; ``-1``:
    #: none): a sample whose playout never shuffles never pays for seeding a Mersenne Twister (about
    #: 6% of chips' search, issue 25). :attr:`_rng` is then not this state's generator.
    _rng_seed: int = -1
    #: With :attr:`_rng_seed`: the 32-bit words the generator had drawn from that seed (:meth:`park_rng`).
    _rng_skip: int = 0

    @property
    def rng(self) -> random.Random:
        """The match generator: the only source of chance (shuffles, reshuffles).

        After :meth:`share_rng` the generator object is shared by both states and copied by
        whichever uses it first, so clones that never shuffle never pay for a copy; a
        determinization's generator is made from its seed on first use, and a parked one
        (:meth:`park_rng`) from its seed and count of words, in the state it was parked in.
        """
        if self._rng_seed >= 0:
            self._rng = seeded(self._rng_seed, self._rng_skip)
            self._rng_seed, self._rng_skip, self._rng_shared = -1, 0, False
        elif self._rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared, self._rng_seed, self._rng_skip = value, False, -1, 0

    def park_rng(self, seed: int | None) -> bool:
        """Keep the generator as ``seed`` and the number of words it has drawn instead of its 2.5 KiB of
        Mersenne Twister state, until a chance event needs it again (:attr:`rng` then makes it again, in
        exactly the state it had, so every seeded deal, scenario and replay is as it was).

        A live web table holds its match for as long as it is open and draws from the generator only at a
        deal (a new round, CONVENTIONS): parked between deals, a table is about 2.5 KiB smaller (issue 33
        goal 6; :meth:`Match.apply <kartentisch.kernel.match.Match.apply>` parks after every move).

        Args:
            seed: the seed the generator was made from (``Game.new_state``'s); ``None`` (fresh entropy) or a
                negative seed is never parked.

        Returns:
            whether the state holds no generator now (parked, or a determinization's seed still to be used):
            ``False`` when it is a proxy or subclass of :class:`random.Random`, was not made from ``seed``, or
            has drawn more than :func:`~kartentisch.kernel.rng.words_drawn` looks for (it is then kept as it is).
        """
        if self._rng_seed >= 0:  # parked already, or a determinization's seed still to be used
            return True
        if seed is None or seed < 0 or type(self._rng) is not random.Random:
            return False
        words = words_drawn(self._rng, seed)
        if words is None:
            return False
        self._rng, self._rng_seed, self._rng_skip, self._rng_shared = _PARKED, seed, words, False
        return True

    def determinize(self: S, seat: int, rng: random.Random) -> S:
        """A full state consistent with ``view(seat)``: all cards hidden from ``seat`` re-dealt.

        Draws its randomness from ``rng`` only, and reseeds the result's generator from ``rng``, so
        the sample knows nothing of the match's real future shuffles; ``self`` is unchanged. Used
        by ISMCTS (Cowling, Powley & Whitehouse 2012). ``result.view(seat) == self.view(seat)`` holds.
        """
        sample = self._determinize(seat, rng)
        sample._rng_seed = rng.getrandbits(64)  # the generator random.Random(seed), made when first used
        sample._rng_skip, sample._rng_shared = 0, False
        return sample

    def known_hidden(self, seat: int) -> Counter[str]:
        """Cards that ``view(seat)`` hides but whose place ``seat`` knows all the same, as they are
        written in :meth:`to_doc` (``str`` of each): placed by public moves, or implied by the view.
        :meth:`_determinize` keeps them where they are; the fairness check
        (:func:`kartentisch.conformance.check_resample`) does not ask them to move. Default: none."""
        return Counter()

    def share_rng(self, clone: GameState) -> None:
        """Give ``clone`` this state's generator (for :meth:`clone`): same sequence, independent use."""
        # a pending seed (and count): each state makes its own generator from it
        clone._rng, clone._rng_seed, clone._rng_skip = self._rng, self._rng_seed, self._rng_skip
        clone._rng_shared = self._rng_shared = self._rng_seed < 0

    def common_doc(self, zones: dict[str, Any]) -> dict[str, Any]:
        """A state document: the common fields of CONVENTIONS (fresh copies) around a game's ``zones``. An option's
        scalar value is immutable and kept; only a list or dict value is copied (a deep copy of the whole options
        was 2 % of a web table's move: every reader's view of every move is a document, issue 33)."""
        options = {name: value if type(value) in _SCALARS else copy.deepcopy(value)
                   for name, value in self.options.items()}
        return {
            "game": self.game.id, "players": self.players, "options": options,
            "round": self.round, "dealer": self.dealer, "to_act": self.to_act(), "phase": self.phase,
            "scores": [list(row) for row in self.scores], "totals": list(self.totals),
            "game_over": self.phase == GAME_OVER, "winners": list(self.winners), "zones": zones,
        }

    def start_match(self, game: Game, players: int, options: dict[str, Any], rng: random.Random, phase: str,
                    dealer: int) -> None:
        """Set the fields every game has on a blank state of a match before its first deal (for a
        game's factory): ``game``, ``players``, ``options``, ``rng``, ``phase``, round 1, ``dealer``,
        no scores, zero totals, no winners."""
        self.game, self.players, self.options, self.rng = game, players, options, rng
        self.phase, self.round, self.dealer = phase, 1, dealer
        self.scores, self.totals, self.winners = [], [0] * players, []

    def copy_common(self, clone: GameState) -> None:
        """Copy the fields every game has into ``clone`` (for :meth:`clone`): game, players,
        options (never mutated), generator (shared lazily), phase, round, dealer, scores, totals, winners."""
        clone.game, clone.players, clone.options = self.game, self.players, self.options
        self.share_rng(clone)
        clone.phase, clone.round, clone.dealer = self.phase, self.round, self.dealer
        clone.scores = [list(row) for row in self.scores]
        clone.totals = list(self.totals)
        clone.winners = list(self.winners)

    @property
    def game_over(self) -> bool:
        """True once the match has ended (phase ``game_over``)."""
        return self.phase == GAME_OVER

    @property
    def round_over(self) -> bool:
        """True once the last round played has been scored (phases ``round_over``/``game_over``)."""
        return self.phase in (ROUND_OVER, GAME_OVER)

    #: The last legal listing (``None``: none since the last apply) and its seat; cleared by every
    #: apply. :meth:`clone` builds a new object without it, so a copy never answers from another
    #: state's listing. Two fields, not a pair: no tuple is built per decision.
    _listed: list[str] | None = None
    _listed_seat: int = -1

    #: The seat (``-1``: none since the last apply) and token last drawn by :meth:`random_action`,
    #: legal by construction, so :meth:`apply` takes it without checking again (a game's draw need
    #: not list); cleared by every apply.
    _drawn_seat: int = -1
    _drawn_token: str = ""

    def _cached_listing(self, seat: int) -> list[str] | None:
        """The legal listing of ``seat`` if one was built since the last apply, else ``None``.

        :meth:`_is_legal` answers from it before asking the game's check.
        """
        return self._listed if self._listed_seat == seat else None

    def _listing(self, seat: int, acting: bool | None = None) -> list[str]:
        """The legal tokens of ``seat`` (a seat number, not a bool), listed once per apply;
        ``acting``: whether the caller has already found ``seat`` in :meth:`to_act` (``None``: look)."""
        listed = self._listed  # _cached_listing inlined: this runs once per decision
        if listed is None or self._listed_seat != seat:
            if acting is None:
                acting = seat in self.to_act()
            listed = self._listed = self._legal(seat) if acting else []
            self._listed_seat = seat
        return listed

    def legal_actions(self, seat: object) -> list[str]:
        """Legal tokens of ``seat`` now, in the spec's display order; ``[]`` if it has no decision
        (or is no seat number: any value is answered, as in :meth:`apply`).

        Returns a new list (the listing is cached until the next apply, so a following
        :meth:`apply` of one of these tokens does not list them again).
        """
        return self._listing(seat)[:] if is_int(seat) else []

    def is_legal(self, seat: object, token: object) -> bool:
        """Whether ``token`` is legal for ``seat`` now (``False`` for any value that is no seat
        number or no token). A token :meth:`random_action` just drew for ``seat`` is legal by
        construction, so it is not checked again (:meth:`_is_legal`) until the next apply."""
        return is_int(seat) and ((seat == self._drawn_seat and token == self._drawn_token)
                                 or self._is_legal(seat, token))

    def _is_legal(self, seat: int, token: object) -> bool:
        """Whether ``token`` is legal for seat number ``seat`` now: the listing's answer if one was
        built since the last apply (a bot lists, then applies), else :meth:`_violation`'s. A seat
        without a decision now (or out of range) has no legal token."""
        listed = self._listed  # _cached_listing inlined: this runs once per decision
        if listed is not None and self._listed_seat == seat:
            return token in listed
        if seat not in self.to_act():
            return False
        return isinstance(token, str) and bool(token) and self._violation(seat, token) is None

    def _check_seat(self, seat: object, token: object = None) -> int:
        """``seat`` as a seat number ``0 … players-1``; else raise :class:`IllegalAction` (a bool is no seat)."""
        if not is_int(seat) or not 0 <= seat < self.players:
            raise IllegalAction("kernel", f"no seat {seat!r} at a table of {self.players}", seat=None,
                                token=None if token is None else str(token))
        return seat

    def random_action(self, seat: object, rng: random.Random) -> str:
        """A legal token of ``seat`` drawn uniformly at random with ``rng`` (random bots and playouts).

        The same distribution as ``rng.choice(self.legal_actions(seat))``, and by default exactly
        that token with the same use of ``rng``, without copying the listing. A game whose decision
        is too wide to list for one draw implements :meth:`_draw` (python-chess's ``legal_moves`` is
        lazy for the same reason). Such a draw is legal by construction, so :meth:`is_legal` knows
        it for this seat without listing until the next apply (the soak and the tests compare
        every draw with the listing).

        Raises:
            IllegalAction: ``seat`` is not a seat number, or has no decision now (not in :meth:`to_act`).
        """
        number = seat if is_int(seat) else self._check_seat(seat)  # out of range: no decision now, below
        if number not in self.to_act():
            raise IllegalAction("kernel", f"no decision now (to_act: {self.to_act()})", seat=number)
        token = self._draw(number, rng)
        if token is None:
            return choice(rng, self._listing(number, acting=True))
        self._drawn_seat, self._drawn_token = number, token
        return token

    def _draw(self, seat: int, rng: random.Random) -> str | None:
        """A uniform draw among the legal tokens of ``seat`` (in :meth:`to_act`) without listing them,
        or ``None`` (the default) to draw from the listing. For :meth:`random_action`; a speed path
        kept in the game's ``fast`` module beside the listing and tested uniform over it."""
        return None

    def apply(self, seat: object, token: object) -> None:
        """Validate and apply one token of ``seat``.

        ``seat`` and ``token`` may be any values (typed ``object``: whatever a face or a bot sends
        is refused with a clear error, in the compiled build as in the pure one).

        Raises:
            IllegalAction: naming the rule; the state is left exactly as it was.
        """
        number = self._check_seat(seat, token)
        if not isinstance(token, str) or not token:
            raise IllegalAction("kernel", "a token is a non-empty string", seat=number, token=str(token))
        if not self.is_legal(number, token):
            raise self._explain(number, token)
        self.apply_unchecked(number, token)

    def apply_unchecked(self, seat: int, token: str) -> None:
        """Apply a token known to be legal for ``seat`` now, without checking it (search and random
        play: python-chess's ``push`` beside ``push_san``).

        Only for a token just taken from :meth:`legal_actions` or :meth:`random_action` of this
        seat on this state (or an identical copy of it); anything else may corrupt the state
        instead of raising. Everything from outside goes through :meth:`apply`.
        """
        self._listed = None
        self._listed_seat = self._drawn_seat = -1
        self._apply(seat, token)

    def apply_line(self, seat: object, line: str) -> list[str]:
        """Apply a line of space-separated tokens of ``seat``: all of them, or none.

        Returns:
            The tokens applied, in order.
        Raises:
            IllegalAction: from the first illegal token (after the first, its reason says which tokens
                went before it); the state is unchanged.
        """
        number = self._check_seat(seat, line)
        tokens = line.split()
        if not tokens:
            raise IllegalAction("kernel", "empty action line", seat=number, token=line)
        if len(tokens) == 1:
            self.apply(number, tokens[0])
            return tokens
        trial = self.clone()
        for k, token in enumerate(tokens):
            try:
                trial.apply(number, token)
            except IllegalAction as exc:
                if k == 0:
                    raise
                raise type(exc)(exc.rule, f"after {' '.join(tokens[:k])!r}: {exc.reason}", seat=exc.seat,
                                token=exc.token) from None  # a MalformedToken stays one
        # All legal on an identical copy (same generator state), so they apply here unchanged.
        for token in tokens:
            self.apply_unchecked(number, token)
        return tokens

    def public_token(self, seat: int, token: str, viewer: int | None) -> str:
        """``token`` of ``seat`` as ``viewer`` may read it in a move log (default: unchanged).

        A game whose tokens carry hidden cards (e.g. ``mayhem`` gifts) overrides this.
        """
        return token

    def round_score_now(self) -> list[int] | None:
        """Each seat's round score if the round ended now (cards still held counted as the spec
        scores them), or ``None`` when the game has no such estimate. Search cuts long rollouts
        short with it (:class:`SearchTuning`'s ``depth``)."""
        return None

    def returns(self) -> list[float]:
        """Per-seat match result once over: a win is 1 shared equally among the winners, else 0."""
        if not self.winners:
            return [0.0] * self.players
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.players)]


@dataclass(frozen=True)
class SearchTuning:
    """How the game-agnostic ISMCTS bot plays a game unless told otherwise (``bots/ismcts.py``).

    Attributes:
        reward: ``"win"`` (the match result), ``"score"`` (the round score, in the game's direction)
            or ``"margin"`` (the round-score lead over the others' mean, scaled by ``margin_scale``).
        rollout: ``"random"`` or ``"heuristic"`` (the game's heuristic bot plays the rollouts).
        depth: decisions after which a rollout stops and scores :meth:`GameState.round_score_now`;
            ``None``: play to the reward point.
        margin_scale: the lead in points that earns the full reward with ``reward="margin"``.
        coach_iterations: the coach's search iterations per evaluation (``bots/coach.py``), sized so a
            hint takes about a second (``bench/coach``).
    """

    reward: str = "win"
    rollout: str = "random"
    depth: int | None = None
    margin_scale: int | None = None
    coach_iterations: int = 1000


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in game is interpreted Python
class Game(ABC):
    """A registered game: metadata (OpenSpiel's ``GameType``/``GameInfo``) and factories.

    A game is one package (OpenSpiel's ``kuhn_poker.py``, a Board Game Arena game folder): the
    class lives in it, and so does everything the faces need of it (words, texts, round summary,
    notation, terminal drawing, score pad, RL observation, browser renderer), declared once as one
    typed :class:`~kartentisch.kernel.parts.Parts` by the function given to the constructor and
    checked when the game loads. A part a game leaves out gets the face's generic stand-in.

    Class attributes:
        id: game id (``colors`` …).
        names: display names, ``{"en": …, "de": …}``.
        min_players, max_players: player range (inclusive).
        options: the spec's options table.
        score_sign: ``+1`` when a higher score/total is better (the spec's winners rule), ``-1``
            when lower is better; used to turn scores into rewards (bots, RL).
        reaction_windows: the game asks seats outside their turn whether to react (a decision
            that allows ``pass``, as mayhem's counter-attacks, R21/R31); a table's reaction timer
            applies only to such games, and the lobby offers it only for them.
    """

    id: ClassVar[str]
    names: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Sequence[Option]]
    score_sign: ClassVar[int]
    reaction_windows: ClassVar[bool] = False
    #: ISMCTS defaults for this game.
    search: ClassVar[SearchTuning] = SearchTuning()

    def __init__(self, parts: Callable[[], Parts] | None = None) -> None:
        """``parts``: the function declaring everything the game brings for the faces (a
        :class:`~kartentisch.kernel.parts.Parts`), called once, when the game loads (:attr:`parts`). A game's
        package passes it where it makes the registered instance, so that its rules import no face; ``None``
        declares no part."""
        self._declare = parts
        self._parts: Parts | None = None

    @property
    def parts(self) -> Parts:
        """What the game declared, checked once (the registry does it when the game loads).

        Raises:
            KartentischError: a part that does not exist or has the wrong kind of value, named.
        """
        if self._parts is None:
            self._parts = declared(self.id, self._declare or Parts)
        return self._parts

    def rules_text(self, lang: str) -> str:
        """The players' rules summary in ``lang`` (markdown, the ``rules`` part)."""
        rules = self.parts.rules
        return rules.get(lang) or rules.get("en") or f"# {self.names.get(lang, self.id)}"

    def check_players(self, players: int) -> None:
        """Raise :class:`InvalidOptions` unless ``players`` is in the game's range."""
        from .errors import InvalidOptions

        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise InvalidOptions(
                f"{self.id}: {players!r} players are not allowed; allowed: {self.min_players} … {self.max_players}"
            )

    def resolve_options(self, players: int, options: Mapping[str, Any] | None,
                        at_table: bool = False) -> dict[str, Any]:
        """Validate ``players`` and merge ``options`` over the defaults (raises InvalidOptions); ``at_table``: as a
        table people sit at allows (a target score, :func:`~kartentisch.kernel.options.target_option`)."""
        self.check_players(players)
        return resolve_options(self.options, options, players, at_table)

    def new_state(self, players: int, options: Mapping[str, Any] | None = None, seed: int | None = None,
                  deck: Sequence[str] | None = None) -> GameState:
        """Start a match: round 1 dealt from ``deck`` (top first) or shuffled with ``seed``.

        Raises:
            InvalidOptions: bad player count or options.
            InvalidState: ``deck`` is not a permutation of the cards in play.
        """
        opts = self.resolve_options(players, options)
        return self._new_state(players, opts, random.Random(seed), list(deck) if deck is not None else None)

    def load(self, doc: Mapping[str, Any], seed: int | None = None) -> GameState:
        """Load a state document (scenarios, resume), validating it as the spec says.

        Raises:
            InvalidState: the document breaks a loading rule (message names it); nothing loaded.
            InvalidOptions: bad options inside the document.
        """
        if not isinstance(doc, Mapping):
            raise InvalidState(f"{self.id} load: a state document is a JSON object, not {type(doc).__name__}")
        if doc.get("game", self.id) != self.id:
            raise InvalidState(f"{self.id} load: game must be {self.id!r}, not {doc.get('game')!r}")
        players = doc.get("players")
        opts = self.resolve_options(players, doc.get("options"))  # type: ignore[arg-type]
        try:
            return self._load(dict(doc), players, opts, random.Random(seed))  # type: ignore[arg-type]
        except InvalidState:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidState(f"{self.id} load: malformed state document ({type(exc).__name__}: {exc})") from exc

    def load_common(self, doc: Mapping[str, Any], players: int, *, phases: Sequence[str],
                    winners: Callable[[list[list[int]], list[int]], list[int]],
                    dealer: Callable[[int], int] | None = None, last_round: int | None = None,
                    scores_per_round: bool = False, optional: Mapping[str, Any] | None = None,
                    recomputed: Collection[str] = (), rules: Mapping[str, str] | None = None) -> CommonFields:
        """The common fields of state document ``doc`` (CONVENTIONS *State documents*), validated for a
        game's :meth:`_load`, which then checks only its own zones (and ``to_act`` in its phases).

        ``zones`` must be an object; ``phase`` one of ``phases``; ``round`` an integer ≥ 1; ``dealer``
        a seat; ``scores`` one list of ``players`` integers per finished round; ``totals`` one integer
        per seat, the per-seat sums of ``scores``; ``game_over`` true exactly in phase ``game_over``;
        ``winners`` ``winners(scores, totals)`` in phase ``game_over`` (which needs some), else ``[]``;
        ``to_act`` a list of seats. ``game`` and ``players`` are :meth:`load`'s, as are ``options``.

        Args:
            phases: the game's phases.
            winners: the spec's winners of a finished match from its scores and totals (``[]``: the
                totals end no match).
            dealer: the spec's dealer of a round, which ``dealer`` must be (``None``: any seat, as given).
            last_round: the last round of a match of fixed length, the most ``round`` may be.
            scores_per_round: ``scores`` holds exactly one list per scored round: ``round − 1``, or
                ``round`` once it is scored (phases ``round_over``, ``game_over``).
            optional: the fields a document may leave out, each with its value then; ``None`` takes
                what the others imply (``dealer`` by ``dealer``, ``totals`` the sums, ``game_over`` by
                ``phase``, ``winners`` by ``winners``, ``to_act`` unknown). Every other field is required.
            recomputed: fields the spec derives on loading, so a given value is not read (``to_act``,
                ``game_over``, ``winners``).
            rules: the rule id to cite per field (``{"dealer": "colors R3"}``).
        Raises:
            InvalidState: at the first violation, naming the field, what it must be (with the rule)
                and the value given: ``"colors load: round must be an integer ≥ 1, not 'x'"``.
        """
        n, given, cite = players, optional or {}, rules or {}

        def check(ok: bool, message: str) -> None:
            if not ok:
                raise InvalidState(f"{self.id} load: {message}")

        def rule(name: str) -> str:
            return f" ({cite[name]})" if name in cite else ""

        def value(name: str, implied: Any = None) -> Any:
            if name in doc and name not in recomputed:
                return doc[name]
            default = given.get(name)
            return implied if default is None else copy.deepcopy(default)

        for name in _COMMON_FIELDS:
            check(name in doc or name in given or name in recomputed, f"required field {name!r} is missing")
        zones = doc["zones"]
        check(isinstance(zones, dict), f"zones must be an object, not {type(zones).__name__}")
        phase = value("phase")
        check(isinstance(phase, str) and phase in phases,
              f"phase must be one of {', '.join(phases)}{rule('phase')}, not {phase!r}")
        rnd = value("round")
        if last_round is None:
            check(is_int(rnd) and rnd >= 1, f"round must be an integer ≥ 1{rule('round')}, not {rnd!r}")
        else:
            check(is_int(rnd) and 1 <= rnd <= last_round,
                  f"round must be an integer 1 … {last_round}, the number of rounds{rule('round')}, not {rnd!r}")
        want = None if dealer is None else dealer(rnd)
        seat = value("dealer", want)
        check(is_int(seat) and 0 <= seat < n, f"dealer must be a seat 0 … {n - 1}, not {seat!r}")
        check(want is None or seat == want,
              f"dealer must be seat {want}, the dealer of round {rnd}{rule('dealer')}, not {seat!r}")
        scores = value("scores")
        check(isinstance(scores, list) and all(
            isinstance(row, list) and len(row) == n and all(map(is_int, row)) for row in scores),
            f"scores must be a list of scored rounds, each a list of {n} integers{rule('scores')}, not {scores!r}")
        over = phase == GAME_OVER
        if scores_per_round:
            rows = rnd if phase in (ROUND_OVER, GAME_OVER) else rnd - 1
            check(len(scores) == rows, f"scores must hold {rows} round lists in phase {phase} of round {rnd}"
                                       f"{rule('scores')}, not {len(scores)}")
        sums = [sum(row[s] for row in scores) for s in range(n)]
        totals = value("totals", sums)
        check(isinstance(totals, list) and len(totals) == n and all(map(is_int, totals)),
              f"totals must be a list of {n} integers{rule('totals')}, not {totals!r}")
        check(totals == sums, f"totals must be {sums}, the per-seat sums of scores{rule('totals')}, not {totals!r}")
        ended = value("game_over", over)
        check(ended is over, f"game_over must be {str(over).lower()} in phase {phase}, not {ended!r}")
        won = winners([list(row) for row in scores], list(totals)) if over else []
        check(bool(won) or not over, f"phase game_over needs a finished match{rule('winners')}, but no seat "
                                     f"has won with totals {totals}")
        named = value("winners", won)
        check(named == won, f"winners must be {won}{rule('winners') if over else ' before the match ends'}, "
                            f"not {named!r}")
        to_act = value("to_act")
        if to_act is not None or ("to_act" in doc and "to_act" not in recomputed):
            check(isinstance(to_act, list) and all(is_int(s) and 0 <= s < n for s in to_act),
                  f"to_act must be a list of seats 0 … {n - 1}, not {to_act!r}")
        return CommonFields(zones, phase, rnd, seat, [list(row) for row in scores], list(totals), won,
                            None if to_act is None else list(to_act))

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, Any], rng: random.Random,
                   deck: list[str] | None) -> GameState:
        """Create and deal round 1 (options already validated)."""

    @abstractmethod
    def _load(self, doc: dict[str, Any], players: int, options: dict[str, Any], rng: random.Random) -> GameState:
        """Build a state from a document, raising InvalidState on any violation."""

    @abstractmethod
    def deck(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The cards in play in canonical order (the conservation invariant compares with it)."""

    def heuristic_bot(self, seed: int | None = None) -> Bot:
        """The game's rule-based bot (``heuristic``); a game without one raises NotImplementedError."""
        raise NotImplementedError(f"{self.id} has no heuristic bot")

    def value_key(self, state: GameState, seat: int) -> int | None:
        """What ``seat`` knows of its own prospects in ``state`` (a full state: a real one or a search's
        determinization), abstracted to one integer ≥ 0: the key of a learned table of the round scores such seats
        reached (:mod:`kartentisch.rl.tabular`, played by :mod:`kartentisch.bots.tabular`). Equal keys must
        promise alike; the table is learned per player count. ``None``: the game has no such abstraction."""
        return None

    # ----------------------------------------------------------------- words (kernel/words.py)
    # A game's word parts (:class:`Parts`) are plain functions of the same arguments; what it leaves
    # out falls back to the defaults here, which keep a game without words playable in every face
    # (its tokens then show as they are).
    def common_text(self, lang: str, key: str, **kwargs: Any) -> str:
        """The kernel's round and match sentences (:func:`~kartentisch.kernel.words.common_text`), each as the
        game's ``common`` part may word it (``{lang: {key: text}}``; chips calls a round a "Partie" and the
        match "das Spiel", chips D1)."""
        own = self.parts.common.get(lang, {}).get(key)
        return own.format(**kwargs) if own else common_text(lang, key, **kwargs)

    def card_name(self, code: str, lang: str) -> str:
        """The full name of card ``code`` in ``lang`` ("Blue 7", "Blau 7"), never cut short."""
        own = self.parts.card_name
        return str(own(code, lang)) if own else code

    def phase_name(self, phase: str, lang: str) -> str:
        """The phase as players call it ("Passing cards", "Karten weitergeben")."""
        own = self.parts.phase_name
        name = own(phase, lang) if own else None
        if name:
            return str(name)
        if phase in (ROUND_OVER, GAME_OVER):
            return common_text(lang, phase)
        return phase.replace("_", " ")

    def describe_move(self, seat: int, token: str, before: dict[str, Any], after: dict[str, Any],
                      voice: Voice) -> str:
        """The applied move ``token`` of ``seat`` as one or a few sentences for ``voice``.

        Args:
            token: the move's public form for ``voice.viewer`` (:meth:`GameState.public_token`).
            before, after: ``voice.viewer``'s views just before and just after the move, so a game
                can say what happened (cards taken, events, reshuffles) and can never name a card
                the reader may not see.
        Called through :func:`kartentisch.kernel.words.narrate`.
        """
        own = self.parts.describe_move
        return str(own(seat, token, before, after, voice)) if own else f"{voice.who(seat)}: {token}"

    def describe_start(self, view: dict[str, Any], voice: Voice) -> str:
        """Round 1 as the match's start dealt it, in words for ``voice`` (``view``: the reader's view before the
        first move), or ``""``: later rounds are dealt by a move, which :meth:`describe_move` tells."""
        own = self.parts.describe_start
        return str(own(view, voice)) if own else ""

    def choice(self, seat: int, token: str, view: dict[str, Any], voice: Voice) -> Choice:
        """The legal ``token`` of ``seat`` as a person chooses it, in ``voice``'s language
        (``view``: ``seat``'s own view now; ``voice.viewer == seat``). See :class:`Choice`."""
        own = self.parts.choice
        return Choice(*own(seat, token, view, voice)) if own else Choice((token,))

    def choice_steps(self, seat: int, token: str, view: dict[str, Any]) -> tuple[Step, ...]:
        """The legal ``token`` of ``seat`` as the steps a person takes on the table (``view``: ``seat``'s own
        view now), in the order taken; the words of each are :meth:`choice`'s. Without the game's
        ``choice_steps`` part: one button that says all of the choice's words (issue 35; the page never reads a
        token)."""
        own = self.parts.choice_steps
        return own(seat, token, view) if own else (Step("button", token, rest=True),)

    def page_facts(self, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        """What the game's page script needs of ``view`` (``viewer``'s own; ``None``: a spectator's) that the view
        keeps only inside a token, as JSON values (the ``page_facts`` part; none without it). Made from the view
        alone, so it holds nothing the viewer may not see."""
        own = self.parts.page_facts
        return dict(own(view, viewer)) if own else {}

    def describe(self) -> dict[str, Any]:
        """JSON-able metadata for ``kartentisch games`` and ``GET /api/games``."""
        return {
            "id": self.id, "names": dict(self.names), "min_players": self.min_players,
            "max_players": self.max_players, "options": [o.describe() for o in self.options],
            "higher_wins": self.score_sign > 0, "reaction_windows": self.reaction_windows,
        }


class Bot(Protocol):
    """A player for any seat: picks one of ``state.legal_actions(seat)``.

    A bot reads only what ``seat`` may see (``state.view(seat)``, or the state fields that view
    shows); ISMCTS samples hidden information through :meth:`GameState.determinize`.
    """

    name: str

    def choose(self, state: GameState, seat: int) -> str:
        """Return one legal token for ``seat`` (which is in ``state.to_act()``)."""
        ...


class RandomBot:
    """Uniform choice among the legal tokens, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> str:
        """Return a uniformly random legal token of ``seat`` (:meth:`GameState.random_action`)."""
        return state.random_action(seat, self.rng)


#: The common fields :meth:`Game.load_common` reads (``game``, ``players`` and ``options`` are :meth:`Game.load`'s).
_COMMON_FIELDS: Final = ("zones", "phase", "round", "dealer", "scores", "totals", "game_over", "winners", "to_act")


@dataclass(frozen=True)
class CommonFields:
    """The common fields of a state document, validated by :meth:`Game.load_common` (fresh lists).

    Attributes:
        zones: the document's ``zones`` object, for the game to validate.
        phase, round, dealer: as given, or as the game's defaults say.
        scores: one list per scored round, one integer per seat; totals: their per-seat sums.
        winners: the seats that won the match (``[]`` unless ``phase`` is ``game_over``).
        to_act: the document's ``to_act`` (a list of seats), or ``None`` when it was left out or the
            game recomputes it.
    """

    zones: dict[str, Any]
    phase: str
    round: int
    dealer: int
    scores: list[list[int]]
    totals: list[int]
    winners: list[int]
    to_act: list[int] | None

    def set_on(self, state: GameState) -> None:
        """Give ``state`` the fields every game has: phase, round, dealer, scores, totals, winners."""
        state.phase, state.round, state.dealer = self.phase, self.round, self.dealer
        state.scores = [list(row) for row in self.scores]
        state.totals = list(self.totals)
        state.winners = list(self.winners)


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a JSON integer: an ``int`` and not a ``bool`` (``True == 1`` in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def require(condition: bool, message: str) -> None:
    """Loading helper: raise :class:`InvalidState` with ``message`` unless ``condition``."""
    if not condition:
        raise InvalidState(message)
