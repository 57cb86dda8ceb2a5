"""Games per CPU second of the 7 familles and Panoplies kernels, table by table.

    python benchmarks/familles_kernel_speed.py                 # 20,000 games a table, best of 3
    python benchmarks/familles_kernel_speed.py --games 50000 --runs 5
    python benchmarks/familles_kernel_speed.py --only panoplies --engine 300

Each table is played by `kernel.run` (the path `parlour simulate` takes for these bots) on the
same seeds in every run; the best run is reported, since load only ever slows a run down.
Seats are the same in every game (no rotation), the rules the default ones but where a table
names others (a Panoplies match of three games). `--engine N` also plays the first N seeds of
each table through the reference engine (`play_bots` with `seeded_bots`, the simulate worker's
game, best of the same runs) and prints its rate beside the kernel's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from parlour.core.registry import get_game
from parlour.games.familles import kernel as familles
from parlour.games.familles.rules import FamillesRules
from parlour.games.panoplies import kernel as panoplies
from parlour.games.panoplies.rules import PanopliesRules
from parlour.play.runner import play_bots
from parlour.sim.worker import seat_names, seeded_bots

# name: (game, bots by seat, Panoplies rules)
TABLES: dict[str, tuple[str, list[str], dict[str, Any]]] = {
    "familles random x2": ("familles", ["random"] * 2, {}),
    "familles random x3": ("familles", ["random"] * 3, {}),
    "familles random x4": ("familles", ["random"] * 4, {}),
    "familles random x6": ("familles", ["random"] * 6, {}),
    "familles memory x3": ("familles", ["memory"] * 3, {}),
    "familles memory, random x2": ("familles", ["memory", "random", "random"], {}),
    "familles first x3": ("familles", ["first"] * 3, {}),
    "panoplies random x2": ("panoplies", ["random"] * 2, {}),
    "panoplies random x3": ("panoplies", ["random"] * 3, {}),
    "panoplies random x4": ("panoplies", ["random"] * 4, {}),
    "panoplies memory x2": ("panoplies", ["memory"] * 2, {}),
    "panoplies memory x3": ("panoplies", ["memory"] * 3, {}),
    "panoplies memory x4": ("panoplies", ["memory"] * 4, {}),
    "panoplies memory x6": ("panoplies", ["memory"] * 6, {}),
    "panoplies memory, random, first": ("panoplies", ["memory", "random", "first"], {}),
    "panoplies memory x3, games=3": ("panoplies", ["memory"] * 3, {"games": 3}),
}


def player(game: str, table: list[str], options: dict[str, Any]) -> Callable[[np.ndarray], object]:
    """One call that plays every seed at this table."""
    if game == "familles":
        return lambda seeds: familles.run(seeds, [table] * len(seeds))
    codes = [panoplies.BOT_CODES[b] for b in table]
    rules = PanopliesRules(**options)
    hand = rules.deal_size(len(table))
    return lambda seeds: panoplies.run(seeds, [codes] * len(seeds), hand, games=rules.games)


def engine_player(
    game_name: str, table: list[str], options: dict[str, Any]
) -> Callable[[np.ndarray], object]:
    """The same games played one by one by the reference engine."""
    game = get_game(game_name)
    rules = PanopliesRules(**options) if game_name == "panoplies" else FamillesRules()
    specs = tuple(table)

    def play(seeds: np.ndarray) -> None:
        for seed in seeds.tolist():
            state = game.new_state(seat_names(specs), seed=seed, rules=rules)
            play_bots(state, seeded_bots(game, specs, seed))

    return play


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
    parser.add_argument("--only", default="", help="tables whose name starts with this")
    parser.add_argument("--engine", type=int, default=0, help="games by the reference engine")
    args = parser.parse_args()
    seeds = np.arange(args.games, dtype=np.int64) * 2654435761  # spread, below 2**63
    for name, (game, table, options) in TABLES.items():
        if not name.startswith(args.only):
            continue
        rate = best_rate(player(game, table, options), seeds, args.runs)
        line = f"{name:34s} {rate:10,.0f} games per CPU second"
        if args.engine:
            slow = best_rate(engine_player(game, table, options), seeds[: args.engine], args.runs)
            line += f"; reference engine {slow:8,.1f} (kernel {rate / slow:,.0f}x)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
