"""colors: the heuristic with a learned outlook (bench, not a test; issue 36 item 3; results in README.md here).

The colors heuristic (``games/colors/bot.py``) values a move by a modelled *outlook*, the expected final round
score of the seat's collection and remaining hand (its rule 3, a hand-set model of what later plays capture),
and subtracts 0.3 × the next seat's expected immediate score gain (rule 5). This learns both from heuristic
self-play by Monte Carlo policy evaluation over an abstraction of the state (Sutton & Barto 2018, §5.1):

* **own**: the mean final round score of a seat by its *shape*, the sorted (collected, in hand) count pairs per
  colour (``Outlook.shape``: colours are interchangeable, R1), recorded whenever the seat is to play;
* **rival** (``--rival``): the mean final round score by the sorted collected counts and the hand's size (all the
  other seat sees of it); rule 5 then subtracts the expected change of that value by the next seat's best capture.

At play a shape seen ``n`` times is worth ``(sum + k · model) / (n + k)``, the model's outlook as a prior. The
weights of the heuristic's rules 4 and 5 are ``--look`` and ``--denial``. It runs the pure build
(``KARTENTISCH_PURE=1``): the compiled heuristic inlines its weights.

    .venv/bin/python bench/learned/colors_outlook.py data outlook.pkl --matches 20000 --seed 31
    .venv/bin/python bench/learned/colors_outlook.py play outlook.pkl --rival --look 0.3 --matches 4000 --seed 61
"""

from __future__ import annotations

import os

os.environ["KARTENTISCH_PURE"] = "1"  # before kartentisch is imported: the weights below are patched per move

import argparse  # noqa: E402
import math  # noqa: E402
import pickle  # noqa: E402
import random  # noqa: E402
from collections import defaultdict  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from kartentisch.games import get_game  # noqa: E402
from kartentisch.games.colors import bot as heuristic  # noqa: E402

GAME = get_game("colors")
COLOURS = 3  # two seats play b, g, p (colors R1)


def counts(cards: list[int]) -> list[int]:
    """Cards per colour."""
    return heuristic._added([0] * COLOURS, cards)


def data(out: Path, matches: int, seed: int, explore: float) -> None:
    """Heuristic self-play (``explore``: share of random moves): both tables' sums and counts, pickled."""
    sums: dict[Any, float] = defaultdict(float)
    seen: dict[Any, int] = defaultdict(int)
    rng = random.Random(seed)
    for m in range(matches):
        state = GAME.new_state(2, seed=seed * 100_000 + m)
        bots = [GAME.heuristic_bot(rng.getrandbits(32)) for _ in range(2)]
        open_keys: list[tuple[int, Any]] = []
        while not state.game_over:
            seat = state.to_act()[0]
            if state.phase == "play" and state.pending is None and state.hands[seat]:
                mine = counts(state.collections[seat])
                open_keys.append((seat, ("own", heuristic.Outlook.shape(mine, counts(state.hands[seat])))))
                open_keys.append((seat, ("rival", tuple(sorted(mine, reverse=True)), len(state.hands[seat]))))
            scored = len(state.scores)
            legal = state.legal_actions(seat)
            move = rng.choice(legal) if rng.random() < explore else bots[seat].choose(state, seat)
            state.apply_unchecked(seat, move)
            if len(state.scores) > scored:  # the round ended: its scores are every open key's label
                for s, key in open_keys:
                    sums[key] += state.scores[-1][s]
                    seen[key] += 1
                open_keys = []
    out.write_bytes(pickle.dumps({"sums": dict(sums), "seen": dict(seen)}))
    print(f"{len(seen)} keys, {sum(seen.values())} records")


class LearnedOutlook:
    """The own table as the heuristic's :class:`~kartentisch.games.colors.bot.Outlook` (its ``value``)."""

    def __init__(self, table: dict[str, dict[Any, Any]], prior: float) -> None:
        self.model = heuristic._outlook(COLOURS)
        self.sums, self.seen, self.prior = table["sums"], table["seen"], prior

    def value(self, shape: tuple[tuple[int, int], ...]) -> float:
        """The learned mean, shrunk towards the model's outlook; exact with an empty hand."""
        model = self.model.value(shape)
        n = self.seen.get(("own", shape), 0)
        if not any(h for _, h in shape) or not n:
            return model
        return (self.sums[("own", shape)] + self.prior * model) / (n + self.prior)

    def rival(self, collected: list[int], hand: int) -> float:
        """The rival table's mean final score of a seat with ``collected`` counts and ``hand`` cards."""
        key = ("rival", tuple(sorted(collected, reverse=True)), hand)
        n = self.seen.get(key, 0)
        if not hand or n < 5:
            return float(heuristic.colour_score(collected))
        return self.sums[key] / n


class Turn(heuristic._Turn):
    """The heuristic's turn with the learned outlook and, with ``rival``, the learned rule 5."""

    def __init__(self, state: Any, seat: int, outlook: LearnedOutlook, rival: bool) -> None:
        super().__init__(state, seat)
        self.outlook = outlook  # type: ignore[assignment]
        self.learned, self.use_rival = outlook, rival
        n = state.players
        nxt = next((s for s in ((seat + i) % n for i in range(1, n)) if state.hands[s]), None)
        self.rival_hand = 0 if nxt is None else len(state.hands[nxt])

    def _threat(self, centre: list[int]) -> float:
        if not self.use_rival:
            return super()._threat(centre)
        rival, hand = self.rival, self.rival_hand
        if rival is None or not self.unseen or not hand:
            return 0.0
        key = tuple(centre)
        if key not in self.threats:
            options = {number: heuristic.takes(number, centre) for number in range(10)}
            after = sum(max(self.learned.rival(heuristic._collected(rival, card, taken), hand - 1)
                            for taken in options[card % 10]) for card in self.unseen)
            self.threats[key] = after / len(self.unseen) - self.learned.rival(rival, hand)
        return self.threats[key]


class LearnedBot(heuristic.HeuristicBot):
    """The heuristic with :class:`LearnedOutlook` and the weights ``look`` (rule 4) and ``denial`` (rule 5)."""

    def __init__(self, seed: int, outlook: LearnedOutlook, rival: bool, look: float, denial: float) -> None:
        super().__init__(seed)
        self.outlook, self.rival, self.weights = outlook, rival, (look, denial)

    def choose(self, state: Any, seat: int) -> str:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return str(legal[0])
        saved = heuristic.LOOK_WEIGHT, heuristic.DENIAL_WEIGHT
        heuristic.LOOK_WEIGHT, heuristic.DENIAL_WEIGHT = self.weights  # type: ignore[misc]
        try:
            turn = Turn(state, seat, self.outlook, self.rival)
            if state.pending is None:
                values = [max(turn.value(heuristic._collected(turn.counts, card, taken),
                                         [h for h in turn.hand if h != card], after)
                              for taken, after in heuristic.captures(card, state.centre))
                          for card in turn.hand]
            else:
                values = [turn.pick_value(candidate) for candidate in state.pending.options]
        finally:
            heuristic.LOOK_WEIGHT, heuristic.DENIAL_WEIGHT = saved  # type: ignore[misc]
        return str(max(zip(values, (self.rng.random() for _ in legal), legal, strict=True))[-1])


def play(table: Path, matches: int, seed: int, rival: bool, look: float, denial: float, prior: float) -> None:
    """``matches`` two-seat matches against the heuristic, seats alternated: the learned bot's win share."""
    outlook = LearnedOutlook(pickle.loads(table.read_bytes()), prior)
    won = 0.0
    for m in range(matches):
        state = GAME.new_state(2, seed=seed * 100_000 + m)
        me = m % 2
        bots: list[Any] = [GAME.heuristic_bot(9 + m)] * 2
        bots[me] = LearnedBot(7 + m, outlook, rival, look, denial)
        while not state.game_over:
            seat = state.to_act()[0]
            state.apply_unchecked(seat, bots[seat].choose(state, seat))
        won += (me in state.winners) / max(1, len(state.winners))
    share = won / matches
    half = 1.96 * math.sqrt(share * (1 - share) / matches)
    print(f"rival={rival} look={look} denial={denial} prior={prior}: {share:.3f} ± {half:.3f} of {matches}")


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("data", "play"))
    ap.add_argument("table", type=Path)
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.05, help="data: share of random moves")
    ap.add_argument("--rival", action="store_true", help="play: rule 5 by the learned rival table")
    ap.add_argument("--look", type=float, default=0.8, help="play: the weight of rule 4")
    ap.add_argument("--denial", type=float, default=0.3, help="play: the weight of rule 5")
    ap.add_argument("--prior", type=float, default=20.0, help="play: the model outlook's weight in records")
    args = ap.parse_args()
    if args.command == "data":
        data(args.table, args.matches, args.seed, args.explore)
    else:
        play(args.table, args.matches, args.seed, args.rival, args.look, args.denial, args.prior)


if __name__ == "__main__":
    main()
