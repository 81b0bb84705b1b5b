"""``kartentisch serve``: the browser table on uvicorn (one process; tables live in its memory and the DB)."""

from __future__ import annotations

from typing import Annotated

import typer

#: Largest WebSocket message uvicorn accepts (bytes); the app answers frames over its own limit with an error.
WS_MAX_SIZE = 1024 * 1024
#: permessage-deflate off: profiling the load benchmark showed zlib compressing the small frames (a few KB)
#: as the largest single cost of the server (about 0.75 ms per frame); the table is a LAN/loopback service.
WS_DEFLATE = False


def serve_cmd(
    host: Annotated[str, typer.Option(help="Interface to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    db: Annotated[str | None,
                  typer.Option(help="SQLAlchemy database URL (default: SQLite in the user data folder).")] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds before each bot move, so people can follow.")] = 0.6,
) -> None:
    """Start the browser table: lobby on http://HOST:PORT/, API docs on /docs."""
    import uvicorn

    from kartentisch.web import create_app
    from kartentisch.web.store import describe_url

    app = create_app(db, bot_delay=bot_delay)
    store = app.state.store
    typer.echo(f"kartentisch: database {describe_url(store.url)} (journal {store.journal_mode()})", err=False)
    typer.echo(f"kartentisch: open http://{host}:{port}/", err=False)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=WS_DEFLATE,
                log_level="warning")
