"""Terminal texts in German and English (game terms come from each game's ``texts`` module)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "your_turn": "Your move:",
        "legal": "Legal moves",
        "prompt": "Number (back, help, rules, log, quit)",
        "no_back": "Nothing to take back: this is the first step of your move.",
        "finish": "That's all",
        "help": "Type the number of a choice; a wide move is chosen in steps (back undoes a step). "
                "Commands: help, rules, log (the moves so far), quit. Developers may type a raw token.",
        "illegal_move": "Not allowed now: “{move}”.{why} Type the number of a choice.",
        "not_a_move": "That is not a move here.{why} Type the number of a choice.",
        "bad_seat": "Your seat {seat} is not at this table: choose a seat from 1 to {n}.",
        "not_a_number": "{what}: '{text}' is not a number; give a whole number, such as 2.",
        "option_players": "Number of players", "option_seat": "Your seat",
        "not_understood": "Not understood: {text}. Type the number of a choice, or back, help, rules, log or quit.",
        "no_move": "There is no choice {n}; choose 1 … {k}",
        "saved": "Match saved to {path}",
        "over": "Match over. Winners: {winners}",
        "round_scores": "Score pad",
        "totals": "Totals",
        "round": "Round",
        "seat": "Seat",
        "log": "Move log",
        "quit": "Match left unfinished.",
        "replay_step": "Move {i}/{n}: {text}",
        "replay_all_open": "Replay with all cards open (--seat N shows what one seat saw).",
        "replay_seat": "Replay as {who} saw it.",
        "enter": "Enter: next, q: quit",
        "match_options": "In this match, unlike the summary above: {options}.",
        "yes": "yes", "no": "no", "none": "none", "random": "drawn at random",
        "games_name": "name (en / de)", "games_players": "players",
        "games_options": "options for --options: name [default] (label): values",
    },
    "de": {
        "your_turn": "Du bist am Zug:",
        "legal": "Erlaubte Züge",
        "prompt": "Nummer (zurück, hilfe, regeln, verlauf, ende)",
        "no_back": "Nichts zurückzunehmen: das ist der erste Schritt deines Zuges.",
        "finish": "Das ist alles",
        "help": "Gib die Nummer einer Wahl ein; ein großer Zug wird in Schritten gewählt (zurück nimmt einen "
                "Schritt zurück). Befehle: hilfe, regeln, verlauf (die bisherigen Züge), ende. Entwickler können "
                "einen Token eingeben.",
        "illegal_move": "Jetzt nicht erlaubt: „{move}“.{why} Gib die Nummer einer Wahl ein.",
        "not_a_move": "Das ist hier kein Zug.{why} Gib die Nummer einer Wahl ein.",
        "bad_seat": "Platz {seat} gibt es an diesem Tisch nicht: wähle einen Platz von 1 bis {n}.",
        "not_a_number": "{what}: '{text}' ist keine Zahl; gib eine ganze Zahl an, etwa 2.",
        "option_players": "Anzahl der Spieler", "option_seat": "Dein Platz",
        "not_understood": "Nicht verstanden: {text}. Gib die Nummer einer Wahl ein oder zurück, hilfe, regeln, "
                          "verlauf oder ende.",
        "no_move": "Es gibt keine Wahl {n}; wähle 1 … {k}",
        "saved": "Partie gespeichert in {path}",
        "over": "Partie vorbei. Gewinner: {winners}",
        "round_scores": "Punkteblock",
        "totals": "Gesamt",
        "round": "Runde",
        "seat": "Platz",
        "log": "Zugprotokoll",
        "quit": "Partie unvollendet verlassen.",
        "replay_step": "Zug {i}/{n}: {text}",
        "replay_all_open": "Wiederholung mit allen Karten offen (--seat N zeigt, was ein Platz sah).",
        "replay_seat": "Wiederholung, wie {who} sie sah.",
        "enter": "Enter: weiter, q: beenden",
        "match_options": "Abweichend von der Zusammenfassung oben gilt hier: {options}.",
        "yes": "ja", "no": "nein", "none": "keine", "random": "zufällig gezogen",
        "games_name": "Name (en / de)", "games_players": "Spieler",
        "games_options": "Einstellungen für --options: Name [Standard] (Bezeichnung): Werte",
    },
}


#: The move prompt's commands by what they do: the words of both languages are understood in either.
COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": ("quit", "q", "exit", "ende", "beenden"),
    "back": ("back", "b", "zurück", "zurueck", "z"),  # not "0": a stray 0 is no choice, not an undo
    "help": ("help", "?", "hilfe"),
    "rules": ("rules", "regeln"),
    "log": ("log", "verlauf"),
    "cancel": ("cancel", "abbrechen"),
}


def command(answer: str) -> str | None:
    """What a typed ``answer`` asks for (a key of :data:`COMMANDS`, case ignored), or ``None``."""
    word = answer.casefold()
    return next((name for name, words in COMMANDS.items() if word in words), None)


def t(lang: str, key: str, **kwargs: object) -> str:
    """The text ``key`` in ``lang`` (falls back to English), formatted with ``kwargs``."""
    return TEXTS.get(lang, TEXTS["en"]).get(key, TEXTS["en"][key]).format(**kwargs)
