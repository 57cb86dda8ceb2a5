"""No view and no event shows a reader what it may not know.

What a seat may know is what it cannot tell apart: `determinize(seat, rng)` re-deals every card
hidden from the seat, so the real game and such a twin differ only in what the seat has not
seen. Whatever the seat (or a spectator, who knows less) is shown must then be the same in
both, now and after the next move: a view or a private event that shows a hidden card differs
between the two, and the suite points at it. The checks rely on determinize re-dealing what is
hidden, which test_determinize checks on its own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.events import SeatFeed
from parlour.core.game import State

from .helpers import (
    GAMES,
    PHASES,
    checkpoint,
    examples,
    random_play,
    readers,
    seats_to_check,
    tables,
    visible,
)


def check_views(state: State, seats: Iterable[int], rng: random.Random) -> None:
    """Each seat's view, and a spectator's, is the same in every twin drawn for that seat."""
    views = {reader: state.view(reader) for reader in readers(state)}
    for reader, view in views.items():
        if state.seed is not None:
            text = json.dumps(view)
            assert str(state.seed) not in text, f"the view of {reader} shows the seed"
    for seat in seats:
        twin = state.determinize(seat, random.Random(rng.getrandbits(64)))
        assert twin.view(seat) == views[seat], f"seat {seat}'s view shows a card hidden from it"
        assert twin.view(None) == views[None], "the spectator's view shows a hidden card"


def check_next_events(state: State, seat: int, rng: random.Random) -> None:
    """The same move in the real game and in a twin for `seat`: when the seat is shown the same
    table afterwards, the events addressed to it alone (or to a few) must be the same too.

    A private event sent to the wrong seats (another's draw, with its card) differs between
    the two games while the seat's view agrees. Public events are left out of the comparison:
    a card turned face up and then taken back into a face-down stack within one move is public
    news the view no longer shows, and no game-blind test can tell it from a leak; each game's
    own tests cover what its public events may name. Both games get the same generator for
    the move, so that random draws from public cards (a joker's) agree as well.
    """
    twin = state.determinize(seat, random.Random(rng.getrandbits(64)))
    real = state.clone()
    in_twin = set(twin.legal_actions())
    # The mover's choices may depend on cards hidden from `seat`: a move legal in both games.
    legal = [action for action in real.legal_actions() if action in in_twin]
    if not legal:
        return
    action = rng.choice(legal)
    shared = rng.getrandbits(64)
    real._rng, twin._rng = random.Random(shared), random.Random(shared)
    start_real, start_twin = len(real.log), len(twin.log)
    mover = real.to_move
    real.apply(action, mover)
    twin.apply(action, mover)
    if real.view(seat) == twin.view(seat):
        told = [e for e in visible(real.log[start_real:], seat) if not e.public]
        assert told == [e for e in visible(twin.log[start_twin:], seat) if not e.public], (
            f"after {action.to_json()}, seat {seat} is told of a card it does not see: {told}"
        )


def check_events(state: State) -> None:
    """Every event names its audience among the seats, is JSON-safe, hides the seed, and each
    reader gets exactly the events addressed to it."""
    seats = set(range(state.num_players))
    for event in state.log:
        assert event.audience is None or (event.audience and event.audience <= seats)
        assert event.hidden_from <= seats
        text = json.dumps(event.to_json())
        if state.seed is not None:
            assert str(state.seed) not in text, f"event {event.type} shows the seed"
    if type(state).all_events_public:
        # Bulk play then hands each seat the whole log unfiltered: it had better be public.
        assert all(e.audience is None and not e.hidden_from for e in state.log)
    for reader in readers(state):
        if reader is None:  # a spectator sees public events only, redacted twins included
            mine = [e for e in state.log if e.audience is None]
        else:
            mine = [
                e
                for e in state.log
                if (e.audience is None or reader in e.audience) and reader not in e.hidden_from
            ]
        assert state.events_for(reader) == mine
        feed = SeatFeed(reader, type(state).all_events_public)
        assert feed.update(state.log) == mine


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data(), phase=PHASES)
def test_views_show_nothing_hidden(name: str, data: st.DataObject, phase: int) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    rng = random.Random(table.seed ^ 1)
    for step in random_play(state, random.Random(table.seed)):
        if checkpoint(step, phase) or state.is_over:
            check_views(state, seats_to_check(state, step), rng)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data(), phase=PHASES)
def test_events_tell_each_reader_only_what_it_may_know(
    name: str, data: st.DataObject, phase: int
) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    rng = random.Random(table.seed ^ 2)
    for step in random_play(state, random.Random(table.seed)):
        if not state.is_over and checkpoint(step, phase):
            for seat in seats_to_check(state, step):
                check_next_events(state, seat, rng)
    check_events(state)
