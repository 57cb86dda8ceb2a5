"""Speed-up of the simulator's local process pool: 1 worker against N (default 2).

    python benchmarks/sim_parallel.py --game beggar --bots first,random --games 6000

Plays the same seeded job with each worker count (runs alternated, best of --repeats), checks
that the tables are identical, and prints the times, games per second and the speed-up. The
generic game runner is used (not a game's bulk path), so the figure is about the pool, not a
kernel. The load average is printed too: on a machine busy with other work the speed-up falls.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from parlour.sim import simulate


def timed(args: argparse.Namespace, workers: int) -> tuple[float, dict]:
    started = time.perf_counter()
    result = simulate(args.game, args.bots, args.games, seed=args.seed, workers=workers, bulk=False)
    return time.perf_counter() - started, result.summary.to_json()


def best_times(args: argparse.Namespace) -> tuple[float, float, bool]:
    """Best of --repeats for each worker count, the runs alternated so that a burst of load
    from elsewhere on the machine does not land on one side only."""
    one, many = float("inf"), float("inf")
    same = True
    for _ in range(args.repeats):
        seconds, table_one = timed(args, 1)
        one = min(one, seconds)
        seconds, table_many = timed(args, args.workers)
        many = min(many, seconds)
        same = same and table_one == table_many
    return one, many, same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="beggar")
    parser.add_argument("--bots", default="first,random")
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    one, many, same = best_times(args)
    report = {
        "game": args.game,
        "bots": args.bots,
        "games": args.games,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "seconds_1_worker": round(one, 3),
        f"seconds_{args.workers}_workers": round(many, 3),
        "games_per_second_1": round(args.games / one, 1),
        f"games_per_second_{args.workers}": round(args.games / many, 1),
        "speedup": round(one / many, 3),
        "identical_tables": same,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
