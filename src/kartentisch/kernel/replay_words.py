"""A replay file that cannot be read, in the players' words of either language (issue 36's fresh users): which
line, what belongs there, a refused move in words with its rule; why the seats it saved are not used. One place
for every face that reads replay files: the terminal's ``replay``, ``review`` and ``play --resume`` and the web's
upload."""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, InvalidReplay, KartentischError, MalformedToken
from .game import GameState, is_int
from .registry import known_ids, lookup
from .setup_words import setup_refused
from .words import Voice, listing, rule_words

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "replay_where": "{path}, line {line}:",
        "replay_not_text": "this is no replay file of kartentisch: it holds no text.",
        "replay_empty": "the file is empty; a replay file's first line describes the match (game, players, options "
                        "and the deal), each further line holds one move.",
        "replay_not_replay": "this is no replay file of kartentisch: its first line should describe the match (game, "
                             "players, options and the deal), as kartentisch play saves it.",
        "replay_other_format": "this replay file was written in another version of the format ({format}), which "
                               "this kartentisch cannot read.",
        "replay_no_game": "the match's game is missing.",
        "replay_unknown_game": "the game “{game}” is unknown here; this kartentisch knows {games}.",
        "replay_no_players": "the number of players is missing or not a whole number.",
        "replay_bad_seed": "the number of the deal (its seed) must be a whole number of at least 0, or none.",
        "replay_no_seed": "the match has no number of its deal, so its deal and moves cannot be replayed.",
        "replay_bad_options": "the options must be a list of names and values, as kartentisch play saves them.",
        "replay_no_setup": "this match of {game} cannot be set up as described (its stacked deck does not fit).",
        "replay_not_entry": "a move was expected here (the seat and what it did), as kartentisch play saves it, but "
                            "this line cannot be read as one.",
        "replay_no_seat_given": "the move's seat is missing.",
        "replay_no_move_given": "the seat is there, but what it did is missing.",
        "replay_seat_not_number": "the move's seat is not a whole number.",
        "replay_move_not_text": "the move is not written as text.",
        "replay_seat_not_here": "move {i} is by seat {seat}, which is not at this table of {n} players (the file "
                                "counts seats from 0 to {last}).",
        "replay_move": "move {i}, by {who}, does not replay: {said}",
        "replay_illegal": "“{move}” is not allowed there.{why}",
        "replay_not_to_act": "it is not {who}'s turn there ({acting} to act).",
        "replay_no_move": "that is no move there.{why}",
        "replay_malformed": "what is written there is no move of {game}.",
        "seats_not_list": "they are not a list with one entry per seat",
        "seats_count": "they list {k} seats, but the match has {n}",
        "seats_count_one": "they list 1 seat, but the match has {n}",
        "seats_name": "the name saved for seat {seat} is not one a table takes (one line of visible text, at most "
                      "{most} characters, that cannot be taken for another seat's name)",
        "seats_entry": "seat {seat} is written neither as a person with a name nor as a bot",
        "seats_bot": "seat {seat}'s bot “{bot}” is unknown",
        "seats_people": "{k} seats are written as a person, but kartentisch play saves exactly one",
        "seats_numbered": "The seats saved in this file (who sat where) are not used: {why}. The seats are named "
                          "by their numbers.",
    },
    "de": {
        "replay_where": "{path}, Zeile {line}:",
        "replay_not_text": "Das ist keine Wiederholungsdatei von kartentisch: Sie enthält keinen Text.",
        "replay_empty": "Die Datei ist leer; die erste Zeile einer Wiederholungsdatei beschreibt die Partie (Spiel, "
                        "Spieler, Einstellungen und die Kartenverteilung), jede weitere Zeile enthält einen Zug.",
        "replay_not_replay": "Das ist keine Wiederholungsdatei von kartentisch: Ihre erste Zeile sollte die Partie "
                             "beschreiben (Spiel, Spieler, Einstellungen und die Kartenverteilung), so wie "
                             "kartentisch play sie speichert.",
        "replay_other_format": "Diese Wiederholungsdatei ist in einer anderen Fassung des Formats geschrieben "
                               "({format}), die dieses kartentisch nicht lesen kann.",
        "replay_no_game": "Das Spiel der Partie fehlt.",
        "replay_unknown_game": "Das Spiel „{game}“ ist hier unbekannt; dieses kartentisch kennt {games}.",
        "replay_no_players": "Die Zahl der Spieler fehlt oder ist keine ganze Zahl.",
        "replay_bad_seed": "Die Nummer der Kartenverteilung muss eine ganze Zahl ab 0 sein oder keine.",
        "replay_no_seed": "Die Partie hat keine Nummer ihrer Kartenverteilung, daher lassen sich Austeilen und "
                          "Züge nicht nachspielen.",
        "replay_bad_options": "Die Einstellungen müssen eine Liste von Namen und Werten sein, so wie kartentisch "
                              "play sie speichert.",
        "replay_no_setup": "Diese Partie {game} lässt sich so nicht aufbauen (ihr vorgegebener Kartenstapel passt "
                           "nicht).",
        "replay_not_entry": "Hier wurde ein Zug erwartet (der Platz und was er tat), so wie kartentisch play ihn "
                            "speichert, aber diese Zeile lässt sich nicht als Zug lesen.",
        "replay_no_seat_given": "Der Platz des Zuges fehlt.",
        "replay_no_move_given": "Der Platz steht da, aber was er tat, fehlt.",
        "replay_seat_not_number": "Der Platz des Zuges ist keine ganze Zahl.",
        "replay_move_not_text": "Der Zug ist nicht als Text geschrieben.",
        "replay_seat_not_here": "Zug {i} ist von Platz {seat}, den es an diesem Tisch mit {n} Spielern nicht gibt "
                                "(die Datei zählt die Plätze von 0 bis {last}).",
        "replay_move": "Zug {i} von {who} lässt sich nicht nachspielen: {said}",
        "replay_illegal": "„{move}“ ist dort nicht erlaubt.{why}",
        "replay_not_to_act": "{who} ist dort nicht am Zug (am Zug: {acting}).",
        "replay_no_move": "Das ist dort kein Zug.{why}",
        "replay_malformed": "Was dort steht, ist kein Zug von {game}.",
        "seats_not_list": "Sie sind keine Liste mit einem Eintrag je Platz",
        "seats_count": "Sie nennen {k} Plätze, die Partie hat aber {n}",
        "seats_count_one": "Sie nennen 1 Platz, die Partie hat aber {n}",
        "seats_name": "Der für Platz {seat} gespeicherte Name wäre an keinem Tisch erlaubt (eine Zeile sichtbarer "
                      "Text, höchstens {most} Zeichen, nicht mit dem Namen eines anderen Platzes zu verwechseln)",
        "seats_entry": "Platz {seat} ist weder als Person mit Namen noch als Bot geschrieben",
        "seats_bot": "Den Bot „{bot}“ auf Platz {seat} gibt es nicht",
        "seats_people": "{k} Plätze sind als Person geschrieben, kartentisch play speichert aber genau einen",
        "seats_numbered": "Die in dieser Datei gespeicherten Plätze (wer wo saß) werden nicht beachtet: {why}. "
                          "Die Plätze heißen nach ihren Nummern.",
    },
}


def _t(lang: str, key: str, **kwargs: Any) -> str:
    return TEXTS.get(lang, TEXTS["en"])[key].format(**kwargs)


def seats_unread(key: str, values: dict[str, Any], lang: str) -> str:
    """Why a replay header's ``seats`` are not used, in ``lang``: ``key`` and ``values`` of a
    :class:`~kartentisch.bots.SeatsUnread` (``seats_count``, ``seats_name`` …), or ``seats_not_list``."""
    return _t(lang, key, **values)


def seats_numbered(key: str, values: dict[str, Any], lang: str) -> str:
    """A page's note that an uploaded file's seats are named by number, and why (:func:`seats_unread`)."""
    return _t(lang, "seats_numbered", why=seats_unread(key, values, lang))


def move_words(state: GameState, seat: int, token: str, voice: Voice) -> str | None:
    """A move the rules refuse, named in words as the choices name moves ("Spiele Rot 9"), never its token.
    The game's words are made for legal moves (:meth:`~kartentisch.kernel.Game.choice`): a move they cannot name
    (a row position that does not exist) is ``None``."""
    try:
        return " · ".join(state.game.choice(seat, token, state.view(seat), voice).steps)
    except (KartentischError, LookupError, ValueError):
        return None


def replay_refused(exc: InvalidReplay, source: str, lang: str) -> str:
    """What is wrong with replay file ``source`` (its path, or how a page calls an uploaded file; ``exc``,
    :meth:`Match.loads <kartentisch.kernel.Match.loads>`) in the players' words of ``lang``: which line, what it
    should hold (line 1 the match: game, players, options, deal; every later line one move: a seat and what it
    did), and for a move the rules refuse, the move in words and the broken rule's words as the terminal refuses a
    typed move (:func:`kartentisch.cli.app.refused`). No parser's words, no Python exception text: the terminal
    and the web's upload say it alike."""
    where = _t(lang, "replay_where", path=source, line=exc.line) if exc.line else f"{source}:"
    problem = exc.problem
    if problem == "not_replay":
        head = exc.head if isinstance(exc.head, dict) else {}
        written = head.get("format")
        if isinstance(written, str) and written.startswith("kartentisch-replay/"):
            return f"{source}: {_t(lang, 'replay_other_format', format=written.rpartition('/')[2])}"
        return f"{source}: {_t(lang, 'replay_not_replay')}"
    if problem == "no_seed":  # a reader that steps through the deal needs it (the web's upload)
        return f"{where} {_t(lang, 'replay_no_seed')}"
    if problem == "header":
        return f"{where} {_header_words(exc.head, lang)}"
    if problem == "move" and isinstance(exc.before, GameState) and isinstance(exc.cause, IllegalAction):
        return f"{where} {_move_refused(exc, exc.before, exc.cause, lang)}"
    key = {"not_text": "replay_not_text", "empty": "replay_empty", "no_seat": "replay_no_seat_given",
           "no_token": "replay_no_move_given", "seat_not_number": "replay_seat_not_number",
           "token_not_text": "replay_move_not_text"}.get(problem, "replay_not_entry")
    return f"{where} {_t(lang, key)}"


def _move_refused(exc: InvalidReplay, before: GameState, cause: IllegalAction, lang: str) -> str:
    """A replay's move the rules refuse (:func:`replay_refused`): its number, its seat, and that the seat is not
    to act there (and who is), else the move in words (or that it is no move there) and the broken rule in the
    game's words."""
    seat, players = exc.seat if exc.seat is not None else -1, before.players
    if not 0 <= seat < players:
        return _t(lang, "replay_seat_not_here", i=exc.move + 1, seat=seat, n=players, last=players - 1)
    voice = Voice(lang, None)
    acting = before.to_act()
    if isinstance(cause, MalformedToken):  # no move of the game at all, as the terminal's "Not understood"
        said = _t(lang, "replay_malformed", game=before.game.names.get(lang, before.game.id))
    elif acting and seat not in acting:  # said as such: the rule's words addressed the reader ("… on your turn")
        names = [voice.name(s) for s in acting]
        said = _t(lang, "replay_not_to_act", who=voice.name(seat), acting=listing(names, lang))
    else:  # a move the rules refuse there: in words with the rule's words, as :func:`kartentisch.cli.app.refused`
        why = rule_words(before.game, cause.rule, lang)
        why = f" {why}" if why else ""
        move = move_words(before, seat, cause.token or exc.token or "", voice)
        said = _t(lang, "replay_no_move", why=why) if move is None else _t(lang, "replay_illegal", move=move, why=why)
    return _t(lang, "replay_move", i=exc.move + 1, who=voice.name(seat), said=said)


def _header_words(head: object, lang: str) -> str:
    """What is wrong with line 1's match (:func:`replay_refused`): the game unknown, the player count, the deal's
    seed, the options (the setup's words, :func:`~kartentisch.kernel.setup_words.setup_refused`, by the rules'
    bounds, not a table's), or the match otherwise cannot be set up (a stacked deck)."""
    head = head if isinstance(head, dict) else {}
    if not isinstance(head.get("game"), str):
        return _t(lang, "replay_no_game")
    try:
        game = lookup(head["game"])
    except KartentischError:
        known = ", ".join(lookup(i).names.get(lang, i) for i in known_ids())
        return _t(lang, "replay_unknown_game", game=head["game"], games=known)
    players, seed, options = head.get("players"), head.get("seed"), head.get("options")
    if not is_int(players):
        return _t(lang, "replay_no_players")
    if seed is not None and (not is_int(seed) or seed < 0):
        return _t(lang, "replay_bad_seed")
    if options is not None and not isinstance(options, dict):
        return _t(lang, "replay_bad_options")
    try:
        game.resolve_options(players, options or {})
    except KartentischError:
        return setup_refused(game, players, options or {}, typed=True, at_table=False)[lang]
    return _t(lang, "replay_no_setup", game=game.names.get(lang, game.id))
