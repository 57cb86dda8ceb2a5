"""A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, a free port.

The server binaries are Debian's (`/usr/lib/postgresql/<version>/bin`) or on the PATH.
PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` user.
Durability is traded for speed (`fsync=off`): a test cluster lives for one run.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


def pg_bin() -> Path | None:
    """The folder of initdb and pg_ctl, or None where PostgreSQL is not installed."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    ctl = shutil.which("pg_ctl")
    return Path(ctl).parent if ctl else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Cluster:
    """One PostgreSQL server of its own, which a test may stop and start again."""

    def __init__(self) -> None:
        folder = pg_bin()
        if folder is None:
            raise FileNotFoundError("PostgreSQL's server binaries (initdb, pg_ctl) are absent")
        self.bin = folder
        self.port = _free_port()
        # Under root the server runs as `postgres`, which must reach the folder: /tmp, not a
        # temporary folder inside root's own.
        root = os.geteuid() == 0 and os.path.isdir("/tmp")
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-pg-", dir="/tmp" if root else None))
        self.data = self.folder / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:
            self._as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres", "postgres")
        try:
            self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E",
                      "UTF8", "--no-sync", "--no-instructions")  # fmt: skip
            self.start()
        except BaseException:
            self.remove()  # a cluster that failed to start (or was stopped) leaves no folder
            raise

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as, str(self.bin / tool), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w",
                  "-t", "60", "-o", options, "start")  # fmt: skip

    def stop(self) -> None:
        """A fast shutdown: every connection is cut, as in an outage."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        return create_database(self.url())

    def remove(self) -> None:
        with contextlib.suppress(RuntimeError):  # already stopped
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def create_database(server_url: str) -> str:
    """A fresh, empty database on the server of `server_url`; returns its URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(server_url)
    name = f"parlour_test_{uuid.uuid4().hex[:12]}"
    dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)


def drop_database(db_url: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(db_url)
    dsn = url.set(drivername="postgresql", database="postgres").render_as_string(
        hide_password=False
    )
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{url.database}" WITH (FORCE)')
