"""Terminal texts in German and English (game terms come from each game's ``texts`` module)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "your_turn": "Seat {seat}, your decision",
        "legal": "Legal moves",
        "prompt": "Number or token (help, rules, log, quit)",
        "help": "Type the number of a move or its token (several tokens separated by spaces apply together). "
                "Commands: help, rules, log, quit.",
        "illegal": "Not allowed",
        "no_move": "No move {n}; choose 1 … {k} or type a token",
        "bot_plays": "{name} (seat {seat}) plays {token}",
        "saved": "Match saved to {path}",
        "over": "Match over. Winners: {winners}",
        "round_scores": "Round scores",
        "totals": "Totals",
        "round": "Round",
        "seat": "Seat",
        "log": "Move log",
        "quit": "Match left unfinished.",
        "replay_step": "Step {i}/{n}: seat {seat} {token}",
        "enter": "Enter: next, q: quit",
    },
    "de": {
        "your_turn": "Platz {seat}, du bist dran",
        "legal": "Erlaubte Züge",
        "prompt": "Nummer oder Zug (help, rules, log, quit)",
        "help": "Gib die Nummer eines Zuges oder seinen Token ein (mehrere Tokens mit Leerzeichen gelten zusammen). "
                "Befehle: help, rules, log, quit.",
        "illegal": "Nicht erlaubt",
        "no_move": "Kein Zug {n}; wähle 1 … {k} oder gib einen Token ein",
        "bot_plays": "{name} (Platz {seat}) spielt {token}",
        "saved": "Partie gespeichert in {path}",
        "over": "Partie vorbei. Gewinner: {winners}",
        "round_scores": "Rundenpunkte",
        "totals": "Gesamt",
        "round": "Runde",
        "seat": "Platz",
        "log": "Zugprotokoll",
        "quit": "Partie unvollendet verlassen.",
        "replay_step": "Schritt {i}/{n}: Platz {seat} {token}",
        "enter": "Enter: weiter, q: beenden",
    },
}


def t(lang: str, key: str, **kwargs: object) -> str:
    """The text ``key`` in ``lang`` (falls back to English), formatted with ``kwargs``."""
    return TEXTS.get(lang, TEXTS["en"]).get(key, TEXTS["en"][key]).format(**kwargs)
