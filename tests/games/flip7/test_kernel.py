"""Flip 7's compiled kernel against the reference engine, game for game (a fast sample; the
million-game run is benchmarks/flip7_agreement.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.bots.base import make_bot
from parlour.core.game import Seat
from parlour.core.registry import get_game
from parlour.core.runner import play_bots
from parlour.games.flip7 import kernel
from parlour.games.flip7.bulk import bulk_thresholds
from parlour.games.flip7.rules import Flip7Rules
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
    assert bulk_thresholds(rules, ["threshold:23", "counter"]) is None
    assert bulk_thresholds(Flip7Rules(second_chance_may_be_given=True), ["threshold"] * 2) is None
    assert bulk_thresholds(Flip7Rules(max_turns=50), ["threshold"] * 2) is None
    mixed = simulate("flip7", "threshold:23,random", 4, seed=3, workers=1)
    assert not mixed.rows.bulk
    capped = simulate("flip7", "threshold,threshold", 4, seed=3, workers=1, rules=["max_turns=9"])
    assert not capped.rows.bulk and capped.summary.draws == 4
