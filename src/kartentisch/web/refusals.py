"""Refusals in the players' words (EN/DE) where the raising code has none of its own.

Every refusal of the API answers ``{"error": developer text, "text"?: the players' words}`` (:class:`ApiError
<kartentisch.web.errors.ApiError>`; ``error`` stays for API clients and logs). A page shows ``text``, so it must
read as people speak, in the request's language (``?lang=``), naming no field, id or token. This module words
the refusals nobody else words:

* :func:`invalid_request`: a request FastAPI refuses before any route runs (a 422 of pydantic's validation: a
  number that is no number, a name too long, a missing field), from each problem's location and kind;
* :func:`status_text`: by HTTP status, for a refusal that carries no words of its own (a missing route, the
  database down, an ``ApiError`` raised without ``said``).

A more specific refusal says its own words where it is raised (``ApiError(..., said={"en": …, "de": …})``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..kernel.names import control_refusal
from ..kernel.setup_words import said as said  # the words of every refusal, shared with the terminal
from ..kernel.words import LANGS, rule_words

if TYPE_CHECKING:
    from ..kernel import Game

#: What a request's field is in the players' words (the specs' German terms: Spieler, Platz, Uhr …), by the
#: field's name as the API spells it. A field not listed is "something in the request" (no field name shows).
FIELD_WORDS: dict[str, dict[str, str]] = {
    "game": {"en": "the game", "de": "das Spiel"},
    "players": {"en": "the number of players", "de": "die Zahl der Spieler"},
    "options": {"en": "the table's options", "de": "die Einstellungen des Tisches"},
    "seed": {"en": "the fixed deal", "de": "die feste Kartenverteilung"},
    "seats": {"en": "the seats", "de": "die Plätze"},
    "kind": {"en": "the kind of seat", "de": "die Art des Platzes"},
    "name": {"en": "the name", "de": "der Name"},
    "bot": {"en": "the bot", "de": "der Bot"},
    "iterations": {"en": "the bot's strength", "de": "die Stärke des Bots"},
    "reaction_seconds": {"en": "the reaction time", "de": "die Reaktionszeit"},
    "spectator_chat": {"en": "the spectators' chat", "de": "der Chat der Zuschauer"},
    "hints": {"en": "the hints", "de": "die Tipps"},
    "clock": {"en": "the clock", "de": "die Uhr"},
    "on_timeout": {"en": "what happens when the time runs out", "de": "was geschieht, wenn die Zeit abläuft"},
    "action": {"en": "the move", "de": "der Zug"},
    "n": {"en": "the move number", "de": "die Zugnummer"},
    "since": {"en": "the move number", "de": "die Zugnummer"},
    "join": {"en": "the answer to the rematch", "de": "die Antwort auf die Revanche"},
    "seat": {"en": "the seat", "de": "der Platz"},
    "text": {"en": "the text", "de": "der Text"},
    "reaction": {"en": "the quick reaction", "de": "die schnelle Reaktion"},
    "member": {"en": "the member", "de": "das Mitglied"},
    "members": {"en": "the members", "de": "die Mitglieder"},
    "again": {"en": "“I joined before”", "de": "„Ich bin schon dabei“"},
    "address": {"en": "the e-mail address", "de": "die E-Mail-Adresse"},
    "lang": {"en": "the language", "de": "die Sprache"},
    "view": {"en": "the view", "de": "die Ansicht"},
    "bots": {"en": "counting the bots", "de": "das Mitzählen der Bots"},
}
#: The fields :data:`FIELD_WORDS` names in the plural ("Die Plätze fehlen", not "fehlt": a fresh user's finding).
PLURAL_FIELDS = frozenset({"seats", "options", "hints", "members"})
#: A field the list above does not know.
SOMETHING = {"en": "something in the request", "de": "etwas in der Anfrage"}
#: What is wrong, by pydantic's error type (``{field}``: :data:`FIELD_WORDS`; ``{ge}``, ``{le}``, ``{max_length}`` …:
#: the error's context). A type not listed is :data:`NOT_READ`.
PROBLEM_WORDS: dict[str, dict[str, str]] = {
    "missing": {"en": "{field} is missing", "de": "{field} fehlt"},
    "missing_many": {"en": "{field} are missing", "de": "{field} fehlen"},  # a field of :data:`PLURAL_FIELDS`
    "int_parsing": {"en": "{field} must be a whole number", "de": "{field} muss eine ganze Zahl sein"},
    "int_type": {"en": "{field} must be a whole number", "de": "{field} muss eine ganze Zahl sein"},
    "int_from_float": {"en": "{field} must be a whole number", "de": "{field} muss eine ganze Zahl sein"},
    "bool_parsing": {"en": "{field} must be yes or no", "de": "{field} muss ja oder nein sein"},
    "bool_type": {"en": "{field} must be yes or no", "de": "{field} muss ja oder nein sein"},
    "greater_than_equal": {"en": "{field} must be at least {ge}", "de": "{field} muss mindestens {ge} sein"},
    "greater_than": {"en": "{field} must be more than {gt}", "de": "{field} muss größer als {gt} sein"},
    "less_than_equal": {"en": "{field} must be at most {le}", "de": "{field} darf höchstens {le} sein"},
    "less_than": {"en": "{field} must be less than {lt}", "de": "{field} muss kleiner als {lt} sein"},
    "string_too_long": {"en": "{field} is too long: at most {max_length} characters",
                        "de": "{field} ist zu lang: höchstens {max_length} Zeichen"},
    "string_too_short": {"en": "{field} is too short: at least {min_length} characters",
                         "de": "{field} ist zu kurz: mindestens {min_length} Zeichen"},
    "too_long": {"en": "{field}: at most {max_length}", "de": "{field}: höchstens {max_length}"},
    "too_short": {"en": "{field}: at least {min_length}", "de": "{field}: mindestens {min_length}"},
    "text_too_long": {"en": "{field} is too long: at most {max_length} characters",
                      "de": "{field} ist zu lang: höchstens {max_length} Zeichen"},
    "literal_error": {"en": "{field} is none of the choices", "de": "{field} ist keine der Möglichkeiten"},
    "enum": {"en": "{field} is none of the choices", "de": "{field} ist keine der Möglichkeiten"},
    "string_type": {"en": "{field} must be text", "de": "{field} muss ein Text sein"},
    "value_error": {"en": "{field} cannot be taken as it is", "de": "{field} geht so nicht"},
    # the character is not named: a code point (the developer's ``error`` has it) means nothing to a player
    "plain_text": {"en": "{field} holds an invisible character or a line break; leave that character out",
                   "de": "{field} enthält ein unsichtbares Zeichen oder einen Zeilenumbruch; lass dieses Zeichen weg"},
}
#: Any other problem (a body that is no JSON, a list where one value belongs …): the page sent what it should not.
NOT_READ = {"en": "the server could not read {field}", "de": "der Server konnte {field} nicht lesen"}
#: The end of every refusal of :func:`invalid_request`.
CHECK_AND_RETRY = {"en": "check it and try again.", "de": "prüfe die Angabe und versuche es noch einmal."}
#: The same after several problems, each its own sentence (a German sentence after a semicolon began "; Der …").
CHECK_AND_RETRY_MANY = {"en": "Check them and try again.", "de": "Prüfe die Angaben und versuche es noch einmal."}
#: Problems whose words already say what to do (no "check it and try again" after them).
SAYS_WHAT_TO_DO = frozenset({"plain_text"})
#: Where a problem is inside a list (``seats.1.name``, a score pad's ``players.1``): its place counted from 1.
PLACE = {"seats": {"en": "Seat {n}", "de": "Platz {n}"}, "players": {"en": "Player {n}", "de": "Mitspieler {n}"},
         "members": {"en": "Member {n}", "de": "Mitglied {n}"}}
#: What one item of a list is (a score pad's ``players`` are names, a group table's ``members`` are members).
ITEM_WORDS = {"players": FIELD_WORDS["name"], "members": FIELD_WORDS["member"], "seats": {"en": "the seat",
                                                                                       "de": "der Platz"}}

#: A refusal without words of its own, by HTTP status (:func:`status_text`).
STATUS_WORDS: dict[int, dict[str, str]] = {
    400: {"en": "The server could not read this request. Reload the page and try again.",
          "de": "Der Server konnte diese Anfrage nicht lesen. Lade die Seite neu und versuche es noch einmal."},
    401: {"en": "This needs your own link: open the page through the link you were given.",
          "de": "Dafür brauchst du deinen eigenen Link: öffne die Seite über den Link, den du bekommen hast."},
    403: {"en": "This is not allowed here.", "de": "Das ist hier nicht erlaubt."},
    404: {"en": "This was not found: the link may be mistyped, or it is gone.",
          "de": "Das gibt es nicht: Der Link ist vielleicht falsch geschrieben, oder es ist nicht mehr da."},
    405: {"en": "The server does not do this here.", "de": "Das macht der Server hier nicht."},
    409: {"en": "That is not possible at this moment.", "de": "Das geht in diesem Moment nicht."},
    410: {"en": "This table has expired: nobody moved for a long time.",
          "de": "Dieser Tisch ist abgelaufen: Lange hat niemand gezogen."},
    413: {"en": "That is too much at once for the server.", "de": "Das ist zu viel auf einmal für den Server."},
    422: {"en": "That is not possible. Check what you chose and try again.",
          "de": "Das geht nicht. Prüfe deine Angaben und versuche es noch einmal."},
    429: {"en": "Too many requests at once: wait a moment and try again.",
          "de": "Zu viele Anfragen auf einmal: Warte kurz und versuche es noch einmal."},
    503: {"en": "The server cannot answer right now: try again in a moment.",
          "de": "Der Server kann gerade nicht antworten: Versuche es gleich noch einmal."},
}
#: A status :data:`STATUS_WORDS` does not list: a client error, else a server error.
OTHER_CLIENT = STATUS_WORDS[400]
OTHER_SERVER = STATUS_WORDS[503]


#: The link of a page that was not found back to the lobby (:func:`missing_page`).
TO_LOBBY = {"en": "Go to the lobby", "de": "Zur Startseite"}


def page_lang(query_lang: str | None, accept_language: str | None) -> str:
    """The language of a page the server writes itself, as the pages choose theirs (``i18n.js`` ``lang()``):
    ``?lang=`` if the pages have it, else the first of the browser's languages (``Accept-Language``, in its order)
    that they have, else English."""
    if query_lang in LANGS:
        return query_lang
    for item in (accept_language or "").split(","):
        primary = item.split(";")[0].strip().split("-")[0].lower()
        if primary in LANGS:
            return primary
    return "en"


def missing_page(status: int, lang: str) -> str:
    """A browser's page for a link that leads nowhere (an address no route has, 404): the status's words in
    ``lang`` (:func:`status_text`) and a link to the lobby, with the pages' style sheet and no script."""
    text, back = html.escape(status_text(status, lang)), html.escape(TO_LOBBY[lang])
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1"><title>kartentisch</title>'
            '<link rel="stylesheet" href="/static/kt.css"></head>'
            f'<body class="lobby-page"><main><h1>kartentisch</h1><p role="alert">{text}</p>'
            f'<p><a href="/">{back}</a></p></main></body></html>\n')


def sentences(texts: Mapping[str, str]) -> dict[str, str]:
    """``texts`` (per language) each beginning with a capital, as a page shows a refusal (the API's ``error`` of
    some refusals begins in lower case, as developers' messages do)."""
    return {lang: text[:1].upper() + text[1:] for lang, text in texts.items()}


def reply_lang(lang: str | None) -> str:
    """The language of a refusal's words: ``lang`` if the pages have it (:data:`LANGS`), else English (an unknown
    ``?lang=`` is itself refused, in English)."""
    return lang if lang in LANGS else "en"


def status_text(status: int, lang: str | None) -> str:
    """The players' words of a refusal with HTTP ``status`` that has none of its own, in ``lang``
    (:func:`reply_lang`)."""
    words = STATUS_WORDS.get(status) or (OTHER_CLIENT if status < 500 else OTHER_SERVER)
    return words[reply_lang(lang)]


def problem_text(error: Mapping[str, Any], lang: str) -> str:
    """One pydantic problem (``{"loc", "type", "ctx"?}``) in the players' words in ``lang``: the field by
    :data:`FIELD_WORDS` (the seat counted from 1 in front where it is inside ``seats``), what is wrong by
    :data:`PROBLEM_WORDS` (a name with a control character as :func:`~kartentisch.kernel.names.control_refusal`
    words it, the name quoted); never the field's or the type's id."""
    loc = [part for part in error.get("loc", ()) if part not in ("body", "query", "path", "header")]
    named = [part for part in loc if isinstance(part, str) and part in FIELD_WORDS]
    if len(loc) >= 2 and isinstance(loc[-1], int) and loc[-2] in ITEM_WORDS:  # the item itself (a name of a list)
        field = ITEM_WORDS[str(loc[-2])][lang]
    else:
        field = FIELD_WORDS[named[-1]][lang] if named else SOMETHING[lang]
    context = {key: value for key, value in (error.get("ctx") or {}).items() if isinstance(value, int | float | str)}
    kind = str(error.get("type"))
    if kind == "plain_text" and field == FIELD_WORDS["name"][lang] and isinstance(error.get("input"), str):
        # a name is refused as every check of names words it, the name quoted (kernel.names.control_refusal)
        text = control_refusal(error["input"]).text(lang).removesuffix(".")
        return _placed(loc, text, lang)
    if kind == "missing" and named and named[-1] in PLURAL_FIELDS and field == FIELD_WORDS[named[-1]][lang]:
        kind = "missing_many"
    if kind == "too_long" and context.get("field_type") == "Value":  # a text field's max_length, checked as a value
        kind = "text_too_long"
    words = PROBLEM_WORDS.get(kind, NOT_READ)
    try:
        text = words[lang].format(field=field, **context)
    except (KeyError, IndexError):  # a context pydantic did not give: say it without the figure
        text = NOT_READ[lang].format(field=field)
    return _placed(loc, text[0].upper() + text[1:], lang)


def _placed(loc: list[Any], text: str, lang: str) -> str:
    """``text`` with the place of a problem inside a list in front (``Platz 2: …``, :data:`PLACE`)."""
    if len(loc) >= 2 and loc[0] in PLACE and isinstance(loc[1], int):
        return f"{PLACE[str(loc[0])][lang].format(n=loc[1] + 1)}: {text}"
    return text


def invalid_request(errors: Iterable[Mapping[str, Any]], lang: str | None) -> str:
    """A request pydantic refused (its errors as ``RequestValidationError.errors()`` gives them) in the players'
    words in ``lang`` (:func:`reply_lang`): each distinct problem once (:func:`problem_text`), then
    "check it and try again" unless every problem says what to do itself (:data:`SAYS_WHAT_TO_DO`). ``"Die Zahl der
    Spieler muss eine ganze Zahl sein; prüfe die Angabe und versuche es noch einmal."``; several problems are
    sentences of their own (``"… fehlt. Der Server …. Prüfe die Angaben und versuche es noch einmal."``)."""
    lang = reply_lang(lang)
    errors = list(errors)
    problems = list(dict.fromkeys(problem_text(error, lang) for error in errors))
    text = '. '.join(problems) or NOT_READ[lang].format(field=SOMETHING[lang])
    if problems and all(str(error.get("type")) in SAYS_WHAT_TO_DO for error in errors):
        return f"{text}."
    return f"{text}. {CHECK_AND_RETRY_MANY[lang]}" if len(problems) > 1 else f"{text}; {CHECK_AND_RETRY[lang]}"


#: The refusals of a new table and of a move in the players' words (``ApiError.said``, :mod:`.refusals`); a player
#: count or option refused: :func:`kartentisch.kernel.setup_words.setup_refused` (the terminal's words too).
REFUSED: dict[str, dict[str, str]] = {
    "no_game": {"en": "There is no such game here; choose one from the list.",
                "de": "Dieses Spiel gibt es hier nicht; wähle eines aus der Liste."},
    "seat_count": {"en": "Give each of the {n} players exactly one seat.",
                   "de": "Gib jedem der {n} Spieler genau einen Platz."},
    "seed": {"en": "The fixed deal is a whole number from 0 to 9223372036854775807.",
             "de": "Die feste Kartenverteilung ist eine ganze Zahl von 0 bis 9223372036854775807."},
    "seat_kind": {"en": "Seat {n}: choose who sits there: a person, a friend with the invite link or a bot.",
                  "de": "Platz {n}: Wähle, wer dort sitzt: ein Mensch, ein Freund mit dem Einladungslink oder ein "
                        "Bot."},
    "bot": {"en": "Seat {n}: this bot does not play on this server; choose another one.",
            "de": "Platz {n}: Dieser Bot spielt auf diesem Server nicht; wähle einen anderen."},
    "policy_table": {"en": "Seat {n}: the learned bot plays only the kind of table it learned at (its number of "
                           "players, the standard settings); choose another bot or that table.",
                     "de": "Platz {n}: Der gelernte Bot spielt nur an der Art Tisch, an der er gelernt hat (seine "
                           "Spielerzahl, die Standardeinstellungen); wähle einen anderen Bot oder diesen Tisch."},
    "bot_limit": {"en": "Seat {n}: this bot would think longer than this server allows; choose a weaker one.",
                  "de": "Platz {n}: Dieser Bot würde länger nachdenken, als dieser Server erlaubt; wähle einen "
                        "schwächeren."},
    "no_person": {"en": "This server plays no table of bots only: give at least one seat to a person.",
                  "de": "Dieser Server spielt keinen Tisch nur mit Bots: Gib mindestens einen Platz einem Menschen."},
    "no_move": {"en": "Choose a move first.", "de": "Wähle zuerst einen Zug."},
    "long_move": {"en": "Those are too many moves at once.", "de": "Das sind zu viele Züge auf einmal."},
    "over": {"en": "The match is over.", "de": "Die Partie ist vorbei."},
    "waiting_seats": {"en": "The match starts once every seat is taken; still free: {names}.",
                      "de": "Die Partie beginnt, sobald jeder Platz besetzt ist; noch frei: {names}."},
    "not_your_turn": {"en": "It is not your turn; waiting for {names}.",
                      "de": "Du bist nicht am Zug; wir warten auf {names}."},
    "acted_since": {"en": "Your seat has moved since this choice was shown (a double click, or another page of your "
                          "seat): this move was not played; look at the table again.",
                    "de": "Dein Platz hat schon gezogen, seit diese Wahl angezeigt wurde (ein doppelter Klick oder "
                          "eine andere Seite deines Platzes): dieser Zug wurde nicht gespielt; sieh noch einmal hin."},
    "illegal": {"en": "That move is not allowed now.", "de": "Dieser Zug ist jetzt nicht erlaubt."},
    "rematch_early": {"en": "A rematch is possible once the match is over.",
                      "de": "Eine Revanche gibt es, sobald die Partie vorbei ist."},
    "rematch_started": {"en": "The rematch has started already.", "de": "Die Revanche hat schon begonnen."},
}


def in_game_words(game: Game, key: str, said: Mapping[str, str]) -> dict[str, str]:
    """The refusal ``said`` (one text per language) as ``game`` words it: per language the sentence ``key`` of the
    game's ``common`` part where it has one (as :meth:`~kartentisch.kernel.Game.common_text` takes the kernel's
    sentences; chips names the match "Spiel", a "Partie" being one round, chips D1), else ``said``'s."""
    return {lang: game.parts.common.get(lang, {}).get(key) or text for lang, text in said.items()}


def table_refused(game: Game, key: str) -> dict[str, str]:
    """The table's refusal ``key`` (:data:`REFUSED`: ``over``, ``waiting_seats``, ``rematch_early``) as ``game``
    words it: :func:`in_game_words` with the game's ``common.table_<key>`` (chips: "Das Spiel ist vorbei.", chips D1).
    """
    return in_game_words(game, f"table_{key}", REFUSED[key])


def illegal_move(game: Game, rule: str) -> dict[str, str]:
    """The refusal of a move the rules forbid now, in every language: "That move is not allowed now." and the broken
    rule in the game's words (:func:`~kartentisch.kernel.words.rule_words`; ``rule``: the
    :class:`~kartentisch.kernel.errors.IllegalAction`'s, ``"lastcard R8"``), which name no card; the first sentence
    alone for a rule without words."""
    return {lang: " ".join(filter(None, (REFUSED["illegal"][lang], rule_words(game, rule, lang)))) for lang in LANGS}
