"""Flip 7 kernel against the reference engine, game for game, on many games.

    python benchmarks/flip7_agreement.py --games 1000000 --bots 23,20 --seed 1

Game i has the seed `simulate` would give it (master seed, index) and the thresholds seated
as `simulate` seats them; the reference engine plays it with `ThresholdBot`s through the core
runner, the kernel plays the same seeds in batches. Prints the games compared, the differences
(the first few in full) and each side's games per CPU second. Stop it with Ctrl-C at any time:
what was compared so far is reported.
"""

from __future__ import annotations

import argparse
import time

from parlour.bots.base import make_bot
from parlour.core.game import Seat
from parlour.core.registry import get_game
from parlour.core.runner import play_bots
from parlour.games.flip7 import kernel
from parlour.sim.schedule import derive_seed, seating


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--bots", default="23,20", help="thresholds, one per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=2000)
    args = parser.parse_args()
    thresholds = [int(x) for x in args.bots.split(",")]
    n = len(thresholds)
    game = get_game("flip7")
    kernel.run([0], [thresholds])  # compile (or load the cache) outside the timings
    compared = differences = 0
    ref_cpu = kernel_cpu = 0.0
    try:
        for start in range(0, args.games, args.batch):
            indices = range(start, min(args.games, start + args.batch))
            seeds = [derive_seed(args.seed, i) for i in indices]
            tables = [[thresholds[b] for b in seating(i, n)] for i in indices]
            t = time.process_time()
            totals, turns = kernel.run(seeds, tables)
            kernel_cpu += time.process_time() - t
            t = time.process_time()
            for k, seed in enumerate(seeds):
                state = game.new_state([Seat(f"s{s}") for s in range(n)], seed=seed)
                play_bots(state, [make_bot(game, f"threshold:{x}") for x in tables[k]])
                got = (totals[k].tolist(), int(turns[k]))
                if (list(state.totals), state.turns) != got:
                    differences += 1
                    if differences <= 5:
                        print(f"game {indices[k]} seed {seed}: engine {state.totals} "
                              f"{state.turns} turns, kernel {got}")  # fmt: skip
                compared += 1
            ref_cpu += time.process_time() - t
            if (start // args.batch) % 10 == 9:
                print(f"... {compared:,} games, {differences} differences", flush=True)
    except KeyboardInterrupt:
        print("interrupted")
    print(f"compared {compared:,} games ({n} players, thresholds {args.bots}, seed {args.seed}): "
          f"{differences} differences")  # fmt: skip
    if compared:
        print(f"engine {compared / max(ref_cpu, 1e-9):,.0f} games per CPU second, "
              f"kernel {compared / max(kernel_cpu, 1e-9):,.0f} games per CPU second")  # fmt: skip


if __name__ == "__main__":
    main()
