"""The items a frame is made of, one function each: the seats' names in a language, a bot spec as shown, a move's
log entries and a seat's choices. Each is a function of its arguments only, of no table, so the coach, the seating
check and the table routes use them too; :meth:`LiveTable.frame <kartentisch.web.live.LiveTable.frame>` puts them
together.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from ..bots import bot_label, bot_name
from ..kernel import Choice, Game, Step
from ..kernel.words import Narration, Voice
from .card_names import CardNames
from .frames import ChoiceOut, LogEntryOut, MoveEntry, RoundEntry, StepOut
from .records import SeatRecord

log = logging.getLogger(__name__)


def seat_names(seats: list[SeatRecord], lang: str) -> tuple[str, ...]:
    """The seats' names as people read them in ``lang``: the name given at creation, else a bot's label
    ("Bot Lena (strong)" / "Bot Lena (stark)", :func:`~kartentisch.bots.bot_label`: a person-like name per seat
    with its kind and strength), else "Seat n" counted from 1. Raises KartentischError for a stored bot spec that
    does not parse."""
    voice = Voice(lang)
    return tuple(s.name or (bot_label(s.bot or "random", s.seat, lang) if s.kind == "bot" else voice.name(s.seat))
                 for s in seats)


def seat_short_names(seats: list[SeatRecord], lang: str) -> tuple[str, ...]:
    """The seats' names where a sentence makes them owners ("It is Bot Ida's turn", "Bot Ida's grid";
    :attr:`Voice.short_names <kartentisch.kernel.words.Voice.short_names>`): a bot without a given name as
    "Bot Ida" (:func:`~kartentisch.bots.bot_name`, its kind and strength left to :func:`seat_names`), else
    ``""``, which reads as its :func:`seat_names` name."""
    return tuple(bot_name(s.seat, lang) if s.kind == "bot" and not s.name else "" for s in seats)


def shown_spec(spec: str | None) -> str | None:
    """A bot spec as frames show it: a learned bot as ``policy``, never its file's path on the server (issue 36)."""
    return "policy" if spec is not None and spec.startswith("policy:") else spec


def log_items(seat: int, told: Narration, names: CardNames, lang: str) -> list[LogEntryOut]:
    """The frame's log entries of one event: the move, then the round's end if it ended one. The move's ``cards``:
    the card codes its public token names (:meth:`CardNames.of_token`), so the page never reads a token."""
    move = MoveEntry(seat, told.token, told.text, names.of_token(told.token, lang))
    return [move] if told.round_text is None else [move, RoundEntry("round", told.round_text)]


def choice_items(game: Game, seat: int, view: dict[str, Any], legal: list[str], voice: Voice) -> list[ChoiceOut]:
    """The legal tokens of ``seat`` as the person chooses them (``Game.choice`` and ``Game.choice_steps`` on the
    seat's ``view``, for ``voice`` of that seat), in the order of ``legal``; ``path``: the steps on the table
    (:meth:`kartentisch.kernel.Step.as_json`), so the page never reads a token. A token the game cannot tell is its
    own single step, one button (logged, as for a game without words), so the table goes on."""
    items = []
    for token in legal:
        try:
            choice = game.choice(seat, token, view, voice)
            path = game.choice_steps(seat, token, view)
        except Exception:
            log.exception("%s: choice failed for %s %r (seat %d); the token itself instead", game.id, voice.lang,
                          token, seat)
            choice, path = Choice((token,)), (Step("button", token, rest=True),)
        items.append(ChoiceOut(token, list(choice.steps), choice.unordered,
                               [cast(StepOut, step.as_json()) for step in path]))
    return items
