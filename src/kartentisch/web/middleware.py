"""The web server's ASGI middlewares: a limit on request bodies (:class:`BodyLimit`, 413 over :data:`MAX_BODY`
bytes) and the security headers of every response (:class:`SecurityHeaders`: the Content-Security-Policy
:data:`CSP`, no sniffing, no framing, no referrer), which also answers ``HEAD`` as ``GET`` without a body.
:func:`~kartentisch.web.app.create_app` adds both.
"""

from __future__ import annotations

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Longest request body accepted (bytes); a longer one gets 413.
MAX_BODY = 64 * 1024


class BodyLimit:
    """ASGI middleware: answer 413 to HTTP request bodies over ``limit`` bytes (header or streamed).

    A body without ``Content-Length`` (chunked) is read here first, up to ``limit`` bytes, and handed
    on: an exception raised while the app reads it would become FastAPI's 400 "error parsing the body".
    The HTTP server holds a body with ``Content-Length`` to that length.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._reject(scope, receive, send)
            return
        if length is not None:
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break  # the client left
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await self._reject(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        read = iter(messages)

        async def replay() -> Message:
            return next(read, None) or await receive()

        await self.app(scope, replay, send)

    async def _reject(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"error": f"request body too large; limit {self.limit} bytes"}, status_code=413)
        await response(scope, receive, send)


#: Content-Security-Policy of every response: the pages load scripts, styles and images from this server only
#: (plus ``data:`` images, the favicon), connect only back to it (HTTP and WebSocket), and may not be framed.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: The API documentation pages (FastAPI's Swagger UI and ReDoc HTML) start their scripts inline; they show
#: only the public schema, so inline code is allowed there and nowhere else.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware: every HTTP response gets a Content-Security-Policy (:data:`CSP`, or :data:`DOCS_CSP` on
    the ``docs_paths``), ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` and
    ``Referrer-Policy: no-referrer`` (a seat link is a credential: it must not travel in a Referer header).

    A ``HEAD`` request is answered as the ``GET`` of the same path without its body (FastAPI routes answer only
    the methods they name; a page answered ``HEAD`` with 405).
    """

    def __init__(self, app: ASGIApp, docs_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.docs_paths = docs_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        policy = DOCS_CSP if scope["path"] in self.docs_paths else CSP

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _SECURITY_HEADER_NAMES]
                headers += [(b"content-security-policy", policy.encode()), *_SECURITY_HEADERS]
                message = {**message, "headers": headers}
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}  # Content-Length stays the GET's, as HEAD requires
            await send(message)

        await self.app({**scope, "method": "GET"} if head else scope, receive, send_with_headers)


_SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                     (b"referrer-policy", b"no-referrer")]
_SECURITY_HEADER_NAMES = {b"content-security-policy", *(name for name, _ in _SECURITY_HEADERS)}
