"""Flip 7 kernel against the reference engine, game for game, on many games.

    python benchmarks/flip7_agreement.py --games 1000000 --bots 23,20 --seed 1
    python benchmarks/flip7_agreement.py --games 200000 --bots counter,threshold:20 --workers 2
    python benchmarks/flip7_agreement.py --games 100000 --bots solver,counter --every 10

`--bots` are bot specs, one per seat (`threshold:T`, `counter`, `solver`; a bare number is a
threshold). Game i has the seed `simulate` would give it (master seed, index) and the bots seated
as `simulate` seats them. The kernel plays every game, in batches; the reference engine plays
every game too, or every `--every`-th one only (the counter and the solver are slow there; 0:
none, to time the kernel alone), in `--workers` processes, through the runner and the bots
of bots.py. `--seconds` stops starting batches after that many seconds. Prints the games played
by the kernel, the games compared, the differences (the first few in full) and each side's games
per CPU second (the engine's summed over its workers). Stop it with Ctrl-C (or a SIGTERM) at any
time: what was compared so far is reported.
"""

from __future__ import annotations

import argparse
import signal
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from parlour.games.flip7 import kernel
from parlour.games.flip7.bulk import bulk_thresholds
from parlour.games.flip7.rules import Flip7Rules
from parlour.sim.schedule import derive_seed, seating

Check = tuple[int, int, list[str], float]  # compared, differences, examples, engine CPU seconds


def reference_check(
    indices: Sequence[int],
    seeds: Sequence[int],
    tables: Sequence[Sequence[str]],
    totals: Sequence[Sequence[int]],
    turns: Sequence[int],
) -> Check:
    """The reference engine plays these games; how many differ from the kernel's results."""
    from parlour.bots.base import make_bot
    from parlour.core.game import Seat
    from parlour.core.registry import get_game
    from parlour.play.runner import play_bots

    game = get_game("flip7")
    started = time.process_time()
    differences = 0
    examples: list[str] = []
    for k, seed in enumerate(seeds):
        specs = tables[k]
        state = game.new_state([Seat(f"s{s}") for s in range(len(specs))], seed=seed)
        play_bots(state, [make_bot(game, spec) for spec in specs])
        got = (list(totals[k]), int(turns[k]))
        if (list(state.totals), state.turns) != got:
            differences += 1
            if len(examples) < 5:
                examples.append(
                    f"game {indices[k]} seed {seed} {list(specs)}: engine {state.totals} "
                    f"{state.turns} turns, kernel {got}"
                )
    return len(seeds), differences, examples, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--bots", default="23,20", help="bot specs (or thresholds), one per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=2000)
    parser.add_argument("--every", type=int, default=1, help="the engine checks every k-th game")
    parser.add_argument("--workers", type=int, default=1, help="processes for the engine")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # a kill reports like Ctrl-C
    specs = [f"threshold:{x}" if x.strip().isdigit() else x.strip() for x in args.bots.split(",")]
    codes = bulk_thresholds(Flip7Rules(), specs)
    if codes is None:
        raise SystemExit(f"the kernel does not play {specs}")
    n = len(specs)
    kernel.run([0], [codes])  # compile (or load the cache) outside the timings
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    pending: list[Future[Check]] = []
    played = compared = differences = 0
    examples: list[str] = []
    ref_cpu = kernel_cpu = 0.0
    wall = time.monotonic()

    def collect(check: Check) -> None:
        nonlocal compared, differences, ref_cpu
        compared += check[0]
        differences += check[1]
        examples.extend(check[2][: max(0, 5 - len(examples))])
        ref_cpu += check[3]

    try:
        for start in range(0, args.games, args.batch):
            if args.seconds is not None and time.monotonic() - wall > args.seconds:
                break
            indices = range(start, min(args.games, start + args.batch))
            seeds = [derive_seed(args.seed, i) for i in indices]
            order = [seating(i, n) for i in indices]
            t = time.process_time()
            totals, turns = kernel.run(seeds, [[codes[b] for b in seats] for seats in order])
            kernel_cpu += time.process_time() - t
            played += len(seeds)
            picked = [k for k, i in enumerate(indices) if args.every and i % args.every == 0]
            job = (
                [indices[k] for k in picked],
                [seeds[k] for k in picked],
                [[specs[b] for b in order[k]] for k in picked],
                [totals[k].tolist() for k in picked],
                [int(turns[k]) for k in picked],
            )
            if not picked:
                pass
            elif pool is None:
                collect(reference_check(*job))
            else:
                pending.append(pool.submit(reference_check, *job))
                while len(pending) > 2 * args.workers:  # keep the queue short
                    collect(pending.pop(0).result())
            if (start // args.batch) % 10 == 9:
                print(f"... {played:,} played, {compared:,} compared, {differences} differences",
                      flush=True)  # fmt: skip
        for future in pending:
            collect(future.result())
    except KeyboardInterrupt:
        print("interrupted")
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    for line in examples:
        print(line)
    print(f"{played:,} games played by the kernel, {compared:,} compared with the engine "
          f"({n} players, {','.join(specs)}, seed {args.seed}, every {args.every}): "
          f"{differences} differences")  # fmt: skip
    if played:
        print(f"kernel {played / max(kernel_cpu, 1e-9):,.0f} games per CPU second "
              f"({kernel_cpu:.1f} s)")  # fmt: skip
    if compared:
        print(f"engine {compared / max(ref_cpu, 1e-9):,.0f} games per CPU second "
              f"({ref_cpu:.1f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
