"""Tournaments: every table of `table_size` bots drawn from the field plays the same number of
games (seats rotated), all tables in one parallel run, then OpenSkill ranks the bots."""

from __future__ import annotations

import csv
import functools
import json
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from parlour.core.errors import FileProblem, ParlourError
from parlour.core.registry import get_game
from parlour.sim.backends import make_backend
from parlour.sim.ratings import Rating, rate_tables
from parlour.sim.schedule import derive_seed
from parlour.sim.simulation import (
    Progress,
    SimulationFailed,
    parse_bots,
    prepare_job,
    run_jobs,
)
from parlour.sim.stats import GameRows, Summary, summarise, wilson_interval
from parlour.sim.worker import GameFailure, seat_names

SAVE_FORMATS = (".json", ".csv")


@dataclass(frozen=True)
class Standing:
    """A bot's line: its rating and its results over every game it played."""

    rating: Rating
    games: int
    wins: float
    draws: int

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            **self.rating.to_json(),
            "games": self.games,
            "wins": int(self.wins) if float(self.wins).is_integer() else self.wins,
            "win_share": self.win_share,
            "ci95": list(self.ci95),
            "draws": self.draws,
        }


@dataclass
class TournamentResult:
    game: str
    bots: list[str]
    table_size: int
    games_per_table: int
    seed: int
    tables: list[tuple[int, ...]]
    summaries: list[Summary]
    standings: list[Standing]  # best first (by mu - 3 sigma)
    seconds: float
    # A partial tournament (TournamentFailed.partial): the first failing game of each table
    # that failed, whose games stop there.
    failed: list[dict[str, Any]] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(summary.games for summary in self.summaries)

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "bots": self.bots,
            "table_size": self.table_size,
            "games_per_table": self.games_per_table,
            "seed": self.seed,
            "rating": "openskill plackett-luce (ordinal = mu - 3 sigma)",
            "standings": [s.to_json() for s in self.standings],
            "tables": [s.to_json() for s in self.summaries],
        }
        if self.failed:  # only a partial result says so: a full one keeps its exact shape
            out |= {"partial": True, "failed": self.failed}
        return out


class TournamentFailed(SimulationFailed):
    """A game of a table raised. The message names the table (its bots) and the game's seed;
    `partial` is the tournament of the games that finished, every table up to its first
    failing game, the same whatever the workers."""

    def __init__(self, failed: SimulationFailed, partial: TournamentResult) -> None:
        self.partial = partial
        table = failed.failure.job
        bots = ", ".join(partial.failed[0]["bots"])  # the first failure is the one named
        super().__init__(
            failed.failure,
            partial.game,
            failed.saved,
            failed.completed,
            failed.failures,
            context=f"table {table} ({bots}): ",
        )


def check_save_path(path: str | Path) -> Path:
    target = Path(path)
    if target.suffix.lower() not in SAVE_FORMATS:
        raise ParlourError(f"--out saves .json or .csv files, not {target.name!r}")
    return target


def field_of(bots: str | Sequence[str]) -> list[str]:
    specs = parse_bots(bots)
    if len(specs) < 2:
        raise ParlourError("a tournament needs at least two bots")
    return specs


def default_table_size(game_name: str, field: int) -> int:
    game = get_game(game_name)
    return min(max(2, game.min_players), field)


def plan_tables(field: int, table_size: int) -> list[tuple[int, ...]]:
    """Every set of `table_size` bots from the field: all pairings for 2, one full table
    when the table holds the whole field."""
    if table_size < 2:
        raise ParlourError(f"--table-size must be at least 2, not {table_size}")
    if table_size > field:
        raise ParlourError(f"--table-size {table_size} needs at least {table_size} bots")
    return list(combinations(range(field), table_size))


def standings_from(
    bots: Sequence[str], tables: Sequence[tuple[int, ...]], rows: Sequence[GameRows]
) -> list[Standing]:
    ratings = rate_tables(bots, tables, rows)
    games = np.zeros(len(bots), dtype=np.int64)
    wins = np.zeros(len(bots))
    draws = np.zeros(len(bots), dtype=np.int64)
    for table, table_rows in zip(tables, rows, strict=True):
        by_bot = table_rows.by_bot(table_rows.shares)
        drawn = int((table_rows.shares.sum(axis=1) == 0).sum())
        for position, bot in enumerate(table):
            games[bot] += table_rows.games
            wins[bot] += by_bot[:, position].sum()
            draws[bot] += drawn
    out = [
        Standing(ratings[b], int(games[b]), float(wins[b]), int(draws[b])) for b in range(len(bots))
    ]
    return sorted(out, key=lambda s: -s.rating.ordinal)


def tournament(
    game: str,
    bots: str | Sequence[str],
    games: int,
    *,
    table_size: int | None = None,
    rules: Mapping[str, Any] | Iterable[str] | None = None,
    seed: int | None = None,
    workers: int | None = None,
    ray: str | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play every table `games` times and rate the field."""
    specs = field_of(bots)
    size = table_size if table_size is not None else default_table_size(game, len(specs))
    tables = plan_tables(len(specs), size)
    if seed is None:
        seed = secrets.randbits(32)
    jobs = [
        prepare_job(
            game,
            [specs[b] for b in table],
            games,
            rules,
            derive_seed(seed, "table", t),
            label=f"table{t}",
        )
        for t, table in enumerate(tables)
    ]
    backend = make_backend(workers, ray)
    started = time.perf_counter()
    result_of = functools.partial(_result, specs, size, games, seed, tables, started=started)
    try:
        # Tables play on past another table's failure, so that what is kept does not depend
        # on the workers (docs/simulation.md, "A game that fails").
        rows = run_jobs(jobs, backend, progress, play_on=True)
    except SimulationFailed as failed:
        entrants = [seat.name for seat in seat_names(tuple(specs))]
        at = [_failure_json(f, [entrants[b] for b in tables[f.job]]) for f in failed.failures]
        kept = result_of(failed.completed, failed=at)
        raise TournamentFailed(failed, kept) from None
    return result_of(rows)


def _result(
    specs: list[str],
    size: int,
    games: int,
    seed: int,
    tables: list[tuple[int, ...]],
    rows: Sequence[GameRows],
    *,
    started: float,
    failed: list[dict[str, Any]] | None = None,
) -> TournamentResult:
    return TournamentResult(
        game=rows[0].job.game,
        bots=specs,
        table_size=size,
        games_per_table=games,
        seed=seed,
        tables=tables,
        summaries=[summarise(r) for r in rows],
        # the same bot entered twice is two entrants (a sanity check: they should tie)
        standings=standings_from([seat.name for seat in seat_names(tuple(specs))], tables, rows),
        seconds=time.perf_counter() - started,
        failed=failed or [],
    )


def _failure_json(failure: GameFailure, bots: list[str]) -> dict[str, Any]:
    """A table's first failing game: the table (its bots, in table order) and the game's seed,
    enough to play it again alone."""
    return {
        "table": failure.job,
        "bots": bots,
        "game": failure.index,
        "seed": failure.seed,
        "seats": list(failure.seats),
        "error": failure.error,
    }


def save_tournament(result: TournamentResult, path: str | Path) -> Path:
    target = check_save_path(path)
    try:
        if target.suffix.lower() == ".json":
            target.write_text(json.dumps(result.to_json(), indent=1) + "\n")
            return target
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            header = ["rank", "bot", "mu", "sigma", "ordinal", "mu_low95", "mu_high95"]
            writer.writerow([*header, "games", "wins", "win_share", "ci95_low", "ci95_high"])
            for rank, s in enumerate(result.standings, 1):
                low, high = s.rating.interval
                rating = [s.rating.mu, s.rating.sigma, s.rating.ordinal, low, high]
                writer.writerow(
                    [rank, s.rating.bot, *rating, s.games, s.wins, s.win_share, *s.ci95]
                )
    except OSError as err:
        raise FileProblem(f"cannot write {target}: {err.strerror}") from None
    return target
