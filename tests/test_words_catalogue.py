"""One catalogue of texts per game (issue 35 item 4): ``words.toml`` in the game's package, read by the server
(:class:`~kartentisch.kernel.words.Catalogue`) and by the page (``/api/games/{id}/words``), with no second copy of
a text in the game's page script."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from kartentisch.games import all_games
from kartentisch.kernel import Game
from kartentisch.kernel.words import LANGS, Catalogue, placeholders, rule_words

#: The installed games with a catalogue, and their catalogues.
CATALOGUED = [game for game in all_games() if game.parts.words is not None]


def _file(game: Game) -> Path:
    return Path(__import__(f"kartentisch.games.{game.id}", fromlist=["x"]).__file__).parent / "words.toml"


def _texts(table: dict, prefix: str = "") -> dict[str, dict]:
    """The TOML file's texts as ``{dotted key: {lang: text}}``, read without the Catalogue class."""
    out: dict[str, dict] = {}
    for key, value in table.items():
        if any(lang in value for lang in LANGS):
            out[prefix + key] = value
        else:
            out.update(_texts(value, f"{prefix}{key}."))
    return out


def test_the_five_games_have_a_catalogue() -> None:
    assert {"colors", "chips", "lastcard", "grid", "mayhem"} <= {game.id for game in CATALOGUED}


@pytest.mark.parametrize("game", CATALOGUED, ids=lambda g: g.id)
def test_every_text_has_both_languages_with_the_same_placeholders(game: Game) -> None:
    texts = _texts(tomllib.loads(_file(game).read_text(encoding="utf-8")))
    assert texts and set(texts) == set(game.parts.words.keys())
    for key, forms in texts.items():
        assert set(forms) == set(LANGS), key
        assert all(isinstance(text, str) and text.strip() for text in forms.values()), key
        assert placeholders(forms["en"]) == placeholders(forms["de"]), key


@pytest.mark.parametrize("game", CATALOGUED, ids=lambda g: g.id)
def test_page_texts_have_plain_named_placeholders(game: Game) -> None:
    """The page fills ``{name}`` alone (kit.js ``texts``): no format spec, no conversion, no positional field."""
    for lang in LANGS:
        for key, text in game.parts.words.section("page", lang).items():
            for field in re.findall(r"\{([^}]*)\}", text):
                assert re.fullmatch(r"[a-z_]+", field), (key, field)


@pytest.mark.parametrize(("texts", "said"), [
    ({"a.b": {"en": "x"}}, "'a.b' has the languages ['en']"),
    ({"a.b": {"en": "x", "de": "y", "fr": "z"}}, "'a.b' has the languages ['de', 'en', 'fr']"),
    ({"a.b": {"en": "{who} plays.", "de": "{wer} spielt."}}, "'a.b' has different placeholders"),
    ({"a.b": {"en": "x", "de": 3}}, "'a.b' is not a string"),
])
def test_a_malformed_text_is_refused_naming_its_key(texts: dict, said: str) -> None:
    with pytest.raises(ValueError, match=re.escape(said)):
        Catalogue("test/words.toml", texts)


def test_an_unknown_key_names_the_catalogue() -> None:
    words = Catalogue("test/words.toml", {"a.b": {"en": "x", "de": "y"}})
    assert words.get("fr", "a.b") == "x"  # English for a language the catalogue lacks
    with pytest.raises(KeyError, match="test/words.toml has no text 'a.c'"):
        words.get("de", "a.c")


def _js_literals(source: str) -> list[str]:
    """The string literals of a JavaScript source (comments and the class names of elements dropped; a template
    literal's text between its ``${…}``)."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    source = re.sub(r"\bclass=\"[^\"]*\"", "", source)
    source = re.sub(r"(?m)^\s*//.*$|(?<=[;,{}()\s])//(?![^\n]*[\"'`]).*$", "", source)
    found = re.findall(r"\"((?:[^\"\\\n]|\\.)*)\"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`", source)
    return [re.sub(r"\$\{[^}]*\}", "\0", "".join(parts)) for parts in found]


def _words_in(literals: list[str], catalogue: Catalogue) -> list[str]:
    """Every catalogue text that one of ``literals`` holds: its parts between placeholders of 4 characters or more
    that read as words, not as code (with a space, a capital or a German letter; "empty" or "play" alone may be a
    class name or a token's verb)."""
    pieces = {piece.strip() for lang in LANGS for key in catalogue.keys()
              for piece in re.split(r"\{[^}]*\}", catalogue.get(lang, key))}
    pieces = {p for p in pieces if len(p) >= 4 and re.search(r"[A-Za-zÄÖÜäöüß]", p) and re.search(r"[ A-ZÄÖÜäöüß]", p)}
    return sorted({p for p in pieces for lit in literals if p in lit})


@pytest.mark.parametrize("game", CATALOGUED, ids=lambda g: g.id)
def test_the_page_script_holds_no_text_of_the_catalogue(game: Game) -> None:
    """The game's page script gets its words from the server; no literal of it holds a text players read."""
    script = game.parts.static / f"{game.id}.js"
    source = script.read_text(encoding="utf-8")
    assert not re.search(r"\b(de|en)\s*:\s*\{", source), "a table of texts per language in the page script"
    assert _words_in(_js_literals(source), game.parts.words) == []


@pytest.mark.parametrize("game", CATALOGUED, ids=lambda g: g.id)
def test_every_key_the_page_script_asks_for_is_in_the_catalogue(game: Game) -> None:
    source = (game.parts.static / f"{game.id}.js").read_text(encoding="utf-8")
    asked = set(re.findall(r"\btx\(\"(\w+)\"", source))
    assert asked and asked <= set(game.parts.words.section("page", "en"))


def test_the_grep_finds_a_moved_text_in_a_page_script() -> None:
    """The check above can fail: the texts colors.js held before its catalogue (two lines of it) are found."""
    colors = next(game for game in CATALOGUED if game.id == "colors")
    old = """const TEXT = {
  de: { yourTurn: "Spiel eine Handkarte aus.", turn: "{0} ist am Zug.", centre: 'Tischmitte' }, // it's
  en: { value: `Value now: {0}`, yourPick: "Choose a {0} from the centre ({1} neighbour of {2})." },
};"""
    assert set(_words_in(_js_literals(old), colors.parts.words)) >= {
        "Spiel eine Handkarte aus.", "ist am Zug.", "Tischmitte", "Value now:", "from the centre (", "neighbour of"}


def test_lastcard_prompt_is_short_in_german() -> None:
    """lastcard's prompt on the own turn (R8–R10) was 150 characters in German, longer than the English; it names
    the three ways in the spec's terms (Ablagestapel, Hilfskarte) and fits a phone's line or two."""
    words = next(game for game in CATALOGUED if game.id == "lastcard").parts.words
    prompt = words.text("de", "page.play_mine", top="20")
    assert len(prompt) <= 110 and len(prompt) <= len(words.text("en", "page.play_mine", top="20"))
    assert "höher als 20" in prompt and "Hilfskarte" in prompt


def test_a_table_pairs_the_third_and_second_person() -> None:
    words = Catalogue("test/words.toml", {
        "w.deal": {"en": "{who} deals.", "de": "{who} gibt."},
        "w.deal_you": {"en": "{who} deal.", "de": "{who} gibst."},
        "w.winners_you": {"en": "You win.", "de": "Du gewinnst."}, "x.deal": {"en": "x", "de": "y"}})
    assert words.table("w", "de") == {"deal": ("{who} gibt.", "{who} gibst."), "winners_you": "Du gewinnst."}


@pytest.mark.parametrize("game", CATALOGUED, ids=lambda g: g.id)
def test_every_rule_a_move_is_refused_by_has_words_without_its_cards(game: Game) -> None:
    """A refusal says the broken rule in the players' words (``refused.<id>``, :func:`rule_words`): in seeded random
    matches, every token seen legal anywhere is tried by every seat to act where it is illegal now; each rule id the
    game answers (the kernel's own aside) has words in both languages, and they hold no placeholder (no card, no
    seat: a refused token may name another seat's hand card)."""
    rules: set[str] = set()
    for seed in range(6):
        state = game.new_state(players=min(3, game.max_players), seed=seed, options=dict(game.parts.short_match))
        seen: set[str] = set()
        rng = random.Random(seed)
        for _ in range(300):
            if state.game_over:
                break
            for seat in range(state.players):
                legal = set(state.legal_actions(seat)) if seat in state.to_act() else set()
                seen |= legal
                for token in sorted(seen - legal)[:40]:
                    problem = state._violation(seat, token)
                    if problem is not None and problem.rule != "kernel":
                        rules.add(problem.rule)
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(rules) >= 2, f"{game.id}: too few refusals met to test anything: {sorted(rules)}"
    for lang in LANGS:
        missing = sorted(rule for rule in rules if rule_words(game, rule, lang) is None)
        assert not missing, f"{game.id}: no words ({lang}) for refusals by {missing}"
        assert not any(placeholders(rule_words(game, rule, lang) or "") for rule in rules)
    assert rule_words(game, "kernel", "de") is None and rule_words(game, "nogame R1", "de") is None
