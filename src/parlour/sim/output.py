"""What a simulation leaves behind: one row per game (CSV or Parquet) and the Rich tables."""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any

from rich.table import Table

from parlour.core.errors import FileProblem, ParlourError
from parlour.sim.schedule import game_seed, seating
from parlour.sim.stats import GameRows, Summary

ROW_FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}


def check_writable(path: str | Path, option: str) -> Path:
    """Refuse, before any game is played, a file that could not be written at the end: its
    folder missing or read-only, or a folder in its place (a long run must not be lost)."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise ParlourError(f"{option} {path}: the folder {str(folder)!r} does not exist")
    if target.is_dir():
        raise ParlourError(f"{option} {path}: that is a folder, not a file")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise ParlourError(f"{option} {path}: not allowed to write there")
    return target


def check_records_folder(path: str) -> None:
    """Refuse, before any game is played, a --records folder that could not hold the records:
    an empty name (which wrote them into the current folder), a file in its place, a folder
    above it missing or read-only. The folder itself is made at the start if need be."""
    if not path.strip():
        raise ParlourError("--records needs a folder name")
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise ParlourError(f"--records {path}: that is a file, not a folder")
    existing = target if target.is_dir() else target.parent
    while not existing.is_dir():  # a folder made at the start: its nearest existing parent
        if existing.exists() or existing == existing.parent:
            raise ParlourError(f"--records {path}: {str(existing)!r} is not a folder")
        existing = existing.parent
    if not os.access(existing, os.W_OK):
        raise ParlourError(f"--records {path}: not allowed to write there")


def row_format(path: str | Path) -> str:
    """The format named by the file's extension, checked before any game is played."""
    suffix = Path(path).suffix.lower()
    if suffix not in ROW_FORMATS:
        raise ParlourError(f"--out writes .csv or .parquet files, not {Path(path).name!r}")
    if ROW_FORMATS[suffix] == "parquet":
        from parlour.extras import require

        require("pyarrow", "parquet", "--out FILE.parquet")
    return ROW_FORMATS[suffix]


def game_columns(rows: GameRows) -> dict[str, list[Any]]:
    """Columns of the per-game table: the game, then each seat's bot, score, win share, rank."""
    job = rows.job
    n = job.num_players
    columns: dict[str, list[Any]] = {
        "game": [job.game] * rows.games,
        "index": list(range(rows.games)),
        "seed": [game_seed(job, i) for i in range(rows.games)],
        "status": list(rows.status),
        "turns": rows.turns.tolist(),
        "draw": (rows.shares.sum(axis=1) == 0).tolist(),
    }
    seated = [seating(i, n) for i in range(rows.games)]
    for seat in range(n):
        columns[f"seat{seat}_bot"] = [job.bots[s[seat]] for s in seated]
        columns[f"seat{seat}_score"] = rows.scores[:, seat].tolist()
        columns[f"seat{seat}_win"] = rows.shares[:, seat].tolist()
        columns[f"seat{seat}_rank"] = rows.ranks[:, seat].tolist()
    return columns


def write_rows(rows: GameRows, path: str | Path) -> None:
    columns = game_columns(rows)
    target = Path(path)
    try:
        if row_format(target) == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.table(columns), target)
            return
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(columns)
            writer.writerows(zip(*columns.values(), strict=True))
    except OSError as err:
        raise FileProblem(f"cannot write {target}: {err.strerror}") from None


def _share(value: float) -> str:
    return f"{100 * value:.1f}%"


def result_table(summary: Summary, title: str | None = None) -> Table:
    table = Table(
        title=title or f"{summary.game}: {summary.games} games",
        caption=(
            f"draws {summary.draws} ({_share(summary.draws / max(1, summary.games))}"
            + "".join(
                f", {status} {count}"
                for status, count in summary.statuses.items()
                if status not in ("finished", "draw") and count
            )
            + "), "
            f"mean length {summary.mean_turns:.1f} turns"
            + (
                f" (median {summary.turns_quantiles['median']:g}, "
                f"max {summary.turns_quantiles['max']:g})"
                if summary.turns_quantiles
                else ""
            )
            + f", seed {summary.seed}"
        ),
    )
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win share", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("mean score", justify="right")
    for line in summary.bots:
        table.add_row(
            line.bot,
            f"{line.wins:g}",
            _share(line.win_share),
            f"{_share(line.ci95[0])} - {_share(line.ci95[1])}",
            f"{line.mean_score:.3f}",
        )
    return table


def seat_table(summary: Summary) -> Table:
    """Wins by seat whoever sat there: the first-player advantage, for instance."""
    table = Table(title="wins by seat, whoever sat there")
    table.add_column("seat", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win share", justify="right")
    for seat, wins in enumerate(summary.seat_wins):
        table.add_row(str(seat), f"{wins:g}", _share(wins / max(1, summary.games)))
    return table
