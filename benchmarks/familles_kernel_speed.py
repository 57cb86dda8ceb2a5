"""Games per CPU second of the 7 familles and Panoplies kernels, table by table.

    python benchmarks/familles_kernel_speed.py                 # 20,000 games a table, best of 3
    python benchmarks/familles_kernel_speed.py --games 50000 --runs 5

Each table is played by `kernel.run` (the path `parlour simulate` takes for these bots) on the
same seeds in every run; the best run is reported, since load only ever slows a run down.
Seats are the same in every game (no rotation), the rules the default ones.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from parlour.games.familles import kernel as familles
from parlour.games.panoplies import kernel as panoplies
from parlour.games.panoplies.rules import PanopliesRules

TABLES: dict[str, tuple[str, list[str]]] = {
    "familles random x2": ("familles", ["random"] * 2),
    "familles random x3": ("familles", ["random"] * 3),
    "familles random x4": ("familles", ["random"] * 4),
    "familles random x6": ("familles", ["random"] * 6),
    "familles memory x3": ("familles", ["memory"] * 3),
    "familles memory, random x2": ("familles", ["memory", "random", "random"]),
    "familles first x3": ("familles", ["first"] * 3),
    "panoplies random x2": ("panoplies", ["random"] * 2),
    "panoplies random x3": ("panoplies", ["random"] * 3),
    "panoplies random x4": ("panoplies", ["random"] * 4),
}


def player(game: str, table: list[str]) -> Callable[[np.ndarray], object]:
    """One call that plays every seed at this table."""
    if game == "familles":
        return lambda seeds: familles.run(seeds, [table] * len(seeds))
    codes = [panoplies.BOT_CODES[b] for b in table]
    hand = PanopliesRules().deal_size(len(table))
    return lambda seeds: panoplies.run(seeds, [codes] * len(seeds), hand)


def best_rate(play: Callable[[np.ndarray], object], seeds: np.ndarray, runs: int) -> float:
    play(seeds[:10])  # compiled or loaded from the cache before any timing
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        play(seeds)
        best = min(best, time.process_time() - started)
    return len(seeds) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    seeds = np.arange(args.games, dtype=np.int64) * 2654435761  # spread, below 2**63
    for name, (game, table) in TABLES.items():
        rate = best_rate(player(game, table), seeds, args.runs)
        print(f"{name:32s} {rate:10,.0f} games per CPU second", flush=True)


if __name__ == "__main__":
    main()
