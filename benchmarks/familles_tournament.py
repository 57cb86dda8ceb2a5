"""Tournaments of Jeu des 7 familles bots (measured here, never asserted in tests).

Seats are rotated game by game, ties are shared, and each bot's win share comes with a Wilson
95% interval. Uses parlour.play.runner, so the results match `parlour simulate familles`.

    python benchmarks/familles_tournament.py --bots memory,random --games 5000
    python benchmarks/familles_tournament.py --bots memory,random,random,random --games 5000
    python benchmarks/familles_tournament.py --bots search:0.05,memory --games 500 --workers 2

A bot may be an outside bot by its import path (`--bots mypkg.mybots:MyBot,memory`, the module
on PYTHONPATH), as in `parlour simulate`. A game that fails (a bot or the game raises) is named
with its seed on stderr; the figures are over every game that finished (`failed` lists the
failures in the JSON) and the script exits 1 after printing them (benchmarks/failures.py).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from failures import exit_if_failed, play_each, say_failures  # a sibling script
from flip7_tournament import check_tables

from parlour.bots.base import make_bot
from parlour.core.options import make_rules, parse_options
from parlour.core.registry import get_game
from parlour.play.runner import play_game


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (fractional successes, as shared ties give, are fine)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, g: int) -> int:
    return seed * 1_000_003 + g


def play_chunk(args: tuple[str, list[str], dict[str, Any], int, list[int]]) -> dict[str, Any]:
    """Play the games `indices`, up to the first that fails; game g seats bot i at seat
    (i + g) % n."""
    game_name, specs, rule_values, seed, indices = args
    game = get_game(game_name)
    rules = make_rules(game.rules_class, rule_values)
    n = len(specs)

    def play(g: int) -> Any:
        order = [specs[(seat - g) % n] for seat in range(n)]  # seat -> bot spec
        bots = [make_bot(game, spec, import_paths=True) for spec in order]
        return play_game(game, bots, seed=game_seed(seed, g), rules=rules)

    games, failed = play_each(indices, lambda g: game_seed(seed, g), play)
    part: dict[str, Any] = {"wins": [0.0] * n, "losses": [0] * n, "turns": 0, "draws": 0}
    part |= {"decided": 0, "played": len(games), "failed": failed}
    for g, played in zip(indices, games, strict=False):  # the games before a failure
        count_game(part, played, g % n, n)
    return part


def count_game(part: dict[str, Any], played: Any, shift: int, n: int) -> None:
    """Add one game to a chunk's sums (bot slots, not seats: slot i sat at (i + shift) % n)."""
    outcome = played.outcome
    part["turns"] += played.turns
    winners = outcome.winners
    if not winners:
        part["draws"] += 1
    for seat in winners:
        part["wins"][(seat - shift) % n] += 1 / len(winners)
    loser = outcome.detail.get("loser") if outcome.detail else None
    if loser is not None:
        part["decided"] += 1
        part["losses"][(loser - shift) % n] += 1


def run_tournament(
    game_name: str,
    specs: Sequence[str],
    games: int,
    rule_values: dict[str, Any] | None = None,
    seed: int = 1,
    workers: int = 1,
    chunk: int = 20,
) -> dict[str, Any]:
    specs = list(specs)
    n = len(specs)
    chunks = [
        (game_name, specs, rule_values or {}, seed, list(range(start, min(games, start + chunk))))
        for start in range(0, games, chunk)
    ]
    total: dict[str, Any] = {"wins": [0.0] * n, "losses": [0] * n, "failed": []}
    total |= {"turns": 0, "draws": 0, "decided": 0, "played": 0}
    started = time.perf_counter()
    pool = Pool(workers) if workers > 1 else None
    results = pool.imap_unordered(play_chunk, chunks) if pool else map(play_chunk, chunks)
    for part in results:
        add_part(total, part, n)
        print(f"\r{total['played']}/{games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if pool is not None:
        pool.close()
    return tournament_result(game_name, specs, total, time.perf_counter() - started, rule_values)


def add_part(total: dict[str, Any], part: dict[str, Any], n: int) -> None:
    for i in range(n):
        total["wins"][i] += part["wins"][i]
        total["losses"][i] += part["losses"][i]
    for key in ("turns", "draws", "decided", "played"):
        total[key] += part[key]
    if part["failed"]:
        total["failed"].append(part["failed"])


def tournament_result(
    game_name: str,
    specs: list[str],
    total: dict[str, Any],
    seconds: float,
    rule_values: dict[str, Any] | None,
) -> dict[str, Any]:
    """The figures over the games that finished (`games`), and the games that failed."""
    games = total["played"]
    wins, losses, decided = total["wins"], total["losses"], total["decided"]
    rows = []
    for i, spec in enumerate(specs):
        row = {
            "bot": spec,
            "seat_slot": i,
            "wins": wins[i],
            "win_share": wins[i] / max(1, games),
            "ci95": list(wilson(wins[i], games)),
        }
        if decided:
            row["losses"] = losses[i]
            row["loss_share"] = losses[i] / max(1, games)
            row["loss_ci95"] = list(wilson(losses[i], games))
        rows.append(row)
    return {
        "game": game_name,
        "games": games,
        "bots": rows,
        "draws": total["draws"],
        "decided": decided,
        "mean_turns": total["turns"] / max(1, games),
        "seconds": round(seconds, 1),
        "rules": rule_values or {},
        "failed": sorted(total["failed"], key=lambda f: f["game"]),
    }


def markdown(result: dict[str, Any]) -> str:
    head = "| bot | wins | win share | 95% interval |"
    rule = "|---|---|---|---|"
    if result["decided"]:
        head += " losses | loss share | 95% interval |"
        rule += "---|---|---|"
    lines = [head, rule]
    for row in result["bots"]:
        lo, hi = row["ci95"]
        line = f"| {row['bot']} | {row['wins']:.1f} | {row['win_share']:.3f} | {lo:.3f}-{hi:.3f} |"
        if result["decided"]:
            llo, lhi = row["loss_ci95"]
            line += f" {row['losses']} | {row['loss_share']:.3f} | {llo:.3f}-{lhi:.3f} |"
        lines.append(line)
    return "\n".join(lines)


def main(default_game: str = "familles") -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=default_game)
    parser.add_argument("--bots", required=True, help="comma-separated bot specs, one per seat")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rules", action="append", default=[], help="a rules option k=v")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=20)
    args = parser.parse_args()
    game = get_game(args.game)
    values = parse_options(game.rules_class, args.rules)
    check_tables(parser, args.game, [args.bots])
    result = run_tournament(
        args.game, args.bots.split(","), args.games, values, args.seed, args.workers, args.chunk
    )
    say_failures(args.bots, result["failed"])
    print(json.dumps(result))
    print(markdown(result))
    exit_if_failed(result["failed"])


if __name__ == "__main__":
    main()
