"""The terminal commands end to end (Typer's CliRunner), on real games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kartentisch.bots import bot_label
from kartentisch.cli.app import HINT_MOVES, app, refused
from kartentisch.games import GAME_IDS as OWN_GAMES
from kartentisch.games import get_game
from kartentisch.kernel import IllegalAction, InvalidReplay, MalformedToken, Match, Voice, narrate
from kartentisch.kernel.words import winners_line
from tests.conftest import GAME_IDS, GAMES

runner = CliRunner()


def test_games_lists_every_game_with_options() -> None:
    out = runner.invoke(app, ["games"]).stdout
    for game_id in GAME_IDS:
        assert game_id in out
    assert "target_score [30]" in out


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["target_score [30] (Target score): a whole number of at least 1, at a table at most 300",
            "rounds [null] (Rounds): null (one round per player) or a whole number of at least 1, at a table at most "
            "20",
            "end_total [100] (Match ends at): a whole number of at least 1, at a table at most 1000",
            "at a table at most 1790",
            "pass_cards [3] (Cards to pass): a whole number from 0 to 3"]),
    ("de", ["target_score [30] (Zielpunktzahl): eine ganze Zahl ab 1, an einem Tisch höchstens 300",
            "rounds [1] (Partien): eine ganze Zahl ab 1, an einem Tisch höchstens 20",
            "first_player [0] (Startspieler): ein Platz, ab 0 gezählt: 0 für Platz 1 bis Anzahl der Spieler − 1",
            '"short" (Kurz), "medium" (Mittel) oder "long" (Lang)',
            '"s4", "s6", "s13" und "s15", oder "random"']),
])
def test_games_lists_the_cap_a_table_sets_beside_each_range(lang: str, said: list[str]) -> None:
    """A fresh user read "target_score [30]: integer ≥ 1" and was refused 1000 at a table: the ranges say the cap a
    table people sit at sets (kernel.options ``table_maximum``: colors R16's target at most 300, a number of rounds
    at most 20), in the language asked for."""
    result = runner.invoke(app, ["games", "--lang", lang])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.replace("│", " ").split())
    for text in said:
        assert text in shown, (text, result.output)


@pytest.mark.parametrize(("started", "on_path", "said"), [
    (".venv/bin/kartentisch", None, "(.venv/bin/kartentisch games lists them)"),
    ("/usr/local/bin/kartentisch", "/usr/local/bin/kartentisch", "(kartentisch games lists them)"),
    (".venv/bin/kartentisch", "/usr/local/bin/kartentisch", "(.venv/bin/kartentisch games lists them)"),
])
def test_commands_to_type_name_the_program_as_it_was_started(monkeypatch: pytest.MonkeyPatch, started: str,
                                                             on_path: str | None, said: str) -> None:
    """A fresh user installed by the README (``.venv``, nothing on PATH) was told "kartentisch play --resume …",
    which their shell did not find: a command to type names the program as it was started, unless that name on
    PATH is this program."""
    monkeypatch.setattr("sys.argv", [started, "play"])
    monkeypatch.setattr("shutil.which", lambda name: on_path)
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 2
    assert said in " ".join(result.output.split())


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_summary_in_both_languages(game_id: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", game_id, "--lang", lang])
    assert result.exit_code == 0
    assert len(result.stdout) > 400


def test_rules_rejects_unknown_game_and_language() -> None:
    assert "There is no game “poker” here; the games are colors, chips" in runner.invoke(app, ["rules", "poker"]).output
    assert runner.invoke(app, ["rules", "colors", "--lang", "fr"]).exit_code != 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_a_whole_match_by_numbers_and_replay_it(game_id: str, tmp_path: Path) -> None:
    """A person types '1' (the first legal move) until the match ends; the replay file replays it."""
    save = tmp_path / "m.jsonl"
    typed = "help\nlog\nnot-a-token\n" + "1\n" * 20_000
    result = runner.invoke(app, ["play", game_id, "--players", "2", "--seed", "3", "--bots", "random",
                                 "--options", json.dumps(_short(game_id)), "--save", str(save), "--lang", "de"],
                           input=typed)
    assert result.exit_code == 0, result.output
    refusal = next(line for line in result.output.splitlines() if "not-a-token" in line)  # explained …
    assert "Nicht verstanden: 'not-a-token'. Gib die Nummer einer Wahl ein" in refusal, refusal  # in words
    match = Match.load(save)
    assert match.state.game_over
    # … the match was played to its end, and its winners are named in words, seats by name
    def over(lang: str, names: tuple[str, ...]) -> str:
        return winners_line(match.state.view(0), Voice(lang, 0, names), match.state.game)

    # told once, under the final table (the last move's sentence keeps the round's scores only)
    won = over("de", _seat_names_of("de"))
    assert result.output.count(won) == 1 and result.output.index(won) > result.output.rindex("Punkteblock")
    assert "Platz 0" not in result.output and "Seat 0" not in result.output  # seats count from 1
    replayed = runner.invoke(app, ["replay", str(save), "--seat", "1", "--no-step"])
    # the replay names the seats as play did (the header's seats): the person by number without a name, the bot
    assert replayed.exit_code == 0 and replayed.stdout.count(over("en", _seat_names_of("en"))) == 1, replayed.stdout
    assert "Move 1/" in replayed.stdout


def _seat_names_of(lang: str) -> tuple[str, ...]:
    """The seat names of a two-seat terminal match against one random bot (the person first)."""
    return ("", bot_label("random", 1, lang))


def _short(game_id: str) -> dict:
    """Options that keep a match short (one round where the game allows it), as the game declares them."""
    return dict(GAMES[game_id].parts.short_match)


def test_replay_file_errors_name_the_line(tmp_path: Path) -> None:
    match = Match(get_game("colors"), 2, seed=1)
    seat = match.state.to_act()[0]
    match.apply(seat, match.state.legal_actions(seat)[0])
    lines = match.dumps().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], '{"seat": 0, "token": "play:zz"}']))
    with pytest.raises(InvalidReplay, match=r"bad.jsonl:2: token does not replay: colors R(5|19)"):
        Match.load(bad)
    bad.write_text("\n".join([lines[0], "{not json"]))
    with pytest.raises(InvalidReplay, match=r":2: malformed entry"):
        Match.load(bad)
    # JSON's true is no seat number (a designer's edited file was replayed as seat 1); what is missing is named
    for entry, said in (('{"seat": true, "token": "play:b0"}', "seat true is not a whole number"),
                        ('{"seat": 0}', "no token"), ("[0]", "an entry is an object with a seat and a token")):
        bad.write_text("\n".join([lines[0], entry]))
        with pytest.raises(InvalidReplay, match=rf":2: malformed entry \({said}\)"):
            Match.load(bad)
    bad.write_text('{"format": "other"}')
    with pytest.raises(InvalidReplay, match=r":1: not a kartentisch-replay/1 header"):
        Match.load(bad)
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1 and "this is no replay file of kartentisch" in result.output
    head = json.loads(lines[0])
    for seed in ("abc", 3.5, True, -3):  # random.Random takes them all, but no header of ours holds one
        bad.write_text(json.dumps({**head, "seed": seed}) + "\n" + lines[1])
        with pytest.raises(InvalidReplay, match=r":1: bad header \(seed must be an integer ≥ 0 or null"):
            Match.load(bad)


def _broken(tmp_path: Path, *lines: str) -> Path:
    """A replay file of a colors match (seed 1, two seats) whose first move is followed by ``lines``."""
    match = Match(get_game("colors"), 2, seed=1)
    seat = match.state.to_act()[0]
    match.apply(seat, match.state.legal_actions(seat)[0])
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join([*match.dumps().splitlines(), *lines]) + "\n", encoding="utf-8")
    return path


def _not_allowed(tmp_path: Path, seat: int = 1) -> Path:
    """A replay file whose third line plays a card ``seat`` does not hold (colors R5); seat 1 is to act there."""
    match = Match(get_game("colors"), 2, seed=1)
    first = match.state.to_act()[0]
    match.apply(first, match.state.legal_actions(first)[0])
    assert match.state.to_act() == [1]
    hand = match.state.to_doc()["zones"]["hands"][seat]
    card = next(f"{c}{n}" for c in "bgpry" for n in range(10) if f"{c}{n}" not in hand)
    return _broken(tmp_path, json.dumps({"seat": seat, "token": f"play:{card}"}))


@pytest.mark.parametrize(("make", "lang", "said"), [
    (lambda p: _broken(p, "{not json"), "en",
     "broken.jsonl, line 3: a move was expected here (the seat and what it did), as kartentisch play saves it, but "
     "this line cannot be read as one."),
    (lambda p: _broken(p, "{not json"), "de",
     "broken.jsonl, Zeile 3: Hier wurde ein Zug erwartet (der Platz und was er tat), so wie kartentisch play ihn "
     "speichert, aber diese Zeile lässt sich nicht als Zug lesen."),
    (lambda p: _broken(p, '{"seat": 0}'), "de", "broken.jsonl, Zeile 3: Der Platz steht da, aber was er tat, fehlt."),
    (lambda p: _broken(p, '{"token": "deal"}'), "en", "broken.jsonl, line 3: the move's seat is missing."),
    (_not_allowed, "en", "broken.jsonl, line 3: move 2, by Seat 2, does not replay: “Play "),
    (_not_allowed, "en", "” is not allowed there. You play one card of your own hand, on your turn."),
    (_not_allowed, "de", "broken.jsonl, Zeile 3: Zug 2 von Platz 2 lässt sich nicht nachspielen: „Spiele "),
    (_not_allowed, "de", "“ ist dort nicht erlaubt. Du spielst am Zug eine Karte aus deiner eigenen Hand."),
    # a seat out of turn is told so, not with the rule's words addressed to the reader (a fresh user's finding)
    (lambda p: _not_allowed(p, seat=0), "de",
     "broken.jsonl, Zeile 3: Zug 2 von Platz 1 lässt sich nicht nachspielen: Platz 1 ist dort nicht am Zug (am Zug: "
     "Platz 2)."),
    (lambda p: _not_allowed(p, seat=0), "en",
     "broken.jsonl, line 3: move 2, by Seat 1, does not replay: it is not Seat 1's turn there (Seat 2 to act)."),
    (lambda p: _broken(p, '{"seat": 0, "token": "play:zz"}'), "de",
     "broken.jsonl, Zeile 3: Zug 2 von Platz 1 lässt sich nicht nachspielen: Was dort steht, ist kein Zug von "
     "Farblücke."),
    (lambda p: _broken(p, '{"seat": 5, "token": "play:b1"}'), "en",
     "broken.jsonl, line 3: move 2 is by seat 5, which is not at this table of 2 players (the file counts seats "
     "from 0 to 1)."),
    (lambda p: _write(p, '{"scores": [1, 2]}'), "de",
     "other.jsonl: Das ist keine Wiederholungsdatei von kartentisch: Ihre erste Zeile sollte die Partie beschreiben "
     "(Spiel, Spieler, Einstellungen und die Kartenverteilung), so wie kartentisch play sie speichert."),
    (lambda p: _write(p, '{"format": "kartentisch-replay/2", "game": "colors"}'), "en",
     "other.jsonl: this replay file was written in another version of the format (2), which this kartentisch cannot "
     "read."),
    (lambda p: _write(p, '{"format": "kartentisch-replay/1", "game": "poker", "players": 2}'), "de",
     "other.jsonl, Zeile 1: Das Spiel „poker“ ist hier unbekannt; dieses kartentisch kennt Gepäckband, Farblücke, "
     "Farbraster, Letzte Karte, Kartenchaos"),  # the games as installed (kernel.registry.known_ids)
    (lambda p: _write(p, '{"format": "kartentisch-replay/1", "game": "colors", "players": 9}'), "en",
     "other.jsonl, line 1: Colour Gap is played by 2 to 6 players, not 9."),
    (lambda p: _write(p, '{"format": "kartentisch-replay/1", "game": "colors", "players": 2, '
                         '"options": {"target_score": 0}}'), "de", "other.jsonl, Zeile 1: Zielpunktzahl: Wähle eine "
                                                                   "ganze Zahl ab 1."),
])
def test_a_broken_replay_file_is_said_in_the_readers_words(make, lang: str, said: str, tmp_path: Path) -> None:
    """A fresh user's broken replay files were answered in English with a parser's words ("bad.jsonl:2: malformed
    entry (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))", "token does not replay:
    colors R5: seat 0: 'play:b3' is illegal …"): the reader's language says which line is wrong, what belongs
    there, and a refused move in words with its rule's words; exit status 1, no traceback, no token."""
    path = make(tmp_path)
    for command in (["replay", str(path), "--no-step"], ["review", str(path)]):  # the two share the loading
        result = runner.invoke(app, [*command, "--lang", lang])
        shown = " ".join(result.output.split())
        assert result.exit_code == 1 and said in shown, (command, result.output)
        assert not re.search(r"Traceback|token|JSON|malformed|Expecting|header|colors R|\bplay:", shown), shown


def _write(tmp_path: Path, text: str) -> Path:
    (path := tmp_path / "other.jsonl").write_text(text + "\n", encoding="utf-8")
    return path


def test_simulate_writes_json_and_is_identical_across_jobs(tmp_path: Path) -> None:
    outs = []
    for jobs in (1, 2):
        path = tmp_path / f"s{jobs}.json"
        result = runner.invoke(app, ["simulate", "colors", "--players", "3", "--games", "12", "--bots",
                                     "heuristic,random", "--seed", "4", "--jobs", str(jobs), "--json", str(path)])
        assert result.exit_code == 0, result.output
        outs.append(json.loads(path.read_text()))
    for key in ("bots", "seats", "mean_rounds", "mean_decisions", "ended"):
        assert outs[0][key] == outs[1][key]
    assert outs[0]["ended"] == 12
    assert set(outs[0]["bots"]) == {"heuristic", "random"}
    assert abs(sum(s["wins"] for s in outs[0]["seats"]) - 12) < 1e-9  # shared wins split, one win per match


def test_simulate_rejects_bad_bot_and_options() -> None:
    assert "unknown bot 'genius'" in runner.invoke(app, ["simulate", "colors", "--bots", "genius"]).output
    assert "unknown option" in runner.invoke(app, ["simulate", "colors", "--options", '{"x": 1}']).output


def test_scenario_command_reports_failures(tmp_path: Path) -> None:
    good = {"name": "ok", "game": "colors", "players": 2, "seed": 1, "actions": [],
            "expect": {"round_over": False}}
    bad = dict(good, name="bad", expect={"round_over": True})
    (tmp_path / "a.json").write_text(json.dumps(good))
    (tmp_path / "b.json").write_text(json.dumps(bad))
    (tmp_path / "c.json").write_text("{broken")
    result = runner.invoke(app, ["scenario", str(tmp_path)])
    assert result.exit_code == 1
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "1 passed, 2 failed"
    assert any("b.json" in ln and "round_over: expected True" in ln for ln in lines)
    assert any("c.json" in ln and "unreadable scenario" in ln for ln in lines)


@pytest.mark.parametrize(("change", "message"), [
    ({"players": None}, "'players' is required unless a 'state' is given"),
    ({"game": ["colors"]}, "game: Input should be a valid string"),
    ({"expect": []}, "expect: Input should be a valid dictionary"),
    ({"expect": {"legal": {"a": []}}}, "expect.legal.a.[key]: String should match pattern"),
    ({"expect": {"illegal": {"1": "play:b0"}}}, "expect.illegal.1: Input should be a valid list"),
    ({"expect": {"legal": {"9": []}}}, "expect: no seat 9 at a table of 2"),
    ({"expect": {"error_at": "0"}}, "expect.error_at: Input should be a valid integer"),
    ({"expcet": {}}, "expcet: Extra inputs are not permitted"),
    ({"actions": [5]}, "actions.0: Input should be a valid string"),
    ({"actions": ["²:play:b0"]}, "actions.0: String should match pattern"),
    ({"actions": ["9" * 5000 + ":play:b0"]}, "actions.0: String should match pattern"),
    ({"seed": [1]}, "seed: Input should be a valid integer"),
    ({"options": "x"}, "options: Input should be a valid dictionary"),
    ({"deck": [["b0"]]}, "deck.0: Input should be a valid string"),
    ({"state": {}, "deck": []}, "either 'deck' or 'state', not both"),
    ({"state": {"options": [1]}}, "setup failed: state.options must be an object, not [1]"),
])
def test_malformed_scenarios_fail_with_what_is_wrong(tmp_path: Path, change: dict, message: str) -> None:
    """A malformed scenario is one failure naming the problem; the folder's other files still run."""
    good = {"name": "ok", "game": "colors", "players": 2, "seed": 1, "actions": [], "expect": {"round_over": False}}
    bad = {k: v for k, v in {**good, "name": "bad", **change}.items() if v is not None}
    (tmp_path / "a.json").write_text(json.dumps(good))
    (tmp_path / "b.json").write_text(json.dumps(bad))
    result = runner.invoke(app, ["scenario", str(tmp_path)])
    assert result.exit_code == 1, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert any(ln.startswith("FAIL") and "b.json" in ln and message in ln for ln in lines), result.stdout


def test_deeply_nested_scenario_json_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text("[" * 100_000)
    result = runner.invoke(app, ["scenario", str(tmp_path)])
    assert result.exit_code == 1 and "unreadable scenario" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "colors", "--bots", ""], "--bots needs at least one bot spec"),
    (["simulate", "colors", "--jobs", "0"], "greater than or equal to 1"),
    (["simulate", "colors", "--games", "-5"], "greater than or equal to 1"),
    (["simulate", "colors", "--bots", "ismcts:foo=1"], "unknown parameter 'foo'; ismcts takes iterations"),
    (["simulate", "colors", "--json", "/no/such/folder/x.json"], "folder /no/such/folder does not exist"),
    (["play", "colors", "--bots", ","], "--bots names no bot. The bots are random (plays at random), heuristic"),
    (["play", "colors", "--save", "/no/such/folder/m.jsonl"], "folder /no/such/folder does not exist"),
    (["play", "colors", "--save", "/tmp"], "--save /tmp: is a folder; give a file name"),
    (["play", "colors", "--save", "/proc/m.jsonl"], "--save /proc/m.jsonl: cannot be written"),
    (["simulate", "colors", "--json", "/tmp"], "--json /tmp: is a folder; give a file name"),
    (["tournament", "colors", "--bots", "random", "--matches", "2", "--json", "/tmp"], "--json /tmp: is a folder"),
    (["scorepad", "grid", "--players", "Ana,Ben", "--file", "/tmp"], "--file /tmp: is a folder"),
    (["soak", "colors", "--matches", "-1"], "greater than or equal to 1"),
    (["tournament", "colors", "--bots", "random", "--matches", "2", "--plot", "/tmp/t.txt"], "format '.txt' not"),
])
def test_bad_arguments_are_refused_before_any_work(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", " ").split())


def test_bot_parameters_stay_with_their_bot() -> None:
    from kartentisch.cli.common import bot_specs

    assert bot_specs("ismcts:iterations=1000,c=0.7,heuristic, random") == [
        "ismcts:iterations=1000,c=0.7", "heuristic", "random"]


def test_replay_refuses_binary_files_and_foreign_seats(tmp_path: Path) -> None:
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\x00\xff\xfe")
    result = runner.invoke(app, ["replay", str(binary)])
    assert result.exit_code == 1 and "this is no replay file of kartentisch: it holds no text." in result.output
    saved = tmp_path / "m.jsonl"
    Match(get_game("colors"), 2, seed=1).save(saved)
    result = runner.invoke(app, ["replay", str(saved), "--seat", "5", "--no-step"])
    assert result.exit_code == 2 and "--seat 5: this match has seats 1 to 2." in result.output


@pytest.mark.parametrize(("lang", "opened", "label", "spectator"), [
    ("en", "Replay with all cards open (--seat N shows what one seat saw).", "Mayhem · all cards open", "spectator"),
    ("de", "Wiederholung mit allen Karten offen (--seat N zeigt, was ein Platz sah).",
     "Kartenchaos · alle Karten offen", "Zuschauer"),
])
def test_a_replay_with_every_card_open_says_so_not_spectator(lang: str, opened: str, label: str, spectator: str,
                                                              tmp_path: Path) -> None:
    """A fresh user's ``kartentisch replay FILE`` showed every hand under the title "Mayhem · spectator" (a spectator
    sees no hand): the replay says that all cards are open, and a seat's replay whose view it is."""
    match = Match(get_game("mayhem"), 3, seed=5)
    for _ in range(3):
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    match.save(saved := tmp_path / "m.jsonl")
    result = runner.invoke(app, ["replay", str(saved), "--no-step", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(opened) and label in result.output and spectator not in result.output
    hand = match.state.to_doc()["zones"]["hands"][1]
    assert get_game("mayhem").card_name(hand[0], lang) in result.output  # every hand is shown
    own = runner.invoke(app, ["replay", str(saved), "--no-step", "--lang", lang, "--seat", "2"])
    assert own.output.startswith({"en": "Replay as Seat 2 saw it.", "de": "Wiederholung, wie Platz 2 sie sah."}[lang])
    assert "all cards open" not in own.output and "alle Karten offen" not in own.output


def test_replay_step_ends_quietly_at_the_end_of_input(tmp_path: Path) -> None:
    match = Match(get_game("colors"), 2, seed=1)
    for _ in range(3):
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    match.save(saved := tmp_path / "m.jsonl")
    result = runner.invoke(app, ["replay", str(saved), "--step"], input="")
    assert result.exit_code == 0 and "Aborted" not in result.output
    assert result.output.count("Move ") <= 1, result.output  # stopped at the first prompt


def test_replay_of_a_match_cut_short_says_it_is_not_over(tmp_path: Path) -> None:
    """A replay file ending mid-match was stepped through to its last move without a word (a designer's finding;
    ``review`` said it): the end says the match is not over, in the reader's language; a whole match's does not."""
    match = Match(get_game("colors"), 2, seed=1)
    for _ in range(3):
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    match.save(saved := tmp_path / "m.jsonl")
    result = runner.invoke(app, ["replay", str(saved), "--no-step", "--lang", "de"])
    assert result.exit_code == 0 and result.output.rstrip().endswith("Die Partie ist nicht zu Ende."), result.output
    while not match.state.game_over:
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    match.save(saved)
    assert "not over" not in runner.invoke(app, ["replay", str(saved), "--no-step"]).output


def test_play_explains_a_move_number_out_of_range(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--save", str(tmp_path / "m.jsonl")],
                           input="99\n\nquit\n")
    assert "There is no choice 99; choose 1 … 6" in result.output
    assert result.exit_code == 0


def test_play_takes_odd_digits_as_illegal_tokens(tmp_path: Path) -> None:
    """``"²".isdigit()`` and ``"--1".lstrip("-").isdigit()`` are true, yet ``int()`` refuses both:
    they are answered as (illegal) tokens, not with a traceback."""
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--save", str(tmp_path / "m.jsonl")],
                           input="²\n--1\n-1\n0\nplay:y9\n" + "9" * 5000 + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Not understood: '²'. Type the number of a choice" in result.output
    assert "Not understood: '--1'." in result.output
    assert "There is no choice 0; choose 1 … 6" in result.output  # a stray 0 is no undo
    # a move in the notation that the rules refuse: in words with its rule, no token, no 0-based seat
    assert ("Not allowed now: “Play Yellow 9”. You play one card of your own hand, on your turn. Type the number of "
            "a choice.") in result.output
    assert "'play:y9'" not in result.output
    assert "There is no choice 99999" in result.output  # 5,000 digits: no choice (never int() of it)
    assert "There is no choice -1; choose 1 … 6" in result.output


@pytest.mark.parametrize(("args", "said"), [
    (["--players", "9"], "Farblücke spielen 2 bis 6 Spieler, nicht 9."),
    (["--options", '{"target_score": 1000000000}'], "Zielpunktzahl: Wähle eine ganze Zahl von 1 bis 300."),
    (["--seat", "3"], "Platz 3 gibt es an diesem Tisch nicht: wähle einen Platz von 1 bis 2."),
    (["--players", "zwei"], "Anzahl der Spieler: 'zwei' ist keine Zahl; gib eine ganze Zahl an, etwa 2."),
    (["--seat", "-1"], "Platz -1 gibt es an diesem Tisch nicht: wähle einen Platz von 1 bis 2."),
    (["--seat", "1.5"], "Dein Platz: '1.5' ist keine Zahl; gib eine ganze Zahl an, etwa 2."),
    # what the person typed is named (a designer read "has no such option"; a page, which offers only the game's
    # options, says it without the id)
    (["--options", '{"x": 1}'], "Die Einstellung „x“ gibt es bei Farblücke nicht; wähle die Einstellungen noch "
                                "einmal."),
    (["--seed", "-1"], "Startwert (--seed): -1 ist zu klein; gib eine ganze Zahl ab 0 an."),
    (["--seed", "eins"], "Startwert (--seed): 'eins' ist keine Zahl; gib eine ganze Zahl an, etwa 2."),
    (["--seed", "9" * 27], "Startwert (--seed): 999999999999999999999999999 ist zu groß; gib eine ganze Zahl bis "
                           "18446744073709551615 an."),
    (["--players", "9" * 5000], "Anzahl der Spieler: 999999999999999999999999999999… ist zu groß;"),
])
def test_a_german_terminal_refuses_a_bad_setup_in_german(args: list[str], said: str, tmp_path: Path) -> None:
    """A fresh user's ``--players 9`` got Typer's English "Invalid value: colors: 9 players not allowed": the
    terminal's language says what is allowed (the API's words, kartentisch.kernel.setup_words; colors R16's
    target at most ten times its usual 30), and nothing starts."""
    save = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", "colors", "--lang", "de", "--save", str(save), *args])
    shown = " ".join(result.output.split())  # a long sentence wraps at the terminal's width
    assert result.exit_code == 2 and said in shown and "Invalid value" not in result.output, result.output
    assert not save.exists()


@pytest.mark.parametrize(("lang", "options", "said"), [
    ("en", {"specials": ["s1"]}, "Special cards: this value is not possible here. Only the special cards 2, 3, 4, 6, "
                                 "13 and 15 are in play, each at most once, or 3 drawn at random; the others have no "
                                 "known text."),
    ("de", {"specials": ["s2", "s2"]}, "Sonderkarten: Dieser Wert geht hier nicht. Im Spiel sind nur die "
                                       "Sonderkarten 2, 3, 4, 6, 13 und 15, jede höchstens einmal, oder 3 zufällig "
                                       "gezogene; die anderen haben keinen bekannten Text."),
    ("en", {"first_player": 3}, "Start player: choose a seat from 1 to 3; in --options it is written counted from "
                                "0, so 0 to 2."),
    ("de", {"first_player": -1}, "Startspieler: Wähle einen Platz von 1 bis 3; in --options wird er ab 0 gezählt "
                                 "geschrieben, also 0 bis 2."),
])
def test_a_refused_chips_option_says_its_rule_or_its_seats(lang: str, options: dict, said: str,
                                                            tmp_path: Path) -> None:
    """A fresh user's special card s1 was refused as "this value is not possible here" without chips R19 (only the
    six special cards with a known text are in play, each once), and a start player 3 of three seats without the
    seats allowed: the refusal says the rule in words, or the seats 1 to 3 (and how --options counts them)."""
    result = runner.invoke(app, ["play", "chips", "--players", "3", "--lang", lang, "--options", json.dumps(options),
                                 "--save", str(tmp_path / "m.jsonl")])
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and said in shown, result.output
    # the refused code is not echoed ("s13" of how the cards are written is no "s1")
    assert "R19" not in shown and not re.search(r"\bs1\b", shown) and "first_player" not in shown


def test_play_names_the_person_as_given_and_refuses_a_name_nobody_could_tell_apart(tmp_path: Path) -> None:
    """The terminal called its player "Seat 1 (you)" (a fresh user's finding): ``--name`` names the seat as a web
    table does, checked as there (kernel.names: not a bot's name at this table, nothing invisible), in the
    terminal's language; a German table also refuses 100,000 rounds (lastcard R2, at most 20 at a table)."""
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--name", "Ana", "--save", str(tmp_path / "a.jsonl")],
                           input="quit\n")
    assert result.exit_code == 0 and "Ana (you)" in result.output and "Seat 1" not in result.output, result.output
    result = runner.invoke(app, ["play", "colors", "--lang", "de", "--name", "Bot Max (solide)",
                                 "--save", str(tmp_path / "b.jsonl")])
    assert result.exit_code == 2 and "Platz 2 heißt schon „Bot Max (solide)“" in result.output, result.output
    result = runner.invoke(app, ["play", "colors", "--name", "A\u200bna", "--save", str(tmp_path / "c.jsonl")])
    assert result.exit_code == 2 and "invisible character" in result.output, result.output
    result = runner.invoke(app, ["play", "lastcard", "--lang", "de", "--options", '{"rounds": 100000}',
                                 "--save", str(tmp_path / "d.jsonl")])
    assert result.exit_code == 2 and "Runden: Wähle eine ganze Zahl von 1 bis 20." in result.output, result.output
    assert not any(tmp_path.glob("[bcd].jsonl"))


@pytest.mark.parametrize(("args", "said"), [
    (["play", "farbe"], "Ein Spiel „farbe“ gibt es hier nicht; die Spiele sind colors, chips, lastcard, grid, "
                        "mayhem (kartentisch games listet sie)."),
    (["rules", "farbe"], "Ein Spiel „farbe“ gibt es hier nicht;"),
    (["review", "m.jsonl", "--iterations", "0"], "Suchläufe je Entscheidung (--iterations): 0 ist zu klein; gib "
                                                 "eine ganze Zahl ab 1 an."),
    (["review", "m.jsonl", "--seed", "-2"], "Startwert (--seed): -2 ist zu klein;"),
    (["review", "m.jsonl", "--seat", "zwei"], "Zu analysierender Platz (--seat): 'zwei' ist keine Zahl;"),
])
def test_a_german_terminal_refuses_a_bad_game_or_number_in_german(args: list[str], said: str) -> None:
    """A fresh user's ``play farbe --lang de`` and ``review … --iterations 0 --lang de`` got Click's English
    "Invalid value …" in a box: they are refused in the terminal's language, before any work (exit 2)."""
    result = runner.invoke(app, [*args, "--lang", "de"])
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and said in shown and "Invalid value" not in result.output, result.output


def test_a_german_terminal_names_a_refused_move_in_words(tmp_path: Path) -> None:
    """A move in the notation that the rules refuse (colors R5: not in the hand) is named as the choices name
    moves, never by its token, and the rule it breaks in words, never by its id (a fresh user read "(lastcard R5)");
    a move the words cannot name at all is said to be no move here, not "„dieser Zug“" (chips R5: no such
    position; a fresh user's ``take:99`` read "Not allowed now: “this move”.")."""
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--lang", "de", "--save", str(tmp_path / "m.jsonl")],
                           input="play:y9\nende\n")
    assert ("Jetzt nicht erlaubt: „Spiele Gelb 9“. Du spielst am Zug eine Karte aus deiner eigenen Hand. Gib die "
            "Nummer einer Wahl ein.") in result.output
    assert "play:y9'" not in result.output and "hand" not in result.output
    result = runner.invoke(app, ["play", "chips", "--seed", "1", "--lang", "de", "--save", str(tmp_path / "c.jsonl")],
                           input="take:60\nende\n")
    assert "Das ist hier kein Zug. Nimm eine Karte der Reihe, deren Chips" in result.output, result.output
    assert "R5" not in result.output and "take:60" not in result.output
    result = runner.invoke(app, ["play", "chips", "--seed", "1", "--save", str(tmp_path / "e.jsonl")],
                           input="take:99\nquit\n")
    assert "That is not a move here. Take a card of the row" in result.output, result.output
    assert "“" not in result.output and "take:99'" not in result.output


def test_the_prompt_s_commands_are_german_in_german(tmp_path: Path) -> None:
    """The German prompt names German commands, which work (the English ones too)."""
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--lang", "de", "--save", str(tmp_path / "m.jsonl")],
                           input="Hilfe\nzurück\nverlauf\nback\nende\n")
    assert result.exit_code == 0, result.output
    assert "Nummer (zurück, tipp, hilfe, regeln, verlauf, ende)>" in result.output
    assert "Befehle: tipp (die besten Züge laut Coach), hilfe, regeln, verlauf" in result.output  # help answered
    assert result.output.count("Nichts zurückzunehmen") == 2  # zurück and back
    assert "Partie unvollendet verlassen." in result.output and "back, help" not in result.output


def test_play_explains_back_at_the_first_step_and_deep_options(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--save", str(tmp_path / "m.jsonl")],
                           input="back\nquit\n")
    assert result.exit_code == 0 and "Nothing to take back" in result.output
    deep = '{"a":' * 3000 + "1" + "}" * 3000
    result = runner.invoke(app, ["play", "colors", "--options", deep])
    assert result.exit_code == 2 and "nested too deeply" in result.output and "Traceback" not in result.output


def test_the_score_pad_s_german_prompts_name_german_commands(tmp_path: Path) -> None:
    """``kartentisch scorepad --lang de``: hilfe and abbrechen work inside a round and at the main prompt,
    and the German texts name them (no English command words)."""
    lines = ["hilfe", "", "hilfe", "2", "abbrechen", "ende"]
    result = runner.invoke(app, ["scorepad", "colors", "--players", "Ana,Ben", "--lang", "de",
                                 "--file", str(tmp_path / "pad.json")], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Befehle: Enter = nächste Runde eingeben" in result.output and "hilfe = diese Liste" in result.output
    assert "Für jeden Spieler gefragt (Ana, Ben):" in result.output  # hilfe inside the round
    assert "Runde 1 nicht eingetragen (abgebrochen)." in result.output
    assert "Nicht verstanden" not in result.output
    assert not re.search(r"\b(help|cancel)\b", result.output), result.output


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_every_game_s_terminal_refusal_says_the_rule_in_words_not_its_id(game, lang: str) -> None:
    """Each game's first refused move of a seated player (a token legal at another deal or in another phase, refused
    here) reads as words in the terminal's language: no rule id, no token."""
    state = game.new_state(players=min(3, game.max_players), seed=1)
    seat = state.to_act()[0]
    deals = [game.new_state(players=state.players, seed=s) for s in range(2, 12)]
    others = {"take:60", "draw", "deal"} | {token for deal in deals for token in deal.legal_actions(deal.to_act()[0])}
    for token in sorted(others - set(state.legal_actions(seat))):
        try:
            state.clone().apply(seat, token)
        except MalformedToken:
            continue
        except IllegalAction as exc:
            rule, said = exc.rule, refused(state, seat, exc, token, Voice(lang, viewer=seat))
            break
    else:
        pytest.fail(f"{game.id}: no refused token found")
    assert not re.search(r"\bR\d+\b|\(", said) and rule not in said, said
    assert ":" not in token or token not in said, said
    assert said.startswith(("Not allowed now", "That is not a move here") if lang == "en"
                           else ("Jetzt nicht erlaubt", "Das ist hier kein Zug")), said
    assert len(said.split(". ")) >= 3, f"no rule in words: {said}"


@pytest.mark.parametrize(("lang", "typo", "step", "swapped"), [
    ("de", "Nicht verstanden: 'xyz'.", "Tausche Rot 4 ins Raster ein", "Du tauschst Rot 4 in Reihe 1, Spalte 1 ein"),
    ("en", "Not understood: 'xyz'.", "Swap Red 4 into the grid", "You swap Red 4 into row 1, column 1"),
])
def test_a_typo_keeps_the_half_made_move(lang: str, typo: str, step: str, swapped: str, tmp_path: Path) -> None:
    """A fresh user typed ``xyz`` at the second step of grid's swap (grid R7: take the discard, then a place of
    the grid): the whole table was drawn again and the first step asked again. Like a wrong number, a typo (and a
    move the rules refuse now) keeps the steps picked so far: the next ``1`` is the first place of the grid."""
    result = runner.invoke(app, ["play", "grid", "--seed", "1", "--lang", lang, "--save", str(tmp_path / "m.jsonl")],
                           input="1\n1\n2\n1\nxyz\ndraw\n1\nquit\n")  # flip, flip, take the discard, swap, …
    assert result.exit_code == 0, result.output
    after = result.output.split(typo, 1)[1].splitlines()
    assert after[0].endswith("back, hint, help, rules, log or quit." if lang == "en" else "verlauf oder ende.")
    assert after[1] == step, after[:3]  # the step is asked again at once: no table drawn between
    draw = "Not allowed now: “Draw" if lang == "en" else "Jetzt nicht erlaubt: „Ziehe"
    refusal = next(i for i, line in enumerate(after) if draw in line)
    assert after[refusal + 1] == step, after[refusal:refusal + 3]  # a refused move keeps the step too
    assert swapped in result.output, result.output


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_scored_round_is_shown_before_a_bot_deals_the_next(game_id: str, tmp_path: Path) -> None:
    """A fresh user (grid, German) read "Runde 1 ist vorbei: …" followed straight by "Bot Max (solide) gibt Runde
    2…": only their own deal showed the scored round. Whoever deals (colors R18, chips R11, grid R20, lastcard R17,
    mayhem R72), the round's end is drawn (grid R16's revealed grids) with the score pad, and the terminal waits for
    Enter before the bot's deal; from either seat, so that every game has a bot deal."""
    options = json.dumps({"rounds": 2} if game_id == "chips" else {})
    bot_deals = 0
    for seat in (1, 2):
        save = tmp_path / f"m{seat}.jsonl"
        result = runner.invoke(app, ["play", game_id, "--players", "2", "--seat", str(seat), "--seed", "3", "--bots",
                                     "random", "--options", options, "--save", str(save), "--lang", "de"],
                               input="1\n" * 300)  # then the end of input: the match is left where it is
        assert result.exit_code == 0, result.output
        match, me = Match.load(save), seat - 1
        voice = Voice("de", me, tuple(bot_label("random", s, "de") if s != me else "" for s in range(2)))
        states = list(match.states())
        deals = [i for i, (s, token) in enumerate(match.history) if token == "deal" and s != me]
        for i in deals:
            s = match.history[i][0]
            ended = narrate(states[i - 1], match.history[i - 1][0], match.history[i - 1][1], states[i], voice)
            dealt = narrate(states[i], s, "deal", states[i + 1], voice).text
            shown = result.output.split(f"Enter: weiter, q: beenden {dealt}")[0]
            assert ended.round_text and ended.round_text in shown, result.output  # the deal waited for Enter …
            assert "Punkteblock" in shown[shown.rindex(ended.round_text):]  # … under the scored round's table
        assert result.output.count("Enter: weiter, q: beenden") == len(deals), result.output  # only then
        bot_deals += len(deals)
    if game_id in OWN_GAMES:  # each of the five deals every round; an installed game may deal never (highcard)
        assert bot_deals, "no bot dealt: the test shows nothing"


@pytest.mark.parametrize(("game_id", "options", "lang", "said"), [
    ("colors", {"target_score": 15}, "en", "In this match, unlike the summary above: Target score: 15."),
    ("colors", {"target_score": 15, "first_player": 1}, "de",
     "Abweichend von der Zusammenfassung oben gilt hier: Zielpunktzahl: 15; Startspieler: Platz 2."),
    ("chips", {"specials": ["s3", "s13"]}, "en",
     "In this match, unlike the summary above: Special cards: Special card 3 and Special card 13."),
])
def test_the_rules_in_a_match_say_its_options(game_id: str, options: dict, lang: str, said: str,
                                              tmp_path: Path) -> None:
    """The rules summary states the defaults (colors: target 30); the match's own options follow it, in words."""
    result = runner.invoke(app, ["play", game_id, "--players", "2", "--seat", "2", "--seed", "1", "--bots", "random",
                                 "--options", json.dumps(options), "--lang", lang,
                                 "--save", str(tmp_path / "m.jsonl")], input="rules\nquit\n")
    assert result.exit_code == 0, result.output
    assert said in " ".join(result.output.split())


def test_mayhem_tells_round_ones_start_card_as_later_rounds_do(tmp_path: Path) -> None:
    """Round 1 is dealt by the match's start, not by a move: the terminal, its log and the replay tell its start card
    all the same ("Du teilst Runde 3 aus. Die Startkarte ist Rot 1." was said for later rounds only)."""
    save = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", "mayhem", "--players", "3", "--seed", "5", "--bots", "random",
                                 "--save", str(save), "--lang", "de"], input="verlauf\nende\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Du teilst Runde 1 aus. Die Startkarte ist Blau 6.") == 2  # at the start, in the log
    replayed = runner.invoke(app, ["replay", str(save), "--seat", "2", "--no-step"])
    assert "Seat 1 deals round 1. The start card is Blue 6." in replayed.stdout


def test_a_missing_replay_file_is_named_in_words(tmp_path: Path) -> None:
    """A fresh user read Python's "[Errno 2] No such file or directory: 'nonexist.jsonl'"."""
    missing = tmp_path / "nonexist.jsonl"
    result = runner.invoke(app, ["replay", str(missing)])
    text = " ".join(result.output.split())
    assert result.exit_code == 1 and f"{missing}: this replay file cannot be read: there is no such file." in text
    assert "Errno" not in text


def _first_moves(tmp_path: Path, lang: str = "en") -> tuple[Path, Match, str]:
    """A colors match of three (the person at seat 2, named Ana, against a random and a heuristic bot) left with quit
    after two of the person's moves: its file, its match and what the terminal said."""
    save = tmp_path / "left.jsonl"
    result = runner.invoke(app, ["play", "colors", "--players", "3", "--seat", "2", "--bots", "random,heuristic",
                                 "--name", "Ana", "--seed", "7", "--options", '{"target_score": 8}',
                                 "--save", str(save), "--lang", lang], input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    return save, Match.load(save), result.output


@pytest.mark.parametrize(("lang", "hint", "resumed"), [
    ("en", "It continues with: kartentisch play --resume ", "The match continues after move {n}."),
    ("de", "Weiter geht es mit: kartentisch play --resume ", "Die Partie geht nach Zug {n} weiter."),
])
def test_a_match_left_unfinished_continues_with_resume(lang: str, hint: str, resumed: str, tmp_path: Path) -> None:
    """A fresh user left a match with quit and could not continue it: ``play --resume FILE`` plays on from the saved
    moves with the same game, options and deal, the person on the same seat under the same name, the same bots on
    theirs (the header's optional ``seats``), and saves to the same file; the file still replays."""
    save, left, said = _first_moves(tmp_path, lang)
    # the command to copy keeps the language (a fresh user's resumed German match came back in English)
    assert hint + str(save) + ("" if lang == "en" else " --lang de") in " ".join(said.split())
    assert left.seats == [{"bot": "random"}, {"person": "Ana"}, {"bot": "heuristic"}]
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang], input="1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(resumed.format(n=len(left.history)))
    names = {"en": ("Bot Lena (plays at random)", "Ana (you)", "Bot Ida (steady)"),
             "de": ("Bot Lena (spielt zufällig)", "Ana (du)", "Bot Ida (solide)")}[lang]
    assert all(name in result.output for name in names), result.output
    done = Match.load(save)
    assert done.state.game_over and done.history[:len(left.history)] == left.history
    assert (done.game.id, done.players, done.seed, done.state.options) == \
        ("colors", 3, 7, left.state.options) and done.seats == left.seats
    assert hint not in result.output  # over: nothing to continue
    refused = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang])
    assert refused.exit_code == 2 and {"en": "is over: nothing is left to play.",
                                       "de": "ist vorbei: Es gibt nichts mehr zu spielen."}[lang] in \
        " ".join(refused.output.split()), refused.output
    assert Match.load(save).history == done.history


@pytest.mark.parametrize(("args", "said"), [
    (["--seat", "1"], "--seat does not fit the saved match (your seat: 2); leave it out to continue the match as it "
                      "was."),
    (["--bots", "random"], "--bots does not fit the saved match (bots by seat: Seat 1: random, Seat 3: heuristic)"),
    (["--players", "2"], "--players does not fit the saved match (players: 3)"),
    (["--seed", "8"], "--seed does not fit the saved match (deal: 7)"),
    (["--options", '{"target_score": 30}'], "--options does not fit the saved match (options: Target score: 8; "
                                            "Round limit: no limit, until someone reaches the target score; Start "
                                            "player: Seat 1)"),
    (["--name", "Bea"], "--name does not fit the saved match (your name: Ana)"),
    (["grid"], "holds a match of Colour Gap; leave the game out or give that one."),
])
def test_resume_refuses_what_does_not_fit_the_saved_match(args: list[str], said: str, tmp_path: Path) -> None:
    save, left, _ = _first_moves(tmp_path)
    result = runner.invoke(app, ["play", *args, "--resume", str(save)])
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output
    assert Match.load(save).history == left.history
    same = runner.invoke(app, ["play", "colors", "--resume", str(save), "--seat", "2", "--bots", "random,heuristic",
                               "--players", "3", "--seed", "7", "--name", "Ana"], input="quit\n")
    assert same.exit_code == 0 and "The match continues after move" in same.output, same.output


def test_resume_of_a_file_without_seats_takes_them_as_given(tmp_path: Path) -> None:
    """A replay file saved before the seats were kept (or by another face) holds no ``seats``: ``--seat``, ``--bots``
    and ``--name`` say them, as for a new match; a bad seat is refused in words."""
    save, left, _ = _first_moves(tmp_path)
    head, *moves = save.read_text(encoding="utf-8").splitlines()
    old = json.loads(head)
    del old["seats"]
    save.write_text("\n".join([json.dumps(old), *moves]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["play", "--resume", str(save), "--seat", "4", "--lang", "de"])
    assert result.exit_code == 2 and "Platz 4 gibt es an diesem Tisch nicht" in result.output
    result = runner.invoke(app, ["play", "--resume", str(save), "--seat", "2", "--bots", "random,heuristic",
                                 "--name", "Ana", "--lang", "de"], input="quit\n")
    assert result.exit_code == 0 and "Ana (du)" in result.output and "Bot Lena (spielt zufällig)" in result.output
    assert Match.load(save).seats == left.seats  # kept from now on


def test_ctrl_c_leaves_the_match_saved_to_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at the prompt ended with click's English "Aborted!": it leaves the match as quit does, in the
    terminal's language, saved with how to continue it."""
    from kartentisch.cli import app as cli_app

    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_app.console, "input", interrupt)
    save = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--lang", "de", "--save", str(save)])
    assert result.exit_code == 130 and "Aborted" not in result.output, result.output
    said = " ".join(result.output.split())
    assert f"Partie unvollendet verlassen. Partie gespeichert in {save} Weiter geht es mit: kartentisch play " \
           f"--resume {save}" in said
    assert not Match.load(save).state.game_over


def test_a_replay_file_with_seats_reads_as_one_without() -> None:
    """The header's ``seats`` is optional and changes no move: a file with it replays in every reader that takes
    only the keys it knows (Match.loads, the web's upload), and a match without it writes none (its header is as
    before: the web's tables, the scenarios' round trips)."""
    from kartentisch.web.replays import replay_of

    match = Match(get_game("colors"), 2, seed=3)
    match.apply(match.state.to_act()[0], match.state.legal_actions(match.state.to_act()[0])[0])
    plain = match.dumps()
    assert "seats" not in plain
    match.seats = [{"person": "Ana"}, {"bot": "random"}]
    kept = match.dumps()
    assert json.loads(kept.splitlines()[0]) == {**json.loads(plain.splitlines()[0]), "seats": match.seats}
    assert Match.loads(kept).history == Match.loads(plain).history and Match.loads(kept).seats == match.seats
    assert replay_of(kept).match.history == match.history


@pytest.mark.parametrize(("lang", "word", "title", "chance"), [
    ("en", "hint", "The coach's best moves, from ", " chance to win"),
    ("de", "Tipp", "Die besten Züge laut Coach, aus ", " Siegchance"),
])
def test_play_shows_the_coach_s_hint_in_words(tmp_path: Path, lang: str, word: str, title: str, chance: str) -> None:
    """The browser's hint in the terminal: up to three moves in words, each with its chance, best first; the move is
    still the person's to choose."""
    result = runner.invoke(app, ["play", "colors", "--seed", "1", "--lang", lang, "--save", str(tmp_path / "m.jsonl")],
                           input=f"{word}\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(title))
    moves = [line for line in lines[at + 1:at + 4] if line.endswith(chance)]
    assert 1 <= len(moves) <= 3, lines[at:at + 4]
    shown = [int(re.search(r"— (\d+) %", line)[1]) for line in moves]
    assert shown == sorted(shown, reverse=True) and not re.search(r"\b[a-z]+:[a-z0-9]", "\n".join(moves)), moves


@pytest.mark.parametrize(("lang", "word", "title", "thinking"), [
    ("en", "hint", "The coach's best moves that go on from Pass the 3, from ", "The coach is thinking"),
    ("de", "tipp", "Die besten Züge laut Coach nach dem Schritt „Gib die 3 weiter“, aus ", "Der Coach denkt nach"),
])
def test_a_hint_mid_move_goes_on_from_the_step_picked(tmp_path: Path, lang: str, word: str, title: str,
                                                       thinking: str) -> None:
    """A hint asked after a step of a move is picked (lastcard's pass: the 3 first) lists the best moves that go on
    from that step; asked again in the same decision it says the same, searched once."""
    save = str(tmp_path / "m.jsonl")
    result = runner.invoke(app, ["play", "lastcard", "--seed", "1", "--lang", lang, "--save", save],
                           input=f"1\n{word}\n{word}\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sum(thinking in line for line in lines) == 1, result.output
    at = [i for i, line in enumerate(lines) if title in line]  # after the prompt: input is not echoed
    assert len(at) == 2, result.output
    first, second = (lines[i + 1:i + 1 + HINT_MOVES] for i in at)
    assert first == second and all(re.match(r"  (Pass the 3|Gib die 3 weiter) ›", line) for line in first), first
