"""`parlour simulate` and `parlour tournament` (docs/simulation.md)."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from parlour.cli.args import GameArg
from parlour.cli.lazy_rich import lazy_console
from parlour.core.errors import ParlourError

console = lazy_console(soft_wrap=True)

GamesOption = Annotated[int, typer.Option("--games", help="How many games.")]
TableGamesOption = Annotated[int, typer.Option("--games", help="How many games per table.")]
BotsOption = Annotated[
    str,
    typer.Option(
        "--bots",
        help="Bots separated by commas, one per player: first,random, or an import path "
        "such as mypkg.mybots:MyBot (parameters after a further colon).",
    ),
]
RulesOption = Annotated[
    list[str] | None, typer.Option("--rules", help="A rules option key=value (repeatable).")
]
SeedOption = Annotated[
    int | None, typer.Option("--seed", help="Master seed: the same seed gives the same table.")
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", help="Local worker processes, 1 or more (default: every core)."),
]
RayOption = Annotated[
    str | None,
    typer.Option("--ray", help="Run on a Ray cluster: auto, or its address (head:6379)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
ProgressOption = Annotated[
    bool, typer.Option("--progress/--no-progress", help="Show the progress bar (on stderr).")
]


@contextmanager
def progress_bar(total: int, enabled: bool) -> Iterator[Callable[[int], None]]:
    # Rich's progress bar loads here, with the command that shows it (start-up: sim/cli.py is
    # imported by every command).
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class SpeedColumn(ProgressColumn):
        """Games per second, measured by Rich over the last seconds."""

        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("-- games/s" if speed is None else f"{speed:,.0f} games/s", style="cyan")

    console = Console(stderr=True)
    with Progress(
        TextColumn("[bold]playing"),
        BarColumn(),
        MofNCompleteColumn(),
        SpeedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        # Only on a terminal: redirected, a bar is noise in the file (and leaves a blank line
        # before an error message).
        disable=not enabled or not console.is_terminal,
        transient=True,
        # No refresh thread: the local pool forks its workers while the bar is shown, and a
        # fork beside a running thread can inherit a held lock. Chunks arrive often enough
        # to redraw on each one.
        auto_refresh=False,
    ) as bar:
        task = bar.add_task("games", total=total)

        def advance(played: int) -> None:
            bar.advance(task, played)
            bar.refresh()

        bar.refresh()
        yield advance


def _out_json(obj: object) -> None:
    from parlour.cli.args import out_json

    out_json(obj)


def simulate_command(
    game: GameArg,
    bots: BotsOption,
    games: GamesOption = 1000,
    rules: RulesOption = None,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    ray: RayOption = None,
    as_json: JsonOption = False,
    plot: Annotated[
        str | None, typer.Option("--plot", help="Save plots to a .png or .svg file.")
    ] = None,
    out: Annotated[
        str | None, typer.Option("--out", help="Save one row per game: .csv or .parquet.")
    ] = None,
    records: Annotated[
        str | None, typer.Option("--records", help="Save every game's record in this folder.")
    ] = None,
    show_progress: ProgressOption = True,
) -> None:
    """Bots play each other, seats rotated; wins (ties shared) with 95% intervals."""
    from parlour.sim.backends import check_backend
    from parlour.sim.output import result_table, seat_table, write_rows
    from parlour.sim.plots import plot_summary
    from parlour.sim.simulation import SimulationFailed, prepare_job, simulate

    _check_outputs(out, plot, records)
    # Checked here, before the progress bar starts; simulate() checks again, cheaply.
    job = prepare_job(game, bots, games, rules, seed)
    check_backend(workers, ray)
    _warn_timed(game, bots)
    try:
        with progress_bar(games, show_progress) as advance:
            result = simulate(
                game,
                bots,
                games,
                rules=rules,
                seed=job.seed,
                workers=workers,
                ray=ray,
                records_dir=records,
                progress=advance,
            )
    except SimulationFailed as failed:
        _report_kept(failed, out)
        raise
    saved = []
    if out is not None:
        write_rows(result.rows, out)
        saved.append(out)
    if plot is not None:
        saved.append(str(plot_summary(result.rows, result.summary, plot)))
    if as_json:
        _out_json(result.summary.to_json())
        return
    console.print(result_table(result.summary))
    console.print(seat_table(result.summary))
    speed = result.summary.games / max(result.seconds, 1e-9)
    engine = "bulk path" if result.rows.bulk else "game runner"
    console.print(
        f"{result.summary.games} games in {result.seconds:.2f} s ({speed:,.0f} games/s, "
        f"{result.workers} worker{'s' if result.workers != 1 else ''}, {engine})",
        highlight=False,
    )
    if records is not None:
        saved.append(f"{records}/ (one record per game)")
    for path in saved:
        console.print(f"saved {path}", highlight=False)


def _check_outputs(out: str | None, plot: str | None, records: str | None) -> None:
    """Refuse, before any game is played, a file or folder a run could not write at its end."""
    from parlour.sim.output import check_records_folder, check_writable, row_format
    from parlour.sim.plots import check_plot_path

    if out is not None:
        row_format(out)
        check_writable(out, "--out")
    if plot is not None:
        check_plot_path(plot)
        check_writable(plot, "--plot")
    if records is not None:
        check_records_folder(records)


def _stderr() -> Any:
    """Where a failed run shows what it kept: stdout stays empty, so that --json output is
    never half a result."""
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True)


def _warn_timed(game: str, bots: Any) -> None:
    """A seed fixes every game except a bot's that thinks for a time: say so before playing."""
    from parlour.sim.simulation import timed_bots

    timed = sorted(set(timed_bots(game, bots)))
    if timed:
        _stderr().print(
            f"note: {', '.join(timed)}: a bot that thinks for a time, not a count, plays by "
            "this machine's speed and load, so the seed does not fix its games; give it a "
            "number of rounds (search:10) for games a seed fixes",
            highlight=False,
        )


def _report_kept(failed: Any, out: str | None) -> None:
    """A long run that breaks keeps what it computed: the games before the failing one are
    summarised (and saved with --out) before the error names the failing seed."""
    from parlour.sim.output import result_table, write_rows
    from parlour.sim.stats import summarise

    kept = failed.completed[0] if failed.completed else None
    if kept is None or not kept.job.games:
        return
    summary = summarise(kept)
    err_console = _stderr()
    err_console.print(f"{kept.job.games} games played before the failure:", highlight=False)
    err_console.print(result_table(summary))
    if out is not None:
        write_rows(kept, out)
        err_console.print(f"saved {out} (the games before the failure)", highlight=False)


def _report_partial_tournament(failed: Any, target: Any) -> None:
    """`_report_kept` for a tournament: every table's games up to its first failing game are
    rated, shown and saved, marked partial, before the error names the failing table and seed."""
    from parlour.sim.tournaments import save_tournament

    partial = failed.partial
    if not partial.games:
        return
    err_console = _stderr()
    planned = partial.games_per_table * len(partial.tables)
    err_console.print(
        f"PARTIAL standings: {partial.games} of {planned} games finished "
        f"({len(partial.failed)} table{'s' if len(partial.failed) != 1 else ''} stopped at "
        "a failing game):",
        highlight=False,
    )
    _print_standings(partial, err_console)
    for at in partial.failed:
        err_console.print(
            f"table {at['table']} ({', '.join(at['bots'])}) stopped at game {at['game']} "
            f"(seed {at['seed']}): {at['error']}",
            highlight=False,
        )
    save_tournament(partial, target)
    err_console.print(f"saved {target} (partial: the games that finished)", highlight=False)


def tournament_command(
    game: GameArg,
    bots: BotsOption,
    games: TableGamesOption = 1000,
    table_size: Annotated[
        int | None,
        typer.Option("--table-size", help="Bots per table (default 2: every pairing)."),
    ] = None,
    rules: RulesOption = None,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    ray: RayOption = None,
    as_json: JsonOption = False,
    out: Annotated[
        str | None,
        typer.Option(
            "--out", help="Save the standings: .json or .csv (default: tournament-GAME.json)."
        ),
    ] = None,
    show_progress: ProgressOption = True,
) -> None:
    """Every table of bots plays --games games; OpenSkill ranks the bots, with intervals."""
    from parlour.sim.backends import check_backend
    from parlour.sim.output import check_writable
    from parlour.sim.simulation import MAX_GAMES, check_games
    from parlour.sim.tournaments import (
        TournamentFailed,
        check_save_path,
        default_table_size,
        field_of,
        plan_tables,
        save_tournament,
        tournament,
    )

    check_backend(workers, ray)
    saved_to = check_save_path(out or f"tournament-{game.strip().lower()}.json")
    target = check_writable(saved_to, "--out")
    field = field_of(bots)
    size = table_size if table_size is not None else default_table_size(game, len(field))
    tables = plan_tables(len(field), size)
    check_games(games)
    if games * len(tables) > MAX_GAMES:  # every table plays them
        raise ParlourError(
            f"--games {games} at {len(tables)} tables is {games * len(tables)} games, more "
            f"than one run holds ({MAX_GAMES})"
        )
    _warn_timed(game, field)
    try:
        with progress_bar(games * len(tables), show_progress) as advance:
            result = tournament(
                game,
                bots,
                games,
                table_size=size,
                rules=rules,
                seed=seed,
                workers=workers,
                ray=ray,
                progress=advance,
            )
    except TournamentFailed as failed:
        _report_partial_tournament(failed, target)
        raise
    save_tournament(result, target)
    if as_json:
        _out_json(result.to_json())
        return
    _print_standings(result)
    console.print(f"saved {target}", highlight=False)


def _print_standings(result: Any, out: Any = console) -> None:
    """The tournament's standings, then each table's result."""
    from rich.table import Table

    from parlour.sim.output import result_table

    games_each = result.standings[0].games if result.standings else 0
    played = f"{result.games_per_table} games each ({games_each} games per bot)"
    if result.failed:
        played = f"PARTIAL, {result.games} of {result.games_per_table * len(result.tables)} games"
    standings = Table(
        title=f"{result.game}: {len(result.tables)} tables of {result.table_size}, {played}",
        caption=f"OpenSkill Plackett-Luce, ranked by mu - 3 sigma; seed {result.seed}",
    )
    standings.add_column("#", justify="right")
    standings.add_column("bot")
    for name in ("mu (95% interval)", "mu-3sigma", "win share (95%)"):
        standings.add_column(name, justify="right", no_wrap=True)
    for rank, s in enumerate(result.standings, 1):
        low, high = s.rating.interval
        standings.add_row(
            str(rank),
            s.rating.bot,
            f"{s.rating.mu:.1f} ({low:.1f}-{high:.1f})",
            f"{s.rating.ordinal:.1f}",
            f"{100 * s.win_share:.1f}% ({100 * s.ci95[0]:.1f}-{100 * s.ci95[1]:.1f})",
        )
    out.print(standings)
    for summary in result.summaries:
        out.print(result_table(summary, " vs ".join(line.bot for line in summary.bots)))


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
    app.command("tournament")(tournament_command)
