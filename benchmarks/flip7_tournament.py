"""Flip 7 tournaments: a bot against `threshold:23` (or any field), seats rotated.

    python benchmarks/flip7_tournament.py --games 20000 --workers 2
    python benchmarks/flip7_tournament.py --table strong,threshold:23,threshold:23,threshold:23

Each game is played by parlour.play.runner.play_game from its own seed; seat k of game g is
the bot at position (k + g) mod n of the table, so every bot sits in every seat equally often.
A bot may also be an outside bot by its import path (`--table mypkg.mybots:MyBot,strong`, the
module on PYTHONPATH), as in `parlour simulate`. Wins are shared on a tie; the 95% interval
of a win share is Wilson's. Prints a Markdown table (and JSON with --json); `--out` is written
after each table.

A game that fails (a bot or the game raises) is named with its seed on stderr; the table keeps
every game that finished (its figures are over those games, `failed` lists the failures), the
other tables play on, and the script exits 1 once the results are printed and saved
(benchmarks/failures.py).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from failures import exit_if_failed, play_each, say_failures  # a sibling script

from parlour.bots.base import make_bot
from parlour.core.errors import ParlourError
from parlour.core.registry import get_game
from parlour.play.runner import play_game

DEFAULT_TABLES = [
    "strong,threshold:23",
    "counter,threshold:23",
    "solver,threshold:23",
    "strong,threshold:23,threshold:23,threshold:23",
]


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def check_tables(parser: argparse.ArgumentParser, game_name: str, tables: Sequence[str]) -> None:
    """Make every bot of the tables once, before any game: a misspelt name or an import path
    that does not load ends the run with one line and exit status 2, not a worker's traceback."""
    try:
        game = get_game(game_name)
        for table in tables:
            for spec in table.split(","):
                make_bot(game, spec, import_paths=True)
    except ParlourError as err:
        parser.error(str(err))


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_chunk(args: tuple[list[str], int, int, int]) -> dict[str, Any]:
    """Games start..stop of a table, up to the first that fails: wins and points per table
    position, turns and games played, and the failure (None when every game was played)."""
    specs, start, stop, seed = args
    game = get_game("flip7")
    n = len(specs)

    def play(index: int) -> tuple[list[int], Any]:
        rotation = index % n
        order = [(seat + rotation) % n for seat in range(n)]  # table position of each seat
        bots = [make_bot(game, specs[position], import_paths=True) for position in order]
        return order, play_game(game, bots, seed=game_seed(seed, index))

    games, failed = play_each(range(start, stop), lambda i: game_seed(seed, i), play)
    wins = [0.0] * n
    points = [0.0] * n
    for order, played in games:
        winners = played.outcome.winners
        for seat, position in enumerate(order):
            points[position] += played.outcome.scores[seat]
            if seat in winners:
                wins[position] += 1 / len(winners)
    turns = sum(played.turns for _, played in games)
    return {"wins": wins, "points": points, "turns": turns, "played": len(games), "failed": failed}


def add_chunk(total: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """The sums over the chunks received so far (`total` starts empty)."""
    if not total:
        return {**part, "failed": [part["failed"]] if part["failed"] else []}
    return {
        "wins": [a + b for a, b in zip(total["wins"], part["wins"], strict=True)],
        "points": [a + b for a, b in zip(total["points"], part["points"], strict=True)],
        "turns": total["turns"] + part["turns"],
        "played": total["played"] + part["played"],
        "failed": total["failed"] + ([part["failed"]] if part["failed"] else []),
    }


def table_result(specs: Sequence[str], total: dict[str, Any], seconds: float) -> dict:
    """A table's figures over the games that finished, and the games that failed."""
    result = summary(specs, total["wins"], total["points"], total["played"], seconds)
    result["failed"] = sorted(total["failed"], key=lambda f: f["game"])
    return result


def run_table(specs: Sequence[str], games: int, workers: int, seed: int) -> dict:
    chunk = max(50, games // (workers * 8))
    jobs = [(list(specs), s, min(games, s + chunk), seed) for s in range(0, games, chunk)]
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_chunk, jobs))
    else:
        results = [play_chunk(job) for job in jobs]
    total: dict[str, Any] = {}
    for part in results:
        total = add_chunk(total, part)
    result = table_result(specs, total, time.perf_counter() - started)
    return {**result, "mean_turns": total["turns"] / max(1, total["played"]), "workers": workers}


def summary(
    specs: Sequence[str], wins: list[float], points: list[float], games: int, seconds: float
) -> dict:
    """A table's figures: each distinct bot's win share with its Wilson interval, mean score."""
    # Identical bots at one table are pooled: their share is per bot, the sum of theirs / count.
    rows = []
    for spec in dict.fromkeys(specs):
        positions = [i for i, s in enumerate(specs) if s == spec]
        won = sum(wins[i] for i in positions) / len(positions)
        low, high = wilson(won, games)
        rows.append(
            {
                "bot": spec,
                "seats": len(positions),
                "wins": won,
                "win_share": won / max(1, games),  # no game: a table whose first failed
                "ci95": [low, high],
                "mean_score": sum(points[i] for i in positions) / len(positions) / max(1, games),
            }
        )
    return {
        "table": list(specs),
        "games": games,
        "fair_share": 1 / len(specs),
        "bots": rows,
        "seconds": seconds,
    }


def markdown(results: list[dict]) -> str:
    lines = [
        "| table | games | bot | win share | 95% interval | fair share | mean score |",
        "|---|---:|---|---:|---|---:|---:|",
    ]
    for result in results:
        label = " vs ".join(result["table"])
        for row in result["bots"]:
            low, high = row["ci95"]
            lines.append(
                f"| {label} | {result['games']} | {row['bot']} (x{row['seats']}) | "
                f"{row['win_share']:.2%} | {low:.2%} - {high:.2%} | "
                f"{result['fair_share']:.0%} | {row['mean_score']:.1f} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--table", action="append", help="comma-separated bots, one per seat (repeatable)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", help="also save the results as JSON in this file")
    args = parser.parse_args()
    tables = args.table or DEFAULT_TABLES
    check_tables(parser, "flip7", tables)
    results = []
    for spec in tables:
        result = run_table(spec.split(","), args.games, args.workers, args.seed)
        results.append(result)
        print(
            f"{spec}: {result['games']} games in {result['seconds']:.0f} s "
            f"({result['workers']} workers)",
            flush=True,
        )
        say_failures(spec, result["failed"])
        if args.out:  # after each table: a run stopped later keeps the tables it finished
            Path(args.out).write_text(json.dumps(results, indent=1), encoding="utf-8")
    print(json.dumps(results, indent=1) if args.json else markdown(results))
    exit_if_failed([f for result in results for f in result["failed"]])


if __name__ == "__main__":
    main()
