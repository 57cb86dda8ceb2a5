"""Load benchmark of the web table: concurrent tables of bots and scripted WebSocket players.

Each table seats one scripted player (a WebSocket client that thinks for `--think` seconds and
then plays a random legal move, and starts another game when one ends) and two server bots
(playing every `--bot-delay` seconds), plus one spectator. The move latency is the time from
sending a move to receiving its acknowledgement, which the server sends only once the move is
checked, applied, stored in the database and broadcast. The number of tables grows level by
level until the 99th percentile of the latency passes the budget (100 ms) or the tables' pace
(their moves a second, against the first and lightest level's) falls below 90%: a server that
keeps its latency by slowing every bot down is saturated too. Each level reports the server's
CPU milliseconds per move: every server process, and with `--db cluster` every process of the
PostgreSQL cluster (its backends included), read from /proc.

Usage: python benchmarks/web_load.py [--levels 10,20,40,80] [--seconds 20] [--game flip7]
                                    [--db sqlite,cluster|postgresql://...] [--processes N,...]
`--db cluster` starts a throwaway PostgreSQL cluster (Debian's binaries); `--processes 2` runs
`parlour serve --workers 2` on it, so a table's player and spectator may well be served by
different processes (each move then crosses the database and its notifications). A comma list
of databases measures each, level by level in turn (each level of each before the next level,
so that other work on the machine weighs on all alike); `--processes` may be a list as long,
one count for each (`--db sqlite,cluster,cluster --processes 1,1,2`: SQLite, PostgreSQL with
one process and PostgreSQL with two, in one run). Stopped by Ctrl-C or SIGTERM, it stops the
servers and removes the clusters before it exits.
The server and the clients share the machine, so the figure is a floor for the server alone.
Before the first level, `--warmup` seconds of it run unmeasured (imports, the pool's
connections); `--tries 2` measures a failed level once more before it counts, for a machine
shared with other work, where one passing spike fails a level's 99th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import faulthandler
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.conftest import Server


async def player(server: Server, table_id: str, token: str, think: float, stop: float,
                 latencies: list[float], rng: random.Random) -> None:  # fmt: skip
    async with websockets.connect(f"{server.ws_url}/ws/{table_id}", max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await ws.send(json.dumps({"type": "start", "token": token}))
        sent_at: float | None = None
        acted_step = -1
        while time.monotonic() < stop:
            try:
                message = json.loads(await received(ws, stop))
            except TimeoutError:
                return
            if message["type"] == "ok" and sent_at is not None:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if message["type"] != "state" or message["view"] is None:
                continue
            if message["view"]["over"]:
                await asyncio.sleep(think)
                await ws.send(json.dumps({"type": "again", "token": token}))
                acted_step = -1
                continue
            if message["legal"] and message["step"] > acted_step and sent_at is None:
                acted_step = message["step"]
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_at = time.monotonic()
                move = rng.choice(message["legal"])
                await ws.send(json.dumps({"type": "act", "action": move, "id": acted_step}))


async def received(ws: Any, stop: float) -> Any:
    """The next message, or TimeoutError at `stop` (the monotonic clock). Not `wait_for`: on
    Python 3.11 it may swallow a cancellation that comes as the message does, and a run stopped
    by SIGTERM then kept its players going to the end of the level (a test saw a run outlive
    its SIGTERM by minutes)."""
    async with asyncio.timeout(stop - time.monotonic()):
        return await ws.recv()


async def spectator(server: Server, table_id: str, stop: float, seen: list[int]) -> None:
    async with websockets.connect(f"{server.ws_url}/ws/{table_id}", max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while time.monotonic() < stop:
            try:
                raw = await received(ws, stop)
            except TimeoutError:
                return
            if json.loads(raw)["type"] == "state":
                seen[0] += 1  # every move of every seat, bots included


async def run_level(server: Server, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "P"}, {"kind": "bot"}, {"kind": "bot"}]
    made = []
    async with httpx.AsyncClient(base_url=server.url) as client:
        for _ in range(tables):
            body = {"game": args.game, "seats": seats, "sit": 0}
            response = await client.post("/api/tables", json=body)
            made.append(response.json())
    latencies: list[float] = []
    seen = [0]
    stop = time.monotonic() + args.seconds
    rng = random.Random(tables)
    tasks = []
    for table in made:
        tasks.append(player(server, table["id"], table["token"], args.think, stop, latencies, rng))
        tasks.append(spectator(server, table["id"], stop, seen))
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies.sort()
    if not latencies:
        return {"tables": tables, "moves": 0}
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    return {
        "tables": tables,
        "moves": len(latencies),
        "player_moves_per_s": round(len(latencies) / args.seconds, 1),
        "all_moves_per_s": round(seen[0] / args.seconds, 1),
        "median_ms": round(1000 * statistics.median(latencies), 1),
        "p99_ms": round(1000 * p99, 1),
    }


class Stopped:
    """SIGTERM as an exception, so that the server and the cluster are always cleaned up.

    Python's default for SIGTERM ends the process at once, `finally` clauses unrun: a stopped
    run would leave its PostgreSQL cluster running and its folder behind. While the cluster is
    being made (`held`), the signal waits until it is known to the clean-up.
    """

    def __init__(self) -> None:
        self.held = False
        self.pending: int | None = None
        signal.signal(signal.SIGTERM, self._handle)

    def _handle(self, signum: int, frame: Any) -> None:
        if self.held:
            self.pending = signum
            return
        raise SystemExit(128 + signum)

    def release(self) -> None:
        self.held = False
        if self.pending is not None:
            raise SystemExit(128 + self.pending)


def _stat(pid: int) -> tuple[int, float] | None:
    """A process's parent and its CPU seconds (its own and its reaped children's), from
    /proc/<pid>/stat; None once it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()  # the name, in brackets, may hold spaces
    ticks = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return int(fields[1]), ticks / os.sysconf("SC_CLK_TCK")


def tree_cpu(roots: list[int]) -> float:
    """CPU seconds of the processes under `roots` (themselves included): the server's processes,
    and PostgreSQL's postmaster with its backends. A backend that ended was reaped by its
    parent, whose children's time includes it, so nothing is lost or counted twice."""
    stats = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            stats[int(entry)] = stat
    total, wanted = 0.0, set(roots)
    for pid in sorted(stats):  # parents come first but for wrapped pids: walk up instead
        node: int | None = pid
        while node is not None and node not in wanted and node in stats and node > 1:
            node = stats[node][0]
        if node in wanted:
            total += stats[pid][1]
    return total


def server_roots(server: Server, cluster: Any) -> list[int]:
    roots = [server.process.pid] if server.process is not None else []
    if cluster is not None:  # the postmaster's pid is the first line of its pid file
        roots.append(int((cluster.data / "postmaster.pid").read_text().split()[0]))
    return roots


class Target:
    """One database and number of server processes under test: its server (and cluster), the
    nominal pace, the levels measured and the most tables it held."""

    def __init__(self, db: str, processes: int, args: argparse.Namespace) -> None:
        self.db, self.processes, self.args = db, processes, args
        self.cluster: Any = None
        self.server: Server | None = None
        self.best, self.nominal = 0, 0.0
        self.levels: list[dict[str, Any]] = []
        self.failed = False

    def start(self, stopped: Stopped) -> None:
        if self.db == "sqlite":
            db_url = f"sqlite:///{tempfile.mkdtemp()}/load.db"
        elif self.db == "cluster":
            from tests.web.pg import Cluster

            stopped.held = True
            try:
                self.cluster = Cluster()
            finally:
                stopped.release()
            db_url = self.cluster.new_database()
        else:
            db_url = self.db
        self.server = Server(db_url, bot_delay=self.args.bot_delay, rate=100,
                             workers=self.processes)  # fmt: skip
        self.server.start()
        shown = f"cluster in {self.cluster.folder}" if self.cluster is not None else self.db
        print(
            f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}, "
            f"database: {shown}, processes: {self.processes}",
            flush=True,
        )

    def warm_up(self, tables: int) -> None:
        """Unmeasured: the server's first tables import the game and its bots, and open the
        pool's connections; the first level, which sets the nominal pace, should not pay."""
        assert self.server is not None
        warm = argparse.Namespace(**{**vars(self.args), "seconds": self.args.warmup})
        asyncio.run(run_level(self.server, tables, warm))

    def level(self, tables: int) -> None:
        """One level, measured up to `--tries` times until it holds; a level that does not
        ends this target's run."""
        assert self.server is not None
        args = self.args
        for attempt in range(1, args.tries + 1):
            roots = server_roots(self.server, self.cluster)
            load = os.getloadavg()[0]
            before = tree_cpu(roots)
            result = asyncio.run(run_level(self.server, tables, args))
            cpu = tree_cpu(roots) - before
            per_table = result.get("all_moves_per_s", 0) / tables
            # The first, lightest level sets the nominal pace: each table's moves a second
            # when nothing waits for the server.
            self.nominal = self.nominal or per_table
            moves = result.get("all_moves_per_s", 0) * args.seconds
            result.update(
                db=self.db,
                processes=self.processes,
                pace=round(per_table / self.nominal, 2) if self.nominal else 0,
                cpu_ms_per_move=round(1000 * cpu / moves, 2) if moves else None,
                server_cpu_share=round(cpu / args.seconds, 2),
                load=round(load, 1),
                attempt=attempt,
            )
            print(json.dumps(result), flush=True)
            self.levels.append(result)
            if result.get("p99_ms", 1e9) <= args.budget_ms and result["pace"] >= 0.9:
                self.best = tables
                return
        self.failed = True
        self.stop()  # its server would only take CPU from the others' next levels

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
        if self.cluster is not None:
            self.cluster.remove()
            self.cluster = None


def measure(targets: list[Target], args: argparse.Namespace, stopped: Stopped) -> None:
    """Level by level, every target in turn at each level (so that the machine's other work
    weighs on each alike), until each has failed a level: p99 over the budget or the pace
    below 90%."""
    sizes = [int(x) for x in args.levels.split(",")]
    try:
        for target in targets:
            target.start(stopped)
        if args.warmup > 0:
            for target in targets:
                target.warm_up(sizes[0])
        for tables in sizes:
            for target in targets:
                if not target.failed:
                    target.level(tables)
            if all(target.failed for target in targets):
                break
    finally:
        for target in targets:
            target.stop()


def main() -> None:
    faulthandler.register(signal.SIGUSR1)  # a run that hangs shows where, on stderr
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="10,20,40,80,120,160")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--think", type=float, default=0.5, help="scripted player's thinking")
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--game", default="flip7")
    parser.add_argument("--budget-ms", type=float, default=100)
    parser.add_argument(
        "--warmup", type=float, default=5, help="seconds of the first level, unmeasured, first"
    )
    parser.add_argument(
        "--tries",
        type=int,
        default=1,
        help="times a level is measured before it counts as failed (a shared machine's "
        "passing spike can fail one)",
    )
    parser.add_argument(
        "--db", default="sqlite", help="sqlite, cluster or a database URL; a comma list runs each"
    )
    parser.add_argument(
        "--processes", default="1", help="server processes; a comma list: one count per --db"
    )
    args = parser.parse_args()
    dbs = args.db.split(",")
    counts = [int(n) for n in args.processes.split(",")]
    if len(counts) == 1:
        counts *= len(dbs)
    if len(counts) != len(dbs):
        parser.error("--processes is one count, or one per database of --db")
    stopped = Stopped()
    targets = [Target(db, n, args) for db, n in zip(dbs, counts, strict=True)]
    measure(targets, args, stopped)
    for target in targets:
        print(json.dumps({"game": args.game, "processes": target.processes, "db": target.db,
                          "max_tables_under_budget": target.best}))  # fmt: skip


if __name__ == "__main__":
    main()
