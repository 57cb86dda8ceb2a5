"""Flip 7's narration in French: lines that agree with every card they name."""

from __future__ import annotations

import pytest

from parlour.core.events import Event
from parlour.games.flip7.game import GAME


@pytest.mark.parametrize(
    ("card", "french", "english"),
    [
        ("second_chance", "Une Seconde chance part à la défausse sans effet.", "A Second Chance"),
        ("freeze", "Un Stop part à la défausse sans effet.", "A Freeze"),
        ("flip_three", "Un Trois à la suite part à la défausse sans effet.", "A Flip Three"),
    ],
)
def test_a_discarded_action_card_is_said_whatever_its_gender(
    card: str, french: str, english: str
) -> None:
    event = Event("action_discarded", {"card": card, "seat": None})
    assert GAME.narrate(event, "fr", ["Léa", "Max"]) == french
    assert GAME.narrate(event, "en", ["Léa", "Max"]) == f"{english} is discarded without effect."
