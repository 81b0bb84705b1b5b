"""A recorded match: (game, players, options, seed, deck) plus its token list, and replay files.

A match replays exactly from its header and tokens because all chance comes from the seeded
generator (CONVENTIONS). Replay files are JSON lines: a header object, then one
``{"seat": s, "token": t}`` per applied token.

The header may hold ``"seats"``: who sat where, one object per seat, ``{"person": name}`` or ``{"bot": spec}``
(``kartentisch play`` writes it, so ``play --resume`` seats everyone as they were). It is optional and changes
no move: a reader that does not know it ignores it (every reader takes only the header keys it names, as
:meth:`Match.from_header` does), and a file without it replays as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from .errors import IllegalAction, InvalidReplay, KartentischError
from .game import Game, GameState, is_int
from .registry import lookup

REPLAY_FORMAT: Final = "kartentisch-replay/1"


@dataclass
class Match:
    """A match with its history; :attr:`state` is the current position.

    Attributes:
        game: the game.
        players: seat count.
        options: options as given (effective ones are in ``state.options``).
        seed: seed of the match generator (``None``: fresh entropy, then not replayable).
        deck: stacked round-1 deck (top first) or ``None``.
        history: applied tokens as ``(seat, token)``.
        seats: who sat where (the header's optional ``"seats"``, one ``{"person": name}`` or ``{"bot": spec}`` per
            seat) or ``None``; kept as given, for the face that wrote it.
    """

    game: Game
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    deck: list[str] | None = None
    history: list[tuple[int, str]] = field(default_factory=list)
    seats: list[Any] | None = None
    state: GameState = field(init=False)

    def __post_init__(self) -> None:
        self.state = self.game.new_state(self.players, self.options, self.seed, self.deck)
        self.state.park_rng(self.seed)

    def apply(self, seat: int, line: str) -> list[str]:
        """Apply a token or a chained line of ``seat`` (all or nothing) and record it.

        The state's generator is parked after the deal and after every move
        (:meth:`~kartentisch.kernel.game.GameState.park_rng`: its seed and a count instead of 2.5 KiB, made again
        by the next chance event exactly as it was): a match held for a long time, a live web table's, keeps no
        generator between deals (issue 33)."""
        tokens = self.state.apply_line(seat, line)
        self.history.extend((seat, t) for t in tokens)
        self.state.park_rng(self.seed)
        return tokens

    def header(self) -> dict[str, Any]:
        """The replay header (JSON-able)."""
        head: dict[str, Any] = {"format": REPLAY_FORMAT, "game": self.game.id, "players": self.players,
                                "options": self.state.options, "seed": self.seed}
        if self.deck is not None:
            head["deck"] = self.deck
        if self.seats is not None:
            head["seats"] = self.seats
        return head

    def states(self) -> Iterator[GameState]:
        """Every position from the deal to now, replayed from the header (clones)."""
        state = self.game.new_state(self.players, self.options, self.seed, self.deck)
        yield state.clone()
        for seat, token in self.history:
            state.apply(seat, token)
            yield state.clone()

    def dumps(self) -> str:
        """The replay file's text (JSON lines)."""
        lines = [json.dumps(self.header())]
        lines += [json.dumps({"seat": s, "token": t}) for s, t in self.history]
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the replay file to ``path``."""
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def from_header(cls, head: Mapping[str, Any], tokens: Sequence[tuple[int, str]] = ()) -> Match:
        """Rebuild a match from a header and tokens, re-applying (and so validating) each token.

        Raises:
            TypeError: the seed is not an integer ≥ 0 or null (what ``play`` and the web table give).
            KartentischError: unknown game, bad players, options or deck, or an illegal token.
        """
        seed = head.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise TypeError(f"seed must be an integer ≥ 0 or null, not {seed!r}")
        match = cls(lookup(head["game"]), head["players"], dict(head.get("options") or {}),
                    head.get("seed"), head.get("deck"))
        for seat, token in tokens:
            match.apply(seat, token)
        return match

    @classmethod
    def loads(cls, text: str, source: str = "<replay>") -> Match:
        """Parse and replay a replay file's text.

        Raises:
            InvalidReplay: malformed JSON (also JSON nested too deeply to decode), a missing field, or a
                token that does not apply, naming the line number (and, for a face's words, what is wrong:
                its ``line``, ``problem`` and the rest).
        """
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if not lines:
            raise InvalidReplay(f"{source}: empty replay file", problem="empty")
        try:
            head = json.loads(lines[0])
        except ValueError as exc:
            raise InvalidReplay(f"{source}:1: bad header ({exc})", line=1, problem="not_replay") from exc
        except RecursionError:  # the JSON decoder recurses once per nesting level
            raise InvalidReplay(f"{source}:1: bad header (JSON nested too deeply)", line=1,
                                problem="not_replay") from None
        if not isinstance(head, dict) or head.get("format") != REPLAY_FORMAT:
            raise InvalidReplay(f"{source}:1: not a {REPLAY_FORMAT} header", line=1, problem="not_replay",
                                head=head)
        try:
            match = cls.from_header(head)
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidReplay(f"{source}:1: bad header ({exc})", line=1, problem="header", head=head,
                                cause=exc) from exc
        except KartentischError as exc:
            raise InvalidReplay(f"{source}:1: {exc}", line=1, problem="header", head=head, cause=exc) from exc
        if isinstance(head.get("seats"), list):
            match.seats = head["seats"]
        for number, line in enumerate(lines[1:], start=2):
            problem = "not_entry"
            try:
                entry = json.loads(line)
                if not isinstance(entry, dict):
                    raise TypeError("an entry is an object with a seat and a token")
                missing = [key for key in ("seat", "token") if key not in entry]
                if missing:
                    problem = f"no_{missing[0]}"
                    raise ValueError(f"no {' and no '.join(missing)}")
                seat, token = entry["seat"], entry["token"]
                if not is_int(seat):  # JSON's true is not seat 1
                    problem = "seat_not_number"
                    raise TypeError(f"seat {json.dumps(seat)} is not a whole number")
                if not isinstance(token, str):
                    problem = "token_not_text"
                    raise TypeError("token is not a string")
                match.apply(seat, token)
            except (ValueError, KeyError, TypeError) as exc:
                raise InvalidReplay(f"{source}:{number}: malformed entry ({exc})", line=number,
                                    problem=problem) from exc
            except RecursionError:
                raise InvalidReplay(f"{source}:{number}: malformed entry (JSON nested too deeply)", line=number,
                                    problem=problem) from None
            except IllegalAction as exc:
                raise InvalidReplay(f"{source}:{number}: token does not replay: {exc}", line=number, problem="move",
                                    cause=exc, seat=seat, token=token, before=match.state,  # unchanged by it
                                    move=len(match.history)) from exc
        return match

    @classmethod
    def load(cls, path: str | Path) -> Match:
        """Read and replay a replay file (raises InvalidReplay, OSError)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidReplay(f"{path}: not a text replay file ({exc.reason} at byte {exc.start})",
                                problem="not_text") from exc
        return cls.loads(text, str(path))
