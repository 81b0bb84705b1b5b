"""The replay header's optional ``seats`` (who sat where, as ``play`` saves it): ``replay`` names the seats by it, and
a hand-edited one that is not in ``play``'s shape is said to be ignored, and why (a fresh user's findings)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.cli.app import app
from kartentisch.kernel import Match

runner = CliRunner()


def _saved(tmp_path: Path) -> Path:
    """A colors match of three left after two of the person's moves: Ana on seat 2, a random and a heuristic bot."""
    save = tmp_path / "left.jsonl"
    result = runner.invoke(app, ["play", "colors", "--players", "3", "--seat", "2", "--bots", "random,heuristic",
                                 "--name", "Ana", "--seed", "7", "--options", '{"target_score": 8}',
                                 "--save", str(save)], input="1\n1\nquit\n")
    assert result.exit_code == 0 and Match.load(save).seats == [{"bot": "random"}, {"person": "Ana"},
                                                                 {"bot": "heuristic"}], result.output
    return save


def _edited(save: Path, seats: object) -> Path:
    """``save`` with its header's ``seats`` replaced by ``seats`` (a hand edit)."""
    head, *moves = save.read_text(encoding="utf-8").splitlines()
    save.write_text("\n".join([json.dumps({**json.loads(head), "seats": seats}), *moves]) + "\n", encoding="utf-8")
    return save


@pytest.mark.parametrize(("lang", "seat", "title", "names"), [
    ("en", ["--seat", "2"], "Replay as Ana saw it.", ["Bot Lena (plays at random)", "Ana (you)", "Bot Ida (steady)"]),
    ("de", ["--seat", "2"], "Wiederholung, wie Ana sie sah.", ["Bot Lena (spielt zufällig)", "Ana (du)",
                                                                "Bot Ida (solide)"]),
    ("en", [], "Replay with all cards open", ["Bot Lena (plays at random)", "Ana", "Bot Ida (steady)"]),
])
def test_replay_names_the_seats_as_play_saved_them(lang: str, seat: list[str], title: str, names: list[str],
                                                    tmp_path: Path) -> None:
    """``replay --seat 2`` said "Replay as Seat 2 saw it" and "Seat 1 …" for a match play had saved with Ana and its
    bots: it names them as play did."""
    result = runner.invoke(app, ["replay", str(_saved(tmp_path)), *seat, "--lang", lang, "--no-step"])
    assert result.exit_code == 0 and result.output.startswith(title), result.output
    assert all(name in result.output for name in names), result.output
    assert not re.search(r"Seat \d|Platz \d", result.output) and "ignored" not in result.output


MALFORMED = [
    ({"0": {"bot": "random"}}, "they are not a list with one entry per seat"),
    ([{"bot": "random"}, {"person": "Ana"}], "they list 2 seats, but the match has 3"),
    ([{"bott": "random"}, {"person": "Ana"}, {"bot": "heuristic"}],
     "seat 1 is written neither as a person with a name nor as a bot"),
    ([{"bot": "random", "person": "Ana"}, {"person": "Ana"}, {"bot": "heuristic"}],
     "seat 1 is written neither as a person with a name nor as a bot"),
    ([{"bot": "heurstic"}, {"person": "Ana"}, {"bot": "heuristic"}], "seat 1's bot “heurstic” is unknown"),
    ([{"person": "Bea"}, {"person": "Ana"}, {"bot": "heuristic"}],
     "2 seats are written as a person, but kartentisch play saves exactly one"),
    # a name a table would not take: it read as the bot's seat, broke the lines it was told in, or widened a page
    *(([{"bot": "random"}, {"person": name}, {"bot": "heuristic"}],
       "the name saved for seat 2 is not one a table takes (one line of visible text, at most 80 characters, that "
       "cannot be taken for another seat's name)")
      for name in ("Bot Ida (solide)", "Bot Lena (plays at random)", "Ana\nBen", "Ana\u202eXYZ", "A" * 81)),
]
IGNORED = ("the seats saved in its first line (who sat where) are ignored: {why}. play saves one entry per seat, "
           '{{"person": "a name"}} for the person and {{"bot": "heuristic"}} (or another bot) for every other seat.')


@pytest.mark.parametrize(("seats", "why"), MALFORMED)
def test_resume_says_why_a_hand_edited_seats_header_is_ignored(seats: object, why: str, tmp_path: Path) -> None:
    """A hand-edited ``seats`` that play does not write was ignored silently and overwritten. The seats change no
    move (every reader of the format takes the header keys it can use), so the match goes on; it is said which seat
    is wrong and how, that the seats as given now are saved instead (and they are, in play's shape)."""
    save = _edited(_saved(tmp_path), seats)
    before = Match.load(save).history
    result = runner.invoke(app, ["play", "--resume", str(save), "--seat", "2", "--name", "Ana"], input="quit\n")
    shown = " ".join(result.output.split())
    assert result.exit_code == 0 and IGNORED.format(why=why) in shown, result.output
    assert "The match goes on with the seats as given now (--seat, --bots, --name), and these are saved in the file " \
           "instead." in shown
    after = Match.load(save)
    assert after.history == before and after.seats == [{"bot": "heuristic"}, {"person": "Ana"}, {"bot": "heuristic"}]


@pytest.mark.parametrize(("seats", "why"), MALFORMED[:3])
def test_replay_says_why_a_hand_edited_seats_header_is_ignored(seats: object, why: str, tmp_path: Path) -> None:
    """``replay`` of such a file says the same and names the seats by number; the file is unchanged."""
    save = _edited(_saved(tmp_path), seats)
    text = save.read_text(encoding="utf-8")
    result = runner.invoke(app, ["replay", str(save), "--seat", "2", "--no-step"])
    shown = " ".join(result.output.split())
    assert result.exit_code == 0 and IGNORED.format(why=why) + " The seats are named by their numbers." in shown
    assert "Replay as Seat 2 saw it." in shown and save.read_text(encoding="utf-8") == text


def test_a_german_terminal_says_the_ignored_seats_in_german(tmp_path: Path) -> None:
    save = _edited(_saved(tmp_path), [{"bot": "random"}])
    result = runner.invoke(app, ["replay", str(save), "--no-step", "--lang", "de"])
    shown = " ".join(result.output.split())
    assert result.exit_code == 0 and "Die in der ersten Zeile gespeicherten Plätze (wer wo saß) werden nicht " \
        "beachtet: Sie nennen 1 Platz, die Partie hat aber 3. play speichert einen Eintrag je Platz" in shown, shown
    assert "Die Plätze heißen nach ihren Nummern." in shown


def test_play_refuses_a_name_longer_than_a_table_takes(tmp_path: Path) -> None:
    """``play --name`` took 500 letters, which a web table refuses (80) and which widened the replay page."""
    result = runner.invoke(app, ["play", "colors", "--name", "A" * 81, "--lang", "de", "--save",
                                 str(tmp_path / "m.jsonl")])
    assert result.exit_code == 2 and "Dein Name ist zu lang: höchstens 80 Zeichen." in result.output, result.output
    assert not (tmp_path / "m.jsonl").exists()
