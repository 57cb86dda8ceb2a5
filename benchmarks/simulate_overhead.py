"""What `parlour.sim.simulate` costs on top of the bulk path it calls, table by table.

    python benchmarks/simulate_overhead.py                  # 30,000 games a table, 5 rounds
    python benchmarks/simulate_overhead.py --games 100000 --rounds 7 --only familles

For each table, rounds alternate `simulate(game, bots, games, workers=1)` in this process (seeds
derived, seats rotated, rows and ranks built, as the command line gets them) and the game's
public `bulk_play(rules, seeds, tables)` on the same seeds and rotated tables (outcomes as Python
tuples, nothing more). Both are timed in CPU seconds; the medians and their ratio are printed.
A ratio of 1 would mean the simulation adds nothing to the kernel's own games.
"""

from __future__ import annotations

import argparse
import statistics
import time

from parlour.core.registry import get_game
from parlour.sim import simulate
from parlour.sim.schedule import SimJob, game_seeds, seating

TABLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "familles random x3": ("familles", ("random",) * 3),
    "familles memory x3": ("familles", ("memory",) * 3),
    "gofish random x3": ("gofish", ("random",) * 3),
    "gofish memory x3": ("gofish", ("memory",) * 3),
    "panoplies random x3": ("panoplies", ("random",) * 3),
    "flip7 threshold:23, counter": ("flip7", ("threshold:23", "counter")),
}


def time_simulate(game: str, bots: tuple[str, ...], games: int, seed: int) -> float:
    start = time.process_time()
    result = simulate(game, list(bots), games, seed=seed, workers=1)
    spent = time.process_time() - start
    assert result.rows.bulk, f"{game} {bots}: simulate did not take the bulk path"
    return spent


def time_bulk_play(game: str, bots: tuple[str, ...], games: int, seed: int) -> float:
    found = get_game(game)
    rules = found.default_rules()
    n = len(bots)
    job = SimJob(game=game, bots=bots, games=games, seed=seed)
    seeds = game_seeds(job, 0, games)  # outside the clock: the bulk path is given its seeds
    tables = [tuple(bots[b] for b in seating(index, n)) for index in range(games)]
    start = time.process_time()
    answer = found.bulk_play(rules, seeds, tables)
    spent = time.process_time() - start
    assert answer is not None and len(answer) == games
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="tables whose name contains this text")
    args = parser.parse_args()
    print(f"{args.games:,} games a table, {args.rounds} rounds alternated, CPU seconds")
    print(f"{'table':30} {'simulate/s':>12} {'bulk_play/s':>12} {'ratio':>6}")
    for name, (game, bots) in TABLES.items():
        if args.only not in name:
            continue
        time_simulate(game, bots, 200, 1)  # compile or load the kernel outside the clock
        sims, bulks = [], []
        for round_ in range(args.rounds):
            seed = 1000 + round_
            sims.append(time_simulate(game, bots, args.games, seed))
            bulks.append(time_bulk_play(game, bots, args.games, seed))
        sim_rate = args.games / statistics.median(sims)
        bulk_rate = args.games / statistics.median(bulks)
        print(f"{name:30} {sim_rate:12,.0f} {bulk_rate:12,.0f} {sim_rate / bulk_rate:6.2f}")


if __name__ == "__main__":
    main()
