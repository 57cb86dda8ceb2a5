"""What every command shares. The `GAME` argument: named `GAME` in the usage line, and checked
against the registry before any other parameter, so that `parlour simulate nosuchgame` names the
unknown game rather than an option it has not reached yet. And `out_json`, the unstyled JSON
that scripts parse. And `--lang`. The layers' and the games' commands import these from here,
never from the `parlour` app's own module (`parlour.cli.root`), which imports them all.

No `from __future__ import annotations`: Typer reads these annotations at every start.
"""

import json
import sys
from typing import Annotated, Any

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


def out_json(obj: Any) -> None:
    """Print JSON on stdout, unstyled (scripts parse it)."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Language of the texts: fr or en (default: the system's)."),
]
