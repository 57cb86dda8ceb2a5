"""`determinize(seat, rng)` draws a full state from what the seat knows: it keeps all of that
and re-deals the rest, never copying a hidden card the seat has not seen (search bots and the
OpenSpiel resampler stand on it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.game import State

from .helpers import (
    GAMES,
    PHASES,
    cards,
    checkpoint,
    examples,
    fingerprint,
    play_to,
    random_play,
    seats_to_check,
    snapshot,
    tables,
)

# Worlds drawn per seat at the deal: each must differ from the real deal somewhere hidden.
WORLDS = 3


def check_world(state: State, seat: int, rng: random.Random) -> None:
    """A world drawn for `seat` keeps what the seat knows, holds the same cards, and is a game
    of its own: playing on in it leaves the real game untouched."""
    world = state.determinize(seat, rng)
    assert type(world) is type(state) and world is not state
    assert world.view(seat) == state.view(seat)
    assert world.events_for(seat) == state.events_for(seat)
    assert cards(world) == cards(state)
    assert world.to_move == state.to_move and world.turns == state.turns
    assert world.is_over == state.is_over
    if state.to_move == seat:  # the seat's choices follow from what it knows
        assert [a.id for a in world.legal_actions()] == [a.id for a in state.legal_actions()]
    # The real generator would draw the real next cards (a reshuffle, a joker's draw).
    assert world._rng.getstate() != state._rng.getstate()
    before = snapshot(state)
    play_to(world, random.Random(rng.getrandbits(64)), 20)
    assert cards(world) == cards(state), "a world plays on with the same cards"
    assert snapshot(state) == before, "playing on in a world changed the real game"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data(), phase=PHASES)
def test_a_world_keeps_what_the_seat_knows(name: str, data: st.DataObject, phase: int) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    rng = random.Random(table.seed ^ 3)
    for step in random_play(state, random.Random(table.seed)):
        if checkpoint(step, phase) or state.is_over:
            for seat in seats_to_check(state, step):
                check_world(state, seat, rng)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data())
def test_a_world_re_deals_every_card_hidden_at_the_deal(name: str, data: st.DataObject) -> None:
    table = data.draw(tables(name))
    state = table.new_state()
    if type(state).determinize is State.determinize:
        pytest.skip(f"{name} keeps the base determinize: it declares no hidden card")
    real = fingerprint(state)
    spectator = {k: v for k, v in state.view(None).items() if k != "seat"}
    for seat in range(state.num_players):
        worlds = [state.determinize(seat, random.Random(k)) for k in range(WORLDS)]
        # A game that overrides determinize has hidden cards, and at the deal far too many
        # ways to hide them for a fair re-deal to give back the real one.
        assert all(fingerprint(world) != real for world in worlds), (
            f"a world drawn for seat {seat} holds the real deal"
        )
        for other in range(state.num_players):
            view = state.view(other)
            if other == seat or {k: v for k, v in view.items() if k != "seat"} == spectator:
                continue
            # `other` sees something a spectator does not (its hand), which nobody else has
            # seen at the deal: worlds drawn for `seat` must show `other` something else.
            assert any(world.view(other) != view for world in worlds), (
                f"worlds drawn for seat {seat} copy what seat {other} holds"
            )


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(8))
@given(data=st.data(), phase=PHASES)
def test_a_world_owes_nothing_to_the_hidden_cards(
    name: str, data: st.DataObject, phase: int
) -> None:
    """Two games alike in all the seat knows, not in the hidden cards (the real one, and a
    world drawn for the seat), give the same world for the same generator: a world is made of
    what the seat knows and the generator alone. (A shuffle of the real deck as it lies would
    not: it permutes by the generator alone, so whoever knows the generator's seed, which
    comes from public facts, could undo it and read the real order.)"""
    table = data.draw(tables(name))
    state = table.new_state()
    for step in random_play(state, random.Random(table.seed)):
        if checkpoint(step, phase) or state.is_over:
            for seat in seats_to_check(state, step):
                other = state.determinize(seat, random.Random(table.seed ^ 5))
                assert other.events_for(seat) == state.events_for(seat)
                mine = state.determinize(seat, random.Random(7))
                theirs = other.determinize(seat, random.Random(7))
                assert fingerprint(mine) == fingerprint(theirs), f"seat {seat}'s world"
