"""The ask-and-draw searches' playouts a move: on the reference engine, and in the compiled
kernel (measured here, never asserted in tests).

For the 7 familles, Panoplies and Go Fish at 2 and 3 players, decisions are taken from seeded
games of `memory` bots (those where the search weighs at least two asks), and at each one the
`search` bot with a time budget decides twice, alternately with engine playouts
(`search:<budget>:4:<prior>:engine`) and kernel playouts (`search:<budget>`), on the same
decision and generator seed. Printed per table: the median playouts a move (every candidate's
together) of each path and their ratio (issue 30's target: 50x or more at 0.2 s).

`--games N` adds a sanity check of strength: `search:<rounds>` against `memory` at two players,
seats alternated, with kernel playouts and with engine playouts: the same number of rounds, one
playout a move each, so the same policy must win about as often (Wilson 95% intervals).

    python benchmarks/search_playouts.py
    python benchmarks/search_playouts.py --budget 0.2 --decisions 20 --games 300
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from parlour.bots.base import Decision, make_bot
from parlour.bots.search import SearchBot
from parlour.core.events import SeatFeed
from parlour.core.registry import get_game
from parlour.play.runner import decision_for, play_game
from parlour.sim.stats import wilson_interval

GAMES = ("familles", "panoplies", "gofish")
PRIORS = {"familles": "0.15", "panoplies": "0.3", "gofish": "0.15"}


def decisions(name: str, players: int, count: int, seed: int) -> list[Decision]:
    """`count` decisions of seeded games of memory bots, at which the search has a choice."""
    game = get_game(name)
    probe = make_bot(game, "search:1")
    assert isinstance(probe, SearchBot) and probe.candidates is not None
    out: list[Decision] = []
    game_seed = seed
    while len(out) < count:
        state = game.new_state(players, seed=game_seed)
        bots = [make_bot(game, "memory", random.Random(game_seed * 10 + s)) for s in range(players)]
        feeds = [SeatFeed(s) for s in range(players)]
        step = 0
        while not state.is_over and len(out) < count:
            seat = state.to_move
            assert seat is not None
            if step % 5 == 2:  # a few decisions a game, from the opening to the end
                decision = decision_for(state, seat, SeatFeed(seat))
                if len(probe.candidates(decision)) > 1:
                    out.append(decision)
            move = bots[seat].act(decision_for(state, seat, feeds[seat], worlds=False))
            state.apply(move, seat)
            step += 1
        game_seed += 1
    return out


def playouts_a_move(
    name: str, players: int, budget: str, count: int
) -> tuple[float, float, float, float]:
    """Median playouts a move on the engine and in the kernel, on the same decisions, and the
    median seconds a decision took on each path."""
    game = get_game(name)
    engine_spec = f"search:{budget}:4:{PRIORS[name]}:engine"
    kernel_spec = f"search:{budget}"
    make_bot(game, "search:2").act(decisions(name, players, 1, 99)[0])  # compile, warm up
    engine: list[int] = []
    kernel: list[int] = []
    seconds: dict[str, list[float]] = {engine_spec: [], kernel_spec: []}
    for index, decision in enumerate(decisions(name, players, count, 1000 + players)):
        for spec, out in ((engine_spec, engine), (kernel_spec, kernel)):
            bot = make_bot(game, spec, random.Random(index))
            assert isinstance(bot, SearchBot)
            start = time.perf_counter()
            bot.act(decision)
            seconds[spec].append(time.perf_counter() - start)
            out.append(bot.last_playouts)
    return (
        statistics.median(engine),
        statistics.median(kernel),
        statistics.median(seconds[engine_spec]),
        statistics.median(seconds[kernel_spec]),
    )


def strength(name: str, rounds: int, games: int) -> dict[str, tuple[float, float, float]]:
    """Win share of `search:<rounds>` (kernel, then engine playouts) against `memory` at two
    players, seats alternated: (share, low, high)."""
    game = get_game(name)
    out: dict[str, tuple[float, float, float]] = {}
    for label, spec in (
        ("kernel", f"search:{rounds}"),
        ("engine", f"search:{rounds}:4:{PRIORS[name]}:engine"),
    ):
        wins = 0.0
        for g in range(games):
            specs = [spec, "memory"] if g % 2 == 0 else ["memory", spec]
            bots = [make_bot(game, s) for s in specs]
            outcome = play_game(game, bots, seed=7_000_003 + g).outcome
            me = g % 2
            if outcome is not None and me in outcome.winners:
                wins += 1.0 / len(outcome.winners)
        low, high = wilson_interval(wins, games)
        out[label] = (wins / games, low, high)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", default="0.2", help="seconds a move (default 0.2)")
    parser.add_argument("--decisions", type=int, default=12, help="decisions per table")
    parser.add_argument("--games", type=int, default=0, help="strength check: games per path")
    parser.add_argument("--rounds", type=int, default=10, help="strength check: search rounds")
    parser.add_argument("--only", choices=GAMES, help="one game only")
    args = parser.parse_args(argv)
    if "." not in args.budget:
        print("the budget is in seconds and has a dot: 0.2", file=sys.stderr)
        return 2
    names = (args.only,) if args.only else GAMES
    print(f"search playouts a move, budget {args.budget} s (medians of {args.decisions} decisions)")
    print(
        f"{'game':<10} {'players':>7} {'engine':>8} {'kernel':>8} {'ratio':>7}"
        f" {'engine s':>9} {'kernel s':>9}"
    )
    ratios: list[float] = []
    for name in names:
        for players in (2, 3):
            engine, kernel, engine_s, kernel_s = playouts_a_move(
                name, players, args.budget, args.decisions
            )
            ratio = kernel / engine if engine else float("inf")
            ratios.append(ratio)
            print(
                f"{name:<10} {players:>7} {engine:>8.0f} {kernel:>8.0f} {ratio:>6.1f}x"
                f" {engine_s:>9.3f} {kernel_s:>9.3f}"
            )
    print(f"smallest ratio: {min(ratios):.1f}x")
    if args.games:
        print(f"\nsearch:{args.rounds} against memory, 2 players, {args.games} games a path")
        for name in names:
            start = time.perf_counter()
            results = strength(name, args.rounds, args.games)
            seconds = time.perf_counter() - start
            cells = "  ".join(
                f"{label} {share:.3f} [{low:.3f}, {high:.3f}]"
                for label, (share, low, high) in results.items()
            )
            print(f"{name:<10} {cells}  ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
