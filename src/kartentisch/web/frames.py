"""The wire frame, declared once (issue 33, issue 35 item 4): the typed parts :meth:`LiveTable.frame
<kartentisch.web.live.LiveTable.frame>` builds a frame of, which orjson encodes as they are (dataclasses, their fields
in the order declared: the JSON the pages read) and FastAPI describes at ``/docs`` from the same declaration (each
field's ``Field`` description), so the frame cannot drift from its documentation.

Plain dataclasses rather than pydantic models: a frame is built for every viewer class on every event and is
not validated again on the way out (the one per-viewer filter builds it); orjson serializes a dataclass natively, as
fast as a dict (bench: ``bench/web_load.py --floor``). The parts built outside the web face — the game's ``view``
and the kernel's round summary (:func:`~kartentisch.kernel.summary.round_summary`, turned into
:class:`RoundSummaryOut` by :meth:`RoundSummaryOut.of`, which refuses a key it does not declare) — pass through
here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,  # pydantic reads TypedDict from here before Python 3.12
)

from pydantic import Field
from typing_extensions import TypedDict

#: A seat's kind, a person's presence and what happens when a clock runs out, as the frame's seats carry them (the
#: store and :mod:`~kartentisch.web.presence` and :mod:`~kartentisch.web.clock` keep them as plain strings).
SeatKind = Literal["human", "bot", "open"]
Presence = Literal["connected", "away", "gone", "not_yet", "never_came"]
Timeout = Literal["pass", "bot", "ask"]

#: The ``lang`` query parameter of the view, the actions and the WebSocket.
LANG_HELP = ("language of the frame's texts (log sentences, seat, phase and card names, choices): en or de; another "
             "is a 422")


@dataclass
class SeatOut:
    """One seat as every viewer sees it."""

    seat: Annotated[int, Field(description="seat number, counted from 0 (tokens and to_act use it)")]
    kind: Annotated[SeatKind, Field(description="open: a person's seat nobody has taken yet")]
    name: Annotated[str, Field(description="the seat's name as people read it in the frame's language: the name "
                                           "given, else for a bot a person-like name with its kind and strength",
                               examples=["Ada", "Bot Lena (strong)", "Bot Lena (stark)"])]
    short_name: Annotated[str, Field(description="the seat's name where a sentence makes it an owner (\"It is Bot "
                                                 "Lena's turn\"): a bot's without its kind and strength, else as "
                                                 "name", examples=["Ada", "Bot Lena"])]
    bot: Annotated[str | None, Field(description="a bot seat's spec, or the bot's playing a person's seat (for "
                                                 "developers); None for a person",
                                     examples=["ismcts:iterations=1000"])]
    presence: Annotated[Presence | None, Field(
        description="a person's seat: a page of it is open (connected), none for a while (away), none for long "
                    "(gone); its person has not been at the table (not_yet), and not for long (never_came: it may "
                    "be handed to a bot as a gone one may); None for a bot's or an open seat")]
    stand_in: Annotated[bool, Field(description="a bot plays this person's seat until the person's own link takes "
                                                "it back")]
    clock: Annotated[float | None, Field(description="seconds left of this seat's current decision; None without a "
                                                     "clock")]
    clock_then: Annotated[Timeout | None, Field(
        description="what happens when the clock runs out: pass for the seat, a bot makes the move, or the others "
                    "may hand the seat to a bot")]
    ran_out: Annotated[bool, Field(description="the seat's clock ran out on this decision: it may be handed to a bot")]
    hand_over: Annotated[bool, Field(description="the viewer may hand this seat to a bot now "
                                                 "(POST /api/tables/{id}/seats/{seat}/handover)")]
    played_by: Annotated[str | None, Field(
        description="the bot playing this person's seat now, as people read it in the frame's language (handed to "
                    "it, given to it by the host, or a rematch's seat waiting for its person); None while the "
                    "person plays, and for a bot's own seat", examples=["Bot Max (steady)", "Bot Max (solide)"])]
    bot_moves: Annotated[list[int] | None, Field(
        description="once the match is over, for a person's seat a bot made moves for: [the moves a bot made, all the "
                    "seat's moves] (the result marks them, as a group's standings do); None otherwise",
                    examples=[[12, 30]])]


@dataclass
class MoveEntry:
    """One event of the log: a move as this viewer may know it."""

    seat: Annotated[int, Field(description="the seat that moved, counted from 0")]
    token: Annotated[str, Field(description="the move's public form for this viewer (hidden cards are '?')",
                                examples=["play:r7"])]
    text: Annotated[str, Field(description="the move in words for this viewer, in the frame's language, made only "
                                           "from this viewer's views",
                               examples=["Ada plays Red 7.", "Du spielst Rot 7."])]
    cards: Annotated[list[str], Field(description="the card codes the token names, in its order (a hidden card none)",
                                      examples=[["r7"]])]


@dataclass
class RoundEntry:
    """Follows the event that ended a round: its scores, and the winners when it ended the match."""

    kind: Literal["round"]
    text: Annotated[str, Field(examples=["Round 1 is over: Ada +3 (total 3), You -1 (total -1)."])]


@dataclass
class SeatNoteEntry:
    """Something that happened to a seat beside the moves: handed to a bot, taken back, a clock run out, a rematch
    answer (issue 32); it comes before the event that followed it."""

    kind: Literal["seat"]
    seat: Annotated[int, Field(description="the seat it happened to, counted from 0")]
    text: Annotated[str, Field(examples=["Cem hands Ben's seat to Bot Lena (medium); Ben's own link takes it back."])]


@dataclass
class StartEntry:
    """Round 1 as the match's start dealt it (no move deals it; later rounds' deals are moves), told to this viewer
    from its own view (``Game.describe_start``): the first entry of a log from event 0, for a game that tells it."""

    kind: Literal["start"]
    text: Annotated[str, Field(examples=["Ada deals round 1. The start card is Red 1.",
                                         "Du teilst Runde 1 aus. Die Startkarte ist Rot 1."])]


#: An entry of a frame's ``log``.
LogEntryOut = MoveEntry | RoundEntry | SeatNoteEntry | StartEntry


@dataclass
class RematchOfferOut:
    """The rematch offered after the match: every seat sees it and answers (POST /api/tables/{id}/rematch)."""

    by: Annotated[int, Field(description="the seat that offered it")]
    answers: Annotated[list[Literal["join", "leave"] | None], Field(description="each seat's answer; None: none "
                                                                                "(yet)")]
    waiting: Annotated[list[int], Field(description="the people not answered yet")]
    seconds: Annotated[float | None, Field(description="until the rematch starts without them; None once it exists")]
    made: Annotated[bool, Field(description="the rematch table exists (rematch is true)")]


@dataclass
class RoundRowOut:
    """One seat's line of a round summary."""

    seat: int
    name: Annotated[str, Field(description="the seat as the viewer calls it (\"You\" for its own)")]
    score: Annotated[int, Field(description="the round's score")]
    total: int
    details: Annotated[list[str], Field(description="how the score came about, in the frame's language",
                                        examples=[["Blue: 5 cards, +5", "Red: 1 card, −1"]])]


@dataclass
class RoundSummaryOut:
    """The round just scored (while the phase is round_over or game_over)."""

    round: int
    match_over: bool
    lower_wins: bool
    rows: list[RoundRowOut]
    standings: Annotated[list[int], Field(description="every seat, best first in the game's order")]
    winners: Annotated[list[int], Field(description="the view's winners (empty until the match is over)")]

    @classmethod
    def of(cls, summary: dict[str, Any] | None) -> RoundSummaryOut | None:
        """The kernel's round summary (:func:`~kartentisch.kernel.summary.round_summary`, a dict) as declared here;
        ``None`` for none. Raises TypeError for a key this declaration lacks (or misses), so the two cannot
        drift."""
        if summary is None:
            return None
        return cls(**{**summary, "rows": [RoundRowOut(**row) for row in summary["rows"]]})


@dataclass
class ChatOut:
    """One chat message: plain text, to be shown as text (never as HTML)."""

    id: Annotated[int, Field(description="its number at the table, from 1")]
    seat: Annotated[int | None, Field(description="the sender's seat; None for a spectator")]
    name: Annotated[str, Field(description="the sender's name in the frame's language",
                               examples=["Ana", "Spectator"])]
    text: Annotated[str, Field(description="the message; a quick reaction's words in the frame's language")]
    at: Annotated[str, Field(description="when it was sent, ISO 8601 in UTC", examples=["2025-05-01T18:30:00+00:00"])]
    reaction: Annotated[str | None, Field(description="a quick reaction's id (GET /api/chat/reactions); None: text "
                                                      "as written", examples=["good_game"])] = None


class StepOut(TypedDict):
    """One step a person takes on the table to choose a token (``Game.choice_steps``, ``kernel.Step.as_json``): the
    page offers the distinct next steps of all choices, so it never reads a token. ``set``, ``span`` and ``rest``
    appear only where they apply."""

    kind: Annotated[Literal["hand", "help", "table", "seat", "cell", "pile", "slot", "row", "wish", "button"], Field(
        description="where the step is taken: on the table (a card of the hand, a help card, a card in the middle, "
                    "a seat, a grid cell, a pile, a row slot, a display row) or on the decision panel (a wish, a "
                    "button)")]
    value: Annotated[str | list[str], Field(description="what is picked there: a card code, a seat number, a cell "
                                                        "'row:col', a pile ('draw', 'discard'), a wish, a button's "
                                                        "key; for a set, the cards", examples=["r7", "2", ["3", "36"]])]
    set: NotRequired[Annotated[bool, Field(description="the cards of value are picked one by one in any order, then "
                                                       "confirmed")]]
    span: NotRequired[Annotated[int, Field(description="how many of the choice's words (steps) this step takes; "
                                                       "absent: one (a set: one per card)")]]
    rest: NotRequired[Annotated[bool, Field(description="the step takes every word of the choice left")]]


@dataclass
class ChoiceOut:
    """One of the viewer's legal tokens as the person chooses it (``Game.choice``): the steps to take, in the
    frame's language."""

    token: Annotated[str, Field(description="the legal token (what an action sends)", examples=["play:bgift:1:r5"])]
    steps: Annotated[list[str], Field(description="the decision step by step in the players' words: a face offers "
                                                  "the distinct first steps of all choices, then narrows",
                                      examples=[["Play Blue Gift", "To Ben", "Red 5"], ["Spiele Blau 7"]])]
    unordered: Annotated[bool, Field(description="the steps form a set that may be picked in any order (cards to "
                                                 "pass)")]
    path: Annotated[list[StepOut], Field(description="the same decision as the steps a person takes on the table, in "
                                                     "order (the words of steps laid on them: each takes its span)",
                                         examples=[[{"kind": "hand", "value": "bgift"}, {"kind": "seat", "value": "1"},
                                                    {"kind": "hand", "value": ["r5"], "set": True}]])]


@dataclass
class FrameOut:
    """Everything one viewer (a seat, or a spectator) may know now; the WebSocket sends the same as ``type``
    "state" frames, the first with the whole log, then each with the events since the last."""

    type: Literal["state"]
    table: str
    game: str
    lang: Annotated[str, Field(description="the language of the texts", examples=["en", "de"])]
    seat: Annotated[int | None, Field(description="the viewer's seat; None for a spectator")]
    seats: list[SeatOut]
    view: Annotated[dict[str, Any], Field(description="the game's state document as this viewer may see it; its "
                                                      "to_act is empty while seats are open (waiting_for_seats): "
                                                      "nobody acts before every seat is taken")]
    phase_text: Annotated[str, Field(description="the view's phase in the players' words",
                                     examples=["Passing cards"])]
    legal: Annotated[list[str], Field(description="the viewer's own legal tokens (empty for a spectator)")]
    choices: Annotated[list[ChoiceOut], Field(description="each legal token in words, in the order of legal")]
    page_facts: Annotated[dict[str, Any], Field(description="what the game's page script needs of the view that the "
                                                            "view keeps inside a token (the page never reads a "
                                                            "token), made from the view alone",
                                                examples=[{"last_seat": 2}])]
    card_names: Annotated[dict[str, str], Field(description="the full name of every card code the view shows (and "
                                                            "of no other: a hidden card is never named), in the "
                                                            "frame's language",
                                                examples=[{"b7": "Blue 7", "r5": "Red 5"}, {"b7": "Blau 7"}])]
    spectator_chat: Annotated[bool, Field(description="spectators may write in the table's chat (the table's "
                                                      "setting)")]
    log: Annotated[list[LogEntryOut], Field(
        description="the events from log_start on, each a move entry, followed by a round entry when it ended a "
                    "round; the seats' notes among them; from event 0, first round 1's start where the game tells "
                    "it (a start entry)")]
    log_start: Annotated[int, Field(description="the number of the first event in log (events, not entries)")]
    n: Annotated[int, Field(description="events so far; an action may pass it back as n")]
    rematch: bool
    rematch_table: Annotated[str | None, Field(description="the rematch's table id once it exists (rematch is true): "
                                                          "a table display follows it; a seat gets its own link there "
                                                          "from POST /api/tables/{id}/rematch")]
    rematch_offer: RematchOfferOut | None
    fixed_seed: Annotated[int | None, Field(description="the seed when the table's creator chose it (it fixes every "
                                                        "hand, so every seat is told); None for a seed the server "
                                                        "drew secretly")]
    countdown: Annotated[float | None, Field(description="seconds until the viewer's own decision runs out (the same "
                                                         "clock as its seat's)")]
    countdown_then: Annotated[Timeout | None, Field(description="what happens then (see SeatOut)")]
    lower_wins: Annotated[bool, Field(description="the lowest total wins")]
    score_now: Annotated[list[int] | None, Field(description="each seat's score if the round ended now, from this "
                                                             "viewer's view; None where the game shows none")]
    round_summary: Annotated[RoundSummaryOut | None, Field(description="the round just scored, while the phase is "
                                                                       "round_over or game_over; else None")]
    hints: Annotated[bool, Field(description="a seat may ask the coach for a hint (GET /api/tables/{id}/hint): the "
                                             "table's setting")]
    waiting_for_seats: Annotated[list[int], Field(description="the open seats; the match starts (and anyone has a "
                                                              "legal move) once there is none")]
    chat: Annotated[list[ChatOut], Field(description="the chat from chat_start on (a socket's later frames: the new "
                                                     "ones)")]
    chat_start: Annotated[int, Field(description="the number of messages before the first in chat")]
