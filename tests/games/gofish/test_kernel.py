"""Go Fish's compiled kernel against the reference engine, game for game, and its bulk path."""

from __future__ import annotations

import random

import pytest

from parlour.core.registry import get_game
from parlour.games.gofish.bulk import kernel_table
from parlour.games.gofish.rules import GoFishRules
from parlour.play.runner import play_bots
from parlour.sim.worker import seat_names, seeded_bots

GAME = get_game("gofish")
SETTINGS = [
    {},
    {"end_on_first_out": True, "most_books_wins": False},
    {"ranks": 6, "suits": 3, "initial_cards": 4, "ask_after_empty_draw": False},
    {"ranks": 9, "suits": 5, "initial_cards": 6, "end_on_first_out": True},
    {"max_turns": 30},
]
TABLES = [
    ("random", "random"),
    ("memory", "random", "first"),
    ("memory", "memory", "memory", "random"),
    ("first", "memory"),
    ("memory", "random", "random", "random", "memory"),
]


def reference(seed: int, specs: tuple[str, ...], rules: GoFishRules) -> tuple:
    """The simulate worker's game: the outcome and the asks of the reference engine."""
    state = GAME.new_state(seat_names(specs), seed=seed, rules=rules)
    play_bots(state, seeded_bots(GAME, specs, seed))
    outcome = state.outcome
    assert outcome is not None
    return outcome.winners, outcome.scores, state.turns, outcome.status


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: ",".join(o) or "defaults")
def test_kernel_games_are_the_reference_games(options: dict) -> None:
    rules = GoFishRules(**options)
    compared = 0
    for specs in TABLES:
        if not kernel_table(rules, specs):
            continue
        seeds = [random.Random(i * 7919 + len(specs)).getrandbits(63) for i in range(40)]
        bulk = GAME.bulk_play(rules, seeds, [specs])
        assert bulk is not None
        for seed, got in zip(seeds, bulk, strict=True):
            assert got == reference(seed, specs, rules), (specs, seed)
            compared += 1
    assert compared >= 120


def test_the_kernel_declines_what_it_does_not_play() -> None:
    rules = GoFishRules()
    assert GAME.bulk_play(rules, [], [("random", "search")]) is None
    assert GAME.bulk_play(rules, [], [("memory:2", "random")]) is None
    assert GAME.bulk_play(rules, [], [("random",) * 11]) is None
    assert GAME.bulk_play(GoFishRules(ranks=4), [], [("random",) * 5]) is None
    assert GAME.bulk_play(rules, [], [("random", "memory", "first")]) == []
    assert GAME.bulk_play(rules, [-1], [("random", "random")]) is None


@pytest.mark.slow
@pytest.mark.timeout(4 * 3600)
def test_twenty_thousand_kernel_games_are_the_reference_games() -> None:
    """The long run behind docs/gofish.md (`-m slow`): every setting, every table, 800 seeds."""
    compared = 0
    for options in SETTINGS:
        rules = GoFishRules(**options)
        for specs in TABLES:
            if not kernel_table(rules, specs):
                continue
            seeds = [random.Random(i * 104729 + len(specs)).getrandbits(63) for i in range(800)]
            bulk = GAME.bulk_play(rules, seeds, [specs])
            assert bulk is not None
            for seed, got in zip(seeds, bulk, strict=True):
                assert got == reference(seed, specs, rules), (options, specs, seed)
                compared += 1
    assert compared >= 18_000
