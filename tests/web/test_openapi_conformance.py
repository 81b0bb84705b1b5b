"""Issue 31: the OpenAPI schema says what the server does. schemathesis (``--checks all``) drives a live server on
127.0.0.1 from the schema and finds no conformance failure: every status answered is documented, every answer has
the documented shape, content type and headers, and a 405's ``Allow`` lists every method of the path.

``positive_data_acceptance`` is left out of the run, and only it: it expects every schema-valid request to be
accepted, and a few refusals are of things no JSON schema states: the seats given must number the players, the
players must be within the chosen game's own range, a replay upload must be a replay file (each a 422 naming
what was wrong). Everything a schema can state is in it (``lang`` an enum, the games' ids and player range, ids
and names without control characters), so schemathesis no longer sends those as valid.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from fastapi.testclient import TestClient

#: schemathesis's command line, run by this interpreter (its console script, without relying on PATH).
SCHEMATHESIS = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())"]


def test_schemathesis_finds_no_conformance_failure(live_server: str, tmp_path: Path) -> None:
    """A bounded run (5 examples per operation and phase, a fixed seed: about 15 s) against the live server."""
    run = subprocess.run([*SCHEMATHESIS, "run", f"{live_server}/openapi.json", "--checks", "all",
                          "--exclude-checks", "positive_data_acceptance", "--max-examples", "5", "--seed", "31",
                          "--no-color", "--request-timeout", "20"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)  # its .schemathesis/ there
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "failures" not in run.stdout.splitlines()[-1]


def test_the_schema_states_languages_games_players_and_body_refusals(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    langs = [p["schema"] for path in schema["paths"].values() for op in path.values()
             for p in op.get("parameters", ()) if p["name"] == "lang"]
    assert langs and all(s.get("enum") == ["en", "de"] for s in langs)
    table = schema["components"]["schemas"]["TableIn"]["properties"]
    assert table["game"]["enum"] == [g["id"] for g in client.get("/api/games").json()]
    assert (table["players"]["minimum"], table["players"]["maximum"]) == (2, 8)
    for path, methods in schema["paths"].items():
        for method, op in methods.items():
            if "requestBody" in op:
                assert {"400", "413", "422"} <= set(op["responses"]), (method, path)
    res = client.post("/api/tables", content=b"\xff\xfe{", headers={"Content-Type": "application/json"})
    assert res.status_code == 400 and res.json()["error"]  # not UTF-8: not even read as JSON
    res = client.get("/api/tables/x%01y/view")
    pattern = next(p["schema"]["pattern"] for p in schema["paths"]["/api/tables/{table_id}/view"]["get"]["parameters"]
                   if p["name"] == "table_id")
    assert res.status_code == 422 and "U+0001" in res.json()["error"]
    assert re.fullmatch(pattern, "AbC-12_x") and not re.fullmatch(pattern, "x\x01y")


def test_a_405_lists_every_method_of_its_path(client: TestClient) -> None:
    """Starlette's Allow named the first route of a path only (GET …/review lives beside POST …/review)."""
    for path, allowed in (("/api/replays/x/review", "GET, POST"), ("/api/tables/x/review", "GET, POST"),
                          ("/api/scorepads/x/rounds/1", "PUT, DELETE"), ("/api/tables", "POST")):
        res = client.request("PATCH", path)
        assert res.status_code == 405 and res.headers["allow"] == allowed, (path, res.headers)
