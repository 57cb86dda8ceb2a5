"""The `GAME` argument every command shares: named `GAME` in the usage line, and checked against
the registry before any other parameter, so that `parlour simulate nosuchgame` names the unknown
game rather than an option it has not reached yet.

No `from __future__ import annotations`: Typer reads these annotations at every start.
"""

from typing import Annotated

import typer

GAME_HELP = "The game (see `parlour games`)."


def check_game(value: str | None) -> str | None:
    """An unknown game raises the registry's error (one line that lists the games)."""
    if value is not None:
        from parlour.core.registry import get_game

        get_game(value)
    return value


GameArg = Annotated[
    str, typer.Argument(help=GAME_HELP, metavar="GAME", callback=check_game, is_eager=True)
]
OptionalGameArg = Annotated[
    str | None,
    typer.Argument(help=GAME_HELP, metavar="[GAME]", callback=check_game, is_eager=True),
]
