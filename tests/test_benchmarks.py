"""The benchmark scripts' failure paths: one clear line, a non-zero exit, nothing left behind."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from tests.web.conftest import no_postgres
from tests.web.pg import pg_bin

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
IN_CI = os.environ.get("CI") == "true"


def test_beggar_agreement_without_the_replay_interpreter_says_so_in_one_line(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "pypy3"  # a path where no interpreter is
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "beggar_agreement.py"), "--replay-with", str(missing)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and str(missing) in done.stderr, done.stderr
    assert done.stdout == ""  # refused before any deal is played


def read_line(process: subprocess.Popen[str], prefix: str, seconds: float) -> str:
    """The first line of the process's output that starts with `prefix`."""
    assert process.stdout is not None
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            line = process.stdout.readline()
            if not line:
                break  # the process ended
            if line.startswith(prefix):
                return line
    process.kill()
    raise AssertionError(f"no line starting with {prefix!r}: {process.communicate()}")


def remove_cluster(folder: Path) -> None:
    """Stop a cluster that a failing run left behind, so that the failure leaks nothing."""
    bin_folder = pg_bin()
    assert bin_folder is not None
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    ctl = [*as_postgres, str(bin_folder / "pg_ctl"), "-D", str(folder / "data")]
    subprocess.run([*ctl, "-m", "immediate", "-w", "stop"], capture_output=True, timeout=60)
    shutil.rmtree(folder, ignore_errors=True)


def test_web_load_removes_its_cluster_when_stopped_by_sigterm(tmp_path: Path) -> None:
    if pg_bin() is None:
        no_postgres("PostgreSQL's server binaries (initdb, pg_ctl) are not installed")
    command = [sys.executable, str(BENCHMARKS / "web_load.py"), "--db", "cluster"]
    command += ["--levels", "1", "--seconds", "300"]
    errors = tmp_path / "stderr"
    with (
        errors.open("w") as err,
        subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=err, text=True, bufsize=1
        ) as process,
    ):
        line = read_line(process, "cpus:", seconds=120)  # printed once the server is up
        found = re.search(r"database: cluster in (\S+),", line)
        assert found, line
        folder = Path(found.group(1))
        assert folder.is_dir()
        os.kill(process.pid, signal.SIGTERM)
        # Not communicate(): a server left running would hold the output pipe open.
        process.wait(timeout=60)
    left = folder.exists()
    if left:
        remove_cluster(folder)
    assert not left, errors.read_text()  # the cluster was stopped and its folder removed
    assert process.returncode == 128 + signal.SIGTERM, errors.read_text()


# A stand-in for acinnes/bmn's playbmn.cpp with the same output: a start-up line, then the
# progress line after each batch, never flushed and never ending. It counts one million deals
# per CPU second by construction, so the rate read from its output must be about that.
FAKE_BMN = r"""
#include <cstdio>
#include <ctime>
int main() {
    std::printf("1/1 blocks/threads == 1 searchers\n");
    volatile unsigned long spin = 0;
    clock_t start = clock();
    for (;;) {
        for (unsigned long i = 0; i < 30000000UL; i++) spin += i;
        double secs = (double)(clock() - start) / CLOCKS_PER_SEC;
        unsigned long long deals = (unsigned long long)(secs * 1e6);
        std::printf("\r%g seconds, %llu deals tested (%g per second)", secs, deals, deals / secs);
    }
}
"""


def beggar_peer() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import beggar_peer
    finally:
        sys.path.remove(str(BENCHMARKS))
    return beggar_peer


def test_beggar_peer_builds_and_times_a_bmn_checkout(tmp_path: Path) -> None:
    if shutil.which("g++") is None:
        message = "g++ is needed to build the Beggar peer"
        if IN_CI:
            pytest.fail(f"CI must test the Beggar peer: {message}")
        pytest.skip(message)
    peer = beggar_peer()
    checkout = tmp_path / "bmn"
    checkout.mkdir()
    (checkout / "playbmn.cpp").write_text(FAKE_BMN, encoding="utf-8")
    binary = peer.build_bmn(checkout, tmp_path)
    assert "-O3" in peer.BMN_FLAGS
    rate, timed = peer.time_bmn(binary, 400_000)
    assert timed >= 400_000
    assert 0.8e6 < rate < 1.25e6  # the stand-in's million deals per CPU second


def test_beggar_peer_without_playbmn_in_the_checkout_says_so_in_one_line(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "beggar_peer.py"), "--bmn", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "playbmn.cpp" in done.stderr, done.stderr


def test_web_clicks_counts_the_clicks_of_whole_games_and_none_for_beggar() -> None:
    """A fast run of the clicks benchmark: one game of two games, on a phone's screen."""
    if not Path("/usr/bin/chromium").exists():
        if IN_CI:
            pytest.fail("CI must run the clicks benchmark, but the system Chromium is absent")
        pytest.skip("the system Chromium is absent")
    command = [sys.executable, str(BENCHMARKS / "web_clicks.py"), "--games", "1"]
    command += ["--game", "beggar,gofish", "--size", "phone", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    rows = {row["game"]: row for row in json.loads(done.stdout)["rows"]}
    assert rows["beggar"]["clicks"] == [0]  # the server turns every card up
    assert rows["gofish"]["clicks"][0] > 0 and rows["gofish"]["size"] == "phone"


@pytest.mark.parametrize(
    ("script", "table", "bad"),
    [
        ("flip7_ladder.py", ["--only", "expret,strong"], "expret"),
        ("flip7_tournament.py", ["--table", "nosuchmodule:Bot,strong"], "nosuchmodule:Bot"),
        ("askdraw_ladder.py", ["--game", "familles", "--only", "expert,memroy"], "memroy"),
    ],
)
def test_a_tournament_with_a_bot_that_cannot_be_made_says_so_before_any_game(
    tmp_path: Path, script: str, table: list[str], bad: str
) -> None:
    """A misspelt bot or an import path that does not load: one line, exit status 2, no
    traceback from a worker, and no game played or result written."""
    out = tmp_path / "results"
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *table, "--games", "4", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"bot {bad!r}" in done.stderr.splitlines()[-1], done.stderr
    assert done.stdout == "" and list(tmp_path.iterdir()) == []  # nothing played or written
