"""Flip 7: `expert` against `strong`, and each step of the difficulty ladder against the one below.

    python benchmarks/flip7_ladder.py --games 20000 --workers 2
    python benchmarks/flip7_ladder.py --games 2000 --only expert,strong

The tables: `expert` vs `strong` heads-up, `expert` with three `strong`, and the ladder's
steps `medium` vs `easy` and `hard` vs `medium` heads-up (`hard` is `strong`, so the last step,
`expert` vs `hard`, is the first table). Same method as
flip7_tournament.py (its `run_table`: each game from its own seed, seats rotated, ties
shared, Wilson 95% intervals); prints a Markdown table, and JSON with --out.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from flip7_tournament import markdown, run_table  # a sibling script

TABLES = [
    "expert,strong",
    "expert,strong,strong,strong",
    "medium,easy",
    "hard,medium",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--only", action="append", help="play only this table (repeatable)")
    parser.add_argument("--out", help="also save the results as JSON in this file")
    args = parser.parse_args()
    results = []
    for spec in args.only or TABLES:
        result = run_table(spec.split(","), args.games, args.workers, args.seed)
        results.append(result)
        print(f"{spec}: {result['games']} games in {result['seconds']:.0f} s", flush=True)
        if args.out:  # saved as it goes: a long run keeps what it has finished
            Path(args.out).write_text(json.dumps(results, indent=1), encoding="utf-8")
    print(markdown(results))


if __name__ == "__main__":
    main()
