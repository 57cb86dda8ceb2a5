"""Panoplies' compiled kernel against the reference engine, game for game (a fast sample)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from parlour.core.registry import get_game
from parlour.core.runner import play_bots
from parlour.games.panoplies.bulk import kernel_table
from parlour.games.panoplies.rules import PanopliesRules
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


def test_without_numba_the_kernel_plays_the_same_games() -> None:
    from parlour.games.panoplies import kernel

    table = [random.Random(i).getrandbits(63) for i in range(12)]
    script = (
        "import json, sys; from parlour.games.panoplies import kernel; "
        "from parlour.core import mersenne; assert not mersenne.HAVE_NUMBA; "
        "s, t, st = kernel.run(json.loads(sys.argv[1]), 3, 5, 10, 12); "
        "print(json.dumps([s.tolist(), t.tolist(), st.tolist()]))"
    )
    env = {**os.environ, "PARLOUR_NO_NUMBA": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(table)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    scores, turns, status = kernel.run(table, 3, 5, 10, 12)  # every family: many jokers
    assert json.loads(done.stdout) == [scores.tolist(), turns.tolist(), status.tolist()]


def test_matches_and_other_bots_are_declined() -> None:
    rules = PanopliesRules()
    assert kernel_table(rules, ["random"] * 3)
    assert GAME.bulk_play(rules, [], [("random",) * 3]) == []
    assert GAME.bulk_play(PanopliesRules(games=3), [], [("random",) * 3]) is None
    assert GAME.bulk_play(rules, [], [("random", "memory")]) is None
    assert kernel_table(rules, ["first", "random"])
    assert GAME.bulk_play(rules, [2**63], [("random",) * 2]) is None


def test_simulate_takes_the_kernel_with_the_engines_results() -> None:
    fast = simulate("panoplies", "random,random,random", 120, seed=5, workers=1)
    slow = simulate("panoplies", "random,random,random", 120, seed=5, workers=1, bulk=False)
    assert fast.rows.bulk and not slow.rows.bulk
    assert fast.summary.to_json() == slow.summary.to_json()
    for name in ("turns", "scores", "shares", "ranks"):
        assert np.array_equal(getattr(fast.rows, name), getattr(slow.rows, name)), name
