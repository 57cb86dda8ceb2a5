"""How long the experts think a move, against the web table's cap.

    python benchmarks/askdraw_expert_time.py --games 20
    python benchmarks/askdraw_expert_time.py --game flip7 --games 200
    python benchmarks/askdraw_expert_time.py --game flip7 --players 10 --players 18 --cpu

Plays `expert` against `memory` (2 and 4 players) in the 7 familles, Panoplies and Go Fish, and
against `strong` in Flip 7, and times every expert move (wall clock, `time.perf_counter`): the
median, the 99th percentile and the slowest, of all moves and of the searched ones (the
ask-and-draw experts' moves that played out candidates), beside `web.botpool.MAX_BOT_SECONDS`.
`--cpu` times the process's CPU instead, which a loaded machine does not inflate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from parlour.bots.base import Bot, Decision, make_bot
from parlour.core.registry import get_game
from parlour.play.runner import play_game
from parlour.web.botpool import MAX_BOT_SECONDS

CLOCK = time.perf_counter  # `--cpu`: time.process_time, this process's CPU time


class Timed(Bot):
    """A bot that times another's moves."""

    def __init__(self, inner: Bot, times: list[tuple[float, bool]]) -> None:
        super().__init__(inner.rng)
        self.inner = inner
        self.times = times
        self.searches = inner.searches  # type: ignore[misc]
        self.reads_table = inner.reads_table  # type: ignore[misc]

    def act(self, decision: Decision) -> Any:
        start = CLOCK()
        move = self.inner.act(decision)
        searched = bool(getattr(self.inner, "last_playouts", 0))
        self.times.append((CLOCK() - start, searched))
        return move


OPPONENT = {"familles": "memory", "panoplies": "memory", "gofish": "memory", "flip7": "strong"}


def measure(game_name: str, players: int, games: int, spec: str) -> dict[str, Any]:
    game = get_game(game_name)
    other = OPPONENT[game_name]
    # One game untimed first: the kernel's first call loads (or compiles) its code.
    play_game(game, [make_bot(game, spec)] + [make_bot(game, other)] * (players - 1), seed=10**9)
    times: list[tuple[float, bool]] = []
    for g in range(games):
        expert = Timed(make_bot(game, spec, random.Random(g)), times)
        bots: list[Bot] = [expert] + [
            make_bot(game, other, random.Random(1000 + g * 7 + s)) for s in range(1, players)
        ]
        shift = g % players
        play_game(game, bots[-shift:] + bots[:-shift] if shift else bots, seed=g)
    every = sorted(t for t, _ in times)
    searched = sorted(t for t, s in times if s) or [0.0]
    return {
        "game": game_name,
        "players": players,
        "moves": len(every),
        "searched": len(searched),
        "median_ms": statistics.median(every) * 1000,
        "searched_median_ms": statistics.median(searched) * 1000,
        "p99_ms": every[min(len(every) - 1, int(0.99 * len(every)))] * 1000,
        "max_ms": every[-1] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--game", action="append", choices=sorted(OPPONENT), help="repeatable")
    parser.add_argument(
        "--cpu", action="store_true", help="CPU time (unaffected by the machine's other jobs)"
    )
    parser.add_argument(
        "--players",
        type=int,
        action="append",
        help="table sizes, repeatable (default 2 and 4; Flip 7 seats up to 18, Go Fish 10)",
    )
    args = parser.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    print(f"web table cap: {MAX_BOT_SECONDS * 1000:.0f} ms a move\n")
    print(
        "| game | players | expert moves | searched | median | searched median | 99th "
        "percentile | slowest |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.game or ["familles", "panoplies", "gofish"]:
        for players in args.players or (2, 4):
            r = measure(name, players, args.games, args.bot)
            print(
                f"| {name} | {players} | {r['moves']} | {r['searched']} | {r['median_ms']:.1f} ms "
                f"| {r['searched_median_ms']:.1f} ms | {r['p99_ms']:.1f} ms "
                f"| {r['max_ms']:.1f} ms |",
                flush=True,
            )


if __name__ == "__main__":
    main()
