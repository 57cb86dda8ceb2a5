"""Flip 7: `expert` against `strong`, and each step of the difficulty ladder against the one below.

    python benchmarks/flip7_ladder.py --games 20000 --workers 2
    python benchmarks/flip7_ladder.py --games 2000 --only expert,strong

The tables: `expert` vs `strong` heads-up, `expert` with three `strong`, and the ladder's
steps `medium` vs `easy`, `hard` vs `medium` and `expert` vs `hard` heads-up. Same method as
flip7_tournament.py (its `run_table`: each game from its own seed, seats rotated, ties
shared, Wilson 95% intervals); prints a Markdown table, and JSON with --out.

A game that fails is named with its seed on stderr; its table keeps (and `--out` saves) every
game that finished, the other tables play on, and the script exits 1 at the end
(benchmarks/failures.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from failures import exit_if_failed, say_failures  # sibling scripts
from flip7_tournament import add_chunk, check_tables, markdown, play_chunk, table_result

CHUNK = 200  # games a worker plays between two reports


def run_table(specs: list[str], games: int, workers: int, seed: int, out: Path | None) -> dict:
    """flip7_tournament.run_table, reporting as chunks finish: a long run that has to stop
    early, or meets a failing game, keeps (and `out` shows) every game played so far."""
    jobs = [(specs, s, min(games, s + CHUNK), seed) for s in range(0, games, CHUNK)]
    total: dict = {}
    started = time.perf_counter()
    result: dict = {}
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play_chunk, job) for job in jobs]
        for future in as_completed(futures):
            total = add_chunk(total, future.result())
            result = table_result(specs, total, time.perf_counter() - started)
            if out is not None:
                out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


TABLES = [
    "expert,strong",
    "expert,strong,strong,strong",
    "medium,easy",
    "hard,medium",
    "expert,hard",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--only", action="append", help="play only this table (repeatable)")
    parser.add_argument(
        "--out", help="save each table's results so far as JSON in OUT.<table>.json"
    )
    args = parser.parse_args()
    check_tables(parser, "flip7", args.only or TABLES)
    results = []
    for spec in args.only or TABLES:
        out = Path(f"{args.out}.{spec.replace(',', '-')}.json") if args.out else None
        result = run_table(spec.split(","), args.games, args.workers, args.seed, out)
        results.append(result)
        print(f"{spec}: {result['games']} games in {result['seconds']:.0f} s", flush=True)
        say_failures(spec, result["failed"])
    print(markdown(results))
    exit_if_failed([f for result in results for f in result["failed"]])


if __name__ == "__main__":
    main()
