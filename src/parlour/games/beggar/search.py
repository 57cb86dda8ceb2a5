"""Search for long Beggar-My-Neighbour games and loops (`parlour beggar search`).

Record hunters combine random sampling with local search: take a good deal, swap two of its
cards, keep the change if the game gets no shorter, and start again from a fresh random deal
when the climb stalls. Both run inside the compiled kernel (`_climb`), one work unit of a few
seconds at a time, in worker processes or on a Ray cluster.

Every deal that reaches the threshold (and every loop) is appended at once to a JSON-lines file,
one deal a line, flushed and synced, so an interrupted search loses at most the unit in flight.
Running again with the same file resumes: the stored deals are not reported twice, and the best
ones seed the next climbs. Every new best is checked by the reference engine before it is shown.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from parlour.core.errors import ParlourError
from parlour.games.beggar import kernel
from parlour.games.beggar.cards import NOTATION
from parlour.games.beggar.kernel import _CAPPED, LOOP, _njit
from parlour.games.beggar.records import reference_play

LOOP_SCORE = 1 << 40  # a loop beats any finite game
DEFAULT_THRESHOLD = 3000
UNIT_SECONDS = 4.0


# ----- the compiled climb -----------------------------------------------------------------------
@_njit()
def _evaluate(deck: Any, players: int, next_pays: bool, work: Any) -> Any:
    """Play `deck` dealt one card at a time from hand 0: (status, cards, tricks, winner)."""
    fast = players == 2
    if fast:
        for i in range(deck.shape[0]):
            if deck[i] == 6:
                fast = False
    if fast:
        res = kernel._play2_deck(deck, kernel.TRICK_CAP)
        if res[0] != _CAPPED:
            return res
    return kernel._exact_from_deck(deck, players, next_pays, kernel.TRICK_CAP, work)


@_njit()
def _score(res: Any) -> int:
    return LOOP_SCORE if res[0] == LOOP else res[1]


@_njit()
def _climb(
    start: Any,
    players: int,
    next_pays: bool,
    seed: Any,
    evaluations: int,
    patience: int,
    samples: int,
    threshold: int,
    penalties: Any,
    found: Any,
    found_rows: Any,
) -> Any:
    """Random sampling and hill climbing by swaps, `evaluations` games in all.

    start: the deck to climb from first (empty: a random one). Each restart takes the best of
    `samples` random deals. found[k] / found_rows[k] receive the decks (and their results) that
    reach `threshold` or loop, up to found.shape[0]; returns (count found, best deck, best row,
    games played).
    """
    size = found.shape[1]
    work = kernel._work(players)
    slots = np.zeros(size, np.int64)
    current = np.zeros(size, np.int8)
    candidate = np.zeros(size, np.int8)
    best = np.zeros(size, np.int8)
    best_row = np.zeros(4, np.int64)
    best_score = -1
    nfound = 0
    draws = 0
    state = kernel._mix(seed ^ np.uint64(0x5EED))
    # the first climb starts from `start` when given
    current_score = -1
    if start.shape[0] == size:
        current[:] = start
        res = _evaluate(current, players, next_pays, work)
        current_score = _score(res)
        best_score = current_score
        best[:] = current
        for k in range(4):
            best_row[k] = res[k]
    used = 0
    stall = patience  # forces a restart unless `start` was given
    if current_score >= 0:
        stall = 0
    while used < evaluations:
        if stall >= patience:
            # restart: the best of `samples` random deals
            current_score = -1
            for _ in range(samples):
                kernel._fill_deck(seed, draws, penalties, slots, candidate)
                draws += 1
                res = _evaluate(candidate, players, next_pays, work)
                used += 1
                sc = _score(res)
                if sc >= threshold and nfound < found.shape[0]:
                    found[nfound, :] = candidate
                    for k in range(4):
                        found_rows[nfound, k] = res[k]
                    nfound += 1
                if sc > current_score:
                    current_score = sc
                    current[:] = candidate
                if sc > best_score:
                    best_score = sc
                    best[:] = candidate
                    for k in range(4):
                        best_row[k] = res[k]
            stall = 0
            continue
        # a swap of two different cards
        state = state + kernel._U_GOLDEN
        r = kernel._mix(state)
        i = np.int64((r >> kernel._U32) % np.uint64(size))
        j = np.int64((r & kernel._U_LOW) % np.uint64(size))
        if current[i] == current[j]:
            stall += 1
            continue
        candidate[:] = current
        candidate[i], candidate[j] = current[j], current[i]
        res = _evaluate(candidate, players, next_pays, work)
        used += 1
        sc = _score(res)
        if sc >= threshold and nfound < found.shape[0]:
            found[nfound, :] = candidate
            for k in range(4):
                found_rows[nfound, k] = res[k]
            nfound += 1
        if sc > best_score:
            best_score = sc
            best[:] = candidate
            for k in range(4):
                best_row[k] = res[k]
        if sc >= current_score:
            stall = 0 if sc > current_score else stall + 1
            current_score = sc
            current[:] = candidate
        else:
            stall += 1
    return nfound, best, best_row, used


# ----- deals and results ------------------------------------------------------------------------
def deck_hands(deck: Any, players: int) -> list[str]:
    """The hands (notation, first hand leads) of a deck dealt one card at a time."""
    codes = [int(c) for c in deck]
    return ["".join(NOTATION[c] for c in codes[s::players]) for s in range(players)]


def hands_deck(hands: list[str]) -> np.ndarray:
    """The deck that deals these hands (the inverse of `deck_hands`, for hands that a deal
    one card at a time can give)."""
    from parlour.games.beggar.records import hand_codes

    codes = [hand_codes(h) for h in hands]
    size = sum(len(h) for h in codes)
    deck = np.zeros(size, np.int8)
    for s, hand in enumerate(codes):
        for i, c in enumerate(hand):
            pos = i * len(codes) + s
            if pos >= size:
                raise ParlourError("these hands are not a deal one card at a time")
            deck[pos] = c
    return deck


@dataclass
class Found:
    hands: list[str]
    status: str
    cards: int
    tricks: int
    winner: int | None

    def key(self) -> tuple[str, ...]:
        return tuple(self.hands)

    def score(self) -> int:
        return LOOP_SCORE if self.status == "loop" else self.cards

    def to_json(self) -> dict[str, Any]:
        return {
            "players": len(self.hands),
            "hands": self.hands,
            "status": self.status,
            "cards": self.cards,
            "tricks": self.tricks,
            "winner": self.winner,
        }

    def describe(self) -> str:
        what = "LOOP" if self.status == "loop" else f"{self.cards:,} cards"
        return f"{what}, {self.tricks:,} tricks: {' '.join(self.hands)}"


def found_from_row(deck: Any, players: int, row: Any) -> Found:
    status = "loop" if int(row[0]) == LOOP else "finished"
    winner = None if int(row[3]) < 0 else int(row[3])
    return Found(deck_hands(deck, players), status, int(row[1]), int(row[2]), winner)


class ResultsFile:
    """The JSON-lines results of a search, appended line by line and read back on resume."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: dict[tuple[str, ...], Found] = {}
        self._cut: int | None = None  # where a torn last line starts, cut before appending
        self._newline = ""  # written first when the file's last line has no newline
        if path.exists():
            for entry in self._read():
                self.found.setdefault(entry.key(), entry)

    def _read(self) -> Iterator[Found]:
        """The stored deals; a file that is not a search's JSON lines is refused, so that no deal
        is appended to it. Only a torn last line (no newline: a write cut short) is passed over."""
        raw = self.path.read_bytes()
        try:
            lines = raw.decode("utf-8").split("\n")  # the last is "" unless torn
        except UnicodeDecodeError:
            raise ParlourError(f"--results {self.path} is not a text file") from None
        self._newline = "\n" if lines[-1] else ""
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except (ValueError, RecursionError):
                if number == len(lines) and line.lstrip().startswith("{"):
                    self._cut, self._newline = len(raw) - len(line.encode("utf-8")), ""
                    continue
                raise ParlourError(
                    f"--results {self.path}: line {number} is not JSON: {line.strip()[:60]!r}"
                ) from None
            try:
                yield Found(
                    [str(hand) for hand in data["hands"]],
                    str(data["status"]),
                    int(data["cards"]),
                    int(data["tricks"]),
                    data.get("winner"),
                )
            except (ValueError, KeyError, TypeError, AttributeError):
                raise ParlourError(
                    f"--results {self.path}: line {number} is not a deal found by a search: "
                    f"{line.strip()[:60]!r}"
                ) from None

    def add(self, entry: Found, extra: dict[str, Any]) -> bool:
        """Store a deal not seen before; True if it was new."""
        return self.add_many([entry], extra) == 1

    def add_many(self, entries: list[Found], extra: dict[str, Any]) -> int:
        """Store the deals not seen before (a unit's finds), synced once; how many were new.

        One sync per unit, not per deal: a low threshold can give a unit thousands of deals."""
        new = []
        for entry in entries:
            if entry.key() not in self.found:
                self.found[entry.key()] = entry
                new.append(entry)
        if not new:
            return 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._cut is not None:  # the torn line's deal is lost: the new ones replace it
            os.truncate(self.path, self._cut)
        with self.path.open("a", encoding="utf-8") as handle:
            lines = "".join(json.dumps({**e.to_json(), **extra}) + "\n" for e in new)
            handle.write(self._newline + lines)
            handle.flush()
            os.fsync(handle.fileno())
        self._cut, self._newline = None, ""
        return len(new)

    def best(self, players: int, count: int = 8) -> list[Found]:
        mine = [f for f in self.found.values() if len(f.hands) == players]
        return sorted(mine, key=lambda f: -f.score())[:count]


# ----- work units -------------------------------------------------------------------------------
@dataclass
class Unit:
    players: int
    seed: int
    seconds: float
    threshold: int
    start: list[str] | None = None
    next_pays: bool = False
    patience: int = 500  # swaps without gain before a restart
    samples: int = 200  # random deals tried at a restart; the best is climbed
    # Games to play instead of a time budget: the unit is then reproducible game for game.
    evaluations: int | None = None


@dataclass
class UnitResult:
    found: list[Found]
    best: Found
    evaluations: int


def run_unit(unit: Unit) -> UnitResult:
    """One work unit: climbs for about `unit.seconds`, or for `unit.evaluations` games when set
    (runs in a worker process or Ray task)."""
    penalties = kernel.deck_penalties()
    size = kernel.deck_size()
    start = hands_deck(unit.start) if unit.start else np.zeros(0, np.int8)
    found: list[Found] = []
    best: Found | None = None
    evaluations = 0
    block = 5_000
    deadline = time.perf_counter() + unit.seconds
    rng = random.Random(unit.seed)
    while True:
        todo = block if unit.evaluations is None else min(block, unit.evaluations - evaluations)
        if todo <= 0:
            break
        # room for every deal of the block: none above the threshold is ever dropped
        buffer = np.zeros((todo + unit.samples, size), np.int8)
        rows = np.zeros((todo + unit.samples, 4), np.int64)
        seed = np.uint64(rng.getrandbits(64))
        count, deck, row, played = _climb(
            start,
            unit.players,
            unit.next_pays,
            seed,
            todo,
            unit.patience,
            unit.samples,
            unit.threshold,
            penalties,
            buffer,
            rows,
        )
        evaluations += played
        found += [found_from_row(buffer[k], unit.players, rows[k]) for k in range(count)]
        candidate = found_from_row(deck, unit.players, row)
        if best is None or candidate.score() > best.score():
            best = candidate
            start = deck.copy()  # the next block climbs on from the best deal so far
        if unit.evaluations is None and time.perf_counter() >= deadline:
            break
    assert best is not None
    return UnitResult(found, best, evaluations)


def _warm_up() -> None:
    """Prepare a new worker: Ctrl-C is for the main process only (it stops the search and keeps
    the results), and the compiled climb is loaded before the first unit is timed."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    run_unit(Unit(2, 0, 0.0, 1 << 30))


def connect_ray(address: str) -> Any:
    """Join the Ray cluster at `address` (once) and return `ray`. An unreachable cluster is one
    line, as `simulate --ray` words it, without Ray's advice of an `--address` flag."""
    try:
        import ray
    except ImportError:
        raise ParlourError("--ray needs Ray: pip install 'parlour[ray]'") from None
    if ray.is_initialized():
        return ray
    if address not in ("auto", "local"):
        from parlour.sim.backends import check_reachable

        check_reachable(address)
    try:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as err:
        reason = str(err).strip().split(". ")[0].rstrip(".") or type(err).__name__
        raise ParlourError(f"cannot reach the Ray cluster {address!r}: {reason}") from None
    return ray


# ----- running many units -----------------------------------------------------------------------
class _Pool:
    """Local worker processes, or Ray tasks when an address is given."""

    def __init__(self, workers: int, ray_address: str | None) -> None:
        self.ray = None
        if ray_address:
            ray = connect_ray(ray_address)
            self.ray = ray
            self.remote = ray.remote(run_unit)
            self.workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
            self.pending: list[Any] = []
        else:
            from concurrent.futures import ProcessPoolExecutor

            self.workers = workers or (os.cpu_count() or 1)
            self.executor = ProcessPoolExecutor(self.workers, initializer=_warm_up)
            self.futures: set[Any] = set()

    def submit(self, unit: Unit) -> None:
        if self.ray is not None:
            self.pending.append(self.remote.remote(unit))
        else:
            self.futures.add(self.executor.submit(run_unit, unit))

    def busy(self) -> int:
        return len(self.pending) if self.ray is not None else len(self.futures)

    def next_done(self) -> list[UnitResult]:
        if self.ray is not None:
            ready, self.pending = self.ray.wait(self.pending, num_returns=1)
            return [self.ray.get(ref) for ref in ready]
        from concurrent.futures import FIRST_COMPLETED, wait

        done, self.futures = wait(self.futures, return_when=FIRST_COMPLETED)
        return [f.result() for f in done]

    def close(self, wait: bool = True) -> None:
        """Stop the workers; `wait` joins them, so no thread is left running at exit."""
        if self.ray is None:
            for future in self.futures:
                future.cancel()
            self.executor.shutdown(wait=wait, cancel_futures=True)


@dataclass
class SearchReport:
    evaluations: int = 0
    seconds: float = 0.0
    stored: int = 0
    best: Found | None = None
    bests: list[Found] = field(default_factory=list)
    interrupted: bool = False


def verify(entry: Found) -> bool:
    """Replay a deal with the reference engine: does it give the stored result?"""
    status, cards, tricks, winner = reference_play(entry.hands)
    return (status, cards, tricks, winner) == (
        entry.status,
        entry.cards,
        entry.tricks,
        entry.winner,
    )


# What the first Ctrl-C prints (`search(stopping=...)` for another language).
STOPPING = "stopping after the work in flight (Ctrl-C again to stop at once)"


class _StopFlag:
    """Ctrl-C (SIGINT) during a search: the first one asks the search to stop after the units in
    flight, whose results are kept; a second one stops at once (KeyboardInterrupt).

    A flag instead of an exception makes the ordinary stop deterministic: it never lands inside
    a file write or a pool operation, and the workers are joined before the process exits. The
    handler can only be installed from the main thread; elsewhere Ctrl-C keeps its default.
    """

    def __init__(self, message: str = STOPPING) -> None:
        self.set = False
        self.message = message
        self._previous: Any = None
        self._installed = threading.current_thread() is threading.main_thread()

    def __enter__(self) -> _StopFlag:
        if self._installed:
            self._previous = signal.signal(signal.SIGINT, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)

    def _on_signal(self, signum: int, frame: Any) -> None:
        if self.set:
            raise KeyboardInterrupt
        self.set = True
        sys.stderr.write(self.message + "\n")
        sys.stderr.flush()


def _take(
    result: Any,
    report: SearchReport,
    results: ResultsFile,
    seeds: list[Any],
    best_score: int,
    on_best: Callable[[Found, bool], None] | None,
) -> int:
    """Store a finished unit's deals; a new best is checked by the reference engine, reported
    and climbed on from first. Returns the best score now."""
    report.evaluations += result.evaluations
    stamp = {"found_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
    report.stored += results.add_many(result.found, stamp)
    if result.best.score() <= best_score:
        return best_score
    ok = verify(result.best)
    report.best = result.best
    report.bests.append(result.best)
    if on_best is not None:
        on_best(result.best, ok)
    seeds.insert(0, result.best.hands)
    return int(result.best.score())


def search(
    players: int,
    minutes: float,
    results: ResultsFile,
    threshold: int = DEFAULT_THRESHOLD,
    workers: int = 0,
    ray_address: str | None = None,
    seed: int | None = None,
    next_pays: bool = False,
    on_best: Callable[[Found, bool], None] | None = None,
    unit_seconds: float = UNIT_SECONDS,
    units: int | None = None,
    unit_evaluations: int | None = None,
    stopping: str = STOPPING,
) -> SearchReport:
    """Search for `minutes`; stores deals reaching `threshold` and reports each new best.

    `units` and `unit_evaluations` replace the clock: exactly that many units of that many games
    each, so a run is reproducible game for game (with one worker, in the same order).
    """
    rng = random.Random(seed if seed is not None else random.SystemRandom().getrandbits(64))
    report = SearchReport()
    stored = results.best(players, 1)
    best_score = stored[0].score() if stored else -1
    seeds = [f.hands for f in results.best(players)]
    start_time = time.perf_counter()
    deadline = start_time + minutes * 60
    unit_seconds = max(0.2, min(unit_seconds, minutes * 60 / 2))

    def make_unit(k: int) -> Unit:
        # one unit in three climbs on from a stored deal, the others start afresh
        start = seeds[k % len(seeds)] if seeds and k % 3 == 0 else None
        return Unit(
            players,
            rng.getrandbits(63),
            unit_seconds,
            threshold,
            start,
            next_pays,
            evaluations=unit_evaluations,
        )

    def more(launched: int) -> bool:
        if stop.set:
            return False
        if units is not None:
            return launched < units
        return time.perf_counter() + unit_seconds * 0.5 < deadline

    with _StopFlag(stopping) as stop:
        pool = _Pool(workers, ray_address)
        joined = False
        try:
            launched = 0
            while launched < pool.workers and more(launched):
                pool.submit(make_unit(launched))
                launched += 1
            while pool.busy():
                for result in pool.next_done():
                    best_score = _take(result, report, results, seeds, best_score, on_best)
                    if more(launched):
                        pool.submit(make_unit(launched))
                        launched += 1
            joined = True
        except KeyboardInterrupt:
            # A second Ctrl-C: the units in flight are lost, what was stored stays stored.
            stop.set = True
        finally:
            pool.close(wait=joined)
        report.interrupted = stop.set
    report.seconds = time.perf_counter() - start_time
    return report
