"""`parlour rl ...`: the research adapters from the command line.

    parlour rl layout familles --players 4   # the observation segments, slices and bounds
    parlour rl check flip7 --players 3       # PettingZoo, Gymnasium and OpenSpiel conformance

The libraries are imported only when a command runs, so `parlour` starts as fast without them.
"""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

import contextlib
import io
import warnings
from collections.abc import Callable
from typing import Annotated

import typer

from parlour.cli.args import GameArg
from parlour.cli.lazy_rich import lazy_console
from parlour.core.errors import ParlourError

rl_app = typer.Typer(help="Research adapters: PettingZoo, Gymnasium and OpenSpiel.")
console = lazy_console()

PlayersOpt = Annotated[int, typer.Option("--players", "-p", help="Number of players.")]
RulesOpt = Annotated[
    list[str] | None, typer.Option("--rules", "-r", help="A rules option k=v (repeatable).")
]


def _rules_text(rules: list[str] | None) -> str:
    return ";".join(rules or [])


@rl_app.command("layout")
def layout_command(game: GameArg, players: PlayersOpt = 2, rules: RulesOpt = None) -> None:
    """Print the observation segments of GAME (name, slice, bounds) and its action count."""
    from rich.table import Table

    from parlour.core.registry import get_game
    from parlour.rl.encoding import check_table, make_encoder, resolve_rules

    parlour_game = get_game(game)
    parsed = resolve_rules(parlour_game, _rules_text(rules) or None)
    check_table(parlour_game, parsed, players)
    encoder = make_encoder(parlour_game, parsed, players)
    console.print(
        f"{game}, {players} players: observation of {encoder.size} floats", highlight=False
    )
    table = Table()
    for column in ("segment", "slice", "low", "high"):
        table.add_column(column)
    for seg in encoder.layout:
        table.add_row(seg.name, f"{seg.start}:{seg.stop}", f"{seg.low:g}", f"{seg.high:g}")
    console.print(table)
    console.print(f"actions: {parlour_game.num_actions(parsed, players)} ids", highlight=False)


@rl_app.command("check")
def check_command(game: GameArg, players: PlayersOpt = 2, rules: RulesOpt = None) -> None:
    """Run the conformance tests of PettingZoo, Gymnasium and OpenSpiel on GAME."""
    text = _rules_text(rules) or None
    checks: list[tuple[str, Callable[[], None]]] = []
    try:
        from pettingzoo.test import api_test, seed_test

        from parlour.rl.pettingzoo_env import env

        def make_aec():  # type: ignore[no-untyped-def]
            return env(game, num_players=players, rules=text)

        checks.append(("pettingzoo api_test", lambda: api_test(make_aec(), num_cycles=200)))
        checks.append(("pettingzoo seed_test", lambda: seed_test(make_aec, num_cycles=200)))
        from gymnasium.utils.env_checker import check_env

        from parlour.rl.gym_env import ParlourGymEnv

        opponents = ["random"] * (players - 1)
        checks.append(
            (
                "gymnasium check_env",
                lambda: check_env(
                    ParlourGymEnv(game, opponents=opponents, rules=text), skip_render_check=True
                ),
            )
        )
    except ModuleNotFoundError as err:
        console.print(
            f"skipped PettingZoo and Gymnasium ({(err.name or '').split('.')[0]} is not "
            "installed: pip install 'parlour[rl]')",
            markup=False,  # [rl] is no Rich style
            highlight=False,
            soft_wrap=True,
        )
    try:
        import pyspiel

        from parlour.rl.openspiel_game import load

        checks.append(
            (
                "openspiel random_sim_test",
                lambda: pyspiel.random_sim_test(
                    load(game, players=players, rules=text or ""),
                    num_sims=3,
                    serialize=True,
                    verbose=False,
                ),
            )
        )
    except ModuleNotFoundError as err:
        console.print(
            f"skipped OpenSpiel ({err.name} is not installed: pip install 'parlour[openspiel]')",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    if not checks:
        # Nothing was checked: saying so with a success would read as a game that conforms.
        raise ParlourError(
            "rl check needs PettingZoo and Gymnasium, or OpenSpiel: "
            "pip install 'parlour[rl]' or pip install 'parlour[openspiel]'"
        )
    failed = []
    for name, run in checks:
        try:
            # The libraries print and warn as they test; one line per check is enough here.
            with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
                warnings.simplefilter("ignore")
                run()
        except ParlourError:
            raise
        except Exception as err:  # a conformance failure is reported, not a traceback
            failed.append(name)
            console.print(f"FAIL {name}: {type(err).__name__}: {err}", highlight=False)
        else:
            console.print(f"ok   {name}", highlight=False)
    if failed:
        raise ParlourError(f"{len(failed)} check(s) failed: {', '.join(failed)}")


def register(app: typer.Typer) -> None:
    app.add_typer(rl_app, name="rl")
