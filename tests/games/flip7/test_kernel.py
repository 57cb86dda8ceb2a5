"""Flip 7's compiled kernel against the reference engine, game for game, for threshold, counter
and solver bots (a fast sample; the long runs are benchmarks/flip7_agreement.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.bots.base import make_bot
from parlour.core.game import Seat
from parlour.core.registry import get_game
from parlour.games.flip7 import kernel
from parlour.games.flip7.bulk import bulk_thresholds
from parlour.games.flip7.rules import Flip7Rules
from parlour.play.runner import play_bots
from parlour.sim import simulate


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 2**63 - 1])
def test_the_kernel_draws_what_python_random_draws(seed: int) -> None:
    mt = np.zeros(kernel.MT_WORDS, dtype=np.int64)
    kernel._mt_seed(mt, seed & 0xFFFFFFFF, seed >> 32, 2 if seed >> 32 else 1)
    deck = np.arange(94, dtype=np.int64)
    kernel._shuffle(mt, deck, 94)
    mine = [kernel._randbelow(mt, k) for k in (1, 2, 5, 94, 1000)]
    python = random.Random(seed)
    cards = list(range(94))
    python.shuffle(cards)
    assert deck.tolist() == cards
    assert mine == [python._randbelow(k) for k in (1, 2, 5, 94, 1000)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("thresholds", [(23, 20), (25, 12, 30), (18, 22, 27, 10, 35)])
def test_kernel_games_are_the_reference_games(thresholds: tuple[int, ...]) -> None:
    game = get_game("flip7")
    seeds = [random.Random(i).getrandbits(63) for i in range(40)]
    totals, turns = kernel.run(seeds, [thresholds] * len(seeds))
    for i, seed in enumerate(seeds):
        state = game.new_state([Seat(f"s{k}") for k in range(len(thresholds))], seed=seed)
        play_bots(state, [make_bot(game, f"threshold:{t}") for t in thresholds])
        assert (list(state.totals), state.turns) == (totals[i].tolist(), turns[i]), seed


def reference_game(specs: tuple[str, ...], seed: int) -> tuple[list[int], int]:
    """(final totals, turns) of the game `seed` played by the reference engine and bots."""
    game = get_game("flip7")
    state = game.new_state([Seat(f"s{k}") for k in range(len(specs))], seed=seed)
    play_bots(state, [make_bot(game, spec) for spec in specs])
    return list(state.totals), state.turns


@pytest.mark.parametrize(
    ("specs", "games"),
    [
        (("counter", "threshold:20"), 300),
        (("threshold:20", "counter"), 200),
        (("counter", "counter", "threshold:25"), 200),
        (("counter",) * 4, 100),
        (("counter", "threshold:18", "counter", "threshold:27", "counter", "threshold:22"), 100),
        (("solver", "counter"), 60),
        (("threshold:23", "solver", "counter", "solver", "threshold:15"), 25),
    ],
)
def test_counter_and_solver_games_are_the_reference_games(
    specs: tuple[str, ...], games: int
) -> None:
    seats = bulk_thresholds(Flip7Rules(), specs)
    assert seats is not None
    seeds = [random.Random(f"{specs}{i}").getrandbits(63) for i in range(games)]
    totals, turns = kernel.run(seeds, [seats] * games)
    for i, seed in enumerate(seeds):
        assert reference_game(specs, seed) == (totals[i].tolist(), turns[i]), seed


def test_simulate_plays_counter_tables_on_the_kernel_with_the_engines_results() -> None:
    fast = simulate("flip7", "counter,threshold:20", 200, seed=4, workers=1)
    slow = simulate("flip7", "counter,threshold:20", 200, seed=4, workers=1, bulk=False)
    assert fast.rows.bulk and not slow.rows.bulk
    assert fast.summary.to_json() == slow.summary.to_json()
    for name in ("turns", "scores", "shares", "ranks"):
        assert np.array_equal(getattr(fast.rows, name), getattr(slow.rows, name)), name


def test_simulate_takes_the_kernel_with_the_engines_results() -> None:
    fast = simulate("flip7", "threshold:23,threshold:20,threshold", 150, seed=9, workers=1)
    slow = simulate(
        "flip7", "threshold:23,threshold:20,threshold", 150, seed=9, workers=1, bulk=False
    )
    assert fast.rows.bulk and not slow.rows.bulk
    assert fast.summary.to_json() == slow.summary.to_json()
    for name in ("turns", "scores", "shares", "ranks"):
        assert np.array_equal(getattr(fast.rows, name), getattr(slow.rows, name)), name


def test_other_bots_and_variants_go_to_the_engine() -> None:
    rules = Flip7Rules()
    assert bulk_thresholds(rules, ["threshold:23", "threshold"]) == [23, 23]
    assert bulk_thresholds(rules, ["threshold:23", "counter", "solver"]) == [
        23,
        kernel.COUNTER,
        kernel.SOLVER,
    ]
    for other in ("counter:2", "solver:x", "strong", "random", "threshold:0", "threshold:a"):
        assert bulk_thresholds(rules, ["counter", other]) is None, other
    with pytest.raises(ValueError, match="seat bot"):
        kernel.run([1], [[23, -3]])
    assert bulk_thresholds(Flip7Rules(second_chance_may_be_given=True), ["threshold"] * 2) is None
    assert bulk_thresholds(Flip7Rules(max_turns=50), ["threshold"] * 2) is None
    mixed = simulate("flip7", "threshold:23,random", 4, seed=3, workers=1)
    assert not mixed.rows.bulk
    capped = simulate("flip7", "threshold,threshold", 4, seed=3, workers=1, rules=["max_turns=9"])
    assert not capped.rows.bulk and capped.summary.draws == 4


def test_bulk_play_gives_the_reference_outcomes_for_one_table_or_one_per_game() -> None:
    game = get_game("flip7")
    seeds = [random.Random(f"bulk{i}").getrandbits(63) for i in range(30)]
    one = game.bulk_play(None, seeds, [("threshold:23", "counter")])
    rotated = [("threshold:23", "counter"), ("counter", "threshold:23")] * 15
    per_game = game.bulk_play(None, seeds, rotated)
    assert one is not None and per_game is not None
    for seed, specs, a, b in zip(seeds, rotated, one, per_game, strict=True):
        for outcome, table in ((a, ("threshold:23", "counter")), (b, specs)):
            totals, turns = reference_game(table, seed)
            best = max(totals)
            winners = tuple(s for s, x in enumerate(totals) if x == best)
            assert outcome == (winners, tuple(map(float, totals)), turns, "finished"), seed
    with pytest.raises(ValueError, match="30 seeds but 2 tables"):
        game.bulk_play(None, seeds, rotated[:2])
