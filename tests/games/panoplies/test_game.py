"""Narration, credits, views and bots of Panoplies."""

from __future__ import annotations

import pytest

from parlour.bots.base import make_bot
from parlour.cli import main
from parlour.games.panoplies.game import GAME, card_name
from parlour.games.panoplies.rules import PanopliesRules
from parlour.play.runner import play_game
from tests.games.panoplies.test_rules import ask, make, outfit

NAMES = ["Léa", "Tom", "Zoé", "Max"]


def lines(events, lang: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [x for e in events if e.public and (x := GAME.narrate(e, lang, NAMES))]


def test_card_names() -> None:
    assert card_name("shoes", "mother", "fr") == "les chaussures de la mère"
    assert card_name("coat", "grandfather", "fr") == "le manteau du grand-père"
    assert card_name("scarf", "uncle", "fr") == "l'écharpe de l'oncle"
    assert card_name("shoes", "mother", "en") == "the mother's shoes"


def test_narration_of_a_lost_garment_in_both_languages() -> None:
    s = make([["socks/mother"], ["coat/son"], ["coat/daughter"], ["shoes/mother"]])
    events = ask(s, 3, "shoes/mother")
    fr = lines(events, "fr")
    assert fr[0] == "Léa à Max\u00a0: «\u00a0Je voudrais les chaussures de la mère.\u00a0»"
    assert "Le mannequin de la mère (Max) range les chaussures dans l'armoire." in fr
    en = lines(events, "en")
    # A sentence starts with a capital, not with "the mother's mannequin".
    assert "The mannequin of the mother (Max) hands the shoes to the wardrobe." in en


def test_narration_of_the_end() -> None:
    mother = outfit("mother")
    s = make([mother[:6], [mother[6], "coat/son"], ["coat/father"], ["coat/daughter"]])
    fr = lines(ask(s, 1, mother[6]), "fr")
    assert "Léa pose la tenue de la mère, le personnage joué par Max\u00a0!" in fr
    assert "Partie 1\u00a0: Max perd." in fr


def test_views_show_mannequins_wardrobe_outfits_and_jokers() -> None:
    son = outfit("son")
    s = make(
        [[*son[:6], "coat/mother"], [son[6], "coat/daughter"], ["coat/father"], ["shoes/mother"]]
    )
    ask(s, 1, son[6])
    view = s.view(2)
    assert view["mannequins"][0]["jokers"] == ["son"]
    assert view["outfits"] == [{"seat": 0, "character": "son", "kind": "nobody"}]
    assert view["mannequins"][3]["can_lose"] is True
    assert view["hand"] == sorted(s.hands[2])


def test_credits_name_the_authors(capsys: pytest.CaptureFixture[str]) -> None:
    assert "Sally et Loïse Margency" in GAME.credits("fr")
    assert "Sally and Loïse Margency" in GAME.credits("en")
    with pytest.raises(SystemExit, match=r"^0$") as done:
        main(["rules", "panoplies", "--lang", "en"])
    assert done.value.code in (0, None)
    assert "Sally and Loïse Margency" in capsys.readouterr().out


@pytest.mark.parametrize(
    "specs", [["memory", "random", "random", "random"], ["search:2", "memory"]]
)
def test_bots_play_complete_games(specs: list[str]) -> None:
    bots = [make_bot(GAME, spec) for spec in specs]
    played = play_game(GAME, bots, seed=3, rules=PanopliesRules(max_turns=1500))
    assert played.outcome.status in ("finished", "capped")
