"""Names people read (issue 31): one line of visible text that looks like no other name at the same table.

A seat's name is what everyone else reads in the log, the chat and the score pad, so two names that *look*
alike are as bad as two equal ones, and a name that shows nothing leaves a seat nobody can point at. One
implementation serves every place that takes a name (a table's seats, a join through the invite, the score
pad's players): :func:`check_names`.

* **Blank when written** (:func:`blank`): every character is white space, a default-ignorable code point
  (U+034F, U+200B, the Hangul fillers U+3164/U+115F/U+FFA0, variation selectors, tags …), the braille blank
  U+2800, a private-use or an unassigned code point. ``"\\u3164"`` and ``"\\u2800\\u2800"`` are blank.
* **Looks like another name** (:func:`look_key`): equal keys. The key is Unicode TR39's *skeleton* (the
  confusables mapping, computed by ICU's ``SpoofChecker``: the Unicode Consortium's own implementation, through
  PyICU) of the name in NFKC without the characters drawn as nothing and with its other blank characters as single
  spaces, applied again after case folding, so that ``Ana``, ``ana``, ``Аna`` (Cyrillic А), ``Ana\\u034f``,
  ``A\\u200dna``, ``Ana\\u2800`` and ``Ａｎａ`` share one key, and so do ``Ian`` and ``lan`` (a capital I and a
  small L are one glyph in many fonts). Quotation marks,
  brackets and other punctuation around a name do not count (``„Ana“``, ``"Ana"``, ``(Ana)`` look like ``Ana``);
  inside a name they do (``Ana "Ace" B``). Spaces inside a name do not count either: ``An na`` is ``Anna`` and
  ``Ana - Lena`` is ``Ana-Lena`` (a fresh user's second "Anna"), refused as differing only in its spaces.

Control and format characters, and line or paragraph separators, are refused before either check
(:func:`~kartentisch.kernel.words.control_character`): a name is one line.

A refusal is a :class:`NameRefused` that says what is wrong in every language of
:data:`~kartentisch.kernel.words.LANGS`, naming the name and the seat (or player) it looks like::

    >>> check_names(["Ana", "\\u0410na"], [{"en": "seat 1", "de": "Platz 1"}, {"en": "seat 2", "de": "Platz 2"}])
    Traceback (most recent call last):
    ...
    kartentisch.kernel.names.NameRefused: "Аna" looks like "Ana" (seat 1); choose a name that reads differently.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from typing import Final

import icu

from .errors import KartentischError
from .words import LANGS, control_character

#: Characters of a visible category that fonts draw as nothing (the braille pattern without dots).
BLANK_GLYPHS: Final = frozenset("\u2800")

_SPOOF: Final = icu.SpoofChecker()  # its checks are const: one instance serves every thread

#: Every refusal is one sentence ending with a full stop that names the problem in the players' words (never a code
#: point) and shows the name quoted as each language quotes: "Ana" in English, „Ana“ in German.
_LOOKS_LIKE: Final = {
    "en": '"{name}" looks like "{other}" ({where}); choose a name that reads differently.',
    "de": "„{name}“ sieht aus wie „{other}“ ({where}); wähle einen Namen, der sich anders liest.",
}
#: The same text as another's name: saying it "looks like" itself would repeat the name for nothing.
_SAME: Final = {
    "en": '{where} is called "{name}" already; choose a name that reads differently.',
    "de": "{where} heißt schon „{name}“; wähle einen Namen, der sich anders liest.",
}
#: The same name but for its spaces ("An na" beside "Anna"): said so, since the two do not quite look alike.
_SPACING: Final = {
    "en": '"{name}" differs from "{other}" ({where}) only in its spaces; choose a name that reads differently.',
    "de": "„{name}“ unterscheidet sich von „{other}“ ({where}) nur in den Leerzeichen; wähle einen Namen, der sich "
          "anders liest.",
}
#: Like the name a place goes by without one of its own ("Seat 1"/"Platz 1"): the name and the place read alike.
_UNNAMED: Final = {
    "en": '"{name}" is what {where} is called without a name of its own; choose a name that reads differently.',
    "de": "„{name}“ heißt {where} ohne eigenen Namen; wähle einen Namen, der sich anders liest.",
}
#: Not quoted: a name that shows nothing would read as empty quotes.
_BLANK: Final = {
    "en": "This name shows nothing when written; choose a name with letters, digits or signs.",
    "de": "Dieser Name ist beim Schreiben unsichtbar; wähle einen Namen mit Buchstaben, Ziffern oder Zeichen.",
}
#: The name as it shows, without the character (U+2028 and U+2029 count as control characters here: they break the
#: line); the character is not named: a code point means nothing to a player.
_CONTROL: Final = {
    "en": 'The name "{name}" holds an invisible character or a line break; type the name without it.',
    "de": "Der Name „{name}“ enthält ein unsichtbares Zeichen oder einen Zeilenumbruch; gib den Namen ohne dieses "
          "Zeichen ein.",
}

#: Marks on one letter that real writing stacks at most (Vietnamese two, Thai and Devanagari three); beyond, marks
#: pile above and below the line and draw over the rest of the page ("Zalgo" text).
MAX_MARKS: Final = 4
#: The most characters of a name at a table or in a group (the web's schema; a terminal's name and a replay file's
#: saved name are held to it too).
MAX_LENGTH: Final = 80
#: Not the name as typed: its stacked marks would draw over the refusal too.
_STACKED: Final = {
    "en": 'The name "{name}" stacks too many accents or marks on one letter; type it with at most {most} on each.',
    "de": "Der Name „{name}“ stapelt zu viele Akzente oder Zeichen auf einem Buchstaben; gib ihn mit höchstens "
          "{most} je Buchstabe ein.",
}


class NameRefused(KartentischError):
    """A name that cannot be taken, with the reason in every language (``str()`` is the English one).

    Attributes:
        texts: ``{lang: message}`` for every language of :data:`~kartentisch.kernel.words.LANGS`.
    """

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        super().__init__(self.texts["en"])

    def text(self, lang: str) -> str:
        """The message in ``lang`` (English for a language the pages do not have)."""
        return self.texts.get(lang, self.texts["en"])


def _blank_character(c: str) -> bool:
    """``c`` (one character) is drawn as nothing or as a space (see :func:`blank`)."""
    return (c.isspace() or c in BLANK_GLYPHS or unicodedata.category(c) in ("Zs", "Co", "Cn")
            or bool(icu.Char.hasBinaryProperty(c, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)))


def blank(name: str) -> bool:
    """Whether ``name`` shows nothing when written: every character is white space, default-ignorable
    (Unicode's Default_Ignorable_Code_Point), the braille blank U+2800, private-use or unassigned.
    The empty name is blank."""
    return all(_blank_character(c) for c in name)


#: Characters people type as quotation marks or brackets that Unicode files as symbols, not punctuation (the grave
#: and acute accents, the angle brackets): around a name they read as quotes just as ``"`` and ``„“`` do.
QUOTE_SYMBOLS: Final = frozenset("`´<>")


def _unseen(c: str) -> bool:
    """``c`` (one character) is drawn as nothing at all, not even as a space: a default-ignorable format character
    or mark (the zero-width joiner U+200D and non-joiner U+200C, U+034F, variation selectors)."""
    return unicodedata.category(c) in ("Cf", "Mn") and bool(
        icu.Char.hasBinaryProperty(c, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT))


def _spaced(text: str) -> str:
    """``text`` without the characters drawn as nothing (:func:`_unseen`: ``A\\u200dna`` reads ``Ana``, a fresh user's
    second "Anna"), each run of other blank characters (:func:`_blank_character`) as one space, trimmed."""
    return " ".join("".join(" " if _blank_character(c) else c for c in text if not _unseen(c)).split())


def _framing(c: str) -> bool:
    """``c`` (one character) is a space, punctuation (Unicode category P*: quotation marks, brackets, dashes, full
    stops …) or one of :data:`QUOTE_SYMBOLS`: what may stand around a name without changing how it reads."""
    return c == " " or unicodedata.category(c).startswith("P") or c in QUOTE_SYMBOLS


def _core(text: str) -> str:
    """``text`` without the spaces, punctuation and quote symbols at its ends (:func:`_framing`): ``„Ada“``,
    ``"Ada"``, ``'Ada'``, ``(Ada)`` and ``Ada!`` are ``Ada``. A name of such characters only is kept whole, so that
    ``!!!`` and ``???`` still read differently."""
    start, end = 0, len(text)
    while start < end and _framing(text[start]):
        start += 1
    while end > start and _framing(text[end - 1]):
        end -= 1
    return text[start:end] or text


def _spaced_key(name: str) -> str:
    """:func:`look_key` with the spaces inside the name kept (one per run of blank characters)."""
    text = _core(_spaced(unicodedata.normalize("NFKC", _core(_spaced(name)))))  # NFKC makes ´ a space and a mark
    return str(_SPOOF.getSkeleton(0, str(_SPOOF.getSkeleton(0, text)).casefold()))


def look_key(name: str) -> str:
    """What ``name`` looks like: two names look alike exactly when their keys are equal.

    NFKC (full-width and compatibility forms as their plain letters), each run of blank characters as one space,
    trimmed, without the quotation marks, brackets and other punctuation around it (:func:`_core`: ``„Ada“`` reads as
    ``Ada``); then the TR39 skeleton (ICU ``SpoofChecker.getSkeleton``: default-ignorable code points dropped,
    each character as its confusable prototype), case-folded and skeletonized again (``Аna`` → ``ana``,
    ``Ian`` → ``lan``), without any white space left inside (``An na`` → ``anna``, ``Ana - Lena`` →
    ``ana-lena``). A key may be longer than the name (``m`` → ``rn``).

    Quotes and brackets *inside* a name stay allowed and count (``Ana "Ace" B``, ``O'Neil``, ``Ben (2)``): they
    are part of how it reads. Only the ones around it are not, since a name in quotes reads as that name.
    """
    return "".join(_spaced_key(name).split())


def control_refusal(name: str) -> NameRefused:
    """The refusal of ``name``, which holds a control, format or line-break character
    (:func:`~kartentisch.kernel.words.control_character`): the name as it shows without such characters, in every
    language; for :func:`check_name`, and for a name a request's schema refused before any check of a route ran."""
    visible = "".join(c for c in name if control_character(c) is None)
    return NameRefused({lang: _CONTROL[lang].format(name=visible) for lang in LANGS})


def check_name(name: str) -> None:
    """Refuse a name that is not one line of visible text.

    Raises:
        NameRefused: ``name`` holds a control, format or line-break character (:func:`control_refusal`), is
            blank when written (:func:`blank`), or stacks more than :data:`MAX_MARKS` marks on one letter
            (:func:`stacked_marks`).
    """
    if control_character(name) is not None:
        raise control_refusal(name)
    if blank(name):
        raise NameRefused(_BLANK)
    if stacked_marks(name) > MAX_MARKS:
        bare = "".join(c for c in unicodedata.normalize("NFD", name) if not _mark(c))
        raise NameRefused({lang: _STACKED[lang].format(name=bare, most=MAX_MARKS) for lang in LANGS})


def _mark(c: str) -> bool:
    """``c`` (one character) is a nonspacing or enclosing mark (Unicode categories Mn, Me): drawn on the letter
    before it."""
    return unicodedata.category(c) in ("Mn", "Me")


def stacked_marks(name: str) -> int:
    """The most nonspacing or enclosing marks on one character of ``name`` (composed first, NFC: ``é`` is one
    letter and no mark)."""
    most = run = 0
    for c in unicodedata.normalize("NFC", name):
        run = run + 1 if _mark(c) else 0
        most = max(most, run)
    return most


def check_names(names: Sequence[str], where: Sequence[Mapping[str, str]], newcomer: int | None = None,
                unnamed: Collection[int] = ()) -> None:
    """Refuse names of one table (or score pad) that could not be told apart when read.

    Args:
        names: the names, one per seat; ``""`` for a seat without one (not checked).
        where: per name, how the refusal calls its place in each language (``{"en": "seat 1", "de": "Platz 1"}``).
        newcomer: the index of the one name being added (a join): only it is checked, against every other;
            ``None``: every name, each against those before it.
        unnamed: the indices whose name is the one their place goes by without a given name ("Platz 1"): a name
            like it is refused as "'Platz 1' heißt Platz 1 ohne eigenen Namen", not as looking like itself.

    Raises:
        NameRefused: a name fails :func:`check_name`, or looks like another (:func:`look_key`): the message names
            the refused name, the one it looks like and that one's place (or that the two differ only in their
            spaces); for the very same text, the place that is called so already ("Platz 1 heißt schon 'Ana'");
            for a place's own unnamed name, that place.
    """
    checked = range(len(names)) if newcomer is None else (newcomer,)
    keys = [look_key(n) if n else None for n in names]
    for i in checked:
        if not names[i]:
            continue
        check_name(names[i])
        others = range(i) if newcomer is None else (j for j in range(len(names)) if j != i)
        if (j := next((j for j in others if keys[j] is not None and keys[j] == keys[i]), None)) is not None:
            words = (_UNNAMED if j in unnamed else _SAME if names[j] == names[i]
                     else _SPACING if _spaced_key(names[j]) != _spaced_key(names[i]) else _LOOKS_LIKE)
            texts = {lang: words[lang].format(name=names[i], other=names[j], where=where[j][lang]) for lang in LANGS}
            raise NameRefused({lang: text[0].upper() + text[1:] for lang, text in texts.items()})
