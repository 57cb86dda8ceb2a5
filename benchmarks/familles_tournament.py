"""Tournaments of Jeu des 7 familles bots (measured here, never asserted in tests).

Seats are rotated game by game, ties are shared, and each bot's win share comes with a Wilson
95% interval. Uses parlour.play.runner, so the results match `parlour simulate familles`.

    python benchmarks/familles_tournament.py --bots memory,random --games 5000
    python benchmarks/familles_tournament.py --bots memory,random,random,random --games 5000
    python benchmarks/familles_tournament.py --bots search:0.05,memory --games 500 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

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


def play_chunk(args: tuple[str, list[str], dict[str, Any], int, list[int]]) -> dict[str, Any]:
    """Play the games `indices`; game g seats bot i at seat (i + g) % n."""
    game_name, specs, rule_values, seed, indices = args
    game = get_game(game_name)
    rules = make_rules(game.rules_class, rule_values)
    n = len(specs)
    wins = [0.0] * n
    losses = [0] * n
    turns = 0
    draws = 0
    decided = 0
    for g in indices:
        shift = g % n
        order = [specs[(seat - shift) % n] for seat in range(n)]  # seat -> bot spec
        bots = [make_bot(game, spec) for spec in order]
        played = play_game(game, bots, seed=seed * 1_000_003 + g, rules=rules)
        outcome = played.outcome
        turns += played.turns
        winners = outcome.winners
        if not winners:
            draws += 1
        for seat in winners:
            wins[(seat - shift) % n] += 1 / len(winners)
        loser = outcome.detail.get("loser") if outcome.detail else None
        if loser is not None:
            decided += 1
            losses[(loser - shift) % n] += 1
    return {"wins": wins, "losses": losses, "turns": turns, "draws": draws, "decided": decided}


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
    wins = [0.0] * n
    losses = [0] * n
    turns = draws = decided = done = 0
    started = time.perf_counter()
    results: Any
    if workers > 1:
        pool = Pool(workers)
        results = pool.imap_unordered(play_chunk, chunks)
    else:
        pool = None
        results = map(play_chunk, chunks)
    for part in results:
        for i in range(n):
            wins[i] += part["wins"][i]
            losses[i] += part["losses"][i]
        turns += part["turns"]
        draws += part["draws"]
        decided += part["decided"]
        done = min(games, done + chunk)
        print(f"\r{done}/{games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if pool is not None:
        pool.close()
    seconds = time.perf_counter() - started
    rows = []
    for i, spec in enumerate(specs):
        row = {
            "bot": spec,
            "seat_slot": i,
            "wins": wins[i],
            "win_share": wins[i] / games,
            "ci95": list(wilson(wins[i], games)),
        }
        if decided:
            row["losses"] = losses[i]
            row["loss_share"] = losses[i] / games
            row["loss_ci95"] = list(wilson(losses[i], games))
        rows.append(row)
    return {
        "game": game_name,
        "games": games,
        "bots": rows,
        "draws": draws,
        "decided": decided,
        "mean_turns": turns / games,
        "seconds": round(seconds, 1),
        "rules": rule_values or {},
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
    result = run_tournament(
        args.game, args.bots.split(","), args.games, values, args.seed, args.workers, args.chunk
    )
    print(json.dumps(result))
    print(markdown(result))


if __name__ == "__main__":
    main()
