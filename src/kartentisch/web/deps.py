"""What every router of the web app needs: plain-text checks, the bearer token, the client's address, the hub.

The routes live in :mod:`~kartentisch.web.table_routes` (tables, actions, the socket), :mod:`~kartentisch.web.invites`,
:mod:`~kartentisch.web.chat` and :mod:`~kartentisch.web.scorepad`; they share these helpers.
"""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Request, WebSocket
from pydantic import AfterValidator, GetJsonSchemaHandler
from pydantic_core import PydanticCustomError

from ..kernel.words import control_character, not_in_a_line
from .errors import ApiError

if TYPE_CHECKING:
    from .hub import Hub
    from .limits import Guard


def _plain_text(text: str) -> str:
    """Pydantic check of a name or id: ``text`` unchanged, or a ``plain_text`` error naming its control character
    (``ctx["bad"]``, :mod:`~kartentisch.web.refusals` words it)."""
    if (bad := control_character(text)) is not None:  # its own error type: the players' words name the character
        raise PydanticCustomError("plain_text", "holds the control, format or line-break character {bad}; names and "
                                                "ids are one line of plain text", {"bad": bad})
    return text


class _PlainSchema:
    """The JSON schema of :data:`PlainText`: a string with :func:`plain_pattern` (as the check refuses)."""

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: GetJsonSchemaHandler) -> dict[str, Any]:
        return {**handler(core_schema), "pattern": plain_pattern()}


#: A request field of plain text: a control or format character in it is a 422 naming it.
PlainText = Annotated[str, AfterValidator(_plain_text), _PlainSchema()]


#: Path parameters read through :func:`plain_id` (their schema carries :func:`plain_pattern`).
PLAIN_IDS = frozenset({"table_id", "code", "upload_id"})


@functools.cache
def plain_pattern() -> str:
    """A JSON Schema ``pattern`` (ECMA-262 and Python ``re`` alike) that matches exactly the strings without a
    character :func:`~kartentisch.kernel.words.control_character` finds: ``^[^…]*$`` over its ranges, written as
    the characters themselves (none of them is special in a class; an escape of an astral character would differ
    between the two dialects). Built once, when the schema is first asked for."""
    ranges: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if not_in_a_line(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
    return "^[^" + "".join(chr(lo) if lo == hi else f"{chr(lo)}-{chr(hi)}" for lo, hi in ranges) + "]*$"


def plain_id(value: str, what: str = "a table id") -> str:
    """``value`` (``what``: a table id, an invite code) from a URL path, unchanged; ApiError 422 if it holds a
    control character."""
    if (bad := control_character(value)) is not None:
        raise ApiError(422, f"{what} holds no control or format characters; this one holds {bad}")
    return value


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; ``None`` without the header.

    Raises:
        ApiError 401: a header of another form.
    """
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "Authorization header must be 'Bearer <seat token>'")
    return token.strip()


def client(connection: Request | WebSocket) -> str:
    """Who is asking, for the per-client limits: the peer's address (uvicorn puts a local proxy's
    ``X-Forwarded-For`` there)."""
    return connection.client.host if connection.client else "unknown"


def hub_of(connection: Request | WebSocket) -> Hub:
    """The app's :class:`~kartentisch.web.hub.Hub` (made when the app starts)."""
    return connection.app.state.hub  # type: ignore[no-any-return]


def guard_of(connection: Request | WebSocket) -> Guard:
    """The app's per-client limits (:class:`~kartentisch.web.limits.Guard`, made with the app)."""
    return connection.app.state.guard  # type: ignore[no-any-return]
