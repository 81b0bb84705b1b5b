"""``kartentisch replay`` on JSON nested too deeply to decode (issue 22, item 5): the usual one-line error,
exit code 1, no traceback, for the header line and for an entry line alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.cli.app import app
from kartentisch.kernel import Match
from kartentisch.kernel.errors import InvalidReplay
from kartentisch.kernel.registry import lookup

DEEP = "[" * 100_000 + "]" * 100_000  # far past the decoder's recursion limit


def _header() -> str:
    return Match(lookup("colors"), 2, seed=1).dumps().splitlines()[0]


@pytest.mark.parametrize("lines, where", [([DEEP], ":1: bad header"), ([_header(), DEEP], ":2: malformed entry")])
def test_deeply_nested_json_is_a_one_line_replay_error(tmp_path: Path, lines: list[str], where: str) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InvalidReplay, match=f"deep.jsonl{where} \\(JSON nested too deeply\\)"):
        Match.load(path)
    result = CliRunner().invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, RecursionError) and "Traceback" not in result.output
    said = {":1: bad header": "deep.jsonl: this is no replay file of kartentisch",
            ":2: malformed entry": "deep.jsonl, line 2: a move was expected here"}[where]
    assert said in result.output and len(result.output.strip().splitlines()) == 1, result.output
