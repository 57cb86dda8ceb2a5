"""Flip 7 speed: random-play games per second and bot decisions per second (one core).

    python benchmarks/flip7_speed.py [--seconds 5]

Six measures (random play with 2 and 4 players, then four bots), each given `--seconds` of this
process's CPU time (time.process_time), so a run takes about 6 x SECONDS of CPU time plus a few
seconds of warm-up (more on the first run, which compiles the solver's kernels); a busy machine
stretches the wall time but not the figures. A bot's rate is its decisions per CPU second spent
inside its own `act`: the engine moves and views that build the positions between two
decisions take most of the budget and are not counted. Measured, never asserted; the figures go
to docs/flip7.md.
"""

from __future__ import annotations

import argparse
import random
import time

from parlour.bots.base import make_bot
from parlour.core.events import SeatFeed
from parlour.games.flip7.game import GAME
from parlour.play.runner import decision_for


def random_games(seconds: float, players: int) -> tuple[float, float]:
    """(games per second, moves per second) of uniformly random legal play, engine only."""
    rng = random.Random(1)
    games = moves = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = GAME.new_state(players, seed=games)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.process_time() - started
    return games / elapsed, moves / elapsed


def decisions(seconds: float, spec: str, players: int) -> float:
    """Decisions per CPU second inside one bot's `act`, on positions from games between copies
    of it. The budget bounds the whole measure (engine included): were it the bot's own time,
    a fast bot, whose decisions are a small share of a game's cost, would make the run last
    many times longer than asked."""
    bot = make_bot(GAME, spec)
    count = 0
    spent = 0.0
    seed = 0
    begun = time.process_time()
    while time.process_time() - begun < seconds or count == 0:
        state = GAME.new_state(players, seed=seed)
        feeds = [SeatFeed(s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            decision = decision_for(state, seat, feeds[seat])
            started = time.process_time()
            action = bot.act(decision)
            spent += time.process_time() - started
            count += 1
            state.apply(action, seat)
        seed += 1
    return count / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="CPU seconds for each of the six measures (a run takes about 6x this, plus "
        "warm-up); a bot's rate counts only the CPU time inside its act",
    )
    args = parser.parse_args()
    make_bot(GAME, "solver").act  # noqa: B018  (imports and compiles the kernels first)
    decisions(0.5, "solver", 2)
    decisions(0.2, "strong", 2)
    for players in (2, 4):
        games, moves = random_games(args.seconds, players)
        print(f"random play, {players} players: {games:.0f} games/s, {moves:.0f} moves/s")
    for spec in ("threshold:23", "counter", "solver", "strong"):
        rate = decisions(args.seconds, spec, 2)
        print(f"{spec}: {rate:.0f} decisions/s")


if __name__ == "__main__":
    main()
