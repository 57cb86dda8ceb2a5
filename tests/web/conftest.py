"""Fixtures of the web table's tests: a hall on a temporary database, and a real server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from parlour.web.storage import Storage
from parlour.web.tables import Hall
from tests.web.pg import Cluster, create_database, drop_database, pg_bin

# The database of the web tests: unset (or a sqlite: URL) for a SQLite file per test, the URL
# of a PostgreSQL server for a fresh database on it per test, or "cluster" for a throwaway
# PostgreSQL cluster started for the run.
TEST_DB = os.environ.get("PARLOUR_TEST_DATABASE_URL", "").strip()


def no_postgres(reason: str) -> None:
    """Skip where PostgreSQL is not installed; in CI, where it must be, fail instead."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must test PostgreSQL: {reason}")
    pytest.skip(reason)


def _cluster() -> Cluster:
    if pg_bin() is None:
        no_postgres("PostgreSQL's server binaries (initdb, pg_ctl) are not installed")
    return Cluster()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for this run (started here when TEST_DB is "cluster")."""
    if TEST_DB != "cluster":
        yield TEST_DB
        return
    cluster = _cluster()
    yield cluster.url()
    cluster.remove()


@pytest.fixture
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL cluster of the test's own, which it may stop and start."""
    cluster = _cluster()
    yield cluster
    cluster.remove()


def fresh_db_url(folder: Path, request: pytest.FixtureRequest) -> str:
    """An empty database of the kind the run tests (see TEST_DB)."""
    if not TEST_DB or TEST_DB.startswith("sqlite"):
        return f"sqlite:///{folder / 'parlour.db'}"
    url = create_database(request.getfixturevalue("pg_server"))
    request.addfinalizer(lambda: drop_database(url))
    return url


@pytest.fixture
def db_url(tmp_path: Path, request: pytest.FixtureRequest) -> str:
    return fresh_db_url(tmp_path, request)


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
        self,
        db_url: str,
        bot_delay: float = 0.01,
        rate: float = 40.0,
        workers: int = 1,
        tables: int = 100000,
        extra: tuple[str, ...] = (),
        connections: int = 100000,
    ) -> None:
        self.db_url = db_url
        self.extra = extra  # more options of `parlour serve`
        self.workers = workers
        self.tables = tables  # new tables per client per minute: the tests open many
        self.connections = connections  # pages open per client address: the tests open many
        self.rate = rate
        self.bot_delay = bot_delay
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        handle, name = tempfile.mkstemp(prefix="parlour-server-", suffix=".log")
        os.close(handle)
        self.log = Path(name)

    def errors(self) -> str:
        """What the server wrote to its standard error so far."""
        return self.log.read_text(errors="replace")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "parlour.cli", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, "--bot-delay", str(self.bot_delay)]
        command += ["--rate", str(self.rate), "--workers", str(self.workers)]
        command += ["--tables-per-minute", str(self.tables)]
        command += ["--connections-per-address", str(self.connections), *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # Its log goes to a file, not a pipe that nobody reads while it runs.
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.errors())
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
        # The server's reason in the failure, not only the status.
        assert response.is_success, f"POST {path} {body}: {response.status_code} {response.text}"
        return response.json()

    def get(self, path: str) -> Any:
        response = httpx.get(self.url + path, timeout=10)
        response.raise_for_status()
        return response.json()


def turn_cap(game: str, cap: int = 300) -> dict[str, int]:
    """The rules that end a long game drawn (the engine's `max_turns`), for a game the tests do
    not know (an outside game installed beside Parlour); none if its rules have no cap."""
    from dataclasses import fields

    from parlour.core.registry import get_game

    names = {f.name for f in fields(get_game(game).rules_class)}
    return {"max_turns": cap} if "max_turns" in names else {}


def start_table(server: Server, request: dict[str, Any]) -> tuple[str, str]:
    """Create a table over the API and start it as its host; its id and the host's token."""
    made = server.post("/api/tables", request)
    with connect(f"{server.ws_url}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        ws.send(json.dumps({"type": "start", "token": made["token"]}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "ok":
            assert message["type"] != "error", message
    return made["id"], made["token"]


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Server]:
    """One server for the tests of a module that do not kill it."""
    running = Server(fresh_db_url(tmp_path_factory.mktemp("db"), request))
    running.start()
    yield running
    running.stop()


def dumps(obj: Any) -> str:
    return json.dumps(obj)


# ----- the system Chromium, driven by Playwright (the browser tests) --------------------------
CHROMIUM = Path("/usr/bin/chromium")
# The site's Content-Security-Policy refuses `eval`, with which Playwright runs a string given to
# `wait_for_function` (and an injected script such as axe-core): the tests that use them open
# their contexts with `bypass_csp=True`. The policy itself is checked on the real pages without
# it: test_security_headers walks them, and test_browser plays every game through.
# On a developer's machine without Chromium the browser tests are skipped; in CI they must run,
# so there a missing browser fails them instead of hiding them.
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a test module's pages."""
    if not CHROMIUM.exists():
        pytest.fail(f"CI=true but the system Chromium ({CHROMIUM}) is absent")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def finished(server: Server) -> str:
    """A table of this module's server whose first game, between two bots, is over."""
    from websockets.sync.client import connect

    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    made = server.post("/api/tables", {"game": "flip7", "seats": bots, "seed": 4,
                                       "rules": {"target": 40}})  # fmt: skip
    with connect(f"{server.ws_url}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        ws.send(json.dumps({"type": "start", "token": made["token"]}))
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "state" and message["view"] and message["view"]["over"]:
                return str(made["id"])
