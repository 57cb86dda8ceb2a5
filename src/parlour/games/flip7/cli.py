"""`parlour flip7 ...`: the exact single-round solver."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

from typing import Annotated

import typer

from parlour.cli.lazy_rich import lazy_console
from parlour.core.errors import ParlourError

flip7_app = typer.Typer(help="Flip 7: the exact single-round solver.", no_args_is_help=True)
console = lazy_console(soft_wrap=True)


@flip7_app.command("solve")
def solve_command(
    numbers_only: Annotated[
        bool, typer.Option("--numbers-only", help="Only number cards (79), as published analyses.")
    ] = False,
    no_modifiers: Annotated[
        bool, typer.Option("--no-modifiers", help="Keep the + cards out of the deck (x2 stays).")
    ] = False,
    hand: Annotated[
        str | None,
        typer.Option("--hand", help="Cards in front of you, e.g. 12,11 or 7,x2,+4: hit or stay?"),
    ] = None,
    bonus: Annotated[int, typer.Option("--bonus", help="Flip 7 bonus points.")] = 15,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """One player alone in a round, from a full deck: exact optimal play by dynamic programming.

    Action cards are outside the model (a lone player's actions are mostly forced).
    """
    if bonus < 0:
        raise ParlourError("--bonus cannot be negative")
    # Here, not at the top: the solver needs NumPy, which other commands must not pay for.
    from parlour.games.flip7.game import parse_hand
    from parlour.games.flip7.solver import model_name, solve, solve_hand

    if hand is not None:
        result = solve_hand(parse_hand(hand), numbers_only, no_modifiers, bonus)
        if as_json:
            from parlour.cli.args import out_json

            out_json(result)
            return
        console.print(
            f"hand {hand} ({model_name(numbers_only, no_modifiers)} deck): "
            f"stay {result['stay_ev']:.4f}, "
            f"hit then play optimally {result['hit_ev']:.4f} -> {result['decision']}",
            highlight=False,
        )
        return
    solution = solve(numbers_only, no_modifiers, bonus)
    if as_json:
        from parlour.cli.args import out_json

        out_json(solution.to_json())
        return
    console.print(
        f"Deck: {solution.deck} cards ({solution.model}); one player alone, exact values.",
        highlight=False,
    )
    console.print(f"optimal policy: expected score {solution.optimal_ev:.4f}", highlight=False)
    console.print(
        f"best fixed threshold (stay when the numbers sum to at least T): T = "
        f"{solution.best_threshold}, expected score {solution.threshold_ev:.4f}",
        highlight=False,
    )
    from rich.table import Table

    table = Table(title="Bust probability of the next card, by distinct numbers held")
    table.add_column("numbers held", justify="right")
    table.add_column("bust probability", justify="right")
    for held, p in enumerate(solution.bust_probability):
        table.add_row(str(held), f"{p:.4f}")
    console.print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(flip7_app, name="flip7")
