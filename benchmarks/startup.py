"""Start-up time of the `parlour` command: quick commands as whole processes.

Usage: python benchmarks/startup.py [--runs N] [--top K] [--script]

Each command runs N times as a fresh process (`python -m parlour ...` on this checkout's `src`,
or with --script the installed `parlour` console script, which imports the same `parlour.cli`).
It prints the median wall time and the median CPU time of the child (user + system, from
getrusage(RUSAGE_CHILDREN) deltas: the load of the machine changes it less than the wall time),
then, per command, the K imports of largest cumulative time from `python -X importtime`.

`python -c pass` is timed too: the floor that the interpreter and its site packages set.
The children write and reuse bytecode in a temporary folder, as an installed package does
(PYTHONDONTWRITEBYTECODE would have every run compile Parlour's sources again); each command
runs once untimed first.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS: dict[str, list[str]] = {
    "--help": ["--help"],
    "beggar deal": ["beggar", "deal", "--players", "2", "--seed", "1"],
    "beggar deal --json": ["beggar", "deal", "-K--A", "QJ---", "--json"],
    "--version": ["--version"],
}
IMPORT_LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)$")


def environment(pycache: str) -> dict[str, str]:
    """This checkout's sources first, cached bytecode, English texts, a fixed terminal width."""
    path = os.environ.get("PYTHONPATH")
    src = str(ROOT / "src")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {
        **env,
        "PYTHONPATH": src + (os.pathsep + path if path else ""),
        "PYTHONPYCACHEPREFIX": pycache,
        "LANG": "C.UTF-8",
        "LC_ALL": "",
        "LC_MESSAGES": "",
        "COLUMNS": "100",
    }


def argv_for(args: list[str], script: bool) -> list[str]:
    if not script:
        return [sys.executable, "-m", "parlour", *args]
    # The console script beside this interpreter, not a version manager's shim in front of it.
    beside = Path(sys.executable).with_name("parlour")
    found = str(beside) if beside.exists() else shutil.which("parlour")
    if found is None:
        raise SystemExit("no parlour console script installed")
    return [found, *args]


def time_runs(argv: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """Median wall and median child CPU seconds of `runs` fresh processes."""
    subprocess.run(argv, env=env, capture_output=True, check=False)  # writes the bytecode
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr.decode()}")
    return statistics.median(walls), statistics.median(cpus)


def top_imports(argv: list[str], env: dict[str, str], top: int) -> list[tuple[int, int, int, str]]:
    """(cumulative us, self us, depth, module) of the `top` slowest imports of one run."""
    done = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]], env=env, capture_output=True, text=True
    )
    rows = []
    for line in done.stderr.splitlines():
        match = IMPORT_LINE.match(line)
        if match:
            own, cumulative, indent, name = match.groups()
            rows.append((int(cumulative), int(own), (len(indent) - 1) // 2, name))
    rows.sort(reverse=True)
    return rows[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--script", action="store_true", help="time the console script")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as pycache:
        report(options, environment(pycache))


def report(options: argparse.Namespace, env: dict[str, str]) -> None:
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores")
    print(f"{'command':<22} {'wall median':>12} {'CPU median':>12}")
    wall, cpu = time_runs([sys.executable, "-c", "pass"], options.runs, env)
    print(f"{'(python -c pass)':<22} {wall:>11.3f}s {cpu:>11.3f}s")
    for label, args in COMMANDS.items():
        wall, cpu = time_runs(argv_for(args, options.script), options.runs, env)
        print(f"{label:<22} {wall:>11.3f}s {cpu:>11.3f}s")
    for label, args in COMMANDS.items():
        if label == "--version":
            continue
        # -X importtime needs the interpreter: the module form imports what the script does.
        print(f"\nslowest imports of `parlour {' '.join(args)}` (ms cumulative, ms self)")
        for cumulative, own, depth, name in top_imports(argv_for(args, False), env, options.top):
            print(f"  {cumulative / 1000:7.1f} {own / 1000:6.1f}  {'  ' * depth}{name}")


if __name__ == "__main__":
    main()
