"""The `parlour` command (DESIGN.md, "The command line").

Each layer and each game adds its own commands from its own module (a `register(app)`
function), so a new game or layer joins the command line without editing this file.
"""

import importlib
import sys
from typing import Annotated

import typer

from parlour.cli_args import GameArg, out_json
from parlour.cli_rich import lazy_console
from parlour.core.errors import ParlourError

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


console = lazy_console(soft_wrap=True)

LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Language of the texts: fr or en (default: the system's)."),
]

# Modules that add commands; a missing one (an optional layer not installed) is skipped.
COMMAND_MODULES = [
    "parlour.sim.cli",
    "parlour.tui.cli",
    "parlour.web.cli",
    "parlour.rl.cli",
]


@app.command("replay")
def replay_command(
    file: Annotated[str, typer.Argument(help="A game record (parlour-record/1 JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Replay a saved game: the narration, or the result with --json."""
    from parlour.core.records import load_record, replay
    from parlour.i18n import resolve_lang

    language = resolve_lang(lang)
    record = load_record(file)
    state, events = replay(record)
    if as_json:
        out_json(
            {
                "game": state.game.name,
                "turns": state.turns,
                "events": len(events),
                "result": state.outcome.to_json() if state.outcome else None,
            }
        )
        return
    names = [seat.name for seat in state.seats]
    for event in events:
        if not event.public:
            continue
        line = state.game.narrate(event, language, names)
        if line:
            console.print(line, highlight=False, markup=False)


@app.command("rules")
def rules_command(
    game: GameArg,
    lang: LangOption = None,
) -> None:
    """Print the rules of a game and its options with their defaults."""
    from rich.table import Table

    from parlour.core.options import describe_options
    from parlour.core.registry import get_game
    from parlour.i18n import resolve_lang, t
    from parlour.i18n.options import option_help, option_label, typed_value

    language = resolve_lang(lang)
    the_game = get_game(game)
    console.print(f"[bold]{the_game.title[language]}[/bold]")
    text = getattr(the_game, "rules_text", None)
    if text is not None:
        console.print(text(language), highlight=False, markup=False)
    table = Table(title=t("options", language))
    table.add_column(t("option", language))
    table.add_column(t("default", language))
    table.add_column(t("meaning", language))
    for name, default, help_text, choices in describe_options(the_game.rules_class):
        # The option and its values as --rules takes them; the meaning in the reader's language.
        colon = " : " if language == "fr" else ": "
        meaning = option_label(the_game.name, name, language) + colon
        meaning += option_help(the_game.name, name, help_text, language)
        if choices:
            meaning += f" [{' | '.join(typed_value(c) for c in choices)}]"
        table.add_row(name, typed_value(default), meaning)
    console.print(table)
    credits = getattr(the_game, "credits", None)
    if credits:
        console.print(credits(language), highlight=False, markup=False)


@app.command("about")
def about_command(lang: LangOption = None) -> None:
    """Credits and licence."""
    from parlour import __version__
    from parlour.i18n import resolve_lang
    from parlour.i18n.about import about_text

    language = resolve_lang(lang)
    console.print(f"Parlour {__version__}")
    console.print(about_text(language), highlight=False, markup=False)


@app.command("games")
def games_command() -> None:
    """List the games this installation offers."""
    from parlour.core.registry import game_names, get_game

    for name in game_names():
        console.print(f"{name}: {get_game(name).title['en']}", highlight=False)


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
    from parlour.cli_extra import completion_script

    sys.stdout.write(completion_script(app, shell))


def main(argv: list[str] | None = None) -> None:
    """Entry point: every ParlourError is one clear line; its exit status says whose fault it
    is (2: the arguments, 1: the command failed while running)."""
    import os

    from parlour.cli_coerce import install_quick_coercion
    from parlour.cli_extra import (
        COMPLETE_VAR,
        enable_completion,
        french_rich_texts,
        install_french_click,
        plain_usage_names,
        translate_help,
        usage_error_line,
    )
    from parlour.cli_rich import defer_rich_help
    from parlour.i18n import resolve_lang

    if COMPLETE_VAR in os.environ:
        enable_completion()
    install_quick_coercion()
    plain_usage_names()
    lang = resolve_lang(None)
    command = typer.main.get_command(app)
    if lang == "fr":
        install_french_click()
        translate_help(command)
    defer_rich_help(french_rich_texts if lang == "fr" else None)
    try:  # Typer 0.2x carries its own Click; older releases use Click itself
        from typer._click import exceptions as click_errors
    except ImportError:
        from click import exceptions as click_errors  # type: ignore[no-redef]
    try:
        # Not standalone: Click's usage errors come here, to be one line like every other.
        status = command.main(args=argv, prog_name="parlour", standalone_mode=False)
    except click_errors.UsageError as err:
        if err.format_message().strip():  # else the help was the answer (no arguments given)
            _stderr_line(usage_error_line(err, lang))
        raise SystemExit(err.exit_code) from None
    except click_errors.ClickException as err:
        _stderr_line(f"parlour: {err.format_message()}")
        raise SystemExit(err.exit_code) from None
    except typer.Abort:  # Ctrl-C or end of input at a prompt
        _stderr_line("parlour: interrupted")
        raise SystemExit(1) from None
    except ParlourError as err:
        from parlour.i18n.errors import localise_error

        _stderr_line(f"parlour: {localise_error(err, lang)}")
        raise SystemExit(err.exit_code) from None
    except OSError as err:  # a file or folder the command could not use (a folder for a file)
        where = f" {err.filename}" if err.filename else ""
        _stderr_line(f"parlour:{where}: {err.strerror or err}")
        raise SystemExit(1) from None
    # As Click's standalone mode does: the command's own status (typer.Exit(code)), else 0.
    raise SystemExit(status if isinstance(status, int) else 0)


def _stderr_line(line: str) -> None:
    from rich.console import Console

    Console(stderr=True, soft_wrap=True).print(line, highlight=False, markup=False)


if __name__ == "__main__":
    main()
