"""Scripted WebSocket players for the server tests and the load benchmark."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


class Player(threading.Thread):
    """An honest player: says hello with its seat's token and plays a random legal move."""

    def __init__(self, ws_url: str, table_id: str, token: str | None, seed: int = 0) -> None:
        super().__init__(daemon=True)
        self.url = f"{ws_url}/ws/{table_id}"
        self.token = token
        self.rng = random.Random(seed)
        self.frames: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.over = threading.Event()
        self.first_state = threading.Event()
        self.stop_after: int | None = None  # moves before stopping (a player who leaves)
        self.moves = 0
        self.pace = 0.03  # seconds before each move: faster than a person, under the flood guard
        self._acted_at = -1  # the step of the last move sent: never answer one state twice
        self.go = threading.Event()  # cleared: the player waits before each move
        self.go.set()
        self.waiting = threading.Event()  # set while it waits, its move ready
        self.refused: list[dict[str, Any]] = []  # "unavailable" replies: the move is sent again
        self.acks = 0
        self._last: Any = None

    def run(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):  # the server was killed
            self._play()

    def _play(self) -> None:
        with connect(self.url, max_size=1 << 22) as ws:
            hello: dict[str, Any] = {"type": "hello"}
            if self.token:
                hello["token"] = self.token
            ws.send(json.dumps(hello))
            while not self.over.is_set():
                try:
                    message = json.loads(ws.recv(timeout=20))
                except TimeoutError:
                    return
                self.frames.append(message)
                if message["type"] == "ok":
                    self.acks += 1
                if message["type"] == "error":
                    self.errors.append(message)
                    if message["code"] == "unavailable" and self._last is not None:
                        # The database was down: nothing was played, so play it again.
                        self.refused.append(message)
                        time.sleep(self.pace * 5)
                        ws.send(json.dumps({"type": "act", "action": self._last}))
                if message["type"] != "state" or message["view"] is None:
                    continue
                self.first_state.set()
                if message["view"]["over"]:
                    self.over.set()
                    return
                if message["legal"] and message["step"] > self._acted_at:
                    self._acted_at = message["step"]
                    if self.stop_after is not None and self.moves >= self.stop_after:
                        return
                    self.moves += 1
                    time.sleep(self.pace)
                    self._last = self.rng.choice(message["legal"])
                    self.waiting.set()
                    self.go.wait()
                    self.waiting.clear()
                    ws.send(json.dumps({"type": "act", "action": self._last}))

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == "state" and f["view"] is not None]
