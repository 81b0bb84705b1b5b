"""A game's parts are one declared, checked structure (issue 35): a misspelt or mistyped part is refused
when the game loads, naming it; every installed game declares the parts its faces need."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kartentisch.games import all_games
from kartentisch.kernel import KartentischError, Parts
from kartentisch.kernel.parts import declared

PLUGIN = Path(__file__).resolve().parents[1] / "examples" / "plugin_game" / "src" / "highcard"
#: Loads the copied plug-in through the registry, as an entry point would, and prints what the loader says.
LOAD = ("import sys; sys.path.insert(0, sys.argv[1]); "
        "from kartentisch.kernel import KartentischError, lookup, register_loader; "
        "register_loader('highcard', lambda: __import__('highcard').GAME); "
        "exec('try:\\n    print(sorted(k for k, v in vars(lookup(\"highcard\").parts).items() if v))\\n"
        "except KartentischError as err:\\n    print(\"refused:\", err)')")


def load_copy(tmp_path: Path, old: str, new: str) -> str:
    """Load a copy of the example plug-in with ``old`` replaced by ``new`` in its declaration; what the loader said."""
    copy = tmp_path / "highcard"
    shutil.copytree(PLUGIN, copy)
    declaration = copy / "__init__.py"
    text = declaration.read_text(encoding="utf-8")
    assert old in text
    declaration.write_text(text.replace(old, new), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", LOAD, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_the_example_plugin_loads_with_its_parts(tmp_path: Path) -> None:
    said = load_copy(tmp_path, "words=words.WORDS", "words=words.WORDS")
    assert said == str(sorted(["card_name", "phase_name", "describe_move", "choice", "words", "rules", "pitch",
                               "score_now",
                               "round_details", "action_space", "render", "observation", "scenarios"]))


def test_a_misspelt_part_is_refused_at_load_naming_it(tmp_path: Path) -> None:
    said = load_copy(tmp_path, "card_name=words.card_name", "card_nmae=words.card_name")
    assert said.startswith("refused: game 'highcard' declares an unknown part 'card_nmae'; did you mean 'card_name'?")


def test_a_part_of_the_wrong_kind_is_refused_at_load_naming_it(tmp_path: Path) -> None:
    said = load_copy(tmp_path, "render=render.render", "render=render")
    assert said.startswith("refused: game 'highcard': part 'render' must be None or a function, not <module")


@pytest.mark.parametrize(("parts", "named"), [
    (lambda: Parts(rules={"en": 1}), "part 'rules' must be a mapping of language to text"),
    (lambda: Parts(static=Path("/no/such/folder")), "part 'static' must be None or an existing folder"),
    (lambda: Parts(scenarios=Path("/no/such/folder")), "part 'scenarios' must be None or an existing folder"),
    (lambda: Parts(short_match=[("rounds", 1)]), "part 'short_match' must be a mapping of option name to value"),
    (lambda: Parts(words={"en": {"x": "y"}}), "part 'words' must be None or a Catalogue"),  # issue 35
    (lambda: {"card_name": str}, "declare() must return kartentisch.kernel.Parts"),
])
def test_declared_checks_each_kind(parts: object, named: str) -> None:
    with pytest.raises(KartentischError, match=named.replace("(", r"\(").replace(")", r"\)")):
        declared("x", parts)  # type: ignore[arg-type]


def test_a_type_error_inside_declare_is_not_mistaken_for_a_misspelt_part() -> None:
    def declare() -> Parts:
        return Parts(card_name=len("a", "b"))  # type: ignore[call-arg]  # a bug in the game, not a part name

    with pytest.raises(TypeError, match="len"):
        declared("x", declare)


def test_every_installed_game_declares_what_every_face_needs() -> None:
    for game in all_games():
        parts = game.parts
        missing = [name for name in ("card_name", "phase_name", "describe_move", "choice", "score_now",
                                     "round_details", "action_space", "render", "observation")
                   if getattr(parts, name) is None] + [name for name in ("rules", "pitch") if not getattr(parts, name)]
        assert not missing, f"{game.id} declares no {', '.join(missing)}"
        if parts.static is not None:
            assert (parts.static / f"{game.id}.js").is_file(), f"{game.id}: no browser renderer in {parts.static}"
