"""Phones as hands around one screen (issue 34, item 3): the table display, invite QR codes, the LAN address.

A group in one room plays with one shared screen (a TV, or a laptop in the middle) and a phone per person:

* the **table display** (``/display/<table>``, ``static/display.html``) is a spectator of the table: it opens the
  table's socket without a token, so it only ever receives the spectator's frame (public information), and draws
  the public table large, whose turn it is, the clock when the frame has one, the log in words and the scores.
  Before the match starts it shows the invite as a large QR code;
* each phone joins through the invite link with ``view=hand`` and then shows only its hand and its choices (the
  table page's hand view, ``/t/<table>?view=hand``);
* ``GET /api/invites/{code}/qr.svg`` is the invite as a QR code (SVG, made on the server with ``segno``: no script
  or CDN). It encodes exactly the link the pages show next to it (:func:`invite_link`);
* ``kartentisch serve --lan`` listens on this machine's LAN address (:func:`lan_address`) and prints the lobby's
  link with a QR code in the terminal (:func:`terminal_qr`).
"""

from __future__ import annotations

import io
import ipaddress
import socket
from pathlib import Path
from typing import Annotated
from urllib.parse import quote, urlencode

import segno
from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import FileResponse

from .errors import ApiError
from .invites import _invited

STATIC = Path(__file__).parent / "static"
#: A documentation address (TEST-NET-3, RFC 5737) that is routed like the internet: connecting a UDP socket to it
#: makes the kernel pick the interface of the default route, and sends no packet (UDP ``connect`` only records
#: the peer).
PROBE_ADDRESS = "203.0.113.1"
#: The view a phone takes at a table with a display: only its hand and its choices (``static/table.js``).
HAND_VIEW = "hand"

router = APIRouter()


def lan_address(probe: str = PROBE_ADDRESS) -> str:
    """This machine's IPv4 address on its local network: the source address of the default route's interface.

    Found without network traffic: a UDP socket ``connect``\\ ed to ``probe`` (nothing is sent) names the local
    address the kernel would send from.

    Raises:
        OSError: no network route (the machine is offline), or only a loopback or unspecified address, with a
            message naming what to do instead (``--host``).
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
        try:
            probe_socket.connect((probe, 9))
        except OSError as exc:
            raise OSError(f"no local network found ({exc.strerror or exc}); connect to a network or choose an "
                          "address with --host") from None
        address = str(probe_socket.getsockname()[0])
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_unspecified:
        raise OSError(f"this machine has no local network address (only {address}); connect to a network or "
                      "choose an address with --host")
    return address


def invite_link(base: str, code: str, hand: bool) -> str:
    """The absolute invite link ``<base>/join/<code>[?view=hand]``, the one the pages show (``inviteLink`` in
    ``static/displaywords.js``). It carries no language: whoever opens it reads the page in their own (README,
    "each person's language"; issue 32).

    Args:
        base: the server's address as the browser reached it (``http://192.168.1.20:8000``, no trailing slash).
        code: the table's invite code.
        hand: the phone opens its seat in the hand view (a table with a display).
    """
    query = f"?{urlencode({'view': HAND_VIEW})}" if hand else ""
    return f"{base}/join/{quote(code, safe='')}{query}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code: a whole SVG document (error correction M, a 4-module quiet zone, black on white,
    without width and height so it scales to its element), its ``<title>`` the text itself."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", xmldecl=False, omitsize=True, title=text, dark="#000",
                                     light="#fff", border=4, svgclass="qr")
    return out.getvalue().decode()


def terminal_qr(text: str) -> str:
    """``text`` as a QR code for a terminal (half-block characters, two rows of modules per line)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()


@router.get("/display/{table_id}", include_in_schema=False)
async def display_page(table_id: str) -> FileResponse:
    """The table display (``static/display.html``): the public table for the shared screen, as a spectator."""
    return FileResponse(STATIC / "display.html")


@router.get("/api/invites/{code}/qr.svg", response_class=Response,
            responses={200: {"content": {"image/svg+xml": {}}, "description": "the invite link as a QR code"}})
async def invite_qr(code: str, request: Request,
                    view: Annotated[str | None, Query(description="'hand': the link opens the seat in the hand "
                                                                   "view (a phone at a table with a display)")] = None,
                    ) -> Response:
    """The invite as a QR code (SVG): it encodes :func:`invite_link` on this server's address as the request
    reached it, exactly the link the lobby, the table and the display show beside it (no language: see
    :func:`invite_link`). 404 for an unknown code, 422 for an unknown view."""
    if view not in (None, HAND_VIEW):
        raise ApiError(422, f"view must be {HAND_VIEW!r} or left out, got {view[:40]!r}")
    table = await _invited(request, code)
    assert table.record.invite_code is not None  # _invited found the table by it
    base = str(request.base_url).rstrip("/")
    svg = qr_svg(invite_link(base, table.record.invite_code, view == HAND_VIEW))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
