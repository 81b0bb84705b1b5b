"""Moves in words: the kernel's one way to say what happened, for a given reader, in German or English.

python-chess writes a move as people read it (``board.san(move)``) beside its machine form
(``move.uci()``); here every game writes its moves, cards, phases and options in the players'
words (the specs' German terms in German) through the methods of :class:`~kartentisch.kernel.game.Game`
(``describe_move``, ``choice``, ``card_name``, ``phase_name``; an option's ``label``). The kernel adds what is
the same for every game: who reads (:class:`Voice`), seat names counted from 1, round and match
ends, and :func:`narrate`, which builds a log sentence from what the reader may know only.

No hidden card can reach a sentence: a game's ``describe`` is given the reader's view before and
after the move and the move's public form for that reader (``public_token``), never the state.

Example::

    >>> from kartentisch.games import get_game
    >>> state = get_game("colors").new_state(players=2, seed=7)
    >>> Voice("en", viewer=1, names=("Ana", "Ben")).who(0)
    'Ana'
    >>> Voice("de", viewer=1).who(1)
    'Du'
"""

from __future__ import annotations

import string
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, NamedTuple

if TYPE_CHECKING:
    from .game import Game, GameState

#: Languages every text of every game comes in.
LANGS: Final[tuple[str, ...]] = ("en", "de")

_COMMON: Final[dict[str, dict[str, str]]] = {
    "en": {
        "seat": "Seat {n}", "you": "You", "you_lower": "you", "round_over": "Round over", "game_over": "Match over",
        "round_end": "Round {round} is over: {scores}.", "score": "{name} {score} (total {total})",
        "winners_one": "{names} wins the match.", "winners_many": "{names} share the win.",
        "winners_you": "You win the match.", "and": "and", "no_winner": "The match is over without a winner.",
        "loser_one": "{names} loses the match.", "not_over": "The match is not over.",
    },
    "de": {
        "seat": "Platz {n}", "you": "Du", "you_lower": "du", "round_over": "Runde vorbei", "game_over": "Partie vorbei",
        "round_end": "Runde {round} ist vorbei: {scores}.", "score": "{name} {score} (gesamt {total})",
        "winners_one": "{names} gewinnt die Partie.", "winners_many": "{names} teilen sich den Sieg.",
        "winners_you": "Du gewinnst die Partie.", "and": "und", "no_winner": "Die Partie ist ohne Sieger vorbei.",
        "loser_one": "{names} verliert die Partie.", "not_over": "Die Partie ist nicht zu Ende.",
    },
}


def number(n: int) -> str:
    """``n`` with a minus sign (U+2212) when negative, as a score pad writes it: ``number(-2)`` is ``"−2"``. The one
    way every text people read writes a score or total (the page's twin: ``points`` of web/static/i18n.js)."""
    return f"−{-n}" if n < 0 else str(n)


def signed(points: int) -> str:
    """Points won or lost, with their sign: ``+3``, ``−3`` (U+2212, see :func:`number`), ``0``.

    >>> signed(3), signed(-3), signed(0), number(-2)
    ('+3', '−3', '0', '−2')
    """
    return f"+{points}" if points > 0 else number(points)


def heading(label: str) -> str:
    """``label`` with its first letter upper case, where a label the pages show as a badge ("dealer", "am Zug")
    heads a value in a line of the terminal ("Dealer: Ana", "Am Zug: Du", beside "Phase: …")."""
    return label[:1].upper() + label[1:]


def common_text(lang: str, key: str, **kwargs: Any) -> str:
    """One of the kernel's own texts (seat names, round and match ends) in ``lang`` (``en`` fallback)."""
    return _COMMON.get(lang, _COMMON["en"])[key].format(**kwargs)


def rule_words(game: Game, rule: str, lang: str) -> str | None:
    """The rule an illegal move broke, in the players' words of ``lang`` (``en`` fallback): the text
    ``refused.<id>`` of ``game``'s catalogue for an :class:`~kartentisch.kernel.errors.IllegalAction`'s ``rule``
    (``"lastcard R8"`` → ``refused.R8``: "A card played alone must be …"); ``None`` for a rule without words there
    (the kernel's own, another game's, a game without a catalogue). The texts say the rule, never the card or the
    seat of the refused move, so a refusal names no card its reader may not see (an illegal token may name another
    seat's hand card)."""
    catalogue = game.parts.words
    prefix, _, number = rule.partition(" ")
    if catalogue is None or prefix != game.id:
        return None
    return catalogue.by_lang.get(lang, catalogue.by_lang["en"]).get(f"refused.{number}")


def listing(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (German ``und``): how a sentence lists several things."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {common_text(lang, 'and')} {items[-1]}"


def placeholders(text: str) -> frozenset[str]:
    """The named placeholders of a ``str.format`` text: ``"{who} plays {card}."`` → ``{"who", "card"}``."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


class Catalogue:
    """One game's texts, each in every language of :data:`LANGS` (lichess's translation catalogues).

    A game keeps every text players read in one data file, ``words.toml`` in its package: a TOML table per text,
    named by its dotted key (``[words.play_take]``, ``[page.your_turn]``), with an ``en`` and a ``de`` string that
    have the same ``{named}`` placeholders (``str.format``; the page fills ``{name}`` alone, so its texts use no
    format specs). A key ending in ``_you`` is the second person of the key without it (:meth:`say`). The server
    reads the catalogue through this class; the page gets its ``page`` section from
    ``/api/games/{id}/words`` (:mod:`kartentisch.web.gamewords`), so no text has a second copy.

    Args:
        source: what the texts were read from, for errors ("colors/words.toml").
        texts: ``{key: {lang: text}}``.

    Raises:
        ValueError: a key lacks a language or has one more, a text is not a string, or the languages of a key
            differ in their placeholders; the message names the source and the key.
    """

    def __init__(self, source: str, texts: Mapping[str, Mapping[str, Any]]) -> None:
        self.source = source
        for key, forms in texts.items():
            if set(forms) != set(LANGS):
                raise ValueError(f"{source}: text {key!r} has the languages {sorted(forms)}; "
                                 f"each text needs exactly {', '.join(LANGS)}")
            if not all(isinstance(text, str) for text in forms.values()):
                raise ValueError(f"{source}: text {key!r} is not a string in every language")
            names = {lang: placeholders(text) for lang, text in forms.items()}
            if len(set(names.values())) > 1:
                said = "; ".join(f"{lang}: {sorted(found) or 'none'}" for lang, found in names.items())
                raise ValueError(f"{source}: text {key!r} has different placeholders per language ({said})")
        #: ``{lang: {key: text}}``: one dict lookup per text on the hot path (narration of every move).
        self.by_lang: Final[dict[str, dict[str, str]]] = {
            lang: {key: forms[lang] for key, forms in texts.items()} for lang in LANGS}

    def __reduce__(self) -> tuple[type[Catalogue], tuple[str, dict[str, dict[str, str]]]]:
        """Pickle as the texts it was made of: a state pickles its game's parts (worker processes, OpenSpiel's
        serialisation), and compiled by mypyc the default protocol would call ``__init__`` without arguments."""
        first = self.by_lang[LANGS[0]]
        return (Catalogue, (self.source, {key: {lang: self.by_lang[lang][key] for lang in LANGS} for key in first}))

    @classmethod
    def read(cls, package: str, name: str = "words.toml") -> Catalogue:
        """The catalogue in the data file ``name`` of the Python package ``package`` (its directory).

        Raises:
            ValueError: the file is not TOML, or a text is malformed (see the class).
        """
        source = f"{package.rsplit('.', 1)[-1]}/{name}"
        try:
            doc = tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise ValueError(f"{source}: not TOML: {err}") from None
        texts: dict[str, Mapping[str, Any]] = {}

        def walk(prefix: str, table: Mapping[str, Any]) -> None:
            for key, value in table.items():
                dotted = f"{prefix}{key}"
                if not isinstance(value, Mapping):
                    raise ValueError(f"{source}: {dotted!r} is not a table of texts")
                if any(lang in value for lang in LANGS):
                    texts[dotted] = value
                else:
                    walk(f"{dotted}.", value)

        walk("", doc)
        return cls(source, texts)

    def keys(self) -> list[str]:
        """Every text's key, in the file's order."""
        return list(self.by_lang[LANGS[0]])

    def get(self, lang: str, key: str) -> str:
        """The text ``key`` in ``lang`` (English for a language the catalogue lacks), unformatted.

        Raises:
            KeyError: no text ``key`` (the message names the catalogue).
        """
        try:
            return self.by_lang.get(lang, self.by_lang["en"])[key]
        except KeyError:
            raise KeyError(f"{self.source} has no text {key!r}") from None

    def text(self, lang: str, key: str, **kwargs: Any) -> str:
        """The text ``key`` in ``lang`` with its placeholders filled from ``kwargs``."""
        return self.get(lang, key).format(**kwargs)

    def say(self, voice: Voice, seat: int, key: str, **kwargs: Any) -> str:
        """:meth:`Voice.say` with ``key`` (third person) and ``key_you`` (the reader's own seat) in the voice's
        language: ``say(voice, 0, "words.draw")`` → "Ana draws." or "You draw."."""
        table = self.by_lang.get(voice.lang, self.by_lang["en"])
        return voice.say(seat, table[key], table[f"{key}_you"], **kwargs)

    def table(self, prefix: str, lang: str) -> dict[str, str | tuple[str, str]]:
        """The texts under ``prefix.`` in ``lang`` as a sentence table, keyed without the prefix: a text that has a
        second person (``key_you``) is the pair ``(third person, second person)`` for :meth:`Voice.say`, every other
        text a string (``table("words", "en")["deal"]`` → ``("{who} deals.", "{who} deal.")``)."""
        texts = self.section(prefix, lang)
        return {key: (text, texts[f"{key}_you"]) if f"{key}_you" in texts else text
                for key, text in texts.items() if not (key.endswith("_you") and key[:-4] in texts)}

    def forms(self, key: str) -> dict[str, str]:
        """The text ``key`` in every language, ``{lang: text}`` (a game's rules summary and pitch, a score pad's
        labels)."""
        return {lang: self.get(lang, key) for lang in LANGS}

    def section(self, prefix: str, lang: str) -> dict[str, str]:
        """The texts under ``prefix.`` in ``lang``, keyed without the prefix (``section("page", "de")``: the
        page's texts)."""
        start = f"{prefix}."
        return {key[len(start):]: text for key, text in self.by_lang.get(lang, self.by_lang["en"]).items()
                if key.startswith(start)}


def check_lang(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGS`; raises ValueError naming the allowed ones."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; allowed: {', '.join(LANGS)}")
    return lang


@dataclass(frozen=True)
class Voice:
    """Who reads a text: the language, the reader's seat and the seat names.

    Attributes:
        lang: ``"en"`` or ``"de"``.
        viewer: the reader's seat (``None``: a spectator, or all cards open in a replay).
        names: one name per seat; a seat without one is "Seat 3" / "Platz 3" (counted from 1).
        short_names: per seat, its name where a sentence makes it an owner (:meth:`short`): a bot's without its kind
            and strength ("Bot Ida", where ``names`` has "Bot Ida (plays at random)"); empty, or ``""`` for a seat:
            its ``names`` entry.
    """

    lang: str = "en"
    viewer: int | None = None
    names: tuple[str, ...] = ()
    short_names: tuple[str, ...] = ()

    def name(self, seat: int) -> str:
        """The seat's name as everyone reads it (never "you"): its given name, else "Seat n+1"."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return common_text(self.lang, "seat", n=seat + 1)

    def short(self, seat: int) -> str:
        """The seat's name where a sentence makes it an owner ("Ben's grid", "das Raster von Ben"), never "you": a bot
        is "Bot Ida", its kind and strength said where it is named on its own ("Bot Ida (plays at random)'s grid"
        was what a fresh user read), else :meth:`name`.

        >>> Voice("en", names=("Ana", "Bot Ida (strong)"), short_names=("", "Bot Ida")).short(1)
        'Bot Ida'
        """
        if 0 <= seat < len(self.short_names) and self.short_names[seat]:
            return self.short_names[seat]
        return self.name(seat)

    def who(self, seat: int, lower: bool = False) -> str:
        """The seat as the reader calls it: "You"/"Du" for the reader's own seat, else :meth:`name`."""
        if seat == self.viewer:
            return common_text(self.lang, "you_lower" if lower else "you")
        return self.name(seat)

    def say(self, seat: int, other: str, own: str, **kwargs: Any) -> str:
        """``own`` (second person) when ``seat`` is the reader's, else ``other`` (third person),
        formatted with ``who`` (:meth:`who`) and ``kwargs``: ``say(0, "{who} draws.", "{who} draw.")``."""
        return (own if seat == self.viewer else other).format(who=self.who(seat), **kwargs)

    def pick(self, texts: dict[str, str], **kwargs: Any) -> str:
        """``texts[lang]`` (English as fallback) formatted with ``kwargs``."""
        return texts.get(self.lang, texts["en"]).format(**kwargs)


class Choice(NamedTuple):
    """A legal move as a person chooses it: one or more steps, each a short label in words.

    A face offers the distinct first steps of all legal moves, then narrows (the terminal picks
    the three cards of a lastcard pass one at a time; mayhem's wish: colour, then number, then
    targets). ``unordered``: the steps form a set that may be picked in any order (cards to pass).
    """

    steps: tuple[str, ...]
    unordered: bool = False


def score_line(view: dict[str, Any], voice: Voice, game: Game | None = None) -> str:
    """The last scored round of ``view`` as one sentence: "Round 2 is over: Ana +5 (total 12), you +3 (total 7)."
    ("you" is capitalised only where it begins the list; ``game``: its words' :data:`COMMON` overrides, as
    :meth:`~kartentisch.kernel.game.Game.common_text` says)."""
    say = game.common_text if game is not None else common_text
    row = view["scores"][-1]
    parts = [say(voice.lang, "score", name=voice.who(s, lower=s > 0), score=signed(row[s]),
                 total=number(view["totals"][s])) for s in range(len(row))]
    return say(voice.lang, "round_end", round=len(view["scores"]), scores=", ".join(parts))


def winners_line(view: dict[str, Any], voice: Voice, game: Game | None = None) -> str:
    """Who won the match of ``view`` (a finished match), as one sentence ("Ana and you share the win."; ``game``
    as for :func:`score_line`)."""
    say = game.common_text if game is not None else common_text
    winners = list(view["winners"])
    if not winners:
        return say(voice.lang, "no_winner")
    if winners == [voice.viewer]:
        return say(voice.lang, "winners_you")
    names = listing([voice.who(s, lower=k > 0) for k, s in enumerate(winners)], voice.lang)
    return say(voice.lang, "winners_one" if len(winners) == 1 else "winners_many", names=names)


class Narration(NamedTuple):
    """What one applied move means to one reader.

    Attributes:
        token: the move's public form for the reader (``public_token``).
        text: the move in words, events it caused included.
        round_text: when the move ended a round: the round's scores (and the winners, when it ended
            the match) in words; else ``None``.
    """

    token: str
    text: str
    round_text: str | None


def narrate(before: GameState, seat: int, token: str, after: GameState, voice: Voice,
            views: tuple[dict[str, Any], dict[str, Any]] | None = None) -> Narration:
    """The move ``token`` of ``seat`` that took ``before`` to ``after``, in words for ``voice``.

    Only what the reader may know goes in: ``before.view(voice.viewer)``, ``after.view(voice.viewer)``
    and ``before.public_token(seat, token, voice.viewer)`` (``views`` may pass the two views when the
    caller has them already). With ``viewer=None`` a spectator's view is used.

    Returns:
        A :class:`Narration`.
    """
    public = before.public_token(seat, token, voice.viewer)
    view_before, view_after = views or (before.view(voice.viewer), after.view(voice.viewer))
    text = before.game.describe_move(seat, public, view_before, view_after, voice)
    round_text = None
    if len(view_after["scores"]) > len(view_before["scores"]):
        round_text = score_line(view_after, voice, before.game)
        if view_after["game_over"]:
            round_text += " " + winners_line(view_after, voice, before.game)
    return Narration(public, text, round_text)


#: The zero-width joiner: a format character, but the glue of emoji sequences (a name may hold those).
ZWJ: Final = "\u200d"


#: Unicode categories no line of plain text holds: controls, line and paragraph separators (U+2028, U+2029).
_NOT_IN_A_LINE: Final = frozenset(("Cc", "Zl", "Zp"))


def control_character(text: str) -> str | None:
    """The first control, format or line-break character in ``text`` as ``U+XXXX``, or ``None``: Unicode
    category Cc (C0, DEL, C1), Zl and Zp (the line and paragraph separators U+2028, U+2029) or Cf (bidirectional
    overrides and isolates, zero-width spaces, the soft hyphen; the zero-width joiner of emoji sequences excepted).

    Names, ids and chat messages are one line of plain text: PostgreSQL refuses a NUL in a string (SQLite stores
    it), a terminal or the log would show the other controls as nothing or as escape sequences, a line separator
    breaks the line on a page and in the log (issue 31), and a right-to-left override in a name turns the text
    around it on everyone's page (a zero-width space makes a name nobody can see).
    """
    return next((f"U+{ord(c):04X}" for c in text if not_in_a_line(c)), None)


def not_in_a_line(c: str) -> bool:
    """Whether the character ``c`` is one :func:`control_character` finds (Cc, Zl, Zp, or Cf but the ZWJ)."""
    return (category := unicodedata.category(c)) in _NOT_IN_A_LINE or (category == "Cf" and c != ZWJ)
