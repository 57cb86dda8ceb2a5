"""No card is ever created or lost: every card of the deal is somewhere after every move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import GAMES, SEEDS, cards, examples, random_play, tables


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(10))
@given(data=st.data(), other_seed=SEEDS)
def test_cards_are_neither_created_nor_lost(
    name: str, data: st.DataObject, other_seed: int
) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    opening = cards(state)
    assert opening, "a card game deals cards"
    # The deck does not depend on the shuffle: a card lost while dealing some seeds shows here.
    assert cards(table.new_state(seed=other_seed)) == opening
    for step in random_play(state, random.Random(table.seed)):
        assert cards(state) == opening, f"after move {step}"
