"""Narration in French and English, with the French and the English decks."""

from __future__ import annotations

from parlour.games.familles.game import GAME
from parlour.i18n.catalog import french_spaces
from tests.games.familles.conftest import ask, make

NAMES = ["Léa", "Tom"]


def lines(events, lang: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [x for e in events if e.public and (x := GAME.narrate(e, lang, NAMES))]


def test_french_ask_reads_like_the_table() -> None:
    s = make([["boulanger/father"], ["boulanger/daughter"]])
    out = lines(ask(s, 1, "boulanger/daughter"), "fr")
    assert (
        out[0] == "Léa à Tom\u00a0: «\u00a0Dans la famille Boulanger, je voudrais la fille.\u00a0»"
    )
    assert out[1] == "Tom donne la fille Boulanger à Léa."


def test_english_deck_in_english_and_in_french() -> None:
    s = make([[0], [5]], deck="en")
    events = ask(s, 1, 5)
    assert lines(events, "en")[0] == "Léa to Tom: “From the Bun family, may I have Miss Bun?”"
    assert (
        lines(events, "fr")[0]
        == "Léa à Tom\u00a0: «\u00a0Dans la famille Bun, je voudrais la fille.\u00a0»"
    )


def test_pioche_bonne_pioche_and_the_end() -> None:
    s = make([["boulanger/father"], ["boucher/son"]], pile_top=["boulanger/daughter"])
    out = lines(ask(s, 1, "boulanger/daughter"), "fr")
    assert french_spaces("Tom : « Pioche ! »") in out
    assert french_spaces("Léa pioche la fille Boulanger : « Bonne pioche ! »") in out
    en = lines(s.log, "en")
    assert "Léa draws the Boulanger daughter: “Lucky draw!”" in en
