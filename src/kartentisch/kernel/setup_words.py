"""Why a match cannot be set up, in the players' words (EN/DE): the player count or an option refused.

One text for every face that sets up a match: the web API's refusal (:mod:`kartentisch.web.refusals`) and the
terminal's ``kartentisch play`` (a bad ``--players`` or ``--options`` said in the terminal's language, not as
Typer's English error). The texts name no option id, only its label, and say the allowed range.

Example::

    >>> from kartentisch.games import get_game
    >>> setup_refused(get_game("colors"), 9, {})["de"]
    'Farblücke spielen 2 bis 6 Spieler, nicht 9.'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from .errors import InvalidOptions, KartentischError
from .words import LANGS, rule_words

if TYPE_CHECKING:
    from .game import Game
    from .options import Option

#: The refusals of a match's setup, per language (``{game}``, ``{label}``: per language; ``{low}``, ``{high}``,
#: ``{n}``: numbers).
SETUP_WORDS: Final[dict[str, dict[str, str]]] = {
    "players": {"en": "{game} is played by {low} to {high} players, not {n}.",
                "de": "{game} spielen {low} bis {high} Spieler, nicht {n}."},
    "unknown_option": {"en": "{game} has no such option; choose the options again.",
                       "de": "Diese Einstellung gibt es bei {game} nicht; wähle die Einstellungen noch einmal."},
    "unknown_option_named": {"en": '{game} has no option "{name}"; choose the options again.',
                             "de": "Die Einstellung „{name}“ gibt es bei {game} nicht; wähle die Einstellungen noch "
                                   "einmal."},
    "option": {"en": "{label}: this value is not possible here; choose another one.",
               "de": "{label}: Dieser Wert geht hier nicht; wähle einen anderen."},
    "option_range": {"en": "{label}: choose a whole number from {low} to {high}.",
                     "de": "{label}: Wähle eine ganze Zahl von {low} bis {high}."},
    "option_at_least": {"en": "{label}: choose a whole number of at least {low}.",
                        "de": "{label}: Wähle eine ganze Zahl ab {low}."},
    "option_at_least_or_none": {"en": "{label}: choose a whole number of at least {low}, or none.",
                                "de": "{label}: Wähle eine ganze Zahl ab {low} oder keine."},
    "option_rule": {"en": "{label}: this value is not possible here. {why}",
                    "de": "{label}: Dieser Wert geht hier nicht. {why}"},
    "option_seat": {"en": "{label}: choose a seat from 1 to {n}.",
                    "de": "{label}: Wähle einen Platz von 1 bis {n}."},
    # typed as JSON (a terminal's --options), where a seat is counted from 0
    "option_seat_typed": {"en": "{label}: choose a seat from 1 to {n}; in --options it is written counted from 0, "
                                "so 0 to {last}.",
                          "de": "{label}: Wähle einen Platz von 1 bis {n}; in --options wird er ab 0 gezählt "
                                "geschrieben, also 0 bis {last}."},
    # typed as JSON, after a refused value of an option with its own spelling (chips specials: "s2", "random")
    "option_written": {"en": "Written as: {allowed}.", "de": "Schreibweise: {allowed}."},
}


#: An option's allowed values as ``kartentisch games`` lists them (``{low}``, ``{high}``, ``{cap}``: numbers;
#: ``{values}``: the choices listed), and the cap a table people sit at sets (:attr:`Option.table_maximum`).
RANGE_WORDS: Final[dict[str, dict[str, str]]] = {
    "range": {"en": "a whole number from {low} to {high}", "de": "eine ganze Zahl von {low} bis {high}"},
    "at_least": {"en": "a whole number of at least {low}", "de": "eine ganze Zahl ab {low}"},
    "at_table": {"en": "{range}, at a table at most {cap}", "de": "{range}, an einem Tisch höchstens {cap}"},
    "or_none": {"en": "null (none) or {range}", "de": "null (keine) oder {range}"},
    "or_null": {"en": "null ({null}) or {range}", "de": "null ({null}) oder {range}"},
    "seat": {"en": "a seat counted from 0: 0 for seat 1 up to the number of players − 1",
             "de": "ein Platz, ab 0 gezählt: 0 für Platz 1 bis Anzahl der Spieler − 1"},
    "bool": {"en": "true (yes) or false (no)", "de": "true (ja) oder false (nein)"},
    "choice": {"en": "{values} or {last}", "de": "{values} oder {last}"},
}


def option_range(spec: Option, lang: str) -> str:
    """The values ``spec`` allows, in ``lang``, as typed in ``--options`` (JSON: ``true``, ``null``, a choice's
    value with its label): a number's bounds with the cap a table people sit at sets (colors R16's target score:
    "a whole number of at least 1, at a table at most 300"), a seat counted from 0, a list by its
    :attr:`~kartentisch.kernel.options.Option.allowed_words`; ``null`` with what it means in the match
    (:attr:`~kartentisch.kernel.options.Option.null_words`, else "none")."""
    lang = lang if lang in LANGS else "en"
    if spec.kind == "int":
        low = spec.minimum if spec.minimum is not None else 0
        text = (RANGE_WORDS["range"][lang].format(low=low, high=spec.maximum) if spec.maximum is not None
                else RANGE_WORDS["at_least"][lang].format(low=low))
        if spec.table_maximum is not None:
            text = RANGE_WORDS["at_table"][lang].format(range=text, cap=spec.table_maximum)
    elif spec.kind == "seat":
        text = RANGE_WORDS["seat"][lang]
    elif spec.kind == "bool":
        text = RANGE_WORDS["bool"][lang]
    elif spec.kind == "choice":
        values = [json.dumps(c) + (f" ({spec.choice_labels[c][lang]})" if c in spec.choice_labels else "")
                  for c in spec.choices]
        text = RANGE_WORDS["choice"][lang].format(values=", ".join(values[:-1]), last=values[-1]) \
            if len(values) > 1 else "".join(values)
    else:
        text = spec.allowed_words.get(lang, spec.allowed)
    if not spec.nullable:
        return text
    if spec.null_words:  # what null means in the match (a round limit's "none" read as "no rounds")
        return RANGE_WORDS["or_null"][lang].format(range=text, null=spec.null_words.get(lang, spec.null_words["en"]))
    return RANGE_WORDS["or_none"][lang].format(range=text)


def said(texts: Mapping[str, str], **values: Any) -> dict[str, str]:
    """``texts`` (one template per language of :data:`LANGS`) formatted with ``values``, for ``ApiError(…,
    said=…)``; a value that is a mapping is taken per language (a game's ``names``, the seats' names):
    ``said({"en": "{game} is full", "de": "{game} ist voll"}, game=game.names)``."""
    return {lang: texts[lang].format(**{key: value[lang] if isinstance(value, Mapping) else value
                                        for key, value in values.items()}) for lang in LANGS}


def setup_refused(game: Game, players: int, options: Mapping[str, Any], typed: bool = False,
                  at_table: bool = True) -> dict[str, str]:
    """The players' words (``{"en": …, "de": …}``) of a match of ``game`` for ``players`` with ``options`` that
    cannot be set up at a table (``Game.resolve_options(…, at_table=True)``): the player count out of the game's
    range, an option the game does not have (named as given where the person ``typed`` it, a terminal's
    ``--options``; a page, which offers only the game's options, names no id), or the first option (by its label)
    whose value is not allowed; a number option says its bounds (a target score, colors R16: "from 1 to 300"; a
    round limit, colors R16: "at least 1, or none"), a seat option the seats from 1 to the player count (and, where
    the person ``typed`` JSON, that it is written counted from 0), and a value a game's check refuses by a rule
    with words says that rule (a special card without a known text, chips R19) and, where the person ``typed`` it,
    how an option with its own spelling is written (chips R19's "s2" … or "random", :attr:`Option.allowed_words`:
    the rule's words name the cards by number, a fresh user could not tell what to type). ``at_table=False``: by
    the rules' bounds alone, as a replay file's match is set up (no table's cap)."""
    if not game.min_players <= players <= game.max_players:
        return said(SETUP_WORDS["players"], game=game.names, low=game.min_players, high=game.max_players, n=players)
    for spec in game.options:
        if spec.name in options:
            try:
                spec.validate(options[spec.name], players, at_table=at_table)
            except KartentischError as exc:
                label = {lang: spec.label.get(lang, spec.name) for lang in LANGS}
                high = spec.largest(at_table=at_table)
                if spec.kind == "int" and spec.minimum is not None:
                    words = "option_range" if high is not None else \
                        "option_at_least_or_none" if spec.nullable else "option_at_least"
                    return said(SETUP_WORDS[words], label=label, low=spec.minimum, high=high)
                if spec.kind == "seat":
                    return said(SETUP_WORDS["option_seat_typed" if typed else "option_seat"], label=label,
                                n=players, last=players - 1)
                rule = exc.rule if isinstance(exc, InvalidOptions) else ""
                why = {lang: rule_words(game, rule, lang) for lang in LANGS}
                text = said(SETUP_WORDS["option_rule"], label=label, why=why) if all(why.values()) \
                    else said(SETUP_WORDS["option"], label=label)
                if typed and spec.allowed_words:  # how to write it: the words name no code ("special card 2")
                    written = said(SETUP_WORDS["option_written"],
                                   allowed={lang: spec.allowed_words.get(lang, spec.allowed) for lang in LANGS})
                    text = {lang: f"{text[lang]} {written[lang]}" for lang in LANGS}
                return text
    if not typed:
        return said(SETUP_WORDS["unknown_option"], game=game.names)
    known = {spec.name for spec in game.options}
    return said(SETUP_WORDS["unknown_option_named"], game=game.names,
                name=next((k for k in options if k not in known), ""))
