"""Go Fish's cards as the narration names them, in words, with French articles and elision."""

from __future__ import annotations

import pytest

from parlour.core.events import Event
from parlour.games.gofish.game import GAME
from parlour.games.gofish.texts import card_name

NAMES = ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("rank", "suit", "french", "english"),
    [
        (0, 0, "l'as de pique", "the ace of spades"),
        (11, 2, "la dame de carreau", "the queen of diamonds"),
        (12, 0, "le roi de pique", "the king of spades"),
        (10, 3, "le valet de trèfle", "the jack of clubs"),
        (7, 1, "le huit de cœur", "the eight of hearts"),  # huit: h aspiré, no elision
        (1, 1, "le deux de cœur", "the two of hearts"),
        (12, 4, "le roi ★", "the king ★"),  # a fifth suit keeps its symbol
        (13, 3, "le 14 de trèfle", "the 14 of clubs"),  # a fourteenth rank keeps its number
    ],
)
def test_card_names(rank: int, suit: int, french: str, english: str) -> None:
    assert card_name(rank, suit, "fr") == french
    assert card_name(rank, suit, "en") == english


@pytest.mark.parametrize(
    ("kind", "french", "english"),
    [
        (
            "bonne_pioche",
            "Ann pêche l'as de pique, la valeur demandée, et redemande.",
            "Ann fishes the ace of spades, the rank asked for, and asks again.",
        ),
        ("draw", "Ann pioche l'as de pique.", "Ann draws the ace of spades."),
    ],
)
def test_a_card_fished_is_named_in_words(kind: str, french: str, english: str) -> None:
    event = Event(kind, {"seat": 0, "card": 0, "rank": 0, "suit": 0})
    assert GAME.narrate(event, "fr", NAMES) == french
    assert GAME.narrate(event, "en", NAMES) == english


@pytest.mark.parametrize(("players", "seed", "sizes"), [(2, 75, "7/11"), (3, 870, "9/5/5")])
def test_a_deal_of_uneven_hands_is_narrated(players: int, seed: int, sizes: str) -> None:
    # A book dealt is laid and its holder dealt up again, so the hands dealt differ; the deal's
    # line gave their sizes ("7/11") to the plural rule, which wants a number: a ValueError
    # that failed a web table's start (1 game in about 75 heads-up) and its narration.
    state = GAME.new_state(players, seed=seed)
    deal = next(event for event in state.log if event.type == "deal")
    names = ["Ann", "Bob", "Cid"][:players]
    assert GAME.narrate(deal, "en", names).startswith(f"{sizes} cards each; ")
    assert GAME.narrate(deal, "fr", names).startswith(f"{sizes} cartes chacun\u00a0; ")


def test_the_seven_families_deal_of_uneven_hands_is_narrated() -> None:
    # The same line of the games asking for one card (7 familles, Panoplies), for hands of an
    # explicit deal or a deck that does not share out evenly.
    from parlour.games.askdraw.narration import narrate_ask_draw

    deal = Event("deal", {"sizes": [8, 7], "pile": 27, "first": 1})
    english = narrate_ask_draw(deal, "en", NAMES, lambda data, lang: "")
    french = narrate_ask_draw(deal, "fr", NAMES, lambda data, lang: "")
    assert english == "8/7 cards each; 27 left in the pile. Bob starts."
    assert french is not None and french.startswith("8/7 cartes chacun")
