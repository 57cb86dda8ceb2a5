"""Replays of finished games: built off the event loop, one at a time, cached, bounded.

Building a replay re-plays the whole game (tens of milliseconds for a long one); done on the
event loop, forty requests delayed every other table. Here a replay is built in one worker
thread, requests for the same game wait for the same build, and the encoded answer of a
finished game (which never changes) is kept in a cache bounded in bytes.

The same cache serves the reviews (`/review?seat=k`): their key's last part is the seat, which
`build` receives where a replay receives the language.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

MAX_ACTIONS = 20000  # a longer record is not replayed over the web
MAX_REPLAY_BYTES = 8 << 20  # one replay's JSON
CACHE_BYTES = 64 << 20  # all cached replays together

Key = tuple[str, int, str]


class ReplayCache:
    def __init__(self, build: Callable[[dict[str, Any], str], dict[str, Any]]) -> None:
        self.build = build
        self.cache: OrderedDict[Key, bytes] = OrderedDict()
        self.size = 0
        self.pending: dict[Key, asyncio.Future[bytes | None]] = {}
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="parlour-replay")

    def _encode(self, record: dict[str, Any], lang: str) -> bytes | None:
        if len(record.get("actions") or []) > MAX_ACTIONS:
            return None
        body = json.dumps(self.build(record, lang), ensure_ascii=False).encode()
        return body if len(body) <= MAX_REPLAY_BYTES else None

    async def get(self, key: Key, record: dict[str, Any]) -> bytes | None:
        """The replay's JSON, or None when it is too big to serve."""
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        if key in self.pending:
            return await asyncio.shield(self.pending[key])
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, self._encode, record, key[2])
        self.pending[key] = future
        try:
            body = await asyncio.shield(future)
        finally:
            self.pending.pop(key, None)
        if body is not None:
            self.cache[key] = body
            self.size += len(body)
            while self.size > CACHE_BYTES and self.cache:
                _, old = self.cache.popitem(last=False)
                self.size -= len(old)
        return body
