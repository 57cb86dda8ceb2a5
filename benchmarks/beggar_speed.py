"""Speed of the Beggar kernel: random two-player deals per second, shuffling included.

Each deal is made inside the kernel (deal `i` of a seed: 16 penalty cards placed by a SplitMix64
partial shuffle) and played to its end with the exact counting; nothing is reused between deals.

    python benchmarks/beggar_speed.py                  # 5,000,000 deals, 1 thread then every core
    python benchmarks/beggar_speed.py --deals 20000000 --repeat 5 --json speed.json

"Per core" is measured on one thread with the CPU time of that thread (`time.thread_time`), which
stays true on a machine shared with other work; the wall-clock rate is printed beside it. The
scaling rows run the same deals on 1..N threads (the kernel releases the GIL) and report the
wall-clock rate, which only means something on an otherwise idle machine, and the rate per CPU
second of the whole process, which stays flat if the threads do not slow each other down.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from parlour.games.beggar import kernel
from parlour.games.beggar.deals import random_deal
from parlour.games.beggar.fast import play_codes


def one_core(deals: int, seed: int) -> tuple[float, float, float]:
    """(deals per CPU second, deals per wall second, mean cards) on the calling thread."""
    cpu, wall = time.thread_time(), time.perf_counter()
    results = kernel.play_random(2, deals, seed, threads=1)
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    return deals / cpu, deals / wall, float(results.cards.mean())


def threaded(deals: int, seed: int, threads: int) -> tuple[float, float]:
    """(deals per wall second, deals per CPU second of the whole process) on `threads` threads."""
    cpu, wall = time.process_time(), time.perf_counter()
    kernel.play_random(2, deals, seed, threads=threads)
    return deals / (time.perf_counter() - wall), deals / (time.process_time() - cpu)


def python_rate(deals: int) -> float:
    cpu = time.process_time()
    for i in range(deals):
        play_codes(random_deal(2, 1, i))
    return deals / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5_000_000)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is kept")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    start = time.perf_counter()
    kernel.warm_up()
    print(f"kernel ready in {time.perf_counter() - start:.1f} s (compiled or loaded from cache)")
    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} logical CPUs"
    print(f"machine: {machine}; Python {platform.python_version()}")
    runs = [one_core(args.deals, args.seed + r) for r in range(args.repeat)]
    best_cpu = max(r[0] for r in runs)
    print(
        f"one core: {args.deals:,} random 2-player deals (mean {runs[0][2]:.1f} cards), "
        f"best of {args.repeat}: {best_cpu:,.0f} deals per CPU second "
        f"(runs: {', '.join(f'{r[0]:,.0f}' for r in runs)}; wall-clock "
        f"{', '.join(f'{r[1]:,.0f}' for r in runs)})"
    )
    scaling = {}
    per_cpu = {}
    for threads in range(1, (os.cpu_count() or 1) + 1):
        runs_n = [threaded(args.deals, args.seed, threads) for _ in range(args.repeat)]
        scaling[threads] = max(r[0] for r in runs_n)
        per_cpu[threads] = max(r[1] for r in runs_n)
        print(
            f"{threads} thread(s): {scaling[threads]:,.0f} deals/s wall-clock "
            f"({scaling[threads] / scaling[1]:.2f}x); {per_cpu[threads]:,.0f} deals per CPU "
            "second of the process (flat when threads do not slow each other)"
        )
    python = python_rate(20_000)
    print(f"pure-Python engine (fast.py): {python:,.0f} deals per CPU second")
    print(f"kernel / pure Python: {best_cpu / python:,.0f}x")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(
                {
                    "machine": machine,
                    "deals": args.deals,
                    "per_core_cpu": [r[0] for r in runs],
                    "per_core_wall": [r[1] for r in runs],
                    "scaling_wall": scaling,
                    "scaling_per_cpu_second": per_cpu,
                    "python_per_cpu_second": python,
                },
                handle,
                indent=2,
            )


if __name__ == "__main__":
    main()
