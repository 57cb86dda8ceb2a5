"""The simulator's entry point for the command line, tournaments, benchmarks and bot authors.

    from parlour.sim import simulate
    result = simulate("flip7", ["threshold:23", "random"], games=10_000, seed=1)
    print(result.summary.to_json())

Everything the user typed is checked before a single game starts (game, bots, rules, number of
players, number of games), so bad input is one clear line, never a half-run.
"""

from __future__ import annotations

import json
import secrets
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NoReturn

from parlour.bots.base import make_bot
from parlour.core.capabilities import offers
from parlour.core.errors import FileProblem, ParlourError, RulesError
from parlour.core.game import Game
from parlour.core.options import make_rules, parse_options
from parlour.core.registry import get_game
from parlour.sim.backends import Backend, make_backend
from parlour.sim.schedule import Chunk, SimJob, chunk_size, plan_chunks
from parlour.sim.stats import GameRows, Summary, gather, summarise
from parlour.sim.worker import ChunkResult, GameFailure

Progress = Callable[[int], None]


class SimulationFailed(ParlourError):
    """A game raised; the message gives its seed and where its record was saved."""

    exit_code = 1  # the command failed while running: the arguments were fine

    def __init__(
        self,
        failure: GameFailure,
        game: str,
        saved: Path | None,
        completed: Sequence[GameRows] = (),
        failures: Sequence[GameFailure] = (),
        context: str = "",
    ) -> None:
        self.failure = failure
        self.saved = saved
        # What was computed before the failure is kept: per job, the games played in order
        # from the first up to (not including) the first that failed or did not arrive.
        self.completed = list(completed)
        # The first failure of each job that failed (the run may have gone on past the first).
        self.failures = list(failures) or [failure]
        what = "traceback" if saved and saved.name.endswith(".traceback.txt") else "record"
        where = f"; {what} saved to {saved}" if saved else ""  # no record before the first move
        seat = "" if failure.seat is None else f", seat {failure.seat} to move"
        super().__init__(
            f"{context}game {failure.index} of {game} failed (seed {failure.seed}, seats "
            f"{', '.join(failure.seats)}{seat}, after {failure.turns} turns): "
            f"{failure.error}{where}"
        )


@dataclass
class SimResult:
    job: SimJob
    rows: GameRows
    summary: Summary
    seconds: float
    workers: int


def parse_bots(text: str | Sequence[str]) -> list[str]:
    specs = text.split(",") if isinstance(text, str) else list(text)
    specs = [spec.strip() for spec in specs]
    if not specs or any(not spec for spec in specs):
        raise ParlourError(f"--bots takes bot names separated by commas, got {text!r}")
    return specs


def rules_values(game: Game, rules: Mapping[str, Any] | Iterable[str] | None) -> dict[str, Any]:
    """Rules options from `k=v` strings or a mapping, checked against the game's rules."""
    if rules is None:
        return {}
    if isinstance(rules, Mapping):
        values = dict(rules)
    else:
        values = parse_options(game.rules_class, list(rules))
    make_rules(game.rules_class, values)  # refuses unknown options and bad combinations now
    return values


def _bots_cannot_matter(game: Game, rules: Any, players: int) -> bool:
    """A game whose only action is a single one (Beggar's flip) leaves bots nothing to decide."""
    try:
        return game.num_actions(rules, players) == 1
    except Exception:
        return False


def _bulk_works(game: Game, rules: Any, players: int) -> bool:
    """Whether the game's bulk path accepts these rules: it may refuse a variant by returning
    None or by raising.

    Asked with no seeds: the check must not start a compiled kernel's threads in this
    process, which then forks the workers.
    """
    if not offers(game, "bulk_outcomes"):
        return False
    try:
        answer = game.bulk_outcomes(rules, players, [])
    except (ParlourError, ValueError):
        return False
    return answer is not None  # None: "not these rules"


def _bulk_bots_work(game: Game, rules: Any, specs: Sequence[str]) -> bool:
    """Whether the game's bulk path plays these bots itself (Flip 7's kernel plays threshold
    bots); asked with no seeds, so nothing is compiled or started here."""
    if not offers(game, "bulk_play"):
        return False
    try:
        return game.bulk_play(rules, [], [tuple(specs)]) is not None
    except (ParlourError, ValueError):
        return False


# A run keeps a row a game (scores, turns): a billion games would want tens of GB. Past this,
# run several with other seeds.
MAX_GAMES = 100_000_000


def check_games(games: int) -> None:
    """Refuse a number of games no run can hold, in one line (the command line's --games)."""
    if games < 1:
        raise ParlourError(f"--games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise ParlourError(f"--games must be at most {MAX_GAMES}, not {games}")


def timed_bots(game_name: str, bots: str | Sequence[str]) -> list[str]:
    """The specs among `bots` whose bots think for a time, not a count (`Bot.timed`): a seed
    does not fix their games."""
    game = get_game(game_name)
    return [spec for spec in parse_bots(bots) if make_bot(game, spec, import_paths=True).timed]


def prepare_job(
    game_name: str,
    bots: str | Sequence[str],
    games: int,
    rules: Mapping[str, Any] | Iterable[str] | None = None,
    seed: int | None = None,
    records: bool = False,
    bulk: bool = True,
    label: str = "",
) -> SimJob:
    """A checked job: every error a user can make is raised here as one clear line."""
    game = get_game(game_name)
    specs = parse_bots(bots)
    check_games(games)
    values = rules_values(game, rules)
    the_rules = make_rules(game.rules_class, values)
    try:
        game.check_players(len(specs), the_rules)
    except RulesError as err:
        raise RulesError(f"{err} (one bot per player: --bots gives {len(specs)})") from None
    for spec in specs:
        # An unknown bot, a bad parameter or an import path that does not import fails now,
        # not in a worker.
        make_bot(game, spec, import_paths=True)
    if seed is None:
        seed = secrets.randbits(32)
    use_bulk = (
        bulk
        and not records
        and (
            (
                _bots_cannot_matter(game, the_rules, len(specs))
                and _bulk_works(game, the_rules, len(specs))
            )
            or _bulk_bots_work(game, the_rules, specs)
        )
    )
    return SimJob(
        game=game.name,
        bots=tuple(specs),
        games=games,
        seed=seed,
        rules=tuple(sorted(values.items())),
        records=records,
        bulk=use_bulk,
        label=label,
    )


def save_failure(failure: GameFailure, game: str, directory: Path | None) -> Path | None:
    """The failed game's record (replayable up to the failure) and its traceback beside it."""
    folder = directory or Path(tempfile.gettempdir())
    stem = f"parlour-failed-{game}-{failure.seed}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{stem}.traceback.txt").write_text(failure.traceback)
        if failure.record is None:
            return folder / f"{stem}.traceback.txt"
        path = folder / f"{stem}.json"
        path.write_text(json.dumps(failure.record, ensure_ascii=False, indent=1) + "\n")
    except OSError:
        return None
    return path


def record_path(directory: Path, job: SimJob, index: int) -> Path:
    prefix = f"{job.label}-" if job.label else ""
    return directory / f"{prefix}game-{index:06d}.json"


def write_records(directory: Path, job: SimJob, result: ChunkResult) -> None:
    try:
        for offset, record in enumerate(result.records):
            path = record_path(directory, job, result.start + offset)
            path.write_text(json.dumps(record, ensure_ascii=False) + "\n")
    except OSError as err:
        raise FileProblem(f"cannot write records to {directory}: {err.strerror}") from None
    result.records = []  # written; do not keep thousands of records in memory


def _earlier_chunks_arrived(
    chunks: Sequence[Chunk], arrived: set[tuple[int, int]], failures: Sequence[GameFailure]
) -> bool:
    """Whether every chunk before the earliest failure is in, so that the failure reported is
    the first failing game in game order, whatever the workers or their timing."""
    first = min((f.job, f.index) for f in failures)
    return all((c.job, c.start) in arrived for c in chunks if (c.job, c.start) < first)


def _leading_rows(job: SimJob, results: Sequence[ChunkResult]) -> GameRows:
    """The games of `job` played without a gap from its first game: kept when a run fails."""
    leading: list[ChunkResult] = []
    played = 0
    for result in sorted(results, key=lambda r: r.start):
        if result.start != played:
            break  # an earlier chunk never arrived: what follows it is not a prefix
        leading.append(result)
        played = result.stop
        if result.failure is not None:
            break
    return gather(replace(job, games=played), leading)


def _fail(
    jobs: Sequence[SimJob],
    received: Sequence[Sequence[ChunkResult]],
    failures: Sequence[GameFailure],
    records_dir: Path | None,
) -> NoReturn:
    """Raise SimulationFailed for the first failing game in game order, keeping each job's
    games up to its first failure (or first missing chunk)."""
    firsts: dict[int, GameFailure] = {}
    for failure in sorted(failures, key=lambda f: (f.job, f.index)):
        firsts.setdefault(failure.job, failure)
    first = next(iter(firsts.values()))
    job = jobs[first.job]
    saved = save_failure(first, job.game, records_dir)
    kept = [_leading_rows(job, results) for job, results in zip(jobs, received, strict=True)]
    raise SimulationFailed(first, job.game, saved, kept, list(firsts.values()))


def run_jobs(
    jobs: Sequence[SimJob],
    backend: Backend,
    progress: Progress | None = None,
    records_dir: Path | None = None,
    chunk: int | None = None,
    play_on: bool = False,
) -> list[GameRows]:
    """Play every job on the backend; rows per job in game order, or SimulationFailed.

    By default the run stops at the first failing game (in game order). With `play_on`, a
    failing job stops counting at its first failure while the other jobs play to their end:
    a tournament then keeps every table's games up to its own failure, the same whatever the
    workers (where a stopped run is cut depends on which chunks happened to arrive).
    """
    total = sum(job.games for job in jobs)
    size = chunk or chunk_size(total, max(1, backend.workers or 8))
    if any(job.bulk for job in jobs) and chunk is None:
        size = max(size, min(20_000, total // max(1, (backend.workers or 8) * 4)))
    chunks = plan_chunks(jobs, size)
    if records_dir is not None:
        try:
            records_dir.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise FileProblem(f"cannot create {records_dir}: {err.strerror}") from None
    received: list[list[ChunkResult]] = [[] for _ in jobs]
    arrived: set[tuple[int, int]] = set()
    failures: list[GameFailure] = []
    # closing(): leaving the loop early cancels the chunks not started, at once
    with closing(backend.execute(jobs, chunks)) as results:  # type: ignore[type-var]  # a generator
        for result in results:
            arrived.add((result.job, result.start))
            if records_dir is not None:
                write_records(records_dir, jobs[result.job], result)
            received[result.job].append(result)
            if progress is not None:
                progress(result.played)
            if result.failure is not None:
                failures.append(result.failure)
            if failures and not play_on and _earlier_chunks_arrived(chunks, arrived, failures):
                break
    if failures:
        _fail(jobs, received, failures, records_dir)
    return [gather(job, results) for job, results in zip(jobs, received, strict=True)]


def simulate(
    game: str,
    bots: str | Sequence[str],
    games: int,
    *,
    rules: Mapping[str, Any] | Iterable[str] | None = None,
    seed: int | None = None,
    workers: int | None = None,
    ray: str | None = None,
    records_dir: str | Path | None = None,
    progress: Progress | None = None,
    bulk: bool = True,
    chunk: int | None = None,
) -> SimResult:
    """Play `games` games with `bots` (one per seat, rotated) and summarise them."""
    folder = Path(records_dir) if records_dir is not None else None
    job = prepare_job(game, bots, games, rules, seed, records=folder is not None, bulk=bulk)
    backend = make_backend(workers, ray)
    started = time.perf_counter()
    rows = run_jobs([job], backend, progress, folder, chunk)[0]
    seconds = time.perf_counter() - started
    return SimResult(job, rows, summarise(rows), seconds, backend.workers)
