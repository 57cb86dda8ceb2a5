"""Every game of bots ends: every bot, every player count, with no turn cap to save it.

Once the pile is empty a miss changes nothing, so a bot that repeats a failed question keeps
the table going for ever (the `reflexes` bot did, in one game in five at three players). Each
game here is played with no `max_turns`, and must end within `BOUND` asks. Bots that choose
take a few hundred asks; uniformly random asks are a random walk and take longer: about 4,000
at nine Panoplies players, and up to about 33,000 at six players with `ask_any_family` (any
card may be asked for, so random asks rarely hit), which still ends.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.bots.base import make_bot
from parlour.core.events import SeatFeed
from parlour.core.game import Game
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesRules
from parlour.play.runner import decision_for

BOUND = 100_000
FAST_BOTS = ("random", "first", "reflexes", "memory")


def asks_to_the_end(game: Game, rules: Any, players: int, spec: str, seed: int) -> int:
    """Play one game, every seat by a `spec` bot; the number of asks it took to end."""
    state = game.new_state(players, seed=seed, rules=rules)
    bots = [make_bot(game, spec, random.Random(seed * 16 + s)) for s in range(players)]
    feeds = [SeatFeed(s) for s in range(players)]
    while not state.is_over:
        assert state.turns < BOUND, f"{spec} x{players}, seed {seed}: no end in {BOUND} asks"
        seat = state.to_move
        assert seat is not None
        bot = bots[seat]
        state.apply(bot.act(decision_for(state, seat, feeds[seat], bot.searches)), seat)
    assert state.outcome is not None and state.outcome.status == "finished"
    return state.turns


def familles_rules(seed: int) -> FamillesRules:
    """The rule variants that change who plays next, or what may be asked, by seed."""
    return FamillesRules(
        next_after_miss="left" if seed % 2 else "asked",
        family_replays=seed % 3 == 0,
        ask_any_family=seed % 5 == 0,
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("spec", FAST_BOTS)
def test_every_familles_game_of_bots_ends(spec: str, players: int) -> None:
    for seed in range(8):
        asks_to_the_end(GAME, familles_rules(seed), players, spec, seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_familles_game_of_search_bots_ends(players: int) -> None:
    for seed in range(2):
        asks_to_the_end(GAME, familles_rules(seed), players, "search:1", seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("spec", FAST_BOTS)
def test_every_familles_game_of_bots_ends_over_many_seeds(spec: str, players: int) -> None:
    for seed in range(100, 200):
        asks_to_the_end(GAME, familles_rules(seed), players, spec, seed)


def test_three_reflexes_bots_finish_every_game() -> None:
    """The case that hung `simulate`: three `reflexes`, the default rules."""
    longest = max(asks_to_the_end(GAME, FamillesRules(), 3, "reflexes", s) for s in range(40))
    assert longest < 1_000
