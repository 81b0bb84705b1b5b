"""Who may sit at a new table, or take or be given a seat: the seats' names and bot specs checked before anything is
stored (issue 21, issue 32)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from ..bots import PERSON_NAMES, bot_label, make_bot, parse_spec
from ..bots.policy import PolicyError
from ..kernel import Game, KartentischError
from ..kernel.names import NameRefused, check_names, look_key
from ..kernel.words import LANGS, common_text
from .errors import ApiError
from .frame_items import seat_names
from .records import SeatRecord
from .refusals import REFUSED, said
from .workers import MAX_ITERATIONS, format_spec


def bot_spec(game: Game, i: int, seat: dict[str, Any], search_seconds: float,
             policies: Mapping[str, tuple[str, int]] | None = None, players: int | None = None,
             options: Mapping[str, Any] | None = None) -> str:
    """The checked bot spec of seat ``i`` (a ``bot`` and ``iterations`` of a seat in a request), built once for
    ``game`` at a table of ``players`` with ``options`` (a learned bot reads one table's observation: at a table of
    other options it would fail at its first move, and a random move stood in for it under its "learned" label);
    ApiError 422 if it does not parse, is over a limit
    (:data:`~kartentisch.web.workers.MAX_ITERATIONS`, ``search_seconds``: the server's wall-clock limit of one ISMCTS
    decision) or cannot be built here. The bot ``policy`` is the learned bot this server offers for ``game``
    (``policies``, :attr:`Hub.policies <kartentisch.web.hub.Hub.policies>`); a request naming a policy file of its
    own is refused, so no request makes the server read a file it did not offer (issue 36)."""
    spec = _policy_spec(game, i, seat, policies or {}) or _bot_spec(i, seat, search_seconds)
    try:
        make_bot(spec, game, 0, players, options)
    except ImportError as exc:
        raise ApiError(422, f"seat {i + 1}: bot {spec!r} is not available on this server ({exc})",
                       said=said(REFUSED["bot"], n=i + 1)) from None
    except PolicyError as exc:
        raise ApiError(422, f"seat {i + 1}: {exc}", said=said(REFUSED["policy_table"], n=i + 1)) from None
    except (KartentischError, NotImplementedError) as exc:
        raise ApiError(422, f"seat {i + 1}: {exc}", said=said(REFUSED["bot"], n=i + 1)) from None
    return spec


def _policy_spec(game: Game, i: int, seat: dict[str, Any], policies: Mapping[str, tuple[str, int]]) -> str | None:
    """``policy:FILE`` for a seat asking for the bot ``policy`` (or for the file offered), ``None`` for another
    bot; ApiError 422 when this server offers no learned bot for ``game`` or the seat names another file."""
    spec = str(seat.get("bot") or "").strip()
    if spec.partition(":")[0] != "policy":
        return None
    offered = policies.get(game.id)
    if offered is None:
        raise ApiError(422, f"seat {i + 1}: this server offers no learned bot for {game.id}",
                       said=said(REFUSED["bot"], n=i + 1))
    if spec not in ("policy", f"policy:{offered[0]}"):
        raise ApiError(422, f"seat {i + 1}: give the learned bot as 'policy'; this server reads no other "
                            f"policy file", said=said(REFUSED["bot"], n=i + 1))
    return f"policy:{offered[0]}"


#: A person's name that reads as a bot's label: the others could not tell that seat from a bot.
_BOT_NAME: Final = {
    "en": '"{name}" is a bot\'s name here; choose a name of your own.',
    "de": "„{name}“ ist hier der Name eines Bots; wähle einen eigenen Namen.",
}


@functools.cache
def _bot_label_keys() -> frozenset[str]:
    """What every label a bot seat can carry looks like (:func:`~kartentisch.kernel.names.look_key` of
    :func:`~kartentisch.bots.bot_label` for each person-like name, kind and language)."""
    specs = ("random", "heuristic", "ismcts:iterations=10", "ismcts:iterations=100", "ismcts:iterations=1000",
             "policy:any")
    return frozenset(look_key(bot_label(spec, seat, lang)) for spec in specs for seat in range(len(PERSON_NAMES))
                     for lang in LANGS)


def check_seats(records: list[SeatRecord], lang: str = "en", newcomer: int | None = None, *,
                bot_only: bool) -> None:
    """ApiError 422 (its message in ``lang``) if a seat's given name shows nothing when written, or two seats'
    names look alike in a language (:func:`~kartentisch.kernel.names.check_names`, TR39 skeletons: the log and
    the page name seats, two alike could not be told apart; ``newcomer``: only that seat's name is checked,
    against the others'), or a person's name reads as a bot's label ("Bot Ida (steady)": a fresh user took one,
    and nobody could tell that person from a bot), or only bots play and this server plays no table without a
    person (``bot_only`` false: the hub has no :data:`~kartentisch.web.workers.BOT_ONLY` workers)."""
    try:
        for each in LANGS:
            where = [{k: common_text(k, "seat", n=r.seat + 1) for k in LANGS} for r in records]
            check_names(seat_names(records, each), where, newcomer,
                        unnamed={r.seat for r in records if not r.name and r.kind != "bot"})
    except NameRefused as exc:
        raise ApiError(422, exc.text(lang), said=exc.texts) from None
    for r in records if newcomer is None else [records[newcomer]]:
        if r.kind != "bot" and r.name and look_key(r.name) in _bot_label_keys():
            texts = {k: _BOT_NAME[k].format(name=r.name) for k in LANGS}
            raise ApiError(422, texts[lang if lang in texts else "en"], said=texts)
    if not bot_only and all(r.kind == "bot" for r in records):
        raise ApiError(422, "this server plays no table without a person; give at least one seat to a person",
                       said=REFUSED["no_person"])

def _bot_spec(i: int, seat: dict[str, Any], search_seconds: float) -> str:
    """The bot spec of seat ``i``: its ``bot`` (default ``random``) with its ``iterations`` field merged in,
    checked against :data:`~kartentisch.web.workers.MAX_ITERATIONS` and ``search_seconds`` (raises ApiError 422)."""
    spec = str(seat.get("bot") or "random").strip()
    try:
        name, params = parse_spec(spec)
    except KartentischError as exc:
        raise ApiError(422, f"seat {i + 1}: {exc}", said=said(REFUSED["bot"], n=i + 1)) from None
    if seat.get("iterations") is not None:
        if "iterations" in params:
            raise ApiError(422, f"seat {i + 1}: iterations given twice (in the bot spec {spec!r} and as "
                                f"'iterations'); give it once", said=said(REFUSED["bot"], n=i + 1))
        params["iterations"] = seat["iterations"]
        spec = format_spec(name, params)
    if name != "ismcts":
        return spec
    iterations, budget = params.get("iterations"), params.get("time_budget_s")
    if isinstance(iterations, int | float) and iterations > MAX_ITERATIONS:
        raise ApiError(422, f"seat {i + 1}: bot {spec!r}: iterations={iterations} is over this server's limit "
                            f"of {MAX_ITERATIONS} per decision", said=said(REFUSED["bot_limit"], n=i + 1))
    if isinstance(budget, int | float) and budget > search_seconds:
        raise ApiError(422, f"seat {i + 1}: bot {spec!r}: time_budget_s={budget} is over this server's limit "
                            f"of {search_seconds:g} s per decision", said=said(REFUSED["bot_limit"], n=i + 1))
    return spec
