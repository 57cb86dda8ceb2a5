"""Long agreement check: the compiled Beggar kernel against the pure-Python engine.

Plays random deals with the kernel and replays every one of them with `fast.play_codes` (the
lean twin of the reference engine, which the default test suite compares with `BeggarState`),
then checks the record deals with the reference engine itself. Any difference is printed and
the script exits with status 1.

    python benchmarks/beggar_agreement.py                 # 10,000,000 two-player deals and
                                                          # 100,000 for each of 3 to 6 players
    python benchmarks/beggar_agreement.py --two 100000 --many 10000 --workers 2
    python benchmarks/beggar_agreement.py --replay-with pypy3   # the Python side under PyPy

With `--replay-with`, the pure-Python engine runs in that interpreter (the same `fast.py`, about
2.5 times faster under PyPy), through `beggar_replay.py`; an interpreter that is absent or
cannot replay is reported in one line, before any deal is played, with exit status 2.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from parlour.games.beggar import kernel
from parlour.games.beggar.fast import play_codes

CHUNK = 50_000
REPLAY = Path(__file__).with_name("beggar_replay.py")


def check_chunk(job: tuple[int, int, int, int, bool, int, bool]) -> tuple[int, list[str]]:
    players, seed, first, count, next_pays, jokers, beggar_joker = job
    results = kernel.play_random(
        players, count, seed, first, jokers=jokers, beggar_joker=beggar_joker, next_pays=next_pays
    )
    problems = []
    for i in range(count):
        hands = kernel.random_deal(players, seed, first + i, jokers, beggar_joker)
        expected = play_codes(hands, next_pays)
        if tuple(expected) != results.row(i):
            problems.append(f"{job} deal {first + i}: kernel {results.row(i)}, python {expected}")
    return count, problems


class ReplayFailed(Exception):
    """The other interpreter could not replay deals; the message says why, in one line."""


def replay(interpreter: str, args: list[int]) -> str:
    """`beggar_replay.py` run by `interpreter`: its standard output."""
    src = str(Path(kernel.__file__).resolve().parents[3])
    try:
        done = subprocess.run(
            [interpreter, str(REPLAY), *map(str, args)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": src},
        )
    except OSError as err:  # absent or not executable: PyPy is seldom installed
        raise ReplayFailed(
            f"cannot run {interpreter!r} ({err.strerror}); install it or give its path"
        ) from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no error output"])[-1]
        raise ReplayFailed(f"{interpreter} failed with status {done.returncode}: {last}")
    return done.stdout


def check_chunk_with(
    interpreter: str, job: tuple[int, int, int, int, bool, int, bool]
) -> tuple[int, list[str]]:
    """Like `check_chunk`, the Python side run by another interpreter (e.g. pypy3)."""
    players, seed, first, count, next_pays, jokers, beggar_joker = job
    results = kernel.play_random(
        players, count, seed, first, jokers=jokers, beggar_joker=beggar_joker, next_pays=next_pays
    )
    args = [players, seed, first, count, int(next_pays), jokers, int(beggar_joker)]
    lines = replay(interpreter, args).split()
    if len(lines) != 4 * count:
        return count, [f"{job}: the replay gave {len(lines) // 4} results for {count} deals"]
    problems = []
    for i in range(count):
        expected = tuple(int(v) for v in lines[4 * i : 4 * i + 4])
        if expected != results.row(i):
            problems.append(f"{job} deal {first + i}: kernel {results.row(i)}, python {expected}")
    return count, problems


def jobs(players: int, count: int, seed: int) -> list[tuple[int, int, int, int, bool, int, bool]]:
    variants = [(False, 0, False)]
    if players > 2:  # the conventions only differ with three players or more
        variants.append((True, 0, False))
    out = []
    per_variant = count // len(variants)
    for next_pays, jokers, beggar_joker in variants:
        for first in range(0, per_variant, CHUNK):
            size = min(CHUNK, per_variant - first)
            out.append((players, seed, first, size, next_pays, jokers, beggar_joker))
    return out


def check_records() -> list[str]:
    from parlour.games.beggar.records import RECORDS, check_record

    problems = []
    for record in RECORDS:
        check = check_record(record)
        if not check.ok:
            problems.append(f"record {record.name}: {check}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--two", type=int, default=10_000_000, help="two-player deals")
    parser.add_argument("--many", type=int, default=100_000, help="deals for each of 3..6")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--replay-with", help="interpreter for the Python side, e.g. pypy3")
    args = parser.parse_args()
    try:
        return run(args)
    except ReplayFailed as err:
        print(f"beggar_agreement.py: --replay-with: {err}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace) -> int:
    if args.replay_with:
        replay(args.replay_with, [2, args.seed, 0, 1, 0, 0, 0])  # one deal: fail before the work
    kernel.warm_up()
    work = jobs(2, args.two, args.seed)
    for players in range(3, 7):
        work += jobs(players, args.many, args.seed)
    start = time.perf_counter()
    done = 0
    problems: list[str] = []
    if args.replay_with:
        pool: ProcessPoolExecutor | ThreadPoolExecutor = ThreadPoolExecutor(args.workers)
        check = lambda job: check_chunk_with(args.replay_with, job)  # noqa: E731
    else:
        pool = ProcessPoolExecutor(args.workers)
        check = check_chunk
    with pool:
        for count, found in pool.map(check, work):
            done += count
            problems += found
            print(f"\r{done:,} deals compared, {len(problems)} differences", end="", flush=True)
    print()
    problems += check_records()
    elapsed = time.perf_counter() - start
    for line in problems[:50]:
        print(line)
    print(
        f"{done:,} random deals ({args.two:,} two-player, {args.many:,} for each of 3-6 players)"
        f" and the record deals: {len(problems)} differences, {elapsed:.0f} s"
        + (f" (Python side under {args.replay_with})" if args.replay_with else "")
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
