"""``kartentisch serve``: the browser table on uvicorn (tables live in its memory and the DB).

On SQLite (the default) one process serves a database file: a second ``serve`` on the same file stops at once
with a one-line error naming it. On PostgreSQL (``--db postgresql+psycopg://…``) any number of processes, on one
machine or several, serve the same tables behind one address (issue 26; ``scripts/cluster.sh``, README).

Start-up checks the port (1–65535), the search limit, the resource limits and the database (its URL parsed
and connected once) before uvicorn starts; a bad value ends the command with one line on stderr and exit code 2.

The resource limits (issue 22) are options with defaults for a table of friends on one server: per client
(network address) a rate of table creation and of actions (429 with ``Retry-After`` beyond it) and a number
of open sockets, per table a number of spectators, server-wide the bot worker processes (people's tables
first), and how long a table without a move is kept.

``--lan`` (issue 34) listens on this machine's local network address instead of ``--host``
(:func:`kartentisch.web.display.lan_address`, found without network traffic) and prints the lobby's link with a
QR code in the terminal, for phones in the same room.
"""

from __future__ import annotations

import math
import os
import socket
from pathlib import Path
from typing import Annotated, Any, NoReturn

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


def _check_port(host: str, port: int) -> None:
    """Exit with one line (code 2) if ``host:port`` cannot be listened on now, before saying "open …"."""
    try:
        with socket.create_server((host, port), reuse_port=False):
            pass
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        _fail(f"cannot listen on {host}:{port} ({reason}); is another server there? choose another --port")


def _shown(url: str | None) -> str:
    """``url`` quoted for an error message, its password hidden when it parses."""
    from sqlalchemy.engine import make_url

    try:
        return repr(make_url(url).render_as_string(hide_password=True)) if url else "(default)"
    except Exception:  # not a URL at all: nothing to hide
        return repr(url)


def _lan_host(host: str) -> str:
    """The address ``--lan`` listens on (:func:`kartentisch.web.display.lan_address`); exits with one line (code 2)
    when ``--host`` chose one too, or the machine has no local network."""
    from kartentisch.web.display import lan_address

    if host != "127.0.0.1":
        _fail(f"--lan and --host {host} both choose the address to listen on; give one of them")
    try:
        return lan_address()
    except OSError as exc:
        _fail(f"--lan: {exc}")


#: Help texts of the limit options that switch off at 0 or "off".
_OFF = " 0 switches the limit off."


def proxy_options(forwarded_allow_ips: str) -> dict[str, Any]:
    """uvicorn's proxy settings for ``--forwarded-allow-ips``: ``""`` (no proxy) turns its proxy headers off, so
    nobody's ``X-Forwarded-For`` names the client (uvicorn would trust 127.0.0.1's by default, and any local
    process could then claim other addresses and escape the per-client limits, issue 31); else the header is
    read from those addresses only."""
    if not forwarded_allow_ips.strip():
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips}


def serve_cmd(
    host: Annotated[str, typer.Option(help="Interface to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    lan: Annotated[bool, typer.Option(
        "--lan", help="Listen on this machine's local network address (instead of --host) and print the lobby's "
                      "link with a QR code, for phones in the same room.")] = False,
    port: Annotated[int, typer.Option(help="TCP port (1–65535).")] = 8000,
    db: Annotated[str | None,
                  typer.Option(help="SQLAlchemy database URL (default: SQLite in the user data folder).")] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds before each bot move, so people can follow.")] = 0.6,
    search_seconds: Annotated[float | None, typer.Option(
        help="Wall-clock limit of one ISMCTS bot decision (seconds), also the largest time_budget_s a seat "
             "may ask for (default: 5 seconds).")] = None,
    create_rate: Annotated[str, typer.Option(
        help="Tables one client (network address) may create, as N/second, N/minute, N/hour or N/day "
             "(several joined by ';'); 'off': no limit.")] = "20/minute",
    action_rate: Annotated[str, typer.Option(
        help="Actions one client may send (HTTP and WebSocket together), in the same notation; 'off': no "
             "limit.")] = "20/second",
    sockets_per_client: Annotated[int, typer.Option(
        help="WebSockets one client may hold open at once." + _OFF)] = 32,
    spectators_per_table: Annotated[int, typer.Option(
        help="Spectator sockets one table accepts at once." + _OFF)] = 50,
    bot_searches: Annotated[int, typer.Option(
        help="Worker processes for the ISMCTS searches of tables with a person (at least 1).")] = 2,
    bot_only_searches: Annotated[int, typer.Option(
        help="Worker processes (at lower CPU priority) for every bot move of the tables without a person; they "
             "take turns there and never hold up a person's table. 0 refuses tables without a person.")] = 1,
    expire_days: Annotated[float, typer.Option(
        help="Days without a move after which a table expires and is deleted from the database.")] = 30.0,
    sweep_minutes: Annotated[float, typer.Option(
        help="Minutes between two deletions of expired tables (the first at start-up, before any request).")] = 60.0,
    forwarded_allow_ips: Annotated[str, typer.Option(
        help="Run behind a proxy (nginx): the addresses of the proxies whose X-Forwarded-For names the client, "
             "comma-separated, or '*' (the per-client limits then count the client, not the proxy). Empty (the "
             "default): no proxy, X-Forwarded-For is ignored from everybody.")] = "",
    coach_iterations: Annotated[int | None, typer.Option(
        min=1, help="Searches per coach hint and per reviewed decision (default: the coach's per game, about "
                    "1 s).")] = None,
    hint_rate: Annotated[str, typer.Option(
        help="Coach hints one client may ask for, in the notation of --create-rate; 'off': no limit.")] = "30/minute",
    seat_hint_rate: Annotated[str, typer.Option(
        help="Coach hints one seat may ask for (from any client); 'off': no limit.")] = "12/minute",
    replay_rate: Annotated[str, typer.Option(
        help="Replay steps one client may ask for (a request counts 1 plus 1 per 20 moves of log it asks "
             "for); 'off': no limit.")] = "10/second;300/minute",
    upload_rate: Annotated[str, typer.Option(
        help="Replay files one client may upload; 'off': no limit.")] = "10/minute;60/hour",
    coach_workers: Annotated[int, typer.Option(
        help="Worker processes of the coach's hints and reviews (at a lower CPU priority than the "
                    "bots).")] = 1,
    hint_queue: Annotated[int, typer.Option(
        help="Hints waiting for the coach at once; one more is answered 503 with Retry-After.")] = 16,
    review_budget: Annotated[int, typer.Option(
        help="Search iterations of one review at full effort (decisions × iterations); the decisions "
                    "beyond it are judged with a tenth.")] = 100_000,
    table_reviews: Annotated[int, typer.Option(
        help="Reviews of finished tables running at once (uploads never take their room).")] = 8,
    upload_reviews: Annotated[int, typer.Option(
        help="Reviews of uploaded replays running at once.")] = 4,
    reviews_per_client: Annotated[int, typer.Option(
        help="Reviews one client has running at once, of finished tables and of uploads each.")] = 1,
    replay_megabytes: Annotated[int, typer.Option(
        help="Megabytes of replays (uploads, finished tables) kept in memory (pickled size).")] = 64,
    smtp: Annotated[str | None, typer.Option(
        help="Send the mails of turn-based tables through this SMTP server: smtp://user@host:587 (STARTTLS), "
             "smtps://user@host:465 (TLS) or smtp+plain://host:25, the sender as ?from=name@example.org; the "
             "password in the environment variable KARTENTISCH_SMTP_PASSWORD. Without it no mail is offered.")] = None,
    policy: Annotated[list[Path] | None, typer.Option(
        "--policy", help="A learned bot's file (kartentisch train --out, python -m kartentisch.rl.value or "
                         "rl.tabular --out; the shipped games/<id>/policy.npz) the lobby offers as the level 'learned' "
                         "for its game at its player count; repeat it for several games, one file per game.")] = None,
) -> None:
    """Start the browser table: lobby on http://HOST:PORT/, API docs on /docs."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from kartentisch.kernel.errors import first_line
    from kartentisch.web import create_app
    from kartentisch.web.coach_limits import CoachLimits
    from kartentisch.web.database import describe_url
    from kartentisch.web.limits import Limits, parse_rate
    from kartentisch.web.smtp import parse_smtp
    from kartentisch.web.workers import SEARCH_SECONDS

    if not 1 <= port <= 65535:
        _fail(f"--port must be between 1 and 65535, got {port}")
    if lan:
        host = _lan_host(host)
    if search_seconds is not None and not (math.isfinite(search_seconds) and search_seconds > 0):
        _fail(f"--search-seconds must be a number > 0, got {search_seconds}")
    if not (math.isfinite(bot_delay) and bot_delay >= 0):
        _fail(f"--bot-delay must be a number ≥ 0, got {bot_delay}")
    for name, value, least in (("--sockets-per-client", sockets_per_client, 0),
                               ("--spectators-per-table", spectators_per_table, 0),
                               ("--bot-searches", bot_searches, 1), ("--bot-only-searches", bot_only_searches, 0),
                               ("--coach-workers", coach_workers, 1), ("--hint-queue", hint_queue, 1),
                               ("--review-budget", review_budget, 1), ("--table-reviews", table_reviews, 1),
                               ("--upload-reviews", upload_reviews, 1), ("--reviews-per-client", reviews_per_client, 1),
                               ("--replay-megabytes", replay_megabytes, 1)):
        if value < least:
            _fail(f"{name} must be at least {least}, got {value}")
    for name, number in (("--expire-days", expire_days), ("--sweep-minutes", sweep_minutes)):
        if not (math.isfinite(number) and number > 0):
            _fail(f"{name} must be a number > 0, got {number}")
    limits = Limits(create_rate, action_rate, sockets_per_client or None, spectators_per_table or None,
                    hint_rate, seat_hint_rate, replay_rate, upload_rate)
    coach = CoachLimits(coach_workers, hint_queue, review_budget, table_reviews, upload_reviews, reviews_per_client,
                        replay_megabytes * 2**20)
    for name, rate in (("--create-rate", create_rate), ("--action-rate", action_rate), ("--hint-rate", hint_rate),
                       ("--seat-hint-rate", seat_hint_rate), ("--replay-rate", replay_rate),
                       ("--upload-rate", upload_rate)):
        try:
            parse_rate(rate)
        except ValueError as exc:
            _fail(f"{name}: {exc}")
    try:
        mail = None if smtp is None else parse_smtp(smtp)
    except ValueError as exc:
        _fail(str(exc))
    from kartentisch.kernel import KartentischError
    from kartentisch.web.app import offered_policies

    try:
        offered_policies(policy or [])
    except (KartentischError, ValueError) as exc:
        _fail(f"--policy: {exc}")
    try:
        app = create_app(db, bot_delay=bot_delay,
                         search_seconds=SEARCH_SECONDS if search_seconds is None else search_seconds,
                         limits=limits, bot_searches=bot_searches, bot_only_searches=bot_only_searches,
                         ttl=expire_days * 86400, sweep_seconds=sweep_minutes * 60,
                         coach_iterations=coach_iterations, coach=coach, smtp=mail, policies=policy or [])
        store = app.state.store
        store.hold_alone()
        journal = store.journal_mode()
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        _fail(f"database {_shown(db)} cannot be used: {first_line(exc)}")
    _check_port(host, port)
    typer.echo(f"kartentisch: database {describe_url(store.url)} (journal {journal})", err=False)
    typer.echo(f"kartentisch: open http://{host}:{port}/", err=False)
    if lan:
        from kartentisch.web.display import terminal_qr

        typer.echo(f"kartentisch: phones in this network scan this code to open the lobby:\n"
                   f"{terminal_qr(f'http://{host}:{port}/')}", err=False)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=WS_DEFLATE,
                log_level="warning", timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
                **proxy_options(forwarded_allow_ips))
