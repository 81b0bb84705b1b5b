"""Terminal texts in German and English (game terms come from each game's ``texts`` module)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "your_turn": "Your move:",
        "legal": "Legal moves",
        "prompt": "Number (back, hint, help, rules, log, quit)",
        "no_back": "Nothing to take back: this is the first step of your move.",
        "finish": "That's all",
        "help": "Type the number of a choice; a wide move is chosen in steps (back undoes a step). "
                "Commands: hint (the coach's best moves), help, rules, log (the moves so far), quit. Developers may "
                "type a raw token.",
        "hint_thinking": "The coach is thinking…",
        "hint_title": "The coach's best moves, from {n} simulated games (its guess, from what you can see):",
        "hint_line": "  {text} — {chance} chance to win",
        "hint_within": "The coach's best moves that go on from {picked}, from {n} simulated games (its guess, from "
                       "what you can see):",
        "hint_elsewhere": "Its best move of all starts otherwise (back undoes a step): {text} — {chance} chance to "
                          "win",
        "hint_none_within": "None of these goes on from {picked} (back undoes a step).",
        "illegal_move": "Not allowed now: “{move}”.{why} Type the number of a choice.",
        "not_a_move": "That is not a move here.{why} Type the number of a choice.",
        "bad_seat": "Your seat {seat} is not at this table: choose a seat from 1 to {n}.",
        "not_a_number": "{what}: '{text}' is not a number; give a whole number, such as 2.",
        "too_small": "{what}: {text} is too small; give a whole number of at least {low}.",
        "too_large": "{what}: {text} is too large; give a whole number of at most {high}.",
        "option_players": "Number of players", "option_seat": "Your seat", "option_seed": "Seed (--seed)",
        "option_iterations": "Searches per decision (--iterations)", "option_review_seat": "Seat to review (--seat)",
        "unknown_game": "There is no game “{game}” here; the games are {games} ({cmd} games lists them).",
        "usage": "Usage:", "usage_help": "Help: {command} --help",
        "usage_no_option": "“{command}” has no option {option}.", "usage_like": " Did you mean {options}?",
        "usage_missing": "“{command}” needs {name}.",
        "usage_needs_value": "The option {option} needs a value after it.",
        "usage_no_value": "The option {option} takes no value.",
        "usage_extra": "“{command}” does not know what to do with {args}.",
        "usage_no_command": "There is no command “{name}”; the commands are {commands}.",
        "usage_other": "{message}",
        "not_understood": "Not understood: {text}. Type the number of a choice, or back, hint, help, rules, log or "
                          "quit.",
        "no_move": "There is no choice {n}; choose 1 … {k}",
        "saved": "Match saved to {path}",
        "resume_hint": "It continues with: {cmd} play --resume {path}",
        "no_game": "Which game? Give its id ({cmd} games lists them), or --resume FILE to continue a match.",
        "resumed": "The match continues after move {n}.",
        "resume_game": "{path} holds a match of {game}; leave the game out or give that one.",
        "resume_over": "The match in {path} is over: nothing is left to play. {cmd} replay {path} shows it.",
        "resume_differs": "{option} does not fit the saved match ({what}: {saved}); leave it out to continue the "
                          "match as it was.",
        "resume_seed": "deal", "resume_options": "options", "resume_bots": "bots by seat", "resume_name": "your name",
        "resume_players": "players", "resume_seat": "your seat",
        "over": "Match over. Winners: {winners}",
        "round_scores": "Score pad",
        "totals": "Totals",
        "round": "Round",
        "seat": "Seat",
        "log": "Move log",
        "quit": "Match left unfinished.",
        "replay_step": "Move {i}/{n}: {text}",
        "replay_all_open": "Replay with all cards open (--seat N shows what one seat saw).",
        "replay_no_seat": "--seat {seat}: this match has seats 1 to {n}.",
        "replay_unreadable": "{path}: this replay file cannot be read: {why}.",
        "replay_no_file": "there is no such file", "replay_no_access": "you may not read it",
        "replay_folder": "it is a folder",
        "replay_seat": "Replay as {who} saw it.",
        "enter": "Enter: next, q: quit",
        "match_options": "In this match, unlike the summary above: {options}.",
        "yes": "yes", "no": "no", "none": "none", "random": "drawn at random",
        "games_name": "name (en / de)", "games_players": "players",
        "games_options": "options for --options: name [default] (label): values",
        "options_unread": "--options: '{text}' cannot be read as options{where}. Give the options as a JSON "
                          "object of names and values, names and words in double quotes, such as '{example}'; "
                          "{cmd} games lists every game's options.",
        "options_at": " (from character {n} on)", "options_deep": " (it is nested too deeply)",
        "seats_ignored": "{path}: the seats saved in its first line (who sat where) are ignored: {why}. play saves "
                         "one entry per seat, {{\"person\": \"a name\"}} for the person and {{\"bot\": "
                         "\"heuristic\"}} (or another bot) for every other seat.",
        "name_long": "Your name is too long: at most {most} characters.",
        "seats_then_given": "The match goes on with the seats as given now (--seat, --bots, --name), and these are "
                            "saved in the file instead.",
        "seats_then_numbered": "The seats are named by their numbers.",
        "bots_known": "random (plays at random), heuristic (steady), ismcts (searches; ismcts:iterations=1000 is "
                      "strong) and policy:FILE (a learned policy file)",
        "bot_unknown": "--bots: there is no bot “{name}”. The bots are {bots}. Give one, or several separated by "
                       "commas for the other seats in turn, such as --bots heuristic or --bots random,ismcts.",
        "bots_none": "--bots names no bot. The bots are {bots}. Give one, or several separated by commas for the "
                     "other seats in turn, such as --bots heuristic or --bots random,ismcts.",
        "bot_unusable": "--bots: “{spec}” cannot be used: the bot {name} is known, but what follows its name does "
                        "not fit it (ismcts takes settings such as ismcts:iterations=1000, policy the path of a "
                        "policy file, policy:FILE; random and heuristic take none).",
    },
    "de": {
        "your_turn": "Du bist am Zug:",
        "legal": "Erlaubte Züge",
        "prompt": "Nummer (zurück, tipp, hilfe, regeln, verlauf, ende)",
        "no_back": "Nichts zurückzunehmen: das ist der erste Schritt deines Zuges.",
        "finish": "Das ist alles",
        "help": "Gib die Nummer einer Wahl ein; ein großer Zug wird in Schritten gewählt (zurück nimmt einen "
                "Schritt zurück). Befehle: tipp (die besten Züge laut Coach), hilfe, regeln, verlauf (die bisherigen "
                "Züge), ende. Entwickler können einen Token eingeben.",
        "hint_thinking": "Der Coach denkt nach…",
        "hint_title": "Die besten Züge laut Coach, aus {n} durchgespielten Partien (seine Schätzung, aus dem, was "
                      "du siehst):",
        "hint_line": "  {text} — {chance} Siegchance",
        "hint_within": "Die besten Züge laut Coach nach dem Schritt „{picked}“, aus {n} durchgespielten Partien "
                       "(seine Schätzung, aus dem, was du siehst):",
        "hint_elsewhere": "Sein bester Zug überhaupt beginnt anders (zurück nimmt einen Schritt zurück): {text} — "
                          "{chance} Siegchance",
        "hint_none_within": "Keiner davon folgt auf den Schritt „{picked}“ (zurück nimmt einen Schritt zurück).",
        "illegal_move": "Jetzt nicht erlaubt: „{move}“.{why} Gib die Nummer einer Wahl ein.",
        "not_a_move": "Das ist hier kein Zug.{why} Gib die Nummer einer Wahl ein.",
        "bad_seat": "Platz {seat} gibt es an diesem Tisch nicht: wähle einen Platz von 1 bis {n}.",
        "not_a_number": "{what}: '{text}' ist keine Zahl; gib eine ganze Zahl an, etwa 2.",
        "too_small": "{what}: {text} ist zu klein; gib eine ganze Zahl ab {low} an.",
        "too_large": "{what}: {text} ist zu groß; gib eine ganze Zahl bis {high} an.",
        "option_players": "Anzahl der Spieler", "option_seat": "Dein Platz", "option_seed": "Startwert (--seed)",
        "option_iterations": "Suchläufe je Entscheidung (--iterations)",
        "option_review_seat": "Zu analysierender Platz (--seat)",
        "unknown_game": "Ein Spiel „{game}“ gibt es hier nicht; die Spiele sind {games} ({cmd} games listet sie).",
        "usage": "Aufruf:", "usage_help": "Hilfe (auf Englisch): {command} --help",
        "usage_no_option": "„{command}“ kennt keine Option {option}.", "usage_like": " Meintest du {options}?",
        "usage_missing": "„{command}“ braucht noch die Angabe {name}.",
        "usage_needs_value": "Nach der Option {option} fehlt ihr Wert.",
        "usage_no_value": "Die Option {option} nimmt keinen Wert.",
        "usage_extra": "Mit {args} kann „{command}“ nichts anfangen.",
        "usage_no_command": "Einen Befehl „{name}“ gibt es nicht; die Befehle sind {commands}.",
        "usage_other": "Die Eingabe passt nicht: {message}",
        "not_understood": "Nicht verstanden: {text}. Gib die Nummer einer Wahl ein oder zurück, tipp, hilfe, "
                          "regeln, verlauf oder ende.",
        "no_move": "Es gibt keine Wahl {n}; wähle 1 … {k}",
        "saved": "Partie gespeichert in {path}",
        "resume_hint": "Weiter geht es mit: {cmd} play --resume {path}",
        "no_game": "Welches Spiel? Gib seine Kennung an ({cmd} games listet sie), oder --resume DATEI, um eine "
                   "Partie fortzusetzen.",
        "resumed": "Die Partie geht nach Zug {n} weiter.",
        "resume_game": "{path} enthält eine Partie {game}; lass das Spiel weg oder gib dieses an.",
        "resume_over": "Die Partie in {path} ist vorbei: Es gibt nichts mehr zu spielen. {cmd} replay {path} "
                       "zeigt sie.",
        "resume_differs": "{option} passt nicht zur gespeicherten Partie ({what}: {saved}); lass es weg, um die "
                          "Partie so fortzusetzen, wie sie war.",
        "resume_seed": "Kartenverteilung", "resume_options": "Einstellungen", "resume_bots": "Bots nach Platz",
        "resume_name": "dein Name", "resume_players": "Spieler", "resume_seat": "dein Platz",
        "over": "Partie vorbei. Gewinner: {winners}",
        "round_scores": "Punkteblock",
        "totals": "Gesamt",
        "round": "Runde",
        "seat": "Platz",
        "log": "Zugprotokoll",
        "quit": "Partie unvollendet verlassen.",
        "replay_step": "Zug {i}/{n}: {text}",
        "replay_all_open": "Wiederholung mit allen Karten offen (--seat N zeigt, was ein Platz sah).",
        "replay_no_seat": "--seat {seat}: Diese Partie hat die Plätze 1 bis {n}.",
        "replay_unreadable": "{path}: Diese Wiederholungsdatei lässt sich nicht lesen: {why}.",
        "replay_no_file": "Diese Datei gibt es nicht", "replay_no_access": "du darfst sie nicht lesen",
        "replay_folder": "das ist ein Ordner",
        "replay_seat": "Wiederholung, wie {who} sie sah.",
        "enter": "Enter: weiter, q: beenden",
        "match_options": "Abweichend von der Zusammenfassung oben gilt hier: {options}.",
        "yes": "ja", "no": "nein", "none": "keine", "random": "zufällig gezogen",
        "games_name": "Name (en / de)", "games_players": "Spieler",
        "games_options": "Einstellungen für --options: Name [Standard] (Bezeichnung): Werte",
        "options_unread": "--options: '{text}' lässt sich nicht als Einstellungen lesen{where}. Gib die "
                          "Einstellungen als JSON-Objekt aus Namen und Werten an, Namen und Wörter in doppelten "
                          "Anführungszeichen, etwa '{example}'; {cmd} games listet die Einstellungen jedes "
                          "Spiels.",
        "options_at": " (ab Zeichen {n})", "options_deep": " (es ist zu tief verschachtelt)",
        "seats_ignored": "{path}: Die in der ersten Zeile gespeicherten Plätze (wer wo saß) werden nicht beachtet: "
                         "{why}. play speichert einen Eintrag je Platz, {{\"person\": \"ein Name\"}} für die "
                         "Person und {{\"bot\": \"heuristic\"}} (oder einen anderen Bot) für jeden anderen Platz.",
        "name_long": "Dein Name ist zu lang: höchstens {most} Zeichen.",
        "seats_then_given": "Die Partie geht mit den Plätzen weiter, wie sie jetzt angegeben sind (--seat, --bots, "
                            "--name), und diese werden stattdessen in der Datei gespeichert.",
        "seats_then_numbered": "Die Plätze heißen nach ihren Nummern.",
        "bots_known": "random (spielt zufällig), heuristic (solide), ismcts (sucht; ismcts:iterations=1000 ist "
                      "stark) und policy:DATEI (eine gelernte Strategie-Datei)",
        "bot_unknown": "--bots: Einen Bot „{name}“ gibt es nicht. Die Bots sind {bots}. Gib einen an oder mehrere, "
                       "durch Kommas getrennt, für die anderen Plätze der Reihe nach, etwa --bots heuristic oder "
                       "--bots random,ismcts.",
        "bots_none": "--bots nennt keinen Bot. Die Bots sind {bots}. Gib einen an oder mehrere, durch Kommas "
                     "getrennt, für die anderen Plätze der Reihe nach, etwa --bots heuristic oder --bots "
                     "random,ismcts.",
        "bot_unusable": "--bots: „{spec}“ lässt sich nicht verwenden: Den Bot {name} gibt es, aber was nach seinem "
                        "Namen steht, passt nicht zu ihm (ismcts nimmt Einstellungen wie ismcts:iterations=1000, "
                        "policy den Pfad einer Strategie-Datei, policy:DATEI; random und heuristic nehmen keine).",
    },
}


#: The move prompt's commands by what they do: the words of both languages are understood in either.
COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": ("quit", "q", "exit", "ende", "beenden"),
    "back": ("back", "b", "zurück", "zurueck", "z"),  # not "0": a stray 0 is no choice, not an undo
    "help": ("help", "?", "hilfe"),
    "hint": ("hint", "tipp"),
    "rules": ("rules", "regeln"),
    "log": ("log", "verlauf"),
    "cancel": ("cancel", "abbrechen"),
}


def command(answer: str) -> str | None:
    """What a typed ``answer`` asks for (a key of :data:`COMMANDS`, case ignored), or ``None``."""
    word = answer.casefold()
    return next((name for name, words in COMMANDS.items() if word in words), None)


def program() -> str:
    """How to run this program in a command a text asks the player to type (``{cmd}`` in :data:`TEXTS`).

    ``kartentisch`` when that name on ``PATH`` is the program running (or when not run as ``kartentisch`` at all,
    as under tests); otherwise the path it was started by, as typed: ``.venv/bin/kartentisch`` after the README's
    install, which puts nothing on ``PATH``. A text that said ``kartentisch`` there would fail when copied.
    """
    started = sys.argv[0] if sys.argv else ""
    on_path = shutil.which("kartentisch")
    if Path(started).name != "kartentisch" or (on_path is not None
                                               and Path(on_path).resolve() == Path(started).resolve()):
        return "kartentisch"
    return started


def t(lang: str, key: str, **kwargs: object) -> str:
    """The text ``key`` in ``lang`` (falls back to English), formatted with ``kwargs``; ``{cmd}`` is
    :func:`program`."""
    text = TEXTS.get(lang, TEXTS["en"]).get(key, TEXTS["en"][key])
    return text.format(**kwargs, cmd=program()) if "{cmd}" in text else text.format(**kwargs)
