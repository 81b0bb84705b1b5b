"""``kartentisch serve``: the browser table on uvicorn (one process; tables live in its memory and the DB).

Start-up checks the port (1–65535), the search limit and the database (its URL parsed and connected once)
before uvicorn starts; a bad value ends the command with one line on stderr and exit code 2.
"""

from __future__ import annotations

import math
from typing import Annotated, NoReturn

import typer

#: Largest WebSocket message uvicorn accepts (bytes); the app answers frames over its own limit with an error.
WS_MAX_SIZE = 1024 * 1024
#: permessage-deflate off: profiling the load benchmark showed zlib compressing the small frames (a few KB)
#: as the largest single cost of the server (about 0.75 ms per frame); the table is a LAN/loopback service.
WS_DEFLATE = False
#: Seconds uvicorn waits for open connections on SIGINT/SIGTERM before closing them (bot searches are
#: ended at once by the app's shutdown; a restart replays every table from the database).
GRACEFUL_SHUTDOWN_S = 3


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit code 2 (bad command-line value)."""
    typer.echo(f"kartentisch serve: error: {message}", err=True)
    raise typer.Exit(code=2)


def _shown(url: str | None) -> str:
    """``url`` quoted for an error message, its password hidden when it parses."""
    from sqlalchemy.engine import make_url

    try:
        return repr(make_url(url).render_as_string(hide_password=True)) if url else "(default)"
    except Exception:  # not a URL at all: nothing to hide
        return repr(url)


def serve_cmd(
    host: Annotated[str, typer.Option(help="Interface to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port (1–65535).")] = 8000,
    db: Annotated[str | None,
                  typer.Option(help="SQLAlchemy database URL (default: SQLite in the user data folder).")] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds before each bot move, so people can follow.")] = 0.6,
    search_seconds: Annotated[float | None, typer.Option(
        help="Wall-clock limit of one ISMCTS bot decision (seconds), also the largest time_budget_s a seat "
             "may ask for (default: kartentisch.web.tables.SEARCH_SECONDS, 5).")] = None,
) -> None:
    """Start the browser table: lobby on http://HOST:PORT/, API docs on /docs."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from kartentisch.kernel.errors import first_line
    from kartentisch.web import create_app
    from kartentisch.web.store import describe_url
    from kartentisch.web.tables import SEARCH_SECONDS

    if not 1 <= port <= 65535:
        _fail(f"--port must be between 1 and 65535, got {port}")
    if search_seconds is not None and not (math.isfinite(search_seconds) and search_seconds > 0):
        _fail(f"--search-seconds must be a number > 0, got {search_seconds}")
    if not (math.isfinite(bot_delay) and bot_delay >= 0):
        _fail(f"--bot-delay must be a number ≥ 0, got {bot_delay}")
    try:
        app = create_app(db, bot_delay=bot_delay,
                         search_seconds=SEARCH_SECONDS if search_seconds is None else search_seconds)
        store = app.state.store
        journal = store.journal_mode()
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        _fail(f"database {_shown(db)} cannot be used: {first_line(exc)}")
    typer.echo(f"kartentisch: database {describe_url(store.url)} (journal {journal})", err=False)
    typer.echo(f"kartentisch: open http://{host}:{port}/", err=False)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=WS_DEFLATE,
                log_level="warning", timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S)
