"""Beggar-My-Neighbour's narration: cards named alike in every line, French typography."""

from __future__ import annotations

from parlour.core.events import Event
from parlour.games.beggar.game import GAME

NAMES = ["Ann", "Bob"]


def test_the_draw_for_the_deal_names_its_cards_as_the_flips_do() -> None:
    event = Event("dealer_draw", {"cards": {"0": "Q♦", "1": "4♥"}})
    assert GAME.narrate(event, "fr", NAMES) == (
        "Tirage pour la donne\u00a0: Ann tire la dame ♦, Bob tire 4♥."
    )
    assert GAME.narrate(event, "en", NAMES) == (
        "Drawing for the deal: Ann draws a queen ♦, Bob draws 4♥."
    )
    flip = Event("flip", {"seat": 0, "card": "Q♠", "tribute": 0, "owed": 0, "paying": False})
    assert GAME.narrate(flip, "fr", NAMES) == "Ann retourne la dame ♠."


def test_a_penalty_keeps_its_exclamation_mark_on_its_line() -> None:
    flip = Event("flip", {"seat": 1, "card": "K♥", "tribute": 3, "owed": 3, "paying": False})
    assert GAME.narrate(flip, "fr", NAMES) == "Bob retourne le roi ♥\u00a0: 3 à payer\u00a0!"
