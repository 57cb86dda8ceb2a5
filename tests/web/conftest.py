"""Fixtures of the web table's tests: a hall on a temporary database, and a real server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from parlour.web.storage import Storage
from parlour.web.tables import Hall


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'parlour.db'}"


@pytest.fixture
def hall(db_url: str) -> Iterator[Hall]:
    storage = Storage(db_url)
    yield Hall(storage, bot_delay=0.0)
    storage.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """`parlour serve` in a child process, which a test may kill (SIGKILL) and start again."""

    def __init__(
        self, db_url: str, bot_delay: float = 0.01, rate: float = 40.0, tables: int = 100000
    ) -> None:
        self.db_url = db_url
        self.tables = tables  # new tables per client per minute: the tests open many
        self.rate = rate
        self.bot_delay = bot_delay
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "parlour.cli", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, "--bot-delay", str(self.bot_delay)]
        command += ["--rate", str(self.rate), "--tables-per-minute", str(self.tables)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    self.process.stderr.read().decode() if self.process.stderr else ""
                )
            try:
                httpx.get(self.url + "/api/tables", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: Any) -> Any:
        response = httpx.post(self.url + path, json=body, timeout=10)
        response.raise_for_status()
        return response.json()

    def get(self, path: str) -> Any:
        response = httpx.get(self.url + path, timeout=10)
        response.raise_for_status()
        return response.json()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests of a module that do not kill it."""
    running = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'parlour.db'}")
    running.start()
    yield running
    running.stop()


def dumps(obj: Any) -> str:
    return json.dumps(obj)
