"""Speed-up of the simulator's local process pool: 1 worker against N (default 2).

    python benchmarks/sim_parallel.py --game beggar --bots first,random --games 6000

Plays the same seeded job with each worker count (runs alternated, best of --repeats), checks
that the tables are identical, and prints the times, games per second and the speed-up. The
generic game runner is used (not a game's bulk path), so the figure is about the pool, not a
kernel (`--bulk` measures a game's bulk path instead).

The wall-clock speed-up needs free cores: on a machine busy with other work (see the load
average printed) the scheduler gives this whole session its share, however many workers it
starts. The CPU seconds are printed too (this process plus its workers): their ratio is the
pool's own overhead, and N x (CPU with 1 worker / CPU with N workers) is the speed-up the pool
reaches on free cores.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from parlour.sim import simulate


def timed(args: argparse.Namespace, workers: int) -> tuple[float, float, dict]:
    before = os.times()
    started = time.perf_counter()
    result = simulate(
        args.game, args.bots, args.games, seed=args.seed, workers=workers, bulk=args.bulk
    )
    wall = time.perf_counter() - started
    after = os.times()
    cpu = sum(after[i] - before[i] for i in range(4))  # user, system, children's user, system
    return wall, cpu, result.summary.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="beggar")
    parser.add_argument("--bots", default="first,random")
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--bulk", action="store_true", help="let the game's bulk path play (Beggar's kernel)"
    )
    args = parser.parse_args()

    best = {1: (float("inf"), float("inf")), args.workers: (float("inf"), float("inf"))}
    tables = set()
    load_before = os.getloadavg()
    # alternated, so that a burst of load from elsewhere does not land on one side only
    for _ in range(args.repeats):
        for workers in (1, args.workers):
            wall, cpu, table = timed(args, workers)
            best[workers] = (min(best[workers][0], wall), min(best[workers][1], cpu))
            tables.add(json.dumps(table, sort_keys=True))
    (wall_1, cpu_1), (wall_n, cpu_n) = best[1], best[args.workers]
    n = args.workers
    report = {
        "game": args.game,
        "bots": args.bots,
        "games": args.games,
        "path": "bulk" if args.bulk else "game runner",
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "seconds_1_worker": round(wall_1, 3),
        f"seconds_{n}_workers": round(wall_n, 3),
        "games_per_second_1": round(args.games / wall_1, 1),
        f"games_per_second_{n}": round(args.games / wall_n, 1),
        "speedup": round(wall_1 / wall_n, 3),
        "cpu_seconds_1_worker": round(cpu_1, 3),
        f"cpu_seconds_{n}_workers": round(cpu_n, 3),
        "pool_overhead": round(cpu_n / cpu_1 - 1, 3),
        "speedup_on_free_cores_estimate": round(n * cpu_1 / cpu_n, 3),
        "identical_tables": len(tables) == 1,
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
