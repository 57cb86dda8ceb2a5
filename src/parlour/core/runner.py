"""Plays a game with bots: the loop shared by the simulator, the terminal and the web table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import Bot, Decision
from parlour.core.events import SeatFeed
from parlour.core.game import Game, Outcome, Seat, State


@dataclass
class Played:
    state: State
    outcome: Outcome
    turns: int


def decision_for(state: State, seat: int, feed: SeatFeed) -> Decision:
    feed.update(state.log)
    return Decision(
        game=state.game,
        rules=state.rules,
        seat=seat,
        events=feed.events,
        legal_actions=state.legal_actions(),
        _state=state,
    )


def play_bots(state: State, bots: Sequence[Bot]) -> Played:
    """Play `state` to the end, each seat by its bot."""
    feeds = [SeatFeed(seat) for seat in range(state.num_players)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].act(decision_for(state, seat, feeds[seat]))
        state.apply(action, seat)
    assert state.outcome is not None
    return Played(state, state.outcome, state.turns)


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    rules: Any = None,
    seats: Sequence[Seat] | None = None,
) -> Played:
    """A whole game from a seed; bots get generators derived from the same seed."""
    seats = list(seats) if seats is not None else [Seat(b.name) for b in bots]
    state = game.new_state(seats, seed=seed, rules=rules)
    master = random.Random(seed ^ 0x5EED)
    for bot in bots:
        bot.rng = random.Random(master.getrandbits(63))
    return play_bots(state, bots)
