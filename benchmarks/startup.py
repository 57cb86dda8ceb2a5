"""Start-up time of the `parlour` command: quick commands as whole processes.

Usage: python benchmarks/startup.py [--runs N] [--top K] [--script] [--vs OTHER_SRC]

Each command runs N times as a fresh process (`python -m parlour ...` on this checkout's `src`,
or with --script the installed `parlour` console script, which imports the same `parlour.cli`).
It prints the median wall time and the median CPU time of the child (user + system, from
getrusage(RUSAGE_CHILDREN) deltas: the load of the machine changes it less than the wall time),
then, per command, the K imports of largest cumulative time from `python -X importtime` (which
does not list the modules loaded by `importlib.import_module`, such as the layers' `cli`
modules: their time counts in their importer's own time).

With --vs OTHER_SRC, the runs alternate with the same commands on another tree's `src` (say a
checkout of the previous commit), so both see the same load; it prints both medians and
their ratio.

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


def environment(src: Path, pycache: str) -> dict[str, str]:
    """`src` first on the path, cached bytecode, English texts, a fixed terminal width."""
    path = os.environ.get("PYTHONPATH")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {
        **env,
        "PYTHONPATH": str(src) + (os.pathsep + path if path else ""),
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


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and child CPU seconds of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr.decode()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def time_runs(argv: list[str], runs: int, envs: list[dict[str, str]]) -> list[tuple[float, float]]:
    """Per environment, median wall and median CPU of `runs` processes, the trees alternated."""
    for env in envs:
        subprocess.run(argv, env=env, capture_output=True, check=False)  # writes the bytecode
    samples: list[list[tuple[float, float]]] = [[] for _ in envs]
    for _ in range(runs):
        for env, kept in zip(envs, samples, strict=True):
            kept.append(run_once(argv, env))
    return [
        (statistics.median(w for w, _ in kept), statistics.median(c for _, c in kept))
        for kept in samples
    ]


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
    parser.add_argument("--vs", type=Path, help="another tree's src, timed alternately")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as here, tempfile.TemporaryDirectory() as there:
        envs = [environment(ROOT / "src", here)]
        if options.vs is not None:
            envs.append(environment(options.vs.resolve(), there))
        report(options, envs)


def report(options: argparse.Namespace, envs: list[dict[str, str]]) -> None:
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores")
    header = f"{'command':<22} {'wall median':>12} {'CPU median':>12}"
    if len(envs) > 1:
        header += f" {'--vs wall':>10} {'--vs CPU':>10} {'CPU ratio':>10}"
    print(header)
    rows = [("(python -c pass)", [sys.executable, "-c", "pass"])]
    rows += [(label, argv_for(args, options.script)) for label, args in COMMANDS.items()]
    for label, argv in rows:
        timed = time_runs(argv, options.runs, envs)
        wall, cpu = timed[0]
        line = f"{label:<22} {wall:>11.3f}s {cpu:>11.3f}s"
        if len(timed) > 1:
            other_wall, other_cpu = timed[1]
            line += f" {other_wall:>9.3f}s {other_cpu:>9.3f}s {cpu / other_cpu:>10.2f}"
        print(line)
    for label, args in COMMANDS.items():
        if label == "--version":
            continue
        # -X importtime needs the interpreter: the module form imports what the script does.
        print(f"\nslowest imports of `parlour {' '.join(args)}` (ms cumulative, ms self)")
        slowest = top_imports(argv_for(args, False), envs[0], options.top)
        for cumulative, own, depth, name in slowest:
            print(f"  {cumulative / 1000:7.1f} {own / 1000:6.1f}  {'  ' * depth}{name}")


if __name__ == "__main__":
    main()
