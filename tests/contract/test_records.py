"""Replaying a game's record, finished or not, reproduces the game event for event."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.game import State
from parlour.core.records import record_of, replay

from .helpers import GAMES, examples, random_play, readers, tables


def check_replay(state: State) -> None:
    record = json.loads(json.dumps(record_of(state)))  # as saved to a file and read back
    again, events = replay(record)
    # Every event with its audience, in order: what each reader saw is what it sees again.
    assert events == state.log
    assert again.rules == state.rules and again.seats == state.seats
    assert again.actions == state.actions and again.turns == state.turns
    assert again.outcome == state.outcome
    for reader in readers(state):
        assert again.view(reader) == state.view(reader)
    assert record_of(again) == record


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data(), stop=st.integers(0, 400))
def test_replaying_a_record_reproduces_every_event(
    name: str, data: st.DataObject, stop: int
) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    for step in random_play(state, random.Random(table.seed)):
        if step == stop:  # a game saved in the middle replays to the same point
            check_replay(state)
    check_replay(state)
