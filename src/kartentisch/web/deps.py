"""What every router of the web app needs: plain-text checks, the bearer token, the client's address, the hub.

The routes live in :mod:`~kartentisch.web.app` (tables, actions, the socket), :mod:`~kartentisch.web.invites`,
:mod:`~kartentisch.web.chat` and :mod:`~kartentisch.web.scorepad`; they share these helpers.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Request, WebSocket
from pydantic import AfterValidator

from ..kernel.words import control_character
from .tables import ApiError, Hub


def _plain_text(text: str) -> str:
    """Pydantic check of a name or id: ``text`` unchanged, or ValueError naming its control character."""
    if (bad := control_character(text)) is not None:
        raise ValueError(f"holds the control, format or line-break character {bad}; names and ids are one line of "
                         "plain text")
    return text


#: A request field of plain text: a control or format character in it is a 422 naming it.
PlainText = Annotated[str, AfterValidator(_plain_text)]


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
    """The app's :class:`~kartentisch.web.tables.Hub` (made when the app starts)."""
    return connection.app.state.hub  # type: ignore[no-any-return]
