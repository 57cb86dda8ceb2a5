"""The kernels' Mersenne Twister draws what Python's `random.Random` draws, seeded one at a time,
LANES at a time, or a block of games at a time."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import mersenne

SEEDS = st.one_of(
    st.sampled_from([0, 1, 2**32 - 1, 2**32, 0x5EED, 2**63 - 1]),
    st.integers(0, 2**32 - 1),
    st.integers(0, 2**63 - 1),
)


def words(mt: np.ndarray, count: int) -> list[int]:
    return [mersenne.mt_next(mt) for _ in range(count)]


def python_words(seed: int, count: int) -> list[int]:
    python = random.Random(seed)
    return [python.getrandbits(32) for _ in range(count)]


@given(st.lists(SEEDS, min_size=1, max_size=11), st.randoms(use_true_random=False))
def test_generators_seeded_side_by_side_draw_what_python_draws(
    seeds: list[int], rng: random.Random
) -> None:
    count = len(seeds)
    mts = np.zeros((count + 2, mersenne.MT_WORDS), dtype=np.int64)
    rows = np.array(rng.sample(range(count + 2), count), dtype=np.int64)
    mersenne.mt_seed63_rows(mts, rows, np.array(seeds, dtype=np.int64), count)
    for row, seed in zip(rows, seeds, strict=True):
        single = np.zeros(mersenne.MT_WORDS, dtype=np.int64)
        mersenne.mt_seed63(single, seed)
        assert mts[row].tolist() == single.tolist()
        # 1,300 words: the lazily regenerated first block (its first 227 words one by one,
        # the rest at once), then a whole second block.
        assert words(mts[row], 1300) == python_words(seed, 1300)


@given(st.integers(2, 6), st.lists(SEEDS, min_size=1, max_size=mersenne.BLOCK))
def test_seed_tables_seeds_a_block_of_games_as_play_game_does(
    players: int, seeds: list[int]
) -> None:
    width = players + 2
    count = len(seeds)
    mts = np.zeros((count * width, mersenne.MT_WORDS), dtype=np.int64)
    scratch = [np.zeros(count * width, dtype=np.int64) for _ in range(2)]
    padded = np.array([7, *seeds], dtype=np.int64)  # the block starts at the second seed
    mersenne.seed_tables(mts, padded, 1, count, players, *scratch)
    for game, seed in enumerate(seeds):
        base = game * width
        assert words(mts[base + players], 50) == python_words(seed, 50)
        master = random.Random(seed ^ 0x5EED)
        for seat in range(players):
            assert words(mts[base + seat], 50) == python_words(master.getrandbits(63), 50)
