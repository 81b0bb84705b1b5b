"""Attacks and reactions of ``mayhem`` (R20–R22, R30, R31): attack parts, Counterattack windows, Nice Try.

An attack (Gift, Exchange, Skip, Fantastic Four, Equality) resolves part by part; before each part
its target may answer with a Counterattack (R21), which turns the part on another seat. When a hand
is empty at a checkpoint, a Nice Try window opens (R30, :meth:`~.table.Table._checkpoint`), answered
here (R31).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...kernel.rng import sample
from .cards import COLORS
from .matching import Matching, card_combos
from .notation import Counterattack
from .table import COUNTER, remove_all


class Attacks(Matching):
    """The attack part of a ``mayhem`` state: parts, counter windows and their tokens, Nice Try."""

    # ------------------------------------------------------------------ attacks (R20–R22)
    def _attack(self, kind: str, parts: list[list[int]], cards: list[str]) -> None:
        """R20: parts resolve in order (each with its chain); ``parts`` are ``[source, target, draws]``."""
        source, target, draws = parts[0]
        self.pending = {"type": "attack", "kind": kind, "source": source, "target": target, "cards": list(cards),
                        "draws": draws, "queue": parts[1:]}
        self._window_or_apply()

    def _window_or_apply(self) -> None:
        """R21, D13: open the counter window of the current part unless public facts rule it out."""
        part = self.pending
        assert part is not None
        if self.hands[part["target"]] and self.discard.count("counter") < 4:
            self.phase = COUNTER
            return
        self._apply_part(part)
        self._next_part()

    def _next_part(self) -> None:
        part = self.pending
        assert part is not None
        if not part["queue"]:
            self._after_effect()
            return
        part["source"], part["target"], part["draws"] = part["queue"].pop(0)
        part["cards"] = []
        self._window_or_apply()

    def _apply_part(self, part: dict[str, Any]) -> None:
        """R22: apply one attack part."""
        kind, source, target = part["kind"], part["source"], part["target"]
        if kind == "gift":  # R9
            remove_all(self.hands[source], part["cards"])
            self._give_cards(target, part["cards"])
        elif kind == "exch":  # R10, D18: take at random from the target's hand as it was before receiving
            hand = self.hands[target]
            taken = [hand[i] for i in sample(self.rng, range(len(hand)), min(2, len(hand)))]
            remove_all(hand, taken)  # equal codes are the same card: the first copy is as good
            remove_all(self.hands[source], part["cards"])
            self._give_cards(target, part["cards"])
            self._give_cards(source, taken)
        elif kind == "skip":  # R11, D21: marked unless already marked
            self.skipped[target] = True
        elif kind == "four":  # R15
            self._draw_cards(target, part["draws"])
        else:  # equal, R16: counts taken on resolution
            self._draw_cards(target, len(self.hands[source]) - len(self.hands[target]))

    def _counter(self, seat: int, move: Counterattack) -> None:
        """R21, D9, D10, D12: the Counterattack goes on top with its wish; the part is redirected from ``seat``."""
        self.hands[seat].remove("counter")
        self.discard.insert(0, "counter")
        self.wish = move.wish
        part = self.pending
        assert part is not None
        part["source"], part["target"], part["cards"] = seat, move.target, list(move.cards)
        self._window_or_apply()

    def _counter_tokens(self, seat: int) -> list[str]:
        """R21: ``counter:<c>:<t>[:<x>[:<y>]]`` for the target of the open part holding a Counterattack."""
        if "counter" not in self.hands[seat]:
            return []
        combos = card_combos(self.hands[seat], "counter") if self._names_cards() else [""]
        return [f"counter:{c}:{t}{combo}" for c in COLORS for t in self._counter_targets(seat) for combo in combos]

    def _counter_targets(self, seat: int) -> Sequence[int]:
        """R21: the seats a Counterattack of ``seat`` may turn the open part on, ascending."""
        if self.options["counter_target"] == "attacker":
            assert self.pending is not None
            return (self.pending["source"],)
        return self._others(seat)

    def _names_cards(self) -> bool:
        """R21: whether a Counterattack against the open part names cards (Gift, Exchange)."""
        assert self.pending is not None
        return self.pending["kind"] in ("gift", "exch")

    # ------------------------------------------------------------------ Nice Try (R31)
    def _nicetry(self, seat: int, color: str) -> None:
        """R31, D35: Nice Try on top with wish; every other empty-handed seat draws 3; new checkpoint."""
        self.hands[seat].remove("nicetry")
        self.discard.insert(0, "nicetry")
        self.wish = color
        self.pending = None
        for s in self._order(seat):
            if s != seat and not self.hands[s]:
                self._draw_cards(s, 3)
        self._checkpoint()
