"""Actions, views, events, outcomes and records are JSON, and come back from it the same.

Actions also have a stable integer id (the research adapters' action space): an id names the
same action as its JSON form, and a move that is not legal is refused, naming the rule it
breaks, without changing anything.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.errors import IllegalAction
from parlour.core.game import State
from parlour.core.records import record_of

from .helpers import (
    GAMES,
    PHASES,
    checkpoint,
    examples,
    fingerprint,
    random_play,
    readers,
    snapshot,
    tables,
)

# Illegal action ids tried at each checkpoint.
ILLEGAL_TRIES = 3


def round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_actions(state: State, rng: random.Random) -> None:
    game, rules, n = state.game, state.rules, state.num_players
    size = game.num_actions(rules, n)
    legal = state.legal_actions()
    ids = [action.id for action in legal]
    assert len(set(ids)) == len(ids) and all(0 <= i < size for i in ids)
    for action in legal:
        shown = round_trip(action.to_json())
        assert shown == action.to_json()
        back = state.action_from_json(shown)
        assert back == action and back.id == action.id
        assert game.action_from_json(shown) == action
        # A key the move does not have is refused, not ignored ({"type": "hit", "seat": 2}).
        for reader in (state.action_from_json, game.action_from_json):
            with pytest.raises(ValueError, match=r"unknown key '(seat|extra)' in a move"):
                reader({**shown, "seat" if "seat" not in shown else "extra": 2})
        by_id = game.action_from_id(action.id, rules, n)
        assert by_id == action and by_id.to_json() == action.to_json()
        assert hash(by_id) == hash(action)  # frozen: usable in sets, as the adapters do
    for bad in (-1, size):
        with pytest.raises(ValueError):
            game.action_from_id(bad, rules, n)
    # Refused moves: an id that is not legal now, and a legal move out of turn.
    legal_ids = set(ids)
    others = [i for i in rng.sample(range(size), min(size, 20)) if i not in legal_ids]
    before = snapshot(state)
    for action_id in others[:ILLEGAL_TRIES]:
        with pytest.raises(IllegalAction) as refused:
            state.apply(game.action_from_id(action_id, rules, n))
        assert refused.value.rule and refused.value.message
        assert snapshot(state) == before, f"refusing action {action_id} changed the game"
    if n > 1 and state.to_move is not None:
        with pytest.raises(IllegalAction):
            state.apply(legal[0], (state.to_move + 1) % n)
        assert snapshot(state) == before


def check_views(state: State) -> None:
    views = [state.view(reader) for reader in readers(state)]
    for view in views:
        assert round_trip(view) == view
    # A view is the reader's to keep: emptying it must leave the game as it was (static data
    # shared by every game, such as a deck's names, may be shared read-only).
    before = (fingerprint(state), state.outcome and state.outcome.to_json())
    for view in views:
        _empty(view)
    after = (fingerprint(state), state.outcome and state.outcome.to_json())
    assert after == before, "a view hands out the game's own data"


def _empty(value: Any) -> None:
    """Empty every dict and list of a view; shared data that refuses it (read-only) is kept."""
    if isinstance(value, dict | list):
        for item in list(value.values() if isinstance(value, dict) else value):
            _empty(item)
        with contextlib.suppress(TypeError):  # shared read-only data: refusing is its answer
            value.clear()


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data(), phase=PHASES)
def test_actions_views_events_and_records_are_json(
    name: str, data: st.DataObject, phase: int
) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    rng = random.Random(table.seed ^ 4)
    for step in random_play(state, random.Random(table.seed)):
        if checkpoint(step, phase) or state.is_over:
            check_views(state)
            if not state.is_over:
                check_actions(state, rng)
            record = record_of(state)
            assert round_trip(record) == record
    for event in state.log:
        assert round_trip(event.to_json()) == event.to_json()
    assert state.outcome is not None
    assert round_trip(state.outcome.to_json()) == state.outcome.to_json()
