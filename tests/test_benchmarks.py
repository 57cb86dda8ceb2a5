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
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:  # where it hangs (its stacks), then no hang here
            os.kill(process.pid, signal.SIGUSR1)
            time.sleep(2)
            process.kill()
            process.wait()
            remove_cluster(folder)
            pytest.fail(f"web_load.py outlived its SIGTERM by 60 s:\n{errors.read_text()[-6000:]}")
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


# An outside bot that raises in about one game in four: which games is decided by its seeded
# generator, so by the game's seed (the scripts' bots get generators derived from it).
FAILING_BOT = """
from parlour.bots import Bot, Decision


class Unlucky(Bot):
    def __init__(self, rng=None) -> None:
        super().__init__(rng)
        self.doomed = None

    def act(self, decision: Decision):
        if self.doomed is None:
            self.doomed = self.rng.random() < 0.25
        if self.doomed:
            raise RuntimeError("unlucky bot gave up")
        return decision.legal_actions[0]
"""

FAILING_TABLE = "benchmark_unlucky_bot:Unlucky"


ASKDRAW = ["--game", "gofish", "--only", f"{FAILING_TABLE},random", "--chunk", "5", "--out"]


@pytest.mark.parametrize(
    ("script", "args", "seed"),
    [
        ("flip7_tournament.py", ["--table", f"{FAILING_TABLE},threshold:23", "--out"], 1),
        ("flip7_ladder.py", ["--only", f"{FAILING_TABLE},easy", "--out"], 1),
        ("familles_tournament.py", ["--bots", f"{FAILING_TABLE},random", "--chunk", "5"], 1),
        ("askdraw_ladder.py", ASKDRAW, 41),
    ],
)
def test_a_tournament_in_which_a_game_fails_keeps_the_finished_games_and_exits_1(
    tmp_path: Path, script: str, args: list[str], seed: int
) -> None:
    """The failing game is named with its seed, the games that finished are printed (and saved
    with --out), and the exit status says that the run failed; no traceback."""
    (tmp_path / "benchmark_unlucky_bot.py").write_text(FAILING_BOT, encoding="utf-8")
    out = tmp_path / "results"
    if args[-1] == "--out":
        args = [*args, str(out)]
    path = os.pathsep.join([str(tmp_path), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args, "--games", "20", "--seed", str(seed)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    named = re.findall(r"game (\d+) \(seed (\d+)\) failed: RuntimeError: unlucky", done.stderr)
    assert named, done.stderr
    for game, game_seed in named:  # each the seed of that very game, to play it again alone
        assert int(game_seed) == seed * 1_000_003 + int(game)
    assert "|" in done.stdout  # the table of the games that finished is printed
    kept = [json.loads(path.read_text()) for path in tmp_path.glob("results*")]
    if script == "familles_tournament.py":
        kept = [json.loads(done.stdout.splitlines()[0])]
    assert len(kept) == 1, kept
    result = kept[0][0] if isinstance(kept[0], list) else kept[0]
    assert 0 < result["games"] < 20  # some games finished and were kept, the failing one not
    assert {(f["game"], f["seed"]) for f in result["failed"]} == {
        (int(game), int(game_seed)) for game, game_seed in named
    }


def tui_startup() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import tui_startup
    finally:
        sys.path.remove(str(BENCHMARKS))
    return tui_startup


def test_tui_startup_sees_the_table_of_a_game_with_a_move_picker() -> None:
    """The 7 familles titles its move pane with the picker's question, not "Your moves": the
    marker the script waits for must still appear, at once, not after the time limit."""
    startup = tui_startup()
    argv = [sys.executable, "-m", "parlour.cli", *startup.COMMANDS["familles"][1:]]
    assert startup.start_once(argv, limit=60.0) < 60.0


def test_tui_startup_names_a_game_whose_table_never_appears(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    startup = tui_startup()
    silent = [sys.executable, "-c", "import time; print('hi', flush=True); time.sleep(30)"]
    monkeypatch.setattr(startup, "COMMANDS", {"silent": silent})
    monkeypatch.setattr(startup, "LIMIT", 1.0)
    monkeypatch.setattr(sys, "argv", ["tui_startup.py", "1"])
    with pytest.raises(SystemExit) as exited:
        startup.main()
    assert exited.value.code == 1
    out, err = capsys.readouterr()
    assert "silent: no table within 1 s" in err and "At the table" in err
    assert "inf" not in out + err


def test_peers_skips_every_openspiel_peer_when_openspiel_is_absent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without OpenSpiel the same-game comparisons are skipped with a line, as the go_fish
    peer is, instead of ending the run with ModuleNotFoundError."""
    from parlour.core.registry import game_names, get_game

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` raises ImportError
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import peers
    finally:
        sys.path.remove(str(BENCHMARKS))
    named = [name for name in game_names() if get_game(name).peer(2) is not None]
    assert named  # a game names its OpenSpiel peer, so the skip is exercised
    for name in game_names():
        assert peers.same_game_workloads(name, 2) is None
    out = capsys.readouterr().out
    assert all(f"{name}'s peer is skipped" in out for name in named), out


def test_rl_wrappers_without_the_rl_extra_names_it_before_any_output() -> None:
    """Gymnasium hidden (as in an install without the `rl` extra): one line naming the extra,
    exit status 2, and not even the table's header printed."""
    hide = (
        "import runpy, sys; sys.modules['gymnasium'] = None; "
        f"sys.argv = ['rl_wrappers.py']; runpy.run_path({str(BENCHMARKS / 'rl_wrappers.py')!r}, "
        "run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", hide], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "pip install -e '.[rl]'" in done.stderr, done.stderr
