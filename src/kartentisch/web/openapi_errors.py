"""The refusals of the HTTP API as its OpenAPI schema documents them: one body for every refusal
(:class:`ErrorOut`), what each status means (:data:`STATUS_MEANING`) and which each operation really answers
(:data:`OPERATION_ERRORS`), added to FastAPI's schema by :func:`document_errors` (issue 31: the schema says what the
server does, as schemathesis checks).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from ..kernel.words import LANGS
from .deps import PLAIN_IDS, plain_pattern


class ErrorOut(BaseModel):
    """Every refusal of the API: what was wrong (``error``, for developers), the same in the players' words in the
    request's language (``text``, for a page to show: :mod:`~kartentisch.web.refusals`), the rule id of an illegal
    move, the problems of a malformed request (422) and the whole seconds to wait after a 429 (also in
    ``Retry-After``)."""

    error: str
    text: str | None = Field(default=None, examples=["Die Zahl der Spieler muss eine ganze Zahl sein; prüfe die "
                                                     "Angabe und versuche es noch einmal."])
    rule: str | None = Field(default=None, examples=["colors R5"])
    detail: list[dict[str, Any]] | None = None
    retry_after: int | None = None


#: What each refusal means, for the OpenAPI schema.
STATUS_MEANING = {
    400: "a request body that cannot be read as text (not UTF-8); JSON that does not parse is a 422",
    401: "no seat token (or edit key, or member key) where one is needed, or one this table (pad, group) does not know",
    403: "an edit key that does not open this score pad, a spectator's message where spectators do not chat, or a "
         "member changing another member's name",
    404: "no such table, group, member of the group, score pad or round",
    409: "not the seat's decision now, the match over or not over, or a change that came in between",
    410: "the table expired: no move for the server's expiry time",
    413: "a request body over 64 KB",
    422: "a malformed request, a control character in a name or id, or an illegal move (naming its rule)",
    429: "over this client's rate: wait Retry-After seconds",
    503: "the database failed, a stored table does not restore on this server, or the coach is busy (then with "
         "Retry-After)",
}
#: The refusals each operation really answers (its routes raise them; FastAPI listed only 422).
OPERATION_ERRORS: dict[tuple[str, str], tuple[int, ...]] = {
    ("get", "/api/games/{game_id}/rules"): (404, 422),
    ("get", "/api/games/{game_id}/words"): (404, 422),
    ("post", "/api/tables"): (413, 422, 429, 503),
    ("get", "/api/tables/{table_id}/view"): (401, 404, 410, 422, 503),
    ("post", "/api/tables/{table_id}/actions"): (401, 404, 409, 410, 413, 422, 429, 503),
    ("post", "/api/tables/{table_id}/rematch"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/handover"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/back"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/remove"): (401, 404, 409, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}/name"): (401, 404, 409, 410, 422, 503),
    ("get", "/api/invites/{code}"): (404, 410, 422, 503),
    ("post", "/api/invites/{code}/join"): (404, 409, 410, 413, 422, 503),
    ("get", "/api/invites/{code}/qr.svg"): (404, 410, 422, 503),
    ("post", "/api/tables/{table_id}/seats/{seat}"): (401, 404, 409, 410, 413, 422, 503),
    ("post", "/api/tables/{table_id}/chat"): (401, 403, 404, 410, 413, 422, 429, 503),
    ("get", "/api/tables/{table_id}/hint"): (401, 403, 404, 409, 410, 422, 429, 503),
    ("post", "/api/tables/{table_id}/review"): (404, 409, 410, 422, 503),
    ("get", "/api/tables/{table_id}/review"): (404, 409, 410, 422, 503),
    ("get", "/api/tables/{table_id}/replay"): (404, 409, 410, 422, 429, 503),
    ("post", "/api/replays"): (413, 422, 429),
    ("get", "/api/replays/{upload_id}"): (404, 409, 422, 429),
    ("post", "/api/replays/{upload_id}/review"): (404, 409, 422, 429, 503),
    ("get", "/api/replays/{upload_id}/review"): (404, 422, 429, 503),
    ("post", "/api/scorepads"): (413, 422, 503),
    ("get", "/api/scorepads/{pad_id}"): (404, 422, 503),
    ("post", "/api/scorepads/{pad_id}/rounds"): (401, 403, 404, 409, 413, 422, 503),
    ("put", "/api/scorepads/{pad_id}/rounds/{n}"): (401, 403, 404, 409, 413, 422, 503),
    ("delete", "/api/scorepads/{pad_id}/rounds/{n}"): (401, 403, 404, 409, 422, 503),
    ("post", "/api/groups"): (413, 422, 429, 503),
    ("post", "/api/groups/{code}/members"): (404, 409, 413, 422, 503),
    ("patch", "/api/groups/{code}/members/{member}"): (401, 403, 404, 409, 413, 422, 503),
    ("delete", "/api/groups/{code}/members/{member}"): (401, 404, 422, 503),
    ("get", "/api/groups/{code}"): (401, 404, 422, 503),
    ("post", "/api/groups/{code}/tables"): (401, 404, 413, 422, 429, 503),
    ("post", "/api/groups/{code}/scorepads"): (401, 404, 413, 422, 503),
    ("get", "/api/groups/{code}/standings"): (404, 422, 503),
    ("get", "/api/groups/{code}/standings.csv"): (404, 422, 503),
    ("post", "/api/my"): (413, 422, 503),
    ("post", "/api/tables/{table_id}/mail"): (401, 404, 409, 410, 413, 422, 503),
    ("get", "/api/tables/{table_id}/mail"): (401, 404, 410, 422, 503),
}


def document_errors(schema: dict[str, Any]) -> None:
    """Add :data:`OPERATION_ERRORS` to an OpenAPI ``schema`` in place, each answered with :class:`ErrorOut`
    (which replaces FastAPI's validation error shape: our 422 body is ``{"error", "detail"}``); an operation with
    a request body also answers 400 (not UTF-8) and 413 (over :data:`~kartentisch.web.middleware.MAX_BODY`), every
    ``lang`` query parameter is an enum of :data:`~kartentisch.kernel.words.LANGS`, and an id read through
    :func:`~kartentisch.web.deps.plain_id` has the pattern that excludes control characters (issue 31: the
    schema says what the server does, as schemathesis checks).

    Raises:
        KeyError: an operation of the table is not in the schema (a route was renamed).
    """
    schemas = schema.setdefault("components", {}).setdefault("schemas", {})
    schemas["ErrorOut"] = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
    for (method, path), codes in OPERATION_ERRORS.items():
        operation = schema["paths"][path][method]
        responses = operation["responses"]
        if "requestBody" in operation:  # every body is read as text (400) within the app's body limit (413)
            codes = tuple(sorted({*codes, 400, 413}))
        for param in operation.get("parameters", ()):
            if param["name"] == "lang" and param["in"] == "query":  # every lang is checked (frame_lang): a 422
                param["schema"]["enum"] = list(LANGS)
            elif param["name"] in PLAIN_IDS and param["in"] == "path":  # plain_id: a control character is a 422
                param["schema"]["pattern"] = plain_pattern()
        for code in codes:
            responses[str(code)] = {"description": STATUS_MEANING[code], "content": body}
        if 429 in codes:
            responses["429"]["headers"] = {"Retry-After": {"description": "whole seconds to wait",
                                                           "schema": {"type": "integer"}}}
    if "#/components/schemas/HTTPValidationError" not in json.dumps(schema["paths"]):
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
