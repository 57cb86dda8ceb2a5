"""The ask-and-draw kernel (the 7 familles, Panoplies, Go Fish) against the reference engine,
game for game.

    python benchmarks/familles_agreement.py                     # 1,000,000 games, 3 players
    python benchmarks/familles_agreement.py --games 200000 --players 2,3,4,6 --workers 4
    python benchmarks/familles_agreement.py --seconds 1800 --rules family_replays=true
    python benchmarks/familles_agreement.py --games 50000 --bots memory,first,random
    python benchmarks/familles_agreement.py --game panoplies --players 3,2,4
    python benchmarks/familles_agreement.py --game panoplies --bots memory,random,first \
        --players 2,3,4 --games 21000 --workers 2 --rules games=3
    python benchmarks/familles_agreement.py --game gofish --bots memory,first,random --players 2,3,4

What it compares: every game is played twice, by the compiled kernel and by the reference engine
itself (`FamillesState`, `PanopliesState` or `GoFishState` through `play_bots`, the bots built
by `seeded_bots`: exactly the simulate worker's game), and their outcomes (winners, scores,
status) and asks must be equal. No sample, no second transcription: the reference engine plays
every game compared, which is what limits the speed (about 300 games per CPU second), so the
games are cut in chunks played by `--workers` processes. Game i has the seed `simulate` gives it
(`derive_seed(seed, i)`); the chunks take the player counts of `--players` in turn. `--bots`
(random, memory, first, for every game) are dealt round the seats, rotated by one seat each game
as `simulate` rotates them.

Prints progress after each chunk; a difference prints its seed and the two outcomes at once and
the run goes on. Stops after `--games`, after `--seconds` of wall time, or on Ctrl-C, and
reports what was compared so far (so does a SIGTERM, and a SIGINT where a background shell
set it to be ignored is taken back).
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
import time
from typing import Any

from parlour.core.options import make_rules, parse_options
from parlour.core.registry import get_game
from parlour.play.runner import play_bots
from parlour.sim.schedule import derive_seed
from parlour.sim.worker import seat_names, seeded_bots

# game, first game, stop, players, master seed, rules, bots
Task = tuple[str, int, int, int, int, tuple[str, ...], tuple[str, ...]]


def table(bots: tuple[str, ...], index: int, players: int) -> tuple[str, ...]:
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def compare_chunk(task: Task) -> tuple[int, int, int, list[str], float, float]:
    """(first game, players, games compared, differences, kernel CPU s, engine CPU s)."""
    name, start, stop, players, master, pairs, bots = task
    game = get_game(name)
    rules = make_rules(game.rules_class, parse_options(game.rules_class, pairs))
    seeds = [derive_seed(master, i) for i in range(start, stop)]
    tables = [table(bots, i, players) for i in range(start, stop)]
    t = time.process_time()
    got = game.bulk_play(rules, seeds, tables)  # type: ignore[attr-defined]
    kernel_cpu = time.process_time() - t
    if got is None:
        raise SystemExit(f"the kernel declined {players} players under {pairs}")
    t = time.process_time()
    differences = []
    for index, seed, specs, mine in zip(range(start, stop), seeds, tables, got, strict=True):
        state = game.new_state(seat_names(specs), seed=seed, rules=rules)
        play_bots(state, seeded_bots(game, specs, seed))
        outcome = state.outcome
        assert outcome is not None
        theirs = (outcome.winners, outcome.scores, state.turns, outcome.status)
        if theirs != mine:
            differences.append(f"game {index} {specs} seed {seed}: engine {theirs}, kernel {mine}")
    return start, players, stop - start, differences, kernel_cpu, time.process_time() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="familles", choices=("familles", "panoplies", "gofish"))
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", default="3", help="player counts, taken in turn by chunk")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None, help="stop after this wall time")
    parser.add_argument("--bots", default="random", help="random, memory, first: round the seats")
    parser.add_argument("--rules", action="append", default=[], help="key=value, repeatable")
    args = parser.parse_args()
    pairs = tuple(args.rules)
    bots = tuple(args.bots.split(","))
    game = get_game(args.game)
    parse_options(game.rules_class, pairs)  # a bad option fails now, not in a worker
    counts = [int(x) for x in args.players.split(",")]
    tasks: list[Task] = [
        (
            args.game,
            start,
            min(args.games, start + args.chunk),
            counts[k % len(counts)],
            args.seed,
            pairs,
            bots,
        )
        for k, start in enumerate(range(0, args.games, args.chunk))
    ]
    # compiled (or loaded from the cache) once, before the workers start
    game.bulk_play(game.rules_class(), [0], [("random",) * 2])  # type: ignore[attr-defined]
    compared = 0
    differences: list[str] = []
    by_players: dict[int, int] = {}
    kernel_cpu = engine_cpu = 0.0
    started = time.perf_counter()
    pool = multiprocessing.Pool(args.workers)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # after the fork: workers keep theirs
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for start, players, games, diffs, k_cpu, e_cpu in pool.imap_unordered(compare_chunk, tasks):
            compared += games
            by_players[players] = by_players.get(players, 0) + games
            kernel_cpu += k_cpu
            engine_cpu += e_cpu
            for line in diffs:
                print("DIFFERENCE", line, flush=True)
            differences.extend(diffs)
            wall = time.perf_counter() - started
            print(f"... {compared:,} games compared, {len(differences)} differences "
                  f"({wall:,.0f} s, chunk from game {start:,})", flush=True)  # fmt: skip
            if args.seconds is not None and wall >= args.seconds:
                print(f"stopping: {args.seconds:,.0f} s of wall time are spent")
                break
    except KeyboardInterrupt:
        print("interrupted")
    finally:
        pool.terminate()
    report(compared, differences, by_players, kernel_cpu, engine_cpu, pairs, bots)


def report(compared: int, differences: list[Any], by_players: dict[int, int],
           kernel_cpu: float, engine_cpu: float, pairs: tuple[str, ...],
           bots: tuple[str, ...]) -> None:  # fmt: skip
    rules = ", ".join(pairs) or "default rules"
    tables = ", ".join(f"{n} players: {g:,}" for n, g in sorted(by_players.items()))
    seats = ",".join(bots)
    print(f"\n{compared:,} games compared ({tables}; bots {seats}; {rules}), "
          f"{len(differences)} differences")  # fmt: skip
    if compared:
        print(f"kernel {compared / max(kernel_cpu, 1e-9):,.0f} games per CPU second, "
              f"reference engine {compared / max(engine_cpu, 1e-9):,.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
