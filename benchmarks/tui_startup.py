"""Time from typing `parlour play GAME ...` to a drawn table, in a real pseudo-terminal.

Usage: python benchmarks/tui_startup.py [runs]. For each game it starts the command in a
pseudo-terminal of 120x40, waits until the table screen has been drawn, then quits with `q`.
It prints the median and the worst start-up time per game (seconds). A game whose table does
not appear within the time limit is named on stderr, and the script exits 1.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

COMMANDS = {
    "beggar": ["parlour", "play", "beggar", "--players", "2", "--lang", "en"],
    "flip7": ["parlour", "play", "flip7", "--players", "3", "--lang", "en"],
    "familles": ["parlour", "play", "familles", "--players", "3", "--lang", "en"],
    "panoplies": ["parlour", "play", "panoplies", "--players", "3", "--lang", "en"],
    "gofish": ["parlour", "play", "gofish", "--players", "3", "--lang", "en"],
}
# The border title of the narration pane (tui.narration): the table screen is drawn. Not the
# move pane's "Your moves": a game with a move picker (7 familles, Panoplies) titles that pane
# with the picker's question instead.
MARKER = b"At the table"
LIMIT = 60.0  # seconds: a table that has not appeared by then never will


class NoTable(Exception):
    """The marker never appeared: the table was not drawn within the limit."""


def drain(fd: int, limit: float) -> None:
    """Read the terminal until the program closes it (a full terminal would block its exit)."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def start_once(argv: list[str], limit: float = LIMIT) -> float:
    """Seconds from the command's start to the table drawn; NoTable after `limit`."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    start = time.perf_counter()
    seen = b""
    elapsed = float("inf")
    try:
        while time.perf_counter() - start < limit:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            seen = (seen + chunk)[-200000:]
            if MARKER in seen:
                elapsed = time.perf_counter() - start
                break
        os.write(fd, b"q")
        drain(fd, 5.0)  # the application restores the terminal as it quits
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        os.close(fd)
    if elapsed == float("inf"):
        ended = time.perf_counter() - start < limit  # the terminal closed: the program ended
        what = "the command ended without a table" if ended else f"no table within {limit:g} s"
        raise NoTable(f"{what} (the marker {MARKER.decode()!r} never appeared)")
    return elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    failed = []
    for game, argv in COMMANDS.items():
        try:
            times = [start_once(argv, LIMIT) for _ in range(runs)]
        except NoTable as err:
            print(f"{game}: {err}", file=sys.stderr, flush=True)
            failed.append(game)
            continue
        median, worst = statistics.median(times), max(times)
        print(f"{game:10s} median {median:.2f} s   worst {worst:.2f} s", flush=True)
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
