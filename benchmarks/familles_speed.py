"""Speed of the Jeu des 7 familles and Panoplies engines and bots (measured, never asserted).

    python benchmarks/familles_speed.py

Prints games per second for random and memory bots, determinize and search decisions per
second, on this machine.
"""

from __future__ import annotations

import random
import time
from typing import Any

from parlour.bots.base import make_bot
from parlour.core.registry import get_game
from parlour.play.runner import play_game


def games_per_second(game_name: str, specs: list[str], games: int) -> float:
    game = get_game(game_name)
    start = time.process_time()
    for seed in range(games):
        play_game(game, [make_bot(game, s) for s in specs], seed=seed)
    return games / (time.process_time() - start)


def determinize_per_second(game_name: str, samples: int) -> float:
    game = get_game(game_name)
    state = game.new_state(4, seed=1)
    rng = random.Random(1)
    for _ in range(40):  # some history, so the tracker has facts to respect
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move or 0
    start = time.process_time()
    for _ in range(samples):
        state.determinize(seat, rng)
    return samples / (time.process_time() - start)


def search_decision_seconds(game_name: str, spec: str, games: int) -> tuple[float, float]:
    """CPU seconds per search decision over whole games against memory: (all decisions,
    decisions actually searched, i.e. with more than one candidate)."""
    game = get_game(game_name)
    bot = make_bot(game, spec, random.Random(2))
    memory = make_bot(game, "memory", random.Random(3))
    calls: list[tuple[float, bool]] = []
    act = bot.act

    def timed(decision: Any) -> Any:
        start = time.process_time()
        move = act(decision)
        calls.append((time.process_time() - start, bool(getattr(bot, "last_stats", None))))
        bot.last_stats = []  # type: ignore[attr-defined]
        return move

    bot.act = timed  # type: ignore[method-assign]
    for seed in range(games):
        play_game(game, [bot, memory], seed=seed)
    searched = [t for t, deep in calls if deep]
    return sum(t for t, _ in calls) / len(calls), sum(searched) / max(1, len(searched))


def main() -> None:
    for name in ("familles", "panoplies"):
        for specs in (["random", "random"], ["memory", "random", "random", "random"]):
            rate = games_per_second(name, specs, 200)
            print(f"{name} {','.join(specs)}: {rate:.0f} games/s (CPU)")
        print(f"{name} determinize: {determinize_per_second(name, 500):.0f} per s (CPU)")
        for spec in ("search:10", "search:0.2"):
            every, searched = search_decision_seconds(name, spec, 3)
            print(
                f"{name} {spec}: {every * 1000:.0f} ms CPU per decision, "
                f"{searched * 1000:.0f} ms per searched decision"
            )


if __name__ == "__main__":
    main()
