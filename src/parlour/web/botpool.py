"""Bot time for web tables: bounded per move, and shared fairly between tables.

Bots think in a few worker threads of their own. Each table has at most one move waiting or
running (its next automatic move), and when a worker frees up it takes the waiting move of the
table that has used the least bot time lately (usage decays by half every HALF_LIFE seconds),
and the moves of thinking bots (search bots, which spend their whole time budget) never take
the last free worker, which stays for the tables whose bots answer at once: tables of slow
bots cannot keep an ordinary table's bot waiting. Which bots think is known from the bot, not
guessed from timings, because a busy machine stretches every move alike. The budget itself
is bounded by the caps on bot parameters (`cap_bot`).
"""

from __future__ import annotations

import asyncio
import functools
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from parlour.bots.base import Bot
from parlour.bots.search import SearchBot

MAX_BOT_SECONDS = 0.5  # a search bot's thinking time per move at a web table
MAX_BOT_PLAYOUTS = 200  # or its number of playouts per move
MAX_BOT_NUMBER = 1000  # any other numeric bot parameter
# A counted search's playouts a candidate (worlds x kernel playouts per world: the expert's 8 x 32
# by default) and moves searched: within them a move stays well under MAX_BOT_SECONDS.
MAX_BOT_KERNEL_PLAYOUTS = 2048
MAX_BOT_WIDTH = 8
HALF_LIFE = 30.0
SWITCH_INTERVAL = 0.0005  # seconds a thread holds the GIL before it must offer it


def bot_limit_error(spec: str, bot: Bot) -> str | None:
    """Why a bot is too costly for a web table, or None."""
    for param in spec.split(":")[1:]:
        try:
            number = float(param.strip().lower().removesuffix("s"))
        except ValueError:
            continue
        if abs(number) > MAX_BOT_NUMBER:
            return f"a web table's bot parameters are at most {MAX_BOT_NUMBER}"
    if isinstance(bot, SearchBot):
        if bot.seconds is not None and bot.seconds > MAX_BOT_SECONDS:
            return f"a web table's search bot thinks at most {MAX_BOT_SECONDS} s a move"
        if bot.playouts is not None and bot.playouts > MAX_BOT_PLAYOUTS:
            return f"a web table's search bot plays at most {MAX_BOT_PLAYOUTS} playouts a move"
        if bot.seconds is None and (bot.playouts or 1) * bot.per_world > MAX_BOT_KERNEL_PLAYOUTS:
            return (
                f"a web table's search bot plays at most {MAX_BOT_KERNEL_PLAYOUTS} kernel "
                "playouts a move it weighs"
            )
        if getattr(bot, "width", 0) > MAX_BOT_WIDTH:
            return f"a web table's search bot weighs at most {MAX_BOT_WIDTH} moves"
    return None


def cap_bot(bot: Bot) -> Bot:
    """Clamp a bot built from stored settings (a table made before the caps) to the budget."""
    if isinstance(bot, SearchBot):
        if bot.seconds is not None:
            bot.seconds = min(bot.seconds, MAX_BOT_SECONDS)
        if bot.playouts is not None:
            bot.playouts = min(bot.playouts, MAX_BOT_PLAYOUTS)
    return bot


class BotPool:
    """Worker threads for bots' moves, handed out to the least-served table first."""

    def __init__(self, workers: int = 3) -> None:
        # Thinking bots are pure Python threads that hold the GIL in 5 ms slices by default;
        # the event loop and quick bots then wait in line for it at every socket call (a convoy
        # that stretches a 1 ms move to half a second). Shorter slices keep them responsive.
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="parlour-bot")
        self.free = workers
        # (table, its answer, the work, whether the bot thinks for its whole budget)
        self.waiting: list[tuple[str, asyncio.Future[Any], Callable[[], Any], bool]] = []
        self.used: dict[str, tuple[float, float]] = {}  # table -> (seconds, when counted)

    def usage(self, table_id: str, now: float) -> float:
        seconds, stamp = self.used.get(table_id, (0.0, now))
        return seconds * 0.5 ** ((now - stamp) / HALF_LIFE)

    async def run(self, table_id: str, work: Callable[[], Any], slow: bool = False) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting.append((table_id, future, work, slow))
        self._dispatch()
        return await future

    def _dispatch(self) -> None:
        self.waiting = [w for w in self.waiting if not w[1].done()]  # cancelled meanwhile
        while self.free and self.waiting:
            now = time.monotonic()
            # The last worker waits for a quick bot's move.
            allowed = self.waiting if self.free > 1 else [w for w in self.waiting if not w[3]]
            if not allowed:
                return
            job = min(allowed, key=lambda w: self.usage(w[0], now))
            self.waiting.remove(job)
            self.free -= 1
            table_id, future, work, _ = job
            loop = asyncio.get_running_loop()
            started = time.monotonic()
            running = loop.run_in_executor(self.executor, work)
            running.add_done_callback(functools.partial(self._done, table_id, future, started))

    def _done(
        self, table_id: str, future: asyncio.Future[Any], start: float, done: asyncio.Future[Any]
    ) -> None:
        now = time.monotonic()
        self.used[table_id] = (self.usage(table_id, now) + now - start, now)
        self.free += 1
        if not future.done():
            if done.exception() is not None:
                future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                future.set_result(done.result())
        self._dispatch()

    def forget(self, table_id: str) -> None:
        self.used.pop(table_id, None)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
