"""The `parlour` app: its root, its layers' and games' commands, and shell completion
(README.md, "The command line").

Each layer and each game adds its own commands from its own module (a `register(app)`
function), so a new game or layer joins the command line without editing this file.
"""

import importlib
import sys
from typing import Annotated

import typer

from parlour.cli import commands

# Start-up: every command pays for what this module and the layers' `cli` modules import, so
# they import only Typer and the core's small modules; Rich, the engines, NumPy, Textual and the
# rest load inside the commands that use them (tests/test_startup.py checks `--help` and
# `beggar deal`; benchmarks/startup.py measures them). These modules have no `from __future__
# import annotations`: Typer builds every command at each start, and with string annotations it
# evaluates each of them twice (a third of that building time).

app = typer.Typer(
    name="parlour",
    help="Parlour: family card games to play, simulate, search and learn (`parlour games`).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Modules that add commands; a missing one (an optional layer not installed) is skipped.
COMMAND_MODULES = [
    "parlour.sim.cli",
    "parlour.tui.cli",
    "parlour.web.cli",
    "parlour.rl.cli",
]


def _register_layers() -> None:
    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            missing = err.name or ""
            if module_name.startswith(missing) or not missing.startswith("parlour"):
                continue  # that layer is absent, or its optional extra is not installed
            raise
        module.register(app)
    # A game's own verbs: the `parlour.commands` group names a function that adds them, so
    # that no game's engine is imported to list them.
    from importlib.metadata import entry_points

    for point in entry_points(group="parlour.commands"):
        try:
            add_verbs = point.load()
        except ImportError:
            continue  # that game's optional extra is not installed
        add_verbs(app)


# The order of registration is the order of `parlour --help`: the root's own commands, the
# layers', the games' verbs, then completion.
commands.register(app)
_register_layers()


def _version(value: bool) -> None:
    if value:
        from parlour import __version__

        sys.stdout.write(f"parlour {__version__}\n")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Parlour: family card games to play, simulate, search and learn (`parlour games`)."""


@app.command("completion")
def completion_command(
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.")],
) -> None:
    """Print the shell completion script, e.g. `eval "$(parlour completion bash)"`."""
    from parlour.cli.shell import completion_script

    sys.stdout.write(completion_script(app, shell))
