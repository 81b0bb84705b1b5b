"""The shared screen's server side (issue 34, item 3): the invite as a QR code, the table display's page, the LAN
address and ``kartentisch serve --lan`` (the browser tests are in test_browser_display.py)."""

from __future__ import annotations

import ipaddress
import socket
import subprocess
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from kartentisch.web.display import invite_link, lan_address, qr_svg, terminal_qr

from .conftest import free_port, new_table
from .test_limits import SERVE, wait_for_health

OPEN_TABLE = [{"kind": "open"}, {"kind": "bot", "bot": "random"}]


def test_the_invite_link_is_the_one_the_pages_show() -> None:
    """``inviteLink`` in displaywords.js: the hand view (a phone beside a display), and no language (README, each
    person's language: whoever opens the link reads the page in their own)."""
    assert invite_link("http://192.168.1.20:8000", "AbC", False) == "http://192.168.1.20:8000/join/AbC"
    assert invite_link("http://h:1", "a-b_c", True) == "http://h:1/join/a-b_c?view=hand"


@pytest.mark.parametrize(("query", "hand"), [("", False), ("?lang=de", False), ("?view=hand", True)])
def test_the_invite_qr_code_encodes_the_invite_link(client: TestClient, query: str, hand: bool) -> None:
    """The encoded link is the one the pages show: a ``?lang=`` sent along (as API requests do) changes nothing."""
    table = new_table(client, "colors", 2, OPEN_TABLE)
    code = table["invite"]["code"]
    res = client.get(f"/api/invites/{code}/qr.svg{query}")
    assert res.status_code == 200, res.text
    assert res.headers["content-type"].startswith("image/svg+xml")
    link = invite_link("http://testserver", code, hand)  # the TestClient's address
    assert "lang" not in link
    assert res.text == qr_svg(link)
    assert res.text.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in res.text
    assert f"<title>{link.replace('&', '&amp;')}</title>" in res.text
    # the link works: it is the invite of this table
    assert client.get(f"/api/invites/{code}").json()["table"] == table["id"]


def test_a_qr_code_of_an_unknown_invite_or_a_bad_query_is_refused(client: TestClient) -> None:
    code = new_table(client, "colors", 2, OPEN_TABLE)["invite"]["code"]
    missing = client.get("/api/invites/nosuchcode/qr.svg")
    assert missing.status_code == 404 and "no table has the invite 'nosuchcode'" in missing.json()["error"]
    view = client.get(f"/api/invites/{code}/qr.svg?view=all")
    assert view.status_code == 422 and "view must be 'hand' or left out, got 'all'" in view.json()["error"]


def test_the_display_page_is_served(client: TestClient) -> None:
    table = new_table(client, "colors", 2, OPEN_TABLE)
    page = client.get(f"/display/{table['id']}")
    assert page.status_code == 200 and '<script type="module" src="/static/display.js">' in page.text
    for name in ("display.js", "display.css", "displaywords.js", "framelog.js"):
        assert client.get(f"/static/{name}").status_code == 200, name


def test_the_lan_address_is_a_local_network_address_of_this_machine() -> None:
    address = lan_address()
    ip = ipaddress.ip_address(address)
    assert ip.version == 4 and not ip.is_loopback and not ip.is_unspecified
    with socket.create_server((address, 0)):  # it is this machine's: a server can listen on it
        pass


def test_without_a_local_network_the_lan_address_says_what_to_do() -> None:
    """A route that only reaches this machine (the probe on loopback) is no local network."""
    with pytest.raises(OSError, match=r"no local network address \(only 127\.0\.0\.1\).*--host"):
        lan_address("127.0.0.1")


def test_serve_lan_listens_on_the_lan_address_and_prints_the_link_as_a_qr_code(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--lan", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'kt.db'}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://{lan_address()}:{port}"
        wait_for_health(proc, base)
        with pytest.raises(httpx.TransportError):  # on the LAN address, not on loopback
            httpx.get(f"http://127.0.0.1:{port}/api/health")
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert f"kartentisch: open {base}/" in out, err
    assert terminal_qr(f"{base}/") in out
    assert "Traceback" not in err


def test_serve_lan_and_host_together_are_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([*SERVE, "--lan", "--host", "0.0.0.0", "--db", f"sqlite:///{tmp_path / 'kt.db'}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == ("kartentisch serve: error: --lan and --host 0.0.0.0 both choose the address to "
                                   "listen on; give one of them")
