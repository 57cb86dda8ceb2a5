"""Every game, at every player count, plays to its end (or its turn cap) by random moves and by
its own bots, and ends with an outcome of the documented shape."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.bots.base import Bot, available_bots, make_bot
from parlour.bots.search import SearchBot
from parlour.core.errors import IllegalAction
from parlour.core.events import SeatFeed
from parlour.core.game import Seat, State
from parlour.core.records import record_of, replay
from parlour.core.registry import get_game
from parlour.play.runner import decision_for

from .helpers import (
    GAME_TABLES,
    GAMES,
    STEP_LIMIT,
    cards,
    check_outcome,
    examples,
    random_play,
    rules_variants,
    tables,
)


def _id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


@pytest.mark.parametrize("case", GAME_TABLES, ids=_id)
@settings(max_examples=examples(4))
@given(data=st.data())
def test_random_play_reaches_the_end_or_the_cap(case: tuple[str, int], data: st.DataObject) -> None:
    name, players = case
    table = data.draw(tables(name, players))
    state = table.new_state()
    game = get_game(name)
    rng = random.Random(table.seed)
    for _ in range(STEP_LIMIT):
        if state.is_over:
            break
        mover = state.to_move
        assert mover is not None and 0 <= mover < players
        legal = state.legal_actions()
        assert legal, "a seat to move always has a legal move"
        ids = [action.id for action in legal]
        assert len(set(ids)) == len(ids), "legal actions have distinct ids"
        # `apply` returns the events of the move, which are the end of the log.
        action = rng.choice(legal)
        start, turns = len(state.log), state.turns
        events = state.apply(action, mover)
        assert events == state.log[start:]
        assert state.turns == turns + 1 and state.actions[-1] == action.to_json()
    check_outcome(state)
    with pytest.raises(IllegalAction):
        state.apply(game.action_from_id(0, table.rules, players))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(4))
@given(data=st.data(), cap=st.integers(1, 6))
def test_the_turn_cap_ends_a_game_as_a_draw(name: str, data: st.DataObject, cap: int) -> None:
    table = data.draw(tables(name))
    if "max_turns" not in {f.name for f in dataclasses.fields(table.rules)}:
        pytest.skip(f"{name} has no max_turns option")
    table = dataclasses.replace(table, rules=dataclasses.replace(table.rules, max_turns=cap))
    state = table.new_state()
    for _ in random_play(state, random.Random(table.seed)):
        assert state.turns <= cap
    # A capped outcome is a draw with nobody ahead (check_outcome knows its shape).
    check_outcome(state)


# ----- bots -------------------------------------------------------------------------------------
def seatings(bots: list[str], players: int) -> list[list[str]]:
    """Tables that seat every bot at least once, round the table in turn."""
    games = math.ceil(len(bots) / players)
    return [[bots[(g * players + i) % len(bots)] for i in range(players)] for g in range(games)]


def quick(bot: Bot) -> Bot:
    """A search bot with two rounds of playouts instead of a time budget: a budget in seconds
    would make the suite slow and each game depend on the machine's speed."""
    if isinstance(bot, SearchBot):
        bot.seconds, bot.playouts = None, 2
    return bot


def play_bots_checked(state: State, bots: list[Bot]) -> None:
    """The runner's loop (`play_bots`), with the cards counted after every move."""
    feeds = [SeatFeed(seat, state.all_events_public) for seat in range(state.num_players)]
    opening = cards(state)
    for _ in range(STEP_LIMIT):
        if state.is_over:
            return
        seat = state.to_move
        assert seat is not None
        bot = bots[seat]
        decision = decision_for(
            state, seat, feeds[seat], bot.searches, bot.reads_table, bot.wants_view
        )
        state.apply(bot.act(decision), seat)  # a bot's illegal move raises here
        assert cards(state) == opening
    raise AssertionError(f"{state.game.name}: no end after {STEP_LIMIT} bot moves")


@pytest.mark.parametrize("case", GAME_TABLES, ids=_id)
def test_the_game_s_bots_play_to_the_end_or_the_cap(case: tuple[str, int]) -> None:
    name, players = case
    game = get_game(name)
    rules = rules_variants(name, players)[0]  # the default rules where they seat this many
    for k, seating in enumerate(seatings(sorted(available_bots(game)), players)):
        seed = 10**12 + 100 * players + k
        state = game.new_state([Seat(spec) for spec in seating], seed=seed, rules=rules)
        master = random.Random(seed)
        bots = [
            quick(make_bot(game, spec, rng=random.Random(master.getrandbits(63))))
            for spec in seating
        ]
        play_bots_checked(state, bots)
        check_outcome(state)
        _, events = replay(record_of(state))
        assert events == state.log
