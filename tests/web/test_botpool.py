"""The bot pool's order of service, move by move: thinking bots never take the last free
worker, and a waiting move goes to the table that used the least bot time lately. What that
order gives in seconds under a bot attack is measured by benchmarks/web_bot_attack.py, not
asserted here."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from parlour.web.botpool import BotPool

LIVENESS = 30.0  # seconds: only a hung pool takes that long


@pytest.fixture
def pool() -> Iterator[BotPool]:
    before = sys.getswitchinterval()
    made = BotPool(workers=3)
    yield made
    made.close()
    sys.setswitchinterval(before)


def blocked(gate: threading.Event, started: list[str], name: str) -> Callable[[], str]:
    def work() -> str:
        started.append(name)
        if not gate.wait(LIVENESS):
            raise TimeoutError(name)
        return name

    return work


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(int(LIVENESS * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the pool never got there")


def test_thinking_bots_leave_the_last_worker_to_quick_ones(pool: BotPool) -> None:
    gate, started = threading.Event(), []

    async def scenario() -> list[str]:
        thinking = [
            asyncio.create_task(pool.run(f"hog{i}", blocked(gate, started, f"hog{i}"), slow=True))
            for i in range(3)
        ]
        await until(lambda: len(started) >= 2)
        await asyncio.sleep(0.05)  # time enough for a third thinking move to start, were it let
        assert sorted(started) == ["hog0", "hog1"] and pool.free == 1
        # An ordinary table's move takes the free worker at once, past the waiting thinker.
        quick = await asyncio.wait_for(pool.run("ordinary", lambda: "moved"), LIVENESS)
        assert quick == "moved" and "hog2" not in started
        gate.set()
        return list(await asyncio.gather(*thinking))

    try:
        assert asyncio.run(scenario()) == ["hog0", "hog1", "hog2"]
    finally:
        gate.set()  # a failing pool leaves no thread waiting behind the test
    assert pool.free == 3


def test_a_freed_worker_serves_the_least_served_table_first(pool: BotPool) -> None:
    gates = [threading.Event() for _ in range(3)]
    later, started = threading.Event(), []

    async def scenario() -> None:
        busy = [
            asyncio.create_task(pool.run(f"busy{i}", blocked(gates[i], started, f"busy{i}")))
            for i in range(3)
        ]
        await until(lambda: len(started) == 3)
        # A table that used 100 s of bot time just now, and one that used none.
        pool.used["greedy"] = (100.0, time.monotonic())
        queued = [
            asyncio.create_task(pool.run(name, blocked(later, started, name)))
            for name in ("greedy", "modest")  # the greedy table asked first
        ]
        await asyncio.sleep(0.05)
        assert pool.free == 0 and len(started) == 3
        gates[0].set()  # one worker frees up: it goes to the modest table
        await until(lambda: len(started) == 4)
        await asyncio.sleep(0.05)
        assert started[3:] == ["modest"]
        for gate in (*gates, later):
            gate.set()
        await asyncio.gather(*busy, *queued)

    try:
        asyncio.run(scenario())
    finally:
        for gate in (*gates, later):
            gate.set()
    assert started[3:] == ["modest", "greedy"]


def test_a_table_forgotten_while_its_bot_thinks_leaves_nothing_behind(pool: BotPool) -> None:
    gate, started = threading.Event(), []

    async def scenario() -> None:
        thinking = asyncio.create_task(pool.run("closed", blocked(gate, started, "closed")))
        other = asyncio.create_task(pool.run("open", blocked(gate, started, "open")))
        await until(lambda: len(started) == 2)
        pool.forget("closed")  # its host closes it while its bot thinks
        gate.set()
        await asyncio.gather(thinking, other)

    try:
        asyncio.run(scenario())
    finally:
        gate.set()
    # Counted, a closed table's usage stayed for good: one entry per table closed mid-move.
    assert set(pool.used) == {"open"}
    assert pool.running == {} and pool.gone == set()
