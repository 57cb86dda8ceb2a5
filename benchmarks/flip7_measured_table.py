"""Flip 7: the chance that `expert` beats `strong` heads-up, measured from chosen totals.

    python benchmarks/flip7_measured_table.py --games 1000 --workers 2 --out table.npz

The expert's game-value table is solved for a model in which every round's points are drawn
from one distribution (strong's far from the target), whatever the totals. This script plays
the real match instead: for each pair of totals (a, b) of a grid, `--games` games of `expert`
against `strong` that start a round on those totals (the expert on a, seats alternated, the
dealer drawn by each game's seed), and records the expert's win share next to the model's
value. The file it writes is what `flip7_expert_variants.py`'s `MeasuredTable` reads.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import numpy as np
from failures import exit_if_failed, play_each, say_failures  # a sibling script

from parlour.bots.base import Bot
from parlour.games.flip7.bots import BOTS
from parlour.games.flip7.expert_values import _data, table_index
from parlour.games.flip7.game import Flip7
from parlour.play.runner import play_bots

GRID = (50, 90, 120, 140, 150, 160, 170, 180, 190, 196)
GAME = Flip7()
RULES = GAME.default_rules()


def _play(expert: Bot, strong: Bot, a: int, b: int, me: int, seed: int) -> float:
    """The expert's share of one game that starts a round with it on a, strong on b."""
    state = GAME.new_state(2, seed=seed, rules=RULES)
    # The first round is dealt on totals of 0: the totals are set before anyone decides (the
    # bots read them from the view).
    state.totals = [b, b]
    state.totals[me] = a
    bots = [strong, strong]
    bots[me] = expert
    outcome = play_bots(state, bots).outcome
    return 1.0 / len(outcome.winners) if me in outcome.winners else 0.0


def shares(a: int, b: int, games: int, seed: int) -> tuple[list[float], dict[str, Any] | None]:
    """The expert's share of each of `games` games from (a, b), seats alternated, game i
    dealt from seed + i; stopping at a game that fails, with its failure."""
    expert, strong = BOTS["expert"](rng=random.Random(seed)), BOTS["strong"](rng=random.Random(1))
    return play_each(
        range(games),
        lambda game: seed + game,
        lambda game: _play(expert, strong, a, b, game % 2, seed + game),
    )


def win_share(a: int, b: int, games: int, seed: int) -> float:
    played, failure = shares(a, b, games, seed)
    if failure is not None:
        raise RuntimeError(f"game {failure['game']} (seed {failure['seed']}): {failure['error']}")
    return sum(played) / games


def _cell(job: tuple[int, int, int, int]) -> tuple[int, int, list[float], dict[str, Any] | None]:
    a, b, games, seed = job
    return (a, b, *shares(a, b, games, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pair of totals")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    grid = np.array(GRID)
    jobs = [
        (a, b, args.games, args.seed * 10**9 + (i * len(grid) + j) * 10**6)
        for i, a in enumerate(grid)
        for j, b in enumerate(grid)
    ]
    start = time.perf_counter()
    # A cell not measured (or met a failing game) is NaN, with the games it did play counted:
    # the file, written after every cell, keeps everything computed so far.
    measured = np.full((len(grid), len(grid)), np.nan)
    played = np.zeros((len(grid), len(grid)), dtype=np.int64)
    model = _data()["values"][table_index(2)][np.ix_(grid, grid)]
    index = {int(v): k for k, v in enumerate(grid)}
    failures = []
    # One worker plays in this process (as the sibling scripts do): nothing to fork or spawn.
    with multiprocessing.Pool(args.workers) if args.workers > 1 else nullcontext() as pool:
        cells = pool.imap_unordered(_cell, jobs) if pool is not None else map(_cell, jobs)
        for a, b, games, failure in cells:
            cell = index[a], index[b]
            played[cell] = len(games)
            if failure is None:
                measured[cell] = sum(games) / len(games)
                print(f"{a} {b} {measured[cell]:.4f}", flush=True)
            else:
                failures.append(failure)
                say_failures(f"totals {a}, {b}", [failure])
            np.savez(args.out, grid=grid, measured=measured, model=model, played=played)
    seconds = time.perf_counter() - start
    print(f"{len(jobs)} cells in {seconds:.0f} s -> {args.out}", file=sys.stderr)
    exit_if_failed(failures)


if __name__ == "__main__":
    main()
