"""The `parlour` command (README.md, "The command line"), in rooms along its seams:

- `root`: the Typer app, which gathers the layers' and the games' commands;
- `commands`: the commands that belong to no layer (`replay`, `rules`, `about`, `games`);
- `entry`: `main`, the entry point, which makes every error one line;
- `args`: what every command shares (the `GAME` argument, `--lang`, unstyled JSON);
- `lazy_rich`, `coerce`, `french`, `shell`: a quick start-up, French words for Click and
  Typer, shell completion and usage lines.

`parlour.cli:main` (the console script) and `parlour.cli:app` are found here. They load at
their first use: the layers' and the games' commands import `parlour.cli.args`, which must not
build the whole app (an import cycle, and start-up time for a library user).
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.cli.entry import main
    from parlour.cli.root import app

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    if name == "main":
        from parlour.cli.entry import main

        return main
    if name == "app":
        from parlour.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
