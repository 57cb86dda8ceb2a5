"""The ask-and-draw experts and difficulty ladders: tournaments for the 7 familles, Panoplies and
Go Fish (measured here, never asserted in tests).

    python benchmarks/askdraw_ladder.py --game familles --games 5000 --out results/ladder
    python benchmarks/askdraw_ladder.py --game gofish --only expert,memory,memory,memory --games 500

For each game, its tables: each step of the ladder (`easy`, `medium`, `hard`, `expert`)
heads-up against the step below (`hard` is `memory`: `expert,hard` is the expert against
memory), and the expert against `search:10` in the 7 familles and against three `memory` in
Go Fish. Game g of a table is dealt from seed `seed * 1_000_003 + g`
and seats bot i at seat (i + g) % n, as `familles_tournament.py` does; wins of a tie are
shared. A bot of a table may also be an outside bot by its import path
(`--only mypkg.mybots:MyBot,expert`, the module on PYTHONPATH), as in `parlour simulate`.
Each bot's win share comes with a Wilson 95% interval; Panoplies, whose games may end with
nobody's outfit laid, is also given as the share of decided games. The ladder's OpenSkill
ratings (Plackett-Luce, mu and the conservative mu - 3 sigma) are computed from every game of
the ladder's tables, taken game 0 of each table, then game 1, and so on.

A long run keeps what it computed: with `--out PREFIX`, each table's results so far are written
to `PREFIX.<game>.<table>.json` after every chunk of games. A game that fails is named with its
seed on stderr; its table keeps every game that finished, the other tables play on, and the
script exits 1 once everything is printed and saved (benchmarks/failures.py).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from failures import exit_if_failed, play_each, say_failures  # sibling scripts
from familles_tournament import wilson
from flip7_tournament import check_tables

from parlour.bots.base import make_bot
from parlour.core.registry import get_game
from parlour.play.runner import play_game

LADDER = ("easy", "medium", "hard", "expert")
# Besides the ladder (whose `hard` is `memory` in every game: `expert,hard` is expert against
# memory heads-up).
EXTRA = {
    "familles": ["expert,search:10"],
    "panoplies": [],
    "gofish": ["expert,memory,memory,memory"],
}


def ladder_tables() -> list[str]:
    return [f"{upper},{lower}" for lower, upper in itertools.pairwise(LADDER)]


def game_seed(seed: int, g: int) -> int:
    return seed * 1_000_003 + g


def play_chunk(args: tuple[str, list[str], int, int, int]) -> dict[str, Any]:
    """Games `start` to `stop` of a table, up to the first that fails: per game, each bot
    slot's rank (0 = won, ties shared at 0; 1 = lost) and whether nobody won; and the failure
    (None when every game was played)."""
    game_name, specs, seed, start, stop = args
    game = get_game(game_name)
    n = len(specs)

    def play(g: int) -> list[int]:
        shift = g % n
        order = [specs[(seat - shift) % n] for seat in range(n)]  # seat -> bot spec
        bots = [make_bot(game, spec, import_paths=True) for spec in order]
        winners = set(play_game(game, bots, seed=game_seed(seed, g)).outcome.winners)
        if not winners:
            return [0] * n  # nobody won: a tie for all
        by_slot = [0] * n
        for seat in range(n):
            by_slot[(seat - shift) % n] = 0 if seat in winners else 1
        return by_slot

    ranks, failed = play_each(range(start, stop), lambda g: game_seed(seed, g), play)
    return {"ranks": ranks, "failed": failed}


def summarise(
    specs: Sequence[str], ranks: Sequence[Sequence[int]], seconds: float
) -> dict[str, Any]:
    n = len(specs)
    games = len(ranks)
    draws = sum(1 for r in ranks if all(x == 0 for x in r))
    rows = []
    for i, spec in enumerate(specs):
        wins = 0.0
        outright = 0
        for r in ranks:
            if r[i] == 0:
                tied = sum(1 for x in r if x == 0)
                wins += 1.0 / tied
                outright += tied < n
        decided = games - draws
        row = {
            "bot": spec,
            "wins": wins,
            "win_share": wins / games if games else 0.0,
            "ci95": list(wilson(wins, games)),
            "decided_wins": outright,
            "decided_share": outright / decided if decided else 0.0,
            "decided_ci95": list(wilson(outright, decided)),
        }
        rows.append(row)
    return {"bots": rows, "games": games, "draws": draws, "seconds": round(seconds, 1)}


def run_table(
    game: str, spec: str, games: int, seed: int, workers: int, chunk: int, out: Path | None
) -> tuple[dict[str, Any], list[list[int]]]:
    specs = spec.split(",")
    jobs = [(game, specs, seed, s, min(games, s + chunk)) for s in range(0, games, chunk)]
    by_start: dict[int, list[list[int]]] = {}
    failed: list[dict[str, Any]] = []
    started = time.perf_counter()
    pool = Pool(workers) if workers > 1 else None
    results = pool.imap(play_chunk, jobs) if pool else map(play_chunk, jobs)
    result: dict[str, Any] = {}
    for job, part in zip(jobs, results, strict=True):
        by_start[job[3]] = part["ranks"]
        if part["failed"]:
            failed.append(part["failed"])
        ranks = [r for s in sorted(by_start) for r in by_start[s]]
        result = {"game": game, "table": spec, "seed": seed, "failed": failed}
        result |= summarise(specs, ranks, time.perf_counter() - started)
        result["ranks"] = ranks  # per game, each bot slot's rank: the ratings' input
        if out is not None:
            out.write_text(json.dumps(result, indent=1), encoding="utf-8")
        print(f"\r{game} {spec}: {len(ranks)}/{games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if pool is not None:
        pool.close()
    return result, [r for s in sorted(by_start) for r in by_start[s]]


def ladder_ratings(tables: dict[str, list[list[int]]]) -> list[dict[str, Any]]:
    """OpenSkill (Plackett-Luce) ratings of the ladder's levels from its heads-up tables."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {level: model.rating(name=level) for level in LADDER}
    longest = max((len(r) for r in tables.values()), default=0)
    for index in range(longest):
        for spec, ranks in tables.items():
            if index < len(ranks):
                levels = spec.split(",")
                teams = [[current[level]] for level in levels]
                rated = model.rate(teams, ranks=list(ranks[index]))
                for level, team in zip(levels, rated, strict=True):
                    current[level] = team[0]
    return [
        {"level": lvl, "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
        for lvl, r in current.items()
    ]


def markdown(results: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| table | games | first bot's win share | 95% interval | of decided games | draws |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for r in results:
        first = r["bots"][0]  # the table's first bot is the one measured
        lo, hi = first["ci95"]
        lines.append(
            f"| {r['table']} | {r['games']} | {first['win_share']:.1%} | {lo:.1%}-{hi:.1%} "
            f"| {first['decided_share']:.1%} | {r['draws']} |"
        )
    return "\n".join(lines)


def print_ratings(ladder: dict[str, list[list[int]]]) -> None:
    print("| level | OpenSkill mu | sigma | mu - 3 sigma |\n|---|---:|---:|---:|")
    for row in ladder_ratings(ladder):
        level, mu, sigma, ordinal = row["level"], row["mu"], row["sigma"], row["ordinal"]
        print(f"| {level} | {mu:.2f} | {sigma:.2f} | {ordinal:.2f} |")
    print()


def report(prefix: str, games: Sequence[str]) -> None:
    """The tables saved by earlier runs (a run cut short included), and the ladder's ratings."""
    for game in games:
        results = []
        for path in sorted(Path(prefix).parent.glob(f"{Path(prefix).name}.{game}.*.json")):
            results.append(json.loads(path.read_text(encoding="utf-8")))
        if not results:
            continue
        print(f"## {game}\n\n{markdown(results)}\n")
        ladder = {r["table"]: r["ranks"] for r in results if r["table"] in ladder_tables()}
        if ladder:
            print_ratings(ladder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=list(EXTRA), help="repeatable; all three by default"
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--only", action="append", help="play only this table (repeatable)")
    parser.add_argument("--no-ladder", action="store_true", help="skip the ladder's tables")
    parser.add_argument("--out", help="save each table's results so far to OUT.<game>.<table>.json")
    parser.add_argument(
        "--report", action="store_true", help="play nothing: report the tables saved under --out"
    )
    args = parser.parse_args()
    if args.report:
        if not args.out:
            parser.error("--report reads the tables saved under --out")
        report(args.out, args.game or list(EXTRA))
        return
    for game in args.game or list(EXTRA):
        check_tables(parser, game, args.only or EXTRA[game] + ladder_tables())
    failed = []
    for game in args.game or list(EXTRA):
        failed += play_game_tables(game, args)
    exit_if_failed(failed)


def play_game_tables(game: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Play and report one game's tables; the games that failed (each named on stderr)."""
    tables = args.only or (EXTRA[game] + ([] if args.no_ladder else ladder_tables()))
    results = []
    ladder: dict[str, list[list[int]]] = {}
    for spec in tables:
        out = Path(f"{args.out}.{game}.{spec.replace(',', '-')}.json") if args.out else None
        result, ranks = run_table(game, spec, args.games, args.seed, args.workers, args.chunk, out)
        results.append(result)
        if spec in ladder_tables():
            ladder[spec] = ranks
        say_failures(f"{game} {spec}", result["failed"])
    print(f"## {game}\n\n{markdown(results)}\n")
    if ladder:
        print_ratings(ladder)
    return [f for result in results for f in result["failed"]]


if __name__ == "__main__":
    main()
