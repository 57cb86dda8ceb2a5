"""Build the data of the Flip 7 `expert` bot: src/parlour/games/flip7/expert_data.npz.

    python benchmarks/flip7_expert_table.py --games 3000

Deterministic for given arguments (every game from its own seed). It plays `strong` against
itself at 2, 3 and 4 players and records, in the rounds that start far from the target (where
`strong` plays the plain round optimum, so the figures describe a round, not an endgame):

- `rounds[n, x]`: how often a player banked x points in a round (0 for a bust or a freeze on
  nothing), the round model of the game-value table;
- `busts[n, k, b]` and `gains[n, k, b, d]`: for a player still active with k numbers and points
  in bucket b (b = points // BUCKET) at any decision of the table, whether he went on to bust,
  else how many more points d he banked: what an active opponent is likely to bank.

Then it solves the game-value tables `values[n, a, b]` (`expert_values.game_values`). The
shipped file holds the counts, not probabilities, so smoothing can change without a rebuild.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from parlour.bots.base import Decision
from parlour.core.registry import get_game
from parlour.games.flip7.bots import StrongBot
from parlour.games.flip7.expert_values import (
    BUCKET,
    BUCKETS,
    DATA_PATH,
    MAX_ROUND,
    PLAYER_COUNTS,
    game_values,
)
from parlour.games.flip7.public import read_table
from parlour.play.runner import play_game

FAR = 150  # rounds whose leading total starts below this are "far from the target"


class RecordingStrong(StrongBot):
    """`strong`, noting the state of every active seat at each of its decisions."""

    def __init__(self, notes: list[tuple[int, int, int, int]]) -> None:
        super().__init__()
        self.notes = notes  # (round index, seat, numbers held, points)

    def act(self, decision: Decision) -> object:
        table = read_table(decision.view, decision.seat)
        index = sum(1 for e in decision.events if e.type == "round_end")
        for seat in table.active():
            self.notes.append((index, seat, len(table.numbers[seat]), table.points[seat]))
        return super().act(decision)


def collect(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    game = get_game("flip7")
    rounds = np.zeros(MAX_ROUND + 1, dtype=np.int64)
    busts = np.zeros((7, BUCKETS, 2), dtype=np.int64)  # [.., 0]: stayed in, [.., 1]: bust
    gains = np.zeros((7, BUCKETS, MAX_ROUND + 1), dtype=np.int64)
    for g in range(games):
        notes: list[tuple[int, int, int, int]] = []
        bots = [RecordingStrong(notes) for _ in range(players)]
        played = play_game(game, bots, seed=seed * 1_000_003 + g)
        ends = [e.data for e in played.state.log if e.type == "round_end"]
        before = [0] * players
        far = []
        for data in ends:
            far.append(max(before) < FAR)
            if far[-1]:
                for x in data["points"]:
                    rounds[min(x, MAX_ROUND)] += 1
            before = list(data["totals"])
        for index, seat, held, points in notes:
            if index >= len(ends) or not far[index]:
                continue
            final = ends[index]["points"][seat]
            cell = min(points // BUCKET, BUCKETS - 1)
            k = min(held, 6)
            # A 0 from nothing in front is no loss: counted as a gain of 0, which it is.
            if final == 0 and (points > 0 or held > 0):
                busts[k, cell, 1] += 1
            else:
                busts[k, cell, 0] += 1
                gains[k, cell, min(final - points, MAX_ROUND)] += 1
    return rounds, busts, gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per player count")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--out", default=str(DATA_PATH))
    args = parser.parse_args()
    n = len(PLAYER_COUNTS)
    rounds = np.zeros((n, MAX_ROUND + 1), dtype=np.int64)
    busts = np.zeros((n, 7, BUCKETS, 2), dtype=np.int64)
    gains = np.zeros((n, 7, BUCKETS, MAX_ROUND + 1), dtype=np.int64)
    for i, players in enumerate(PLAYER_COUNTS):
        started = time.perf_counter()
        rounds[i], busts[i], gains[i] = collect(players, args.games, args.seed + players)
        print(f"{players} players: {args.games} games in {time.perf_counter() - started:.0f} s")
    started = time.perf_counter()
    values = game_values(rounds)
    print(f"game values in {time.perf_counter() - started:.1f} s")
    np.savez_compressed(
        Path(args.out),
        rounds=rounds.astype(np.int32),
        busts=busts.astype(np.int32),
        gains=gains.astype(np.int32),
        values=values.astype(np.float32),
    )
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
