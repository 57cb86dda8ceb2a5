"""French typography in every game's texts: a non-breaking space before : ; ! ? and inside « ».

A plain space there lets a terminal or a browser wrap the punctuation alone onto the next line
(« 3 à payer » / « ! »). The scan reads the catalogue itself, after every game registered its
texts, so a new text with a plain space fails here whoever writes it.
"""

from __future__ import annotations

import importlib
import re

import pytest

from parlour.i18n import catalog

GAMES = ("beggar", "familles", "flip7", "gofish", "panoplies")

# Modules that register a game's French texts (narration, options, rules, review, commands).
MODULES = (
    "parlour.games.beggar.texts",
    "parlour.games.familles.texts",
    "parlour.games.flip7.texts",
    "parlour.games.flip7.review",
    "parlour.games.gofish.texts",
    "parlour.games.panoplies.texts",
)

# A plain space (or none) where French wants a non-breaking one: before : ; ! ? » %, after «.
# `{x:#a|b}` and `{x:.2f}` are format fields, not punctuation, so fields are blanked first.
_BAD = re.compile(r"(?:[^\u00a0\u202f]|^)[;!?»%]|[^\u00a0\u202f{]:|«[^\u00a0\u202f]")
_FIELD = re.compile(r"\{[^{}]*\}")

# Texts registered for every game by parlour.i18n.options (the turn limit), not by the games.
_SHARED = (".max_turns", ".max_turns.help")


def _texts(lang: str) -> dict[str, str]:
    for module in MODULES:
        importlib.import_module(module)
    prefixes = tuple(
        p for g in GAMES for p in (f"{g}.", f"option.{g}.", f"value.{g}.", f"rule.{g}.")
    )
    return {
        key: texts[lang]
        for key, texts in catalog._CATALOG.items()
        if (key.startswith(prefixes) or key.startswith("decks.")) and not key.endswith(_SHARED)
    }


def _faults(text: str) -> list[str]:
    bare = _FIELD.sub("X", text)
    return [m.group(0) for m in _BAD.finditer(bare)]


def test_the_scan_sees_every_game() -> None:
    texts = _texts("fr")
    for game in GAMES:
        assert any(key.startswith(f"{game}.") for key in texts), game


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Manche {round} : {dealer} distribue", True),
        ("{owed} à payer !", True),
        ("gagne 50,60 %", True),
        ("{share:.2%}", False),
        ("« Va pêcher\u00a0!\u00a0»", True),
        ("As-tu des {rank}\u00a0?\u00a0»", False),
        ("le premier joueur gagne\u00a0: {share}", False),
        ("{size} {size:#carte|cartes} chacun", False),
        ("{gain:+.1f} points", False),
        ("«\u202fBonne pioche\u202f»", False),
    ],
)
def test_the_scan_finds_a_plain_space(text: str, bad: bool) -> None:
    assert bool(_faults(text)) is bad


def test_french_punctuation_is_held_by_a_non_breaking_space() -> None:
    faults = {key: found for key, text in _texts("fr").items() if (found := _faults(text))}
    assert faults == {}


def test_english_texts_quote_with_english_quotes() -> None:
    """“Draw!”, not « Draw! »: the option « After “Draw!” » once had French guillemets."""
    assert {key: text for key, text in _texts("en").items() if "«" in text or "»" in text} == {}
    from parlour.i18n import t

    assert t("option.familles.next_after_miss", "en") == "After “Draw!”"
    assert t("option.panoplies.next_after_miss", "en") == "After “Draw!”"
    assert t("option.familles.next_after_miss", "fr") == "Après «\u00a0Pioche\u00a0!\u00a0»"


def test_a_text_registered_with_plain_spaces_gets_non_breaking_ones() -> None:
    # The catalogue puts them in at registration, so a text written by hand with a plain space
    # (the shared narration of the ask-and-draw games, the terminal's labels) cannot break.
    importlib.import_module("parlour.tui.texts")
    importlib.import_module("parlour.games.askdraw.narration")
    french = {key: texts["fr"] for key, texts in catalog._CATALOG.items()}
    assert not {key: _faults(text) for key, text in french.items() if _faults(text)}
    catalog.register({"test.typography": {"en": "Draw!", "fr": "« Pioche ! » : 3 %"}})
    try:
        assert catalog.t("test.typography", "fr") == "«\u00a0Pioche\u00a0!\u00a0»\u00a0: 3\u00a0%"
        assert catalog.t("test.typography", "en") == "Draw!"
    finally:
        del catalog._CATALOG["test.typography"]
