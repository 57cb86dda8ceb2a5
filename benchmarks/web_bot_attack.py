"""A bot attack on the web table: how long an ordinary table's bots wait while others think.

Six tables of `search:0.5` bots (each move thinks for the whole half second the caps allow) keep
the bot workers busy, and a seventh table of two quick Beggar bots plays 80 moves; the figure is
the 99th percentile and the median of the gaps between that table's moves (the server's bot delay
is 0.01 s, so a gap is mostly waiting). The bot pool keeps its last free worker for quick bots
(web/botpool.py): before it, the gaps' 99th percentile was 1.0 to 1.9 s on the 2-core development
machine. The tests check the pool's order of service move by move (tests/web/test_botpool.py);
this script measures what that order gives in seconds, which no test asserts.

Usage: python benchmarks/web_bot_attack.py [--hogs 6] [--moves 80] [--runs 1]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.conftest import Server, start_table

HOG = {"game": "familles", "seats": [{"kind": "bot", "bot": "search:0.5"}] * 3}
# A deal whose game lasts 301 moves, so that 80 moves are always there to measure; without the
# game's fixed pace (`speed`, 0.4 s a flip), the bots move after the server's 0.01 s.
QUICK = {
    "game": "beggar",
    "seats": [{"kind": "bot"}] * 2,
    "seed": 3,
    "rules": {"max_turns": 400, "speed": False},
}


def gaps_of_one_run(server: Server, hogs: int, moves: int) -> list[float]:
    hogged = [start_table(server, HOG) for _ in range(hogs)]
    table_id, _ = start_table(server, QUICK)
    arrivals: list[float] = []
    with connect(f"{server.ws_url}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        while len(arrivals) < moves:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "state" and not message["initial"]:
                arrivals.append(time.monotonic())
                if message["view"]["over"]:
                    break
    for hog_id, token in hogged:
        server.post(f"/api/tables/{hog_id}/close", {"token": token})
    return sorted(b - a for a, b in itertools.pairwise(arrivals))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hogs", type=int, default=6, help="tables of search:0.5 bots")
    parser.add_argument("--moves", type=int, default=80, help="moves of the quick table timed")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    if args.hogs < 0 or args.moves < 2 or args.runs < 1:
        parser.error("--hogs is at least 0, --moves at least 2 and --runs at least 1")
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{folder}/attack.db", bot_delay=0.01)
        server.start()
        try:
            for run in range(1, args.runs + 1):
                gaps = gaps_of_one_run(server, args.hogs, args.moves)
                p99 = gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))]
                print(json.dumps({"run": run, "hogs": args.hogs, "gaps": len(gaps),
                                  "p99_s": round(p99, 3),
                                  "median_s": round(statistics.median(gaps), 3)}))  # fmt: skip
        finally:
            server.stop()


if __name__ == "__main__":
    main()
