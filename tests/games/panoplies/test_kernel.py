"""Panoplies' compiled kernel against the reference engine, game for game (a fast sample):
random, first and memory bots, single games and matches."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from parlour.core.registry import get_game
from parlour.games.panoplies.bulk import kernel_table
from parlour.games.panoplies.rules import PanopliesRules
from parlour.play.runner import play_bots
from parlour.sim import simulate
from parlour.sim.worker import seat_names, seeded_bots

GAME = get_game("panoplies")
EVERY_FAMILY = {"hats": True, "scarves": True, "belts": True}


def reference(seed: int, specs: tuple[str, ...], rules: PanopliesRules) -> tuple:
    state = GAME.new_state(seat_names(specs), seed=seed, rules=rules)
    play_bots(state, seeded_bots(GAME, specs, seed))
    outcome = state.outcome
    assert outcome is not None
    jokers = sum(1 for e in state.log if e.type == "joker_draw")
    return (outcome.winners, outcome.scores, state.turns, outcome.status), jokers


@pytest.mark.parametrize(
    ("players", "options", "games"),
    [
        (2, {}, 200),
        (3, {}, 200),
        (4, {}, 100),
        (6, {}, 60),
        (3, {"next_after_miss": "left"}, 60),
        (4, {"outfit_replays": True}, 60),
        (3, {"hand_size": 3}, 60),
        # many jokers: samples of 3 to 5 from 30 to 50 cards take CPython's set method
        (3, EVERY_FAMILY, 80),
        (8, {"hats": True, "scarves": True}, 30),
        (3, {"max_turns": 60}, 60),
    ],
)
def test_kernel_games_are_the_reference_games(players: int, options: dict, games: int) -> None:
    rules = PanopliesRules(**options)
    specs = ("random",) * players
    table = [random.Random(i * 31 + players).getrandbits(63) for i in range(games)]
    got = GAME.bulk_play(rules, table, [specs] * games)
    assert got is not None
    jokers = 0
    for seed, outcome in zip(table, got, strict=True):
        theirs, drawn = reference(seed, specs, rules)
        assert outcome == theirs, seed
        jokers += drawn
    if players < 6 and "max_turns" not in options:
        assert jokers > 0  # the joker draws, which use the state's generator, were played


@pytest.mark.parametrize(
    ("specs", "options"),
    [
        (("first", "first"), {}),
        (("first", "random", "first"), {"next_after_miss": "left"}),
        (("random", "first", "first"), EVERY_FAMILY),
    ],
)
def test_first_bots_play_the_reference_games(specs: tuple[str, ...], options: dict) -> None:
    rules = PanopliesRules(**options)
    table = [random.Random(i * 17 + len(specs)).getrandbits(63) for i in range(40)]
    got = GAME.bulk_play(rules, table, [specs])
    assert got is not None
    for seed, outcome in zip(table, got, strict=True):
        assert outcome == reference(seed, specs, rules)[0], seed


def rotated(bots: tuple[str, ...], games: int) -> list[tuple[str, ...]]:
    """Game i's table: the bots rotated by i seats, as `simulate` seats them."""
    n = len(bots)
    return [tuple(bots[(seat + i) % n] for seat in range(n)) for i in range(games)]


def assert_reference_games(
    seeds: list[int], tables: list[tuple[str, ...]], rules: PanopliesRules
) -> None:
    """The kernel's outcome of every game (winners, scores, asks, status) is the engine's: a
    single choice of a bot made otherwise changes the asks or the scores of that game."""
    got = GAME.bulk_play(rules, seeds, tables)
    assert got is not None
    for seed, specs, outcome in zip(seeds, tables, got, strict=True):
        assert outcome == reference(seed, specs, rules)[0], (seed, specs)


@pytest.mark.parametrize(
    ("bots", "options", "games"),
    [
        (("memory", "memory"), {}, 60),
        (("memory", "random", "first"), {}, 45),
        (("memory", "memory", "memory"), {}, 30),
        (("memory", "first", "random", "memory"), {}, 24),
        (("memory",) * 6, {}, 12),
        (("memory", "random", "first", "memory", "random", "first"), {}, 12),
        (("memory", "random", "memory"), {"next_after_miss": "left"}, 30),
        (("memory", "memory", "random", "first"), {"outfit_replays": True}, 24),
        (("memory", "first", "memory"), {"hand_size": 3}, 30),
        # nobody's outfits and jokers everywhere; eight players: no jokers, many characters
        (("memory", "memory", "random"), EVERY_FAMILY, 16),
        (("memory", "random") * 4, {"hats": True, "scarves": True}, 8),
        (("memory", "memory", "first"), {"max_turns": 40}, 30),
    ],
)
def test_memory_bots_play_the_reference_games(
    bots: tuple[str, ...], options: dict, games: int
) -> None:
    rules = PanopliesRules(**options)
    seeds = [random.Random(i * 41 + len(bots)).getrandbits(63) for i in range(games)]
    assert_reference_games(seeds, rotated(bots, games), rules)


# Seeds whose match (two memory bots, five games) has a plain draw that lays one's own outfit
# and makes everybody safe: the engine deals the next game at once and then still passes the
# turn of the ask that drew, in the new game (the kernel's pending turn).
PASS_INTO_NEXT_GAME = [3855310942228848903, 8368950368298415551, 4331094357628463811]


@pytest.mark.parametrize(
    ("bots", "options", "games"),
    [
        (("memory", "memory"), {"games": 5}, 12),
        (("random", "random", "random"), {"games": 3}, 30),
        (("memory", "random", "first"), {"games": 3}, 15),
        (("first", "memory", "memory", "random"), {"games": 2, "next_after_miss": "left"}, 10),
        (("memory",) * 6, {"games": 2}, 5),
        (("memory", "memory", "random"), {"games": 3, "outfit_replays": True}, 12),
        (("memory", "random", "memory"), {"games": 4, **EVERY_FAMILY}, 6),
        # the cap counts the asks of the whole match
        (("memory", "first", "random"), {"games": 6, "max_turns": 120}, 15),
    ],
)
def test_matches_are_the_reference_matches(
    bots: tuple[str, ...], options: dict, games: int
) -> None:
    rules = PanopliesRules(**options)
    seeds = [random.Random(i * 43 + len(bots)).getrandbits(63) for i in range(games)]
    if bots == ("memory", "memory"):
        seeds += PASS_INTO_NEXT_GAME
    assert_reference_games(seeds, rotated(bots, len(seeds)), rules)


def test_without_numba_the_kernel_plays_the_same_games() -> None:
    from parlour.games.panoplies import kernel

    table = [random.Random(i).getrandbits(63) for i in range(12)]
    seats = [["random", "first", "random"]] * 6 + [["memory", "random", "first"]] * 6
    script = (
        "import json, sys; from parlour.games.panoplies import kernel; "
        "from parlour.core import mersenne; assert not mersenne.HAVE_NUMBA; "
        "seeds, seats = json.loads(sys.argv[1]), json.loads(sys.argv[2]); "
        "a = kernel.run(seeds, 3, 5, 10, 12); "
        "b = kernel.run(seeds[:4], seats[4:8], 5, 10, 12, games=2); "
        "print(json.dumps([x.tolist() for x in a + b]))"
    )
    env = {**os.environ, "PARLOUR_NO_NUMBA": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(table), json.dumps(seats)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    # every family: many jokers; then a two-game match with a memory bot
    single = kernel.run(table, 3, 5, 10, 12)
    match = kernel.run(table[:4], seats[4:8], 5, 10, 12, games=2)
    assert json.loads(done.stdout) == [x.tolist() for x in single + match]


def test_other_bots_are_declined() -> None:
    rules = PanopliesRules()
    assert kernel_table(rules, ["random"] * 3)
    assert GAME.bulk_play(rules, [], [("random",) * 3]) == []
    assert GAME.bulk_play(PanopliesRules(games=3), [], [("memory",) * 3]) == []
    assert kernel_table(rules, ["first", "random", "memory"])
    assert GAME.bulk_play(rules, [], [("random", "reflexes")]) is None
    assert GAME.bulk_play(rules, [], [("memory", "search:4")]) is None
    assert GAME.bulk_play(rules, [2**63], [("random",) * 2]) is None


@pytest.mark.parametrize(
    ("bots", "rules"),
    [("random,random,random", None), ("memory,random,first", None), ("memory,memory", ["games=3"])],
)
def test_simulate_takes_the_kernel_with_the_engines_results(
    bots: str, rules: list[str] | None
) -> None:
    games = 120 if bots.startswith("random") else 30
    fast = simulate("panoplies", bots, games, rules=rules, seed=5, workers=1)
    slow = simulate("panoplies", bots, games, rules=rules, seed=5, workers=1, bulk=False)
    assert fast.rows.bulk and not slow.rows.bulk
    assert fast.summary.to_json() == slow.summary.to_json()
    for name in ("turns", "scores", "shares", "ranks"):
        assert np.array_equal(getattr(fast.rows, name), getattr(slow.rows, name)), name
