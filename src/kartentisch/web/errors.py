"""The errors a client caused, as the routes and sockets answer them: :class:`ApiError` (an HTTP status and a
message, in the players' words where a page shows it), :class:`Conflict` (another server process came first), and
:func:`frame_lang`, the check of a client's language, and :func:`database_failure`, the 503 of a failed database."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ..kernel.errors import first_line
from ..kernel.words import check_lang
from .refusals import status_text

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error a client caused: HTTP ``status`` plus a message (and the rule id for illegal moves).

    ``said``: the refusal in the players' words, one text per language (:data:`~kartentisch.kernel.words.LANGS`),
    for a page to show as it is (issue 32: the join page showed the English message on a German page); the
    answer carries it as ``text`` in the language the request asked for (``?lang=``).
    """

    def __init__(self, status: int, message: str, rule: str | None = None,
                 said: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.said = said

    def body(self, lang: str | None = None) -> dict[str, Any]:
        """JSON error body: ``{"error": message, "rule"?: id, "text"?: the players' words in lang}``; with a
        ``lang``, ``text`` is always there: a refusal without words of its own gets its status's
        (:func:`~kartentisch.web.refusals.status_text`), so a page never shows developer text (HTTP answers and
        WebSocket error frames alike)."""
        out: dict[str, Any] = {"error": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        if lang is not None:
            out["text"] = (self.said or {}).get(lang) or status_text(self.status, lang)
        return out


def frame_lang(lang: str) -> str:
    """``lang`` if frames come in it (:data:`~kartentisch.kernel.words.LANGS`); else ApiError 422 naming those."""
    try:
        return check_lang(lang)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None


class Conflict(ApiError):
    """409: another server process committed the same event number first (optimistic concurrency on the
    table's event count); nothing was applied here and the table has caught up from the store."""


def database_failure(exc: SQLAlchemyError, where: str) -> ApiError:
    """The 503 of a database failure at ``where`` (logged with the driver's message, which stays in the log:
    it may quote the statement and its values)."""
    log.error("database error on %s: %s", where, first_line(exc))
    return ApiError(503, f"the database failed ({type(exc).__name__}); the server's log has the details")
