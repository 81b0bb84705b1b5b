"""The coach: each legal move's win chance for one seat, from that seat's information set only
(issue 23), as chess engines give an evaluation per move; and a review of a finished match.

**What "win chance" means.** A seat's result is :meth:`~kartentisch.kernel.GameState.returns`:
1 for an outright win, ``1/k`` for a win shared by ``k`` seats, else 0. A move's win chance is the
expected result of the seat after that move, so with several seats it is "the chance of winning,
a shared win counted by its share" (the seats' results sum to 1 in a match with a winner).

**How it is estimated.** An SO-ISMCTS search (:class:`~kartentisch.bots.ismcts.ISMCTSBot`) of the
seat's decision with ``reward="win"`` and no depth cap: every iteration samples the hidden cards
from the seat's information set (:meth:`~kartentisch.kernel.GameState.determinize`), goes down the
tree and then plays **the rest of the match** with the game's rollout policy (``Game.search``:
uniform random, or the heuristic bot for chips and lastcard, which also makes every decision below the root
wider than :data:`~kartentisch.bots.ismcts.WIDE_NODE`), and backs up the match result. A
move's win chance is the mean result of the iterations through it; its ``searches`` is their number.
The bot's round rewards (``score``, ``margin``, depth-capped rollouts) rank moves well but are not
win chances (a round won by a seat far behind may still lose the match), so the coach does not use
them. ``bench/coach_calibration.py`` measures how well these numbers are calibrated against real
results (heuristic against ISMCTS).

Moves are ranked by searches, as MCTS engines do (the most searched move is the best one): UCB
spends searches on the moves that look best, so a rarely searched move with a high mean is noise.
A decision wider than ``iterations // ROOT_VISITS`` moves (lastcard's pass: 220 ways to pass 3 of
12 cards) is searched on a candidate set instead: the heuristic bot's move, the moves the caller
asks for (``include``) and a seeded sample of the others.

**Marks** (:func:`mark`, :func:`judge`). The loss of a move is the best move's win chance minus
its own (never below 0); where the move made is not the best, both are searched again on their own
first, so neither estimate is the one the best was picked by (the winner's curse) and the move made's
rests on enough searches. The thresholds (:data:`MARKS`) follow lichess,
which marks a drop in win chance of 5, 10 and 15 points (its ``winningChances`` 0.1/0.2/0.3 on a
−1…1 scale), with a wider blunder, as luck decides more of a card game: *inaccuracy* from 0.05,
*mistake* from 0.10, *blunder* from 0.20. A loss the search cannot tell from noise is *good*: it
must also exceed :data:`SIGNIFICANCE` standard errors of the difference of the two means (each
mean's variance bounded by ``w·(1−w)/searches``, exact for 0/1 results, with Laplace's ``w``:
:meth:`MoveValue.stderr`). Such a move is *good* but **unsure** (:func:`unsure`) when its loss alone
would earn a mark: the review says so, as a small search (a server's limit, ``--iterations 200``)
would otherwise call a loss of 18 points good.

**No hidden information.** The search reads the state only through the seat's legal moves and
:meth:`~kartentisch.kernel.GameState.determinize` for that seat; texts come from the seat's own
view (:meth:`~kartentisch.kernel.Game.choice`). With equal seeds and an iteration budget an
evaluation is repeatable. A game's ``_determinize`` that collects the hidden cards in the order
they lie makes one seeded sample depend on that order (not the sample's distribution): evaluations
shown to people should be seeded from a secret, as the tables' bots are. ``kartentisch check-game``
(:mod:`kartentisch.conformance`, issue 31) checks every game for both defects: samples that keep a
hidden card (mayhem's face-down commitments did), and seeded evaluations that differ between states
the seat cannot tell apart.

Example::

    >>> from kartentisch.games import get_game
    >>> state = get_game("colors").new_state(players=2, seed=7)
    >>> ev = evaluate(state, 0, iterations=200, seed=1)
    >>> ev.searches, len(ev.moves) == len(state.legal_actions(0))
    (200, True)
    >>> 0.0 <= ev.best.win <= 1.0
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..kernel import GameState, KartentischError, Match, Voice, lookup
from .ismcts import SAFETY_DEPTH, ISMCTSBot

#: Fewest searches per root move on average; a wider decision is searched on a candidate set.
ROOT_VISITS = 20

#: Added to a decision's seed for :func:`judge`'s searches of single moves, so they share no sample with the search
#: that chose the best move.
FRESH_SEED = 0x9E3779B9

#: ``(mark, least loss)``, worst first: a loss of at least that much win chance earns the mark.
MARKS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
GOOD = "good"

#: Standard errors by which a loss must exceed zero to be marked at all (about 95%, one-sided 97.7%).
SIGNIFICANCE = 2.0


@dataclass(frozen=True)
class MoveValue:
    """One legal move as the coach sees it.

    Attributes:
        token: the move's token.
        win: estimated win chance of the seat after this move, 0 … 1 (module docstring).
        searches: search iterations through this move (how much the estimate rests on).
    """

    token: str
    win: float
    searches: int

    def stderr(self) -> float:
        """Standard error of :attr:`win`, bounded as for 0/1 results with the mean taken as ``(w·n + 1)/(n + 2)``
        (Laplace's rule of succession): a move whose few searches all lost or all won is not certain (the plain
        ``w·(1−w)/n`` is 0 there, and one lost search made a blunder); 0.5 when never searched."""
        if self.searches == 0:
            return 0.5
        p = (self.win * self.searches + 1.0) / (self.searches + 2.0)
        return math.sqrt(p * (1.0 - p) / self.searches)


@dataclass(frozen=True)
class Evaluation:
    """The coach's view of one decision of ``seat``.

    Attributes:
        seat: the deciding seat (0-based).
        moves: the searched moves, best (most searched) first; all legal moves unless the decision
            was wider than the budget (then a candidate set, module docstring).
        legal: number of legal moves.
        searches: iterations of the search.
        seconds: wall-clock time of the search.
    """

    seat: int
    moves: tuple[MoveValue, ...]
    legal: int
    searches: int
    seconds: float

    @property
    def best(self) -> MoveValue:
        """The most searched move."""
        return self.moves[0]

    def move(self, token: str) -> MoveValue:
        """The searched move ``token``.

        Raises:
            KeyError: ``token`` was not searched (not legal, or left out of a candidate set).
        """
        for m in self.moves:
            if m.token == token:
                return m
        raise KeyError(token)


def default_iterations(game_id: str) -> int:
    """The coach's iterations per evaluation for ``game_id`` when none are given: the game's
    ``search.coach_iterations`` (about 1 s per hint on the development machine, bench/coach/README.md)."""
    return lookup(game_id).search.coach_iterations


def _budget(iterations: int | None, time_budget_s: float | None, game_id: str) -> int | None:
    """Iterations to run: as given; none with only a time budget; else the game's default."""
    if iterations is None and time_budget_s is None:
        return default_iterations(game_id)
    return iterations


def evaluate(state: GameState, seat: int, *, iterations: int | None = None, time_budget_s: float | None = None,
             seed: int = 0, include: Collection[str] = (), only: Collection[str] | None = None) -> Evaluation:
    """Every legal move's win chance for ``seat`` (module docstring), from its information set only.

    Args:
        state: the position; only ``seat``'s information set is read.
        seat: a seat with a decision now (0-based; it need not be first in ``to_act``).
        iterations: search iterations (default :func:`default_iterations`); with ``time_budget_s``
            as well, the search stops at whichever limit comes first.
        time_budget_s: wall-clock seconds (then not repeatable: the count depends on the machine).
        seed: seed of the search; equal seeds, states and iteration budgets give equal evaluations.
        include: moves that must be searched even in a candidate set (e.g. the move made).
        only: search just these legal moves (instead of all, or of a candidate set).

    Returns:
        An :class:`Evaluation`.
    Raises:
        KartentischError: ``seat`` has no decision, a token of ``include`` or ``only`` is not legal
            for it, ``only`` is empty, or a budget is out of range (naming it).
    """
    legal = state.legal_actions(seat)
    if not legal:
        raise KartentischError(f"coach: seat {seat + 1} has no decision now")
    unknown = sorted((set(include) | set(only or ())) - set(legal))
    if unknown:
        raise KartentischError(f"coach: {unknown[0]!r} is not a legal move of seat {seat + 1} now")
    if only is not None and not only:
        raise KartentischError("coach: only= names no move to search")
    game = state.game
    budget = _budget(iterations, time_budget_s, game.id)
    bot = ISMCTSBot(game, seed=seed, iterations=budget, time_budget_s=time_budget_s, reward="win",
                    depth=SAFETY_DEPTH)
    width = max(1, (budget or default_iterations(game.id)) // ROOT_VISITS)
    if only is None and len(legal) > width:
        only = _candidates(state, seat, legal, include, width, seed)
    started = time.perf_counter()
    stats = bot.search(state, seat, only)
    seconds = time.perf_counter() - started
    order = {tok: i for i, tok in enumerate(legal)}
    moves = [MoveValue(tok, total / visits, visits) for tok, (visits, total) in stats.items() if visits]
    moves.sort(key=lambda m: (-m.searches, -m.win, order[m.token]))
    return Evaluation(seat, tuple(moves), len(legal), bot.last_iterations, seconds)


def _candidates(state: GameState, seat: int, legal: list[str], include: Collection[str], width: int,
                seed: int) -> list[str]:
    """A wide decision's moves to search: ``include``, the heuristic bot's move, then a sample of
    the others drawn with ``seed`` (``width`` in all, or more when ``include`` is larger). The
    heuristic bot decides on a determinization, so even a bot that looked at hidden cards could
    not pass them on."""
    rng = random.Random(seed)
    chosen = list(dict.fromkeys(include))
    try:
        bot = state.game.heuristic_bot(seed)
    except NotImplementedError:
        pass
    else:
        chosen = list(dict.fromkeys([*chosen, bot.choose(state.determinize(seat, rng), seat)]))
    rest = [tok for tok in legal if tok not in chosen]
    return chosen + rng.sample(rest, max(0, min(len(rest), width - len(chosen))))


def move_text(state: GameState, seat: int, token: str, voice: Voice) -> str:
    """The legal ``token`` of ``seat`` in words as that seat chooses it (its steps joined by " › ")."""
    return " › ".join(state.game.choice(seat, token, state.view(seat), voice).steps)


def shown_percent(win: float) -> int:
    """``win`` (a chance, 0 … 1) in whole percent as the page rounds it (``coachwords.js`` ``chance``: JavaScript's
    ``Math.round``, halves up)."""
    return math.floor(100 * win + 0.5)


def chance_text(win: float) -> str:
    """The coach's estimate ``win`` (0 … 1) as the reader sees it: whole percent (:func:`shown_percent`), but
    "> 99 %" and "< 1 %" where that would be 100 or 0. An estimate is a mean over sampled deals and rollouts, never
    a proof (a fresh user was told "100 %" at lastcard's first pass; such forecasts came true 87 % of the time,
    ``bench/coach/README.md``). As ``coachwords.js`` ``chance``; the same in both languages."""
    whole = shown_percent(win)
    return "> 99 %" if whole >= 100 else "< 1 %" if whole <= 0 else f"{whole} %"


def hint_search(state: GameState, seat: int, *, iterations: int | None = None, time_budget_s: float | None = None,
                seed: int = 0) -> dict[str, Any]:
    """The coach's advice for ``seat`` now without words: the search of :func:`hint`, which the server runs once
    per position and words for each asker's language afterwards (:func:`hint_words`). A pure function of its
    arguments (all picklable), for a worker process; arguments as for :func:`evaluate`.

    Returns:
        ``{"seat": s, "moves": [{"token", "win", "searches"}, …], "searches": n, "legal": k, "seconds": t}``,
        best first by the chance the reader sees (:func:`shown_percent`; equal chances: the more searched first,
        then :func:`evaluate`'s order), so the first hint shown is the best by what it says (a pass hint of
        64.5 %, 61.9 %, 62.3 % listed by search count read as a wrong order); ``win`` rounded to 3 places,
        ``legal`` the number of legal moves (more than ``len(moves)`` after a candidate search).
    Raises:
        KartentischError: as :func:`evaluate`.
    """
    ev = evaluate(state, seat, iterations=iterations, time_budget_s=time_budget_s, seed=seed)
    # sorted() is stable: moves equal in both keep evaluate's order
    ranked = sorted(ev.moves, key=lambda m: (-shown_percent(round(m.win, 3)), -m.searches))
    return {"seat": seat, "searches": ev.searches, "legal": ev.legal, "seconds": round(ev.seconds, 3),
            "moves": [{"token": m.token, "win": round(m.win, 3), "searches": m.searches} for m in ranked]}


def hint_words(state: GameState, found: dict[str, Any], voice: Voice) -> dict[str, Any]:
    """``found`` (:func:`hint_search` at ``state``) with each move's ``text`` after its ``token``: the move as the
    seat chooses it (:func:`move_text`), worded for ``voice``."""
    seat = found["seat"]
    return {**found, "moves": [{"token": m["token"], "text": move_text(state, seat, m["token"], voice),
                                "win": m["win"], "searches": m["searches"]} for m in found["moves"]]}


def hint(state: GameState, seat: int, *, lang: str = "en", names: Sequence[str] = (), iterations: int | None = None,
         time_budget_s: float | None = None, seed: int = 0) -> dict[str, Any]:
    """The coach's advice for ``seat`` now, as JSON for the table's hint (``GET …/hint``): :func:`hint_search`
    worded by :func:`hint_words`. Arguments as for :func:`evaluate`; ``lang`` and ``names`` (one per seat, ``""``
    for "Seat n") word the moves.

    Returns:
        ``{"seat": s, "moves": [{"token", "text", "win", "searches"}, …], "searches": n,
        "legal": k, "seconds": t}``, best first; ``text`` the move as the seat chooses it (:func:`move_text`).
    Raises:
        KartentischError: as :func:`evaluate`.
    """
    found = hint_search(state, seat, iterations=iterations, time_budget_s=time_budget_s, seed=seed)
    return hint_words(state, found, Voice(lang, seat, tuple(names)))


def mark(best: MoveValue, chosen: MoveValue) -> str:
    """The mark of playing ``chosen`` where ``best`` was best (module docstring, :data:`MARKS`)."""
    loss = _loss(best, chosen)
    if best.token == chosen.token or loss <= SIGNIFICANCE * math.hypot(best.stderr(), chosen.stderr()):
        return GOOD
    return next((name for name, least in MARKS if loss >= least), GOOD)


def unsure(best: MoveValue, chosen: MoveValue) -> bool:
    """Whether :func:`mark` calls ``chosen`` good only because its loss against ``best`` is within the search's
    noise: the loss is at least the least mark's (:data:`MARKS`, 0.05) but not significant (module docstring)."""
    return mark(best, chosen) == GOOD and best.token != chosen.token and _loss(best, chosen) >= MARKS[-1][1]


def _loss(best: MoveValue, chosen: MoveValue) -> float:
    """``best``'s win chance minus ``chosen``'s, rounded to 9 places: chances of equal searches differ by whole
    fractions (7/20 − 6/20 is 0.04999… in binary), which must meet a mark's least loss as the review shows it."""
    return round(best.win - chosen.win, 9)


def judge(state: GameState, seat: int, token: str, *, iterations: int | None = None,
          seed: int = 0) -> tuple[Evaluation, MoveValue, MoveValue]:
    """The coach's verdict on the move ``token`` that ``seat`` made: the evaluation of the decision
    (``token`` always searched), the move's own estimate and the best move's.

    Where the move made is not the most searched one, both are searched again on their own, each with a
    quarter of the budget (at least :data:`ROOT_VISITS`) and the same seed :data:`FRESH_SEED` away from the
    decision's (common random numbers, as a paired comparison; none shared with the search that chose the best),
    and those two estimates are compared. The decision's search picks the best move by the same noisy means it
    would report, so its chance sits above the move's worth (the winner's curse: +0.06 at lastcard's pass,
    +0.025 in colors, ``bench/coach_curse.py``) and every loss with it; and UCB spends few searches on a move that
    looks bad. The most searched move is returned as the best; where it is the move made, its own estimate
    is that of the decision's search. Arguments as for :func:`evaluate`.

    Raises:
        KartentischError: as :func:`evaluate`.
    """
    budget = iterations if iterations is not None else default_iterations(state.game.id)
    ev = evaluate(state, seat, iterations=budget, seed=seed, include=(token,))
    if token == ev.best.token:
        return ev, ev.best, ev.best
    fresh = max(ROOT_VISITS, budget // 4)
    made, best = (evaluate(state, seat, iterations=fresh, seed=seed + FRESH_SEED, only=(t,)).best
                  for t in (token, ev.best.token))
    return ev, made, best


def review_todo(match: Match, seats: Collection[int], states: Iterable[GameState]) -> list[tuple[int, int, str]]:
    """The decisions of ``seats`` in ``match`` a review judges, as ``(n, seat, token)``: the moves (numbered from
    1) of those seats that had more than one legal move; ``states`` are the match's positions from the deal on
    (``match.states()``; the one before each move is read)."""
    before = zip(match.history, states, strict=False)  # the final position follows the last move
    return [(n, seat, token) for n, ((seat, token), state) in enumerate(before, start=1)
            if seat in seats and len(state.legal_actions(seat)) > 1]


def judge_decision(state: GameState, n: int, seat: int, token: str, *, iterations: int | None = None,
                   seed: int = 0) -> dict[str, Any]:
    """One decision of a review without words: :func:`judge` of the move ``token`` that ``seat`` made as the
    match's move ``n`` (searched with seed ``seed + n``). A pure function of its arguments, for a worker.

    Returns:
        ``{"n", "seat", "token", "win_chosen", "searches_chosen", "best", "win_best", "searches_best", "loss",
        "mark", "unsure", "legal", "searches"}`` as in :func:`review_match` (:func:`decision_words` adds the
        texts); ``best`` is the most searched move, or the move made where its chance is at least that move's, so
        ``win_best >= win_chosen``.
    Raises:
        KartentischError: as :func:`evaluate`.
    """
    ev, made, best = judge(state, seat, token, iterations=iterations, seed=seed + n)
    # the move made is the best when its estimate is at least the most searched move's (each searched on its own,
    # judge): a review read "best move … 30 %" beside the move made at 39 %
    best = made if made.win >= best.win else best
    return {"n": n, "seat": seat, "token": token, "win_chosen": round(made.win, 3), "searches_chosen": made.searches,
            "best": best.token, "win_best": round(best.win, 3), "searches_best": best.searches,
            "loss": round(max(0.0, best.win - made.win), 3), "mark": mark(best, made),
            "unsure": unsure(best, made), "legal": ev.legal,
            "searches": ev.searches}


def decision_words(state: GameState, decision: dict[str, Any], voice: Voice) -> dict[str, Any]:
    """``decision`` (:func:`judge_decision` at ``state``) with its moves in words for ``voice`` (the deciding
    seat's: :func:`move_text`): ``text`` after ``token``, ``best_text`` after ``best``."""
    seat = decision["seat"]
    out: dict[str, Any] = {}
    for key, value in decision.items():
        out[key] = value
        if key in ("token", "best"):
            out["text" if key == "token" else "best_text"] = move_text(state, seat, value, voice)
    return out


def review_match(match: Match, seats: Collection[int] | None = None, *, lang: str = "en",
                 names: Sequence[str] = (), iterations: int | None = None, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Review every decision of ``seats`` (default: all) in ``match``: the win chance of the move
    made and of the best move, the loss and the mark. A decision is a move of a seat with more
    than one legal move; decision ``n`` (the move's number in the match, from 1) is evaluated with
    seed ``seed + n``, so a review is repeatable. A pure function of its arguments.

    Args:
        match: the match (usually finished, :meth:`Match.load` of a replay file).
        seats: 0-based seats to review.
        lang, names: words of the texts (as :func:`hint`).
        iterations: per decision (default :func:`default_iterations`).
        progress: called as ``progress(done, total)`` after each decision.

    Returns:
        ``{"game", "players", "seat": s or None (several seats), "seats", "iterations", "seed",
        "result": [returns per seat] or None (unfinished), "decisions": [{"n", "seat", "token",
        "text", "win_chosen", "searches_chosen", "best", "best_text", "win_best", "searches_best",
        "loss", "mark", "unsure", "legal", "searches"}, …]}``; seats are 0-based as in replay files, wins
        rounded to 3 places; the win chances of the moves made form the match's win-chance curve. ``unsure``:
        a move marked good whose loss is within the search's noise (:func:`unsure`).
    Raises:
        KartentischError: a seat out of range (naming it).
    """
    chosen_seats = sorted(set(range(match.players) if seats is None else seats))
    bad = [s for s in chosen_seats if not (isinstance(s, int) and 0 <= s < match.players)]
    if bad:
        raise KartentischError(f"coach: no seat {bad[0]!r} in a match of {match.players} (0 … {match.players - 1})")
    budget = iterations if iterations is not None else default_iterations(match.game.id)
    states = list(match.states())
    todo = review_todo(match, chosen_seats, states)
    voice_of = {s: Voice(lang, s, tuple(names)) for s in chosen_seats}
    decisions: list[dict[str, Any]] = []
    for done, (n, seat, token) in enumerate(todo, start=1):
        state = states[n - 1]
        judged = judge_decision(state, n, seat, token, iterations=budget, seed=seed)
        decisions.append(decision_words(state, judged, voice_of[seat]))
        if progress is not None:
            progress(done, len(todo))
    final = match.state
    return {"game": match.game.id, "players": match.players,
            "seat": chosen_seats[0] if len(chosen_seats) == 1 else None, "seats": chosen_seats,
            "iterations": budget, "seed": seed, "result": final.returns() if final.game_over else None,
            "decisions": decisions}
