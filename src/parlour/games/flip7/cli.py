"""`parlour flip7 ...`: the exact single-round solver."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

from typing import Annotated, Any

import typer

from parlour.cli.args import LangOption
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
    lang: LangOption = None,
) -> None:
    """One player alone in a round, from a full deck: exact optimal play by dynamic programming.

    Action cards are outside the model (a lone player's actions are mostly forced).
    """
    if bonus < 0:
        raise ParlourError("--bonus cannot be negative")
    from parlour.games.flip7.cards import MAX_POINTS  # here: `parlour --help` loads no engine

    if bonus > MAX_POINTS:  # the solver sums points in 64 bits
        raise ParlourError(f"--bonus must be at most {MAX_POINTS}, not {bonus}")
    import parlour.games.flip7.texts  # noqa: F401  (registers the texts)
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
    # Here, not at the top: the solver needs NumPy, which other commands must not pay for.
    from parlour.games.flip7.game import parse_hand
    from parlour.games.flip7.solver import model_name, solve, solve_hand

    if hand is not None:
        result = solve_hand(parse_hand(hand), numbers_only, no_modifiers, bonus)
        if as_json:
            from parlour.cli.args import out_json

            out_json(result)
            return
        line = t(
            "flip7.solve.hand",
            language,
            hand=hand,
            model=t(f"flip7.solve.model.{model_name(numbers_only, no_modifiers)}", language),
            stay=_number(result["stay_ev"], language),
            hit=_number(result["hit_ev"], language),
            decision=t(f"flip7.solve.{result['decision']}", language),
        )
        console.print(line, highlight=False)
        return
    solution = solve(numbers_only, no_modifiers, bonus)
    if as_json:
        from parlour.cli.args import out_json

        out_json(solution.to_json())
        return
    _print_solution(solution, language)


def _number(x: float, language: str) -> str:
    """As its reader writes it: 23.0000, « 23,0000 »."""
    text = f"{x:.4f}"
    return text.replace(".", ",") if language == "fr" else text


def _print_solution(solution: Any, language: str) -> None:
    """The whole-deck solution: its values, and the chance of busting by numbers held."""
    from rich.table import Table

    from parlour.i18n import t

    model = t(f"flip7.solve.model.{solution.model}", language)
    console.print(
        t("flip7.solve.deck", language, cards=solution.deck, model=model), highlight=False
    )
    console.print(
        t("flip7.solve.optimal", language, ev=_number(solution.optimal_ev, language)),
        highlight=False,
    )
    console.print(
        t(
            "flip7.solve.threshold",
            language,
            threshold=solution.best_threshold,
            ev=_number(solution.threshold_ev, language),
        ),
        highlight=False,
    )
    table = Table(title=t("flip7.solve.bust_title", language))
    table.add_column(t("flip7.solve.held", language), justify="right")
    table.add_column(t("flip7.solve.bust", language), justify="right")
    for held, p in enumerate(solution.bust_probability):
        table.add_row(str(held), _number(p, language))
    console.print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(flip7_app, name="flip7")
