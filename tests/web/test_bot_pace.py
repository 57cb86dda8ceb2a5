"""A bot's pace at the web table tells nothing of its hidden hand.

A bot with a single legal move used to play it in half its usual delay. In the ask games one
legal ask means a hand of one family (or, in Go Fish, a hand of one rank): a spectator timing
the bots read that hand. Now only games whose moves everybody can tell (Flip 7, Beggar) play a
bot's single move quicker.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from parlour.core.game import State
from parlour.web.automatic import FORCED_DELAY
from parlour.web.storage import Storage
from parlour.web.tables import Hall, Table

BOT_DELAY = 0.9


@pytest.fixture
def slow_hall(db_url: str) -> Iterator[Hall]:
    storage = Storage(db_url)
    yield Hall(storage, bot_delay=BOT_DELAY)
    storage.close()


def bots_table(hall: Hall, game: str) -> Table:
    table, host = hall.create({"game": game, "seats": [{"kind": "bot"}] * 2, "seed": 1})
    table.start(host)
    return table


def decisions(table: Table, games: int) -> Iterator[State]:
    """Every decision of random games at the table's rules, two seats."""
    for seed in range(games):
        state = table.game.new_state(2, seed=seed, rules=table.rules)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", ["gofish", "familles", "panoplies"])
def test_a_single_ask_takes_a_bot_as_long_as_any_other(slow_hall: Hall, game: str) -> None:
    table = bots_table(slow_hall, game)
    single = several = 0
    for state in decisions(table, 40):
        seat = state.to_move
        assert seat is not None
        delay = table.automatic_delay(state, seat, time.monotonic())
        assert delay == BOT_DELAY, (len(state.legal_actions()), delay)
        if len(state.legal_actions()) == 1:
            single += 1
        else:
            several += 1
        if single >= 3 and several >= 30:
            return
    pytest.fail(f"only {single} single asks in 40 games: nothing was checked")


def test_a_single_move_everybody_can_tell_is_played_quicker(slow_hall: Hall) -> None:
    # Flip 7: a player with nothing to bank may only hit, as the whole table sees.
    table = bots_table(slow_hall, "flip7")
    assert table.game.moves_are_public()
    seen = set()
    for state in decisions(table, 5):
        seat = state.to_move
        assert seat is not None
        single = len(state.legal_actions()) == 1
        delay = table.automatic_delay(state, seat, time.monotonic())
        assert delay == (FORCED_DELAY if single else BOT_DELAY)
        seen.add(single)
    assert seen == {True, False}
