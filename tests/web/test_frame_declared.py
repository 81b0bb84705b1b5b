"""The wire frame is declared once (issue 33, issue 35 item 4): :class:`~kartentisch.web.frames.FrameOut` builds the
frame and FastAPI documents it from the same declaration.

Every frame of a played match — each seat's and a spectator's, in English and German, with chat, round ends and
their summaries — is read back through the declaration (pydantic, strict about each ``Literal`` and type) and gives
the same bytes again; the OpenAPI schema at ``/docs`` is the declaration's own schema.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter, ValidationError

from kartentisch.web.fanout import encode
from kartentisch.web.frames import FrameOut, RoundSummaryOut

from .conftest import auth, new_table

FRAMES = TypeAdapter(FrameOut)


def _views(client: TestClient, tid: str, tokens: list[str]) -> list[bytes]:
    """Every viewer's frame of table ``tid`` as the HTTP answer's bytes, in both languages."""
    heads = [auth(t) for t in tokens] + [{}]
    return [client.get(f"/api/tables/{tid}/view?lang={lang}", headers=h).content
            for h in heads for lang in ("en", "de")]


@pytest.mark.parametrize(("game", "players"), [("colors", 2), ("chips", 3)])
def test_every_frame_of_a_match_is_its_declaration(client: TestClient, game: str, players: int) -> None:
    table = new_table(client, game, players, [{"kind": "human", "name": f"P{i}"} for i in range(players)], seed=4,
                      spectator_chat=True)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    assert client.post(f"/api/tables/{tid}/chat", json={"text": "Viel Glück!"}, headers=auth(tokens[0])).status_code \
        == 201
    rng = random.Random(4)
    summaries = 0
    for _ in range(120):
        for body in _views(client, tid, tokens):
            frame = FRAMES.validate_json(body)  # every field as declared, or a ValidationError naming it
            assert encode(frame).encode() == body, "the declaration gives the very bytes on the wire"
            summaries += frame.round_summary is not None
        seat, legal = next(((i, f["legal"]) for i, t in enumerate(tokens)
                            if (f := client.get(f"/api/tables/{tid}/view", headers=auth(t)).json())["legal"]),
                           (None, []))
        if seat is None:
            break
        res = client.post(f"/api/tables/{tid}/actions", json={"action": rng.choice(legal)}, headers=auth(tokens[seat]))
        assert res.status_code == 200, res.text
        assert encode(FRAMES.validate_json(res.content)).encode() == res.content
    assert summaries, "a round ended, so its summary was checked too"


def test_a_frame_that_strays_from_the_declaration_is_refused(client: TestClient) -> None:
    """Not vacuous: a seat kind or a round summary the declaration does not know is refused, naming it."""
    table = new_table(client, "colors", 2, [{"kind": "human"}, {"kind": "human"}], seed=1)
    frame = client.get(f"/api/tables/{table['id']}/view").json()
    FRAMES.validate_python(frame)
    frame["seats"][0]["kind"] = "ghost"
    with pytest.raises(ValidationError, match=r"seats\.0\.kind"):
        FRAMES.validate_python(frame)
    with pytest.raises(TypeError, match="unexpected keyword argument 'bonus'"):
        RoundSummaryOut.of({"round": 1, "match_over": False, "lower_wins": False, "rows": [], "standings": [],
                            "winners": [], "bonus": 3})


def test_the_documented_frame_is_the_declared_one(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    documented = doc["components"]["schemas"]["FrameOut"]
    declared = FRAMES.json_schema(ref_template="#/components/schemas/{model}")
    declared.pop("$defs", None)
    assert documented == declared
    for path in ("/api/tables/{table_id}/view", "/api/tables/{table_id}/seats/{seat}/back"):
        method = "get" if path.endswith("view") else "post"
        answer = doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
        assert answer == {"$ref": "#/components/schemas/FrameOut"}
