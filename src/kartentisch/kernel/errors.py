"""Errors raised by the kernel and the games.

Every error a user can cause is a :class:`KartentischError`; its message names what was wrong
and, where one applies, the rule id (``grid R12``), in the style of python-chess's precise
``IllegalMoveError``/``InvalidMoveError``.
"""

from __future__ import annotations


def first_line(exc: BaseException) -> str:
    """The first line of ``exc``'s message (a database error's runs to several), or its class name."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


class KartentischError(Exception):
    """Base class of every error a user can cause (bad token, option, state or file)."""


class IllegalAction(KartentischError):
    """A token that is not legal for ``seat`` now.

    Attributes:
        rule: rule id broken, e.g. ``"colors R5"`` (``"kernel"`` for malformed input).
        seat: the seat that tried to act.
        token: the rejected token.

    The state is unchanged whenever this is raised (the kernel checks legality before applying).
    """

    def __init__(self, rule: str, reason: str, *, seat: int | None = None, token: str | None = None):
        self.rule = rule
        self.reason = reason
        self.seat = seat
        self.token = token
        who = f"seat {seat}: " if seat is not None else ""
        what = f"{token!r} is illegal: " if token is not None else ""
        super().__init__(f"{rule}: {who}{what}{reason}")


class MalformedToken(IllegalAction):
    """A token that is not written as the game's notation says (python-chess's ``InvalidMoveError``),
    as opposed to a well-formed token that the rules forbid now (plain :class:`IllegalAction`,
    python-chess's ``IllegalMoveError``). Raised by each game's ``notation.parse``; ``rule`` names
    the spec's tokens section (``"colors R19"``)."""


class InvalidOptions(KartentischError):
    """An unknown option name, or a value outside the option's allowed values.

    Attributes:
        rule: the rule id the refused value breaks where the game's check of the option cites one (``"chips R19"``:
            a special card without a known text), else ``""``; the faces say that rule's words.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidState(KartentischError):
    """A state document that violates its game's loading rules; nothing was loaded."""


class InvalidReplay(KartentischError):
    """A replay file that is malformed or does not replay (the message names the line, for developers).

    Attributes (what a face needs to say it in the players' words, :func:`.replay_words.replay_refused`):
        line: the file's line that is wrong (1: the header; its non-empty lines counted as
            :meth:`~kartentisch.kernel.match.Match.loads` reads them), ``None`` for the whole file.
        problem: what is wrong: ``"not_text"`` (bytes that are no text), ``"empty"``, ``"not_replay"`` (line 1 is
            no header of this format: no JSON object, or another ``format``), ``"header"`` (the header's match
            cannot be set up: see ``head`` and ``cause``), ``"not_entry"`` (a later line is no JSON object),
            ``"no_seat"``, ``"no_token"``, ``"seat_not_number"``, ``"token_not_text"``, or ``"move"`` (the rules
            refuse the entry's token: ``cause`` is the :class:`IllegalAction`).
        head: the header as read (for ``"not_replay"`` and ``"header"``), else ``None``.
        cause: the error behind ``"header"`` or ``"move"``, else ``None``.
        seat, token: the refused entry's (``"move"``).
        before: the position the refused move was tried in (``"move"``; a ``GameState``), else ``None``.
        move: how many moves replayed before it (``"move"``: the refused one is move ``move + 1``).
    """

    def __init__(self, message: str, *, line: int | None = None, problem: str = "", head: object = None,
                 cause: BaseException | None = None, seat: int | None = None, token: str | None = None,
                 before: object = None, move: int = 0) -> None:
        super().__init__(message)
        self.line = line
        self.problem = problem
        self.head = head
        self.cause = cause
        self.seat = seat
        self.token = token
        self.before = before
        self.move = move
