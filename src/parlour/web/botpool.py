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
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from parlour.bots.base import Bot
from parlour.bots.search import SearchBot

MAX_BOT_SECONDS = 0.5  # a search bot's thinking time per move at a web table
MAX_BOT_NUMBER = 1000  # any other numeric bot parameter (and a finite one)
# A counted search (`search:200`: rounds, a deal drawn and every weighed move played out once in
# each) and a counted expert (`expert:16:2:4`: deals drawn, each weighed move played out
# `playouts` times in each) cost their deals plus their playouts. The caps keep a move well
# under MAX_BOT_SECONDS: on the 2-core development machine (CPU time, 2 to 4 players of the 7
# familles, Panoplies and Go Fish) `search:200` (4 moves) took at most 0.25 s, `search:100:8`
# 0.14 s, `expert:32:2:8` 0.13 s, `search:50:4:0.15:engine` 0.19 s, the default `expert`
# 0.03 s; before them, `expert:200:10:8` and `search:200:1000` took 1 to 3 s (docs/web.md).
MAX_BOT_WIDTH = 8  # moves weighed (`width`), by every search bot
MAX_BOT_PLAYOUTS = 200  # a counted search's rounds a move
MAX_BOT_ROUND_PLAYOUTS = 800  # and its rounds x playouts a world x moves weighed
MAX_BOT_WORLDS = 32  # an expert's deals drawn a move (each costs far more than a playout)
MAX_BOT_DEAL_PLAYOUTS = 512  # and its deals x playouts a deal x moves weighed
# Playouts on the reference engine (`search:...:engine`, or where the kernel is not compiled)
# cost about a millisecond each, 20 times a compiled one: rounds (deals) x moves weighed.
MAX_BOT_ENGINE_PLAYOUTS = 200
HALF_LIFE = 30.0
SWITCH_INTERVAL = 0.0005  # seconds a thread holds the GIL before it must offer it


def _width(bot: SearchBot) -> int | None:
    """The moves a search bot weighs at most (the expert's `width`, or its candidates'), or
    None when it weighs every legal move."""
    width = getattr(bot, "width", None)
    if width is None:
        width = getattr(bot.candidates, "width", None)
    return width if isinstance(width, int) and not isinstance(width, bool) else None


def _deals(bot: SearchBot) -> int | None:
    """The deals an expert draws a move (its `worlds`), or None for a search by rounds."""
    worlds = getattr(bot, "worlds", None)
    return worlds if isinstance(worlds, int) and not isinstance(worlds, bool) else None


def bot_limit_error(spec: str, bot: Bot) -> str | None:
    """Why a bot is too costly for a web table, or None."""
    for param in spec.split(":")[1:]:
        try:
            number = float(param.strip().lower().removesuffix("s"))
        except ValueError:
            continue
        if not math.isfinite(number):
            return "a web table's bot parameters are finite numbers"
        if abs(number) > MAX_BOT_NUMBER:
            return f"a web table's bot parameters are at most {MAX_BOT_NUMBER}"
    if not isinstance(bot, SearchBot):
        return None
    width = _width(bot)
    if width is not None and width > MAX_BOT_WIDTH:
        return f"a web table's search bot weighs at most {MAX_BOT_WIDTH} moves"
    if bot.seconds is not None:
        if not bot.seconds <= MAX_BOT_SECONDS:
            return f"a web table's search bot thinks at most {MAX_BOT_SECONDS} s a move"
        return None
    rounds = bot.playouts or 1
    playouts = rounds * bot.per_world * (width or 1)
    deals = _deals(bot)
    if deals is not None:
        if deals > MAX_BOT_WORLDS:
            return f"a web table's expert draws at most {MAX_BOT_WORLDS} deals a move"
        if playouts > MAX_BOT_DEAL_PLAYOUTS:
            return (
                f"a web table's expert plays at most {MAX_BOT_DEAL_PLAYOUTS} playouts a move "
                "(deals x playouts x moves weighed)"
            )
    else:
        if rounds > MAX_BOT_PLAYOUTS:
            return f"a web table's search bot plays at most {MAX_BOT_PLAYOUTS} rounds a move"
        if playouts > MAX_BOT_ROUND_PLAYOUTS:
            return (
                f"a web table's search bot plays at most {MAX_BOT_ROUND_PLAYOUTS} playouts a "
                "move (rounds x moves weighed)"
            )
    if bot.batch_playout is None and rounds * (width or 1) > MAX_BOT_ENGINE_PLAYOUTS:
        return (
            f"a web table's search bot plays at most {MAX_BOT_ENGINE_PLAYOUTS} playouts a move "
            "on the reference engine (rounds x moves weighed)"
        )
    return None


def cap_bot(bot: Bot) -> Bot:
    """Clamp a bot built from stored settings (a table made before the caps) to the budget."""
    if not isinstance(bot, SearchBot):
        return bot
    width = _width(bot)
    if width is not None and width > MAX_BOT_WIDTH:
        width = MAX_BOT_WIDTH
        if _deals(bot) is not None:
            bot.width = width  # type: ignore[attr-defined]
        else:
            bot.candidates.width = width  # type: ignore[union-attr]
    if bot.seconds is not None:
        bot.seconds = min(bot.seconds, MAX_BOT_SECONDS)
        return bot
    if bot.playouts is None:
        return bot
    moves = width or 1
    deals = _deals(bot)
    if deals is not None:
        deals = min(deals, MAX_BOT_WORLDS)
        bot.worlds = bot.playouts = deals  # type: ignore[attr-defined]
        bot.per_world = max(1, min(bot.per_world, MAX_BOT_DEAL_PLAYOUTS // (deals * moves)))
    else:
        most = MAX_BOT_ROUND_PLAYOUTS // (bot.per_world * moves)
        bot.playouts = max(1, min(bot.playouts, MAX_BOT_PLAYOUTS, most))
    if bot.batch_playout is None:
        bot.playouts = max(1, min(bot.playouts, MAX_BOT_ENGINE_PLAYOUTS // moves))
        if deals is not None:
            bot.worlds = bot.playouts  # type: ignore[attr-defined]
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
        # Moves running now by table, and the tables forgotten while one of theirs ran: such a
        # move's time is not counted when it ends (counted, it kept a closed table's entry in
        # `used` for good, one per table closed while its bot thought).
        self.running: dict[str, int] = {}
        self.gone: set[str] = set()

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
            self.running[table_id] = self.running.get(table_id, 0) + 1
            loop = asyncio.get_running_loop()
            started = time.monotonic()
            running = loop.run_in_executor(self.executor, work)
            running.add_done_callback(functools.partial(self._done, table_id, future, started))

    def _done(
        self, table_id: str, future: asyncio.Future[Any], start: float, done: asyncio.Future[Any]
    ) -> None:
        now = time.monotonic()
        left = self.running.pop(table_id, 1) - 1
        if left:
            self.running[table_id] = left
        if table_id not in self.gone:
            self.used[table_id] = (self.usage(table_id, now) + now - start, now)
        elif not left:
            self.gone.discard(table_id)
        self.free += 1
        if not future.done():
            if done.exception() is not None:
                future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                future.set_result(done.result())
        self._dispatch()

    def forget(self, table_id: str) -> None:
        """A table closed or put to sleep: its usage goes, now and when a move of its ends."""
        self.used.pop(table_id, None)
        if table_id in self.running:
            self.gone.add(table_id)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
