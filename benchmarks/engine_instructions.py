"""Instructions per game of the reference engines, counted by valgrind's callgrind.

    python benchmarks/engine_instructions.py                   # this tree
    python benchmarks/engine_instructions.py --base ../old/src # and another tree, with ratios

Rates per CPU second move with the machine's load (a shared 2-core machine gives 20-40% from
one run to the next); the number of instructions a game takes does not: callgrind counts the
same total for the same program and input, whatever else runs. So engine changes are compared
here, and the rates of `peers.py` say what the counts mean in games per second.

Each workload runs in a fresh interpreter under callgrind twice, with 0 and with N games; the
difference over N is the cost of one game (imports and set-up cancel out). Seeds are fixed and
PYTHONHASHSEED=0, so a second run prints the same figures. Needs valgrind on PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

WORKLOADS = {
    "flip7, 2 players, threshold:23 v threshold:20": """
from parlour.bots.base import make_bot
from parlour.core.game import Seat
from parlour.play.runner import play_bots
from parlour.games.flip7.game import GAME
seats = [Seat("a"), Seat("b")]
make_bot(GAME, "threshold")
for i in range(N):
    state = GAME.new_state(seats, seed=i)
    play_bots(state, [make_bot(GAME, "threshold:23"), make_bot(GAME, "threshold:20")])
""",
    **{
        f"familles, {n} players, random bots": f"""
import random
from parlour.bots.base import make_bot
from parlour.core.registry import get_game
from parlour.play.runner import play_bots
game = get_game("familles")
make_bot(game, "random")
for i in range(N):
    state = game.new_state({n}, seed=i)
    master = random.Random(i)
    play_bots(state, [make_bot(game, "random", random.Random(master.random())) for _ in range({n})])
"""
        for n in (3, 2)
    },
}


def instructions(source: Path, script: str, games: int) -> int:
    env = dict(os.environ, PYTHONPATH=str(source), PYTHONHASHSEED="0")
    # The interpreter itself, not a wrapper script that would start it (callgrind would count
    # the wrapper, or stop at its exec).
    python = os.path.realpath(sys.executable)
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c",
         script.replace("N", str(games))],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_game(source: Path, script: str, games: int) -> float:
    return (instructions(source, script, games) - instructions(source, script, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per workload (default 20)")
    parser.add_argument("--base", type=Path, help="another source tree (its src/) to compare")
    parser.add_argument("--only", default="", help="only the workloads whose name has this text")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind")
    here = Path(__file__).resolve().parent.parent / "src"
    for name, script in WORKLOADS.items():
        if args.only not in name:
            continue
        mine = per_game(here, script, args.games)
        line = f"{name:48s} {mine / 1e6:8.2f} M instructions a game"
        if args.base is not None:
            base = per_game(args.base.resolve(), script, args.games)
            line += f"   base {base / 1e6:8.2f} M   x{base / mine:5.2f} fewer"
        print(line, flush=True)


if __name__ == "__main__":
    main()
