"""``kartentisch``: the command-line app (Typer + Rich).

Commands: ``games``, ``rules``, ``play``, ``replay``, ``simulate``, ``soak``, ``scenario``; the
faces add theirs (``tournament``, ``serve``, ``scorepad``, ``check-game``) from their own modules.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

import kartentisch.games as games
from kartentisch.bots import BOT_NAMES, check_person, make_bot, saved_seat_names
from kartentisch.bots.coach import chance_text, hint
from kartentisch.kernel import (
    LANGS,
    Bot,
    Game,
    GameState,
    IllegalAction,
    KartentischError,
    MalformedToken,
    Match,
    Voice,
    narrate,
)
from kartentisch.kernel.names import MAX_LENGTH, NameRefused
from kartentisch.kernel.options import Option
from kartentisch.kernel.replay_words import move_words
from kartentisch.kernel.scenario import run_paths
from kartentisch.kernel.setup_words import option_range, setup_refused
from kartentisch.kernel.words import common_text, listing, rule_words, score_line
from kartentisch.sim.lab import simulate

from .choose import Picker
from .common import (
    CLICK_ERRORS,
    asked_lang,
    bot_specs,
    exit_if_unended,
    known_game,
    load_replay,
    note_unreproducible,
    options_json,
    progress_bar,
    refuse,
    results_table,
    saved_seats,
    seats_ignored,
    usage_refused,
    whole_number,
    writable,
)
from .i18n import command, t
from .render import render_view

app = typer.Typer(help="kartentisch: five card games in the terminal, bots, simulation and rules checks.",
                  no_args_is_help=True, add_completion=False)
console = Console(highlight=False)

Lang = Annotated[str, typer.Option("--lang", help="Language: de or en.")]


def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise typer.BadParameter(f"language {lang!r}; allowed: {', '.join(LANGS)}")
    return lang


@app.command("games")
def games_cmd(lang: Lang = "en") -> None:
    """List the games with their player ranges and options: the name to give in --options, the default in
    brackets, the label, and the values allowed (with the cap at a table, e.g. a target score at most 300)."""
    _check_lang(lang)
    table = Table("id", *(escape(t(lang, key)) for key in ("games_name", "games_players", "games_options")))
    for game in games.all_games():
        opts = "\n".join(escape(f"{o.name} [{json.dumps(o.default)}] ({o.label.get(lang, o.name)}): "
                                 f"{option_range(o, lang)}") for o in game.options)
        table.add_row(game.id, f"{game.names['en']} / {game.names['de']}",
                      f"{game.min_players}–{game.max_players}", opts)
    console.print(table)


@app.command("rules")
def rules_cmd(game: str, lang: Lang = "en") -> None:
    """Show a readable rules summary of GAME for players."""
    console.print(Markdown(known_game(game, _check_lang(lang)).rules_text(lang)))


def show(state: GameState, seat: int | None, voice: Voice) -> None:
    """Draw the table as ``seat`` sees it (with the score pad once a round is scored)."""
    console.print(render_view(state.game, state.view(seat), seat, voice))


def _answer(prompt: str) -> str:
    """One typed line, stripped; the end of input reads as ``quit``."""
    try:
        return console.input(prompt).strip()
    except EOFError:
        return "quit"


def say(text: str, style: str = "") -> None:
    """Print game text as it is: names and cards never read as Rich markup (``[b]``, ``:b:`` emoji); in a terminal
    wrapped at word boundaries (the terminal itself would break words and numbers), piped as one line each."""
    console.print(text, style=style, markup=False, emoji=False, highlight=False, soft_wrap=not console.is_terminal)


def _narrations(match: Match, voice: Voice) -> list[str]:
    """Every move of ``match`` so far in words for ``voice``, numbered, round ends after their move."""
    states = list(match.states())
    opening = match.game.describe_start(states[0].view(voice.viewer), voice)
    lines: list[str] = [opening] if opening else []
    for i, (s, token) in enumerate(match.history):
        told = narrate(states[i], s, token, states[i + 1], voice)
        lines.append(f"{i + 1}. {told.text}")
        if told.round_text:
            lines.append(f"   {told.round_text}")
    return lines


def _checked_names(names: tuple[str, ...], seat: int, lang: str) -> tuple[str, ...]:
    """The seat names of a terminal match (:func:`~kartentisch.bots.saved_seat_names`), or the command ends with the
    refusal in ``lang`` if the person's at ``seat`` is longer than a table takes, could not be read or looks like
    a bot's (:func:`~kartentisch.bots.check_person`, as at a web table)."""
    if len(names[seat]) > MAX_LENGTH:
        refuse(t(lang, "name_long", most=MAX_LENGTH))
    try:
        check_person(names, seat)
    except NameRefused as exc:
        refuse(exc.text(lang))
    return names


def _decide(state: GameState, seat: int, voice: Voice, match: Match) -> str | None:
    """Ask the person at ``seat`` for one move in steps (:class:`Picker`): returns the token, or
    ``None`` when they quit. A raw token (or a line of them) is accepted at any step."""
    view = state.view(seat)
    legal = state.legal_actions(seat)
    picker = Picker({tok: state.game.choice(seat, tok, view, voice) for tok in legal}, t(voice.lang, "finish"))
    found: dict[str, Any] | None = None  # the decision's hint: searched once, so asking again says the same
    while (token := picker.done()) is None:
        options = picker.options()
        say(t(voice.lang, "your_turn") if not picker.picked
            else " › ".join(picker.picked), style="bold")
        for i, label in enumerate(options, start=1):
            say(f"  {i:>2}  {label}")
        answer = _answer(f"{t(voice.lang, 'prompt')}> ")
        if not answer:
            continue
        asked = command(answer)
        if asked == "quit":
            return None
        if asked == "back":
            if not picker.back():
                say(t(voice.lang, "no_back"), style="red")
        elif asked == "help":
            say(t(voice.lang, "help"))
        elif asked == "hint":
            if found is None:
                say(t(voice.lang, "hint_thinking"), style="dim")
                found = hint(state, seat, lang=voice.lang, names=voice.names, seed=secrets.randbits(32))
            say(_hint_text(found, picker, voice))
        elif asked == "rules":
            console.print(Markdown(state.game.rules_text(voice.lang)))
            if differing := _match_options(state, voice):
                say(differing)
        elif asked == "log":
            say("\n".join(_narrations(match, voice)) or "–")
        elif re.fullmatch(r"-?[0-9]+", answer):  # an option number ("²" and "--1" are tokens)
            if len(answer) <= 9 and 1 <= int(answer) <= len(options):
                picker.pick(options[int(answer) - 1])
            else:
                say(t(voice.lang, "no_move", n=answer, k=len(options)), style="red")
        elif (why := _refusal(state, seat, answer, voice)) is not None:
            say(why, style="red")  # the step stays: a typo never discards the steps picked so far
        else:
            return answer  # a legal token or line of tokens
    return token


#: Moves a hint names, as the table's hint panel shows them.
HINT_MOVES = 3


def _hint_text(found: dict[str, Any], picker: Picker, voice: Voice) -> str:
    """The coach's best moves (:func:`~kartentisch.bots.coach.hint`, the browser table's hint, searched from the
    seat's information set only, seeded from a secret as the tables' hints are: a seeded search would let its
    numbers be replayed against other deals) in words with their chances to win, at most :data:`HINT_MOVES`. With
    steps of a move picked already, the best moves that go on from them, and the best of all if it is not one
    of those (``back`` reaches it)."""
    lines, moves = [t(voice.lang, "hint_title", n=found["searches"])], found["moves"]
    picked = " › ".join(picker.picked)
    within = set(picker.candidates())
    if not picked or not moves:
        pass
    elif not (inside := [m for m in moves if m["token"] in within]):  # a wide decision's candidates: none goes on
        lines.append(t(voice.lang, "hint_none_within", picked=picked))
    else:
        lines = [t(voice.lang, "hint_within", picked=picked, n=found["searches"])]
        if moves[0]["token"] not in within:
            lines.append(t(voice.lang, "hint_elsewhere", text=moves[0]["text"], chance=chance_text(moves[0]["win"])))
        moves = inside
    return "\n".join([*lines[:1], *(t(voice.lang, "hint_line", text=m["text"], chance=chance_text(m["win"]))
                                   for m in moves[:HINT_MOVES]), *lines[1:]])


def _match_options(state: GameState, voice: Voice) -> str:
    """The options this match sets unlike their defaults, in the players' words ("In this match, unlike the summary
    above: Target score: 15."), or ``""``: the rules summary states the defaults (a fresh user read target 30 in a
    match to 15)."""
    game, options, lang = state.game, state.options, voice.lang
    said = [f"{o.label.get(lang, o.name)}: {_option_words(game, o, options[o.name], voice)}"
            for o in game.options if options[o.name] != o.default]
    return t(lang, "match_options", options="; ".join(said)) if said else ""


def _option_words(game: Game, option: Option, value: object, voice: Voice) -> str:
    """An option's value as players say it: a seat by its name, a choice by its label, cards by their names."""
    lang = voice.lang
    if value is None and option.null_words:  # what null means in the match ("no limit, until …"), not "none"
        return option.null_words.get(lang, option.null_words["en"])
    if value is None or value == []:
        return t(lang, "none")
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if option.kind == "seat" and isinstance(value, int):
        return voice.name(value)
    if option.kind == "choice":
        return option.choice_labels.get(value, {}).get(lang, str(value))
    if isinstance(value, list):
        return listing([game.card_name(str(code), lang) for code in value], lang)
    if option.kind == "list":  # a list option given as a word (chips specials "random", chips R12)
        return t(lang, "random")
    return str(value)


def _refusal(state: GameState, seat: int, line: str, voice: Voice) -> str | None:
    """Why typed ``line`` (a token or a line of them, not a number or command) is no move of ``seat`` now, in the
    voice's words: "Not understood: 'xyz'…" for text that is no move at all, :func:`refused` for a move the rules
    refuse; ``None`` when the line is legal. Tried on a copy, so ``state`` is unchanged either way."""
    try:
        state.clone().apply_line(seat, line)
    except MalformedToken as exc:  # typed text that is no move at all: the player's words, no notation
        return t(voice.lang, "not_understood", text=repr(exc.token or line))
    except IllegalAction as exc:  # a move written in the notation that the rules refuse now
        return refused(state, seat, exc, line, voice)
    return None


@app.command("play")
def play_cmd(
    game: Annotated[str | None, typer.Argument(help="The game's id (not needed with --resume).")] = None,
    # players and seat are read as text and checked here, so a word ("zwei") is refused in the terminal's
    # language as a number out of range is, not by Typer's English parse error (a fresh user's finding)
    players_given: Annotated[str | None, typer.Option(
        "--players", metavar="N", help="Number of seats (default: 2).")] = None,
    seat_given: Annotated[str | None, typer.Option(
        "--seat", metavar="N", help="Your seat, counted from 1 clockwise (default: 1).")] = None,
    bots: Annotated[str | None, typer.Option(
        help="Bot specs for the other seats, cycled: random, heuristic, ismcts:iterations=1000 (default: "
             "heuristic).")] = None,
    seed_given: Annotated[str | None, typer.Option(
        "--seed", metavar="N", help="Seed of the match, a whole number from 0 (default: random).")] = None,
    options: Annotated[str | None, typer.Option(help="Game options as JSON, e.g. '{\"target_score\": 15}'.")] = None,
    lang: Lang = "en",
    save: Annotated[Path | None, typer.Option(
        help="Replay file to write (default: in the user data folder; with --resume, the file resumed).")] = None,
    name: Annotated[str | None, typer.Option(help="Your name at the table (default: none, your seat's number).")]
    = None,
    resume: Annotated[Path | None, typer.Option(
        help="Continue the unfinished match of this replay file (saved when you left it): the same game, "
             "options, deal and moves, you and the bots on the same seats.")] = None,
) -> None:
    """Play GAME in the terminal against bots; the match is saved as a replay file (left unfinished, it continues
    with --resume FILE).

    Every choice is offered in words, wide ones in steps (pick a card, then its target); a raw
    token is accepted too. The other seats' moves are told as sentences.
    """
    _check_lang(lang)
    seed = None if seed_given is None else whole_number(seed_given, "seed", lang, low=0)
    if resume is not None:
        match, me, seat_specs, person = _resumed(resume, game, players_given, seat_given, bots, seed, options, name,
                                                 lang)
        g, players, seed = match.game, match.players, match.seed or 0
        save = resume if save is None else save
    else:
        if game is None:
            refuse(t(lang, "no_game"))
        g = known_game(game, lang)
        if seed is None:
            seed = secrets.randbits(64)
        given = _options(options, g, lang)
        players = whole_number(players_given or "2", "players", lang)
        seat = whole_number(seat_given or "1", "seat", lang)
        try:
            g.resolve_options(players, given, at_table=True)
        except KartentischError:  # the player count or an option, in the terminal's language with the allowed range
            refuse(setup_refused(g, players, given, typed=True)[lang])
        if not 1 <= seat <= players:
            refuse(t(lang, "bad_seat", seat=seat, n=players))
        me, person = seat - 1, (name or "").strip()
        try:
            match = Match(g, players, given, seed)
        except KartentischError as exc:
            raise typer.BadParameter(str(exc)) from None
        seat_specs = _bot_seats(players, me, bots or "heuristic", lang)
    seat_bots = {s: _bot(spec, g, seed + 1 + s, lang) for s, spec in seat_specs.items()}
    names, shorts = saved_seat_names((me, seat_specs, person), players, lang)  # shorts: "Bot Ida's grid"
    voice = Voice(lang, me, _checked_names(names, me, lang), shorts)
    match.seats = [{"bot": seat_specs[s]} if s in seat_specs else {"person": person} for s in range(players)]
    state = match.state
    writable(save, "--save")
    if save is None:
        from platformdirs import user_data_path

        folder = user_data_path("kartentisch") / "replays"
        folder.mkdir(parents=True, exist_ok=True)
        save = folder / f"{g.id}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl"
    if resume is not None:
        say(t(lang, "resumed", n=len(match.history)), style="bold")
        if match.history:  # the move before the break, to pick the thread up
            states = list(match.states())
            last_seat, last_token = match.history[-1]
            say(narrate(states[-2], last_seat, last_token, states[-1], voice).text)
        else:
            if opening := g.describe_start(state.view(me), voice):
                say(opening)
    elif opening := g.describe_start(state.view(me), voice):  # round 1 has no deal move to tell it
        say(opening)
    interrupted = False
    try:
        while not state.game_over:
            bot_seats = [s for s in state.to_act() if s != me]
            if bot_seats:
                seat_now = bot_seats[0]
                if state.round_over and not _round_end(state, me, voice):
                    say(t(lang, "quit"))
                    break
                line = seat_bots[seat_now].choose(state, seat_now)
            else:
                show(state, me, voice)
                seat_now, answer = me, _decide(state, me, voice, match)
                if answer is None:
                    say(t(lang, "quit"))
                    break
                line = answer
            before = state.clone()
            tokens = match.apply(seat_now, line)  # legal: checked by _decide (a person) or chosen by a bot
            for token in tokens:  # a typed line may hold several moves: tell each
                after = before.clone()
                after.apply(seat_now, token)
                _tell(before, seat_now, token, after, voice)
                before = after
        if state.game_over:
            show(state, me, voice)  # the last table, with the score pad and the winners
    except KeyboardInterrupt:  # Ctrl-C: left as with quit (saved below), not click's English "Aborted!"
        say("\n" + t(lang, "quit"))
        interrupted = True
    finally:
        match.save(save)
        say(t(lang, "saved", path=str(save)))
        if not state.game_over:
            say(t(lang, "resume_hint", path=str(save) + ("" if lang == "en" else f" --lang {lang}")))
    if interrupted:
        raise typer.Exit(130)  # as a shell reports a command ended by Ctrl-C


def _bot_seats(players: int, me: int, bots: str, lang: str) -> dict[int, str]:
    """The bot spec of every seat but ``me``: ``--bots`` cycled over the other seats clockwise; ``--bots`` naming
    no bot ends the command with the bots there are, in ``lang`` (:func:`.common.refuse`)."""
    try:
        specs = bot_specs(bots)
    except typer.BadParameter:
        refuse(t(lang, "bots_none", bots=t(lang, "bots_known")))
    others = [s for s in range(players) if s != me]
    return {s: specs[i % len(specs)] for i, s in enumerate(others)}


def _bot(spec: str, game: Game, seed: int, lang: str) -> Bot:
    """The bot of ``--bots``' ``spec`` (:func:`~kartentisch.bots.make_bot`), or the command ends in ``lang`` with
    what was wrong and the bots there are (:func:`.common.refuse`):
    a fresh user's ``--bots heurstic`` got click's English usage text even with ``--lang de``."""
    try:
        return make_bot(spec, game, seed)
    except KartentischError:
        name = spec.strip().partition(":")[0]
        if name not in BOT_NAMES:
            refuse(t(lang, "bot_unknown", name=name, bots=t(lang, "bots_known")))
        refuse(t(lang, "bot_unusable", spec=spec.strip(), name=name))


#: How much of unreadable ``--options`` its refusal repeats (:func:`_options`).
OPTIONS_SHOWN = 60


def _options(raw: str | None, game: Game, lang: str) -> dict[str, Any]:
    """The game options of ``--options`` (a JSON object; none given: ``{}``), or the command ends in ``lang`` with
    what cannot be read (where the JSON breaks off) and an example of ``game``'s options (:func:`.common.refuse`):
    a fresh user's ``--options '{rounds: 2}'`` got click's English usage text and the JSON decoder's words."""
    if not raw:
        return {}
    where = ""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        value, where = None, t(lang, "options_at", n=exc.pos + 1)
    except (ValueError, RecursionError):  # nested too deeply for the decoder
        value, where = None, t(lang, "options_deep")
    if not isinstance(value, dict):
        example = next(({o.name: o.default} for o in game.options if o.default not in (None, [])), {})
        shown = raw if len(raw) <= OPTIONS_SHOWN else raw[:OPTIONS_SHOWN] + "…"
        refuse(t(lang, "options_unread", text=shown, where=where, example=json.dumps(example)))
    return value


def _resumed(path: Path, game: str | None, players: str | None, seat: str | None, bots: str | None,
             seed: int | None, options: str | None, name: str | None,
             lang: str) -> tuple[Match, int, dict[int, str], str]:
    """The unfinished match of replay file ``path`` for ``play --resume``, with the person's seat, the bots' specs by
    seat and the person's name as saved (the header's ``seats``, :class:`~kartentisch.kernel.Match`). A file
    without them (saved before they were kept, or by another face) takes ``--seat``, ``--bots`` and ``--name``
    (defaults as for a new match). Any option given must fit the saved match: the command ends with what was
    saved, in ``lang`` (:func:`.common.refuse`); so it does for a match that is over, and for a file that does not load
    (:func:`~kartentisch.cli.common.load_replay`)."""
    match = load_replay(path, None, console, lang)
    g = match.game
    if game is not None and known_game(game, lang).id != g.id:
        refuse(t(lang, "resume_game", path=str(path), game=g.names.get(lang, g.id)))
    if match.state.game_over:
        refuse(t(lang, "resume_over", path=str(path)))
    if players is not None and whole_number(players, "players", lang) != match.players:
        refuse(t(lang, "resume_differs", what=t(lang, "resume_players"), saved=match.players, option="--players"))
    if seed is not None and seed != match.seed:
        refuse(t(lang, "resume_differs", what=t(lang, "resume_seed"), saved=match.seed, option="--seed"))
    if options is not None:
        try:
            same = g.resolve_options(match.players, _options(options, g, lang)) == match.state.options
        except KartentischError:
            same = False
        if not same:
            voice = Voice(lang, None)
            words = "; ".join(f"{o.label.get(lang, o.name)}: {_option_words(g, o, match.state.options[o.name], voice)}"
                              for o in g.options)
            refuse(t(lang, "resume_differs", what=t(lang, "resume_options"), saved=words, option="--options"))
    saved, why = saved_seats(path, match, lang)
    if why:  # kept in a shape play does not write (a hand edit): said, then as given now, and saved so
        seats_ignored(path, why, "seats_then_given", lang)
    if saved is None:  # no seats kept in the file: as given now
        me = whole_number(seat or "1", "seat", lang) - 1
        if not 0 <= me < match.players:
            refuse(t(lang, "bad_seat", seat=me + 1, n=match.players))
        return match, me, _bot_seats(match.players, me, bots or "heuristic", lang), (name or "").strip()
    me, specs, person = saved
    if seat is not None and whole_number(seat, "seat", lang) != me + 1:
        refuse(t(lang, "resume_differs", what=t(lang, "resume_seat"), saved=me + 1, option="--seat"))
    if bots is not None and _bot_seats(match.players, me, bots, lang) != specs:
        refuse(t(lang, "resume_differs", what=t(lang, "resume_bots"),
                  saved=", ".join(f"{common_text(lang, 'seat', n=s + 1)}: {spec}" for s, spec in sorted(specs.items())),
                  option="--bots"))
    if name is not None and name.strip() != person:
        refuse(t(lang, "resume_differs", what=t(lang, "resume_name"), saved=person or t(lang, "none"),
                  option="--name"))
    return match, me, specs, person


def _round_end(state: GameState, seat: int, voice: Voice) -> bool:
    """Show the scored round (phase ``round_over``) to the person at ``seat`` before a bot deals the next one, and
    wait for Enter: the table as the person's own deal shows it, with every card the rules reveal at the round's
    end (grid R16's final grids) and the score pad. The next round waits for ``deal`` so that the scored round stays
    shown (CONVENTIONS "Common to all five games"; colors R18, chips R11, grid R20, lastcard R17, mayhem R72); a
    fresh user never saw their revealed grid when the bot dealt. ``False`` when the person quits there."""
    show(state, seat, voice)
    return command(_answer(t(voice.lang, "enter") + " ")) != "quit"


def refused(state: GameState, seat: int, exc: IllegalAction, line: str, voice: Voice) -> str:
    """What the terminal says when the rules refuse ``seat``'s typed ``line`` (``exc``): the move in words
    (:func:`~kartentisch.kernel.replay_words.move_words`) and the broken rule in the game's words
    (:func:`~kartentisch.kernel.words.rule_words`), in the voice's language; a move the words cannot name (chips
    ``take:99``: no such position, chips R5) is said to be no move here ("That is not a move here."), never echoed
    back. Never the rule's id or the token (they stay
    in the saved replay's notation for developers), and no card beyond the reader's own typing."""
    why = rule_words(state.game, exc.rule, voice.lang)
    why = f" {why}" if why else ""
    move = move_words(state, seat, exc.token or line, voice)
    if move is None:
        return t(voice.lang, "not_a_move", why=why)
    return t(voice.lang, "illegal_move", move=move, why=why)


def _tell(before: GameState, seat: int, token: str, after: GameState, voice: Voice) -> None:
    """Print one applied move (and the round's end it caused) in words."""
    told = narrate(before, seat, token, after, voice)
    say(told.text, style="" if seat == voice.viewer else "cyan")
    if told.round_text:
        say(_round_words(told.round_text, after, voice), style="bold")


def _round_words(round_text: str, after: GameState, voice: Voice) -> str:
    """The round's end as the terminal tells it under the move: the scores, and the winners unless the match ended,
    since then the final table drawn next names them (:func:`render_view`; a fresh user read them twice)."""
    return score_line(after.view(voice.viewer), voice, after.game) if after.game_over else round_text


@app.command("replay")
def replay_cmd(
    file: Path,
    seat: Annotated[int | None, typer.Option(
        help="Show the match from this seat's view, counted from 1 (default: all cards).")] = None,
    lang: Lang = "en",
    step: Annotated[bool | None, typer.Option(
        "--step/--no-step", help="Wait for Enter between steps (default: when run in a terminal).",
        show_default=False)] = None,
) -> None:
    """Step through a saved match in words (from one seat's view, or with all cards open)."""
    _check_lang(lang)
    if step is None:
        step = sys.stdin.isatty()
    match = load_replay(file, seat, console, lang)
    viewer = None if seat is None else seat - 1
    saved, why = saved_seats(file, match, lang)
    if why:
        seats_ignored(file, why, "seats_then_numbered", lang)
    voice = Voice(lang, viewer, *saved_seat_names(saved, match.players, lang))  # the names play gave them
    say(t(lang, "replay_all_open") if viewer is None else t(lang, "replay_seat", who=voice.name(viewer)), style="bold")
    states = list(match.states())
    n = len(match.history)
    for i, state in enumerate(states):
        view = state.view(viewer) if viewer is not None else state.to_doc()
        console.print(render_view(match.game, view, viewer, voice))
        if i == 0 and (opening := match.game.describe_start(state.view(viewer), voice)):
            say(opening)
        if i < n:
            s, token = match.history[i]
            told = narrate(state, s, token, states[i + 1], voice)
            say(t(lang, "replay_step", i=i + 1, n=n, text=told.text))
            if told.round_text:
                say(_round_words(told.round_text, states[i + 1], voice), style="bold")
            if step and _answer(t(lang, "enter") + " ").lower() in ("q", "quit"):
                return
    if not match.state.game_over:  # a file cut short ends without a result: said, as the review says it
        say(match.game.common_text(lang, "not_over"))


@app.command("simulate")
def simulate_cmd(
    game: str,
    players: Annotated[int, typer.Option(help="Number of seats.")] = 2,
    games_: Annotated[int, typer.Option("--games", min=1, help="Number of matches.")] = 100,
    bots: Annotated[str, typer.Option(help="Bot specs, cycled over the seats and rotated every match.")] = "random",
    seed: Annotated[int, typer.Option(min=0, help="Base seed; every match and bot seed derives from it.")] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start Ray locally).")] = None,
    options: Annotated[str | None, typer.Option(help="Game options as JSON.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures and every round as JSON.")] = None,
    plot: Annotated[Path | None, typer.Option(help="Write the figure (e.g. sim.png).")] = None,
    html: Annotated[Path | None, typer.Option(help="Write an HTML report with the tables and the figure.")] = None,
) -> None:
    """Play bot matches; print win rates and mean scores with 95% CIs and spreads, the first mover's and
    every seat's share of the wins (chi-square), round lengths, how rounds ended and the game's events.

    Exits 0 only if every match ended.
    """
    from .tournament import check_outputs, print_table, print_tables, write_reports

    known_game(game)
    specs = bot_specs(bots)
    note_unreproducible(specs, console)
    check_outputs(json_out, plot, html)
    started = time.perf_counter()
    try:
        with progress_bar() as progress:
            task = progress.add_task(f"{game} ×{games_}", total=games_)
            summary = simulate(game, players, specs, games_, seed, options_json(options), jobs,
                               lambda k: progress.advance(task, k), backend=backend, address=address)
    except KartentischError as exc:
        raise typer.BadParameter(str(exc)) from None
    elapsed = time.perf_counter() - started
    summary.update(jobs=jobs, backend=backend, seconds=elapsed,
                   matches_per_s=summary["matches"] / elapsed if elapsed else 0.0)
    print_table(results_table(summary, f"{game}, {players} players, {games_} matches, seed {seed}"))
    console.print(f"ended {summary['ended']}/{summary['matches']}; mean rounds {summary['mean_rounds']:.2f}; "
                  f"mean decisions {summary['mean_decisions']:.1f}; {summary['matches_per_s']:.1f} matches/s")
    from kartentisch.sim.plots import plot_summary
    from kartentisch.sim.report import balance_tables

    tables = balance_tables(summary)
    print_tables(tables)
    if json_out:
        json_out.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    title = f"{game}, {players} players, {games_} matches, seed {seed}"
    write_reports(summary, title, [f"Simulation of {game} with options {options or '{}'}."], tables, plot_summary,
                  plot, html)
    exit_if_unended(summary, console)


@app.command("soak")
def soak_cmd(
    game_ids: Annotated[list[str] | None, typer.Argument(help="Games (default: all).")] = None,
    matches: Annotated[int, typer.Option(min=1, help="Random matches per game and player count.")] = 1000,
    seed: Annotated[int, typer.Option(help="First seed.")] = 0,
    deep_every: Annotated[int, typer.Option(
        min=0, help="Deep invariant checks every N decisions (0: only cheap checks).")] = 50,
) -> None:
    """Drive random matches through the kernel's invariant checks; report, exit 1 on a failure."""
    from kartentisch.sim.invariants import InvariantError, run_checked_match

    chosen = [known_game(g) for g in (game_ids or [g.id for g in games.all_games()])]
    failed = 0
    for g in chosen:
        for n in range(g.min_players, g.max_players + 1):
            started, decisions = time.perf_counter(), 0
            for i in range(matches):
                try:
                    decisions += run_checked_match(g, n, seed + i, deep_every).decisions
                except InvariantError as exc:
                    failed += 1
                    console.print(f"[red]FAIL[/] {exc}")
            secs = time.perf_counter() - started
            console.print(f"{g.id} players={n}: {matches} matches, {decisions} decisions, {secs:.1f} s")
    console.print(f"soak: {failed} invariant failures" if failed else "soak: every match kept every invariant")
    if failed:
        raise typer.Exit(1)


@app.command("scenario")
def scenario_cmd(paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders (recursive).")]) -> None:
    """Run rules-conformance scenarios: one line per failure, then 'N passed, M failed'."""
    try:
        results = run_paths(paths)
    except FileNotFoundError as exc:
        console.print(str(exc))
        raise typer.Exit(2) from None
    failed = [r for r in results if not r.passed]
    for r in failed:
        console.print(f"FAIL {r.path}: {'; '.join(r.failures)}", markup=False, soft_wrap=True)
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    if failed:
        raise typer.Exit(1)


def main() -> None:
    """Console-script entry point. A command line Click refuses (an unknown option, a missing file) is said in the
    language it asks for (``--lang``), where Typer's own box says it in English (:func:`.common.usage_refused`)."""
    try:
        try:
            code = app(standalone_mode=False)
        except CLICK_ERRORS.UsageError as exc:
            if type(exc).__name__ != "NoArgsIsHelpError":  # no words at all: Typer has shown the help
                refuse(usage_refused(exc, asked_lang(sys.argv[1:])))
            code = 2
        except typer.Abort:  # end of input at a prompt
            code = 1
    except typer.Exit as end:
        code = end.exit_code
    sys.exit(code if isinstance(code, int) else 0)


from . import serve  # noqa: E402

app.command("serve")(serve.serve_cmd)


from . import tournament  # noqa: E402

app.command("tournament")(tournament.tournament_cmd)
from . import sweep  # noqa: E402

app.command("sweep")(sweep.sweep_cmd)
from . import review  # noqa: E402

app.command("review")(review.review_cmd)


from . import scorepad  # noqa: E402

app.command("scorepad")(scorepad.scorepad_cmd)
from . import check  # noqa: E402

app.command("check-game")(check.check_game_cmd)
from . import train  # noqa: E402

app.command("train")(train.train_cmd)
